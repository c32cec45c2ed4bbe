"""Every mystery and final mystery (checklist L4-L8): put in play (its enters_play asserted), one
step of progress made the way the card says (its ability triggered or its encounter resolved, with
forced dice), and solved once its progress reaches the target (when its `check` says)."""
import json

import pytest

from eh_cards import answer
from eh_helpers import R, new, put_clue, put_gate, put_monster, quiet, run_fx, settle

AO_OF = {}
for _ao, _d in R.C.ancient_ones.items():
    for _m in _d["mysteries"]:
        AO_OF[_m["id"]] = (_ao, "mystery")
    if _d.get("final_mystery"):
        AO_OF[_d["final_mystery"]["id"]] = (_ao, "final")
MYSTERIES = sorted(R.C.mysteries)
INV, OTHER, THIRD = "leo_anderson", "charlie_kane", "akachi_onyele"


def game(mid):
    ao, slot = AO_OF[mid]
    s = quiet(settle(new({"ann": [INV], "bob": [OTHER], "cid": [THIRD]}, ao=ao)))   # 3: half = 2
    for i in s["inv"].values():
        s["clues"]["pool"] += i["clues"]
        i["clues"] = []
        i["max_health"] = i["health"] = i["max_sanity"] = i["sanity"] = 20
    if slot == "mystery":
        if s["mystery"]:
            s["decks"]["mysteries"]["draw"].insert(0, s["mystery"]["id"])
            s["mystery"] = None
        events = []
        R.draw_mystery(s, events, first=mid)
        R.run(s, events)
        s = settle(s)   # a tie its enters_play asks about (J16: nearest spaces) takes the default
        assert s["mystery"]["id"] == mid
    else:
        s["final"] = {"id": mid, "eldritch": 0, "health": 0, "clues": [], "gates": [], "monsters": [],
                      "toughness": [], "placed": []}
        if mid == "risen_from_the_sea":
            put_monster(s, "cthulhu", "space_3")
        if mid == "battle_in_the_woods":
            put_monster(s, "shub_niggurath", "space_1")
    s["inv"][OTHER]["space"] = s["inv"][INV]["space"]
    s["inv"][THIRD]["space"] = next(sp for sp in R.C.space_ids if R.C.dist[s["inv"][INV]["space"]].get(sp, 9) > 3)
    return s


def card(s, mid):
    return s["mystery"] if s["mystery"] and s["mystery"]["id"] == mid else s["final"]


def play(s, pick=None, faces=()):
    s["forced_dice"] = list(faces)
    return answer(s, pick)


def encounter(s, mid, space, faces=(6,) * 9, pick=None):
    s = json.loads(json.dumps(s))
    s["inv"][INV]["space"] = space
    R.gain_clues(s, INV, 2, [])
    s["forced_dice"] = list(faces)
    events = []
    assert {"type": "encounter", "what": "mystery", "card": mid} in R.encounter_options(s, INV)
    R.resolve_encounter(s, INV, "mystery", events, card=mid)
    R.run(s, events)
    s, more = answer(s, pick)
    return s, events + more


def research_clue(s, mid):
    """A Research encounter in which the investigator gains a clue, then the mystery's ability."""
    s = json.loads(json.dumps(s))
    ctx = R.new_ctx(s, self_=INV, enc="research")
    R.gain_clues(s, INV, 1, [])
    s["ctx"][ctx]["clues_gained"] = 1
    events = []
    R._call_encounter_done(s, {"inv": INV, "deck": "research_" + AO_OF[mid][0], "card": "x", "kind": "research",
                               "c": ctx}, events)
    s["decks"]["research_" + AO_OF[mid][0]]["discard"].remove("x")
    R.run(s, events)
    return answer(s)


def solved(s, mid, at_end):
    events = []
    R.check_mystery(s, events, at_end=at_end)
    R.run(s, events)
    return any(e["type"] == "mystery_solved" and e["mystery"] == mid for e in events)


def reach(s, mid):
    """Put the target's worth of progress on the card."""
    m, data = card(s, mid), R.C.mysteries[mid]
    what = data["progress"]["what"]
    n = R.amount(s, data["progress"]["target"], {"self": s["lead"]}) if data["progress"].get("target") else 0
    if what == "clues":
        m["clues"] = [s["clues"]["pool"].pop() for _ in range(n)]
    elif what == "eldritch":
        m["eldritch"] = n
    elif what == "gates":
        m["gates"] = [s["gates"]["stack"].pop() for _ in range(n)]
    elif what == "monster_toughness":
        m["toughness"] = [n]
    else:
        for uid, mo in list(s["monsters"]["board"].items()):
            if R.C.monsters[mo["kind"]]["epic"]:
                R.remove_monster(s, uid, [], defeated=True)
    return n


