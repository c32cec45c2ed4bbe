"""A member's own seat, without an admin: "a game can start with whoever is online" and go on
with whoever comes and goes. A member who must go hands their seat to Keeper (/game away) and
takes it back with one click; a member who comes online after the start takes a Keeper player's
seat from the refusal of the table's button (or /game join). Each member looks into one seat
only: who left a seat takes no other. The real bot offline (SimCord), members clicking only
what they are shown."""
from __future__ import annotations

import random

import pytest

from datetime import timedelta

from sqlmodel import select

from bot.db import News, utcnow
from bot.games.thing import render as thing_ui
from bot.seats import is_keeper
from bot.service import STAND_IN
from engine.registry import rules_for
from tests.bot.helpers import (admin_of, all_text, choose, current_game, fixed, guild_with_deadlines, open_lobby,
                               open_panel, option_components, panel_of)

ACT = thing_ui.hand_button_label("en")


def buttons(message) -> dict[str, str]:
    return {c.get("label", c["custom_id"]): c["custom_id"] for row in message.components for c in row["components"]
            if c.get("custom_id")}


def table_message(channel):
    return next(m for m in reversed(channel.history())
                if any(getattr(c, "label", None) == ACT for row in m.components for c in row.children))


async def started(env, members: int, keepers: int = 0, name: str = "seats"):
    guild, channel, people, lobby = await open_lobby(env, "thing", members, channel_name=name)
    for _ in range(keepers):
        await people[0].click(lobby, label="🤖 Add a Keeper player")
    await people[0].click(lobby, label="Start")
    return guild, channel, people


async def test_a_member_steps_away_keeper_plays_at_once_and_one_click_brings_them_back(simcord_env):
    env = simcord_env
    _, channel, members = await started(env, 4, name="away")
    game = await current_game(env, channel)
    waited = rules_for("thing").prompts(game.state)[0]["player"]
    member = next(m for m in members if str(m.id) == waited)
    old_panel = panel_of(await member.slash(channel, "panel"))
    before, dms = game.last_action, len(member.user.dm_channel.history()) if member.user.dm_channel else 0

    reply = panel_of(await member.slash(channel, "game away"))
    assert "Keeper plays your seat now" in reply.content and "↩️ Back to my seat" in buttons(reply)
    game = await current_game(env, channel)
    assert waited in game.away and waited in game.autopilot
    assert any(f"<@{waited}> steps away: Keeper plays their seat until they are back." in all_text(m)
               for m in channel.history())
    played = [row for row in await env.bot.service.actions(game.id) if row.number > before]
    assert played and all(row.actor == STAND_IN for row in played if row.action["player"] == waited)
    assert not any(p["player"] == waited for p in env.bot.service.prompts(game)), "nobody waits for them"

    # while away: their panel shows their hand and the way back, and no decision
    panel = panel_of(await member.slash(channel, "panel"))
    assert thing_ui.cards("en", game.state["hands"][waited]) in all_text(panel)
    assert "You are away" in all_text(panel) and list(buttons(panel)) == ["↩️ Back to my seat"]
    # a control of the panel they had open is refused, with the way back beside the refusal
    control = next(cid for label, cid in buttons(old_panel).items() if cid.startswith("keeper:opt"))
    refused = panel_of(await member.click(old_panel, custom_id=control))
    assert "while you are away" in all_text(refused) and "↩️ Back to my seat" in buttons(refused)
    assert (await current_game(env, channel)).last_action == game.last_action
    # Keeper plays on for them without a DM or a ping
    dm_channel = member.user.dm_channel
    assert (len(dm_channel.history()) if dm_channel else 0) == dms
    again = panel_of(await member.slash(channel, "game away"))
    assert "already plays your seat" in all_text(again)

    back = panel_of(await member.click(panel, label="↩️ Back to my seat"))
    game = await current_game(env, channel)
    assert waited not in game.away and waited not in game.autopilot
    assert "Your seat is yours again." in all_text(back) and "You are away" not in all_text(back)
    told = next(m for m in reversed(channel.history()) if f"<@{waited}> is back and plays their seat again." in all_text(m))
    assert member.id not in env.backend.get_message(channel.id, told.id).ping_user_ids
    assert "not away" in all_text(panel_of(await member.slash(channel, "game back")))


