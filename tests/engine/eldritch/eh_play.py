"""Random legal play for the soundness tests: whole games with every step checked."""
from __future__ import annotations

import json
import random

from engine.core.record import GameRecord
from engine.eldritch.invariants import event_violations
from engine.simulate import choose, legal_moves
from eh_helpers import R

AOS = list(R.C.ao_ids)


def play(players: int, seed: int, ao: str = "random", check=True, max_actions=5000, every=1):
    """Play a random game from the seed; returns (state, actions, record). With ``check``, every
    ``every``-th step asserts the state invariants and every step's events (P4, P5)."""
    names = [f"p{i + 1}" for i in range(players)]
    options = {"ancient_one": ao}
    state, events = R.new_game(names, seed, options)
    if check:
        assert event_violations(R, events) == []
        assert R.invariant_violations(state) == []
    rng = random.Random(seed)
    actions = []
    table = R.view(state, None)
    while not R.is_over(state) and len(actions) < max_actions:
        legal = legal_moves(R, state)
        assert legal, "the game is not over and nobody has a legal move"
        action = choose(rng, state, legal, R)
        events = R.apply_in_place(state, action)
        actions.append(action)
        if check:
            assert event_violations(R, events) == [], action
            before, table = table, R.view(state, None)   # no silent change of the table
            assert R.silent_changes(before, table, events) == [], action
            if len(actions) % every == 0 or R.is_over(state):
                problems = R.invariant_violations(state)
                assert problems == [], f"after {action}: {problems}"
    record = GameRecord(game="eldritch", seed=seed, players=names, options=options,
                        actions=json.loads(json.dumps(actions)), version=state["version"])
    return state, actions, record
