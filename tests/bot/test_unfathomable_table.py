"""Unfathomable at the Discord table (issue 11), the real bot offline through SimCord: whole games
from the lobby to the end, restarts in the middle of a check and of a choice, closed DMs, a
hundred clicks on one contribution, the leak scan, admin powers and undo.

Members click only what they are offered (``unfathomable_driver``); the seeds are fixed
(``secrets.randbits`` patched) and were picked for short games with the quick policy."""
from __future__ import annotations

import asyncio
import copy
import random

import discord
import pytest

from bot.client import create_bot
from bot.games import dm_prompt_kinds
from bot.games.unfathomable import render as ui
from engine.core.events import visible_to
from tests.bot.helpers import admin_of, all_text, close_dms, current_game, log_size, panel_of, record_live_postings
from tests.bot.helpers import MENTION, Oracle, private_kinds
from tests.bot.unfathomable_driver import (KIND, RULES, QuickPolicy, answer, controls_of, dm_with_controls,
                                           new_unfathomable, offered, panel_from, play_unfathomable, prompt_of,
                                           table_of, waiting_on)
from tests.bot.unfathomable_driver import unfathomable_leaks as leaks

def contribute_frame(state) -> dict | None:
    return next((f for f in reversed(state["stack"]) if f["k"] == "contribute"), None)


def public_text(channel) -> str:
    return "\n".join(all_text(m) for m in channel.history())


def lines_of(text: str) -> set[str]:
    return {line.strip() for line in text.splitlines() if line.strip()}


def mention(member) -> str:
    return f"<@{member.id}>"


async def contributing(env, channel, members, rng, given_at_least=1, give=1.0, max_clicks=600, **kw):
    """Play on until a check waits for a contributor after ``given_at_least`` members added
    (the earlier contributors add cards with chance ``give``)."""
    def stop(game):
        frame = contribute_frame(game.state) if game.state.get("stack") else None
        if frame is None or frame["i"] < given_at_least or frame["i"] >= len(frame["order"]):
            return False
        if not any(p["kind"] == "contribute" for p in RULES.prompts(game.state)):
            return False  # the check's opening window first
        holds = bool(game.state["hands"][frame["order"][frame["i"]]])  # the next one has cards to add
        return holds and (given_at_least == 0 or any(frame["given"].values()))

    stats = await play_unfathomable(env, channel, members, rng, max_clicks=max_clicks,
                                    policy=QuickPolicy(rng, give=give), stop=stop, **kw)
    game = await current_game(env, channel)
    assert game.status == "active" and stop(game), f"no check reached: {dict(stats)}"
    return game


# ---------------------------------------------------------------- whole games
# (players, seed, lobby flags): every player count, each lobby option at least once
GAMES = [(3, 35, None), (4, 11, ["first_game"]), (5, 95, ["cultist", "easier"]), (6, 25, [])]
EXPECTED_OPTIONS = {None: {}, ("first_game",): {"first_game": True}, ("cultist", "easier"): {"difficulty": "easier"},
                    (): {"cultist": False}}


