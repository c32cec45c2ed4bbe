"""Game services: every operation on a game, checkpointed before anyone is told about it.

Cogs call these and render the outcome; no rule lives here either (the engine decides), only
persistence, locking, Keeper players and stand-ins for kicked players, undo by replay and
deadlines.

Every change commits, in one transaction, the new game row (guarded by its version, so two bot
processes never overwrite each other), its action-log rows, each member's private news and the
outbox rows that announce it. The publisher delivers the outbox after the commit: a crash, a
429/5xx or a missing permission delays an announcement, never loses it.
"""
from __future__ import annotations

import asyncio
import functools
import logging
import random
import secrets
import time
import weakref
from collections import OrderedDict
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sqlalchemy import (JSON, Boolean, Integer, Text, and_, bindparam, case, cast, delete, exists, func, insert, literal,
                        literal_column, true, update)
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.orm import make_transient_to_detached
from sqlalchemy.orm.exc import StaleDataError
from sqlmodel import select
from sqlalchemy.exc import TimeoutError as PoolTimeout  # every connection of the pool in use

from bot.db import (CONNECTION_PREPARERS, CORRUPT, LIVE_STATUSES, PAUSED_NOTICE, WINDOW_SECONDS, ActionLog, Game, GuildSettings, MemberSettings, News, NewsSeen,
                    Outbox, Proposal, relaxed_commits, utcnow)
from engine.core import shapes
from engine.core.agent import ask, keeper_for, tell
from engine.core.errors import RecordError, RuleError
from engine.core.events import route
from engine.core.game import rename_player
from engine.content.loader import what_plays
from engine.core.record import GameRecord, replay
from engine.registry import playable, rules_for
from bot.games import decision_is_news, dm_prompt_kinds, log_section, ui_for
from bot.games.common import choice_key
from bot.seats import is_keeper, is_member, keeper_name, keepers, members, new_keeper_seat

log = logging.getLogger("keeper.service")

CONFLICT_RETRIES = 3
# what a waiting line may say of a decision besides who and what kind (public in every game)
PUBLIC_PROMPT_CONTEXT = ("purpose", "timing", "zone", "inv", "defeated")
NEWS_SHOWN = 12  # the latest private news rows /panel shows a member (older ones are never shown again)
ARCHIVE_BATCH = 500  # ended games archived per clean-up transaction
CLAIM_SECONDS = 60.0  # how long a process holds outbox rows it is delivering
# how stale another process's change of guild settings may be seen: this process's own changes
# are seen at once (its cache is updated with them), and a guild's commands reach the one shard
# process serving it (members' auto-pass, set from a DM, is therefore never cached)
SETTINGS_TTL_SECONDS = 60.0
SETTINGS_CACHED = 50_000  # entries a settings cache holds before its expired ones are dropped


class ServiceError(Exception):
    """A refusal to show the member (translated by ``code``)."""

    def __init__(self, code: str, **params):
        self.code = code
        self.params = params
        super().__init__(code)


def not_running(game) -> ServiceError:
    """The refusal for a game that cannot take this now: a paused game says so (and how it goes on)."""
    if game is not None and game.status == "paused":
        return ServiceError("paused", number=game.id)
    if game is not None and game.status == "lobby":
        return ServiceError("not_started_yet")   # true for whoever asked: a player or an admin
    return ServiceError("not_active")


@dataclass
class Outcome:
    game: Game
    events: list[dict] = field(default_factory=list)
    applied: list[dict] = field(default_factory=list)  # actions accepted, in order
    revealed: bool = False  # an undo crossed a reveal of private information
    notice: str | None = None  # the key of the public line that announced it (a skip's)
    named: list[str] = field(default_factory=list)  # the players that line names (a skip's)


# who answered in an absent member's place, by whom it was asked and whether Keeper played
# a member whose last this many decisions were answered at their deadline is taken for away
MISSED_IN_A_ROW = 2
MISSED_LOOKBACK = 200  # action-log rows read back to find them (a whole round of a big table)
SKIP_NOTICES = {("admin", True): "admin.skip_keeper", ("admin", False): "admin.skip_done",
                ("deadline", True): "deadline.keeper_played", ("deadline", False): "deadline.timed_out"}


def notice(key: str, **params) -> dict:
    """A public announcement that is not an engine event (rendered in the guild's language)."""
    return {"key": key, "params": params}


# a lobby untouched this long gives way to a /game new in its channel
LOBBY_IDLE = timedelta(hours=12)
# what Keeper answers by itself is answered right after the state asking it is saved; a step cut
# short there (a crash, a busy database) is taken up by the deadline loop this much later
KEEPER_RESUME = timedelta(seconds=30)
# a deadline being handled is held this long by the process handling it (a crash midway: the
# loop takes it up again then, instead of the table waiting with no deadline at all)
DEADLINE_LEASE = timedelta(minutes=2)
TRANSIENT = ("db_busy", "conflict")  # failures gone in a moment


def safe_name(name: str) -> str:
    """A member's display name as Keeper keeps and shows it: markdown and mentions escaped, so a
    nickname like ``<@id>`` or ``[text](https://…)`` reads as itself and never pings or links.
    Every name reaches the game through here (lobby, join, a click's remembered name, /gm
    replace); plain-text controls drop the escapes again (bot.seats.plain). Direction overrides
    and invisible characters go: a name with U+202E turned the rest of its line around."""
    import discord
    name = name.translate(INVISIBLE_IN_NAMES).strip() or "?"
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))[:100]


# bidirectional controls (embeddings, overrides, isolates, marks) and zero-width spaces; the
# zero-width joiners stay (emoji sequences and some scripts need them)
INVISIBLE_IN_NAMES = dict.fromkeys([0x061C, 0x200B, 0x200E, 0x200F, 0x2060, 0xFEFF,
                                    *range(0x202A, 0x202F), *range(0x2066, 0x206A)])


def _is_busy(exc: OperationalError) -> bool:
    text = str(exc.orig if getattr(exc, "orig", None) is not None else exc).lower()
    return any(word in text for word in ("locked", "busy", "could not serialize", "deadlock"))


def resilient(method=None, *, retry_conflicts: bool = True):
    """Retry an operation while the database is busy or locked (up to ``busy_seconds``) and, if
    ``retry_conflicts``, when another process changed the game first (the operation re-reads and
    re-validates: right for a member's click, which names its prompt; wrong for an admin's undo,
    which was decided on what the admin saw). Then refuse truthfully. A failed attempt committed
    nothing, so a retry never applies twice."""
    if method is None:
        return functools.partial(resilient, retry_conflicts=retry_conflicts)

    @functools.wraps(method)
    async def wrapper(self, *args, **kwargs):
        deadline = time.monotonic() + self.busy_seconds
        delay, conflicts = 0.05, 0
        while True:
            try:
                return await method(self, *args, **kwargs)
            except OperationalError as exc:
                if not _is_busy(exc):
                    raise
                if time.monotonic() + delay > deadline:
                    log.warning("database busy for %.1f s in %s", self.busy_seconds, method.__name__)
                    raise ServiceError("db_busy") from exc
            except PoolTimeout as exc:  # every connection of the pool in use for the whole wait
                log.warning("no database connection free in %s", method.__name__)
                raise ServiceError("db_busy") from exc
            except (StaleDataError, _Conflict) as exc:
                conflicts += 1
                if not retry_conflicts or conflicts > CONFLICT_RETRIES:
                    raise ServiceError("conflict") from exc
            await asyncio.sleep(delay)
            delay = min(delay * 2, 1.0)
    return wrapper


class _Expiring:
    """A cache whose entries expire ``ttl`` seconds after they were put (settings another process
    may change); past ``limit`` entries the expired ones are dropped (all, if none has)."""

    def __init__(self, ttl: float = SETTINGS_TTL_SECONDS, limit: int = SETTINGS_CACHED):
        self.ttl, self.limit = ttl, limit
        self._entries: dict = {}

    def get(self, key, default=None):
        entry = self._entries.get(key)
        return entry[1] if entry is not None and entry[0] > time.monotonic() else default

    def put(self, key, value) -> None:
        now = time.monotonic()
        if len(self._entries) >= self.limit:
            self._entries = {k: e for k, e in self._entries.items() if e[0] > now}
            if len(self._entries) >= self.limit:
                self._entries.clear()
        self._entries[key] = (now + self.ttl, value)

    def clear(self) -> None:
        self._entries.clear()


class _Conflict(Exception):
    """The game row changed under us (another process): re-read and try again."""


