"""Every artifact (checklist I2): held, used with forced dice, its effect asserted."""
import pytest

from eh_cards import INV, OTHER, answer, clues, fight, fx, holding, hurt, pool, rolls, table, use, value_where
from eh_helpers import R, put_monster, to_encounters
from test_eldritch_cards_assets import generic, passive_rerolls, six_twice, skill_bonuses

ARTIFACTS = sorted(R.C.artifacts)


def here(s, kind="zombie", inv=INV):
    return put_monster(s, kind, s["inv"][inv]["space"])


def tome(card, faces=(6, 6, 6, 6)):
    s = hurt(holding(card), health=0, sanity=2)
    z = s["inv"][INV]["sanity"]
    return s, z


def t_cultes_des_goules():
    s, z = tome("cultes_des_goules")
    s, ev = use(s, "cultes_des_goules", faces=[6] * 6)
    assert len(s["inv"][INV]["clues"]) == 2 and s["inv"][INV]["sanity"] == z - 1
    s, z = tome("cultes_des_goules")
    s, ev = use(s, "cultes_des_goules", faces=[1] * 6)
    assert s["inv"][INV]["clues"] == [] and s["inv"][INV]["sanity"] == z, "a failed Lore test: nothing"


def t_de_vermis_mysteriis():
    s, z = tome("de_vermis_mysteriis")
    s, ev = use(s, "de_vermis_mysteriis", faces=[6] * 6, pick=value_where(lambda v: v == "will"))
    assert s["inv"][INV]["improve"]["will"] == 1 and s["inv"][INV]["sanity"] == z - 1


def t_necronomicon():
    s, z = tome("necronomicon")
    s, ev = use(s, "necronomicon", faces=[6] * 6)
    assert len(s["inv"][INV]["spells"]) == 2 and s["inv"][INV]["sanity"] == z - 1


def t_ttka_halot():
    s, z = tome("ttka_halot")
    uid = here(s, "dark_young")   # toughness 5: 3 damage, still there
    s, ev = use(s, "ttka_halot", faces=[6] * 6)
    assert s["monsters"]["board"][uid]["damage"] == 3 and s["inv"][INV]["sanity"] == z - 1


def t_flute_of_the_outer_gods():
    s = holding("flute_of_the_outer_gods")
    a, b = here(s), here(s, "ghoul")
    i = s["inv"][INV]
    h, z = i["health"], i["sanity"]
    s, ev = use(s, "flute_of_the_outer_gods")
    assert a not in s["monsters"]["board"] and b not in s["monsters"]["board"]
    assert (s["inv"][INV]["health"], s["inv"][INV]["sanity"]) == (h - 2, z - 2)


def t_gate_box():
    s = holding("gate_box", two=True)
    assert pool(s, "lore", enc="other_world")[1]["extra"] == 1
    assert pool(s, "lore", inv=OTHER, enc="other_world")[1]["extra"] == 1, "investigators on its space too"
    assert pool(s, "lore")[1]["extra"] == 0
    sp = s["inv"][INV]["space"]
    s["gates"]["board"].append(sp) if sp in R.C.gate_spaces else None
    space = sp if sp in R.C.gate_spaces else R.C.gate_spaces[0]
    for i in s["inv"].values():
        i["space"] = space
    if space not in s["gates"]["board"]:
        s["gates"]["stack"].remove(space)
        s["gates"]["board"].append(space)
        s.setdefault("gate_tokens", {})[space] = space
    s2, ev = fx(s, "[{close_gate: {}}]", enc="other_world")
    assert space not in s2["gates"]["board"] and len(s2["inv"][INV]["clues"]) == 1
    s3, ev = fx(s, "[{close_gate: {}}]", enc="location")
    assert len(s3["inv"][INV]["clues"]) == 0, "only in an Other World encounter"


