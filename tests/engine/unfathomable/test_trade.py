"""The trade action (checklist 48, 60; RULINGS X1-X3).

Seed 000 l.459: «Гравець може витратити дію, щоб дозволити будь-якій кількості гравців обмінятися
предметами. Можна обмінювати будь-яку кількість предметів. Поточний гравець не зобов'язаний брати
участь в обміні, але всі учасники обміну повинні бути в одній зоні із поточним гравцем.»
l.1685: «Будь-які гравці в зоні гравця, що розпочав обмін, можуть відавати та/або отримувати
предмети. Гравець, що розпочав обмін, не зобов'язаний брати в ньому участь.»
"""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from tests.engine.unfathomable.c_helpers import clear_board, empty_hands, give_item, reveal, to_actions
from tests.engine.unfathomable.helpers import answer, answer_default, game, top

ZONE = "captains_cabin"


def table(zones=None, n=4):
    """p1 (Keilani, speaking_trumpet), p2 (Arjun, six_shooter), p3 (Jeanne, tool_kit), p4 (William,
    elder_sign_amulet) at p1's action prompt; ``zones`` moves players."""
    r, s = game(n)
    clear_board(s)
    empty_hands(s)
    for p, z in (zones or {}).items():
        s["zone_of"][p] = z
    to_actions(r, s)
    return r, s


def options(r, s):
    return top(r, s)["options"]


def test_c048_trade_any_items_both_ways_starter_need_not_take_part():
    """Checklist 48. l.459, l.1685 (above): the Humans of the starter's zone give and receive any
    number of items; the starter only passes; p4 elsewhere takes no part."""
    r, s = table({"p2": ZONE, "p3": ZONE})
    assert {"player": "p1", "type": "trade"} in r.legal_actions(s, "p1")
    ev = answer(r, s, "p1", type="trade")
    started = next(e for e in ev if e["type"] == "trade_started")
    assert started["participants"] == ["p1", "p2", "p3"]
    t = top(r, s)
    assert t["kind"] == "trade_offer" and t["player"] == "p1" and t["default"] == {"type": "pass"}
    assert {"type": "give", "item": "speaking_trumpet", "to": "p4"} not in t["options"]
    answer(r, s, "p1", type="pass")                                   # the starter takes no part
    assert top(r, s)["player"] == "p2"
    answer(r, s, "p2", type="give", item="six_shooter", to="p3")
    assert top(r, s)["player"] == "p3"                                # p2 has nothing left: passes by itself
    answer(r, s, "p3", type="give", item="tool_kit", to="p2")         # and receives
    assert top(r, s)["player"] == "p3"                                # any number: asked again
    answer(r, s, "p3", type="give", item="six_shooter", to="p2")
    answer(r, s, "p1", type="pass")
    assert top(r, s)["player"] == "p2"                                # not yet a full round of passes
    ev = answer(r, s, "p2", type="pass")
    assert "trade_ended" in [e["type"] for e in ev]
    assert s["items"]["p2"] == ["tool_kit", "six_shooter"] and s["items"]["p3"] == []
    assert s["items"]["p1"] == ["speaking_trumpet"] and s["items"]["p4"] == ["elder_sign_amulet"]
    t = top(r, s)
    assert t["kind"] == "action" and s["stack"][-1]["left"] == 1     # the trade cost one action


def test_c048_trade_needs_another_human_in_the_zone_and_an_item():
    """Checklist 48: «всі учасники обміну повинні бути в одній зоні із поточним гравцем» [459]."""
    r, s = table()                                                   # everyone in their own zone
    assert "trade" not in [a["type"] for a in r.legal_actions(s, "p1")]
    r, s = table({"p2": ZONE})
    s["items"]["p1"], s["items"]["p2"] = [], []
    assert "trade" not in [a["type"] for a in r.legal_actions(s, "p1")]
    s["items"]["p2"] = ["six_shooter"]                               # the starter need not have items
    assert "trade" in [a["type"] for a in r.legal_actions(s, "p1")]


def test_c060_revealed_traitors_cannot_trade():
    """Checklist 60. l.1002: revealed traitors cannot trade; a traitor in the zone is no participant."""
    r, s = table({"p2": ZONE, "p3": ZONE})
    reveal(s, "p2")
    answer(r, s, "p1", type="trade")
    gives = [o for o in options(r, s) if o["type"] == "give"]
    assert gives == [{"type": "give", "item": "speaking_trumpet", "to": "p3"}]
    answer(r, s, "p1", type="pass")
    assert top(r, s)["player"] == "p3"                               # p2 is never asked
    answer(r, s, "p3", type="pass")
    assert top(r, s)["kind"] == "action"
    assert s["items"]["p2"] == ["six_shooter"]
    # alone with a traitor: no trade
    s["zone_of"]["p3"] = "bridge"
    assert "trade" not in [a["type"] for a in r.legal_actions(s, "p1")]


