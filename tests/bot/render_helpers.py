"""What the renderer tests of Eldritch and Unfathomable share: the engine's source read for the
lists it names, the catalog keys a renderer names literally, and the checks that every catalog
has them and that the renderer is registered with every function the bot calls."""
from __future__ import annotations

import re
from pathlib import Path

from bot.games import REQUIRED, ui_for
from bot.i18n import LANGUAGES, catalog

ROOT = Path(__file__).resolve().parents[2]


def engine_source(game: str) -> str:
    """Every module of ``engine/<game>/`` (its subpackages too), in path order, as one text."""
    return "\n".join(path.read_text(encoding="utf-8") for path in sorted((ROOT / "engine" / game).rglob("*.py")))


def renderer_keys(game: str) -> set[str]:
    """The catalog keys ``bot/games/<game>/render.py`` names as ``f"{K}.a.b"`` (whole keys only)."""
    src = (ROOT / "bot" / "games" / game / "render.py").read_text(encoding="utf-8")
    literal = set(re.findall(r'f"\{K\}\.([a-z_.]+)"', src))
    return {f"{game}.{k}" for k in literal if not k.endswith(".")}


def assert_every_catalog_has(keys: set[str]) -> None:
    for language in LANGUAGES:
        missing = sorted(k for k in keys if k not in catalog(language))
        assert not missing, f"{language}: {missing}"


def assert_registered(game: str, module) -> None:
    """``module`` is the game's renderer and has every function the bot calls."""
    ui = ui_for(game)
    assert ui is module
    assert not [name for name in REQUIRED if not hasattr(ui, name)]
