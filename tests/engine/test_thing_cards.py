"""One test (at least) per card of data/thing/cards.yaml, with its timing limits (§7).

Default table: ann, bob, cid, dan (4 players, clockwise), ann plays first, direction +1, so
ann's step-3 partner is bob and her neighbours are bob (side 1) and dan (side -1).
"""
import pytest


from helpers import (FILLER, RULES, act, door, door_pairs, hand, make_game, of_type, options, plays, prompt,
                     quarantined, refused, run, seen_by, with_infected)

ALL_CARDS = set(RULES.cards)
TESTED = set()


def covers(*cards):
    """Mark the card ids a test is about (checked by test_every_card_has_a_test)."""
    TESTED.update(cards)

    def deco(fn):
        return fn
    return deco


def ok(state):
    assert RULES.invariant_violations(state) == []
    return state


def to_step3(state, player="ann", discard=None):
    """Draw and discard (the drawn card by default) to reach step 3."""
    state, _ = act(state, player, "draw")
    card = discard or state["hands"][player][-1]
    state, _ = act(state, player, "discard", card=card)
    return state


# ---------------------------------------------------------------- infection cards
@covers("the_thing")
def test_the_thing_never_leaves_the_hand():
    s = make_game({"ann": ["the_thing", "whisky", "suspicion", "analysis"]})
    s, _ = act(s, "ann", "draw")
    assert {"type": "discard", "card": "the_thing"} not in prompt(s, "ann")["options"]
    assert not [o for o in plays(s, "the_thing")]
    refused(s, "ann", "discard", "thing_stays", card="the_thing")
    refused(s, "ann", "play", "thing_stays", card="the_thing")
    s, _ = act(s, "ann", "discard", card="suspicion")
    assert {"type": "offer", "card": "the_thing"} not in prompt(s)["options"]
    refused(s, "ann", "offer", "thing_stays", card="the_thing")
    assert s["roles"]["ann"] == "thing"


@covers("infected")
def test_infected_drawn_by_a_human_is_harmless_and_may_be_discarded_not_passed():
    s = make_game(deck=["infected"] + ["suspicion"] * 10,
                  hands={"bob": ["the_thing", "whisky", "suspicion", "analysis"]})
    s, ev = act(s, "ann", "draw")
    assert s["roles"]["ann"] == "human" and "infected" in s["hands"]["ann"]
    drawn = of_type(ev, "card_drawn")
    assert drawn[0]["audience"] == ["ann"] and drawn[0]["card"] == "infected"
    # a human may discard it at step 2 ...
    assert {"type": "discard", "card": "infected"} in prompt(s)["options"]
    s, _ = act(s, "ann", "discard", card="whisky")
    # ... but never offer it, not even to the Thing (bob)
    assert {"type": "offer", "card": "infected"} not in prompt(s)["options"]
    refused(s, "ann", "offer", "human_infected", card="infected")


# ---------------------------------------------------------------- action cards
@covers("flamethrower")
def test_flamethrower_eliminates_an_adjacent_player():
    s = make_game({"ann": ["flamethrower", "whisky", "suspicion", "analysis"],
                   "bob": ["no_thanks", "infected", "whisky", "axe"],
                   "cid": ["the_thing", "whisky", "suspicion", "analysis"]})
    s, _ = act(s, "ann", "draw")
    targets = {o["target"] for o in plays(s, "flamethrower")}
    assert targets == {"bob", "dan"}  # adjacent only, never yourself or cid across the table
    refused(s, "ann", "play", "target_not_adjacent", card="flamethrower", target="cid")
    s, ev = act(s, "ann", "play", card="flamethrower", target="bob")
    # the response window is always asked, also with no No Barbecue! in hand
    p = prompt(s, kind="respond")
    assert p["player"] == "bob" and p["options"] == [{"type": "accept"}]
    s, ev = act(s, "bob", "accept")
    assert s["seats"] == ["ann", "cid", "dan"] and s["eliminated"] == ["bob"]
    assert s["hands"]["bob"] == [] and "infected" in s["discard"]
    # the eliminated hand is discarded unseen: no event shows its cards
    assert not [e for e in ev if e.get("cards") and e.get("player") == "bob"]
    # the circle closed: ann now exchanges with cid at step 3
    s, _ = act(s, "ann", "offer", card="whisky")
    assert prompt(s, "cid", "answer")["from"] == "ann"
    refused(s, "bob", "draw", "eliminated")
    ok(s)


@covers("no_barbecue")
def test_no_barbecue_cancels_the_burn_and_is_replaced():
    s = make_game({"ann": ["flamethrower", "whisky", "suspicion", "analysis"],
                   "bob": ["no_barbecue", "no_thanks", "whisky", "axe"],
                   "cid": ["the_thing", "whisky", "suspicion", "analysis"]},
                  deck=["suspicion", "round_and_round", "analysis"])
    s, _ = run(s, ("ann", "draw"), ("ann", "play", {"card": "flamethrower", "target": "bob"}))
    p = prompt(s, "bob", "respond")
    # only the defence that answers a burn is offered (not No Thanks!)
    assert p["options"] == [{"type": "accept"}, {"type": "defend", "card": "no_barbecue"}]
    refused(s, "bob", "defend", "wrong_defence", card="no_thanks")
    s, ev = act(s, "bob", "defend", card="no_barbecue")
    assert "bob" in s["seats"] and not s["eliminated"]
    # replacement: the panic card on top is discarded unseen, then the event card is drawn
    assert hand(s, "bob") == sorted(["no_thanks", "whisky", "axe", "analysis"])
    assert "round_and_round" in s["discard"] and "no_barbecue" in s["discard"]
    assert of_type(ev, "panic_skipped") and not [e for e in ev if e.get("card") == "round_and_round"]
    # the active player goes on to step 3
    assert prompt(s, "ann", "offer")
    ok(s)


