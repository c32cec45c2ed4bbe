"""Issue 22: a Keeper player at a Discord table remembers what its seat saw, as the simulated
agents whose strength is measured do (``engine.core.agent``: "An agent may remember them (who
showed which hand, who gave what)"). The bot kept no agent between decisions: each was built
anew and had observed nothing, so The Thing's suspicions, Unfathomable's traitor chances and
Eldritch's rerolls were always empty at the table. Now each game's agents are kept and fed
every applied action's events, and rebuilt from the action log when the process has none."""
from __future__ import annotations

import pytest

import bot.service
from bot.db import ActionLog
from bot.seats import is_keeper
from bot.service import _minds_key, _record
from engine.core.events import visible_to
from engine.core.record import replay


def seen_by_seat(game, rows) -> dict[str, list[dict]]:
    """What each seat could see of the logged game."""
    events = replay(_record(game, rows)).events
    return {seat: [e for e in events if visible_to(e, seat)] for seat in game.players}


@pytest.mark.parametrize("kind, members, keepers", [("thing", 2, 3), ("unfathomable", 1, 2)])
async def test_a_keeper_player_decides_with_everything_its_seat_saw_also_after_a_restart(
        service, monkeypatch, kind, members, keepers):
    agent_class = __import__(f"engine.{kind}.agent", fromlist=["KeeperAgent"]).KeeperAgent
    observe, decide = agent_class.observe, agent_class.decide
    memory_at_decisions: list[int] = []

    def observed(self, events):
        self.__dict__.setdefault("events_observed", []).extend(events)
        return observe(self, events)

    def deciding(self, view, prompt, rng):
        memory_at_decisions.append(len(self.__dict__.get("events_observed", [])))
        return decide(self, view, prompt, rng)

    monkeypatch.setattr(agent_class, "observe", observed)
    monkeypatch.setattr(agent_class, "decide", deciding)
    monkeypatch.setattr(bot.service.secrets, "randbits", lambda bits: 7)
    bot.service._MINDS.clear()
    game = await service.create_lobby(1, 77, kind, 100)
    for user in range(101, 100 + members):
        await service.join(game.id, user)
    for _ in range(keepers):
        await service.add_keeper(game.id)
    game = (await service.start(game.id)).game

    async def memories_match_the_log() -> None:
        game_now = await service.get(game.id)
        async with service.sessions() as session:
            rows = (await session.exec(bot.service.select(ActionLog).where(
                ActionLog.game_id == game.id, ActionLog.undone == False)  # noqa: E712
                .order_by(ActionLog.number))).all()
        minds = bot.service._MINDS[game.id]
        assert minds.key == _minds_key(game_now)
        expected = seen_by_seat(game_now, rows)
        for seat in game_now.players:
            assert minds.agents[seat].events_observed == expected[seat], seat

    for step in range(12):  # the members answer their first option; Keeper seats play in between
        if step == 6:
            bot.service._MINDS.clear()  # a restart: the next step rebuilds them from the log
        game = await service.get(game.id)
        prompt = next(p for p in service.prompts(game) if not is_keeper(p["player"]))
        await service.act(game.id, {"player": prompt["player"], "prompt": prompt["id"], **prompt["options"][0]})
        if step in (5, 11):
            await memories_match_the_log()
    assert memory_at_decisions and min(memory_at_decisions) > 0  # never a blank agent