@pytest.mark.parametrize("players,seed,flags", GAMES)
async def test_a_whole_game_from_the_lobby_to_the_end(simcord_env, monkeypatch, players, seed, flags):
    env = simcord_env
    oracle = Oracle(monkeypatch, RULES)
    _, channel, members = await new_unfathomable(env, players, flags, seed=seed, monkeypatch=monkeypatch)
    game = await current_game(env, channel)
    assert game.options == EXPECTED_OPTIONS[tuple(flags) if flags is not None else None]
    rng = random.Random(seed)
    seen: dict[int, list[str]] = {}

    async def on_panel(member, panel):
        seen.setdefault(member.id, []).append(all_text(panel))

    stats = await play_unfathomable(env, channel, members, rng, max_clicks=900, on_panel=on_panel)

    game = await current_game(env, channel)
    assert game.status == "finished" and game.state["result"]["reason"]
    public = public_text(channel)
    assert "🏁 Game over" in public   # every loyalty card shown at the end, in the final table's result
    assert all(f"<@{m.id}>: You Are a" in public for m in members)
    # character selection: each member picked from their panel, publicly announced
    assert stats["character"] == players or game.options.get("first_game")
    chosen = game.state["characters"]
    assert len(set(chosen.values())) == players
    for member in members:
        assert f"{mention(member)} plays **{ui.character('en', chosen[str(member.id)])}**" in public
        private = "\n".join([all_text(m) for m in member.user.dm_channel.history()] + seen.get(member.id, []))
        assert "Your loyalty card" in private  # loyalty dealt privately: by DM, or in the panel's reply
    # skill checks were run by secret contributions, each member's own controls
    assert stats["contribute"] >= players
    assert "🎲 Skill check" in public and "🃏 The pile, shuffled" in public
    if "contribute" in dm_prompt_kinds(KIND):
        assert stats["dm:contribute"] > 0, "contributions were made from the DMs' controls"
    # and no secret reached the table or another member (see the leak scan below)
    assert leaks(oracle, channel, members, seen) == []
    kinds = private_kinds(oracle)
    assert {"loyalty_dealt", "skills_drawn_you", "check_you_added"} <= kinds
    if players in (4, 6):  # these seeds reach the course choice (the Captain's private peek)
        assert "course_peek" in kinds, kinds
    if players == 6:  # ...and a look at the item deck
        assert "items_peek" in kinds, kinds


async def test_contributions_from_the_dm_itself(simcord_env, monkeypatch):
    assert "contribute" in dm_prompt_kinds(KIND), "contributions must go by DM (issue 11)"
    env = simcord_env
    _, channel, members = await new_unfathomable(env, 4, seed=57, monkeypatch=monkeypatch)
    rng = random.Random(2)
    game = await contributing(env, channel, members, rng, given_at_least=0, give=0.0)
    frame = contribute_frame(game.state)
    pid = frame["order"][frame["i"]]
    member = next(m for m in members if str(m.id) == pid)
    prompt = prompt_of(game, pid)
    dm = dm_with_controls(member, game, prompt)
    assert dm is not None, "the contributor got a DM with the check and the controls"
    text = "\n".join(all_text(m) for m in member.user.dm_channel.history()[-3:])
    check = game.state["checks"][-1]
    assert f"target {check['target']}" in text  # the check above the controls, in one line
    assert text.count(f"target {check['target']}") == 1  # no panel repeating it: at most what each answer does
    assert all(not e.description and {f.name for f in e.fields} <= {"What each answer does", "\u200b"}
               for e in dm.embeds)
    others = {ui.skill_card("en", c) for p, h in game.state["hands"].items() if p != pid for c in h}
    mine = {ui.skill_card("en", c) for c in game.state["hands"][pid]}
    assert not {line for line in lines_of(text) if line in others - mine}  # nobody else's hand
    menu = [a for a in offered(prompt, controls_of(dm)) if a[2] == "subset"]
    nothing = [a for a in offered(prompt, controls_of(dm)) if a[2] is None]
    assert nothing, "the DM offers 'add nothing'"
    hand = list(game.state["hands"][pid])
    if menu:
        values = [o["value"] for o in menu[0][1]["options"]][:1]
        await answer(member, dm, menu[0], values)
        added = [hand[int(v)] for v in values]
    else:
        await answer(member, dm, nothing[0])
        added = []
    after = await current_game(env, channel)
    assert contribute_frame(after.state) is None or contribute_frame(after.state)["given"].get(pid) == added
    public = public_text(channel)
    count = ui.t("en", "unfathomable.count.cards", count=len(added))
    assert f"{mention(member)} added {count}." in public
    for card in added:  # never which cards, until the shuffled pile is revealed
        assert not any(ui.card_name("en", card) in line and mention(member) in line for line in lines_of(public))
    # the same prompt's DM controls are now stale, never acting twice
    again = panel_of(await answer(member, dm, nothing[0]))
    assert "no longer current" in again.content


