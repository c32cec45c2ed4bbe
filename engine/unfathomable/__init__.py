"""Unfathomable («Незбагненне»): the rules on the engine core, one module per concern."""
from __future__ import annotations

__all__ = ["UnfathomableRules"]


def __getattr__(name: str):
    # the rules are imported when first asked for: reading the game's declaration (its entry
    # point, engine.unfathomable.game) must not load them, nor its content models (bot start-up)
    if name == "UnfathomableRules":
        from engine.unfathomable.rules import UnfathomableRules
        return UnfathomableRules
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
