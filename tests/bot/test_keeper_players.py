"""Issue 22, Keeper players at a Discord table (the real bot offline through SimCord): the lobby
seats Keeper players up to the game's most players and the game starts with fewer members; whole
games with Keeper players to the end, the leak scan on (a Keeper player's secrets are as secret
as a member's); /gm replace hands a seat to a Keeper player and back. Members click only what they
are offered."""
from __future__ import annotations

import random

import pytest

from bot.games.thing import render as thing_ui
from bot.seats import is_keeper, keeper_name
from engine.core.events import is_public, visible_to
from engine.registry import rules_for
from tests.bot.helpers import (Oracle, Versions, admin_of, all_text, current_game, leaks, open_lobby, panel_of,
                               play_to_the_end, private_kinds)
from tests.bot.unfathomable_driver import play_unfathomable, unfathomable_leaks

ADD, REMOVE = "🤖 Add a Keeper player", "Remove a Keeper player"


async def keeper_table(env, kind: str, members: int, keepers: int, monkeypatch=None, seed: int | None = None,
                       guild=None):
    """``members`` members open and join a lobby of ``kind``, the creator adds ``keepers`` Keeper
    players and starts: (guild, channel, members, lobby)."""
    guild, channel, people, lobby = await open_lobby(env, kind, members, guild, channel_name=f"{kind}-keepers")
    for _ in range(keepers):
        await people[0].click(lobby, label=ADD)
    if seed is not None:
        import bot.service
        monkeypatch.setattr(bot.service.secrets, "randbits", lambda bits: seed)
    await people[0].click(lobby, label="Start")
    return guild, channel, people, lobby


def keeper_seats(game) -> list[str]:
    return [p for p in game.players if is_keeper(p)]


async def assert_no_keeper_news(env, game) -> None:
    from sqlmodel import select

    from bot.db import News, Outbox
    async with env.bot.service.sessions() as session:
        rows = (await session.exec(select(News.user_id).where(News.game_id == game.id))).all()
        targets = (await session.exec(select(Outbox.user_id).where(Outbox.game_id == game.id,
                                                                   Outbox.user_id != None))).all()  # noqa: E711
    assert set(rows) | set(targets) <= {int(p) for p in game.players if p.isdigit()}


# ---------------------------------------------------------------- the lobby
async def test_the_lobby_adds_keeper_players_up_to_the_most_and_removes_them(simcord_env):
    env = simcord_env
    rules = rules_for("unfathomable")
    _, channel, members, lobby = await open_lobby(env, "unfathomable", 2, channel_name="lobby")
    creator, other = members
    # only the creator or an admin seats Keeper players
    refused = await other.click(lobby, label=ADD)
    assert "host" in (refused.followups[-1].content if refused.followups else refused.response.content)
    game = await current_game(env, channel)
    assert game.players == [str(creator.id), str(other.id)]
    for _ in range(rules.max_players - 2):
        await creator.click(lobby, label=ADD)
    game = await current_game(env, channel)
    assert len(game.players) == rules.max_players
    assert keeper_seats(game) == [f"keeper-{n}" for n in range(1, rules.max_players - 1)]
    lobby_now = next(m for m in channel.history() if m.id == lobby.id)
    text = all_text(lobby_now)
    assert "🤖 Keeper 1" in text and "Keeper players" in text and "<@keeper" not in text
    # the table is full: adding is greyed out (a stale lobby's click is still refused: lobby_full)
    assert greyed(channel, lobby) == {ADD: True, REMOVE: False}
    assert len((await current_game(env, channel)).players) == rules.max_players
    # a member joining a full table takes the last Keeper player's seat
    newcomer = channel.guild.add_member(env.create_user("newcomer"))
    await newcomer.click(lobby, label="Join")
    game = await current_game(env, channel)
    assert str(newcomer.id) in game.players and len(game.players) == rules.max_players
    assert f"keeper-{rules.max_players - 2}" not in game.players
    for _ in keeper_seats(game):
        await creator.click(lobby, label=REMOVE)
    game = await current_game(env, channel)
    assert keeper_seats(game) == [] and len(game.players) == 3
    assert greyed(channel, lobby) == {ADD: False, REMOVE: True}  # no Keeper player to remove


