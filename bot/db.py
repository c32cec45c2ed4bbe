"""Tables and the async database engine (SQLModel over SQLAlchemy asyncio).

One live game per guild channel: ``Game.live_channel`` holds the channel id while the game is
in the lobby or running and NULL afterwards, under a unique constraint.
"""
from __future__ import annotations

import base64
import binascii
import json
import os
import zlib
from datetime import datetime, timezone
from typing import Any, Optional

from sqlalchemy import JSON, BigInteger, Column, Index, Integer, UniqueConstraint, event, make_url
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.types import TypeDecorator
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlmodel import Field, SQLModel
from sqlmodel.ext.asyncio.session import AsyncSession

from bot import migrations

LIVE_STATUSES = ("lobby", "active")
WINDOW_SECONDS = 10  # a guild's response-window time unless it sets one (GuildSettings.window_seconds)
CORRUPT = "__corrupt__"  # the key of the state that stands in for one that can't be read


PACKED = "~z"  # the one key of a packed state (no game's state has it)


def pack_state(state):
    """A state as stored: ``{PACKED: base64 of its compact JSON, zlib-compressed}``, about half
    the bytes of the JSON itself (a quarter to a half of its size: fewer pages written by every
    checkpoint, a smaller WAL and database). Lossless: it reads back as the same JSON value, so
    replays stay exact. None (no state yet) and a non-dict stay as they are."""
    if not isinstance(state, dict) or CORRUPT in state:
        return state
    return {PACKED: base64.b64encode(zlib.compress(compact_json(state).encode(), 1)).decode("ascii")}


def unpack_state(value):
    """The state of a stored value: a packed one unpacked, a plain JSON one (a row written before
    states were packed, or by hand) as it is."""
    if isinstance(value, dict) and len(value) == 1 and PACKED in value:
        return json.loads(zlib.decompress(base64.b64decode(value[PACKED])))
    return value


class StateJSON(TypeDecorator):
    """A game's state: JSON, packed (:func:`pack_state`) when written, unpacked when read, rows
    of plain JSON read as they are. Unreadable values load as ``{CORRUPT: True}`` instead of
    failing the query, so a damaged game row still loads: its members get a clear message and
    ``/gm reset`` works."""

    impl = JSON
    cache_ok = True

    def process_bind_param(self, value, dialect):
        return pack_state(value)

    def result_processor(self, dialect, coltype):
        inner = self.impl_instance.result_processor(dialect, coltype)

        def process(value):
            try:
                return unpack_state(inner(value) if inner else value)
            except (ValueError, TypeError, zlib.error, binascii.Error):
                return {CORRUPT: True}
        return process


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


# Every UPDATE of a game row is guarded by its version (SQLAlchemy's version counter): two
# processes over one database can never silently overwrite each other's change.
_game_version = Column("version", Integer, nullable=False)


class Game(SQLModel, table=True):
    __tablename__ = "games"
    __mapper_args__ = {"version_id_col": _game_version}

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
    seed: int = Field(default=0, sa_column=Column(BigInteger, nullable=False))  # drawn at start
    state: Optional[dict] = Field(default=None, sa_column=Column(StateJSON, nullable=True))
    version: int = Field(default=0, sa_column=_game_version)
    epoch: int = 0  # bumped by every undo: buttons of an earlier epoch are stale
    exporters: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))  # user ids
    last_action: int = 0  # the highest action-log number used (undone rows keep theirs)
    autopilot: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    names: dict = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))  # id -> display name
    # members passing response windows until their turn: seat -> the turn number it was asked in
    # (GameRules.turn_of; None before the first turn): Keeper passes their windows until then
    quiet: dict = Field(default_factory=dict, sa_column=Column(JSON, nullable=False, server_default="{}"))
    # members who handed their own seat to Keeper for a while (/game away; also in ``autopilot``):
    # unlike a kicked member they keep their panel and take the seat back themselves
    away: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False, server_default="[]"))
    # members who left a seat of this game (handed on by /gm replace): none takes another itself,
    # so nobody looks into a second seat's secrets
    left: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False, server_default="[]"))
    table_message_id: Optional[int] = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    # the live message of the channel log (bot.publisher.ChannelLog): its id, section, lines so far
    channel_log: Optional[dict] = Field(default=None, sa_column=Column(JSON, nullable=True))
    lobby_message_id: Optional[int] = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    # when an ended game was archived: its state cut to what export needs, its news and delivered
    # outbox rows gone; the record (seed, players, options, action log) stays for /gm export
    archived_at: Optional[datetime] = None
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
    timeout_action: str = "keeper"  # keeper (a Keeper agent plays) | default (the safe default) | off (only remind)
    # how long a response window stays open once only members with nothing usable are left
    # (None: WINDOW_SECONDS; 0: it closes at once, telling the table nobody had anything usable)
    window_seconds: Optional[int] = None