class GameService:
    def __init__(self, sessions, default_timeout_minutes: int = 0, default_language: str = "en",
                 busy_seconds: float = 10.0, shards: tuple[int, list[int]] | None = None):
        self.sessions = sessions
        self.default_timeout_minutes = default_timeout_minutes
        self.default_language = default_language
        self.busy_seconds = busy_seconds
        # a channel's lock lives while an operation holds it or waits for it (those keep it), so
        # the locks of games nobody is playing right now take no memory
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._channel_of: dict[int, int] = {}  # game id -> channel id (never changes)
        self._guild_cache = _Expiring()  # guild id -> its settings (a plain copy)
        self.token = secrets.token_hex(8)  # this process's claim on the outbox rows it delivers
        self.shards = shards  # (count, ids): the background loops serve only these shards' guilds

    def lock(self, channel_id: int) -> asyncio.Lock:
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return lock

    # ------------------------------------------------------------------ reading
    @resilient
    async def get(self, game_id: int) -> Game | None:
        """The game row as it is now. A plain read: one statement on a connection without a
        transaction (no BEGIN and ROLLBACK around it) and no ORM load (every click reads its game:
        this cost it ~1 ms of CPU). The Game is detached, as one from a closed session: a write
        that adds it back is an UPDATE guarded by its version."""
        if getattr(self.sessions, "kw", {}).get("bind") is None:  # a test's session factory
            async with self.sessions() as session:
                return await session.get(Game, game_id)
        async with self._plain_connection() as connection:
            row = (await connection.execute(_GAME_BY_ID, {"id": game_id})).mappings().first()
        if row is None:
            return None
        game = Game(**row)
        make_transient_to_detached(game)  # as loaded: its history clean, its identity its id
        return game

    async def require(self, game_id: int) -> Game:
        game = await self.get(game_id)
        if game is None:
            raise ServiceError("no_game")
        return game

    @resilient
    async def live_game(self, channel_id: int) -> Game | None:
        async with self.sessions() as session:
            result = await session.exec(select(Game).where(Game.live_channel == channel_id))
            return result.first()

    @resilient
    async def last_game(self, channel_id: int) -> Game | None:
        """The channel's most recent game (for admin tools after a game has finished)."""
        async with self.sessions() as session:
            result = await session.exec(select(Game).where(Game.channel_id == channel_id)
                                        .order_by(Game.id.desc()))
            return result.first()

    @resilient
    async def actions(self, game_id: int) -> list[ActionLog]:
        async with self.sessions() as session:
            rows = await session.exec(select(ActionLog).where(ActionLog.game_id == game_id,
                                                              ActionLog.undone == False)  # noqa: E712
                                      .order_by(ActionLog.number))
            return list(rows.all())

    async def record(self, game_id: int) -> GameRecord:
        game = await self.require(game_id)
        return _record(game, await self.actions(game_id))

    @resilient
    async def live_games(self) -> list[Game]:
        async with self.sessions() as session:
            rows = await session.exec(select(Game).where(Game.status == "active"))
            return list(rows.all())

    @staticmethod
    def prompts(game: Game) -> list[dict]:
        """The decisions the game waits for (none for a damaged state)."""
        if game.state is None or game.status != "active":
            return []
        try:
            return rules_for(game.kind).prompts(intact_state(game))
        except Exception:  # noqa: BLE001 - a damaged state waits for nobody (and is reset by an admin)
            return []

    @resilient
    async def news(self, game_id: int, user_id: int, limit: int = NEWS_SHOWN) -> list[dict]:
        """The member's latest private news (events, oldest first), undone actions left out."""
        async with self.sessions() as session:
            rows = (await session.exec(select(News).where(
                News.game_id == game_id, News.user_id == user_id, News.undone == False)  # noqa: E712
                .order_by(News.id.desc()).limit(limit))).all()
        return [ev for row in reversed(rows) for ev in row.events]

    @resilient
    async def news_since_look(self, game_id: int, user_id: int, again: bool = False,
                              limit: int = NEWS_SHOWN, look: bool = True) -> list[dict]:
        """The member's private news since they last looked (the latest ``limit`` rows of it),
        and this look remembered. ``again``: a redraw of the panel they look at (another page, a
        proposal listed) shows the same news as that look did, and what came meanwhile.
        ``look=False``: Keeper redraws a panel the member may not be looking at (a live panel),
        so nothing is marked seen: their next look still shows it.

        Core statements built once (every click's reply is a look), without a transaction: the
        look is one statement, and the mark, when it moves, one more (under READ COMMITTED the
        two were never isolated from each other in a transaction either). On PostgreSQL the mark
        is written without waiting for the flush to disk: a mark lost in a crash of the database
        server only shows that news once more, so the member's reply never waits for that flush."""
        key = {"game_id": game_id, "user_id": user_id}
        async with self._plain_connection() as connection:
            found = (await connection.execute(_LOOK, {**key, "again": again, "limit": limit})).all()
            looked = found[0].seen is not None  # the statement always returns a row
            marked_since, marked_seen = (found[0].since, found[0].seen) if looked else (0, 0)
            since = marked_since if again else marked_seen
            rows = [row for row in found if row.id is not None]
            newest = max([marked_seen] + [row.id for row in rows])
            if look and (since, newest) != (marked_since, marked_seen):
                if looked:
                    move = _MOVE_MARK.get(connection.dialect.name, _MOVE_MARK[None])
                    await connection.execute(move, {"_game": game_id, "_user": user_id, "since": since, "seen": newest})
                else:
                    await connection.execute(_INSERTS[NewsSeen], {**key, "since": since, "seen": newest})
        return [ev for row in reversed(rows) for ev in row.events]

    @asynccontextmanager
    async def _plain_connection(self):
        """A connection whose every statement commits by itself (no BEGIN and COMMIT or ROLLBACK
        around it: two round trips fewer for a read); the sessions' own for a session factory
        of a test's making."""
        engine = getattr(self.sessions, "kw", {}).get("bind")
        if engine is None:
            async with self.sessions() as session:
                yield await session.connection()
                await session.commit()
            return
        async with engine.connect() as connection:
            yield await connection.execution_options(isolation_level="AUTOCOMMIT")

    # ------------------------------------------------------------------ guild settings
    async def guild_settings(self, guild_id: int, session=None) -> GuildSettings:
        """Cached for a minute (another process may change them); loaded with the caller's
        ``session`` when given (one connection per operation). The cache holds a plain copy,
        never an object bound to a session that may roll back."""
        cached = self._guild_cache.get(guild_id)
        if cached is not None:
            return cached
        if session is not None:
            found = await session.get(GuildSettings, guild_id)
        else:
            found = await self._load_guild_settings(guild_id)
        copy = GuildSettings(**found.model_dump()) if found else GuildSettings(guild_id=guild_id)
        self._guild_cache.put(guild_id, copy)
        return copy

    @resilient
    async def _load_guild_settings(self, guild_id: int) -> GuildSettings | None:
        async with self.sessions() as session:
            return await session.get(GuildSettings, guild_id)

    @resilient
    async def update_guild_settings(self, guild_id: int, **changes) -> GuildSettings:
        async with self.sessions() as session:
            found = await session.get(GuildSettings, guild_id) or GuildSettings(guild_id=guild_id)
            for key, value in changes.items():
                setattr(found, key, value)
            session.add(found)
            await session.commit()
            await session.refresh(found)
        copy = GuildSettings(**found.model_dump())
        self._guild_cache.put(guild_id, copy)
        return copy

    async def guild_language(self, guild_id: int | None) -> str:
        if guild_id is None:
            return self.default_language
        return (await self.guild_settings(guild_id)).language or self.default_language

    # ------------------------------------------------------------------ lobby
    @resilient
    async def create_lobby(self, guild_id: int, channel_id: int, kind: str, creator_id: int,
                           options: dict | None = None, creator_name: str | None = None) -> Game:
        if kind not in playable():
            raise ServiceError("unknown_kind", kind=kind)
        async with self.lock(channel_id):
            if await self.live_game(channel_id):
                raise ServiceError("channel_busy")
            # no seed yet: it is drawn at start, so nothing exported from a lobby predicts the game
            game = Game(guild_id=guild_id, channel_id=channel_id, live_channel=channel_id, kind=kind,
                        creator_id=creator_id, players=[str(creator_id)], options=options or {},
                        names={str(creator_id): safe_name(creator_name or str(creator_id))})
            async with self.sessions() as session:
                session.add(game)
                try:
                    await session.commit()
                except IntegrityError as exc:
                    # another process opened a game in this channel first (live_channel is unique)
                    raise ServiceError("channel_busy") from exc
                await session.refresh(game)
            return game

    @resilient
    async def close_idle_lobby(self, game_id: int, user_id: int | None = None, now: datetime | None = None) -> Game:
        """Call off a lobby nobody has touched for LOBBY_IDLE (a /game new in its channel makes
        room for the new one: a lobby forgotten for a day is not a game anyone waits for).
        Judged on the row as it is under the channel's lock (a Start in the same instant has made
        it a game): ServiceError("channel_busy") for a game being played, "already_in_lobby" for
        ``user_id``'s own lobby, "channel_has_lobby" for a lobby not idle. A lobby called off
        meanwhile is returned as it is (the channel is free)."""
        async with self._locked(game_id) as (session, game):
            if game.live_channel is None:
                return game
            if game.status != "lobby":
                raise ServiceError("channel_busy")
            if user_id is not None and str(user_id) in game.players:
                raise ServiceError("already_in_lobby", kind=game.kind)
            if game.updated_at > (now or utcnow()) - LOBBY_IDLE:
                raise ServiceError("channel_has_lobby", kind=game.kind)
            return await self._save(session, game, self._called_off(game, "aborted", notice("lobby.closed_idle")))

    @resilient
    async def discard_lobby(self, game_id: int) -> None:
        """Drop a lobby whose message could not be posted (it would block the channel unseen)."""
        async with self._locked(game_id) as (session, game):
            if game.status == "lobby":
                game.status, game.live_channel = "aborted", None
                await self._save(session, game)

    @asynccontextmanager
    async def _locked(self, game_id: int, known: Game | None = None):
        """The game row, loaded in a session, under its channel's lock. ``known``: the row as the
        caller read it moments ago, used instead of reading it again when nothing of this process
        holds the lock (a write from it is version-guarded: if the row changed meanwhile, the
        write fails as a conflict and the operation runs again on a fresh read)."""
        if known is not None:
            self._channel_of.setdefault(game_id, known.channel_id)  # not read again for its channel
        lock = self.lock(await self._channel(game_id))
        if known is not None and lock.locked():
            known = None  # another operation of this process is changing it: read what it wrote
        async with lock:
            async with self.sessions() as session:
                if known is None:
                    async with _reading(session):
                        known = await session.get(Game, game_id)
                game = known
                if game is None:
                    raise ServiceError("no_game")
                yield session, game

    @staticmethod
    async def _save(session, game: Game, rows: list | None = None) -> Game:
        """Commit the game (its UPDATE guarded by the version) with any rows that announce it
        (``(model, values)`` pairs: :func:`_write`)."""
        game.updated_at = utcnow()
        session.add(game)
        if rows:
            await session.flush()  # the guarded UPDATE first: a conflict inserts nothing
            await _write(await session.connection(), rows)
        await session.commit()
        return game

    async def _mutate_lobby(self, game_id: int, change) -> Game:
        async with self._locked(game_id) as (session, game):
            if game.status != "lobby":
                raise ServiceError("not_in_lobby")
            change(game)
            return await self._save(session, game)

    @resilient
    async def join(self, game_id: int, user_id: int, name: str | None = None) -> Game:
        def change(game: Game):
            if str(user_id) in game.players:
                raise ServiceError("already_joined")
            if str(user_id) in game.exporters:
                raise ServiceError("exporter_cannot_play")
            players = game.players
            if len(players) >= rules_for(game.kind).max_players:
                if not keepers(players):
                    raise ServiceError("lobby_full")
                players = [p for p in players if p != keepers(players)[-1]]  # a member takes a Keeper's seat
            game.players = players + [str(user_id)]
            game.names = {**game.names, str(user_id): safe_name(name or str(user_id))}
        return await self._mutate_lobby(game_id, change)

    @resilient
    async def add_keeper(self, game_id: int, lang: str = "en") -> Game:
        """Seat a Keeper player in the lobby (up to the game's most players)."""
        def change(game: Game):
            if len(game.players) >= rules_for(game.kind).max_players:
                raise ServiceError("lobby_full")
            seat = new_keeper_seat(game.players)
            game.players = game.players + [seat]
            game.names = {**game.names, seat: keeper_name(seat, lang)}
        return await self._mutate_lobby(game_id, change)

    @resilient
    async def fill_with_keepers(self, game_id: int, lang: str = "en") -> Game:
        """Seat Keeper players in the lobby's empty seats up to the game's fewest players (one
        change: a burst of clicks seats no more than that)."""
        def change(game: Game):
            while len(game.players) < rules_for(game.kind).min_players:
                seat = new_keeper_seat(game.players)
                game.players = game.players + [seat]
                game.names = {**game.names, seat: keeper_name(seat, lang)}
        return await self._mutate_lobby(game_id, change)

    @resilient
    async def remove_keeper(self, game_id: int) -> Game:
        """Take the lobby's last Keeper player off the table."""
        def change(game: Game):
            if not keepers(game.players):
                raise ServiceError("no_keeper_player")
            seat = keepers(game.players)[-1]
            game.players = [p for p in game.players if p != seat]
            game.names = {k: v for k, v in game.names.items() if k != seat}
        return await self._mutate_lobby(game_id, change)

    @resilient
    async def leave(self, game_id: int, user_id: int) -> Game:
        """A member leaves the lobby. The host (who may start it) leaving hands the lobby to the
        member who joined first after them, so a lobby never waits for someone gone; the last member
        leaving closes it (a lobby of Keeper players alone plays for nobody and holds the channel)."""
        async with self._locked(game_id) as (session, game):
            if game.status != "lobby":
                raise ServiceError("not_in_lobby")
            if str(user_id) not in game.players:
                raise ServiceError("not_joined_you")  # said to the member who pressed Leave
            game.players = [p for p in game.players if p != str(user_id)]
            rows = []
            if not members(game.players):
                rows = self._called_off(game, "aborted", notice("lobby.closed_empty"))
            elif game.creator_id == user_id:   # the new host is pinged: the start is theirs now
                game.creator_id = int(members(game.players)[0])
                rows.append(self._outbox(game, "public", {"notices": [notice("lobby.host_passed",
                                                                             player=str(game.creator_id))],
                                                          "greet": [str(game.creator_id)]}))
            return await self._save(session, game, rows)

    @resilient
    async def set_setup(self, game_id: int, setup: dict) -> Game:
        """Setup overrides (fixed seats/hands/deck) for scenarios and bug reproduction."""
        def change(game: Game):
            game.setup = dict(setup)
        return await self._mutate_lobby(game_id, change)

    @resilient
    async def set_options(self, game_id: int, options: dict) -> Game:
        def change(game: Game):
            game.options = dict(options)
        return await self._mutate_lobby(game_id, change)

    @resilient
    async def start(self, game_id: int) -> Outcome:
        async with self._locked(game_id) as (session, game):
            if game.status != "lobby":
                raise ServiceError("not_in_lobby")
            rules = rules_for(game.kind)
            if len(game.players) < rules.min_players:
                raise ServiceError("too_few_players", count=len(game.players), min=rules.min_players,
                                   kind=game.kind)
            if not members(game.players):
                raise ServiceError("no_members")  # a table of Keeper players alone plays for nobody
            # the seed comes from the OS's cryptographic source at the moment play begins
            game.seed = secrets.randbits(62)
            state, events = rules.new_game(game.players, game.seed, game.options, game.setup)
            game.state = state
            game.status = "active"
            # the game's table opens a message of its own at the bottom of the channel (and pings):
            # a line said in the lobby (a new host) must not be where the table is edited in
            seq = (game.channel_log or {}).get("seq", 0) + 1
            game.channel_log, game.table_message_id = {"seq": seq}, None
            await self._set_deadline(session, game)
            rows = self._announcements(game, events, number=0)
            game = await self._save(session, game, rows)
            _trust(game)
        # a first decision with one answer (a draw), or a Keeper player's, is made by itself, as
        # after any move
        more = await self._settle_waiting(game)
        if more is not None:
            events, game = events + more.events, more.game
        return Outcome(game=game, events=events)

    def _keeper_waits(self, game: Game, prompts: list[dict] | None = None) -> bool:
        """The game waits on what Keeper answers by itself (:meth:`_autopilot`): a Keeper
        player's decision, a kicked member's, or one with one answer and nothing to hide.
        ``prompts``: the game's pending prompts, if the caller has them."""
        if game.status != "active" or game.state is None:
            return False
        rules = rules_for(game.kind)
        prompts = self.prompts(game) if prompts is None else prompts
        return any(is_keeper(p["player"]) or p["player"] in game.autopilot for p in prompts) \
            or rules.forced(game.state, prompts) is not None

    def resumes(self, game: Game, prompts: list[dict] | None = None) -> bool:
        """A step Keeper takes by itself waits (not a Keeper Lead's wait for proposals): its
        deadline, :data:`KEEPER_RESUME`, only takes up a step cut short. ``prompts``: the game's
        pending prompts, if the caller has them."""
        try:
            return self._keeper_waits(game, prompts) and not self.lead_waits(game, prompts)
        except Exception:  # noqa: BLE001 - a damaged state waits for nobody
            return False

    async def _settle_waiting(self, game: Game) -> Outcome | None:
        """After a change made outside a move (the start, ``/gm replace``, ``/gm undo``): what
        Keeper answers by itself is answered at once, as after any move, never left to a
        deadline; None when nothing such waits, or when answering failed (the change before it
        is saved and stands; the deadline loop takes the answer up, :data:`KEEPER_RESUME`)."""
        if not self._keeper_waits(game):
            return None
        try:
            return await self._settle(game.id)
        except Exception:  # noqa: BLE001 - a member is never told "nothing was changed" of a saved change
            log.exception("Keeper's answer after a change to game %s failed; the deadline loop takes it up", game.id)
            return None

    @resilient
    async def abort(self, game_id: int, lobby_only: bool = True) -> Game:
        """Call a game off. From the lobby's own controls only a lobby can be aborted (an old
        lobby message must never end the game that followed it)."""
        return await self._end(game_id, "aborted", notice("lobby.aborted"), lobby_only=lobby_only)

    @resilient
    async def reset(self, game_id: int) -> Game:
        """Admin reset: the game is archived (kept, with its log), and the channel is free."""
        return await self._end(game_id, "archived", notice("admin.reset_done"))

    async def _end(self, game_id: int, status: str, announcement: dict, lobby_only: bool = False) -> Game:
        async with self._locked(game_id) as (session, game):
            if game.status not in LIVE_STATUSES:
                raise ServiceError("not_live")
            if lobby_only and game.status != "lobby":
                raise ServiceError("not_in_lobby")
            return await self._save(session, game, self._called_off(game, status, announcement))

    def _called_off(self, game: Game, status: str, announcement: dict) -> list:
        """End a game or lobby in ``status``: the channel is free, no deadline runs, and the
        channel is told (``announcement``, a notice). Returns the outbox row to save with it."""
        game.status = status
        game.live_channel = None
        game.deadline = game.reminder_at = None
        return [self._outbox(game, "public", {"notices": [announcement]})]

    # ------------------------------------------------------------------ a deleted channel
    @resilient
    async def pause_for_lost_channel(self, channel_id: int, channel_name: str | None = None) -> Game | None:
        """The channel of a live game was deleted: a running game is paused (no deadline,
        reminder, stand-in or delivery until an admin resumes it elsewhere; nothing is lost), a
        lobby is called off (it holds nothing). Returns the game this call paused (None when
        there is none, or it was paused already: whoever paused it tells the admins, once).

        The admins' notice is written in the pause's own transaction: two ``paused`` outbox rows
        (the server's system channel; the creator's DM), delivered by the publisher with its
        retries even though the game is paused, so a crash or a 429 right after the pause still
        tells them, once."""
        async with self.lock(channel_id):
            async with self.sessions() as session:
                game = (await session.exec(select(Game).where(Game.live_channel == channel_id))).first()
                if game is None or game.status not in LIVE_STATUSES:
                    return None
                if game.status == "lobby":
                    game.status, game.live_channel = "aborted", None
                    await self._save(session, game)
                    return None
                game.status = "paused"
                game.deadline = game.reminder_at = None
                notice = {"channel": channel_name or str(channel_id)}
                rows = [self._outbox(game, PAUSED_NOTICE, notice),
                        self._outbox(game, PAUSED_NOTICE, notice, user_id=game.creator_id)]
                return await self._save(session, game, rows)

    @resilient
    async def paused_games(self, guild_id: int) -> list[Game]:
        async with self.sessions() as session:
            return list((await session.exec(select(Game).where(Game.guild_id == guild_id, Game.status == "paused")
                                            .order_by(Game.id))).all())

    @resilient(retry_conflicts=False)
    async def resume(self, game_id: int, guild_id: int, channel_id: int) -> Outcome:
        """Continue a paused game in ``channel_id`` (of its own guild, without a live game): its
        seats, hands and log as they were, a new channel log, a fresh deadline, and every
        announcement still queued delivered there."""
        async with self._locked(game_id) as (session, game):
            if game.status != "paused" or game.guild_id != guild_id:
                raise ServiceError("not_paused")
            if (await session.exec(select(Game).where(Game.live_channel == channel_id))).first():
                raise ServiceError("channel_busy")
            seq = (game.channel_log or {}).get("seq", 0) + 1
            game.channel_id = game.live_channel = channel_id
            game.status = "active"
            game.channel_log, game.table_message_id = {"seq": seq}, None
            await self._set_deadline(session, game)
            await session.exec(update(Outbox).where(Outbox.game_id == game_id, Outbox.delivered == False)  # noqa: E712
                               .values(channel_id=channel_id, not_before=utcnow(), attempts=0, claim=None,
                                       claimed_until=None).execution_options(synchronize_session=False))
            out = self._announcements(game, [], number=game.last_action, notices=[notice("admin.resumed")],
                                      before=self._dm_prompt_keys(game))  # a prompt sent by DM is not sent again
            try:
                await self._save(session, game, out)
            except IntegrityError as exc:  # another process opened a game here meanwhile
                raise ServiceError("channel_busy") from exc
        self._channel_of[game_id] = channel_id
        return Outcome(game=game)

    # ------------------------------------------------------------------ playing
    async def _channel(self, game_id: int) -> int:
        if game_id not in self._channel_of:
            game = await self.get(game_id)
            if game is None:
                raise ServiceError("no_game")
            self._channel_of[game_id] = game.channel_id
        return self._channel_of[game_id]

    async def act(self, game_id: int, action: dict, epoch: int | None = None, notices=(),
                  game: Game | None = None, until_turn: bool = False) -> Outcome:
        """Apply one member's action; kicked players' prompts are then answered by default.
        ``epoch``: the one the member's button was drawn in (a button from before an undo is stale);
        ``notices``: public lines announced with it (e.g. a group decision's); ``game``: the row
        as the caller just read it to check the member's choice (not read again: see
        :meth:`_locked`; only the first attempt uses it, a retry reads the row afresh).
        ``until_turn``: the action passes a response window, and Keeper passes the member's next
        ones until their turn (:meth:`_pass_until_turn`)."""
        return await self._act(game_id, action, epoch, notices, [game] if game is not None else [], until_turn)

    @resilient
    async def _act(self, game_id: int, action: dict, epoch: int | None, notices, known: list,
                   until_turn: bool = False) -> Outcome:
        async with self._locked(game_id, known.pop() if known else None) as (session, game):
            if game.status != "active":
                raise not_running(game)
            if epoch is not None and epoch != game.epoch:
                raise RuleError("stale_prompt", "That choice is no longer current.")
            if str(action.get("player")) in game.autopilot:
                raise ServiceError("away" if str(action.get("player")) in game.away else "kicked", game_id=game.id)
            if until_turn:
                action = self._pass_until_turn(game, action)
            return await self._step(session, game, action, actor=str(action["player"]), notices=notices)

    @staticmethod
    def _pass_until_turn(game: Game, action: dict) -> dict:
        """The member's pass of the window ``action`` names, their seat marked in ``Game.quiet``
        with the turn it is now: Keeper passes their windows until their next turn begins (the
        windows close as those of members with nothing usable do, so the table learns nothing).
        Refused as stale unless that prompt is a window of theirs in a game with such turns."""
        rules, seat = rules_for(game.kind), str(action.get("player"))
        state = intact_state(game)
        prompt = next((p for p in rules.prompts(state) if p["id"] == action.get("prompt") and p["player"] == seat), None)
        turn = rules.turn_of(state)
        if prompt is None or prompt["kind"] not in rules.WINDOW_KINDS or turn is None:
            raise RuleError("stale_prompt", "That choice is no longer current.")
        game.quiet = {**(game.quiet or {}), seat: turn[1] if turn[0] == seat else None}
        return {"player": seat, "prompt": prompt["id"], **_window_pass(prompt)}

    @resilient
    async def ask_again(self, game_id: int, user_id: int) -> Game:
        """The member answers their response windows again (ends "pass until my turn"); a window
        waiting now waits for them for the turn's time again."""
        async with self._locked(game_id) as (session, game):
            seat = str(user_id)
            if seat not in (game.quiet or {}):
                return game
            game.quiet = {s: n for s, n in game.quiet.items() if s != seat}
            await self._set_deadline(session, game)  # it reads the auto-pass list itself
            return await self._save(session, game)

    async def _step(self, session, game: Game, action: dict | None, actor: str | None = None, notices=(),
                    close_window: bool = False, stand_in: tuple[dict, bool, bool] | None = None,
                    release_leads: bool = False) -> Outcome:
        """Apply one action (a RuleError changes nothing; None: none, only what follows by
        itself), let Keeper answer the prompts of Keeper players and kicked players that follow,
        make every decision that has one answer and nothing to hide, pass the response windows
        of members with nothing usable when the window closes (``close_window``: its time is
        up), and checkpoint it all with its announcements. ``stand_in``: (prompt, agent, deadline) answered
        first in its player's place (:meth:`_stand_in`), instead of an action.
        ``release_leads``: the wait of Keeper-led group decisions pending now is over (:class:`Leads`)."""
        rules = rules_for(game.kind)
        state, events, applied, reveals = intact_state(game), [], [], []
        async with _reading(session):
            settings = await self.guild_settings(game.guild_id, session)
            leads = await self._leads(session, game, rules, settings, release_leads)
            autopass_off = await self._autopass_off(session, game, rules)
            await self._ready_minds(session, game, needed=bool(keepers(game.players) or game.autopilot
                                                               or stand_in is not None))
        try:
            if action is not None:
                state, events = _apply(game, rules, state, action)
                applied, reveals = [_loggable(action)], [any(e.get("reveal") for e in events)]
            elif stand_in is not None:
                state, events = self._stand_in(game, rules, state, *stand_in, applied, reveals, leads)
            window = WINDOW_SECONDS if settings.window_seconds is None else settings.window_seconds
            # the new state's prompts come back computed once, for the checkpoint below
            state, more, prompts = self._autopilot(game, rules, state, applied, reveals, autopass_off=autopass_off,
                                                   close_window=close_window or window == 0,
                                                   plain=settings.timeout_action == "default", leads=leads)
            events.extend(more)
            if game.quiet:  # a member whose turn began answers their windows again
                still = quiet_seats(game, rules, state)
                game.quiet = {s: n for s, n in game.quiet.items() if s in still}
            if keeper_led(game) and not rules.is_over(state):  # a Keeper Lead's new wait: members are asked
                leads.notices += [notice("group.keeper_waits_on", player=p["player"], players=lead_advisers(game, p),
                                         question=_question(game, state, p, leads.lang))
                                  for p in (rules.prompts(state) if prompts is None else prompts)
                                  if leads.waits(game, p) and p["id"] not in leads.pending]
            await self._checkpoint(session, game, state, applied, reveals, events, actor=actor,
                                   notices=list(notices) + leads.notices, autopass_off=autopass_off, prompts=prompts,
                                   settings=settings)
        except BaseException:
            _MINDS.pop(game.id, None)  # they saw steps that were not saved: rebuilt at the next use
            raise
        minds = _MINDS.get(game.id)
        if minds is not None:
            minds.key = _minds_key(game)
        return Outcome(game=game, events=events, applied=applied)

    async def _ready_minds(self, session, game: Game, needed: bool) -> None:
        """The game's Keeper agents as they stand after its saved actions (:class:`_Minds`): kept
        from its last step in this process, else (``needed``: a Keeper seat, a kicked member or
        a stand-in may decide in this step) rebuilt from its action log."""
        minds = _MINDS.get(game.id)
        if minds is not None and minds.key != _minds_key(game):
            del _MINDS[game.id]  # the game moved on elsewhere (an undo, a replacement, another process)
            minds = None
        if minds is not None:
            _MINDS.move_to_end(game.id)
        elif needed:
            rows = (await session.exec(select(ActionLog).where(
                ActionLog.game_id == game.id, ActionLog.undone == False)  # noqa: E712
                .order_by(ActionLog.number))).all()
            minds = _Minds.rebuilt(game, rows)
            if minds is not None:
                _MINDS[game.id] = minds
                while len(_MINDS) > MINDS_KEPT:
                    _MINDS.popitem(last=False)

    def _autopilot(self, game: Game, rules, state, applied, reveals, autopass_off=frozenset(), close_window=False,
                   plain: bool = False, leads: Leads | None = None):
        """The steps nobody needs to click, each applied and logged like a member's: a Keeper
        player's move and a kicked player's (the Keeper agent's, or with ``plain`` the default,
        :meth:`_stand_in`) but a Keeper player's group decision while it waits for the members'
        proposals (``leads``), a Keeper player's free action (The Thing's declaration) when its agent
        takes one; a prompt of an open kind with one answer (``GameRules.forced``, logged
        ``auto``); and, once only members with nothing usable are left in a response window and
        it may close, their passes, all at that one moment (logged ``auto``). Returns the state, its
        events and the state's prompts (None where the game ended: not computed)."""
        events, prompts = [], None
        free_asked: set[str] = set()  # a seat's free action is asked at most once per batch
        while not rules.is_over(state):
            prompts = rules.prompts(state)
            standing = next((p for p in prompts if (p["player"] in game.autopilot or is_keeper(p["player"]))
                             and not (leads and leads.waits(game, p))), None)
            if standing is not None:
                state, more = self._stand_in(game, rules, state, standing, agent=is_keeper(standing["player"])
                                             or not plain, deadline=False, applied=applied, reveals=reveals,
                                             leads=leads)
                events.extend(more)
                prompts = None
                continue
            free = self._keeper_free_action(game, rules, state, prompts, free_asked, len(applied))
            action = free or rules.forced(state, prompts)
            if action is None and close_window:
                held = _held(rules, prompts, autopass_off, quiet_seats(game, rules, state))
                if held and len(held) == len(prompts):  # a pass where it is the only answer, else the default's
                    action = {"player": held[0]["player"], **_window_pass(held[0]), "prompt": held[0]["id"], "auto": True}
            if action is None:
                break
            try:
                state, more = _apply(game, rules, state, action)
            except RuleError:
                if action is not free:
                    raise
                log.warning("Keeper's free action %s in game %s refused", action, game.id)
                continue
            applied.append(_loggable(action))
            reveals.append(any(e.get("reveal") for e in more))
            events.extend(more)
            prompts = None
        return state, events, prompts

    def _keeper_free_action(self, game: Game, rules, state, prompts, asked: set, step: int) -> dict | None:
        """A free action a Keeper player's agent takes now (The Thing's declaration), asked of each
        Keeper seat without a prompt that has one, once per batch of steps."""
        waiting = {p["player"] for p in prompts}
        for seat in keepers(game.players):
            if seat in asked or seat in waiting or not rules.free_actions(state, seat):
                continue
            asked.add(seat)
            action = _agent_action(game, rules, state, seat, None, step)
            if action is not None:
                return action
        return None

    def _stand_in(self, game: Game, rules, state, prompt: dict, agent: bool, deadline: bool, applied: list,
                  reveals: list, leads: Leads | None = None):
        """Answer ``prompt`` in its player's place: with ``agent`` the Keeper agent's move
        (deciding from that player's view only, logged as it is, so a replay is exact; a Keeper
        player's group decision that members advise on follows their proposals, announced in
        ``leads``: :meth:`_lead_choice`), the plain default if the agent has none or the rules
        refuse it (or without ``agent``).
        Appends the applied action to ``applied``/``reveals``; returns (state, events)."""
        player = prompt["player"]
        # a member's move Keeper's agent made (its answer, or the default after it had none) is
        # logged as the member's: the mark tells it was Keeper's (a restart's rebuild decides there)
        mark = {"keeper": True} if agent and is_member(player) and player not in game.autopilot else {}
        if deadline and is_member(player):
            mark["deadline"] = True   # their time was up (what counts toward being taken for away)
        chosen, line = None, None
        if agent and leads is not None and lead_advisers(game, prompt):
            chosen, line = self._lead_choice(game, rules, state, prompt, leads, len(applied))
        elif agent:
            chosen = _agent_action(game, rules, state, player, prompt, len(applied))
        if chosen is not None:
            try:
                new_state, events = _apply(game, rules, state, chosen)
            except RuleError as exc:
                log.warning("Keeper's action %s in game %s refused (%s); the default stands in", chosen, game.id, exc)
            else:
                if line is not None:
                    leads.notices.append(line)
                applied.append(_loggable({**chosen, **mark}))
                reveals.append(any(e.get("reveal") for e in events))
                return new_state, events
        action = {"player": player, "type": "default", "prompt": prompt["id"], **mark}
        new_state, events = _apply(game, rules, state, action)
        applied.append(_loggable(action))
        reveals.append(any(e.get("reveal") for e in events))
        return new_state, events

    def _lead_choice(self, game: Game, rules, state, prompt: dict, leads: Leads, step: int) -> tuple:
        """A Keeper player's answer to a group decision members advise on: the option the most
        members proposed (a tie: the agent's own preference among the tied, else the earliest
        proposed), else the agent's own; with the public line that says what it chose and whose
        proposal it followed (None if the game calls the answer no news): (action, line), (None,
        None) if the agent has no answer."""
        player, options = prompt["player"], prompt["options"]
        ui = ui_for(game.kind)
        first_of = {}  # a distinct choice (copies of one card are one) -> its first option's index
        for index, option in enumerate(options):
            first_of.setdefault(choice_key(ui, option, prompt, state), index)
        backers: dict[int, list[str]] = {}  # option index -> its proposers, in order of the first proposal
        for uid, option in leads.proposals.get(prompt["id"], ()):
            if option in options:
                backers.setdefault(first_of[choice_key(ui, option, prompt, state)], []).append(uid)
        if backers:
            most = max(len(b) for b in backers.values())
            tied = [i for i, b in backers.items() if len(b) == most]
            picked = tied[0]
            if len(tied) > 1:
                preferred = _agent_action(game, rules, state, player, prompt, step, among=[options[i] for i in tied])
                picked = next((i for i in tied if preferred and {"player": player, **options[i],
                                                                 "prompt": prompt["id"]} == preferred), picked)
            chosen = {"player": player, **options[picked], "prompt": prompt["id"]}
        else:
            chosen = _agent_action(game, rules, state, player, prompt, step)
            if chosen is None:
                return None, None
        option = _loggable(chosen)
        if not decision_is_news(game.kind, prompt, option, state):
            return chosen, None  # the game tells this answer itself, or it is no news: no label drawn
        label = _option_label(game, state, player, option, leads.lang)
        return chosen, decided_line(game, state, prompt, label, leads.lang, backers[picked] if backers else ())

    async def _leads(self, session, game: Game, rules, settings, release: bool) -> Leads:
        """The Keeper-led group decisions pending now that members advise on, with the members'
        proposals for them; released with ``release`` (their wait is over), and every one, now or
        later in the step, when the server gives such a wait no time (:func:`lead_wait_seconds`)."""
        leads = Leads(lang=settings.language or self.default_language)
        if not lead_wait_seconds(settings, self.default_timeout_minutes):
            leads.released = ALL
        if not keeper_led(game):
            return leads  # nobody's decision waits: nothing to look up
        state = intact_state(game)
        pending = [p for p in rules.prompts(state) if lead_advisers(game, p)] if isinstance(state, dict) else []
        if not pending:
            return leads
        leads.pending = frozenset(p["id"] for p in pending)
        if release:
            leads.released = ALL if leads.released is ALL else leads.pending
        rows = (await session.exec(select(Proposal).where(
            Proposal.game_id == game.id, Proposal.epoch == game.epoch,
            Proposal.prompt_id.in_(list(leads.pending))).order_by(Proposal.id))).all()
        for row in rows:
            leads.proposals.setdefault(row.prompt_id, []).append((str(row.user_id), row.option))
        return leads

    def lead_waits(self, game: Game, prompts: list[dict] | None = None) -> bool:
        """A Keeper player's group decision waits for members' proposals (its deadline is
        Keeper's, whatever the server does with members' deadlines). ``prompts``: the game's
        pending prompts, if the caller has them (a table without Keeper players computes none)."""
        if not keeper_led(game):
            return False
        try:
            return any(lead_advisers(game, p) for p in (self.prompts(game) if prompts is None else prompts))
        except Exception:  # noqa: BLE001 - a damaged state waits for nobody
            return False

    async def _autopass_off(self, session, game: Game, rules) -> frozenset:
        """The game's members who turned auto-pass off (nothing to load for a game without
        response windows)."""
        if not rules.WINDOW_KINDS:
            return frozenset()
        # read at every step, never cached: another shard process may have just taken a member's
        # change, and a window passed for a member who holds it cannot be taken back
        ids = [int(p) for p in game.players if str(p).isdigit()]
        if not ids:
            return frozenset()
        rows = (await (await session.connection()).execute(_AUTOPASS_OFF, {"ids": ids})).scalars()
        return frozenset(str(uid) for uid in rows)

    @resilient
    async def _settle(self, game_id: int, close_window: bool = False, notices=(), release_leads: bool = False) -> Outcome:
        """Apply what follows by itself in the current state (after the deal; a window's time up;
        with ``release_leads``, a Keeper-led group decision's wait for proposals over)."""
        async with self._locked(game_id) as (session, game):
            if game.status != "active":
                raise not_running(game)
            return await self._step(session, game, None, notices=notices, close_window=close_window,
                                    release_leads=release_leads)

    async def member_autopass(self, user_id: int) -> bool:
        async with self.sessions() as session:
            found = await session.get(MemberSettings, user_id)
        return True if found is None else found.autopass

    @resilient
    async def set_member_autopass(self, user_id: int, on: bool) -> None:
        async with self.sessions() as session:
            found = await session.get(MemberSettings, user_id) or MemberSettings(user_id=user_id)
            found.autopass = on
            session.add(found)
            await session.commit()

    async def _checkpoint(self, session, game: Game, state: dict, applied: list[dict], reveals: list[bool],
                          events: list[dict], actor: str | None = None, notices: list[dict] = (),
                          autopass_off=None, prompts: list[dict] | None = None, settings=None):
        """Commit the new state, its log rows, private news and announcements in one transaction.
        ``prompts``: the new state's pending prompts, if the caller computed them; ``settings``: the
        guild's, if the caller read them."""
        if game in session:
            session.expunge(game)  # written below by core statements, never flushed by the ORM
        # the prompts already announced by DM (one DM a prompt): remembered by the checkpoint that
        # wrote this version (they were its new prompts), else computed
        before = _INTACT.get(_intact_key(game))
        if before is None:
            before = self._dm_prompt_keys(game)
        old_version, first = game.version, game.last_action + 1
        kept = self._deadline_set_for(game)
        game.state = state
        if rules_for(game.kind).is_over(state):
            game.status = "finished"
            game.live_channel = None
            prompts = []
        await self._set_deadline(session, game, autopass_off, prompts=prompts, settings=settings, kept=kept)
        now = utcnow()
        values = dict(state=state, version=old_version + 1, last_action=game.last_action + len(applied),
                      status=game.status, live_channel=game.live_channel, deadline=game.deadline,
                      reminder_at=game.reminder_at, autopilot=game.autopilot, quiet=game.quiet, updated_at=now)
        for key, value in values.items():  # the announcements render the new state
            setattr(game, key, value)
        # the engine made this state: neither the announcements below (which read its prompts)
        # nor a later read of this version check it again (that check cost every click ~10 ms)
        _trust(game, None if prompts is None else self._dm_prompt_keys(game, prompts))
        try:
            # every row is made before the write begins, so the write (SQLite's lock on the whole
            # database) is held only for the statements. News is numbered by the batch's first
            # action: undoing it (or an earlier one) hides it, undoing only the kicked players'
            # defaults that followed keeps the member's own news
            rows = [(ActionLog, {"game_id": game.id, "number": first + offset, "actor": _actor(game, action),
                                 "action": action, "reveal": reveal, "undone": False, "created_at": now})
                    for offset, (action, reveal) in enumerate(zip(applied, reveals))]
            rows += self._announcements(game, events, number=first, actor=actor, notices=notices, before=before,
                                        autopass_off=autopass_off, prompts=prompts)
            # one UPDATE guarded by the version and the rows, without ORM bookkeeping (on
            # PostgreSQL one statement: :func:`_write`); anything the session holds goes first
            await session.flush()
            guard = {**values, "_id": game.id, "_version": old_version}
            if not await _write(await session.connection(), rows, guard):
                await session.rollback()
                raise _Conflict()
            await session.commit()
        except BaseException:
            _INTACT.pop(_intact_key(game), None)  # not written: that version may come from elsewhere
            raise

    def _outbox(self, game: Game, kind: str, payload: dict | None = None, user_id: int | None = None,
                now: datetime | None = None) -> tuple:
        """An outbox row (``(Outbox, values)``, inserted by :func:`_write`) claimed by this
        process, which delivers it right after the commit; if the process dies first, the claim
        lapses and any process's outbox loop delivers it."""
        now = now or utcnow()
        return Outbox, {"game_id": game.id, "guild_id": game.guild_id, "channel_id": game.channel_id, "kind": kind,
                        "user_id": user_id, "payload": payload or {}, "progress": 0, "attempts": 0,
                        "not_before": now, "claim": self.token, "claimed_until": now + timedelta(seconds=CLAIM_SECONDS),
                        "delivered": False, "error": None, "created_at": now}

    def _announcements(self, game: Game, events: list[dict], number: int, actor: str | None = None,
                       notices=(), before: frozenset = frozenset(), autopass_off=None,
                       prompts: list[dict] | None = None) -> list[tuple]:
        """News and outbox rows (``(model, values)`` pairs) for one committed change: private news
        for each member entitled to it (kept for /panel), a DM to each but the actor (who sees
        theirs in the reply), the public lines with who is waited for, a DM with the controls of
        each newly pending prompt of a kind the game's UI answers by DM (``before``: the prompts
        announced already), and a refresh of the table. ``prompts``: the game's pending prompts,
        when the caller has them already."""
        public, private = route(events, game.players)
        rows: list = []
        now = utcnow()
        for player, mine in private.items():
            if kicked(game, player) or not is_member(player):
                continue  # a kicked member gets nothing more; a Keeper player reads no news
            rows.append((News, {"game_id": game.id, "user_id": int(player), "number": number, "events": mine,
                                "undone": False, "created_at": now}))
            if player != actor and player not in game.away:   # away: kept for their panel, no DM
                rows.append(self._outbox(game, "dm", {"events": mine}, user_id=int(player), now=now))
        kinds = dm_prompt_kinds(game.kind)
        if prompts is None:
            prompts = self.prompts(game) if public or notices or private or kinds else []
        if public or notices or private:
            waiting = self.waiting(game, prompts)
            notify = _notified(game, rules_for(game.kind), prompts, autopass_off or frozenset())
            rows.append(self._outbox(game, "public", {"events": public, "notices": list(notices),
                                                      "waiting": waiting,
                                                      "notify": notify,
                                                      "by_dm": asked_by_dm(game, prompts, notify),
                                                      "section": log_section(game.kind, game.state)}, now=now))
        for prompt in prompts if kinds else ():
            player = prompt["player"]
            if prompt.get("kind") in kinds and (player, prompt["id"]) not in before \
                    and player in game.players and player not in game.autopilot and is_member(player):
                # rendered at delivery from the state then current: a prompt answered meanwhile
                # (in the panel, or before a restart) sends nothing
                rows.append(self._outbox(game, "prompt", {"prompt": prompt["id"], "epoch": game.epoch,
                                                          "kind": prompt["kind"]}, user_id=int(player), now=now))
        if game.state is not None:
            rows.append(self._outbox(game, "table", now=now))
        return rows

    def _dm_prompt_keys(self, game: Game, prompts: list[dict] | None = None) -> frozenset:
        """(player, prompt id) of the game's pending prompts answered by DM (empty for a game
        whose UI answers none by DM: nothing is computed). ``prompts``: the pending prompts, if
        the caller has them."""
        kinds = dm_prompt_kinds(game.kind)
        if not kinds:
            return frozenset()
        return frozenset((p["player"], p["id"]) for p in (self.prompts(game) if prompts is None else prompts)
                         if p.get("kind") in kinds)

    async def _set_deadline(self, session, game: Game, autopass_off=None, prompts: list[dict] | None = None,
                            settings=None, kept: frozenset | None = None) -> None:
        """The turn deadline (and its reminder); a response window in which only members with
        nothing usable are left closes ``window_seconds`` later, without a reminder; what Keeper
        answers by itself, :data:`KEEPER_RESUME` later. ``prompts``: the game's pending prompts, if
        the caller has them; ``settings``: the guild's, if read; ``kept``: the (player, prompt)
        pairs the game's current turn deadline was set for: a state waiting only on some of them
        keeps that deadline."""
        if settings is None:
            settings = await self.guild_settings(game.guild_id, session)
        if autopass_off is None and game.status == "active":  # a window left to held members closes in time
            autopass_off = await self._autopass_off(session, game, rules_for(game.kind))
        minutes = settings.turn_timeout_minutes if settings and settings.turn_timeout_minutes is not None \
            else self.default_timeout_minutes
        if game.status == "active" and autopass_off is not None and self._window_waits(game, autopass_off, prompts):
            window = WINDOW_SECONDS if settings.window_seconds is None else settings.window_seconds
            game.deadline, game.reminder_at = utcnow() + timedelta(seconds=window), None
            return
        if game.status == "active" and not minutes and self.lead_waits(game, prompts):
            # a Keeper player waits for members' proposals: without a turn time, a window's time
            game.deadline, game.reminder_at = utcnow() + timedelta(seconds=lead_wait_seconds(settings)), None
            return
        if self.resumes(game, prompts):
            game.deadline, game.reminder_at = utcnow() + KEEPER_RESUME, None
            return
        if game.status != "active" or not minutes:
            game.deadline = game.reminder_at = None
            return
        now = utcnow()
        if kept is not None and game.deadline is not None and _aware(game.deadline) > now:
            waited = {(p["player"], p["id"]) for p in (self.prompts(game) if prompts is None else prompts)}
            if waited and waited <= kept:
                return  # an answer among several: the others keep the time they had, not a new one
        game.deadline = now + timedelta(minutes=minutes)
        game.reminder_at = now + timedelta(minutes=minutes / 2)

    def _deadline_set_for(self, game: Game) -> frozenset | None:
        """The (player, prompt) pairs the game's running turn deadline waits on (None: no turn
        deadline in its first half runs — only a turn deadline sets a reminder; a window's, a
        Keeper Lead's wait, Keeper's own :data:`KEEPER_RESUME` and a deadline being handled
        (:data:`DEADLINE_LEASE`) never keep — or it is Keeper's own)."""
        if game.deadline is None or game.reminder_at is None:
            return None
        try:
            prompts = self.prompts(game)
            if self._keeper_waits(game, prompts):
                return None
        except Exception:  # noqa: BLE001 - a damaged state: the next deadline is set afresh
            return None
        return frozenset((p["player"], p["id"]) for p in prompts)

    def _window_waits(self, game: Game, autopass_off, prompts: list[dict] | None = None) -> bool:
        """Only members whose window passes Keeper makes are left (the window waits for its time)."""
        rules = rules_for(game.kind)
        if not rules.WINDOW_KINDS or not isinstance(game.state, dict) or CORRUPT in game.state:
            return False
        if prompts is None:
            prompts = rules.prompts(game.state)
        held = _held(rules, prompts, autopass_off, quiet_seats(game, rules, game.state))
        return bool(held) and len(held) == len(prompts)

    async def notified(self, game: Game, prompts: list[dict] | None = None, proposed: dict | None = None) -> list[str]:
        """The members the game hands a decision to: every pending prompt's player, but not for a
        response window Keeper passes for them (auto-pass on, nothing usable; or they pass until
        their turn): being asked there is no decision of theirs, so nobody pings them for it
        (settings read only then). ``proposed``: :meth:`who_proposed`, if the caller read it."""
        prompts = self.prompts(game) if prompts is None else prompts
        rules = rules_for(game.kind)
        proposed = await self.who_proposed(game, prompts) if proposed is None else proposed
        if not _held(rules, prompts, frozenset(), quiet_seats(game, rules, game.state)):
            return _notified(game, rules, prompts, frozenset(), proposed)
        return _notified(game, rules, prompts, await self._autopass_off_of(game), proposed)

    async def who_proposed(self, game: Game, prompts: list[dict]) -> dict:
        """Who proposed already, by prompt id, for the pending Keeper-led group decisions (read
        only when one is pending): they are no longer waited for."""
        proposed: dict = {}
        for row in await self.proposals(game.id, game.epoch, [p["id"] for p in prompts if lead_advisers(game, p)]):
            proposed.setdefault(row.prompt_id, set()).add(str(row.user_id))
        return proposed

    def waiting(self, game: Game, prompts: list[dict] | None = None) -> list[dict]:
        """Who the table sees waited for: each pending prompt's player and kind, but for an open
        response window everyone it asked, answered or not (what the game's rules say the table
        sees of a window), so nobody's answer, or Keeper's pass for them, shows before it closes."""
        prompts = self.prompts(game) if prompts is None else prompts
        rules = rules_for(game.kind)
        asked = rules.window_asked(game.state) if rules.WINDOW_KINDS and isinstance(game.state, dict) else None
        out = [{"player": p["player"], "kind": p["kind"], **{k: p[k] for k in PUBLIC_PROMPT_CONTEXT if k in p}}
               for p in prompts if asked is None or p["kind"] not in rules.WINDOW_KINDS]
        if asked is not None:
            # a seat Keeper plays for a member (kicked, or away) is not waited for, as a Keeper
            # player's is not (common.held_by): Keeper answers it whatever it holds
            out += [a for a in asked if a["player"] not in game.autopilot]
        return out

    # ------------------------------------------------------------------ group decisions
    @staticmethod
    def questions(game: Game, player: str) -> list[dict]:
        """The group decisions ``player`` may see and advise on, not answer (their prompt lists
        them in ``advisers``; :meth:`FlowRules.questions_for` where the game has it)."""
        if game.state is None or game.status != "active" or player in game.autopilot:
            return []
        rules = rules_for(game.kind)
        try:
            if hasattr(rules, "questions_for"):
                return rules.questions_for(intact_state(game), player)
            return [p for p in rules.prompts(intact_state(game)) if player in p.get("advisers", ())]
        except Exception:  # noqa: BLE001 - a damaged state asks nobody
            return []

    @resilient
    async def propose(self, game_id: int, user_id: int, epoch: int, prompt_id: int, option: dict,
                      line: dict) -> Game:
        """An adviser's proposal for a pending group decision (no engine action): kept (one per
        adviser and prompt, the latest) for the decider's panel and announced by ``line`` (a
        public notice), in one transaction. Refused when the question is no longer pending."""
        pid = str(user_id)
        async with self._locked(game_id) as (session, game):
            if game.status != "active":
                raise not_running(game)
            if epoch != game.epoch:
                raise RuleError("stale_prompt", "That choice is no longer current.")
            if not any(p["id"] == prompt_id for p in self.questions(game, pid)):
                raise RuleError("stale_prompt", "That choice is no longer current.")
            old = (await session.exec(select(Proposal).where(
                Proposal.game_id == game_id, Proposal.epoch == epoch, Proposal.prompt_id == prompt_id,
                Proposal.user_id == user_id))).first()
            if old is not None:
                await session.delete(old)
                await session.flush()
            session.add(Proposal(game_id=game_id, epoch=epoch, prompt_id=prompt_id, user_id=user_id, option=option))
            advisers = next((lead_advisers(game, p) for p in self.prompts(game) if p["id"] == prompt_id), [])
            if advisers:  # a Keeper player's decision: it decides once every member adviser proposed
                await session.flush()
                proposed = (await session.exec(select(Proposal.user_id).where(
                    Proposal.game_id == game_id, Proposal.epoch == epoch, Proposal.prompt_id == prompt_id))).all()
                if set(advisers) <= {str(uid) for uid in proposed}:
                    return (await self._step(session, game, None, notices=[line])).game
            return await self._save(session, game, [self._outbox(game, "public", {"notices": [line]})])

    @resilient
    async def proposals(self, game_id: int, epoch: int, prompt_ids) -> list[Proposal]:
        """The proposals made for these prompts of this epoch, oldest first."""
        prompt_ids = list(prompt_ids)
        if not prompt_ids:
            return []
        async with self.sessions() as session:
            rows = await session.exec(select(Proposal).where(
                Proposal.game_id == game_id, Proposal.epoch == epoch, Proposal.prompt_id.in_(prompt_ids))
                .order_by(Proposal.id))
            return list(rows.all())

    # ------------------------------------------------------------------ admin
    async def undo(self, game_id: int, count: int = 1, force: bool = False) -> Outcome:
        """Take back the last ``count`` moves of members still playing (:meth:`_undo`); what a
        seat Keeper plays (a Keeper player, a kicked member) is asked again is answered at once,
        as after a kick or a replacement, not left to a deadline."""
        outcome = await self._undo(game_id, count, force)
        settled = await self._settle_waiting(outcome.game)
        if settled is not None:
            return Outcome(game=settled.game, events=settled.events, applied=settled.applied,
                           revealed=outcome.revealed)
        return outcome

    @resilient(retry_conflicts=False)
    async def _undo(self, game_id: int, count: int, force: bool) -> Outcome:
        async with self._locked(game_id) as (session, game):
            if game.status not in ("active", "finished") or game.archived_at is not None:
                raise not_running(game)  # an archived game keeps its record, not its state
            rows = list((await session.exec(
                select(ActionLog).where(ActionLog.game_id == game_id, ActionLog.undone == False)  # noqa: E712
                .order_by(ActionLog.number))).all())
            # ``count`` moves of members still playing, with the steps made by themselves after them
            # (a step the bot made because it had one answer would only be made again; a Keeper
            # player's move, and a kicked member's that Keeper makes in their place, is made at
            # once by the step before it: undone alone, its decision would stay pending with
            # nothing to make it, unnamed in a response window's wait). A kicked member's rows are
            # all Keeper's to remake: their own moves from before the kick go only with a later
            # move of a present member. So are an away member's (/game away) until they are back:
            # undone alone, Keeper would answer it again at once in their place. Keeper's answers
            # for a kicked member stay Keeper's (``STAND_IN``) when a member takes the seat (/gm
            # replace), as do a Keeper player's moves
            moves = [i for i, row in enumerate(rows) if not row.action.get("auto") and is_member(row.actor)
                     and row.actor not in game.autopilot]
            if count < 1 or count > len(moves):
                raise ServiceError("undo_range", available=len(moves))
            cut = moves[-count]
            if rows[-1].number > game.last_action:
                raise ServiceError("conflict")  # another process acted after this game row was read
            revealed = any(row.reveal for row in rows[cut:])
            if revealed and not force:
                raise ServiceError("undo_needs_force")
            if game.status == "finished" and set(game.exporters) & set(game.players):
                # a seated member holds the finished game's record (seed and all): reopening
                # it would let them read every hidden card
                raise ServiceError("undo_exported")
            intact_state(game)  # a damaged game is said to be damaged (and /gm repair rebuilds it)
            record = _record(game, rows)
            try:
                # the rules must still rebuild the stored game from its log (a game begun before
                # versions were recorded carries none: this is how it is checked)
                rebuilt, stored = replay(record).state, game.state
                # a frame may carry a card's words (Eldritch's choices): reworded since, it is the same game
                if what_plays({**rebuilt, "version": None}) != what_plays({**stored, "version": None}):
                    raise RecordError("the log no longer rebuilds this game")
                state = replay(_record(game, rows[:cut])).state
            except RecordError as exc:
                # the game began under other rules or content (a deploy since): replaying its log
                # now could rebuild another game, so the undo is refused and nothing changes
                if record.version is None or not rules_for(game.kind).accepts(record.version):
                    raise ServiceError("undo_other_version") from exc
                # today's version and still another game: a fault of Keeper's, not a deploy
                log.error("game %s: its log does not rebuild its stored state: %s", game_id, exc)
                raise ServiceError("undo_not_rebuilt") from exc
            first_undone = rows[cut].number
            await session.exec(update(ActionLog).where(ActionLog.game_id == game_id,
                                                       ActionLog.number >= first_undone).values(undone=True))
            await session.exec(update(News).where(News.game_id == game_id, News.number >= first_undone)
                               .values(undone=True))
            await self._rebuilt(session, game, state)  # every button drawn before the undo is now stale
            # whose moves went: clicks are serialised, so the admin may have undone another
            # member's move than the one they saw last
            movers = list(dict.fromkeys(rows[i].actor for i in moves[-count:]))
            notices = [notice("admin.undo_done", count=count), notice("admin.undone_moves", players=movers)]
            if revealed:
                notices.append(notice("admin.undo_reveal_notice"))
            out = self._announcements(game, [], number=game.last_action, notices=notices)
            return Outcome(game=await self._save(session, game, out), revealed=revealed)

    async def _rebuilt(self, session, game: Game, state: dict) -> None:
        """Put a state rebuilt from the log (undo, repair) in the game: a finished game whose
        rebuilt state goes on is live again (if its channel is free), and every button drawn
        before is stale (a new epoch)."""
        if game.status == "finished" and not rules_for(game.kind).is_over(state):
            if (await session.exec(select(Game).where(Game.live_channel == game.channel_id))).first():
                raise ServiceError("channel_busy")
            game.status, game.live_channel = "active", game.channel_id
        game.state = state
        game.epoch += 1
        game.quiet = {}  # the windows passed until a turn may come back: their members are asked again
        await self._set_deadline(session, game)

    @resilient(retry_conflicts=False)
    async def repair(self, game_id: int) -> Outcome:
        """Rebuild a game whose saved state is damaged from its action log, if the log replays
        cleanly under today's rules (and the result is intact): nothing is lost. Every button
        drawn before is stale; refused, changing nothing, for an intact game or a log that does
        not replay."""
        async with self._locked(game_id) as (session, game):
            if game.status not in ("active", "finished") or game.archived_at is not None:
                raise not_running(game)
            if not state_damage(game):
                raise ServiceError("repair_not_needed")
            rows = list((await session.exec(
                select(ActionLog).where(ActionLog.game_id == game_id, ActionLog.undone == False)  # noqa: E712
                .order_by(ActionLog.number))).all())
            if rows and rows[-1].number > game.last_action:
                raise ServiceError("conflict")  # another process acted after this game row was read
            rules = rules_for(game.kind)
            try:
                state = replay(_record(game, rows)).state  # a version still in the state is checked
            except Exception as exc:  # noqa: BLE001 - a refused action, another version, an engine fault
                log.warning("game %s cannot be rebuilt from its log: %s", game_id, exc)
                raise ServiceError("repair_impossible") from exc
            if rules.damage(state, game.players, game.options, game.setup):
                raise ServiceError("repair_impossible")
            if rules.is_over(state):
                game.status, game.live_channel = "finished", None
            await self._rebuilt(session, game, state)  # every button drawn on the damaged state is stale
            out = self._announcements(game, [], number=game.last_action,
                                      notices=[notice("admin.repair_done", count=len(rows))])
            await self._save(session, game, out)
            _trust(game)
            return Outcome(game=game)

    @resilient(retry_conflicts=False)
    async def kick(self, game_id: int, user_id: int) -> Outcome:
        """Lobby: remove the member. Running game: Keeper makes their decisions from now on (the
        agent, or the plain default where the server chose it), and they lose every access
        (panel, free actions, private news) at once."""
        uid = str(user_id)
        if (await self.require(game_id)).status == "lobby":
            async with self._locked(game_id) as (session, game):
                if game.status != "lobby":
                    raise ServiceError("not_in_lobby")
                if uid not in game.players:
                    raise ServiceError("not_joined")
                game.players = [p for p in game.players if p != uid]
                announced = [self._outbox(game, "public", {"notices": [notice("admin.kick_lobby", player=uid)]})]
                return Outcome(game=await self._save(session, game, announced))
        async with self._locked(game_id) as (session, game):
            if uid not in game.players:
                raise ServiceError("not_joined")
            if game.status != "active":
                raise not_running(game)
            game.autopilot = sorted(set(game.autopilot) | {uid})
            game.away = [p for p in game.away if p != uid]  # removed: no longer theirs to take back
            await session.flush()   # written in this transaction: the checkpoint writes a fixed set of columns
            return await self._step(session, game, None, notices=[notice("admin.kick_done", player=uid)])

    async def replace(self, game_id: int, old: int | str, new: int | None = None, new_name: str | None = None,
                      greet: bool = True) -> Game:
        """Seat member ``new`` in the place of ``old`` (a member, or a Keeper player ``keeper-N``),
        hand and all; with ``new`` None a new Keeper player takes the seat (and answers what it
        waits for at once). ``greet``: the public line pings the member seated (not when they
        took the seat themselves)."""
        game = await self._replace(game_id, str(old), None if new is None else str(new), new_name, greet)
        settled = await self._settle_waiting(game)
        return game if settled is None else settled.game

    @resilient(retry_conflicts=False)
    async def _replace(self, game_id: int, old_id: str, new_id: str | None, new_name: str | None,
                       greet: bool = True) -> Game:
        lang = await self.guild_language((await self.require(game_id)).guild_id)
        async with self._locked(game_id) as (session, game):
            if old_id not in game.players:
                raise ServiceError("not_joined")
            if new_id == old_id and old_id in game.autopilot:
                return await self._seat_back(session, game, old_id)
            if new_id in game.players:
                raise ServiceError("already_joined")
            if new_id in game.exporters:
                raise ServiceError("exporter_cannot_play")
            if new_id is None:
                new_id, new_name = new_keeper_seat(game.players), None
            before = self._dm_prompt_keys(game)  # the newcomer gets the seat's pending prompts by DM
            rows = (await session.exec(select(ActionLog).where(ActionLog.game_id == game_id)
                                       .order_by(ActionLog.number))).all()
            known = _seat_news(game, [r for r in rows if not r.undone], old_id) \
                if is_keeper(old_id) and is_member(new_id) and game.state is not None else []
            game.players = rename_player(game.players, old_id, new_id)
            game.setup = rename_player(game.setup, old_id, new_id)
            game.options = rename_player(game.options, old_id, new_id)
            if game.state is not None:
                game.state = rules_for(game.kind).rename_seat(game.state, old_id, new_id)
            game.autopilot = [p for p in game.autopilot if p != old_id]
            game.away = [p for p in game.away if p != old_id]
            if is_member(old_id) and old_id not in game.left:
                game.left = game.left + [old_id]
            game.quiet = {s: n for s, n in (game.quiet or {}).items() if s != old_id}  # the newcomer is asked
            name = keeper_name(new_id, lang) if is_keeper(new_id) else safe_name(new_name or new_id)
            game.names = {**rename_player(game.names, old_id, new_id), new_id: name}
            handed_back = is_keeper(old_id) and is_member(new_id)
            for row in rows:
                if handed_back and row.actor == old_id and not row.action.get("auto"):
                    # a Keeper player's moves stay Keeper's when a member takes its seat: not the
                    # member's to undo, and its agent's to remember after a restart
                    row.actor = STAND_IN
                    row.action = {**rename_player(row.action, old_id, new_id), "keeper": True}
                else:
                    row.actor = rename_player(row.actor, old_id, new_id)
                    row.action = rename_player(row.action, old_id, new_id)
                session.add(row)
            # the seat's private knowledge goes with the seat; the old member keeps none of it (a
            # Keeper player keeps no news: a member taking its seat gets what the seat saw)
            news = (await session.exec(select(News).where(News.game_id == game_id,
                                                          News.user_id == int(old_id)))).all() \
                if is_member(old_id) else []
            for row in news:
                if is_member(new_id):
                    row.user_id = int(new_id)
                    row.events = rename_player(row.events, old_id, new_id)
                    session.add(row)
                else:
                    await session.delete(row)
            if known:
                session.add(News(game_id=game_id, user_id=int(new_id), number=game.last_action,
                                 events=rename_player(known, old_id, new_id)))
            announced = self._announcements(game, [], number=game.last_action,
                                             notices=[notice("admin.replace_done", old=old_id, new=new_id)],
                                             before=before)
            if greet and is_member(new_id) and game.status == "active":
                _greet(announced, new_id)
            if any(p["player"] == new_id for p in self.prompts(game)):
                # the time left was the old seat's (a Keeper player's wait for proposals is seconds)
                await self._set_deadline(session, game)
            return await self._save(session, game, announced)

    async def _seat_back(self, session, game: Game, uid: str, line: str = "admin.seat_back",
                         greet: bool = True) -> Game:
        """A removed or away member's own seat given back (``/gm replace`` naming them as old and
        new, or their ``/game back``): Keeper stops deciding for them, and the line that says so
        (``line``) pings them when someone else did it (``greet``). Nothing of the seat moved
        while they were away: its hand and news stayed theirs."""
        if game.status != "active":
            raise not_running(game)
        before = self._dm_prompt_keys(game)
        game.autopilot = [p for p in game.autopilot if p != uid]
        game.away = [p for p in game.away if p != uid]
        announced = self._announcements(game, [], number=game.last_action,
                                        notices=[notice(line, player=uid)], before=before)
        if greet:
            _greet(announced, uid)
        if any(p["player"] == uid for p in self.prompts(game)):
            await self._set_deadline(session, game)   # the time left was Keeper's, not theirs
        return await self._save(session, game, announced)

    # ------------------------------------------------------------------ a member's own seat
    @resilient(retry_conflicts=False)
    async def step_away(self, game_id: int, user_id: int, line: str = "lobby.away_done", **params) -> Game:
        """The member hands their own seat to Keeper for a while (/game away; or missed deadlines,
        :meth:`_away_after_missed`): Keeper decides for them from now on, at once, as for a kicked
        member, but they keep their panel (hand and news) and take the seat back themselves
        (:meth:`come_back`). ``line``: the public announcement's key."""
        uid = str(user_id)
        async with self._locked(game_id) as (session, game):
            if uid not in game.players:
                raise ServiceError("not_joined_you")
            if game.status == "lobby":
                raise ServiceError("away_lobby")   # nothing to step away from: Leave frees the place
            if game.status != "active":
                raise not_running(game)
            if uid in game.away:
                raise ServiceError("already_away")
            if uid in game.autopilot:
                raise ServiceError("kicked")
            rules = rules_for(game.kind)
            state = intact_state(game)
            if not [p for p in members(game.players)
                    if p != uid and p not in game.autopilot and rules.still_playing(state, p)]:
                raise ServiceError("last_member_away")  # Keeper would play the rest of the game alone at once
            game.autopilot = sorted(set(game.autopilot) | {uid})
            game.away = sorted(set(game.away) | {uid})
            game.quiet = {s: n for s, n in (game.quiet or {}).items() if s != uid}
            await session.flush()   # written with the step below, in one transaction (its checkpoint
            # writes a fixed set of columns): what waited for them is answered in the same commit
            notices = [notice(line, player=uid, **params)]
            # a group decision of theirs now waits for the other members' proposals: they are asked
            asked = [p for p in rules.prompts(state) if p["player"] == uid and lead_advisers(game, p)]
            if asked:
                lang = await self.guild_language(game.guild_id)
                notices += [notice("group.keeper_waits_on", player=p["player"], players=lead_advisers(game, p),
                                   question=_question(game, state, p, lang)) for p in asked]
            return (await self._step(session, game, None, notices=notices)).game

    @resilient(retry_conflicts=False)
    async def come_back(self, game_id: int, user_id: int) -> Game:
        """The member takes back the seat they handed to Keeper with /game away."""
        uid = str(user_id)
        async with self._locked(game_id) as (session, game):
            if uid not in game.players:
                raise ServiceError("not_joined_you")
            if uid not in game.away:
                raise ServiceError("kicked" if uid in game.autopilot else "not_away")
            return await self._seat_back(session, game, uid, line="lobby.back_done", greet=False)

    async def take_keeper_seat(self, game_id: int, user_id: int, name: str | None = None,
                               seat: str | None = None) -> Game:
        """A member who plays no seat of this running game takes a Keeper player's (``seat``, else
        the last one seated), hand, secrets and all, as ``/gm replace`` would seat them: a game
        started with Keeper players gives their seats to members who come online later. A member
        who left a seat of the game takes none (they would look into a second seat's secrets)."""
        game = await self.require(game_id)
        uid = str(user_id)
        if game.status != "active":
            raise not_running(game)
        if uid in game.players:   # their own seat: away, or an admin's kick, says how it comes back
            if uid in game.away:
                raise ServiceError("away", game_id=game.id)
            raise ServiceError("kicked" if uid in game.autopilot else "already_joined")
        if uid in game.left:
            raise ServiceError("left_this_game")
        if uid in game.exporters:
            raise ServiceError("exporter_cannot_play")
        seats = open_keeper_seats(game)
        if not seats:
            raise ServiceError("no_keeper_seat")
        if seat is None:
            seat = seats[-1]
        elif seat not in seats:
            raise ServiceError("not_a_keeper_seat")
        try:
            return await self.replace(game_id, seat, user_id, name, greet=False)
        except ServiceError as exc:
            if exc.code == "not_joined":   # another member took that seat a moment before
                raise ServiceError("seat_taken") from exc
            raise

    @resilient
    async def export(self, game_id: int, user_id: int) -> GameRecord:
        """The game's record for an admin. It holds the seed, hence every hidden card: a running
        game goes only to a member who is not seated, who may then never take a seat in it."""
        async with self._locked(game_id) as (session, game):
            if game.status == "lobby":
                raise ServiceError("export_lobby")
            if game.status == "active" and str(user_id) in game.players:
                raise ServiceError("export_while_playing")
            if str(user_id) not in game.exporters:
                game.exporters = game.exporters + [str(user_id)]
                await self._save(session, game)
            rows = list((await session.exec(select(ActionLog).where(
                ActionLog.game_id == game_id, ActionLog.undone == False)  # noqa: E712
                .order_by(ActionLog.number))).all())
            return _record(game, rows)

    async def skip(self, game_id: int, user_id: int | None = None, only_prompts: set[int] | None = None,
                   epoch: int | None = None, by: str = "admin", keeper: bool | None = None) -> Outcome:
        """Answer every pending decision (of one member, if named; only of the prompts
        ``only_prompts``, if given) in its player's place, for an admin's /gm skip or a deadline
        (``by``), announced as such: the Keeper agent answers (``keeper``; None: unless the
        server keeps plain defaults, ``timeout_action`` "default"), else the plain default.
        ``Outcome.notice`` is the announcement's key."""
        game = await self.get(game_id)
        if game is None or game.status != "active":
            raise not_running(game)
        if keeper is None:
            keeper = (await self.guild_settings(game.guild_id)).timeout_action != "default"
        announce = SKIP_NOTICES[by, keeper]
        epoch = game.epoch if epoch is None else epoch
        waiting = [p for p in self.prompts(game) if only_prompts is None or p["id"] in only_prompts]
        players = [p["player"] for p in waiting if user_id is None or p["player"] == str(user_id)]
        if not players and user_id is not None \
                and any(str(user_id) in lead_advisers(game, p) for p in waiting):
            # a member a Keeper-led group decision waits a proposal from: the wait ends, Keeper's
            # player decides now (following the proposals made so far)
            outcome = await self._settle(game_id, release_leads=True,
                                         notices=[notice("admin.skip_proposal", players=[str(user_id)])])
            outcome.notice = "admin.skip_proposal"
            return outcome
        if not players:   # a member named who decides nothing now: the game waits for others
            raise ServiceError("skip_not_waited", player=f"<@{user_id}>") if user_id is not None \
                else ServiceError("nothing_to_skip")
        notices = [notice(announce, players=list(dict.fromkeys(players)))]
        outcome = Outcome(game=game)
        for player in dict.fromkeys(players):
            prompt = next(p["id"] for p in waiting if p["player"] == player)
            try:
                step = await self._default(game_id, player, prompt, epoch, notices, keeper, deadline=by == "deadline")
            except RuleError:
                continue  # the decision went away with an earlier default
            except ServiceError:
                if not outcome.applied:
                    raise  # nothing was saved: the refusal is true
                log.warning("skip of game %s stopped after %d defaults", game_id, len(outcome.applied))
                break  # what was applied stands and is reported
            notices = ()  # announced once, with the first default
            outcome.game = step.game
            outcome.events.extend(step.events)
            outcome.applied.extend(step.applied)
        outcome.notice, outcome.named = announce, list(dict.fromkeys(players))
        return outcome

    @resilient
    async def _default(self, game_id: int, player: str, prompt_id: int, epoch: int, notices,
                       keeper: bool = False, deadline: bool = False) -> Outcome:
        """The default answer to one prompt, named by its id within an epoch (prompt ids repeat
        after an undo, so a prompt of an earlier epoch is stale); with ``keeper`` the Keeper
        agent's answer (:meth:`_stand_in`)."""
        async with self._locked(game_id) as (session, game):
            if game.status != "active":
                raise not_running(game)
            prompts = rules_for(game.kind).prompts(intact_state(game))
            prompt = next((p for p in prompts if p["id"] == prompt_id and p["player"] == player), None)
            if game.epoch != epoch or prompt is None:
                raise RuleError("stale_prompt", "That choice is no longer current.")
            # a Keeper player's own decision (a group's it waits on) is always its agent's
            return await self._step(session, game, None, notices=notices,
                                    stand_in=(prompt, keeper or is_keeper(player), deadline))

    # ------------------------------------------------------------------ deadlines
    def _mine(self, guild_column):
        """SQL: the guild belongs to one of this process's shards (Discord's formula)."""
        if self.shards is None:
            return true()
        count, ids = self.shards
        # the shift amount typed as an INTEGER: PostgreSQL has no bigint >> bigint
        return (guild_column.op(">>")(literal(22, Integer)) % count).in_(ids)

    @resilient
    async def due(self, now: datetime | None = None) -> tuple[list[Game], list[Game]]:
        """(games whose reminder is due, games whose deadline has passed), of this process's guilds."""
        now = now or utcnow()
        async with self.sessions() as session:
            reminders = (await session.exec(select(Game).where(
                Game.status == "active", Game.reminder_at != None, Game.reminder_at <= now,  # noqa: E711
                self._mine(Game.guild_id)))).all()
            expired = (await session.exec(select(Game).where(
                Game.status == "active", Game.deadline != None, Game.deadline <= now,  # noqa: E711
                self._mine(Game.guild_id)))).all()
            return list(reminders), list(expired)

    @resilient
    async def remind(self, game_id: int, now: datetime | None = None, clear_deadline: bool = False,
                     claimed: datetime | None = None) -> bool:
        """Announce who is waited for, if the reminder (or, with ``clear_deadline``, the deadline)
        is still due under the lock; returns whether it was. ``claimed``: the lease :meth:`expire`
        holds the deadline with (it is due, if still held)."""
        now = now or utcnow()
        async with self._locked(game_id) as (session, game):
            due_at = game.deadline if clear_deadline else game.reminder_at
            if claimed is not None and due_at is not None and abs(_aware(due_at) - _aware(claimed)) < timedelta(seconds=1):
                due_at = now
            if game.status != "active" or due_at is None or _aware(due_at) > now:
                return False
            if not clear_deadline and game.deadline is not None and _aware(game.deadline) <= now:
                # the whole time is up already (the bot was down, the loop late): its own line
                # says so, a reminder of half of it would be untrue
                game.reminder_at = None
                await self._save(session, game, [])
                return False
            players = await self._reminded(session, game)
            game.reminder_at = None
            if clear_deadline:
                game.deadline = None
            # what comes when the time is up: as the server set it, or Keeper's Lead deciding for the group
            action = "lead" if self.lead_waits(game) else (await self.guild_settings(game.guild_id, session)).timeout_action
            key = "deadline.time_up_waiting" if clear_deadline else {
                "lead": "deadline.reminder_lead", "keeper": "deadline.reminder_keeper",
                "default": "deadline.reminder_default"}.get(action, "deadline.reminder")
            # "remind": the members it names are pinged (a new live message: an edit notifies nobody)
            rows = [self._outbox(game, "public", {"notices": [notice(key, players=players)],
                                                  "remind": [p for p in players if is_member(p)]})] \
                if players else []
            await self._save(session, game, rows)
            return True

    async def _reminded(self, session, game: Game) -> list[str]:
        """Whom a reminder names: the members waited for and, for a Keeper player's group decision
        waiting for proposals, the member advisers who have not proposed yet (never Keeper's seat)."""
        prompts = self.prompts(game)
        named = [w["player"] for w in self.waiting(game, prompts) if not is_keeper(w["player"])]
        settings = await self.guild_settings(game.guild_id, session)
        leads = await self._leads(session, game, rules_for(game.kind), settings, release=False)
        for prompt in prompts:
            if prompt["id"] in leads.pending:
                proposed = {uid for uid, _ in leads.proposals.get(prompt["id"], ())}
                named += [a for a in lead_advisers(game, prompt) if a not in proposed]
        return list(dict.fromkeys(named))

    async def expire(self, game_id: int, now: datetime | None = None, keeper: bool = False) -> Outcome | None:
        """The deadline passed: apply the default (with ``keeper``, the Keeper agent's answer) to
        exactly the decisions that were waiting when it was set, never to a newer one (a player
        who just got a decision keeps their time)."""
        now = now or utcnow()
        game = await self.get(game_id)
        if game is None or game.status != "active" or game.deadline is None or _aware(game.deadline) > now:
            return None
        expired = {p["id"] for p in self.prompts(game)}
        lease = now + DEADLINE_LEASE
        async with self.sessions() as session:
            # take this deadline for this process: another process's loop that saw the same one
            # finds it gone and neither defaults nor announces it a second time; held for a lease
            # only, so a crash midway leaves the table a deadline, taken up again when it is over
            taken = await session.exec(update(Game).where(Game.id == game_id, Game.deadline == game.deadline)
                                       .values(deadline=lease).execution_options(synchronize_session=False))
            await session.commit()
        if taken.rowcount != 1:
            return None
        if self.resumes(game):  # what Keeper answers by itself waits: a step cut short is taken up
            return await self._settle_taken(game, lease)
        if self.lead_waits(game):  # Keeper's Lead waited for proposals long enough: it decides now
            return await self._settle_taken(game, lease, release_leads=True)
        # a response window's time is up: it closes for everyone at once, unnamed (the members'
        # settings are read only once the deadline is this process's, and only for a window)
        if self._window_waits(game, frozenset()) and self._window_waits(game, await self._autopass_off_of(game)):
            return await self._settle_taken(game, lease, close_window=True, notices=[notice("window.closed")])
        try:
            outcome = await self.skip(game_id, only_prompts=expired, epoch=game.epoch, by="deadline", keeper=keeper)
        except ServiceError as exc:
            if exc.code != "nothing_to_skip":
                await self._give_back_deadline(game_id, game.deadline, lease, exc)
                raise
            await self.remind(game_id, now, clear_deadline=True, claimed=lease)
            return None
        await self._away_after_missed(game_id, outcome.named)
        return outcome

    async def _away_after_missed(self, game_id: int, players: list[str]) -> None:
        """A member whose last MISSED_IN_A_ROW decisions were all answered at a deadline is gone
        for now: Keeper plays their seat until they are back, as after /game away, so the table
        stops waiting a whole turn time for each of their decisions (Board Game Arena's way with
        a player who timed out). Never the last member still playing: the game waits for them."""
        players = [seat for seat in players if is_member(seat)]
        if not players:
            return
        async with self.sessions() as session:
            rows = (await session.exec(select(ActionLog.action).where(
                ActionLog.game_id == game_id, ActionLog.undone == False)  # noqa: E712
                .order_by(ActionLog.number.desc()).limit(MISSED_LOOKBACK))).all()
        for seat in players:
            theirs = [a for a in rows if a.get("player") == seat and not a.get("auto")][:MISSED_IN_A_ROW]
            if len(theirs) < MISSED_IN_A_ROW or not all(a.get("deadline") for a in theirs):
                continue
            try:
                await self.step_away(game_id, int(seat), line="deadline.away_missed", count=MISSED_IN_A_ROW)
            except ServiceError:   # the last member playing, kicked, already away: nothing changes
                continue

    async def _settle_taken(self, game: Game, lease, **settle) -> Outcome | None:
        """:meth:`_settle` at a deadline this process took (held as ``lease``); None, the deadline
        given back, if it failed."""
        try:
            return await self._settle(game.id, **settle)
        except ServiceError as exc:
            await self._give_back_deadline(game.id, game.deadline, lease, exc)
            return None

    async def _give_back_deadline(self, game_id: int, deadline, lease, failure: ServiceError) -> None:
        """A taken deadline (held as ``lease``) whose step failed for a while (the database busy,
        another process first) is put back, so the loop tries again at once; any other failure (a
        damaged game) keeps the lease: tried again when it is over, not at every check."""
        if failure.code not in TRANSIENT:
            log.warning("the deadline of game %s failed (%s); tried again in %s", game_id, failure.code, DEADLINE_LEASE)
            return
        try:
            async with self.sessions() as session:
                await session.exec(update(Game).where(Game.id == game_id, Game.deadline == lease)
                                   .values(deadline=deadline).execution_options(synchronize_session=False))
                await session.commit()
        except Exception:  # noqa: BLE001 - the next step of the game sets a deadline anew
            log.warning("the deadline of game %s could not be put back", game_id, exc_info=True)

    @resilient
    async def _autopass_off_of(self, game: Game) -> frozenset:
        async with self.sessions() as session:
            return await self._autopass_off(session, game, rules_for(game.kind))

    @resilient
    async def set_table_message(self, game_id: int, message_id: int, column: str = "table_message_id") -> None:
        """Remember the game's table (or, ``column="lobby_message_id"``, its lobby) message."""
        await self._bookkept(update(_GAMES).where(_GAMES.c.id == game_id).values(**{column: message_id}))

    @resilient
    async def save_log(self, game_id: int, log: dict, delivered: list[int] = ()) -> None:
        """Remember the channel log's live message (and which rows it holds), with those rows
        marked delivered, in one statement: a redelivery after a crash edits the same message
        to the same text instead of posting the lines again."""
        await self._bookkept(update(_GAMES).where(_GAMES.c.id == game_id)
                             .values(channel_log=log, table_message_id=log.get("id")),
                             _delivered_mark(list(delivered)) if delivered else None)

    async def _bookkept(self, statement, also=None) -> None:
        """Run an UPDATE of bookkeeping (:func:`_bookkeeping`: what was sent), and ``also`` one
        more, atomically. On PostgreSQL as one statement run by itself (``also`` in its WITH):
        one round trip, committed without waiting for its flush. A transaction around it (BEGIN,
        SET LOCAL, the UPDATEs, COMMIT) held the game row's lock across round trips, each waiting
        for this process's event loop to come back to it, and a click's checkpoint on that game
        waited for the lock (the open loop of `bench scale`: write p99 0.2-0.3 s)."""
        engine = getattr(self.sessions, "kw", {}).get("bind")
        if engine is not None and engine.dialect.name == "postgresql":
            if also is not None:
                statement = statement.add_cte(also.cte("also"))
            async with self._plain_connection() as connection:
                await connection.execute(statement.where(_NO_FLUSH_WAIT))
            return
        async with self.sessions() as session:
            await session.exec(statement)
            if also is not None:
                await session.exec(also)
            await session.commit()

    @resilient
    async def remember_name(self, game: Game, user_id: int, name: str) -> None:
        """Keep a member's display name current (re-read under the lock and version-guarded, so
        it never undoes a concurrent change such as a replacement)."""
        name = safe_name(name)
        if game.names.get(str(user_id)) == name:
            return
        async with self._locked(game.id) as (session, current):
            unchanged = current.version == game.version  # the caller's row is this version but its names
            if str(user_id) in current.players and current.names.get(str(user_id)) != name:
                current.names = {**current.names, str(user_id): name}
                await self._save(session, current)
            game.names = dict(current.names)
            if unchanged:  # the caller's row stays current: its click needs no second read
                game.version = current.version

    # ------------------------------------------------------------------ clean-up
    @resilient
    async def clean_up(self, retention: timedelta, now: datetime | None = None) -> dict[str, int]:
        """Delete what nobody reads any more once it is older than ``retention`` (of this
        process's guilds): delivered announcements, private news /panel can no longer show (undone,
        or beyond a member's latest NEWS_SHOWN), and archive ended games: their state is cut to
        its version and result and their news, proposals and delivered rows go, while the record
        (seed, players, options, action log) stays for /gm export. Returns the counts."""
        now = now or utcnow()
        cutoff = now - retention
        done = {"outbox": 0, "news": 0, "games": 0}
        async with self.sessions() as session:
            ended = (await session.exec(select(Game).where(
                Game.status.in_(("finished", "aborted", "archived")), Game.archived_at == None,  # noqa: E711
                Game.updated_at < cutoff, self._mine(Game.guild_id)).limit(ARCHIVE_BATCH))).all()
            ids = [game.id for game in ended]
            for game in ended:
                state = game.state if isinstance(game.state, dict) else {}
                compact = {key: state[key] for key in ("version", "result") if key in state} or None
                await session.exec(update(Game).where(Game.id == game.id).values(
                    state=compact, archived_at=now, version=Game.version + 1)
                    .execution_options(synchronize_session=False))
            if ids:
                done["news"] += (await session.exec(delete(News).where(News.game_id.in_(ids)))).rowcount
                await session.exec(delete(NewsSeen).where(NewsSeen.game_id.in_(ids)))
                await session.exec(delete(Proposal).where(Proposal.game_id.in_(ids)))
            done["games"] = len(ids)
            done["outbox"] = (await session.exec(delete(Outbox).where(
                Outbox.delivered == True, Outbox.created_at < cutoff, self._mine(Outbox.guild_id)))).rowcount  # noqa: E712
            ranked = select(News.id, func.row_number().over(
                partition_by=(News.game_id, News.user_id), order_by=News.id.desc()).label("rank")) \
                .where(News.undone == False).subquery()  # noqa: E712
            shown = select(ranked.c.id).where(ranked.c.rank <= NEWS_SHOWN)
            done["news"] += (await session.exec(delete(News).where(
                News.created_at < cutoff, News.id.not_in(shown)))).rowcount
            await session.commit()
        return done

    # ------------------------------------------------------------------ outbox
    @resilient
    async def claim_outbox(self, game_id: int, token: str, hold_seconds: float = CLAIM_SECONDS,
                           now: datetime | None = None) -> tuple[Game | None, list[Outbox]]:
        """The game's due, undelivered rows that this process may deliver now, oldest first.

        Rows are written already claimed by the process that wrote them (the hot path reads them
        without a write); rows of a crashed process, or waiting for a retry, are claimed here. A
        public row waiting for a retry holds back the public rows after it, so a game's lines
        arrive in order; rows another live process holds are left to it. The game is read in the
        same transaction: rows are rendered from its current state, whoever wrote them."""
        now = now or utcnow()
        async with self.sessions() as session:
            pending = (await session.exec(select(Outbox).where(
                Outbox.game_id == game_id, Outbox.delivered == False).order_by(Outbox.id))).all()  # noqa: E712
            held_back = min((row.id for row in pending if row.kind == "public" and _aware(row.not_before) > now),
                            default=None)
            mine, to_claim = [], []
            for row in pending:
                if _aware(row.not_before) > now or (row.kind == "public" and held_back is not None
                                                    and row.id > held_back):
                    continue
                live_claim = row.claimed_until is not None and _aware(row.claimed_until) >= now
                if live_claim and row.claim == token:
                    mine.append(row)
                elif not live_claim:
                    to_claim.append(row)
            if to_claim:
                await _bookkeeping(session)
                ids = [row.id for row in to_claim]
                await session.exec(update(Outbox).where(
                    Outbox.id.in_(ids), (Outbox.claimed_until == None) | (Outbox.claimed_until < now))  # noqa: E711
                    .values(claim=token, claimed_until=now + timedelta(seconds=hold_seconds))
                    .execution_options(synchronize_session=False))
                await session.commit()
                got = set((await session.exec(select(Outbox.id).where(Outbox.id.in_(ids),
                                                                      Outbox.claim == token))).all())
                mine += [row for row in to_claim if row.id in got]
                mine.sort(key=lambda row: row.id)
            game = await session.get(Game, game_id) if mine else None
            if mine:
                dialect = (await session.connection()).dialect
                if dialect.name == "postgresql" and relaxed_commits(dialect):
                    await _on_disk(session)
            if game is not None and game.status == "paused":
                # only the admins' notice goes out; the rest is kept for when an admin resumes
                # it (its claim lapses)
                mine = [row for row in mine if row.kind == PAUSED_NOTICE]
                return (game, mine) if mine else (None, [])
            return game, mine

    @resilient
    async def due_outbox_games(self, limit: int = 200, now: datetime | None = None) -> list[int]:
        now = now or utcnow()
        async with self.sessions() as session:
            rows = await session.exec(select(Outbox.game_id).where(
                Outbox.delivered == False, Outbox.not_before <= now,  # noqa: E712
                (Outbox.claimed_until == None) | (Outbox.claimed_until < now),  # noqa: E711
                self._mine(Outbox.guild_id),
                Outbox.game_id.not_in(select(Game.id).where(Game.status == "paused")) | (Outbox.kind == PAUSED_NOTICE))
                .distinct().limit(limit))
            return list(rows.all())

    @resilient
    async def outbox_done(self, row_ids: list[int], error: str | None = None) -> None:
        await self._bookkept(_delivered_mark(list(row_ids), error))

    @resilient
    async def outbox_retry(self, row: Outbox, error: str, after_seconds: float, progress: int) -> None:
        await self._bookkept(update(_OUTBOX).where(_OUTBOX.c.id == row.id).values(
            attempts=row.attempts + 1, error=error[:500], progress=progress, claim=None, claimed_until=None,
            not_before=utcnow() + timedelta(seconds=after_seconds)))

    @resilient
    async def outbox_add(self, game: Game, kind: str, payload: dict) -> None:
        async with self.sessions() as session:
            await _write(await session.connection(), [self._outbox(game, kind, payload)])
            await session.commit()

    @resilient
    async def pending_outbox(self, game_id: int | None = None) -> int:
        async with self.sessions() as session:
            query = select(Outbox.id).where(Outbox.delivered == False)  # noqa: E712
            if game_id is not None:
                query = query.where(Outbox.game_id == game_id)
            return len((await session.exec(query)).all())


