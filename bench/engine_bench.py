"""Engine speed: one step (apply on a copy, as the bot does) p99 < 1 ms; a full random
8-player game of The Thing median < 20 ms."""
from __future__ import annotations

import statistics

from bench.common import bench_steps as steps_of, game_times, percentile


def bench_steps(games: int = 40, players: int = 8) -> dict:
    return steps_of("thing", games, players, 10_000, agent_rules=False)


def bench_games(games: int = 100, players: int = 8) -> dict:
    times, _ = game_times("thing", games, players, 20_000)
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
