"""Three faults at the lobby and Play again (fx20): Play again pinged members who had left the
server; a lobby post Discord created though its answer was lost stood orphaned beside a second
one; a /game new racing the lobby's Start said the channel "already has a lobby". Each failed
before. The real bot offline (SimCord)."""
from __future__ import annotations

import types

import aiohttp
import discord

from bot import operations
from tests.bot.helpers import all_text, current_game, fixed, open_lobby, panel_of
from tests.bot.test_play_again import AGAIN, final_table, finished_game


def lobby_posts(channel, game_id: int) -> list:
    """The channel's messages carrying this lobby's buttons."""
    prefix = f"keeper:lobby:{game_id}:"
    return [m for m in channel.history()
            if any((getattr(c, "custom_id", None) or "").startswith(prefix) for row in m.components for c in row.children)]


async def test_play_again_neither_names_nor_pings_a_member_who_left_the_server(simcord_env):
    env = simcord_env
    guild, channel, members, ended = await finished_game(env)
    guild.remove_member(members[3])   # gone since the game ended
    reply = panel_of(await members[0].click(final_table(channel), label=AGAIN))
    assert "The next game's lobby is open below" in all_text(reply), all_text(reply)
    opened = channel.last_message
    assert f"<@{members[3].id}>" not in opened.content, opened.content
    assert f"<@{members[1].id}>, <@{members[2].id}>, press **Join**" in opened.content, opened.content
    assert set(env.backend.get_message(channel.id, opened.id).ping_user_ids) == {members[1].id, members[2].id}
    lobby_game = await env.bot.service.live_game(channel.id)
    assert lobby_game.players == [str(members[0].id)]


async def test_play_again_with_every_other_member_gone_opens_without_naming_anyone(simcord_env):
    env = simcord_env
    guild, channel, members, ended = await finished_game(env)
    for member in members[1:]:
        guild.remove_member(member)
    await members[0].click(final_table(channel), label=AGAIN)
    opened = channel.last_message
    assert opened.content == f"🔁 <@{members[0].id}> opens the next game of The Thing.", opened.content
    assert not env.backend.get_message(channel.id, opened.id).ping_user_ids


def lost_answers(monkeypatch, times: int):
    """operations.send as Discord with its answer lost: the first ``times`` posts are created,
    then fail as a 503 would; a post under a nonce already used hands back the message it
    created (enforce_nonce), as Discord does. Returns the nonces sent."""
    plain_send = operations.send
    created: dict[str, discord.Message] = {}
    nonces: list = []

    async def send(target, attempts=0, **kwargs):
        nonce = kwargs.get("nonce")
        nonces.append(nonce)
        if nonce is not None and nonce in created:
            return created[nonce]
        message = await plain_send(target, **kwargs)
        if nonce is not None:
            created[nonce] = message
        if len(nonces) <= times:
            lost = discord.DiscordServerError(types.SimpleNamespace(status=503, reason="Service Unavailable"),
                                              "upstream connect error")
            raise operations.classify(lost, attempts) from lost
        return message
    monkeypatch.setattr(operations, "send", send)
    monkeypatch.setattr(operations, "POST_WAIT_SECONDS", 0.0, raising=False)
    return nonces


async def test_a_lobby_post_whose_answer_was_lost_is_posted_once_and_opens(simcord_env, monkeypatch):
    """Discord created the lobby's message, then answered 503: the lobby was discarded and its
    message stayed with Join buttons that only refused, and the member was told none was opened.
    Posted again under the same nonce, Discord's own message is the lobby's."""
    env = simcord_env
    _, channel, members, ended = await finished_game(env)
    nonces = lost_answers(monkeypatch, times=1)
    reply = panel_of(await members[0].click(final_table(channel), label=AGAIN))
    assert "The next game's lobby is open below" in all_text(reply), all_text(reply)
    lobby_game = await env.bot.service.live_game(channel.id)
    assert lobby_game is not None and lobby_game.status == "lobby"
    posts = lobby_posts(channel, lobby_game.id)
    assert [m.id for m in posts] == [lobby_game.lobby_message_id], [m.content for m in posts]
    assert len(nonces) == 2 and nonces[0] == nonces[1] is not None
    assert not nonces[0].startswith("k"), "never a live table's nonce"
    # the lobby works: another member joins with its button
    await members[1].click(posts[0], label="Join")
    assert (await env.bot.service.live_game(channel.id)).players == [str(members[0].id), str(members[1].id)]


