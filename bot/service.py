"""Game services: every operation on a game, checkpointed before anyone is told about it.

Cogs call these and render the outcome; no rule lives here either (the engine decides), only
persistence, locking, autopilot for kicked players, undo by replay and deadlines.
"""
from __future__ import annotations

import asyncio
import random
from collections import defaultdict
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sqlalchemy import insert, update
from sqlmodel import select

from bot.db import ActionLog, Game, GuildSettings, Inbox, LIVE_STATUSES, utcnow
from engine.core.errors import RuleError
from engine.core.game import rename_player
from engine.core.record import GameRecord, replay
from engine.registry import PLAYABLE, rules_for


class ServiceError(Exception):
    """A refusal to show the member (translated by ``code``)."""

    def __init__(self, code: str, **params):
        self.code = code
        self.params = params
        super().__init__(code)


@dataclass
class Outcome:
    game: Game
    events: list[dict] = field(default_factory=list)
    applied: list[dict] = field(default_factory=list)  # actions accepted, in order
    revealed: bool = False  # an undo crossed a reveal of private information


class GameService:
    def __init__(self, sessions, default_timeout_minutes: int = 0, default_language: str = "en"):
        self.sessions = sessions
        self.default_timeout_minutes = default_timeout_minutes
        self.default_language = default_language
        self._locks: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._channel_of: dict[int, int] = {}  # game id -> channel id (never changes)
        self._guild_cache: dict[int, GuildSettings] = {}

    def lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks[channel_id]

    # ------------------------------------------------------------------ reading
    async def get(self, game_id: int) -> Game | None:
        async with self.sessions() as session:
            return await session.get(Game, game_id)

    async def require(self, game_id: int) -> Game:
        game = await self.get(game_id)
        if game is None:
            raise ServiceError("no_game")
        return game

    async def live_game(self, channel_id: int) -> Game | None:
        async with self.sessions() as session:
            result = await session.exec(select(Game).where(Game.live_channel == channel_id))
            return result.first()

    async def last_game(self, channel_id: int) -> Game | None:
        """The channel's most recent game (for admin tools after a game has finished)."""
        async with self.sessions() as session:
            result = await session.exec(select(Game).where(Game.channel_id == channel_id)
                                        .order_by(Game.id.desc()))
            return result.first()

    async def actions(self, game_id: int) -> list[ActionLog]:
        async with self.sessions() as session:
            rows = await session.exec(select(ActionLog).where(ActionLog.game_id == game_id,
                                                              ActionLog.undone == False)  # noqa: E712
                                      .order_by(ActionLog.number))
            return list(rows.all())

    async def record(self, game_id: int) -> GameRecord:
        game = await self.require(game_id)
        return _record(game, await self.actions(game_id))

    async def live_games(self) -> list[Game]:
        async with self.sessions() as session:
            rows = await session.exec(select(Game).where(Game.status == "active"))
            return list(rows.all())

    # ------------------------------------------------------------------ guild settings
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        cached = self._guild_cache.get(guild_id)
        if cached is not None:
            return cached
        async with self.sessions() as session:
            found = await session.get(GuildSettings, guild_id) or GuildSettings(guild_id=guild_id)
        self._guild_cache[guild_id] = found
        return found

    async def update_guild_settings(self, guild_id: int, **changes) -> GuildSettings:
        async with self.sessions() as session:
            found = await session.get(GuildSettings, guild_id) or GuildSettings(guild_id=guild_id)
            for key, value in changes.items():
                setattr(found, key, value)
            session.add(found)
            await session.commit()
            await session.refresh(found)
        self._guild_cache[guild_id] = found
        return found

    async def guild_language(self, guild_id: int | None) -> str:
        if guild_id is None:
            return self.default_language
        return (await self.guild_settings(guild_id)).language or self.default_language

    # ------------------------------------------------------------------ lobby
    async def create_lobby(self, guild_id: int, channel_id: int, kind: str, creator_id: int,
                           options: dict | None = None, creator_name: str | None = None) -> Game:
        if kind not in PLAYABLE:
            raise ServiceError("unknown_kind", kind=kind)
        async with self.lock(channel_id):
            if await self.live_game(channel_id):
                raise ServiceError("channel_busy")
            game = Game(guild_id=guild_id, channel_id=channel_id, live_channel=channel_id, kind=kind,
                        creator_id=creator_id, players=[str(creator_id)], options=options or {},
                        names={str(creator_id): creator_name or str(creator_id)},
                        seed=random.SystemRandom().randrange(2**62))
            async with self.sessions() as session:
                session.add(game)
                await session.commit()
                await session.refresh(game)
            return game

    @asynccontextmanager
    async def _locked(self, game_id: int):
        """The game row, loaded in a session, under its channel's lock."""
        async with self.lock(await self._channel(game_id)):
            async with self.sessions() as session:
                game = await session.get(Game, game_id)
                if game is None:
                    raise ServiceError("no_game")
                yield session, game

    @staticmethod
    async def _save(session, game: Game) -> Game:
        game.version += 1
        game.updated_at = utcnow()
        session.add(game)
        await session.commit()
        await session.refresh(game)
        return game

    async def _mutate_lobby(self, game_id: int, change) -> Game:
        async with self._locked(game_id) as (session, game):
            if game.status != "lobby":
                raise ServiceError("not_in_lobby")
            change(game)
            return await self._save(session, game)

    async def join(self, game_id: int, user_id: int, name: str | None = None) -> Game:
        def change(game: Game):
            if str(user_id) in game.players:
                raise ServiceError("already_joined")
            if len(game.players) >= rules_for(game.kind).max_players:
                raise ServiceError("lobby_full")
            game.players = game.players + [str(user_id)]
            game.names = {**game.names, str(user_id): name or str(user_id)}
        return await self._mutate_lobby(game_id, change)

    async def leave(self, game_id: int, user_id: int) -> Game:
        def change(game: Game):
            if str(user_id) not in game.players:
                raise ServiceError("not_joined")
            game.players = [p for p in game.players if p != str(user_id)]
        return await self._mutate_lobby(game_id, change)

    async def set_setup(self, game_id: int, setup: dict) -> Game:
        """Setup overrides (fixed seats/hands/deck) for scenarios and bug reproduction."""
        def change(game: Game):
            game.setup = dict(setup)
        return await self._mutate_lobby(game_id, change)

    async def set_options(self, game_id: int, options: dict) -> Game:
        def change(game: Game):
            game.options = dict(options)
        return await self._mutate_lobby(game_id, change)

    async def start(self, game_id: int) -> Outcome:
        async with self._locked(game_id) as (session, game):
            if game.status != "lobby":
                raise ServiceError("not_in_lobby")
            rules = rules_for(game.kind)
            if len(game.players) < rules.min_players:
                raise ServiceError("too_few_players", count=len(game.players), min=rules.min_players,
                                   kind=game.kind)
            state, events = rules.new_game(game.players, game.seed, game.options, game.setup)
            game.state = state
            game.status = "active"
            await self._set_deadline(game)
            return Outcome(game=await self._save(session, game), events=events)

    async def abort(self, game_id: int) -> Game:
        return await self._end(game_id, "aborted")

    async def reset(self, game_id: int) -> Game:
        """Admin reset: the game is archived (kept, with its log), and the channel is free."""
        return await self._end(game_id, "archived")

    async def _end(self, game_id: int, status: str) -> Game:
        async with self._locked(game_id) as (session, game):
            if game.status not in LIVE_STATUSES:
                raise ServiceError("not_live")
            game.status = status
            game.live_channel = None
            game.deadline = game.reminder_at = None
            return await self._save(session, game)

    # ------------------------------------------------------------------ playing
    async def _channel(self, game_id: int) -> int:
        if game_id not in self._channel_of:
            game = await self.get(game_id)
            if game is None:
                raise ServiceError("no_game")
            self._channel_of[game_id] = game.channel_id
        return self._channel_of[game_id]

    async def act(self, game_id: int, action: dict) -> Outcome:
        """Apply one member's action; kicked players' prompts are then answered by default."""
        async with self._locked(game_id) as (session, game):
            if game.status != "active":
                raise ServiceError("not_active")
            rules = rules_for(game.kind)
            state, events = rules.apply(game.state, action)  # RuleError: nothing changed
            applied = [_loggable(action)]
            reveals = [any(e.get("reveal") for e in events)]
            state, more = self._autopilot(rules, state, game.autopilot, applied, reveals)
            events.extend(more)
            await self._checkpoint(session, game, state, applied, reveals)
            return Outcome(game=game, events=events, applied=applied)

    def _autopilot(self, rules, state, autopilot, applied, reveals):
        events = []
        while not rules.is_over(state):
            waiting = [p for p in rules.prompts(state) if p["player"] in autopilot]
            if not waiting:
                break
            action = {"player": waiting[0]["player"], "type": "default"}
            state, more = rules.apply(state, action)
            applied.append(action)
            reveals.append(any(e.get("reveal") for e in more))
            events.extend(more)
        return state, events

    async def _checkpoint(self, session, game: Game, state: dict, applied: list[dict], reveals: list[bool]):
        old_version, first = game.version, game.last_action + 1
        game.state = state
        if rules_for(game.kind).is_over(state):
            game.status = "finished"
            game.live_channel = None
        await self._set_deadline(game)
        values = dict(state=state, version=old_version + 1, last_action=game.last_action + len(applied),
                      status=game.status, live_channel=game.live_channel, deadline=game.deadline,
                      reminder_at=game.reminder_at, updated_at=utcnow())
        # core statements on the session's connection: one UPDATE guarded by the version and one
        # multi-row INSERT, without ORM flush bookkeeping (this is the hot path of every click)
        connection = await session.connection()
        result = await connection.execute(update(Game).where(Game.id == game.id, Game.version == old_version)
                                          .values(**values))
        if result.rowcount != 1:
            await session.rollback()
            raise ServiceError("conflict")
        now = utcnow()
        if applied:
            await connection.execute(insert(ActionLog), [
                {"game_id": game.id, "number": first + offset, "actor": str(action["player"]), "action": action,
                 "reveal": reveal, "created_at": now}
                for offset, (action, reveal) in enumerate(zip(applied, reveals))])
        await session.commit()
        for key, value in values.items():
            setattr(game, key, value)

    async def _set_deadline(self, game: Game) -> None:
        settings = await self.guild_settings(game.guild_id)
        minutes = settings.turn_timeout_minutes if settings and settings.turn_timeout_minutes is not None \
            else self.default_timeout_minutes
        if game.status != "active" or not minutes:
            game.deadline = game.reminder_at = None
            return
        now = utcnow()
        game.deadline = now + timedelta(minutes=minutes)
        game.reminder_at = now + timedelta(minutes=minutes / 2)

    # ------------------------------------------------------------------ admin
    async def undo(self, game_id: int, count: int = 1, force: bool = False) -> Outcome:
        async with self._locked(game_id) as (session, game):
            if game.status not in ("active", "finished"):
                raise ServiceError("not_active")
            rows = list((await session.exec(
                select(ActionLog).where(ActionLog.game_id == game_id, ActionLog.undone == False)  # noqa: E712
                .order_by(ActionLog.number))).all())
            if count < 1 or count > len(rows):
                raise ServiceError("undo_range", available=len(rows))
            revealed = any(row.reveal for row in rows[-count:])
            if revealed and not force:
                raise ServiceError("undo_needs_force")
            state = replay(_record(game, rows[:-count])).state
            await session.exec(update(ActionLog).where(ActionLog.game_id == game_id,
                                                       ActionLog.number >= rows[-count].number)
                               .values(undone=True))
            if game.status == "finished":
                if (await session.exec(select(Game).where(Game.live_channel == game.channel_id))).first():
                    raise ServiceError("channel_busy")
                game.status, game.live_channel = "active", game.channel_id
            game.state = state
            await self._set_deadline(game)
            return Outcome(game=await self._save(session, game), revealed=revealed)

    async def kick(self, game_id: int, user_id: int) -> Outcome:
        """Lobby: remove the member. Running game: their decisions are made by default from now on."""
        if (await self.require(game_id)).status == "lobby":
            return Outcome(game=await self.leave(game_id, user_id))
        uid = str(user_id)
        async with self._locked(game_id) as (session, game):
            if uid not in game.players:
                raise ServiceError("not_joined")
            if game.status != "active":
                raise ServiceError("not_active")
            game.autopilot = sorted(set(game.autopilot) | {uid})
            rules = rules_for(game.kind)
            applied, reveals = [], []
            state, events = self._autopilot(rules, game.state, game.autopilot, applied, reveals)
            await session.exec(update(Game).where(Game.id == game.id).values(autopilot=game.autopilot))
            await self._checkpoint(session, game, state, applied, reveals)
            return Outcome(game=game, events=events, applied=applied)

    async def replace(self, game_id: int, old: int, new: int, new_name: str | None = None) -> Game:
        old_id, new_id = str(old), str(new)
        async with self._locked(game_id) as (session, game):
            if old_id not in game.players:
                raise ServiceError("not_joined")
            if new_id in game.players:
                raise ServiceError("already_joined")
            game.players = rename_player(game.players, old_id, new_id)
            game.setup = rename_player(game.setup, old_id, new_id)
            game.options = rename_player(game.options, old_id, new_id)
            if game.state is not None:
                game.state = rename_player(game.state, old_id, new_id)
            game.autopilot = [p for p in game.autopilot if p != old_id]
            game.names = {**rename_player(game.names, old_id, new_id), new_id: new_name or new_id}
            rows = (await session.exec(select(ActionLog).where(ActionLog.game_id == game_id))).all()
            for row in rows:
                row.actor = rename_player(row.actor, old_id, new_id)
                row.action = rename_player(row.action, old_id, new_id)
                session.add(row)
            return await self._save(session, game)

    async def skip(self, game_id: int, user_id: int | None = None) -> Outcome:
        """Apply the default answer for every pending decision (of one member, if named)."""
        game = await self.get(game_id)
        if game is None or game.status != "active":
            raise ServiceError("not_active")
        rules = rules_for(game.kind)
        waiting = [p["player"] for p in rules.prompts(game.state)]
        if user_id is not None:
            waiting = [p for p in waiting if p == str(user_id)]
        if not waiting:
            raise ServiceError("nothing_to_skip")
        outcome = Outcome(game=game)
        for player in dict.fromkeys(waiting):
            try:
                step = await self.act(game_id, {"player": player, "type": "default"})
            except RuleError:
                continue  # the decision went away with an earlier default
            outcome.game = step.game
            outcome.events.extend(step.events)
            outcome.applied.extend(step.applied)
        return outcome

    # ------------------------------------------------------------------ deadlines
    async def due(self, now: datetime | None = None) -> tuple[list[Game], list[Game]]:
        """(games whose reminder is due, games whose deadline has passed)."""
        now = now or utcnow()
        async with self.sessions() as session:
            reminders = (await session.exec(select(Game).where(
                Game.status == "active", Game.reminder_at != None, Game.reminder_at <= now))).all()  # noqa: E711
            expired = (await session.exec(select(Game).where(
                Game.status == "active", Game.deadline != None, Game.deadline <= now))).all()  # noqa: E711
            return list(reminders), list(expired)

    async def mark_reminded(self, game_id: int) -> None:
        async with self.sessions() as session:
            await session.exec(update(Game).where(Game.id == game_id).values(reminder_at=None))
            await session.commit()

    async def clear_deadline(self, game_id: int) -> None:
        async with self.sessions() as session:
            await session.exec(update(Game).where(Game.id == game_id).values(deadline=None, reminder_at=None))
            await session.commit()

    async def set_table_message(self, game_id: int, message_id: int) -> None:
        async with self.sessions() as session:
            await session.exec(update(Game).where(Game.id == game_id).values(table_message_id=message_id))
            await session.commit()

    async def remember_name(self, game: Game, user_id: int, name: str) -> None:
        if game.names.get(str(user_id)) == name:
            return
        game.names = {**game.names, str(user_id): name}
        async with self.sessions() as session:
            await session.exec(update(Game).where(Game.id == game.id).values(names=game.names))
            await session.commit()

    # ------------------------------------------------------------------ inbox (closed DMs)
    async def inbox_add(self, game_id: int, user_id: int, events: list[dict]) -> None:
        async with self.sessions() as session:
            session.add(Inbox(game_id=game_id, user_id=user_id, events=events))
            await session.commit()

    async def inbox_take(self, game_id: int, user_id: int) -> list[dict]:
        async with self.sessions() as session:
            rows = (await session.exec(select(Inbox).where(
                Inbox.game_id == game_id, Inbox.user_id == user_id, Inbox.delivered == False)  # noqa: E712
                .order_by(Inbox.id))).all()
            events = [e for row in rows for e in row.events]
            for row in rows:
                row.delivered = True
                session.add(row)
            await session.commit()
            return events


def _loggable(action: dict) -> dict:
    return {k: v for k, v in action.items() if k != "prompt"}


def _record(game: Game, rows: list[ActionLog]) -> GameRecord:
    """The game's record: what replays it (undo, export, bug reports)."""
    return GameRecord(game=game.kind, seed=game.seed, players=list(game.players), options=dict(game.options),
                      setup=dict(game.setup), actions=[row.action for row in rows])
