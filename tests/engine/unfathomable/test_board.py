"""Board and geometry (checklist B 21, 23-26, 28-29; 22 and 27 are in test_players/test_ship).

Seed: shared/seeds/000 (UA rulebook «Як грати» + Rules Reference «Довідник правил»), line numbers
in brackets. Each test checks the geometry of ``board.yaml`` as the engine reads it *and* a piece
of play that rests on it (a move, an activation, a damage roll, a journey advance).
"""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from engine.unfathomable.common import BRIG, DEPTHS, SICK_BAY

from .helpers import answer, run, top
from .test_monsters import activate, board, put, settle

WATER = [f"w{i}" for i in range(1, 9)]
DECK = [f"d{i}" for i in range(1, 9)]
NUMBERED = {"bridge": [1, 2], "chapel": [3], "captains_cabin": [4], "cargo_hold": [5], "galley": [6],
            "boiler_room": [7, 8]}
INTERIOR = [*NUMBERED, SICK_BAY, BRIG]


def test_c021_water_and_ship_zones():
    """Checklist 21. «Є два типи зон: водні та корабельні. Корабельні зони поділяють на палубні та
    внутрішні.» [1751]; «Навколо корабля є вісім зон, візуально представлених океанськими водами.»
    [1762]; «Шістнадцять корабельних зон являють собою пароплав «Атлантика».» [1772]; «Вісім
    палубних зон ...» / «Вісім внутрішніх зон займають внутрішню частину корабля» [1786, 1800].
    A player's move reaches ship zones only; water is refused."""
    r, s = board()
    b = r.board
    assert sorted(b.water) == WATER and sorted(b.deck) == DECK
    assert sorted(b.interior) == sorted(INTERIOR) and len(b.ship) == 16
    assert {b.kind[z] for z in b.ship} == {"deck", "interior", "sick_bay", "brig"}
    assert sorted(b.deck_number) == list(range(1, 9))
    t = top(r, s)
    moves = {o["to"] for o in t["options"] if o["type"] == "move"}
    assert moves == set(b.ship) - {s["zone_of"]["p1"], SICK_BAY, BRIG}
    assert not moves & set(WATER) and DEPTHS not in moves
    for bad in ("w1", DEPTHS):
        with pytest.raises(RuleError):
            answer(r, s, "p1", type="move", to=bad)
    assert s["zone_of"]["p1"] == "captains_cabin"
    answer(r, s, "p1", type="move", to="d5")
    assert s["zone_of"]["p1"] == "d5"


def test_c023_bow_is_1_4_and_5_8_stern_is_next_to_deck_7_and_8():
    """Checklist 23. «Дві такі зони позначені номерами «1–4» і «5–8». Ці дві зони розміщені по
    носу корабля, тоді як дві протилежні (ці зони без номерів) – за кормою корабля.» [356]; «За
    кормою корабля є дві водні зони, сусідні з палубними зонами «7» та «8».» [1727]; «Монстри в
    зонах за кормою переміщуються в Глибини.» [622].
    Monsters out of the Depths land on w1 (roll 1-4) or w2 (5-8); a journey advance sends whatever
    is in w7/w8 to the Depths and moves the rest one space sternward."""
    r, s = board()
    b = r.board
    assert set(b.bow) == {"w1", "w2"} and set(b.stern) == {"w7", "w8"}
    assert {r.board.zones[w].bow_label for w in b.bow} == {"1–4", "5–8"}
    assert {z for w in b.stern for z in b.adjacent[w] if b.kind[z] == "deck"} == {"d7", "d8"}
    assert {roll: b.bow_roll[roll] for roll in range(1, 9)} == {**{i: "w1" for i in range(1, 5)},
                                                                **{i: "w2" for i in range(5, 9)}}
    for roll, zone in ((4, "w1"), (5, "w2")):
        r, s = board()
        put(s, DEPTHS, 2)
        s["forced_rolls"] = [roll]
        run(r, s, [{"emerge": {"what": "all_in_depths", "to": "bow_by_roll"}}])
        settle(r, s)
        assert s["deep_ones"][zone] == 2 and s["deep_ones"][DEPTHS] == 0
    r, s = board()
    put(s, "w7", 1)
    put(s, "w8", 2)
    put(s, "w5", 1)
    s["monarchs"]["father_dagon"] = "w8"
    run(r, s, [{"advance_track": {"track": "journey", "spaces": 1}}])
    settle(r, s)
    assert s["deep_ones"][DEPTHS] == 3 and s["monarchs"]["father_dagon"] == DEPTHS
    assert s["deep_ones"]["w7"] == 1 and s["deep_ones"]["w5"] == 0   # w5 -> w7, not on to the Depths


