"""What the benches share: percentiles, states of random games, the engine step timed as the bot
takes it, and the table picture timed as the publisher calls it."""
from __future__ import annotations

import copy
import random
import statistics
import time

from engine.registry import rules_for
from engine.simulate import choose, error_kind, play_random_game


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def pct(values, q):
    """:func:`percentile` of seconds, in milliseconds."""
    return percentile(values, q) * 1e3


def measure(fn, *args) -> tuple[float, float]:
    """``fn(*args)``'s wall-clock and thread CPU time, in seconds."""
    start, start_cpu = time.perf_counter(), time.thread_time()
    fn(*args)
    return time.perf_counter() - start, time.thread_time() - start_cpu


def random_states(game: str, players: int, count: int, seed: int, every: float, *, views: bool = False,
                  max_games: int | None = None, tolerate_faults: bool = True) -> list[dict]:
    """``count`` states (``views``: their public views) taken at random moments of random games,
    each sampled with probability ``every``, and the last one of each game, shuffled. With
    ``tolerate_faults``, an engine fault in a random game ends it: the states sampled before it
    still count. At most ``max_games`` games."""
    rules = rules_for(game)
    rng = random.Random(seed)
    take = (lambda state: rules.view(state, None)) if views else copy.deepcopy
    states: list[dict] = []
    played = 0
    while len(states) < count and (max_games is None or played < max_games):
        seen: list[dict] = []

        def sample(state):
            if rng.random() < every:
                seen.append(take(state))
            return []

        try:
            state, _ = play_random_game(rules, players, seed + played, check=sample)
            seen.append(rules.view(state, None) if views else state)
        except Exception:   # noqa: BLE001 - see the docstring
            if not tolerate_faults:
                raise
        states.extend(seen)
        played += 1
    rng.shuffle(states)
    return states[:count]


def bench_steps(game: str, games: int, players: int, seed: int, *, agent_rules: bool = True,
                failed: dict | None = None) -> dict:
    """One engine step as the bot takes it (the player's legal actions, one chosen at random, apply
    on a copy), timed over whole random games (seeds ``seed``, ``seed + 1``...; the agent told the
    rules unless ``agent_rules`` is false). With ``failed``, a game the engine cannot finish is
    counted there by kind (its steps so far are kept); without, the fault is raised."""
    rules = rules_for(game)
    times = []
    for k in range(games):
        state, _ = rules.new_game([f"p{i}" for i in range(players)], seed + k)
        rng = random.Random(k)
        try:
            while not rules.is_over(state) and len(times) < 10 ** 6:
                start = time.perf_counter()
                player = rules.prompts(state)[0]["player"]
                legal = rules.legal_actions(state, player)
                action = choose(rng, state, legal, rules) if agent_rules else choose(rng, state, legal)
                state, _events = rules.apply(state, action)
                times.append(time.perf_counter() - start)
        except Exception as exc:  # noqa: BLE001 - counted, not timed
            if failed is None:
                raise
            kind = error_kind(exc)
            failed[kind] = failed.get(kind, 0) + 1
    return {"steps": len(times), "p50_ms": statistics.median(times) * 1e3 if times else 0.0,
            "p99_ms": pct(times, 0.99), "max_ms": max(times, default=0.0) * 1e3}


def game_times(game: str, games: int, players: int, seed: int) -> tuple[list[float], list[int]]:
    """How long each of ``games`` whole random games takes (seeds ``seed``...), and its actions."""
    rules = rules_for(game)
    times, actions = [], []
    for k in range(games):
        start = time.perf_counter()
        _, acts = play_random_game(rules, players, seed + k)
        times.append(time.perf_counter() - start)
        actions.append(len(acts))
    return times, actions


def bench_pictures(table_picture, table_digest, states: list[dict], names: dict, langs: tuple[str, ...]) -> dict:
    """``table_picture`` timed whole for each state (languages in turn; the first state drawn once
    before, so fonts, content and the base picture are loaded), and ``table_digest``."""
    table_picture(states[0], names, "uk")
    times, cpu, digests = [], [], []
    for i, state in enumerate(states):
        lang = langs[i % len(langs)]
        wall, thread = measure(table_picture, state, names, lang)
        times.append(wall)
        cpu.append(thread)
        digests.append(measure(table_digest, state, names, lang)[0])
    return {"renders": len(times), "p50_ms": statistics.median(times) * 1e3,
            "p99_ms": pct(times, 0.99), "cpu_p50_ms": statistics.median(cpu) * 1e3,
            "cpu_p99_ms": pct(cpu, 0.99),
            "digest_p50_ms": statistics.median(digests) * 1e3, "digest_p99_ms": pct(digests, 0.99)}
