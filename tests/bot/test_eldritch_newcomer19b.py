"""Eldritch Horror as a newcomer reads it, round 19b (brief ne19b): lines that said no why —
Lily Chen's second step, a Cultist leaving for the Goat Spawn, a Service bought and discarded,
Jacqueline Fine's peek; a "choose one" with no "what each answer does"; en's "The Himalayas"
mid-sentence and its card names without the quotation marks uk and ru have.

Each test reads the renderer's real text, of events the engine makes."""
from __future__ import annotations

import types

import pytest

from bot.games.eldritch import render as R
from tests.engine.eldritch.eh_helpers import R as E, new, prompt, quiet, run_fx, settle

LEO, LILY, JACKIE = "leo_anderson", "lily_chen", "jacqueline_fine"


def table(invs: dict | None = None, ao: str = "azathoth") -> dict:
    return quiet(settle(new(invs or {"ann": [LEO]}, ao=ao)))


def lines(events: list[dict], lang: str) -> list[str]:
    return R.public_lines(events, lang)


def answer(s, value):
    asked = prompt(s)
    return E.apply(s, {"player": asked["player"], "prompt": asked["id"], "type": "choose", "value": value})


# ---------------------------------------------------------------- 1. Lily Chen's one more step
@pytest.mark.parametrize("lang, says", [
    ("en", ["**Lily Chen** improves Strength (improvement token at +1).", "**Lily Chen** improves Strength again by their ability (improvement token at +2)."]),
    ("uk", ["**Лілі Чен** поліпшує Силу (жетон поліпшення «+1»).", "**Лілі Чен** ще раз поліпшує Силу завдяки своїй здібності (жетон поліпшення «+2»)."]),
    ("ru", ["**Лили Чен** улучшает Силу (жетон улучшения «+1»).", "**Лили Чен** ещё раз улучшает Силу благодаря своей способности (жетон улучшения «+2»)."])])
def test_lily_chens_second_step_says_it_is_her_ability(lang, says):
    """Was «Лілі Чен поліпшує Силу (+1)» then «(+2)» from one success: her sheet («Щоразу,
    поліпшуючи вміння, вона може поліпшити його ще на один крок») gives the second."""
    s = table({"ann": [LILY]})
    s, first = run_fx(s, "[{improve: {skill: strength}}]", LILY)
    assert prompt(s)["about"] == "may"
    _, second = answer(s, True)
    assert [ev.get("source") for ev in first + second if ev["type"] == "improved"] == [None, LILY]
    assert lines(first + second, lang) == says


# ---------------------------------------------------------------- 2. the Goat Spawn takes the Cultist's place
@pytest.mark.parametrize("lang, says", [
    ("en", "The monster Cultist returns to the cup: Goat Spawn takes its place (the Cultists' Reckoning on the "
           "Ancient One's sheet)."),
    ("uk", "Монстр «Культист» повертається в чашу монстрів: його місце займає «Козлородий» (ефект розплати "
           "культистів на листі Стародавнього)."),
    ("ru", "Монстр «Культист» возвращается в пул монстров: его место занимает «Козлоногое отродье» (эффект "
           "расплаты культистов на листе Древнего).")])
def test_a_cultist_leaving_for_the_goat_spawn_says_why(lang, says):
    """Was «Монстр «Культист» повертається в чашу монстрів.» right after the Goat Spawn appeared:
    Shub-Niggurath's sheet says a Cultist's Reckoning puts a set-aside Goat Spawn or Dark Young in
    its place (seed 002, 1231: «інформацію про культистів на листі Стародавнього»)."""
    s = table(ao="shub_niggurath")
    events: list = []
    E.spawn_monster(s, events, "tokyo", kind="cultist")
    E.run(s, events)
    s, _ = run_fx(s, "[{resolve_reckonings: {of: monsters}}]", LEO)
    assert prompt(s)["about"] == "monster"
    _, events = answer(s, "goat_spawn")
    gone = next(ev for ev in events if ev["type"] == "monster_discarded")
    assert gone["rule"] == "reckoning" and gone["replaced_by"] == "goat_spawn"
    assert lines(events, lang)[1] == says