@covers("analysis")
def test_analysis_shows_the_target_hand_to_the_player_only():
    s = make_game({"ann": ["analysis", "whisky", "suspicion", "axe"],
                   "dan": ["the_thing", "infected", "whisky", "suspicion"]})
    s, _ = act(s, "ann", "draw")
    s, ev = act(s, "ann", "play", card="analysis", target="dan")
    shown = of_type(ev, "hand_shown")
    assert len(shown) == 1 and shown[0]["audience"] == ["ann"]
    assert sorted(shown[0]["cards"]) == hand(s, "dan")
    assert not [e for e in seen_by(ev, "bob") if e.get("cards")]
    assert of_type(seen_by(ev, "bob"), "hand_shown_privately")  # others only see that it happened
    assert prompt(s, "ann", "offer")


@covers("suspicion")
def test_suspicion_peeks_one_random_card_of_a_neighbour():
    s = make_game({"ann": ["suspicion", "whisky", "axe", "analysis"],
                   "bob": ["the_thing", "no_thanks", "missed", "scary"]})
    before = hand(s, "bob")
    s, _ = act(s, "ann", "draw")
    s, ev = act(s, "ann", "play", card="suspicion", target="bob")
    seen = of_type(ev, "card_seen")
    assert len(seen) == 1 and seen[0]["audience"] == ["ann"] and seen[0]["card"] in before
    assert hand(s, "bob") == before  # the card goes back
    assert RULES.prompts(s)[0]["player"] == "ann"  # no response window for bob


@covers("whisky")
def test_whisky_shows_your_hand_to_everyone():
    s = make_game({"ann": ["whisky", "infected", "axe", "analysis"]})
    s, _ = act(s, "ann", "draw")
    assert [o for o in plays(s, "whisky")] == [{"type": "play", "card": "whisky"}]
    s, ev = act(s, "ann", "play", card="whisky")
    shown = of_type(ev, "hand_shown")
    assert shown[0]["audience"] == "all" and sorted(shown[0]["cards"]) == hand(s, "ann")
    assert "infected" in shown[0]["cards"]


@covers("persistence")
def test_persistence_draws_three_event_cards_skipping_panics_then_play_again():
    s = make_game({"ann": ["persistence", "persistence", "axe", "analysis"]},
                  deck=["whisky", "oops", "suspicion", "party", "flamethrower", "scary", "no_thanks",
                        "missed", "watch_your_back"])
    s, _ = act(s, "ann", "draw")  # whisky
    s, ev = act(s, "ann", "play", card="persistence")
    p = prompt(s, "ann", "keep")
    # panics met on the way are discarded unseen; exactly 3 event cards are drawn
    assert sorted(o["card"] for o in p["options"]) == ["flamethrower", "scary", "suspicion"]
    assert len(of_type(ev, "panic_skipped")) == 2 and {"oops", "party"} <= set(s["discard"])
    assert all(e["audience"] == ["ann"] for e in of_type(ev, "card_drawn"))
    assert RULES.view(s, "ann")["you"]["choosing_from"]
    s, ev = act(s, "ann", "keep", card="flamethrower")
    assert "flamethrower" in s["hands"]["ann"] and {"suspicion", "scary"} <= set(s["discard"])
    # then play or discard again: a second Persistence chains
    p = prompt(s, "ann", "step2")
    assert {"type": "play", "card": "persistence"} in p["options"]
    s, _ = act(s, "ann", "play", card="persistence")
    assert sorted(o["card"] for o in prompt(s, "ann", "keep")["options"]) == \
        ["missed", "no_thanks", "watch_your_back"]
    s, _ = act(s, "ann", "keep", card="missed")
    s, _ = act(s, "ann", "discard", card="missed")
    assert len(s["hands"]["ann"]) == 5 - 1 + 1 - 1 + 1 - 1
    assert prompt(s, "ann", "offer")
    ok(s)


def test_persistence_keep_prompt_is_private():
    # §14.1: Persistence's drawn cards are seen by the drawing player only
    s = make_game({"ann": ["persistence", "whisky", "axe", "analysis"]},
                  deck=["whisky", "flamethrower", "scary", "no_thanks"])
    s, _ = run(s, ("ann", "draw"), ("ann", "play", {"card": "persistence"}))
    for other in ("bob", "cid", "dan"):
        view = RULES.view(s, other)
        assert "choosing_from" not in view["you"]
        assert "flamethrower" not in str(view)


@covers("watch_your_back")
def test_watch_your_back_reverses_turn_order_and_this_turn_exchange():
    s = make_game({"ann": ["watch_your_back", "whisky", "axe", "analysis"]})
    s, _ = act(s, "ann", "draw")
    s, ev = act(s, "ann", "play", card="watch_your_back")
    assert s["direction"] == -1 and of_type(ev, "direction_changed")
    s, _ = act(s, "ann", "offer", card="whisky")
    assert prompt(s)["player"] == "dan"  # the partner is already the other neighbour
    s, _ = act(s, "dan", "give", card="suspicion")
    assert s["turn"]["player"] == "dan"  # and dan plays next


