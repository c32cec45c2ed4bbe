"""Driving a game of Unfathomable through SimCord like real members: the lobby, then the
controls each member is offered (panel buttons and menus, DM controls where the game sends
them), picked by a policy that ends games quickly (windows passed, Actions ended early)."""
from __future__ import annotations

import collections
from datetime import timedelta

import discord

from bot.db import utcnow
from bot.games import dm_prompt_kinds
from bot.service import _held, quiet_seats
from engine.core.shapes import only_answer
from cogs.play import option_digest
from engine.registry import rules_for
from bot.seats import is_member, mention
from tests.bot.helpers import (current_game, latest, leaks, lines_of, lobby_option_id, open_lobby, panel_of,
                               shows_prompt, table_message, waiting_on)

KIND = "unfathomable"
RULES = rules_for(KIND)
CONTROL_PREFIXES = ("keeper:quiet:", "keeper:opt:", "keeper:sel:", "keeper:sub:")


async def new_unfathomable(env, players: int, flags: list[str] | None = None, seed: int | None = None,
                           monkeypatch=None, setup=None, guild=None, members=None, name="ship"):
    """``/game new kind:unfathomable``, everyone joins, the creator ticks ``flags`` in the
    options menu and starts. ``seed`` fixes the game's seed (drawn from the OS otherwise)."""
    guild, channel, members, lobby = await open_lobby(env, KIND, players, guild, name, "sailor", members)
    if flags is not None:
        await members[0].select(lobby, flags, custom_id=lobby_option_id(lobby))
    if setup is not None:
        game = await env.bot.service.live_game(channel.id)
        await env.bot.service.set_setup(game.id, setup(members))
    if seed is not None:
        import bot.service
        monkeypatch.setattr(bot.service.secrets, "randbits", lambda bits: seed)
    await members[0].click(lobby, label="Start")
    return guild, channel, members


def controls_of(message) -> list[dict]:
    """The decision controls of a panel (dict components) or a message (component objects)."""
    out = []
    for row in message.components:
        items = row.get("components", []) if isinstance(row, dict) else [i.to_dict() for i in row.children]
        out += [item for item in items if item.get("custom_id", "").startswith(CONTROL_PREFIXES)]
    return out


def table_of(env, channel, game):
    """The game's public table message, read by its id (a whole ``channel.history()`` each step
    would make a long game quadratic); the channel's search when the row names none yet."""
    from simcord.results import to_discord_message
    stored = env.backend.messages.get(channel.id, {}).get(game.table_message_id) if game.table_message_id else None
    return to_discord_message(env, stored) if stored is not None else table_message(channel)


async def panel_from(member, table):
    """The member's private panel, from the table's "My hand / act" button."""
    for row in table.components:
        for item in row.children:
            if getattr(item, "custom_id", "").startswith("keeper:hand:"):
                return panel_of(await member.click(table, custom_id=item.custom_id))
    raise AssertionError("no 'My hand / act' button on the table")


def prompt_of(game, pid: str) -> dict:
    """The decision a member's panel shows: their first prompt."""
    return RULES.prompts_for(game.state, pid)[0]


def offered(prompt: dict, controls: list[dict]) -> list:
    """Every answer the controls offer, as (answer, control, value): the answer's engine action
    (without player/prompt) for a list, or the subset / number the control's values pick."""
    shape = prompt.get("shape", "one")
    out = []
    for control in controls:
        cid = control["custom_id"]
        if cid.startswith("keeper:quiet:"):  # a window's "Pass until my turn"
            out.append(({"type": "until_turn"}, control, None))
            continue
        if shape == "one":
            by_digest = {option_digest(o): o for o in prompt["options"]}
            if control["type"] == 2:
                digest = cid.rsplit(":", 1)[1]
                if digest in by_digest:
                    out.append((by_digest[digest], control, None))
            else:
                out += [(by_digest[o["value"]], control, o["value"]) for o in control["options"]
                        if o["value"] in by_digest]
        elif shape == "subset":
            spec = prompt["subset"]
            if control["type"] == 2:  # "add nothing"
                out.append(({**spec["action"], spec["field"]: []}, control, None))
            else:
                out.append((spec, control, "subset"))
        else:
            spec = prompt["number"]
            out += [({**spec["action"], spec["field"]: int(o["value"])}, control, o["value"])
                    for o in control["options"]]
    return out


