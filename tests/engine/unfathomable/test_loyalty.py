"""Loyalty cards and the Awakening phase (checklist P150-154, P159; RULINGS P6).

Seed 000 (UA rulebook + reference) line numbers are quoted in each test."""
from __future__ import annotations

from tests.engine.unfathomable.helpers import answer, game, run, top
from tests.engine.unfathomable.test_players import ready, reveal_now


def test_c151_an_unrevealed_traitor_is_a_human_for_every_effect():
    """Checklist 151. Seed 2225: «21.6 Гравця, який не оголосив свою зраду, вважають людиною, навіть
    якщо він має карти лояльності «Гібрид» чи «Культист».»"""
    r, s = game(loyalty={"p1": ["human"], "p2": ["hybrid"], "p3": ["human"], "p4": ["human"]})
    ready(r, s)
    assert r.is_human(s, "p2")
    run(r, s, [{"defeat_player": {"who": "arjun"}}])
    assert s["zone_of"]["p2"] == "sick_bay"      # a Human's defeat, not a traitor's


def test_c152_own_cards_private_counts_public():
    """Checklist 152. Seed 2227: «21.7 Гравець може переглядати свої карти лояльності в будь-який момент
    гри.»; seed 1512: how many loyalty cards each player has is public."""
    r, s = game(loyalty={"p1": ["human"], "p2": ["hybrid"], "p3": ["human"], "p4": ["human"]})
    v2, v3, table = r.view(s, "p2"), r.view(s, "p3"), r.view(s, None)
    assert v2["you"]["loyalty"] == ["hybrid"]
    assert "hybrid" not in str(v3) and "hybrid" not in str(table)
    assert table["loyalty_counts"] == {"p1": 1, "p2": 1, "p3": 1, "p4": 1}


def test_c153_awakening_deals_one_card_to_everyone_once():
    """Checklist 153, 136, 180. Seed 2716-2717: «53.1 КРОК 1. Після розіграшу карти курсу, яка
    збільшує подолану відстань до 6 або більше, роздайте кожному гравцеві по одній карті лояльності…
    53.2 КРОК 2. Гравці одночасно дивляться свої карти лояльності…»; seed 2721: once a game."""
    r, s = game()
    ready(r, s)
    ev = []
    r.awakening(s, ev)
    assert all(len(s["loyalty"][p]) == 2 for p in s["players"]) and s["loyalty_deck"] == []
    private = [e for e in ev if e["type"] == "loyalty_dealt"]
    assert len(private) == 4 and all(e["audience"] == [e["player"]] for e in private)
    assert any(e["type"] == "loyalty_look" for e in ev)
    again = []
    r.awakening(s, again)
    assert again == [] and all(len(s["loyalty"][p]) == 2 for p in s["players"])
    assert any(set(s["loyalty"][p]) & {"hybrid", "cultist"} for p in s["players"])   # checklist 180


def test_c154_revealed_traitors_give_the_new_card_to_a_human():
    """Checklist 154. Seed 2718-2719: «53.3 КРОК 3. Якщо в грі присутні відкриті зрадники, кожен з них,
    починаючи з поточного гравця, передає свою щойно отриману карту лояльності людині на свій вибір.»"""
    r, s = game(loyalty={"p1": ["human"], "p2": ["hybrid"], "p3": ["cultist"], "p4": ["human"]})
    ready(r, s)
    reveal_now(s, "p2")
    reveal_now(s, "p3", "cultist")
    assert s["loyalty_deck"] == ["human"] * 4
    ev = []
    r.awakening(s, ev)
    r.run(s, ev)
    pr = top(r, s)
    assert pr["kind"] == "awakening_give" and pr["player"] == "p2"
    assert {o["to"] for o in pr["options"]} == {"p1", "p4"}
    ev = answer(r, s, "p2", type="give_loyalty", to="p4")
    assert s["loyalty"]["p2"] == ["hybrid"] and len(s["loyalty"]["p4"]) == 3
    got = [e for e in ev if e["type"] == "loyalty_received"][0]
    assert got["audience"] == ["p4"]
    pr = top(r, s)
    assert pr["kind"] == "awakening_give" and pr["player"] == "p3"
    answer(r, s, "p3", type="give_loyalty", to="p1")
    assert s["loyalty"]["p3"] == ["cultist"] and len(s["loyalty"]["p1"]) == 3


def test_p6_no_human_to_receive_the_card_it_stays():
    """RULINGS P6: a revealed traitor with no Human to give the new card to keeps it."""
    r, s = game()
    ready(r, s)
    for p in s["players"]:
        s["revealed"][p] = "hybrid"
    s["loyalty_deck"] = ["human"] * 4
    ev = []
    r.awakening(s, ev)
    r.run(s, ev)
    assert all(len(s["loyalty"][p]) == 2 for p in s["players"])
    assert top(r, s) is None or top(r, s)["kind"] != "awakening_give"