def greyed(channel, lobby) -> dict[str, bool]:
    """Whether each Keeper-player button of the lobby as the channel shows it now is disabled."""
    shown = next(m for m in channel.history() if m.id == lobby.id)
    return {button.label: bool(button.disabled) for row in shown.components
            for button in row.children if getattr(button, "label", None) in (ADD, REMOVE)}


async def test_too_few_players_points_at_keeper_players(simcord_env):
    """Issue 22: "the game starts with fewer people where agents fill the minimum": the refusal
    to start says how (it named only the minimum)."""
    env = simcord_env
    _, channel, members, lobby = await open_lobby(env, "thing", 2, channel_name="short")
    refused = await members[0].click(lobby, label="Start")
    text = all_text(refused.followups[-1] if refused.followups else refused.response)
    assert "at least 4 players (now 2)" in text and ADD in text
    assert greyed(channel, lobby) == {ADD: False, REMOVE: True}


async def test_the_refusal_to_start_offers_keeper_players_in_the_empty_seats_in_one_click(simcord_env):
    """"A game can start with whoever is online": the refusal to start carries a button that seats
    Keeper players up to the game's minimum and starts (it took an Add click per empty seat and
    Start again); only the creator or an admin may press it, and it acts once."""
    env = simcord_env
    guild, channel, members, lobby = await open_lobby(env, "thing", 2, channel_name="online")
    refusal = panel_of(await members[0].click(lobby, label="Start"))
    fill = next(c for row in refusal.components for c in row["components"]
                if c.get("custom_id", "").startswith("keeper:fillstart:"))
    assert fill["label"] == "🤖 Start: 2 Keeper players take the empty seats"
    # a member who is not the creator may not press it (a copy of it in their DMs)
    import discord
    from bot import operations
    from cogs.lobby import FillAndStartButton
    view = discord.ui.View()
    view.add_item(FillAndStartButton(int(fill["custom_id"].rsplit(":", 1)[1]), label="copy"))
    await operations.send_dm(env.bot, members[1].id, "copy", view=view)
    copy = members[1].user.dm_channel.history()[-1]
    refused = panel_of(await members[1].user.click(copy, custom_id=fill["custom_id"]))
    assert "host" in all_text(refused) and (await current_game(env, channel)).status == "lobby"
    done = panel_of(await members[0].click(refusal, custom_id=fill["custom_id"]))
    assert done.content == "✅ Started: 2 Keeper players took the empty seats." and not done.components
    game = await current_game(env, channel)
    assert game.status == "active" and len(game.players) == 4
    assert [p for p in game.players if is_keeper(p)] and {str(m.id) for m in members} <= set(game.players)
    shown = next(m for m in channel.history() if m.id == lobby.id)
    assert not any(row.children for row in shown.components)   # the lobby's buttons went with the start



async def test_the_start_offer_counts_only_the_keeper_players_it_seats(simcord_env):
    """A Keeper player seated earlier with Add is not one the offer seated (review: it said "2")."""
    env = simcord_env
    _, channel, members, lobby = await open_lobby(env, "thing", 2, channel_name="counted")
    await members[0].click(lobby, label=ADD)
    refusal = panel_of(await members[0].click(lobby, label="Start"))
    fill = next(c for row in refusal.components for c in row["components"]
                if c.get("custom_id", "").startswith("keeper:fillstart:"))
    assert fill["label"] == "🤖 Start: 1 Keeper player takes the empty seat"
    done = panel_of(await members[0].click(refusal, custom_id=fill["custom_id"]))
    assert done.content == "✅ Started: 1 Keeper player took the empty seat."


