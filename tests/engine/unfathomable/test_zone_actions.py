"""Zone actions: once per zone per turn, shared by every player; a damaged zone's action is gone,
its repair is not a use of it (checklist E 52-53; 51 is in test_ship / test_brig).

Seed: shared/seeds/000, line numbers in brackets.
"""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError

from .c_helpers import empty_hands, give, settle
from .helpers import answer, game, pass_windows, run, top
from .test_turn_order import play_turn

GALLEY = {"type": "use", "ability": "zone:galley"}
CARGO = {"type": "use", "ability": "zone:cargo_hold"}


def at_actions(**setup):
    r, s = game(4, hands={f"p{i}": [] for i in range(1, 5)}, **setup)
    empty_hands(s)
    pass_windows(r, s)
    assert top(r, s)["kind"] == "action"
    return r, s


def options(r, s, p):
    t = top(r, s)
    assert t["kind"] == "action" and t["player"] == p, t
    return t["options"]


def use_galley(r, s, p):
    """The Galley's action, drawing 1 card (no roll)."""
    hand = len(s["hands"][p])
    answer(r, s, p, **GALLEY)
    assert top(r, s)["kind"] == "choose_number"
    answer(r, s, p, type="choose_number", number=1)
    answer(r, s, p, type="choose_cards", cards=["will"])   # the type of the one card
    pass_windows(r, s)
    assert len(s["hands"][p]) == hand + 1 and s["hands"][p][-1].startswith("will:")
    assert "zone:galley" in s["turn_zone_actions"]


def test_c052_a_zone_action_once_per_turn_for_everyone():
    """Checklist 52. «Дію кожної зони можна використати лише один раз за хід.» [449]; «Властивість
    кожної внутрішньої зони можна розіграти лише один раз за хід.» [1623]; ruling [R]:
    the limit is per zone per turn, shared by all players. p1 uses the Galley; neither p1 nor p2
    (given an action in p1's turn, also in the Galley) may use it again this turn, an answer that
    tries is refused and changes nothing; the Cargo Hold's action stays open; on p2's own turn the
    Galley is open again."""
    r, s = at_actions(seed=2)
    s["zone_of"]["p1"] = s["zone_of"]["p2"] = "galley"
    assert GALLEY in options(r, s, "p1")
    use_galley(r, s, "p1")
    assert GALLEY not in options(r, s, "p1")
    before = (list(s["hands"]["p1"]), list(s["turn_zone_actions"]))
    with pytest.raises(RuleError):
        answer(r, s, "p1", **GALLEY)
    assert (s["hands"]["p1"], s["turn_zone_actions"]) == before
    # p2 is given an action in p1's turn (Coordinated Effort's take_actions)
    run(r, s, [{"take_actions": {"who": "target", "count": 1}}], target="p2")
    assert GALLEY not in options(r, s, "p2")
    with pytest.raises(RuleError):
        answer(r, s, "p2", **GALLEY)
    answer(r, s, "p2", type="move", to="cargo_hold")
    # another zone's action is still open this turn
    s["zone_of"]["p1"] = "cargo_hold"
    assert CARGO in options(r, s, "p1")
    s["zone_of"]["p1"] = "galley"
    play_turn(r, s)   # p1's turn ends; p2's begins
    assert s["turn"]["player"] == "p2" and s["turn_zone_actions"] == []
    pass_windows(r, s)
    s["zone_of"]["p2"] = "galley"
    assert GALLEY in options(r, s, "p2")
    use_galley(r, s, "p2")


def test_c053_damaged_zone_has_no_action_and_repair_does_not_use_it_up():
    """Checklist 53. «Допоки на зоні лишається карта пошкоджень, цю зону вважають пошкодженою, і
    гравці не можуть використовувати її властивості.» [836]; «44.4 Допоки в зоні є карта
    пошкодження, цю зону вважають пошкодженою, і гравці не можуть розігравати її властивість «Дія».»
    [2545]; «Ремонт пошкодженої зони не враховується в обмеженні «один раз за хід» властивості «Дія»
    цієї зони.» [2555]; «Ремонт зони не враховується в цьому обмеженні.» [1625, 1701].
    With the Galley damaged p1 is offered the repair, not the action; after repairing, the Galley's
    action is offered in the same turn and works."""
    r, s = at_actions(seed=2)
    s["damage_deck"].remove("structural_damage_lore")
    s["damage"]["galley"] = "structural_damage_lore"
    s["zone_of"]["p1"] = "galley"
    lore = next(c for c in s["decks"]["lore"] if int(c.split(":")[2]) >= 3)
    give(s, "p1", lore)
    opts = options(r, s, "p1")
    assert GALLEY not in opts and {"type": "repair", "zone": "galley"} in opts
    with pytest.raises(RuleError):
        answer(r, s, "p1", **GALLEY)
    answer(r, s, "p1", type="repair", zone="galley")
    answer(r, s, "p1", type="repair_pay", cards=[lore])
    settle(r, s)
    assert "galley" not in s["damage"] and lore in s["discards"]["lore"]
    assert "zone:galley" not in s["turn_zone_actions"]
    assert GALLEY in options(r, s, "p1")
    use_galley(r, s, "p1")


def test_c053_repair_is_offered_after_the_zone_action_was_used():
    """Checklist 53 (the other way round): the Galley's action used, the Galley then damaged — its
    repair is still an action p1 may take this turn (the limit covers the zone's action only)."""
    r, s = at_actions(seed=2)
    s["zone_of"]["p1"] = "galley"
    use_galley(r, s, "p1")
    s["damage_deck"].remove("structural_damage_lore")
    s["damage"]["galley"] = "structural_damage_lore"
    lore = next(c for c in s["decks"]["lore"] if int(c.split(":")[2]) >= 3)
    give(s, "p1", lore)
    assert {"type": "repair", "zone": "galley"} in options(r, s, "p1")
    answer(r, s, "p1", type="repair", zone="galley")
    answer(r, s, "p1", type="repair_pay", cards=[lore])
    assert "galley" not in s["damage"]
