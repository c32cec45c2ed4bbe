"""Unfathomable's one declaration (entry point ``unfathomable`` of the ``keeper.games`` group)."""
from engine.core.games import Game

GAME = Game(id="unfathomable", names={"en": "Unfathomable", "uk": "Незбагненне", "ru": "Непостижимое"},
            players=(3, 6), rules="engine.unfathomable.rules:UnfathomableRules",
            pack="engine.unfathomable.content", renderer="bot.games.unfathomable.render",
            locales="bot.games.unfathomable:locales")
