"""The Keeper bot: wires settings, database, services, publisher and cogs together."""
from __future__ import annotations

import asyncio
import gc
import logging
import sys
from datetime import timedelta

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.db import checkpoint_wal, create_tables, make_engine, session_factory
from bot.service import GameService
from bot.settings import Settings, invite_url

log = logging.getLogger("keeper")

COGS = ("cogs.lobby", "cogs.play", "cogs.rules", "cogs.admin", "cogs.settings", "cogs.deadlines")


def intents() -> discord.Intents:
    """Only what slash commands, components and DMs need: no privileged intents."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    return wanted


class KeeperTree(app_commands.CommandTree):
    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        from bot.interactions import handle_error
        await handle_error(interaction, error)


class KeeperBot(commands.Bot):
    """One process of Keeper, serving every guild."""

    def __init__(self, settings: Settings, schema_ready: bool = False):
        shards = settings.shards()
        sharding = {"shard_count": shards[0], "shard_ids": shards[1]} if shards else {}
        # a rate limit longer than this is raised, not slept through, so the outbox retries the
        # row later (and its claim never lapses mid-delivery)
        super().__init__(command_prefix=commands.when_mentioned, intents=intents(), help_command=None,
                         tree_cls=KeeperTree, allowed_mentions=discord.AllowedMentions.none(),
                         max_ratelimit_timeout=10.0, **sharding)
        self.settings = settings
        self.schema_ready = schema_ready  # bot.startup.preflight upgraded and checked it already
        # a burst of clicks waits its turn (for a connection, for SQLite's lock) for as long as
        # the busy budget, rather than being refused
        self.db_engine = make_engine(settings.database_url, busy_seconds=settings.db_busy_seconds / 3,
                                     pool_size=settings.pool_size(), pool_timeout=settings.db_busy_seconds,
                                     durable_commits=settings.durable_commits)
        self.service = GameService(session_factory(self.db_engine), settings.default_turn_timeout_minutes,
                                   settings.default_language, busy_seconds=settings.db_busy_seconds, shards=shards)
        from bot.pictures import PictureDrawer
        from bot.publisher import Publisher
        self.pictures = PictureDrawer()  # in a thread until the serving bot starts its worker
        self.publisher = Publisher(self)
        self.user_languages: dict[int, str] = {}

    async def start(self, token: str, *, reconnect: bool = True) -> None:
        # the process's event loop over its picture thread (GIL_SWITCH_INTERVAL_S): set by the
        # process that serves Discord, not by building a bot (tests and tools build many)
        sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)
        self.pictures.use_processes(self.settings.picture_processes)  # bot.pictures: why
        await super().start(token, reconnect=reconnect)

    async def setup_hook(self) -> None:
        if not self.schema_ready:
            await create_tables(self.db_engine)
        from bot.interactions import CatalogTranslator
        await self.tree.set_translator(CatalogTranslator())
        for cog in COGS:
            await self.load_extension(cog)
        if self.settings.wal_check_seconds > 0:
            self.maintenance.change_interval(seconds=self.settings.wal_check_seconds)
            self.maintenance.start()
        if self.settings.cleanup_check_minutes > 0:
            self.cleanup.change_interval(minutes=self.settings.cleanup_check_minutes)
            self.cleanup.start()
        if self.settings.dev_guild_id:
            # deliberate sync: only to the development guild, only at start
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        if self.application_id:
            log.info("invite Keeper to a server with %s", invite_url(self.application_id))
        gc.freeze()  # start-up objects never become garbage: keep them out of collections

    @tasks.loop(seconds=5)
    async def maintenance(self) -> None:
        try:
            await checkpoint_wal(self.db_engine)
        except Exception:  # noqa: BLE001 - retried next minute
            log.exception("WAL checkpoint failed")

    @tasks.loop(minutes=60)
    async def cleanup(self) -> None:
        try:
            done = await self.service.clean_up(timedelta(days=self.settings.retention_days))
            log.info("clean-up: %s", done)
        except Exception:  # noqa: BLE001 - retried next time
            log.exception("clean-up failed")

    async def on_error(self, event_method: str, /, *args, **kwargs) -> None:
        log.exception("error in %s", event_method)

    async def close(self) -> None:
        self.maintenance.cancel()
        try:  # deliveries under way finish; what is left stays in the outbox for the next start
            await asyncio.wait_for(self.publisher.idle(), timeout=5)
        except (asyncio.TimeoutError, Exception):  # noqa: BLE001 - never blocks the shutdown
            log.warning("deliveries still running at shutdown stay queued")
        self.cleanup.cancel()
        self.pictures.shutdown()
        await super().close()
        await self.db_engine.dispose()


class ShardedKeeperBot(KeeperBot, commands.AutoShardedBot):
    """One of several Keeper processes over one database: it connects the shard range of its
    settings, and its deadline and outbox loops serve only those shards' guilds."""


# How long a thread may hold the GIL while another waits for it (CPython's default: 5 ms). While a
# thread of the bot draws a table picture (KEEPER_PICTURE_PROCESSES=0, or its worker process
# unavailable: bot.pictures), every await the event loop returns from (a click's reads, its
# checkpoint) waited up to 5 ms for the GIL. Measured by `bench scale` with the pictures in a
# thread (open loop, clicks arriving while pictures are drawn): checkpoint p99 about halved at 0.5 ms.
GIL_SWITCH_INTERVAL_S = 0.0005


def create_bot(settings: Settings | None = None, schema_ready: bool = False) -> KeeperBot:
    """``schema_ready``: the start-up check upgraded and checked the schema (python -m bot)."""
    settings = settings or Settings()
    return (ShardedKeeperBot if settings.shards() else KeeperBot)(settings, schema_ready=schema_ready)