async def test_a_kicked_member_cannot_come_back_by_themselves(simcord_env):
    """An admin's removal is not the member's to undo (/game away's is)."""
    env = simcord_env
    guild, channel, members = await started(env, 4, name="kicked-back")
    await admin_of(env, guild).slash(channel, "gm kick", member=members[1])
    refused = panel_of(await members[1].slash(channel, "game back"))
    assert "An admin removed you" in all_text(refused)
    assert str(members[1].id) in (await current_game(env, channel)).autopilot


async def test_a_latecomer_takes_a_keeper_players_seat_from_the_tables_button(simcord_env):
    """Started with Keeper players in the empty seats, the game gives a seat to whoever comes
    online later: the table's button refuses a member who plays no seat with one button per
    Keeper player's seat, and one click seats them there with the seat's hand, their panel shown."""
    env = simcord_env
    guild, channel, members = await started(env, 2, keepers=2, name="latecomer")
    game = await current_game(env, channel)
    seats = [p for p in game.players if is_keeper(p)]
    place = game.players.index(seats[0])
    latecomer = guild.add_member(env.create_user("latecomer"))
    refusal = panel_of(await latecomer.click(table_message(channel), label=ACT))
    offered = buttons(refusal)
    assert "Keeper players sit at this table" in all_text(refusal)
    assert list(offered) == ["🪑 Take the seat of 🤖 Keeper 2", "🪑 Take the seat of 🤖 Keeper 1"]
    panel = panel_of(await latecomer.click(refusal, label="🪑 Take the seat of 🤖 Keeper 1"))
    game = await current_game(env, channel)
    me = str(latecomer.id)
    assert seats[0] not in game.players and me in game.players and seats[1] in game.players
    assert game.players.index(me) == place, "the seat itself, not a new one"
    assert thing_ui.cards("en", game.state["hands"][me]) in all_text(panel)
    assert "You play this seat now" in all_text(panel)
    told = next(m for m in reversed(channel.history()) if f"<@{me}> takes the seat of 🤖 Keeper 1." in all_text(m))
    assert latecomer.id not in env.backend.get_message(channel.id, told.id).ping_user_ids, \
        "they took it themselves: no ping"
    # the same button again, or /game join, seats nobody twice
    again = panel_of(await latecomer.slash(channel, "game join"))
    assert "already in this game" in all_text(again)


async def test_who_left_a_seat_takes_no_other(simcord_env):
    """A member whose seat an admin handed to Keeper may not look into a second seat by
    themselves: no offer, and /game join refuses (an admin still may seat them)."""
    env = simcord_env
    guild, channel, members = await started(env, 2, keepers=2, name="left")
    await admin_of(env, guild).slash(channel, "gm replace", old=members[1])
    game = await current_game(env, channel)
    assert str(members[1].id) in game.left and str(members[1].id) not in game.players
    refused = panel_of(await members[1].click(table_message(channel), label=ACT))
    assert "not playing" in all_text(refused) and not buttons(refused)
    joined = panel_of(await members[1].slash(channel, "game join"))
    assert "an admin gave your seat to another player" in all_text(joined)
    assert len((await current_game(env, channel)).players) == 4


async def test_game_join_seats_a_member_in_the_lobby_too(simcord_env):
    env = simcord_env
    guild, channel, members, lobby = await open_lobby(env, "thing", 1, channel_name="join-lobby")
    newcomer = guild.add_member(env.create_user("newcomer"))
    reply = panel_of(await newcomer.slash(channel, "game join"))
    assert reply.content == "You joined the game."
    assert str(newcomer.id) in (await current_game(env, channel)).players
    no_seat = panel_of(await guild.add_member(env.create_user("x")).slash(channel, "game away"))
    assert "not running" in all_text(no_seat) or "not in this game" in all_text(no_seat)


