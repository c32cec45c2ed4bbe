"""Ship damage and repair (checklist J 109-116), every damage card of damage.yaml.

Seed: shared/seeds/000, line numbers in brackets.
"""
import pytest

from engine.core.errors import RuleError
from engine.unfathomable.common import card_value

from .helpers import rules, run
from .test_monsters import board, damage, put, settle

PLACED = ["structural_damage_influence", "structural_damage_lore", "structural_damage_observation",
          "structural_damage_strength", "structural_damage_will", "structural_damage_wild"]


def give(s, p, type_, values):
    """Move skill cards of ``type_`` with these printed values from the deck into ``p``'s hand."""
    out = []
    for v in values:
        card = next(c for c in s["decks"][type_] if card_value(c) == v)
        s["decks"][type_].remove(card)
        s["hands"][p].append(card)
        out.append(card)
    return out


def action_options(r, s, p="p1"):
    prompt = next(x for x in r.prompts(s) if x["player"] == p and x["kind"] == "action")
    return prompt["options"]


def test_every_damage_card_is_covered():
    assert sorted(d.id for d in rules().pack.damage.damage_cards) == sorted(
        PLACED + ["fuel_leak", "flooded_food_stores", "fleeing_passengers"])


# --- every damage card resolved ------------------------------------------------------------------
@pytest.mark.parametrize("card", PLACED)
def test_c110_structural_damage_lands_on_the_named_zone(card):
    """Checklist 110. «Якщо карта пошкодження – це «Пошкодження корпусу», гравець розміщує карту в
    зоні, яку треба пошкодити.» [2537]"""
    r, s = board(damage_top=[card])
    run(r, s, [{"damage_zone": {"at": {"zone": "galley"}}}])
    settle(r, s)
    assert s["damage"] == {"galley": card} and card not in s["damage_deck"]


@pytest.mark.parametrize("card,resource", [("fuel_leak", "fuel"), ("flooded_food_stores", "food")])
def test_c110_removed_card_resolves_and_no_other_is_drawn(card, resource):
    """Checklist 110. «Якщо карту пошкоджень треба вилучити з гри після розіграшу, гравець не бере
    додаткової карти.» [2539]"""
    r, s = board(damage_top=[card, "structural_damage_will"])
    before = s["resources"][resource]
    run(r, s, [{"damage_zone": {"at": {"zone": "galley"}}}])
    settle(r, s)
    assert s["resources"][resource] == before - 1
    assert s["damage"] == {} and s["damage_removed"] == [card]
    assert s["damage_deck"][-1] == "structural_damage_will"   # not drawn
    assert len(s["damage_deck"]) == 8


def test_c116_fleeing_passengers_risks_one_then_draws_again_for_the_same_zone():
    """Checklist 116 / pack ruling 5, README ruling 31: Fleeing Passengers risks a passenger, goes to
    the bottom of the damage deck and another card is drawn for the same damage. «ризикніть
    пасажиром ... кинути кістку й ... помістити жетон пасажира з запасу у палубну зону» [2353]"""
    r, s = board(damage_top=["fleeing_passengers", "structural_damage_will"])
    supply = len(s["passenger_supply"])
    s["forced_rolls"] = [5]
    run(r, s, [{"damage_zone": {"at": {"zone": "galley"}}}])
    settle(r, s)
    assert len(s["passengers"]["d5"]) == 1 and len(s["passenger_supply"]) == supply - 1
    assert s["damage"] == {"galley": "structural_damage_will"}
    assert s["damage_deck"][0] == "fleeing_passengers" and len(s["damage_deck"]) == 8


def test_fleeing_passengers_alone_in_the_deck_ends_the_damage():
    """Ruling M4: a damage deck holding only Fleeing Passengers resolves it once and stops."""
    r, s = board()
    s["damage_deck"] = ["fleeing_passengers"]
    s["damage_removed"] = [c for c in PLACED + ["fuel_leak", "flooded_food_stores"]]
    s["forced_rolls"] = [2]
    events = run(r, s, [{"damage_ship": {"times": 1}}])
    settle(r, s, events=events)
    assert len(s["passengers"]["d2"]) == 1
    assert s["damage_deck"] == ["fleeing_passengers"] and s["damage"] == {}
    assert "damage_deck_exhausted" in [e["type"] for e in events]


