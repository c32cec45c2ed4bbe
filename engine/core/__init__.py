"""The shared engine core: seeded randomness, rule errors, events, prompts, game records.

A game module (e.g. :mod:`engine.thing`) implements :class:`engine.core.game.GameRules`;
everything above the engine (CLI, bot) talks only to that interface.
"""
from engine.core.errors import RuleError
from engine.core.events import Audience, event, visible_to
from engine.core.rng import Rng

__all__ = ["RuleError", "Audience", "event", "visible_to", "Rng"]
