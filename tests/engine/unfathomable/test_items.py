"""Items and Upgrades (checklist O145-148), and every item card resolved once.

Seed 000 line numbers are quoted in each test."""
from __future__ import annotations

from tests.engine.unfathomable.helpers import answer, game, run, top


def test_c145_gain_an_item_top_card_face_up():
    """Checklist 145. Seed 2012-2014: «23.1 Коли гравець повинен взяти карту предмета, він бере верхню
    карту з колоди предметів і кладе її горілиць у свою ігрову зону.»"""
    r, s = game(items_top=["shotgun", "plimsolls"])
    events = run(r, s, [{"draw_items": {"who": "self"}}])
    assert s["items"]["p1"][-1] == "shotgun" and s["item_deck"][-1] == "plimsolls"
    assert any(e["type"] == "items_gained" and e["audience"] == "all" for e in events)


def test_c145_empty_item_deck_gives_nothing():
    """Checklist 145. Seed 2022: «23.4 Якщо в колоді предметів немає карт, гравець не може брати карти
    предметів.»"""
    r, s = game()
    s["items_removed"] += s["item_deck"]
    s["item_deck"] = []
    held = list(s["items"]["p1"])
    run(r, s, [{"draw_items": {"who": "self"}}])
    assert s["items"]["p1"] == held


def test_c145_cargo_hold_look_two_keep_one():
    """Cargo Hold (board.yaml): look at the top 2, keep 1, the other to the bottom."""
    r, s = game(items_top=["shotgun", "plimsolls"])
    events = run(r, s, [{"draw_items": {"who": "self", "look": 2, "keep": 1, "rest": "bottom"}}])
    peek = next(e for e in events if e["type"] == "items_peek")
    assert peek["audience"] == ["p1"] and peek["cards"] == ["shotgun", "plimsolls"]
    p = top(r, s)
    assert p["subset"]["min"] == 1 and p["subset"]["max"] == 1
    answer(r, s, "p1", type="choose_cards", cards=["plimsolls"])
    assert "plimsolls" in s["items"]["p1"] and s["item_deck"][0] == "shotgun"


def test_c145_one_card_left_take_it_or_put_it_back():
    """Checklist 145, ruling T5. Seed 2024: «❖ Якщо гравець розіграє властивість «Дія» трюму, а в колоді
    предметів залишилася всього одна карта, він може подивитися її, а потім узяти або повернути в
    колоду.»"""
    r, s = game()
    s["items_removed"] += s["item_deck"][:-1]
    s["item_deck"] = s["item_deck"][-1:]
    last = s["item_deck"][0]
    run(r, s, [{"draw_items": {"who": "self", "look": 2, "keep": 1, "rest": "bottom"}}])
    assert top(r, s)["subset"]["min"] == 0
    answer(r, s, "p1", type="choose_cards", cards=[])
    assert s["item_deck"] == [last] and last not in s["items"]["p1"]
    run(r, s, [{"draw_items": {"who": "self", "look": 2, "keep": 1, "rest": "bottom"}}])
    answer(r, s, "p1", type="choose_cards", cards=[last])
    assert s["item_deck"] == [] and last in s["items"]["p1"]


def test_c145_conjuration_look_five_rest_shuffled():
    r, s = game()
    n = len(s["item_deck"])
    looked = s["item_deck"][-5:]
    run(r, s, [{"draw_items": {"who": "self", "look": 5, "keep": 1, "rest": "shuffle"}}])
    answer(r, s, "p1", type="choose_cards", cards=[looked[0]])
    assert looked[0] in s["items"]["p1"] and len(s["item_deck"]) == n - 1
    assert set(looked[1:]) <= set(s["item_deck"])


def test_c145_discarded_items_leave_the_game():
    """Checklist 145. Seed 2016: «23.2 У грі немає скиду карт предметів. Коли предмет треба скинути, його
    вилучають із гри.»"""
    r, s = game(items_top=["shotgun", "plimsolls"])
    run(r, s, [{"draw_items": {"who": "self"}}, {"draw_items": {"who": "self"}}])
    start = s["items"]["p1"][0]
    run(r, s, [{"remove_items": {"who": "self", "item": "shotgun"}}])
    assert "shotgun" not in s["items"]["p1"] and "shotgun" in s["items_removed"]
    run(r, s, [{"remove_items": {"who": "self", "count": 1}}])
    answer(r, s, "p1", type="choose_cards", cards=["plimsolls"])
    assert s["items"]["p1"] == [start] and "plimsolls" in s["items_removed"]
    run(r, s, [{"remove_items": {"who": "each_player", "count": "all"}}])
    assert all(v == [] for v in s["items"].values())


