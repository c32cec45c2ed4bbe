"""Every investigator's action and passive, and both defeated-investigator encounters (checklist
O, E11), with forced dice and the concrete change asserted."""
import json

import pytest

from eh_cards import answer, pool, results, rolls
from eh_helpers import R, act, new, put_clue, put_gate, put_monster, quiet, run_fx, settle

INVS = sorted(R.C.investigators)
BUDDY = {"ann": None}


def game(inv, other=None, space=None):
    invs = {"ann": [inv]}
    if other:
        invs["bob"] = [other]
    s = quiet(settle(new(invs)))
    for i in s["inv"].values():
        for key in ("assets", "artifacts", "spells"):
            s["decks"][key]["draw"] += i[key]
            i[key] = []
        s["clues"]["pool"] += i["clues"]
        i["clues"] = []
    if space:
        s["inv"][inv]["space"] = space
    if other:
        s["inv"][other]["space"] = s["inv"][inv]["space"]
    return s


def do(s, inv, type_="component", pick=None, yes=True, faces=(), **params):
    s = json.loads(json.dumps(s))
    s["forced_dice"] = list(faces)
    s, ev = act(s, s["inv"][inv]["player"], type_, **({"card": inv} if type_ == "component" else {}), **params)
    s, more = answer(s, pick, yes)
    return s, ev + more


def fx(s, inv, effect, pick=None, yes=True, faces=(), **ctx):
    s = json.loads(json.dumps(s))
    s["forced_dice"] = list(faces)
    s, ev = run_fx(s, effect, inv, **ctx)
    s, more = answer(s, pick, yes)
    return s, ev + more


def first_value(about):
    return lambda p: next((dict(o) for o in p["options"] if o.get("value") not in (None, False)), None) \
        if p.get("about") == about else None


# --- actions -------------------------------------------------------------------------------------
def act_akachi_onyele():
    s = game("akachi_onyele")
    top = s["gates"]["stack"][:2]
    s2, ev = do(s, "akachi_onyele")
    st = s2["gates"]["stack"]
    assert st[0] in top and st[-1] in top and st[0] != st[-1], "one of the top two back on top, the other beneath"


def act_charlie_kane():
    s = game("charlie_kane", "leo_anderson")
    s2, ev = act(s, "ann", "component", card="charlie_kane")
    s2, _ = answer(s2, pick=first_value("investigator"), until="action")
    p = R.prompts(s2)[0]
    assert p["player"] == "bob" and p["kind"] == "action", "the other investigator takes an action at once"
    assert s2["inv"]["leo_anderson"].get("bonus_actions") == 1


def act_diana_stanley():
    s = game("diana_stanley")
    here = s["inv"]["diana_stanley"]["space"]
    put_monster(s, "cultist", here)
    put_monster(s, "zombie", here)
    s2, ev = do(s, "diana_stanley", pick=lambda p: dict(p["options"][0]) if p.get("about") == "option" else None)
    assert R.monsters_at(s2, here) == [], "the space is cleared"


def act_jacqueline_fine():
    s = game("jacqueline_fine", "leo_anderson")
    R.gain_clues(s, "jacqueline_fine", 2, [])

    def pick(p):
        if p.get("about") in ("give", "trade_clues", "number", "clues"):
            vals = [o for o in p["options"] if o.get("value") not in (None, 0, False)]
            return dict(vals[0]) if vals else None
        return first_value("investigator")(p)
    s2, ev = do(s, "jacqueline_fine", pick=pick)
    assert len(s2["inv"]["leo_anderson"]["clues"]) >= 1, "clues handed to the other investigator"


def act_jim_culver():
    s = game("jim_culver", "leo_anderson")
    for i in s["inv"].values():
        i["sanity"] = i["max_sanity"] - 2
    s2, ev = do(s, "jim_culver")
    for k, i in s2["inv"].items():
        assert i["sanity"] == s["inv"][k]["sanity"] + 1, k