async def _bookkeeping(session) -> None:
    """Let this transaction commit without waiting for its WAL flush (PostgreSQL; elsewhere
    nothing). Only for records of what was sent (claims, delivered marks, the live log message,
    a retry's progress, the lobby's message): a database crash can lose the last fraction of a
    second of them, which is what a bot killed between a send and its record loses already, and
    what delivery recovers from (a lapsed claim, the log message found again, a redelivery
    matched by its nonce; a lobby whose message is forgotten is not edited, its old buttons
    refuse). With ``KEEPER_DURABLE_COMMITS`` the game's changes keep waiting for their flush and
    flush these with them (by default a move's statement relaxes its own commit too:
    ``_change_statement``). Each delivery's own flush otherwise queued on the disk beside the
    checkpoints' (`bench scale`)."""
    connection = await session.connection()
    if connection.dialect.name == "postgresql":
        await connection.exec_driver_sql("SET LOCAL synchronous_commit TO OFF")


async def _on_disk(session) -> None:
    """Wait until every commit so far is on disk: a move commits without waiting for its flush
    (bot.db.make_engine), and nothing is announced that a crash of the database server could
    still take back. The session's transaction (never a relaxed one: a claim's ended with its
    commit) takes a transaction id, so its commit at the server's own setting writes, and waits
    for the flush of, everything before it: one flush for every move a delivery pass announces,
    on the connection the pass holds already (a second one could wait on a pool a burst emptied)."""
    await (await session.connection()).exec_driver_sql("SELECT pg_current_xact_id()")
    await session.commit()