async def test_a_kick_in_a_full_lobby_redraws_it_with_adding_allowed_again(simcord_env):
    """A full lobby greys out "Add a Keeper player"; an admin's /gm kick frees a seat, and the
    lobby message is drawn again (it stayed greyed out until something else redrew it)."""
    env = simcord_env
    guild, channel, members, lobby = await open_lobby(env, "unfathomable", 2, channel_name="kick")
    for _ in range(rules_for("unfathomable").max_players - 2):
        await members[0].click(lobby, label=ADD)
    assert greyed(channel, lobby)[ADD]
    await admin_of(env, guild).slash(channel, "gm kick", member=members[1])
    assert str(members[1].id) not in (await current_game(env, channel)).players
    assert greyed(channel, lobby) == {ADD: False, REMOVE: False}


async def test_keeper_players_fill_the_minimum_but_never_play_alone(simcord_env):
    env = simcord_env
    _, channel, members, lobby = await open_lobby(env, "thing", 1, channel_name="few")
    await members[0].click(lobby, label="Start")
    assert (await current_game(env, channel)).status == "lobby"  # 1 of 4
    for _ in range(4):
        await members[0].click(lobby, label=ADD)
    await members[0].click(lobby, label="Leave")   # Keeper players alone play for nobody: the lobby closes
    assert (await current_game(env, channel)).status == "aborted"
    await members[0].slash(channel, "game new", kind="thing")
    lobby = channel.last_message
    for _ in range(4):
        await members[0].click(lobby, label=ADD)
    await members[0].click(lobby, label="Start")
    game = await current_game(env, channel)
    assert game.status == "active" and len(game.players) == 5 and len(keeper_seats(game)) == 4
    assert game.names["keeper-1"] == keeper_name("keeper-1")


# ---------------------------------------------------------------- whole games
class Watched:
    """A table of ``members`` members and ``keepers`` Keeper players, started with ``seed``,
    with every engine event (the oracle), every message version and every panel seen kept."""

    def __init__(self, env, monkeypatch, kind: str):
        self.env, self.monkeypatch, self.kind = env, monkeypatch, kind
        self.oracle = Oracle(monkeypatch, rules_for(kind))
        self.versions = Versions(env)
        self.seen: dict[int, list[str]] = {}

    async def start(self, members: int, keepers: int, seed: int):
        _, self.channel, self.members, _ = await keeper_table(self.env, self.kind, members, keepers,
                                                              self.monkeypatch, seed=seed)
        game = await current_game(self.env, self.channel)
        assert len(game.players) == members + keepers and len(keeper_seats(game)) == keepers
        return self

    async def on_panel(self, member, panel):
        self.seen.setdefault(member.id, []).append(all_text(panel))

    async def finished(self, problems) -> None:
        """The game is over, every Keeper player played and had secrets, none leaked (``problems``:
        the leak scan's findings, called with this table's oracle), and no Keeper player got news."""
        game = await current_game(self.env, self.channel)
        assert game.status == "finished"
        actors = {row.actor for row in await self.env.bot.service.actions(game.id) if not row.action.get("auto")}
        assert set(keeper_seats(game)) <= actors, "every Keeper player played"
        assert all(any(not is_public(ev) and visible_to(ev, seat) for ev in self.oracle.events)
                   for seat in keeper_seats(game)), "the Keeper players had secrets for the scan to look for"
        assert problems(self.oracle, self.channel, self.members, self.seen, keeper_seats(game), self.versions) == []
        await assert_no_keeper_news(self.env, game)
        public = "\n".join(all_text(m) for m in self.channel.history())
        assert "🤖 Keeper" in public and "<@keeper" not in public


async def test_a_whole_unfathomable_game_with_one_member_and_two_keeper_players(simcord_env, monkeypatch):
    table = await Watched(simcord_env, monkeypatch, "unfathomable").start(1, 2, seed=57)
    stats = await play_unfathomable(simcord_env, table.channel, table.members, random.Random(57), max_clicks=900,
                                    on_panel=table.on_panel)
    assert {"loyalty_dealt", "skills_drawn_you"} <= private_kinds(table.oracle), dict(stats)
    await table.finished(unfathomable_leaks)


