"""The engine contract (P) and hidden information (N): JSON state, exact replay, refusals,
defaults for every prompt, invariants, random games for 1-8 players."""
import json
import random

import pytest

from engine.core.record import GameRecord, replay
from engine.core.errors import RuleError
from engine.simulate import choose, legal_moves, simulate
from eh_helpers import R, act, new, prompt, quiet, refused


def random_game(players, seed, steps=400, ao=None, check=True):
    names = [f"p{i + 1}" for i in range(players)]
    opts = {"ancient_one": ao} if ao else {}
    s, _ = R.new_game(names, seed, opts)
    rng = random.Random(seed)
    actions = []
    while not R.is_over(s) and len(actions) < steps:
        a = choose(rng, s, legal_moves(R, s), R)
        R.apply_in_place(s, a)
        actions.append(a)
        if check:
            assert R.invariant_violations(s) == [], (len(actions), a)
    return names, opts, s, actions


def test_p1_state_is_json_and_replay_is_exact():
    """Checklist P1: a game is its seed plus its actions; every die, shuffle and cup draw replays."""
    names, opts, s, actions = random_game(3, 11, steps=250)
    assert json.loads(json.dumps(s)) == s
    record = GameRecord(game="eldritch", seed=11, players=names, options=opts, actions=actions, version=s["version"])
    again = replay(GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))).state
    assert json.dumps(again, sort_keys=True) == json.dumps(s, sort_keys=True)


def test_p1_saved_state_resumes_mid_encounter():
    """Checklist P1: pending work is data: a state saved in the middle of a nested test resumes."""
    s = quiet(new({"ann": ["norman_withers"]}))
    s["inv"]["norman_withers"]["clues"] = [s["clues"]["pool"].pop()]
    s["forced_dice"] = [1, 1, 1]
    from eh_helpers import run_fx
    s, _ = run_fx(s, "[{test: {skill: lore, pass: [{test: {skill: will, pass: [{gain_clues: {count: 2}}]}}]}}]",
                  "norman_withers")
    saved = json.loads(json.dumps(s))
    saved["forced_dice"] = [6, 6, 6, 6, 6]
    resumed, _ = act(saved, "ann", "reroll", die=0)
    assert len(resumed["inv"]["norman_withers"]["clues"]) == 2   # inner test passed after the outer one


def test_p3_illegal_actions_change_nothing():
    """Checklist P3: an illegal action raises a RuleError and changes nothing."""
    s = quiet(new({"ann": ["norman_withers"], "bob": ["leo_anderson"]}))
    refused(s, "bob", "rest", "not_your_turn")
    refused(s, "ann", "travel", "not_adjacent", to="sydney")
    refused(s, "zed", "rest", "unknown_player")
    with pytest.raises(RuleError) as e:
        R.apply(s, {"player": "ann", "type": "rest", "prompt": 999})
    assert e.value.code == "stale_prompt"


def test_p2_every_prompt_has_a_default_and_defaults_finish_games():
    """Checklist P2 (design.md: AFK defaults): answering every prompt with its default plays a whole
    game; the action default is Rest when legal, and optional costs are declined."""
    for seed in (1, 2):
        s, _ = R.new_game(["a", "b"], seed, {"per_player": 2})
        kinds = set()
        n = 0
        while not R.is_over(s) and n < 3000:
            p = prompt(s)
            kinds.add(p["kind"])
            if p["kind"] == "action":
                rest = {"type": "rest"} in p["options"]
                assert p["default"] == ({"type": "rest"} if rest else {"type": "end_actions"})
            if p.get("about") == "may":
                assert p["default"] == "first" and p["options"][0]["value"] is False
            s, _ = act(s, p["player"], "default")
            n += 1
        assert R.is_over(s)
        assert "action" in kinds


def test_n1_n2_views_hide_deck_orders_and_backs():
    """Checklist N1, N2, P4: views never show deck orders, the clue pool, the gate stack or
    unflipped backs; discards, the board and the top face-up spell/condition are public."""
    names, opts, s, actions = random_game(2, 5, steps=150, check=False)
    for viewer in (None, "p1"):
        v = R.view(s, viewer)
        text = json.dumps(v)
        assert isinstance(v["gate_stack"], int) and isinstance(v["clue_pool"], int)
        assert all(set(d) == {"draw", "discard"} and isinstance(d["draw"], int) for d in v["decks"].values())
        assert isinstance(v["mythos"]["deck"], int) and isinstance(v["cup"], int)
        for back in R.C.back_of:
            if back not in R.C.spells and back not in R.C.conditions:
                assert f'"{back}"' not in text
    assert "you" in R.view(s, "p1") and "you" not in R.view(s, None)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6, 7, 8])
def test_p5_p6_random_games_keep_the_invariants(players):
    """Checklist P5, P6: components conserved, tickets <= 2, improvements 0-2, no duplicate
    spell/condition, health/sanity in bounds, doom never lowered after the awakening — after every
    action of random games, for every player count."""
    random_game(players, 100 + players, steps=120)


def test_p6_simulate_command_finishes_games_without_errors():
    """Checklist P6: `python -m engine simulate eldritch --players N` finishes random games."""
    totals = simulate("eldritch", 2, 2, 1, {"ancient_one": "cthulhu"}, check_invariants=False)
    assert totals.errors == 0 and totals.finished == 2
