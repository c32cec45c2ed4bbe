"""What every reachable Eldritch Horror state satisfies (P5), checked after every step in simulations.

``violations(rules, s)`` lists every broken invariant (empty: sound): components conserved by
identity (clue and gate tokens, monster tokens, every card in exactly one zone), per-investigator
limits, board limits, doom and omen ranges, the prompt contract (P2), JSON round-trip (P1) and the
hidden-information rule (N1): no view holds a hidden back, and no view changes when only hidden
things change (deck, stack, pool and cup orders; which back of a card an investigator holds).
``event_violations(rules, events)`` checks the event stream the same way (P4).
"""
from __future__ import annotations

import json
import random
import re
from collections import Counter


_WORD = re.compile(r'"([a-z0-9_]+)"')


def leaked_backs(rules, data) -> list[str]:
    """The hidden back ids anywhere in ``data`` (a view, an event), as a key or a value."""
    return sorted(set(_WORD.findall(json.dumps(data))) & rules.C.back_of.keys())


def clue_tokens(s) -> Counter:
    """Every clue token by its front (a space id), wherever it is."""
    out = Counter(s["clues"]["pool"]) + Counter(s["clues"]["discard"])
    for t in s["clues"]["board"].values():
        out.update(t)
    for i in s["inv"].values():
        out.update(i["clues"])
    for f in s["figures"]:
        out.update(f["possessions"]["clues"])
    for holder in (s["mystery"], s["final"]):
        if holder:
            out.update(holder.get("clues", []))
    return out


def gate_tokens(s) -> Counter:
    """Every gate token by its front (a space id): a gate on the board is the token it was drawn as."""
    g = s["gates"]
    out = Counter(g["stack"]) + Counter(g["discard"]) + Counter(s.get("removed_gates", []))
    out.update(s.get("gate_tokens", {}).get(sp, sp) for sp in g["board"])
    for holder in (s["mystery"], s["final"]):
        if holder:
            out.update(holder.get("gates", []))
    return out


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
    where.update(m["kind"] for m in M["board"].values() if not m.get("temporary"))   # R10
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
    # P5: 36 clues and 9 gates, each token exactly once
    have = clue_tokens(s)
    if have != Counter(C.space_ids):
        problems.append(f"clue tokens not conserved: {dict((have - Counter(C.space_ids)) + (Counter(C.space_ids) - have))}")
    have = gate_tokens(s)
    if have != Counter(C.gate_spaces):
        problems.append(f"gate tokens not conserved: {dict((have - Counter(C.gate_spaces)) + (Counter(C.gate_spaces) - have))}")
    if len(set(s["gates"]["board"])) != len(s["gates"]["board"]):
        problems.append(f"two gates on one space: {s['gates']['board']}")
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
    problems += _limits(rules, s)
    problems += _prompt_contract(rules, s)
    if not 0 <= s["doom"] <= C.doom_top:
        problems.append(f"doom {s['doom']}")
    if s["awakened"] and s["doom"] != 0:
        problems.append("doom moved after the awakening")
    if json.loads(json.dumps(s)) != s:
        problems.append("state is not JSON round-trip safe")
    # N1: no view shows a hidden back or a deck order
    # N1: a player's view is the public table plus their own prompts (views.py): check each once
    public = rules.view(s, None)
    parts = [(None, public)] + [(p["player"], p) for p in rules.prompts(s)]
    for viewer, part in parts:
        leaked = leaked_backs(rules, part)
        if leaked:
            problems.append(f"view of {viewer} shows hidden backs {leaked[:3]}")
            break
    problems += _hidden_changes(rules, s)
    return problems


