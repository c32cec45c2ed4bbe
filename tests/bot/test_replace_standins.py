"""Issue 22: ``/gm replace`` onto a kicked member's seat. Keeper's answers in that seat (its
stand-in rows) were renamed with the seat, so ``/gm undo`` then counted them as the newcomer's own
moves: "undo 1" took back only Keeper's last stand-in answer. They stay Keeper's (the action log's
actor ``STAND_IN``), so undo N still takes back the last N moves of present members, each with the
answers made after it. And one path settles what Keeper answers by itself after a change made
outside a move (the start, a replacement, an undo): a kicked member's decision left waiting (as
an undo of an earlier version left it) is answered at once by a replacement too."""
from __future__ import annotations

import pytest
from sqlmodel import select

from bot.db import ActionLog, Game
from bot.service import STAND_IN
from engine.registry import rules_for
from tests.bot.test_undo_standins import KICKED, a_game_where_keeper_answered_last_for_a_kicked_member

NEWCOMER = "109"


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch):
    """One deal for every run (the seed is drawn at the start): a game that goes on long enough."""
    import bot.service
    monkeypatch.setattr(bot.service.secrets, "randbits", lambda bits: SEED)


SEED = 9


def renamed(action: dict) -> dict:
    return {**action, "player": NEWCOMER} if action["player"] == KICKED else action


async def test_keepers_answers_for_a_kicked_member_are_logged_as_keepers(service):
    game, actions = await a_game_where_keeper_answered_last_for_a_kicked_member(service)
    rows = await service.actions(game.id)
    kicked_at = min(row.number for row in rows if row.actor == STAND_IN)
    assert all(row.actor == STAND_IN for row in rows if row.action["player"] == KICKED and row.number >= kicked_at)
    assert all(row.actor == row.action["player"] for row in rows if row.action["player"] != KICKED)


async def test_undo_after_replacing_a_kicked_member_takes_back_a_present_members_move(service):
    game, actions = await a_game_where_keeper_answered_last_for_a_kicked_member(service)
    present_last = max(n for n, a in enumerate(actions) if not a.get("auto") and a["player"] != KICKED)
    await service.replace(game.id, int(KICKED), int(NEWCOMER), "Newcomer")
    game = await service.get(game.id)
    assert KICKED not in game.players and NEWCOMER in game.players and not game.autopilot
    await service.undo(game.id, 1, force=True)
    assert (await service.record(game.id)).actions == [renamed(a) for a in actions[:present_last]], \
        "undo 1 took back the present member's last move and Keeper's answers after it, not only Keeper's answer"
    game = await service.get(game.id)
    assert game.status == "active" and service.prompts(game)


async def test_after_a_replacement_the_newcomers_own_moves_count(service):
    """Keeper's answers stay Keeper's; what the newcomer plays in the seat is theirs to undo."""
    game, _ = await a_game_where_keeper_answered_last_for_a_kicked_member(service)
    await service.replace(game.id, int(KICKED), int(NEWCOMER), "Newcomer")
    rules = rules_for("thing")
    for _ in range(200):
        game = await service.get(game.id)
        prompt = rules.prompts(game.state)[0]
        game = (await service.act(game.id, {"player": prompt["player"], "prompt": prompt["id"],
                                            **prompt["options"][0]})).game
        if prompt["player"] == NEWCOMER:
            break
    else:
        raise AssertionError("the newcomer was never asked")
    before = (await service.record(game.id)).actions
    own = max(n for n, a in enumerate(before) if a["player"] == NEWCOMER and not a.get("auto"))
    await service.undo(game.id, 1, force=True)
    assert (await service.record(game.id)).actions == before[:own], "undo 1 took back the newcomer's own move"


async def test_a_replacement_answers_a_kicked_members_decision_left_waiting(service):
    """A kicked member's decision waits (an undo of an earlier version left it so, to a deadline):
    a replacement settles what Keeper answers, a kicked seat's decision as a Keeper player's."""
    game = await service.create_lobby(1, 44, "thing", 100)
    for user in range(101, 105):
        await service.join(game.id, user)
    game = (await service.start(game.id)).game
    waiting = rules_for("thing").prompts(game.state)[0]["player"]
    present = next(p for p in game.players if p != waiting)
    async with service.sessions() as session:  # the kick of an earlier version, its decision unanswered
        row = await session.get(Game, game.id)
        row.autopilot = [waiting]
        session.add(row)
        await session.commit()
    await service.replace(game.id, int(present), int(NEWCOMER), "Newcomer")
    game = await service.get(game.id)
    assert waiting not in {p["player"] for p in service.prompts(game)}, \
        "Keeper answered the kicked member's waiting decision at once"
    async with service.sessions() as session:
        rows = (await session.exec(select(ActionLog).where(ActionLog.game_id == game.id))).all()
    assert any(row.actor == STAND_IN and row.action["player"] == waiting for row in rows)


async def test_a_keeper_players_moves_stay_keepers_when_a_member_takes_its_seat(service):
    """/gm replace of a Keeper player's seat by a member: the seat's moves were renamed to the
    member, so /gm undo counted them as the member's own and a rebuilt agent no longer took them
    for its decisions. They stay Keeper's (``STAND_IN``, marked ``keeper``) and the log replays."""
    from bot.service import ServiceError, _decided_by_agent, _record
    from bot.seats import is_keeper
    from engine.core.record import replay
    game = await service.create_lobby(1, 77, "thing", 100)
    await service.join(game.id, 101)
    for _ in range(3):
        await service.add_keeper(game.id)
    game = (await service.start(game.id)).game
    for _ in range(8):  # the members answer their first option; Keeper seats play in between
        game = await service.get(game.id)
        prompt = next(p for p in service.prompts(game) if not is_keeper(p["player"]))
        await service.act(game.id, {"player": prompt["player"], "prompt": prompt["id"], **prompt["options"][0]})
    before = await service.actions(game.id)
    seat_moves = [row.number for row in before if row.actor == "keeper-1" and not row.action.get("auto")]
    member_moves = [row for row in before if row.actor in ("100", "101") and not row.action.get("auto")]
    assert seat_moves, "the Keeper player moved before the hand-over"
    await service.replace(game.id, "keeper-1", int(NEWCOMER), "Newcomer")
    game = await service.get(game.id)
    after = {row.number: row for row in await service.actions(game.id)}
    for number in seat_moves:
        row = after[number]
        assert row.actor == STAND_IN and row.action["player"] == NEWCOMER and _decided_by_agent(row)
    assert replay(_record(game, list(after.values()))).state == game.state
    with pytest.raises(ServiceError) as refused:
        await service.undo(game.id, 10_000, force=True)
    assert refused.value.params["available"] == len(member_moves), \
        "only the members' own moves are theirs to undo, not the Keeper player's"
