"""Eldritch Horror («Прадавній жах»), 1-8 investigators (1-4 per player)."""
from __future__ import annotations

__all__ = ["EldritchRules"]


def __getattr__(name: str):
    # the rules are imported when first asked for: reading the game's declaration (its entry
    # point, engine.eldritch.game) must not load them, nor its content models (bot start-up)
    if name == "EldritchRules":
        from engine.eldritch.rules import EldritchRules
        return EldritchRules
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
