"""Eldritch Horror as a newcomer reads it, round 18, third part (brief ne18c): a count of Madness
conditions said as a phrase, the Acquire Assets action's end told when it takes nothing (and who
discards from the reserve).

Each test reads the renderer's real text: the pack's own cards, or a game the engine plays to the
moment in question."""
from __future__ import annotations

import pytest

from bot.games.eldritch import render as R
from bot.games.eldritch.effect_text import entry_text
from bot.games.eldritch.pack_index import _pack
from tests.engine.eldritch.eh_helpers import act, dice, new, prompt, quiet

NORMAN = "norman_withers"   # starts in Arkham, a city


def mythos(lang: str, card_id: str) -> str:
    return entry_text(lang, _pack()["mythos"][card_id])


# ---------------------------------------------------------------- 1. "Madness conditions"
@pytest.mark.parametrize("lang, says", [
    ("en", "remove from this card Eldritch tokens equal to the number of Madness conditions held by the Lead "
           "Investigator."),
    ("uk", "прибрати з цієї карти стільки жетонів Стародавніх, скільки становить кількість наявних станів з ознакою "
           "«Божевілля» в головного дослідника."),
    ("ru", "убрать с этой карты столько жетонов Древних, сколько составляет число имеющихся состояний с подтипом «Безумие» "
           "у ведущего сыщика.")])
def test_growing_madness_counts_madness_conditions(lang, says):
    """Was "… the number of conditions held by the Lead Investigator (Madness)": the trait in
    brackets after the owner, as if the Lead were mad (002 l.1315: «стан-божевілля», a trait)."""
    text = mythos(lang, "growing_madness")
    assert says in text
    assert "(Madness)" not in text and "(Божевілля)" not in text and "(Безумие)" not in text


@pytest.mark.parametrize("lang, says", [
    ("en", "lose Health equal to the number of Injury conditions held, lose Sanity equal to the number of Madness "
           "conditions held and discard Clues equal to the number of Deal conditions held"),
    ("uk", "втратити стільки здоров'я, скільки становить кількість наявних станів з ознакою «Каліцтво», "
           "втратити стільки розуму, скільки становить кількість наявних станів з ознакою «Божевілля»"),
    ("ru", "потерять столько здоровья, сколько составляет число имеющихся состояний с подтипом «Увечье», "
           "потерять столько рассудка, сколько составляет число имеющихся состояний с подтипом «Безумие»")])
def test_from_bad_to_worse_counts_each_trait(lang, says):
    """The same count, each trait its own phrase (was "… conditions held (Injury), … (Madness)")."""
    assert says in mythos(lang, "from_bad_to_worse")


# ---------------------------------------------------------------- 2. what Acquire Assets came to
def _acquiring(successes: int):
    """Norman in Arkham has rolled his Acquire Assets test: the pick of the reserve is his."""
    s = quiet(new({"ann": [NORMAN]}, setup={"reserve": ["automatic_45", "derringer_18", "revolver_38",
                                                          "arcane_scholar"]}))
    s["inv"][NORMAN]["clues"] = []
    dice(s, *([5] * successes or [1]), 1, 1, 1)
    s, events = act(s, "ann", "acquire")
    assert prompt(s)["kind"] == "acquire"
    return s, events


NOTHING = {"en": "**Norman Withers** takes nothing from the reserve.",
           "uk": "**Норман Візерс** нічого не бере з резерву.",
           "ru": "**Норман Уизерс** ничего не берёт из резерва."}


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
@pytest.mark.parametrize("successes", [1, 0])
def test_an_acquire_that_takes_nothing_says_so(lang, successes):
    """ne18c: «Марк Харриган пытается приобрести активы», a passed test, and then nothing: the log
    never said he took nothing (no card line follows), so the table could not tell it from a line lost."""
    s, _ = _acquiring(successes)
    s, events = act(s, "ann", "done")
    assert R.public_lines(events, lang) == [NOTHING[lang]]


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_an_acquire_that_buys_tells_the_cards_not_nothing(lang):
    s, _ = _acquiring(1)
    s, _ = act(s, "ann", "buy", card="derringer_18")
    s, events = act(s, "ann", "done")
    lines = R.public_lines(events, lang)
    assert NOTHING[lang] not in lines and lines   # the reserve's refill is told


@pytest.mark.parametrize("lang, says", [
    ("en", "**Norman Withers** discards {card} from the reserve."),
    ("uk", "**Норман Візерс** скидає з резерву «{card}»."),
    ("ru", "**Норман Уизерс** сбрасывает из резерва «{card}».")])
def test_the_reserve_card_discarded_names_who_discards_it(lang, says):
    """Was "«Тайные рукописи» сброшен из резерва.": nobody's (and «сброшен» for a plural name)."""
    s, _ = _acquiring(0)
    card = s["reserve"][0]
    s, events = act(s, "ann", "discard_reserve", card=card)
    assert R.public_lines(events, lang)[0] == says.format(card=R.card_name(lang, card))


# ---------------------------------------------------------------- 3. ru: a trait is no card's name
TRAITS_RU = ("Безумие", "Увечье", "Союзник", "Предмет", "Безделушка", "Оружие", "Услуга", "Фолиант", "Заговор",
             "Ритуал", "Сделка", "Магическое")


