"""Issue 22, a Keeper player as the group's decider (Eldritch Horror's Lead Investigator, who has
the last word when the investigators decide together, 004 l.117 «Когда сыщики принимают решение
совместно, последнее слово остаётся за ведущим сыщиком»; here a Mythos card's "the Lead chooses an
investigator", Patrolling the Border): while members advise,
Keeper's Lead waits for their proposals and follows the most proposed; without one it decides
itself when its wait is over; with no member to advise (an all-Keeper table) it never waits.
Games are kept short with a mythos deck of two cards (arranged through the service, as a test
builder); the member clicks only what their panel offers."""
from __future__ import annotations

import random
from datetime import timedelta

import pytest

from bot.db import utcnow
from bot.seats import is_keeper
from engine.core.agent import ask, keeper_for
from engine.registry import rules_for
from tests.bot.helpers import (admin_of, all_text, guild_with_deadlines, open_lobby, panel_of,
                               record_live_postings)
from tests.bot.test_eldritch_table import (click_first_offered, click_option, mythos_deck, open_panel, pin_seed,
                                          policy)

LEAD = "keeper-1"
# a Mythos card whose choice is the group's, the Lead deciding (choose_investigator, chooser: lead):
# drawn first, it asks in round 1's Mythos phase
GROUP_MYTHOS = "patrolling_the_border"


def group_mythos_deck() -> list[str]:
    return [GROUP_MYTHOS] + [m for m in mythos_deck() if m != GROUP_MYTHOS][:1]


async def keeper_led_table(env, monkeypatch, seed: int = 3, guild=None, members: int = 1):
    """Members and one Keeper player, whose investigator is the Lead: (channel, the first member)."""
    rules_for("eldritch").new_game(["a", "b"], 1)  # the content pack loaded before the first click
    pin_seed(monkeypatch, seed)
    _, channel, people, lobby = await open_lobby(env, "eldritch", members, guild, "arkham-lead", "inv")
    member = people[0]
    await member.click(lobby, label="🤖 Add a Keeper player")
    game = await env.bot.service.live_game(channel.id)
    await env.bot.service.set_options(game.id, {"lead": LEAD})
    await env.bot.service.set_setup(game.id, {"mythos": group_mythos_deck()})
    await member.click(lobby, label="Start")
    return (channel, member) if members == 1 else (channel, people)


def lead_question(env, game) -> dict | None:
    """The Keeper Lead's pending group decision, if the game waits on one."""
    return next((p for p in env.bot.service.prompts(game) if is_keeper(p["player"]) and p.get("advisers")), None)


async def play_until_the_lead_asks(env, channel, member, rng=None, max_clicks=300) -> dict:
    """The member (or members, a list) play their own decisions (mostly the first option) until
    Keeper's Lead waits on a group decision; returns it."""
    rng = rng or random.Random(1)
    by_id = {str(m.id): m for m in (member if isinstance(member, list) else [member])}
    service = env.bot.service
    game = await service.live_game(channel.id)
    for _ in range(max_clicks):
        game = await service.get(game.id)
        assert game.status == "active", "the game ended before the Lead's group decision"
        question = lead_question(env, game)
        if question is not None:
            return question
        prompt = service.prompts(game)[0]
        member = by_id[prompt["player"]]
        panel = await open_panel(member, channel)
        if await click_option(member, panel, policy(rng, prompt)) is None:
            await click_first_offered(member, panel)
    raise AssertionError("Keeper's Lead never asked the group")


def public_text(channel) -> str:
    return "\n".join(m.content or "" for m in channel.history())


def assert_decided_told_once(text: str, chosen: str):
    """Keeper's Lead decided the group's question: one line says so and names the investigator
    chosen, who is then Delayed (Patrolling the Border: «choose_investigator» then «delay»)."""
    from bot.games.eldritch.render import inv_name, named
    told = [line for line in text.splitlines() if "decides for the group" in line]
    assert len(told) == 1 and f": {named('en', 'investigator', chosen)} (" in told[0], told
    assert f"{inv_name('en', chosen)} is Delayed." in text, text


def decided(actions, question) -> list[dict]:
    """Keeper's answers to ``question`` among the game's actions."""
    return [a for a in actions if a.get("player") == LEAD
            and {k: v for k, v in a.items() if k not in ("player", "prompt", "auto")} in question["options"]]