@covers("change_places")
def test_change_places_swaps_with_an_adjacent_player_and_continues_from_the_new_seat():
    s = make_game({"ann": ["change_places", "whisky", "axe", "analysis"]})
    s, _ = act(s, "ann", "draw")
    assert {o["target"] for o in plays(s, "change_places")} == {"bob", "dan"}
    s, _ = act(s, "ann", "play", card="change_places", target="bob")
    assert prompt(s, "bob", "respond")["options"] == [{"type": "accept"}]
    s, ev = act(s, "bob", "accept")
    assert s["seats"] == ["bob", "ann", "cid", "dan"]
    assert hand(s, "bob") == sorted(FILLER)  # hands go along
    s, _ = act(s, "ann", "offer", card="whisky")
    assert prompt(s)["player"] == "cid"  # §6.3: step-3 partner is the new neighbour
    s, _ = act(s, "cid", "give", card="analysis")
    assert s["turn"]["player"] == "cid"  # next turn from ann's new seat


@covers("im_comfortable")
def test_im_comfortable_cancels_change_places():
    s = make_game({"ann": ["change_places", "whisky", "axe", "analysis"],
                   "bob": ["im_comfortable", "no_thanks", "whisky", "suspicion"]},
                  deck=["suspicion", "axe"])
    s, _ = run(s, ("ann", "draw"), ("ann", "play", {"card": "change_places", "target": "bob"}))
    p = prompt(s, "bob", "respond")
    assert {"type": "defend", "card": "im_comfortable"} in p["options"]
    assert {"type": "defend", "card": "no_thanks"} not in p["options"]
    s, ev = act(s, "bob", "defend", card="im_comfortable")
    assert s["seats"] == ["ann", "bob", "cid", "dan"]
    assert "im_comfortable" not in s["hands"]["bob"] and "axe" in s["hands"]["bob"]
    assert len(s["hands"]["bob"]) == 4
    assert of_type(ev, "defended")[0]["audience"] == "all"
    assert prompt(s, "ann", "offer")  # cancelled swap: go on to step 3


@covers("better_run")
def test_better_run_swaps_with_anyone_ignoring_doors_but_not_quarantine():
    s = make_game({"ann": ["better_run", "whisky", "axe", "analysis"],
                   "cid": ["im_comfortable", "whisky", "axe", "analysis"]}, players=5)
    door(s, "ann", "bob")
    quarantined(s, "dan")
    s, _ = act(s, "ann", "draw")
    targets = {o["target"] for o in plays(s, "better_run")}
    assert targets == {"bob", "cid", "eve"}  # bob is behind a door: ignored; dan quarantined
    refused(s, "ann", "play", "target_quarantined", card="better_run", target="dan")
    s2, _ = act(s, "ann", "play", card="better_run", target="bob")
    s2, _ = act(s2, "bob", "accept")
    assert s2["seats"] == ["bob", "ann", "cid", "dan", "eve"]
    # the door stayed in its gap: it now separates bob and ann still (same gap, seats swapped)
    assert door_pairs(s2) == [["bob", "ann"]]
    # cid may refuse with I'm Comfortable
    s3, _ = act(s, "ann", "play", card="better_run", target="cid")
    assert {"type": "defend", "card": "im_comfortable"} in prompt(s3, "cid", "respond")["options"]
    s3, _ = act(s3, "cid", "defend", card="im_comfortable")
    assert s3["seats"] == ["ann", "bob", "cid", "dan", "eve"]
    ok(s2), ok(s3)


@covers("seduction")
def test_seduction_exchanges_with_anyone_and_ends_the_turn():
    s = make_game({"ann": ["seduction", "whisky", "axe", "analysis"],
                   "cid": ["no_thanks", "suspicion", "axe", "analysis"]}, players=5)
    quarantined(s, "dan")
    s, _ = act(s, "ann", "draw")
    targets = {o["target"] for o in plays(s, "seduction")}
    assert targets == {"bob", "cid", "eve"}
    s1, _ = act(s, "ann", "play", card="seduction", target="cid")
    s1, _ = act(s1, "ann", "offer", card="whisky")
    assert prompt(s1, "cid", "answer")
    s1, ev = act(s1, "cid", "give", card="suspicion")
    assert "whisky" in s1["hands"]["cid"] and s1["hands"]["ann"].count("suspicion") == 2
    assert s1["turn"]["player"] == "bob"  # no step 3
    assert not of_type(ev, "exchange_offered") or all(e["to"] != "bob" for e in of_type(ev, "exchange_offered"))
    # R21: the turn ends also when the exchange is refused
    s2, _ = act(s, "ann", "play", card="seduction", target="cid")
    s2, _ = act(s2, "ann", "offer", card="whisky")
    s2, _ = act(s2, "cid", "defend", card="no_thanks")
    assert s2["turn"]["player"] == "bob" and "whisky" in s2["hands"]["ann"]
    ok(s1), ok(s2)


