"""Tune the Unfathomable Keeper crew's numbers by a paired-seed search (issue 22).

    python -m bench.unfathomable_tune search [--players 4] [--games 200] [--seed 5000] [--log FILE]
        [--params a,b,...] [--step 1.5] [--budget EVALS] [--workers 2] [--no-traitor]
    python -m bench.unfathomable_tune eval [--players 4] [--games 200] [--seed 1] [--log FILE]
        [--set name=value ...] [--best-from FILE] [--no-traitor] [--workers 2]

Every candidate (a set of loyal ``engine.unfathomable.keeper.Params``; the traitors always play
with the defaults, their best for their side) plays the SAME seeds (common random numbers), so
the difference between two candidates is far less noisy than either rate. A game scores 1 when
the Humans win, else ``PROGRESS`` x how far the voyage got (``progress``) (a 4 % win
rate gives too few wins to tell small changes apart); the search is a coordinate search: each
parameter in turn multiplied by ``--step`` and divided by it, a move kept when its paired score
beats the best so far; a candidate that trails the best by more than ``--cut`` on the first half
of the seeds is not played on the second (about a third of the time saved). Each evaluation is a JSON line of the log (parameters, seeds, per-game
results), and a rerun with the same log reads the evaluations done instead of playing them again:
stop it and resume. ``eval`` plays one set against the defaults on the same seeds (held-out
seeds, not the search's) and prints both with the end reasons and the paired difference.
Games are spread over ``--workers`` processes (run it under ``nice -n 10``).
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter
from multiprocessing import Pool

PROGRESS = 0.5      # a lost game's score for the whole way (progress 1); a win scores 1
SEARCHED = ("deep_one_cost", "damage_cost", "journey_step", "card_cost", "chaos_treachery_cost",
            "activation_cost", "course_distance", "loss_curve", "risk_defeat", "ritual_step",
            "check_margin", "suspect", "blame_odds", "hinder_card", "boiler_use", "galley_use",
            "attack", "defeat_cost")

_RULES = None


def _init(no_traitor: bool) -> None:
    global _RULES
    from engine.registry import rules_for
    _RULES = rules_for("unfathomable")
    if no_traitor:
        base = _RULES.loyalty_deck_for
        _RULES.loyalty_deck_for = lambda s: ["human"] * len(base(s))


def _play(job) -> tuple:
    """One game with every loyal seat on ``values`` (the traitors on the defaults)."""
    values, players, seed = job
    from engine.simulate import play_agent_game
    from engine.unfathomable.keeper import DEFAULT, KeeperAgent
    params = DEFAULT.but(**values)
    agents = {f"p{i + 1}": KeeperAgent(f"p{i + 1}", params=params) for i in range(players)}
    state, _ = play_agent_game(_RULES, players, seed, agents=agents)
    out = _RULES.outcome(state)
    return (seed, int(out["winner"] == "humans"), progress(state["distance"], state["tracks"]["journey"]),
            out["reason"], round(out["rounds"], 2))


def progress(distance: int, journey: int) -> float:
    """How far a lost voyage got toward the win (12 distance, then Arrival once more): the
    distance played and the journey token's steps (4 to an Arrival, about 3 distance each), 0-1."""
    return round(min(1.0, (min(distance, 12) + 3 * journey / 4) / 15), 4)


def score(games: list) -> float:
    return sum(w + (0 if w else PROGRESS * p) for _, w, p, _, _ in games)