@pytest.mark.parametrize("lang, says", [
    ("en", "The monster Zombie returns to the cup: Zombie Horde takes its place (its own Reckoning)."),
    ("uk", "Монстр «Зомбі» повертається в чашу монстрів: його місце займає «Орда зомбі» (його власний ефект розплати)."),
    ("ru", "Монстр «Зомби» возвращается в пул монстров: его место занимает «Орда зомби» (его собственный эффект "
           "расплаты).")])
def test_a_monster_replaced_by_its_own_reckoning_says_so(lang, says):
    s = table()
    events: list = []
    E.spawn_monster(s, events, "tokyo", kind="zombie")
    E.run(s, events)
    _, events = run_fx(s, "[{resolve_reckonings: {of: monsters}}]", LEO)
    assert says in lines(events, lang)


def test_a_monster_discarded_by_a_card_names_no_rule_of_its_own():
    s = table()
    events: list = []
    E.spawn_monster(s, events, "tokyo", kind="ghoul")
    E.run(s, events)
    _, events = run_fx(s, "[{discard_monsters: {target: {which: each, at: any}}}]", LEO)
    gone = next(ev for ev in events if ev["type"] == "monster_discarded")
    assert "rule" not in gone and "replaced_by" not in gone
    assert lines([gone], "uk") == ["Монстр «Ґуль» повертається в чашу монстрів."]


# ---------------------------------------------------------------- 3. a Service is spent
@pytest.mark.parametrize("lang, says", [
    # ne20b: that it is a Service is said when it is gained, before what it does
    ("en", ["**Jacqueline Fine** gains the Service “Charter Flight”: it is resolved at once, then discarded.",
            "**Jacqueline Fine** discards the spent Service “Charter Flight”."]),
    ("uk", ["**Жаклін Файн** отримує актив-послугу «Чартерний рейс»: її розігрують одразу, а потім скидають.",
            "**Жаклін Файн** скидає використану послугу «Чартерний рейс»."]),
    ("ru", ["**Жаклин Файн** получает актив-услугу «Чартерный рейс»: её разыгрывают сразу, а затем сбрасывают.",
            "**Жаклин Файн** сбрасывает использованную услугу «Чартерный рейс»."])])
def test_a_service_gained_and_discarded_at_once_says_why(lang, says):
    """Was «Жаклін Файн отримує актив «Чартерний рейс».» then «скидає «Чартерний рейс».» at once:
    a Service (002: «Послуга — див. Ознаки»; «отримує … актив «послугу», він негайно розігрує цю карту»)."""
    s = table({"ann": [JACKIE]})
    s, gained = run_fx(s, "[{gain_asset: {name: charter_flight}}]", JACKIE)
    assert prompt(s)["about"] == "space"
    _, spent = answer(s, None)
    assert next(ev for ev in spent if ev["type"] == "card_discarded")["service"] is True
    assert lines(gained + spent, lang) == says


def test_a_card_discarding_itself_that_is_no_service_says_no_service():
    s = table()
    events: list = []
    assert E.take_by_name(s, LEO, "asset", "whiskey", events)
    E.run(s, events)
    _, events = run_fx(s, "[discard_this]", LEO, card={"kind": "asset", "id": "whiskey", "holder": LEO})
    gone = next(ev for ev in events if ev["type"] == "card_discarded")
    assert "service" not in gone
    assert lines([gone], "uk") == ["**Лео Андерсон** скидає «Віскі»."]


# ---------------------------------------------------------------- 4. Jacqueline Fine's peek
@pytest.mark.parametrize("lang, says", [
    ("en", "👁 **Jacqueline Fine** looks at the back of **Leo Anderson**'s “Amnesia” (by their ability): "
           "**Unexplained Debts** — "),
    ("uk", "👁 **Жаклін Файн** дивиться на зворот карти «Амнезія» дослідника **Лео Андерсон** (завдяки своїй "
           "здібності): **Незрозумілі борги** — "),
    ("ru", "👁 **Жаклин Файн** смотрит на оборот карты «Амнезия» сыщика **Лео Андерсон** (благодаря своей "
           "способности): **Необъяснимые долги** — ")])
