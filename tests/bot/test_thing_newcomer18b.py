"""The Thing read by a newcomer, round 18, second part (nt18b, uk first): «Is This the Party?»
that said everyone swapped in pairs but not who with whom, and the offerer whose partner changed
after Missed! with no word why. Each test renders a real engine state or events."""
from __future__ import annotations

import pytest

from bot.games import ui_for
from tests.bot.test_thing_newcomer17b import footer, help_field, to_step3
from tests.engine.helpers import act, exchange, make_game, of_type, plain_turn, run, top

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


# ------------------------------------------------------------------ 4. the end: a living infected who lost
# as tests/engine/test_thing_end.py plays them (seats ann, bob, cid, dan; ann is the Thing)
THING_HAND = ["the_thing", "infected", "infected", "infected"]


def burn(s, by, target):
    s, _ = act(top(s, "flamethrower"), by, "draw")
    s, _ = act(s, by, "play", card="flamethrower", target=target)
    return act(s, target, "accept")


def result_field(state, lang):
    from bot.i18n import t
    return next(f.value for f in THING.table_embed(state, {}, lang).fields if f.name == t(lang, "thing.table.result"))


def last_infected_end():
    """tests/engine/test_thing_end.py's game: bob burns cid, dan is converted last, ann declares."""
    s = make_game({"ann": THING_HAND}, deck=["suspicion"] * 30)
    s, _ = plain_turn(s, "ann", offer="infected", give="whisky")
    s, _ = burn(s, "bob", "cid")
    s, _ = exchange(s)
    s, _ = plain_turn(s, "dan", offer="suspicion", give="infected")
    s, _ = act(s, "ann", "declare")
    assert sorted(s["result"]["winners"]) == ["ann", "bob"]   # the engine's decision, unchanged
    return s


@pytest.mark.parametrize("lang, line", [
    ("uk", "🦠 <@dan> програє: цю останню людину за столом заразили, а не вивели з гри."),
    ("ru", "🦠 <@dan> проигрывает: этого последнего человека за столом заразили, а не вывели из игры."),
    ("en", "🦠 <@dan> loses: the last human at the table, infected rather than eliminated."),
])
def test_the_end_says_why_the_last_infected_is_no_winner(lang, line):
    """Three of four uk games ended «Щось слушно оголосило, що людей не лишилося» with one living
    «Заражений» left out of «🏆 …» and nothing saying why. The rulebook (§Б): «если последний
    остававшийся в игре человек был превращён в заражённого (а не выбыл из игры), то он тоже
    проигрывает.» (tests/engine/test_thing_end.py: bob burns cid, dan is converted last)."""
    s = last_infected_end()
    said = result_field(s, lang)
    assert said.split("\n")[2] == line, said


def thing_alone_end():
    """Ann, the Thing, infects all three others and declares: no one was eliminated."""
    s = make_game({"ann": THING_HAND}, deck=["suspicion"] * 30)
    s, _ = plain_turn(s, "ann", offer="infected", give="whisky")
    s, _ = plain_turn(s, "bob", offer="suspicion", give="whisky")
    s, _ = plain_turn(s, "cid", offer="suspicion", give="whisky")
    s, _ = plain_turn(s, "dan", offer="suspicion", give="infected")
    s, _ = act(top(s, "seduction"), "ann", "draw")
    s, _ = run(s, ("ann", "play", {"card": "seduction", "target": "cid"}), ("ann", "offer", {"card": "infected"}),
               ("cid", "give", {"card": "whisky"}))
    s, _ = act(s, "ann", "declare")
    return s


@pytest.mark.parametrize("lang, line", [
    ("uk", "Щось заразило всіх, і ніхто не вибув: перемагає лише Щось."),
    ("ru", "Нечто заразило всех, и никто не выбыл: побеждает одно лишь Нечто."),
    ("en", "The Thing infected everyone and no one was eliminated: the Thing alone wins."),
])
def test_the_end_says_why_the_thing_wins_alone(lang, line):
    """Special case 1 of the rulebook: «когда Нечто заражает всех людей и ни один из них не
    выбывает из игры, побеждает одно лишь Нечто»; «🏆 ann» alone beside three «Заражений»."""
    s = thing_alone_end()
    assert s["result"]["winners"] == ["ann"]
    said = result_field(s, lang)
    assert said.split("\n")[2] == line, said


def test_a_burned_thing_adds_no_such_line():
    s = make_game({"bob": ["the_thing", "infected", "whisky", "axe"]})
    s, _ = burn(s, "ann", "bob")
    assert result_field(s, "uk").split("\n")[:3] == ["Щось спалено.", "🏆 <@ann>, <@cid>, <@dan>", "<@ann>: Людина"]