def agents_own(game, prompt) -> dict:
    rules = rules_for("eldritch")
    return ask(rules, game.state, keeper_for("eldritch", LEAD), prompt, random.Random(0))


async def test_keeper_lead_waits_for_a_members_proposal_and_follows_it(simcord_env, monkeypatch):
    env = simcord_env
    channel, member = await keeper_led_table(env, monkeypatch)
    question = await play_until_the_lead_asks(env, channel, member)
    game = await env.bot.service.live_game(channel.id)
    assert question["advisers"] == [str(member.id)]
    assert game.deadline is not None  # its wait has an end (no turn time here: the window's)
    assert f"waits for your proposals, <@{member.id}>" in public_text(channel)
    # the line says what is decided (it read "decides this for the group", "this" naming nothing)
    from bot.games.eldritch.render import decision_text
    assert f"decides a group question — {decision_text('en', question, game.state)} — " in public_text(channel)
    # the member proposes what Keeper would not choose itself
    own = agents_own(game, question)
    wanted = next(o for o in question["options"] if {"player": LEAD, **o} != own)
    panel = await open_panel(member, channel)
    menu = next(c for row in panel.components for c in row.get("components", [])
                if c.get("custom_id", "").startswith("keeper:prop:"))
    from cogs.play import option_digest
    await member.select(panel, [option_digest(wanted)], custom_id=menu["custom_id"])
    # the only member adviser proposed: Keeper's Lead decides at once, as proposed
    game = await env.bot.service.get(game.id)
    assert lead_question(env, game) is None
    actions = [row.action for row in await env.bot.service.actions(game.id)]
    assert decided(actions, question) == [{"player": LEAD, **wanted}]
    assert_decided_told_once(public_text(channel), wanted["value"])


@pytest.mark.parametrize("timeout", [None, "off"])
async def test_keeper_lead_decides_itself_when_nobody_proposes_in_time(simcord_env, monkeypatch, timeout):
    """No turn time: the wait is the server's window time (10 s unless set). With a turn time the
    wait is that, even where the server only reminds members when it passes ("off")."""
    env = simcord_env
    guild = (await guild_with_deadlines(env, minutes=10, action="off"))[0] if timeout else None
    channel, member = await keeper_led_table(env, monkeypatch, guild=guild)
    question = await play_until_the_lead_asks(env, channel, member)
    game = await env.bot.service.live_game(channel.id)
    own = agents_own(game, question)
    wait = timedelta(minutes=10) if timeout else timedelta(seconds=10)
    await env.bot.get_cog("DeadlineCog").check(utcnow() + wait / 2)
    assert lead_question(env, await env.bot.service.get(game.id)) is not None  # still waiting
    await env.bot.get_cog("DeadlineCog").check(utcnow() + wait + timedelta(seconds=1))
    game = await env.bot.service.get(game.id)
    assert lead_question(env, game) is None
    assert decided([row.action for row in await env.bot.service.actions(game.id)], question) == [own]
    assert_decided_told_once(public_text(channel), own["value"])


async def test_an_all_keeper_table_never_waits(simcord_env, monkeypatch):
    """With the only member kicked, every seat is Keeper's: the Lead's group decision is answered
    at once, like any other, and the game plays itself to the end."""
    env = simcord_env
    guild = env.create_guild()
    channel, member = await keeper_led_table(env, monkeypatch, guild=guild)
    reply = panel_of(await admin_of(env, guild).slash(channel, "gm kick", member=member))
    assert "removed" in all_text(reply)
    game = await env.bot.service.last_game(channel.id)
    assert game.status == "finished"
    # the group decision came, and was answered by Keeper's Lead at once
    actions = [row.action for row in await env.bot.service.actions(game.id)]
    assert any(a["player"] == LEAD and a.get("type") == "choose" and a.get("value") in game.state["inv"]
               for a in actions)
    assert "waits for your proposals" not in public_text(channel)


async def propose(member, channel, option: dict):
    from cogs.play import option_digest
    panel = await open_panel(member, channel)
    menu = next(c for row in panel.components for c in row.get("components", [])
                if c.get("custom_id", "").startswith("keeper:prop:"))
    await member.select(panel, [option_digest(option)], custom_id=menu["custom_id"])


