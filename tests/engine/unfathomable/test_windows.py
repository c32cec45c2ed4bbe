"""Die rolls and response windows (checklist 93-97, 183) and free abilities (RULINGS C1, C7)."""
from __future__ import annotations

from tests.engine.unfathomable.c_helpers import ROLL, clear_board, empty_hands, fresh, give, settle, to_actions, types
from tests.engine.unfathomable.helpers import answer, game, pass_windows, run, top


def test_c097_before_and_after_roll_windows_asked_of_every_hand():
    """Checklist 97, 183. Seed l.1583: before/after every roll a window; asked of every player
    with a hand (the hand is secret), whether or not they hold an answer."""
    r, s = fresh(rolls=[5])
    give(s, "p2", "influence:coordinated_effort:1:1")   # no roll ability, asked all the same
    give(s, "p3", "observation:keen_insight:3:1")
    run(r, s, ROLL)
    prompts = r.prompts(s)
    assert prompts[0]["timing"] == "before_roll"
    asked = {p["player"]: p["options"] for p in prompts}
    assert "p2" in asked and "p3" in asked and "p1" not in asked
    assert asked["p2"] == [{"type": "pass"}]
    food = s["resources"]["food"]
    settle(r, s)
    assert s["resources"]["food"] == food + 1


def test_c096_keen_insight_either_sign_and_clamp():
    """Checklist 96. Seed l.2161: «Модифікатори не можуть призвести до того, що результат буде
    менше ніж 1 або більше ніж 8»."""
    r, s = fresh(rolls=[2])
    give(s, "p3", "observation:keen_insight:3:1")
    ev = run(r, s, ROLL)
    ev += answer(r, s, "p3", type="use", ability="card:observation:keen_insight:3:1")
    ev += settle(r, s, roll_sign=-2)
    rolled = next(e for e in ev if e["type"] == "die_rolled")
    assert rolled["raw"] == 2 and rolled["modifier"] == -2 and rolled["value"] == 1


def test_c096_reroll_keeps_modifiers_and_reopens_before_roll():
    """Checklist 96. Seed l.2165-2167: modifiers apply to rerolls; before-roll abilities may be
    used before each reroll. Fortunate Son (Edmund) rerolls for a discarded card."""
    r, s = fresh(rolls=[1, 2], characters={"p1": "keilani", "p2": "edmund", "p3": "jeanne", "p4": "william"})
    give(s, "p2", "influence:coordinated_effort:1:1")
    give(s, "p3", "observation:keen_insight:3:1", "observation:keen_insight:3:2")
    ev = run(r, s, ROLL)
    ev += answer(r, s, "p3", type="use", ability="card:observation:keen_insight:3:1")
    ev += pass_windows(r, s)
    ev += settle(r, s, roll_sign=2, stop=("window",))
    for p in r.prompts(s):     # the before-roll window again: all pass; roll 1 + 2 = 3
        ev += answer(r, s, p["player"], type="pass")
    t = [p for p in r.prompts(s) if p["player"] == "p2"][0]
    assert t["timing"] == "after_roll" and {"type": "use", "ability": "char:edmund"} in t["options"]
    ev += answer(r, s, "p2", type="use", ability="char:edmund")
    for p in r.prompts(s):     # the others pass this round; then the cost and the reroll
        ev += answer(r, s, p["player"], type="pass")
    ev += settle(r, s, stop=("window",))
    assert top(r, s)["timing"] == "before_roll"           # back before the roll
    assert {"type": "use", "ability": "card:observation:keen_insight:3:2"} in \
        [o for p in r.prompts(s) if p["player"] == "p3" for o in p["options"]]
    ev += settle(r, s)
    rolls = [e for e in ev if e["type"] == "die_rolled"]
    assert [(e["raw"], e["modifier"], e["value"]) for e in rolls] == [(1, 2, 3), (2, 2, 4)]
    assert s["hands"]["p2"] == [] and s["rolls"] == []


def test_c093_perfect_number_sets_the_die():
    """Checklist 93. Seed 001:1114: «должен… вместо этого» — the die is not rolled; Perfect
    Number (once per game) sets it; modifiers still apply."""
    r, s = fresh(rolls=[1], characters={"p1": "keilani", "p2": "beatrice", "p3": "jeanne", "p4": "william"})
    ev = run(r, s, ROLL)
    ev += answer(r, s, "p2", type="use", ability="feat:perfect_number")
    ev += settle(r, s, roll_value=7)
    rolled = next(e for e in ev if e["type"] == "die_rolled")
    assert rolled["raw"] == 7 and s["forced_rolls"] == [1] and s["feats"]["p2"] is None


