"""Playing: the "My hand" panel, option buttons/selects, the Thing's declaration, `/hand`.

Every button carries its game id and prompt id in its custom_id (DynamicItem), and every click
reloads the game from the database, so buttons keep working after a restart and a stale or
double click is refused by the engine's prompt check.
"""
from __future__ import annotations

import hashlib
import json
import re

import discord
from discord import app_commands

from bot.db import CORRUPT
from bot.i18n import t
from bot.service import ServiceError
from bot.interactions import KeeperCog, KeeperItem, HAND_TEMPLATE, after_commit, hand_button, desc, defer_private, display_name, reply, user_lang
from bot.games import ui_for
from engine.core.errors import RuleError
from engine.registry import rules_for

MAX_BUTTONS = 20
SELECT_SIZE = 25
STALE = RuleError("stale_prompt", "That choice is no longer current.")


def option_digest(option: dict) -> str:
    """A short fingerprint of one option: with the epoch and the prompt id in a custom_id it
    names exactly that option for all time, so an old button can never pick a different one."""
    return hashlib.blake2b(json.dumps(option, sort_keys=True).encode(), digest_size=6).hexdigest()


def seated(game, pid: str) -> None:
    """Refuse members who are not (or no longer) playing: a kicked member loses all access."""
    if pid not in game.players:
        raise ServiceError("not_a_player")
    if pid in game.autopilot:
        raise ServiceError("kicked")
    if game.state is None or CORRUPT in game.state:
        raise ServiceError("game_corrupt" if game.state else "no_game")


async def show_panel(interaction: discord.Interaction, game_id: int, game=None) -> None:
    """Send the member's private panel: hand, role, latest private news and their decision."""
    bot = interaction.client
    lang = user_lang(interaction)
    game = game or await bot.service.get(game_id)
    if game is None or game.state is None:
        raise ServiceError("no_game")
    pid = str(interaction.user.id)
    seated(game, pid)
    ui = ui_for(game.kind)
    news = ui.private_lines(await bot.service.news(game.id, interaction.user.id), pid, lang)
    embed = ui.panel_embed(game.state, pid, game.names, lang, news)
    view = decision_view(game, pid, lang)
    await reply(interaction, embed=embed, view=view)


def decision_view(game, pid: str, lang: str) -> discord.ui.View:
    ui = ui_for(game.kind)
    rules = rules_for(game.kind)
    view = discord.ui.View(timeout=None)
    if game.status != "active":
        return view
    prompts = rules.prompts_for(game.state, pid)
    if prompts:
        prompt = prompts[0]
        labelled = [(option_digest(o), ui.option_label({**o, "player": pid}, game.state, game.names, lang)[:80])
                    for o in prompt["options"]]
        if len(labelled) <= MAX_BUTTONS:
            for digest, label in labelled:
                view.add_item(OptionButton(game.id, game.epoch, prompt["id"], digest, label=label))
        else:
            for chunk in range(0, min(len(labelled), SELECT_SIZE * 4), SELECT_SIZE):
                view.add_item(OptionSelect(game.id, game.epoch, prompt["id"], chunk // SELECT_SIZE,
                                           labelled[chunk:chunk + SELECT_SIZE],
                                           placeholder=t(lang, "thing.panel.choose_placeholder")))
    for action in rules.free_actions(game.state, pid):
        view.add_item(FreeActionButton(game.id, game.epoch, option_digest(action), 1,
                                       label=ui.free_action_label(action, lang)[:80]))
    return view


async def act_and_report(interaction: discord.Interaction, game_id: int, action: dict, epoch: int) -> None:
    """Apply an action, deliver its announcements, answer the actor with their panel (their
    private results are in its news, and stay there for /hand)."""
    bot = interaction.client
    outcome = await bot.service.act(game_id, action, epoch=epoch)
    await bot.publisher.flush(game_id)  # never raises: what fails stays queued
    await after_commit(show_panel(interaction, game_id, game=outcome.game))


async def resolve_option(interaction: discord.Interaction, game_id: int, epoch: int, prompt_id: int,
                         digest: str) -> None:
    await defer_private(interaction)
    game = await interaction.client.service.get(game_id)
    if game is None or game.status != "active":
        raise ServiceError("not_active")
    pid = str(interaction.user.id)
    seated(game, pid)
    if epoch != game.epoch:
        raise STALE
    await interaction.client.service.remember_name(game, interaction.user.id, display_name(interaction))
    prompt = next((p for p in rules_for(game.kind).prompts(game.state)
                   if p["id"] == prompt_id and p["player"] == pid), None)
    option = next((o for o in prompt["options"] if option_digest(o) == digest), None) if prompt else None
    if option is None:
        raise STALE
    await act_and_report(interaction, game_id, {"player": pid, "prompt": prompt_id, **option}, epoch)