def test_remove_items_keep_one():
    """Ill-Gotten Gains' failure: every Human keeps one item of their choice."""
    r, s = game(items_top=["shotgun", "plimsolls"])
    run(r, s, [{"draw_items": {"who": "self"}}, {"draw_items": {"who": "self"}}])
    run(r, s, [{"remove_items": {"who": "each_human", "count": "all", "keep": 1}}])
    answer(r, s, "p1", type="choose_cards", cards=["plimsolls"])
    assert s["items"]["p1"] == ["plimsolls"] and {"shotgun"} <= set(s["items_removed"])
    assert all(len(v) <= 1 for v in s["items"].values())


def test_c146_no_item_abilities_in_the_brig():
    """Checklist 146. Seed 2133: items cannot be used in the Brig (abilities.py filters them)."""
    r, s = game()
    assert any(ref.startswith("item:") for ref in r.abilities_of(s, "p1"))
    s["zone_of"]["p1"] = "brig"
    assert not any(ref.startswith("item:") for ref in r.abilities_of(s, "p1"))


def test_c147_active_upgrade_adds_a_card_type():
    """Checklist 147. Seed 2049-2051: «23.10 Доки гравець має активне вдосконалення у своїй ігровій зоні,
    вміння, вказане на карті вдосконалення, додається до його набору вмінь.»"""
    r, s = game(items_top=["binoculars"])
    base = sorted(r.set_types(s, "p1"))
    run(r, s, [{"draw_items": {"who": "self"}}])
    assert s["active_upgrade"]["p1"] == "binoculars"
    assert sorted(r.set_types(s, "p1")) == sorted(base + ["observation"])


def test_c148_second_upgrade_choose_the_active_one():
    """Checklist 147-148, ruling T8. Seed 2034: «23.7 Кожен гравець може мати лише одне активне
    вдосконалення.» Seed 2043: «23.8 Гравець може змінити своє активне удосконалення або на початку свого
    ходу, або в будь-який момент, коли отримує чи втрачає вдосконалення.»"""
    r, s = game(items_top=["binoculars", "medicine_ball", "fine_clothes"])
    run(r, s, [{"draw_items": {"who": "self"}}])
    run(r, s, [{"draw_items": {"who": "self"}}])
    p = top(r, s)
    assert p["kind"] == "choose_upgrade" and p["options"][0]["item"] == "binoculars"
    answer(r, s, "p1", type="upgrade", item="medicine_ball")
    assert s["active_upgrade"]["p1"] == "medicine_ball"
    assert "strength" in r.set_types(s, "p1") and r.set_types(s, "p1").count("observation") == \
        r.skill_set(s, "p1").get("observation", 0)
    # losing the active one: the other becomes active (one left, nothing to ask)
    run(r, s, [{"remove_items": {"who": "self", "item": "medicine_ball"}}])
    assert s["active_upgrade"]["p1"] == "binoculars" and top(r, s)["kind"] != "choose_upgrade"
    run(r, s, [{"remove_items": {"who": "self", "item": "binoculars"}}])
    assert "p1" not in s["active_upgrade"]


def pick_p2(r, s):
    """The pool of Humans in the zone (effects.py decides whether it lists the chooser)."""
    if top(r, s)["purpose"] == "player":
        answer(r, s, "p1", type="choose", value="p2")


def test_transfer_item_optional_gift_and_pickpocket():
    """Samira's Scavenger (optional gift to a Human in her zone) and Pickpocket (take one)."""
    r, s = game(items_top=["shotgun"])
    s["zone_of"]["p2"] = s["zone_of"]["p1"]
    run(r, s, [{"draw_items": {"who": "self"}}])
    run(r, s, [{"transfer_item": {"source": "self", "to": {"chosen_by": "self", "among": "humans_in_zone"},
                                  "chooser": "self", "optional": True}}])
    answer(r, s, "p1", type="choose", value=True)
    pick_p2(r, s)
    answer(r, s, "p1", type="choose", value="shotgun")
    assert "shotgun" in s["items"]["p2"] and "shotgun" not in s["items"]["p1"]
    run(r, s, [{"transfer_item": {"source": {"chosen_by": "self", "among": "humans_in_zone"}, "to": "self",
                                  "chooser": "self"}}])
    pick_p2(r, s)
    answer(r, s, "p1", type="choose", value="shotgun")
    assert "shotgun" in s["items"]["p1"]


def test_transfer_item_not_asked_when_impossible():
    r, s = game()
    s["zone_of"]["p1"] = "d7"   # alone
    held = {p: list(v) for p, v in s["items"].items()}
    run(r, s, [{"transfer_item": {"source": "self", "to": {"chosen_by": "self", "among": "humans_in_zone"},
                                  "chooser": "self", "optional": True}}])
    assert top(r, s) is None or top(r, s)["kind"] not in ("choose",)
    assert {p: list(v) for p, v in s["items"].items()} == held
