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
    ("dimensions_collide", "uk"): "кількість воріт на полі, поділене навпіл з округленням догори",
    ("dimensions_collide", "ru"): "делённое пополам с округлением вверх",
}


@pytest.mark.parametrize("card_id,lang", sorted(ROUNDED))
def test_a_rounding_is_said_as_words(card_id, lang):
    assert ROUNDED[card_id, lang] in card(lang, card_id)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_rounding_in_brackets(lang):
    assert not _all_say(lang, r"\((з округленням|с округлением|rounded)")