def _aware(moment: datetime) -> datetime:
    """SQLite returns naive datetimes: they are UTC."""
    from datetime import timezone
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


# The hot path's statements, built once: core statements on the tables (no ORM bookkeeping),
# their SQL compiled once per shape and cached by SQLAlchemy.
_GAMES = Game.__table__
_GAME_BY_ID = select(_GAMES).where(_GAMES.c.id == bindparam("id"))
_UPDATE_GAME = update(_GAMES).where(_GAMES.c.id == bindparam("_id"), _GAMES.c.version == bindparam("_version"))
_INSERTS = {model: insert(model.__table__) for model in (ActionLog, News, Outbox, NewsSeen)}
_SEEN, _NEWS = NewsSeen.__table__, News.__table__
_MEMBERS = MemberSettings.__table__
_AUTOPASS_OFF = select(_MEMBERS.c.user_id).where(_MEMBERS.c.user_id.in_(bindparam("ids", expanding=True)),
                                                 _MEMBERS.c.autopass == False)  # noqa: E712
_UPDATE_SEEN = update(_SEEN).where(_SEEN.c.game_id == bindparam("_game"), _SEEN.c.user_id == bindparam("_user"))

# A member's look at their news: the mark (NULL if they never looked) on every row, with the news
# after it (since the look's start when ``again``), newest first; one row of NULL news if none.
_LOOK_BASE = select(literal(1).label("one")).subquery("one")
_LOOK_MARK = and_(_SEEN.c.game_id == bindparam("game_id"), _SEEN.c.user_id == bindparam("user_id"))
_LOOK_NEWS = and_(_NEWS.c.game_id == bindparam("game_id"), _NEWS.c.user_id == bindparam("user_id"),
                  _NEWS.c.undone == False,  # noqa: E712
                  _NEWS.c.id > func.coalesce(case((bindparam("again", type_=Boolean), _SEEN.c.since),
                                                  else_=_SEEN.c.seen), 0))
