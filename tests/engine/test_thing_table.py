"""Table geometry (§6): quarantine (§6.1, R1-R3, R9), barred doors (§6.2, R7, R22), seat
changes (§6.3) and direction (§6.4)."""
import pytest


from helpers import (RULES, act, door, door_pairs, exchange, make_game, of_type, plain_turn, plays, prompt,
                     quarantined, refused, run, top)

TARGETED = ["flamethrower", "analysis", "suspicion", "change_places", "better_run", "seduction"]


def test_quarantined_player_cannot_be_targeted_by_any_card():
    s = make_game({"ann": ["flamethrower", "analysis", "suspicion", "change_places"]}, deck=["seduction", "better_run"])
    quarantined(s, "bob")
    s, _ = act(s, "ann", "draw")
    for card in ["flamethrower", "analysis", "suspicion", "change_places", "seduction"]:
        assert "bob" not in [o.get("target") for o in plays(s, card)], card
        refused(s, "ann", "play", "target_quarantined", card=card, target="bob")
    assert [o["target"] for o in plays(s, "flamethrower")] == ["dan"]


def test_quarantined_player_turn_draw_discard_no_play_no_exchange():
    s = make_game({"ann": ["flamethrower", "whisky", "suspicion", "axe"]}, deck=["persistence"] * 5)
    quarantined(s, "ann")
    s, _ = act(s, "ann", "draw")
    assert {o["type"] for o in prompt(s)["options"]} == {"discard"}
    refused(s, "ann", "play", "quarantined", card="persistence")
    refused(s, "ann", "play", "quarantined", card="whisky")
    s, ev = act(s, "ann", "discard", card="persistence")
    assert of_type(ev, "no_exchange") and s["turn"]["player"] == "bob"


def test_player_before_a_quarantined_one_skips_step_3():
    s = make_game()
    quarantined(s, "bob")
    s, _ = act(s, "ann", "draw")
    s, ev = act(s, "ann", "discard", card="suspicion")
    assert [(e["from"], e["to"]) for e in of_type(ev, "no_exchange")] == [("ann", "bob")]
    assert s["turn"]["player"] == "bob"


@pytest.mark.parametrize("turns", [3, 2])
def test_quarantine_countdown_r2(turns):
    """Self-quarantine on your own turn: that turn does not count; it ends after your next N turns."""
    s = make_game({"ann": ["quarantine", "whisky", "suspicion", "axe"]}, options={"quarantine_turns": turns},
                  deck=["suspicion"] * 60)
    s, _ = run(s, ("ann", "draw"), ("ann", "play", {"card": "quarantine", "target": "ann"}))
    assert s["quarantine"] == {"ann": turns}
    for n in range(turns):
        # bob, cid, dan play; dan cannot exchange with ann
        s, _ = plain_turn(s, "bob")
        s, _ = plain_turn(s, "cid")
        s, _ = act(s, "dan", "draw")
        s, ev = act(s, "dan", "discard", card="suspicion")
        assert of_type(ev, "no_exchange")
        assert "ann" in s["quarantine"]
        # ann's own turn: draw, discard only
        s, _ = act(s, "ann", "draw")
        assert {o["type"] for o in prompt(s)["options"]} == {"discard"}
        s, ev = act(s, "ann", "discard", card="suspicion")
        assert of_type(ev, "no_exchange")
        if n < turns - 1:
            assert s["quarantine"] == {"ann": turns - n - 1}
    assert s["quarantine"] == {} and "quarantine" in s["discard"]
    assert of_type(ev, "quarantine_ended")
    # free again
    s, _ = plain_turn(s, "bob")
    s, _ = plain_turn(s, "cid")
    s, _ = plain_turn(s, "dan")
    s, _ = act(s, "ann", "draw")
    assert any(o["type"] == "play" for o in prompt(s)["options"])
    assert RULES.invariant_violations(s) == []


