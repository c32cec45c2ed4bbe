"""Eldritch Horror as a newcomer reads it, round 18, second part (brief ne18b): a Mythos card's
"you" is the Lead Investigator, an Ancient One on the board is not "each monster", and the lobby's
default number of investigators is told apart from 1.

Each test reads the renderer's real text: the pack's own cards, or the lobby's real menu."""
from __future__ import annotations

import pytest

from bot.games.eldritch.effect_text import entry_text
from bot.games.eldritch.pack_index import _pack
from tests.bot.test_eldritch_effect_wording12 import _walk

LEAD = {"en": "the Lead Investigator", "uk": "головний дослідник", "ru": "ведущий сыщик"}   # 002, 004


def mythos(lang: str, card_id: str) -> str:
    return entry_text(lang, _pack()["mythos"][card_id])


# ---------------------------------------------------------------- 1. a Mythos card's "you"
@pytest.mark.parametrize("card_id, lang, says", [
    ("no_peace_for_the_fallen", "en", "(no defeated-investigator encounter remains); the Lead Investigator gains the "
                                      "condition “Cursed”"),
    ("no_peace_for_the_fallen", "uk", "; головний дослідник отримує стан «Проклятий»"),
    ("no_peace_for_the_fallen", "ru", "; ведущий сыщик получает состояние «Проклятие»"),
    ("rally_the_people", "en", "The Lead Investigator gains 1 Ally asset"),
    ("rally_the_people", "uk", "Головний дослідник отримує 1 актив з ознакою «Союзник»"),
    ("rally_the_people", "ru", "Ведущий сыщик получает 1 актив с подтипом «Союзник»"),
    ("support_of_the_church", "en", "The Lead Investigator gains the condition “Blessed”"),
    ("support_of_the_church", "uk", "Головний дослідник отримує стан «Благословенний»"),
    ("support_of_the_church", "ru", "Ведущий сыщик получает состояние «Благословение»"),
    ("heart_of_corruption", "en", "The Lead Investigator: gain 1 artifact; roll a die: 1–2: lose 2 Health, 2 Sanity"),
    ("heart_of_corruption", "uk", "Головний дослідник: отримати 1 артефакт; кинути кубик: 1–2: втратити 2 здоров'я, "
                                  "2 розуму"),
    ("heart_of_corruption", "ru", "Ведущий сыщик: получить 1 артефакт; бросить кубик: 1–2: потерять 2 здоровья, "
                                  "2 рассудка"),
    ("blood_flows", "en", "The Lead Investigator: discard a chosen monster anywhere (not Epic); lose Health equal to "
                          "that monster's toughness"),
    ("blood_flows", "uk", "Головний дослідник: скинути вибраного монстра будь-де (крім епічних); втратити стільки "
                          "здоров'я, скільки становить стійкість того монстра"),
    ("blood_flows", "ru", "Ведущий сыщик: сбросить выбранного монстра где угодно (кроме эпических); потерять столько "
                          "здоровья, сколько составляет стойкость того монстра"),
    ("legitimate_banking", "en", "The Lead Investigator: if holding the condition “Debt”: resolve the Reckoning effect "
                                 "of your condition “Debt” (every die counts as 1); if not: gain the condition “Debt”"),
    ("legitimate_banking", "uk", "Головний дослідник: якщо є стан «Борг»: виконати ефект розплати свого стану «Борг» "
                                 "(кожен кубик рахується як 1); якщо ні: отримати стан «Борг»"),
    ("legitimate_banking", "ru", "Ведущий сыщик: если есть состояние «Долг»: выполнить эффект расплаты своего "
                                 "состояния «Долг» (каждый кубик считается как 1); если нет: получить состояние «Долг»"),
])
def test_a_mythos_card_names_the_lead_investigator(card_id, lang, says):
    """Was "…; gain the condition “Cursed”", "Gain 1 Ally asset", "If holding “Debt”: you: resolve
    …": at a table a Mythos card speaks to nobody in particular, while the engine gives it to the
    Lead (engine.eldritch.phases: the card runs with the Lead as "self")."""
    text = mythos(lang, card_id)
    assert says in text
    assert "you:" not in text and "ви:" not in text and "вы:" not in text


@pytest.mark.parametrize("card_id", ["a_proposition", "omen_of_good_fortune", "desperate_times",
                                     "buying_information"])
