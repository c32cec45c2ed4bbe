"""Where an Unfathomable game with every seat a Keeper agent is won and lost (issue 22): per game,
damage by cause, Deep Ones placed by cause, resources lost by cause, passengers defeated, journey
steps and distance, repairs, Deep Ones defeated, checks passed/failed, by round; and how the crew
plays its cards (issue 22 audit): cards in all hands and players in the Sick Bay when a check
starts, points paid beyond a passed check's target and missing from a failed one, Deep One attack
rolls a Human's card changed (+ helps the Deep One), where Humans are defeated.

    python -m bench.unfathomable_strength [--players 4] [--games 40] [--seed 1] [--no-traitor]
        [--what-if no_hits|no_damage|feed1|no_hull_defeat|no_hydra|no_dagon|no_chaos]

A cause is what was resolving when the event came: a crisis (``crisis:<card>``), a monster's
activation (``act:<monster>``), a course card, the Great Banishment, a player's action. With
``--no-traitor`` every loyalty card is a Human (the crew alone against the game). ``--what-if``
switches one mechanism off in this simulation only, to weigh it (never a rule): ``no_hits`` (a
Deep One's attack never defeats a Human), ``no_damage`` (a Deep One never damages its zone),
``feed1`` (a monarch in the Depths adds 1 Deep One there, not 2), ``no_hull_defeat`` (a placed damage
card defeats nobody in its zone), ``no_hydra`` (Mother Hydra on the board damages nothing),
``no_dagon`` (Father Dagon on the board places no Deep Ones), ``no_chaos`` (checks take no chaos card).
"""
from __future__ import annotations

import argparse
import sys
import random
from collections import Counter

from engine.core.agent import ask, keeper_for, tell
from engine.registry import rules_for


def _cause(ctx: dict) -> str:
    return ctx.get("now") or "?"


