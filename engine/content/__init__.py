"""Content packs: YAML under ``data/<game>/``, validated with pydantic at load.

A game names its pack module in its declaration (:class:`engine.core.games.Game`, ``pack``). A
pack module exposes:

* ``load(data_dir: Path | None = None) -> pack`` — read and validate the game's YAML;
  raise :class:`ContentError` naming the file and the entry on any problem;
* ``summary(pack) -> list[SummaryRow]`` — the decks/components and their counts, for
  ``python -m engine content check``.
"""
from __future__ import annotations

from dataclasses import dataclass, asdict
from pathlib import Path

from engine.core.games import DATA_ROOT, game, games


class ContentError(ValueError):
    """A content file is malformed. The message names the file and the entry."""

    def __init__(self, file: str | Path, entry: str | None, problem: str):
        self.file = str(file)
        self.entry = entry
        self.problem = problem
        where = f"{self.file}" + (f", entry '{entry}'" if entry else "")
        super().__init__(f"{where}: {problem}")


@dataclass(frozen=True)
class SummaryRow:
    section: str   # e.g. "deck", "board", "characters"
    name: str      # e.g. "mythos cards"
    count: int     # what the pack holds
    expected: int | None = None  # what the rulebook's component list says, if it says

    def as_dict(self) -> dict:
        return asdict(self)


def pack_module(game_id: str):
    return game(game_id).pack_module()


def available_games() -> list[str]:
    """Declared games that have a content pack."""
    return [game_id for game_id, declared in games().items() if declared.pack]


def load_pack(game_id: str, data_root: Path | None = None):
    return pack_module(game_id).load(game(game_id).data_dir(data_root))
