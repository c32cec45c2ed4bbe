"""The infection rules (§2.1, §5): only the Thing infects; humans never pass «Заражение!»;
infected pass spares only to the Thing and never their last one; the Thing card never moves."""
import pytest

from engine.core.events import visible_to

from helpers import (RULES, act, hand, make_game, of_type, plain_turn, prompt, quarantined, refused, run,
                     with_infected)

THING = ["the_thing", "infected", "infected", "whisky"]


def at_offer(state, player="ann"):
    """Draw and discard the drawn card: the player is at step 3."""
    state, _ = act(state, player, "draw")
    state, _ = act(state, player, "discard", card=state["hands"][player][-1])
    return state


def test_the_thing_infects_a_human_in_an_exchange_privately():
    s = at_offer(make_game({"ann": THING}))
    s, ev = act(s, "ann", "offer", card="infected")
    s, ev = act(s, "bob", "give", card="whisky")
    assert s["roles"]["bob"] == "infected"
    assert s["infections"] == [{"player": "bob", "by": "ann"}]
    told = of_type(ev, "infected")
    assert len(told) == 1 and sorted(told[0]["audience"]) == ["ann", "bob"]
    assert not visible_to(told[0], "cid") and not visible_to(told[0], None)
    assert RULES.view(s, "bob")["you"]["infected_by"] == "ann"
    assert RULES.view(s, "ann")["you"]["infected"] == ["bob"]
    assert RULES.view(s, None).get("you") is None
    assert RULES.invariant_violations(s) == []


def test_public_output_is_identical_with_or_without_an_infection():
    # §14.1: the public (and any third player) cannot tell an infection happened
    base = at_offer(make_game({"ann": THING}))
    outputs = []
    for card in ("infected", "whisky"):
        s, ev1 = act(base, "ann", "offer", card=card)
        s, ev2 = act(s, "bob", "give", card="suspicion")
        outputs.append([e for e in ev1 + ev2 if visible_to(e, "cid")])
    strip = [[{k: v for k, v in e.items()} for e in out] for out in outputs]
    assert strip[0] == strip[1]


def test_the_thing_answering_an_offer_with_infected_infects_the_offerer():
    s = at_offer(make_game({"bob": THING}))
    s, _ = act(s, "ann", "offer", card="whisky")
    assert {"type": "give", "card": "infected"} in prompt(s, "bob", "answer")["options"]
    s, _ = act(s, "bob", "give", card="infected")
    assert s["roles"]["ann"] == "infected" and s["infections"] == [{"player": "ann", "by": "bob"}]


def test_a_human_never_passes_infected_even_to_the_thing():
    s = make_game({"ann": ["infected", "infected", "whisky", "axe"], "bob": THING,
                   "cid": ["infected", "whisky", "suspicion", "analysis"]},
                  deck=["suspicion"] * 5 + ["round_and_round"] + ["suspicion"] * 10)
    s = at_offer(s)
    assert [o["card"] for o in prompt(s)["options"]] == ["whisky", "axe"]
    refused(s, "ann", "offer", "human_infected", card="infected")
    s, _ = act(s, "ann", "offer", card="whisky")
    s, _ = act(s, "bob", "give", card="whisky")
    # answering an offer: cid (human) may not give Infected! back to bob (the Thing)
    s, _ = run(s, ("bob", "draw"), ("bob", "discard", {"card": "suspicion"}), ("bob", "offer", {"card": "whisky"}))
    assert {"type": "give", "card": "infected"} not in prompt(s, "cid", "answer")["options"]
    refused(s, "cid", "give", "human_infected", card="infected")


def test_infected_may_offer_a_spare_only_to_the_thing():
    s = make_game({"ann": ["infected", "infected", "whisky", "axe"], "bob": THING,
                   "dan": ["infected", "infected", "whisky", "suspicion"]})
    with_infected(s, "ann", "bob")
    with_infected(s, "dan", "bob")
    s1 = at_offer(s)
    assert {"type": "offer", "card": "infected"} in prompt(s1)["options"]  # bob is the Thing
    s1, _ = act(s1, "ann", "offer", card="infected")
    s1, ev = act(s1, "bob", "give", card="whisky")
    assert s1["hands"]["ann"].count("infected") == 1 and s1["hands"]["bob"].count("infected") == 3
    assert not of_type(ev, "infected")  # infected cards between Thing and infected infect no one
    # with the direction reversed ann's partner is dan, another infected: no spare for him
    s2 = at_offer({**s, "direction": -1})
    assert {"type": "offer", "card": "infected"} not in prompt(s2)["options"]
    refused(s2, "ann", "offer", "infected_to_thing_only", card="infected")
    assert RULES.invariant_violations(s1) == []


