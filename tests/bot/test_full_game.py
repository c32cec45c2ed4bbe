"""A whole game of The Thing played through the Discord layer by simulated members."""
from __future__ import annotations

import random

import pytest

from tests.bot.helpers import choose, new_game, open_panel, option_components, panel_of, waiting_ids


async def play_to_the_end(env, channel, members, rng, max_clicks=3000):
    by_id = {m.id: m for m in members}
    clicks = 0
    while clicks < max_clicks:
        waiting = waiting_ids(channel)
        if not waiting:
            return clicks
        member = by_id[rng.choice(waiting)]
        panel = await open_panel(member, channel)
        controls = option_components(panel)
        declare = [c for c in controls if c["custom_id"].startswith("keeper:declare:")]
        options = [c for c in controls if c not in declare]
        if declare and rng.random() < 0.03:
            confirm = panel_of(await choose(member, panel, declare[0]))
            await choose(member, confirm, option_components(confirm)[0])
        else:
            assert options, "a member who is waited for must be offered a choice"
            control = rng.choice(options)
            value = rng.choice(control["options"])["value"] if control["type"] == 3 else None
            await choose(member, panel, control, value)
        clicks += 1
    raise AssertionError("the game did not end")


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