_LOOK = select(_NEWS.c.id, _NEWS.c.events, _SEEN.c.since, _SEEN.c.seen) \
    .select_from(_LOOK_BASE.outerjoin(_SEEN, _LOOK_MARK).outerjoin(_NEWS, _LOOK_NEWS)) \
    .order_by(_NEWS.c.id.desc()).limit(bindparam("limit"))
# true, and the commit of the statement (run by itself) that has it does not wait for the flush to
# disk (set_config(..., true) lasts until that commit, which reads it)
_NO_FLUSH_WAIT = literal_column("set_config('synchronous_commit', 'off', true)").is_not(None)
_MOVE_MARK = {None: _UPDATE_SEEN, "postgresql": _UPDATE_SEEN.where(_NO_FLUSH_WAIT)}  # a member's mark moved
_OUTBOX = Outbox.__table__


def _delivered_mark(row_ids: list[int], error: str | None = None):
    """The outbox rows marked delivered (``error``: given up on, why)."""
    return update(_OUTBOX).where(_OUTBOX.c.id.in_(row_ids)) \
        .values(delivered=True, error=error, claim=None, claimed_until=None)


_WRITTEN = (ActionLog, News, Outbox)  # the tables a change adds rows to, in this order


async def _write(connection, rows: list[tuple], guard: dict | None = None) -> bool:
    """Write a change on ``connection``: the game's UPDATE guarded by its version (``guard``: the
    new values with ``_id`` and ``_version``; None: no game row) and ``(model, values)`` rows
    (action log, news, outbox; every row of a table has the same keys). False: the guard found the
    game changed and nothing was written.

    On PostgreSQL one statement (:func:`_change_statement`) run by the driver itself (through
    SQLAlchemy's execution it cost about three times the CPU): inside the transaction begun on
    the connection if there is one, else atomic by itself, without BEGIN and COMMIT, so a
    checkpoint is one round trip to the database. Elsewhere the UPDATE, then one multi-row
    INSERT per table."""
    batches = {}
    for model, values in rows:
        batches.setdefault(model, []).append(values)
    if connection.dialect.driver == "asyncpg":
        driver = (await connection.get_raw_connection()).driver_connection
        shape = tuple((model, _keys(model, batches[model][0])) for model in _WRITTEN if model in batches)
        statement = _change_statement(None if guard is None else tuple(sorted(guard)), shape, connection.dialect)
        updated = await _driven(connection, statement.sql,
                                driver.fetchval(statement.sql, *statement.args(guard, batches)))
        return guard is None or updated == 1
    if guard is not None and (await connection.execute(_UPDATE_GAME, guard)).rowcount != 1:
        return False
    for model in _WRITTEN:
        if model in batches:
            await connection.execute(_INSERTS[model], batches[model])
    return True


