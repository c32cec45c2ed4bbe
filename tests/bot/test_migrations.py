"""Schema migrations (bot/migrations) on every supported database: SQLite always, PostgreSQL when
KEEPER_TEST_POSTGRES_URL is set. The migrated schema is the models' schema, and a database of
the first release plays on after the bot's start-up upgrade."""
from __future__ import annotations

import os
from datetime import datetime, timezone

import pytest

from tests.bot.helpers import database_url
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlmodel import SQLModel

from bot import migrations
from bot.db import create_tables, make_engine, session_factory
from bot.service import GameService
from engine.core.record import replay
from engine.registry import rules_for

POSTGRES = os.environ.get("KEEPER_TEST_POSTGRES_URL")
HEAD = ScriptDirectory.from_config(migrations.config()).get_current_head()

# What create_all of the released models (git a3c7531) emitted, per dialect: SQLite's
# INTEGER/BIGINT primary keys are PostgreSQL's SERIAL/BIGSERIAL, DATETIME its timestamptz.
RELEASED_DDL = """
CREATE TABLE games (
    id {serial} NOT NULL,
    guild_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    live_channel BIGINT,
    kind VARCHAR NOT NULL,
    status VARCHAR NOT NULL,
    creator_id BIGINT NOT NULL,
    players JSON NOT NULL,
    options JSON NOT NULL,
    setup JSON NOT NULL,
    seed BIGINT NOT NULL,
    state JSON,
    version INTEGER NOT NULL,
    last_action INTEGER NOT NULL,
    autopilot JSON NOT NULL,
    names JSON NOT NULL,
    table_message_id BIGINT,
    deadline {timestamp},
    reminder_at {timestamp},
    created_at {timestamp} NOT NULL,
    updated_at {timestamp} NOT NULL,
    PRIMARY KEY (id),
    UNIQUE (live_channel)
);
CREATE INDEX ix_games_channel_id ON games (channel_id);
CREATE INDEX ix_games_deadline ON games (deadline);
CREATE INDEX ix_games_guild_id ON games (guild_id);
CREATE TABLE guild_settings (
    guild_id {big_serial} NOT NULL,
    language VARCHAR,
    admin_role_id BIGINT,
    turn_timeout_minutes INTEGER,
    timeout_action VARCHAR NOT NULL,
    PRIMARY KEY (guild_id)
);
CREATE TABLE action_log (
    id {serial} NOT NULL,
    game_id INTEGER NOT NULL,
    number INTEGER NOT NULL,
    actor VARCHAR NOT NULL,
    action JSON NOT NULL,
    reveal BOOLEAN NOT NULL,
    undone BOOLEAN NOT NULL,
    created_at {timestamp} NOT NULL,
    PRIMARY KEY (id),
    CONSTRAINT one_action_per_number UNIQUE (game_id, number),
    FOREIGN KEY(game_id) REFERENCES games (id)
);
CREATE INDEX ix_action_log_game_id ON action_log (game_id);
CREATE TABLE inbox (
    id {serial} NOT NULL,
    game_id INTEGER NOT NULL,
    user_id BIGINT NOT NULL,
    events JSON NOT NULL,
    delivered BOOLEAN NOT NULL,
    created_at {timestamp} NOT NULL,
    PRIMARY KEY (id),
    FOREIGN KEY(game_id) REFERENCES games (id)
);
CREATE INDEX inbox_by_user ON inbox (game_id, user_id, delivered);
"""
DIALECT_TYPES = {
    "sqlite": {"serial": "INTEGER", "big_serial": "BIGINT", "timestamp": "DATETIME"},
    "postgresql": {"serial": "SERIAL", "big_serial": "BIGSERIAL", "timestamp": "TIMESTAMP WITH TIME ZONE"},
}

# the released columns only (no epoch/exporters), typed so each dialect gets its JSON and timestamps
OLD_GAMES = sa.table(
    "games", *(sa.column(name) for name in ("id", "guild_id", "channel_id", "live_channel", "kind", "status",
                                             "creator_id", "seed", "version", "last_action")),
    *(sa.column(name, sa.JSON) for name in ("players", "options", "setup", "state", "autopilot", "names")),
    *(sa.column(name, sa.DateTime(timezone=True)) for name in ("created_at", "updated_at")))
OLD_ACTION_LOG = sa.table("action_log", sa.column("game_id"), sa.column("number"), sa.column("actor"),
                          sa.column("action", sa.JSON), sa.column("reveal"), sa.column("undone"),
                          sa.column("created_at", sa.DateTime(timezone=True)))
OLD_INBOX = sa.table("inbox", sa.column("game_id"), sa.column("user_id"), sa.column("events", sa.JSON),
                     sa.column("delivered"), sa.column("created_at", sa.DateTime(timezone=True)))


@pytest.fixture(params=["sqlite", "postgres"])
async def engine(request, tmp_path):
    engine = make_engine(database_url(request.param, tmp_path))
    await wipe(engine)
    yield engine
    await wipe(engine)  # the persistence tests share the PostgreSQL database
    await engine.dispose()


