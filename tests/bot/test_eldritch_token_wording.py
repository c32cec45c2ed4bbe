"""Eldritch wording of tokens put on and taken from places and cards, in en, uk and ru: a token
step names its space itself, consecutive steps alike but for their space read as one, a monster
put on a card is in the accusative (an animate noun: uk/ru «монстра»), and the log says a removed
token comes *from* where it lay."""
from __future__ import annotations

import pytest

from bot.games.eldritch import render as R
from bot.games.eldritch.effect_text import effect_text, entry_text
from bot.games.eldritch.pack_index import _pack
from bot.i18n import LANGUAGES


def _mystery(key: str):
    return _pack()["mystery"][key]


# Rituals in the Wild (ancient_ones.yaml): four place_eldritch steps, one per space; the card reads
# "Place 1 Eldritch token on each of …" — one phrase over the four spaces
RITUALS = {
    "en": "place 1 Eldritch token on each of “Space 4”, “Space 10”, “Space 21” and “Tunguska”.",
    "uk": "покласти 1 жетон Стародавніх у кожну з локацій «Локація 4», «Локація 10», «Локація 21» і «Тунгуска».",
    "ru": "положить 1 жетон Древних в каждую из локаций «Локация 4», «Локация 10», «Локация 21» и «Тунгуска».",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_steps_alike_but_for_their_space_read_as_one(lang):
    mystery = _mystery("rituals_in_the_wild")
    assert len(mystery.enters_play) == 4
    said = RITUALS[lang].removesuffix(".")
    assert effect_text(lang, mystery.enters_play) == said[0].upper() + said[1:]   # the whole setup, once
    assert RITUALS[lang] in entry_text(lang, mystery)


# a single token step on a named space says the space, not "on a space (on “Space 3”)"
RLYEH = {"en": "place 1 Mystery token on “Space 3”.", "uk": "покласти 1 жетон таємниці в локацію «Локація 3».",
         "ru": "положить 1 жетон тайны в локацию «Локация 3»."}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_token_step_names_its_space_once(lang):
    text = entry_text(lang, _mystery("rlyeh_risen"))
    assert RLYEH[lang] in text, text
    for word in ("on a space (", "у локацію («", "в локацию («"):
        assert word not in text


# Hunting the Thousand: "you may put that monster onto this card"; uk/ru put the monster in the
# accusative, which for an animate noun is the genitive's form (uk «покласти того монстра», not
# «покласти монстр»)
HUNTING = {"en": "put that monster (not Epic) onto this card",
           "uk": "покласти того монстра (крім епічних) на цю карту",
           "ru": "положить того монстра (кроме эпических) на эту карту"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_monster_put_on_a_card_is_in_the_accusative(lang):
    text = entry_text(lang, _mystery("hunting_the_thousand"))
    assert HUNTING[lang] in text, text
    assert "покласти монстр " not in text and "положить монстр " not in text


REMOVED = {"en": "1 Eldritch token removed from the card.", "uk": "Знято 1 жетон Стародавніх з карти.",
           "ru": "Снято: 1 жетон Древних с карты."}
PLACED = {"en": "1 Eldritch token placed on the card.", "uk": "Покладено 1 жетон Стародавніх на карту.",
          "ru": "Положено: 1 жетон Древних на карту."}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_log_says_a_removed_token_comes_from_where_it_lay(lang):
    removed = {"type": "tokens", "audience": "all", "what": "eldritch", "change": -1, "where": "this_card"}
    placed = dict(removed, change=1)
    assert R.public_lines([removed], lang) == [REMOVED[lang]]
    assert R.public_lines([placed], lang) == [PLACED[lang]]
    # a rumor's token taken back from the board (ending.py) names its space
    from_space = dict(removed, where="place", space="space_4")
    assert R.space(lang, "space_4") in R.public_lines([from_space], lang)[0]


# a monster or a Clue moved to a place: the place with the language's preposition and case (uk
# «до» + genitive, ru «в» + accusative), not a colon standing for the case («до: найближча локація»)
MOVED = {
    ("monster", "gnoph_keh"): {"en": "move this monster to “The Himalayas”",
                               "uk": "перемістити цього монстра до локації «Гімалаї»",
                               "ru": "переместить этого монстра в локацию «Гималаи»"},
    ("monster", "hound_of_tindalos"): {"en": "move this monster to the nearest space with an investigator",
                                       "uk": "перемістити цього монстра до найближчої локації з дослідником",
                                       "ru": "переместить этого монстра в ближайшую локацию с сыщиком"},
    ("mystery", "the_stars_are_right"): {"en": "move every Clue on the board to the nearest Sea space",
                                         "uk": "кожен доказ на полі переміщується до найближчої локації типу «море»",
                                         "ru": "каждая улика на поле перемещается в ближайшую локацию типа «море»"},
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("where", sorted(MOVED))
def test_a_move_says_where_with_a_preposition_not_a_colon(lang, where):
    text = entry_text(lang, _pack()[where[0]][where[1]])
    assert MOVED[where][lang] in text, text
    assert "до: " not in text and "в: " not in text


def _steps(data: list):
    from pydantic import TypeAdapter
    from engine.eldritch.content_effects import Effect
    return TypeAdapter(Effect).validate_python(data)


# a may that only costs is the choice itself; a skill improved is the verb's object (uk/ru in the
# accusative, as the log's «поліпшує Силу»); a condition of a trait as the cards say it in English
SAID = {
    "en": "You may spend 1 Clue; if not: lose 1 Health; improve Strength; improve the same skill; "
          "gain a Madness condition",
    "uk": "Можна витратити 1 доказ; якщо ні: втратити 1 здоров'я; поліпшити Силу; поліпшити те саме вміння; "
          "отримати стан з ознакою «Божевілля»",   # 002 l.1262: «карту міту з ознакою «Процес»»
    "ru": "Можно потратить 1 улику; если нет: потерять 1 здоровье; улучшить Силу; улучшить тот же навык; "
          "получить состояние с подтипом «Безумие»",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_choice_a_skill_and_a_condition_read_as_sentences(lang):
    steps = _steps([{"may": {"cost": [{"spend": {"clues": 1}}], "otherwise": [{"lose": {"health": 1}}]}},
                    {"improve": {"skill": "strength"}}, {"improve": {"skill": "same"}},
                    {"gain_condition": {"trait": "madness"}}])
    assert effect_text(lang, steps) == SAID[lang]


# holding one possession is the default count: "if holding a spell", not "holding at least: spell";
# one named space alone: "if on “Space 19”", not "if on a space: “Space 19”"
CONDITIONS = {"en": "If holding a spell: lose 1 Sanity; if on “Space 19”: lose 1 Health",
              "uk": "Якщо є заклинання: втратити 1 розум; якщо в локації «Локація 19»: втратити 1 здоров'я",
              "ru": "Если есть заклинание: потерять 1 рассудок; если в локации «Локация 19»: потерять 1 здоровье"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_condition_on_a_possession_or_one_space_reads_plainly(lang):
    steps = _steps([{"if": {"condition": {"has_possession": {"kind": "spell"}}, "then": [{"lose": {"sanity": 1}}]}},
                    {"if": {"condition": {"on_space": {"space": "space_19"}}, "then": [{"lose": {"health": 1}}]}}])
    assert effect_text(lang, steps) == CONDITIONS[lang]