def _keys(model, row: dict) -> tuple:
    """A row's keys in one order (its table's), so the same columns make the same statement."""
    keys = _ROW_KEYS[model]
    return keys if len(row) == len(keys) and all(key in row for key in keys) else tuple(row)


# every change a checkpoint or a save writes on PostgreSQL: the game's guarded UPDATE (the values
# a checkpoint sets) or none, with rows of each set of tables; prepared on each new connection
_CHECKPOINT_GUARD = tuple(sorted(("state", "version", "last_action", "status", "live_channel", "deadline",
                                  "reminder_at", "autopilot", "quiet", "updated_at", "_id", "_version")))


def change_shapes() -> list[tuple]:
    """(guard keys or None, shape) of every change statement the service sends: the game's
    checkpoint with or without rows, rows alone (a save's, an outbox row), each set of tables
    with every column but the id."""
    sets = [tuple(m for n, m in enumerate(_WRITTEN) if mask >> n & 1) for mask in range(1 << len(_WRITTEN))]
    out = []
    for models in sets:
        shape = tuple((model, _ROW_KEYS[model]) for model in models)
        out.append((_CHECKPOINT_GUARD, shape))
        if models:
            out.append((None, shape))
    return out


async def prepare_change_statements(driver, dialect) -> bool:
    """Run each change statement once on an asyncpg connection, changing nothing (no game has a
    NULL id; empty arrays insert no row), so the connection has prepared them all: otherwise each
    one's first use on each pooled connection added a round trip (asyncpg prepares a statement
    before its first run) and the planning of a large statement to that checkpoint, about 1 %
    of checkpoints at 10,000 games (`bench scale`: each 5-22 ms). False: the database has no
    (or an older) schema yet, or refused a statement otherwise (a lock or statement timeout
    while a migration holds a table, ...): not prepared now, tried again at a later checkout.
    Preparing is only a head start, so its failure never fails the operation checking out."""
    import asyncpg
    try:
        for guarded, shape in change_shapes():
            statement = _change_statement(guarded, shape, dialect)
            await driver.fetchval(statement.sql, *[[] if model is not None else None
                                                   for model, _key, _process in statement.params])
    except (asyncpg.UndefinedTableError, asyncpg.UndefinedColumnError):
        return False
    except asyncpg.PostgresError as error:
        if driver.is_closed():  # the server ended the connection: bot.db's listener connects anew
            raise
        log.warning("change statements not prepared ahead on this connection: %s", error)
        return False
    return True


