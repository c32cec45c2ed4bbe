"""The persistence layer on every supported database: SQLite always, PostgreSQL when reachable
(set KEEPER_TEST_POSTGRES_URL=postgresql+asyncpg://user:pass@host/db to run it)."""
from __future__ import annotations

import asyncio
import os
import random

import pytest
from sqlalchemy import text

from sqlmodel import select

from bot.db import ActionLog, create_tables, make_engine, session_factory
from bot.service import GameService, ServiceError
from engine.core.errors import RuleError
from engine.core.record import replay
from engine.registry import rules_for

POSTGRES = os.environ.get("KEEPER_TEST_POSTGRES_URL")


@pytest.fixture(params=["sqlite", "postgres"])
async def service(request, tmp_path):
    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / 'keeper.sqlite3'}"
    else:
        if not POSTGRES:
            pytest.skip("no PostgreSQL server configured (KEEPER_TEST_POSTGRES_URL)")
        url = POSTGRES
    engine = make_engine(url)
    if request.param == "postgres":
        from sqlmodel import SQLModel
        async with engine.begin() as conn:
            await conn.run_sync(SQLModel.metadata.drop_all)
    await create_tables(engine)
    yield GameService(session_factory(engine))
    await engine.dispose()


async def started_game(service, channel=42, players=5):
    game = await service.create_lobby(1, channel, "thing", 100)
    for user in range(101, 100 + players):
        await service.join(game.id, user)
    return (await service.start(game.id)).game


async def test_sqlite_runs_in_wal_mode(tmp_path):
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'wal.sqlite3'}")
    async with engine.connect() as conn:
        mode = (await conn.execute(text("PRAGMA journal_mode"))).scalar()
    await engine.dispose()
    assert mode == "wal"


async def test_one_live_game_per_channel(service):
    await started_game(service)
    with pytest.raises(ServiceError) as refused:
        await service.create_lobby(1, 42, "thing", 200)
    assert refused.value.code == "channel_busy"
    other = await service.create_lobby(1, 43, "thing", 200)  # another channel is fine
    assert other.status == "lobby"


async def test_every_action_is_checkpointed_and_replays(service):
    game = await started_game(service)
    rules = rules_for("thing")
    rng = random.Random(3)
    for _ in range(60):
        prompts = rules.prompts(game.state)
        if not prompts:
            break
        action = {"player": prompts[0]["player"], "prompt": prompts[0]["id"], **rng.choice(prompts[0]["options"])}
        game = (await service.act(game.id, action)).game
    stored = await service.get(game.id)
    assert stored.state == game.state and stored.version == game.version
    assert stored.last_action == len(await service.actions(game.id))
    record = await service.record(game.id)
    assert replay(record).state == stored.state


async def test_concurrent_clicks_apply_once(service):
    game = await started_game(service)
    prompt = rules_for("thing").prompts(game.state)[0]
    action = {"player": prompt["player"], "prompt": prompt["id"], **prompt["options"][0]}
    results = await asyncio.gather(*[service.act(game.id, dict(action)) for _ in range(100)],
                                   return_exceptions=True)
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert all(isinstance(r, RuleError) for r in results if isinstance(r, Exception))
    assert len(await service.actions(game.id)) == 1


async def test_undo_and_reset_archive(service):
    game = await started_game(service)
    prompt = rules_for("thing").prompts(game.state)[0]
    before = game.state
    await service.act(game.id, {"player": prompt["player"], **prompt["options"][0]})
    undone = await service.undo(game.id, 1, force=True)
    assert undone.game.state == before and undone.revealed
    assert await service.actions(game.id) == []
    async with service.sessions() as session:  # append-only: the undone row is kept, marked
        rows = (await session.exec(select(ActionLog).where(ActionLog.game_id == game.id))).all()
    assert [(row.number, row.undone) for row in rows] == [(1, True)]
    prompt = rules_for("thing").prompts(undone.game.state)[0]
    again = await service.act(game.id, {"player": prompt["player"], **prompt["options"][0]})
    assert [row.number for row in await service.actions(game.id)] == [2]
    assert replay(await service.record(game.id)).state == again.game.state
    archived = await service.reset(game.id)
    assert archived.status == "archived" and archived.live_channel is None
    assert await service.get(game.id) is not None  # archived, never deleted
    assert (await service.create_lobby(1, 42, "thing", 100)).status == "lobby"
