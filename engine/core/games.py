"""A game declares itself once: one :class:`Game` description, published under the Python
entry-point group ``keeper.games`` (the way pytest and Red-DiscordBot find their plugins). The
engine's registry, the content check and the bot all read the descriptions found here, so a game
can live in its own installable package; the built-in three are found the same way (their entry
points are in ``pyproject.toml``). This module knows no game.

Everything a description names is a dotted path, imported only when used: reading the list of
games imports no rules, no content and no Discord code."""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import lru_cache
from importlib import metadata
from importlib.resources import files
from pathlib import Path
from typing import Mapping

ENTRY_POINT_GROUP = "keeper.games"
DATA_ROOT = Path(__file__).resolve().parents[2] / "data"


class GameDeclarationError(RuntimeError):
    """An entry point of ``keeper.games`` is broken: the message names it and says why."""


def _resolve(path: str):
    """``"package.module:attribute"`` (or a bare module path) → the object."""
    module, _, attribute = path.partition(":")
    obj = importlib.import_module(module)
    return getattr(obj, attribute) if attribute else obj


@dataclass(frozen=True)
class Game:
    id: str
    names: Mapping[str, str]          # en, uk, ru: what members read (the lobby, /rules, the log)
    players: tuple[int, int]          # fewest and most players
    rules: str                        # "module:Class": a GameRules factory
    pack: str | None = None           # module with load(data_dir) and summary(pack); None: no content
    renderer: str | None = None       # module of the game's Discord face (bot.games.GameUI); None: none yet
    locales: str | None = None        # "package:folder" (or an absolute folder) of its en/uk/ru.yaml catalogs
    data: str | None = None           # its content folder; default: the project's data/<id>

    def make_rules(self):
        return _resolve(self.rules)()

    def pack_module(self):
        if self.pack is None:
            raise KeyError(f"game '{self.id}' has no content pack")
        return _resolve(self.pack)

    def data_dir(self, root: Path | None = None) -> Path:
        if self.data:
            return Path(self.data)
        return (Path(root) if root else DATA_ROOT) / self.id

    def renderer_module(self):
        if self.renderer is None:
            raise KeyError(f"no renderer for game '{self.id}'")
        return _resolve(self.renderer)

    def locales_dir(self) -> Path | None:
        if not self.locales:
            return None
        if Path(self.locales).is_absolute():
            return Path(self.locales)
        package, _, folder = self.locales.partition(":")
        return Path(str(files(package).joinpath(folder)))


def _load(entry: metadata.EntryPoint) -> Game:
    try:
        game = entry.load()
    except Exception as exc:  # noqa: BLE001 - any failure of a plugin is reported with its name
        raise GameDeclarationError(f"the game entry point '{entry.name} = {entry.value}' "
                                   f"(group {ENTRY_POINT_GROUP}) cannot be loaded: {exc}") from exc
    if not isinstance(game, Game) or game.id != entry.name:
        raise GameDeclarationError(f"the game entry point '{entry.name} = {entry.value}' must name a "
                                   f"Game whose id is '{entry.name}'")
    return game


@lru_cache(maxsize=1)
def games() -> dict[str, Game]:
    """Every declared game by id, in entry-point order (the first declaration of an id wins)."""
    found: dict[str, Game] = {}
    for entry in metadata.entry_points(group=ENTRY_POINT_GROUP):
        if entry.name not in found:
            found[entry.name] = _load(entry)
    return found


def refresh() -> None:
    """Look for games again (after a package that declares one was installed or removed)."""
    games.cache_clear()


def game(game_id: str) -> Game:
    try:
        return games()[game_id]
    except KeyError:
        raise KeyError(f"unknown game '{game_id}' (playable: {', '.join(games())})") from None
