"""Rulings R27 onwards (engine/thing/RULINGS.md): each test quotes the Russian rulebook (seed 003)
sentence it rests on, or names the ruling that fills a gap the rulebook leaves.

Default table: ann, bob, cid, dan (, eve...) clockwise, ann first, direction +1.
"""
from engine.core.events import visible_to
from engine.thing.invariants import violations

from helpers import RULES, THING_FILLER, act, door, make_game, of_type, prompt, quarantined, refused, with_infected


def ok(state):
    assert violations(state) == []
    return state


def to_step3(state, player="ann"):
    """Draw and discard the drawn card: the player is at step 3."""
    state, _ = act(state, player, "draw")
    state, _ = act(state, player, "discard", card=state["hands"][player][-1])
    return state


# ---------------------------------------------------------------- R27: Missed! is a new offer
# «ЗАРАЖЁННЫЙ»: «Если вы возьмёте из колоды ещё одну карту «Заражение!» ..., то её можно либо держать
# на руке, либо сбросить, либо передать игроку-Нечто. Однако при этом нельзя передавать её какому-то
# другому игроку (человеку или заражённому).»
# «Мимо!»: «Откажитесь от обмена. Вместо вас картами меняется следующий за вами (по очерёдности хода)
# игрок.» R27: the refused card goes back to the offerer, who offers again to the new partner.
def infected_ann_offers_a_spare_to_the_thing(card="infected"):
    s = make_game({"ann": ["infected", "infected", "whisky", "axe"],
                   "bob": ["the_thing", "missed", "whisky", "suspicion"]}, deck=["suspicion"] * 5)
    with_infected(s, "ann", "bob")
    s = to_step3(s)
    s, ev = act(s, "ann", "offer", card=card)
    s, ev2 = act(s, "bob", "defend", card="missed")
    return s, ev + ev2


def test_r27_an_infected_spare_refused_by_the_thing_never_reaches_another_player():
    s, ev = infected_ann_offers_a_spare_to_the_thing()
    assert of_type(ev, "exchange_redirected")[0]["to"] == "cid"
    assert s["hands"]["ann"].count("infected") == 2  # the refused card went back to ann
    p = prompt(s, "ann", "offer")  # ann offers again, now to cid (a human)
    assert sorted(o["card"] for o in p["options"]) == ["axe", "whisky"]
    refused(s, "ann", "offer", "infected_to_thing_only", card="infected")
    s, _ = act(s, "ann", "offer", card="axe")
    s, _ = act(s, "cid", "give", card="whisky")
    assert "infected" not in s["hands"]["cid"] and "axe" in s["hands"]["cid"]
    assert s["hands"]["ann"].count("infected") == 2 and s["roles"]["cid"] == "human"
    ok(s)


def test_r27_the_redirect_looks_the_same_whatever_card_was_refused():
    # the public (and cid, the new partner) cannot tell that ann offered an Infected! card
    outputs = []
    for card in ("infected", "whisky"):
        s, ev = infected_ann_offers_a_spare_to_the_thing(card)
        waiting = RULES.view(s, None)["waiting_for"]
        s, ev2 = act(s, "ann", "offer", card="axe")
        s, ev3 = act(s, "cid", "give", card="whisky")
        for who in (None, "cid", "dan"):
            seen = [e for e in ev + ev2 + ev3 if visible_to(e, who)]
            outputs.append((card, who, [w["kind"] for w in waiting], seen))
    first, second = outputs[:3], outputs[3:]
    assert [o[1:] for o in first] == [o[1:] for o in second]


def test_r27_the_thing_may_choose_a_new_card_for_the_redirected_exchange():
    # the offer is made again, so the Thing picks a card for the new partner (R4 still applies)
    s = make_game({"ann": ["the_thing", "infected", "whisky", "axe"],
                   "bob": ["missed", "whisky", "suspicion", "analysis"]}, deck=["suspicion"] * 5)
    s = to_step3(s)
    s, _ = act(s, "ann", "offer", card="whisky")
    s, ev = act(s, "bob", "defend", card="missed")
    assert "whisky" in s["hands"]["ann"]
    assert {"type": "offer", "card": "infected"} in prompt(s, "ann", "offer")["options"]
    s, _ = act(s, "ann", "offer", card="infected")
    s, _ = act(s, "cid", "give", card="whisky")
    assert s["roles"]["cid"] == "infected" and s["roles"]["bob"] == "human"
    ok(s)


# ---------------------------------------------------------------- R28: no redirect across a door
# «Заколоченная дверь»: «Отныне ни вы, ни он не можете совершать действия, нацеленные друг на друга
# (играть карты, меняться местами и картами).» «Мимо!»: «Если между вами есть препятствие (например,
# «Карантин» или «Заколоченная дверь»), обмена не происходит.» R28: the redirected exchange is
# between the offerer and the new partner, so a door between those two blocks it as well.
def seduction_of_cid_refused_with_missed(obstacle):
    s = make_game({"ann": ["seduction", "whisky", "suspicion", "analysis"],
                   "cid": ["missed", "whisky", "suspicion", "analysis"]})
    obstacle(s)
    s, _ = act(s, "ann", "draw")
    s, _ = act(s, "ann", "play", card="seduction", target="cid")
    s, _ = act(s, "ann", "offer", card="whisky")
    return act(s, "cid", "defend", card="missed")  # the player after cid is dan, ann's neighbour


def test_r28_missed_cannot_redirect_across_a_door_between_the_offerer_and_the_new_partner():
    s, ev = seduction_of_cid_refused_with_missed(lambda s: door(s, "dan", "ann"))
    assert not of_type(ev, "exchange_redirected") and not of_type(ev, "exchanged")
    assert [(e["from"], e["to"], e["reason"]) for e in of_type(ev, "no_exchange")] == [("ann", "dan", "missed")]
    assert sorted(s["hands"]["ann"]) == ["analysis", "suspicion", "suspicion", "whisky"]
    assert sorted(s["hands"]["dan"]) == sorted(THING_FILLER)  # dan's hand is untouched
    assert prompt(s, "bob", "draw")  # Seduction ended ann's turn (R21)
    ok(s)


def test_r28_a_door_elsewhere_does_not_block_the_redirect():
    # the door between bob and cid touches neither ann|dan nor cid|dan: the redirect goes ahead
    s, ev = seduction_of_cid_refused_with_missed(lambda s: door(s, "bob", "cid"))
    assert of_type(ev, "exchange_redirected")[0]["to"] == "dan"
    assert prompt(s, "ann", "offer")


def test_r28_missed_cannot_redirect_to_a_quarantined_player():
    s, ev = seduction_of_cid_refused_with_missed(lambda s: quarantined(s, "dan"))
    assert of_type(ev, "no_exchange") and not of_type(ev, "exchange_redirected")
    ok(s)
