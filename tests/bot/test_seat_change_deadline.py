"""A seat handed to a member keeps no deadline that was Keeper's (rv19): with no turn time set,
Keeper's Lead waits a few seconds for the members' proposals on a group decision; a latecomer who
took that seat during the wait (or an away Lead back in their seat) had the group decision
answered by default seconds later ("Time is up for @…; the default was applied"), which also
counted as a missed deadline towards being taken for away. The deadline is now set afresh for the
seat's new player: with no turn time, none."""
from __future__ import annotations

from datetime import timedelta

from bot.db import utcnow
from tests.bot.test_keeper_lead import keeper_led_table, play_until_the_lead_asks


async def test_a_latecomer_who_takes_the_keeper_leads_seat_mid_wait_is_not_defaulted(simcord_env, monkeypatch):
    env = simcord_env
    channel, member = await keeper_led_table(env, monkeypatch)
    question = await play_until_the_lead_asks(env, channel, member)
    service = env.bot.service
    game = await service.live_game(channel.id)
    assert game.deadline is not None, "Keeper's Lead waits a few seconds for proposals"
    late = channel.guild.add_member(env.create_user("late"))
    await late.slash(channel, "game join")
    game = await service.get(game.id)
    assert str(late.id) in game.players
    assert game.deadline is None, "no turn time is set: the latecomer's decision has no deadline"
    await service.expire(game.id, now=utcnow() + timedelta(seconds=15))
    game = await service.get(game.id)
    still = [p for p in service.prompts(game) if p["player"] == str(late.id)]
    assert [p["id"] for p in still] == [question["id"]], "the group decision still waits for the latecomer"
    assert not [r.action for r in await service.actions(game.id) if r.action.get("deadline")]


async def test_an_away_lead_back_in_their_seat_mid_wait_is_not_defaulted(simcord_env, monkeypatch):
    from tests.bot.test_keeper_lead import a_member_lead_asks
    env = simcord_env
    channel, people, game, question = await a_member_lead_asks(env, monkeypatch)
    service, lead = env.bot.service, str(people[0].id)
    await people[0].slash(channel, "game away")
    assert (await service.get(game.id)).deadline is not None, "Keeper waits a few seconds for proposals"
    await people[0].slash(channel, "game back")
    game = await service.get(game.id)
    assert game.deadline is None, "back in their seat, with no turn time set: no deadline"
    await service.expire(game.id, now=utcnow() + timedelta(seconds=15))
    game = await service.get(game.id)
    assert [p["id"] for p in service.prompts(game) if p["player"] == lead] == [question["id"]]
