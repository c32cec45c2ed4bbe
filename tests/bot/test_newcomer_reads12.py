"""What a newcomer could not tell at an Unfathomable table (nf12's read in ru): which resource
ran out at the end, what a «×» passenger means, a check's total with a hyphen in the table, a crew
line of dashes before the characters are chosen."""
from __future__ import annotations

import random

import pytest

from bot.games.unfathomable import render as U
from bot.i18n import t
from engine.core.errors import RuleError
from engine.registry import rules_for
from engine.simulate import choose, legal_moves

RULES = rules_for("unfathomable")


def _played_to(reason: str):
    """A random game that ended by ``reason``: (its last state, the game_over event)."""
    for seed in range(1, 60):
        state, _ = RULES.new_game(["a", "b", "c", "d"], seed, {})
        rng = random.Random(seed)
        for _ in range(4000):
            action = choose(rng, state, legal_moves(RULES, state), RULES)
            try:
                state, events = RULES.apply(state, action)
            except RuleError:
                state, events = RULES.apply(state, {"player": action["player"], "type": "default"})
            over = [e for e in events if e["type"] == "game_over"]
            if over:
                if over[0]["reason"] == reason:
                    return state, over[0]
                break
    raise AssertionError(f"no game ended by {reason}")


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_the_end_names_the_resource_that_ran_out(lang):
    state, over = _played_to("resource_depleted")
    empty = [r for r, v in state["resources"].items() if v <= 0]
    assert over["empty"] == empty and empty
    line = U.public_line(over, lang)
    for r in empty:
        assert U.resource(lang, r) in line, line
    assert t(lang, "unfathomable.reason.resource_depleted") not in line
    embed = U.table_embed(state, {}, lang)
    result = next(f.value for f in embed.fields if f.name == t(lang, "unfathomable.table.result"))
    assert all(U.resource(lang, r) in result for r in empty), result


def test_another_end_is_told_as_before():
    _state, over = _played_to("ship_destroyed")
    assert "empty" not in over
    assert t("en", "unfathomable.reason.ship_destroyed") in U.public_line(over, "en")


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_a_passenger_with_the_cross_says_it_costs_nothing(lang):
    # 001 l.874: «Если побеждён пассажир с символом «×», значения счётчиков ресурсов не изменяются.»
    name = U.named(lang, "passenger", "decoy")
    assert "×" in name and {"en": "no loss", "uk": "без втрат", "ru": "без потерь"}[lang] in name, name


def test_a_negative_total_in_the_table_has_the_minus_sign():
    said = U.check_summary("ru", {"target": 11, "positive": ["lore"], "total": -8, "pile": []})
    assert "−8" in said and "-8" not in said, said


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_a_crew_line_before_the_characters_are_chosen(lang):
    state, _ = RULES.new_game(["a", "b", "c", "d"], 1, {})
    crew = next(f.value for f in U.table_embed(state, {}, lang).fields if f.name == t(lang, "unfathomable.table.crew"))
    assert "— —" not in crew and crew.count(t(lang, "unfathomable.table.choosing_character")) == 4, crew