@pytest.mark.parametrize("mid", MYSTERIES)
def test_mystery_is_solved_at_its_target(mid):
    s = game(mid)
    data = R.C.mysteries[mid]
    assert not solved(json.loads(json.dumps(s)), mid, at_end=True), "not before its target"
    reach(s, mid)
    if data["check"] == "end_of_mythos":
        assert not solved(json.loads(json.dumps(s)), mid, at_end=False), "only when the Mythos phase ends"
    assert solved(s, mid, at_end=True)


# --- enters_play and progress, card by card ------------------------------------------------------------
def eldritch_on(s):
    return dict(s["eldritch_board"])


def m_occult_research(mid="occult_research"):
    s = game(mid)
    s2, ev = research_clue(s, mid)
    assert len(card(s2, mid)["clues"]) == 1 and s2["inv"][INV]["clues"] == []


m_the_stars_are_right = m_nature_of_the_all_mother = m_the_beyond_one = None


def clue_mystery(mid, types):
    s = quiet(settle(new({"ann": [INV], "bob": [OTHER]}, ao=AO_OF[mid][0])))
    for sp in ("arkham", "london", "space_1"):
        put_clue(s, sp)
    if s["mystery"]:
        s["decks"]["mysteries"]["draw"].insert(0, s["mystery"]["id"])
    events = []
    R.draw_mystery(s, events, first=mid)
    R.run(s, events)
    if types:
        for sp, tokens in s["clues"]["board"].items():
            assert R.C.spaces[sp]["type"] in types, (mid, sp)
    m_occult_research(mid)


def m_the_stars_are_right_():
    clue_mystery("the_stars_are_right", ["sea"])


def m_nature_of_the_all_mother_():
    clue_mystery("nature_of_the_all_mother", ["wilderness", "sea"])


def m_the_beyond_one_():
    clue_mystery("the_beyond_one", None)


def m_omen_of_devastation():
    s = game("omen_of_devastation")
    gate = next(g for g in R.C.gate_spaces if R.C.spaces[g]["gate"] == R.omen(s))
    put_gate(s, gate)
    s["inv"][INV]["space"] = gate
    R.gain_clues(s, INV, 1, [])
    cid = R.new_ctx(s, self_=INV)
    R.run_effect(s, [{"op": "close_gate", "which": "this", "chooser": "self"}], cid, end=True)
    R.run(s, [])
    s, ev = answer(s)
    assert card(s, "omen_of_devastation")["eldritch"] == 1 and s["inv"][INV]["clues"] == []


def m_seed_of_the_daemon_sultan():
    s = game("seed_of_the_daemon_sultan")
    assert s["mystery_token"] == "tunguska"
    s, ev = encounter(s, "seed_of_the_daemon_sultan", "tunguska")
    assert card(s, "seed_of_the_daemon_sultan")["eldritch"] == 1 and s["inv"][INV]["clues"] == []


def m_the_true_name():
    s = game("the_true_name")
    assert sum(s["eldritch_board"].values()) == 2, "half the investigators (3): 2 tokens"
    sp = next(iter(s["eldritch_board"]))
    s, ev = encounter(s, "the_true_name", sp)
    assert card(s, "the_true_name")["eldritch"] == 1 and not s["eldritch_board"].get(sp)


def m_rlyeh_risen():
    s = game("rlyeh_risen")
    assert s["mystery_token"] == "space_3"
    s, ev = encounter(s, "rlyeh_risen", "space_3")
    assert any(e["type"] == "encounter" and e.get("deck") == "rlyeh_risen" for e in ev), "a special card drawn"


def m_the_deep_ones_attack():
    s = game("the_deep_ones_attack")
    spaces = [sp for sp in s["eldritch_board"]]
    assert len(spaces) == 3 and all(R.C.spaces[sp]["type"] == "sea" for sp in spaces), "one per investigator"
    s["inv"][INV]["skills"]["will"] = s["inv"][INV]["skills"]["strength"] = 6
    s, ev = encounter(s, "the_deep_ones_attack", spaces[0], faces=[6] * 30)
    assert card(s, "the_deep_ones_attack")["eldritch"] == 1 and not s["eldritch_board"].get(spaces[0])