def test_c060_revealed_traitor_is_offered_no_trade():
    r, s = table({"p2": ZONE})
    reveal(s, "p1")
    assert "trade" not in [a["type"] for a in r.legal_actions(s, "p1")]


def test_x1_illegal_gift_refused_and_default_passes():
    """Ruling X1: a gift is one of the listed options (own tradable item, another participant);
    anything else is refused and changes nothing; the AFK default passes."""
    r, s = table({"p2": ZONE})
    answer(r, s, "p1", type="trade")
    before = {p: list(v) for p, v in s["items"].items()}
    for bad in ({"item": "six_shooter", "to": "p2"}, {"item": "speaking_trumpet", "to": "p4"},
                {"item": "speaking_trumpet", "to": "p1"}):
        with pytest.raises(RuleError):
            answer(r, s, "p1", type="give", **bad)
    assert {p: list(v) for p, v in s["items"].items()} == before
    answer_default(r, s, "p1")
    answer_default(r, s, "p2")
    assert top(r, s)["kind"] == "action" and s["items"] == before


def test_x2_only_inactive_upgrades_trade_and_the_receiver_chooses():
    """Ruling X2, checklist 147-148. l.2040-2041: «У контексті ігрових термінів неактивне
    вдосконалення вважають предметом в ігровій зоні гравця. Гравці можуть обмінювати й віддавати
    неактивні вдосконалення як звичайні предмети.» l.2043: the active one may change «в будь-який
    момент, коли отримує чи втрачає вдосконалення»."""
    r, s = table({"p2": ZONE})
    give_item(s, "p1", "fine_clothes")
    give_item(s, "p1", "binoculars")
    s["active_upgrade"]["p1"] = "fine_clothes"
    give_item(s, "p2", "medicine_ball")
    s["active_upgrade"]["p2"] = "medicine_ball"
    answer(r, s, "p1", type="trade")
    items = {o["item"] for o in options(r, s) if o["type"] == "give"}
    assert items == {"speaking_trumpet", "binoculars"}               # the active Fine Clothes stays
    answer(r, s, "p1", type="give", item="binoculars", to="p2")
    t = top(r, s)                                                    # p2 gained an Upgrade: chooses
    assert t["kind"] == "choose_upgrade" and t["player"] == "p2"
    answer(r, s, "p2", type="upgrade", item="binoculars")
    assert s["active_upgrade"]["p2"] == "binoculars" and s["active_upgrade"]["p1"] == "fine_clothes"
    assert top(r, s)["kind"] == "trade_offer" and top(r, s)["player"] == "p1"
    answer(r, s, "p1", type="pass")
    gives = {o["item"] for o in options(r, s) if o["type"] == "give"}
    assert gives == {"six_shooter", "medicine_ball"}                 # now inactive: tradable
    answer(r, s, "p2", type="give", item="medicine_ball", to="p1")
    t = top(r, s)
    assert t["kind"] == "choose_upgrade" and t["player"] == "p1"
    answer_default(r, s, "p1")                                       # keeps Fine Clothes active
    assert s["active_upgrade"]["p1"] == "fine_clothes" and "medicine_ball" in s["items"]["p1"]


def test_x2_a_lone_upgrade_given_becomes_active():
    """Ruling X2 with T8: the receiver's only Upgrade is active."""
    r, s = table({"p2": ZONE})
    give_item(s, "p1", "fine_clothes")
    give_item(s, "p1", "binoculars")
    s["active_upgrade"]["p1"] = "fine_clothes"
    answer(r, s, "p1", type="trade")
    answer(r, s, "p1", type="give", item="binoculars", to="p2")
    assert s["active_upgrade"]["p2"] == "binoculars" and top(r, s)["kind"] == "trade_offer"


def test_x3_humans_in_the_brig_may_trade():
    """Ruling X3 (spec A17): nothing forbids a trade in the Brig; trading is not using an item."""
    r, s = table({"p1": "brig", "p2": "brig"})
    assert "trade" in [a["type"] for a in r.legal_actions(s, "p1")]
    answer(r, s, "p1", type="trade")
    answer(r, s, "p1", type="give", item="speaking_trumpet", to="p2")
    assert s["items"]["p2"] == ["six_shooter", "speaking_trumpet"]
