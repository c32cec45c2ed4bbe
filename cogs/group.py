"""Group decisions: one member decides for the group (the engine's ``GroupDecision``: the prompt
lists its ``advisers``); the advisers see the question in their panel with a "propose" select of
the decider's options. A proposal is no engine action: it is kept for the decider's panel and
announced publicly ("Ann proposes: …", through the outbox); the decider answers with the normal
controls and the decision is announced (see :func:`decided_notice`).

Game-agnostic: labels come from the game's renderer (``option_label``); the catalog keys are the
shared ``group.*``. Proposals cover one-of-a-list questions (the shape of every group decision so
far); another shape shows the question without a select. The "propose" select itself is a panel
control and lives with the others in :mod:`cogs.play`, which draws the panel; this module only
words the group's part of it, so it imports nothing of the panel.
"""
from __future__ import annotations

import asyncio

import discord

from bot.games import decision_is_news, ui_for
from bot.games.common import distinct_choices
from bot.i18n import t
from bot.seats import mention
from bot.service import decided_line, notice

PROPOSAL_COOLDOWN = 3.0  # seconds between the channel edits one member's proposals may cause


def _label(game, prompt: dict, option: dict, lang: str) -> str:
    """The decider's option as their own panel labels it (in ``lang``)."""
    return ui_for(game.kind).option_label({**option, "player": prompt["player"]}, game.state, game.names,
                                          lang)[:100]


def _name(game, pid: str) -> str:
    return game.names.get(pid) or pid


async def group_parts(bot, game, pid: str, lang: str, embed: discord.Embed) -> list[tuple[dict, list, str]]:
    """Add to a member's panel the group decisions they advise on (the question and the
    proposals so far) and, for the decider, the proposals made to them; return what the member
    may propose: ``(prompt, [(option, label)], placeholder)`` per one-of-a-list question."""
    service = bot.service
    questions = service.questions(game, pid)
    mine = [p for p in service.prompts(game) if p["player"] == pid and p.get("advisers")]
    if not questions and not mine:
        return []
    made = await service.proposals(game.id, game.epoch, [p["id"] for p in questions + mine])
    by_prompt: dict[int, list] = {}
    for row in made:
        by_prompt.setdefault(row.prompt_id, []).append(row)
    for prompt in mine:
        lines = [t(lang, "group.proposal_line", player=mention(row.user_id, lang), option=_label(game, prompt, row.option, lang))
                 for row in by_prompt.get(prompt["id"], [])]
        if lines:
            embed.add_field(name=t(lang, "group.proposals"), value="\n".join(lines)[-1024:], inline=False)
    own_question = getattr(ui_for(game.kind), "QUESTIONS_IN_PANEL", False)  # the renderer words it
    proposable = []
    for prompt in questions:
        lines = [] if own_question else [t(lang, "group.question", decider=mention(prompt["player"], lang))]
        lines += [t(lang, "group.proposal_line", player=mention(row.user_id, lang), option=_label(game, prompt, row.option, lang))
                  for row in by_prompt.get(prompt["id"], [])]
        if lines:
            heading = "group.proposals" if own_question else "group.heading"
            embed.add_field(name=t(lang, heading), value="\n".join(lines)[:1024], inline=False)
        if prompt.get("shape", "one") != "one":
            continue
        # one per distinct choice, as the decider's own panel offers them (copies of one card once)
        choices = [(o, _label(game, prompt, o, lang)) for o in distinct_choices(ui_for(game.kind), prompt, game.state)]
        proposable.append((prompt, choices, t(lang, "group.propose", decider=_name(game, prompt["player"]))[:150]))
    return proposable


def decided_notice(game, prompt: dict, option: dict, lang: str) -> list[dict]:
    """The public line announcing a group decision (none for a decision of one member, nor for
    an answer the game calls no news: :func:`bot.games.decision_is_news`)."""
    if not prompt.get("advisers") or not decision_is_news(game.kind, prompt, option, game.state):
        return []
    return [decided_line(game, game.state, prompt, _label(game, prompt, option, lang), lang)]


def proposal_notice(game, prompt: dict, user_id: int, option: dict, lang: str) -> dict:
    """The public line of an adviser's proposal, keyed by adviser and decision: a changed proposal
    edits that one line of the channel log instead of adding another."""
    line = notice("group.proposed", player=str(user_id), option=_label(game, prompt, option, lang))
    return {**line, "line": f"proposal:{game.epoch}:{prompt['id']}:{user_id}"}


def announce_proposal(bot, game_id: int, user_id: int) -> None:
    """Deliver a proposal's line (an edit of the channel log, never a new message), at most once
    per PROPOSAL_COOLDOWN for one member: a member's repeated clicks are all kept (the decider
    sees the latest), and the channel shows the latest after the cooldown, so chatter can never
    use up the channel's rate limit ahead of the game's own lines."""
    loop = asyncio.get_running_loop()
    now, key = loop.time(), (game_id, user_id)
    # kept by this bot's publisher (not the module): another bot in the process never shares it
    bot.publisher.forget_proposals(now, PROPOSAL_COOLDOWN)  # only live cooldowns are kept
    announced = bot.publisher.proposals_announced
    last = announced.get(key)
    if last is not None and now - last < PROPOSAL_COOLDOWN:
        if last <= now:  # the first click inside the cooldown books the one delivery after it
            announced[key] = last + PROPOSAL_COOLDOWN
            loop.call_later(last + PROPOSAL_COOLDOWN - now, bot.publisher.schedule, game_id)
        return
    announced[key] = now
    bot.publisher.schedule(game_id)