class MemberSettings(SQLModel, table=True):
    """A member's own choices, in every server and game. ``autopass``: Keeper passes response
    windows for the member when nothing they hold can answer (on unless they turn it off)."""
    __tablename__ = "member_settings"

    user_id: int = Field(sa_column=Column(BigInteger, primary_key=True))
    autopass: bool = True


class News(SQLModel, table=True):
    """A member's private news (draws, peeks, shown hands), kept for ``/panel`` whatever became
    of the DM. ``number`` is the action that caused it (0: the deal)."""

    __tablename__ = "news"
    __table_args__ = (Index("news_by_member", "game_id", "user_id", "number"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id")
    user_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    number: int = 0
    events: list = Field(sa_column=Column(JSON, nullable=False))
    undone: bool = False
    created_at: datetime = Field(default_factory=utcnow)


class NewsSeen(SQLModel, table=True):
    """How far a member has read their news in a game: a panel shows only the news after their
    last look (``seen``: the newest news row a look showed; ``since``: the mark that look started
    from, so a redraw of the same panel, another page of options say, shows the same news)."""

    __tablename__ = "news_seen"

    game_id: int = Field(foreign_key="games.id", primary_key=True)
    user_id: int = Field(sa_column=Column(BigInteger, primary_key=True))
    since: int = 0
    seen: int = 0


# the outbox kind of the admins' notice that a game was paused (its channel was deleted): the only
# rows of a paused game that are delivered (bot.service.pause_for_lost_channel writes them)
PAUSED_NOTICE = "paused"


class Outbox(SQLModel, table=True):
    """Announcements of committed changes, written in the change's own transaction and delivered
    after it (and again after a crash, a 429/5xx or a missing permission) until they arrive.

    ``kind``: ``public`` (lines in the game's channel), ``dm`` (a member's private news),
    ``prompt`` (a decision sent by DM with its controls: ``payload`` names the prompt and the
    epoch; nothing is sent if it is no longer pending), ``paused`` (the admins told that the game was
    paused, its channel deleted: the server's system channel, or the creator by DM with ``user_id``),
    ``table`` (refresh the table message from the game's current state)."""

    __tablename__ = "outbox"
    __table_args__ = (Index("outbox_due", "delivered", "not_before"), Index("outbox_by_game", "game_id", "delivered"))

    id: Optional[int] = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id")
    guild_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    channel_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    kind: str
    user_id: Optional[int] = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    payload: dict = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    progress: int = 0  # message chunks already sent (a retry resumes after them)
    attempts: int = 0
    not_before: datetime = Field(default_factory=utcnow)
    claim: Optional[str] = None  # the delivering process's token, valid until claimed_until
    claimed_until: Optional[datetime] = None
    delivered: bool = False
    error: Optional[str] = None  # the last failure, or why a delivery was given up
    created_at: datetime = Field(default_factory=utcnow)


class Proposal(SQLModel, table=True):
    """An adviser's proposal for a group decision (not an engine action): one per adviser and
    prompt, the latest kept; shown in the decider's panel while that prompt of that epoch is
    pending (an undo's new epoch leaves the old ones behind)."""

    __tablename__ = "proposals"
    __table_args__ = (UniqueConstraint("game_id", "epoch", "prompt_id", "user_id", name="one_proposal_per_adviser"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="games.id")
    epoch: int
    prompt_id: int
    user_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    option: dict = Field(sa_column=Column(JSON, nullable=False))
    created_at: datetime = Field(default_factory=utcnow)


# The WAL is folded back and cut to this size whenever it grows past it (see checkpoint_wal).
WAL_LIMIT_BYTES = 16 * 1024 * 1024
WAL_FALLBACK_PAGES = 50_000  # ~200 MB of 4 KB pages


def compact_json(value) -> str:
    """JSON as every column stores it: no spaces after separators and non-ASCII as itself (a
    state is about a tenth smaller, so every checkpoint writes less); any JSON reads back."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _array_probe() -> str:
    """A statement naming an array of each non-JSON column type of the rows a change writes
    (JSON goes as a text array, which asyncpg knows without looking it up)."""
    from sqlalchemy.dialects import postgresql
    dialect = postgresql.dialect()
    kinds = sorted({column.type.compile(dialect=dialect) for model in (ActionLog, News, Outbox)
                    for column in model.__table__.c if not isinstance(column.type, JSON)})
    return "SELECT " + ", ".join(f"${n}::{kind}[]" for n, kind in enumerate(kinds, 1))


# What a pooled PostgreSQL connection prepares at its first checkout that finds the schema:
# coroutine functions (asyncpg connection, dialect) -> bool (False: try again at a later
# checkout), registered by the module that owns the statements (bot.service, its change
# statements), so this module imports none of them
CONNECTION_PREPARERS: list = []


def make_engine(url: str, busy_seconds: float = 5.0, pool_size: int = 10, pool_timeout: float = 30.0,
                durable_commits: bool = False) -> AsyncEngine:
    """The async engine with an explicitly sized pool: every operation holds one session (one
    connection) at a time, so ``pool_size`` concurrent operations never starve each other; in a
    burst the others wait in turn for a free one, up to ``pool_timeout`` seconds. The pool hands
    out the connection returned last: one after another, operations reuse the same few connections
    (each with its statements prepared, its caches warm) instead of cycling through all of them.

    Commits (``durable_commits``, the setting ``KEEPER_DURABLE_COMMITS``): by default a move's commit
    does not wait for the disk's flush (that wait was most of a checkpoint's slowest 1 % on
    PostgreSQL: ``bench scale``). A crash or restart of the bot loses nothing either way. SQLite
    runs its WAL with ``synchronous=NORMAL``: a power loss or crash of the machine may lose the
    last moves. On PostgreSQL a move's statement turns ``synchronous_commit`` off for its own
    transaction (:func:`relaxed_commits`; the server's setting stays for everything else), and
    nothing is announced before it is on disk: a delivery first waits for the flush of every
    commit before it (``GameService.claim_outbox``), so a crash of the database server can lose
    only the last fraction of a second of moves, shown to nobody but the members who made them.
    True: every commit waits for the flush (SQLite ``synchronous=FULL``, PostgreSQL the
    server's setting)."""
    kwargs: dict[str, Any] = {"pool_size": pool_size, "max_overflow": 0, "pool_timeout": pool_timeout,
                              "pool_use_lifo": True, "json_serializer": compact_json}
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"timeout": busy_seconds}
    elif make_url(url).get_driver_name() == "asyncpg":
        # asyncpg drops a cached statement 300 s after it was prepared, however often it is used:
        # the change statements prepared at a connection's first checkout (below) would be
        # prepared again in checkpoints every 5 minutes. Kept until the cache's size evicts them
        kwargs["connect_args"] = {"max_cached_statement_lifetime": 0}
    engine = create_async_engine(url, **kwargs)
    engine.dialect.keeper_relaxed_commits = not durable_commits  # read by relaxed_commits()
    if engine.dialect.driver == "asyncpg":
        @event.listens_for(engine.sync_engine, "connect")
        def _array_codecs(dbapi_connection, _record):
            # asyncpg looks an array type up at its first use on each connection (three statements):
            # the arrays a checkpoint writes its rows with (bot.service._write) now, not in a checkpoint
            dbapi_connection.run_async(lambda driver: driver.prepare(_array_probe()))

        @event.listens_for(engine.sync_engine, "checkout")
        def _change_statements(dbapi_connection, record, _proxy):
            # each statement a checkpoint may send, prepared once per connection before its first
            # use; at the first checkout that finds the schema (a new database has none yet)
            if not record.info.get("changes_prepared") and CONNECTION_PREPARERS:
                try:
                    record.info["changes_prepared"] = all([dbapi_connection.run_async(
                        lambda driver, prepare=prepare: prepare(driver, engine.dialect)) for prepare in CONNECTION_PREPARERS])
                except Exception as error:
                    if dbapi_connection.driver_connection.is_closed():  # lost: the pool connects anew
                        raise DisconnectionError(str(error)) from error
                    raise
    if url.startswith("sqlite"):
        @event.listens_for(engine.sync_engine, "connect")
        def _sqlite_pragmas(dbapi_connection, _record):  # WAL: readers never block the writer
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL" if durable_commits else "PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            # no checkpoint inside a player's commit (it made the slowest 1% of commits 2x
            # slower): bot.client runs checkpoint_wal off the hot path; this far larger automatic
            # one is only the fallback that bounds the WAL if that loop is off
            cursor.execute(f"PRAGMA wal_autocheckpoint={WAL_FALLBACK_PAGES}")
            cursor.execute(f"PRAGMA journal_size_limit={WAL_LIMIT_BYTES}")
            cursor.close()
    return engine


def relaxed_commits(dialect) -> bool:
    """Whether a move's commit skips the wait for the disk's flush on this engine (its dialect:
    ``make_engine``'s ``durable_commits`` False; an engine made elsewhere waits)."""
    return getattr(dialect, "keeper_relaxed_commits", False)


def wal_size(engine: AsyncEngine) -> int:
    """Bytes in SQLite's write-ahead log file (0 for other databases or no file)."""
    database = engine.url.database if engine.url.get_backend_name() == "sqlite" else None
    if not database or database == ":memory:":
        return 0
    try:
        return os.path.getsize(f"{database}-wal")
    except OSError:
        return 0


_WAL_SEEN: dict[int, int] = {}  # engine -> the WAL's size after its last checkpoint


async def checkpoint_wal(engine: AsyncEngine, limit: int = WAL_LIMIT_BYTES) -> str | None:
    """Fold SQLite's write-ahead log back into the database file (no-op elsewhere); returns the
    mode that ran.

    First PASSIVE, which never blocks a writer or waits for a reader. When the file is past
    ``limit``, or the database is idle (nothing written since the last call, everything folded),
    a TRUNCATE is tried too, but without waiting (busy timeout 0): if a writer or a reader is in
    the way it returns at once and the next call tries again. So a reader holding a transaction
    for a while delays the cut, never a click, and the WAL is cut back as soon as it lets go
    (Keeper's own reads are single statements)."""
    if engine.url.get_backend_name() != "sqlite":
        return None
    size = wal_size(engine)
    mode = "PASSIVE"
    async with engine.connect() as conn:
        _busy, frames, folded = (await conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")).one()
        idle = frames == folded and _WAL_SEEN.get(id(engine)) == size
        if size and (idle or size > limit):
            waits = (await conn.exec_driver_sql("PRAGMA busy_timeout")).scalar()
            await conn.exec_driver_sql("PRAGMA busy_timeout=0")
            try:
                if (await conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")).one()[0] == 0:
                    mode = "TRUNCATE"
            finally:
                await conn.exec_driver_sql(f"PRAGMA busy_timeout={int(waits)}")
    _WAL_SEEN[id(engine)] = wal_size(engine)
    return mode


async def create_tables(engine: AsyncEngine) -> None:
    """Upgrade the schema to the newest migration (bot/migrations), in one transaction; a
    database made before migrations is stamped with its revision first."""
    async with engine.begin() as conn:
        await conn.run_sync(migrations.upgrade, SQLModel.metadata)


def session_factory(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, class_=AsyncSession, expire_on_commit=False)
