"""Every asset (checklist I2, I17): held or gained, used with forced dice, its effect asserted.

Seed 002: an asset's ability is used by its holder as the card says; a Service resolves when gained
and is then discarded (I17); only the single largest bonus to a skill counts (F2). Bonuses are
asserted on the test's dice pool in a context where the card applies and one where it does not.
"""
import pytest

from eh_cards import (CTX_OF_DURING, INV, OTHER, answer, clues, fight, fx, holding, hurt, pool, possession_count,
                      rest, results, rolls, steps_of, table, use, value_where)
from eh_helpers import R, ok, put_monster

ASSETS = sorted(R.C.assets)


# --- generic: the static modifiers a card prints --------------------------------------------------
def skill_bonuses(card):
    """Every passive skill_bonus: the pool's bonus is the amount where it applies, 0 elsewhere."""
    found = [(ab, st) for ab, st in steps_of(card, "skill_bonus") if ab["timing"] == "passive"]
    plain = table()
    for ab, st in found:
        ctx = CTX_OF_DURING[st["during"]]
        s = holding(card)
        assert pool(s, st["skill"], **ctx)[1]["bonus"] == st["amount"], (card, st)
        assert pool(plain, st["skill"], **ctx)[1]["bonus"] == 0
        if st["during"] != "always":
            assert pool(s, st["skill"])[1]["bonus"] == 0, "the bonus applies only " + st["during"]
    return bool(found)


def passive_rerolls(card):
    """Every passive reroll: a failed die of a test it covers is rerolled with the card (1 → 6,
    the test passes); a test of another skill is not offered it."""
    found = [(ab, st) for ab, st in steps_of(card, "reroll") if ab["timing"] == "passive"]
    for ab, st in found:
        skill = st.get("skill") or "observation"
        ctx = CTX_OF_DURING[st["during"]]
        s = holding(card)
        s["inv"][INV]["skills"][skill] = 1
        s["inv"][INV]["improve"][skill] = 0
        hurt(s)

        def pick(p):
            return {"type": "reroll_with", "card": card} if p["kind"] == "roll" else None
        dice_needed = pool(s, skill, **ctx)[0]
        s2, ev = fx(s, f"[{{test: {{skill: {skill}}}}}]", pick=pick, faces=[1] * dice_needed + [6], **ctx)
        assert any(e["type"] == "rerolled" for e in ev), (card, st)
        assert results(ev)[-1]["passed"]
        other = "lore" if skill != "lore" else "will"
        s3, ev = fx(s, f"[{{test: {{skill: {other}}}}}]", faces=[1] * 9, **ctx)
        roll = [p for p in R.prompts(s3) if p["kind"] == "roll"]
        assert not roll or {"type": "reroll_with", "card": card} not in roll[0]["options"]
    return bool(found)


def six_twice(card):
    found = [(ab, st) for ab, st in steps_of(card, "six_counts_twice")]
    for ab, st in found:
        ctx = CTX_OF_DURING[st["during"]]
        skill = {"combat_strength": "strength", "acquire_assets": "influence", "spell": "lore"}[st["during"]]
        s = holding(card)
        n = pool(s, skill, **ctx)[0]
        _, ev = fx(s, f"[{{test: {{skill: {skill}}}}}]", faces=[6] + [1] * (n - 1), **ctx)
        assert results(ev)[-1]["successes"] == 2, card
        _, ev = fx(table(), f"[{{test: {{skill: {skill}}}}}]", faces=[6] + [1] * 9, **ctx)
        assert results(ev)[-1]["successes"] == 1
    return bool(found)


def generic(card):
    return [f(card) for f in (skill_bonuses, passive_rerolls, six_twice)]


# --- card by card ---------------------------------------------------------------------------------
def monster_here(s, kind="zombie", inv=INV):
    return put_monster(s, kind, s["inv"][inv]["space"])


