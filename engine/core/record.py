"""Game records: game, options, seed, players, setup overrides and the list of actions.

A record replays to exactly the same game. Records are how rule scenarios are written, how bug
reports are reproduced and how undo works (replay all but the last actions). YAML or JSON::

    game: thing
    seed: 7
    players: [ann, bob, cid, dan]
    options: {revenge: true}
    setup: {seats: [ann, bob, cid, dan], first_player: ann}
    actions:
      - {player: ann, type: draw}
      - {player: ann, type: play, card: flamethrower, target: bob}
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

    KEYS = ("game", "seed", "players", "options", "setup", "actions")

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
        return cls(
            game=str(data["game"]), seed=int(data["seed"]),
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
        return {"game": self.game, "seed": self.seed, "players": list(self.players),
                "options": dict(self.options), "setup": dict(self.setup),
                "actions": [dict(a) for a in self.actions]}

    def dump(self, fmt: str = "yaml") -> str:
        if fmt == "json":
            return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)
        return yaml.safe_dump(self.to_dict(), allow_unicode=True, sort_keys=False)


@dataclass
class Replay:
    state: dict
    events: list[dict]
    applied: int


def replay(record: GameRecord, upto: int | None = None) -> Replay:
    """Rebuild the game from its record; ``upto`` keeps only the first N actions (undo)."""
    from engine.registry import rules_for

    rules = rules_for(record.game)
    state, events = rules.new_game(record.players, record.seed, record.options, record.setup)
    actions = record.actions if upto is None else record.actions[:upto]
    for number, action in enumerate(actions, 1):
        try:
            events.extend(rules.apply_in_place(state, action))
        except RuleError as exc:
            raise RecordError(f"action #{number} {action} was refused: {exc}") from exc
    return Replay(state=state, events=events, applied=len(actions))
