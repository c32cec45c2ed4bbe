"""Turn deadlines: stored in the database, checked by a task loop (no wait_for game loops).

At half time the members waited for are reminded; at the deadline the default is applied
(or, where the guild chose "off", they are only reminded again)."""
from __future__ import annotations

import logging
from datetime import datetime

from discord.ext import commands, tasks

from bot.i18n import t
from bot.service import ServiceError
from engine.core.errors import RuleError
from engine.registry import rules_for

log = logging.getLogger("keeper.deadlines")


class DeadlineCog(commands.Cog):
    def __init__(self, bot):
        self.bot = bot
        self.loop_task = tasks.loop(seconds=bot.settings.deadline_check_seconds)(self.check)
        self.loop_task.before_loop(self._ready)

    async def _ready(self):
        await self.bot.wait_until_ready()

    async def cog_load(self) -> None:
        if self.bot.settings.deadline_check_seconds > 0:
            self.loop_task.start()

    async def cog_unload(self) -> None:
        self.loop_task.cancel()

    async def check(self, now: datetime | None = None) -> None:
        service, publisher = self.bot.service, self.bot.publisher
        try:
            reminders, expired = await service.due(now)
        except Exception:  # noqa: BLE001 - a database hiccup must not kill the loop
            log.exception("deadline check failed")
            return
        for game in reminders:
            lang = await service.guild_language(game.guild_id)
            await service.mark_reminded(game.id)
            await publisher.publish(game, [], notices=[t(lang, "deadline.reminder", players=self._waiting(game))])
        for game in expired:
            lang = await service.guild_language(game.guild_id)
            settings = await service.guild_settings(game.guild_id)
            players = self._waiting(game)
            if settings.timeout_action == "off":
                await service.clear_deadline(game.id)
                await publisher.publish(game, [], notices=[t(lang, "deadline.reminder", players=players)])
                continue
            try:
                outcome = await service.skip(game.id)
            except (RuleError, ServiceError):
                await service.clear_deadline(game.id)
                continue
            await publisher.publish(outcome.game, outcome.events,
                                    notices=[t(lang, "deadline.timed_out", players=players)])

    @staticmethod
    def _waiting(game) -> str:
        prompts = rules_for(game.kind).prompts(game.state) if game.state else []
        return ", ".join(dict.fromkeys(f"<@{p['player']}>" for p in prompts)) or "—"


async def setup(bot) -> None:
    await bot.add_cog(DeadlineCog(bot))
