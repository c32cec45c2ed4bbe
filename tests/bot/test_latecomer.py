"""A member who comes to a running table with Keeper players and presses its act button is told
how to sit down (an admin's `/gm replace`), not only that they are not playing; at a table of
members alone the plain refusal stands."""
from __future__ import annotations

from bot.i18n import t
from tests.bot.helpers import all_text, panel_of, seat_table, table_message


async def _press_act(env, channel, member):
    table = table_message(channel)
    button = next(item for row in table.components for item in row.children
                  if getattr(item, "custom_id", "").startswith("keeper:hand:"))
    return panel_of(await member.click(table, custom_id=button.custom_id))


async def test_a_latecomer_at_a_table_with_keeper_players_is_told_how_to_take_a_seat(simcord_env):
    env = simcord_env
    channel, members, lobby = await seat_table(env, "en", "thing", ["Ann", "Bob"], keepers=2)
    await members[0].click(lobby, label=t("en", "lobby.start"))
    latecomer = channel.guild.add_member(env.create_user("Late"))
    reply = await _press_act(env, channel, latecomer)
    assert reply.ephemeral and "`/game join`" in all_text(reply) and "You are not playing" in all_text(reply)
    # the way to sit down is a click on the refusal itself: a button per Keeper player's seat
    labels = [c["label"] for row in reply.components for c in row["components"]]
    assert labels == ["🪑 Take the seat of 🤖 Keeper 2", "🪑 Take the seat of 🤖 Keeper 1"]


async def test_at_a_table_of_members_alone_the_refusal_is_plain(simcord_env):
    env = simcord_env
    channel, members, lobby = await seat_table(env, "ru", "thing", ["Ann", "Bob", "Cid", "Dan"])
    await members[0].click(lobby, label=t("ru", "lobby.start"))
    latecomer = channel.guild.add_member(env.create_user("Late"))
    reply = await _press_act(env, channel, latecomer)
    assert all_text(reply).strip() == t("en", "errors.not_a_player")  # the member's own language: en


async def test_a_seat_taken_whose_panel_then_fails_says_the_seat_is_theirs(simcord_env, monkeypatch):
    """rv19: the seat was taken (saved), then the panel's reply failed, and the latecomer read
    "Something went wrong on Keeper's side; nothing was changed" although the seat was theirs."""
    import sys

    import discord

    from bot.i18n import t
    from tests.bot.helpers import panel_of, seat_table
    env = simcord_env
    channel, members, lobby = await seat_table(env, "en", "thing", ["Ann", "Bob"], keepers=2)
    await members[0].click(lobby, label=t("en", "lobby.start"))
    late = channel.guild.add_member(env.create_user("Late"))
    play = sys.modules["cogs.play"]

    async def broken_panel(*args, **kwargs):
        raise discord.HTTPException(type("Response", (), {"status": 500, "reason": "boom"})(), "reply failed")
    monkeypatch.setattr(play, "show_panel", broken_panel)
    reply = panel_of(await late.slash(channel, "game join")).content
    assert str(late.id) in (await env.bot.service.live_game(channel.id)).players
    assert "nothing was changed" not in reply, reply
    assert reply.startswith("Your action was saved, but showing its result failed"), reply
