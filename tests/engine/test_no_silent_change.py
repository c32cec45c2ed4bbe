"""No silent change (issue 18): between two steps, every difference of the public table
(``view(s, None)``) is explained by an event of that step the table sees (engine/core/announce.py;
each game declares what its event kinds may change in engine/<game>/announces.py).

The check runs in every simulation (``engine.simulate.play_random_game`` with a ``check``); here
random games of all three games keep it, and the same games with one emission taken away fail it.
"""
from __future__ import annotations

import re

import pytest

from engine.core import announce
from engine.registry import rules_for
from engine.simulate import play_random_game
from tests.bot.render_helpers import engine_source

GAMES = {"thing": (5, {}), "unfathomable": (4, {}), "eldritch": (2, {"ancient_one": "azathoth"})}


def public_kinds(game: str) -> set[str]:
    """Every ``event("kind", ...)`` (and ``event("a" if x else "b", ...)``) in the engine's source
    that is not addressed to named players only (``only(``)."""
    found = set()
    for m in re.finditer(r'\bevent\(\s*"(\w+)"(?:\s+if\s+[^"]+?\s+else\s+"(\w+)")?\s*(,\s*only\()?',
                         engine_source(game)):
        if not m.group(3):
            found.update(k for k in m.group(1, 2) if k)
    return found


def play(game: str, seed: int):
    rules = rules_for(game)
    players, options = GAMES[game]
    return play_random_game(rules, players, seed, options, check=rules.invariant_violations)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_public_event_kind_says_what_it_may_change(game):
    rules = rules_for(game)
    kinds = public_kinds(game)
    assert len(kinds) > 20
    assert kinds - set(rules.announces) == set()
    assert set(rules.announces) - kinds <= {"pass_chosen", "check_added", "check_pile", "check_revealed",
                                           "game_started"}   # emitted by engine.core.flow / new_game
    for kind, parts in rules.announces.items():
        assert isinstance(parts, tuple), kind


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_change_nothing_silently(game, seed):
    state, actions = play(game, seed)   # raises AssertionError on a silent change
    assert actions


# a public event each game emits in most games, and the part of the table only it explains
TAKEN_AWAY = {
    "thing": ("card_resolved", "discard_size"),
    "unfathomable": ("mythos_discarded", "mythos_discard_top"),
    "eldritch": ("encounter_discarded", "decks."),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_event_taken_away_is_caught(game, monkeypatch):
    """The same random games, with every event of one kind dropped on its way out of the engine:
    the step that emitted it now changes the table silently, and the simulation says which part."""
    rules = rules_for(game)
    kind, part = TAKEN_AWAY[game]
    apply_in_place = rules.apply_in_place

    def without(state, action):
        return [ev for ev in apply_in_place(state, action) if ev["type"] != kind]

    monkeypatch.setattr(rules, "apply_in_place", without)
    caught = []
    for seed in (1, 2, 3):
        with pytest.raises(AssertionError) as info:
            play(game, seed)
        caught.append(str(info.value))
    assert all("silent change of " + part in text for text in caught), caught


def test_changed_paths_compare_lists_of_ids_by_id_and_other_lists_whole():
    before = {"invs": [{"id": "a", "hp": 3}, {"id": "b", "hp": 2}], "gates": ["x"], "doom": 9}
    after = {"invs": [{"id": "a", "hp": 3}, {"id": "b", "hp": 1}], "gates": ["x", "y"], "doom": 9, "new": 1}
    assert announce.changed_paths(before, after) == [("invs", "b", "hp"), ("gates",), ("new",)]


def test_a_pattern_binds_the_events_own_parameter():
    before = {"invs": {"a": {"hp": 3}, "b": {"hp": 3}}}
    after = {"invs": {"a": {"hp": 2}, "b": {"hp": 2}}}
    announces = {"lost": ("invs.{inv}.hp",), "quake": ("invs",)}
    one = [{"type": "lost", "audience": "all", "inv": "a"}]
    assert announce.silent_changes(before, after, one, announces) == [
        "silent change of invs.b.hp (the step said: lost)"]
    both = one + [{"type": "lost", "audience": "all", "inv": "b"}]
    assert announce.silent_changes(before, after, both, announces) == []
    assert announce.silent_changes(before, after, [{"type": "quake", "audience": "all"}], announces) == []


def test_private_events_explain_nothing_and_undeclared_kinds_are_reported():
    before, after = {"doom": 9}, {"doom": 8}
    announces = {"doom": ("doom",)}
    private = [{"type": "doom", "audience": ["ann"]}]
    assert announce.silent_changes(before, after, private, announces) == [
        "silent change of doom (the step said: no public event)"]
    told_all_but_ann = [{"type": "doom", "audience": {"except": ["ann"]}}]   # ann gets her own version
    assert announce.silent_changes(before, after, told_all_but_ann, announces) == []
    assert announce.silent_changes(before, before, [{"type": "omen", "audience": "all"}], announces) == [
        "public event 'omen' does not declare what it may change"]
