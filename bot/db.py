"""Tables and the async database engine (SQLModel over SQLAlchemy asyncio).

One live game per guild channel: ``Game.live_channel`` holds the channel id while the game is
in the lobby or running and NULL afterwards, under a unique constraint.
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Optional

from sqlalchemy import JSON, BigInteger, Column, Index, UniqueConstraint, event
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlmodel import Field, SQLModel
from sqlmodel.ext.asyncio.session import AsyncSession

LIVE_STATUSES = ("lobby", "active")


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


class Game(SQLModel, table=True):
    __tablename__ = "games"

    id: Optional[int] = Field(default=None, primary_key=True)
    guild_id: int = Field(sa_column=Column(BigInteger, nullable=False, index=True))
    channel_id: int = Field(sa_column=Column(BigInteger, nullable=False, index=True))
    live_channel: Optional[int] = Field(default=None, sa_column=Column(BigInteger, unique=True, nullable=True))
    kind: str
    status: str = "lobby"  # lobby | active | finished | aborted | archived
    creator_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    players: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    options: dict = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    setup: dict = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    seed: int = Field(default=0, sa_column=Column(BigInteger, nullable=False))
    state: Optional[dict] = Field(default=None, sa_column=Column(JSON, nullable=True))
    version: int = 0
    last_action: int = 0  # the highest action-log number used (undone rows keep theirs)
    autopilot: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    names: dict = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))  # id -> display name
    table_message_id: Optional[int] = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    deadline: Optional[datetime] = Field(default=None, index=True)
    reminder_at: Optional[datetime] = None
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)


class ActionLog(SQLModel, table=True):
    __tablename__ = "action_log"
    __table_args__ = (UniqueConstraint("game_id", "number", name="one_action_per_number"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id", index=True)
    number: int
    actor: str
    action: dict = Field(sa_column=Column(JSON, nullable=False))
    reveal: bool = False
    undone: bool = False  # append-only: an admin undo marks rows, never deletes them
    created_at: datetime = Field(default_factory=utcnow)


class GuildSettings(SQLModel, table=True):
    __tablename__ = "guild_settings"

    guild_id: int = Field(sa_column=Column(BigInteger, primary_key=True))
    language: Optional[str] = None
    admin_role_id: Optional[int] = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    turn_timeout_minutes: Optional[int] = None
    timeout_action: str = "default"  # default (apply the safe default) | off (only remind)


class Inbox(SQLModel, table=True):
    """Private events that could not be sent by DM, shown at the member's next interaction."""

    __tablename__ = "inbox"
    __table_args__ = (Index("inbox_by_user", "game_id", "user_id", "delivered"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id")
    user_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    events: list = Field(sa_column=Column(JSON, nullable=False))
    delivered: bool = False
    created_at: datetime = Field(default_factory=utcnow)


def make_engine(url: str) -> AsyncEngine:
    kwargs: dict[str, Any] = {}
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"timeout": 30}
    engine = create_async_engine(url, **kwargs)
    if url.startswith("sqlite"):
        @event.listens_for(engine.sync_engine, "connect")
        def _sqlite_pragmas(dbapi_connection, _record):  # WAL: readers never block the writer
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            # no checkpoint inside a player's commit (it made the slowest 1% of commits 2x
            # slower); bot.client runs a passive WAL checkpoint every minute instead
            cursor.execute("PRAGMA wal_autocheckpoint=0")
            cursor.close()
    return engine


async def checkpoint_wal(engine: AsyncEngine) -> None:
    """Fold SQLite's write-ahead log back into the database file (no-op elsewhere)."""
    if engine.url.get_backend_name() != "sqlite":
        return
    async with engine.connect() as conn:
        await conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")


async def create_tables(engine: AsyncEngine) -> None:
    async with engine.begin() as conn:
        await conn.run_sync(SQLModel.metadata.create_all)


def session_factory(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, class_=AsyncSession, expire_on_commit=False)
