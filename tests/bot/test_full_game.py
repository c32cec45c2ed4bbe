"""A whole game of The Thing played through the Discord layer by simulated members."""
from __future__ import annotations

import random

import pytest

from tests.bot.helpers import new_game, play_to_the_end


@pytest.mark.parametrize("players,seed", [(4, 1), (5, 2), (6, 3)])
async def test_whole_game_through_discord(simcord_env, players, seed):
    rng = random.Random(seed)
    guild, channel, members = await new_game(simcord_env, players)
    clicks = await play_to_the_end(simcord_env, channel, members, rng)
    assert clicks > 0
    game = await simcord_env.bot.service.last_game(channel.id)
    assert game.status == "finished"
    assert game.state["result"]["winners"] or game.state["result"]["reason"]
    final = [m for m in channel.history() if "Game over" in (m.content or "")]
    assert final, "the end of the game is announced publicly"
