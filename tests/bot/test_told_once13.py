"""Things told once (session 13, from nfe12's and nfr13's reads). The end of a game (nfe12: "the
end result is told twice"): the log's last line says why and who
won; every seat's role or loyalty card is told once, in the final table's result just below it
(whole by itself: `/game status` after the end shows it alone). The log listed them all too."""
from __future__ import annotations

import random

import pytest

from bot.games.thing import render as T
from bot.games.unfathomable import render as U
from bot.i18n import t
from engine.registry import rules_for
from tests.bot.random_play import step


def _ended(game, players):
    rules = rules_for(game)
    for seed in range(1, 40):
        state, _ = rules.new_game(players, seed, {})
        rng = random.Random(seed)
        for _ in range(6000):
            state, events = step(rules, state, rng)
            over = [e for e in events if e["type"] == "game_over"]
            if over:
                return state, over[0]
            if rules.is_over(state):
                break
    raise AssertionError(f"no {game} game ended")


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_the_things_end(lang):
    state, over = _ended("thing", ["a", "b", "c", "d", "e"])
    line = str(T.public_line(over, lang))
    result = next(f.value for f in T.table_embed(state, {}, lang).fields if f.name == t(lang, "thing.table.result"))
    assert "\n" not in line and t(lang, f"thing.reason.{over['reason']}") in line
    for pid, role in over["roles"].items():
        told = f"<@{pid}>: {t(lang, 'role.' + role)}"
        assert told not in line and result.count(told) == 1
    reason = t(lang, f"thing.reason.{over['reason']}")
    assert reason[:1].upper() + reason[1:] in result   # the table is whole by itself (its box opens with it)


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_unfathomables_end(lang):
    state, over = _ended("unfathomable", ["a", "b", "c", "d"])
    line = str(U.public_line(over, lang))
    result = next(f.value for f in U.table_embed(state, {}, lang).fields
                  if f.name == t(lang, "unfathomable.table.result"))
    assert "\n" not in line and U.reason_text(lang, over["reason"], over.get("empty")) in line
    for pid, cards in over["loyalty"].items():
        told = f"<@{pid}>: " + " + ".join(U._cap(U.named(lang, "loyalty", c)) for c in cards)
        assert f"<@{pid}>: " not in line and result.count(told) == 1


def test_unfathomables_setup_says_the_titles_and_the_first_player_once():
    """nfr13: «🤖 Keeper 1 обіймає посаду: Капітан.» and «… Хранитель гримуара.», then «Команда готова.
    Посади: Капітан: 🤖 Keeper 1, Хранитель гримуара: @A. Першим ходить 🤖 Keeper 2.» — the first
    player was said by the game's opening line too."""
    rules = rules_for("unfathomable")
    state, events = rules.new_game(["a", "b", "c"], 3, {})
    rng = random.Random(3)
    told = [str(line) for line in U.public_lines(events, "uk")]
    while not state.get("setup_done"):
        state, events = step(rules, state, rng)
        told += [str(line) for line in U.public_lines(events, "uk")]
    assert sum("Першим ходить" in line for line in told) == 1
    for title in ("Капітан", "Хранитель гримуара"):
        assert sum(title in line for line in told) == 1, told
    assert "Команда готова." in told