@pytest.mark.parametrize("zone", WATER + DECK)
def test_c024_each_water_and_deck_zone_has_one_arrow(zone):
    """Checklist 24. «Кожна водна зона містить стрілку руху глибоководного, яка вказує на сусідню
    палубну зону.» [1765]; «Кожна палубна зона містить стрілку ..., яка вказує на сусідню внутрішню
    зону.» [1787]. A Deep One there moves along it when activated."""
    r, s = board()
    b = r.board
    to = b.arrow[zone]
    assert to in b.adjacent[zone]
    assert b.kind[to] == ("deck" if zone in WATER else "interior")
    put(s, zone, 1)
    activate(r, s, "deep_ones")
    assert s["deep_ones"][zone] == 0 and s["deep_ones"][to] == 1


def test_c024_interior_zones_have_no_arrow():
    """Checklist 24. «У внутрішніх зонах немає стрілок, тому що рух глибоководних у внутрішніх
    зонах відбувається за іншими правилами.» [2593]. A Deep One in an undamaged interior zone does
    not move: it damages its zone."""
    r, s = board(damage_top=["structural_damage_will"])
    assert not set(r.board.arrow) & set(INTERIOR)
    for p in s["players"]:
        s["zone_of"][p] = "bridge"
    put(s, "galley", 1)
    activate(r, s, "deep_ones")
    assert s["deep_ones"]["galley"] == 1 and s["damage"] == {"galley": "structural_damage_will"}


def test_c025_deck_zones_are_never_damaged_and_hold_any_number_of_passengers():
    """Checklist 25. «Палубні зони не можуть бути пошкоджені.» [1788]; «Пасажирів можна розміщати
    лише на палубних зонах.» [1789]; «В одній палубній зоні може перебувати будь-яка кількість
    пасажирів.» [1791]. Risked passengers land on the deck zone of the rolled number, three on one."""
    r, s = board(damage_top=["structural_damage_will"])
    assert not set(r.board.damageable) & set(DECK)
    for d in DECK:
        run(r, s, [{"damage_zone": {"at": {"zone": d}}}])
        settle(r, s)
    assert s["damage"] == {} and s["damage_deck"][-1] == "structural_damage_will"
    s["forced_rolls"] = [3, 3, 3, 8]
    run(r, s, [{"risk_passengers": {"count": 4}}])
    settle(r, s)
    assert len(s["passengers"]["d3"]) == 3 and len(s["passengers"]["d8"]) == 1
    assert set(s["passengers"]) == set(DECK)   # no other zone can hold a passenger


@pytest.mark.parametrize("roll", range(1, 9))
def test_c026_interior_numbers_and_the_six_damageable_zones(roll):
    """Checklist 26. «Кожна внутрішня зона підписана унікальною назвою ... і має номер від 1 до 8
    (крім карцеру й лазарету).» [1803]; «Внутрішні зони, крім карцеру й лазарету, можуть бути
    пошкоджені.» [1807]. The damage roll finds the zone by its number."""
    r, s = board(damage_top=["structural_damage_lore"])
    b = r.board
    assert {z: sorted(b.zones[z].numbers) for z in NUMBERED} == NUMBERED
    assert not b.zones[SICK_BAY].numbers and not b.zones[BRIG].numbers
    assert sorted(b.damageable) == sorted(NUMBERED)
    s["forced_rolls"] = [roll]
    run(r, s, [{"damage_ship": {"times": 1}}])
    settle(r, s)
    zone = next(z for z, ns in NUMBERED.items() if roll in ns)
    assert s["damage"] == {zone: "structural_damage_lore"}