def test_quarantine_on_a_neighbour_counts_their_next_turn():
    s = make_game({"ann": ["quarantine", "whisky", "suspicion", "axe"]}, deck=["suspicion"] * 30)
    s, _ = run(s, ("ann", "draw"), ("ann", "play", {"card": "quarantine", "target": "bob"}))
    assert s["turn"]["player"] == "bob"  # no exchange with bob
    for left in (2, 1):
        s, _ = act(s, "bob", "draw")
        s, _ = act(s, "bob", "discard", card="suspicion")
        assert s["quarantine"] == {"bob": left}
        s, _ = plain_turn(s, "cid")
        s, _ = plain_turn(s, "dan")
        s, _ = act(s, "ann", "draw")
        s, _ = act(s, "ann", "discard", card="suspicion")  # no exchange with bob
    s, _ = act(s, "bob", "draw")
    s, ev = act(s, "bob", "discard", card="suspicion")
    assert s["quarantine"] == {} and of_type(ev, "quarantine_ended")


def test_cannot_quarantine_someone_already_quarantined_nor_across_a_door():
    s = make_game({"ann": ["quarantine", "whisky", "suspicion", "axe"]})
    quarantined(s, "bob")
    door(s, "ann", "dan")
    s, _ = act(s, "ann", "draw")
    assert [o["target"] for o in plays(s, "quarantine")] == ["ann"]


def test_quarantined_drawer_panic_swaps_and_exchanges_do_not_happen_r3():
    for panic in ("get_out", "one_two", "friends"):
        s = make_game(players=6, deck=[panic] + ["suspicion"] * 5)
        quarantined(s, "ann")
        s, ev = act(s, "ann", "draw")
        assert s["seats"] == ["ann", "bob", "cid", "dan", "eve", "fay"], panic
        assert of_type(ev, "nothing_happens"), panic
        assert not [p for p in RULES.prompts(s) if p["kind"] in ("choose", "offer")], panic
        assert s["turn"]["player"] == "bob"


def test_quarantined_drawer_still_reveals_r3():
    s = make_game(deck=["oops"])
    quarantined(s, "ann")
    s, ev = act(s, "ann", "draw")
    assert of_type(ev, "hand_shown")[0]["audience"] == "all"


def test_quarantined_player_cannot_axe_themselves_r9():
    s = make_game({"ann": ["axe", "whisky", "suspicion", "analysis"]})
    quarantined(s, "ann")
    s, _ = act(s, "ann", "draw")
    refused(s, "ann", "play", "quarantined", card="axe", obstacle="quarantine", target="ann")


def test_door_blocks_exchange_targeting_and_seat_swaps_between_its_two_players_only():
    s = make_game({"ann": ["flamethrower", "change_places", "seduction", "analysis"]}, players=5,
                  deck=["suspicion"] * 5)
    door(s, "ann", "bob")
    s, _ = act(s, "ann", "draw")
    for card in ("flamethrower", "change_places", "analysis", "suspicion"):
        assert [o["target"] for o in plays(s, card)] == ["eve"], card
    # R22: Seduction may not pick bob across the door, anyone else is fine
    assert sorted(o["target"] for o in plays(s, "seduction")) == ["cid", "dan", "eve"]
    s, ev = act(s, "ann", "discard", card="suspicion")
    assert of_type(ev, "no_exchange") and s["turn"]["player"] == "bob"
    # the players on the far side are unaffected: bob exchanges with cid normally
    s, _ = act(s, "bob", "draw")
    s, _ = act(s, "bob", "discard", card="suspicion")
    assert prompt(s, "bob", "offer")


def test_doors_stay_in_their_gap_when_seats_change():
    s = make_game({"ann": ["change_places", "whisky", "suspicion", "axe"]}, players=5)
    door(s, "bob", "cid")
    s, _ = run(s, ("ann", "draw"), ("ann", "play", {"card": "change_places", "target": "bob"}),
               ("bob", "accept"))
    assert s["seats"] == ["bob", "ann", "cid", "dan", "eve"]
    assert door_pairs(s) == [["ann", "cid"]]  # same gap, now between ann and cid
    # ann's step-3 partner is cid, behind the door: no exchange, turn passes to cid
    assert s["turn"]["player"] == "cid"
    assert RULES.invariant_violations(s) == []


