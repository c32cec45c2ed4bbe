"""A member's open panel is kept current (cogs.play.LivePanels): when their decision comes, the
panel they still have open is redrawn with it, so they answer with one click there instead of
reopening it from the table's button. Discord lets Keeper edit an interaction's reply for 15
minutes; a panel older than that, or one that can no longer be edited, is left as it is."""
from __future__ import annotations

import discord

from engine.registry import rules_for
from tests.bot.helpers import (admin_of, all_text, click_label, current_game, fixed, latest, new_game, open_panel,
                               option_components, panel_of)

RULES = rules_for("thing")


def answers_of(panel) -> list[dict]:
    return [c for c in option_components(panel) if c["custom_id"].startswith(("keeper:opt:", "keeper:sel:"))]


async def first_turn(env, channel, m):
    """Ann discards Whisky and offers Axe to Bob, the next seat: the exchange is Bob's to answer."""
    panel = await open_panel(m[0], channel)
    panel = panel_of(await click_label(m[0], panel, "Discard Whisky"))
    await click_label(m[0], panel, "Offer Axe")
    game = await current_game(env, channel)
    assert RULES.prompts_for(game.state, str(m[1].id)), "the exchange waits for Bob"
    return game


async def test_the_panel_a_member_keeps_open_shows_their_decision_when_it_comes(simcord_env):
    env = simcord_env
    _, channel, m = await new_game(env, 4, setup=fixed)
    bobs = await open_panel(m[1], channel)
    assert not answers_of(bobs)   # nothing of his to decide yet
    game = await first_turn(env, channel, m)
    prompt = RULES.prompts_for(game.state, str(m[1].id))[0]
    now = latest(env, bobs)
    assert answers_of(now), all_text(now)
    assert all(f":{game.epoch}:{prompt['id']}:" in c["custom_id"] for c in answers_of(now))
    # one click on the panel he had open answers it
    reply = panel_of(await m[1].click(now, custom_id=answers_of(now)[0]["custom_id"]))
    assert "no longer current" not in (reply.content or "")
    actions = [a.action for a in await env.bot.service.actions(game.id)]
    assert {"player": str(m[1].id), "type": "give"}.items() <= actions[-2].items(), actions[-2:]   # his card for Ann's Axe


async def test_a_panel_older_than_discord_lets_keeper_edit_is_left_alone(simcord_env, monkeypatch):
    env = simcord_env
    _, channel, m = await new_game(env, 4, setup=fixed)
    bobs = await open_panel(m[1], channel)
    from cogs.play import LivePanels
    monkeypatch.setattr(LivePanels, "LIFETIME_S", -1)   # every panel is past its 15 minutes
    await first_turn(env, channel, m)
    assert not answers_of(latest(env, bobs))
    assert answers_of(await open_panel(m[1], channel))   # the table's button as before


async def test_a_panel_that_cannot_be_edited_is_forgotten_and_the_game_goes_on(simcord_env, monkeypatch):
    env = simcord_env
    _, channel, m = await new_game(env, 4, setup=fixed)
    bobs = await open_panel(m[1], channel)
    from bot import operations
    tried, edit = [], operations.edit_original

    async def dismissed(interaction, **fields):   # Bob dismissed his ephemeral panel
        if interaction.user.id != m[1].id:
            return await edit(interaction, **fields)
        tried.append(interaction.user.id)
        raise discord.NotFound(type("R", (), {"status": 404, "reason": "Not Found"})(), "Unknown Message")

    monkeypatch.setattr(operations, "edit_original", dismissed)
    await first_turn(env, channel, m)
    assert tried == [m[1].id]
    assert not answers_of(latest(env, bobs))
    assert all(member != m[1].id for _game, member in env.bot.live_panels._open)
    assert answers_of(await open_panel(m[1], channel))   # the table's button as before