class Evaluator:
    """Plays candidates on fixed seeds, reading finished evaluations from the log first."""

    def __init__(self, args):
        self.args = args
        self.pool = Pool(args.workers, initializer=_init, initargs=(args.no_traitor,))
        self.done = {}
        self.log = args.log
        if self.log:
            try:
                with open(self.log) as f:
                    for line in f:
                        rec = json.loads(line)
                        self.done[self._key(rec["values"], rec["players"], rec["seed"], rec["games"], rec["no_traitor"])] = rec
            except FileNotFoundError:
                pass

    @staticmethod
    def _key(values, players, seed, games, no_traitor):
        return json.dumps([sorted((k, round(v, 6)) for k, v in values.items()), players, seed, games, no_traitor])

    def __call__(self, values: dict, seed: int | None = None, games: int | None = None) -> dict:
        a = self.args
        seed = a.seed if seed is None else seed
        games = a.games if games is None else games
        key = self._key(values, a.players, seed, games, a.no_traitor)
        if key in self.done:
            return self.done[key]
        whole = self._covering(values, seed, games)
        if whole is not None:
            return whole
        jobs = [(values, a.players, seed + i) for i in range(games)]
        rec = self._record(values, seed, sorted(self.pool.imap_unordered(_play, jobs, chunksize=4)))
        self.done[key] = rec
        if self.log:
            with open(self.log, "a") as f:
                f.write(json.dumps(rec) + "\n")
        return rec

    def _record(self, values, seed, games) -> dict:
        a = self.args
        return {"values": values, "players": a.players, "seed": seed, "games": len(games), "no_traitor": a.no_traitor,
                "wins": sum(g[1] for g in games), "score": round(score(games), 3), "per_game": [list(g) for g in games],
                "reasons": dict(Counter(g[3] for g in games)), "rounds": round(sum(g[4] for g in games) / len(games), 2)}

    def _covering(self, values, seed, games) -> dict | None:
        """The games asked for, cut from or joined out of evaluations already done (a search's
        first half, a whole run split in two)."""
        a = self.args
        want = set(range(seed, seed + games))
        have = {}
        for rec in self.done.values():
            if rec["values"] == values and rec["players"] == a.players and rec["no_traitor"] == a.no_traitor:
                for g in rec["per_game"]:
                    if g[0] in want:
                        have[g[0]] = g
        if len(have) < games:
            return None
        return self._record(values, seed, [have[s] for s in sorted(have)])

    def halves(self, values: dict, best: dict, cut: float) -> tuple:
        """``values`` on the first half of the seeds; on the second too unless it trails ``best``
        by more than ``cut`` (score) there. -> (record, whether it was cut)."""
        a = self.args
        half = a.games // 2
        first = self(values, a.seed, half)
        base = self(best, a.seed, half)
        if first["score"] - base["score"] < -cut:
            return first, True
        self(values, a.seed + half, a.games - half)
        return self(values), False


def _show(label, rec) -> str:
    return (f"{label}: wins {rec['wins']}/{rec['games']} score {rec['score']:.2f} rounds {rec['rounds']} "
            f"{dict(sorted(rec['reasons'].items(), key=lambda kv: -kv[1]))}")


def search(args) -> None:
    from engine.unfathomable.keeper import DEFAULT
    evaluate = Evaluator(args)
    names = args.params.split(",") if args.params else list(SEARCHED)
    best = json.loads(args.start) if args.start else {}
    best_rec = evaluate(best)
    print(_show("start" if best else "defaults", best_rec), flush=True)
    evals = 1
    for sweep in range(args.sweeps):
        moved = False
        for name in names:
            now = best.get(name, getattr(DEFAULT, name))
            for factor in (args.step, 1 / args.step):
                if evals >= args.budget:
                    break
                cand = {**best, name: round(now * factor, 4)}
                rec, cut = evaluate.halves(cand, best, args.cut)
                evals += 0.5 if cut else 1
                base = best_rec if not cut else evaluate(best, args.seed, rec["games"])
                gain = rec["score"] - base["score"]
                print(f"sweep {sweep} {name} {now:g} -> {cand[name]:g}: score {rec['score']:.2f} "
                      f"({gain:+.2f}{' on the first half: cut' if cut else ''}) wins {rec['wins']} "
                      f"(best {base['wins']})", flush=True)
                if gain > 0 and not cut:
                    best, best_rec, moved = cand, rec, True
                    break
        if not moved or evals >= args.budget:
            break
    print(_show("best", best_rec), flush=True)
    print("best values: " + json.dumps(best), flush=True)