def test_door_next_to_an_eliminated_player_r7():
    # bob burns cid; doors on both sides of cid
    s = make_game({"bob": ["flamethrower", "whisky", "suspicion", "axe"]}, players=5, first="bob")
    door(s, "ann", "bob")
    door(s, "cid", "dan")
    door(s, "dan", "eve")
    s, _ = run(s, ("bob", "draw"), ("bob", "play", {"card": "flamethrower", "target": "cid"}), ("cid", "accept"))
    assert s["seats"] == ["ann", "bob", "dan", "eve"]
    assert door_pairs(s) == [["ann", "bob"], ["bob", "dan"], ["dan", "eve"]]
    assert s["discard"].count("barred_door") == 0
    # (R7's "two doors in one gap" cannot arise: the burner always faces the victim across an open gap)
    s2 = make_game({"bob": ["flamethrower", "whisky", "suspicion", "axe"]}, players=5, first="bob")
    door(s2, "cid", "dan")  # one door beside cid: it now lies between bob and dan
    door(s2, "dan", "eve")
    s2, _ = run(s2, ("bob", "draw"), ("bob", "play", {"card": "flamethrower", "target": "cid"}), ("cid", "accept"))
    assert door_pairs(s2) == [["bob", "dan"], ["dan", "eve"]]
    assert RULES.invariant_violations(s) == [] and RULES.invariant_violations(s2) == []


def test_eliminated_quarantined_player_loses_the_quarantine():
    s = make_game({"ann": ["flamethrower", "whisky", "suspicion", "axe"]}, players=5)
    # bob is targetable only when not quarantined: put the quarantine on him after the play
    s, _ = run(s, ("ann", "draw"), ("ann", "play", {"card": "flamethrower", "target": "bob"}))
    quarantined(s, "bob")
    s, _ = act(s, "bob", "accept")
    assert s["quarantine"] == {} and "quarantine" in s["discard"]
    assert RULES.invariant_violations(s) == []


def test_watch_your_back_then_turn_order_goes_the_other_way():
    s = make_game({"ann": ["watch_your_back", "whisky", "suspicion", "axe"]}, deck=["suspicion"] * 20)
    s, _ = run(s, ("ann", "draw"), ("ann", "play", {"card": "watch_your_back"}))
    s, _ = exchange(s)
    order = []
    for _ in range(4):
        order.append(s["turn"]["player"])
        s, _ = plain_turn(s, s["turn"]["player"])
    assert order == ["dan", "cid", "bob", "ann"]


def test_next_turn_goes_from_the_active_players_new_seat():
    # §4: after You'd Better Run! ann sits where cid was: the next turn is her new clockwise
    # neighbour's, dan
    s = make_game({"ann": ["better_run", "whisky", "suspicion", "axe"]})
    s, _ = run(s, ("ann", "draw"), ("ann", "play", {"card": "better_run", "target": "cid"}), ("cid", "accept"))
    assert s["seats"] == ["cid", "bob", "ann", "dan"]
    s, _ = exchange(s)
    assert s["turn"]["player"] == "dan"


def test_neighbours_only_option_r10():
    s = make_game({"ann": ["seduction", "better_run", "whisky", "axe"]}, players=6,
                  options={"neighbours_only": True})
    s, _ = act(s, "ann", "draw")
    assert sorted(o["target"] for o in plays(s, "seduction")) == ["bob", "fay"]
    assert sorted(o["target"] for o in plays(s, "better_run")) == ["bob", "fay"]
    # one neighbour blocked: the other one only
    s = make_game({"ann": ["seduction", "better_run", "whisky", "axe"]}, players=6, options={"neighbours_only": True})
    quarantined(s, "bob")
    s, _ = act(s, "ann", "draw")
    assert [o["target"] for o in plays(s, "seduction")] == ["fay"]
    # both blocked: fall back to anyone legal
    s = make_game({"ann": ["seduction", "better_run", "whisky", "axe"]}, players=6, options={"neighbours_only": True})
    quarantined(s, "bob")
    door(s, "ann", "fay")
    s, _ = act(s, "ann", "draw")
    assert sorted(o["target"] for o in plays(s, "seduction")) == ["cid", "dan", "eve"]