def test_infected_answering_the_thing_may_give_a_spare_but_not_the_last():
    s = make_game({"ann": THING, "bob": ["infected", "infected", "whisky", "axe"],
                   "dan": ["infected", "whisky", "suspicion", "analysis"]})
    with_infected(s, "bob", "ann")
    s = at_offer(s)
    s, _ = act(s, "ann", "offer", card="whisky")
    assert {"type": "give", "card": "infected"} in prompt(s, "bob")["options"]
    # dan with one Infected! answering the Thing (direction reversed) must keep it
    s2 = make_game({"ann": THING, "dan": ["infected", "whisky", "suspicion", "analysis"]})
    with_infected(s2, "dan", "ann")
    s2 = at_offer({**s2, "direction": -1})
    s2, _ = act(s2, "ann", "offer", card="whisky")
    assert {"type": "give", "card": "infected"} not in prompt(s2, "dan")["options"]
    refused(s2, "dan", "give", "last_infected", card="infected")


def infected_ann(**kw):
    """ann is infected with exactly one Infected! card; bob is the Thing."""
    s = make_game({"ann": ["infected", "whisky", "axe", "analysis"], "bob": THING}, **kw)
    return with_infected(s, "ann", "bob")


def test_last_infected_cannot_be_discarded_at_step_2():
    s, _ = act(infected_ann(), "ann", "draw")
    assert {"type": "discard", "card": "infected"} not in prompt(s)["options"]
    refused(s, "ann", "discard", "last_infected", card="infected")


def test_last_infected_cannot_be_discarded_in_quarantine():
    s = quarantined(infected_ann(), "ann")
    s, _ = act(s, "ann", "draw")
    assert [o["card"] for o in prompt(s)["options"]] == ["whisky", "axe", "analysis", "suspicion"]


def test_spare_infected_may_be_discarded_but_not_the_last():
    s = make_game({"ann": ["infected", "infected", "axe", "analysis"], "bob": THING})
    with_infected(s, "ann", "bob")
    s, _ = act(s, "ann", "draw")
    s, _ = act(s, "ann", "discard", card="infected")
    assert s["hands"]["ann"].count("infected") == 1


def test_last_infected_cannot_be_offered_even_to_the_thing():
    s = at_offer(infected_ann())
    assert {"type": "offer", "card": "infected"} not in prompt(s)["options"]
    refused(s, "ann", "offer", "last_infected", card="infected")


def test_last_infected_survives_forgetful():
    s = infected_ann(deck=["forgetful", "scary", "missed", "no_thanks"])
    s, _ = act(s, "ann", "draw")
    sets = [o["cards"] for o in prompt(s, "ann", "forgetful")["options"]]
    assert sets == [["analysis", "axe", "whisky"]]
    refused(s, "ann", "discard_set", None, cards=["analysis", "axe", "infected"])
    s, _ = act(s, "ann", "discard_set", cards=["analysis", "axe", "whisky"])
    assert "infected" in s["hands"]["ann"] and RULES.invariant_violations(s) == []


def test_last_infected_survives_blind_date():
    s = infected_ann(deck=["blind_date", "scary"])
    s, _ = act(s, "ann", "draw")
    assert "infected" not in [o["card"] for o in prompt(s, "ann", "blind_date")["options"]]
    refused(s, "ann", "swap_with_deck", "last_infected", card="infected")


def test_last_infected_survives_round_and_round():
    s = infected_ann(deck=["round_and_round", "scary"])
    s, _ = act(s, "ann", "draw")
    assert "infected" not in [o["card"] for o in prompt(s, "ann", "pass")["options"]]
    refused(s, "ann", "pass", "last_infected", card="infected")
    # the Thing's own card never moves either
    assert "the_thing" not in [o["card"] for o in prompt(s, "bob", "pass")["options"]]
    refused(s, "bob", "pass", "thing_stays", card="the_thing")


def test_the_thing_card_never_leaves_through_any_effect():
    for panic, kind, key in [("forgetful", "forgetful", "cards"), ("blind_date", "blind_date", "card"),
                             ("round_and_round", "pass", "card")]:
        s = make_game({"ann": ["the_thing", "whisky", "axe", "analysis"]}, deck=[panic] + ["scary"] * 4)
        s, _ = act(s, "ann", "draw")
        for o in prompt(s, "ann", kind)["options"]:
            assert "the_thing" not in (o[key] if isinstance(o[key], list) else [o[key]]), panic


