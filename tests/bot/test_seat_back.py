"""A member an admin removed from a running game can have their own seat back: `/gm replace`
naming them as both `old` and `new` (nf11: the removed member's message named no way back)."""
from __future__ import annotations

from bot.i18n import t
from tests.bot.helpers import open_panel, panel_of, seat_table


async def _started(env):
    channel, (ann, bob), lobby = await seat_table(env, "en", "thing", ["Ann", "Bob"], keepers=2)
    await ann.click(lobby, label=t("en", "lobby.start"))
    return channel, ann, bob


async def test_a_removed_member_is_told_the_way_back_and_gets_their_seat_again(simcord_env):
    env = simcord_env
    channel, ann, bob = await _started(env)
    service = env.bot.service
    await ann.slash(channel, "gm kick", member=bob)
    game = await service.live_game(channel.id)
    assert str(bob.id) in game.autopilot
    hand = game.state["hands"][str(bob.id)]
    refused = await open_panel(bob, channel)
    assert "removed you" in refused.content and "`/gm replace`" in refused.content, refused.content

    before = {m.id for m in channel.history()}
    reply = panel_of(await ann.slash(channel, "gm replace", old=bob, new=bob))
    assert "plays their seat again" in reply.content, reply.content
    game = await service.live_game(channel.id)
    assert str(bob.id) not in game.autopilot and str(bob.id) in game.players
    assert game.state["hands"][str(bob.id)] == hand   # nothing of the seat moved
    # the table says so in a new message that pings them (an edit never pings)
    said = [m for m in channel.history() if m.id not in before and "plays their seat again" in (m.content or "")]
    assert said, [m.content for m in channel.history()][-3:]
    assert bob.id in env.backend.get_message(channel.id, said[-1].id).ping_user_ids
    panel = await open_panel(bob, channel)   # their hand and decisions are theirs again
    assert "removed you" not in (panel.content or "") and panel.embeds


async def test_a_member_still_playing_cannot_be_seated_again(simcord_env):
    env = simcord_env
    channel, ann, bob = await _started(env)
    reply = panel_of(await ann.slash(channel, "gm replace", old=bob, new=bob))
    assert reply.content == t("en", "errors.already_joined"), reply.content
    assert str(bob.id) not in (await env.bot.service.live_game(channel.id)).autopilot
