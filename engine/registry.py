"""Games known to the engine, by id: the rules of every game declared through the ``keeper.games``
entry points (:mod:`engine.core.games`), made once each, when first asked for."""
from __future__ import annotations

from engine.core.game import GameRules
from engine.core.games import game, games

_RULES: dict[str, GameRules] = {}


def rules_for(game_id: str) -> GameRules:
    rules = _RULES.get(game_id)
    if rules is None:
        rules = _RULES[game_id] = game(game_id).make_rules()
    return rules


def playable() -> tuple[str, ...]:
    return tuple(games())


def forget(game_id: str) -> None:
    """Drop the rules made for a game (after its declaration changed, say)."""
    _RULES.pop(game_id, None)