# ---------------------------------------------------------------- restarts
async def test_a_restart_in_the_middle_of_a_check_keeps_contributions_made_and_secret(
        simcord_env, monkeypatch, bot_settings):
    env = simcord_env
    _, channel, members = await new_unfathomable(env, 4, seed=57, monkeypatch=monkeypatch)
    by_id = {str(m.id): m for m in members}
    game = await contributing(env, channel, members, random.Random(3), given_at_least=1)
    frame = contribute_frame(game.state)
    given = {p: list(c) for p, c in frame["given"].items()}
    authors = [p for p, c in given.items() if c]
    nxt = by_id[frame["order"][frame["i"]]]
    old_panel = await panel_from(nxt, table_of(env, channel, game))  # drawn before the restart
    old_dm = dm_with_controls(nxt, game, prompt_of(game, str(nxt.id)))
    state_before = copy.deepcopy(game.state)

    await env.restart_bot(create_bot(bot_settings))

    game = await current_game(env, channel)
    assert game.state == state_before  # resumed exactly from the database
    assert contribute_frame(game.state)["given"] == given  # contributions stay made
    for pid, cards in given.items():
        hand = list(game.state["hands"][pid])
        for card in cards:
            assert hand.count(card) < state_before["hands"][pid].count(card) + 1
    # ...and secret: the table and every other member's panel show counts, never the cards
    table = table_of(env, channel, game)
    check_field = next(f.value for f in table.embeds[0].fields if f.name == "Skill check")
    for author in authors:
        assert f"<@{author}>: {len(given[author])} card" in check_field
        for card in given[author]:
            assert ui.card_name("en", card) not in check_field
    for member in members:
        panel = await panel_from(member, table)
        mine = next((f.value for f in panel.embeds[0].fields if f.name == "You added to this check"), None)
        assert mine == (ui.cards("en", given[str(member.id)]) if given.get(str(member.id)) else None)
    # the next contributor's controls drawn before the restart work: the DM's (where the game
    # sends contributions by DM), and the panel's, which the answer then makes stale
    prompt = prompt_of(game, str(nxt.id))
    if "contribute" in dm_prompt_kinds(KIND):
        assert old_dm is not None, "the next contributor had the check by DM before the restart"
        menu = next(a for a in offered(prompt, controls_of(old_dm)) if a[2] == "subset")
        await answer(nxt, old_dm, menu, [menu[1]["options"][0]["value"]])
        added = [state_before["hands"][str(nxt.id)][int(menu[1]["options"][0]["value"])]]
        stale = panel_of(await answer(nxt, old_panel, [a for a in offered(prompt, controls_of(old_panel))
                                                         if a[2] is None][0]))
        assert "no longer current" in stale.content
    else:
        await answer(nxt, old_panel, [a for a in offered(prompt, controls_of(old_panel)) if a[2] is None][0])
        added = []
    game = await current_game(env, channel)
    frame = contribute_frame(game.state)
    assert frame is not None and frame["given"] == {**given, str(nxt.id): added}
    told = ui.t('en', 'unfathomable.count.cards', count=len(added))  # alone, or in a run of contributions
    assert f"{mention(nxt)} added {told}." in public_text(channel) or f"{mention(nxt)} — {told}" in public_text(channel)
    # ...and the one after them gets the check in their panel (and DM) from the restarted bot
    after = by_id[frame["order"][frame["i"]]]
    panel = await panel_from(after, table_of(env, channel, game))
    assert offered(prompt_of(game, str(after.id)), controls_of(panel))
    if "contribute" in dm_prompt_kinds(KIND):
        assert dm_with_controls(after, game, prompt_of(game, str(after.id))) is not None


async def test_a_restart_in_the_middle_of_a_choice(simcord_env, monkeypatch, bot_settings):
    env = simcord_env
    _, channel, members = await new_unfathomable(env, 3, seed=35, monkeypatch=monkeypatch)
    by_id = {str(m.id): m for m in members}

    def choosing(game):
        prompts = RULES.prompts(game.state) if game.state.get("stack") else []
        return any(p["kind"] == "choose" and len(p.get("options") or ()) > 1 for p in prompts)

    await play_unfathomable(env, channel, members, random.Random(4), max_clicks=400, stop=choosing)
    game = await current_game(env, channel)
    prompt = next(p for p in RULES.prompts(game.state) if p["kind"] == "choose")
    chooser = by_id[prompt["player"]]
    old_panel = await panel_from(chooser, table_of(env, channel, game))
    before = copy.deepcopy(game.state)
    actions = await log_size(env, channel)

    await env.restart_bot(create_bot(bot_settings))

    game = await current_game(env, channel)
    assert game.state == before
    assert waiting_on(table_of(env, channel, game)) == [chooser.id]
    last = offered(prompt_of(game, prompt["player"]), controls_of(old_panel))[-1]
    reply = panel_of(await answer(chooser, old_panel, last))
    assert "no longer current" not in (reply.content or "")
    assert await log_size(env, channel) == actions + 1
    assert not any(p["id"] == prompt["id"] for p in RULES.prompts((await current_game(env, channel)).state))
    # and the game goes on to its end with the restarted bot
    await play_unfathomable(env, channel, members, random.Random(5), max_clicks=600)
    assert (await current_game(env, channel)).status == "finished"


