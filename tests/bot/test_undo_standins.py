"""Issue 22: ``/gm undo N`` counts the moves of members still playing. A kicked member's seat is
played by Keeper (``game.autopilot``) at once, like a Keeper player's: its answers were counted
as moves, so "undo 1" took back only Keeper's stand-in answer, and the decision it had made stayed
pending with nothing to make it again until the next deadline. The ruling (README, ``/gm undo``):
undo N takes back the last N moves of present members, each with the answers Keeper and the bot
made after it."""
from __future__ import annotations

import random

import pytest

from engine.registry import rules_for

KICKED = "102"


async def a_game_where_keeper_answered_last_for_a_kicked_member(service):
    """The Thing, five members, one kicked; the others play random answers until Keeper's
    stand-in answer for the kicked member follows the last present member's move."""
    game = await service.create_lobby(1, 42, "thing", 100)
    for user in range(101, 105):
        await service.join(game.id, user)
    game = (await service.start(game.id)).game
    game = (await service.kick(game.id, int(KICKED))).game
    assert KICKED in game.autopilot
    rules, rng = rules_for("thing"), random.Random(11)
    for _ in range(400):
        actions = (await service.record(game.id)).actions
        moves = [a for a in actions if not a.get("auto")]
        if len(moves) > 1 and moves[-1]["player"] == KICKED and moves[-2]["player"] != KICKED:
            return game, actions
        prompt = rules.prompts(game.state)[0]
        action = {"player": prompt["player"], "prompt": prompt["id"], **rng.choice(prompt["options"])}
        game = (await service.act(game.id, action)).game
        assert game.status == "active", "the game ended before Keeper answered for the kicked member"
    raise AssertionError("Keeper never answered last for the kicked member")


async def test_undo_1_takes_back_a_present_members_move_with_keepers_answer_for_a_kicked_member(service):
    game, actions = await a_game_where_keeper_answered_last_for_a_kicked_member(service)
    present_last = max(n for n, a in enumerate(actions) if not a.get("auto") and a["player"] != KICKED)
    await service.undo(game.id, 1, force=True)
    game = await service.get(game.id)
    assert (await service.record(game.id)).actions == actions[:present_last], \
        "undo 1 took back the present member's move and what followed it, Keeper's answer too"
    assert not [p for p in service.prompts(game) if p["player"] == KICKED], \
        "no decision of the kicked member is left waiting for a deadline"


async def test_the_count_names_only_present_members_moves(service):
    """A refused count says how many moves there are to undo: a kicked member's answers, made
    by Keeper, are not among them."""
    from bot.service import ServiceError
    game, actions = await a_game_where_keeper_answered_last_for_a_kicked_member(service)
    present = [a for a in actions if not a.get("auto") and a["player"] != KICKED]
    with pytest.raises(ServiceError) as refused:
        await service.undo(game.id, len(present) + 1, force=True)
    assert refused.value.code == "undo_range" and refused.value.params["available"] == len(present)
