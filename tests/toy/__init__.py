"""A tiny game that exists only to prove the seam: a second game costs one package per layer.

Two to four players each get a secret die (told privately), then take turns adding 1 or 2 to a
shared counter; whoever brings it to 10 or more wins. A player may concede at any time (a free
action). Engine rules in :mod:`tests.toy.rules`, the Discord renderer in :mod:`tests.toy.ui`, its
declaration in :mod:`tests.toy.game`. :func:`install` makes it found exactly as an installed
package's game is: a distribution on ``sys.path`` whose metadata lists a ``keeper.games`` entry
point; :func:`uninstall` removes it."""
from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

_INSTALLED: dict[str, Path] = {}


def _forget_caches() -> None:
    from bot import games as bot_games
    from bot.i18n import catalog
    from engine import registry
    from engine.core.games import refresh

    refresh()
    catalog.cache_clear()
    for game_id in ("toy", "faceless"):
        registry.forget(game_id)
        bot_games._UIS.pop(game_id, None)


def install(*names: str) -> None:
    """Publish ``tests.toy.game:<NAME>`` entry points (default: the toy game) as a distribution."""
    entries = names or ("GAME",)
    folder = Path(tempfile.mkdtemp(prefix="keeper-toy-"))
    dist_info = folder / "keeper_toy-0.dist-info"
    dist_info.mkdir()
    (dist_info / "METADATA").write_text("Metadata-Version: 2.1\nName: keeper-toy\nVersion: 0\n")
    ids = {"GAME": "toy", "FACELESS": "faceless"}
    (dist_info / "entry_points.txt").write_text(
        "[keeper.games]\n" + "".join(f"{ids[name]} = tests.toy.game:{name}\n" for name in entries))
    sys.path.append(str(folder))
    _INSTALLED[str(folder)] = folder
    _forget_caches()


def uninstall() -> None:
    for entry, folder in list(_INSTALLED.items()):
        if entry in sys.path:
            sys.path.remove(entry)
        shutil.rmtree(folder, ignore_errors=True)
        del _INSTALLED[entry]
    _forget_caches()
