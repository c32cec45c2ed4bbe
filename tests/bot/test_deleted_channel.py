"""A game whose channel was deleted (issue 19, defect 6): it is paused, not played on forever by
deadline defaults; the admins are told which game and how to go on; nothing is lost, and
`/gm resume` continues it in another channel. Another game of the same server plays on."""
from __future__ import annotations

from datetime import timedelta

from bot.db import utcnow
from tests.bot.helpers import (click_label, fixed, guild_with_deadlines, log_size, new_game, open_panel, panel_of,
                               table_message)
from tests.bot.test_sound_floor import contents


async def actions(env, game_id: int) -> int:
    return len(await env.bot.service.actions(game_id))


async def two_games_with_a_system_channel(env):
    """A guild with 10-minute deadlines, a system channel and two running games: (guild, admin,
    (channel, members, game) of each)."""
    guild, admin = await guild_with_deadlines(env)
    system = guild.create_text_channel("general")
    env.backend.edit_guild(guild.id, {"system_channel_id": system.id})
    _, doomed, m = await new_game(env, 4, setup=fixed, guild=guild)
    _, other, o = await new_game(env, 4, setup=fixed, guild=guild)
    first = await env.bot.service.live_game(doomed.id)
    second = await env.bot.service.live_game(other.id)
    return guild, admin, system, (doomed, m, first), (other, o, second)


async def test_a_deleted_channel_pauses_its_game_tells_the_admins_and_resume_continues_it(simcord_env):
    env = simcord_env
    guild, admin, system, (doomed, m, game), (other, o, second) = await two_games_with_a_system_channel(env)
    played = await actions(env, game.id)  # the draw made by itself at the start

    env.backend.delete_channel(doomed.id)
    await env.settle()
    paused = await env.bot.service.get(game.id)
    assert paused.status == "paused" and paused.deadline is None and paused.reminder_at is None

    # the admins hear which game paused and how to go on: the system channel, and the creator by DM
    told = system.last_message.content
    assert f"number {game.id}" in told and "#the-thing" in told and f"`/gm resume` game: {game.id}" in told
    assert "player0" in told and "<@" not in told  # names, no pings
    assert f"`/gm resume` game: {game.id}" in m[0].user.dm_channel.last_message.content

    # the deadlines pass: nobody is played for in the paused game; the other game is unaffected
    await env.bot.get_cog("DeadlineCog").check(utcnow() + timedelta(minutes=11))
    assert await actions(env, game.id) == played
    assert await log_size(env, other) == 2  # the draw made by itself, then the default
    assert (await env.bot.service.get(second.id)).status == "active"

    # an admin continues it in another channel: seats, hands and log as they were
    new_home = guild.create_text_channel("continued")
    reply = panel_of(await admin.slash(new_home, "gm resume"))
    assert f"Game {game.id} continues" in reply.content
    resumed = await env.bot.service.get(game.id)
    assert resumed.status == "active" and resumed.channel_id == new_home.id and resumed.deadline is not None
    assert resumed.state == paused.state
    assert any("moved this game here" in line for line in contents(new_home))
    assert table_message(new_home) is not None
    await click_label(m[0], await open_panel(m[0], new_home), "Discard Whisky")
    assert await actions(env, game.id) == played + 1
    assert any("discards" in line for line in contents(new_home))


async def test_unknown_channel_on_delivery_pauses_the_game_and_its_lines_wait_for_the_resume(simcord_env):
    env = simcord_env
    guild, admin, system, (doomed, m, game), (other, o, second) = await two_games_with_a_system_channel(env)
    # the gateway's delete event was missed (another process, a restart): Discord answers 404
    env.inject_error("*", f"/channels/{doomed.id}/messages*", status=404, code=10003,
                     message="Unknown Channel", times=None)
    await click_label(m[0], await open_panel(m[0], doomed), "Discard Whisky")
    await env.bot.publisher.idle()
    paused = await env.bot.service.get(game.id)
    assert paused.status == "paused"
    assert f"`/gm resume` game: {game.id}" in system.last_message.content
    waiting = await env.bot.service.pending_outbox(game.id)
    assert waiting >= 1  # the move's lines are kept, not given up
    # the outbox loop leaves them alone while the game is paused, and the other game plays on
    await env.bot.publisher.deliver_due(now=utcnow() + timedelta(hours=1))
    assert await env.bot.service.pending_outbox(game.id) == waiting
    await env.bot.get_cog("DeadlineCog").check(utcnow() + timedelta(minutes=11))
    assert await log_size(env, other) == 2

    new_home = guild.create_text_channel("continued")
    assert f"Game {game.id} continues" in panel_of(await admin.slash(new_home, "gm resume", game=game.id)).content
    await env.bot.publisher.idle()
    assert await env.bot.service.pending_outbox(game.id) == 0
    assert any("discards" in line for line in contents(new_home))  # the move made before the pause


