"""Eldritch Horror («Прадавній жах»), 1-8 investigators (1-4 per player)."""
from engine.eldritch.rules import EldritchRules

__all__ = ["EldritchRules"]
