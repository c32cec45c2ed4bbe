"""Eldritch Horror engine speed: one step (the player's legal actions + apply on a copy, as the bot
does) p50/p99, and a full random 4-investigator game median (random Ancient One).

    python -m bench eldritch
"""
from __future__ import annotations

import random
import statistics
import time

from bench.engine_bench import percentile
from engine.registry import rules_for
from engine.simulate import choose, play_random_game


def bench_steps(games: int = 20, players: int = 4) -> dict:
    rules = rules_for("eldritch")
    times = []
    for seed in range(games):
        state, _ = rules.new_game([f"p{i}" for i in range(players)], 30_000 + seed)
        rng = random.Random(seed)
        while not rules.is_over(state):
            start = time.perf_counter()
            prompts = rules.prompts(state)
            player = prompts[0]["player"]
            legal = rules.legal_actions(state, player)
            action = choose(rng, state, legal, rules)
            state, _events = rules.apply(state, action)
            times.append(time.perf_counter() - start)
    return {"steps": len(times), "p50_ms": statistics.median(times) * 1e3,
            "p99_ms": percentile(times, 0.99) * 1e3, "max_ms": max(times) * 1e3}


def bench_games(games: int = 50, players: int = 4) -> dict:
    rules = rules_for("eldritch")
    times, actions = [], []
    for seed in range(games):
        start = time.perf_counter()
        _, acts = play_random_game(rules, players, 40_000 + seed)
        times.append(time.perf_counter() - start)
        actions.append(len(acts))
    return {"games": games, "median_ms": statistics.median(times) * 1e3, "p90_ms": percentile(times, 0.9) * 1e3,
            "median_actions": statistics.median(actions)}


def main() -> None:
    steps = bench_steps()
    print(f"eldritch engine step (legal actions + apply on a copy), 4 investigators: {steps['steps']} steps, "
          f"p50 {steps['p50_ms']:.3f} ms, p99 {steps['p99_ms']:.3f} ms, max {steps['max_ms']:.3f} ms")
    games = bench_games()
    print(f"eldritch full random 4-investigator game: {games['games']} games, median {games['median_ms']:.1f} ms, "
          f"p90 {games['p90_ms']:.1f} ms, median {games['median_actions']:.0f} actions")


if __name__ == "__main__":
    main()