async def test_resume_refuses_a_game_that_is_not_paused_and_a_busy_channel(simcord_env):
    env = simcord_env
    guild, admin, system, (doomed, m, game), (other, o, second) = await two_games_with_a_system_channel(env)
    refused = panel_of(await admin.slash(other, "gm resume"))
    assert "No game of this server is paused" in refused.content
    env.backend.delete_channel(doomed.id)
    await env.settle()
    busy = panel_of(await admin.slash(other, "gm resume", game=game.id))  # the other game lives there
    assert "already has a game" in busy.content
    assert (await env.bot.service.get(game.id)).status == "paused"
    player = panel_of(await o[0].slash(guild.create_text_channel("x"), "gm resume", game=game.id))
    assert "Only server admins" in player.content



async def test_a_dm_click_on_a_paused_game_says_it_is_paused_and_how_it_goes_on(simcord_env, monkeypatch):
    import bot.service
    from tests.bot.test_dm_decisions import Every, dm_controls
    monkeypatch.setattr(bot.service, "dm_prompt_kinds", lambda kind: Every({"*"}))  # decisions by DM
    env = simcord_env
    guild, admin, system, (doomed, m, game), _ = await two_games_with_a_system_channel(env)
    prompt = env.bot.service.prompts(game)[0]
    member = next(x for x in m if str(x.id) == prompt["player"])
    message, item = dm_controls(member, game.epoch, prompt["id"])[0]
    env.backend.delete_channel(doomed.id)
    await env.settle()
    reply = panel_of(await member.user.click(message, custom_id=item.custom_id))
    assert f"Game {game.id} is paused" in reply.content and f"`/gm resume` game: {game.id}" in reply.content
    assert (await env.bot.service.get(game.id)).status == "paused"


def notices(channel, game_id: int) -> list[str]:
    """The paused-game notices of ``game_id`` among a channel's messages."""
    return [m.content for m in channel.history() if f"`/gm resume` game: {game_id}" in (m.content or "")]


async def test_the_paused_notice_survives_a_crash_right_after_the_pause_and_arrives_once(
        simcord_env, bot_settings):
    from bot.client import create_bot

    env = simcord_env
    guild, admin, system, (doomed, m, game), _ = await two_games_with_a_system_channel(env)
    creator_dm = m[0].user  # the lobby's creator
    # the pause is committed, then the process dies before it told anyone
    assert (await env.bot.service.pause_for_lost_channel(doomed.id, "the-thing")).id == game.id
    env.backend.delete_channel(doomed.id)
    await env.restart_bot(create_bot(bot_settings))
    assert notices(system, game.id) == []
    # the row was claimed by the dead process: the next process delivers it once that claim lapses
    await env.bot.publisher.deliver_due(now=utcnow() + timedelta(minutes=2))
    await env.bot.publisher.deliver_due(now=utcnow() + timedelta(minutes=4))
    told = notices(system, game.id)
    assert len(told) == 1 and "#the-thing" in told[0] and "<@" not in told[0]
    assert len(notices(creator_dm.dm_channel, game.id)) == 1
    assert (await env.bot.service.get(game.id)).status == "paused"


async def test_a_rate_limited_paused_notice_is_retried_and_arrives_once(simcord_env):
    env = simcord_env
    guild, admin, system, (doomed, m, game), _ = await two_games_with_a_system_channel(env)
    env.inject_error("POST", f"/channels/{system.id}/messages", status=429, code=0,
                     message="You are being rate limited.", times=None)
    env.backend.delete_channel(doomed.id)
    await env.settle()
    await env.bot.publisher.idle()
    assert (await env.bot.service.get(game.id)).status == "paused"
    assert notices(system, game.id) == []
    assert len(notices(m[0].user.dm_channel, game.id)) == 1  # the DM was not held by the channel's 429
    env.backend.faults.clear()
    await env.bot.publisher.deliver_due(now=utcnow() + timedelta(hours=1))
    await env.bot.publisher.deliver_due(now=utcnow() + timedelta(hours=2))
    assert len(notices(system, game.id)) == 1
    assert len(notices(m[0].user.dm_channel, game.id)) == 1
    assert await env.bot.service.pending_outbox(game.id) == 0


async def test_a_paused_notice_of_a_game_resumed_meanwhile_is_not_sent(simcord_env):
    env = simcord_env
    guild, admin, system, (doomed, m, game), _ = await two_games_with_a_system_channel(env)
    await env.bot.service.pause_for_lost_channel(doomed.id, "the-thing")  # nothing delivered yet
    env.backend.delete_channel(doomed.id)
    await env.settle()
    new_home = guild.create_text_channel("continued")
    assert f"Game {game.id} continues" in panel_of(await admin.slash(new_home, "gm resume")).content
    await env.bot.publisher.deliver_due(now=utcnow() + timedelta(minutes=2))
    assert notices(system, game.id) == []  # it would say a running game is paused
    assert await env.bot.service.pending_outbox(game.id) == 0
