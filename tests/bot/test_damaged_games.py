"""A damaged game that is really intact (issue 19, defect 4): a stored state that is valid JSON
but misses a key or breaks an invariant is refused with the clear damaged-game message (never
"Something went wrong", never "an earlier version of Keeper's rules"), and an admin rebuilds it
from its action log with /gm repair, losing nothing."""
from __future__ import annotations

import json

import pytest
from sqlalchemy import update

from bot.db import Game
from engine.registry import rules_for
from tests.bot.helpers import admin_of, click_label, current_game, fixed, log_size, new_game, open_panel, panel_of


# ---- the engine's check, for every game: shape and the game's own invariants
@pytest.mark.parametrize("game, players", [("thing", 4), ("unfathomable", 4), ("eldritch", 2)])
def test_every_game_finds_a_missing_key_a_wrong_kind_and_a_broken_invariant(game, players):
    rules = rules_for(game)
    seats = [str(100 + i) for i in range(players)]
    state, _ = rules.new_game(seats, 7, {}, {})
    prompt = rules.prompts(state)[0]
    state, _ = rules.apply(state, {"player": prompt["player"], "type": "default"})
    stored = json.loads(json.dumps(state))  # as the database gives it back
    assert rules.damage(stored, seats) == []

    missing = {k: v for k, v in stored.items() if k != "stack"}
    assert "'stack' is missing" in rules.damage(missing, seats)
    wrong = {**stored, "players": "everyone"}
    assert any("'players' holds a str" in p for p in rules.damage(wrong, seats))
    assert rules.damage([stored], seats) == ["the state is a list, not a mapping"]


def test_an_invariant_broken_in_a_stored_state_is_damage():
    rules = rules_for("thing")
    seats = ["1", "2", "3", "4"]
    state, _ = rules.new_game(seats, 7, {}, {})
    stored = json.loads(json.dumps(state))
    stored["deck"] = stored["deck"][1:]  # a card vanished: cards are no longer conserved
    assert any("cards not conserved" in p for p in rules.damage(stored, seats))
    assert rules.invariant_violations(stored)


# ---- at the table
async def damage(env, game_id: int, change) -> None:
    """Write a damaged state as another process (or a hand edit) would: a new version of the row."""
    game = await env.bot.service.get(game_id)
    state = change(json.loads(json.dumps(game.state)))
    async with env.bot.service.sessions() as session:
        await session.exec(update(Game).where(Game.id == game_id)
                           .values(state=state, version=Game.version + 1))
        await session.commit()


@pytest.mark.parametrize("how", ["missing key", "broken invariant"])
async def test_a_damaged_state_is_refused_clearly_and_repaired_from_the_log(simcord_env, how):
    env = simcord_env
    guild = env.create_guild()
    admin = admin_of(env, guild)
    await env.bot.tree.sync()
    _, channel, m = await new_game(env, 4, setup=fixed, guild=guild)
    panel = await open_panel(m[0], channel)
    await click_label(m[0], panel, "Discard Whisky")   # the draw was made by itself
    intact = await current_game(env, channel)
    assert await log_size(env, channel) == 2

    def change(state):
        if how == "missing key":
            del state["discard"]
        else:
            state["hands"][str(m[1].id)].append("flamethrower")  # a card from nowhere
        return state
    await damage(env, intact.id, change)

    refused = await open_panel(m[1], channel)
    assert "damaged" in refused.content and "/gm repair" in refused.content
    assert "Something went wrong" not in refused.content
    undo = panel_of(await admin.slash(channel, "gm undo", count=1, force=True))
    assert "damaged" in undo.content and "earlier version" not in undo.content

    repaired = panel_of(await admin.slash(channel, "gm repair"))
    assert "rebuilt the game from its log (2 actions)" in repaired.content
    game = await current_game(env, channel)
    assert game.state == intact.state and game.epoch == intact.epoch + 1 and game.status == "active"
    assert await log_size(env, channel) == 2  # nothing lost
    assert any("rebuilt the game from its log" in (msg.content or "") for msg in channel.history())  # said publicly
    # play goes on from the rebuilt game
    waiting = next(x for x in m if str(x.id) == env.bot.service.prompts(game)[0]["player"])
    fresh = await open_panel(waiting, channel)
    assert "damaged" not in (fresh.content or "")
    again = panel_of(await admin.slash(channel, "gm repair"))
    assert "nothing to repair" in again.content


async def test_a_log_that_does_not_replay_is_refused_for_repair(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    admin = admin_of(env, guild)
    await env.bot.tree.sync()
    _, channel, m = await new_game(env, 4, setup=fixed, guild=guild)
    await click_label(m[0], await open_panel(m[0], channel), "Discard Whisky")   # the draw was made by itself
    game = await current_game(env, channel)
    # made under other rules or cards: the version in the state differs from today's
    await damage(env, game.id, lambda state: {**{k: v for k, v in state.items() if k != "deck"},
                                              "version": "0+elsewhere"})
    refused = panel_of(await admin.slash(channel, "gm repair"))
    assert "does not replay" in refused.content
    assert (await current_game(env, channel)).epoch == game.epoch  # nothing changed


async def test_a_reset_of_a_damaged_game_is_told_in_the_channel_and_its_old_controls_go(simcord_env):
    """rv19: the table of a damaged state cannot be drawn, and that failure dropped the whole
    delivery: /gm reset told the admin "The game was reset…" while the channel never said so and
    its last message kept the act button and "waiting for". The lines are now shown without the
    table, and the old table with its controls goes."""
    env = simcord_env
    guild = env.create_guild()
    admin = admin_of(env, guild)
    await env.bot.tree.sync()
    _, channel, m = await new_game(env, 4, setup=fixed, guild=guild)
    await click_label(m[0], await open_panel(m[0], channel), "Discard Whisky")
    game = await current_game(env, channel)

    def without_discard(state):
        del state["discard"]
        return state
    await damage(env, game.id, without_discard)
    await admin.slash(channel, "gm reset")
    await env.bot.publisher.idle()
    last = channel.last_message
    assert "The game was reset by an admin" in (last.content or ""), [msg.content for msg in channel.history()][-2:]
    assert not last.components and not last.embeds, "the damaged game's old table and its buttons are gone"