async def test_keeper_lead_waits_for_every_member_and_breaks_a_tie_by_its_own_preference(simcord_env, monkeypatch):
    env = simcord_env
    channel, (ann, bob) = await keeper_led_table(env, monkeypatch, members=2)
    question = await play_until_the_lead_asks(env, channel, [ann, bob])
    game = await env.bot.service.live_game(channel.id)
    assert sorted(question["advisers"]) == sorted([str(ann.id), str(bob.id)])
    before = game.state
    to_own = {str(m.id): next(o for o in question["options"] if game.state["inv"][o["value"]]["player"] == str(m.id))
              for m in (ann, bob)}
    await propose(ann, channel, to_own[str(ann.id)])
    assert lead_question(env, await env.bot.service.get(game.id)) is not None  # Bob has not proposed yet
    await propose(bob, channel, to_own[str(bob.id)])
    game = await env.bot.service.get(game.id)
    assert lead_question(env, game) is None
    # one proposal each: a tie, broken by the agent's own preference among the two proposals
    tied = [o for o in question["options"] if o in to_own.values()]
    preferred = ask(rules_for("eldritch"), before, keeper_for("eldritch", LEAD), question, random.Random(0), among=tied)
    answers = decided([row.action for row in await env.bot.service.actions(game.id)], question)
    assert answers == [preferred] and {k: v for k, v in preferred.items() if k != "player"} in tied
    assert_decided_told_once(public_text(channel), answers[0]["value"])  # a member's own investigator


async def test_a_lead_whose_release_fails_keeps_its_deadline_and_decides_on_the_next_pass(simcord_env, monkeypatch):
    """The deadline loop takes the wait's deadline, then the database is busy: the deadline is
    given back (the table was left waiting with none), and the next pass decides."""
    from bot.service import ServiceError

    env = simcord_env
    channel, member = await keeper_led_table(env, monkeypatch)
    await play_until_the_lead_asks(env, channel, member)
    service = env.bot.service
    game = await service.live_game(channel.id)
    deadline = game.deadline
    settle = service._settle

    async def busy(*args, **kwargs):
        raise ServiceError("db_busy")
    monkeypatch.setattr(service, "_settle", busy)
    later = utcnow() + timedelta(seconds=11)
    await env.bot.get_cog("DeadlineCog").check(later)
    game = await service.get(game.id)
    assert lead_question(env, game) is not None and game.deadline == deadline
    monkeypatch.setattr(service, "_settle", settle)
    await env.bot.get_cog("DeadlineCog").check(later)
    assert lead_question(env, await service.get(game.id)) is None


def test_the_lead_counts_proposals_of_one_choice_together(monkeypatch):
    """Two members proposing "the same" choice in two copies (two dice showing a 3, two copies of one
    card: one control in the panel) back one choice: 2 against 2 is a tie for the agent to break,
    not 2 against 1 for the other option."""
    from types import SimpleNamespace

    import bot.service as service_module

    class Faces:
        @staticmethod
        def same_choice(option, prompt, state):
            return option["face"]

        @staticmethod
        def option_label(option, state, names, lang):
            return f"die {option['die']}"

    monkeypatch.setattr(service_module, "ui_for", lambda kind: Faces)
    asked = []

    def agent(game, rules, state, player, prompt, step, among=None):
        asked.append(among)
        return {"player": player, **among[0], "prompt": prompt["id"]}
    monkeypatch.setattr(service_module, "_agent_action", agent)
    options = [{"type": "reroll", "die": 0, "face": 3}, {"type": "reroll", "die": 1, "face": 2},
               {"type": "reroll", "die": 2, "face": 3}]
    prompt = {"id": 7, "player": LEAD, "options": options}
    proposals = {7: [("1", options[0]), ("2", options[2]), ("3", options[1]), ("4", options[1])]}
    game = SimpleNamespace(id=1, kind="eldritch", names={})
    service = service_module.GameService.__new__(service_module.GameService)
    chosen, line = service._lead_choice(game, None, {}, prompt, service_module.Leads(proposals=proposals), 0)
    assert asked and [o["face"] for o in asked[0]] == [3, 2]  # a tie of two distinct choices
    assert chosen["die"] == 0 and line["params"]["players"] == ["1", "2"]


