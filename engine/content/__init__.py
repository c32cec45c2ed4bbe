"""Content packs: YAML under ``data/<game>/``, validated with pydantic at load.

Each game registers a module in :data:`PACKS`. A pack module exposes:

* ``load(data_dir: Path | None = None) -> pack`` — read and validate the game's YAML;
  raise :class:`ContentError` naming the file and the entry on any problem;
* ``summary(pack) -> list[SummaryRow]`` — the decks/components and their counts, for
  ``python -m engine content check``.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, asdict
from pathlib import Path

DATA_ROOT = Path(__file__).resolve().parents[2] / "data"

# game id -> module path; a game's module is imported only when its pack is checked or loaded.
PACKS: dict[str, str] = {
    "thing": "engine.content.thing",
    "unfathomable": "engine.content.unfathomable",
    "eldritch": "engine.content.eldritch",
}


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


def pack_module(game: str):
    if game not in PACKS:
        raise KeyError(f"unknown game '{game}' (known: {', '.join(sorted(PACKS))})")
    return importlib.import_module(PACKS[game])


def available_games() -> list[str]:
    """Games whose pack module exists in this checkout."""
    found = []
    for game, module in PACKS.items():
        if importlib.util.find_spec(module) is not None:
            found.append(game)
    return found


def load_pack(game: str, data_root: Path | None = None):
    root = Path(data_root) if data_root else DATA_ROOT
    return pack_module(game).load(root / game)
