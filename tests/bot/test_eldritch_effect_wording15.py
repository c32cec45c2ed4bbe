"""Eldritch effect texts (bot/games/eldritch/locales/effects.*.yaml), the leftovers of the ew14
reading, read from the real cards of the pack: a rounding is said as words, as a card prints it,
not put in brackets."""
from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES
from tests.bot.test_eldritch_effect_wording12 import _all_say, card

# ---------------------------------------------------------------- 1. rounding said as words
# the rounding is words after the amount ("half the number of investigators, rounded up"), no brackets
ROUNDED = {
    ("all_for_nothing", "uk"): "половина кількості дослідників з округленням догори;",
    ("all_for_nothing", "ru"): "половина числа сыщиков с округлением вверх;",
    ("dimensions_collide", "uk"): "кількість воріт на полі, поділена навпіл з округленням догори",   # кількість (ж. р.)
    ("dimensions_collide", "ru"): "делённое пополам с округлением вверх",
}


@pytest.mark.parametrize("card_id,lang", sorted(ROUNDED))
def test_a_rounding_is_said_as_words(card_id, lang):
    assert ROUNDED[card_id, lang] in card(lang, card_id)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_rounding_in_brackets(lang):
    assert not _all_say(lang, r"\((з округленням|с округлением|rounded)")


# ---------------------------------------------------------------- 2. when a bonus applies, said as words
# assets.yaml double_barreled_shotgun: "+4 до сили в бою; кожна 6 у бойовій перевірці сили — два успіхи."
# (ru «+4 к силе в бою; каждая 6 в боевой проверке силы — два успеха»): "in combat" is words, not «(у бою)»
DURING = {
    ("automatic_45", "en"): "Strength +3 in combat",
    ("automatic_45", "uk"): "Сила +3 у бою",
    ("automatic_45", "ru"): "Сила +3 в бою",
    ("bull_whip", "uk"): "перекинути 1 кубик у перевірках Сили у бою",
    ("bull_whip", "ru"): "перебросить 1 кубик в проверках Силы в бою",
    ("double_barreled_shotgun", "en"): "each 6 counts as two successes on combat Strength tests",
    ("double_barreled_shotgun", "uk"): "кожна 6 — два успіхи в бойовій перевірці Сили",
    ("double_barreled_shotgun", "ru"): "каждая 6 — два успеха в боевой проверке Силы",
}


@pytest.mark.parametrize("card_id,lang", sorted(DURING))
def test_when_a_bonus_applies_is_said_as_words(card_id, lang):
    assert DURING[card_id, lang] in card(lang, card_id)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_combat_in_brackets(lang):
    assert not _all_say(lang, r"\((у бою|в бою|in combat|Сила в бою|Strength in combat)\)")


# ---------------------------------------------------------------- 3. who chooses, said after a comma
# who makes a choice closes the sentence as words ("…, chosen by the Lead Investigator"), not in
# brackets: uk «вибрати будь-якого дослідника, на вибір головного дослідника»
CHOOSER = {
    ("patrolling_the_border", "en"): "choose any investigator, chosen by the Lead Investigator;",
    ("patrolling_the_border", "uk"): "вибрати будь-якого дослідника, на вибір головного дослідника;",
    ("patrolling_the_border", "ru"): "на выбор ведущего сыщика;",
}


@pytest.mark.parametrize("card_id,lang", sorted(CHOOSER))
def test_who_chooses_is_said_after_a_comma(card_id, lang):
    assert CHOOSER[card_id, lang] in card(lang, card_id)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_lead_investigators_choice_in_brackets(lang):
    assert not _all_say(lang, r"\((на вибір головного|на выбор ведущего|chosen by the Lead)")