def trace_game(rules, players: int, seed: int, counters: dict, by_round: Counter) -> dict:
    names = [f"p{i + 1}" for i in range(players)]
    state, events = rules.new_game(names, seed, None)
    agents = {p: keeper_for(rules.game_id, p) for p in names}
    tell(agents, events)
    rng = random.Random(seed)
    ctx = {"now": "setup"}
    turns = 0
    for e in events:
        _count(e, ctx, counters, by_round, 0)
    while not rules.is_over(state):
        prompts = rules.prompts(state)
        action = ask(rules, state, agents[prompts[0]["player"]], prompts[0], rng)
        if action.get("type") in ("attack", "move", "rescue", "use", "repair", "trade", "reveal",
                                  "defeat_passenger") and ctx.get("phase") == "actions":
            ctx["now"] = "action:" + (action.get("ability") or action["type"]).split(":")[0] \
                + (":" + action["ability"].split(":")[1] if action.get("ability") else "")
            counters["actions"][ctx["now"] + ("->" + action["to"] if action.get("type") == "move" else "")] += 1
        events = rules.apply_in_place(state, action)
        tell(agents, events)
        for e in events:
            if e["type"] == "turn_started":
                turns += 1
            if e["type"] == "check_started":   # what the table holds when a check begins
                counters["at_check_start"]["cards in all hands"] += sum(len(h) for h in state["hands"].values())
                counters["at_check_start"]["players in the Sick Bay"] += sum(
                    z == "sick_bay" for z in state["zone_of"].values())
            _count(e, ctx, counters, by_round, (turns - 1) // players)
    counters["distance"]["final"] += state["distance"]
    return rules.outcome(state)


def _count(e, ctx, counters, by_round, rnd) -> None:
    t = e["type"]
    if e.get("audience") != "all" and t not in ("game_over",):
        return
    if t == "turn_started":
        ctx.update(now="actions", phase="actions")
    elif t == "mythos_drawn":
        ctx.update(now="crisis:" + e["card"], phase="mythos")
    elif t == "monster_activated":
        ctx["now"] = "act:" + e["monster"]
    elif t == "course_played":
        ctx["now"] = "course:" + e["card"]
    elif t == "great_banishment":
        ctx["now"] = "banishment"
    elif t == "zone_damaged":
        counters["damage"][_cause(ctx)] += 1
        by_round[("damage", rnd)] += 1
    elif t == "deep_ones_placed":
        counters["deep_ones_placed"][_cause(ctx) + "->" + ("depths" if e["zone"] == "depths" else "board")] += e["count"]
        by_round[("placed", rnd)] += e["count"]
    elif t == "resources_changed":
        for res, d in e["delta"].items():
            if d < 0:
                counters["lost"][(res, _cause(ctx) if e.get("reason") != "passenger" else "passenger<-" + _cause(ctx))] -= d
                counters["lost_res"][res] -= d
    elif t == "passenger_defeated":
        counters["passengers_defeated"][_cause(ctx)] += 1
    elif t == "passenger_risked":
        counters["passengers_risked"][_cause(ctx)] += 1
    elif t == "passenger_rescued":
        counters["passengers_rescued"][_cause(ctx)] += 1
    elif t == "zone_repaired":
        counters["repairs"][_cause(ctx)] += 1
    elif t in ("deep_one_defeated", "deep_ones_defeated"):
        counters["deep_ones_defeated"][_cause(ctx)] += e.get("count", 1)
    elif t == "check_result":
        counters["checks"][e["result"]] += 1
        # points paid beyond the target on a pass, missing on a fail/partial: how well cards are spread
        key = "surplus on pass" if e["result"] == "pass" else "shortfall otherwise"
        counters["check_margin"][key] += abs(e["total"] - e["target"])
    elif t == "die_rolled" and e.get("purpose") == "deep_one_attack" and e.get("modifier"):
        # a Human's before-roll card changed a Deep One's attack roll on a Human (+ helps the Deep One)
        counters["deep_one_attack_modified"]["+" if e["modifier"] > 0 else "-"] += 1
    elif t == "track_advanced":
        counters["track_steps"][e["track"] + "<-" + _cause(ctx).split(":")[0]] += 1
    elif t == "course_played" or (t == "arrival"):
        pass
    elif t == "player_defeated":
        counters["humans_defeated"][_cause(ctx)] += 1
        zone = e.get("zone") or "?"
        counters["humans_defeated_where"]["deck" if zone[:1] == "d" and zone[1:].isdigit() else zone] += 1
    if t == "course_played":
        counters["distance"]["total"] = counters["distance"]["total"]  # cumulative: read at game end
    if t == "game_over":
        pass


def _what_if(rules, switches) -> None:
    """Simulation-only changes on this process's rules object (see the module docstring)."""
    if "no_hits" in switches:
        rules.pack.setup.combat["deep_one_attack_target"] = 99
    if "no_damage" in switches:
        rules._deep_damage_own_zone = lambda s, z, c, events: False
    if "feed1" in switches:
        object.__setattr__(rules.pack.monsters.depths, "feed", 1)
    if "no_hull_defeat" in switches:   # a placed damage card defeats nobody in its zone (ruling M10)
        rules._ms_defeat_player = lambda s, f, c, events: None
    if "no_hydra" in switches:         # Mother Hydra on the board damages no zone
        rules._step_damage_nearest_interior = lambda s, m, c, events: None
    if "no_dagon" in switches:         # Father Dagon on the board places no Deep Ones
        rules._step_spawn_on_arrow_deck = lambda s, m, c, events: None
    if "no_chaos" in switches:         # a skill check takes no chaos card
        object.__setattr__(rules.pack.skill_cards.chaos_deck, "cards_per_check", 0)


def main(argv: int | list[str] | None = None) -> None:
    """`python -m bench.<this> [options]`, or `python -m bench <name> --count GAMES`."""
    if isinstance(argv, int):
        argv = ["--games", str(argv)]
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-traitor", action="store_true")
    ap.add_argument("--top", type=int, default=12)
    ap.add_argument("--what-if", action="append", default=[], choices=("no_hits", "no_damage", "feed1", "no_hull_defeat",
                                                                         "no_hydra", "no_dagon", "no_chaos"))
    args = ap.parse_args([] if argv is None else argv)
    rules = rules_for("unfathomable")
    _what_if(rules, args.what_if)
    if args.no_traitor:
        base = rules.loyalty_deck_for
        rules.loyalty_deck_for = lambda s: ["human"] * len(base(s))
    names = ("damage", "deep_ones_placed", "lost", "lost_res", "passengers_defeated", "passengers_risked",
             "passengers_rescued", "repairs", "deep_ones_defeated", "checks", "track_steps", "distance",
             "humans_defeated", "humans_defeated_where", "actions", "at_check_start", "check_margin",
             "deep_one_attack_modified")
    counters = {n: Counter() for n in names}
    by_round: Counter = Counter()
    reasons, winners, rounds = Counter(), Counter(), 0
    for i in range(args.games):
        out = trace_game(rules, args.players, args.seed + i, counters, by_round)
        reasons[out["reason"]] += 1
        winners[out["winner"]] += 1
        rounds += out["rounds"]
    g = args.games
    print(f"{g} games, {args.players} players{' (no traitor)' if args.no_traitor else ''}"
          f"{' what-if ' + ','.join(args.what_if) if args.what_if else ''}: "
          f"{dict(winners)} {dict(reasons)} rounds {rounds / g:.1f}")
    for n in names:
        c = counters[n]
        total = sum(c.values())
        per = {"at_check_start": sum(counters["checks"].values()),   # averages per check, per result
               "check_margin": None}.get(n, g)
        if n == "check_margin":
            passed = counters["checks"]["pass"]
            per_key = {"surplus on pass": passed, "shortfall otherwise": sum(counters["checks"].values()) - passed}
            top = ", ".join(f"{k} {v / max(1, per_key[k]):.2f}" for k, v in c.most_common())
            print(f"{n} (points a check): {top}")
            continue
        top = ", ".join(f"{k if isinstance(k, str) else '/'.join(k)} {v / max(1, per):.2f}"
                        for k, v in c.most_common(args.top))
        if n == "at_check_start":
            print(f"{n} (a check): {top}")
            continue
        print(f"{n}: {total / g:.2f} a game — {top}")
    last = max((r for _, r in by_round), default=0)
    for what in ("damage", "placed"):
        print(what + " by round: " + " ".join(f"{by_round[(what, r)] / g:.1f}" for r in range(last + 1)))


if __name__ == "__main__":
    main(sys.argv[1:])
