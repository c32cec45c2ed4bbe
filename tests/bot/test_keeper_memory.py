"""Issue 22: a Keeper player at a Discord table remembers what its seat saw, as the simulated
agents whose strength is measured do (``engine.core.agent``: "An agent may remember them (who
showed which hand, who gave what)"). The bot kept no agent between decisions: each was built
anew and had observed nothing, so The Thing's suspicions, Unfathomable's traitor chances and
Eldritch's rerolls were always empty at the table. Now each game's agents are kept and fed
every applied action's events, and rebuilt from the action log when the process has none.

What an agent remembers of its own decisions was not rebuilt: Unfathomable's Keeper picks the
suspect for the Brig after it chose the Captain's Cabin, an Arrest Order or a crisis's "Send a
player to the Brig", counts its actions this turn, and judges others' crisis answers when it
next decides. The rebuilt agents now decide again where they decided, so they remember it too."""
from __future__ import annotations

import pytest

import bot.service
from bot.db import ActionLog, Game
from bot.seats import is_keeper
from bot.service import _Minds, _agent_action, _agent_rng, _minds_key, _record
from engine.core.agent import ask, keeper_for, tell
from engine.core.events import visible_to
from engine.core.record import replay
from engine.registry import rules_for

# what an Unfathomable Keeper agent remembers, of what it saw and of what it decided
UNFATHOMABLE_MEMORY = ("_to_brig", "_acts", "_choices", "suspicion", "last_roll", "_check")


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


def memory(agent) -> dict:
    return {name: getattr(agent, name) for name in UNFATHOMABLE_MEMORY}


async def unfathomable_with_two_keepers(service, monkeypatch) -> Game:
    monkeypatch.setattr(bot.service.secrets, "randbits", lambda bits: 7)
    bot.service._MINDS.clear()
    game = await service.create_lobby(1, 77, "unfathomable", 100)
    for _ in range(2):
        await service.add_keeper(game.id)
    return (await service.start(game.id)).game


async def restarted_minds_match(service, game_id: int) -> dict:
    """A restart: the agents the process kept, checked seat by seat against those rebuilt from
    the log; the kept ones' memories."""
    game = await service.get(game_id)
    kept = bot.service._MINDS.pop(game.id)
    async with service.sessions() as session:
        await service._ready_minds(session, game, needed=True)
    rebuilt = bot.service._MINDS[game.id]
    for seat in game.players:
        assert memory(rebuilt.agents[seat]) == memory(kept.agents[seat]), seat
    return {seat: memory(kept.agents[seat]) for seat in game.players}


async def test_keeper_players_rebuilt_after_a_restart_remember_their_own_decisions(service, monkeypatch):
    game = await unfathomable_with_two_keepers(service, monkeypatch)
    compared = []
    for step in range(16):  # the member answers its first option; Keeper seats play in between
        game = await service.get(game.id)
        prompt = next(p for p in service.prompts(game) if not is_keeper(p["player"]))
        await service.act(game.id, {"player": prompt["player"], "prompt": prompt["id"], **prompt["options"][0]})
        if step % 4 == 3:
            kept = await restarted_minds_match(service, game.id)
            compared += [kept[seat] for seat in game.players if is_keeper(seat)]
    assert any(m["_acts"] for m in compared)  # a Keeper seat's actions this turn were among them


async def test_a_members_moves_keeper_made_at_deadlines_are_remembered_after_a_restart(service, monkeypatch):
    """Issue 22: "when a deadline expires, the default answer comes from the agent". Those moves
    are logged as the member's own (an undo counts them as theirs), marked ``keeper``: the member
    seat's agent, rebuilt after a restart, remembers deciding them (its actions this turn) as the
    agent the process kept does. Unmarked, the rebuild took them for the member's clicks."""
    game = await unfathomable_with_two_keepers(service, monkeypatch)
    member = next(seat for seat in game.players if not is_keeper(seat))
    compared = []
    for step in range(16):  # every decision of the member's is left to its deadline
        await service.skip(game.id, user_id=int(member), by="deadline", keeper=True)
        if step % 4 == 3:
            compared.append((await restarted_minds_match(service, game.id))[member])
    assert any(m["_acts"] for m in compared)  # the member seat's agent counted actions it took
    async with service.sessions() as session:
        rows = (await session.exec(bot.service.select(ActionLog).where(ActionLog.game_id == game.id))).all()
    marked = [row for row in rows if row.action.get("keeper")]
    assert marked and all(row.actor == member for row in marked)  # still the member's moves


def play_until_a_brig_pick(seed: int, players: int):
    """An all-Keeper Unfathomable game played as the bot plays it (each decision seeded by its
    place in the log), up to a Keeper player's pick of whom to send to the Brig: (game with its
    log rows, the agents kept all along)."""
    rules = rules_for("unfathomable")
    seats = [f"keeper-{i}" for i in range(1, players + 1)]
    state, events = rules.new_game(seats, seed, {})
    game = Game(id=1, guild_id=1, channel_id=1, creator_id=1, kind="unfathomable", status="active",
                players=seats, seed=seed, state=state)
    kept = {seat: keeper_for("unfathomable", seat) for seat in seats}
    tell(kept, events)
    rows = []
    while not rules.is_over(state):
        prompt = rules.prompts(state)[0]
        agent = kept[prompt["player"]]
        if prompt.get("purpose") == "player" and agent._to_brig:
            game.state, game.last_action = state, len(rows)
            return game, rows, kept
        action = ask(rules, state, agent, prompt, _agent_rng(game, len(rows)))
        rows.append(ActionLog(game_id=game.id, number=len(rows) + 1, actor=prompt["player"], action=action))
        tell(kept, rules.apply_in_place(state, action))
    raise AssertionError("no Brig pick in this game")


@pytest.mark.parametrize("seed, players, chose", [
    (59, 5, {"type": "use", "ability": "feat:arrest_order"}),
    (111, 5, {"type": "choose", "value": 0}),   # Accusation: "Send a player to the Brig"
])
def test_a_restart_before_the_brig_pick_keeps_the_suspect_chosen(seed, players, chose):
    """Seed rulebook (Arrest Order): "Action: send a player in your zone to the Brig." A Keeper
    player who chose to send someone to the Brig sends its suspect, also when the process
    restarted (its agents rebuilt from the log) between that choice and the pick."""
    game, rows, kept = play_until_a_brig_pick(seed, players)
    assert {k: v for k, v in rows[-1].action.items() if k != "player"} == chose
    rules = rules_for("unfathomable")
    pick = rules.prompts(game.state)[0]
    seat = pick["player"]
    suspect = kept[seat]._suspect(rules.view(game.state, seat))
    assert suspect != pick["options"][0]["value"]   # the pick without the Brig in mind: the first
    assert ask(rules, game.state, kept[seat], pick, _agent_rng(game, len(rows)))["value"] == suspect

    bot.service._MINDS.clear()
    bot.service._MINDS[game.id] = _Minds.rebuilt(game, rows)   # the restarted process's agents
    try:
        assert _agent_action(game, rules, game.state, seat, pick, 0)["value"] == suspect
    finally:
        bot.service._MINDS.clear()

    # the seat's agent that did not make that choice, only saw it made (a member clicked it, and
    # Keeper answers the pick in their place at its deadline; the log tells no agent decided)
    watching = {p: keeper_for("unfathomable", p) for p in game.players}
    replay(_record(game, rows), allow_other_version=True, each_step=lambda events: tell(watching, events))
    assert ask(rules, game.state, watching[seat], pick, _agent_rng(game, len(rows)))["value"] == suspect