def act_leo_anderson():
    s = game("leo_anderson")
    ally = next(c for c, d in R.C.assets.items() if "ally" in d["traits"] and c not in s["reserve"])
    s["decks"]["assets"]["draw"].remove(ally)
    s["decks"]["assets"]["discard"].append(ally)
    s2, ev = do(s, "leo_anderson", faces=[6] * 6, pick=first_value("card"))
    assert any("ally" in R.C.assets[c]["traits"] for c in s2["inv"]["leo_anderson"]["assets"])


def act_lily_chen():
    s = game("lily_chen")
    i = s["inv"]["lily_chen"]
    i["sanity"] = i["max_sanity"] - 3

    def pick(p):
        if p.get("about") == "option":
            return dict(p["options"][0])   # body into mind
        if p.get("about") == "spend":
            return {"type": "choose", "value": 2}
        return None
    s2, ev = do(s, "lily_chen", pick=pick)
    j = s2["inv"]["lily_chen"]
    assert (j["health"], j["sanity"]) == (i["health"] - 2, i["sanity"] + 2)


def act_lola_hayes():
    s = game("lola_hayes")
    s["inv"]["lola_hayes"]["improve"]["lore"] = 2

    def pick(p):
        if p.get("about") in ("discard_improvements", "number", "spend", "improvements"):
            return dict(p["options"][-1])
        if p.get("about") == "skill":
            return {"type": "choose", "value": "will"}
        return None
    s2, ev = do(s, "lola_hayes", pick=pick)
    imp = s2["inv"]["lola_hayes"]["improve"]
    assert imp["lore"] == 0 and imp["will"] == 2, imp


def act_mark_harrigan():
    s = game("mark_harrigan")
    uid = put_monster(s, "dark_young", s["inv"]["mark_harrigan"]["space"])
    s2, ev = do(s, "mark_harrigan")
    assert s2["inv"]["mark_harrigan"]["health"] == s["inv"]["mark_harrigan"]["health"] - 1
    assert s2["monsters"]["board"][uid]["damage"] == 1


def act_norman_withers():
    s = game("norman_withers")
    R.gain_clues(s, "norman_withers", 2, [])
    far = R.C.gate_spaces[0] if R.C.gate_spaces[0] != s["inv"]["norman_withers"]["space"] else R.C.gate_spaces[1]
    put_gate(s, far)
    uid = put_monster(s, "zombie", far)
    s2, ev = do(s, "norman_withers", pick=lambda p: {"type": "choose", "value": far} if p.get("about") == "space"
                else first_value("monster")(p))
    assert uid not in s2["monsters"]["board"] and s2["inv"]["norman_withers"]["clues"] == []


def act_silas_marsh():
    port = next(sp for sp in R.C.space_ids if "ship" in R.C.adj[sp].values())
    s = game("silas_marsh", space=port)
    s2, ev = do(s, "silas_marsh", pick=first_value("space"))
    sp = s2["inv"]["silas_marsh"]["space"]
    assert R.C.adj[port].get(sp) == "ship", "one space by a ship path"
    assert s2["turn"]["left"] + s2["inv"]["silas_marsh"].get("bonus_actions", 0) == 2, "and an extra action"


def act_trish_scarborough():
    s = game("trish_scarborough")
    s2, ev = do(s, "trish_scarborough")
    assert len(s2["inv"]["trish_scarborough"]["clues"]) == 1
    R.gain_clues(s, "trish_scarborough", 1, [])
    assert {"type": "component", "card": "trish_scarborough"} not in R.prompts(s)[0]["options"], "only with no clue"


