"""Pass until my turn: a member holding something usable in every response window (Beatrice Sharp's
Perfect Number and Almanac answer before every roll) was asked at every roll, check and mythos
card — 59 of their 99 decisions in a whole game of the keeper-table bench, each a wait for the
table. The window panel offers "Pass until my turn": Keeper passes their windows as it does a
member's with nothing usable (closing with everyone's, so the table learns nothing) until their
next turn begins; their panel says so and asks them again on request."""
from __future__ import annotations

import random
from datetime import timedelta

import pytest

from bot.db import utcnow
from bot.service import quiet_seats
from engine.core import shapes
from engine.core.errors import RuleError
from engine.core.record import replay
from engine.registry import rules_for
from tests.bot.helpers import all_text, click_label, current_game, open_panel, panel_of
from tests.bot.test_no_forced_clicks import held, play_until, unfathomable_game

UNF = rules_for("unfathomable")


def asked_window(game) -> dict | None:
    """A window prompt of a member who holds something usable in it (more than a pass)."""
    return next((p for p in UNF.prompts(game.state) if p["kind"] == "window" and shapes.only_answer(p) is None),
                None)


async def test_keeper_passes_a_member_s_windows_until_their_turn_then_asks_them_again(simcord_env):
    service = simcord_env.bot.service
    rng = random.Random(21)
    game = await play_until(service, await unfathomable_game(service, seed=11), asked_window, rng)
    prompt = asked_window(game)
    seat, turn = prompt["player"], UNF.turn_of(game.state)
    before = len(await service.actions(game.id))
    game = (await service.act(game.id, {"player": seat, "prompt": prompt["id"]}, until_turn=True)).game
    assert (await service.actions(game.id))[before].action == {"player": seat, "type": "pass"}  # their click
    assert seat in game.quiet and seat in quiet_seats(game, UNF, game.state)
    passed_for = 0
    for _ in range(400):  # others play on; the member is never asked for a window until their turn
        game = await service.get(game.id)
        assert game.status == "active"
        now = UNF.turn_of(game.state)
        if now[0] == seat and now != turn:
            break
        mine = [p for p in UNF.prompts(game.state) if p["player"] == seat]
        assert all(p in service_held(service, game) for p in mine if p["kind"] == "window"), mine
        if service._window_waits(game, frozenset()):  # only held windows are left: they close
            count = len(await service.actions(game.id))
            await service.expire(game.id, now=utcnow() + timedelta(minutes=1))
            new = [r.action for r in (await service.actions(game.id))[count:]]
            passed_for += sum(1 for a in new if a["player"] == seat and a.get("auto") and a["type"] == "pass")
            continue
        game = await play_until(service, game, lambda g: True, rng, limit=1)
        others = [p for p in UNF.prompts(game.state) if p not in service_held(service, game)]
        if others:
            choice = rng.choice(others)
            await service.act(game.id, {"player": choice["player"], "type": "default", "prompt": choice["id"]})
    else:
        raise AssertionError("the member's turn never came")
    assert passed_for, "Keeper passed some window for them"
    game = await service.get(game.id)
    assert seat not in game.quiet and not quiet_seats(game, UNF, game.state)  # their turn: asked again
    assert replay(await service.record(game.id)).state == game.state  # every pass replays exactly


def service_held(service, game) -> list[dict]:
    from bot.service import _held
    return _held(UNF, UNF.prompts(game.state), frozenset(), quiet_seats(game, UNF, game.state))


async def test_only_a_window_of_one_s_own_can_be_passed_until_one_s_turn(simcord_env):
    service = simcord_env.bot.service
    game = await play_until(service, await unfathomable_game(service, seed=12), asked_window, random.Random(2))
    prompt = asked_window(game)
    asked = {p["player"] for p in UNF.prompts(game.state) if p["id"] == prompt["id"]}
    stranger = next((p for p in game.players if p not in asked), None)
    if stranger is not None:
        with pytest.raises(RuleError):  # a forged control: a window they were not asked in
            await service.act(game.id, {"player": stranger, "prompt": prompt["id"]}, until_turn=True)
    with pytest.raises(RuleError):  # a forged control: a prompt id of no window
        await service.act(game.id, {"player": prompt["player"], "prompt": prompt["id"] + 1000}, until_turn=True)
    game = await play_until(service, game, lambda g: any(p["kind"] == "action" for p in UNF.prompts(g.state)),
                            random.Random(3))
    action = next(p for p in UNF.prompts(game.state) if p["kind"] == "action")
    before = len(await service.actions(game.id))
    with pytest.raises(RuleError):  # not a window: a turn's action is never passed this way
        await service.act(game.id, {"player": action["player"], "prompt": action["id"]}, until_turn=True)
    game = await service.get(game.id)
    assert not game.quiet and len(await service.actions(game.id)) == before


async def test_the_window_panel_offers_it_explains_it_and_the_member_can_end_it(simcord_env):
    from tests.bot.unfathomable_driver import new_unfathomable, play_unfathomable
    env = simcord_env
    _, channel, members = await new_unfathomable(env, 4)
    await play_unfathomable(env, channel, members, random.Random(5), stop=asked_window)
    game = await current_game(env, channel)
    prompt = asked_window(game)
    member = next(m for m in members if str(m.id) == prompt["player"])
    panel = await open_panel(member, channel)
    text = all_text(panel)
    assert "Pass until my turn" in text and "until your next turn begins" in text  # the button and what it does
    panel = panel_of(await click_label(member, panel, "Pass until my turn"))
    game = await current_game(env, channel)
    assert prompt["player"] in game.quiet
    panel = await open_panel(member, channel)
    assert "Keeper passes your response windows until your turn begins" in all_text(panel)
    panel = panel_of(await click_label(member, panel, "Ask me again"))
    assert "Keeper passes your response windows" not in all_text(panel)
    assert prompt["player"] not in (await current_game(env, channel)).quiet


async def test_a_member_taking_a_quiet_seat_is_asked(simcord_env):
    service = simcord_env.bot.service
    game = await play_until(service, await unfathomable_game(service, seed=13), asked_window, random.Random(7))
    prompt = asked_window(game)
    await service.act(game.id, {"player": prompt["player"], "prompt": prompt["id"]}, until_turn=True)
    await service.replace(game.id, int(prompt["player"]), 999, "newcomer")
    game = await service.get(game.id)
    assert "999" not in game.quiet and prompt["player"] not in game.quiet


async def test_an_undo_of_the_pass_asks_the_member_again_and_never_leaves_a_window_without_time(simcord_env):
    """rev11: an undo kept ``Game.quiet``, so the window it brought back was held for the member
    with no closing time (the rebuilt game's deadline was set without the auto-pass list): with
    no turn timeout the game waited for ever. An undo asks them again."""
    service = simcord_env.bot.service
    game = await play_until(service, await unfathomable_game(service, seed=14), asked_window, random.Random(9))
    prompt = asked_window(game)
    await service.act(game.id, {"player": prompt["player"], "prompt": prompt["id"]}, until_turn=True)
    undone = (await service.undo(game.id, 1, force=True)).game
    assert not undone.quiet
    assert any(p["player"] == prompt["player"] and p["kind"] == "window" for p in UNF.prompts(undone.state))
    assert prompt["player"] in await service.notified(undone)  # asked (and pinged) again
    if service._window_waits(undone, await service._autopass_off_of(undone)):
        assert undone.deadline is not None  # a window left to held members closes in time
