"""Picture speed: Eldritch Horror's world map (bot/games/eldritch/picture.py) p99 < 150 ms, over
states reached by random games of 1, 2, 4, 6 and 8 players, in uk/ru/en. ``table_picture`` is
timed whole (the public view, the words, the drawing, the PNG), as the publisher calls it;
``table_digest`` too (computed on every table update to decide whether to redraw). One line per
player count: wall-clock p50/p99 and the CPU time p99 (which a busy machine does not inflate).

Run: ``python -m bench picture eldritch [renders per player count]``."""
from __future__ import annotations

import copy
import random
import statistics
import time

from bot.games.eldritch.picture import table_digest, table_picture
from engine.registry import rules_for
from engine.simulate import play_random_game

NAMES = ("Олександра Петренко-Ковальчук", "Dmitry", "Анна", "xX_Slayer_of_Shoggoths_Xx", "Їжак", "Bob 🎲",
         "Zoë", "Марія")
LANGS = ("uk", "ru", "en")
PLAYERS = (1, 2, 4, 6, 8)


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def random_states(players: int, count: int, seed: int) -> list[dict]:
    """``count`` states taken at random moments of random games (and the last one of each)."""
    rules = rules_for("eldritch")
    rng = random.Random(seed)
    states: list[dict] = []
    game = 0
    while len(states) < count and game < 200:
        seen: list[dict] = []

        def sample(state):
            if rng.random() < 0.04:
                seen.append(copy.deepcopy(state))
            return []

        try:
            state, _ = play_random_game(rules, players, seed + game, check=sample)
            seen.append(state)
        except Exception:   # an engine fault in a random game: the states sampled before it still count
            pass
        states.extend(seen)
        game += 1
    rng.shuffle(states)
    return states[:count]


def bench(players: int, renders: int = 100, seed: int = 50_000) -> dict:
    states = random_states(players, renders, seed + players * 1000)
    names = {f"p{i + 1}": NAMES[i] for i in range(players)}
    table_picture(states[0], names, "uk")   # fonts, the content pack and the base picture load once
    times, cpu, digests = [], [], []
    for i, state in enumerate(states):
        lang = LANGS[i % len(LANGS)]
        start, start_cpu = time.perf_counter(), time.thread_time()
        table_picture(state, names, lang)
        times.append(time.perf_counter() - start)
        cpu.append(time.thread_time() - start_cpu)
        start = time.perf_counter()
        table_digest(state, names, lang)
        digests.append(time.perf_counter() - start)
    return {"renders": len(times), "p50_ms": statistics.median(times) * 1e3,
            "p99_ms": percentile(times, 0.99) * 1e3, "cpu_p50_ms": statistics.median(cpu) * 1e3,
            "cpu_p99_ms": percentile(cpu, 0.99) * 1e3,
            "digest_p50_ms": statistics.median(digests) * 1e3, "digest_p99_ms": percentile(digests, 0.99) * 1e3}


def main(renders: int = 100) -> None:
    for players in PLAYERS:
        r = bench(players, renders)
        print(f"world map picture, {players} players: {r['renders']} renders, p50 {r['p50_ms']:.1f} ms, "
              f"p99 {r['p99_ms']:.1f} ms (target < 150 ms; CPU time p50 {r['cpu_p50_ms']:.1f} ms, "
              f"p99 {r['cpu_p99_ms']:.1f} ms); digest p50 {r['digest_p50_ms']:.1f} ms, p99 {r['digest_p99_ms']:.1f} ms")


if __name__ == "__main__":
    main()
