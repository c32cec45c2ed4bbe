"""Whether a group keeps playing: a finished game's table offers **🔁 Play again**. The first of
its members to press it opens the next game's lobby in the channel (the same game and options,
the Keeper players seated again, the other members pinged to join); each member who presses it
after that joins that lobby. The real bot offline (SimCord)."""
from __future__ import annotations

from bot.seats import is_keeper
from tests.bot.helpers import (all_text, click_label, current_game, fixed, open_lobby, open_panel, panel_of,
                               seats_setup, HANDS)

AGAIN = "🔁 Play again"


def labels(message) -> list[str]:
    return [getattr(c, "label", None) for row in message.components for c in row.children]


async def burnt_thing(env, channel, members):
    """Ann burns Bob, the Thing, at once (the fixed deal): the game is over."""
    panel = await open_panel(members[0], channel)
    await click_label(members[0], panel, "Flamethrower → player1")
    target = await open_panel(members[1], channel)
    await click_label(members[1], target, "Don't defend: you are out of the game")
    game = await current_game(env, channel)
    assert game.status == "finished"
    return game


async def finished_game(env, keepers: int = 0, options: list[str] | None = None):
    guild, channel, members, lobby = await open_lobby(env, "thing", 4, channel_name="again")
    if options:
        from tests.bot.helpers import lobby_option_id
        await members[0].select(lobby, options, custom_id=lobby_option_id(lobby))
    game = await env.bot.service.live_game(channel.id)
    await env.bot.service.set_setup(game.id, fixed(members))
    await members[0].click(lobby, label="Start")
    return guild, channel, members, await burnt_thing(env, channel, members)


def final_table(channel):
    return next(m for m in reversed(channel.history()) if AGAIN in labels(m))


async def test_play_again_opens_the_next_lobby_and_the_others_join_with_the_same_button(simcord_env):
    env = simcord_env
    guild, channel, members, ended = await finished_game(env, options=["quarantine_two"])
    table = final_table(channel)
    assert labels(table) == [AGAIN], "the finished table's one control"
    reply = panel_of(await members[2].click(table, label=AGAIN))
    assert "The next game's lobby is open below" in all_text(reply)
    lobby_game = await env.bot.service.live_game(channel.id)
    assert lobby_game.status == "lobby" and lobby_game.id != ended.id and lobby_game.kind == "thing"
    assert lobby_game.players == [str(members[2].id)] and lobby_game.options == ended.options
    opened = channel.last_message
    others = [m for m in members if m is not members[2]]
    assert all(f"<@{m.id}>" in opened.content for m in others) and "opens the next game of The Thing" in opened.content
    assert set(env.backend.get_message(channel.id, opened.id).ping_user_ids) == {m.id for m in others}
    assert "Join" in labels(opened)
    # the others press the same button on the old table: each joins that lobby
    joined = panel_of(await members[0].click(table, label=AGAIN))
    assert "You joined the next game's lobby." in all_text(joined)
    await members[1].click(opened, label="Join")
    lobby_game = await env.bot.service.live_game(channel.id)
    assert lobby_game.players == [str(members[2].id), str(members[0].id), str(members[1].id)]
    # an onlooker who did not play may not open one from there
    onlooker = guild.add_member(env.create_user("onlooker"))
    refused = panel_of(await onlooker.click(table, label=AGAIN))
    assert "Only the members who played this game" in all_text(refused)


async def test_play_again_seats_the_keeper_players_again(simcord_env):
    env = simcord_env
    guild, channel, people, lobby = await open_lobby(env, "thing", 1, channel_name="again-keepers")
    for _ in range(3):
        await people[0].click(lobby, label="🤖 Add a Keeper player")
    await people[0].click(lobby, label="Start")
    from tests.bot.helpers import play_to_the_end
    import random
    await play_to_the_end(env, channel, people, random.Random(7))
    assert (await current_game(env, channel)).status == "finished"
    await people[0].click(final_table(channel), label=AGAIN)
    lobby_game = await env.bot.service.live_game(channel.id)
    assert lobby_game.players[0] == str(people[0].id) and sum(map(is_keeper, lobby_game.players)) == 3
    assert "opens the next game of The Thing." in channel.last_message.content
    assert not env.backend.get_message(channel.id, channel.last_message.id).ping_user_ids
    # Start right away: the same table once more
    await people[0].click(channel.last_message, label="Start")
    assert (await current_game(env, channel)).status == "active"


async def test_game_status_after_the_end_offers_play_again_to_who_played(simcord_env):
    """The final table scrolls away under the chat: /game status shows the result with the same
    button (to who played in it)."""
    env = simcord_env
    guild, channel, members, ended = await finished_game(env)
    onlooker = guild.add_member(env.create_user("onlooker"))
    seen = panel_of(await onlooker.slash(channel, "game status"))
    assert "Game over" in all_text(seen) or seen.embeds, all_text(seen)
    assert AGAIN not in [c.get("label") for row in seen.components for c in row["components"]]
    status = panel_of(await members[3].slash(channel, "game status"))
    assert AGAIN in [c.get("label") for row in status.components for c in row["components"]]
    await members[3].click(status, label=AGAIN)
    lobby_game = await env.bot.service.live_game(channel.id)
    assert lobby_game.status == "lobby" and lobby_game.players == [str(members[3].id)]