# ---------------------------------------------------------------- closed DMs
async def test_a_member_with_closed_dms_contributes_through_the_panel(simcord_env, monkeypatch):
    env = simcord_env
    postings = record_live_postings(env)
    await env.bot.tree.sync()
    guild = env.create_guild()
    closed_user = env.create_user("closed")
    close_dms(env, closed_user)
    closed = guild.add_member(closed_user)
    members = [guild.add_member(env.create_user(f"open{i}")) for i in range(2)] + [closed]
    _, channel, members = await new_unfathomable(env, 3, seed=35, monkeypatch=monkeypatch, guild=guild,
                                                 members=members)
    cid = str(closed.id)
    policy = QuickPolicy(random.Random(6), give=0.0, give_by={cid: 1.0})

    def closed_has_added(game):
        frame = contribute_frame(game.state) if game.state.get("stack") else None
        return frame is not None and bool(frame["given"].get(cid)) and frame["i"] < len(frame["order"])

    stats = await play_unfathomable(env, channel, members, random.Random(6), max_clicks=500, policy=policy,
                                    stop=closed_has_added, closed=[closed])
    game = await current_game(env, channel)
    assert game.status == "active" and closed_has_added(game), dict(stats)
    added = contribute_frame(game.state)["given"][cid]
    # nothing reached the closed DMs; the bot said publicly, neutrally, where to look
    assert not closed_user.dm_channel.history()
    public = public_text(channel)
    notices = [line for line in lines_of(public) if line.startswith(f"📬 {mention(closed)}")]
    label = ui.hand_button_label("en")  # the button the table shows, named by the line
    assert notices and all(f"press **{label}**" in line for line in notices)
    for card in added:
        assert not any(ui.card_name("en", card) in line for line in notices)
    # the DM was to notify them of the decision (the channel owes no ping for a decision sent by
    # DM): closed, the notice's posting pings them instead
    assert any(closed.id in pinged and "a decision is waiting for you" in text for _, pinged, text in postings)
    # nothing is lost: the member reads their loyalty and their contribution in /panel
    hand = all_text(panel_of(await closed.slash(channel, "panel")))
    assert "Your loyalty card" in hand or "Loyalty" in hand
    assert ui.cards("en", added) in hand
    # nothing hangs: the game goes on past them to the end
    await play_unfathomable(env, channel, members, random.Random(7), max_clicks=600, closed=[closed])
    assert (await current_game(env, channel)).status == "finished"


# ---------------------------------------------------------------- a hundred clicks
class Click:
    """One member's component interaction as the bot's handler receives it, without SimCord
    (which runs one interaction at a time): its reply is recorded."""

    class Response:
        def __init__(self):
            self.done = False

        def is_done(self):
            return self.done

        async def defer(self, **kwargs):
            self.done = True

        async def send_message(self, *args, **kwargs):
            self.done = True

    class Followup:
        def __init__(self):
            self.sent = []

        async def send(self, content=None, **kwargs):
            self.sent.append(content)

    def __init__(self, bot, member, game):
        from types import SimpleNamespace
        self.client = bot
        self.user = SimpleNamespace(id=member.id, name=member.name, display_name=member.name)
        self.locale = discord.Locale.american_english
        self.guild_id, self.channel_id = game.guild_id, game.channel_id
        self.response, self.followup, self.data = Click.Response(), Click.Followup(), {}