class HandButton(KeeperItem, discord.ui.DynamicItem[discord.ui.Button], template=HAND_TEMPLATE):
    def __init__(self, game_id: int, label: str = "My hand"):
        super().__init__(hand_button(game_id, label))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["game"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await defer_private(interaction)
        await show_panel(interaction, self.game_id)


class OptionButton(KeeperItem, discord.ui.DynamicItem[discord.ui.Button],
                   template=r"keeper:opt:(?P<game>[0-9]+):(?P<epoch>[0-9]+):(?P<prompt>[0-9]+):(?P<digest>[0-9a-f]+)"):
    def __init__(self, game_id: int, epoch: int, prompt_id: int, digest: str, label: str = "…"):
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"keeper:opt:{game_id}:{epoch}:{prompt_id}:{digest}"))
        self.game_id, self.epoch, self.prompt_id, self.digest = game_id, epoch, prompt_id, digest

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["game"]), int(match["epoch"]), int(match["prompt"]), match["digest"])

    async def run(self, interaction: discord.Interaction) -> None:
        await resolve_option(interaction, self.game_id, self.epoch, self.prompt_id, self.digest)


class OptionSelect(KeeperItem, discord.ui.DynamicItem[discord.ui.Select],
                   template=r"keeper:sel:(?P<game>[0-9]+):(?P<epoch>[0-9]+):(?P<prompt>[0-9]+):(?P<chunk>[0-9]+)"):
    def __init__(self, game_id: int, epoch: int, prompt_id: int, chunk: int, choices=(), placeholder: str = "…"):
        options = [discord.SelectOption(label=label[:100], value=digest) for digest, label in choices] or \
            [discord.SelectOption(label="…", value="0")]
        super().__init__(discord.ui.Select(custom_id=f"keeper:sel:{game_id}:{epoch}:{prompt_id}:{chunk}",
                                           placeholder=placeholder, options=options))
        self.game_id, self.epoch, self.prompt_id = game_id, epoch, prompt_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["game"]), int(match["epoch"]), int(match["prompt"]), int(match["chunk"]))

    async def run(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or ["0"]
        await resolve_option(interaction, self.game_id, self.epoch, self.prompt_id, str(values[0]))


class FreeActionButton(KeeperItem, discord.ui.DynamicItem[discord.ui.Button],
                       template=r"keeper:free:(?P<game>[0-9]+):(?P<epoch>[0-9]+):(?P<digest>[0-9a-f]+):(?P<step>[12])"):
    """An action a player may take outside any decision (the Thing's declaration), labelled by
    its game; step 1 asks for confirmation when the game wants it, step 2 acts."""

    def __init__(self, game_id: int, epoch: int, digest: str, step: int, label: str = "…"):
        style = discord.ButtonStyle.danger
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"keeper:free:{game_id}:{epoch}:{digest}:{step}"))
        self.game_id, self.epoch, self.digest, self.step = game_id, epoch, digest, step

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["game"]), int(match["epoch"]), match["digest"], int(match["step"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await defer_private(interaction)
        lang = user_lang(interaction)
        game = await interaction.client.service.get(self.game_id)
        if game is None or game.status != "active":
            raise ServiceError("not_active")
        pid = str(interaction.user.id)
        seated(game, pid)
        if self.epoch != game.epoch:
            raise STALE
        action = next((a for a in rules_for(game.kind).free_actions(game.state, pid)
                       if option_digest(a) == self.digest), None)
        if action is None:
            raise STALE
        question = ui_for(game.kind).free_action_confirm(action, lang)
        if self.step == 1 and question:
            view = discord.ui.View(timeout=None)
            view.add_item(FreeActionButton(self.game_id, game.epoch, self.digest, 2, label=question[1][:80]))
            await reply(interaction, question[0], view=view)
            return
        await act_and_report(interaction, self.game_id, {"player": pid, **action}, self.epoch)


class PlayCog(KeeperCog):
    def __init__(self, bot):
        self.bot = bot

    @app_commands.command(name="hand", description=desc("hand"))
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction) -> None:
        await defer_private(interaction)
        # the running game, or after the end the channel's last one (hands and roles stay readable)
        game = await self.bot.service.live_game(interaction.channel_id) or \
            await self.bot.service.last_game(interaction.channel_id)
        if game is None or game.state is None:
            raise ServiceError("no_game")
        await show_panel(interaction, game.id, game=game)


async def setup(bot) -> None:
    bot.add_dynamic_items(HandButton, OptionButton, OptionSelect, FreeActionButton)
    await bot.add_cog(PlayCog(bot))
