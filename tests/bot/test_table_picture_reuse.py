"""The table message is edited whenever its text changes (whose decision the table waits for),
but a picture is drawn only once for what it shows: each game's picture keeps its last distinct
pictures by the digest of what they show (``bot.games.picture_kit.DrawnCache``)."""
import random

import pytest

from bot.games.picture_kit import DrawnCache
from engine.registry import rules_for
from engine.simulate import apply_random_move, legal_moves


def test_a_picture_is_drawn_once_per_digest_and_the_oldest_goes_first():
    cache, drawn = DrawnCache(2), []

    def draw(name):
        return lambda: drawn.append(name) or name.encode()

    assert cache.get("a", draw("a")) == b"a"
    assert cache.get("a", draw("a")) == b"a"
    cache.get("b", draw("b"))
    cache.get("c", draw("c"))          # "a" is the least recently used: it goes
    cache.get("a", draw("a"))
    assert drawn == ["a", "b", "c", "a"]


@pytest.mark.parametrize("kind", ["unfathomable", "eldritch"])
def test_a_change_off_the_picture_does_not_redraw_it(kind, monkeypatch):
    import importlib
    picture = importlib.import_module(f"bot.games.{kind}.picture")
    rules = rules_for(kind)
    state, _ = rules.new_game(["a", "b", "c"], 3)
    rng = random.Random(3)
    for _ in range(60):
        apply_random_move(rules, state, legal_moves(rules, state), rng)
    names = {p: p.upper() for p in state["players"]}
    drawn = []
    real = picture.render
    monkeypatch.setattr(picture, "render", lambda data: drawn.append(1) or real(data))
    monkeypatch.setattr(picture, "_drawn", DrawnCache(4))
    first = picture.table_picture(state, names, "en")
    hidden = dict(state, rng={"seed": 99, "counter": 0})   # nothing drawn depends on it
    assert picture.table_picture(hidden, names, "en") == first
    assert picture.table_picture(state, {**names, "a": "Someone else"}, "en") != first
    assert len(drawn) == 2