def t_derringer_18():
    # combat vs a Zombie (Will 0 Horror 1, Strength -1 Damage 2, toughness 2); Leo Strength 3: 2 dice
    s = holding("derringer_18")
    s, ev, uid = fight(s, "zombie", faces=[6, 6, 6, 4, 1, 1, 1])
    assert results(ev, "strength")[-1]["successes"] == 1, "a 4 counts 1 higher: a success"


def t_agency_quarantine():
    s = table()
    far = "space_1" if s["inv"][INV]["space"] != "space_1" else "space_2"
    uid = put_monster(s, "zombie", far)
    s, ev = fx(s, "[{gain_asset: {name: agency_quarantine}}]", pick=value_where(lambda v: v == far))
    assert uid not in s["monsters"]["board"], "4 damage defeats the Zombie there"
    assert "agency_quarantine" not in s["inv"][INV]["assets"] and "agency_quarantine" in s["decks"]["assets"]["discard"]


def t_arcane_tome():
    assert skill_bonuses("arcane_tome")
    s = hurt(holding("arcane_tome"))
    n = len(s["inv"][INV]["spells"])
    s, ev = rest(s, faces=[6] * 9)
    assert len(s["inv"][INV]["spells"]) == n + 1, "a Lore success on Rest teaches a spell"


def t_axe():
    assert skill_bonuses("axe")
    s = holding("axe")
    sanity = s["inv"][INV]["sanity"]

    def pick(p):
        if p["kind"] == "roll" and {"type": "reroll_with", "card": "axe"} in p["options"]:
            return {"type": "reroll_with", "card": "axe"}
        return None
    # Will 3 dice: 6s; Strength 3+2-1 = 4 dice: all 1, rerolled to 6s
    s, ev, uid = fight(s, "zombie", pick=pick, faces=[6, 6, 6] + [1] * 4 + [6] * 4)
    assert any(e["type"] == "rerolled" and len(e["which"]) == 4 for e in ev), "any dice rerolled"
    assert s["inv"][INV]["sanity"] == sanity - 2 and uid not in s["monsters"]["board"]


def prevents(card, what, amount, two=False):
    s = holding(card, two=two)
    who = OTHER if two else INV
    before = s["inv"][who][what]
    s, ev = fx(s, f"[{{lose: {{who: self, {what}: 3}}}}]", inv=who,
               pick=lambda p: {"type": "choose", "value": True} if p.get("about") == "may" else None)
    assert s["inv"][who][what] == before - 3 + amount, (card, what)
    return s


def t_bandages():
    s = prevents("bandages", "health", 2, two=True)   # anyone on the holder's space
    assert "bandages" not in s["inv"][INV]["assets"]


def t_whiskey():
    s = prevents("whiskey", "sanity", 2, two=True)
    assert "whiskey" not in s["inv"][INV]["assets"]


def combat_bonus(card, discarded):
    s = holding(card)
    s, ev, uid = fight(s, "zombie", faces=[6] * 30)
    strength = rolls(ev, "strength")[-1]
    assert strength["bonus"] == 5, card
    assert (card in s["inv"][INV]["assets"]) == (not discarded)


def t_carbine_rifle():
    combat_bonus("carbine_rifle", discarded=False)


def t_kerosene():
    combat_bonus("kerosene", discarded=True)


def t_holy_water():
    combat_bonus("holy_water", discarded=True)
    s = holding("holy_water")
    s, ev, uid = fight(s, "zombie", faces=[6] * 30)
    assert rolls(ev, "will")[-1]["bonus"] == 5
    s = holding("holy_water")
    s, ev = use(s, "holy_water")
    assert R.holds(s, INV, "blessed") and "holy_water" not in s["inv"][INV]["assets"]


def t_cat_burglar():
    s = holding("cat_burglar")
    items = [c for c in s["reserve"] if set(R.C.assets[c]["traits"]) & {"item", "trinket"}]
    if not items:
        s["reserve"][0], s["decks"]["assets"]["draw"][0] = "bandages", s["reserve"][0]
        s["decks"]["assets"]["draw"].remove("bandages") if "bandages" in s["decks"]["assets"]["draw"] else None
        items = ["bandages"]
    s2, ev = use(s, "cat_burglar", faces=[5], pick=value_where(lambda v: v in items or (isinstance(v, list))))
    assert any(c in s2["inv"][INV]["assets"] for c in items), "a 5: an Item/Trinket from the reserve"
    s3, ev = use(s, "cat_burglar", faces=[1])
    assert "cat_burglar" not in s3["inv"][INV]["assets"], "a 1: the Cat Burglar leaves"


