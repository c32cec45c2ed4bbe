"""Every section of every encounter card (checklist E): resolved with forced dice, its first
primitive's documented change asserted.

Each case draws the card for its space (a region city, a space of the section's type, a gate, the
expedition site, the special deck's place) and resolves it twice with every die a 6 (so a test
passes and its pass paragraph runs) and every ``may`` accepted: once as printed and once with the
*effective first primitive* removed — the first step, or, when that is a test, the first step of
its pass branch; a ``may``'s first cost (else its first ``then``); a ``choose_one``'s first option.
The difference between the two runs is that primitive's own change (clues, health, possessions,
gates, doom, tokens, position...). A leading test is asserted too: it was rolled with its skill
and modifier.
"""
import copy
import json

import pytest

from eh_cards import answer
from eh_helpers import R, new, put_clue, put_gate, put_monster, quiet, settle

INV = "leo_anderson"
AO_OF_DECK = {f"research_{ao}": ao for ao in R.C.ancient_ones}
AO_OF_DECK.update({"rlyeh_risen": "cthulhu", "the_key_and_the_gate": "yog_sothoth"})


def cases():
    out = []
    for did in sorted(R.C.decks):
        for cid in sorted(R.C.decks[did]["cards"]):
            data = R.C.decks[did]["cards"][cid]
            for section in sorted(data.get("sections") or {None: 0}):
                name = f"{cid}-{section}" if section else cid
                out.append(pytest.param(did, cid, section, "pass", id=name))
                if "fail" in path_to_first(effect_of(data, section), "fail")[0]:
                    out.append(pytest.param(did, cid, section, "fail", id=name + "-fail"))
    return out


def faces_for(effect, branch="pass"):
    path, _ = path_to_first(effect, branch)
    return 1 if "fail" in path and "pass" not in path else 6


def path_to_first(effect, branch="pass"):
    """[(list, index)] path to the effective first primitive (see the module doc); ``branch``
    "fail": through the fail paragraph of every test (dice 1s) instead."""
    path, steps = [], effect
    while steps:
        st = steps[0]
        path.append(0)
        if branch == "fail" and st["op"] == "test":
            if not st.get("fail"):
                return path, st
            path.append("fail")
            steps = st["fail"]
        elif st["op"] == "test" and (st.get("pass") or st.get("fail")):
            key = "pass" if st.get("pass") else "fail"   # an empty pass: the fail paragraph (dice 1s)
            path.append(key)
            steps = st[key]
        elif st["op"] == "may" and (st.get("cost") or st.get("then")):
            key = "cost" if st.get("cost") else "then"
            path.append(key)
            steps = st[key]
        elif st["op"] == "choose_one" and st["options"][0]["effect"]:
            path += ["options", 0, "effect"]
            steps = st["options"][0]["effect"]
        else:
            return path, st
    return path, None


def effect_of(data, section):
    return (data["sections"][section] if section else data["encounter"])["effect"]


def without_first(data, section, branch="pass"):
    data = copy.deepcopy(data)
    effect = effect_of(data, section)
    path, _ = path_to_first(effect, branch)
    node = effect
    for key in path[:-1]:
        node = node[key]
    del node[path[-1]]
    return data


def space_for(deck, cid, section):
    kind = R.C.decks[deck]["kind"]
    data = R.C.decks[deck]["cards"][cid]
    if kind == "region":
        return section
    if kind in ("general", "research"):
        return next(sp for sp in R.C.space_ids if R.C.spaces[sp]["type"] == section)
    if kind == "expedition":
        return data["location"]
    if kind == "other_world" or deck == "the_key_and_the_gate":
        return R.C.gate_spaces[0]
    return "space_3"