# --- passives ------------------------------------------------------------------------------------
def pas_akachi_onyele():
    s = game("akachi_onyele")
    here = s["inv"]["akachi_onyele"]["space"]
    gate = next(g for g in R.C.gate_spaces if g != here)
    put_gate(s, gate)
    s["inv"]["akachi_onyele"]["space"] = gate
    far = next(sp for sp in R.C.space_ids if sp not in (gate, here))
    put_clue(s, far)
    s2, ev = fx(s, "akachi_onyele", "[{close_gate: {}}]", enc="other_world",
                pick=lambda p: {"type": "choose", "value": far} if p.get("about") == "space" else None)
    assert gate not in s2["gates"]["board"] and s2["inv"]["akachi_onyele"]["space"] == far


def pas_charlie_kane():
    s = game("charlie_kane", "leo_anderson")
    card = s["reserve"][0]

    def pick(p):
        if p["kind"] == "acquire":
            buy = [o for o in p["options"] if o["type"] == "buy"]
            return dict(buy[0]) if buy and not s2_bought else {"type": "done"}
        if p.get("about") == "give":
            got = [o for o in p["options"] if o.get("value") and o["value"].get("card") == card]
            return dict(got[0]) if got else None
        return None
    s2_bought = []
    s["forced_dice"] = [6] * 8
    s2, ev = act(s, "ann", "acquire")
    for _ in range(10):
        p = R.prompts(s2)[0]
        if p["kind"] == "acquire":
            buy = [o for o in p["options"] if o["type"] == "buy" and o["card"] == card]
            a = dict(buy[0]) if buy and card not in s2["inv"]["charlie_kane"]["assets"] else {"type": "done"}
        elif p.get("about") == "give":
            a = pick(p) or {"type": "default"}
        elif p.get("about") == "may":   # the passive is optional
            a = {"type": "choose", "value": True}
        else:
            break
        s2, _ = act(s2, p["player"], a.pop("type"), **a)
    assert card in s2["inv"]["leo_anderson"]["assets"], "Charlie hands the bought asset over"


def pas_diana_stanley():
    s = game("diana_stanley")
    z = s["inv"]["diana_stanley"]["sanity"]
    s2, ev = fx(s, "diana_stanley", "[{ambush: {monster: dark_young}}]", faces=[1] * 20)
    assert s2["inv"]["diana_stanley"]["sanity"] == z - 1, "horror 3 counts as 1"


def pas_jacqueline_fine():
    s = game("jacqueline_fine", "leo_anderson")
    s2, ev = fx(s, "leo_anderson", "[{gain_condition: {name: paranoia}}]")
    assert len(s2["inv"]["jacqueline_fine"]["clues"]) == 1
    s3, ev = fx(s, "leo_anderson", "[{gain_condition: {name: debt}}]")
    assert s3["inv"]["jacqueline_fine"]["clues"] == [], "not for a Common condition"


def pas_jim_culver():
    s = game("jim_culver", "leo_anderson")
    assert pool(s, "strength", inv="leo_anderson", combat=True)[1]["extra"] >= 1
    assert pool(s, "strength", inv="jim_culver", combat=True)[1]["extra"] == 1
    assert pool(s, "strength", inv="jim_culver")[1]["extra"] == 0


def pas_leo_anderson():
    wild = next(sp for sp, d in R.C.spaces.items() if d["type"] == "wilderness")
    s = game("leo_anderson", space=wild)
    assert pool(s, "lore", inv="leo_anderson")[1]["extra"] == 1
    s["inv"]["leo_anderson"]["space"] = next(sp for sp, d in R.C.spaces.items() if d["type"] == "city")
    assert pool(s, "lore", inv="leo_anderson")[1]["extra"] == 0


def pas_lily_chen():
    s = game("lily_chen")
    s2, ev = fx(s, "lily_chen", "[{improve: {skill: lore}}]")
    assert s2["inv"]["lily_chen"]["improve"]["lore"] == 2, "each improvement counts twice"


def pas_lola_hayes():
    s = game("lola_hayes")
    s2, ev = fx(s, "lola_hayes", "[{test: {skill: lore}}]", faces=[1] * 9)
    assert rolls(ev)[0]["extra"] == 1, "one extra die, once a round"
    s3, ev = fx(s2, "lola_hayes", "[{test: {skill: lore}}]", faces=[1] * 9)
    assert rolls(ev)[0]["extra"] == 0


