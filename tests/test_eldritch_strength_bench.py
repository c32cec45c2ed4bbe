"""bench.eldritch_strength: the per-mystery figures and the no-doom what-if (run in a
subprocess: the bench wraps the Eldritch rules' doom paths for its whole process)."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _bench(*args) -> str:
    done = subprocess.run([sys.executable, "-m", "bench.eldritch_strength", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_each_mystery_drawn_is_counted_and_no_doom_advances_before_the_awakening():
    out = _bench("--players", "1", "--games", "2", "--seed", "7", "--no-doom")
    drawn = [(m, int(n), int(s)) for m, n, s in re.findall(r"mystery (\w+): drawn (\d+), solved (\d+)", out)]
    assert drawn and sum(n for _, n, _ in drawn) >= 2   # at least the one drawn at setup, per game
    assert all(s <= n for _, n, s in drawn)
    solved = float(re.search(r"mysteries_solved: ([\d.]+) per game", out).group(1)) if "mysteries_solved" in out else 0
    assert sum(s for _, _, s in drawn) == round(solved * 2)
    booked = re.findall(r"doom_by_(\w+): ([\d.]+)", out)
    assert all(k.startswith(("spared_", "awakened_")) for k, _ in booked)
    start = re.search(r"round  1 \(2 games\): doom ([\d.]+)", out).group(1)
    assert set(re.findall(r"round +\d+ \(2 games\): doom ([\d.]+)", out)) == {start}   # while both games run


def _test_rows(out: str) -> dict:
    """``purpose|skill`` -> (tests a game, pass %) from the bench's table of tests."""
    return {k: (float(n), int(p)) for k, n, p in re.findall(r"^    (\S+\|\S+) +([\d.]+)/game +(\d+) % pass", out, re.M)}


def test_tests_are_booked_by_purpose_and_luck_makes_one_kind_pass():
    """Every test is booked by what it was for; ``--luck combat`` makes every die of a fight a 6
    (a fight's test always passes) and leaves the other tests to their dice."""
    plain = _test_rows(_bench("--players", "2", "--games", "2", "--seed", "7"))
    lucky = _test_rows(_bench("--players", "2", "--games", "2", "--seed", "7", "--luck", "combat"))
    assert plain["*|*"][0] > 0 and plain["*|*"][1] < 100
    assert sum(n for k, (n, _) in plain.items() if k.endswith("|*") and k != "*|*") == \
        pytest.approx(plain["*|*"][0], abs=0.05)   # each test under one purpose
    assert lucky["combat|*"][0] > 0 and all(p == 100 for k, (_, p) in lucky.items() if k.startswith("combat|"))
    assert any(p < 100 for k, (_, p) in lucky.items() if not k.startswith(("combat", "*")))


def test_time_budget_books_each_activation_and_at_most_two_action_slots_a_round():
    """The time budget: every mystery drawn is one activation, and an investigator's round holds
    2 action slots (seed 002, 1907: two actions a round; Delayed loses both), so the slots booked
    per investigator-round never exceed 2 and a Delayed phase books both."""
    out = _bench("--players", "2", "--games", "3", "--seed", "11")
    drawn = {m: int(n) for m, n in re.findall(r"mystery (\w+): drawn (\d+),", out)}
    rows = re.findall(r"^    (\w+): (\d+) times, ([\d.]+) rounds each, [\d.]+ investigators; per investigator-round: "
                      r"([^;]*);", out, re.M)
    assert {m: int(n) for m, n, _, _ in rows} == drawn
    stood = [acts for _, _, rounds, acts in rows if float(rounds) > 0]   # not drawn as the game ended
    assert stood
    for acts in stood:
        slots = sum(float(x) for x in re.findall(r" ([\d.]+)(?:,|$)", acts))
        assert 0.5 < slots <= 2.05, acts


def _failure_rows(out: str) -> dict:
    """failure-table row -> (tests a game, failed a game, pass %)."""
    return {k: (float(t), float(f), int(p)) for k, t, f, p in
            re.findall(r"^    (\S+) +([\d.]+) tests +([\d.]+) failed/game +(\d+) % pass", out, re.M)}


def test_failure_table_splits_mystery_critical_tests_and_luck_critical_passes_only_those():
    """The failure table books every test once as critical (the active mystery's own progress) or
    not, and ``--luck critical`` makes every die of the critical ones a 6: they all pass, the rest
    keep their dice."""
    rows = _failure_rows(_bench("--players", "2", "--games", "3", "--seed", "7", "--luck", "critical"))
    assert rows["*"][0] == pytest.approx(rows["critical"][0] + rows["not_critical"][0], abs=0.02)
    assert rows["critical"][0] > 0 and rows["critical"][1] == 0 and rows["critical"][2] == 100
    assert rows["not_critical"][1] > 0
