"""The lobby offers every game with a Discord face (The Thing, Unfathomable), never an engine
without one, and holds each to its own player counts."""
from __future__ import annotations

import pytest

from tests.toy import install, uninstall
from tests.bot.helpers import current_game, panel_of, table_message


@pytest.fixture
def faceless_engine():
    """An engine registered without a renderer (as a game is while its Discord face is built)."""
    install("FACELESS")
    yield "faceless"
    uninstall()


async def test_the_lobby_offers_unfathomable_for_three_to_six(simcord_env, faceless_engine):
    env = simcord_env
    await env.bot.tree.sync()
    guild = env.create_guild()
    channel = guild.create_text_channel("ship")
    members = [guild.add_member(env.create_user(f"sailor{i}")) for i in range(7)]
    offered = [c["value"] for c in await members[0].autocomplete(channel, "game new", "kind", "")]
    assert "thing" in offered and "unfathomable" in offered and faceless_engine not in offered
    assert [c["value"] for c in await members[0].autocomplete(channel, "game new", "kind", "unfath")] == ["unfathomable"]
    refused = panel_of(await members[0].slash(channel, "game new", kind=faceless_engine))
    assert "Unknown game" in refused.content and await current_game(env, channel) is None

    await members[0].slash(channel, "game new", kind="unfathomable")
    lobby = channel.last_message
    assert "Unfathomable" in lobby.embeds[0].title and "3" in lobby.embeds[0].description
    assert "6" in lobby.embeds[0].description
    await members[1].click(lobby, label="Join")
    too_few = panel_of(await members[0].slash(channel, "game start"))
    assert "3" in too_few.content and (await current_game(env, channel)).status == "lobby"
    for member in members[2:6]:
        await member.click(lobby, label="Join")
    full = await members[6].click(lobby, label="Join")  # a seventh is refused
    assert "full" in panel_of(full).content
    await members[0].click(lobby, label="Start")
    game = await current_game(env, channel)
    assert game.kind == "unfathomable" and game.status == "active" and len(game.players) == 6
    assert table_message(channel) is not None
