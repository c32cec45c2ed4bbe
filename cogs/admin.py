"""Admin tools (`/gm …`): undo, reset, kick, replace, skip, export. Checked at run time:
Manage Server permission or the guild's Keeper admin role."""
from __future__ import annotations

import io
import json

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t
from bot.service import ServiceError
from cogs.common import desc, param, defer_private, is_admin, refuse, reply, user_lang
from engine.core.errors import RuleError


class AdminCog(commands.Cog):
    gm = app_commands.Group(name="gm", description=desc("gm"), guild_only=True)

    def __init__(self, bot):
        self.bot = bot

    async def _game(self, interaction: discord.Interaction):
        if not await is_admin(interaction):
            raise ServiceError("not_admin")
        game = await self.bot.service.live_game(interaction.channel_id)
        if game is None:
            game = await self.bot.service.last_game(interaction.channel_id)
        if game is None:
            raise ServiceError("no_game")
        return game

    async def _public(self, game, lines: list[str], events=()):
        await self.bot.publisher.publish(game, list(events), actor=None, notices=lines)

    @gm.command(name="undo", description=desc("gm_undo"))
    @app_commands.describe(count=param("count"), force=param("force"))
    async def undo(self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 50] = 1,
                   force: bool = False) -> None:
        await defer_private(interaction)
        try:
            game = await self._game(interaction)
            outcome = await self.bot.service.undo(game.id, count, force)
            lang = await self.bot.service.guild_language(interaction.guild_id)
            lines = [t(lang, "admin.undo_done", count=count)]
            if outcome.revealed:
                lines.append(t(lang, "admin.undo_reveal_notice"))
            await self._public(outcome.game, lines)
            await reply(interaction, t(user_lang(interaction), "admin.undo_done", count=count))
        except Exception as exc:  # noqa: BLE001 - refuse() re-raises bugs
            await refuse(interaction, exc)

    @gm.command(name="reset", description=desc("gm_reset"))
    async def reset(self, interaction: discord.Interaction) -> None:
        await defer_private(interaction)
        try:
            game = await self._game(interaction)
            await self.bot.service.reset(game.id)
            lang = await self.bot.service.guild_language(interaction.guild_id)
            await interaction.channel.send(t(lang, "admin.reset_done"))
            await reply(interaction, t(user_lang(interaction), "admin.reset_done"))
        except Exception as exc:  # noqa: BLE001 - refuse() re-raises bugs
            await refuse(interaction, exc)

    @gm.command(name="kick", description=desc("gm_kick"))
    @app_commands.describe(member=param("member"))
    async def kick(self, interaction: discord.Interaction, member: discord.Member) -> None:
        await defer_private(interaction)
        try:
            game = await self._game(interaction)
            lang = await self.bot.service.guild_language(interaction.guild_id)
            outcome = await self.bot.service.kick(game.id, member.id)
            if outcome.game.status == "lobby":
                await interaction.channel.send(t(lang, "admin.kick_lobby", player=member.mention))
            else:
                await self._public(outcome.game, [t(lang, "admin.kick_done", player=member.mention)], outcome.events)
            await reply(interaction, t(user_lang(interaction), "admin.kick_done", player=member.mention))
        except Exception as exc:  # noqa: BLE001 - refuse() re-raises bugs
            await refuse(interaction, exc)

    @gm.command(name="replace", description=desc("gm_replace"))
    @app_commands.describe(old=param("old"), new=param("new"))
    async def replace(self, interaction: discord.Interaction, old: discord.Member, new: discord.Member) -> None:
        await defer_private(interaction)
        try:
            game = await self._game(interaction)
            game = await self.bot.service.replace(game.id, old.id, new.id, new.display_name)
            lang = await self.bot.service.guild_language(interaction.guild_id)
            await self._public(game, [t(lang, "admin.replace_done", old=old.mention, new=new.mention)])
            await reply(interaction, t(user_lang(interaction), "admin.replace_done", old=old.mention, new=new.mention))
        except Exception as exc:  # noqa: BLE001 - refuse() re-raises bugs
            await refuse(interaction, exc)

    @gm.command(name="skip", description=desc("gm_skip"))
    @app_commands.describe(member=param("member"))
    async def skip(self, interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        await defer_private(interaction)
        try:
            game = await self._game(interaction)
            outcome = await self.bot.service.skip(game.id, member.id if member else None)
            lang = await self.bot.service.guild_language(interaction.guild_id)
            players = ", ".join(dict.fromkeys(f"<@{a['player']}>" for a in outcome.applied))
            await self._public(outcome.game, [t(lang, "admin.skip_done", players=players)], outcome.events)
            await reply(interaction, t(user_lang(interaction), "admin.skip_done", players=players))
        except Exception as exc:  # noqa: BLE001 - refuse() re-raises bugs
            await refuse(interaction, exc)

    @gm.command(name="export", description=desc("gm_export"))
    async def export(self, interaction: discord.Interaction) -> None:
        await defer_private(interaction)
        try:
            game = await self._game(interaction)
            if game.status in ("lobby", "active") and str(interaction.user.id) in game.players:
                # the record (seed + actions) would show a playing admin everyone's cards
                raise ServiceError("export_while_playing")
            record = await self.bot.service.record(game.id)
            data = json.dumps(record.to_dict(), ensure_ascii=False, indent=1).encode()
            await reply(interaction, t(user_lang(interaction), "admin.export_done"),
                        file=discord.File(io.BytesIO(data), filename=f"keeper-game-{game.id}.json"))
        except Exception as exc:  # noqa: BLE001 - refuse() re-raises bugs
            await refuse(interaction, exc)


async def setup(bot) -> None:
    await bot.add_cog(AdminCog(bot))