def test_jacquelines_peek_says_it_is_her_ability(lang, says):
    """Was «👁 Жаклін Файн дивиться на зворот карти «Амнезія» дослідника Лео Андерсон: …» in her
    panel: no why (her sheet: when another gains a non-Common condition she looks at its back)."""
    s = table({"ann": [LEO], "bob": [JACKIE]})
    s["decks"]["conditions"]["draw"] = [b for b in s["decks"]["conditions"]["draw"] if b != "unexplained_debts"] \
        + ["unexplained_debts"]
    _, events = run_fx(s, "[{gain_condition: {name: amnesia}}]", LEO)
    seen = next(ev for ev in events if ev["type"] == "back_seen")
    assert seen["source"] == JACKIE and seen["back"] == "unexplained_debts"
    assert R.private_lines(events, "bob", lang)[0].startswith(says)
    assert not R.private_lines(events, "ann", lang)


def test_a_peek_of_no_ability_names_none():
    ev = {"type": "back_seen", "audience": ["bob"], "reveal": True, "inv": JACKIE, "card": "amnesia",
          "back": "unexplained_debts", "owner": LEO}
    assert R.private_lines([ev], "bob", "uk")[0].startswith(
        "👁 **Жаклін Файн** дивиться на зворот карти «Амнезія» дослідника **Лео Андерсон**: **Незрозумілі борги**")


# ---------------------------------------------------------------- 5. "choose one" says what each does
def _lily_converts():
    s = table({"ann": [LILY]})
    s["inv"][LILY]["health"] -= 1   # both ways restore something (RULINGS R23)
    s["inv"][LILY]["sanity"] -= 1
    s, _ = run_fx(s, E.C.investigators[LILY]["action"]["effect"], LILY, card={"kind": "investigator", "id": LILY})
    asked = prompt(s)
    assert asked["about"] == "option" and R.decision_text("uk", asked, s) == "Лілі Чен: виберіть одне (Лілі Чен)"
    return s, asked


DOES = {
    "en": ["Spend any amount of Health; recover Sanity equal to the amount spent.",
           "Spend any amount of Sanity; recover Health equal to the amount spent."],
    "uk": ["Витратити скільки завгодно здоров'я; відновити стільки розуму, скільки становить кількість витраченого.",
           "Витратити скільки завгодно розуму; відновити стільки здоров'я, скільки становить кількість витраченого."],
    "ru": ["Потратить сколько угодно здоровья; восстановить столько рассудка, сколько составляет количество "
           "потраченного.",
           "Потратить сколько угодно рассудка; восстановить столько здоровья, сколько составляет количество "
           "потраченного."]}


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_a_choose_one_says_what_each_answer_does(lang):
    """Was «Лілі Чен: виберіть одне» with the buttons «Тіло в розум» / «Розум у тіло» and no "what
    each answer does" section, which every other decision has."""
    s, asked = _lily_converts()
    said = [R.option_description({**o, "player": asked["player"]}, s, {}, lang) for o in asked["options"]]
    assert said == DOES[lang]


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_the_panel_shows_it(lang):
    import discord

    from bot.i18n import t
    from cogs.play import decision_view
    s, asked = _lily_converts()
    game = types.SimpleNamespace(kind="eldritch", state=s, names={}, id=1, epoch=0, status="active")
    embed = discord.Embed(title="x")
    decision_view(game, asked["player"], lang, prompt=asked, free=False, explain=embed)
    field = next(f for f in embed.fields if f.name == t(lang, "panel.what_they_do"))
    assert DOES[lang][0] in field.value and DOES[lang][1] in field.value