def t_charter_flight():
    s = table()
    start = s["inv"][INV]["space"]
    s, ev = fx(s, "[{gain_asset: {name: charter_flight}}]",
               pick=lambda p: dict(p["options"][-1]) if p["kind"] == "choose" else None)
    assert s["inv"][INV]["space"] != start and "charter_flight" in s["decks"]["assets"]["discard"]


def t_delivery_service():
    s = table(two=True)
    s["inv"][INV]["assets"].append("revolver_38")
    s["decks"]["assets"]["draw"].remove("revolver_38") if "revolver_38" in s["decks"]["assets"]["draw"] else s["reserve"].remove("revolver_38")

    def pick(p):
        if p.get("about") == "give":
            return next((dict(o) for o in p["options"] if o["value"] and o["value"].get("card") == "revolver_38"), None)
        return None
    s, ev = fx(s, "[{gain_asset: {name: delivery_service}}]", pick=pick)
    assert "revolver_38" in s["inv"][OTHER]["assets"] and "revolver_38" not in s["inv"][INV]["assets"]


def t_double_barreled_shotgun():
    assert skill_bonuses("double_barreled_shotgun") and six_twice("double_barreled_shotgun")


def t_dynamite():
    s = holding("dynamite")
    uid = monster_here(s)
    s, ev = use(s, "dynamite")
    assert uid not in s["monsters"]["board"] and "dynamite" not in s["inv"][INV]["assets"]


def t_fine_clothes():
    assert six_twice("fine_clothes")


def t_fishing_net():
    assert passive_rerolls("fishing_net")
    # all dice fail vs a Zombie (damage 2): 1 less damage
    s = holding("fishing_net")
    h = s["inv"][INV]["health"]
    s, ev, uid = fight(s, "zombie", faces=[6, 6, 6] + [1] * 20, yes=False)
    assert s["inv"][INV]["health"] == h - 1


def t_king_james_bible():
    assert passive_rerolls("king_james_bible")
    s = hurt(holding("king_james_bible"))
    z = s["inv"][INV]["sanity"]
    s, ev = rest(s)
    assert s["inv"][INV]["sanity"] == z + 2, "Rest 1 + the Bible 1"


def t_lodge_researcher():
    s = hurt(holding("lodge_researcher"))
    z, c = s["inv"][INV]["sanity"], len(s["inv"][INV]["clues"])
    s, ev, uid = fight(s, "zombie", faces=[6] * 30)
    assert uid not in s["monsters"]["board"]
    assert s["inv"][INV]["sanity"] == z + 1 and len(s["inv"][INV]["clues"]) == c + 1


def t_lucky_cigarette_case():
    s = holding("lucky_cigarette_case")
    s["inv"][INV]["skills"]["observation"] = 1

    def pick(p):
        if p["kind"] == "roll":
            extra = [o for o in p["options"] if o.get("card") == "lucky_cigarette_case"]
            return dict(extra[0]) if extra else None
        return None
    s, ev = fx(s, "[{test: {skill: observation}}]", pick=pick, faces=[4])
    assert results(ev)[-1]["passed"], "a 4 counts 1 higher: a success"


def t_lucky_rabbits_foot():
    s = holding("lucky_rabbits_foot")
    s["inv"][INV]["skills"]["observation"] = 1
    pick = lambda p: {"type": "reroll_with", "card": "lucky_rabbits_foot"} if p["kind"] == "roll" else None  # noqa: E731
    s2, ev = fx(s, "[{test: {skill: observation}}]", pick=pick, faces=[1, 6])
    assert results(ev)[-1]["passed"]
    s3, ev = fx(s2, "[{test: {skill: observation}}]", faces=[1, 6])   # once per round
    roll = [p for p in R.prompts(s3) if p["kind"] == "roll"]
    assert not roll and not results(ev)[-1]["passed"]


