"""Picture speed: rendering The Thing's table to a PNG (bot/games/thing/picture.py) p99 < 100 ms
for 4..12 players, over views reached by playing random games with the engine. One line per
player count; wall-clock p50/p99, and the CPU time p99 (which a busy machine does not inflate)."""
from __future__ import annotations

import statistics

from bench.common import measure, percentile, random_states
from bot.games.thing.picture import render_table

NAMES = ("Олександра Петренко-Ковальчук", "Dmitry", "Анна", "xX_Slayer_of_Things_Xx", "Їжак", "Bob 🎲",
         "Сергій", "Maria Luisa", "Євгенія", "Tom", "Василиса Премудрая", "Lee")
LABELS = {"turn": "Хід {turn}", "deck": "Колода", "discard": "Скид", "quarantine": "Карантин: {turns}"}


def random_views(players: int, count: int, seed: int) -> list[dict]:
    """``count`` public views taken at random moments of random games (the last one of each too)."""
    return random_states("thing", players, count, seed, 0.05, views=True, tolerate_faults=False)


def bench(players: int, renders: int = 200, seed: int = 30_000) -> dict:
    views = random_views(players, renders, seed + players * 1000)
    names = {f"p{i + 1}": NAMES[i] for i in range(players)}
    render_table(views[0], names, "uk", LABELS)  # fonts load once
    times, cpu = [], []
    for view in views:
        wall, thread = measure(render_table, view, names, "uk", LABELS)
        times.append(wall)
        cpu.append(thread)
    return {"renders": len(times), "p50_ms": statistics.median(times) * 1e3,
            "p99_ms": percentile(times, 0.99) * 1e3, "cpu_p99_ms": percentile(cpu, 0.99) * 1e3}


def main(renders: int = 200) -> None:
    for players in range(4, 13):
        result = bench(players, renders)
        print(f"table picture, {players} players: {result['renders']} renders, p50 {result['p50_ms']:.1f} ms, "
              f"p99 {result['p99_ms']:.1f} ms (target < 100 ms; CPU time p99 {result['cpu_p99_ms']:.1f} ms)")


if __name__ == "__main__":
    main()
