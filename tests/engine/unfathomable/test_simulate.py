"""Random games (checklist T181, T184): whole games by random legal agents, invariants after every
step, a hypothesis property test, the simulate command line and the agent hooks. Any engine
failure or broken invariant fails them."""
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.__main__ import main
from engine.core import shapes
from engine.simulate import legal_moves, simulate

from .helpers import game, rules
from .randplay import play


def real_errors(played_games):
    return [p.error for p in played_games if p.error]


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_c184_random_games_keep_every_invariant(n):
    """Checklist 184 «Whole-game invariants hold after every action»: a handful of games per
    player count, with the invariants, JSON round-trip, view and event checks after every step."""
    games = [play(n, seed=s, max_actions=200, views=False) for s in range(2)]
    assert not real_errors(games), real_errors(games)
    assert all(p.actions for p in games)


OPTIONS = st.fixed_dictionaries({}, optional={
    "cultist": st.booleans(), "difficulty": st.sampled_from(["normal", "easier", "harder"]),
    "first_game": st.just(True)})


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(3, 6), seed=st.integers(0, 10_000), options=OPTIONS)
def test_c181_c184_property_random_games(n, seed, options):
    """Checklist 181, 184: any count, seed and variant: every prompt answered by a legal random
    move keeps the invariants, the secrecy checks and JSON round-trip."""
    if options.get("first_game"):
        options.pop("cultist", None)
    played = play(n, seed=seed, options=options, max_actions=80, views=True)
    assert not real_errors([played]), played.error


def test_c181_every_prompt_has_a_default():
    """Checklist 181: every decision is a prompt with an AFK default; answering every prompt with
    ``default`` plays on (the game never waits on a prompt without one)."""
    r = rules()
    s, _ = r.new_game(["a", "b", "c", "d"], seed=5)
    for _ in range(300):
        if r.is_over(s):
            break
        prompts = r.prompts(s)
        assert prompts
        for p in prompts:
            assert "default" in p
        s, _ = r.apply(s, {"player": prompts[0]["player"], "type": "default"})


def test_random_agent_finishes_games():
    """The simulation's agent (agent_preference) makes games end: no game hits the action cap."""
    r = rules()
    for seed in range(4):
        played = play(4, seed=500 + seed, max_actions=20_000, check=False)
        assert not played.error, played.error
        assert r.is_over(played.state), "the random agent did not finish the game"


def test_agent_preference_picks_legal_moves():
    r, s = game(4)
    legal = legal_moves(r, s)
    rng = random.Random(1)
    for _ in range(50):
        choice = r.agent_preference(rng, s, legal)
        assert choice is None or choice in legal
    assert r.agent_preference(rng, s, [{"player": "p1", "type": "pass"}] * 1) in (None, {"player": "p1", "type": "pass"})
    sampled = shapes.sample(rng.choice(legal), rng)
    r.apply(s, sampled)


def test_outcome_summarises_a_finished_game():
    r, s = game(4)
    s["result"] = {"reason": "ship_destroyed", "team": "traitors", "winners": []}
    s["turns_taken"] = 10
    assert r.outcome(s) == {"winner": "traitors", "reason": "ship_destroyed", "rounds": 2.5}


def test_simulate_totals_and_command_line(capsys):
    """``python -m engine simulate unfathomable --players N --games G --seed S [--option ...]``
    prints one line: games, finished, wins per side, each end reason, average rounds, errors."""
    totals = simulate("unfathomable", 4, 3, 1, {"cultist": False})
    assert totals.games == 3 and totals.finished + totals.errors <= 3
    assert sum(totals.error_kinds.values()) == totals.errors
    code = main(["simulate", "unfathomable", "--players", "3", "--games", "2", "--seed", "7",
                 "--option", "cultist=false"])
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1
    assert re.match(r"games=2 finished=\d+ .*avg_rounds=\d+\.\d errors=\d+$", out[0]), out[0]
    assert code in (0, 1)
