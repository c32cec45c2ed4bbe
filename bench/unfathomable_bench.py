"""Unfathomable engine speed: one step as the bot takes it (the player's legal actions, then apply
on a copy) p50/p99, and a full random 5-player game (the simulation agent, apply in place) median.

    python -m bench unfathomable [--count GAMES]

Games the engine cannot finish yet (an exception) are counted and left out of the figures.
"""
from __future__ import annotations

import statistics
import sys
import time

from bench.common import bench_steps as steps_of, percentile
from engine.registry import rules_for
from engine.simulate import error_kind, play_random_game


def bench_steps(games: int = 20, players: int = 5) -> dict:
    failed: dict = {}
    return {**steps_of("unfathomable", games, players, 10_000, failed=failed), "failed": failed}


def bench_games(games: int = 40, players: int = 5) -> dict:
    rules = rules_for("unfathomable")
    times, steps, failed = [], [], {}
    for seed in range(games):
        start = time.perf_counter()
        try:
            state, actions = play_random_game(rules, players, 20_000 + seed)
        except Exception as exc:  # noqa: BLE001
            kind = error_kind(exc)
            failed[kind] = failed.get(kind, 0) + 1
            continue
        if rules.is_over(state):
            times.append(time.perf_counter() - start)
            steps.append(len(actions))
    return {"games": games, "finished": len(times), "median_ms": statistics.median(times) * 1e3 if times else 0.0,
            "p90_ms": percentile(times, 0.9) * 1e3, "median_actions": statistics.median(steps) if steps else 0,
            "failed": failed}


def main(games: int = 40) -> None:
    steps = bench_steps(max(1, games // 2))
    print(f"unfathomable step (legal actions + apply on a copy), 5 players: {steps['steps']} steps, "
          f"p50 {steps['p50_ms']:.3f} ms, p99 {steps['p99_ms']:.3f} ms, max {steps['max_ms']:.3f} ms")
    result = bench_games(games)
    print(f"full random 5-player game: {result['finished']}/{result['games']} finished, median "
          f"{result['median_ms']:.1f} ms ({result['median_actions']} actions), p90 {result['p90_ms']:.1f} ms")
    failed = {}
    for part in (steps["failed"], result["failed"]):
        for k, v in part.items():
            failed[k] = failed.get(k, 0) + v
    for kind, count in sorted(failed.items(), key=lambda kv: -kv[1]):
        print(f"  not finished: {count} x {kind}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
