"""Leak scan: across simulated games, no public message and no message to member X holds
information that only another member was entitled to see."""
from __future__ import annotations

import random

import pytest

from bot.games.thing import render as thing_ui
from bot.i18n import t
from engine.core.events import is_public, visible_to
from engine.core.record import replay
from tests.bot.helpers import Versions, all_text, close_dms, current_game, new_game, play_to_the_end


def lines_of(text: str) -> set[str]:
    return {line.strip() for line in text.splitlines() if line.strip()}


@pytest.mark.parametrize("players,seed,options", [(5, 11, []), (6, 12, ["thing_in_deck", "revenge"])])
async def test_no_private_information_reaches_anyone_else(simcord_env, players, seed, options):
    env = simcord_env
    rng = random.Random(seed)
    versions = Versions(env)  # every version: the log and the table are edited, panels edited in place
    _, channel, members = await new_game(env, players, options)
    seen: dict[int, list[str]] = {m.id: [] for m in members}

    async def on_panel(member, panel):
        text = all_text(panel)
        seen[member.id].append(text)
        # the panel's hand is exactly the member's own hand, nobody else's
        game = await current_game(env, channel)
        hand = game.state["hands"][str(member.id)]
        field = next(f for f in panel.embeds[0].fields if f.name == "Cards")
        assert field.value == (thing_ui.cards("en", hand) if hand else t("en", "thing.panel.hand_empty"))

    await play_to_the_end(env, channel, members, rng, on_panel=on_panel)
    game = await current_game(env, channel)
    assert game.status == "finished"

    # every private line the game produced, and which members were entitled to each
    record = await env.bot.service.record(game.id)
    events = replay(record).events
    entitled: dict[str, set[int]] = {}
    for ev in events:
        if is_public(ev):
            continue
        for member in members:
            for line in thing_ui.private_lines([ev], str(member.id), "en"):
                entitled.setdefault(line, set()).add(member.id)
    assert entitled, "the game produced private information"

    public = set()
    for message in channel.history():
        public |= lines_of(all_text(message))
    for text in versions.public.get(channel.id, []):
        public |= lines_of(text)
    assert len(versions.public[channel.id]) > len(channel.history()), "the scan saw the edited versions"
    leaked_public = public & set(entitled)
    assert not leaked_public, f"private lines in the public channel: {sorted(leaked_public)[:3]}"

    for member in members:
        received = set()
        for message in member.user.dm_channel.history():
            received |= lines_of(all_text(message))
        for text in seen[member.id] + versions.private.get(member.id, []) \
                + versions.public.get(member.user.dm_channel.id, []):
            received |= lines_of(text)
        foreign = {line for line in received & set(entitled) if member.id not in entitled[line]}
        assert not foreign, f"{member.name} saw another member's private lines: {sorted(foreign)[:3]}"
        mine = {line for line, who in entitled.items() if member.id in who}
        assert mine & received, f"{member.name} received none of their own private information"