async def wipe(engine):
    """Drop every table there is (drop_all of the models knows neither inbox nor alembic_version)."""
    def drop(connection):
        existing = sa.MetaData()
        existing.reflect(connection)
        existing.drop_all(connection)
    async with engine.begin() as conn:
        await conn.run_sync(drop)


async def run_sync(engine, call):
    async with engine.begin() as conn:
        return await conn.run_sync(call)


def differences(connection) -> list:
    context = MigrationContext.configure(connection, opts={"compare_type": True})
    return compare_metadata(context, SQLModel.metadata)


def revision(connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def tables(connection) -> set[str]:
    return set(sa.inspect(connection).get_table_names())


def create_released_tables(connection) -> None:
    for statement in RELEASED_DDL.format(**DIALECT_TYPES[connection.dialect.name]).split(";"):
        if statement.strip():
            connection.exec_driver_sql(statement)


async def test_migrated_schema_matches_the_models(engine):
    # a missing migration shows: the released schema is far from today's models
    await run_sync(engine, lambda conn: command.upgrade(migrations.config(conn), "0001"))
    assert {diff[1].name for diff in await run_sync(engine, differences) if diff[0] == "add_table"} \
        == {"news", "outbox", "proposals", "member_settings", "news_seen"}
    await create_tables(engine)
    assert await run_sync(engine, differences) == []
    assert await run_sync(engine, revision) == HEAD


async def test_a_released_database_plays_on(engine):
    await run_sync(engine, create_released_tables)
    rules = rules_for("thing")
    players = ["201", "202", "203", "204", "205"]
    state, _ = rules.new_game(players, 12345, {}, {})
    prompt = rules.prompts(state)[0]
    first = {"player": prompt["player"], **prompt["options"][0]}
    state, _ = rules.apply(state, first)
    now = datetime.now(timezone.utc)
    common = dict(guild_id=1, kind="thing", options={}, setup={}, autopilot=[], created_at=now, updated_at=now)
    async with engine.begin() as conn:  # as the released bot stored them
        await conn.execute(sa.insert(OLD_GAMES).values(
            id=1, channel_id=10, live_channel=10, status="lobby", creator_id=101, players=["101", "102"],
            names={"101": "Ann", "102": "Bob"}, seed=777, state=None, version=1, last_action=0, **common))
        await conn.execute(sa.insert(OLD_GAMES).values(
            id=2, channel_id=20, live_channel=20, status="active", creator_id=201, players=players,
            names={p: f"P{p}" for p in players}, seed=12345, state=state, version=6, last_action=1, **common))
        await conn.execute(sa.insert(OLD_ACTION_LOG).values(
            game_id=2, number=1, actor=first["player"], action=first, reveal=False, undone=False, created_at=now))
        await conn.execute(sa.insert(OLD_INBOX), [
            dict(game_id=2, user_id=203, events=[{"type": "drew", "card": "flamethrower"}], delivered=False,
                 created_at=now),
            dict(game_id=2, user_id=203, events=[{"type": "drew", "card": "axe"}], delivered=True, created_at=now),
        ])
        if conn.dialect.name == "postgresql":  # explicit ids: move the sequence past them
            await conn.exec_driver_sql("SELECT setval('games_id_seq', 2)")

    await create_tables(engine)  # the bot's start-up

    service = GameService(session_factory(engine))
    running = await service.get(2)
    assert (running.status, running.state, running.epoch, running.exporters) == ("active", state, 0, [])
    prompt = rules.prompts(running.state)[0]
    outcome = await service.act(2, {"player": prompt["player"], "prompt": prompt["id"], **prompt["options"][0]})
    assert (outcome.game.version, outcome.game.last_action) == (7, 2)
    assert [row.number for row in await service.actions(2)] == [1, 2]
    assert replay(await service.record(2)).state == (await service.get(2)).state
    # the undelivered inbox row is the member's news now; the one already shown is not repeated
    assert await service.news(2, 203) == [{"type": "drew", "card": "flamethrower"}]

    for user in (103, 104):
        await service.join(1, user)
    started = await service.start(1)
    assert started.game.status == "active" and rules.prompts(started.game.state)
    assert (await service.create_lobby(1, 30, "thing", 301)).id == 3


async def test_create_tables_is_idempotent(engine):
    await create_tables(engine)
    service = GameService(session_factory(engine))
    game = await service.create_lobby(1, 10, "thing", 101)
    await create_tables(engine)
    assert await run_sync(engine, revision) == HEAD
    assert await run_sync(engine, differences) == []
    assert (await service.get(game.id)).players == ["101"]


async def test_a_database_from_before_migrations_is_stamped_then_upgraded(engine):
    await run_sync(engine, create_released_tables)
    assert "alembic_version" not in await run_sync(engine, tables)
    await create_tables(engine)
    assert await run_sync(engine, revision) == HEAD
    assert "inbox" not in await run_sync(engine, tables)
    assert await run_sync(engine, differences) == []

    # create_all of today's models (before migrations ran) is already the head's schema
    await wipe(engine)
    await run_sync(engine, SQLModel.metadata.create_all)
    await create_tables(engine)
    assert await run_sync(engine, revision) == HEAD
    assert await run_sync(engine, differences) == []


async def test_dropped_tables_are_made_again(engine):
    # drop_all of the models leaves alembic_version behind (the persistence tests do that)
    await create_tables(engine)
    await run_sync(engine, SQLModel.metadata.drop_all)
    await create_tables(engine)
    assert await run_sync(engine, differences) == []


async def test_downgrade_to_the_release_and_back(engine):
    await create_tables(engine)
    service = GameService(session_factory(engine))
    game = await service.create_lobby(1, 10, "thing", 101)
    for user in (102, 103, 104):
        await service.join(game.id, user)
    await service.start(game.id)
    await run_sync(engine, lambda conn: command.downgrade(migrations.config(conn), "0001"))
    assert {"inbox", "games"} <= await run_sync(engine, tables)
    await create_tables(engine)
    assert await run_sync(engine, differences) == []
    assert (await service.get(game.id)).status == "active"


# ---- issue 19, defect 1: stamped by columns, checked against the models, refused when unusable

def forget_revision(connection) -> None:
    connection.exec_driver_sql("DROP TABLE alembic_version")


@pytest.mark.parametrize("stamp", sorted(migrations.revision_columns()))
async def test_a_database_without_version_is_stamped_by_its_columns(engine, stamp):
    # a database made by create_all at each revision (no alembic_version): found by its columns
    await run_sync(engine, lambda conn: command.upgrade(migrations.config(conn), stamp))
    await run_sync(engine, forget_revision)
    assert migrations.stamp_revision(await run_sync(engine, migrations.columns)) == stamp
    await create_tables(engine)
    assert await run_sync(engine, revision) == HEAD
    assert await run_sync(engine, differences) == []


async def test_an_early_database_without_a_column_is_refused_not_upgraded(engine):
    # an early release's action_log had no 'undone': today it was stamped 0001 by its tables and
    # "upgraded", and every click then failed; now start-up refuses and names the column
    await run_sync(engine, create_released_tables)
    await run_sync(engine, lambda conn: conn.exec_driver_sql("ALTER TABLE action_log DROP COLUMN undone"))
    with pytest.raises(migrations.SchemaError) as refused:
        await create_tables(engine)
    assert "action_log.undone is missing" in str(refused.value)
    assert "Nothing was changed" in str(refused.value) and "KEEPER_DATABASE_URL" in str(refused.value)
    assert "alembic_version" not in await run_sync(engine, tables)  # untouched
    assert "inbox" in await run_sync(engine, tables)


async def test_a_schema_that_differs_from_the_models_after_upgrade_is_refused(engine):
    await create_tables(engine)
    # a stamped database whose table lost a column (by hand, or a wrong stamp in the past)
    await run_sync(engine, lambda conn: conn.exec_driver_sql("ALTER TABLE proposals DROP COLUMN created_at"))
    with pytest.raises(migrations.SchemaError) as refused:
        await create_tables(engine)
    assert "column proposals.created_at is missing" in str(refused.value)
    assert "revision --autogenerate" in str(refused.value)


async def test_a_read_only_database_is_refused_at_start(tmp_path):
    from bot.settings import StartupError

    path = tmp_path / "keeper.sqlite3"
    writable = make_engine(f"sqlite+aiosqlite:///{path}")
    await create_tables(writable)
    await writable.dispose()
    read_only = make_engine(f"sqlite+aiosqlite:///file:{path}?mode=ro&uri=true")
    try:
        with pytest.raises(StartupError) as refused:
            await create_tables(read_only)
    finally:
        await read_only.dispose()
    assert "read-only" in str(refused.value) and "write access" in str(refused.value)


# ---- issue 19, scale: start-up under 10 s (Alembic only when an upgrade is due)

def test_the_head_read_from_the_migration_files_is_alembics():
    assert migrations.head_revision() == HEAD


def test_a_database_at_head_is_checked_without_importing_alembic(tmp_path):
    import subprocess
    import sys

    url = f"sqlite+aiosqlite:///{tmp_path / 'keeper.sqlite3'}"
    start = ("import asyncio, sys; from bot.db import create_tables, make_engine\n"
             "async def go():\n"
             f"    engine = make_engine({url!r}); await create_tables(engine); await engine.dispose()\n"
             "asyncio.run(go()); print('alembic' in sys.modules)")

    def started() -> str:
        done = subprocess.run([sys.executable, "-c", start], capture_output=True, text=True, timeout=300,
                              cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()
    assert started() == "True"  # a new database: the migrations ran
    assert started() == "False"  # at head, as the models are: SQLAlchemy alone checked it


async def test_a_column_dropped_at_head_still_runs_the_full_check(engine):
    await create_tables(engine)
    await run_sync(engine, lambda conn: conn.exec_driver_sql("ALTER TABLE news_seen DROP COLUMN since"))
    with pytest.raises(migrations.SchemaError, match="column news_seen.since is missing"):
        await create_tables(engine)