async def test_an_admin_skips_a_silent_adviser_and_keepers_lead_decides(simcord_env, monkeypatch):
    """/gm skip of a member Keeper's Lead waits a proposal from ends the wait (it said "nothing to
    skip", and the table could only wait out the window or the turn time)."""
    env = simcord_env
    channel, member = await keeper_led_table(env, monkeypatch)
    question = await play_until_the_lead_asks(env, channel, member)
    game = await env.bot.service.live_game(channel.id)
    own = agents_own(game, question)
    await env.bot.tree.sync()
    reply = panel_of(await admin_of(env, channel.guild).slash(channel, "gm skip", member=member))
    assert "stopped waiting for a proposal from" in (reply.content or "") + all_text(reply)
    game = await env.bot.service.get(game.id)
    assert lead_question(env, game) is None
    assert decided([row.action for row in await env.bot.service.actions(game.id)], question) == [own]
    await env.bot.publisher.flush(game.id)
    assert "stopped waiting for a proposal" in public_text(channel)


async def test_the_half_time_reminder_names_the_advisers_who_have_not_proposed(simcord_env, monkeypatch):
    """A Keeper Lead's wait with a turn time is reminded at half time like a member's decision:
    the reminder names the member advisers it still waits for, never Keeper's own seat."""
    env = simcord_env
    guild, _admin = await guild_with_deadlines(env, minutes=10)
    channel, (ann, bob) = await keeper_led_table(env, monkeypatch, guild=guild, members=2)
    question = await play_until_the_lead_asks(env, channel, [ann, bob])
    game = await env.bot.service.live_game(channel.id)
    await propose(ann, channel, question["options"][0])
    assert lead_question(env, await env.bot.service.get(game.id)) is not None  # Bob has not proposed
    await env.bot.get_cog("DeadlineCog").check(utcnow() + timedelta(minutes=6))
    reminder = next(line for line in public_text(channel).split("\n") if "half of the time to propose" in line)
    assert f"<@{bob.id}>" in reminder and f"<@{ann.id}>" not in reminder, reminder
    assert "🤖" not in reminder and "answers for the group" in reminder, reminder  # no Keeper seat named
    posted = channel.last_message  # the reminder's new live message pings the adviser it names
    assert "half of the time to propose" in posted.content
    assert env.backend.get_message(channel.id, posted.id).ping_user_ids == [bob.id]


async def test_the_advisers_a_keeper_lead_waits_for_are_pinged_by_the_posting_meant_to(simcord_env, monkeypatch):
    """Advisers are handed a decision when Keeper's Lead waits for their proposals: a live
    message posted to ping them names them in its text (an embed never notifies), so they are."""
    env = simcord_env
    postings = record_live_postings(env)

    channel, (ann, bob) = await keeper_led_table(env, monkeypatch, members=2)
    await play_until_the_lead_asks(env, channel, [ann, bob])
    advisers = {ann.id, bob.id}
    asked = [(meant, pinged, text) for meant, pinged, text in postings if meant & advisers]
    assert asked, "a live message was posted to ping the advisers"
    for meant, pinged, text in asked:
        assert pinged == meant, text


def test_a_members_lead_choice_is_no_group_line_but_other_group_decisions_are():
    """«✅ Ann decides for the group: Keep the Lead (…)» came every round, and a pass came twice
    (that line, then «👑 X is now the Lead Investigator.»). The rulebook: "At the end of every
    Mythos phase the Lead Investigator *may* hand the Lead token to any other player"."""
    from types import SimpleNamespace

    from cogs.group import decided_notice
    state, _ = rules_for("eldritch").new_game(["1", "2"], 1)
    lead = state["lead"]
    other = next(i for i in state["inv"] if i != lead)
    game = SimpleNamespace(kind="eldritch", state=state, names={})
    prompt = {"id": 1, "player": "1", "kind": "group", "about": "lead", "advisers": ["2"]}
    assert decided_notice(game, prompt, {"type": "lead", "to": lead}, "en") == []
    assert decided_notice(game, prompt, {"type": "lead", "to": other}, "en") == []
    # another group decision of the Lead's (a card's "the Lead chooses") is still announced
    choose = {"id": 2, "player": "1", "kind": "group", "about": "investigator", "advisers": ["2"]}
    (line,) = decided_notice(game, choose, {"type": "choose", "value": other}, "en")
    assert line["key"] == "group.decided_on"  # with its question (test_group_lines12)


