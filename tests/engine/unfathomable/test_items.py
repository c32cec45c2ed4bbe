"""Items and Upgrades (checklist O145-148), and every item card resolved once.

Seed 000 line numbers are quoted in each test."""
from __future__ import annotations

import pytest

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


# --- every item card resolved once ----------------------------------------------------------

def drive(r, s, picks=None):
    from tests.engine.unfathomable.test_spells import drive as _drive
    _drive(r, s, picks)


def use(r, s, p, item, n=0, picks=None):
    """``p`` uses the n-th ability of ``item`` (given to them if needed), then every prompt is
    answered (``picks`` by purpose, else the default)."""
    if item not in s["items"][p]:
        s["items"][p].append(item)
        s["item_deck"].remove(item) if item in s["item_deck"] else None
    events = []
    r.use_ability(s, p, f"item:{item}:{n}", events)
    r.run(s, events)
    drive(r, s, picks)
    return events


def put_deep_ones(s, zone, n):
    s["deep_ones"][zone] += n
    s["deep_one_supply"] -= n


def test_item_speaking_trumpet_rescues_own_and_adjacent():
    r, s = game()
    assert s["zone_of"]["p1"] == "captains_cabin" and s["passengers"]["d4"]   # d4 is next to the Cabin
    supply = len(s["passenger_supply"])
    use(r, s, "p1", "speaking_trumpet")
    assert s["passengers"]["d4"] == [] and len(s["passenger_supply"]) == supply + 1
    assert s["passengers"]["d3"]   # not adjacent: stays


@pytest.mark.parametrize("item,zone,roll,bonus_zone", [
    ("six_shooter", "bridge", 2, None),          # 2 + 2 = 4: a Deep One falls
    ("repeating_rifle", "d2", 3, None),          # adjacent, 3 + 1
    ("pocket_pistol", "bridge", 4, None),
    ("shotgun", "bridge", 2, 2),                 # +1 per enemy in the zone: 2 + 2
])
def test_item_weapons_defeat_a_deep_one(item, zone, roll, bonus_zone):
    r, s = game(rolls=[roll])
    assert s["zone_of"]["p2"] == "bridge"
    s["deep_ones"][zone] = 0
    put_deep_ones(s, zone, bonus_zone or 1)
    supply = s["deep_one_supply"]
    use(r, s, "p2", item)
    assert s["deep_one_supply"] == supply + 1


def test_item_pocket_pistol_may_reroll_a_miss():
    r, s = game(rolls=[1, 5])
    put_deep_ones(s, "bridge", 1)
    supply = s["deep_one_supply"]
    use(r, s, "p2", "pocket_pistol", picks={"reroll": {"type": "choose", "value": True}})
    assert s["deep_one_supply"] == supply + 1 and s["forced_rolls"] == []


def test_item_tool_kit_repairs_for_free():
    r, s = game()
    assert s["zone_of"]["p3"] == "boiler_room"
    card = s["damage_deck"].pop()
    s["damage"]["boiler_room"] = card
    hand = list(s["hands"]["p3"])
    use(r, s, "p3", "tool_kit")
    assert "boiler_room" not in s["damage"] and s["hands"]["p3"] == hand


def test_item_book_of_dagon_moves_every_deep_one_together():
    r, s = game()
    s["zone_of"]["p1"] = "d1"
    use(r, s, "p1", "book_of_dagon", picks={"zone": {"type": "choose", "value": "w1"}})
    assert s["deep_ones"]["d1"] == 0 and s["deep_ones"]["w1"] == 3


def test_item_plimsolls_free_step():
    r, s = game()
    use(r, s, "p1", "plimsolls", picks={"zone": {"type": "choose", "value": "d4"}})
    assert s["zone_of"]["p1"] == "d4"


def test_item_jam_tin_grenade():
    r, s = game()
    s["zone_of"]["p1"] = "d4"
    put_deep_ones(s, "captains_cabin", 2)
    s["zone_of"]["p4"] = "captains_cabin"
    supply = s["deep_one_supply"]
    use(r, s, "p1", "jam_tin_grenade", picks={"zone": {"type": "choose", "value": "captains_cabin"}})
    assert s["deep_ones"]["captains_cabin"] == 0 and s["deep_one_supply"] == supply + 2
    assert s["zone_of"]["p4"] == "sick_bay" and "captains_cabin" in s["damage"]
    assert "jam_tin_grenade" not in s["items"]["p1"] and "jam_tin_grenade" in s["items_removed"]


def test_item_starbuck_free_unarmed_attack_and_shield():
    r, s = game(rolls=[5])
    put_deep_ones(s, "captains_cabin", 1)
    supply = s["deep_one_supply"]
    use(r, s, "p1", "starbuck", 0)
    assert s["deep_one_supply"] == supply + 1
    # the shield: a defeat of p1 is prevented by removing Starbuck
    events = run(r, s, [{"defeat_player": {"who": "self"}}])
    p = top(r, s)
    assert p["kind"] == "window" and {"type": "use", "ability": "item:starbuck:1"} in p["options"]
    answer(r, s, "p1", type="use", ability="item:starbuck:1")
    drive(r, s)
    assert s["zone_of"]["p1"] == "captains_cabin" and "starbuck" in s["items_removed"] and events is not None


def test_item_kitchen_knife_adds_to_unarmed_attacks():
    r, s = game(rolls=[3, 3])
    s["items"]["p1"].append("kitchen_knife")
    s["item_deck"].remove("kitchen_knife")
    put_deep_ones(s, "captains_cabin", 1)
    supply = s["deep_one_supply"]
    run(r, s, [{"attack": {"unarmed": True}}])      # 3 + 1 = 4 ≥ 4
    drive(r, s)
    assert s["deep_one_supply"] == supply + 1


