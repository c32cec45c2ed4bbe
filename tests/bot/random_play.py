"""Seeded random play until a state of interest (the renderer tests of a choice, a line or a
table find their moment this way rather than build a state by hand)."""
from __future__ import annotations

import random
from typing import Any, Callable, Iterable

from engine.core.errors import RuleError
from engine.simulate import choose, legal_moves


def step(rules, state: dict, rng: random.Random) -> tuple[dict, list[dict]]:
    """One random legal move (its default where the random one is refused)."""
    action = choose(rng, state, legal_moves(rules, state), rules)
    try:
        return rules.apply(state, action)
    except RuleError:
        return rules.apply(state, {"player": action["player"], "type": "default"})


def first_reached(rules, seeds: Iterable[int], players: list[str], found: Callable[[dict], Any],
                  options: dict | None = None, steps: int = 3000) -> tuple[dict, Any]:
    """The first state of seeded random games (one per seed) where ``found(state)`` is truthy:
    (that state, what ``found`` returned)."""
    for seed in seeds:
        state, _ = rules.new_game(players, seed, options or {})
        rng = random.Random(seed)
        for _ in range(steps):
            hit = found(state)
            if hit:
                return state, hit
            if state.get("result"):
                break
            state, _ = step(rules, state, rng)
    raise AssertionError("no game reached the state looked for")
