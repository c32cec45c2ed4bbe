"""Attacks (checklist 46, 56, 95, 96, 164, 165) and the attack primitive's options."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from tests.engine.unfathomable.c_helpers import (clear_board, deep_ones, empty_hands, give, give_item, reveal,
                                                 settle, to_actions, types)
from tests.engine.unfathomable.helpers import answer, game, pass_windows, run, top

# p1 Keilani (Captain's Cabin), p2 Arjun (Bridge), p3 Jeanne (Boiler Room), p4 William (Chapel)


def pass_all(r, s):
    """Everyone asked in the window on top passes (one round)."""
    for p in r.prompts(s):
        answer(r, s, p["player"], type="pass")


def fresh(rolls=(), **kw):
    r, s = game(4, rolls=list(rolls), **kw)
    clear_board(s)
    empty_hands(s)
    to_actions(r, s)
    return r, s


def test_c046_attack_action_defeats_a_deep_one_on_4():
    """Checklist 46, 95. Seed l.1466: «Якщо атакують глибоководного, цільове значення дорівнює 4»;
    l.1486: «Якщо атакували глибоководного, цей глибоководний повертається в запас»."""
    r, s = fresh(rolls=[4])
    deep_ones(s, "captains_cabin", 2)
    supply = s["deep_one_supply"]
    assert {"player": "p1", "type": "attack", "target": "deep_one:captains_cabin"} in r.legal_actions(s, "p1")
    ev = answer(r, s, "p1", type="attack", target="deep_one:captains_cabin")
    ev += pass_windows(r, s)
    assert s["deep_ones"]["captains_cabin"] == 1 and s["deep_one_supply"] == supply + 1
    hit = next(e for e in ev if e["type"] == "attack_resolved")
    assert hit["needed"] == 4 and hit["hit"] is True
    assert top(r, s)["kind"] == "action" and top(r, s).get("id") and s["stack"][-1]["left"] == 1


def test_c095_a_miss_does_nothing():
    """Checklist 95. Seed l.1490: «Якщо атаку провалено, нічого не відбувається»."""
    r, s = fresh(rolls=[3])
    deep_ones(s, "captains_cabin", 1)
    ev = answer(r, s, "p1", type="attack", target="deep_one:captains_cabin")
    ev += pass_windows(r, s)
    assert s["deep_ones"]["captains_cabin"] == 1
    assert next(e for e in ev if e["type"] == "attack_resolved")["hit"] is False


def test_c095_no_target_no_attack_and_illegal_target_refused():
    """Checklist 95. Seed l.1458: «Той, хто атакує, мусить бути в одній зоні з тим, кого атакують»."""
    r, s = fresh()
    deep_ones(s, "bridge", 1)   # not p1's zone
    assert not [a for a in r.legal_actions(s, "p1") if a["type"] == "attack"]
    with pytest.raises(RuleError):
        answer(r, s, "p1", type="attack", target="deep_one:bridge")


def test_c164_human_attacks_a_revealed_traitor_on_6():
    """Checklist 95, 164, 165. Seed l.1460: «Якщо атакує людина, вона повинна атакувати
    глибоководного або відкритого зрадника»; l.1468: «Якщо атакують персонажа, цільове значення
    дорівнює 6»; l.1488: «Якщо атакували відкритого зрадника, цей зрадник переміщується в карцер»."""
    r, s = fresh(rolls=[5, 6])
    s["zone_of"]["p2"] = "captains_cabin"
    assert r.attack_targets(s, "p1") == []   # a Human is not an enemy of a Human
    reveal(s, "p2")
    assert r.attack_targets(s, "p1") == ["p2"]
    ev = answer(r, s, "p1", type="attack", target="p2")
    ev += pass_windows(r, s)
    assert next(e for e in ev if e["type"] == "attack_resolved")["needed"] == 6
    assert s["zone_of"]["p2"] == "captains_cabin"   # 5 misses
    answer(r, s, "p1", type="attack", target="p2")
    settle(r, s)
    assert s["zone_of"]["p2"] == "brig"


def test_c056_revealed_traitor_attacks_a_human_not_a_deep_one():
    """Checklist 56, 164. Seed l.1462: «Якщо атакує глибоководний або відкритий зрадник, він
    повинен атакувати людину»; l.1484: a Human hit goes to the Sick Bay («переміщується в лазарет»)."""
    r, s = fresh(rolls=[6])
    reveal(s, "p1")
    s["zone_of"]["p3"] = "captains_cabin"
    deep_ones(s, "captains_cabin", 1)
    assert r.attack_targets(s, "p1") == ["p3"]
    answer(r, s, "p1", type="attack", target="p3")
    settle(r, s)
    assert s["zone_of"]["p3"] == "sick_bay"
    assert s["deep_ones"]["captains_cabin"] == 1


def test_c095_monarchs_are_never_targets():
    """Checklist 95. Seed l.2275: «Монархів не можна атакувати»."""
    r, s = fresh()
    s["monarchs"]["mother_hydra"] = "w1"
    assert r.attack_targets(s, "p1", "anywhere") == []


def test_c095_cannot_attack_static_the_peacemaker():
    """Checklist 75, 95: The Peacemaker in Arjun's play area: he cannot attack (seed l.1553:
    «не можете» is absolute)."""
    r, s = fresh(rolls=[6])
    s["zone_of"]["p2"] = "captains_cabin"
    deep_ones(s, "captains_cabin", 1)
    assert r.attack_targets(s, "p2") == ["deep_one:captains_cabin"]
    s["in_play"]["p2"].append("the_peacemaker")
    s["mythos_deck"].remove("the_peacemaker")
    assert r.attack_targets(s, "p2") == []
    ev = run(r, s, [{"attack": {}}], self="p2")
    assert "attack_forbidden" in types(ev) and s["deep_ones"]["captains_cabin"] == 1


def test_c096_kitchen_knife_only_unarmed_and_shrivelling_anywhere():
    """README ruling 25: the Attack action is unarmed and gets Kitchen Knife's +1; Shrivelling
    (range anywhere) is not unarmed. Seed l.1466 (target 4)."""
    r, s = fresh(rolls=[3, 3])
    give_item(s, "p1", "kitchen_knife")
    deep_ones(s, "captains_cabin", 1)
    deep_ones(s, "w5", 1)
    answer(r, s, "p1", type="attack", target="deep_one:captains_cabin")
    pass_windows(r, s)
    assert s["deep_ones"]["captains_cabin"] == 0   # 3 + 1
    run(r, s, [{"attack": {"range": "anywhere"}}], self="p1")
    assert s["deep_ones"]["w5"] == 1               # 3, no knife


def test_c095_six_shooter_bonus_2():
    """Six-Shooter: attack in your zone with +2 (a roll of 2 reaches 4)."""
    r, s = fresh(rolls=[2])
    deep_ones(s, "bridge", 1)
    r.use_ability(s, "p2", "item:six_shooter:0", [])
    ev = []
    r.run(s, ev)
    ev += settle(r, s)
    assert s["deep_ones"]["bridge"] == 0
    rolled = next(e for e in ev if e["type"] == "die_rolled")
    assert rolled["raw"] == 2 and rolled["modifier"] == 2 and rolled["value"] == 4


def test_c095_repeating_rifle_reaches_adjacent():
    """Repeating Rifle: an enemy in an adjacent zone (RULINGS C2: the own zone too), +1."""
    r, s = fresh(rolls=[3], characters={"p1": "keilani", "p2": "jamie", "p3": "jeanne", "p4": "william"})
    deep_ones(s, "captains_cabin", 1)   # adjacent to the Bridge
    deep_ones(s, "boiler_room", 1)      # not adjacent
    assert r.attack_targets(s, "p2", "adjacent") == ["deep_one:captains_cabin"]
    run(r, s, [{"attack": {"with_weapon": True}}], self="p2")
    settle(r, s)
    assert s["deep_ones"]["captains_cabin"] == 0 and s["deep_ones"]["boiler_room"] == 1


def test_c095_shotgun_plus_one_per_enemy():
    """README ruling 27: +1 for each enemy in the zone, the target included."""
    r, s = fresh(rolls=[1])
    give_item(s, "p1", "shotgun")
    deep_ones(s, "captains_cabin", 3)
    ev = run(r, s, [{"attack": {"with_weapon": True}}], self="p1")
    ev += settle(r, s)
    rolled = next(e for e in ev if e["type"] == "die_rolled")
    assert rolled["modifier"] == 3 and s["deep_ones"]["captains_cabin"] == 2


def test_c096_pocket_pistol_rerolls_once_keeping_modifiers():
    """Pocket Pistol: one reroll of a miss; seed l.2165: «Модифікатори, що застосовувалися для
    кидка, також застосовуються для перекиду»."""
    r, s = fresh(rolls=[1, 1, 5])
    give_item(s, "p1", "pocket_pistol")
    give_item(s, "p1", "kitchen_knife")   # not unarmed: no bonus with a weapon
    deep_ones(s, "captains_cabin", 1)
    run(r, s, [{"attack": {"with_weapon": True}}], self="p1")
    settle(r, s, reroll=True)
    assert s["deep_ones"]["captains_cabin"] == 1   # 1, then 1: the reroll is used once only
    ev = run(r, s, [{"attack": {"with_weapon": True}}], self="p1")
    ev += settle(r, s, reroll=True)
    assert s["deep_ones"]["captains_cabin"] == 0 and [e["raw"] for e in ev if e["type"] == "die_rolled"] == [5]


def test_c095_rampage_up_to_four_unarmed_attacks_may_stop():
    """README ruling 26: up to n attacks one after another; the attacker may stop."""
    r, s = fresh(rolls=[4, 1, 6])
    deep_ones(s, "captains_cabin", 3)
    run(r, s, [{"attack": {"unarmed": True, "count": 4}}], self="p1")
    settle(r, s, attack_target=["deep_one:captains_cabin", "deep_one:captains_cabin", "stop"])
    # the first target is the only one (no question); then: miss, hit, stop before the fourth
    assert s["deep_ones"]["captains_cabin"] == 1 and s["forced_rolls"] == []


def test_c095_rampage_card_weapon_option_needs_a_weapon():
    """Rampage: the weapon option requires holding a weapon (holds_weapon)."""
    r, s = fresh(rolls=[4, 4, 4, 4])
    deep_ones(s, "captains_cabin", 4)
    give(s, "p1", "strength:rampage:3:1")
    r.use_ability(s, "p1", "card:strength:rampage:3:1", [])
    r.run(s, [])
    t = top(r, s)
    assert t["purpose"] == "option" and [o["value"] for o in t["options"]] == [0]
    settle(r, s, option=0, attack_target=["deep_one:captains_cabin"] * 3)
    assert s["deep_ones"]["captains_cabin"] == 0   # 4 attacks, all 4s
    assert "strength:rampage:3:1" in s["discards"]["strength"]


def test_c096_combat_training_rerolls_back_to_before_roll():
    """Checklist 96. Seed l.1478: «Якщо гравець використав властивість «Перекиньте кістку»,
    поверніться до кроку 4»; README ruling 28."""
    r, s = fresh(rolls=[2, 4])
    give(s, "p1", "strength:combat_training:1:1", "observation:keen_insight:3:1")
    deep_ones(s, "captains_cabin", 1)
    answer(r, s, "p1", type="attack", target="deep_one:captains_cabin")
    assert top(r, s)["timing"] == "before_roll"
    pass_all(r, s)
    t = top(r, s)
    assert t["timing"] == "after_roll"
    assert {"type": "use", "ability": "card:strength:combat_training:1:1"} in t["options"]
    answer(r, s, "p1", type="use", ability="card:strength:combat_training:1:1")
    pass_all(r, s)
    assert top(r, s)["timing"] == "before_roll"   # back to step 4
    pass_windows(r, s)
    assert s["deep_ones"]["captains_cabin"] == 0


def test_c096_combat_training_not_offered_on_other_rolls():
    """Combat Training is an after-combat-roll ability: a plain roll does not offer it."""
    r, s = fresh(rolls=[2])
    give(s, "p1", "strength:combat_training:1:1")
    run(r, s, [{"roll": {"at_least": 3, "then": [{"gain": {"food": 1}}]}}], self="p1")
    pass_all(r, s)
    food = s["resources"]["food"]
    t = top(r, s)
    offered = [o for p in r.prompts(s) for o in p["options"] if o.get("ability", "").startswith("card:strength")]
    assert t["kind"] == "action" and offered == [] and s["resources"]["food"] == food


def test_c1_quick_draw_free_weapon_attack():
    """RULINGS C1 (README ruling 42): a free ability is used between actions of one's own
    Actions step and spends none."""
    r, s = game(4, rolls=[6], characters={"p1": "jamie", "p2": "arjun", "p3": "jeanne", "p4": "william"})
    clear_board(s)
    empty_hands(s)
    to_actions(r, s)
    deep_ones(s, "captains_cabin", 1)
    use = {"player": "p1", "type": "use", "ability": "char:jamie"}
    assert use in r.legal_actions(s, "p1")
    answer(r, s, "p1", type="use", ability="char:jamie")
    settle(r, s)
    assert s["deep_ones"]["captains_cabin"] == 0
    assert top(r, s)["kind"] == "action" and s["stack"][-1]["left"] == 2   # no action spent
    assert use not in r.legal_actions(s, "p1")                             # once per turn
    assert not [a for a in r.legal_actions(s, "p2") if a["type"] == "use"]


def test_c1_starbuck_pounce_is_an_unarmed_free_attack():
    """Starbuck: once per turn an unarmed attack for free; Kitchen Knife adds +1 (ruling 25)."""
    r, s = game(4, rolls=[3], characters={"p1": "samira", "p2": "arjun", "p3": "jeanne", "p4": "william"})
    clear_board(s)
    empty_hands(s)
    to_actions(r, s)
    give_item(s, "p1", "kitchen_knife")
    deep_ones(s, "cargo_hold", 1)
    answer(r, s, "p1", type="use", ability="item:starbuck:0")
    settle(r, s)
    assert s["deep_ones"]["cargo_hold"] == 0 and s["stack"][-1]["left"] == 2


def test_c056_traitor_attack_hits_on_6_only_and_only_in_the_own_zone():
    """Checklist 56. Seed l.1078: «Гравець може витратити дію, щоб атакувати людину у своїй зоні. Щоб
    провести атаку, гравець кидає кістку, і якщо результат 6 або більше, людина переможена.»; l.1714
    «12.11 Атакувати людину у своїй зоні.» A 5 misses (the action is spent); a Human next door is
    no target and an answer naming them is refused."""
    r, s = fresh(rolls=[5])
    reveal(s, "p1")
    s["zone_of"]["p3"] = "captains_cabin"
    s["zone_of"]["p4"] = "galley"                      # adjacent to the Captain's Cabin
    assert r.attack_targets(s, "p1") == ["p3"]
    with pytest.raises(RuleError):
        answer(r, s, "p1", type="attack", target="p4")
    answer(r, s, "p1", type="attack", target="p3")
    settle(r, s)
    assert s["zone_of"]["p3"] == "captains_cabin" and s["zone_of"]["p4"] == "galley"
    t = top(r, s)
    assert t["kind"] == "action" and t["player"] == "p1" and s["stack"][-1]["left"] == 1


def test_c10_an_attack_ability_needs_something_to_attack():
    """RULINGS C10. Seed 000 l.1458: «Той, хто атакує, мусить бути в одній зоні з тим, кого
    атакують» — with nobody to attack (or while The Peacemaker forbids attacking) a weapon's or a
    card's attack is not offered, so no action is spent on an attack that cannot happen."""
    r, s = fresh()
    give_item(s, "p1", "six_shooter")
    give(s, "p1", "lore:shrivelling:1:1")

    def uses():
        return {a["ability"] for a in r.legal_actions(s, "p1") if a["type"] == "use"}

    assert not {"item:six_shooter:0", "card:lore:shrivelling:1:1"} & uses()
    deep_ones(s, "w5", 1)   # Shrivelling reaches anywhere, the Six-Shooter only its own zone
    assert "card:lore:shrivelling:1:1" in uses() and "item:six_shooter:0" not in uses()
    with pytest.raises(RuleError):
        answer(r, s, "p1", type="use", ability="item:six_shooter:0")
    deep_ones(s, "captains_cabin", 1)
    assert {"item:six_shooter:0", "card:lore:shrivelling:1:1"} <= uses()
    s["in_play"]["p1"].append("the_peacemaker")
    s["mythos_deck"].remove("the_peacemaker")
    assert not {"item:six_shooter:0", "card:lore:shrivelling:1:1"} & uses()