# --- damage the ship (109, 111, 112, 116) -----------------------------------------------------
def test_c109_damage_ship_rolls_the_zone():
    """Checklist 109. «Якщо розігруючи ефект «Пошкодьте корабель», ви відкрили карту «Пошкодження
    корпусу», киньте кістку й покладіть карту в ту внутрішню зону, чий номер збігається з
    результатом кидка.» [840]"""
    r, s = board(damage_top=["structural_damage_lore", "structural_damage_will"])
    s["zone_of"]["p2"] = "d1"
    s["forced_rolls"] = [2, 5]
    run(r, s, [{"damage_ship": {"times": 2}}])
    settle(r, s)
    assert s["damage"] == {"bridge": "structural_damage_lore", "cargo_hold": "structural_damage_will"}


def test_c112_rulebook_damage_example_galley_to_engine_room():
    """Checklist 112. «поточний гравець кидає кістку й отримує «6», що відповідає камбузу. Камбуз уже
    пошкоджений ... Карцер не може бути пошкоджений. Каюта капітана ..., трюм та машинне відділення
    непошкоджені та сусідні до камбуза. З усіх прийнятних зон найбільший номер має машинне
    відділення» [857-865]; checklist 116: the Hull Damage card defeats the unrevealed player there."""
    r, s = board(damage_top=["structural_damage_observation"])
    damage(r, s, "galley", "structural_damage_lore")
    assert s["zone_of"]["p3"] == "boiler_room"
    s["forced_rolls"] = [6]
    run(r, s, [{"damage_ship": {"times": 1}}])
    settle(r, s)
    assert s["damage"]["boiler_room"] == "structural_damage_observation"
    assert set(s["damage"]) == {"galley", "boiler_room"}
    assert s["zone_of"]["p3"] == "sick_bay"


def test_c116_placed_damage_spares_revealed_traitors():
    """Checklist 116 (pack fact): «a placed Hull Damage card defeats every unrevealed player in that
    zone» - a revealed traitor there stays."""
    r, s = board(damage_top=["structural_damage_will"],
                 loyalty={"p1": ["human"], "p2": ["hybrid"], "p3": ["human"], "p4": ["human"]})
    s["revealed"]["p2"] = "hybrid"
    s["zone_of"]["p2"] = "galley"
    s["zone_of"]["p4"] = "galley"
    run(r, s, [{"damage_zone": {"at": {"zone": "galley"}}}])
    settle(r, s)
    assert s["zone_of"]["p2"] == "galley" and s["zone_of"]["p4"] == "sick_bay"


def test_c111_damage_zone_redirects_and_sets_picked():
    """Checklist 111. «Пошкоджену зону не можна пошкодити ще раз. Якщо потрібно пошкодити
    пошкоджену зону, натомість пошкодьте найближчу непошкоджену внутрішню зону.» [2547]; README
    `damage_zone` sets `picked` to the zone actually damaged (Flush them out)."""
    r, s = board(damage_top=["structural_damage_will"])
    damage(r, s, "boiler_room", "structural_damage_lore")
    run(r, s, [{"damage_zone": {"at": {"zone": "boiler_room"}}},
               {"place_deep_ones": {"count": 4, "at": {"picked": True}}}])
    settle(r, s)
    assert s["damage"]["galley"] == "structural_damage_will"   # Galley (6) beats Cargo Hold (5)
    assert s["deep_ones"]["galley"] == 4


def test_unplaced_damage_leaves_picked_unset():
    """README ruling 30: damage ending with an unplaced card damages no zone, so a later `picked`
    step is skipped (Infiltrator)."""
    r, s = board(damage_top=["fuel_leak"])
    run(r, s, [{"damage_ship": {"times": 1}}, {"place_deep_ones": {"count": 1, "at": {"picked": True}}}])
    settle(r, s)
    assert sum(n for z, n in s["deep_ones"].items()) == 0 and s["damage"] == {}


def test_c111_only_damageable_zones():
    """Checklist 111. «Карцер і лазарет – внутрішні зони, але їх не можна пошкодити.» [2543]"""
    r, s = board(damage_top=["structural_damage_will"])
    run(r, s, [{"damage_zone": {"at": {"zone": "brig"}}}])
    settle(r, s)
    assert s["damage"] == {} and s["damage_deck"][-1] == "structural_damage_will"


def test_c115_six_damaged_zones_end_the_game():
    """Checklist 115. «Якщо на полі одночасно пошкоджені шість зон, гра закінчується.» [844]"""
    r, s = board(damage_top=["structural_damage_wild"])
    for z, card in zip(["bridge", "chapel", "captains_cabin", "cargo_hold", "galley"], PLACED[:5]):
        damage(r, s, z, card)
    assert s["result"] is None
    run(r, s, [{"damage_zone": {"at": {"zone": "bridge"}}}])
    assert s["damage"]["boiler_room"] == "structural_damage_wild"
    assert s["result"]["reason"] == "ship_destroyed" and s["result"]["team"] == "traitors"


