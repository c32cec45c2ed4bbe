"""The Thing («Нечто»), 4-12 players."""
from __future__ import annotations

__all__ = ["ThingRules"]


def __getattr__(name: str):
    # the rules are imported when first asked for: reading the game's declaration (its entry
    # point, engine.thing.game) must not load them, nor its content models (bot start-up)
    if name == "ThingRules":
        from engine.thing.rules import ThingRules
        return ThingRules
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
