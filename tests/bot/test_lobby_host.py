"""A lobby never waits for someone gone: when its host (the member who opened it, the one who may
start it besides an admin) leaves, the member who joined first after them hosts it, and the
channel is told; when the last member leaves, the lobby closes and the channel is free (a lobby of
Keeper players alone plays for nobody). Before, only an admin could start or call off a lobby its
creator had left, and an empty lobby held the channel until an admin reset it."""
from __future__ import annotations

from tests.bot.helpers import all_text, current_game, open_lobby, panel_of


def now(channel, message):
    """The lobby message as the channel shows it now (after the bot's edits)."""
    return next(m for m in channel.history() if m.id == message.id)


async def test_the_host_leaving_hands_the_lobby_to_the_next_member_who_may_start_it(simcord_env):
    env = simcord_env
    _, channel, m, lobby = await open_lobby(env, "thing", 4)
    players = all_text(now(channel, lobby))
    assert f"<@{m[0].id}> (host)" in players and f"<@{m[1].id}> (host)" not in players
    await m[0].click(lobby, label="Leave")
    game = await current_game(env, channel)
    assert game.creator_id == m[1].id and str(m[0].id) not in game.players
    told = [msg for msg in channel.history() if "now hosts the lobby" in (msg.content or "")]
    assert told and f"<@{m[1].id}>" in told[0].content, [msg.content for msg in channel.history()]
    pinged = env.backend.get_message(channel.id, told[0].id).ping_user_ids
    assert list(pinged) == [m[1].id], "the new host is pinged: the start is theirs now"
    assert f"<@{m[1].id}> (host)" in all_text(now(channel, lobby))
    refused = await m[2].click(lobby, label="Start")
    assert "Only the game's host" in panel_of(refused).content
    await m[3].click(lobby, label="Leave")   # a member who is not the host leaving changes no host
    assert (await current_game(env, channel)).creator_id == m[1].id
    await m[0].click(lobby, label="Join")    # the old host back is a player like any other
    await m[3].click(lobby, label="Join")
    started = await m[1].click(lobby, label="Start")
    game = await current_game(env, channel)
    assert game.status == "active", all_text(panel_of(started))


async def test_the_last_member_leaving_closes_the_lobby_and_frees_the_channel(simcord_env):
    env = simcord_env
    _, channel, m, lobby = await open_lobby(env, "thing", 2)
    await m[0].click(lobby, label="🤖 Add a Keeper player")
    await m[0].click(lobby, label="Leave")
    await m[1].click(lobby, label="Leave")
    game = await current_game(env, channel)
    assert game.status == "aborted"
    assert any("Everyone has left the lobby" in (msg.content or "") for msg in channel.history())
    assert "No game in this channel" in (await m[1].slash(channel, "game status")).response.content
    await m[1].slash(channel, "game new", kind="thing")   # the channel takes a new game at once
    assert (await current_game(env, channel)).status == "lobby"


async def test_game_new_beside_an_open_lobby_sends_the_member_to_it(simcord_env):
    """A /game new in a channel with an open lobby said "This channel already has a game. Finish
    it, or ask an admin to /gm reset" — untrue of a lobby, which one click joins."""
    env = simcord_env
    _, channel, m, lobby = await open_lobby(env, "thing", 2)
    newcomer = channel.guild.add_member(env.create_user("late"))
    refused = panel_of(await newcomer.slash(channel, "game new", kind="thing")).content
    assert "already has a lobby for The Thing: press **Join** under it" in refused, refused
    assert (await current_game(env, channel)).status == "lobby"


async def test_a_lobby_untouched_for_12_hours_gives_way_to_a_new_game(simcord_env):
    """A lobby forgotten in a channel held it until an admin reset it; now a /game new after 12
    hours without a change closes it (told in the channel, its buttons gone) and opens the new one."""
    from datetime import timedelta

    from sqlalchemy import update

    from bot.db import Game, utcnow
    env = simcord_env
    _, channel, m, lobby = await open_lobby(env, "thing", 2)
    old = await current_game(env, channel)
    async with env.bot.service.sessions() as session:
        await session.exec(update(Game).where(Game.id == old.id).values(updated_at=utcnow() - timedelta(hours=13)))
        await session.commit()
    newcomer = channel.guild.add_member(env.create_user("late"))
    await newcomer.slash(channel, "game new", kind="unfathomable")
    game = await current_game(env, channel)
    assert game.id != old.id and game.kind == "unfathomable" and game.status == "lobby"
    assert (await env.bot.service.get(old.id)).status == "aborted"
    assert any("Nobody had touched this lobby for 12 hours" in (msg.content or "") for msg in channel.history())
    assert not now(channel, lobby).components, "the old lobby's buttons are gone"


async def test_after_a_host_change_the_game_opens_its_table_at_the_bottom_and_pings_the_first_player(simcord_env):
    """rv19b: the new host's line opened the channel log's message in the lobby, and the start
    then edited the game's table into that old message (above the chat since) without a ping."""
    env = simcord_env
    _, channel, m, lobby = await open_lobby(env, "thing", 5)
    await m[0].click(lobby, label="Leave")
    host_line = next(msg for msg in channel.history() if "now hosts the lobby" in (msg.content or ""))
    await m[1].click(lobby, label="Start")
    await env.bot.publisher.idle()
    game = await current_game(env, channel)
    assert game.status == "active" and game.table_message_id != host_line.id
    table = env.backend.get_message(channel.id, game.table_message_id)
    assert table.id == channel.last_message.id, "the table is the channel's last message"
    first = game.state["turn"]["player"] if "turn" in game.state else None
    assert table.ping_user_ids, "the game's first message pings whom it waits for"
    assert first is None or int(first) in table.ping_user_ids


async def test_game_new_by_a_member_already_in_the_lobby_says_so(simcord_env):
    env = simcord_env
    _, channel, m, lobby = await open_lobby(env, "thing", 2)
    refused = panel_of(await m[1].slash(channel, "game new", kind="thing")).content
    assert "You are already in this channel's lobby for The Thing" in refused, refused


async def test_game_status_in_a_lobby_names_its_host(simcord_env):
    """`/game status` listed a lobby's members without saying whose Start it is."""
    env = simcord_env
    _, channel, m, lobby = await open_lobby(env, "thing", 2)
    status = (await m[1].slash(channel, "game status")).response.content
    assert f"<@{m[0].id}> (host), <@{m[1].id}>" in status, status
