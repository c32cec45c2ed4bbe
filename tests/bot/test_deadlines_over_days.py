"""A game played over days keeps its deadlines whatever happens to the process (rv20): a Keeper
move cut short by a crash is taken up, a busy database never deletes a deadline, a reminder never
comes after the whole time is up, and one member's answer does not give the others a new turn
time."""
from __future__ import annotations

from datetime import timedelta

import pytest

from bot.client import create_bot
from bot.db import utcnow
from bot.i18n import t

from bot.service import DEADLINE_LEASE, KEEPER_RESUME, GameService, ServiceError, _aware, is_keeper, is_member
from tests.bot.helpers import HANDS, all_text, seat_table, seats_setup


async def _ann_plays_first(env, channel, people) -> None:
    """A fixed deal of Ann, Bob and two Keeper players: Ann's own turn is the first decision (a
    random deal may open with a response window, which closes by its own rule)."""
    service = env.bot.service
    game = await service.live_game(channel.id)
    seats = [str(people[0].id), str(people[1].id)] + [p for p in game.players if is_keeper(p)]
    await service.set_setup(game.id, {"seats": seats, "first_player": seats[0], "deck_top": ["missed"],
                                      "hands": {seat: HANDS[i] for i, seat in enumerate(seats)}})


async def _ann_and_bob_with_an_hour(env):
    """Ann and Bob with two Keeper players, an hour a decision, Keeper playing at the deadline,
    started on Ann's turn: (channel, service, game)."""
    channel, people, lobby = await seat_table(env, "en", "thing", ["Ann", "Bob"], keepers=2)
    await people[0].slash(channel, "settings timeout", minutes=60, action="keeper")
    await _ann_plays_first(env, channel, people)
    await people[0].click(lobby, label=t("en", "lobby.start"))
    service = env.bot.service
    return channel, service, await service.live_game(channel.id)


async def _start_then_crash(env, monkeypatch, lobby, starter):
    """Start is saved, then the process dies before Keeper's first move is answered."""
    async def crash(self, game):
        raise RuntimeError("the process died here")
    monkeypatch.setattr(GameService, "_settle_waiting", crash)
    await starter.click(lobby, label=t("en", "lobby.start"))  # the bot's error reply, as it dies
    monkeypatch.undo()


SEED = 2  # a deal (1 member, 1 Keeper investigator) whose first decision is Keeper's


@pytest.mark.parametrize("kind, keepers, action", [("thing", 3, None), ("eldritch", 1, "off")])
async def test_a_keeper_move_cut_short_by_a_crash_is_taken_up_after_the_restart(
        simcord_env, bot_settings, monkeypatch, kind, keepers, action):
    """Before: the saved state waited on a Keeper seat with no deadline (no turn time set) and
    nobody pinged: the game stood forever."""
    env = simcord_env
    channel, members, lobby = await seat_table(env, "en", kind, ["Ann"], keepers=keepers)
    if action:  # a server that only reminds at deadlines still gets Keeper's own moves made
        await members[0].slash(channel, "settings timeout", minutes=60, action=action)
    # the first decision is Keeper's: Ann sits last
    game = await env.bot.service.live_game(channel.id)
    seats = [p for p in game.players if is_keeper(p)] + [str(members[0].id)]
    if kind == "thing":
        await env.bot.service.set_setup(game.id, {"seats": seats, "first_player": seats[0]})
    else:  # a deal whose Lead is the Keeper investigator
        monkeypatch.setattr("bot.service.secrets.randbits", lambda bits: SEED)
    await _start_then_crash(env, monkeypatch, lobby, members[0])
    await env.restart_bot(create_bot(bot_settings))
    service = env.bot.service
    game = await service.live_game(channel.id)
    assert any(is_keeper(p["player"]) for p in service.prompts(game)), "the crash left a Keeper move waiting"
    assert game.deadline is not None and _aware(game.deadline) <= utcnow() + KEEPER_RESUME
    await env.bot.get_cog("DeadlineCog").check(utcnow() + KEEPER_RESUME + timedelta(seconds=1))
    await env.settle()
    game = await service.get(game.id)
    assert game.last_action > 0 and not any(is_keeper(p["player"]) for p in service.prompts(game))


async def test_a_busy_database_at_the_deadline_keeps_the_deadline(simcord_env, monkeypatch):
    """Before: the deadline was taken (set to nothing) and the busy database's error dropped it:
    Bob was never reminded nor played for again."""
    env = simcord_env
    channel, service, game = await _ann_and_bob_with_an_hour(env)
    waited = [p["player"] for p in service.prompts(game)]
    assert all(is_member(p) for p in waited) and game.deadline is not None
    deadline = game.deadline

    async def busy(self, *args, **kwargs):
        raise ServiceError("db_busy")
    monkeypatch.setattr(GameService, "_default", busy)
    cog = env.bot.get_cog("DeadlineCog")
    await cog.check(utcnow() + timedelta(minutes=61))
    monkeypatch.undo()
    game = await service.get(game.id)
    assert game.deadline == deadline and [p["player"] for p in service.prompts(game)] == waited
    await cog.check(utcnow() + timedelta(minutes=62))   # the database free again: Keeper plays
    await env.settle()
    game = await service.get(game.id)
    assert [p["player"] for p in service.prompts(game)] != waited or game.last_action > 0