class QuickPolicy:
    """Answers that end games: a window is passed, the Actions step ended (but for an action with
    chance ``act``); a contribution adds a
    card or two with chance ``give`` (``give_by``: per member id); otherwise a random offered
    answer (a subset that may be empty is left empty)."""

    def __init__(self, rng, give=0.3, give_by=None, act=0.0):
        self.rng, self.give, self.give_by, self.act = rng, give, give_by or {}, act

    def pick(self, prompt, answers):
        rng = self.rng
        shape = prompt.get("shape", "one")
        if shape == "one":
            for wanted in ("pass", "end_actions"):
                found = [a for a in answers if a[0].get("type") == wanted]
                if found and (wanted == "pass" or rng.random() >= self.act):
                    return found[0], None
                if found:  # an action before the step ends (chance ``act``)
                    return rng.choice([a for a in answers if a[0].get("type") != wanted]), None
            return rng.choice(answers), None
        if shape == "subset":
            menu = [a for a in answers if a[2] == "subset"]
            nothing = [a for a in answers if a[2] is None]
            if prompt["kind"] == "contribute":
                give = bool(menu) and rng.random() < self.give_by.get(prompt["player"], self.give)
            else:
                give = bool(menu) and not nothing
            if not give:
                return nothing[0], None
            control = menu[0][1]
            low = max(1, control.get("min_values") or 1)
            high = max(low, min(control.get("max_values") or low, 2))
            values = [o["value"] for o in control["options"]]
            return menu[0], rng.sample(values, rng.randint(low, high))
        return rng.choice(answers), None


class UntilTurnPolicy(QuickPolicy):
    """QuickPolicy, but a member who would pass a window passes until their turn instead."""

    def pick(self, prompt, answers):
        quiet = [a for a in answers if a[0].get("type") == "until_turn"]
        return (quiet[0], None) if quiet else super().pick(prompt, answers)


async def answer(member, message, choice, values=None):
    """Click or select one offered answer on ``message`` (a panel or a DM)."""
    _answer, control, value = choice
    actor = member.user if isinstance(getattr(message, "channel", None), discord.DMChannel) else member
    if control["type"] == 3:
        return await actor.select(message, values if values is not None else [value],
                                  custom_id=control["custom_id"])
    return await actor.click(message, custom_id=control["custom_id"])


def dm_with_controls(member, game, prompt) -> object | None:
    """The member's DM carrying the controls of ``prompt`` (None if there is none)."""
    marker = f":{game.id}:{game.epoch}:{prompt['id']}"
    for message in reversed(member.user.dm_channel.history()):
        if any(marker in c["custom_id"] for c in controls_of(message)):
            return message
    return None


