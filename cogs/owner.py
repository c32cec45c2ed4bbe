"""Owner tools: a deliberate global command sync (never done automatically on start)."""
from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import t
from bot.service import ServiceError
from bot.interactions import cmd, KeeperCog, defer_private, desc, reply, user_lang


class OwnerCog(KeeperCog):
    keeper = app_commands.Group(name=cmd("keeper"), description=desc("keeper"))

    def __init__(self, bot):
        self.bot = bot

    @keeper.command(name=cmd("sync", "keeper"), description=desc("keeper_sync"))
    async def sync(self, interaction: discord.Interaction) -> None:
        await defer_private(interaction)
        if not await self.bot.is_owner(interaction.user):
            raise ServiceError("not_admin")
        synced = await self.bot.tree.sync()
        await reply(interaction, t(user_lang(interaction), "admin.sync_done", count=len(synced)))


async def setup(bot) -> None:
    await bot.add_cog(OwnerCog(bot))