async def test_no_leak_through_admin_tools_deadlines_and_closed_dms(simcord_env):
    """Kick, forced undo, skip, replace, play by deadlines only and a member with closed DMs:
    still nobody sees a private line they were not entitled to."""
    from datetime import timedelta

    from bot.db import utcnow
    from engine.core.game import rename_player
    from engine.registry import rules_for
    from tests.bot.helpers import choose, guild_with_deadlines, open_panel, option_components, panel_of, waiting_ids

    env = simcord_env
    rng = random.Random(21)
    versions = Versions(env)
    guild, admin = await guild_with_deadlines(env)

    # every event the engine produces, as it is produced (undone branches included)
    rules = rules_for("thing")
    produced: list[dict] = []
    real_apply, real_new = rules.apply, rules.new_game

    def apply(state, action):
        new_state, events = real_apply(state, action)
        produced.extend(events)
        return new_state, events

    def new_game(*args, **kwargs):
        state, events = real_new(*args, **kwargs)
        produced.extend(events)
        return state, events

    rules.apply, rules.new_game = apply, new_game
    try:
        closed_user = env.create_user("closed")
        close_dms(env, closed_user)
        closed = guild.add_member(closed_user)
        channel = guild.create_text_channel("leaks")
        members = [guild.add_member(env.create_user(f"m{i}")) for i in range(5)] + [closed]
        await members[0].slash(channel, "game new", kind="thing")
        lobby = channel.last_message
        for member in members[1:]:
            await member.click(lobby, label="Join")
        await members[0].click(lobby, label="Start")
        by_id = {m.id: m for m in members}
        seen: dict[int, list[str]] = {m.id: [] for m in members}

        async def click_some(count):
            for _ in range(count):
                waiting = [w for w in waiting_ids(channel) if w in by_id]
                if not waiting:
                    return
                member = by_id[rng.choice(waiting)]
                panel = await open_panel(member, channel)
                seen[member.id].append(all_text(panel))
                controls = [c for c in option_components(panel) if not c["custom_id"].startswith("keeper:free:")]
                if not controls:
                    return
                control = rng.choice(controls)
                value = rng.choice(control["options"])["value"] if control["type"] == 3 else None
                seen[member.id].append(all_text(panel_of(await choose(member, panel, control, value))))

        await click_some(12)
        await admin.slash(channel, "gm kick", member=members[1])
        await click_some(6)
        await admin.slash(channel, "gm undo", count=2, force=True)
        await click_some(4)
        await admin.slash(channel, "gm skip")
        newcomer = guild.add_member(env.create_user("newcomer"))
        by_id[newcomer.id] = newcomer
        seen[newcomer.id] = []
        await admin.slash(channel, "gm replace", old=members[2], new=newcomer)
        # the seat's earlier private news now belongs to the newcomer (under their id)
        produced[:] = produced + [rename_player(ev, str(members[2].id), str(newcomer.id)) for ev in produced]
        for member in (newcomer, members[2], closed):
            seen[member.id].append(all_text(panel_of(await member.slash(channel, "panel"))))
        game = await current_game(env, channel)
        before = len(await env.bot.service.actions(game.id))
        cog = env.bot.get_cog("DeadlineCog")
        for step in range(1, 40):  # from here on nobody clicks: deadlines play the game
            if (await current_game(env, channel)).status != "active":
                break
            await cog.check(utcnow() + timedelta(minutes=11 * step))
        played = len(await env.bot.service.actions(game.id)) - before
        # deadlines played on: to the end (a random deal may end within a few turns) or 20 moves and more
        assert played > 0 and ((await current_game(env, channel)).status == "finished" or played > 20), played
        seen[closed.id].append(all_text(panel_of(await closed.slash(channel, "panel"))))
    finally:
        rules.apply, rules.new_game = real_apply, real_new

    everyone = list(seen)
    entitled: dict[str, set[int]] = {}
    for ev in produced:
        if is_public(ev):
            continue
        for uid in everyone:
            if not visible_to(ev, str(uid)):  # the oracle: the engine's audience, not the renderer's filter
                continue
            for line in thing_ui.private_lines([ev], str(uid), "en"):
                entitled.setdefault(line, set()).add(uid)
    assert entitled

    public = set()
    for message in channel.history():
        public |= lines_of(all_text(message))
    for text in versions.public.get(channel.id, []):
        public |= lines_of(text)
    leaked = public & set(entitled)
    assert not leaked, f"private lines in the public channel: {sorted(leaked)[:3]}"
    handles = {m.id: m.user for m in members} | {newcomer.id: newcomer.user}
    for uid in everyone:
        received = set()
        for message in handles[uid].dm_channel.history():
            received |= lines_of(all_text(message))
        for text in seen[uid] + versions.private.get(uid, []) + versions.public.get(handles[uid].dm_channel.id, []):
            received |= lines_of(text)
        foreign = {line for line in received & set(entitled) if uid not in entitled[line]}
        assert not foreign, f"member {uid} saw another member's private lines: {sorted(foreign)[:3]}"
    # the member with closed DMs got nothing by DM, and still read their own news in /panel
    assert not closed.user.dm_channel.history()
    assert lines_of("\n".join(seen[closed.id])) & {line for line, who in entitled.items() if closed.id in who}