async def test_a_lobby_post_lost_every_time_leaves_no_orphan_message(simcord_env, monkeypatch):
    env = simcord_env
    _, channel, members, ended = await finished_game(env)
    lost_answers(monkeypatch, times=getattr(operations, "POST_TRIES", 3))
    monkeypatch.setattr(operations, "send", _unique_nonces(operations.send))   # each try a new message
    before = len(list(channel.history()))
    reply = panel_of(await members[0].click(final_table(channel), label=AGAIN))
    assert "could not post the next game's lobby" in all_text(reply), all_text(reply)
    assert await env.bot.service.live_game(channel.id) is None
    assert len(list(channel.history())) == before, [m.content for m in channel.history()][:3]


def _unique_nonces(send):
    """Each try posts a message of its own (Discord's nonce window passed): the worst case for
    the messages left behind."""
    count = [0]

    async def unique(target, attempts=0, **kwargs):
        count[0] += 1
        if kwargs.get("nonce") is not None:
            kwargs["nonce"] = f"{kwargs['nonce']}.{count[0]}"
        return await send(target, attempts=attempts, **kwargs)
    return unique


async def test_a_refused_lobby_post_is_not_tried_again(simcord_env, monkeypatch):
    """A 403 creates nothing: one try, and the member is told at once."""
    env = simcord_env
    _, channel, members, ended = await finished_game(env)
    tries = []

    async def refused(target, attempts=0, **kwargs):
        tries.append(kwargs.get("nonce"))
        raise operations.Retry("forbidden (50013)", 60.0)
    monkeypatch.setattr(operations, "send", refused)
    reply = panel_of(await members[0].click(final_table(channel), label=AGAIN))
    assert "could not post the next game's lobby" in all_text(reply)
    assert len(tries) == 1


def test_a_lost_answer_is_unsure_a_refusal_is_not():
    server = discord.DiscordServerError(types.SimpleNamespace(status=502, reason="Bad Gateway"), "x")
    forbidden = discord.Forbidden(types.SimpleNamespace(status=403, reason="Forbidden"), "x")
    assert operations.classify(server).unsure and operations.classify(aiohttp.ServerDisconnectedError()).unsure
    assert not operations.classify(forbidden).unsure


async def start_in_the_same_instant(env, monkeypatch, channel):
    """/game new reads the channel's lobby; the lobby's Start lands right after that read."""
    service = env.bot.service
    real = service.live_game

    async def racing(channel_id):
        game = await real(channel_id)
        monkeypatch.setattr(service, "live_game", real)
        if game is not None and game.status == "lobby":
            await service.start(game.id)
        return game
    monkeypatch.setattr(service, "live_game", racing)


async def test_game_new_racing_the_start_says_a_game_is_being_played(simcord_env, monkeypatch):
    env = simcord_env
    guild, channel, members, lobby = await open_lobby(env, "thing", 4, channel_name="race")
    game = await env.bot.service.live_game(channel.id)
    await env.bot.service.set_setup(game.id, fixed(members))
    newcomer = guild.add_member(env.create_user("newcomer"))
    await start_in_the_same_instant(env, monkeypatch, channel)
    refused = all_text(panel_of(await newcomer.slash(channel, "game new", kind="thing")))
    assert "This channel already has a game." in refused and "lobby" not in refused, refused
    assert (await current_game(env, channel)).status == "active"


async def test_game_new_by_a_lobby_member_racing_the_start_says_a_game_is_being_played(simcord_env, monkeypatch):
    env = simcord_env
    guild, channel, members, lobby = await open_lobby(env, "thing", 4, channel_name="race-member")
    game = await env.bot.service.live_game(channel.id)
    await env.bot.service.set_setup(game.id, fixed(members))
    await start_in_the_same_instant(env, monkeypatch, channel)
    refused = all_text(panel_of(await members[1].slash(channel, "game new", kind="thing")))
    assert "This channel already has a game." in refused and "lobby" not in refused, refused


async def test_game_new_racing_an_abort_opens_the_new_lobby(simcord_env, monkeypatch):
    """The lobby was called off in the same instant: the channel is free, and the new lobby opens
    (it said the channel "already has a lobby")."""
    env = simcord_env
    guild, channel, members, lobby = await open_lobby(env, "thing", 4, channel_name="race-abort")
    service = env.bot.service
    real = service.live_game
    newcomer = guild.add_member(env.create_user("newcomer"))

    async def racing(channel_id):
        game = await real(channel_id)
        monkeypatch.setattr(service, "live_game", real)
        await service.abort(game.id)
        return game
    monkeypatch.setattr(service, "live_game", racing)
    await newcomer.slash(channel, "game new", kind="unfathomable")
    opened = await real(channel.id)
    assert opened is not None and opened.kind == "unfathomable" and opened.players == [str(newcomer.id)]
