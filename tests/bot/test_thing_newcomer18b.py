"""The Thing read by a newcomer, round 18, second part (nt18b, uk first): «Is This the Party?»
that said everyone swapped in pairs but not who with whom, and the offerer whose partner changed
after Missed! with no word why. Each test renders a real engine state or events."""
from __future__ import annotations

import pytest

from bot.games import ui_for
from tests.bot.test_thing_newcomer17b import footer, help_field, to_step3
from tests.engine.helpers import act, make_game, of_type

THING = ui_for("thing")


# ------------------------------------------------------------------ 1. the party's pairs
@pytest.mark.parametrize("lang, line", [
    ("uk", "Усі міняються місцями парами: <@cid> ↔ <@dan>, <@eve> ↔ <@ann>; <@bob> лишається на своєму місці."),
    ("ru", "Все меняются местами парами: <@cid> ↔ <@dan>, <@eve> ↔ <@ann>; <@bob> остаётся на своём месте."),
    ("en", "Everyone swaps seats in pairs: <@cid> ↔ <@dan>, <@eve> ↔ <@ann>; <@bob> keeps their seat."),
])
def test_the_party_names_who_swaps_with_whom(lang, line):
    """The channel read «Усі міняються місцями парами.» and the next line «🤖 Keeper 3 та Олена
    обмінюються картами.» with Олена two seats away a moment before: who moved where was left to
    a comparison of the seat lists. The card: «начиная с вас и по часовой стрелке, игроки меняются
    местами парами» (data/thing/cards.yaml party); with 5 players the last one stays."""
    s = make_game(players=5, deck=["party"] + ["suspicion"] * 5, first="cid")
    s, events = act(s, "cid", "draw")
    assert s["seats"] == ["eve", "bob", "dan", "cid", "ann"]   # the engine's pairs, unchanged
    assert line in THING.public_lines(events, lang)


@pytest.mark.parametrize("lang, line", [
    ("uk", "Усі міняються місцями парами: <@ann> ↔ <@bob>, <@cid> ↔ <@dan>."),
    ("ru", "Все меняются местами парами: <@ann> ↔ <@bob>, <@cid> ↔ <@dan>."),
    ("en", "Everyone swaps seats in pairs: <@ann> ↔ <@bob>, <@cid> ↔ <@dan>."),
])
def test_the_party_at_an_even_table_has_no_one_left_over(lang, line):
    s, events = act(make_game(players=4, deck=["party"] + ["suspicion"] * 5), "ann", "draw")
    assert of_type(events, "seats_paired")[0]["stays"] is None
    assert line in THING.public_lines(events, lang)


# ------------------------------------------------------------------ 2. the offerer after Missed!
@pytest.mark.parametrize("lang, want", [
    ("uk", "обрати карту для обміну з гравцем Cid (обмін перейшов до цього гравця через карту «Мимо!»)"),
    ("ru", "выбрать карту для обмена с игроком Cid (обмен перешёл к этому игроку по карте «Мимо!»)"),
    ("en", "choose a card to offer Cid (the exchange passed on to them by Missed!)"),
])
def test_the_offerer_is_told_why_the_partner_changed(lang, want):
    """Олена's panel read «обрати карту для обміну з гравцем 🤖 Keeper 3», then, after Keeper 3's
    Missed!, «обрати карту для обміну з гравцем Богдан» with no news of why. The rulebook:
    «Вместо вас картами меняется следующий за вами (по очерёдности хода) игрок.»"""
    s = make_game({"bob": ["missed", "whisky", "suspicion", "analysis"]}, deck=["axe"] * 10)
    s, _ = act(to_step3(s), "ann", "offer", card="whisky")
    s, _ = act(s, "bob", "defend", card="missed")
    said = footer(s, "ann", lang)
    assert said.endswith(want), said


# ------------------------------------------------------------------ 3. Missed!'s help
@pytest.mark.parametrize("lang, text, old", [
    ("uk", "відмовитися й узяти карту на заміну; той, хто пропонував, забирає карту назад і натомість "
           "пропонує обмін наступному гравцеві після вас.", "пропонує її наступному"),
    ("ru", "отказаться и взять карту взамен; предлагавший забирает карту обратно и вместо этого "
           "предлагает обмен следующему игроку после вас.", "предлагает её следующему"),
    ("en", "Refuse it and draw a replacement; the offerer takes the card back and offers an exchange "
           "to the next player after you instead.", "offers it to the next"),
])
def test_missed_help_says_a_new_offer_not_the_same_card(lang, text, old):
    """The help read «гравець забирає карту назад і пропонує її наступному гравцеві»: which
    player, and «її» — the same card — while the offerer chooses a card anew (test 2; engine R27).
    The card: «гравець забирає карту назад і натомість пропонує обмін наступному після вас
    гравцеві» (data/thing/cards.yaml missed)."""
    s = make_game({"bob": ["missed", "whisky", "suspicion", "analysis"]}, deck=["axe"] * 10)
    s, _ = act(to_step3(s), "ann", "offer", card="whisky")
    said = help_field(s, "bob", lang)
    assert text in said and old not in said, said
