"""Leak scan: across simulated games, no public message and no message to member X holds
information that only another member was entitled to see."""
from __future__ import annotations

import random

import pytest

from cogs import thing_ui
from engine.core.events import is_public
from engine.core.record import replay
from tests.bot.helpers import all_text, current_game, new_game, play_to_the_end


def lines_of(text: str) -> set[str]:
    return {line.strip() for line in text.splitlines() if line.strip()}


@pytest.mark.parametrize("players,seed,options", [(5, 11, []), (6, 12, ["thing_in_deck", "revenge"])])
async def test_no_private_information_reaches_anyone_else(simcord_env, players, seed, options):
    env = simcord_env
    rng = random.Random(seed)
    _, channel, members = await new_game(env, players, options)
    seen: dict[int, list[str]] = {m.id: [] for m in members}

    async def on_panel(member, panel):
        text = all_text(panel)
        seen[member.id].append(text)
        # the panel's hand is exactly the member's own hand, nobody else's
        game = await current_game(env, channel)
        hand = game.state["hands"][str(member.id)]
        field = next(f for f in panel.embeds[0].fields if f.name == "Cards")
        assert field.value == thing_ui.cards("en", hand)

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
    leaked_public = public & set(entitled)
    assert not leaked_public, f"private lines in the public channel: {sorted(leaked_public)[:3]}"

    for member in members:
        received = set()
        for message in member.user.dm_channel.history():
            received |= lines_of(all_text(message))
        for text in seen[member.id]:
            received |= lines_of(text)
        foreign = {line for line in received & set(entitled) if member.id not in entitled[line]}
        assert not foreign, f"{member.name} saw another member's private lines: {sorted(foreign)[:3]}"
        mine = {line for line, who in entitled.items() if member.id in who}
        assert mine & received, f"{member.name} received none of their own private information"
