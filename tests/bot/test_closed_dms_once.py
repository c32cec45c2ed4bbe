"""A member whose DMs are closed is told once a game that their private news waits in their panel
(rv19): each news DM refused added a line to the channel — 12 in a 4-player game of The Thing (22
in another) — and each refusal is an invalid request to Discord. Their news is not sent by DM
again until they look at their panel (they may have opened their DMs meanwhile)."""
from __future__ import annotations

import random

from tests.bot.helpers import close_dms, current_game, play_to_the_end


async def _closed_dms_at_the_table(env, monkeypatch):
    """Three members and one whose DMs are closed start The Thing; DMs tried are counted:
    (channel, members, the closed one, the user ids DMs were tried to)."""
    from bot import operations
    await env.bot.tree.sync()
    guild = env.create_guild()
    closed_user = env.create_user("closed")
    close_dms(env, closed_user)
    members = [guild.add_member(env.create_user(f"p{i}")) for i in range(3)]
    closed = guild.add_member(closed_user)
    channel = guild.create_text_channel("t")
    tried = []
    plain_send_dm = operations.send_dm

    async def counting(bot, user_id, *args, **kwargs):
        tried.append(user_id)
        return await plain_send_dm(bot, user_id, *args, **kwargs)
    monkeypatch.setattr(operations, "send_dm", counting)
    await members[0].slash(channel, "game new", kind="thing")
    lobby = channel.last_message
    for member in members[1:] + [closed]:
        await member.click(lobby, label="Join")
    await members[0].click(lobby, label="Start")
    await env.bot.publisher.idle()
    assert tried.count(closed.id) == 1, "the first news tried by DM, refused"
    return channel, members, closed, tried


async def test_closed_dms_are_told_once_a_game_and_not_tried_until_the_member_looks(simcord_env, monkeypatch):
    env = simcord_env
    channel, members, closed, tried = await _closed_dms_at_the_table(env, monkeypatch)
    await play_to_the_end(env, channel, members + [closed], random.Random(3))
    assert (await current_game(env, channel)).status == "finished"
    text = "\n".join(msg.content or "" for msg in channel.history())
    assert text.count(f"{closed.mention}: Keeper cannot DM you") == 1, text.count("Keeper cannot DM you")
    news = [row for row in await env.bot.service.news(( await current_game(env, channel)).id, closed.id)]
    assert news, "their news is kept for their panel"


async def test_closed_dms_are_told_once_a_game_across_a_restart(simcord_env, bot_settings, monkeypatch):
    """rv20 D5: the memory of the refused DM and of the line lived only in the process, so each
    restart (a daily deploy over a game of days) told them again and tried one more refused DM."""
    from bot.client import create_bot
    env = simcord_env
    channel, members, closed, tried = await _closed_dms_at_the_table(env, monkeypatch)
    await env.restart_bot(create_bot(bot_settings))
    game = await current_game(env, channel)
    saved = (game.channel_log or {}).get("dms", {})
    assert saved.get("closed") == [str(closed.id)] and saved.get("told") == [str(closed.id)], saved
    await play_to_the_end(env, channel, members + [closed], random.Random(3))
    game = await current_game(env, channel)
    assert game.status == "finished"
    text = "\n".join(msg.content or "" for msg in channel.history())
    assert text.count(f"{closed.mention}: Keeper cannot DM you") == 1, text.count("Keeper cannot DM you")
    assert tried.count(closed.id) > 1, "looking at their panel, their news was tried by DM again"
