"""Eldritch effect texts (bot/games/eldritch/locales/effects.*.yaml), the leftovers of the ew13
reading, read from the real cards of the pack: an ability joined after «;» goes on in lower case;
what a discarded card is, its limit and a space other than yours are words, not brackets; a choice
that is another investigator's is said with them as its subject."""
from __future__ import annotations

import re

import pytest

from bot.i18n import LANGUAGES
from tests.bot.test_eldritch_effect_wording12 import _all_say, card


# ---------------------------------------------------------------- 1. no capital mid-sentence
# a card's abilities are one list joined by «;»: the one after goes on in lower case, its timing
# being no name (002 writes the keyword in lower case mid-sentence: «позначено червоним символом
# розплати»); a skill stays capitalised as the seeds write it («перевірку Сили»)
MID_SENTENCE = {
    ("maniac", "en"): "; when it is defeated: if this is a combat encounter",
    ("maniac", "uk"): "; коли його переможено: якщо це бойова зустріч",
    ("maniac", "ru"): "; когда он побеждён: если это боевой контакт",
    ("vampire", "uk"): "пропустити перевірку Сили; після перевірки Сили:",
    ("vampire", "ru"): "пропустить проверку Силы; после проверки Силы:",
    ("strange_sightings", "en"): "no one may Rest; reckoning: discard this card",
    ("strange_sightings", "uk"): "нікому не можна відпочивати; розплата: скинути цю карту",
    ("strange_sightings", "ru"): "никому нельзя отдыхать; расплата: сбросить эту карту",
}


@pytest.mark.parametrize("card_id,lang", sorted(MID_SENTENCE))
def test_an_ability_joined_after_a_semicolon_goes_on_in_lower_case(card_id, lang):
    assert MID_SENTENCE[card_id, lang] in card(lang, card_id)


