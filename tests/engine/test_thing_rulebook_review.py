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


# «Раз, два...» (spec §7.5, card text): «Поменяйтесь с третьим игроком слева или справа (по вашему
# выбору). Если игрок на карантине - смены мест не происходит.» The drawer chooses a side; if the
# player there is quarantined nothing happens (the drawer is not forced onto the other side).
def test_one_two_lets_you_choose_a_quarantined_third_player_and_then_nothing_happens():
    s = make_game(players=5, deck=["one_two"] + ["suspicion"] * 5)
    quarantined(s, "dan")  # 3rd to the right of ann; 3rd to the left is cid
    s, _ = act(s, "ann", "draw")
    assert sorted(o["target"] for o in prompt(s, "ann", "choose")["options"]) == ["cid", "dan"]
    seats = list(s["seats"])
    s, ev = act(s, "ann", "choose", target="dan")
    assert s["seats"] == seats
    assert not of_type(ev, "seats_swapped") and of_type(ev, "nothing_happens")
    assert prompt(s, "ann", "offer")  # the turn goes on to step 3
    ok(s)


def test_one_two_with_a_free_third_player_swaps():
    s = make_game(players=5, deck=["one_two"] + ["suspicion"] * 5)
    quarantined(s, "dan")
    s, _ = act(s, "ann", "draw")
    s, ev = act(s, "ann", "choose", target="cid")
    assert s["seats"] == ["cid", "bob", "ann", "dan", "eve"]
    assert of_type(ev, "seats_swapped")
    ok(s)