# ---------------------------------------------------------------- defence cards (exchange)
@covers("no_thanks")
def test_no_thanks_refuses_the_exchange_and_ends_the_turn():
    s = make_game({"bob": ["no_thanks", "whisky", "axe", "analysis"]}, deck=["suspicion", "oops", "scary"])
    s = to_step3(s)
    s, _ = act(s, "ann", "offer", card="whisky")
    p = prompt(s, "bob", "answer")
    assert {"type": "defend", "card": "no_thanks"} in p["options"]
    s, ev = act(s, "bob", "defend", card="no_thanks")
    assert "whisky" in s["hands"]["ann"] and "no_thanks" not in s["hands"]["bob"]
    assert "scary" in s["hands"]["bob"] and "oops" in s["discard"]  # replacement skips the panic
    assert s["turn"]["player"] == "bob"
    assert not of_type(ev, "exchanged")


@covers("scary")
def test_scary_refuses_and_shows_the_refuser_the_offered_card():
    s = make_game({"bob": ["scary", "whisky", "axe", "analysis"]}, deck=["suspicion", "flamethrower"])
    s = to_step3(s)
    s, _ = act(s, "ann", "offer", card="watch_your_back")
    s, ev = act(s, "bob", "defend", card="scary")
    seen = of_type(ev, "offered_card_seen")
    assert len(seen) == 1 and seen[0]["audience"] == ["bob"] and seen[0]["card"] == "watch_your_back"
    assert "watch_your_back" in s["hands"]["ann"]  # it goes back to its owner
    assert "flamethrower" in s["hands"]["bob"] and len(s["hands"]["bob"]) == 4
    assert s["turn"]["player"] == "bob"
    ok(s)


@covers("missed")
def test_missed_redirects_the_exchange_to_the_next_player():
    s = make_game({"bob": ["missed", "whisky", "axe", "analysis"],
                   "cid": ["no_thanks", "flamethrower", "axe", "analysis"]}, deck=["suspicion", "suspicion"])
    s = to_step3(s)
    s, _ = act(s, "ann", "offer", card="watch_your_back")
    s, ev = act(s, "bob", "defend", card="missed")
    assert "watch_your_back" in s["hands"]["ann"]  # R27: the refused card goes back; ann offers again
    s, ev = act(s, "ann", "offer", card="watch_your_back")
    p = prompt(s, "cid", "answer")  # the new partner may defend again (R4)
    assert {"type": "defend", "card": "no_thanks"} in p["options"]
    s, ev = act(s, "cid", "give", card="flamethrower")
    assert "watch_your_back" in s["hands"]["cid"] and "flamethrower" in s["hands"]["ann"]
    assert s["turn"]["player"] == "bob"  # Missed! does not change the turn order
    ok(s)


@pytest.mark.parametrize("obstacle", ["door", "quarantine"])
def test_missed_with_an_obstacle_behind_means_no_exchange(obstacle):
    s = make_game({"bob": ["missed", "whisky", "axe", "analysis"]}, deck=["suspicion", "suspicion"])
    if obstacle == "door":
        door(s, "bob", "cid")
    else:
        quarantined(s, "cid")
    s = to_step3(s)
    s, _ = act(s, "ann", "offer", card="watch_your_back")
    s, ev = act(s, "bob", "defend", card="missed")
    assert of_type(ev, "no_exchange") and not of_type(ev, "exchanged")
    assert "watch_your_back" in s["hands"]["ann"]
    assert s["turn"]["player"] == "bob"


# ---------------------------------------------------------------- obstacles
@covers("quarantine")
def test_quarantine_placement_blocks_play_targeting_and_exchange():
    s = make_game({"ann": ["quarantine", "whisky", "axe", "analysis"],
                   "cid": ["flamethrower", "seduction", "change_places", "suspicion"]})
    s, _ = act(s, "ann", "draw")
    targets = {o["target"] for o in plays(s, "quarantine")}
    assert targets == {"ann", "bob", "dan"}
    s, ev = act(s, "ann", "play", card="quarantine", target="bob")
    assert s["quarantine"] == {"bob": 3}
    assert "quarantine" not in s["discard"]  # it stays on the table
    # R2: applies at once: ann's step-3 exchange with bob does not take place
    assert s["turn"]["player"] == "bob"
    assert [(e["from"], e["to"], e["reason"]) for e in of_type(ev, "no_exchange")] == [("ann", "bob", "blocked")]
    # bob cannot play (only discard), and nobody may target him (cid's turn comes later)
    s, _ = act(s, "bob", "draw")
    assert {o["type"] for o in prompt(s, "bob")["options"]} == {"discard"}
    refused(s, "bob", "play", "quarantined", card="whisky")
    ok(s)


@covers("barred_door")
def test_barred_door_placed_in_a_gap_blocks_targeting_and_exchange_across():
    s = make_game({"ann": ["barred_door", "whisky", "axe", "analysis"]})
    s, _ = act(s, "ann", "draw")
    sides = sorted(o["side"] for o in plays(s, "barred_door"))
    assert sides == [-1, 1]
    s, ev = act(s, "ann", "play", card="barred_door", side=1)
    assert door_pairs(s) == [["ann", "bob"]]
    assert "barred_door" not in s["discard"]
    assert of_type(ev, "no_exchange")  # the step-3 exchange with bob is blocked
    assert s["turn"]["player"] == "bob"
    # bob cannot target ann across the door, nor place a second door in that gap
    s = make_game({"bob": ["flamethrower", "suspicion", "barred_door", "analysis"]}, first="bob")
    door(s, "ann", "bob")
    s, _ = act(s, "bob", "draw")
    opts = prompt(s)["options"]
    assert {o.get("target") for o in opts if o["type"] == "play" and "target" in o} == {"cid"}
    assert [o["side"] for o in opts if o["type"] == "play" and o["card"] == "barred_door"] == [1]
    refused(s, "bob", "play", "target_behind_door", card="flamethrower", target="ann")
    ok(s)


