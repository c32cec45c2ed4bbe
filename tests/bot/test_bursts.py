"""Bursts (issue 19, scale): a burst of clicks waits its turn for the database, rather than being
refused, and a database busy past its budget never costs an announcement."""
from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.db import create_tables, make_engine, session_factory, utcnow
from bot.service import GameService, ServiceError
from bot.settings import Settings
from tests.bot.helpers import fixed, new_game, open_panel, click_label
from tests.bot.test_sound_floor import contents


async def test_a_burst_waits_for_a_free_connection_and_a_pool_held_too_long_is_a_true_busy(tmp_path):
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'pool.sqlite3'}", pool_size=1, pool_timeout=1.0)
    await create_tables(engine)
    service = GameService(session_factory(engine), busy_seconds=1.0)
    lobby = await service.create_lobby(1, 10, "thing", 101)

    async def hold(seconds: float) -> None:
        async with engine.connect() as conn:  # the pool's only connection, busy elsewhere
            await conn.exec_driver_sql("SELECT 1")
            await asyncio.sleep(seconds)
    try:
        holder = asyncio.create_task(hold(0.3))
        await asyncio.sleep(0.05)
        assert (await service.get(lobby.id)).id == lobby.id  # waited its turn
        await holder
        holder = asyncio.create_task(hold(3.0))
        await asyncio.sleep(0.05)
        with pytest.raises(ServiceError) as busy:  # was a bare pool TimeoutError ("Something went wrong")
            await service.get(lobby.id)
        assert busy.value.code == "db_busy"
        await holder
    finally:
        await engine.dispose()


def test_the_pool_is_sized_per_database_and_waits_as_long_as_the_busy_budget():
    sqlite = Settings(_env_file=None, database_url="sqlite+aiosqlite:///x.sqlite3")
    postgres = Settings(_env_file=None, database_url="postgresql+asyncpg://k:k@localhost/k")
    assert (sqlite.pool_size(), postgres.pool_size()) == (10, 20)
    assert Settings(_env_file=None, db_pool_size=4).pool_size() == 4
    from bot.client import create_bot
    bot = create_bot(Settings(_env_file=None, token="x", database_url=postgres.database_url, db_busy_seconds=45))
    assert bot.db_engine.pool.size() == 20 and bot.db_engine.pool.timeout() == 45


async def test_a_busy_database_during_delivery_delays_the_lines_never_drops_them(simcord_env, monkeypatch):
    env = simcord_env
    _, channel, m = await new_game(env, 4, setup=fixed)
    service = env.bot.service
    real = type(service).save_log

    async def busy(self, *args, **kwargs):
        raise ServiceError("db_busy")
    monkeypatch.setattr(type(service), "save_log", busy)
    await click_label(m[0], await open_panel(m[0], channel), "Discard Whisky")
    await env.bot.publisher.idle()
    game = await service.live_game(channel.id)
    assert await service.pending_outbox(game.id) >= 1  # kept: before, dropped as "cannot be rendered"
    monkeypatch.setattr(type(service), "save_log", real)
    await env.bot.publisher.deliver_due(now=utcnow() + timedelta(hours=1))
    assert await service.pending_outbox(game.id) == 0
    assert any("discards" in line for line in contents(channel))