def test_c096_once_per_turn_before_roll_almanac():
    """Limits: Almanac (once per turn) adds a discarded Observation card's value, only once."""
    r, s = fresh(rolls=[1, 1], characters={"p1": "keilani", "p2": "beatrice", "p3": "jeanne", "p4": "william"})
    s["feats"]["p2"] = None
    give(s, "p2", "observation:watch_and_learn:2:1", "observation:watch_and_learn:2:2")
    ev = run(r, s, ROLL)
    ev += answer(r, s, "p2", type="use", ability="item:almanac:0")
    ev += settle(r, s, card=None)
    assert next(e for e in ev if e["type"] == "die_rolled")["modifier"] == 2
    run(r, s, ROLL)
    options = [o for p in r.prompts(s) if p["player"] == "p2" for o in p["options"]]
    assert options == [{"type": "pass"}]
    settle(r, s)


def test_c1_free_abilities_only_at_own_action_choice():
    """RULINGS C1: a free ability is not a free action on another player's turn nor mid-step."""
    r, s = fresh(characters={"p1": "keilani", "p2": "jamie", "p3": "jeanne", "p4": "william"})
    s["zone_of"]["p2"] = "captains_cabin"
    s["deep_ones"]["captains_cabin"] += 1
    s["deep_one_supply"] -= 1
    assert r.free_actions(s, "p2") == []     # p1's turn
    give(s, "p1", "observation:keen_insight:3:1")
    run(r, s, ROLL)                           # a window is on top now
    assert r.free_actions(s, "p1") == []
    settle(r, s)


def test_c1_true_grit_during_own_turn_takes_an_action():
    """True Grit (during own turn, once per turn): one more action, as a free action."""
    r, s = fresh()
    give(s, "p1", "will:true_grit:5:1")
    left = s["stack"][-1]["left"]
    assert {"type": "use", "ability": "card:will:true_grit:5:1"} in r.free_actions(s, "p1")
    answer(r, s, "p1", type="use", ability="card:will:true_grit:5:1")
    frames = [f for f in s["stack"] if f["k"] == "action"]
    assert len(frames) == 2 and frames[0]["left"] == left   # the granted action comes first
    # seed l.1611: discarded once its ability (the granted action included) has resolved
    assert "will:true_grit:5:1" in s["playing"]
    answer(r, s, "p1", type="end_actions")
    assert "will:true_grit:5:1" in s["discards"]["will"] and not s["playing"]


def test_c7_elder_sign_amulet_resolves_shrivelling_again():
    """RULINGS C7: after Shrivelling, William may have it take effect twice (two attacks)."""
    r, s = game(4, rolls=[4, 4], first_player="p4", hands={"p1": [], "p2": [], "p3": []})
    empty_hands(s)
    clear_board(s)
    to_actions(r, s)
    s["deep_ones"]["w3"] += 2
    s["deep_one_supply"] -= 2
    give(s, "p4", "lore:shrivelling:1:1")
    answer(r, s, "p4", type="use", ability="card:lore:shrivelling:1:1")
    assert s["deep_ones"]["w3"] == 1
    t = top(r, s)
    assert t["timing"] == "after_skill_card" and t["options"][1]["ability"] == "item:elder_sign_amulet:0"
    answer(r, s, "p4", type="use", ability="item:elder_sign_amulet:0")
    ev = settle(r, s, optional=True)
    assert s["deep_ones"]["w3"] == 0 and "resolved_again" in types(ev)


def test_c059_perform_rites_at_start_of_actions_ends_them():
    """Checklist 59. Seed l.1864: a start-of-Actions treachery card ends the Actions step."""
    r, s = game(4)
    empty_hands(s)
    s["revealed"]["p1"] = "hybrid"
    s["loyalty"]["p1"] = ["hybrid"]
    give(s, "p1", "treachery:perform_rites:5:1")
    s["stack"] = [f for f in s["stack"] if f["k"] not in ("action", "window")]
    s["stack"].append({"k": "actions_step", "player": "p1"})
    r.run(s, [])
    assert top(r, s)["timing"] == "start_of_actions"
    ev = answer(r, s, "p1", type="use", ability="card:treachery:perform_rites:5:1")
    ev += answer(r, s, "p1", type="choose", value=1)
    assert not any(f["k"] == "action" and f["player"] == "p1" for f in s["stack"])
    assert "monster_activated" in types(ev) and "actions_ended" in types(ev)
    assert s["turn"]["player"] == "p2"   # a revealed traitor has no Mythos step: the turn passed
