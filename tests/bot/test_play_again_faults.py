"""Play again under races and faults (a review of it, rv18): two members pressing at once, a
member joining while the new lobby is being posted, a channel whose last game the clean-up has
archived, a kicked member, a game an undo reopened, a next game already running. Each failed
before: an untrue refusal, a lobby message missing a player, an internal error, a kicked member
opening the next lobby. The real bot offline (SimCord)."""
from __future__ import annotations

from datetime import timedelta

from bot import operations
from bot.db import utcnow
from tests.bot.helpers import admin_of, all_text, current_game, fixed, open_lobby, open_panel, panel_of
from tests.bot.test_play_again import AGAIN, burnt_thing, final_table, finished_game


def button_labels(reply) -> list[str]:
    return [c.get("label") for row in reply.components for c in row["components"]]


async def test_two_members_pressing_at_once_both_end_up_in_the_lobby(simcord_env, monkeypatch):
    """Both presses read "no game here" before either lobby was saved: the second one's lobby is
    refused by the database (one game a channel) and it joins the first one's instead of being
    told the channel is busy."""
    env = simcord_env
    _, channel, members, ended = await finished_game(env)
    table = final_table(channel)
    await members[0].click(table, label=AGAIN)
    service, real, create = env.bot.service, env.bot.service.live_game, env.bot.service.create_lobby
    saved = []   # until the second press tries its own lobby, it reads the channel as empty

    async def racing(channel_id):
        return await real(channel_id) if saved else None

    async def creating(*args, **kwargs):
        saved.append(True)
        return await create(*args, **kwargs)
    monkeypatch.setattr(service, "live_game", racing)
    monkeypatch.setattr(service, "create_lobby", creating)
    reply = panel_of(await members[1].click(table, label=AGAIN))
    assert "You joined the next game's lobby." in all_text(reply), all_text(reply)
    lobby_game = await real(channel.id)
    assert lobby_game.players == [str(members[0].id), str(members[1].id)]


async def test_a_member_joining_while_the_lobby_is_posted_is_in_its_message(simcord_env, monkeypatch):
    env = simcord_env
    _, channel, members, ended = await finished_game(env)
    real_send = operations.send

    async def send_while_joining(target, **kwargs):
        lobby_game = await env.bot.service.live_game(channel.id)
        if lobby_game is not None and lobby_game.status == "lobby" and str(members[1].id) not in lobby_game.players:
            await env.bot.service.join(lobby_game.id, members[1].id, "player1")   # a press meanwhile
        return await real_send(target, **kwargs)
    monkeypatch.setattr(operations, "send", send_while_joining)
    await members[0].click(final_table(channel), label=AGAIN)
    lobby_game = await env.bot.service.live_game(channel.id)
    assert lobby_game.players == [str(members[0].id), str(members[1].id)]
    posted = next(m for m in channel.history() if m.id == lobby_game.lobby_message_id)
    listed = " ".join(str(embed.to_dict()) for embed in posted.embeds)
    assert f"<@{members[1].id}>" in listed, "the lobby lists who joined while it was posted"


async def test_an_archived_last_game_has_a_true_status_and_panel_and_play_again_still_works(simcord_env):
    env = simcord_env
    _, channel, members, ended = await finished_game(env)
    done = await env.bot.service.clean_up(timedelta(days=30), now=utcnow() + timedelta(days=31))
    assert done["games"] == 1
    status = panel_of(await members[2].slash(channel, "game status"))
    assert "is over and archived" in all_text(status) and "/gm export" in all_text(status)
    assert AGAIN in button_labels(status)
    panel = panel_of(await members[2].slash(channel, "panel"))
    assert "over and archived" in all_text(panel) and "damaged" not in all_text(panel), all_text(panel)
    await members[2].click(status, label=AGAIN)
    lobby_game = await env.bot.service.live_game(channel.id)
    assert lobby_game.status == "lobby" and lobby_game.players == [str(members[2].id)]