def _paired(a: dict, b: dict) -> str:
    """Games won by one set and not the other (a sign test's counts) and the score's paired
    difference with its standard error."""
    ga, gb = {g[0]: g for g in a["per_game"]}, {g[0]: g for g in b["per_game"]}
    only_a = sum(1 for s in ga if ga[s][1] and not gb[s][1])
    only_b = sum(1 for s in ga if gb[s][1] and not ga[s][1])
    diffs = [score([ga[s]]) - score([gb[s]]) for s in ga]
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1))
    return (f"won by the set alone {only_a}, by the defaults alone {only_b}; score difference "
            f"{sum(diffs):+.2f} (per game {mean:+.4f} ± {sd / math.sqrt(len(diffs)):.4f})")


def best_from(path: str, players: int, games: int, seed: int, no_traitor: bool) -> dict:
    """The best-scoring set of a search log over all its seeds (a set's halves joined; a set cut
    after its first half does not count)."""
    played = {}
    for line in open(path):
        r = json.loads(line)
        if (r["players"], r["no_traitor"]) == (players, no_traitor):
            key = json.dumps(r["values"], sort_keys=True)
            played.setdefault(key, {}).update({g[0]: g for g in r["per_game"] if seed <= g[0] < seed + games})
    whole = {k: score(list(v.values())) for k, v in played.items() if len(v) == games}
    return json.loads(max(whole, key=whole.get))


def evaluate_set(args) -> None:
    values = {}
    if args.best_from:
        values = best_from(args.best_from, args.search_players, args.search_games, args.search_seed, False)
    for item in args.set or ():
        name, value = item.split("=")
        values[name] = float(value)
    evaluate = Evaluator(args)
    print("set: " + json.dumps(values), flush=True)
    base = evaluate({})
    print(_show("defaults", base), flush=True)
    if values:
        rec = evaluate(values)
        print(_show("the set", rec), flush=True)
        print(_paired(rec, base), flush=True)


def main(argv: list[str] | int | None = None) -> None:
    """``python -m bench.unfathomable_tune search|eval ...``; from ``python -m bench tune-unfathomable
    [--count N]``: the defaults' evaluation on N held-out games (200)."""
    if argv is None or isinstance(argv, int):
        argv = ["eval"] + (["--games", str(argv)] if isinstance(argv, int) else [])
    ap = argparse.ArgumentParser(prog="python -m bench.unfathomable_tune")
    ap.add_argument("mode", choices=("search", "eval"))
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=None, help="first seed (search: 5000, eval: 1)")
    ap.add_argument("--no-traitor", action="store_true", help="every loyalty card a Human")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--log", default=None, help="JSON lines, one an evaluation (read back on a rerun)")
    ap.add_argument("--params", default=None, help="comma-separated Params fields to search (default: SEARCHED)")
    ap.add_argument("--step", type=float, default=1.5)
    ap.add_argument("--start", default=None, help='search: start from this set (JSON, e.g. a best so far: {"attack": 25})')
    ap.add_argument("--sweeps", type=int, default=4)
    ap.add_argument("--budget", type=int, default=100, help="evaluations at most (a cut one counts half)")
    ap.add_argument("--cut", type=float, default=1.5,
                    help="a candidate trailing the best by more than this score on the first half of the seeds stops there")
    ap.add_argument("--set", action="append", help="eval: name=value (repeatable)")
    ap.add_argument("--best-from", default=None, help="eval: the best set of this search log")
    ap.add_argument("--search-players", type=int, default=4)
    ap.add_argument("--search-games", type=int, default=200)
    ap.add_argument("--search-seed", type=int, default=5000)
    args = ap.parse_args(argv)
    if args.seed is None:
        args.seed = 5000 if args.mode == "search" else 1
    from engine.unfathomable.keeper import DEFAULT
    for name in (args.params.split(",") if args.params else ()):
        if not hasattr(DEFAULT, name):
            ap.error(f"no such parameter: {name}")
    (search if args.mode == "search" else evaluate_set)(args)


if __name__ == "__main__":
    main(sys.argv[1:])
