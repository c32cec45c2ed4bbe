"""What every reachable Eldritch Horror state satisfies (P5), checked after every step in simulations."""
from __future__ import annotations

import json
from collections import Counter


def clue_count(s) -> int:
    n = len(s["clues"]["pool"]) + len(s["clues"]["discard"])
    n += sum(len(t) for t in s["clues"]["board"].values())
    n += sum(len(i["clues"]) for i in s["inv"].values())
    n += sum(len(f["possessions"]["clues"]) for f in s["figures"])
    for holder in (s["mystery"], s["final"]):
        if holder:
            n += len(holder.get("clues", []))
    return n


def gate_count(s) -> int:
    n = len(s["gates"]["stack"]) + len(s["gates"]["discard"]) + len(s["gates"]["board"])
    n += len(s.get("removed_gates", []))
    for holder in (s["mystery"], s["final"]):
        if holder:
            n += len(holder.get("gates", []))
    return n


def monster_tokens(rules, s) -> Counter:
    M = s["monsters"]
    where = Counter(M["cup"]) + Counter(M["set_aside"]) + Counter(M["box"])
    where.update(m["kind"] for m in M["board"].values())
    where.update(s.get("boxed_monsters", []))
    for holder in (s["mystery"], s["final"]):
        if holder:
            where.update(holder.get("monsters", []))
    return where


def card_zones(rules, s) -> Counter:
    where = Counter()
    for d in s["decks"].values():
        where.update(d["draw"])
        where.update(d["discard"])
    where.update(s["reserve"])
    where.update(s.get("removed_cards", []))
    for i in s["inv"].values():
        for k in ("assets", "artifacts", "spells", "conditions"):
            where.update(i[k])
    for f in s["figures"]:
        for k in ("assets", "artifacts", "spells"):
            where.update(f["possessions"][k])
    where.update(s["solved"])
    if s["mystery"]:
        where[s["mystery"]["id"]] += 1
    for frame in s["stack"]:   # an encounter card being resolved
        if frame["k"] == "call" and frame["fn"] == "encounter_done":
            where[frame["args"]["card"]] += 1
    return where


def expected_cards(rules, s) -> Counter:
    C = rules.C
    out = Counter()
    for a, card in C.assets.items():
        out[a] += card["copies"]
    out.update(list(C.artifacts))
    out.update(list(C.back_of))
    out.update(m["id"] for m in C.ancient_ones[s["ao"]]["mysteries"])
    for did in s["decks"]:
        if did in C.decks:
            out.update(list(C.decks[did]["cards"]))
    return out


def violations(rules, s) -> list[str]:
    C = rules.C
    problems = []
    if clue_count(s) != len(C.space_ids):
        problems.append(f"{clue_count(s)} clue tokens, not {len(C.space_ids)}")
    if gate_count(s) != len(C.gate_spaces):
        problems.append(f"{gate_count(s)} gate tokens, not {len(C.gate_spaces)}")
    want = Counter({m: d["copies"] for m, d in C.monsters.items()})
    have = monster_tokens(rules, s)
    if have != want:
        problems.append(f"monsters not conserved: {dict((have - want) + (want - have))}")
    cards, expect = card_zones(rules, s), expected_cards(rules, s)
    if cards != expect:
        problems.append(f"cards not conserved: {dict((cards - expect) + (expect - cards))}")
    for i in s["inv"].values():
        if i["status"] != "active":
            continue
        if not 0 < i["health"] <= i["max_health"] or not 0 < i["sanity"] <= i["max_sanity"]:
            problems.append(f"{i['id']} health/sanity out of bounds")
        if sum(i["tickets"].values()) > 2 or min(i["tickets"].values()) < 0:
            problems.append(f"{i['id']} holds {i['tickets']} tickets")
        if any(not 0 <= v <= 2 for v in i["improve"].values()):
            problems.append(f"{i['id']} improvements {i['improve']}")
        for k in ("spells", "conditions"):
            ids = [rules.card_id(b) for b in i[k]]
            if len(ids) != len(set(ids)):
                problems.append(f"{i['id']} holds duplicate {k}: {ids}")
    if not 0 <= s["doom"] <= C.doom_top:
        problems.append(f"doom {s['doom']}")
    if s["awakened"] and s["doom"] != 0:
        problems.append("doom moved after the awakening")
    if json.loads(json.dumps(s)) != s:
        problems.append("state is not JSON round-trip safe")
    # N1: no view shows a hidden back or a deck order
    backs = set(C.back_of)
    for viewer in [None] + list(s["players"]):
        text = json.dumps(rules.view(s, viewer))
        leaked = [b for b in backs if f'"{b}"' in text and b not in C.conditions and b not in C.spells]
        if leaked:
            problems.append(f"view of {viewer} shows hidden backs {leaked[:3]}")
            break
    return problems