async def test_a_whole_thing_game_with_two_members_and_three_keeper_players(simcord_env, monkeypatch):
    table = await Watched(simcord_env, monkeypatch, "thing").start(2, 3, seed=5)
    await play_to_the_end(simcord_env, table.channel, table.members, random.Random(5), on_panel=table.on_panel)
    await table.finished(lambda *scan: leaks(*scan[:4], thing_ui.private_lines, *scan[4:])[0])


# ---------------------------------------------------------------- /gm replace
async def test_gm_replace_hands_a_seat_to_a_keeper_player_and_back(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    admin = admin_of(env, guild)
    _, channel, members, lobby = await open_lobby(env, "thing", 4, guild, channel_name="swap")
    await members[0].click(lobby, label="Start")
    game = await current_game(env, channel)
    waited = rules_for("thing").prompts(game.state)[0]["player"]
    leaving = next(m for m in members if str(m.id) == waited)
    before = game.last_action
    reply = await admin.slash(channel, "gm replace", old=leaving)
    game = await current_game(env, channel)
    assert str(leaving.id) not in game.players and "keeper-1" in game.players
    assert "🤖 Keeper 1" in all_text(reply.followups[-1] if reply.followups else reply.response)
    played = [row for row in await env.bot.service.actions(game.id) if row.number > before]
    assert any(row.actor == "keeper-1" for row in played), "the Keeper player took the turn it was handed"
    assert not any(p["player"] == "keeper-1" for p in env.bot.service.prompts(game))
    refused = await leaving.slash(channel, "panel")
    assert "not playing" in all_text(refused.followups[-1] if refused.followups else refused.response)
    # the seat back, for another member: hand, and what the seat has seen, as their news
    newcomer = guild.add_member(env.create_user("newcomer"))
    await admin.slash(channel, "gm replace", seat="keeper-1", new=newcomer)
    game = await current_game(env, channel)
    assert "keeper-1" not in game.players and str(newcomer.id) in game.players
    panel = await newcomer.slash(channel, "panel")
    text = all_text(panel.followups[-1] if panel.followups else panel.response)
    assert thing_ui.cards("en", game.state["hands"][str(newcomer.id)]) in text
    news = await env.bot.service.news(game.id, newcomer.id)
    assert news and all(visible_to(ev, str(newcomer.id)) for ev in news)
    # naming both a member and a seat, or a seat without a member to take it, is refused
    for params in ({"old": members[2], "seat": "keeper-1"}, {"seat": "keeper-1"}, {}):
        answer = await admin.slash(channel, "gm replace", **params)
        assert "Name the seat" in all_text(answer.followups[-1] if answer.followups else answer.response)


# ---------------------------------------------------------------- kicked seats
@pytest.mark.parametrize("action", [None, "default"])
async def test_a_kicked_seat_is_played_by_the_agent_unless_the_server_keeps_plain_defaults(simcord_env, action):
    from tests.bot.helpers import guild_with_deadlines
    env = simcord_env
    guild, admin = await guild_with_deadlines(env, action=action)
    _, channel, members, lobby = await open_lobby(env, "thing", 4, guild, channel_name="kicked")
    await members[0].click(lobby, label="Start")
    game = await current_game(env, channel)
    waited = rules_for("thing").prompts(game.state)[0]["player"]
    member = next(m for m in members if str(m.id) == waited)
    before = game.last_action
    await admin.slash(channel, "gm kick", member=member)
    game = await current_game(env, channel)
    played = [row.action for row in await env.bot.service.actions(game.id)
              if row.number > before and row.action["player"] == waited and not row.action.get("auto")]
    assert played, "the kicked member's decision was made at once"
    if action == "default":
        assert all(a["type"] == "default" for a in played)
    else:
        assert all(a["type"] != "default" for a in played)
