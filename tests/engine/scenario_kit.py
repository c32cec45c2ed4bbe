"""The runner machinery the games' scenario tests share (tests/scenarios/<game>/*.yaml, records
whose ``setup`` may hold a ``position`` (the engine's vocabulary, engine/README.md) and ``expect``ations): playing a record, replay exactness, the game's
invariants, and the expectations every game reads the same way (``state``, ``count_events``,
``events``, ``events_in_order``, ``no_events``, ``refused``, ``prompt``). Each game's runner keeps
its own expectations (``check_state``)."""
from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Callable

import pytest

from engine.core.errors import RuleError
from engine.core.record import GameRecord, replay

ROOT = Path(__file__).resolve().parents[2]


def scenario_paths(game: str) -> list[Path]:
    return sorted((ROOT / "tests" / "scenarios" / game).glob("*.yaml"))


def matches(event, partial):
    return all(event.get(k) == v for k, v in partial.items())


def dotted(s, path):
    for part in path.split("."):
        s = s[int(part)] if isinstance(s, list) else s[part]
    return s


def play(rules, record, upto=None, resume_at=None):
    """new_game (its ``setup``, a ``position`` included) + actions; returns (state, events).
    ``resume_at``: after that many actions, continue from a JSON copy of the state (a saved game)."""
    s, events = rules.new_game(record.players, record.seed, record.options, record.setup)
    actions = record.actions if upto is None else record.actions[:upto]
    for i, action in enumerate(actions):
        if resume_at is not None and i == resume_at:
            s = json.loads(json.dumps(s))
        events.extend(rules.apply_in_place(s, copy.deepcopy(action)))
    return s, events


def check_events(expect: dict, events: list[dict]) -> None:
    for type_, n in expect.get("count_events", {}).items():
        assert sum(e["type"] == type_ for e in events) == n, (type_, [e for e in events if e["type"] == type_])
    for partial in expect.get("events", []):
        assert any(matches(e, partial) for e in events), partial
    at = 0
    for partial in expect.get("events_in_order", []):
        while at < len(events) and not matches(events[at], partial):
            at += 1
        assert at < len(events), ("not in order", partial)
        at += 1
    for type_ in expect.get("no_events", []):
        assert not any(e["type"] == type_ for e in events), type_


def run_scenario(path: Path, game: str, rules, play: Callable, check_state: Callable[[dict, dict], None],
                 xfail: dict[str, str]) -> None:
    """Play the record at ``path`` (``play(record, upto=None, resume_at=None)``), check it replays
    exactly, keeps the invariants, and meets its expectations: the game's (``check_state(state,
    expect)``) and the shared ones."""
    if path.stem in xfail:
        pytest.xfail(xfail[path.stem])
    record = GameRecord.load(path)
    assert record.game == game
    expect = record.extra.get("expect")
    assert expect, "a scenario must expect something"
    s, events = play(record)
    # replay exactness: the record replays, and a game saved halfway resumes, to the same state
    full = replay(record)
    assert full.state == s and full.events == events
    again, again_events = play(record, resume_at=len(record.actions) // 2)
    assert again == s and again_events == events
    assert rules.invariant_violations(s) == []
    check_state(s, expect)
    for k, v in expect.get("state", {}).items():
        assert dotted(s, k) == v, (k, dotted(s, k))
    check_events(expect, events)
    for item in expect.get("refused", []):
        mid, _ = play(record, upto=item["after"])
        before = copy.deepcopy(mid)
        with pytest.raises(RuleError):
            rules.apply_in_place(mid, {**item["action"]})
        assert mid == before
    if "prompt" in expect:
        prompts = rules.prompts(s)
        assert prompts and matches(prompts[0], expect["prompt"]), prompts


def check_seed_quotes(paths: list[Path]) -> None:
    """Every record's header names its seed lines and quotes the rulebook."""
    for path in paths:
        header = path.read_text(encoding="utf-8").split("\ngame:")[0]
        assert "seed" in header and "«" in header, path.name   # seed line numbers and a quotation


def check_table(doc: str, paths: list[Path], at_least: int) -> None:
    """Every record is in the runner's docstring table and every file the table names exists."""
    named = set(re.findall(r"(\w+)\.yaml", doc))
    assert named == {p.stem for p in paths}
    assert len(paths) >= at_least
