"""`make play`'s entry point builds the real bot, a local server and SimCord's browser preview
offline (no token, no network), and a member of that table can open a game with Keeper players."""
from __future__ import annotations

import pytest

pytest.importorskip("aiohttp")  # the ``play`` extra (simcord[preview])
pytest.importorskip("markdown_it")


async def test_the_local_table_starts_serves_its_page_and_stops(tmp_path):
    import aiohttp

    from bot.play import local_table

    async with local_table(tmp_path, names=("Ann", "Bob")) as (env, channel, members, preview):
        assert preview.url.startswith("http://127.0.0.1:")
        assert [viewer.id for viewer in preview.viewers] == [m.id for m in members]
        async with aiohttp.ClientSession() as http:  # the page itself, on the loopback only
            async with http.get(preview.url.split("#")[0]) as response:
                assert response.status == 200
        await members[0].slash(channel, "game new", kind="unfathomable")
        lobby = channel.last_message
        await members[0].click(lobby, label="🤖 Add a Keeper player")
        await members[0].click(lobby, label="🤖 Add a Keeper player")
        await members[0].click(lobby, label="Start")
        game = await env.bot.service.last_game(channel.id)
        assert game.status == "active" and game.players.count(str(members[0].id)) == 1
    assert preview._closed
