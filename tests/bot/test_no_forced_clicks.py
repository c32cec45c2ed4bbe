"""No forced clicks (issue 20): a decision with one answer and nothing to hide is made by the bot,
and a response window does not ask a member to click a lone "Pass" — without telling the table
who holds a response (engine/unfathomable/RULINGS.md C8)."""
from __future__ import annotations

import random
from datetime import timedelta

from bot.db import utcnow
from engine.core import shapes
from engine.core.record import replay
from engine.registry import rules_for
from engine.simulate import choose
from tests.bot.helpers import all_text, current_game, fixed, new_game, open_panel, panel_of, waiting_ids

UNF = rules_for("unfathomable")


async def test_the_thing_draw_is_made_by_itself_announced_and_recorded(simcord_env):
    env = simcord_env
    _, channel, m = await new_game(env, 4, setup=fixed)
    game = await current_game(env, channel)
    rows = await env.bot.service.actions(game.id)
    # the draw, the only answer to the first decision, was made and logged as made by itself
    assert [row.action for row in rows] == [{"player": str(m[0].id), "type": "draw", "auto": True}]
    assert any("draws an event card" in (msg.content or "") for msg in channel.history())
    panel = await open_panel(m[0], channel)
    assert "You drew **Flamethrower**" in all_text(panel)  # the drawer is told privately
    assert "Draw" not in [c.get("label") for row in panel.components for c in row.get("components", [])]
    assert waiting_ids(channel) == [m[0].id]
    assert replay(await env.bot.service.record(game.id)).state == game.state  # replays exactly


async def unfathomable_game(service, players: int = 4, seed: int = 7):
    game = await service.create_lobby(77, 770 + seed, "unfathomable", 500)
    for user in range(501, 500 + players):
        await service.join(game.id, user)
    return (await service.start(game.id)).game


def held(prompts) -> list[dict]:
    return [p for p in prompts if p["kind"] == "window" and shapes.only_answer(p) is not None]


async def play_until(service, game, wanted, rng, limit=600):
    """Random members answer (never a window's lone pass) until ``wanted(game)``."""
    for _ in range(limit):
        game = await service.get(game.id)
        if wanted(game):
            return game
        assert game.status == "active"
        prompts = UNF.prompts(game.state)
        if service._window_waits(game, frozenset()):
            await service.expire(game.id, now=utcnow() + timedelta(minutes=1))
            continue
        asked = [p for p in prompts if p not in held(prompts)]
        prompt = rng.choice(asked)
        actions = [{"player": prompt["player"], **o} for o in prompt["options"]] \
            if prompt.get("shape", "one") == "one" else [{"player": prompt["player"], **shapes.pattern(prompt)}]
        action = choose(rng, game.state, actions, UNF)
        try:
            await service.act(game.id, {**action, "prompt": prompt["id"]})
        except Exception:  # noqa: BLE001 - a random subset breaking a total: the default instead
            await service.act(game.id, {"player": prompt["player"], "type": "default", "prompt": prompt["id"]})
    raise AssertionError("the wanted moment never came")


def waiting_window(game) -> bool:
    """A window in which only members with nothing usable are left (and someone was asked)."""
    prompts = UNF.prompts(game.state)
    return bool(prompts) and len(held(prompts)) == len(prompts)


async def test_a_window_closes_for_everyone_at_once_and_shows_nobody_s_answer(simcord_env):
    service = simcord_env.bot.service
    game = await play_until(service, await unfathomable_game(service), waiting_window, random.Random(3))
    frame = game.state["stack"][-1]
    assert frame["k"] == "window"
    pending = {p["player"] for p in UNF.prompts(game.state)}
    # the table sees everyone the window asked, answered or not: never who is left
    assert [w["player"] for w in service.waiting(game)] == frame["asked"]
    assert [p["player"] for p in UNF.view(game.state, None)["prompts"] if p["kind"] == "window"] == frame["asked"]
    # nothing is applied before the window's time is up: it waits (with no reminder ping)
    assert game.deadline is not None and game.reminder_at is None
    before = len(await service.actions(game.id))
    assert await service.expire(game.id, now=utcnow() + timedelta(seconds=2)) is None  # 10 s by default
    assert len(await service.actions(game.id)) == before
    outcome = await service.expire(game.id, now=utcnow() + timedelta(minutes=1))
    rows = (await service.actions(game.id))[before:]
    passes = [row.action for row in rows if row.action.get("type") == "pass"]
    assert {a["player"] for a in passes} == pending and all(a.get("auto") for a in passes)
    after = await service.get(game.id)
    assert not any(p["id"] == frame["id"] and p["kind"] == "window" for p in UNF.prompts(after.state))
    # one unnamed close is announced, never who was passed for
    from sqlmodel import select

    from bot.db import Outbox
    async with service.sessions() as session:
        notes = [n for row in (await session.exec(select(Outbox).where(Outbox.game_id == game.id))).all()
                 for n in row.payload.get("notices", []) if n.get("key") == "window.closed"]
    assert notes and all(not n.get("params") for n in notes)
    assert outcome is not None
    assert replay(await service.record(game.id)).state == after.state  # the passes replay exactly


async def test_a_member_who_turns_auto_pass_off_is_asked_and_the_window_waits_for_them(simcord_env):
    service = simcord_env.bot.service
    game = await play_until(service, await unfathomable_game(service, seed=8), waiting_window, random.Random(4))
    lone = held(UNF.prompts(game.state))[0]["player"]
    await service.set_member_autopass(int(lone), False)
    assert not await service.member_autopass(int(lone))
    assert not service._window_waits(game, await service._autopass_off_of(game))
    # an expiry now is a turn deadline for them, not the window's close: with no turn timeout it
    # leaves their decision to them
    await service._settle(game.id)
    game = await service.get(game.id)
    assert any(p["player"] == lone for p in UNF.prompts(game.state))
    await service.act(game.id, {"player": lone, "type": "pass", "prompt": lone_prompt(game, lone)})
    assert (await service.actions(game.id))[-1].action == {"player": lone, "type": "pass"}  # their own click


