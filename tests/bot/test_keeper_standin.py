"""Issue 22, standing in for the absent: when a turn deadline expires, the Keeper agent answers
for the member (from that member's view only) unless the server keeps the plain default."""
from __future__ import annotations

import random
from datetime import timedelta

import pytest

import bot.service

from bot.db import utcnow
from engine.core.agent import ask, keeper_for
from engine.registry import rules_for
from tests.bot.helpers import current_game, guild_with_deadlines, open_lobby

PLAYERS = {"thing": 4, "unfathomable": 4, "eldritch": 2}


async def started(env, kind: str, action: str | None):
    rules_for(kind).new_game([str(n) for n in range(rules_for(kind).min_players)], 1)  # the content pack loaded before the first click (Eldritch's is big)
    guild, _ = await guild_with_deadlines(env, action=action)
    _, channel, members, lobby = await open_lobby(env, kind, PLAYERS[kind], guild, channel_name=f"{kind}-table")
    await members[0].click(lobby, label="Start")
    game = await current_game(env, channel)
    assert game.status == "active" and game.deadline is not None
    return channel, game


def agents_answers(game) -> list[dict]:
    """What the Keeper agent of each waiting member answers, asked as the service asks it."""
    rules = rules_for(game.kind)
    answers = []
    for prompt in rules.prompts(game.state)[:1]:  # the first answer changes the table; compare it
        action = ask(rules, game.state, keeper_for(game.kind, prompt["player"]), prompt,
                     random.Random(f"{game.id}:{game.last_action}"))
        answers.append(action)
    return answers


@pytest.mark.parametrize("kind", ["thing", "unfathomable", "eldritch"])
async def test_an_expired_decision_is_played_by_the_keeper_agent(simcord_env, kind):
    env = simcord_env
    channel, game = await started(env, kind, None)  # the server's default: Keeper stands in
    expected = agents_answers(game)
    assert expected and expected[0] is not None and expected[0].get("type") != "default"
    await env.bot.get_cog("DeadlineCog").check(utcnow() + timedelta(minutes=11))
    # the log without the steps made by themselves (a lone draw: no member's decision)
    logged = [row.action for row in await env.bot.service.actions(game.id) if not row.action.get("auto")]
    assert logged, "the deadline answered nothing"
    # the agent's concrete action, as it decided from the view, marked as Keeper's (the member's seat)
    assert logged[0] == {**expected[0], "keeper": True, "deadline": True}   # their time was up
    assert all(row.get("type") != "default" for row in logged)
    texts = [msg.content or "" for msg in channel.history()]
    assert any("Keeper played for" in text for text in texts)
    assert not any("the default was applied" in text for text in texts)


@pytest.mark.parametrize("kind", ["thing", "unfathomable"])
async def test_the_plain_setting_keeps_the_default(simcord_env, kind):
    env = simcord_env
    channel, game = await started(env, kind, "default")
    await env.bot.get_cog("DeadlineCog").check(utcnow() + timedelta(minutes=11))
    # the log without the steps made by themselves (a lone draw: no member's decision)
    logged = [row.action for row in await env.bot.service.actions(game.id) if not row.action.get("auto")]
    assert logged and logged[0]["type"] == "default"
    texts = [msg.content or "" for msg in channel.history()]
    assert any("the default was applied" in text for text in texts)
    assert not any("Keeper played for" in text for text in texts)


async def test_a_refused_keeper_action_falls_back_to_the_default(simcord_env, monkeypatch):
    env = simcord_env
    channel, game = await started(env, "thing", None)
    player = rules_for("thing").prompts(game.state)[0]["player"]
    monkeypatch.setattr(bot.service, "_agent_action", lambda game, rules, state, p, prompt, step:
                        {"player": p, "type": "no_such_move", "prompt": prompt["id"]})
    await env.bot.get_cog("DeadlineCog").check(utcnow() + timedelta(minutes=11))
    # the log without the steps made by themselves (a lone draw: no member's decision)
    logged = [row.action for row in await env.bot.service.actions(game.id) if not row.action.get("auto")]
    # the default stands in, marked as Keeper's: its agent was asked in the member's place
    assert logged and logged[0] == {"player": player, "type": "default", "keeper": True, "deadline": True}


@pytest.mark.parametrize("kind,lang", [("thing", "en"), ("unfathomable", "uk"), ("eldritch", "ru")])
async def test_an_admin_skip_is_played_by_the_keeper_agent(simcord_env, kind, lang):
    """/gm skip answers as a deadline does (one code path): the agent's move from the member's
    view, and the table (and the admin) read that Keeper played for the member."""
    from bot.i18n import t
    from tests.bot.helpers import admin_of, panel_of
    env = simcord_env
    channel, game = await started(env, kind, None)
    admin = admin_of(env, channel.guild)
    await admin.slash(channel, "settings language", language=lang)
    game = await current_game(env, channel)  # as the admin finds it
    expected = agents_answers(game)
    waited = rules_for(kind).prompts(game.state)[0]["player"]
    # every member waited for is named (a panic card such as Round and Round waits for all)
    named = ", ".join(dict.fromkeys(f"<@{p['player']}>" for p in rules_for(kind).prompts(game.state)))
    reply = panel_of(await admin.slash(channel, "gm skip"))
    logged = [row.action for row in await env.bot.service.actions(game.id) if not row.action.get("auto")]
    assert logged and logged[0] == {**expected[0], "keeper": True} and logged[0].get("type") != "default"
    await env.bot.publisher.flush(game.id)  # the table's line delivered (a busy machine's delivery may lag)
    texts = "\n".join(msg.content or "" for msg in channel.history())
    assert t(lang, "admin.skip_keeper", players=named) in texts  # the table's language
    assert t(lang, "admin.skip_done", players=named) not in texts
    assert f"<@{waited}>" in reply.content and "Keeper" in reply.content  # the admin's own language


@pytest.mark.parametrize("kind", ["thing", "unfathomable", "eldritch"])
async def test_an_admin_skip_keeps_the_plain_default_when_the_server_does(simcord_env, kind):
    from tests.bot.helpers import admin_of, panel_of
    env = simcord_env
    channel, game = await started(env, kind, "default")
    reply = panel_of(await admin_of(env, channel.guild).slash(channel, "gm skip"))
    logged = [row.action for row in await env.bot.service.actions(game.id) if not row.action.get("auto")]
    assert logged and logged[0]["type"] == "default"
    assert "applied the default" in reply.content
    texts = [msg.content or "" for msg in channel.history()]
    assert any("An admin applied the default for" in text for text in texts)
    assert not any("Keeper played for" in text for text in texts)
