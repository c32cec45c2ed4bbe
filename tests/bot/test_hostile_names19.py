"""Names are kept escaped for markdown (bot.service.safe_name) so a nickname never formats or
pings; where Discord renders no markdown — an embed's footer, the table picture — the escapes
showed as they are: «snake\\_case\\*bob» (rv19). They go there, as on buttons."""
from __future__ import annotations

import pytest

from bot.service import safe_name
from engine.registry import rules_for
from tests.bot.random_play import first_reached

NICK = "snake_case*bob"


def test_the_things_panel_footer_shows_a_name_without_its_escapes():
    from bot.games.thing import render
    rules, players = rules_for("thing"), ["1", "2", "3", "4"]
    state, prompt = first_reached(rules, range(1, 30), players,
                                  lambda s: next((p for p in rules.prompts(s) if p["kind"] == "offer"), None))
    names = {pid: safe_name(f"{NICK}{pid}") for pid in players}
    footer = render.panel_embed(state, prompt["player"], names, "en", []).footer.text
    assert "snake_case*bob" in footer and "\\" not in footer, footer


@pytest.mark.parametrize("kind", ["thing", "unfathomable", "eldritch"])
async def test_the_table_picture_is_drawn_with_names_without_their_escapes(kind, monkeypatch):
    import bot.pictures
    drawn = {}

    def draw(kind, state, names, lang):
        drawn.update(names)
        return b""
    monkeypatch.setattr(bot.pictures, "draw", draw)
    drawer = bot.pictures.PictureDrawer()
    await drawer.draw(kind, {}, {"1": safe_name(NICK)}, "en")
    assert drawn == {"1": NICK}


def test_direction_overrides_and_invisible_characters_leave_a_name():
    """rv19: U+202E in a nickname turned the rest of its embed line, button or menu option around."""
    assert safe_name("\u202eevil\u2066 name\u200b") == "evil name"
    assert safe_name("\u200b\u202e") == "?"   # nothing visible left: still a name to show
    family = "👨\u200d👩\u200d👧"
    assert safe_name(family) == family, "zero-width joiners stay: emoji sequences need them"