def test_round_and_round_infected_may_pass_a_spare_to_the_thing_only():
    s = make_game({"ann": ["infected", "infected", "whisky", "axe"], "bob": THING,
                   "dan": ["infected", "infected", "whisky", "axe"]}, deck=["round_and_round"])
    with_infected(s, "ann", "bob")
    with_infected(s, "dan", "bob")
    s, _ = act(s, "ann", "draw")
    assert "infected" in [o["card"] for o in prompt(s, "ann")["options"]]  # ann passes to bob
    assert "infected" not in [o["card"] for o in prompt(s, "dan")["options"]]  # dan passes to ann
    # the Thing passes Infected! to cid (human): infected after all cards moved (R18)
    s, _ = run(s, ("ann", "pass", {"card": "infected"}), ("bob", "pass", {"card": "infected"}),
               ("cid", "pass", {"card": "whisky"}), ("dan", "pass", {"card": "whisky"}))
    assert s["roles"]["cid"] == "infected" and s["roles"]["ann"] == "infected"
    assert [i["player"] for i in s["infections"]] == ["ann", "dan", "cid"]
    assert RULES.invariant_violations(s) == []


def test_no_legal_card_means_no_exchange_r8():
    # a human holding only Infected! cards cannot answer: no exchange, announced neutrally
    s = make_game({"bob": ["infected"] * 4, "ann": ["whisky", "suspicion", "axe", "analysis"]})
    s = at_offer(s)
    s, ev = act(s, "ann", "offer", card="whisky")
    assert [(e["from"], e["to"]) for e in of_type(ev, "no_exchange")] == [("ann", "bob")]
    assert of_type(ev, "no_exchange")[0]["audience"] == "all"
    assert not of_type(ev, "exchanged") and "whisky" in s["hands"]["ann"]
    assert s["turn"]["player"] == "bob"


def test_no_legal_card_to_offer_means_no_exchange_r8():
    s = make_game({"ann": ["infected"] * 4}, deck=["whisky"])
    s, _ = run(s, ("ann", "draw"), )
    s, ev = act(s, "ann", "discard", card="whisky")
    assert of_type(ev, "no_exchange") and s["turn"]["player"] == "bob"


@pytest.mark.parametrize("missed_infects", [True, False])
def test_missed_redirect_and_infection_r4(missed_infects):
    s = make_game({"ann": THING, "bob": ["missed", "whisky", "axe", "analysis"]},
                  options={"missed_infects": missed_infects}, deck=["suspicion"] * 5)
    s = at_offer(s)
    s, _ = act(s, "ann", "offer", card="infected")
    s, _ = act(s, "bob", "defend", card="missed")
    s, _ = act(s, "ann", "offer", card="infected")  # R27: the offer is made again to cid
    s, ev = act(s, "cid", "give", card="whisky")
    assert "infected" in s["hands"]["cid"]
    assert s["roles"]["cid"] == ("infected" if missed_infects else "human")
    assert s["roles"]["bob"] == "human"


def test_missed_redirect_never_carries_an_infected_spare_to_a_non_thing_r27():
    # An infected offers a spare to the Thing; the Thing refuses with Missed!. The card may not
    # travel on: «Однако при этом нельзя передавать её какому-то другому игроку (человеку или
    # заражённому).» R27: the refused card goes back to ann, who offers cid a legal card instead.
    # (This replaces an earlier, wrong, engine reading that let the Infected! card go on to cid.)
    s = make_game({"ann": ["infected", "infected", "whisky", "axe"],
                   "bob": ["the_thing", "missed", "whisky", "suspicion"]}, deck=["suspicion"] * 5)
    with_infected(s, "ann", "bob")
    s = at_offer(s)
    s, _ = act(s, "ann", "offer", card="infected")
    s, _ = act(s, "bob", "defend", card="missed")
    assert "infected" not in [o["card"] for o in prompt(s, "ann", "offer")["options"]]
    refused(s, "ann", "offer", "infected_to_thing_only", card="infected")
    s, _ = act(s, "ann", "offer", card="whisky")
    s, ev = act(s, "cid", "give", card="whisky")
    assert "infected" not in s["hands"]["cid"] and s["hands"]["ann"].count("infected") == 2
    assert s["roles"]["cid"] == "human" and not of_type(ev, "infected")
    assert RULES.invariant_violations(s) == []


def test_seduction_by_the_thing_infects_any_player():
    s = make_game({"ann": ["the_thing", "infected", "seduction", "whisky"]})
    s, _ = run(s, ("ann", "draw"), ("ann", "play", {"card": "seduction", "target": "cid"}),
               ("ann", "offer", {"card": "infected"}), ("cid", "give", {"card": "whisky"}))
    assert s["roles"]["cid"] == "infected"


def test_only_the_thing_infects_a_human_holding_infected_stays_human():
    # a human with drawn Infected! cards exchanging with other humans never infects anyone
    s = make_game({"ann": ["infected", "infected", "whisky", "axe"],
                   "bob": ["infected", "whisky", "suspicion", "analysis"]})
    s, _ = plain_turn(s, "ann", offer="whisky", give="suspicion")
    assert set(s["roles"].values()) == {"human", "thing"} and s["infections"] == []
