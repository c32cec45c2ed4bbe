"""The Thing read by a newcomer, round 18 (nt18): «Раз, два...»'s help that named its target
vaguely before the exact seat, a defence's draw told before the panic cards discarded ahead of
it, and Forgetful's multi-select with no help. Each test renders a real engine state or events."""
from __future__ import annotations

import pytest

from bot.games import ui_for
from bot.i18n import t
from tests.bot.test_thing_newcomer17b import help_field
from tests.engine.helpers import act, make_game, prompt

THING = ui_for("thing")


# ------------------------------------------------------------------ 1. One, Two...: the seat first
@pytest.mark.parametrize("lang, text, old", [
    ("ru", "Цель: 3-й игрок слева или справа от вас. Поменяться местами с целью; карты уходят вместе "
           "с игроками. Заколоченные двери не мешают.", "несколько мест"),
    ("uk", "Ціль: 3-й гравець ліворуч або праворуч від вас. Помінятися місцями з ціллю; карти йдуть "
           "разом із гравцями. Заколочені двері не заважають.", "кілька місць"),
    ("en", "Target: the player 3 seats to your left or right. Swap seats with the target; hands go "
           "along. Barred Doors do not stop it.", "some seats away"),
])
def test_one_two_says_the_exact_target_first(lang, text, old):
    """The help opened «Цель: игрок через несколько мест от вас.» and said «3-й игрок слева или
    справа» only in brackets at its end. The card: «Поменяйтесь местами с третьим игроком слева
    или справа от вас» (data/thing/cards.yaml one_two)."""
    s, _ = act(make_game(players=6, deck=["one_two"] + ["axe"] * 10), "ann", "draw")
    said = help_field(s, "ann", lang)
    assert f"** — {text}" in said
    assert old not in said


# ------------------------------------------------------------------ 2. a defence, then its draw
# bob answers ann's offer with Missed!; the replacement draw meets two panic cards first
MISSED_DECK = ["whisky", "forgetful", "one_two", "suspicion"] + ["whisky"] * 10


@pytest.mark.parametrize("lang, lines", [
    ("ru", ["🛡️ <@bob> отвечает картой **Мимо!**",
            "2 карты паники уходят в сброс не глядя: на руку берут только карты событий.",
            "<@bob> берёт карту события."]),
    ("uk", ["🛡️ <@bob> відповідає картою **Мимо!**",
            "2 карти паніки йдуть у скид не глядячи: на руку беруть лише карти подій.",
            "<@bob> бере карту події."]),
    ("en", ["🛡️ <@bob> answers with **Missed!**",
            "2 panic cards are discarded unseen: only event cards are drawn into a hand.",
            "<@bob> draws an event card."]),
])
def test_after_missed_the_panic_cards_discarded_come_before_the_card_drawn(lang, lines):
    """The channel read «🛡️ Keeper 2 отвечает картой **Мимо!** и берёт карту события.» and below it
    «2 карты паники уходят в сброс не глядя…»: the draw before the panic cards it went through.
    Rulebook: «После применения эффекта карта защиты сбрасывается, а вы тут же берёте взамен неё
    новую карту из колоды. Если верхними картами колоды оказываются карты паники, сбрасывайте
    их лицевой стороной вниз, пока не возьмёте 1 карту события.»"""
    s = make_game({"bob": ["missed", "whisky", "suspicion", "analysis"]}, deck=MISSED_DECK)
    s, _ = act(s, "ann", "draw")
    s, _ = act(s, "ann", "discard", card=s["hands"]["ann"][-1])
    s, _ = act(s, "ann", "offer", card=s["hands"]["ann"][0])
    s, events = act(s, "bob", "defend", card="missed")
    said = THING.public_lines(events, lang)
    assert said[:3] == lines, said


# ------------------------------------------------------------------ 3. Forgetful's help
@pytest.mark.parametrize("lang, line", [
    ("ru", "**Выберите 3…** — «Забывчивость»: Сбросить 3 карты с руки и взять 3 карты событий."),
    ("uk", "**Оберіть 3…** — «Забудькуватість»: Скинути 3 карти з руки й узяти 3 карти подій."),
    ("en", "**Choose 3…** — Forgetful: Discard 3 cards from your hand and draw 3 event cards."),
])
def test_forgetfuls_multi_select_has_the_cards_text_as_help(lang, line):
    """Every card prompt's panel says what the card does under «Что делают кнопки»; Forgetful's
    «выберите 3 карты для сброса» had no such field. Its text as the pack reads it out, like the
    others' (bot/games/thing/effect_text.py)."""
    s, _ = act(make_game(deck=["forgetful"] + ["axe"] * 10), "ann", "draw")
    assert prompt(s, "ann")["kind"] == "forgetful"
    assert help_field(s, "ann", lang) == line


# ------------------------------------------------------------------ dump: «3 карты события»
@pytest.mark.parametrize("lang, line, old", [
    ("ru", "<@ann> берёт 3 карты событий.", "карты события."),
    ("uk", "<@ann> бере 3 карти подій.", "карти події."),
    ("en", "<@ann> draws 3 event cards.", None),
])
def test_forgetfuls_draw_counts_event_cards_in_the_rulebooks_words(lang, line, old):
    """Seed 5 turn 10 (ru dump): «🤖 Keeper 2 берёт 3 карты события.» under the help «взять 3 карты
    событий». Rulebook: «пока не возьмёте из колоды ровно 3 карты событий», «88 карт событий»;
    the uk card text: «візьміть 3 карти подій»."""
    s, _ = act(make_game(deck=["forgetful"] + ["whisky"] * 10), "ann", "draw")
    s, events = act(s, "ann", "discard_set", cards=prompt(s, "ann")["subset"]["ids"][:3])
    said = THING.public_lines(events, lang)
    assert line in said, said
    assert old is None or not any(old in x for x in said)
    assert t(lang, "thing.event.event_drawn_many", player="X", count=5).endswith(
        {"ru": "5 карт событий.", "uk": "5 карт подій.", "en": "5 event cards."}[lang])
