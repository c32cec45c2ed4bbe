"""Games known to the engine, by id."""
from __future__ import annotations

from functools import lru_cache

from engine.core.game import GameRules


@lru_cache(maxsize=None)
def rules_for(game: str) -> GameRules:
    if game == "thing":
        from engine.thing import ThingRules
        return ThingRules()
    raise KeyError(f"unknown game '{game}' (playable: thing)")


PLAYABLE = ("thing",)
