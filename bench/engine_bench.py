"""Engine speed: one step (apply on a copy, as the bot does) p99 < 1 ms; a full random
8-player game of The Thing median < 20 ms."""
from __future__ import annotations

import random
import statistics
import time

from engine.registry import rules_for
from engine.simulate import choose, play_random_game


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench_steps(games: int = 40, players: int = 8) -> dict:
    rules = rules_for("thing")
    times = []
    for seed in range(games):
        state, _ = rules.new_game([f"p{i}" for i in range(players)], 10_000 + seed)
        rng = random.Random(seed)
        while not rules.is_over(state):
            start = time.perf_counter()
            # one step as the bot takes it: list the player's legal actions, apply one on a copy
            prompts = rules.prompts(state)
            player = prompts[0]["player"]
            legal = rules.legal_actions(state, player)
            action = choose(rng, state, legal)
            state, _events = rules.apply(state, action)
            times.append(time.perf_counter() - start)
    return {"steps": len(times), "p50_ms": statistics.median(times) * 1e3,
            "p99_ms": percentile(times, 0.99) * 1e3, "max_ms": max(times) * 1e3}


def bench_games(games: int = 100, players: int = 8) -> dict:
    rules = rules_for("thing")
    times = []
    for seed in range(games):
        start = time.perf_counter()
        play_random_game(rules, players, 20_000 + seed)
        times.append(time.perf_counter() - start)
    return {"games": games, "median_ms": statistics.median(times) * 1e3,
            "p90_ms": percentile(times, 0.9) * 1e3}


def main() -> None:
    steps = bench_steps()
    print(f"engine step (legal actions + apply on a copy), 8 players: {steps['steps']} steps, "
          f"p50 {steps['p50_ms']:.3f} ms, p99 {steps['p99_ms']:.3f} ms (target < 1 ms), "
          f"max {steps['max_ms']:.3f} ms")
    games = bench_games()
    print(f"full random 8-player game: {games['games']} games, median {games['median_ms']:.1f} ms "
          f"(target < 20 ms), p90 {games['p90_ms']:.1f} ms")


if __name__ == "__main__":
    main()