async def test_a_hundred_parallel_clicks_on_one_contribution_give_one_contribution(simcord_env, monkeypatch):
    import cogs.play as play
    from engine.core.errors import RuleError
    env = simcord_env
    _, channel, members = await new_unfathomable(env, 4, seed=57, monkeypatch=monkeypatch)
    game = await contributing(env, channel, members, random.Random(8), given_at_least=0, give=0.0)
    frame = contribute_frame(game.state)
    pid = frame["order"][frame["i"]]
    member = next(m for m in members if str(m.id) == pid)
    panel = await panel_from(member, table_of(env, channel, game))
    prompt = prompt_of(game, pid)
    menu = next((a for a in offered(prompt, controls_of(panel)) if a[2] == "subset"), None)
    assert menu is not None, "the contributor holds cards"
    values = [menu[1]["options"][0]["value"]]  # the menu's value: the card's index in the hand
    card = game.state["hands"][pid][int(values[0])]
    hand_before = list(game.state["hands"][pid])
    logged = await log_size(env, channel)

    # the panel's multi-select, submitted 100 times at once: the handler the component runs
    clicks = [Click(env.bot, member, game) for _ in range(100)]
    results = await asyncio.gather(*[play.resolve_option(c, game.id, game.epoch, prompt["id"], list(values))
                                     for c in clicks], return_exceptions=True)

    accepted = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, RuleError) and r.code == "stale_prompt"]
    assert len(accepted) == 1 and len(refused) == 99, [r for r in results if isinstance(r, Exception)][:3]
    assert await log_size(env, channel) == logged + 1
    game = await current_game(env, channel)
    frame = contribute_frame(game.state)
    assert frame is None or frame["given"][pid] == [card]
    hand = list(game.state["hands"][pid])
    assert len(hand) == len(hand_before) - 1 and hand.count(card) == hand_before.count(card) - 1
    assert public_text(channel).count(f"{mention(member)} added 1 card.") == 1
    # the panel's own control, clicked once more through Discord, is refused as stale
    again = panel_of(await answer(member, panel, menu, values))
    assert "no longer current" in again.content and again.ephemeral


# ---------------------------------------------------------------- the leak scan
def panel_watch(env, channel, seen):
    async def on_panel(member, panel):
        seen.setdefault(member.id, []).append(all_text(panel))
        if not panel.embeds[0].fields:   # a contribution answered in its DM: a line, not a panel
            return
        # the panel's hand and contribution are exactly the member's own
        game = await current_game(env, channel)
        pid = str(member.id)
        fields = {f.name: f.value for f in panel.embeds[0].fields}
        hand = next(v for k, v in fields.items() if k.startswith("Skill cards"))
        mine = sorted(game.state["hands"][pid], key=lambda c: (c.split(":")[0], c))
        assert hand == ("\n".join(ui.skill_card("en", c) for c in mine) or "none")[:1024]
        frame = contribute_frame(game.state) if game.state.get("stack") else None
        own = (frame or {}).get("given", {}).get(pid)
        assert fields.get("You added to this check") == (ui.cards("en", own) if own else None)
    return on_panel


@pytest.mark.parametrize("players,seed", [(4, 57), (6, 91)])
async def test_no_secret_reaches_the_table_or_another_member(simcord_env, monkeypatch, players, seed):
    env = simcord_env
    oracle = Oracle(monkeypatch, RULES)
    _, channel, members = await new_unfathomable(env, players, seed=seed, monkeypatch=monkeypatch)
    seen: dict[int, list[str]] = {}
    await play_unfathomable(env, channel, members, random.Random(seed), max_clicks=900,
                            policy=QuickPolicy(random.Random(seed), give=0.6, act=0.5), on_panel=panel_watch(env, channel, seen))
    assert (await current_game(env, channel)).status == "finished"
    kinds = private_kinds(oracle)
    assert {"loyalty_dealt", "skills_drawn_you", "check_you_added"} <= kinds, kinds
    assert leaks(oracle, channel, members, seen) == []
    # every member did receive their own secrets
    for member in members:
        own = "\n".join(all_text(m) for m in member.user.dm_channel.history()) + "\n".join(seen.get(member.id, []))
        assert "Your loyalty card" in own


