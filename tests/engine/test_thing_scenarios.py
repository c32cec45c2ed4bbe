"""Scenario records (tests/scenarios/thing/*.yaml): replay each and check its ``expect:``.

expect keys: seats, doors (view pairs), direction, quarantine, turn (whose turn), eliminated,
roles (subset), hands (subset, compared as multisets), result (reason; winners as a set),
prompt (subset of the single pending prompt), discard_contains, count_events {type: n}, and
last_action {present: [partial events], absent: [types]} for the events of the last action.
"""
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from engine.core.record import GameRecord, replay

from helpers import RULES

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "tests" / "scenarios" / "thing").glob("*.yaml"))


def matches(event, partial):
    return all(event.get(k) == v for k, v in partial.items())


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path):
    record = GameRecord.load(path)
    expect = record.extra["expect"]
    assert expect, "a scenario must expect something"
    full = replay(record)
    state, events = full.state, full.events
    assert RULES.invariant_violations(state) == []
    view = RULES.view(state, None)
    for key in ("seats", "doors", "direction", "quarantine", "eliminated"):
        if key in expect:
            assert view[key] == expect[key], key
    if "turn" in expect:
        assert state["turn"]["player"] == expect["turn"]
    for p, role in expect.get("roles", {}).items():
        assert state["roles"][p] == role, p
    for p, cards in expect.get("hands", {}).items():
        assert Counter(state["hands"][p]) == Counter(cards), p
    if "result" in expect:
        assert state["result"] is not None
        assert state["result"]["reason"] == expect["result"]["reason"]
        if "winners" in expect["result"]:
            assert sorted(state["result"]["winners"]) == sorted(expect["result"]["winners"])
    if "prompt" in expect:
        prompts = RULES.prompts(state)
        assert len(prompts) == 1 and matches(prompts[0], expect["prompt"]), prompts
    for card in expect.get("discard_contains", []):
        assert card in state["discard"], card
    for type_, n in expect.get("count_events", {}).items():
        assert sum(e["type"] == type_ for e in events) == n, type_
    if "last_action" in expect:
        before = replay(record, upto=len(record.actions) - 1).state
        last = RULES.apply_in_place(before, record.actions[-1])
        for partial in expect["last_action"].get("present", []):
            assert any(matches(e, partial) for e in last), partial
        for type_ in expect["last_action"].get("absent", []):
            assert not any(e["type"] == type_ for e in last), type_


def test_there_are_scenarios():
    assert len(SCENARIOS) >= 8


def test_cli_replay_view_json():
    path = ROOT / "tests" / "scenarios" / "thing" / "missed_door_behind.yaml"
    out = subprocess.run([sys.executable, "-m", "engine", "replay", str(path), "--view", "ann", "--json"],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    view = json.loads(out.stdout)
    assert sorted(view["you"]["hand"]) == sorted(["whisky", "suspicion", "suspicion", "no_thanks"])
    assert view["doors"] == [["bob", "cid"]] and view["turn"]["player"] == "bob"
    assert "hands" not in view and "deck" not in view  # only ann's view, not the state
    # the whole state without --view, and --upto for undo
    full = json.loads(subprocess.run([sys.executable, "-m", "engine", "replay", str(path), "--json", "--upto", "2"],
                                     cwd=ROOT, capture_output=True, text=True, timeout=60).stdout)
    assert full["doors"][1] is True and full["turn"]["player"] == "cid"
    bad = subprocess.run([sys.executable, "-m", "engine", "replay", str(path), "--view", "zed"],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 1 and "zed" in bad.stderr