def test_ru_a_trait_is_said_as_a_subtype_not_as_a_card_name():
    """A bench game (ru, seed 57): «провал: получить состояние «Безумие»», then «получает состояние
    «Паранойя»»; «получить 1 актив «Союзник»», then «получает актив «Исследователь Ложи»»: the trait
    read as the name of the card to come. 004 «Подтипы»: «возьмите состояние-безумие»; uk already
    says «з ознакою «…»»."""
    from tests.bot.test_eldritch_effect_wording12 import _walk
    import re
    bare = re.compile(r"\b(состояни|актив|артефакт|заклинани)\w* «(" + "|".join(TRAITS_RU) + ")»")
    texts = [entry_text("ru", e) for e in _walk(_pack(), [])]
    found = sorted({m.group(0) for x in texts for m in bare.finditer(x)})
    assert found == []
    said = " ".join(texts)
    for phrase in ("получить состояние с подтипом «Безумие»", "получить 1 актив с подтипом «Союзник»",
                   "получить 1 заклинание с подтипом «Заговор»"):
        assert phrase in said


# ---------------------------------------------------------------- 4. a monster of a plural name
def _line(ev: dict, lang: str) -> str:
    return R.public_line({"audience": "all", **ev}, lang)


@pytest.mark.parametrize("lang, spawned, hurt, back", [
    ("ru", "👹 Появляется монстр «Беспорядки»: Стамбул.", "Монстр «Беспорядки» теряет здоровье (потеряно 1, "
     "стойкость 3).", "Монстр «Беспорядки» возвращается в пул монстров."),
    ("uk", "👹 З'являється монстр «Заворушення»: Стамбул.", "Монстр «Заворушення» втрачає здоров'я (утрачено 1, "
     "стійкість 3).", "Монстр «Заворушення» повертається в чашу монстрів."),
    ("en", "👹 The monster Riot appears in Istanbul.", "The monster Riot loses health (1 lost, toughness 3).",
     "The monster Riot returns to the cup.")])
def test_a_monster_line_agrees_whatever_its_name(lang, spawned, hurt, back):
    """A bench game (ru, seed 57): «👹 Беспорядки появляется: Стамбул.», «Беспорядки теряет
    здоровье»: a plural name with a singular verb (uk «Люди-змії з'являється», en "Serpent People
    appears"); the verb now agrees with «монстр»."""
    assert _line({"type": "monster_spawned", "monster": "m1", "kind": "riot", "space": "istanbul"}, lang) == spawned
    assert _line({"type": "monster_hurt", "monster": "m1", "kind": "riot", "damage": 1, "toughness": 3}, lang) == hurt
    assert _line({"type": "monster_discarded", "monster": "m1", "kind": "riot"}, lang) == back


@pytest.mark.parametrize("lang, whole, part", [
    ("uk", "Монстр «Ґуґ» відновлює все здоров'я.", "Монстр «Ґуґ» відновлює здоров'я (ще втрачено: 1)."),
    ("ru", "Монстр «Гуг» восстанавливает всё здоровье.", "Монстр «Гуг» восстанавливает здоровье (ещё потеряно: 1)."),
    ("en", "The monster Gug recovers all its health.", "The monster Gug recovers health (1 still lost).")])
def test_a_monster_healed_whole_says_so(lang, whole, part):
    """A bench game (uk, seed 13, A Dark Power): «Ґуґ відновлює здоров'я (утрачено: 0).», the
    damage left read as the health recovered."""
    assert _line({"type": "monster_recovered", "monster": "m1", "kind": "gug", "damage": 0}, lang) == whole
    assert _line({"type": "monster_recovered", "monster": "m1", "kind": "gug", "damage": 1}, lang) == part


# ---------------------------------------------------------------- 5. none taken off is no "placed"
@pytest.mark.parametrize("lang, said", [
    ("ru", "Снято: 0 жетонов Древних с карты «Столкновение измерений» (теперь 8)."),
    ("uk", "Знято 0 жетонів Стародавніх з карти «Зіткнення вимірів» (тепер 8)."),
    ("en", "0 Eldritch tokens removed from Dimensions Collide (8 now).")])
def test_a_reckoning_that_removes_none_says_removed(lang, said):
    """A bench game (ru, seed 57): «Положено: 0 жетонов Древних на карту «Столкновение измерений»
    (теперь 8).» — Dimensions Collide's Reckoning with no gate on the board takes off none, told as
    tokens put on."""
    from tests.engine.eldritch.eh_helpers import run_fx
    from engine.registry import rules_for
    s = quiet(new({"ann": [NORMAN]}, ao="yog_sothoth"))
    s["gates"]["board"] = []
    s["mythos"]["in_play"].append({"id": "dimensions_collide", "eldritch": 8, "rumor": True, "placed": [], "epic": []})
    reckoning = next(ab for ab in rules_for("eldritch").C.mythos["dimensions_collide"]["abilities"]
                     if ab["timing"] == "reckoning")
    _, events = run_fx(s, reckoning["effect"], card={"kind": "mythos", "id": "dimensions_collide"})
    tokens = [e for e in events if e["type"] == "tokens"]
    assert R.public_lines(tokens, lang) == [said]


@pytest.mark.parametrize("lang, refilled, discarded", [
    ("ru", "В резерв поступает карта «Бинты».", "Карта «Бинты» сброшена из резерва."),
    ("uk", "До резерву надходить карта «Бинти».", "«Бинти» скинуто з резерву.")])
def test_a_reserve_line_agrees_with_a_plural_card_name(lang, refilled, discarded):
    """A bench game (ru, seed 41): «В резерв поступает «Бинты»» — a plural name with a singular
    verb; «сброшен из резерва» too (a Mythos card's discard of the reserve names no one)."""
    assert _line({"type": "reserve_refilled", "card": "bandages"}, lang) == refilled
    assert _line({"type": "reserve_discarded", "card": "bandages"}, lang) == discarded