@covers("axe")
def test_axe_removes_a_neighbours_quarantine_or_a_door_beside_you():
    s = make_game({"ann": ["axe", "whisky", "suspicion", "analysis"]}, players=5)
    quarantined(s, "bob")
    quarantined(s, "cid")  # not adjacent: cannot be axed by ann
    door(s, "ann", "eve")
    door(s, "cid", "dan")  # not beside ann
    s, _ = act(s, "ann", "draw")
    axes = [o for o in plays(s, "axe")]
    assert sorted(axes, key=str) == sorted([
        {"type": "play", "card": "axe", "obstacle": "quarantine", "target": "bob"},
        {"type": "play", "card": "axe", "obstacle": "door", "side": -1}], key=str)
    s1, _ = act(s, "ann", "play", card="axe", obstacle="quarantine", target="bob")
    assert "bob" not in s1["quarantine"] and "cid" in s1["quarantine"]
    assert s1["discard"].count("quarantine") == 1
    s2, _ = act(s, "ann", "play", card="axe", obstacle="door", side=-1)
    assert door_pairs(s2) == [["cid", "dan"]] and "barred_door" in s2["discard"]
    ok(s1), ok(s2)


def test_axe_without_any_obstacle_cannot_be_played():
    s = make_game({"ann": ["axe", "whisky", "suspicion", "analysis"]})
    s, _ = act(s, "ann", "draw")
    assert not [o for o in plays(s, "axe") and o["type"] == "play"]


# ---------------------------------------------------------------- panic cards
def draw_panic(card, hands=None, players=4, rest=None, **kw):
    s = make_game(hands, players=players, deck=[card] + (rest or ["suspicion"] * 10), **kw)
    s, ev = act(s, kw.get("first") or "ann", "draw")
    return s, ev


def assert_panic_never_in_hand(s, card):
    assert all(card not in h for h in s["hands"].values())


@covers("revelations")
def test_revelations_goes_round_and_stops_at_infected():
    s, ev = draw_panic("revelations", {"cid": ["infected", "whisky", "axe", "analysis"]})
    assert of_type(ev, "panic_drawn")[0]["audience"] == "all"
    assert_panic_never_in_hand(s, "revelations")
    p = prompt(s, "ann", "revelation")
    assert {"type": "reveal", "what": "infected"} not in p["options"]
    s, ev = act(s, "ann", "reveal", what="hand")
    assert of_type(ev, "hand_shown")[0]["audience"] == "all"
    s, _ = act(s, "bob", "reveal", what="nothing")
    p = prompt(s, "cid", "revelation")
    assert {"type": "reveal", "what": "infected"} in p["options"]
    s, ev = act(s, "cid", "reveal", what="infected")
    assert of_type(ev, "hand_shown")[0]["cards"] == ["infected"]
    # stopped: dan is not asked; ann goes on to step 3
    assert prompt(s, "ann", "offer")
    assert "revelations" in s["discard"]


@covers("rotten_ropes")
def test_rotten_ropes_discards_every_quarantine_only():
    s = make_game(players=5, deck=["rotten_ropes"] + ["suspicion"] * 5)
    quarantined(s, "bob")
    quarantined(s, "dan")
    door(s, "cid", "dan")
    s, ev = act(s, "ann", "draw")
    assert s["quarantine"] == {} and s["discard"].count("quarantine") == 2
    assert door_pairs(s) == [["cid", "dan"]]
    assert prompt(s, "ann", "offer")  # bob is free again: exchange goes ahead
    assert_panic_never_in_hand(s, "rotten_ropes")
    ok(s)


@covers("get_out")
def test_get_out_swaps_with_any_non_quarantined_player_without_defence():
    s = make_game({"cid": ["im_comfortable", "whisky", "axe", "analysis"]}, players=5,
                  deck=["get_out"] + ["suspicion"] * 5)
    quarantined(s, "dan")
    door(s, "ann", "eve")
    s, _ = act(s, "ann", "draw")
    p = prompt(s, "ann", "choose")
    assert sorted(o["target"] for o in p["options"]) == ["bob", "cid"]  # R22: not eve behind a door
    s, _ = act(s, "ann", "choose", target="cid")
    assert s["seats"] == ["cid", "bob", "ann", "dan", "eve"]  # R20: no I'm Comfortable window
    # step 3 from the new seat: ann's partner is dan, who is quarantined: no exchange
    assert s["turn"]["player"] == "dan"
    assert_panic_never_in_hand(s, "get_out")
    ok(s)


