"""Helpers to build The Thing games with fixed seats, hands and draw pile, and to act on them."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from engine.core.errors import RuleError
from engine.core.events import visible_to
from engine.registry import rules_for

RULES = rules_for("thing")
NAMES = ["ann", "bob", "cid", "dan", "eve", "fay", "gus", "hal", "ivy", "jon", "kim", "lee"]
# harmless cards for hands a test does not care about (no defence, no infection, no obstacle)
FILLER = ["whisky", "suspicion", "analysis", "watch_your_back"]


def make_game(hands: dict | None = None, players: int = 4, deck: list | None = None,
              seats: list | None = None, first: str | None = None, options: dict | None = None,
              seed: int = 1):
    """A game with exact hands (unlisted players get FILLER) and an exact draw pile (top first).

    ``custom_deck`` only makes the hand cards available; the real composition is hands + deck.
    """
    seats = list(seats or NAMES[:players])
    hands = {p: list(hands.get(p, FILLER)) if hands else list(FILLER) for p in seats}
    pool = Counter(c for h in hands.values() for c in h if c != "the_thing")
    opts = {"custom_deck": dict(pool), **(options or {})}
    if deck is None:
        deck = ["suspicion"] * 30
    setup = {"seats": seats, "first_player": first or seats[0], "hands": hands, "deck": list(deck)}
    state, events = RULES.new_game(seats, seed, opts, setup)
    return state


def act(state, player, type_, **params):
    """Apply one action and return (new state, events)."""
    return RULES.apply(state, {"player": player, "type": type_, **params})


def run(state, *actions):
    """Apply tuples (player, type, params-dict?) in order; returns (state, all events)."""
    events = []
    for a in actions:
        player, type_, params = (a + ({},))[:3] if len(a) == 2 else a
        state, evs = act(state, player, type_, **params)
        events.extend(evs)
    return state, events


def dump(state) -> str:
    return json.dumps(state, sort_keys=True)


def refused(state, player, type_, code=None, **params) -> RuleError:
    """Assert the action raises RuleError (with ``code``) and leaves the state unchanged."""
    before = dump(state)
    with pytest.raises(RuleError) as info:
        act(state, player, type_, **params)
    assert dump(state) == before
    if code is not None:
        assert info.value.code == code, (info.value.code, info.value.message)
    assert info.value.message
    return info.value


def prompt(state, player=None, kind=None):
    """The single pending prompt (of ``player`` if given); asserts its kind."""
    ps = RULES.prompts(state)
    if player is not None:
        ps = [p for p in ps if p["player"] == player]
    assert len(ps) == 1, ps
    if kind is not None:
        assert ps[0]["kind"] == kind, ps[0]
    return ps[0]


def options(state, player):
    return [{k: v for k, v in a.items() if k != "player"} for a in RULES.legal_actions(state, player)]


def played(state, player, card, **params):
    """Active player draws (top of deck) and plays ``card``."""
    state, ev1 = act(state, player, "draw")
    state, ev2 = act(state, player, "play", card=card, **params)
    return state, ev1 + ev2


def of_type(events, type_):
    return [e for e in events if e["type"] == type_]


def seen_by(events, player):
    return [e for e in events if visible_to(e, player)]


def hand(state, p):
    return sorted(state["hands"][p])