def setup(deck, cid, section, first):
    ao = AO_OF_DECK.get(deck, "azathoth")
    s = quiet(settle(new({"ann": [INV]}, ao=ao)))
    i = s["inv"][INV]
    for key in ("assets", "artifacts", "spells"):
        s["decks"][key]["draw"] += i[key]
        i[key] = []
    s["clues"]["pool"] += i["clues"]
    i["clues"] = []
    i["max_health"] = i["max_sanity"] = 20
    i["health"] = i["sanity"] = 15
    i["skills"] = {k: 8 for k in i["skills"]}
    for c in ("arcane_manuscripts", "fine_clothes", "personal_assistant"):   # two Items and an Ally to discard
        for pile in (s["reserve"], s["decks"]["assets"]["draw"], s["decks"]["assets"]["discard"]):
            if c in pile:
                pile.remove(c)
        i["assets"].append(c)
    R.refill_reserve(s, [])
    if "revolver_38" not in s["reserve"]:   # an Item to gain from the reserve
        for pile in (s["decks"]["assets"]["draw"], s["decks"]["assets"]["discard"]):
            if "revolver_38" in pile:
                pile.remove("revolver_38")
        s["decks"]["assets"]["draw"].append(s["reserve"].pop())
        s["reserve"].append("revolver_38")
    R.take_by_name(s, INV, "spell", "feed_the_mind", [])   # a Spell to discard
    R.gain_clues(s, INV, 4, [])
    s["doom"] = 10
    here = space_for(deck, cid, section)
    i["space"] = here
    kind = R.C.decks[deck]["kind"]
    if kind == "research":
        put_clue(s, here)
    if here in R.C.gate_spaces and kind in ("other_world", "special"):
        put_gate(s, here)
    if kind == "expedition":
        s["expedition"] = here
    if first and first["op"] in ("damage_monsters", "move_monsters", "discard_monsters"):
        put_monster(s, "dark_young", here)
    if deck == "rlyeh_risen":
        s["mystery"] = {"id": "rlyeh_risen", "eldritch": 0, "health": 0, "clues": [], "gates": [], "monsters": [],
                        "toughness": [], "placed": []}
    if deck == "the_key_and_the_gate":
        s["final"] = {"id": "the_key_and_the_gate_final", "eldritch": 0, "health": 0, "clues": [], "gates": [],
                      "monsters": [], "toughness": [], "placed": []}
    pile = s["decks"][deck]
    for p in (pile["draw"], pile["discard"]):
        if cid in p:
            p.remove(cid)
    pile["draw"].insert(0, cid)
    return s


def pick(p):
    if p["kind"] == "roll":
        return None
    if p.get("about") == "may":
        return {"type": "choose", "value": True}
    vals = [o for o in p["options"] if o.get("type") == "choose" and o.get("value") not in (None, False)]
    if p.get("about") in ("card", "give") and vals:
        return dict(vals[0])
    return None


def resolve(deck, cid, section, data=None, branch="pass"):
    first = path_to_first(effect_of(R.C.decks[deck]["cards"][cid], section), branch)[1]
    s = setup(deck, cid, section, first)
    saved = R.C.decks[deck]["cards"][cid]
    if data is not None:
        R.C.decks[deck]["cards"][cid] = data
    try:
        s["forced_dice"] = [faces_for(effect_of(saved, section), branch)] * 200
        kind = R.C.decks[deck]["kind"]
        here = s["inv"][INV]["space"]
        extra = {}
        if kind == "research":
            extra = {"clue_space": here}
        elif kind == "other_world":
            extra = {"gate_space": here}
        elif deck == "rlyeh_risen":
            extra = {"card": {"kind": "mystery", "id": "rlyeh_risen"}}
        elif deck == "the_key_and_the_gate":
            extra = {"card": {"kind": "final", "id": "the_key_and_the_gate_final"}, "gate_space": here}
        enc_kind = {"region": "location", "general": "location"}.get(kind, kind)
        events = []
        R.encounter_card(s, INV, deck, section, enc_kind, events, extra=extra)
        R.run(s, events)
        s, more = answer(s, pick, stop=lambda s, p: p["kind"] == "action")
    finally:
        R.C.decks[deck]["cards"][cid] = saved
    return s, events + more


def snap(s, ev):
    i = s["inv"][INV]
    board = s["monsters"]["board"]
    tokens = [x for x in (s.get("mystery"), s.get("final"), s.get("ao_tokens")) if isinstance(x, dict)]
    return {
        "clues": len(i["clues"]), "board_clues": sum(len(v) for v in s["clues"]["board"].values()),
        "health": i["health"], "sanity": i["sanity"], "assets": len(i["assets"]), "artifacts": len(i["artifacts"]),
        "spells": len(i["spells"]), "conditions": sorted(R.card_id(b) for b in i["conditions"]),
        "improve": sum(i["improve"].values()), "reduced": -sum(i["improve"].values()),
        "delayed": i["delayed"] or any(e["type"] == "actions_lost" for e in ev),
        "doom": s["doom"], "gates": len(s["gates"]["board"]), "space": i["space"],
        "eldritch": sum(t.get("eldritch", 0) for t in tokens) + sum(s["eldritch_board"].values())
        + 10 * len(s["solved"]) + (s.get("omen_eldritch") or 0),
        "gained": sum(1 for e in ev if e["type"] == "card_gained"),
        "monsters": len(board), "spawned": sum(1 for e in ev if e["type"] == "monster_spawned"), "damage": sum(m["damage"] for m in board.values()),
        "positions": sorted(m["space"] for m in board.values()),
        "ambushes": sum(1 for e in ev if e["type"] == "combat" and e.get("ambush")),
        "tickets": sum(i["tickets"].values()), "status": i["status"], "omen": s["omen"],
        "clue_spaces": sorted((sp, len(v)) for sp, v in s["clues"]["board"].items() if v),
        "prompted": sum(1 for e in ev if e["type"] in ("test_rolled",)),
    }


