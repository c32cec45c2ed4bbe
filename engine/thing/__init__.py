"""The Thing («Нечто»), 4-12 players."""
from engine.thing.rules import ThingRules

__all__ = ["ThingRules"]
