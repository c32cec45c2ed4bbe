"""The shared table is secure and honest under faults: stale buttons, the seed, admin powers,
kicked members, the outbox, truthful replies, a busy or damaged database, deadlines."""
from __future__ import annotations

import sqlite3
import sys
from datetime import timedelta

import discord
import pytest
from sqlalchemy import text

from bot.client import create_bot
from bot.db import Outbox, utcnow
from bot.settings import Settings
from tests.bot.helpers import (admin_of, all_text, guild_with_deadlines, click_label, current_game, fixed, log_size, new_game, open_panel,
                               option_components, panel_of, table_message)


def contents(channel) -> list[str]:
    """Every line of the channel's messages, in order (the log groups a turn's lines in one message)."""
    return [line for msg in channel.history() for line in (msg.content or "").splitlines()]


def custom_id(message, prefix: str) -> str:
    for row in message.components:
        for item in getattr(row, "children", None) or row.get("components", []):
            cid = getattr(item, "custom_id", None) or (item.get("custom_id") if isinstance(item, dict) else None)
            if cid and cid.startswith(prefix):
                return cid
    raise AssertionError(f"no {prefix} control")


# ---------------------------------------------------------------- security
async def test_a_button_drawn_before_an_undo_is_refused_as_stale(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    admin = admin_of(env, guild)
    _, channel, m = await new_game(env, 4, setup=fixed, guild=guild)
    panel = await open_panel(m[0], channel)  # the draw was made by itself
    old = await open_panel(m[0], channel)  # a second panel of the same decision (the first is edited in place)
    await click_label(m[0], panel, "Discard Whisky")
    await admin.slash(channel, "gm undo", count=1)
    # the same decision is pending again under the same prompt id: the old button must not act
    drawn_before = custom_id(old, "keeper:opt:")
    stale = await click_label(m[0], old, "Discard Axe")
    assert "no longer current" in panel_of(stale).content
    assert await log_size(env, channel) == 1  # only the draw
    assert "axe" in (await current_game(env, channel)).state["hands"][str(m[0].id)]
    # the stale panel is redrawn, and a fresh panel's buttons carry the new epoch and work
    assert custom_id(panel_of(stale), "keeper:opt:") != drawn_before
    fresh = await open_panel(m[0], channel)
    assert custom_id(fresh, "keeper:opt:") != drawn_before
    await click_label(m[0], fresh, "Discard Axe")
    assert "axe" not in (await current_game(env, channel)).state["hands"][str(m[0].id)]


async def test_the_seed_is_drawn_at_start_and_only_unseated_admins_export_a_running_game(simcord_env):
    env = simcord_env
    await env.bot.tree.sync()
    guild = env.create_guild()
    admin = admin_of(env, guild)
    channel = guild.create_text_channel("table")
    members = [guild.add_member(env.create_user(f"p{i}")) for i in range(4)]
    await members[0].slash(channel, "game new", kind="thing")
    lobby = channel.last_message
    for member in members[1:]:
        await member.click(lobby, label="Join")
    game = await current_game(env, channel)
    assert game.seed == 0  # nothing in a lobby predicts the game
    refused = panel_of(await admin.slash(channel, "gm export"))
    assert "has not started" in refused.content and not refused.attachments
    await members[0].click(lobby, label="Start")
    game = await current_game(env, channel)
    assert game.seed != 0 and game.state["rng"]["seed"] == game.seed

    exported = panel_of(await admin.slash(channel, "gm export"))
    assert exported.attachments
    assert str(admin.id) in (await current_game(env, channel)).exporters
    # whoever holds the running game's record may never take a seat in it
    refused = panel_of(await admin.slash(channel, "gm replace", old=members[3], new=admin))
    assert "cannot take a seat" in refused.content
    assert str(admin.id) not in (await current_game(env, channel)).players


async def test_only_server_managers_choose_the_admin_role_and_never_everyone(simcord_env):
    env = simcord_env
    await env.bot.tree.sync()
    guild = env.create_guild()
    manager = admin_of(env, guild)
    keepers = guild.create_role("Keepers")
    others = guild.create_role("Others")
    role_admin = guild.add_member(env.create_user("roleadmin"), roles=[keepers])
    channel = guild.create_text_channel("settings")

    done = panel_of(await manager.slash(channel, "settings admin_role", role=keepers))
    assert "Keepers" in all_text(done) or str(keepers.id) in all_text(done)
    assert (await env.bot.service.guild_settings(guild.id)).admin_role_id == keepers.id

    widened = panel_of(await role_admin.slash(channel, "settings admin_role", role=others))
    assert "Manage Server" in widened.content
    assert (await env.bot.service.guild_settings(guild.id)).admin_role_id == keepers.id

    everyone = panel_of(await manager.slash(channel, "settings admin_role", role=guild.default_role))
    assert "held by every member" in everyone.content
    assert (await env.bot.service.guild_settings(guild.id)).admin_role_id == keepers.id


async def test_an_old_lobby_abort_cannot_end_the_running_game(simcord_env):
    env = simcord_env
    _, channel, m = await new_game(env, 4)
    game = await current_game(env, channel)
    assert game.status == "active"
    # the lobby message of this game, as a member's client may still show it (or a forged click)
    forged = discord.ui.View()
    from cogs.lobby import LobbyButton
    forged.add_item(LobbyButton(game.id, "abort", label="Abort"))
    lobby = await channel_message_with(env, channel, forged)
    refused = await m[0].click(lobby, label="Abort")
    assert "no longer in its lobby" in panel_of(refused).content
    assert (await current_game(env, channel)).status == "active"


async def channel_message_with(env, channel, view):
    """A message carrying ``view`` in the channel, posted by the bot (a stale or forged control)."""
    target = env.bot.get_channel(channel.id) or await env.bot.fetch_channel(channel.id)
    return await target.send("old controls", view=view)


async def test_a_kicked_member_loses_all_access_at_once(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    admin = admin_of(env, guild)
    _, channel, m = await new_game(env, 4, setup=fixed, guild=guild)
    thing = m[1]
    old_panel = await open_panel(thing, channel)
    declare_id = custom_id(old_panel, "keeper:free:")
    dms_before = len(thing.user.dm_channel.history())

    await admin.slash(channel, "gm kick", member=thing)
    for attempt in (await thing.click(table_message(channel), label="My hand / act"),
                    await thing.click(old_panel, custom_id=declare_id),
                    await thing.slash(channel, "panel")):
        assert "removed you from this game" in panel_of(attempt).content
    assert (await current_game(env, channel)).status == "active"

    # the game goes on; the kicked member gets no DM with private news any more
    panel = await open_panel(m[0], channel)  # the draw was made by itself
    await click_label(m[0], panel, "Discard Whisky")
    assert len(thing.user.dm_channel.history()) == dms_before


async def test_a_member_who_left_the_server_can_be_kicked_and_skipped_by_id(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    admin = admin_of(env, guild)
    _, channel, m = await new_game(env, 4, setup=fixed, guild=guild)
    gone = m[0]  # the first player, waited for
    guild.remove_member(gone)
    skipped = panel_of(await admin.slash(channel, "gm skip", member=gone.user))
    assert "Keeper played for" in skipped.content  # the server lets Keeper stand in
    assert await log_size(env, channel) == 2  # the draw made by itself, then the default
    kicked = panel_of(await admin.slash(channel, "gm kick", member=gone.user))
    assert "removed" in kicked.content
    game = await current_game(env, channel)
    assert str(gone.id) in game.autopilot
    assert all(p["player"] != str(gone.id) for p in env.bot.service.prompts(game))


# ---------------------------------------------------------------- the outbox
async def test_announcements_survive_5xx_and_arrive_in_order_after_retry(simcord_env):
    env = simcord_env
    _, channel, m = await new_game(env, 4, setup=fixed)
    # posting and editing: the log's lines may go into a new message or an edit of the live one
    env.inject_error("*", f"/channels/{channel.id}/messages*", status=503, times=None)
    panel = await open_panel(m[0], channel)  # the draw was made by itself
    result = await click_label(m[0], panel, "Discard Whisky")
    assert "nothing was changed" not in all_text(panel_of(result))
    assert await log_size(env, channel) == 2  # both committed
    game = await current_game(env, channel)
    assert await env.bot.service.pending_outbox(game.id) >= 1
    assert not any("discards" in line for line in contents(channel))

    env.backend.faults.clear()
    await env.bot.publisher.deliver_due(now=utcnow() + timedelta(hours=1))
    assert await env.bot.service.pending_outbox(game.id) == 0
    lines = contents(channel)
    drawn = next(i for i, line in enumerate(lines) if "draws an event card" in line)
    discarded = next(i for i, line in enumerate(lines) if "discards" in line)
    assert drawn < discarded


async def test_a_missing_permission_delays_an_announcement_and_a_restart_delivers_it(simcord_env, bot_settings):
    env = simcord_env
    _, channel, m = await new_game(env, 4, setup=fixed)
    env.inject_error("*", f"/channels/{channel.id}/messages*", status=403, code=50013,
                     message="Missing Permissions", times=None)
    await click_label(m[0], await open_panel(m[0], channel), "Discard Whisky")
    game = await current_game(env, channel)
    async with env.bot.service.sessions() as session:
        rows = (await session.exec(text("SELECT error, delivered FROM outbox WHERE kind='public' "
                                        "AND delivered = 0"))).all()
    assert rows and all("forbidden" in row[0] for row in rows)  # kept, with the reason

    env.backend.faults.clear()
    await env.restart_bot(create_bot(bot_settings))
    await env.bot.publisher.deliver_due(now=utcnow() + timedelta(hours=1))
    assert any("discards" in line for line in contents(channel))
    assert await env.bot.service.pending_outbox(game.id) == 0


# ---------------------------------------------------------------- truthful replies
async def test_a_failure_after_the_checkpoint_says_the_action_was_saved_and_keeps_private_results(
        simcord_env, monkeypatch):
    env = simcord_env
    _, channel, m = await new_game(env, 4, setup=fixed)
    panel = await open_panel(m[0], channel)  # the draw was made by itself
    play = sys.modules["cogs.play"]  # the loaded extension (discord.py registers it only there)

    async def broken_panel(*args, **kwargs):
        raise discord.HTTPException(type("R", (), {"status": 500, "reason": "boom"})(), "reply failed")

    monkeypatch.setattr(play, "show_panel", broken_panel)
    result = await click_label(m[0], panel, "Suspicion → player1")
    text_ = panel_of(result).content
    assert "was saved" in text_ and "nothing was changed" not in text_
    assert await log_size(env, channel) == 2
    env.errors.clear() if hasattr(env.errors, "clear") else None
    monkeypatch.undo()
    # the peek is not lost with the reply: /panel shows it again
    again = all_text(panel_of(await m[0].slash(channel, "panel")))
    card = (await current_game(env, channel)).state["hands"][str(m[1].id)]
    from bot.games import card_name
    assert any(f"holds **{card_name('en', 'thing', c)}**" in again for c in card)


# ---------------------------------------------------------------- a busy or damaged database
@pytest.fixture
def quick_busy_settings(tmp_path):
    return Settings(_env_file=None, token="offline", database_url=f"sqlite+aiosqlite:///{tmp_path / 'busy.sqlite3'}",
                    deadline_check_seconds=0, outbox_check_seconds=0, wal_check_seconds=0, db_busy_seconds=1.0)


async def test_a_locked_database_gets_a_true_answer_and_loses_nothing(quick_busy_settings, tmp_path):
    import simcord
    bot = create_bot(quick_busy_settings)
    async with simcord.run(bot) as env:
        _, channel, m = await new_game(env, 4, setup=fixed)
        panel = await open_panel(m[0], channel)
        blocker = sqlite3.connect(tmp_path / "busy.sqlite3", isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")  # another writer holds the database
        try:
            result = await click_label(m[0], panel, "Discard Whisky")
            assert "busy" in panel_of(result).content and "nothing was changed" in panel_of(result).content
            # a lobby is never left as a row without its message
            other = channel.guild.create_text_channel("other")
            created = panel_of(await m[1].slash(other, "game new", kind="thing"))
            assert "busy" in created.content
        finally:
            blocker.execute("ROLLBACK")
            blocker.close()
        assert await log_size(env, channel) == 1  # only the draw made by itself at the start
        await click_label(m[0], panel, "Discard Whisky")  # the same button works once the database is free
        assert await log_size(env, channel) == 2
        assert await env.bot.service.live_game(other.id) is None


async def test_a_damaged_game_is_refused_clearly_can_be_reset_and_harms_no_other(simcord_env):
    env = simcord_env
    guild, admin = await guild_with_deadlines(env)
    _, broken_channel, m = await new_game(env, 4, setup=fixed, guild=guild)
    _, good_channel, g = await new_game(env, 4, setup=fixed, guild=guild)
    broken = await current_game(env, broken_channel)
    async with env.bot.service.sessions() as session:
        await session.exec(text("UPDATE games SET state = '{\"broken' WHERE id = :id").bindparams(id=broken.id))
        await session.commit()

    refused = await m[0].click(table_message(broken_channel), label="My hand / act")
    assert "damaged" in panel_of(refused).content
    status = panel_of(await m[0].slash(broken_channel, "game status"))
    assert status.content  # answers, does not crash

    # the deadline loop survives the broken game and serves the good one
    await env.bot.get_cog("DeadlineCog").check(utcnow() + timedelta(minutes=11))
    assert await log_size(env, good_channel) == 2  # the draw made by itself, then the default

    reset = panel_of(await admin.slash(broken_channel, "gm reset"))
    assert "reset" in reset.content
    assert (await env.bot.service.get(broken.id)).status == "archived"
    good = await current_game(env, good_channel)
    waiting = next(member for member in g if member.id == int(env.bot.service.prompts(good)[0]["player"]))
    panel = await open_panel(waiting, good_channel)
    await click_label(waiting, panel, option_label_of(panel))
    assert await log_size(env, good_channel) == 3


def option_label_of(panel) -> str:
    return option_components(panel)[0]["label"]


# ---------------------------------------------------------------- outbox rows are written with the change
async def test_every_change_writes_its_announcements_in_its_own_transaction(simcord_env):
    env = simcord_env
    _, channel, m = await new_game(env, 4, setup=fixed)
    game = await current_game(env, channel)
    async with env.bot.service.sessions() as session:
        from sqlmodel import select
        rows = (await session.exec(select(Outbox).where(Outbox.game_id == game.id))).all()
    kinds = {row.kind for row in rows}
    assert {"public", "dm", "table"} <= kinds  # the deal: lines, private hands, the table
    assert all(row.delivered for row in rows)


async def test_the_table_carries_its_picture_and_is_redrawn_only_when_it_changed(simcord_env, monkeypatch):
    env = simcord_env
    _, channel, m = await new_game(env, 4, setup=fixed)
    table = table_message(channel)
    assert [a.filename for a in table.attachments] == ["table.png"]
    assert table.embeds[0].image.url.endswith("table.png")
    from bot.games.thing import render
    drawn = []
    real = render.table_picture
    monkeypatch.setattr(render, "table_picture", lambda *a: drawn.append(1) or real(*a))
    game = await current_game(env, channel)
    await env.bot.publisher.update_table(game, "en")  # nothing changed since it was shown
    assert drawn == []
    await click_label(m[0], await open_panel(m[0], channel), "Discard Whisky")  # the table changes
    assert drawn == [1]