def test_c028_nearest_is_fewest_zones_between():
    """Checklist 28. «Найближчою вважають ту зону, яка відділена від згаданої зони чи компонента
    найменшою кількістю зон.» [1753]; «Дві зони вважають сусідніми, якщо вони мають спільну
    границю. Зони, у яких спільні тільки кути, не вважають сусідніми.» [2641-2643]."""
    r, s = board()
    b = r.board
    for z, adj in b.adjacent.items():   # a shared edge is shared both ways
        for n in adj:
            assert z in b.adjacent[n], (z, n)
    assert b.distance("bridge", "bridge") == 0
    assert b.distance("bridge", "chapel") == 1
    assert b.distance("bridge", "cargo_hold") == 2
    assert b.distance("bridge", "boiler_room") == 3
    assert b.distance("d1", "bridge") == 1 and b.distance("d1", "chapel") == 2   # d1 meets the Chapel at a corner only
    assert "chapel" not in b.adjacent["d1"] and "d4" not in b.adjacent["d3"]
    # the nearest undamaged zone from the Bridge: Captain's Cabin (4) and Chapel (3) are both one
    # zone away; the higher number wins (checklist 111)
    assert b.damage_target("bridge", {"bridge": "x"}) == "captains_cabin"
    assert b.damage_target("bridge", {"bridge": "x", "captains_cabin": "y"}) == "chapel"
    assert b.damage_target("bridge", {"bridge": "x", "captains_cabin": "y", "chapel": "z"}) == "galley"


def test_c028_components_are_adjacent_to_what_their_zone_is_adjacent_to():
    """Checklist 28. «Компонент є сусіднім до тих самих зон і компонентів у них, що й зона, яку він
    займає.» [2644]. A Deep One moved "to an adjacent zone" may go exactly where its zone touches
    (never the Sick Bay, l.1811)."""
    r, s = board()
    put(s, "chapel", 1)
    run(r, s, [{"move_deep_ones": {"source": {"zone": "chapel"}, "to": "adjacent", "together": True}}])
    t = top(r, s)
    assert {o["value"] for o in t["options"]} == {"d3", "bridge", "captains_cabin", "cargo_hold"}
    answer(r, s, t["player"], type="choose", value="d3")
    assert s["deep_ones"]["d3"] == 1 and s["deep_ones"]["chapel"] == 0


def test_c029_the_depths_are_no_zone_and_abilities_miss_them():
    """Checklist 29. «Глибини не вважають зоною для будь-яких ігрових ефектів. Глибини не сусідні з
    жодною з зон.» [1649-1651]; «Властивості гравців не діють на монстрів у Глибинах.» [347]."""
    r, s = board()
    b = r.board
    assert DEPTHS not in b.board and b.adjacent[DEPTHS] == ()
    assert all(DEPTHS not in adj for adj in b.adjacent.values())
    assert b.distance("w1", DEPTHS) is None
    put(s, DEPTHS, 3)
    put(s, "w3", 1)
    # "every Deep One on the board" / anywhere an attack reaches: the Depths are left alone
    run(r, s, [{"defeat_deep_ones": {"where": "board", "count": "all"}}])
    settle(r, s)
    assert s["deep_ones"]["w3"] == 0 and s["deep_ones"][DEPTHS] == 3
    assert not any(t.endswith(DEPTHS) for t in r.attack_targets(s, "p1", "anywhere"))
    # a monarch in the Depths cannot be moved by an ability
    run(r, s, [{"move_monarch": {"monster": "father_dagon", "to": "adjacent_water", "chooser": "self"}}])
    settle(r, s)
    assert s["monarchs"]["father_dagon"] == DEPTHS
