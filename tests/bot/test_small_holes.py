"""Small holes (issue 19, defect 6): select values parsed strictly, a /game new race between two
processes answered truthfully, the lobby message's buttons stripped after a slash /game start."""
from __future__ import annotations

import pytest

from bot.db import create_tables, make_engine, session_factory
from bot.service import GameService, ServiceError
from cogs.play import answer_of
from tests.bot.helpers import open_lobby, panel_of


def lobby_controls(message) -> list[str]:
    return [getattr(item, "custom_id", "") for row in message.components for item in row.children]


async def test_a_forged_select_value_is_refused_not_a_crash(simcord_env):
    import discord

    from tests.bot.test_sound_floor import channel_message_with

    env = simcord_env
    _, channel, members, lobby = await open_lobby(env, "thing", 4)
    number = next(cid for cid in lobby_controls(lobby) if cid.startswith("keeper:lobbynum:"))
    # a forged client sends '³' to the lobby's number menu: it passes str.isdigit() and then
    # int() raised (a logged bug and "Something went wrong")
    forged = discord.ui.View()
    forged.add_item(discord.ui.Select(custom_id=number, options=[discord.SelectOption(label="3", value="³")]))
    message = await channel_message_with(env, channel, forged)
    text = panel_of(await members[0].select(message, ["³"], custom_id=number)).content or ""
    assert "Something went wrong" not in text and "different game" in text  # the stale-control refusal
    assert "infected_count" not in (await env.bot.service.live_game(channel.id)).options


def test_number_and_subset_answers_accept_only_ascii_digits():
    number = {"shape": "number", "number": {"action": {"type": "bid"}, "field": "n", "min": 0, "max": 9}}
    assert answer_of(number, "7") == {"type": "bid", "n": 7}
    assert answer_of(number, "-2") == {"type": "bid", "n": -2}
    for forged in ("³", "٣", "7.0", " 7", "1" * 40):
        assert answer_of(number, forged) is None
    subset = {"shape": "subset", "subset": {"action": {"type": "drop"}, "field": "cards", "ids": ["a", "b", "c"],
                                             "min": 0, "max": 3}}
    assert answer_of(subset, ["0", "2"]) == {"type": "drop", "cards": ["a", "c"]}
    assert answer_of(subset, ["0", "²"]) is None and answer_of(subset, ["-1"]) is None


async def test_game_new_racing_in_two_processes_gets_a_true_answer(tmp_path):
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'race.sqlite3'}")
    await create_tables(engine)
    first, second = GameService(session_factory(engine)), GameService(session_factory(engine))
    try:
        async def nothing_yet(channel_id):  # the second process looked before the first committed
            return None
        second.live_game = nothing_yet
        await first.create_lobby(1, 10, "thing", 101)
        with pytest.raises(ServiceError) as refused:  # was a bare IntegrityError
            await second.create_lobby(1, 10, "thing", 202)
        assert refused.value.code == "channel_busy"
    finally:
        await engine.dispose()


async def test_the_lobby_loses_its_buttons_after_a_slash_start(simcord_env):
    env = simcord_env
    await env.bot.tree.sync()
    _, channel, members, lobby = await open_lobby(env, "thing", 4)
    assert any(cid.startswith("keeper:lobby:") for cid in lobby_controls(lobby))
    await members[0].slash(channel, "game start")
    assert (await env.bot.service.live_game(channel.id)).status == "active"
    lobby = channel.get_message(lobby.id) if hasattr(channel, "get_message") else \
        next(message for message in channel.history() if message.id == lobby.id)
    assert lobby_controls(lobby) == []


async def test_a_members_auto_pass_change_in_one_process_counts_at_once_in_the_other(tmp_path):
    """`/settings autopass` in a DM reaches one shard process while the member's game may be served
    by the other: a window auto-passed on a stale setting could not be taken back."""
    from types import SimpleNamespace

    from engine.registry import rules_for

    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'autopass.sqlite3'}")
    await create_tables(engine)
    here, there = GameService(session_factory(engine)), GameService(session_factory(engine))
    game = SimpleNamespace(players=["5", "6", "keeper-1"])
    rules = rules_for("thing")
    try:
        async def off_there():
            async with there.sessions() as session:
                return await there._autopass_off(session, game, rules)
        assert await off_there() == frozenset() and await there.member_autopass(5) is True
        await here.set_member_autopass(5, False)
        assert await off_there() == frozenset({"5"}) and await there.member_autopass(5) is False
        await here.set_member_autopass(5, True)
        assert await off_there() == frozenset() and await there.member_autopass(5) is True
    finally:
        await engine.dispose()