def test_empty_damage_deck_does_nothing():
    """Spec A8: «If nothing can be drawn, the damage simply does not happen.» (UA §35.1 [2303])"""
    r, s = board()
    s["damage_removed"] = list(s["damage_deck"])
    s["damage_deck"] = []
    events = run(r, s, [{"damage_ship": {"times": 1}}])
    assert "damage_deck_empty" in [e["type"] for e in events] and s["damage"] == {}


# --- repair (113-114) -------------------------------------------------------------------------
def test_c113_damaged_zone_action_unusable_repair_offered():
    """Checklist 113. «Допоки на зоні лишається карта пошкоджень, цю зону вважають пошкодженою, і
    гравці не можуть використовувати її властивості.» [836]"""
    r, s = board()
    assert {"type": "use", "ability": "zone:captains_cabin"} in action_options(r, s)
    damage(r, s, "captains_cabin", "structural_damage_lore")
    give(s, "p1", "lore", [1, 2])
    options = action_options(r, s)
    assert {"type": "use", "ability": "zone:captains_cabin"} not in options
    assert {"type": "repair", "zone": "captains_cabin"} in options


@pytest.mark.parametrize("card", PLACED)
def test_c114_repair_each_structural_card(card):
    """Checklist 114. «Щоб відремонтувати зону, гравець повинен виконати властивість «Дія»,
    зазначену на карті в цій зоні. Коли пошкодження усунути, карту затасовують у колоду пошкоджень.»
    [846]; «Ремонт пошкодженої зони не враховується в обмеженні «один раз за хід»» [2569]."""
    r, s = board()
    rule = r.damage_by_id[card].repair
    type_ = "strength" if rule.types == "any" else rule.types[0]
    values = [2, 3] if rule.discard_total == 5 else [1, 2]
    cards = give(s, "p1", type_, values)
    damage(r, s, "captains_cabin", card)
    r.apply_in_place(s, {"player": "p1", "type": "repair", "zone": "captains_cabin"})
    prompt = r.prompts(s)[0]
    assert prompt["kind"] == "repair_pay" and prompt["subset"]["min"] == 2
    r.apply_in_place(s, {"player": "p1", "type": "repair_pay", "cards": cards})
    assert s["damage"] == {} and card in s["damage_deck"] and len(s["damage_deck"]) == 9
    assert s["hands"]["p1"] == [] and all(c in s["discards"][type_] for c in cards)
    assert {"type": "use", "ability": "zone:captains_cabin"} in action_options(r, s)


def test_c114_repair_payment_short_is_refused_and_changes_nothing():
    """Checklist 114 [P: repair costs]: the subset must total the card's value; a short answer is a
    RuleError and the state is unchanged."""
    r, s = board()
    give(s, "p1", "lore", [1, 1, 2])
    damage(r, s, "captains_cabin", "structural_damage_lore")
    r.apply_in_place(s, {"player": "p1", "type": "repair", "zone": "captains_cabin"})
    prompt = r.prompts(s)[0]
    ones = [c for c in s["hands"]["p1"] if card_value(c) == 1]
    with pytest.raises(RuleError) as err:
        r.apply(s, {"player": "p1", "type": "repair_pay", "cards": ones})
    assert err.value.code == "repair_short"
    assert r.prompts(s)[0]["id"] == prompt["id"]
    # the AFK default (the fewest, highest cards first) is legal: 2 + 1
    r.apply_in_place(s, {"player": "p1", "type": "default"})
    assert s["damage"] == {} and len(s["hands"]["p1"]) == 1


def test_c114_no_repair_with_a_deep_one_or_without_the_cost():
    """Checklist 114. «Якщо в зоні є глибоководний, то її неможливо відремонтувати.» [846]; «Пошкоджена
    зона з глибоководним чи відкритим зрадником не може бути відремонтована.» [2571]"""
    r, s = board()
    damage(r, s, "captains_cabin", "structural_damage_lore")
    give(s, "p1", "lore", [1, 1])
    assert not any(o["type"] == "repair" for o in action_options(r, s))    # 2 < 3
    give(s, "p1", "lore", [1])
    assert {"type": "repair", "zone": "captains_cabin"} in action_options(r, s)
    put(s, "captains_cabin", 1)
    assert not any(o["type"] == "repair" for o in action_options(r, s))


def test_repair_zone_without_cost_tool_kit():
    """README `repair_zone` with `pay_cost: false` (Tool Kit): the card goes back into the deck."""
    r, s = board()
    damage(r, s, "captains_cabin", "structural_damage_wild")
    run(r, s, [{"repair_zone": {"at": {"zone_of": "self"}, "pay_cost": False}}])
    assert s["damage"] == {} and "structural_damage_wild" in s["damage_deck"]