@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_a_mythos_choice_or_test_is_the_leads(card_id, lang):
    """"You may gain a Dark Pact …", "Influence test; …": whose? The Lead's, said first."""
    assert mythos(lang, card_id).lower().startswith(LEAD[lang].lower() + ":")


@pytest.mark.parametrize("card_id", ["driven_to_bankruptcy", "dimensional_instability", "perplexing_stars",
                                     "all_for_nothing", "haunting_nightmares", "the_storm"])
@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_what_no_one_does_or_each_one_does_names_no_lead(card_id, lang):
    """The board's own steps (discard the reserve, Doom, the omen), what the investigators pool and
    what "each investigator" does keep their words: the Lead is named only where the card is theirs."""
    assert LEAD[lang].lower() not in mythos(lang, card_id).lower()


def test_a_rumor_encounter_stays_the_encountering_investigators():
    """A Rumor's encounter is had by an investigator on its space: their "you" stays."""
    text = mythos("en", "stars_aligned")
    assert "Encounter: Observation test; pass: you may spend Clues" in text and "Lead" not in text


@pytest.mark.parametrize("lang, says", [
    ("en", "Eldritch tokens equal to the number of Madness conditions held by the Lead Investigator"),
    ("uk", "скільки становить кількість наявних станів з ознакою «Божевілля» в головного дослідника"),
    ("ru", "сколько составляет число имеющихся состояний с подтипом «Безумие» у ведущего сыщика")])
def test_whose_conditions_a_reckoning_counts(lang, says):
    """Was "… equal to the Lead Investigator: the number of conditions held (Madness)" (ne18c: the
    trait is a phrase, not "(Madness)" after the owner)."""
    assert says in mythos(lang, "growing_madness")


# ---------------------------------------------------------------- 2. an Ancient One is no "each monster"
@pytest.mark.parametrize("lang, says", [
    ("en", "each investigator on “The Heart of Africa” fights “Shub-Niggurath” on their space"),
    ("uk", "кожен дослідник у локації «Серце Африки» б'ється з епічним монстром «Шуб-Ніґґурат» у своїй локації"),
    ("ru", "каждый сыщик в локации «Сердце Африки» сражается с эпическим монстром «Шуб-Ниггурат» в своей локации")])
def test_the_ancient_one_on_the_board_is_named_not_each_monster(lang, says):
    """Was "fights each monster “Shub-Niggurath”": one epic token, the Ancient One itself (uk/ru:
    the seeds' «епічний монстр» / «эпический монстр» carries the case a quoted name cannot)."""
    text = " ".join(entry_text(lang, e) for e in _walk(_pack()["ancient_one"]["shub_niggurath"], []))
    assert says in text
    assert not any(w in text for w in ("each monster “Shub", "кожним монстром «Шуб", "каждым монстром «Шуб"))


@pytest.mark.parametrize("mystery, lang, says", [
    ("risen_from_the_sea", "en", "Solved when: “Cthulhu” is no longer on the board."),
    ("risen_from_the_sea", "uk", "Розгадано, коли: на полі більше немає епічного монстра «Ктулху»."),
    ("risen_from_the_sea", "ru", "Раскрыта, когда: на поле больше нет эпического монстра «Ктулху»."),
    ("battle_in_the_woods", "uk", "Розгадано, коли: на полі більше немає епічного монстра «Шуб-Ніґґурат»."),
    ("battle_in_the_woods", "ru", "Раскрыта, когда: на поле больше нет эпического монстра «Шуб-Ниггурат».")])
def test_a_mystery_names_the_ancient_ones_token_as_the_epic_monster_it_is(mystery, lang, says):
    """Was «на полі більше немає монстра «Ктулху»», as if any monster of that name."""
    assert says in entry_text(lang, _pack()["mystery"][mystery])


# ---------------------------------------------------------------- 3. the lobby's default
@pytest.mark.parametrize("lang, default", [
    ("en", "Investigators per member: 1 (default)"),
    ("uk", "Дослідників на учасника: 1 (за замовчуванням)"),
    ("ru", "Сыщиков на участника: 1 (по умолчанию)")])
def test_the_default_number_of_investigators_is_told_apart_from_1(lang, default):
    """Was «Дослідників на учасника: 1» twice in the menu: the default and the value 1."""
    from cogs.lobby import LobbyNumber
    menu = LobbyNumber(1, "per_player", 0, "eldritch", lang).item
    labels = [o.label for o in menu.options]
    assert labels[0] == default
    assert len(set(labels)) == len(labels) == 5