async def play_unfathomable(env, channel, members, rng, max_clicks=1500, policy=None, on_panel=None,
                            use_dm=True, stop=None, closed=(), keep_panel=False):
    """Members waited for answer through the offered controls until the end, or until
    ``stop(game)`` (sync or async) is true. A prompt of a kind the game sends by DM is answered
    from the DM every other time (from the panel otherwise, and always for ``closed``: members
    whose DMs are closed). ``keep_panel``: a member answers from the panel they still have open
    (the last one they clicked, kept current by Keeper) when it shows the decision, as a person
    would, instead of opening a new one. Returns counts: clicks, by prompt kind, and by path (``dm:``/``panel:``)."""
    import inspect
    policy = policy or QuickPolicy(rng)
    by_id = {m.id: m for m in members}
    closed = {m.id for m in closed}
    dm_kinds = dm_prompt_kinds(KIND) if use_dm else frozenset()
    stats = collections.Counter()
    open_panels = {}
    while stats["clicks"] < max_clicks:
        game = await current_game(env, channel)
        table = table_of(env, channel, game)
        waiting = waiting_on(table)
        if game.status != "active":
            assert not waiting, "a finished game waits for nobody"
            return stats
        if stop is not None:
            done = stop(game)
            if inspect.isawaitable(done):
                done = await done
            if done:
                return stats
        assert waiting, "a running game waits for someone"
        assert sorted(waiting) == sorted({int(w["player"]) for w in env.bot.service.waiting(game)
                                          if is_member(w["player"])}), \
            "the table names exactly the members the game waits for (a window: everyone it asked)"
        prompts = RULES.prompts(game.state)
        if env.bot.service._window_waits(game, frozenset()):
            # only members with nothing usable are left in a window: it closes when its time is up
            await env.bot.get_cog("DeadlineCog").check(utcnow() + timedelta(minutes=1))
            stats["windows_closed"] += 1
            continue
        held = _held(RULES, prompts, frozenset(), quiet_seats(game, RULES, game.state))
        deciding = sorted({int(p["player"]) for p in prompts if p not in held})
        assert set(deciding) <= set(waiting)
        member = by_id[rng.choice(deciding)]
        pid = str(member.id)
        prompt = prompt_of(game, pid)
        kind = prompt["kind"]
        message = None
        if offered(prompt, [c for c in controls_of(table) if c["custom_id"].startswith("keeper:opt:")]):
            message = table   # a lone decision's answers on the live message: one click
            stats[f"table:{kind}"] += 1
        if message is None and kind in dm_kinds and member.id not in closed and stats[f"panel:{kind}"] >= stats[f"dm:{kind}"]:
            message = dm_with_controls(member, game, prompt)
            assert message is not None, f"no DM with the controls of a {kind} prompt"
            stats[f"dm:{kind}"] += 1
        kept = latest(env, open_panels[member.id]) if keep_panel and member.id in open_panels else None
        if message is None and shows_prompt(kept, game, prompt["id"]):
            message = kept   # the panel they have open (redrawn by Keeper when their decision came)
            stats[f"open_panel:{kind}"] += 1
        if message is None:
            message = await panel_from(member, table)
            stats[f"panel:{kind}"] += 1
            if on_panel:
                await on_panel(member, message)
        answers = offered(prompt, controls_of(message))
        assert answers, f"{member.name} is waited for ({kind}) and offered nothing"
        choice, values = policy.pick(prompt, answers)
        reply = panel_of(await answer(member, message, choice, values))
        assert "no longer current" not in (reply.content or ""), reply.content
        if reply.ephemeral:  # the panel the answer redrew stays open before the member
            open_panels[member.id] = reply
        if on_panel and reply.embeds:
            await on_panel(member, reply)
        stats["clicks"] += 1
        stats[kind] += 1
    raise AssertionError(f"the game did not end in {max_clicks} clicks: {dict(stats)}")


def told_whole(line: str) -> str:
    """A public line without the later parts of its happening told at its end (the channel log's
    ``joins``: a skill card's discard, a check's chaos cards), as its own event tells it."""
    import re
    from bot.i18n import t
    tails = "|".join(re.escape(t("en", f"unfathomable.event.{key}", n_cards="QQ")).replace("QQ", ".+")
                     for key in ("then_discarded", "chaos_tail"))
    return re.sub(f"( · ({tails}))+$", "", line)


def unfathomable_leaks(oracle, channel, members, seen: dict[int, list[str]], seats=(), versions=None) -> list[str]:
    """The leak scan (:func:`tests.bot.helpers.leaks`) with Unfathomable's renderer, and a public
    line tying a seat (a member's or a Keeper player's) to the cards it added to a check face down."""
    from bot.games.unfathomable import render as ui
    from engine.core.events import is_public
    problems, public = leaks(oracle, channel, members, seen, ui.private_lines, seats, versions)
    # a contribution's author: no public line names the author with a card they added face down
    # (the lines of public events about other things, a discard say, may name the same card)
    told = [ev for ev in oracle.events if is_public(ev) and not ev["type"].startswith("check_")]
    # each event's line, and a few in a row as told together (a die and what it made: merged)
    elsewhere = {line.removesuffix(".") for n in range(len(told)) for events in (told[n:n + 1], told[n:n + 3])
                 for line in lines_of("\n".join(ui.public_lines(events, "en")))}
    suspect = sorted(line for line in public if told_whole(line).removesuffix(".") not in elsewhere)
    for ev in oracle.events:
        if ev["type"] == "check_you_added":
            who = mention(ev["player"])
            names = [ui.card_name("en", c) for c in ev["cards"]]
            problems += [f"author: {line}" for line in suspect if who in line and any(n in line for n in names)]
    return problems