async def test_a_kicked_member_does_not_open_the_next_game(simcord_env):
    env = simcord_env
    guild, channel, members, lobby = await open_lobby(env, "thing", 4, channel_name="again-kick")
    game = await env.bot.service.live_game(channel.id)
    await env.bot.service.set_setup(game.id, fixed(members))
    await members[0].click(lobby, label="Start")
    await admin_of(env, guild).slash(channel, "gm kick", member=members[3])
    await burnt_thing(env, channel, members)
    refused = panel_of(await members[3].click(final_table(channel), label=AGAIN))
    assert "An admin removed you from this game" in all_text(refused)
    assert await env.bot.service.live_game(channel.id) is None
    status = panel_of(await members[3].slash(channel, "game status"))
    assert AGAIN not in button_labels(status)


async def test_play_again_on_a_game_an_undo_reopened_says_it_runs_again(simcord_env):
    env = simcord_env
    guild, channel, members, ended = await finished_game(env)
    status = panel_of(await members[0].slash(channel, "game status"))   # its button, drawn while over
    await admin_of(env, guild).slash(channel, "gm undo", count=1, force=True)
    assert (await current_game(env, channel)).status == "active"
    refused = panel_of(await members[0].click(status, label=AGAIN))
    assert "running again" in all_text(refused), all_text(refused)


async def test_play_again_after_the_next_game_started_offers_a_keeper_players_seat(simcord_env):
    env = simcord_env
    _, channel, members, ended = await finished_game(env)
    table = final_table(channel)
    await members[0].click(table, label=AGAIN)
    opened = channel.last_message
    for _ in range(3):
        await members[0].click(opened, label="🤖 Add a Keeper player")
    await members[0].click(opened, label="Start")
    assert (await current_game(env, channel)).status == "active"
    offered = panel_of(await members[1].click(table, label=AGAIN))
    assert any(label and label.startswith("🪑") for label in button_labels(offered)), all_text(offered)


async def test_a_lobby_discord_refuses_to_post_is_not_opened_and_the_member_is_told_why(simcord_env, monkeypatch):
    env = simcord_env
    _, channel, members, ended = await finished_game(env)

    async def refused(target, **kwargs):
        raise operations.Retry("forbidden (50013)", 60.0)   # Keeper lacks a permission here
    monkeypatch.setattr(operations, "send", refused)
    reply = panel_of(await members[0].click(final_table(channel), label=AGAIN))
    assert "could not post the next game's lobby" in all_text(reply), all_text(reply)
    assert await env.bot.service.live_game(channel.id) is None, "a lobby nobody sees does not block the channel"


async def test_a_lobby_posted_whose_id_is_not_saved_is_taken_down_with_the_lobby(simcord_env, monkeypatch):
    """rv18: the lobby was posted, then saving its message id failed (a locked database): the
    lobby was discarded, but its message stayed in the channel with Join buttons that only
    refused. The message now goes with the lobby."""
    env = simcord_env
    _, channel, members, ended = await finished_game(env)
    service = env.bot.service

    async def locked(*args, **kwargs):
        raise RuntimeError("database is locked")
    monkeypatch.setattr(service, "set_table_message", locked)
    before = len(list(channel.history()))
    await members[0].click(final_table(channel), label=AGAIN)
    assert await service.live_game(channel.id) is None, "the lobby was discarded"
    assert len(list(channel.history())) == before, [m.content for m in channel.history()][:3]


async def test_a_lobby_filled_by_members_while_keeper_players_are_seated_again_still_opens(simcord_env, monkeypatch):
    """rv19: members who pressed Play again while the ended game's Keeper players were being
    seated again can fill the lobby; the next Keeper player's seat was then refused ("lobby_full")
    and the whole lobby discarded, though a member had been told they joined it. Keeper players
    are seated only while there is room."""
    import sys

    from bot.service import ServiceError
    env = simcord_env
    _, channel, members, ended = await finished_game(env)
    lobby_cog = sys.modules["cogs.lobby"]
    plain_keepers = lobby_cog.keepers
    monkeypatch.setattr(lobby_cog, "keepers", lambda players: ["keeper-1"] if players == ended.players
                        else plain_keepers(players))

    async def full(*args, **kwargs):
        raise ServiceError("lobby_full")
    monkeypatch.setattr(env.bot.service, "add_keeper", full)
    reply = panel_of(await members[0].click(final_table(channel), label=AGAIN))
    lobby_game = await env.bot.service.live_game(channel.id)
    assert lobby_game is not None and lobby_game.status == "lobby", all_text(reply)
    assert lobby_game.players == [str(members[0].id)]
