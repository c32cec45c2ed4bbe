"""Picture speed: Eldritch Horror's world map (bot/games/eldritch/picture.py) p99 < 150 ms, over
states reached by random games of 1, 2, 4, 6 and 8 players, in uk/ru/en. ``table_picture`` is
timed whole (the public view, the words, the drawing, the PNG), as the publisher calls it;
``table_digest`` too (computed on every table update to decide whether to redraw). One line per
player count: wall-clock p50/p99 and the CPU time p99 (which a busy machine does not inflate).

Run: ``python -m bench picture-eldritch [--count renders per player count]``."""
from __future__ import annotations

from bench.common import bench_pictures, random_states
from bot.games.eldritch.picture import table_digest, table_picture

NAMES = ("Олександра Петренко-Ковальчук", "Dmitry", "Анна", "xX_Slayer_of_Shoggoths_Xx", "Їжак", "Bob 🎲",
         "Zoë", "Марія")
LANGS = ("uk", "ru", "en")
PLAYERS = (1, 2, 4, 6, 8)


def bench(players: int, renders: int = 100, seed: int = 50_000) -> dict:
    states = random_states("eldritch", players, renders, seed + players * 1000, 0.04, max_games=200)
    names = {f"p{i + 1}": NAMES[i] for i in range(players)}
    return bench_pictures(table_picture, table_digest, states, names, LANGS)


def main(renders: int = 100) -> None:
    for players in PLAYERS:
        r = bench(players, renders)
        print(f"world map picture, {players} players: {r['renders']} renders, p50 {r['p50_ms']:.1f} ms, "
              f"p99 {r['p99_ms']:.1f} ms (target < 150 ms; CPU time p50 {r['cpu_p50_ms']:.1f} ms, "
              f"p99 {r['cpu_p99_ms']:.1f} ms); digest p50 {r['digest_p50_ms']:.1f} ms, p99 {r['digest_p99_ms']:.1f} ms")


if __name__ == "__main__":
    main()
