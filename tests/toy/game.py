"""The toy game's one declaration, found like every game through the ``keeper.games`` entry
points (:func:`tests.toy.install` publishes it as an installed distribution would)."""
from engine.core.games import Game
from tests.toy.pack import DATA

GAME = Game(id="toy", names={"en": "Toy game", "uk": "Іграшкова гра", "ru": "Игрушечная игра"}, players=(2, 4),
            rules="tests.toy.rules:ToyRules", pack="tests.toy.pack", data=str(DATA),
            renderer="tests.toy.ui", locales="tests.toy:locales")

# an engine without a Discord face yet, as a game is while its renderer is being built
FACELESS = Game(id="faceless", names={"en": "Faceless"}, players=(2, 4), rules="tests.toy.rules:ToyRules")