@covers("forgetful")
def test_forgetful_discards_three_and_draws_three_event_cards():
    s, ev = draw_panic("forgetful", {"ann": ["the_thing", "whisky", "axe", "analysis"]},
                       rest=["scary", "oops", "no_thanks", "missed", "suspicion"])
    p = prompt(s, "ann", "forgetful")
    assert p["options"] == [{"type": "discard_set", "cards": ["analysis", "axe", "whisky"]}]
    refused(s, "ann", "discard_set", None, cards=["analysis", "axe", "the_thing"])
    s, ev = act(s, "ann", "discard_set", cards=["analysis", "axe", "whisky"])
    assert hand(s, "ann") == sorted(["the_thing", "scary", "no_thanks", "missed"])
    assert "oops" in s["discard"] and "forgetful" in s["discard"]
    ok(s)


@covers("one_two")
def test_one_two_swaps_with_the_third_player_ignoring_doors():
    s = make_game(players=7, deck=["one_two"] + ["suspicion"] * 5)
    door(s, "ann", "bob")
    s, _ = act(s, "ann", "draw")
    p = prompt(s, "ann", "choose")
    assert sorted(o["target"] for o in p["options"]) == ["dan", "eve"]
    s, _ = act(s, "ann", "choose", target="dan")
    assert s["seats"] == ["dan", "bob", "cid", "ann", "eve", "fay", "gus"]
    assert door_pairs(s) == [["dan", "bob"]]  # the door stayed in its gap
    assert prompt(s, "ann", "offer")["options"]
    s, _ = act(s, "ann", "offer", card="whisky")
    assert prompt(s)["player"] == "eve"


def test_one_two_with_four_players_and_quarantine():
    # R17: with 4 players the 3rd to the left is the 1st to the right; the drawer still picks a
    # side, and a quarantined player there means no swap (card text)
    s = make_game(players=4, deck=["one_two"] + ["suspicion"] * 5)
    s1, _ = act(s, "ann", "draw")
    assert sorted(o["target"] for o in prompt(s1, "ann", "choose")["options"]) == ["bob", "dan"]
    quarantined(s, "bob")
    s2, _ = act(s, "ann", "draw")
    assert sorted(o["target"] for o in prompt(s2, "ann", "choose")["options"]) == ["bob", "dan"]
    s3, ev = act(s2, "ann", "choose", target="bob")
    assert s3["seats"] == s2["seats"] and of_type(ev, "nothing_happens")
    quarantined(s, "dan")  # nobody free on either side: nothing to choose
    s4, ev = act(s, "ann", "draw")
    assert of_type(ev, "nothing_happens") and s4["seats"] == s["seats"]


@covers("three_four")
def test_three_four_discards_every_door_only():
    s = make_game(players=5, deck=["three_four"] + ["suspicion"] * 5)
    door(s, "ann", "bob")
    door(s, "cid", "dan")
    quarantined(s, "eve")
    s, _ = act(s, "ann", "draw")
    assert door_pairs(s) == [] and s["discard"].count("barred_door") == 2
    assert s["quarantine"] == {"eve": 3}
    assert prompt(s, "ann", "offer")  # the door to bob is gone
    ok(s)


@covers("three_four")
def test_three_four_with_no_door_says_nothing_happens():
    """«Все карты «Заколоченная дверь» в игре сбрасываются.»: with none in play the card does
    nothing, and the table is told so (it read the card's line and then nothing)."""
    s = make_game(players=5, deck=["three_four"] + ["suspicion"] * 5)
    quarantined(s, "eve")
    s2, ev = act(s, "ann", "draw")
    assert of_type(ev, "nothing_happens") and s2["quarantine"] == {"eve": 3}
    door(s, "ann", "bob")
    _, ev = act(s, "ann", "draw")
    assert not of_type(ev, "nothing_happens")   # a door discarded is the news


@covers("party")
def test_party_clears_obstacles_then_pairs_swap_clockwise():
    s = make_game(players=5, deck=["party"] + ["suspicion"] * 5, first="cid")
    quarantined(s, "ann")
    door(s, "dan", "eve")
    s = {**s, "direction": -1}  # pairs are clockwise whatever the direction
    s, ev = act(s, "cid", "draw")
    assert s["quarantine"] == {} and door_pairs(s) == []
    # R16: (cid, dan), (eve, ann) swap; bob, the odd one, stays
    assert s["seats"] == ["eve", "bob", "dan", "cid", "ann"]
    assert_panic_never_in_hand(s, "party")
    ok(s)


@covers("between_us")
def test_between_us_shows_your_hand_to_one_neighbour():
    s = make_game(players=5, deck=["between_us"] + ["suspicion"] * 5)
    door(s, "ann", "eve")
    quarantined(s, "bob")  # a panic card is not an event card: a quarantined neighbour may be chosen
    s, _ = act(s, "ann", "draw")
    assert [o["target"] for o in prompt(s, "ann", "choose")["options"]] == ["bob"]
    s, ev = act(s, "ann", "choose", target="bob")
    shown = of_type(ev, "hand_shown")
    assert shown[0]["audience"] == ["bob"] and sorted(shown[0]["cards"]) == hand(s, "ann")
    assert not [e for e in seen_by(ev, "cid") if e.get("cards")]