def t_glass_of_mortlan():
    assert six_twice("glass_of_mortlan")
    s = holding("glass_of_mortlan")
    z = s["inv"][INV]["sanity"]
    s2, ev = fx(s, "[{lose: {sanity: 2}}]", card={"kind": "spell", "id": "wither", "holder": INV})
    assert s2["inv"][INV]["sanity"] == z - 1, "1 sanity of a spell's loss spared"
    s3, ev = fx(s, "[{lose: {sanity: 2}}]")
    assert s3["inv"][INV]["sanity"] == z - 2


def t_grotesque_statue():
    s = table()
    s, ev = fx(s, "[{gain_artifact: {name: grotesque_statue}}]")
    assert len(s["inv"][INV]["clues"]) == 5
    z = s["inv"][INV]["sanity"]
    s, ev = fx(s, "[{lose: {sanity: 3}}]")
    assert s["inv"][INV]["sanity"] == z and len(s["inv"][INV]["clues"]) == 4, "a clue spares all the loss"
    s, ev = fx(s, "[{lose: {sanity: 3}}]")
    assert s["inv"][INV]["sanity"] == z - 3, "once per round"


def t_lightning_gun():
    assert skill_bonuses("lightning_gun")
    s = holding("lightning_gun")
    uid = here(s, "dark_young")
    h = s["inv"][INV]["health"]
    s, ev = use(s, "lightning_gun")
    assert s["inv"][INV]["health"] == h - 1 and s["monsters"]["board"][uid]["damage"] == 1


def t_mi_go_brain_case():
    s = holding("mi_go_brain_case", two=True)
    far = next(sp for sp in R.C.space_ids if sp != s["inv"][INV]["space"])
    s["inv"][OTHER]["space"] = far
    start = s["inv"][INV]["space"]

    def pick(p):
        if p.get("about") == "give" and p["player"] == "ann":
            got = [o for o in p["options"] if o.get("value") and o["value"].get("dir") == "give"]
            return dict(got[0]) if got else None
        if p.get("about") in ("swap", "swap_spaces", "may"):
            return {"type": "choose", "value": True}
        return None
    s, ev = use(s, "mi_go_brain_case", pick=pick)
    assert "mi_go_brain_case" in s["inv"][OTHER]["artifacts"], "any investigator, anywhere: a trade"
    assert s["inv"][OTHER]["space"] == start and s["inv"][INV]["space"] == far, "then the two swap spaces"


def t_pallid_mask():
    s = holding("pallid_mask")
    uid = here(s)
    s = to_encounters(s)
    s, ev = answer(s, until="encounter")
    p = R.prompts(s)[0]
    assert p["kind"] == "encounter" and uid in s["monsters"]["board"], "an encounter ignoring the monster"
    assert not any(e["type"] == "combat" for e in ev)


def t_ruby_of_rlyeh():
    s = holding("ruby_of_rlyeh")
    z = s["inv"][INV]["sanity"]
    s, ev = use(s, "ruby_of_rlyeh", type_="between")
    assert s["inv"][INV]["sanity"] == z - 1
    assert s["turn"]["left"] + s["inv"][INV].get("bonus_actions", 0) == 3, "one more action this round"


def t_sword_of_saint_jerome():
    assert skill_bonuses("sword_of_saint_jerome")
    s = hurt(holding("sword_of_saint_jerome"))
    z = s["inv"][INV]["sanity"]
    s, ev, uid = fight(s, "zombie", faces=[6] * 30)
    assert uid not in s["monsters"]["board"] and s["inv"][INV]["sanity"] == z + 1


def t_the_silver_key():
    assert passive_rerolls("the_silver_key")


def test_the_silver_key_costs_one_clue_fewer():
    s = clues(holding("the_silver_key"), 2)
    s, ev = fx(s, "[{spend: {clues: 2}}, {gain_clues: {count: 3}}]")
    assert len(s["inv"][INV]["clues"]) == 4


SPECIFIC = {name[2:]: f for name, f in dict(globals()).items() if name.startswith("t_")}


def test_every_artifact_is_covered():
    assert sorted(SPECIFIC) == ARTIFACTS


@pytest.mark.parametrize("card", ARTIFACTS)
def test_artifact(card):
    SPECIFIC[card]()
    generic(card)
