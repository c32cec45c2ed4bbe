"""Keeper's agents: how long one decision takes (the player's view built, then the agent asked,
as the bot will call it), p50/p99/max over whole games where every seat is an agent.

    python -m bench agents [--count GAMES]

Target (issue 22): p99 < 50 ms on this machine, so a table never waits on a Keeper player.
"""
from __future__ import annotations

import statistics
import sys

from bench.common import pct
from engine.registry import rules_for
from engine.simulate import play_agent_game

TABLES = (("thing", 5), ("thing", 8), ("unfathomable", 4), ("unfathomable", 5), ("eldritch", 1),
          ("eldritch", 2), ("eldritch", 4))


def bench_agent(game: str, players: int, games: int, seed: int = 30_000) -> dict:
    rules = rules_for(game)
    times: list[float] = []
    for k in range(games):
        play_agent_game(rules, players, seed + k, timings=times)
    return {"decisions": len(times), "p50_ms": statistics.median(times) * 1e3, "p99_ms": pct(times, 0.99),
            "max_ms": max(times) * 1e3}


def main(games: int = 5) -> None:
    for game, players in TABLES:
        r = bench_agent(game, players, games)
        print(f"agent {game} {players}p: {r['decisions']} decisions p50={r['p50_ms']:.2f}ms "
              f"p99={r['p99_ms']:.2f}ms max={r['max_ms']:.2f}ms  (target p99 < 50 ms)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