def pas_mark_harrigan():
    s = game("mark_harrigan")
    s2, ev = fx(s, "mark_harrigan", "[{gain_condition: {name: detained}}, {delay: {}}]")
    assert not R.holds(s2, "mark_harrigan", "detained") and not s2["inv"]["mark_harrigan"]["delayed"]
    assert not any(e["type"] == "actions_lost" for e in ev)


def pas_norman_withers():
    s = game("norman_withers")
    s["inv"]["norman_withers"]["skills"]["lore"] = 1
    s["inv"]["norman_withers"]["used"].remove("limit:norman_withers")   # quiet() spends it
    z = s["inv"]["norman_withers"]["sanity"]
    pick = lambda p: next((dict(o) for o in p["options"] if o.get("pay") == "sanity"), None) if p["kind"] == "roll" else None  # noqa: E731
    s2, ev = fx(s, "norman_withers", "[{test: {skill: lore}}]", faces=[1, 6], pick=pick)
    assert results(ev)[-1]["passed"] and s2["inv"]["norman_withers"]["sanity"] == z - 1


def pas_silas_marsh():
    sea = next(sp for sp, d in R.C.spaces.items() if d["type"] == "sea")
    s = game("silas_marsh", space=sea)
    assert pool(s, "lore", inv="silas_marsh")[1]["extra"] == 1


def pas_trish_scarborough():
    s = game("trish_scarborough")
    R.gain_clues(s, "trish_scarborough", 1, [])
    pick = lambda p: next((dict(o) for o in p["options"] if "and" in o), None) if p["kind"] == "roll" else None  # noqa: E731
    s2, ev = fx(s, "trish_scarborough", "[{test: {skill: observation}}]", faces=[1] * 4 + [6, 6], pick=pick)
    rr = [e for e in ev if e["type"] == "rerolled"]
    assert rr and len(rr[0]["which"]) == 2 and s2["inv"]["trish_scarborough"]["clues"] == []


ACTIONS = {n[4:]: f for n, f in dict(globals()).items() if n.startswith("act_")}
PASSIVES = {n[4:]: f for n, f in dict(globals()).items() if n.startswith("pas_")}


def test_every_investigator_ability_is_covered():
    assert sorted(ACTIONS) == INVS and sorted(PASSIVES) == INVS


@pytest.mark.parametrize("inv", INVS)
def test_investigator_action(inv):
    ACTIONS[inv]()


@pytest.mark.parametrize("inv", INVS)
def test_investigator_passive(inv):
    PASSIVES[inv]()


@pytest.mark.parametrize("inv,token", [(i, t) for i in INVS for t in ("health", "sanity")])
def test_defeated_investigator_encounter(inv, token):
    """E11: the figure's possessions are claimed, then the test; a pass pushes doom back (ruling 14)."""
    other = "leo_anderson" if inv != "leo_anderson" else "trish_scarborough"
    s = game(inv, other)
    R.take_by_name(s, inv, "asset", "whiskey", [])
    s["doom"] = 10
    i = s["inv"][inv]
    i["health" if token == "health" else "sanity"] = 0
    R.defeat(s, inv, [])
    R.run(s, [])
    s = json.loads(json.dumps(s))
    s["inv"][other]["space"] = s["figures"][0]["space"]
    s["inv"][other]["skills"] = {k: 5 for k in s["inv"][other]["skills"]}
    events = []
    s["forced_dice"] = [6] * 12
    R.resolve_encounter(s, other, "defeated", events, card=inv)
    R.run(s, events)
    s, _ = answer(s)
    assert "whiskey" in s["inv"][other]["assets"], "her belongings are claimed"
    assert s["doom"] == 10, "a pass: doom back by 1 (after +1 for the defeat)"
