"""Group decisions: one member decides for the group (the engine's ``GroupDecision``: the prompt
lists its ``advisers``); the advisers see the question in their panel with a "propose" select of
the decider's options. A proposal is no engine action: it is kept for the decider's panel and
announced publicly ("Ann proposes: …", through the outbox); the decider answers with the normal
controls and the decision is announced (see :func:`decided_notice`).

Game-agnostic: labels come from the game's renderer (``option_label``); the catalog keys are the
shared ``group.*``. Proposals cover one-of-a-list questions (the shape of every group decision so
far); another shape shows the question without a select.
"""
from __future__ import annotations

import asyncio
import re

import discord

from bot.games import ui_for
from bot.i18n import t
from bot.seats import mention
from bot.interactions import KeeperItem, after_commit, defer_panel, display_name
from bot.service import ServiceError, notice
from cogs.play import STALE, answer_of, option_digest, options_select, seated, show_panel

PROPOSAL_COOLDOWN = 3.0  # seconds between the channel edits one member's proposals may cause
SELECT_SIZE = 25
MAX_SELECTS = 4  # a panel has five rows; a question never takes them all


def _label(game, prompt: dict, option: dict, lang: str) -> str:
    """The decider's option as their own panel labels it (in ``lang``)."""
    return ui_for(game.kind).option_label({**option, "player": prompt["player"]}, game.state, game.names,
                                          lang)[:100]


def _name(game, pid: str) -> str:
    return game.names.get(pid) or pid


async def group_parts(bot, game, pid: str, lang: str, embed: discord.Embed, view: discord.ui.View) -> None:
    """Add to a member's panel the group decisions they advise on (the question, the proposals so
    far and a "propose" select) and, for the decider, the proposals made to them."""
    service = bot.service
    questions = service.questions(game, pid)
    mine = [p for p in service.prompts(game) if p["player"] == pid and p.get("advisers")]
    if not questions and not mine:
        return
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
    for prompt in questions:
        lines = [] if own_question else [t(lang, "group.question", decider=mention(prompt["player"], lang))]
        lines += [t(lang, "group.proposal_line", player=mention(row.user_id, lang), option=_label(game, prompt, row.option, lang))
                  for row in by_prompt.get(prompt["id"], [])]
        if lines:
            heading = "group.proposals" if own_question else "group.heading"
            embed.add_field(name=t(lang, heading), value="\n".join(lines)[:1024], inline=False)
        if prompt.get("shape", "one") != "one":
            continue
        choices = [(option_digest(o), _label(game, prompt, o, lang)) for o in prompt["options"]]
        placeholder = t(lang, "group.propose", decider=_name(game, prompt["player"]))[:150]
        for chunk in range(min(MAX_SELECTS, -(-len(choices) // SELECT_SIZE))):
            item = ProposeSelect(game.id, game.epoch, prompt["id"], chunk,
                                 choices[chunk * SELECT_SIZE:(chunk + 1) * SELECT_SIZE], placeholder=placeholder)
            try:
                view.add_item(item)
            except ValueError:  # the panel is full (the member's own decision comes first)
                break


def decided_notice(game, prompt: dict, option: dict, lang: str) -> list[dict]:
    """The public line announcing a group decision (none for a decision of one member)."""
    if not prompt.get("advisers"):
        return []
    return [notice("group.decided", player=prompt["player"], option=_label(game, prompt, option, lang))]


_announced: dict[tuple[int, int], float] = {}  # (game, member) -> when their proposal was last announced


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
    last = _announced.get(key)
    if last is not None and now - last < PROPOSAL_COOLDOWN:
        if last <= now:  # the first click inside the cooldown books the one delivery after it
            _announced[key] = last + PROPOSAL_COOLDOWN
            loop.call_later(last + PROPOSAL_COOLDOWN - now, bot.publisher.schedule, game_id)
        return
    _announced[key] = now
    bot.publisher.schedule(game_id)


class ProposeSelect(KeeperItem, discord.ui.DynamicItem[discord.ui.Select],
                    template=r"keeper:prop:(?P<game>[0-9]+):(?P<epoch>[0-9]+):(?P<prompt>[0-9]+):(?P<chunk>[0-9]+)"):
    """An adviser proposes one of the decider's options (values: the options' digests)."""

    def __init__(self, game_id: int, epoch: int, prompt_id: int, chunk: int, choices=(), placeholder: str = "…"):
        super().__init__(options_select("prop", game_id, epoch, prompt_id, chunk, choices, placeholder))
        self.game_id, self.epoch, self.prompt_id = game_id, epoch, prompt_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["game"]), int(match["epoch"]), int(match["prompt"]), int(match["chunk"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await defer_panel(interaction)
        bot = interaction.client
        game = await bot.service.get(self.game_id)
        if game is None or game.status != "active":
            raise ServiceError("not_active")
        pid = str(interaction.user.id)
        seated(game, pid)
        if self.epoch != game.epoch:
            raise STALE
        prompt = next((p for p in bot.service.questions(game, pid) if p["id"] == self.prompt_id), None)
        values = (interaction.data or {}).get("values") or ["0"]
        option = answer_of(prompt, str(values[0])) if prompt and prompt.get("shape", "one") == "one" else None
        if option is None:
            raise STALE
        if interaction.guild_id is not None:
            await bot.service.remember_name(game, interaction.user.id, display_name(interaction))
        lang = await bot.service.guild_language(game.guild_id)
        line = proposal_notice(game, prompt, interaction.user.id, option, lang)
        game = await bot.service.propose(game.id, interaction.user.id, self.epoch, self.prompt_id, option, line)
        try:
            await after_commit(show_panel(interaction, game.id))  # the adviser sees their proposal listed
        finally:
            announce_proposal(bot, game.id, interaction.user.id)


async def setup(bot) -> None:
    bot.add_dynamic_items(ProposeSelect)