def lone_prompt(game, player) -> int:
    return next(p["id"] for p in UNF.prompts(game.state) if p["player"] == player)


async def test_a_server_with_no_window_time_closes_a_window_at_once(simcord_env):
    service = simcord_env.bot.service
    await service.update_guild_settings(77, window_seconds=0)
    rng = random.Random(5)
    game = await unfathomable_game(service, seed=9)
    for _ in range(300):  # no state ever waits on members with nothing usable alone
        game = await service.get(game.id)
        if game.status != "active":
            break
        assert not waiting_window(game)
        game = await play_until(service, game, lambda g: True, rng, limit=1)
        prompts = UNF.prompts(game.state)
        asked = [p for p in prompts if p not in held(prompts)]
        prompt = rng.choice(asked)
        await service.act(game.id, {"player": prompt["player"], "type": "default", "prompt": prompt["id"]})
    rows = await service.actions(game.id)
    assert any(row.action.get("auto") and row.action["type"] == "pass" for row in rows)


async def test_auto_pass_is_a_member_s_own_setting_and_the_panel_says_so(simcord_env):
    env = simcord_env
    await env.bot.tree.sync()
    guild = env.create_guild()
    channel = guild.create_text_channel("ship")
    member = guild.add_member(env.create_user("sailor"))
    reply = panel_of(await member.slash(channel, "settings autopass", on=False))
    assert "Auto-pass is off" in reply.content and reply.ephemeral
    assert not await env.bot.service.member_autopass(member.id)
    reply = panel_of(await member.slash(channel, "settings autopass", on=True))
    assert "Auto-pass is on" in reply.content
    assert await env.bot.service.member_autopass(member.id)
    refused = panel_of(await member.slash(channel, "settings window", seconds=0))
    assert "Only server admins" in refused.content  # the window time is the server's


async def test_game_status_after_the_end_shows_the_result_on_one_screen(simcord_env):
    """Issue 20: `/game status` after the end shows who won and why, the roles and the rounds."""
    env = simcord_env
    _, channel, m = await new_game(env, 4, setup=fixed)
    # MacReady burns the Thing with the Flamethrower he drew: the humans win
    from tests.bot.helpers import click_label
    await click_label(m[0], await open_panel(m[0], channel), "Flamethrower → player1")
    await click_label(m[1], await open_panel(m[1], channel), "Don't defend: you are out of the game")
    assert (await current_game(env, channel)).status == "finished"
    status = panel_of(await m[2].slash(channel, "game status"))
    assert status.ephemeral and "is over, after 1 round" in status.content
    summary = all_text(status)
    assert "The Thing" in summary and "burned" in summary.lower()  # who won and why
    assert all(f"<@{member.id}>" in summary for member in m)  # every role revealed


async def test_the_start_message_says_how_to_act_by_the_button_s_exact_label(simcord_env):
    from bot.games import ui_for
    from bot.i18n import t
    env = simcord_env
    _, channel, m = await new_game(env, 4, setup=fixed)
    label = ui_for("thing").hand_button_label("en")
    start = next(msg.content for msg in channel.history() if "game begins" in (msg.content or ""))
    assert f"**{label}**" in start and "`/panel`" in start
    table_labels = [item.label for msg in channel.history() for row in msg.components for item in row.children]
    assert label in table_labels  # the button it names is the one on the table
    for kind in ("unfathomable", "eldritch"):
        ui = ui_for(kind)
        for lang in ("en", "uk", "ru"):
            lines = ui.public_lines([{"type": "game_started", "audience": "all"}], lang)
            command = "/" + t(lang, "commands.names.panel")   # named in that language (/panel, /панель)
            assert any(f"**{ui.hand_button_label(lang)}**" in line and command in line for line in lines)


async def test_a_member_keeper_passes_a_window_for_is_never_pinged_for_it(simcord_env):
    """A window opens for everyone holding cards; a member with auto-pass on and nothing usable is
    passed for by Keeper when it closes, so their being asked is no decision handed to them: no
    ping. A member who can answer (or turned auto-pass off) is pinged as for any decision."""
    from tests.bot.unfathomable_driver import new_unfathomable, play_unfathomable

    env = simcord_env
    publisher = env.bot.publisher
    show, commit = publisher._show, env.backend.commit_message
    pinged: list[list[int]] = []
    wrong, windows = [], []

    def note(message, **kwargs):
        stored = commit(message, **kwargs)
        if not stored.is_ephemeral:
            pinged.append(list(stored.ping_user_ids))
        return stored

    async def watched(game, channel, chan_log, lang):
        before = len(pinged)
        await show(game, channel, chan_log, lang)
        prompts = UNF.prompts(game.state) if game.status == "active" else []
        lone = {p["player"] for p in held(prompts)} - {p["player"] for p in prompts if p not in held(prompts)}
        if lone:
            windows.append(lone)
        for users in pinged[before:]:
            wrong.extend((uid, "passed for by Keeper") for uid in users if str(uid) in lone)

    env.backend.commit_message, publisher._show = note, watched
    _, channel, members = await new_unfathomable(env, 5)
    steps = iter(range(100))
    await play_unfathomable(env, channel, members, random.Random(11), stop=lambda game: next(steps, None) is None)
    assert windows, "some window asked a member with nothing usable"
    assert any(pinged), "members handed a decision are pinged"
    assert not wrong, wrong
