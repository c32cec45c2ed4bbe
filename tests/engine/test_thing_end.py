"""Every end of game of §9 (A; B true and false; special cases 1 and 2), Revenge (advanced
rule 6), R12 (declaration any time, auto-end option) and R13 (immediate end).

Seats ann, bob, cid, dan clockwise; ann is the Thing unless said otherwise.
"""

from helpers import RULES, act, exchange, make_game, of_type, plain_turn, prompt, refused, run, top

THING = ["the_thing", "infected", "infected", "infected"]


def infect_bob_and_dan(options=None):
    """Turn 1: ann (Thing) infects bob at step 3. Turns 2-3: plain. Turn 4: dan offers to ann,
    who answers with Infected!. Now bob, dan infected; cid human; ann's turn 5 is next."""
    s = make_game({"ann": THING}, options=options, deck=["suspicion"] * 30)
    s, _ = plain_turn(s, "ann", offer="infected", give="whisky")
    s, _ = plain_turn(s, "bob", offer="suspicion", give="whisky")
    s, _ = plain_turn(s, "cid", offer="suspicion", give="whisky")
    s, _ = plain_turn(s, "dan", offer="suspicion", give="infected")
    assert s["roles"] == {"ann": "thing", "bob": "infected", "cid": "human", "dan": "infected"}
    assert s["turn"]["player"] == "ann" and not s["eliminated"]
    return s


def burn(s, by, target):
    """``by`` (active) draws a Flamethrower and burns ``target``, who accepts."""
    s, ev = act(top(s, "flamethrower"), by, "draw")
    s, ev2 = act(s, by, "play", card="flamethrower", target=target)
    s, ev3 = act(s, target, "accept")
    return s, ev + ev2 + ev3


def seduce(s, by, target, card="infected", give="whisky"):
    s, _ = act(top(s, "seduction"), by, "draw")
    return run(s, (by, "play", {"card": "seduction", "target": target}), (by, "offer", {"card": card}),
               (target, "give", {"card": give}))


# ---------------------------------------------------------------- A: the Thing is burned
def test_a_thing_burned_surviving_humans_win_at_once():
    s = make_game({"bob": ["the_thing", "infected", "whisky", "axe"]})
    s, ev = burn(s, "ann", "bob")
    r = s["result"]
    assert r["reason"] == "thing_burned" and r["team"] == "humans"
    assert sorted(r["winners"]) == ["ann", "cid", "dan"]
    # R13: ends at once, mid-turn: no step 3, nothing pending, roles revealed to all
    assert RULES.is_over(s) and RULES.prompts(s) == [] and RULES.legal_actions(s, "ann") == []
    over = of_type(ev, "game_over")
    assert over and over[0]["audience"] == "all" and over[0]["roles"]["bob"] == "thing"
    refused(s, "ann", "offer", "game_over", card="whisky")
    assert RULES.invariant_violations(s) == []


def test_a_infected_and_eliminated_humans_lose():
    s = infect_bob_and_dan()
    # turn 5: cid... ann must not be burned yet: ann plays a plain turn
    s, _ = plain_turn(s, "ann", offer="whisky", give="whisky")
    s, _ = burn(s, "bob", "cid")  # bob (infected) burns the human cid
    s, _ = exchange(s)
    s, _ = burn(s, "dan", "ann")  # then dan (infected) burns the Thing
    r = s["result"]
    assert r["reason"] == "thing_burned" and r["team"] == "humans"
    assert r["winners"] == []  # no surviving human: cid was eliminated, bob and dan are infected
    assert r["eliminated"] == ["cid", "ann"]


# ---------------------------------------------------------------- B: the Thing declares
def test_b_special_case_1_everyone_infected_nobody_eliminated_thing_alone_wins():
    s = infect_bob_and_dan()
    s, _ = seduce(s, "ann", "cid")
    assert s["roles"]["cid"] == "infected" and s["result"] is None  # R12: no auto-end by default
    assert s["turn"]["player"] == "bob"
    s, ev = act(s, "ann", "declare")  # during bob's turn: any time
    r = s["result"]
    assert r["reason"] == "declared_true" and r["team"] == "thing" and r["winners"] == ["ann"]


def test_b_true_last_human_converted_loses_other_infected_win():
    # bob infected; bob burns cid (human); dan, the last human, is then converted: dan loses
    s = make_game({"ann": THING}, deck=["suspicion"] * 30)
    s, _ = plain_turn(s, "ann", offer="infected", give="whisky")
    s, _ = burn(s, "bob", "cid")
    s, _ = exchange(s)
    s, _ = plain_turn(s, "dan", offer="suspicion", give="infected")
    assert s["roles"]["dan"] == "infected" and s["eliminated"] == ["cid"]
    s, _ = act(s, "ann", "declare")
    r = s["result"]
    assert r["reason"] == "declared_true" and r["team"] == "thing"
    assert sorted(r["winners"]) == ["ann", "bob"]