@covers("round_and_round")
def test_round_and_round_everyone_passes_at_once_and_the_turn_ends():
    s = make_game({"ann": ["the_thing", "infected", "axe", "analysis"],
                   "bob": ["no_thanks", "infected", "whisky", "suspicion"]},
                  deck=["round_and_round"] + ["suspicion"] * 5)
    quarantined(s, "cid")  # R18: quarantine and doors are ignored
    door(s, "cid", "dan")
    s, _ = act(s, "ann", "draw")
    ps = RULES.prompts(s)
    assert sorted(p["player"] for p in ps) == ["ann", "bob", "cid", "dan"]
    assert all(p["kind"] == "pass" for p in ps)
    bob = prompt(s, "bob")
    assert {o["card"] for o in bob["options"]} == {"no_thanks", "whisky", "suspicion"}  # no defence, human keeps Infected!
    s, ev = act(s, "bob", "pass", card="no_thanks")
    assert not [e for e in ev if e.get("card")]  # choices stay hidden
    refused(s, "bob", "pass", "not_your_turn", card="whisky")
    s, _ = act(s, "ann", "pass", card="infected")
    s, _ = act(s, "cid", "pass", card="whisky")
    s, ev = act(s, "dan", "pass", card="watch_your_back")
    assert "infected" in s["hands"]["bob"] and s["roles"]["bob"] == "infected"
    assert "no_thanks" in s["hands"]["cid"] and s["hands"]["dan"].count("whisky") == 2
    assert "watch_your_back" in s["hands"]["ann"]
    assert s["turn"]["player"] == "bob"  # the turn ended: no step 3
    infected_ev = of_type(ev, "infected")
    assert infected_ev and sorted(infected_ev[0]["audience"]) == ["ann", "bob"]
    ok(s)


@covers("friends")
def test_friends_exchanges_with_any_player_then_step3():
    s = make_game({"cid": ["scary", "whisky", "axe", "analysis"]}, players=5,
                  deck=["friends"] + ["suspicion"] * 5)
    quarantined(s, "dan")
    door(s, "ann", "eve")
    s, _ = act(s, "ann", "draw")
    assert sorted(o["target"] for o in prompt(s, "ann", "choose")["options"]) == ["bob", "cid"]
    s, _ = act(s, "ann", "choose", target="cid")
    s, _ = act(s, "ann", "offer", card="whisky")
    assert {"type": "defend", "card": "scary"} in prompt(s, "cid", "answer")["options"]
    s, _ = act(s, "cid", "defend", card="scary")
    # R5 default: the turn does not end; ann goes on to step 3 with bob
    p = prompt(s, "ann", "offer")
    s, _ = act(s, "ann", "offer", card="whisky")
    assert prompt(s)["player"] == "bob"


def test_friends_ends_turn_option():
    s = make_game(deck=["friends"] + ["suspicion"] * 5, options={"friends_ends_turn": True})
    s, _ = run(s, ("ann", "draw"), ("ann", "choose", {"target": "cid"}), ("ann", "offer", {"card": "whisky"}),
               ("cid", "give", {"card": "whisky"}))
    assert s["turn"]["player"] == "bob"


@covers("blind_date")
def test_blind_date_swaps_a_card_with_the_top_event_card_and_ends_the_turn():
    s, _ = draw_panic("blind_date", {"ann": ["the_thing", "whisky", "axe", "analysis"]},
                      rest=["oops", "flamethrower", "suspicion"])
    p = prompt(s, "ann", "blind_date")
    assert sorted(o["card"] for o in p["options"]) == ["analysis", "axe", "whisky"]
    s, ev = act(s, "ann", "swap_with_deck", card="axe")
    assert hand(s, "ann") == sorted(["the_thing", "whisky", "analysis", "flamethrower"])
    assert s["deck"][-1] == "axe"  # R6: face down on top of the pile
    assert "oops" in s["discard"]
    assert s["turn"]["player"] == "bob"
    assert [e["audience"] for e in of_type(ev, "card_drawn")] == [["ann"]]
    ok(s)


def test_blind_date_to_discard_option():
    s, _ = draw_panic("blind_date", rest=["flamethrower", "suspicion"], options={"blind_date_to_discard": True})
    s, _ = act(s, "ann", "swap_with_deck", card="whisky")
    assert "whisky" in s["discard"] and s["deck"][-1] != "whisky"


@covers("oops")
def test_oops_shows_your_hand_to_everyone():
    s, ev = draw_panic("oops", {"ann": ["the_thing", "whisky", "axe", "analysis"]})
    shown = of_type(ev, "hand_shown")
    assert shown[0]["audience"] == "all" and sorted(shown[0]["cards"]) == hand(s, "ann")
    assert prompt(s, "ann", "offer")
    assert "oops" in s["discard"]


# ---------------------------------------------------------------- timing limits (§7)
def test_every_card_has_a_test():
    assert TESTED == ALL_CARDS, sorted(ALL_CARDS - TESTED)


def test_actions_only_on_your_own_turn_at_step_2():
    s = make_game({"bob": ["flamethrower", "whisky", "suspicion", "analysis"]})
    refused(s, "bob", "play", "not_your_turn", card="whisky")
    refused(s, "ann", "play", "wrong_kind", card="whisky")  # step 1: draw first
    s, _ = act(s, "ann", "draw")
    refused(s, "bob", "play", "not_your_turn", card="flamethrower", target="ann")
    s = to_step3(make_game({"bob": ["flamethrower", "whisky", "suspicion", "analysis"]}))
    refused(s, "ann", "play", "wrong_kind", card="whisky")  # step 3: no more plays
    s, _ = act(s, "ann", "offer", card="whisky")
    # an action card is never an answer to an exchange
    refused(s, "bob", "play", "wrong_kind", card="flamethrower", target="ann")
    assert not [o for o in prompt(s, "bob")["options"] if o.get("card") == "flamethrower" and o["type"] != "give"]


