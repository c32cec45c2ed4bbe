"""Eldritch Horror engine speed: one step (the player's legal actions + apply on a copy, as the bot
does) p50/p99, and a full random 4-investigator game median (random Ancient One).

    python -m bench eldritch
"""
from __future__ import annotations

import statistics

from bench.common import bench_steps as steps_of, game_times, percentile


def bench_steps(games: int = 20, players: int = 4) -> dict:
    return steps_of("eldritch", games, players, 30_000)


def bench_games(games: int = 50, players: int = 4) -> dict:
    times, actions = game_times("eldritch", games, players, 40_000)
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
