"""The Thing's one declaration (entry point ``thing`` of the ``keeper.games`` group)."""
from engine.core.games import Game

GAME = Game(id="thing", names={"en": "The Thing", "uk": "Щось", "ru": "Нечто"}, players=(4, 12),
            rules="engine.thing.rules:ThingRules", pack="engine.thing.content",
            renderer="bot.games.thing.render", locales="bot.games.thing:locales")