def _limits(rules, s) -> list[str]:
    """Component limits and where things may be."""
    C = rules.C
    out = []
    spaces = C.spaces
    if len(s["reserve"]) > C.limits.reserve_slots:
        out.append(f"reserve holds {len(s['reserve'])} cards")
    if not 0 <= s["omen"] < len(C.omen_track):
        out.append(f"omen index {s['omen']}")
    for sp in s["gates"]["board"]:
        if sp not in spaces:
            out.append(f"gate on unknown space {sp}")
    for uid, m in s["monsters"]["board"].items():
        if m["space"] not in spaces or m["kind"] not in C.monsters or m.get("damage", 0) < 0:
            out.append(f"monster {uid} {m}")
    for sp in s["clues"]["board"]:
        if sp not in spaces or not s["clues"]["board"][sp]:
            out.append(f"clue pile on {sp}: {s['clues']['board'][sp]}")
    if s["players"] and s["result"] is None and set(s["eliminated"]) >= set(s["players"]):
        out.append("every player is eliminated but the game goes on")
    if (s["result"] or {}).get("winner") == "investigators" and not any(i["status"] == "active"
                                                                         for i in s["inv"].values()):
        out.append("the investigators win with every investigator defeated (seed 002, 1401)")
    for i in s["inv"].values():
        if i["space"] not in spaces:
            out.append(f"{i['id']} on unknown space {i['space']}")
        if not 0 <= i["health"] <= i["max_health"] or not 0 <= i["sanity"] <= i["max_sanity"]:
            out.append(f"{i['id']} health {i['health']}/{i['max_health']} sanity {i['sanity']}/{i['max_sanity']}")
        if i["player"] not in s["players"]:
            out.append(f"{i['id']} belongs to no player")
        if i["status"] != "active" and any(i[k] for k in ("assets", "artifacts", "spells", "conditions", "clues")):
            out.append(f"{i['id']} is {i['status']} but still holds possessions")
        if i["status"] == "active" and i["player"] in s["eliminated"]:
            out.append(f"{i['id']} is active but {i['player']} is eliminated")
    return out


def _prompt_contract(rules, s) -> list[str]:
    """P2: a game not over has at least one prompt; every prompt names a player and has a default
    that is one of its options (``one`` shape with a fixed default)."""
    out = []
    prompts = rules.prompts(s)
    if s["result"] is None and not prompts:
        out.append("the game is not over and nothing is asked")
    for p in prompts:
        if p["player"] not in s["players"]:
            out.append(f"prompt {p['kind']} for {p['player']}, not a player")
        if p.get("shape", "one") == "one":
            if not p["options"]:
                out.append(f"prompt {p['kind']} without options")
            d = p.get("default")
            if isinstance(d, dict) and d not in p["options"]:
                out.append(f"prompt {p['kind']} default {d} is not an option")
    return out


def hidden_shuffle(rules, s, seed=0) -> dict:
    """A copy of ``s`` that differs only in what nobody may know (N1): the order of every deck,
    the gate stack, the clue pool and the cup (the face-up spell and condition decks keep their top
    card), and which back of a card each investigator holds (swapped with a back of the same card
    still in the deck). Every view must be the same for both."""
    t = json.loads(json.dumps(s))
    rng = random.Random(seed)
    for did, d in t["decks"].items():
        keep = 1 if did in ("spells", "conditions") else 0
        rest = d["draw"][keep:]
        rng.shuffle(rest)
        d["draw"][keep:] = rest
    for pile in (t["gates"]["stack"], t["clues"]["pool"], t["monsters"]["cup"], t["mythos"]["deck"]):
        rng.shuffle(pile)
    for i in t["inv"].values():
        for key, did in (("spells", "spells"), ("conditions", "conditions")):
            draw = t["decks"][did]["draw"]
            for n, back in enumerate(i[key]):
                front = rules.C.back_of[back][0]
                others = [k for k in range(1, len(draw)) if rules.C.back_of[draw[k]][0] == front]
                if others:
                    k = rng.choice(others)
                    i[key][n], draw[k] = draw[k], back
    return t


def _hidden_changes(rules, s) -> list[str]:
    if s["result"] is not None or any(f["k"] != "action" for f in s["stack"][-1:]):
        return []   # prompts may carry what their player is entitled to see (a peek); checked at action prompts
    other = hidden_shuffle(rules, s, seed=s["seq"])
    if rules.view(s, None) != rules.view(other, None):
        return ["the public view changes with hidden information"]
    return []


def event_violations(rules, events) -> list[str]:
    """P4/N1: every event names its audience; an event shown to the table that is not a marked
    reveal never holds a hidden back."""
    out = []
    for e in events:
        if "audience" not in e:
            out.append(f"event {e.get('type')} without an audience")
            continue
        if e.get("reveal"):
            continue
        leaked = leaked_backs(rules, e)
        if leaked:
            out.append(f"event {e['type']} shows hidden backs {leaked[:3]}")
    return out
