"""Games known to the engine, by id. A game registers a factory for its rules; built-in games are
registered here, others (a test's toy game, say) with :func:`register`."""
from __future__ import annotations

from typing import Callable

from engine.core.game import GameRules

_FACTORIES: dict[str, Callable[[], GameRules]] = {}
_RULES: dict[str, GameRules] = {}


def register(game: str, factory: Callable[[], GameRules]) -> None:
    _FACTORIES[game] = factory
    _RULES.pop(game, None)


def unregister(game: str) -> None:
    _FACTORIES.pop(game, None)
    _RULES.pop(game, None)


def rules_for(game: str) -> GameRules:
    rules = _RULES.get(game)
    if rules is None:
        factory = _FACTORIES.get(game)
        if factory is None:
            raise KeyError(f"unknown game '{game}' (playable: {', '.join(playable())})")
        rules = _RULES[game] = factory()
    return rules


def playable() -> tuple[str, ...]:
    return tuple(_FACTORIES)


def _thing() -> GameRules:
    from engine.thing import ThingRules
    return ThingRules()


register("thing", _thing)


def _unfathomable() -> GameRules:
    from engine.unfathomable import UnfathomableRules
    return UnfathomableRules()


register("unfathomable", _unfathomable)


def _eldritch() -> GameRules:
    from engine.eldritch import EldritchRules
    return EldritchRules()


register("eldritch", _eldritch)
