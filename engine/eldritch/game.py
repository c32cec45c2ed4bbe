"""Eldritch Horror's one declaration (entry point ``eldritch`` of the ``keeper.games`` group)."""
from engine.core.games import Game

GAME = Game(id="eldritch", names={"en": "Eldritch Horror", "uk": "Прадавній жах", "ru": "Древний ужас"},
            players=(1, 8), rules="engine.eldritch.rules:EldritchRules", pack="engine.eldritch.content",
            renderer="bot.games.eldritch.render", locales="bot.games.eldritch:locales")
