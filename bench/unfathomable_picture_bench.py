"""Picture speed: Unfathomable's ship picture (bot/games/unfathomable/picture.py) p99 < 100 ms, over
states reached by random games of 3..6 players, in uk/ru/en. ``table_picture`` is timed whole (the
public view, the words, the drawing, the PNG), as the publisher calls it; ``table_digest`` too
(computed on every table update to decide whether to redraw). One line per player count: wall-clock
p50/p99 and the CPU time p99 (which a busy machine does not inflate).

Run: ``python -m bench picture-unfathomable [--count renders per player count]``."""
from __future__ import annotations

from bench.common import bench_pictures, random_states
from bot.games.unfathomable.picture import table_digest, table_picture

NAMES = ("Олександра Петренко-Ковальчук", "Dmitry", "Анна", "xX_Slayer_of_Deep_Ones_Xx", "Їжак", "Bob 🎲")
LANGS = ("uk", "ru", "en")


def bench(players: int, renders: int = 100, seed: int = 40_000) -> dict:
    states = random_states("unfathomable", players, renders, seed + players * 1000, 0.03)
    names = {f"p{i + 1}": NAMES[i] for i in range(players)}
    return bench_pictures(table_picture, table_digest, states, names, LANGS)


def main(renders: int = 100) -> None:
    for players in range(3, 7):
        r = bench(players, renders)
        print(f"ship picture, {players} players: {r['renders']} renders, p50 {r['p50_ms']:.1f} ms, "
              f"p99 {r['p99_ms']:.1f} ms (target < 100 ms; CPU time p99 {r['cpu_p99_ms']:.1f} ms); "
              f"digest p50 {r['digest_p50_ms']:.1f} ms, p99 {r['digest_p99_ms']:.1f} ms")


if __name__ == "__main__":
    main()