# ---------------------------------------------------------------- 4. (ru dump, seed 23) spared, but why?
@pytest.mark.parametrize("lang, says", [
    ("en", "**Mark Harrigan** is spared being Detained by their own ability."),
    ("uk", "**Марк Герріган** уникає: ув'язнення — завдяки своїй здібності."),
    ("ru", "**Марк Харриган** избегает заключения благодаря своей способности.")])
def test_a_spared_condition_says_whose_ability_spares_it(lang, says):
    """The ru table read "❌ Марк Харриган проваливает проверку … **Марк Харриган** избегает
    заключения." under a card whose failure gives «Заключение»: nothing said why (his sheet: nothing
    forces him to be Delayed or Detained). The engine's event now names the card that forbids it."""
    from bot.games.eldritch import render
    from tests.engine.eldritch.eh_helpers import new, quiet, run_fx
    mark = "mark_harrigan"
    state = quiet(new({"ann": [mark], "bob": ["norman_withers"]}))
    _, events = run_fx(state, "[{gain_condition: {name: detained}}]", mark)
    spared = [e for e in events if e["type"] == "prevented"]
    assert [(e["what"], e["by"]) for e in spared] == [("detained", {"kind": "investigator", "id": mark})]
    assert render.public_line(spared[0], lang) == says


@pytest.mark.parametrize("lang, says", [
    ("en", "**Mark Harrigan** is spared becoming Delayed (“Pocket Watch”)."),
    ("ru", "**Марк Харриган** избегает задержки (карта «Карманные часы»).")])
def test_a_card_that_spares_it_is_named(lang, says):
    from bot.games.eldritch import render
    line = {"type": "prevented", "inv": "mark_harrigan", "what": "delay", "by": {"kind": "asset", "id": "pocket_watch"}}
    assert render.public_line(line, lang) == says


@pytest.mark.parametrize("lang, says", [
    ("uk", "якщо кількість отриманих у цій зустрічі доказів — щонайменше 1: можна покласти доказ на цю карту"),
    ("ru", "если число полученных в этом контакте улик не меньше, чем 1: можно положить улику на эту карту")])
def test_the_clues_of_this_encounter_leave_no_clause_open(lang, says):
    """The ru table read «если число улик, полученных в этом контакте не меньше, чем 1» (Nature of
    the All-Mother): the clause's comma never closed."""
    assert says in entry_text(lang, _pack()["mystery"]["nature_of_the_all_mother"])


# ---------------------------------------------------------------- 5. (ru dump) a card's reroll
def _fishing_net_roll():
    """Silas Marsh, no Clue, failing a combat Strength test: his Fishing Net may reroll a die."""
    from tests.engine.eldritch.eh_helpers import dice, new, prompt, quiet, run_fx
    state = quiet(new({"ann": ["silas_marsh"], "bob": ["norman_withers"]}))
    state["phase"] = "encounter"
    dice(state, *[1] * 9)
    state, _ = run_fx(state, "[{test: {skill: strength}}]", "silas_marsh", combat=True)
    assert prompt(state)["options"] == [{"type": "keep"}, {"type": "reroll_with", "card": "fishing_net"}]
    return state


@pytest.mark.parametrize("lang, hint, button", [
    ("en", "Use a card on the dice, or keep them.", "Reroll with Fishing Net"),
    ("uk", "Застосуйте карту до кубиків або залиште їх.", "Перекинути завдяки карті «Рибальська сіть»"),
    ("ru", "Примените карту к кубикам или оставьте их.", "Перебросить благодаря карте «Рыболовная сеть»")])
def test_a_reroll_with_no_clue_to_pay_is_the_cards(lang, hint, button):
    """The ru table read «Потратьте улики, чтобы перебросить кубики, или оставьте их.» over "Keep"
    and «Перебросить благодаря «Рыболовная сеть»»: Silas had no Clue, and the name after
    «благодаря» needs the noun that takes its case (as «благодаря карте «…»» elsewhere)."""
    from bot.games.eldritch import render
    from tests.bot.test_choices_explain import embed_text
    state = _fishing_net_roll()
    text = embed_text(render.panel_embed(state, "ann", {"ann": "Ann", "bob": "Bob"}, lang, []))
    assert hint in text and render.t(lang, "eldritch.panel.roll_hint") not in text
    assert render.option_label({"type": "reroll_with", "card": "fishing_net"}, state, {}, lang) == button