async def test_the_leak_scan_catches_a_secret_posted_on_purpose(simcord_env, monkeypatch):
    """The scan is not blind: a loyalty card posted to the table, a hand DMed to another member
    and a public line naming who added which card are each caught."""
    env = simcord_env
    oracle = Oracle(monkeypatch, RULES)
    _, channel, members = await new_unfathomable(env, 4, seed=57, monkeypatch=monkeypatch)
    seen: dict[int, list[str]] = {}
    game = await contributing(env, channel, members, random.Random(9), given_at_least=1,
                              on_panel=panel_watch(env, channel, seen))
    assert leaks(oracle, channel, members, seen) == []
    a, b = members[0], members[1]
    loyalty = ui.private_lines([e for e in oracle.events if e["type"] == "loyalty_dealt"
                                and visible_to(e, str(a.id))], str(a.id), "en")[0]
    drawn = next(line for e in oracle.events if e["type"] == "skills_drawn_you" and visible_to(e, str(a.id))
                 for line in ui.private_lines([e], str(a.id), "en"))
    frame = contribute_frame(game.state)
    author, cards = next((p, c) for p, c in frame["given"].items() if c)
    bot_channel = env.bot.get_channel(channel.id)

    await bot_channel.send(f"Psst. {loyalty}")  # on its own line below: planted
    await bot_channel.send(loyalty)
    found = leaks(oracle, channel, members, seen)
    assert f"public: {loyalty}" in found

    user_b = await env.bot.fetch_user(b.id)
    await user_b.send(drawn)
    assert f"{b.name}: {drawn}" in leaks(oracle, channel, members, seen)

    await bot_channel.send(f"<@{author}> slipped in {ui.card_name('en', cards[0])}")
    assert any(p.startswith("author: ") for p in leaks(oracle, channel, members, seen))


# ---------------------------------------------------------------- admin
ADMIN_COMMANDS = [("gm undo", {}), ("gm undo", {"count": 2, "force": True}), ("gm reset", {}), ("gm skip", {}),
                  ("gm export", {}), ("gm kick", {"member": 1}), ("gm replace", {"old": 1, "new": "outsider"}),
                  ("settings language", {"language": "uk"}), ("settings timeout", {"minutes": 5}),
                  ("settings admin_role", {"role": "role"}), ("game abort", {})]


REFUSALS = ("Only server admins", "Only members with the Manage Server permission", "Only the game's host or an admin",
            "An admin ends a running game with `/gm reset`")


async def test_non_admins_are_refused_every_admin_command(simcord_env, monkeypatch):
    env = simcord_env
    guild = env.create_guild()
    _, channel, members = await new_unfathomable(env, 3, seed=35, monkeypatch=monkeypatch, guild=guild)
    await play_unfathomable(env, channel, members, random.Random(10), max_clicks=400,
                            stop=lambda g: g.last_action >= 12)
    outsider = guild.add_member(env.create_user("outsider"))
    role = guild.create_role("Crew")
    before = await current_game(env, channel)
    settings_before = await env.bot.service.guild_settings(guild.id)
    actions = await log_size(env, channel)
    for who in (members[0], members[1], outsider):  # the creator, a player, a bystander
        for command, params in ADMIN_COMMANDS:
            values = {k: {1: members[1], "outsider": outsider, "role": role}.get(v, v) if not isinstance(v, bool)
                      else v for k, v in params.items()}
            reply = panel_of(await who.slash(channel, command, **values))
            assert reply.ephemeral, command
            assert any(refusal in reply.content for refusal in REFUSALS), (command, reply.content)
            assert not reply.attachments
    after = await current_game(env, channel)
    assert (after.state, after.status, after.players, after.autopilot, after.epoch) == \
        (before.state, before.status, before.players, before.autopilot, before.epoch)
    assert await log_size(env, channel) == actions
    settings_after = await env.bot.service.guild_settings(guild.id)
    assert (settings_after.language, settings_after.turn_timeout_minutes, settings_after.admin_role_id) == \
        (settings_before.language, settings_before.turn_timeout_minutes, settings_before.admin_role_id)


