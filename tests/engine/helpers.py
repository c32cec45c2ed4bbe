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
THING_FILLER = ["the_thing", "whisky", "suspicion", "analysis"]


def make_game(hands: dict | None = None, players: int = 4, deck: list | None = None,
              seats: list | None = None, first: str | None = None, options: dict | None = None,
              seed: int = 1, rules=None):
    """A game with exact hands (unlisted players get FILLER) and an exact draw pile (top first).

    ``custom_deck`` only makes the hand cards available; the real composition is hands + deck.
    ``rules``: other rules (e.g. over an edited content pack) instead of the registry's.
    """
    seats = list(seats or NAMES[:players])
    given = dict(hands or {})
    hands = {p: list(given.get(p, FILLER)) for p in seats}
    thing_given = any("the_thing" in h for h in given.values())
    free = [p for p in seats if p not in given]
    if not thing_given and free and not (options or {}).get("thing_in_deck"):
        hands[free[-1]] = list(THING_FILLER)  # someone must be the Thing: the last unlisted seat
    pool = Counter(c for h in hands.values() for c in h if c != "the_thing")
    opts = {"custom_deck": dict(pool), **(options or {})}
    if deck is None:
        deck = ["suspicion"] * 30
    setup = {"seats": seats, "first_player": first or seats[0], "hands": hands, "deck": list(deck)}
    state, events = (rules or RULES).new_game(seats, seed, opts, setup)
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


def plays(state, card):
    """The step-2 play options of the pending prompt for ``card``."""
    return [o for o in prompt(state)["options"] if o["type"] == "play" and o["card"] == card]


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


def with_infected(state, player, by):
    """Mark ``player`` (who must hold an Infected! card) as infected by ``by``, as if by exchange.

    A shortcut for tests about what infected players may do; the real infection path is tested
    separately."""
    assert "infected" in state["hands"][player]
    assert state["roles"][by] == "thing"
    state["roles"][player] = "infected"
    state["infections"].append({"player": player, "by": by})
    return state


def quarantined(state, player, turns=3):
    """Put a quarantine card in front of ``player`` (composition gains the card)."""
    state["quarantine"][player] = turns
    state["composition"]["quarantine"] = state["composition"].get("quarantine", 0) + 1
    return state


def door(state, a, b):
    """Put a barred door in the gap between adjacent seats a and b."""
    seats = state["seats"]
    i, j = seats.index(a), seats.index(b)
    n = len(seats)
    gap = i if (i + 1) % n == j else j
    assert (gap + 1) % n in (i, j) and seats[gap] in (a, b)
    state["doors"][gap] = True
    state["composition"]["barred_door"] = state["composition"].get("barred_door", 0) + 1
    return state


def door_pairs(state):
    return RULES.view(state, None)["doors"]


def plain_turn(state, player, offer=None, give=None, discard=None):
    """One ordinary turn: draw, discard (the drawn card by default), offer ``offer``; the partner
    answers with ``give``. Returns (state, events of the whole turn)."""
    state, ev = act(state, player, "draw")
    card = discard or state["hands"][player][-1]
    state, ev2 = act(state, player, "discard", card=card)
    state, ev3 = exchange(state, offer, give)
    return state, ev + ev2 + ev3


def _harmless(options, type_):
    """The first option of this type that does not pass an Infected! card."""
    return next(o["card"] for o in options if o["type"] == type_ and o["card"] != "infected")


def exchange(state, offer=None, give=None):
    """Complete a pending step-3 offer; None picks the first legal non-Infected! card."""
    p = prompt(state, kind="offer")
    state, ev = act(state, p["player"], "offer", card=offer or _harmless(p["options"], "offer"))
    q = prompt(state, kind="answer")
    state, ev2 = act(state, q["player"], "give", card=give or _harmless(q["options"], "give"))
    return state, ev + ev2


def top(state, card):
    """Replace the top card of the draw pile with ``card`` (keeping the composition exact)."""
    old = state["deck"][-1]
    state["composition"][old] -= 1
    if not state["composition"][old]:
        del state["composition"][old]
    state["composition"][card] = state["composition"].get(card, 0) + 1
    state["deck"][-1] = card
    return state