TIMINGS = {"en": r"When|After|Reckoning|Before", "uk": r"Коли|Після|Розплата|Перед|Постійно",
           "ru": r"Когда|После|Расплата|Перед|Постоянно"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_timing_capitalised_after_a_semicolon(lang):
    assert _all_say(lang, rf"; ({TIMINGS[lang]})\b") == []


def test_a_skill_keeps_its_capital_after_a_semicolon():
    # 002: «перевірку Сили» — a skill is a name
    assert "втратити 1 розум; Сила +5 у бою" in card("uk", "wither")


# ---------------------------------------------------------------- 2. words, not brackets
# what a discarded card is follows «карту» in the genitive, as 002 says the decks: «Карти
# артефактів, активів, станів, заклинань і міту мають певні ознаки» (004: «Карты артефактов,
# активов, состояний, заклинаний»); was «скинути 1 карту з ознакою «Предмет» (актив, артефакт)»
KINDS = {
    ("back_injury", "en"): "discard 1 Item asset or artifact card",
    ("back_injury", "uk"): "скинути 1 карту активу або артефакту з ознакою «Предмет»",
    ("back_injury", "ru"): "сбросить 1 карту актива или артефакта с подтипом «Предмет»",
    ("fractured_spine", "uk"): "скинути всі карти активів або артефактів з ознакою «Предмет», залишивши 1",
    ("fractured_spine", "ru"): "сбросить все карты активов или артефактов с подтипом «Предмет», оставив 1",
}


@pytest.mark.parametrize("card_id,lang", sorted(KINDS))
def test_a_discarded_card_says_what_it_is_in_words(card_id, lang):
    assert KINDS[card_id, lang] in card(lang, card_id)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_kind_of_card_in_brackets(lang):
    assert _all_say(lang, r"\((asset|artifact|spell|актив|артефакт|заклинан)") == []


# a limit: 002 «дію на будь-якому компоненті можна виконати лише один раз за раунд»; 004 «особое
# действие каждого компонента можно выполнить только один раз за раунд»; was «… (раз за раунд)»
LIMIT = {
    ("lucky_rabbits_foot", "en"): "after a test's roll: reroll 1 die — once per round",
    ("lucky_rabbits_foot", "uk"): "після кидка в перевірці: перекинути 1 кубик — лише раз за раунд",
    ("lucky_rabbits_foot", "ru"): "после броска в проверке: перебросить 1 кубик — только раз за раунд",
}


@pytest.mark.parametrize("card_id,lang", sorted(LIMIT))
def test_a_limit_is_said_in_words(card_id, lang):
    assert LIMIT[card_id, lang] in card(lang, card_id)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_limit_or_other_space_in_brackets(lang):
    said = r"\((once per|раз за|not your space|не ваша)"
    assert _all_say(lang, said) == []


@pytest.mark.parametrize("lang,said", [("en", "to a chosen space other than yours"),
                                       ("uk", "до вибраної локації, крім вашої"),
                                       ("ru", "в выбранную локацию, кроме вашей")])
def test_a_space_other_than_yours_is_said_in_words(lang, said):
    assert _all_say(lang, re.escape(said))


# ---------------------------------------------------------------- 3. another's choice
# Wraith: "one Cursed investigator may lift the Curse" — was «можна вибраний дослідник: скинути …»
ANOTHERS = {
    ("wraith", "en"): "the chosen investigator may discard the condition “Cursed”",
    ("wraith", "uk"): "вибраний дослідник може скинути стан «Проклятий»",
    ("wraith", "ru"): "выбранный сыщик может сбросить состояние «Проклятие»",
    ("flesh_ward_2", "uk"): "вибраний дослідник може отримати стан «Внутрішня травма»; якщо ні:",
    # All for Nothing: "pool clues equal to half the investigators" — was «можна (ціна: дослідник: …)»
    ("all_for_nothing", "en"): "the investigators may together spend Clues equal to half the number of investigators",
    ("all_for_nothing", "uk"): "дослідники можуть спільно витратити стільки доказів, скільки становить половина",
    ("all_for_nothing", "ru"): "сыщики могут совместно потратить столько улик, сколько составляет половина",
}


@pytest.mark.parametrize("card_id,lang", sorted(ANOTHERS))
def test_another_investigators_choice_has_them_as_its_subject(card_id, lang):
    assert ANOTHERS[card_id, lang] in card(lang, card_id)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_may_before_someone_with_a_colon(lang):
    assert _all_say(lang, r"(you may|можна|можно) (\(cost: |\(ціна: |\(цена: )?[^():;]{0,30}(investigator|дослідник|сыщик):") == []


# ---------------------------------------------------------------- 4. where and when a bonus holds
# 002: «Якщо дослідник перебуває в місті»; 004: «сыщик, находящийся в городе»; was «1 додатковий
# кубик (перебуваючи в локації: море)», «(одна перевірка)»
BONUS = {
    ("silas_marsh", "en"): "1 extra die (at sea)",
    ("silas_marsh", "uk"): "1 додатковий кубик (на морі)",
    ("silas_marsh", "ru"): "1 дополнительный кубик (в море)",
    ("leo_anderson", "uk"): "1 додатковий кубик (у нетрях)",
    ("leo_anderson", "ru"): "1 дополнительный кубик (в глуши)",
    ("urban_guide", "uk"): "1 додатковий кубик (у місті)",
    ("urban_guide", "ru"): "1 дополнительный кубик (в городе)",
    ("lola_hayes", "en"): "1 extra die for one test",
    ("lola_hayes", "uk"): "1 додатковий кубик на одну перевірку",
    ("lola_hayes", "ru"): "1 дополнительный кубик на одну проверку",
}


@pytest.mark.parametrize("card_id,lang", sorted(BONUS))
def test_where_and_when_a_bonus_holds_is_said_with_its_preposition(card_id, lang):
    assert BONUS[card_id, lang] in card(lang, card_id)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_space_type_after_a_colon_in_brackets(lang):
    assert _all_say(lang, r"\((while on|перебуваючи в локації|находясь в локации):|\((one test|одна перевірка|одна проверка)\)") == []


# ---------------------------------------------------------------- 5. a price paid for steps
# the cards: "you may gain a Dark Pact condition to take this Clue and gain 1 Clue"; was «можна
# (взяти цей доказ; отримати 1 доказ) (ціна: отримати стан «Темна угода»)»
PRICE = {
    ("research_yog_sothoth_5", "en"): "you may gain the condition “Dark Pact” to take this Clue and gain 1 Clue",
    ("research_yog_sothoth_5", "uk"): "можна отримати стан «Темна угода», щоб взяти цей доказ і отримати 1 доказ",
    ("research_yog_sothoth_5", "ru"): "можно получить состояние «Тёмный договор», чтобы взять эту улику и получить 1 улику",
    ("return_of_the_ancient_ones", "uk"): "можна витратити 1 доказ, щоб покласти того монстра (крім епічних) на цю карту",
}


@pytest.mark.parametrize("card_id,lang", sorted(PRICE))
def test_a_price_paid_for_plain_steps_is_said_with_to(card_id, lang):
    assert PRICE[card_id, lang] in card(lang, card_id)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_bracketed_steps_before_their_price(lang):
    # a test or a condition keeps its brackets (its own colons); plain steps do not
    steps = r"\((?:[^():]|\([^()]*\))*\) \((cost|ціна|цена):"
    assert [x for x in _all_say(lang, r"(you may|можна|можно) " + steps)] == []


# ---------------------------------------------------------------- 6. a space's type
# 002: «Кожна локація належить до одного з трьох типів: місто, нетрі або море»; 004: «город, глушь
# или море»; was «найближчої локації (море)», «у локації (місто)»
SPACE_TYPE = {
    ("agoraphobia", "uk"): "якщо в локації типу «місто»: втратити 2 розуму",
    ("agoraphobia", "ru"): "если в локации типа «город»: потерять 2 рассудка",
    ("the_stars_are_right", "uk"): "до найближчої локації типу «море»",
    ("the_stars_are_right", "ru"): "в ближайшую локацию типа «море»",
    # several types: a choice, with "or" (002: «місто, нетрі або море»)
    ("nature_of_the_all_mother", "uk"): "до найближчої локації типу «нетрі» або «море»",
    ("nature_of_the_all_mother", "ru"): "в ближайшую локацию типа «глушь» или «море»",
}


@pytest.mark.parametrize("card_id,lang", sorted(SPACE_TYPE))
def test_a_space_type_is_said_as_the_rulebook_names_it(card_id, lang):
    assert SPACE_TYPE[card_id, lang] in card(lang, card_id)


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_no_space_type_in_brackets(lang):
    assert _all_say(lang, r"\((місто|нетрі|море|город|глушь)[,)]") == []


# ---------------------------------------------------------------- 7. one of several traits
# Cat Burglar: "gain 1 Item or Trinket asset"; was «отримати 1 актив (Предмет, Дрібничка)»
ANY_TRAIT = {
    ("cat_burglar", "en"): "gain 1 Item or Trinket asset from the reserve",
    ("cat_burglar", "uk"): "отримати 1 актив з ознакою «Предмет» або «Дрібничка» з резерву",
    ("cat_burglar", "ru"): "получить 1 актив с подтипом «Предмет» или «Безделушка» из резерва",
}


@pytest.mark.parametrize("card_id,lang", sorted(ANY_TRAIT))
def test_one_of_several_traits_is_said_with_or(card_id, lang):
    assert ANY_TRAIT[card_id, lang] in card(lang, card_id)