@pytest.mark.parametrize("item,type_", [("fine_clothes", "influence"), ("mystical_text", "lore"),
                                        ("binoculars", "observation"), ("medicine_ball", "strength"),
                                        ("treasured_memento", "will")])
def test_item_upgrades_add_their_type(item, type_):
    """Checklist 147: the active Upgrade adds one card of its type to the set."""
    r, s = game(items_top=[item])
    before = r.set_types(s, "p1").count(type_)
    run(r, s, [{"draw_items": {"who": "self"}}])
    assert r.set_types(s, "p1").count(type_) == before + 1


def window_use(r, s, player, ability, limit=60, picks=None):
    """Answer prompts until ``player`` may use ``ability`` in a window; use it; then finish
    (``picks`` by purpose as in ``drive``)."""
    picks = picks or {}
    for _ in range(limit):
        p = top(r, s)
        assert p is not None and p["kind"] != "action", "the window never offered it"
        if p["kind"] == "window":
            for q in r.prompts(s):
                if q["player"] == player and {"type": "use", "ability": ability} in q["options"]:
                    answer(r, s, player, type="use", ability=ability)
                    drive(r, s, picks)
                    return
            for q in r.prompts(s):
                answer(r, s, q["player"], type="pass")
        elif p.get("purpose") in picks:
            pick = picks[p["purpose"]]
            answer(r, s, p["player"], **(pick[0] if isinstance(pick, list) else pick))
        else:
            answer(r, s, p["player"], type="default")


def test_item_almanac_adds_an_observation_card_to_a_roll():
    r, s = game(rolls=[2])
    s["items"]["p1"].append("almanac")
    s["item_deck"].remove("almanac")
    s["hands"]["p1"] = ["observation:keen_insight:4:1"]
    fuel = s["resources"]["fuel"]
    run(r, s, [{"roll": {"at_least": 6, "then": [{"gain": {"fuel": 1}}]}}])
    window_use(r, s, "p1", "item:almanac:0")
    assert s["hands"]["p1"] == [] and s["resources"]["fuel"] == min(10, fuel + 1)   # 2 + 4 = 6


def test_item_lucky_ring_adds_two_to_a_revealed_check():
    r, s = game()
    s["items"]["p1"].append("lucky_ring")
    s["item_deck"].remove("lucky_ring")
    s["chaos"] = []
    for t in ("influence", "lore", "observation", "strength", "will", "treachery"):
        s["decks"][t], s["discards"][t] = [], []
    fuel = s["resources"]["fuel"]
    run(r, s, [{"skill_check": {"target": 2, "positive": ["lore", "will"], "on_pass": [{"gain": {"fuel": 1}}],
                                "on_fail": [{"lose": {"fuel": 1}}]}}])
    window_use(r, s, "p1", "item:lucky_ring:0")
    assert s["resources"]["fuel"] == min(10, fuel + 1)


def test_item_elder_sign_amulet_resolves_shrivelling_twice():
    r, s = game(rolls=[6, 6])
    assert s["zone_of"]["p4"] == "chapel"
    s["hands"]["p4"] = ["lore:shrivelling:2:1"]
    put_deep_ones(s, "chapel", 2)
    supply = s["deep_one_supply"]
    events = []
    r.use_ability(s, "p4", "card:lore:shrivelling:2:1", events)
    r.run(s, events)
    once = {"optional": [{"type": "choose", "value": True}, {"type": "choose", "value": False}],
            "attack_target": {"type": "choose", "value": "deep_one:chapel"}}
    window_use(r, s, "p4", "item:elder_sign_amulet:0", picks=once)
    assert s["deep_one_supply"] == supply + 2


def test_item_travel_pharmacy_saves_a_passenger():
    r, s = game()
    s["items"]["p1"].append("travel_pharmacy")
    s["item_deck"].remove("travel_pharmacy")
    token = s["passengers"]["d4"][0]
    food = s["resources"]["food"]
    run(r, s, [{"defeat_passengers": {"count": 1, "source": "deck_space", "chooser": "self"}}])
    for _ in range(5):
        p = top(r, s)
        if p["kind"] == "choose" and p.get("purpose") != "option":
            vals = [o["value"] for o in p["options"]]
            answer(r, s, p["player"], type="choose", value="d4" if "d4" in vals else vals[0])
        else:
            break
    window_use(r, s, "p1", "item:travel_pharmacy:0")
    assert token in s["passenger_supply"] and token not in s["passengers_removed"]
    assert s["resources"]["food"] == food - 1 or "travel_pharmacy" in s["items_removed"]


def test_every_item_is_covered():
    import sys
    from tests.engine.unfathomable.helpers import rules
    src = open(sys.modules[__name__].__file__).read()
    missing = [i.id for i in rules().pack.items.items if f"test_item_{i.id}" not in src and f'"{i.id}"' not in src]
    assert missing == []


def test_c145_cargo_hold_action():
    """The Cargo Hold's action through the zone: look at 2, keep 1 (board.yaml), seed 2024."""
    r, s = game(items_top=["shotgun", "plimsolls"])
    s["zone_of"]["p1"] = "cargo_hold"
    events = []
    r.use_ability(s, "p1", "zone:cargo_hold", events)
    r.run(s, events)
    answer(r, s, "p1", type="choose_cards", cards=["shotgun"])
    assert "shotgun" in s["items"]["p1"] and s["item_deck"][0] == "plimsolls"
