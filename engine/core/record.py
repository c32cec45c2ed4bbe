"""Game records: game, options, seed, players, setup overrides and the list of actions.

A record replays to exactly the same game. Records are how rule scenarios are written, how bug
reports are reproduced and how undo works (replay all but the last actions). YAML or JSON::

    game: thing
    version: 1+3f2a9c1d04be   # optional: the rules and content it was played with
    seed: 7
    players: [ann, bob, cid, dan]
    options: {revenge: true}
    setup: {seats: [ann, bob, cid, dan], first_player: ann}
    actions:
      - {player: ann, type: draw}
      - {player: ann, type: play, card: flamethrower, target: bob}

``version`` is the game's ``GameRules.version`` when the record was made (``state["version"]``):
``<rules version>+<digest of what the content files say to the rules>`` (display texts left out).
``replay`` refuses a record whose version the engine does not accept (``GameRules.accepts``: the
same actions could now mean another game), unless asked with
``allow_other_version=True``; a record without a version (older records, hand-written
scenarios) replays as before.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from engine.core.errors import RecordError, RuleError


@dataclass
class GameRecord:
    game: str
    seed: int
    players: list[str]
    options: dict = field(default_factory=dict)
    setup: dict = field(default_factory=dict)
    actions: list[dict] = field(default_factory=list)
    extra: dict = field(default_factory=dict)  # e.g. a scenario's expectations; ignored by replay
    version: str | None = None  # GameRules.version it was played with; None: not known

    KEYS = ("game", "version", "seed", "players", "options", "setup", "actions")

    @classmethod
    def from_dict(cls, data: Any, source: str = "record") -> "GameRecord":
        if not isinstance(data, dict):
            raise RecordError(f"{source}: a record is a mapping with keys {', '.join(cls.KEYS)}")
        missing = [k for k in ("game", "seed", "players") if k not in data]
        if missing:
            raise RecordError(f"{source}: missing {', '.join(missing)}")
        actions = data.get("actions") or []
        if not isinstance(actions, list) or not all(isinstance(a, dict) for a in actions):
            raise RecordError(f"{source}: 'actions' must be a list of mappings")
        for i, a in enumerate(actions):
            if "player" not in a or "type" not in a:
                raise RecordError(f"{source}: action #{i + 1} needs 'player' and 'type'")
        version = data.get("version")
        return cls(
            game=str(data["game"]), seed=int(data["seed"]),
            version=None if version is None else str(version),
            players=[str(p) for p in data["players"]],
            options=dict(data.get("options") or {}), setup=dict(data.get("setup") or {}),
            actions=[{k: (str(v) if k == "player" else v) for k, v in a.items()} for a in actions],
            extra={k: v for k, v in data.items() if k not in cls.KEYS},
        )

    @classmethod
    def load(cls, path: str | Path) -> "GameRecord":
        path = Path(path)
        text = path.read_text(encoding="utf-8")
        try:
            data = json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)
        except (yaml.YAMLError, json.JSONDecodeError) as exc:
            raise RecordError(f"{path}: not valid {'JSON' if path.suffix == '.json' else 'YAML'}: {exc}") from None
        return cls.from_dict(data, str(path))

    def to_dict(self) -> dict:
        out = {"game": self.game}
        if self.version is not None:
            out["version"] = self.version
        out.update({"seed": self.seed, "players": list(self.players),
                    "options": dict(self.options), "setup": dict(self.setup),
                    "actions": [dict(a) for a in self.actions]})
        return out

    def dump(self, fmt: str = "yaml") -> str:
        if fmt == "json":
            return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)
        return yaml.safe_dump(self.to_dict(), allow_unicode=True, sort_keys=False)


@dataclass
class Replay:
    state: dict
    events: list[dict]
    applied: int


def replay(record: GameRecord, upto: int | None = None, *, allow_other_version: bool = False,
           each_step=None, before_step=None) -> Replay:
    """Rebuild the game from its record; ``upto`` keeps only the first N actions (undo);
    ``each_step`` is called with the events of the deal, then of each action, in order (agents
    observe a game step by step); ``before_step(state, number, action)`` before each action is
    applied, with the state it is applied to (numbered from 1; an agent may decide there again).

    A record made with other rules or content (``record.version`` differs from the engine's) is
    refused with a RecordError unless ``allow_other_version``; a record without a version
    replays as before."""
    from engine.registry import rules_for

    rules = rules_for(record.game)
    if record.version is not None and not rules.accepts(record.version) and not allow_other_version:
        raise RecordError(
            f"this {record.game} record was made with version {record.version}, but the engine is at "
            f"{rules.version} (rules version + content digest): its actions may mean another game now. "
            f"Replay it with allow_other_version=True (CLI: --allow-other-version) to try anyway.")
    state, events = rules.new_game(record.players, record.seed, record.options, record.setup)
    if each_step is not None:
        each_step(events)
    actions = record.actions if upto is None else record.actions[:upto]
    for number, action in enumerate(actions, 1):
        if before_step is not None:
            before_step(state, number, action)
        try:
            step = rules.apply_in_place(state, action)
        except RuleError as exc:
            raise RecordError(f"action #{number} {action} was refused: {exc}") from exc
        if each_step is not None:
            each_step(step)
        events.extend(step)
    return Replay(state=state, events=events, applied=len(actions))