CONNECTION_PREPARERS.append(prepare_change_statements)


@functools.lru_cache(maxsize=64)
def _change_statement(guarded: tuple | None, shape: tuple, dialect) -> _DriverStatement:
    """A change as one PostgreSQL statement: ``WITH g AS (UPDATE games ... WHERE id AND version
    RETURNING id), <table>_rows AS (INSERT INTO <table> SELECT ... FROM unnest(<one array per
    column>) WHERE EXISTS (SELECT FROM g)), ... SELECT count(*) FROM g``: a lost version race
    updates and inserts nothing (0), rows are inserted in their order. ``guarded``: the keys of
    the game's new values (None: rows alone, no guard); ``shape``: (model, row keys) of each
    table with rows. Built once per shape."""
    game = None
    if guarded is not None:
        game = _UPDATE_GAME.values({key: bindparam(key) for key in guarded if not key.startswith("_")}) \
            .returning(_GAMES.c.id).cte("g")
    inserts = []
    for model, keys in shape:
        table = model.__table__
        arrays = func.unnest(*[bindparam(f"{table.name}.{key}", type_=ARRAY(_array_item(table.c[key].type)))
                               for key in keys]).table_valued(*keys, with_ordinality="position").render_derived()
        rows = select(*[arrays.c[key] if _array_item(table.c[key].type) is table.c[key].type
                        else cast(arrays.c[key], table.c[key].type) for key in keys]).order_by(arrays.c.position)
        if game is not None:
            rows = rows.where(exists(select(game.c.id)))
        inserts.append(insert(table).from_select(keys, rows, include_defaults=False).cte(f"{table.name}_rows"))
    result = select(func.count()).select_from(game) if game is not None else select(literal_column("0"))
    if relaxed_commits(dialect):  # its own commit does not wait for the flush (bot.db.make_engine)
        result = result.where(_NO_FLUSH_WAIT)
    return _DriverStatement(result.add_cte(*inserts), dialect)


def _array_item(kind):
    """The item type of a column's array parameter: JSON goes as text, cast back to JSON in the
    statement (the same text stored; asyncpg knows a text array without looking it up, the
    others are looked up when a connection is made: bot.db._array_probe)."""
    return Text() if isinstance(kind, JSON) else kind


async def _driven(connection, sql: str, call):
    """Await a driver call; an error comes out as SQLAlchemy's execution raises it (the same
    translation: a busy database is retried, a constraint is an IntegrityError, ...). A connection
    lost meanwhile is invalidated, as SQLAlchemy's execution does: outside a transaction there is
    no rollback to fail on it, and the pool would hand the dead connection to the next operation."""
    try:
        return await call
    except Exception as error:
        from sqlalchemy.dialects.postgresql.asyncpg import AsyncAdapt_asyncpg_connection
        dbapi = connection.dialect.loaded_dbapi
        try:
            AsyncAdapt_asyncpg_connection._handle_exception_no_connection(dbapi, error)
        except dbapi.Error as translated:
            lost = (await connection.get_raw_connection()).driver_connection.is_closed()
            if lost:
                await connection.invalidate(translated)
            raise DBAPIError.instance(sql, None, translated, dbapi.Error, dialect=connection.dialect,
                                      connection_invalidated=lost) from error
        raise


class _DriverStatement:
    """A statement as SQLAlchemy compiles it for asyncpg, to be run by the driver itself: its SQL
    and each parameter's bind processing (JSON serialized, a state packed, datetimes as stored),
    an array parameter's (``<table>.<column>``: that column of a table's rows) value by value."""

    def __init__(self, statement, dialect):
        compiled = statement.compile(dialect=dialect)
        self.sql = str(compiled)
        self.params = []
        for name in compiled.positiontup:
            kind = compiled.binds[name].type
            if isinstance(kind, ARRAY):  # processed as the column's values are (JSON serialized)
                table, _, key = name.partition(".")
                column = _TABLES[table].__table__.c[key]
                self.params.append((_TABLES[table], key, column.type.dialect_impl(dialect).bind_processor(dialect)))
            else:
                self.params.append((None, name, kind.bind_processor(dialect)))

    def args(self, values: dict | None, batches: dict) -> tuple:
        """The arguments for the game's new ``values`` and the rows of each model (``batches``)."""
        out = []
        for model, key, process in self.params:
            if model is None:
                out.append(process(values[key]) if process else values[key])
            elif process:
                out.append([process(row[key]) for row in batches[model]])
            else:
                out.append([row[key] for row in batches[model]])
        return tuple(out)


_TABLES = {model.__table__.name: model for model in _WRITTEN}
_ROW_KEYS = {model: tuple(c.name for c in model.__table__.columns if c.name != "id") for model in _WRITTEN}


@asynccontextmanager
async def _reading(session):
    """An operation's reads before it writes: on PostgreSQL, outside a transaction already
    begun, each statement by itself (no BEGIN, so the checkpoint that follows is one statement
    without a COMMIT round trip; under READ COMMITTED a read inside a transaction saw no more
    than one by itself). Where the operation wrote already, or holds changes that a read would
    flush (autoflush: kick's autopilot), they run in its transaction: a change committed alone
    would outlive a checkpoint that fails."""
    connection = await session.connection()
    adapted = None
    if connection.dialect.driver == "asyncpg" and not (session.new or session.dirty or session.deleted):
        raw = await connection.get_raw_connection()
        if not raw.dbapi_connection.autocommit and not raw.driver_connection.is_in_transaction():
            adapted = raw.dbapi_connection
    if adapted is None:
        yield
        return
    adapted.autocommit = True
    try:
        yield
    finally:
        adapted.autocommit = False


# Games whose stored state was found intact, by (id, version, created_at): a version names one
# content of the row (every write bumps it), created_at tells apart rows of different databases
# that share an id. Checked once per version, so a click pays for no check of its own state. The
# value: the version's pending prompts answered by DM (GameService._dm_prompt_keys), when known.
_INTACT: OrderedDict[tuple, frozenset | None] = OrderedDict()
INTACT_REMEMBERED = 50_000