async def test_an_admin_undo_restores_a_contribution_exactly_and_a_reveal_needs_force(simcord_env, monkeypatch):
    env = simcord_env
    guild = env.create_guild()
    admin = admin_of(env, guild)
    _, channel, members = await new_unfathomable(env, 3, seed=35, monkeypatch=monkeypatch, guild=guild)
    by_id = {str(m.id): m for m in members}
    game = await contributing(env, channel, members, random.Random(11), given_at_least=1)
    frame = contribute_frame(game.state)
    while frame["i"] < len(frame["order"]) - 1:  # add before the last contributor, then undo it
        pid = frame["order"][frame["i"]]
        member = by_id[pid]
        before = copy.deepcopy(game.state)
        panel = await panel_from(member, table_of(env, channel, game))
        copy_of_panel = await panel_from(member, table_of(env, channel, game))  # the first is edited in place
        prompt = prompt_of(game, pid)
        menu = next((a for a in offered(prompt, controls_of(panel)) if a[2] == "subset"), None)
        nothing = next(a for a in offered(prompt, controls_of(panel)) if a[2] is None)
        if menu:
            await answer(member, panel, menu, [menu[1]["options"][0]["value"]])
        else:
            await answer(member, panel, nothing)
        assert (await current_game(env, channel)).state != before
        done = panel_of(await admin.slash(channel, "gm undo", count=1))  # a contribution reveals nothing
        assert "undid 1" in done.content
        game = await current_game(env, channel)
        assert game.state == before
        stale = panel_of(await answer(member, copy_of_panel, nothing))  # drawn before the undo
        assert "no longer current" in stale.content
        # the contributor adds nothing this time, from a fresh panel
        panel = await panel_from(member, table_of(env, channel, game))
        await answer(member, panel, next(a for a in offered(prompt_of(game, pid), controls_of(panel))
                                         if a[2] is None))
        game = await current_game(env, channel)
        frame = contribute_frame(game.state)
    # the last contribution reveals the shuffled pile: taking it back needs force
    pid = frame["order"][frame["i"]]
    before = copy.deepcopy(game.state)
    panel = await panel_from(by_id[pid], table_of(env, channel, game))
    await answer(by_id[pid], panel, next(a for a in offered(prompt_of(game, pid), controls_of(panel))
                                         if a[2] is None))
    revealed = await current_game(env, channel)
    assert "🃏 The pile, shuffled" in public_text(channel)
    refused = panel_of(await admin.slash(channel, "gm undo", count=1))
    assert "force" in refused.content
    assert (await current_game(env, channel)).state == revealed.state
    forced = panel_of(await admin.slash(channel, "gm undo", count=1, force=True))
    assert "undid 1" in forced.content
    assert (await current_game(env, channel)).state == before
    assert "cannot be taken back" in public_text(channel)
    # the game goes on from there
    stats = await play_unfathomable(env, channel, members, random.Random(12), max_clicks=600)
    assert (await current_game(env, channel)).status == "finished", dict(stats)



async def test_the_live_message_names_who_it_waits_for_once(simcord_env, monkeypatch):
    """The table's "Waiting for" field names who the game waits for (everyone a response window
    asked); the message's log above it does not say it a second time, but where its posting pings
    a member its lines do not name (an embed never notifies: the mention must be in the text)."""
    env = simcord_env
    _, channel, members = await new_unfathomable(env, 4, seed=35, monkeypatch=monkeypatch)
    windows = 0

    async def check(game) -> bool:
        nonlocal windows
        table = table_of(env, channel, game)
        waited = {int(w["player"]) for w in env.bot.service.waiting(game)}
        assert sorted(waiting_on(table)) == sorted(waited)
        pinged = {str(uid) for uid in env.backend.get_message(channel.id, table.id).ping_user_ids}  # by its posting
        named = {uid for line in (table.content or "").split("\n") if line.startswith("⏳")
                 for uid in MENTION.findall(line)}
        assert named <= pinged, table.content
        windows += any(p["kind"] in RULES.WINDOW_KINDS for p in RULES.prompts(game.state))
        return windows >= 1 and len(waited) > 1

    await play_unfathomable(env, channel, members, random.Random(4), max_clicks=400, stop=check)
    assert windows, "no response window came up"