def test_b_true_last_human_eliminated_every_surviving_infected_wins():
    # Rulebook §Б: the last human also loses only "if converted (rather than eliminated)".
    # Here the last human, cid, is burned after bob and dan were infected: both win.
    s = infect_bob_and_dan()
    s, _ = plain_turn(s, "ann", offer="whisky", give="whisky")
    s, _ = burn(s, "bob", "cid")
    assert s["eliminated"] == ["cid"]
    s, _ = act(s, "ann", "declare")
    r = s["result"]
    assert r["reason"] == "declared_true"
    assert sorted(r["winners"]) == ["ann", "bob", "dan"]


def test_b_special_case_2_false_declaration_humans_win():
    s = infect_bob_and_dan()
    s, ev = act(s, "ann", "declare")
    r = s["result"]
    assert r["reason"] == "declared_false" and r["team"] == "humans" and r["winners"] == ["cid"]
    assert of_type(ev, "thing_declared")[0]["audience"] == "all"


def test_only_the_living_thing_may_declare_at_any_time():
    s = infect_bob_and_dan()
    refused(s, "bob", "declare", "not_thing")
    refused(s, "cid", "declare", "not_thing")
    s, _ = run(s, ("ann", "draw"), ("ann", "discard", {"card": "suspicion"}), ("ann", "offer", {"card": "whisky"}))
    assert prompt(s)["player"] == "bob"
    assert {"player": "ann", "type": "declare"} in RULES.legal_actions(s, "ann")


def test_auto_end_no_humans_option_ends_on_the_last_infection():
    s = infect_bob_and_dan(options={"auto_end_no_humans": True})
    s, ev = seduce(s, "ann", "cid")
    assert s["result"] is not None and s["result"]["reason"] == "declared_true"
    assert s["result"]["winners"] == ["ann"]  # special case 1 again
    assert of_type(ev, "game_over")
    assert RULES.invariant_violations(s) == []


# ---------------------------------------------------------------- Revenge (advanced rule 6)
def revenge_table():
    """bob, dan infected; cid human; bob burns ann (the Thing) on turn 6: the game goes on."""
    s = infect_bob_and_dan(options={"revenge": True})
    s, _ = plain_turn(s, "ann", offer="whisky", give="whisky")
    s, _ = burn(s, "bob", "ann")
    assert s["result"] is None and s["eliminated"] == ["ann"]
    assert prompt(s, "bob", "offer")  # bob's turn goes on to step 3 with cid
    return s


def test_revenge_the_game_goes_on_and_nobody_can_pass_infected():
    s = revenge_table()
    assert RULES.free_actions(s, "ann") == []
    refused(s, "ann", "declare", "eliminated")
    assert "infected" not in [o["card"] for o in prompt(s, "bob")["options"]]
    s, _ = exchange(s)
    s, _ = act(s, "cid", "draw")
    s, _ = act(s, "cid", "discard", card="suspicion")
    s, _ = act(s, "cid", "offer", card=s["hands"]["cid"][0])
    assert "infected" not in [o["card"] for o in prompt(s, "dan")["options"] if o["type"] == "give"]


def test_revenge_humans_win_when_only_humans_remain():
    s = revenge_table()
    s, _ = exchange(s)
    s, _ = burn(s, "cid", "dan")
    assert s["result"] is None  # bob (infected) is still alive
    s, _ = exchange(s)
    s, _ = plain_turn(s, "bob")
    s, _ = burn(s, "cid", "bob")
    r = s["result"]
    assert r["reason"] == "revenge_humans" and r["team"] == "humans" and r["winners"] == ["cid"]


def test_revenge_infected_win_when_only_infected_remain():
    s = revenge_table()
    s, _ = exchange(s)
    s, _ = plain_turn(s, "cid")
    s, _ = burn(s, "dan", "cid")
    r = s["result"]
    assert r["reason"] == "revenge_infected" and r["team"] == "thing"
    assert sorted(r["winners"]) == ["bob", "dan"]  # the eliminated Thing loses too


def test_revenge_thing_burned_with_only_humans_left_ends_at_once():
    s = make_game({"bob": ["the_thing", "whisky", "axe", "suspicion"]}, options={"revenge": True})
    s, _ = burn(s, "ann", "bob")
    assert s["result"]["reason"] == "revenge_humans"
    assert sorted(s["result"]["winners"]) == ["ann", "cid", "dan"]