async def test_game_status_offers_a_member_who_plays_no_seat_the_keeper_players_seats(simcord_env):
    env = simcord_env
    guild, channel, members = await started(env, 3, keepers=1, name="status-seats")
    onlooker = guild.add_member(env.create_user("onlooker"))
    status = panel_of(await onlooker.slash(channel, "game status"))
    assert "you can take one" in all_text(status) and list(buttons(status)) == ["🪑 Take the seat of 🤖 Keeper 1"]
    mine = panel_of(await members[0].slash(channel, "game status"))
    assert "you can take one" not in all_text(mine) and not buttons(mine)
    await onlooker.click(status, label="🪑 Take the seat of 🤖 Keeper 1")
    assert str(onlooker.id) in (await current_game(env, channel)).players


async def test_the_last_member_playing_cannot_step_away(simcord_env):
    """With every member away Keeper would play the rest of the game in one go: a member who
    went to lunch would come back to a finished game. The last one is refused; the game waits."""
    env = simcord_env
    _, channel, members = await started(env, 2, keepers=2, name="last-away")
    await members[0].slash(channel, "game away")
    refused = panel_of(await members[1].slash(channel, "game away"))
    assert "last member still playing" in all_text(refused)
    game = await current_game(env, channel)
    assert game.status == "active" and str(members[1].id) not in game.autopilot


@pytest.mark.parametrize("seed", [3, 8])   # 8: a response window of theirs closes at a deadline between
async def test_a_member_who_misses_two_deadlines_in_a_row_is_taken_for_away(simcord_env, monkeypatch, seed):
    """The table waited a whole turn time for every decision of a member who had gone: after two
    deadlines in a row Keeper plays their seat until they are back, as after /game away (one click
    brings them back). A decision of their own between two deadlines starts the count again."""
    from datetime import timedelta

    from bot.db import utcnow
    from tests.bot.helpers import guild_with_deadlines
    env = simcord_env
    guild, admin = await guild_with_deadlines(env)
    _, channel, members, lobby = await open_lobby(env, "thing", 4, guild, channel_name="missed")
    import bot.service
    monkeypatch.setattr(bot.service.secrets, "randbits", lambda bits: seed)
    await members[0].click(lobby, label="Start")
    deadlines = next(c for c in env.bot.cogs.values() if hasattr(c, "_expire"))
    game = await current_game(env, channel)
    gone = rules_for("thing").prompts(game.state)[0]["player"]   # to draw, then to play or discard
    member = next(m for m in members if str(m.id) == gone)

    later = utcnow() + timedelta(hours=1)

    rng = random.Random(3)

    async def click_any(someone):
        panel = await open_panel(someone, channel)
        control = rng.choice([c for c in option_components(panel) if not c["custom_id"].startswith("keeper:free:")])
        value = rng.choice(control["options"])["value"] if control["type"] == 3 else None
        await choose(someone, panel, control, value)

    async def until_theirs():
        """The others answer for themselves until a decision of theirs waits."""
        for _ in range(50):
            game = await current_game(env, channel)
            waiting = [p["player"] for p in env.bot.service.prompts(game)]
            if gone in waiting:
                return game
            await click_any(next(m for m in members if str(m.id) == waiting[0]))
        raise AssertionError("no decision of theirs came")

    await deadlines.check(later)                      # one of theirs, answered by Keeper
    await until_theirs()
    await click_any(member)                           # then one of their own
    await until_theirs()
    await deadlines.check(later)                      # one by Keeper: not two in a row
    game = await current_game(env, channel)
    assert gone not in game.away, "a decision of their own came between"
    for _ in range(10):   # the next of theirs at a deadline (a response window closing counts for nothing)
        await until_theirs()
        await deadlines.check(later)
        game = await current_game(env, channel)
        if gone in game.away:
            break
    assert gone in game.away and game.status == "active"
    theirs = [r.action for r in await env.bot.service.actions(game.id)
              if r.action["player"] == gone and not r.action.get("auto")]
    until = max(i for i, a in enumerate(theirs) if a.get("deadline")) + 1
    assert [bool(a.get("deadline")) for a in theirs[:until]][-3:] == [False, True, True], theirs
    assert gone in game.autopilot
    assert any(f"<@{gone}> missed 2 deadlines in a row: Keeper plays their seat until they are back" in all_text(m)
               for m in channel.history())
    panel = panel_of(await member.slash(channel, "panel"))
    assert "↩️ Back to my seat" in buttons(panel)