def t_pocket_watch():
    s = holding("pocket_watch")
    s, ev = fx(s, "[{delay: {}}]")
    assert not s["inv"][INV]["delayed"] and not any(e["type"] == "actions_lost" for e in ev)
    s, ev = fx(table(), "[{delay: {}}]")
    assert s["inv"][INV]["delayed"] or any(e["type"] == "actions_lost" for e in ev)


def t_private_care():
    s = hurt(table(), health=3, sanity=3)
    s, ev = fx(s, "[{gain_asset: {name: private_care}}]")
    i = s["inv"][INV]
    assert (i["health"], i["sanity"]) == (i["max_health"], i["max_sanity"]) and "private_care" not in i["assets"]


def t_puzzle_box():
    s = holding("puzzle_box")
    n = len(s["inv"][INV]["artifacts"])
    s, ev = rest(hurt(s), faces=[6] * 9)
    assert len(s["inv"][INV]["artifacts"]) == n + 1 and "puzzle_box" not in s["inv"][INV]["assets"]


def t_sanctuary():
    s = table()
    s, _ = fx(s, "[{gain_condition: {name: paranoia}}]")
    s, ev = fx(s, "[{gain_asset: {name: sanctuary}}]")
    assert s["inv"][INV]["conditions"] == [] and "sanctuary" not in s["inv"][INV]["assets"]


def t_silver_twilight_ritual():
    s = table()
    s["doom"] -= 3
    d = s["doom"]
    s, ev = fx(s, "[{gain_asset: {name: silver_twilight_ritual}}]")
    assert s["doom"] == d + 1 and "silver_twilight_ritual" in s["decks"]["assets"]["discard"]


def t_urban_guide():
    s = holding("urban_guide", two=True)
    city = next(sp for sp, d in R.C.spaces.items() if d["type"] == "city")
    wild = next(sp for sp, d in R.C.spaces.items() if d["type"] == "sea")
    for i in s["inv"].values():
        i["space"] = city
    assert pool(s, "lore")[1]["extra"] == 1 and pool(s, "lore", inv=OTHER)[1]["extra"] == 1
    assert pool(s, "lore", enc="other_world")[1]["extra"] == 0, "not in Other World encounters"
    for i in s["inv"].values():
        i["space"] = wild
    assert pool(s, "lore")[1]["extra"] == 0


def t_wireless_report():
    s = clues(table(two=True), 2)
    s, ev = fx(s, "[{gain_asset: {name: wireless_report}}]",
               pick=lambda p: next((dict(o) for o in p["options"] if o.get("value")), None)
               if p.get("about") == "give" else None)
    assert len(s["inv"][OTHER]["clues"]) >= 1 and "wireless_report" in s["decks"]["assets"]["discard"]


def t_witch_doctor():
    s = hurt(holding("witch_doctor"))
    h = s["inv"][INV]["health"]
    s, ev = rest(s, pick=lambda p: dict(p["options"][0]) if p.get("about") == "option" else None)
    assert s["inv"][INV]["health"] == h + 2, "Rest 1 + the Witch Doctor's 1"
    s = holding("witch_doctor")
    s, _ = fx(s, "[{gain_condition: {name: cursed}}]")
    s, ev = rest(hurt(s), pick=lambda p: dict(p["options"][-1]) if p.get("about") == "option" else None)
    assert not R.holds(s, INV, "cursed")


SPECIFIC = {name[2:]: f for name, f in dict(globals()).items() if name.startswith("t_")}


def test_every_asset_is_covered():
    missing = [c for c in ASSETS if c not in SPECIFIC and not any(generic(c))]
    assert missing == []
    assert set(SPECIFIC) <= set(ASSETS)


@pytest.mark.parametrize("card", ASSETS)
def test_asset(card):
    if card in SPECIFIC:
        SPECIFIC[card]()
    else:
        assert any(generic(card)), f"{card}: no generic check applies and no specific test"
    generic(card)
