"""Eldritch Horror with every seat a Keeper agent: where the doom comes from and how the
investigators spend their game, to compare each mechanism with the rulebook.

    python -m bench.eldritch_strength --players 1 --games 40 [--seed 1] [--ao azathoth] [--dice 6]

Per game (averaged): doom by cause (the omen advancing onto matching gates, a gate spawned with
none left, a defeat, any other card effect), gates opened/closed (and closings a rule prevented),
clues gained/spent, mysteries solved, rumors failed/solved per card, investigators defeated
(health/sanity), actions by kind, encounters by kind, rounds; and the end reasons, per Ancient One.

``--dice 6`` makes every die a 6 (every test passes, every fight is won): the luck taken out, what
is left is the agents' planning against the clock of doom — an upper bound for their strength.
Per round (averaged over the games still going): doom, open gates, clues held. Tests attempted and
passed by skill; actions by seat. ``--show SEED`` prints that one game turn by turn instead.
"""
from __future__ import annotations

import argparse
import sys
import random
from collections import Counter, defaultdict

from engine.core.agent import ask, keeper_for, tell
from engine.registry import rules_for

MAX_ACTIONS = 50_000
FORCED_DICE = 100_000   # more dice than a game rolls


def trace_game(rules, players: int, seed: int, options: dict | None = None, face: int | None = None,
               show: bool = False) -> dict:
    """One game; ``face``: every die shows it (the setup's forced dice)."""
    names = [f"p{i + 1}" for i in range(players)]
    setup = {"dice": [face] * FORCED_DICE} if face else None
    state, events = rules.new_game(names, seed, options, setup)
    agents = {p: keeper_for("eldritch", p) for p in names}
    tell(agents, events)
    rng = random.Random(seed)
    c: Counter = Counter()
    v = rules.view(state, names[0])
    per_round = {1: (v["doom"], len(v["gates"]), 0)}   # round -> (doom, open gates, clues held) as it starts
    if show:
        print(f"{v['ancient_one']}: doom {v['doom']}, gates {v['gates']}, mystery {(v.get('mystery') or {}).get('id')}")
    mysteries = []   # [mystery, round drawn, round solved or None]
    steps = 0
    for ev in events:   # the first mystery is drawn at setup
        if ev["type"] == "mystery_drawn":
            mysteries.append([ev["mystery"], 0, None])
    while not rules.is_over(state) and steps < MAX_ACTIONS:
        prompt = rules.prompts(state)[0]
        action = ask(rules, state, agents[prompt["player"]], prompt, rng)
        events = rules.apply_in_place(state, action)
        tell(agents, events)
        steps += 1
        count_events(events, c)
        if show:
            print_events(rules, state, names[0], events)
        for ev in events:
            if ev["type"] == "round_started":
                v = rules.view(state, names[0])
                per_round[ev["round"]] = (v["doom"], len(v["gates"]), sum(i["clues"] for i in v["investigators"]))
            if ev["type"] == "action" and ev.get("inv"):
                seat = next((i["player"] for i in rules.view(state, names[0])["investigators"]
                             if i["id"] == ev["inv"]), "?")
                c[f"seat_{seat}_{ev.get('action')}"] += 1
            if ev["type"] == "mystery_drawn":
                mysteries.append([ev["mystery"], state["round"], None])
            elif ev["type"] == "mystery_solved" and mysteries:
                mysteries[-1][2] = state["round"]
    out = rules.outcome(state)
    c["rounds"] = out["rounds"]
    for m in mysteries:
        m[2] = (m[2] - m[1]) if m[2] is not None else -(out["rounds"] - m[1])
    return {"counts": c, "winner": out["winner"], "reason": out["reason"], "ao": state["ao"],
            "mysteries": mysteries, "per_round": per_round}


QUIET = {"test_rolled", "turn", "phase", "encounter_discarded", "reserve_refilled", "mythos_discarded", "die_rolled",
         "tokens", "card_face_up", "stood_up", "moved"}


def print_events(rules, state, viewer: str, events) -> None:
    """One game turn by turn: the public events, a table line at each round's start."""
    for ev in events:
        if ev["type"] in QUIET:
            continue
        if ev["type"] == "round_started":
            v = rules.view(state, viewer)
            invs = ", ".join(f"{i['id']}@{i['space']} h{i['health']} s{i['sanity']} c{i['clues']} "
                             f"t{sum(i['tickets'].values())}" for i in v["investigators"] if i["status"] == "active")
            mystery = v.get("mystery") or {}
            print(f"=== round {ev['round']}: doom {v['doom']}, omen {v['omen']} ({v['omen_index']}), gates "
                  f"{v['gates']}, clues on the map {sorted(v['clues'])}, mystery {mystery.get('id')} "
                  f"{ {k: x for k, x in mystery.items() if x and k != 'id'} }; {invs}")
            continue
        detail = " ".join(f"{k}={x}" for k, x in ev.items() if k not in ("type", "audience", "faces"))
        print(f"  {ev['type']}: {detail}")


