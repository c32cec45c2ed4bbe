"""Playing: the "My hand" panel, option buttons/selects, the Thing's declaration, `/hand`.

Every button carries its game id and prompt id in its custom_id (DynamicItem), and every click
reloads the game from the database, so buttons keep working after a restart and a stale or
double click is refused by the engine's prompt check.
"""
from __future__ import annotations

import re

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t
from bot.service import ServiceError
from cogs.common import desc, defer_private, display_name, refuse, reply, user_lang
from cogs.publish import RENDERERS
from engine.core.errors import RuleError
from engine.registry import rules_for

MAX_BUTTONS = 20
SELECT_SIZE = 25


async def show_panel(interaction: discord.Interaction, game_id: int, news: list[str] | None = None,
                     game=None) -> None:
    """Send the member's private panel: hand, role, news and their current decision."""
    bot = interaction.client
    lang = user_lang(interaction)
    game = game or await bot.service.get(game_id)
    if game is None or game.state is None:
        raise ServiceError("no_game")
    pid = str(interaction.user.id)
    if pid not in game.players:
        raise ServiceError("not_a_player")
    ui = RENDERERS[game.kind]
    news = list(news or [])
    waiting = await bot.service.inbox_take(game.id, interaction.user.id)
    news = ui.private_lines(waiting, pid, lang) + news
    embed = ui.panel_embed(game.state, pid, game.names, lang, news)
    view = decision_view(game, pid, lang)
    await reply(interaction, embed=embed, view=view)


def decision_view(game, pid: str, lang: str) -> discord.ui.View:
    ui = RENDERERS[game.kind]
    rules = rules_for(game.kind)
    view = discord.ui.View(timeout=None)
    if game.status != "active":
        return view
    prompts = rules.prompts_for(game.state, pid)
    if prompts:
        prompt = prompts[0]
        labels = [ui.option_label({**o, "player": pid}, game.state, game.names, lang)[:80] for o in prompt["options"]]
        if len(labels) <= MAX_BUTTONS:
            for index, label in enumerate(labels):
                view.add_item(OptionButton(game.id, prompt["id"], index, label=label))
        else:
            for chunk in range(0, min(len(labels), SELECT_SIZE * 4), SELECT_SIZE):
                view.add_item(OptionSelect(game.id, prompt["id"], chunk // SELECT_SIZE,
                                           [(i, labels[i]) for i in range(chunk, min(chunk + SELECT_SIZE, len(labels)))],
                                           placeholder=t(lang, "thing.panel.choose_placeholder")))
    if rules.free_actions(game.state, pid):
        view.add_item(DeclareButton(game.id, 1, label=t(lang, "thing.panel.declare")))
    return view


async def act_and_report(interaction: discord.Interaction, game_id: int, action: dict) -> None:
    """Apply an action, publish the outcome, answer the actor with their private news."""
    bot = interaction.client
    lang = user_lang(interaction)
    outcome = await bot.service.act(game_id, action)
    pid = str(interaction.user.id)
    ui = RENDERERS[outcome.game.kind]
    news = ui.private_lines(outcome.events, pid, lang)
    await bot.publisher.publish(outcome.game, outcome.events, actor=pid)
    await show_panel(interaction, game_id, news, game=outcome.game)


async def resolve_option(interaction: discord.Interaction, game_id: int, prompt_id: int, index: int) -> None:
    await defer_private(interaction)
    try:
        game = await interaction.client.service.get(game_id)
        if game is None or game.status != "active":
            raise ServiceError("not_active")
        pid = str(interaction.user.id)
        await interaction.client.service.remember_name(game, interaction.user.id, display_name(interaction))
        prompts = rules_for(game.kind).prompts(game.state)
        prompt = next((p for p in prompts if p["id"] == prompt_id and p["player"] == pid), None)
        if prompt is None:
            if pid not in game.players:
                raise ServiceError("not_a_player")
            raise RuleError("stale_prompt", "That choice is no longer current.")
        if not 0 <= index < len(prompt["options"]):
            raise RuleError("stale_prompt", "That choice is no longer current.")
        action = {"player": pid, "prompt": prompt_id, **prompt["options"][index]}
        await act_and_report(interaction, game_id, action)
    except Exception as exc:  # noqa: BLE001 - refuse() re-raises bugs
        await refuse(interaction, exc)


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=r"keeper:hand:(?P<game>[0-9]+)"):
    def __init__(self, game_id: int, label: str = "My hand"):
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.primary, emoji="🂠",
                                           custom_id=f"keeper:hand:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await defer_private(interaction)
        try:
            await show_panel(interaction, self.game_id)
        except Exception as exc:  # noqa: BLE001 - refuse() re-raises bugs
            await refuse(interaction, exc)


class OptionButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"keeper:opt:(?P<game>[0-9]+):(?P<prompt>[0-9]+):(?P<index>[0-9]+)"):
    def __init__(self, game_id: int, prompt_id: int, index: int, label: str = "…"):
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"keeper:opt:{game_id}:{prompt_id}:{index}"))
        self.game_id, self.prompt_id, self.index = game_id, prompt_id, index

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["game"]), int(match["prompt"]), int(match["index"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await resolve_option(interaction, self.game_id, self.prompt_id, self.index)


class OptionSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=r"keeper:sel:(?P<game>[0-9]+):(?P<prompt>[0-9]+):(?P<chunk>[0-9]+)"):
    def __init__(self, game_id: int, prompt_id: int, chunk: int, choices=(), placeholder: str = "…"):
        options = [discord.SelectOption(label=label[:100], value=str(i)) for i, label in choices] or \
            [discord.SelectOption(label="…", value="-1")]
        super().__init__(discord.ui.Select(custom_id=f"keeper:sel:{game_id}:{prompt_id}:{chunk}",
                                           placeholder=placeholder, options=options))
        self.game_id, self.prompt_id = game_id, prompt_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["game"]), int(match["prompt"]), int(match["chunk"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or ["-1"]
        await resolve_option(interaction, self.game_id, self.prompt_id, int(values[0]))


class DeclareButton(discord.ui.DynamicItem[discord.ui.Button],
                    template=r"keeper:declare:(?P<game>[0-9]+):(?P<step>[12])"):
    def __init__(self, game_id: int, step: int, label: str = "Declare"):
        style = discord.ButtonStyle.danger
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"keeper:declare:{game_id}:{step}"))
        self.game_id, self.step = game_id, step

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(int(match["game"]), int(match["step"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await defer_private(interaction)
        lang = user_lang(interaction)
        try:
            if self.step == 1:
                game = await interaction.client.service.get(self.game_id)
                if game is None or game.status != "active":
                    raise ServiceError("not_active")
                if not rules_for(game.kind).free_actions(game.state, str(interaction.user.id)):
                    raise RuleError("not_thing", "Only the Thing can declare.")
                view = discord.ui.View(timeout=None)
                view.add_item(DeclareButton(self.game_id, 2, label=t(lang, "thing.panel.declare_yes")))
                await reply(interaction, t(lang, "thing.panel.declare_confirm"), view=view)
                return
            await act_and_report(interaction, self.game_id,
                                 {"player": str(interaction.user.id), "type": "declare"})
        except Exception as exc:  # noqa: BLE001 - refuse() re-raises bugs
            await refuse(interaction, exc)


class PlayCog(commands.Cog):
    def __init__(self, bot):
        self.bot = bot

    @app_commands.command(name="hand", description=desc("hand"))
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction) -> None:
        await defer_private(interaction)
        try:
            # the running game, or after the end the channel's last one (hands and roles stay readable)
            game = await self.bot.service.live_game(interaction.channel_id) or \
                await self.bot.service.last_game(interaction.channel_id)
            if game is None or game.state is None:
                raise ServiceError("no_game")
            await show_panel(interaction, game.id)
        except Exception as exc:  # noqa: BLE001 - refuse() re-raises bugs
            await refuse(interaction, exc)


async def setup(bot) -> None:
    bot.add_dynamic_items(HandButton, OptionButton, OptionSelect, DeclareButton)
    await bot.add_cog(PlayCog(bot))