async def test_a_kicked_members_open_panel_shows_nothing_new(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    _, channel, m = await new_game(env, 4, setup=fixed, guild=guild)
    bobs = await open_panel(m[1], channel)
    shown = all_text(latest(env, bobs))
    await admin_of(env, guild).slash(channel, "gm kick", member=m[1])
    panel = await open_panel(m[0], channel)   # Ann's turn: the exchange comes to Bob's seat,
    panel = panel_of(await click_label(m[0], panel, "Discard Whisky"))
    await click_label(m[0], panel, "Offer Axe")   # and Keeper answers it in his place
    game = await current_game(env, channel)
    assert "axe" not in game.state["hands"][str(m[0].id)]
    assert all_text(latest(env, bobs)) == shown
    assert all(member != m[1].id for _game, member in env.bot.live_panels._open)


async def test_a_redraw_draws_the_saved_game_not_the_deliverys_older_copy(simcord_env):
    """The delivery's game was read before it sent its rows; a member who answered meanwhile must
    not get the decision they already answered back on their panel (review of LivePanels)."""
    env = simcord_env
    _, channel, m = await new_game(env, 4, setup=fixed)
    bobs = await open_panel(m[1], channel)
    before = await first_turn(env, channel, m)   # the exchange is Bob's: his open panel shows it
    now = latest(env, bobs)
    await m[1].click(now, custom_id=answers_of(now)[0]["custom_id"])   # answered there
    answered = all_text(latest(env, bobs))
    await env.bot.live_panels.refresh(env.bot, before)   # a late delivery with the older game
    assert all_text(latest(env, bobs)) == answered
    prompt = RULES.prompts_for(before.state, str(m[1].id))[0]
    assert not any(f":{before.epoch}:{prompt['id']}:" in c["custom_id"] for c in answers_of(latest(env, bobs)))


async def test_a_failing_redraw_is_logged_and_forgotten_and_the_table_goes_on(simcord_env, monkeypatch, caplog):
    env = simcord_env
    _, channel, m = await new_game(env, 4, setup=fixed)
    await open_panel(m[1], channel)
    service, looked = env.bot.service, env.bot.service.news_since_look

    async def broken(*args, look=True, **kwargs):   # a fault only in the redraw's read
        if not look:
            raise RuntimeError("a database fault")
        return await looked(*args, look=look, **kwargs)

    monkeypatch.setattr(service, "news_since_look", broken)
    await first_turn(env, channel, m)
    assert "redrawing the panel of member" in caplog.text
    assert "stays queued" not in caplog.text   # the delivery itself is not reported as failed
    assert all(member != m[1].id for _game, member in env.bot.live_panels._open)
    assert not await env.bot.service.due_outbox_games()   # every line of the turn was delivered


async def test_open_panels_are_redrawn_after_the_delivery_lock_is_released(simcord_env):
    """Redrawing members' panels is an edit per member: it ran inside the game's delivery lock,
    so the game's next delivery (or an admin's undo) waited on every open panel. It runs after."""
    import asyncio
    env = simcord_env
    _, channel, m = await new_game(env, 4, setup=fixed)
    publisher = env.bot.publisher
    seen = []
    original = publisher.after_delivery

    async def watching(bot, delivered):
        seen.append(publisher._delivering[delivered.id].locked())
        await original(bot, delivered)

    publisher.after_delivery = watching
    try:
        await first_turn(env, channel, m)
        await asyncio.sleep(0)
        await publisher.idle()
    finally:
        publisher.after_delivery = original
    assert seen and not any(seen), seen


async def test_an_admins_undo_answers_without_waiting_for_open_panels_redraws(simcord_env, monkeypatch):
    """rv18 L6: an admin's /gm undo delivered its announcements inline and then waited while every
    open panel of the game was redrawn (an edit per member), so the admin's reply came after them.
    The redraws now run as a task of their own, after the reply; the panels are still redrawn."""
    import asyncio
    import sys
    env = simcord_env
    guild, channel, m = await new_game(env, 4, setup=fixed)
    await open_panel(m[1], channel)   # Bob keeps his panel open: the undo changes what it offers
    await first_turn(env, channel, m)
    await env.bot.publisher.idle()
    publisher = env.bot.publisher
    original, replied, order = publisher.after_delivery, asyncio.Event(), []
    admin_cog = sys.modules["cogs.admin"]   # loaded as an extension: not an attribute of `cogs`
    plain_reply = admin_cog.reply

    async def reply(interaction, *args, **kwargs):
        order.append("reply")
        replied.set()
        return await plain_reply(interaction, *args, **kwargs)

    async def held(bot, delivered):
        try:   # a slow redraw: it goes on once the admin is answered, or after a while
            await asyncio.wait_for(replied.wait(), 0.5)
        except asyncio.TimeoutError:
            pass
        order.append("redraw")
        await original(bot, delivered)

    monkeypatch.setattr(admin_cog, "reply", reply)
    publisher.after_delivery = held
    try:
        done = await admin_of(env, guild).slash(channel, "gm undo", count=1, force=True)
        await publisher.idle()
    finally:
        publisher.after_delivery = original
    assert "undid 1" in panel_of(done).content, panel_of(done).content
    assert order == ["reply", "redraw"], order


async def test_a_live_message_deleted_is_posted_again_under_a_nonce_of_its_own(simcord_env, monkeypatch):
    """rv19: the live message deleted (a moderator), the delivery posted it again with the deleted
    message's nonce: Discord (enforce_nonce) may hand the deleted message back for a few minutes,
    and the lines and pings posted with it would be lost."""
    from bot import operations
    env = simcord_env
    guild, channel, m = await new_game(env, 4, setup=fixed)
    await env.bot.publisher.idle()
    game = await current_game(env, channel)
    live = next(msg for msg in channel.history() if msg.id == game.table_message_id)
    nonces = []
    plain_send = operations.send

    async def send(target, **kwargs):
        nonces.append(kwargs.get("nonce"))
        return await plain_send(target, **kwargs)
    monkeypatch.setattr(operations, "send", send)
    first_nonce = (game.channel_log or {}).get("seq")
    env.backend.delete_message(channel.id, live.id)   # a moderator deletes it
    panel = panel_of(await m[0].slash(channel, "panel"))   # its button is gone with it
    panel = panel_of(await click_label(m[0], panel, "Discard Whisky"))
    await click_label(m[0], panel, "Offer Axe")
    await env.bot.publisher.idle()
    assert nonces and f"k{game.id}.{first_nonce}" not in nonces, (first_nonce, nonces)
    assert (await current_game(env, channel)).table_message_id != live.id