def count_events(events, c: Counter) -> None:
    cause = "effect"
    for ev in events:
        t = ev["type"]
        if t == "omen":
            cause = "omen"
        elif t == "no_gate_left":
            cause = "no_gate_left"
        elif t in ("investigator_defeated", "devoured"):
            cause = "defeat"
            c[f"defeated_{ev.get('token') or ev.get('by') or t}"] += 1
        elif t == "mythos_drawn":
            cause = "mythos"
        elif t in ("encounter", "combat"):
            cause = "encounter"
        elif t == "action":
            cause = "action"
        elif t == "rumor_failed":
            cause = "rumor"
        elif t == "test_result":
            c[f"test_{ev.get('skill')}"] += 1
            c[f"test_{ev.get('skill')}_passed"] += bool(ev.get("passed"))
        if t == "doom" and ev.get("change", 0) < 0:
            c[f"doom_{cause}"] += -ev["change"]
        elif t == "doom" and ev.get("change", 0) > 0:
            c["doom_retreated"] += ev["change"]
        elif t == "gate_spawned":
            c["gates_opened"] += 1
        elif t == "gate_closed":
            c["gates_closed"] += 1
        elif t == "clues_gained":
            c["clues_gained"] += ev.get("count", 1)
        elif t in ("clues_discarded", "spent"):
            if t == "clues_discarded" or ev.get("what") in ("clue", "clues"):
                c["clues_spent"] += ev.get("count", 1)
        elif t == "clue_spawned":
            c["clues_spawned"] += 1
        elif t == "mystery_solved":
            c["mysteries_solved"] += 1
        elif t == "monster_spawned":
            c["monsters_spawned"] += 1
        elif t == "monster_defeated":
            c["monsters_defeated"] += 1
        elif t == "action":
            c[f"action_{ev.get('action')}"] += 1
        elif t == "encounter":
            c[f"enc_{ev.get('what')}"] += 1
        elif t == "mythos_drawn":
            c[f"mythos_{ev.get('colour')}"] += 1
        elif t in ("rumor_failed", "rumor_solved"):   # which rumors end games or get stopped
            c[f"{t}_{ev.get('card')}"] += 1
        elif t == "prevented" and ev.get("what") == "close_gate":
            c["gate_close_prevented"] += 1


def main(argv: int | list[str] | None = None) -> None:
    """`python -m bench.<this> [options]`, or `python -m bench <name> --count GAMES`."""
    if isinstance(argv, int):
        argv = ["--games", str(argv)]
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=1)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ao", default=None)
    ap.add_argument("--dice", type=int, choices=range(1, 7), default=None,
                    help="every die shows this face (6: no test ever fails)")
    ap.add_argument("--show", type=int, default=None, metavar="SEED", help="print this one game turn by turn")
    a = ap.parse_args([] if argv is None else argv)
    rules = rules_for("eldritch")
    options = {"ancient_one": a.ao} if a.ao else None
    if a.show is not None:
        g = trace_game(rules, a.players, a.show, options, a.dice, show=True)
        print(f"{g['ao']}: {g['winner']} ({g['reason']}) after {g['counts']['rounds']} rounds")
        return
    total: Counter = Counter()
    ends: dict = defaultdict(Counter)
    mysteries: dict = defaultdict(list)   # mystery -> rounds to solve (negative: unsolved, on the table)
    curve: dict = defaultdict(list)       # round -> [(doom, gates, clues)] of the games that reached it
    for i in range(a.games):
        g = trace_game(rules, a.players, a.seed + i, options, a.dice)
        total.update(g["counts"])
        for mid, _, took in g["mysteries"]:
            mysteries[mid].append(took)
        for r, row in g["per_round"].items():
            curve[r].append(row)
        ends[g["ao"]][g["reason"]] += 1
        ends[g["ao"]]["games"] += 1
        if g["winner"] == "investigators":
            ends[g["ao"]]["wins"] += 1
    n = a.games
    wins = sum(e["wins"] for e in ends.values())
    luck = f", every die a {a.dice}" if a.dice else ""
    print(f"{a.players} investigator(s), {n} games{luck}: investigators win {100 * wins / n:.1f} %")
    for ao, e in sorted(ends.items()):
        reasons = ", ".join(f"{k} {v}" for k, v in sorted(e.items()) if k not in ("games", "wins"))
        print(f"  {ao}: {e['wins']}/{e['games']} won; {reasons}")
    for mid, rounds in sorted(mysteries.items()):
        solved = [r for r in rounds if r >= 0]
        mean = sum(solved) / len(solved) if solved else 0
        stuck = [-r for r in rounds if r < 0]
        print(f"  mystery {mid}: solved {len(solved)}/{len(rounds)} (in {mean:.1f} rounds), "
              f"unsolved on the table {sum(stuck) / len(stuck) if stuck else 0:.1f} rounds")
    for r, rows in sorted(curve.items()):
        k = len(rows)
        print(f"  round {r:2d} ({k} games): doom {sum(x[0] for x in rows) / k:.1f}, open gates "
              f"{sum(x[1] for x in rows) / k:.1f}, clues held {sum(x[2] for x in rows) / k:.1f}")
    for skill in sorted({k[5:] for k in total if k.startswith("test_") and not k.endswith("_passed")}):
        tried = total[f"test_{skill}"]
        print(f"  tests {skill}: {tried / n:.2f} per game, {100 * total[f'test_{skill}_passed'] / tried:.0f} % passed")
    for key in sorted(total):
        if not key.startswith("test_"):
            print(f"  {key}: {total[key] / n:.2f} per game")


if __name__ == "__main__":
    main(sys.argv[1:])