def check(op, st, a, b):
    if op == "gain_this_clue":
        assert a["clues"] == b["clues"] + 1 and a["board_clues"] == b["board_clues"] - 1
    elif op in ("gain_clues",):
        assert a["clues"] > b["clues"]
    elif op == "improve":
        assert a["improve"] > b["improve"]
    elif op == "reduce":
        assert a["improve"] < b["improve"]
    elif op in ("gain_asset", "gain_artifact", "gain_spell"):
        key = {"gain_asset": "assets", "gain_artifact": "artifacts", "gain_spell": "spells"}[op]
        assert a[key] > b[key] or (op == "gain_asset" and a["gained"] > b["gained"])   # a Service: spent at once
    elif op == "gain_condition":
        assert a["conditions"] != b["conditions"]
    elif op == "close_gate":
        assert a["gates"] < b["gates"]
    elif op == "delay":
        assert a["delayed"] and not b["delayed"]
    elif op == "spend":
        assert (a["clues"], a["health"], a["sanity"]) < (b["clues"], b["health"], b["sanity"]) or \
            a["clues"] < b["clues"] or a["health"] < b["health"] or a["sanity"] < b["sanity"]
    elif op == "place_eldritch":
        assert a["eldritch"] > b["eldritch"]
    elif op == "spawn_clues":
        assert a["board_clues"] > b["board_clues"]
    elif op == "ambush":
        assert a["ambushes"] > b["ambushes"]
    elif op == "retreat_doom":
        assert a["doom"] > b["doom"]
    elif op == "advance_doom":
        assert a["doom"] < b["doom"]
    elif op == "lose":
        assert a["health"] < b["health"] or a["sanity"] < b["sanity"]
    elif op == "recover":
        assert a["health"] > b["health"] or a["sanity"] > b["sanity"]
    elif op == "move":
        assert a["space"] != b["space"]
    elif op == "move_monsters":
        assert a["positions"] != b["positions"]
    elif op == "damage_monsters":
        assert a["damage"] > b["damage"] or a["monsters"] < b["monsters"]
    elif op == "discard_possessions":
        assert a["assets"] + a["artifacts"] + a["spells"] < b["assets"] + b["artifacts"] + b["spells"]
    elif op == "spawn_monster":
        assert a["spawned"] > b["spawned"]
    elif op == "choose_space":
        pass   # only fixes a space for what follows
    elif op == "advance_omen":
        assert a["omen"] != b["omen"]
    elif op == "move_this_clue":
        assert a["clue_spaces"] != b["clue_spaces"] and a["board_clues"] == b["board_clues"]
    elif op == "discard_this_clue":
        assert a["board_clues"] < b["board_clues"]
    elif op == "spawn_gates":
        assert a["gates"] > b["gates"]
    elif op == "devour":
        assert a["status"] == "devoured" != b["status"]
    elif op == "if":
        pass   # a condition on the state (asserted by the branch it leads to in its own card tests)
    else:
        raise AssertionError(f"no check for {op}")


XFAIL = {}


@pytest.mark.parametrize("deck,cid,section,branch", cases())
def test_encounter_card(deck, cid, section, branch):
    data = R.C.decks[deck]["cards"][cid]
    effect = effect_of(data, section)
    path, first = path_to_first(effect, branch)
    a_state, a_ev = resolve(deck, cid, section, branch=branch)
    assert any(e["type"] == "encounter" and e.get("card") == cid for e in a_ev)
    lead = effect[0]
    if lead["op"] == "test":
        rolled = [e for e in a_ev if e["type"] == "test_rolled"]
        assert rolled and rolled[0]["skill"] == lead["skill"] and rolled[0]["modifier"] == lead.get("modifier", 0)
    if first is None:
        return
    b_state, b_ev = resolve(deck, cid, section, without_first(data, section, branch), branch=branch)
    check(first["op"], first, snap(a_state, a_ev), snap(b_state, b_ev))


def test_every_encounter_card_is_covered():
    counted = {}
    for p in cases():
        counted.setdefault(p.values[0], set()).add(p.values[1])
    assert {d: len(v) for d, v in counted.items()} == {d: len(R.C.decks[d]["cards"]) for d in R.C.decks}
    assert sum(1 for p in cases() if p.values[3] == "pass") == 258