def test_an_option_its_label_says_in_full_is_not_said_twice():
    """An encounter's unlabelled option reads as its own label ("Gain 1 clue"): no line repeats it."""
    s = table()
    s, _ = run_fx(s, "[{choose_one: {options: [{effect: [{gain_clues: {count: 1}}]}, "
                     "{effect: [{test: {skill: will, fail: [{lose: {sanity: 2}}]}}]}]}}]", LEO)
    asked = prompt(s)
    said = [R.option_description({**o, "player": asked["player"]}, s, {}, "en") for o in asked["options"]]
    assert said[0] is None and said[1] and said[1].startswith("Will test") and "lose 2 Sanity" in said[1]


# ---------------------------------------------------------------- 6. en: "the Himalayas", “Dark Pact”
@pytest.mark.parametrize("lang, says", [
    ("en", ["The monster Gnoph-Keh moves to the Himalayas (its own rule: “When this monster spawns”).",
            "**Leo Anderson** gains the condition “Dark Pact”.", "**Leo Anderson** discards “Dark Pact”."]),
    ("uk", ["Монстр «Гноф-Ке» переміщується: Гімалаї (його власне правило: «Коли цей монстр з'являється на полі»).",
            "**Лео Андерсон** отримує стан «Темна угода».", "**Лео Андерсон** скидає «Темна угода»."])])
def test_en_reads_as_a_sentence_and_quotes_a_cards_name(lang, says):
    """en read "moves to The Himalayas" (a capital The mid-sentence) and "gains the condition Dark
    Pact." without the quotation marks uk and ru have."""
    events = [{"type": "monster_moved", "audience": "all", "monster": "m1", "kind": "gnoph_keh", "space": "himalayas",
               "rule": "spawn"},
              {"type": "card_gained", "audience": "all", "inv": LEO, "kind": "condition", "card": "dark_pact"},
              {"type": "card_discarded", "audience": "all", "inv": LEO, "card": "dark_pact"}]
    assert lines(events, lang) == says


def test_a_space_alone_keeps_its_capital():
    """A button or a list item is the name as printed: "The Himalayas"."""
    assert R.space("en", "himalayas", True) == "The Himalayas" and R.space("en", "himalayas") == "the Himalayas"
    assert R.value_label("en", "himalayas", {}, {}, "space") == "The Himalayas"
    assert R.space("uk", "himalayas") == "Гімалаї"


@pytest.mark.parametrize("lang, said", [
    ("en", "you may gain the condition “Debt” to discard a condition other than “Debt”"),
    ("uk", "можна отримати стан «Борг», щоб скинути стан, крім стану «Борг»"),
    ("ru", "можно получить состояние «Долг», чтобы сбросить состояние, кроме состояния «Долг»")])
def test_everyone_has_a_price_discards_a_condition_other_than_the_debt(lang, said):
    """rv19c: en read "to discard the condition other than “Debt”" (no such single condition)."""
    from bot.games.eldritch import effect_text
    from tests.bot.test_effect_text import pack_nodes
    card = next(e for e in pack_nodes("eldritch")[0] if getattr(e, "id", None) == "everyone_has_a_price")
    assert said in effect_text.entry_text(lang, card)


@pytest.mark.parametrize("lang, said", [
    ("uk", "👑 **Норман Візерс** передає жетон головного дослідника: тепер головний дослідник — **Лео Андерсон**."),
    ("ru", "👑 **Норман Уизерс** передаёт жетон ведущего сыщика: теперь ведущий сыщик — **Лео Андерсон**."),
    ("en", "👑 **Norman Withers** passes the Lead Investigator token on: **Leo Anderson** is now the Lead Investigator.")])
def test_the_lead_token_passed_says_who_passed_it(lang, said):
    """The 2-member ru reading: «👑 Норман Уизерс теперь ведущий сыщик.» at the end of a Mythos phase,
    with no word that the Lead chose it (seed 002 l.1035: «може передати жетон … на свій вибір»)."""
    from bot.games import ui_for
    event = {"type": "lead_changed", "audience": "all", "lead": "leo_anderson", "passed_by": "norman_withers"}
    assert ui_for("eldritch").public_lines([event], lang) == [said]