# ---------------------------------------------------------------- from a review (rv17): each failed before its fix
async def test_kick_of_an_away_member_is_not_undone_by_game_back(simcord_env):
    env = simcord_env
    guild, channel, members = await started(env, 4, name="kick-away")
    await members[1].slash(channel, "game away")
    await admin_of(env, guild).slash(channel, "gm kick", member=members[1])
    reply = panel_of(await members[1].slash(channel, "game back"))
    game = await current_game(env, channel)
    assert str(members[1].id) in game.autopilot, "a kicked member took their seat back by /game back"


async def test_a_latecomer_in_a_keeper_seat_is_not_taken_for_away_for_the_keeper_players_moves(simcord_env, monkeypatch):
    """The Keeper player's moves become the seat's (marked Keeper's) when a member takes it: they
    are no deadlines the member missed (rv17: one missed deadline took the latecomer for away)."""
    env = simcord_env
    import bot.service
    monkeypatch.setattr(bot.service.secrets, "randbits", lambda bits: 5)   # one deal: some ended too soon
    guild, channel, members = await started(env, 2, keepers=2, name="late-missed")
    rng = random.Random(5)
    for _ in range(120):
        game = await current_game(env, channel)
        seat = [p for p in game.players if is_keeper(p)][0]
        rows = [r.action for r in await env.bot.service.actions(game.id)
                if r.action.get("player") == seat and not r.action.get("auto")]
        if len(rows) >= 2:
            break
        await click_for_the_waiting(env, channel, members, rng)
    latecomer = guild.add_member(env.create_user("latecomer"))
    await env.bot.service.take_keeper_seat(game.id, latecomer.id, "latecomer", seat)
    me = str(latecomer.id)
    theirs = [r.action for r in await env.bot.service.actions(game.id)
              if r.action.get("player") == me and not r.action.get("auto")]
    assert len(theirs) >= 2 and all(a.get("keeper") for a in theirs[-2:])
    await env.bot.service._away_after_missed(game.id, [me])
    assert me not in (await current_game(env, channel)).away


async def click_for_the_waiting(env, channel, members, rng):
    game = await current_game(env, channel)
    assert game.status == "active"
    waiting = [p["player"] for p in env.bot.service.prompts(game)]
    m = next(m for m in members if str(m.id) == waiting[0])
    panel = await open_panel(m, channel)
    control = rng.choice([c for c in option_components(panel) if not c["custom_id"].startswith("keeper:free:")])
    await choose(m, panel, control, rng.choice(control["options"])["value"] if control["type"] == 3 else None)


async def test_an_away_members_seat_keeps_its_private_news(simcord_env, monkeypatch):
    """What the seat is shown while Keeper plays it (a card received in an exchange tells who the
    Thing is) waits in the member's panel for their return, without a DM (rv17: it was lost)."""
    env = simcord_env
    import bot.service
    monkeypatch.setattr(bot.service.secrets, "randbits", lambda bits: 11)
    guild, channel, members = await started(env, 4, name="away-news")
    game = await current_game(env, channel)
    waited = rules_for("thing").prompts(game.state)[0]["player"]
    member = next(m for m in members if str(m.id) == waited)
    dms = len(member.user.dm_channel.history()) if member.user.dm_channel else 0
    await member.slash(channel, "game away")
    since = (await current_game(env, channel)).last_action
    rng, others = random.Random(4), [m for m in members if m is not member]

    async def news_since():
        async with env.bot.service.sessions() as s:
            return (await s.exec(select(News).where(News.game_id == game.id, News.user_id == int(waited),
                                                    News.number > since))).all()
    for _ in range(60):   # the others play on until the seat Keeper plays is shown something
        if await news_since():
            break
        await click_for_the_waiting(env, channel, others, rng)
    assert await news_since(), "what the seat saw while Keeper played it is not kept for the member"
    assert (len(member.user.dm_channel.history()) if member.user.dm_channel else 0) == dms


