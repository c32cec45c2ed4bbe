"""Guild settings (`/settings …`), for admins: language, admin role, turn timeout."""
from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from bot.i18n import t
from bot.service import ServiceError
from bot.interactions import KeeperCog, after_commit, can_manage_server, defer_private, desc, param, is_admin, reply


def everyone_has(role: discord.Role) -> bool:
    """@everyone, or a role that every member of the server holds (as far as Discord tells us:
    Keeper has no members intent, so the known count is compared with the server's count)."""
    if role.is_default():
        return True
    count = role.guild.member_count
    return bool(count) and len(role.members) >= count


class SettingsCog(KeeperCog):
    settings = app_commands.Group(name="settings", description=desc("settings"), guild_only=True)

    def __init__(self, bot):
        self.bot = bot

    async def _check(self, interaction):
        if not await is_admin(interaction):
            raise ServiceError("not_admin")

    @settings.command(name="language", description=desc("settings_language"))
    @app_commands.describe(language=param("language"))
    async def language(self, interaction: discord.Interaction, language: Literal["en", "uk", "ru"]) -> None:
        await defer_private(interaction)  # answer Discord first: the database may be slow
        await self._check(interaction)
        await self.bot.service.update_guild_settings(interaction.guild_id, language=language)
        await after_commit(reply(interaction, t(language, "settings.language_set")))

    @settings.command(name="admin_role", description=desc("settings_admin_role"))
    @app_commands.describe(role=param("role"))
    async def admin_role(self, interaction: discord.Interaction, role: discord.Role | None = None) -> None:
        await defer_private(interaction)
        # a role-admin must not widen (or take over) admin powers: only server managers may
        if not can_manage_server(interaction.user):
            raise ServiceError("manage_server_only")
        if role is not None and everyone_has(role):
            raise ServiceError("admin_role_everyone")
        await self.bot.service.update_guild_settings(interaction.guild_id,
                                                     admin_role_id=role.id if role else None)
        lang = await self.bot.service.guild_language(interaction.guild_id)
        text = t(lang, "settings.admin_role_set", role=role.mention) if role else \
            t(lang, "settings.admin_role_cleared")
        await after_commit(reply(interaction, text, allowed_mentions=discord.AllowedMentions.none()))

    @settings.command(name="timeout", description=desc("settings_timeout"))
    @app_commands.describe(minutes=param("minutes"), action=param("action"))
    async def timeout(self, interaction: discord.Interaction, minutes: app_commands.Range[int, 0, 10080],
                      action: Literal["keeper", "default", "off"] = "keeper") -> None:
        await defer_private(interaction)
        await self._check(interaction)
        await self.bot.service.update_guild_settings(interaction.guild_id, turn_timeout_minutes=minutes,
                                                     timeout_action=action)
        lang = await self.bot.service.guild_language(interaction.guild_id)
        text = t(lang, "settings.timeout_set", minutes=minutes, action=t(lang, f"settings.action_{action}")) \
            if minutes else t(lang, "settings.timeout_off")
        await after_commit(reply(interaction, text))


async def setup(bot) -> None:
    await bot.add_cog(SettingsCog(bot))