def epic(mid, kind, at):
    s = game(mid)
    assert any(m["kind"] == kind and m["space"] == at for m in s["monsters"]["board"].values())


def m_watching_the_stars():
    epic("watching_the_stars", "cthylla", "space_12")


def m_spawn_of_the_black_goat():
    epic("spawn_of_the_black_goat", "nug", "amazon")


def m_spawn_of_yog_sothoth():
    epic("spawn_of_yog_sothoth", "dunwich_horror", "arkham")


def m_risen_from_the_sea():
    s = game("risen_from_the_sea")
    uid = next(u for u, m in s["monsters"]["board"].items() if m["kind"] == "cthulhu")
    R.hurt_monster(s, uid, 50, [])
    assert uid not in s["monsters"]["board"] and solved(s, "risen_from_the_sea", at_end=False)


def m_battle_in_the_woods():
    s = game("battle_in_the_woods")
    uid = next(u for u, m in s["monsters"]["board"].items() if m["kind"] == "shub_niggurath")
    R.hurt_monster(s, uid, 50, [])
    assert uid in s["monsters"]["board"], "no wound while at most 2 mysteries are solved"
    s["solved"] = ["a", "b", "c"]
    R.hurt_monster(s, uid, 50, [])
    assert solved(s, "battle_in_the_woods", at_end=False)


def m_hunting_the_thousand():
    s = game("hunting_the_thousand")
    R.gain_clues(s, INV, 2, [])
    uid = put_monster(s, "zombie", s["inv"][INV]["space"])
    events = []
    R.defeat_monster(s, uid, events, by=INV, combat=True)
    R.run(s, events)
    s, ev = answer(s)
    assert card(s, "hunting_the_thousand")["toughness"] == [2] and s["inv"][INV]["clues"] == []


def m_rituals_in_the_wild():
    s = game("rituals_in_the_wild")
    assert sorted(s["eldritch_board"]) == sorted(["space_4", "space_10", "space_21", "tunguska"])
    s, ev = encounter(s, "rituals_in_the_wild", "space_4")
    assert card(s, "rituals_in_the_wild")["eldritch"] == 1 and not s["eldritch_board"].get("space_4")


def m_arcane_understanding():
    s = game("arcane_understanding")
    R.gain_clues(s, INV, 1, [])
    R.take_by_name(s, INV, "spell", "wither", [])
    back = s["inv"][INV]["spells"][-1]
    s["inv"][INV]["skills"]["lore"] = 3
    cid = R.new_ctx(s, self_=INV, card={"kind": "spell", "id": "wither", "back": back, "holder": INV})
    s["forced_dice"] = [6] * 5
    R.run_effect(s, [{"op": "test", "skill": "lore", "modifier": 0, "who": "self", "pass_at": 1, "pass": [],
                      "fail": []}], cid, end=True)
    R.run(s, [])
    s, ev = answer(s)
    assert card(s, "arcane_understanding")["eldritch"] == 1
    assert not R.holds(s, INV, "wither") and s["inv"][INV]["clues"] == []


def m_where_the_old_ones_broke_through():
    s = game("where_the_old_ones_broke_through")
    for sp in ("wither", "shriveling"):
        R.take_by_name(s, INV, "spell", sp, [])
    gate = R.C.gate_spaces[0]
    put_gate(s, gate)
    s["inv"][INV]["space"] = gate
    cid = R.new_ctx(s, self_=INV)
    R.run_effect(s, [{"op": "close_gate", "which": "this", "chooser": "self"}], cid, end=True)
    R.run(s, [])
    s, ev = answer(s, pick=lambda p: dict(p["options"][-1]) if p.get("about") not in (None, "may") else None)
    assert card(s, "where_the_old_ones_broke_through")["gates"] == [gate] and s["inv"][INV]["spells"] == []


def m_the_key_and_the_gate_final():
    s = game("the_key_and_the_gate_final")
    gate = R.C.gate_spaces[0]
    put_gate(s, gate)
    s, ev = encounter(s, "the_key_and_the_gate_final", gate)
    assert any(e["type"] == "encounter" and e.get("deck") == "the_key_and_the_gate" for e in ev)


PROGRESS = {n[2:].rstrip("_"): f for n, f in dict(globals()).items() if n.startswith("m_") and f}


def test_every_mystery_is_covered():
    assert sorted(PROGRESS) == MYSTERIES and sorted(AO_OF) == MYSTERIES


@pytest.mark.parametrize("mid", MYSTERIES)
def test_mystery_enters_play_and_progresses(mid):
    PROGRESS[mid]()