async def test_plain_defaults_while_away_do_not_count_as_missed_after_back(simcord_env):
    """With the server's plain defaults Keeper's moves for an away member are plain defaults:
    no deadlines they missed (rv17: back, they were taken for away again after one)."""
    env = simcord_env
    guild, admin = await guild_with_deadlines(env, action="default")
    _, channel, members, lobby = await open_lobby(env, "thing", 4, guild, channel_name="plain-back")
    game = await env.bot.service.live_game(channel.id)
    await env.bot.service.set_setup(game.id, fixed(members))   # Ann first: a discard and an offer of hers
    await members[0].click(lobby, label="Start")
    gone = str(members[0].id)
    await members[0].slash(channel, "game away")       # Keeper plays her turn: plain defaults
    await members[0].slash(channel, "game back")
    theirs = [r.action for r in await env.bot.service.actions(game.id)
              if r.action.get("player") == gone and not r.action.get("auto")]
    assert len(theirs) >= 2 and all(a.get("type") == "default" for a in theirs[-2:]), theirs
    await env.bot.service._away_after_missed(game.id, [gone])
    assert gone not in (await current_game(env, channel)).away


async def test_a_member_is_not_the_last_one_playing_beside_a_dead_member(simcord_env):
    """The Thing: a member out of the game (💀) is still in game.players and not on autopilot."""
    env = simcord_env
    for attempt in range(12):
        guild, channel, members = await started(env, 2, keepers=2, name=f"dead-{attempt}")
        rng = random.Random(attempt)
        dead = None
        for _ in range(200):
            game = await current_game(env, channel)
            if game.status != "active":
                break
            dead = next((m for m in members if str(m.id) not in game.state["seats"]), None)
            if dead is not None:
                break
            waiting = [p["player"] for p in env.bot.service.prompts(game)]
            m = next(m for m in members if str(m.id) == waiting[0])
            p = await open_panel(m, channel)
            control = rng.choice([c for c in option_components(p) if not c["custom_id"].startswith("keeper:free:")])
            await choose(m, p, control, rng.choice(control["options"])["value"] if control["type"] == 3 else None)
        if dead is not None and game.status == "active":
            break
    else:
        raise AssertionError("no member died")
    alive = next(m for m in members if m is not dead)
    reply = panel_of(await alive.slash(channel, "game away"))
    game = await current_game(env, channel)
    assert game.status == "active" and str(alive.id) not in game.away, \
        "the last living member stepped away: Keeper played the rest of the game at once"


async def test_stepping_away_does_not_ping_the_member(simcord_env):
    env = simcord_env
    _, channel, members = await started(env, 4, name="away-ping")
    game = await current_game(env, channel)
    waited = rules_for("thing").prompts(game.state)[0]["player"]
    member = next(m for m in members if str(m.id) == waited)
    first = len(channel.history())
    await member.slash(channel, "game away")
    await env.bot.publisher.idle()
    pinged = []
    for m in channel.history():
        stored = env.backend.get_message(channel.id, m.id)
        if member.id in (stored.ping_user_ids or ()):
            pinged.append(all_text(m)[:300])
    told = next(m for m in channel.history() if "steps away" in all_text(m))
    assert member.id not in env.backend.get_message(channel.id, told.id).ping_user_ids