async def test_a_crash_while_the_deadline_is_handled_leaves_a_deadline(simcord_env, monkeypatch):
    """A process that dies between taking a deadline and playing it: the deadline comes back
    once the lease is over, never lost."""
    env = simcord_env
    channel, service, game = await _ann_and_bob_with_an_hour(env)

    async def dies(self, *args, **kwargs):
        raise RuntimeError("the process died here")
    monkeypatch.setattr(GameService, "skip", dies)
    later = utcnow() + timedelta(minutes=61)
    await env.bot.get_cog("DeadlineCog").check(later)
    monkeypatch.undo()
    game = await service.get(game.id)
    assert game.deadline is not None and _aware(game.deadline) > later
    reminders, expired = await service.due(later + timedelta(minutes=3))
    assert game.id in [g.id for g in expired]


async def test_a_bot_down_past_the_deadline_says_only_that_the_time_is_up(simcord_env):
    """Before: one post pinged Ann with «half of your time to decide is gone …» and «Time is up
    for @Ann; Keeper played for them» together."""
    env = simcord_env
    channel, _, _ = await _ann_and_bob_with_an_hour(env)
    await env.bot.get_cog("DeadlineCog").check(utcnow() + timedelta(minutes=61))
    await env.settle()
    await env.bot.publisher.idle()
    text = "\n".join(m.content or "" for m in channel.history())
    half = t("en", "deadline.reminder_keeper", players="").split(":")[0]
    assert "Time is up" in text or "Keeper played" in text, text[-600:]
    assert half not in text, text[-600:]


async def test_one_answer_among_several_keeps_the_others_deadline(simcord_env):
    """Round and Round asks every player at once; before, each pass set a whole new turn time for
    the members still asked (up to members x turn time)."""
    env = simcord_env
    channel, people, lobby = await seat_table(env, "en", "thing", ["Ann", "Bob", "Cid", "Dee"])
    await people[0].slash(channel, "settings timeout", minutes=60, action="keeper")
    service = env.bot.service
    game = await service.live_game(channel.id)
    await service.set_setup(game.id, seats_setup(people, HANDS, deck_top=["round_and_round"]))
    await people[0].click(lobby, label=t("en", "lobby.start"))
    game = await service.live_game(channel.id)
    asked = {p["player"] for p in service.prompts(game) if p["kind"] == "pass"}
    assert len(asked) == 4, service.prompts(game)
    deadline, reminder = game.deadline, game.reminder_at
    prompt = next(p for p in service.prompts(game) if p["player"] == str(people[2].id))
    card = game.state["hands"][prompt["player"]][0]
    await service.act(game.id, {"player": prompt["player"], "type": "pass", "prompt": prompt["id"], "card": card})
    game = await service.get(game.id)
    still = {p["player"] for p in service.prompts(game) if p["kind"] == "pass"}
    assert still == asked - {str(people[2].id)}
    assert (game.deadline, game.reminder_at) == (deadline, reminder)


async def test_a_start_whose_keeper_move_fails_is_told_as_started(simcord_env, monkeypatch):
    """The start is saved before Keeper's first move is answered: a failure there (a busy
    database) never tells the member "nothing was changed"; the deadline loop answers the move."""
    env = simcord_env
    channel, members, lobby = await seat_table(env, "en", "thing", ["Ann"], keepers=3)
    service = env.bot.service
    game = await service.live_game(channel.id)
    seats = [p for p in game.players if is_keeper(p)] + [str(members[0].id)]
    await service.set_setup(game.id, {"seats": seats, "first_player": seats[0]})
    real, failed = GameService._settle, []

    async def busy_once(self, game_id, *args, **kwargs):
        if not failed:
            failed.append(game_id)
            raise ServiceError("db_busy")
        return await real(self, game_id, *args, **kwargs)
    monkeypatch.setattr(GameService, "_settle", busy_once)
    reply = await members[0].click(lobby, label=t("en", "lobby.start"))
    assert failed
    texts = [m.content or "" for m in channel.history()] + [all_text(f) for f in reply.followups]
    assert not any(t("en", "errors.db_busy") in x or t("en", "errors.internal") in x for x in texts), texts
    game = await service.live_game(channel.id)
    assert game.status == "active" and _aware(game.deadline) <= utcnow() + KEEPER_RESUME
    await env.bot.get_cog("DeadlineCog").check(utcnow() + KEEPER_RESUME + timedelta(seconds=1))
    await env.settle()
    game = await service.get(game.id)
    assert game.last_action > 0 and not any(is_keeper(p["player"]) for p in service.prompts(game))


async def test_a_deadline_that_keeps_failing_is_not_tried_at_every_check(simcord_env, monkeypatch):
    """A damaged game's deadline (its step refused for good) is tried again when the lease is
    over, not at every check of the loop (each try rebuilt the Keeper agents from the whole log)."""
    env = simcord_env
    channel, service, game = await _ann_and_bob_with_an_hour(env)
    tries = []

    async def damaged(self, *args, **kwargs):
        tries.append(1)
        raise ServiceError("game_corrupt")
    monkeypatch.setattr(GameService, "_default", damaged)
    cog = env.bot.get_cog("DeadlineCog")
    later = utcnow() + timedelta(minutes=61)
    for seconds in (0, 15, 30, 45):
        await cog.check(later + timedelta(seconds=seconds))
    assert len(tries) == 1
    await cog.check(later + DEADLINE_LEASE + timedelta(seconds=1))
    assert len(tries) == 2
