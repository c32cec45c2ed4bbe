"""Turn deadlines and the outbox loop: both stored in the database, checked by task loops.

At half time the members waited for are reminded; at the deadline the default is applied to the
decisions that expired (or, where the guild chose "off", they are only reminded again). Each
game is handled on its own: one broken game or channel never stops the loop for the others.
The outbox loop delivers every announcement still waiting (after a 429/5xx, a missing
permission or a restart)."""
from __future__ import annotations

import logging
from datetime import datetime

from discord.ext import commands, tasks

log = logging.getLogger("keeper.deadlines")


class DeadlineCog(commands.Cog):
    def __init__(self, bot):
        self.bot = bot
        self.loop_task = tasks.loop(seconds=bot.settings.deadline_check_seconds)(self.check)
        self.loop_task.before_loop(self._ready)
        self.outbox_task = tasks.loop(seconds=bot.settings.outbox_check_seconds)(self.deliver)
        self.outbox_task.before_loop(self._ready)

    async def _ready(self):
        await self.bot.wait_until_ready()

    async def cog_load(self) -> None:
        if self.bot.settings.deadline_check_seconds > 0:
            self.loop_task.start()
        if self.bot.settings.outbox_check_seconds > 0:
            self.outbox_task.start()

    async def cog_unload(self) -> None:
        self.loop_task.cancel()
        self.outbox_task.cancel()

    async def deliver(self) -> None:
        try:
            await self.bot.publisher.deliver_due()
        except Exception:  # noqa: BLE001 - a database hiccup must not kill the loop
            log.exception("outbox delivery failed")

    async def check(self, now: datetime | None = None) -> None:
        service = self.bot.service
        try:
            reminders, expired = await service.due(now)
        except Exception:  # noqa: BLE001 - a database hiccup must not kill the loop
            log.exception("deadline check failed")
            return
        for game in reminders:
            await self._guarded(game.id, service.remind(game.id, now))
        for game in expired:
            await self._guarded(game.id, self._expire(game, now))

    async def _expire(self, game, now: datetime | None) -> None:
        service = self.bot.service
        action = (await service.guild_settings(game.guild_id)).timeout_action
        # a Keeper Lead's wait ends whatever, and so does a Keeper move's cut short (KEEPER_RESUME)
        if action == "off" and not service.lead_waits(game) and not service.resumes(game):
            await service.remind(game.id, now, clear_deadline=True)
        else:  # "keeper": the Keeper agent stands in; "default": the plain default
            await service.expire(game.id, now, keeper=action == "keeper")

    async def _guarded(self, game_id: int, work) -> None:
        try:
            await work
        except Exception:  # noqa: BLE001 - this game's fault is logged; the others go on
            log.exception("deadline handling of game %s failed", game_id)
        await self.bot.publisher.flush(game_id)


async def setup(bot) -> None:
    await bot.add_cog(DeadlineCog(bot))
