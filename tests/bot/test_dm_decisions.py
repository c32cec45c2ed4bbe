"""Decisions by DM are generic: with every prompt kind of The Thing sent by DM, members play a
stretch of the game answering only from their DMs, each prompt offered once, to its member."""
from __future__ import annotations

import random

from tests.bot.helpers import all_text, current_game, fixed, new_game, panel_of


class Every(frozenset):
    """Every prompt kind."""

    def __contains__(self, kind) -> bool:
        return True


def dm_controls(member, epoch: int, prompt_id: int) -> list[tuple[object, dict]]:
    """(message, component) of the member's DMs that answer this prompt."""
    out = []
    for message in member.user.dm_channel.history():
        for row in message.components:
            for item in row.children:
                cid = getattr(item, "custom_id", None) or ""
                parts = cid.split(":")
                if parts[:2] in (["keeper", "opt"], ["keeper", "sel"], ["keeper", "sub"]) \
                        and parts[3:5] == [str(epoch), str(prompt_id)]:
                    out.append((message, item))
    return out


def dm_keys(member) -> dict[tuple[int, int], set[int]]:
    """(epoch, prompt id) -> the member's DM messages that carry its controls."""
    out: dict = {}
    for message in member.user.dm_channel.history():
        for row in message.components:
            for item in row.children:
                parts = (getattr(item, "custom_id", None) or "").split(":")
                if parts[:2] in (["keeper", "opt"], ["keeper", "sel"], ["keeper", "sub"]):
                    out.setdefault((int(parts[3]), int(parts[4])), set()).add(message.id)
    return out


async def test_the_thing_played_from_dms(simcord_env, monkeypatch):
    import bot.service
    monkeypatch.setattr(bot.service, "dm_prompt_kinds", lambda kind: Every({"*"}))
    monkeypatch.setattr(bot.service.secrets, "randbits", lambda bits: 5)  # the same deal every run
    env = simcord_env
    _, channel, members = await new_game(env, 4, setup=fixed)
    by_id = {str(m.id): m for m in members}
    rng = random.Random(3)
    pending: set[tuple[str, int, int]] = set()  # every (member, epoch, prompt) ever pending
    game = await current_game(env, channel)
    clicks = 0
    for step in range(30):
        game = await current_game(env, channel)
        if game.status != "active":
            break
        prompts = env.bot.service.prompts(game)
        pending |= {(p["player"], game.epoch, p["id"]) for p in prompts}
        prompt = rng.choice(prompts)
        member = by_id[prompt["player"]]
        found = dm_controls(member, game.epoch, prompt["id"])
        assert found, f"no DM for prompt {prompt['kind']} {prompt['id']}"
        message, item = rng.choice(found)
        if item.type.value == 3:
            values = [o.value for o in item.options][:max(1, item.min_values or 1)]
            result = await member.user.select(message, values, custom_id=item.custom_id)
        else:
            result = await member.user.click(message, custom_id=item.custom_id)
        assert "no longer current" not in all_text(panel_of(result)), (step, prompt)
        clicks += 1
    game = await current_game(env, channel)
    pending |= {(p["player"], game.epoch, p["id"]) for p in env.bot.service.prompts(game)}
    assert clicks == 30 and len(await env.bot.service.actions(game.id)) >= clicks  # a click, an action
    for member in members:
        for (epoch, prompt_id), messages in dm_keys(member).items():
            assert (str(member.id), epoch, prompt_id) in pending  # only the member's own prompts
            assert len(messages) == 1  # one DM a prompt
