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


def test_a_text_rendered_once_draws_the_same_pixels_as_pillow_draws_it():
    """The pictures' words go through a cache of rendered glyphs (picture_kit.draw_text): at
    fractional positions, every anchor, Latin, Cyrillic and a name with an emoji left out, a
    second drawing from the cache puts exactly the pixels ImageDraw.text puts."""
    from PIL import Image, ImageDraw

    from bot.games.picture_kit import draw_text, _text_mask, drawable, font

    texts = [((10.5, 12.25), "Прадавній жах", 18, False, "la"), ((200.75, 40.5), "Doom 12", 14, True, "mm"),
             ((120, 90.9), drawable("Zoë 🎲 Їжак", font(16)), 16, False, "rs"), ((60.2, 70), "Ктилла", 22, True, "lb")]
    fills = [(242, 243, 245), (255, 200, 60), (20, 20, 24), (164, 170, 182)]
    _text_mask.cache_clear()
    for _ in range(2):  # the second pass draws from the cache only
        ours, pillows = Image.new("RGB", (320, 120), (23, 25, 29)), Image.new("RGB", (320, 120), (23, 25, 29))
        for (xy, text, size, bold, anchor), fill in zip(texts, fills):
            draw_text(ImageDraw.Draw(ours), xy, text, font(size, bold), fill, anchor)
            ImageDraw.Draw(pillows).text(xy, text, font=font(size, bold), fill=fill, anchor=anchor)
        assert ours.tobytes() == pillows.tobytes()
        assert ours.getbbox() is not None and ours.getcolors(4096)[0][0] < 320 * 120  # words were drawn
    assert _text_mask.cache_info().hits == len(texts)


@pytest.mark.parametrize("mode, text", [("RGB", "Doom\n12"), ("P", "Ктилла"), ("1", "Doom 12")])
def test_a_text_pillow_draws_its_own_way_is_drawn_as_pillow_draws_it(mode, text):
    """picture_kit.draw_text stands for ImageDraw.text for any caller: a text of several lines
    (Pillow lays each line out) and a palette or bilevel image (Pillow renders the glyphs
    without grey levels there) come out as Pillow draws them, not as one cached grey mask."""
    from PIL import Image, ImageDraw

    from bot.games.picture_kit import draw_text, font

    fill = {"RGB": (242, 243, 245), "P": 5, "1": 1}[mode]
    ours, pillows = Image.new(mode, (160, 80)), Image.new(mode, (160, 80))
    draw_text(ImageDraw.Draw(ours), (10.5, 8.25), text, font(18), fill, "la")
    ImageDraw.Draw(pillows).text((10.5, 8.25), text, font=font(18), fill=fill, anchor="la")
    assert pillows.getbbox() is not None  # words were drawn
    assert ours.tobytes() == pillows.tobytes()
