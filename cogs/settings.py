"""Guild settings (`/settings …`), for admins: language, admin role, turn timeout, response-window
time; and each member's own auto-pass (`/settings autopass`, any member)."""
from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import t
from bot.service import ServiceError
from bot.interactions import (cmd, options, choice, KeeperCog, after_commit, can_manage_server, defer_private, desc,
                              is_admin, param, reply, user_lang)


def everyone_has(role: discord.Role) -> bool:
    """@everyone, or a role that every member of the server holds (as far as Discord tells us:
    Keeper has no members intent, so the known count is compared with the server's count)."""
    if role.is_default():
        return True
    count = role.guild.member_count
    return bool(count) and len(role.members) >= count


class SettingsCog(KeeperCog):
    settings = app_commands.Group(name=cmd("settings"), description=desc("settings"), guild_only=True)

    def __init__(self, bot):
        self.bot = bot

    async def _check(self, interaction):
        if not await is_admin(interaction):
            raise ServiceError("not_admin")

    @settings.command(name=cmd("language", "settings"), description=desc("settings_language"))
    @app_commands.describe(language=param("language"))
    @app_commands.rename(**options("language"))
    @app_commands.choices(language=[choice(f"language_{code}", code) for code in ("en", "uk", "ru")])
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        await defer_private(interaction)  # answer Discord first: the database may be slow
        await self._check(interaction)
        await self.bot.service.update_guild_settings(interaction.guild_id, language=language)
        await after_commit(reply(interaction, t(language, "settings.language_set")))

    @settings.command(name=cmd("admin_role", "settings"), description=desc("settings_admin_role"))
    @app_commands.describe(role=param("role"))
    @app_commands.rename(**options("role"))
    async def admin_role(self, interaction: discord.Interaction, role: discord.Role | None = None) -> None:
        await defer_private(interaction)
        # a role-admin must not widen (or take over) admin powers: only server managers may
        if not can_manage_server(interaction.user):
            raise ServiceError("manage_server_only")
        if role is not None and everyone_has(role):
            raise ServiceError("admin_role_everyone")
        await self.bot.service.update_guild_settings(interaction.guild_id,
                                                     admin_role_id=role.id if role else None)
        lang = user_lang(interaction)  # a private reply: the admin's own language
        text = t(lang, "settings.admin_role_set", role=role.mention) if role else \
            t(lang, "settings.admin_role_cleared")
        await after_commit(reply(interaction, text, allowed_mentions=discord.AllowedMentions.none()))

    @settings.command(name=cmd("timeout", "settings"), description=desc("settings_timeout"))
    @app_commands.describe(minutes=param("minutes"), action=param("action"))
    @app_commands.rename(**options("minutes", "action"))
    @app_commands.choices(action=[choice("timeout_keeper", "keeper"), choice("timeout_default", "default"),
                                  choice("timeout_off", "off")])
    async def timeout(self, interaction: discord.Interaction, minutes: app_commands.Range[int, 0, 10080],
                      action: str = "keeper") -> None:
        await defer_private(interaction)
        await self._check(interaction)
        await self.bot.service.update_guild_settings(interaction.guild_id, turn_timeout_minutes=minutes,
                                                     timeout_action=action)
        lang = user_lang(interaction)  # a private reply: the admin's own language
        text = t(lang, "settings.timeout_set", minutes=minutes, action=t(lang, f"settings.action_{action}")) \
            if minutes else t(lang, "settings.timeout_off")
        await after_commit(reply(interaction, text))

    @settings.command(name=cmd("window", "settings"), description=desc("settings_window"))
    @app_commands.describe(seconds=param("seconds"))
    @app_commands.rename(**options("seconds"))
    async def window(self, interaction: discord.Interaction, seconds: app_commands.Range[int, 0, 120]) -> None:
        await defer_private(interaction)
        await self._check(interaction)
        await self.bot.service.update_guild_settings(interaction.guild_id, window_seconds=seconds)
        lang = user_lang(interaction)  # a private reply: the admin's own language
        text = t(lang, "settings.window_set", seconds=seconds) if seconds else t(lang, "settings.window_zero")
        await after_commit(reply(interaction, text))

    @settings.command(name=cmd("autopass", "settings"), description=desc("settings_autopass"))
    @app_commands.describe(on=param("on"))
    @app_commands.rename(**options("on"))
    async def autopass(self, interaction: discord.Interaction, on: bool) -> None:
        """A member's own choice (no admin needed), in every server and game."""
        await defer_private(interaction)
        await self.bot.service.set_member_autopass(interaction.user.id, on)
        lang = user_lang(interaction)  # a private reply: the member's own language
        await after_commit(reply(interaction, t(lang, "settings.autopass_on" if on else "settings.autopass_off")))


async def setup(bot) -> None:
    await bot.add_cog(SettingsCog(bot))
