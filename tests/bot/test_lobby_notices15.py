"""Two texts every game shows, read by a newcomer (play-through nft15): the lobby's options menu
titled «Усложнённые правила» over options that are no harder rules («С культистом», «Первая
партия», «Легче для людей»), and «🔔 Окно ответа закрыто.», a "window" nobody explains."""
from __future__ import annotations

import pytest

from bot.publisher import notice_line
from tests.bot.helpers import lobby_option_id, seat_table

PLACEHOLDERS = {"en": "Game options (host or admin)", "uk": "Параметри гри (організатор або адмін)",
                "ru": "Параметры игры (организатор или админ)"}


@pytest.mark.parametrize("kind", ["thing", "unfathomable", "eldritch"])
@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
async def test_the_lobby_options_menu_says_game_options_for_every_game(simcord_env, lang, kind):
    """The options are a variant and difficulty settings (001 appendices I/II), not advanced rules;
    the menu is the same for all three games."""
    channel, members, lobby = await seat_table(simcord_env, lang, kind, ["Олена", "Богдан"])
    menu = next(item for row in lobby.components for item in row.children
                if getattr(item, "custom_id", None) == lobby_option_id(lobby))
    assert menu.placeholder == PLACEHOLDERS[lang]


@pytest.mark.parametrize("lang, line", [
    ("uk", "🔔 Час на відповідь минув."), ("ru", "🔔 Время на ответ вышло."), ("en", "🔔 The time to answer is up."),
])
def test_the_end_of_a_response_window_is_told_in_plain_words(lang, line):
    """«🔔 Окно ответа закрыто.» (5 times at the ru table): the time to answer ran out."""
    assert notice_line(lang, {"key": "window.closed"}) == line