def test_defence_cards_never_playable_at_step_2():
    defences = ["scary", "im_comfortable", "no_thanks", "missed", "no_barbecue"]
    s = make_game({"ann": defences[:4]}, deck=["no_barbecue"])
    s, _ = act(s, "ann", "draw")
    assert [o["type"] for o in prompt(s)["options"]] == ["discard"] * 5
    for card in defences:
        refused(s, "ann", "play", "defence_in_response", card=card)


def test_defence_is_not_offered_outside_its_window():
    s = make_game({"bob": ["no_barbecue", "no_thanks", "im_comfortable", "scary"],
                   "ann": ["suspicion", "analysis", "whisky", "axe"]})
    s, _ = act(s, "ann", "draw")
    for card in ("no_barbecue", "no_thanks"):
        refused(s, "bob", "defend", "not_your_turn", card=card)
    s, _ = act(s, "ann", "play", card="suspicion", target="bob")  # no defence against Suspicion
    assert [p["player"] for p in RULES.prompts(s)] == ["ann"]
    s, _ = act(s, "ann", "offer", card="whisky")
    p = prompt(s, "bob", "answer")
    defends = sorted(o["card"] for o in p["options"] if o["type"] == "defend")
    assert defends == ["no_thanks", "scary"]  # not No Barbecue!, not I'm Comfortable
    refused(s, "bob", "defend", "wrong_defence", card="no_barbecue")


def test_the_active_player_never_defends_on_their_own_turn():
    s = make_game({"ann": ["no_thanks", "missed", "scary", "whisky"],
                   "bob": ["the_thing", "whisky", "suspicion", "analysis"]})
    s = to_step3(s)
    s, _ = act(s, "ann", "offer", card="whisky")
    s, _ = act(s, "bob", "give", card="suspicion")
    # bob's turn: ann has no prompt at all, so no defence is possible for her
    assert options(s, "ann") == []


def test_panic_cards_are_resolved_on_draw_and_never_enter_a_hand():
    panics = [c for c, card in RULES.cards.items() if card.category == "panic"]
    for card in panics:
        s = make_game(players=6, deck=[card] + ["suspicion"] * 10)
        before = hand(s, "ann")
        s, ev = act(s, "ann", "draw")
        assert of_type(ev, "panic_drawn")[0]["card"] == card
        assert hand(s, "ann") == before, card
        assert all(card not in h for h in s["hands"].values())
        assert not [p for p in RULES.prompts(s) if p["kind"] == "step2"]  # no play/discard this turn


def test_panic_cards_are_not_drawn_into_hand_by_any_draw_effect():
    # a defence replacement skipping several panic cards
    s = make_game({"bob": ["no_thanks", "whisky", "axe", "analysis"]},
                  deck=["suspicion", "oops", "party", "friends", "whisky"])
    s = to_step3(s)
    s, _ = act(s, "ann", "offer", card="whisky")
    s, ev = act(s, "bob", "defend", card="no_thanks")
    assert len(of_type(ev, "panic_skipped")) == 3
    assert {"oops", "party", "friends"} <= set(s["discard"])
    assert s["hands"]["bob"].count("whisky") == 2


def test_empty_draw_pile_reshuffles_the_discard_pile():
    s = make_game(deck=["suspicion"])
    s = to_step3(s)  # ann discards the suspicion she drew
    s, _ = act(s, "ann", "offer", card="whisky")
    s, _ = act(s, "bob", "give", card="whisky")
    assert s["deck"] == [] and s["discard"] == ["suspicion"]
    s, ev = act(s, "bob", "draw")
    assert of_type(ev, "deck_reshuffled") and "suspicion" in s["hands"]["bob"]


def test_default_answer_never_plays_a_defence_card():
    # an AFK answer gives a random legal card, never a defence card (README, §14.1)
    for seed in range(15):
        s = make_game({"bob": ["no_thanks", "scary", "missed", "whisky"]}, seed=seed)
        s = to_step3(s)
        s, _ = act(s, "ann", "offer", card="whisky")
        s, ev = act(s, "bob", "default")
        assert of_type(ev, "exchanged") and not of_type(ev, "defended")
        assert "whisky" in s["hands"]["bob"] and len(s["hands"]["bob"]) == 4
    s = make_game({"ann": ["flamethrower", "whisky", "suspicion", "analysis"],
                   "bob": ["no_barbecue", "no_thanks", "whisky", "axe"]})
    s, _ = run(s, ("ann", "draw"), ("ann", "play", {"card": "flamethrower", "target": "bob"}))
    s, _ = act(s, "bob", "default")
    assert s["eliminated"] == ["bob"]  # the safe default is to accept


def test_stale_prompt_id_is_refused():
    s = make_game()
    old = prompt(s)["id"]
    s, _ = act(s, "ann", "draw", prompt=old)
    refused(s, "ann", "discard", "stale_prompt", card="suspicion", prompt=old)
    s, _ = act(s, "ann", "discard", card="suspicion", prompt=prompt(s)["id"])