async def test_the_table_names_only_the_advisers_keepers_lead_still_waits_for(simcord_env, monkeypatch):
    """The table's "Waiting for" line named every member adviser of Keeper's Lead until it
    decided, a member who had proposed too (grp12): it now names those it still waits for."""
    from tests.bot.helpers import table_message
    env = simcord_env
    channel, (ann, bob) = await keeper_led_table(env, monkeypatch, members=2)
    question = await play_until_the_lead_asks(env, channel, [ann, bob])
    game = await env.bot.service.live_game(channel.id)

    def waiting_field() -> str:
        embed = table_message(channel).embeds[0]
        return next(f.value for f in embed.fields if f.name == "⏳ The table waits for")

    await env.bot.publisher.flush(game.id)
    assert f"<@{ann.id}>" in waiting_field() and f"<@{bob.id}>" in waiting_field()
    await propose(ann, channel, question["options"][0])
    await env.bot.publisher.flush(game.id)
    assert lead_question(env, await env.bot.service.get(game.id)) is not None  # Bob has not proposed
    field = waiting_field()
    assert f"<@{bob.id}>" in field and f"<@{ann.id}>" not in field, field


async def a_member_lead_asks(env, monkeypatch):
    """Two members, the first the Lead, play until the Lead's group decision comes:
    (channel, members, game, the question)."""
    rules_for("eldritch").new_game(["a", "b"], 1)
    pin_seed(monkeypatch, 3)
    _, channel, people, lobby = await open_lobby(env, "eldritch", 2, None, "arkham-away-lead", "inv")
    game = await env.bot.service.live_game(channel.id)
    lead = str(people[0].id)
    await env.bot.service.set_options(game.id, {"lead": lead})
    await env.bot.service.set_setup(game.id, {"mythos": group_mythos_deck()})
    await people[0].click(lobby, label="Start")
    rng, by_id, service = random.Random(1), {str(m.id): m for m in people}, env.bot.service
    for _ in range(300):
        game = await service.get(game.id)
        assert game.status == "active"
        question = next((p for p in service.prompts(game) if p["player"] == lead and p.get("advisers")), None)
        if question is not None:
            return channel, people, game, question
        prompt = service.prompts(game)[0]
        panel = await open_panel(by_id[prompt["player"]], channel)
        if await click_option(by_id[prompt["player"]], panel, policy(rng, prompt)) is None:
            await click_first_offered(by_id[prompt["player"]], panel)
    raise AssertionError("the Lead never asked the group")


async def test_an_away_leads_group_decision_waits_for_the_other_members_proposals(simcord_env, monkeypatch):
    """A member Lead who steps away (/game away) hands their decisions to Keeper: a group decision
    of theirs waits for the other members' proposals and follows them, as a Keeper player's does
    (rv17: Keeper decided at once from the Lead's view alone)."""
    env = simcord_env
    channel, people, game, question = await a_member_lead_asks(env, monkeypatch)
    lead, service = str(people[0].id), env.bot.service
    adviser = people[1]
    await people[0].slash(channel, "game away")
    game = await service.get(game.id)
    assert any(p["id"] == question["id"] for p in service.prompts(game)), "Keeper waits for the proposals"
    assert f"waits for your proposals, <@{adviser.id}>" in public_text(channel)
    own = ask(rules_for("eldritch"), game.state, keeper_for("eldritch", lead), question, random.Random(0))
    wanted = next(o for o in question["options"] if {"player": lead, **o} != own)
    panel = await open_panel(adviser, channel)
    menu = next(c for row in panel.components for c in row.get("components", [])
                if c.get("custom_id", "").startswith("keeper:prop:"))
    from cogs.play import option_digest
    await adviser.select(panel, [option_digest(wanted)], custom_id=menu["custom_id"])
    game = await service.get(game.id)
    assert not any(p["id"] == question["id"] for p in service.prompts(game))
    actions = [row.action for row in await service.actions(game.id)]
    assert any(a.get("player") == lead and {k: v for k, v in a.items() if k not in ("player", "prompt", "auto")} == wanted
               for a in actions), "Keeper followed the proposal"
