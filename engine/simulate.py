"""Random legal agents playing whole games: a smoke test of the rules at scale."""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.core import shapes
from engine.core.game import GameRules

MAX_ACTIONS = 50_000


@dataclass
class Totals:
    games: int = 0
    finished: int = 0
    humans_wins: int = 0
    thing_wins: int = 0
    turns: int = 0
    errors: int = 0
    error_samples: list = field(default_factory=list)

    def line(self) -> str:
        avg = self.turns / self.games if self.games else 0.0
        return (f"games={self.games} finished={self.finished} humans_wins={self.humans_wins} "
                f"thing_wins={self.thing_wins} avg_turns={avg:.1f} errors={self.errors}")


def choose(rng: random.Random, state: dict, actions: list[dict]) -> dict:
    """A random legal agent. The Thing declares when it is right, and rarely as a bluff.

    ``actions`` may hold patterns (``legal_actions`` of a ``subset``/``number`` prompt): a chosen
    pattern becomes a uniformly random answer of its shape."""
    declares = [a for a in actions if a["type"] == "declare"]
    others = [a for a in actions if a["type"] != "declare"]
    if declares:
        humans_left = any(state["roles"][p] == "human" for p in state["seats"])
        if not others or (not humans_left and rng.random() < 0.5) or rng.random() < 0.0005:
            return declares[0]
    return shapes.sample(rng.choice(others), rng)


def legal_moves(rules: GameRules, state: dict) -> list[dict]:
    """Every pending prompt's answers (one pattern per subset/number prompt) plus free actions."""
    legal = []
    for prompt in rules.prompts(state):
        if prompt.get("shape", "one") == "one":
            legal.extend({"player": prompt["player"], **o} for o in prompt["options"])
        else:
            legal.append({"player": prompt["player"], **shapes.pattern(prompt)})
    legal += [{"player": p, **a} for p in state["seats"] for a in rules.free_actions(state, p)]
    return legal


def play_random_game(rules: GameRules, players: int, seed: int, options: dict | None = None,
                     check=None) -> tuple[dict, list[dict]]:
    """Play one game; returns (final state, actions). ``check(state)`` may list violations."""
    names = [f"p{i + 1}" for i in range(players)]
    state, _ = rules.new_game(names, seed, options)
    rng = random.Random(seed)
    actions = []
    while not rules.is_over(state) and len(actions) < MAX_ACTIONS:
        # one prompt computation per step: every pending prompt's answers plus free actions
        action = choose(rng, state, legal_moves(rules, state))
        rules.apply_in_place(state, action)
        actions.append(action)
        if check:
            problems = check(state)
            if problems:
                raise AssertionError(f"after {action}: {problems}")
    return state, actions


def simulate(game: str, players: int, games: int, seed: int, options: dict | None = None,
             check_invariants: bool = True) -> Totals:
    from engine.registry import rules_for

    rules = rules_for(game)
    check = None
    if check_invariants and game == "thing":
        from engine.thing.invariants import violations as check
    totals = Totals()
    for i in range(games):
        totals.games += 1
        try:
            state, _ = play_random_game(rules, players, seed + i, options, check)
        except Exception as exc:  # noqa: BLE001 - every failure is counted and sampled
            totals.errors += 1
            if len(totals.error_samples) < 5:
                totals.error_samples.append(f"seed {seed + i}: {type(exc).__name__}: {exc}")
            continue
        totals.turns += state["turn"]["number"]
        result = state["result"]
        if result:
            totals.finished += 1
            if result["team"] == "humans":
                totals.humans_wins += 1
            else:
                totals.thing_wins += 1
    return totals
