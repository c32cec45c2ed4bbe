"""Investigator clarifications (O) and component timings."""
from eh_helpers import R, act, new, ok, options, prompt, quiet, run_fx, types

NORMAN, TRISH, LEO = "norman_withers", "trish_scarborough", "leo_anderson"


def test_o12_trish_lets_a_clue_reroll_two_dice():
    """Checklist O12. Seed 002 (Тріш Скарборо): when she or an investigator on her space spends a
    clue to reroll, two dice may be rerolled instead of one — not with a single die rolled."""
    s = quiet(new({"ann": [NORMAN], "bob": [TRISH]}))
    s["inv"][TRISH]["space"] = s["inv"][NORMAN]["space"]
    s["inv"][NORMAN]["clues"] = [s["clues"]["pool"].pop()]
    s["forced_dice"] = [1, 2, 3]
    s, _ = run_fx(s, "[{test: {skill: lore}}]", NORMAN)
    assert {"type": "reroll", "die": 0, "and": 2} in prompt(s)["options"]
    s, _ = act(s, "ann", "reroll", die=0, **{"and": 2})
    assert prompt(s)["player"] == "bob"   # Trish's player allows it (issue 18: she "may allow")
    s["forced_dice"] = [5, 6]
    s, ev = act(s, "bob", "choose", value=True)
    assert next(e for e in ev if e["type"] == "test_result")["successes"] == 2
    one = quiet(new({"ann": [NORMAN], "bob": [TRISH]}))
    one["inv"][TRISH]["space"] = one["inv"][NORMAN]["space"]
    one["inv"][NORMAN]["clues"] = [one["clues"]["pool"].pop()]
    one["forced_dice"] = [1]
    one, _ = run_fx(one, "[{test: {skill: influence}}]", NORMAN)
    assert not [o for o in prompt(one)["options"] if "and" in o]


def test_o10_norman_pays_a_clue_with_sanity_once_a_round():
    """Checklist O10. Seed 002 (Норман Візерс): his passive applies wherever he must spend a clue
    (rerolls included); once a round he pays 1 sanity instead."""
    s = quiet(new({"ann": [NORMAN]}))
    s["inv"][NORMAN]["used"] = []
    s["forced_dice"] = [1, 1, 1]
    s, _ = run_fx(s, "[{test: {skill: lore}}]", NORMAN)
    assert {"type": "reroll", "die": 0, "pay": "sanity"} in prompt(s)["options"]
    sanity = s["inv"][NORMAN]["sanity"]
    s["forced_dice"] = [1]
    s, _ = act(s, "ann", "reroll", die=0, pay="sanity")
    assert s["inv"][NORMAN]["sanity"] == sanity - 1
    assert prompt(s)["kind"] == "action"   # used for this round: no further reroll


def test_f10_after_roll_reroll_once_per_round():
    """Checklist F10, I2: Lucky Rabbit's Foot rerolls one die once a round."""
    s = quiet(new({"ann": [NORMAN]}))
    s, _ = run_fx(s, "[{gain_asset: {name: lucky_rabbits_foot}}]", NORMAN)
    s["forced_dice"] = [1, 1, 1]
    s, _ = run_fx(s, "[{test: {skill: lore}}]", NORMAN)
    assert {"type": "reroll_with", "card": "lucky_rabbits_foot"} in prompt(s)["options"]
    s["forced_dice"] = [2]
    s, _ = act(s, "ann", "reroll_with", card="lucky_rabbits_foot")
    s["forced_dice"] = [1, 1, 1]
    s, _ = run_fx(s, "[{test: {skill: lore}}]", NORMAN)
    assert prompt(s)["kind"] == "action"   # its once-a-round use is spent


def test_d20_between_actions_use_is_not_an_action():
    """Checklist D20, I2: the Ruby of R'lyeh (once a round, in the Action phase, pay 1 sanity) gives
    an extra action and is not itself one of the two."""
    s = quiet(new({"ann": [NORMAN]}))
    s, _ = run_fx(s, "[{gain_artifact: {name: ruby_of_rlyeh}}]", NORMAN)
    assert {"type": "between", "card": "ruby_of_rlyeh"} in options(s)
    s, _ = act(s, "ann", "between", card="ruby_of_rlyeh")
    while prompt(s)["kind"] != "action":
        s, _ = act(s, "ann", "choose", value=True)
    assert s["turn"]["left"] == 3
    assert {"type": "between", "card": "ruby_of_rlyeh"} not in options(s)
    ok(s)


def test_o8_f3_lola_grants_a_die_declared_before_the_roll():
    """Checklist O8, F3. Seed 002 (Лола Хейз): her passive may target herself or someone on her
    space and is declared before the roll, once a round."""
    s = quiet(new({"ann": [NORMAN], "bob": ["lola_hayes"]}))
    s = __import__("eh_helpers").settle(s)
    s["inv"]["lola_hayes"]["space"] = s["inv"][NORMAN]["space"]
    s["forced_dice"] = [1] * 10
    s, ev = run_fx(s, "[{test: {skill: lore}}]", NORMAN)
    p = prompt(s)
    assert p["player"] == "bob" and p["about"] == "may" and "test_rolled" not in types(ev)
    s, ev = act(s, "bob", "choose", value=True)
    rolled = next(e for e in ev if e["type"] == "test_rolled")
    assert len(rolled["dice"]) == 3 + 1
    s, ev = run_fx(s, "[{test: {skill: lore}}]", NORMAN)
    assert "test_rolled" in types(ev)   # once a round: not offered again


def test_o7_lily_improves_once_more():
    """Checklist O7. Seed 002 (Лілі Чен): each time she improves a skill she may improve it one more
    step, never beyond the twice-improved cap."""
    s = quiet(new({"ann": ["lily_chen"]}))
    s, _ = run_fx(s, "[{improve: {skill: lore}}]", "lily_chen")
    s, _ = act(s, "ann", "choose", value=True)
    assert s["inv"]["lily_chen"]["improve"]["lore"] == 2
    s, _ = run_fx(s, "[{improve: {skill: lore}}]", "lily_chen")
    assert prompt(s)["kind"] == "action"   # at the cap: nothing to add
    ok(s)


def test_h5_both_lost_the_player_chooses_the_token():
    """Checklist H5: with both health and sanity lost the player chooses the token."""
    s = quiet(new({"ann": [NORMAN], "bob": [LEO]}))
    s, _ = run_fx(s, "[{lose: {health: 20, sanity: 20}}]", LEO)
    p = prompt(s)
    assert p["kind"] == "defeat_token" and p["player"] == "bob"
    s, _ = act(s, "bob", "token", token="sanity")
    assert s["figures"][0]["token"] == "sanity"


def test_o1_p4_akachi_peek_reaches_only_her_player():
    """Checklist O1, P4: Akachi's action shows the two top gates to her player only (a marked
    reveal); she keeps one on top and sends the other to the bottom."""
    s = quiet(new({"ann": ["akachi_onyele"], "bob": [LEO]}))
    top = s["gates"]["stack"][:2]
    s, ev = act(s, "ann", "component", card="akachi_onyele")
    seen = next(e for e in ev if e["type"] == "gates_seen")
    assert seen["audience"] == ["ann"] and seen["reveal"] and seen["gates"] == top
    s, _ = act(s, "ann", "choose", value=top[1])
    assert s["gates"]["stack"][0] == top[1] and s["gates"]["stack"][-1] == top[0]
