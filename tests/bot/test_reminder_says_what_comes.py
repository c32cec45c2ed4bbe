"""A reminder says what comes when the time is up, as the server set it (nf11: "half of your
time to decide is gone" said nothing of Keeper standing in, the default, or nothing), and with
`timeout … off` the deadline's own reminder says the time is up and the game waits — it used to
repeat "half of your time is gone" at the end."""
from __future__ import annotations

from datetime import timedelta

import pytest

from bot.db import utcnow
from tests.bot.helpers import current_game, fixed, guild_with_deadlines, new_game


@pytest.mark.parametrize("action, said", [
    ("keeper", "then Keeper decides in your place"),
    ("default", "then the default answer is applied"),
    ("off", "the game will wait for you"),
])
async def test_the_half_time_reminder_says_what_comes(simcord_env, action, said):
    env = simcord_env
    guild, _admin = await guild_with_deadlines(env, minutes=10, action=action)
    _, channel, _m = await new_game(env, 4, setup=fixed, guild=guild)
    await env.bot.get_cog("DeadlineCog").check(utcnow() + timedelta(minutes=6))
    assert "half of your time" in channel.last_message.content and said in channel.last_message.content


async def test_with_reminders_only_the_deadline_says_the_time_is_up(simcord_env):
    env = simcord_env
    guild, _admin = await guild_with_deadlines(env, minutes=10, action="off")
    _, channel, _m = await new_game(env, 4, setup=fixed, guild=guild)
    cog = env.bot.get_cog("DeadlineCog")
    await cog.check(utcnow() + timedelta(minutes=6))
    await cog.check(utcnow() + timedelta(minutes=11))
    last = channel.last_message.content
    assert "your time to decide is up; the game waits for you" in last
    game = await current_game(env, channel)
    assert game.status == "active" and game.deadline is None  # nothing was played for them