def _intact_key(game: Game) -> tuple:
    return game.id, game.version, game.created_at


def _trust(game: Game, dm_prompts: frozenset | None = None) -> None:
    key = _intact_key(game)
    _INTACT[key] = dm_prompts
    _INTACT.move_to_end(key)
    while len(_INTACT) > INTACT_REMEMBERED:
        _INTACT.popitem(last=False)


def state_damage(game: Game) -> list[str]:
    """What is wrong with the game's stored state (empty: intact): unreadable JSON, or what the
    rules find (GameRules.damage: shape, invariants, prompts and views)."""
    state = game.state
    if not isinstance(state, dict) or CORRUPT in state:
        return ["the stored state is not readable JSON"]
    if _intact_key(game) in _INTACT:
        return []
    problems = rules_for(game.kind).damage(state, game.players, game.options, game.setup)
    if problems:
        log.error("game %s: the stored state is damaged: %s", game.id, "; ".join(problems[:5]))
    else:
        _trust(game)
    return problems


def intact_state(game: Game) -> dict:
    """The game's state, or ServiceError("game_corrupt") (the clear damaged-game message) if the
    stored state is damaged."""
    if state_damage(game):
        raise ServiceError("game_corrupt")
    return game.state


def _apply(game: Game, rules, state, action) -> tuple:
    """Run an engine step (state, events) and tell the game's kept Keeper agents (:class:`_Minds`)
    its events; a failure other than a rule refusal means the saved state is damaged (or an
    engine bug): the game is refused clearly and nothing is written."""
    try:
        applied = rules.apply(state, action)
    except RuleError:
        raise
    except Exception as exc:  # noqa: BLE001 - reported as a damaged game, logged with its cause
        log.exception("engine failed on a saved state")
        raise ServiceError("game_corrupt") from exc
    minds = _MINDS.get(game.id)
    if minds is not None:
        minds.tell(applied[1])
    return applied


def _held(rules, prompts: list[dict], autopass_off, quiet=frozenset()) -> list[dict]:
    """The pending response-window prompts Keeper answers for their member: the only answer is
    to pass and the member keeps auto-pass on, or the member passes until their turn (``quiet``)."""
    return [p for p in prompts if p["kind"] in rules.WINDOW_KINDS
            and (p["player"] in quiet or (p["player"] not in autopass_off and shapes.only_answer(p) is not None))]


def _window_pass(prompt: dict) -> dict:
    """The answer Keeper gives a held window: its only answer, else its default (a pass)."""
    default = prompt.get("default")
    return shapes.only_answer(prompt) or (dict(default) if isinstance(default, dict) else {"type": "default"})


def quiet_seats(game: Game, rules, state) -> frozenset:
    """The members passing response windows until their turn (``Game.quiet``) whose next turn
    has not begun in ``state``."""
    if not game.quiet or not isinstance(state, dict) or CORRUPT in state:
        return frozenset()
    turn = rules.turn_of(state)
    return frozenset(seat for seat, asked_in in game.quiet.items()
                     if not (turn is not None and turn[0] == seat and turn[1] != asked_in))


def _notified(game: Game, rules, prompts: list[dict], autopass_off, proposed: dict | None = None) -> list[str]:
    """The players of the pending prompts but those only Keeper's pass answers, and the members
    (not kicked) a Keeper player's group decision waits for proposals from (:class:`Leads`) but
    those who proposed (``proposed``: prompt id -> member ids)."""
    held = _held(rules, prompts, autopass_off, quiet_seats(game, rules, game.state))
    proposed = proposed or {}
    asked = [a for p in prompts for a in lead_advisers(game, p) if a not in proposed.get(p["id"], ())]
    return list(dict.fromkeys([p["player"] for p in prompts if p not in held and p["player"] not in game.autopilot]
                              + asked))


def awaited_advisers(game: Game, prompts: list[dict], proposed: dict) -> dict:
    """Prompt id -> the member advisers a Keeper player's group decision still waits for (not
    those who proposed, ``proposed``: :meth:`GameService.who_proposed`, nor a member handed to
    Keeper): what the table names as awaited."""
    return {p["id"]: [a for a in lead_advisers(game, p) if a not in proposed.get(p["id"], ())]
            for p in prompts if keeper_decides(game, p["player"]) and p.get("advisers")}


def asked_by_dm(game: Game, prompts: list[dict], notified: list[str]) -> list[str]:
    """Of ``notified``, those whose every decision is sent by DM (a secret contribution): the DM
    notifies them, and a ping in the channel would say it twice (a closed DM pings there instead,
    bot.publisher's prompt_pending notice; a reminder still pings)."""
    kinds = dm_prompt_kinds(game.kind)
    if not kinds:
        return []
    by_dm = {p["player"] for p in prompts if p.get("kind") in kinds}
    other = {p["player"] for p in prompts if p.get("kind") not in kinds}
    return [p for p in notified if p in by_dm and p not in other]


MINDS_KEPT = 256  # games whose Keeper agents this process keeps (the least recently played go)


class _Minds:
    """The Keeper agents of one game, one a seat, each having observed every event its seat
    could see, action by action, as in a simulation (``engine.core.agent.tell``): what an agent
    remembers (who hindered a check, who showed which card, the dice it may reroll) decides
    as it does there. An agent also remembers its own decisions (Unfathomable's: that the player
    it picks next goes to the Brig, its actions this turn, when it judged others' crisis answers).
    Kept per process between steps and fed each applied action's events (:func:`_apply`); ``key``
    is the saved game they stand at (:func:`_minds_key`)."""

    def __init__(self, key: tuple, agents: dict):
        self.key, self.agents = key, agents

    def tell(self, events: list[dict]) -> None:
        tell(self.agents, events)

    @classmethod
    def rebuilt(cls, game: Game, rows: list) -> "_Minds | None":
        """The agents after the logged ``rows``, replayed action by action: each observes what its
        seat saw, and decides again where it decided (:func:`_decided_by_agent`), from that
        moment's view with that moment's generator (:func:`_agent_action`), so it remembers its
        own decisions as if the process had kept it; None if the log no longer replays (the
        agents then decide from the view alone, as before)."""
        rules = rules_for(game.kind)
        agents = {seat: keeper_for(game.kind, seat) for seat in game.players}

        def decide_again(state, index, action):
            row, agent = rows[index - 1], agents.get(str(action["player"]))
            if agent is None or not _decided_by_agent(row):
                return
            # the prompt it answered: its player's first (a Keeper seat's free action: none pending)
            prompt = next((p for p in rules.prompts(state) if p["player"] == str(action["player"])), None)
            try:  # the answer is the logged one; only what the agent remembers of it is wanted
                ask(rules, state, agent, prompt, _agent_rng(game, row.number - 1))
            except Exception:  # noqa: BLE001 - as at the table, a faulty agent costs nothing else
                log.warning("game %s: Keeper agent failed again at action %s", game.id, row.number, exc_info=True)

        try:  # a game begun under other rules or content replays as far as it can, as before
            replay(_record(game, rows), allow_other_version=True, each_step=lambda events: tell(agents, events),
                   before_step=decide_again)
        except Exception:  # noqa: BLE001 - memory is a strength, never a condition to play
            log.warning("game %s: its Keeper agents' memory could not be rebuilt", game.id, exc_info=True)
            return None
        return cls(_minds_key(game), agents)


_MINDS: OrderedDict[int, _Minds] = OrderedDict()  # game id -> its agents, least recently played first


def _minds_key(game: Game) -> tuple:
    return game.epoch, game.last_action, tuple(game.players)


def _decided_by_agent(row: ActionLog) -> bool:
    """Whether a Keeper agent was asked for this logged move: every move of a Keeper seat (its
    "default" too: the agent had no answer or an illegal one) but a step the rules made alone
    (``auto``), a kicked member's move Keeper made (:data:`STAND_IN`) that is not the plain
    default, and a member's move Keeper's agent made at a deadline or /gm skip (marked
    ``keeper``; not marked before 28 Nov 2026). After /gm replace a seat's rows name its new
    player: a member's moves in a seat a Keeper player took over count as the agent's; a Keeper
    player's moves in a seat a member took over stay Keeper's (:data:`STAND_IN`, marked
    ``keeper``; since 28 Nov 2026)."""
    if row.action.get("auto"):
        return False
    return is_keeper(row.actor) or bool(row.action.get("keeper")) \
        or (row.actor == STAND_IN and row.action.get("type") != "default")


def _agent_rng(game: Game, position: int) -> random.Random:
    """The generator a Keeper agent decides with: seeded by the game and the position in its log
    (the number of the action it decides on, less one), so the same situation gets the same answer."""
    return random.Random(f"{game.id}:{position}")


def _agent_action(game: Game, rules, state: dict, player: str, prompt: dict | None, step: int,
                  among: list[dict] | None = None) -> dict | None:
    """What the Keeper agent seated as ``player`` does (answers ``prompt``, or with None takes a
    free action or nothing), deciding from that player's view only (``among``: only these of the
    prompt's options); None if it has no answer (or fails: the default then stands in)."""
    try:
        minds = _MINDS.get(game.id)
        agent = minds.agents.get(player) if minds is not None else None
        action = ask(rules, state, agent or keeper_for(game.kind, player), prompt,
                     _agent_rng(game, game.last_action + step), among=among)
    except Exception:  # noqa: BLE001 - a faulty agent must not cost the game its turn
        log.exception("Keeper agent failed in game %s", game.id)
        return None
    if not action or action.get("player") != player:
        return None
    return {**action, "prompt": prompt["id"]} if prompt is not None else action


class _All:
    """Every prompt id: with no time for a wait, no Keeper-led decision waits."""

    def __contains__(self, item) -> bool:
        return True


ALL = _All()


@dataclass
class Leads:
    """A step's Keeper-led group decisions (a Keeper player decides, members advise; see
    :func:`lead_advisers`): the members' proposals for those pending when the step began
    (prompt id -> [(member id, option)], oldest first), the ones whose wait is over
    (``released``), the guild's language for its lines and the public lines of what Keeper's
    Lead chose. Such a decision waits until every member adviser proposed or its wait is over."""
    proposals: dict = field(default_factory=dict)
    pending: frozenset = frozenset()
    released: frozenset | _All = frozenset()
    lang: str = "en"
    notices: list = field(default_factory=list)

    def waits(self, game: Game, prompt: dict) -> bool:
        advisers = lead_advisers(game, prompt)
        if not advisers or prompt["id"] in self.released:
            return False
        return not set(advisers) <= {uid for uid, _ in self.proposals.get(prompt["id"], ())}


def _greet(announced: list, uid: str) -> None:
    """The member seated is pinged by the public line that says so (an edit never pings)."""
    for model, values in announced:
        if model is Outbox and values["kind"] == "public":
            values["payload"]["greet"] = [uid]


def open_keeper_seats(game: Game) -> list[str]:
    """The Keeper players' seats a member may take: those still in the game (not put out)."""
    state = game.state
    if game.status != "active" or not isinstance(state, dict) or CORRUPT in state:
        return []
    rules = rules_for(game.kind)
    return [seat for seat in keepers(game.players) if rules.still_playing(state, seat)]


def keeper_decides(game: Game, player: str) -> bool:
    """Keeper makes this seat's decisions as its player: a Keeper player, or a member away."""
    return is_keeper(player) or player in game.away


def may_take_keeper_seat(game: Game, uid: str) -> bool:
    """A member who plays no seat may take a Keeper player's by themselves: one is still in the
    game, and they neither left a seat of it nor exported its record (which holds the seed)."""
    return bool(open_keeper_seats(game)) and uid not in game.left and uid not in game.exporters


def kicked(game: Game, uid: str) -> bool:
    """Removed from the game by an admin: Keeper plays their seat and only an admin gives it back
    (a member away, also played by Keeper, takes it back by themselves)."""
    return uid in game.autopilot and uid not in game.away


def keeper_led(game: Game) -> bool:
    """Keeper decides some seat's group decisions: a Keeper player's, or a member's who is away."""
    return bool(keepers(game.players) or game.away)


def lead_advisers(game: Game, prompt: dict) -> list[str]:
    """The members (not kicked) who advise on a one-of-a-list group decision Keeper makes, a
    Keeper player's or an away member's (/game away): the decision waits for their proposals
    (none: Keeper answers at once, as at an all-Keeper table)."""
    if not keeper_decides(game, prompt["player"]) or prompt.get("shape", "one") != "one":
        return []
    return [a for a in prompt.get("advisers", ()) if is_member(a) and a not in game.autopilot]


def lead_wait_seconds(settings, default_minutes: int = 0) -> int:
    """How long a Keeper-led group decision waits for proposals: the server's turn time, or
    without one its response-window time (``window_seconds``; 0: no wait)."""
    minutes = settings.turn_timeout_minutes if settings.turn_timeout_minutes is not None else default_minutes
    if minutes:
        return minutes * 60
    return WINDOW_SECONDS if settings.window_seconds is None else settings.window_seconds


def _question(game: Game, state: dict, prompt: dict, lang: str) -> str:
    """What a group decision asks, as the game's renderer words it ("Akachi Onyele: pass the
    Lead?"), for a public line that says what Keeper's player waits for proposals on."""
    return group_question(game, state, prompt, lang) or "—"


def group_question(game, state: dict, prompt: dict, lang: str) -> str | None:
    """What a group decision asks, as the game's renderer words it (its ``decision_text``), at
    most 200 characters; None if the renderer words no questions (or fails to)."""
    words = getattr(ui_for(game.kind), "decision_text", None)
    if words is None:
        return None
    try:
        return words(lang, prompt, state)[:200] or None
    except Exception:  # noqa: BLE001 - a line without its question beats a lost step
        log.exception("game %s: prompt %s has no question text", getattr(game, "id", None), prompt.get("id"))
        return None


def decided_line(game, state: dict, prompt: dict, label: str, lang: str, followed=()) -> dict:
    """The public line of a group decision: its decider, what it asked (a bare "Yes" or "Discard
    0" told nothing), the answer ``label``; ``followed``: the members whose proposal a Keeper
    decider followed. ``state``: the state the decision was asked in."""
    question = group_question(game, state, prompt, lang)
    asked = {"question": question} if question else {}
    if followed:
        return notice("group.keeper_followed_on" if question else "group.keeper_followed",
                      player=prompt["player"], players=list(followed), option=label, **asked)
    return notice("group.decided_on" if question else "group.decided", player=prompt["player"], option=label, **asked)


def _option_label(game: Game, state: dict, player: str, option: dict, lang: str) -> str:
    """``player``'s option as their panel labels it (the game's renderer), for a public line."""
    try:
        return ui_for(game.kind).option_label({**option, "player": player}, state, game.names, lang)[:100]
    except Exception:  # noqa: BLE001 - a line without its label beats a lost step
        log.exception("game %s: option %s has no label", game.id, option)
        return "—"


def _seat_news(game: Game, rows: list[ActionLog], seat: str) -> list[dict]:
    """The private events ``seat`` has seen (its latest NEWS_SHOWN), replayed from the log ``rows``:
    a Keeper player keeps no news rows. None if the log no longer replays (only news is lost)."""
    try:
        events = replay(_record(game, rows)).events
    except Exception:  # noqa: BLE001 - the seat and its hand go to the member whatever
        log.warning("game %s: what %s saw cannot be replayed", game.id, seat)
        return []
    return route(events, game.players)[1].get(seat, [])[-NEWS_SHOWN:]


# the actor of an action-log row Keeper played in a kicked member's seat (no seat's id: a
# replacement renames the seat's rows, never this, so the newcomer's own moves stay told apart)
STAND_IN = "keeper"


def _actor(game: Game, action: dict) -> str:
    """Who made a logged move: its player, or Keeper for a kicked member (:data:`STAND_IN`)."""
    player = str(action["player"])
    return STAND_IN if player in game.autopilot else player


def _loggable(action: dict) -> dict:
    return {k: v for k, v in action.items() if k != "prompt"}


def _record(game: Game, rows: list[ActionLog]) -> GameRecord:
    """The game's record: what replays it (undo, export, bug reports)."""
    version = game.state.get("version") if isinstance(game.state, dict) else None
    return GameRecord(game=game.kind, seed=game.seed, players=list(game.players), options=dict(game.options),
                      setup=dict(game.setup), actions=[row.action for row in rows], version=version)
