"""Rulebook review: each test quotes the Russian rulebook (seed 003) or the spec's card text and
checks the engine against it. Default table: ann, bob, cid, dan (, eve...) clockwise, ann first.
"""
from engine.thing.invariants import violations

from helpers import act, door, make_game, of_type, plays, prompt, quarantined


def ok(state):
    assert violations(state) == []
    return state


# «Заколоченная дверь»: «Отныне ни вы, ни он не можете совершать действия, нацеленные друг на друга
# (играть карты, меняться местами и картами).» The Axe may remove the door itself (it lies between
# you), but it may not reach across the door to remove the quarantine on the player behind it.
def test_axe_cannot_remove_the_quarantine_of_a_neighbour_behind_a_door():
    s = make_game({"ann": ["axe", "whisky", "suspicion", "analysis"]}, players=5)
    quarantined(s, "bob")
    door(s, "ann", "bob")
    s, _ = act(s, "ann", "draw")
    assert plays(s, "axe") == [{"type": "play", "card": "axe", "obstacle": "door", "side": 1}]


def test_axe_still_removes_the_quarantine_of_a_neighbour_on_the_open_side():
    s = make_game({"ann": ["axe", "whisky", "suspicion", "analysis"]}, players=5)
    quarantined(s, "bob")
    quarantined(s, "eve")
    door(s, "ann", "bob")
    s, _ = act(s, "ann", "draw")
    assert {"type": "play", "card": "axe", "obstacle": "quarantine", "target": "eve"} in plays(s, "axe")
    s, _ = act(s, "ann", "play", card="axe", obstacle="quarantine", target="eve")
    assert "eve" not in s["quarantine"] and "bob" in s["quarantine"]
    ok(s)
