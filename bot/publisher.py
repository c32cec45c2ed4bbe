"""Delivering the outbox: the channel log, and private news by DM. The service wrote every
announcement in the same transaction as the change it announces; this only sends them, after the
commit, until they arrive.

The channel log (:class:`ChannelLog`): the public lines of one section of the game (a turn, a
phase: the renderer's ``log_section``) are one message, edited as the section goes on, and the
live one carries the table (picture, state, who is waited for, the act button) at the bottom of
the channel. When the section moves on to a member handed a decision, the old message keeps only
its lines (the table and the button go) and a new live message is posted that pings them; when
nobody is to be notified (a solo player), or the live message holds fewer than MIN_ROWS changes,
the lines go on in the same message. A line that only says what the next one will make
plain (a roll about to be made, a response window closed) gives way to it when it comes next in
the live message (a new message that pings goes on with the announcements the one before ended
on, and the happening they belong to), events in a row are told as one (the renderer's
``merged``), and a later part of a happening (a card's discard) is told at the end of that
happening's line while the live message holds it. A long log
continues in a new message, so no line is lost. A member is pinged only by the posting of a
live message that waits for them, and only once per decision handed to them (a mention in a
line never pings). Every message is sent with a nonce Discord enforces, and the log's state is
saved with the rows it shows, so a redelivery after a crash edits the same message to the same
text instead of posting it twice.

A 429 or a 5xx, a missing permission or a crash delays an announcement, never loses it: the row
stays undelivered and is retried with backoff (or the rate limit's retry-after) by the outbox
loop and after a restart. Public lines of one game arrive in order. A closed DM is not retried:
the news stays readable in the member's panel and the channel is told to look there.

Game-agnostic: each game's renderer comes from :mod:`bot.games`.
"""
from __future__ import annotations

import asyncio
import contextlib
import contextvars
import io
import json
import logging
import weakref

import discord

from bot import operations
from bot.db import LIVE_STATUSES, PAUSED_NOTICE, Game, Outbox
from bot.operations import ChannelGone, GiveUp, Retry, classify
from bot.i18n import t
from bot.seats import is_member, mention
from bot.service import GameService, ServiceError, asked_by_dm, awaited_advisers
from bot.games import ui_for
from bot.games.common import distinct_choices, joined
from engine.registry import rules_for
from bot.interactions import again_button, hand_button, option_button, plain

log = logging.getLogger("keeper.publish")

MAX_MESSAGE = 1900
CONTENT_LIMIT = 2000  # Discord's limit of a message's text
NO_PINGS = discord.AllowedMentions.none()
# a new section posts a new live message only after this many announced changes in the current
# one: the channel never holds more than about one message for every three decisions
MIN_ROWS = 3
# notice parameters that name members (rendered as mentions)
MEMBER_PARAMS = {"player", "players", "old", "new"}
# notices that say what the table waits for once the step is over: they follow the step's lines
# (the others, such as "Keeper played for …", say why the step happened and come first)
AFTER_THE_STEP = frozenset({"group.keeper_waits", "group.keeper_waits_on"})
# notices the next line makes plain: a response window's time was up ("The response window
# closed"), followed by the roll or the result it let happen, or by the move it let be made. Left
# out of a step with lines of its own; otherwise said until the next line stands in its place.
TOLD_BY_THE_NEXT = frozenset({"window.closed"})
UNTIL_NEXT = "until-next"
# keys of the lines a game's renderer folds (bot.games.common.Line): an announcement of what is
# about to happen, and the line of what happened, which stands in its place when it comes next
OPENS, SETTLES = "opens:", "settles:"
# the key of a line that tells an event the renderer may tell as one with the next (its JSON)
MERGES = "merges:"
# a settling line that also tells such an event (a die rolled, told as one with what it made
# when that comes in a later step): it settles, then is kept under its MERGES key
SETTLES_MERGES = "settles-merges:"
# keys of a line that begins a happening, and of a later part of it told at that line's end
# (bot.games.common.Line: gathers, joins and its tail, as JSON)
GATHERS, JOINS = "gathers:", "joins:"


def chunks(lines: list[str], limit: int = MAX_MESSAGE) -> list[str]:
    """Messages of at most ``limit`` characters, whole lines together (a longer line is cut)."""
    out, current = [], ""
    lines = [line[i:i + limit] for line in lines for i in range(0, max(len(line), 1), limit)]
    for line in lines:
        if current and len(current) + len(line) + 1 > limit:
            out.append(current)
            current = ""
        current = f"{current}\n{line}" if current else line
    if current:
        out.append(current)
    return out


def notice_line(lang: str, item: dict, button: str = "") -> str:
    """A notice in ``lang``; ``button``: the label of the game's hand button, which a line that
    sends a member to their panel names (the one they see under the table)."""
    params = {"button": button}
    for key, value in item.get("params", {}).items():
        if key in MEMBER_PARAMS:
            value = ", ".join(mention(p, lang) for p in value) or "—" if isinstance(value, list) \
                else mention(value, lang)
        params[key] = value
    return t(lang, item["key"], **params)


class ChannelLog:
    """The game's channel log as saved on its row (``Game.channel_log``): the live message's id,
    the section it belongs to, its lines (``[key, text]``: a keyed line, such as an adviser's
    proposal, is replaced when its key comes again; an announcement a game's renderer folds,
    ``OPENS``, gives way to the line settling it, and a notice ``UNTIL_NEXT`` to any next line:
    each says nothing once that is there; a line that began a happening, ``GATHERS``, takes the
    later parts of it at its end), the last outbox row it shows, who it
    waits for and who is owed a ping (handed a decision and not yet pinged for it)."""

    def __init__(self, data: dict | None):
        data = dict(data or {})
        self.id: int | None = data.get("id")
        self.seq: int = data.get("seq", 0)  # the message's number in the log (its nonce)
        self.section = data.get("section")
        self.lines: list[list] = [list(line) for line in data.get("lines", [])]
        self.last_row: int = data.get("last_row", 0)
        self.waiting: list[str] = list(data.get("waiting", []))
        self.owed: list[str] = list(data.get("owed", []))
        # members the next posting pings whatever they are waited for (one just given a seat)
        self.greet: list[str] = list(data.get("greet", []))
        self.rows: int = data.get("rows", 0)  # announced changes in the live message
        # [row id, its lines shown]: a row whose lines closed a message on the way (they are in
        # that message; a redelivery goes on after them)
        self.partial: list | None = data.get("partial")
        # members whose DMs refused Keeper and members told so ({"closed": [...], "told": [...]}):
        # kept with the log, so a restart neither tells them again nor tries a refused DM anew
        self.dms: dict = dict(data.get("dms") or {})

    @property
    def data(self) -> dict:
        return {"id": self.id, "seq": self.seq, "section": self.section, "lines": self.lines,
                "last_row": self.last_row, "waiting": self.waiting, "owed": self.owed, "rows": self.rows,
                "partial": self.partial, **({"greet": self.greet} if self.greet else {}),
                **({"dms": self.dms} if self.dms else {})}

    def body(self) -> str:
        return "\n".join(text for _key, text in self.lines)

    def nonce(self, game_id: int) -> str:
        return f"k{game_id}.{self.seq}"[:25]

    def wait_for(self, players: list[str], by_dm=()) -> None:
        """Who the game now waits for: a member newly waited for is owed one ping, but not one
        whose decision a DM brings (``by_dm``: that DM notifies); one no longer waited for is owed
        none (the decision is gone)."""
        players = list(dict.fromkeys(players))
        self.owed = [p for p in dict.fromkeys(self.owed + [p for p in players if p not in self.waiting
                                                           and p not in by_dm])
                     if p in players and is_member(p)]  # a Keeper player is never pinged
        self.waiting = players

    def replace(self, key: str | None, text: str) -> bool:
        if key is None or key == UNTIL_NEXT or key.startswith((OPENS, MERGES, GATHERS, JOINS)):
            return False  # a notice's own key only (an adviser's proposal): a folding line's never
        for line in self.lines:
            if line[0] == key:
                line[1] = text
                return True
        return False

    def fold(self, ui, key: str | None, text: str, lang: str) -> tuple[str | None, bool]:
        """A new line (``key``: :meth:`Publisher._entries`'), folded into the lines: (the key to
        append it with, whether it is told already: a keyed notice replaced, an event told as one
        with the last line's). Lines it makes plain go: a notice said ``UNTIL_NEXT``, the lines
        announcing what it settles."""
        settles, key = _settling(key)
        if settles is not None:  # what it settles goes first, also when its event is then told with the last line's
            self.settle(settles)
        if self.replace(key, text) or _merge_into_last(ui, self, key, lang):
            return key, True
        if key is not None and key.startswith(JOINS):
            if self.join(*json.loads(key[len(JOINS):])):
                return None, True
            key = None  # what it belongs to is not in the live message: a line of its own
        if self.lines and self.lines[-1][0] == UNTIL_NEXT:
            self.lines.pop()
        if key is not None and key.startswith(SETTLES):
            self.settle(key[len(SETTLES):])
            key = None
        return key, False

    def join(self, what: str, tail: str, more: bool = False) -> bool:
        """Tell ``tail`` at the end of the latest line that began ``what`` (keyed ``GATHERS``),
        if the live message holds it and has room; whether it was told. ``more``: later parts may
        still join it (the line keeps its key)."""
        for line in reversed(self.lines):
            if line[0] == GATHERS + what:
                if len(self.body()) + len(tail) + 3 > MAX_MESSAGE:
                    return False
                # a happening's line takes its end once: a card played inside another play of the
                # same card resolves first, and the outer play's end goes to the earlier line
                line[0], line[1] = line[0] if more else None, joined(line[1], tail)
                return True
        return False

    def add(self, key: str | None, text: str) -> None:
        """Append a line. Only the last line's event is ever told as one with a next line's
        (:func:`_merge_into_last`), so the line before it keeps no event: the log saved with
        every delivery carries one event, not one a line."""
        if self.lines and self.lines[-1][0] and self.lines[-1][0].startswith(MERGES):
            self.lines[-1][0] = None
        self.lines.append([key, text])

    def settle(self, what: str) -> None:
        """What the lines keyed ``OPENS + what`` announced has happened: those at the end of the
        message go (the line saying what happened follows in their place); one with other lines
        after it stays, as said then, and is folded no more."""
        key = OPENS + what
        while self.lines and self.lines[-1][0] == key:
            self.lines.pop()
        for line in self.lines:
            if line[0] == key:
                line[0] = None

    def next_message(self, carried: list[list] | None = None) -> None:
        self.id, self.seq, self.lines, self.rows = None, self.seq + 1, list(carried or []), 0

    def under_way_at_the_end(self) -> list[list]:
        """Take the lines at the end that tell what is under way, if any other line stays: those
        announcing what is about to happen (keyed ``OPENS``: a roll about to be made, who has
        chosen a card to pass) and the line of the happening just before them (``GATHERS``: a
        card played, a check begun). When a ping starts a new message they go on in it, where
        the line settling them still stands in their place and the happening's end is still told
        at its line's end, and the member pinged reads what they are asked about (left behind,
        a member read "X discards C" and "X is about to roll" above "X discards C and rolls: 1")."""
        first = len(self.lines)
        while first and (self.lines[first - 1][0] or "").startswith(OPENS):
            first -= 1
        if first and (self.lines[first - 1][0] or "").startswith(GATHERS):
            first -= 1
        if first == 0:  # nothing else to keep: the message keeps them (it cannot go blank)
            return []
        carried, self.lines = self.lines[first:], self.lines[:first]
        return carried


def _fold_key(line: str) -> str | None:
    """The channel log's key of a renderer's line (:class:`bot.games.common.Line`), if it folds."""
    opens, settles, event = getattr(line, "opens", None), getattr(line, "settles", None), getattr(line, "event", None)
    if settles and event is not None:
        return SETTLES_MERGES + json.dumps([settles, _merges_key(event)])
    if settles:
        return SETTLES + settles
    if opens:
        return OPENS + opens
    if getattr(line, "joins", None) and getattr(line, "tail", None):
        return JOINS + json.dumps([line.joins, line.tail] + ([True] if getattr(line, "more", False) else []),
                                  ensure_ascii=False)
    if event is not None:
        return _merges_key(event)
    return GATHERS + line.gathers if getattr(line, "gathers", None) else None


def _merge_into_last(ui, chan_log: ChannelLog, key: str | None, lang: str) -> bool:
    """Tell the event of ``key`` as one with the last line's, if the game's renderer tells them
    as one (its ``merged``: the same merge its lines make within a step, here across steps)."""
    last = chan_log.lines[-1][0] if chan_log.lines else None
    merge = getattr(ui, "merged", None)
    if merge is None or not (key and last and key.startswith(MERGES) and last.startswith(MERGES)):
        return False
    try:
        both = merge(json.loads(last[len(MERGES):]), json.loads(key[len(MERGES):]))
        lines = ui.public_lines([both], lang) if both is not None else []
    except Exception:  # noqa: BLE001 - a merge that cannot be told leaves both lines as they are
        log.exception("lines of %s and %s cannot be told as one", last, key)
        return False
    if len(lines) != 1:
        return False
    chan_log.lines[-1] = [_settling(_fold_key(lines[0]))[1], lines[0]]  # what it settles, settled already
    return True


def _merges_key(event: dict) -> str:
    return MERGES + json.dumps(event, sort_keys=True, default=str)


def _settling(key: str | None) -> tuple[str | None, str | None]:
    """(what a ``SETTLES_MERGES`` key settles, the ``MERGES`` key its line is kept under); (None,
    ``key``) for any other key."""
    if key is None or not key.startswith(SETTLES_MERGES):
        return None, key
    settles, merges = json.loads(key[len(SETTLES_MERGES):])
    return settles, merges


def _with_lines(body: str, lines: list[str]) -> str:
    """``body`` and then ``lines``, all within a message: whole lines of the body go, oldest
    first, to make room (a mention is never cut in half)."""
    kept = body.split("\n") if body else []
    tail = [line for line in lines if len(line) < CONTENT_LIMIT // 2][:10]
    while kept and len("\n".join(kept + tail)) > CONTENT_LIMIT:
        kept.pop(0)
    return "\n".join(kept + tail)


# the live message's fields when its table cannot be drawn: the old table and its controls go
NO_TABLE = {"embeds": [], "attachments": [], "view": None}


def compose(body: str, tail: str) -> str:
    """The message text: the section's lines, then who is waited for (cut to fit)."""
    if not tail:
        return body[:CONTENT_LIMIT]
    if not body:
        return tail[:CONTENT_LIMIT]
    room = CONTENT_LIMIT - len(body) - 1
    return body if room < 20 else f"{body}\n{tail[:room]}"


# a delivery waits while members' clicks are being handled, at most this long at a time: the
# interactive work first (a click's awaits are not held up by the renders of other deliveries,
# each of which holds the event loop for milliseconds), and a flood of clicks never starves the
# channel for longer
FOREGROUND_WAIT_S = 0.25
# set in the context of a member's interaction being handled: a delivery it awaits itself
# (an admin command flushing its game) never waits for it
_IN_FOREGROUND = contextvars.ContextVar("keeper_in_foreground", default=False)


class Publisher:
    def __init__(self, bot):
        self.bot = bot
        # a game's delivery lock lives only while a delivery holds or awaits it
        self._delivering: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._added: set[int] = set()  # games whose delivery queued a further row
        self._table_shown: dict[int, tuple] = {}  # game -> (message id, digest of the table it shows)
        self._text_shown: dict[int, tuple] = {}  # game -> (message id, the text it shows)
        self._told: dict[int, set[str]] = {}  # game -> members told publicly in this delivery pass
        # game -> members whose DMs refused Keeper: their news is not sent again (each refusal is
        # an invalid request to Discord) until they look at their panel, when one DM is tried again
        self._dms_closed: dict[int, set[str]] = {}
        # game -> members told that their news waits in their panel (once a game: a line per
        # refused DM filled the channel, 12-22 in one game of The Thing)
        self._news_told: dict[int, set[str]] = {}
        self._dms_loaded: set[int] = set()  # games whose two sets above were read from their log
        self._looked_early: dict[int, set[str]] = {}  # game -> members who looked before it was read
        self._dirty: set[int] = set()  # games with rows committed since their delivery task began
        self._tasks: dict[int, asyncio.Task] = {}  # game -> its delivery task (one at a time)
        self._after_tasks: set[asyncio.Task] = set()  # after-delivery steps an interaction's flush started
        self.proposals_announced: dict[tuple[int, int], float] = {}  # (game, member) -> last announced (loop time)
        # (game, player, lang, prompt=, free=) -> the controls of a decision: set by the play cog
        self.prompt_view = None
        # (bot, game) -> None, awaited after each delivery of the game: set by the play cog
        self.after_delivery = None
        self._foreground = 0  # members' interactions being handled now
        self._quiet = asyncio.Event()  # set while none is
        self._quiet.set()

    @contextlib.asynccontextmanager
    async def foreground(self):
        """Mark a member's interaction as being handled: deliveries step aside meanwhile
        (:meth:`step_aside`)."""
        self._foreground += 1
        self._quiet.clear()
        token = _IN_FOREGROUND.set(True)
        try:
            yield
        finally:
            _IN_FOREGROUND.reset(token)
            self._foreground -= 1
            if not self._foreground:
                self._quiet.set()

    async def step_aside(self) -> None:
        """Before a unit of delivery work: wait while members' interactions are being handled
        (at most FOREGROUND_WAIT_S), unless this delivery is part of one."""
        if self._foreground and not _IN_FOREGROUND.get():
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._quiet.wait(), FOREGROUND_WAIT_S)

    @property
    def service(self):
        return self.bot.service

    def forget_proposals(self, now: float, cooldown: float) -> None:
        """Drop the proposal cooldowns that ran out (``now``: loop time): the map holds only the
        members who proposed within the last ``cooldown`` (or are booked a delivery after it)."""
        announced = self.proposals_announced
        for key in [key for key, last in announced.items() if now - last >= cooldown]:
            del announced[key]

    async def channel(self, game: Game):
        return await operations.channel(self.bot, game.channel_id)

    # ------------------------------------------------------------------ delivery
    def schedule(self, game_id: int) -> None:
        """Deliver the game's announcements soon, off the caller's path (a click answers its
        member first). A burst of changes is coalesced: one delivery task per game at a time,
        which runs once more if rows were committed meanwhile, so a burst costs one table edit
        and at most one picture."""
        self._dirty.add(game_id)
        task = self._tasks.get(game_id)
        if task is None or task.done():
            self._tasks[game_id] = asyncio.get_running_loop().create_task(self._drain(game_id))

    async def _drain(self, game_id: int) -> None:
        _IN_FOREGROUND.set(False)  # a task of its own, though scheduled by a click
        try:
            while game_id in self._dirty:
                self._dirty.discard(game_id)
                await self.flush(game_id)
        finally:
            if self._tasks.get(game_id) is asyncio.current_task():
                del self._tasks[game_id]

    async def idle(self) -> None:
        """Wait for every scheduled delivery, and for the interactions being handled (each may
        schedule one yet) (shutdown, tests)."""
        while self._tasks or self._foreground or self._after_tasks:
            if self._tasks or self._after_tasks:
                await asyncio.gather(*self._tasks.values(), *self._after_tasks, return_exceptions=True)
            else:
                await self._quiet.wait()

    async def flush(self, game_id: int, now=None) -> None:
        """Deliver the game's due announcements now. Never raises: what fails stays in the outbox
        for the outbox loop. The after-delivery step (members' open panels redrawn) runs once the
        game's delivery lock is released: the next delivery, or an admin's undo, never waits on
        those edits; flushed by an interaction (an admin's undo, a member back in their seat), it
        runs as a task of its own, so the interaction's reply does not wait on them either."""
        delivered = None
        try:
            lock = self._delivering.get(game_id)
            if lock is None:
                lock = self._delivering[game_id] = asyncio.Lock()
            async with lock:
                for _ in range(3):
                    await self.step_aside()
                    game, rows = await self.service.claim_outbox(game_id, self.service.token, now=now)
                    if not rows:
                        break
                    await self._deliver(game, rows)  # each row's send steps aside (_attempt)
                    delivered = game or delivered
                    if game is not None and game.status not in LIVE_STATUSES:  # its table is shown for good
                        for shown in (self._table_shown, self._text_shown, self._dms_closed, self._news_told):
                            shown.pop(game_id, None)
                        self._dms_loaded.discard(game_id)
                    if game_id not in self._added:
                        break
                    self._added.discard(game_id)  # a closed DM added a public line: deliver it too
        except Exception:  # noqa: BLE001 - one game's delivery never harms another's
            log.exception("delivering the outbox of game %s failed; it stays queued", game_id)
        if delivered is not None and self.after_delivery is not None:
            if _IN_FOREGROUND.get():   # an interaction's own flush (an admin's undo): it answers first
                task = asyncio.get_running_loop().create_task(self._after_delivery(delivered))
                self._after_tasks.add(task)
                task.add_done_callback(self._after_tasks.discard)
            else:
                await self._after_delivery(delivered)

    async def _after_delivery(self, game: Game) -> None:
        _IN_FOREGROUND.set(False)  # a task of its own when an interaction's flush started it
        try:
            await self.after_delivery(self.bot, game)
        except Exception:  # noqa: BLE001 - the rows are delivered: say only what failed
            log.exception("the after-delivery step of game %s failed", game.id)

    async def deliver_due(self, now=None) -> int:
        """Deliver every game's due announcements (the outbox loop and start-up); returns how many
        games were served. ``now``: the moment to compare retry times with (tests)."""
        games = await self.service.due_outbox_games(now=now)
        for game_id in games:
            await self.flush(game_id, now=now)
        return len(games)

    async def _deliver(self, game: Game | None, rows: list[Outbox]) -> None:
        if game is None:
            await self.service.outbox_done([row.id for row in rows], "the game is gone")
            return
        lang = await self.service.guild_language(game.guild_id)
        self._told[game.id] = set()
        delivered: list[int] = []  # marked in one write at the end (a crash before it re-sends)
        try:
            for row in rows:
                if row.kind in ("public", "table"):
                    continue
                if await self._attempt(row, lambda row=row: self._send(game, row, lang)) is None:
                    delivered.append(row.id)
            logged = [row for row in rows if row.kind in ("public", "table")]
            if logged:  # one pass over the channel log answers every line and table refresh
                failure = await self._attempt(logged[0], lambda: self._publish_log(game, logged, lang))
                if isinstance(failure, ChannelGone):
                    await self.channel_gone(game.guild_id, game.channel_id)
                if isinstance(failure, GiveUp):
                    await self.service.outbox_done([row.id for row in logged[1:]], "given up")
                elif failure is not None:
                    for row in logged[1:]:
                        await self.service.outbox_retry(row, "waiting for an earlier line", failure.seconds,
                                                        row.progress)
        finally:
            self._told.pop(game.id, None)
            if delivered:
                await self.service.outbox_done(delivered)

    async def _attempt(self, row: Outbox, send) -> Exception | None:
        """Run one delivery; record a failure in the row (success is recorded by the caller)."""
        try:
            await self.step_aside()
            await send()
        except Exception as exc:  # noqa: BLE001 - classified below
            if isinstance(exc, ServiceError) and exc.code in ("db_busy", "conflict"):
                # the database was busy past its budget (a burst): the row is fine, try it again
                exc = Retry(f"database {exc.code}", min(60.0, 5.0 * 2 ** row.attempts))
            failure = classify(exc, row.attempts)
            if isinstance(failure, Retry):
                log.warning("outbox row %s (%s) of game %s: %s; retry in %.0f s", row.id, row.kind, row.game_id,
                            failure.reason, failure.seconds)
                await self.service.outbox_retry(row, failure.reason, failure.seconds, row.progress)
                return failure
            if isinstance(failure, GiveUp):
                await self.service.outbox_done([row.id], str(failure))
                return failure
            log.exception("outbox row %s of game %s cannot be rendered; dropped", row.id, row.game_id,
                          exc_info=exc)
            await self.service.outbox_done([row.id], f"render failed: {exc!r}"[:500])
            return GiveUp(str(exc))
        return None

    async def _send(self, game: Game, row: Outbox, lang: str) -> None:
        if row.kind == "dm":
            await self._send_dm(game, row, lang)
        elif row.kind == "prompt":
            await self._send_prompt(game, row, lang)
        elif row.kind == PAUSED_NOTICE:
            await self._send_paused(game, row, lang)
        else:
            raise GiveUp(f"unknown outbox kind {row.kind}")

    async def _send_dm(self, game: Game, row: Outbox, lang: str) -> None:
        pid = str(row.user_id)
        if pid not in game.players or pid in game.autopilot:
            raise GiveUp("no longer seated")
        ui = ui_for(game.kind)
        member_lang = self.bot.user_languages.get(row.user_id, lang)
        lines = ui.private_lines(row.payload.get("events", []), pid, member_lang)
        if not lines:
            return
        self._dm_memory(game)
        if pid in self._dms_closed.get(game.id, ()):
            await self._news_pending(game, pid)
            raise operations.DMClosed("DMs closed (refused earlier; not tried until they look)")
        channel = self.bot.get_channel(game.channel_id)
        where = f"#{getattr(channel, 'name', None) or game.channel_id}"
        try:
            for index, text in enumerate(chunks([f"**{t(member_lang, 'kind.' + game.kind)}** · {where}"] + lines)):
                if index < row.progress:
                    continue
                await operations.send_dm(self.bot, row.user_id, text, row.attempts, nonce=f"k{row.id}.{index}")
                row.progress = index + 1
        except operations.DMClosed:
            self._dms_closed.setdefault(game.id, set()).add(pid)
            await self._news_pending(game, pid)
            raise

    def _dm_memory(self, game: Game) -> dict:
        """The closed DMs and the members told of them, as this game's log keeps them (read from
        the log once a process, then kept here): what a save of the log writes."""
        if game.id not in self._dms_loaded:
            self._dms_loaded.add(game.id)
            saved = (game.channel_log or {}).get("dms") or {}
            looked = self._looked_early.pop(game.id, set())
            self._dms_closed.setdefault(game.id, set()).update(set(saved.get("closed", ())) - looked)
            self._news_told.setdefault(game.id, set()).update(saved.get("told", ()))
        memory = {"closed": sorted(self._dms_closed.get(game.id, ())), "told": sorted(self._news_told.get(game.id, ()))}
        return {key: value for key, value in memory.items() if value}

    async def _news_pending(self, game: Game, pid: str) -> None:
        """The news of a closed DM stays in the member's panel: tell them so, once a game."""
        told = self._news_told.setdefault(game.id, set())
        if pid not in told:
            told.add(pid)
            await self._closed_dm(game, pid, "publish.news_pending")

    def looked(self, game_id: int, pid: str) -> None:
        """The member opened their panel: their next news is tried by DM again (they may have
        opened their DMs meanwhile)."""
        self._dms_closed.get(game_id, set()).discard(pid)
        if game_id not in self._dms_loaded:  # the log's memory, once read, must not bring them back
            self._looked_early.setdefault(game_id, set()).add(pid)

    async def _closed_dm(self, game: Game, pid: str, key: str, remind: bool = False) -> None:
        """Say publicly, once per delivery pass and member, that what a closed DM held waits in
        their panel (the line names nothing of it). ``remind``: the line pings them (a decision
        that the DM was to notify them of: the channel owed them no ping for it)."""
        told = self._told.setdefault(game.id, set())
        if pid in told:
            return
        told.add(pid)
        await self.service.outbox_add(game, "public", {"notices": [{"key": key, "params": {"player": pid}}],
                                                       **({"remind": [pid]} if remind else {})})
        self._added.add(game.id)

    async def _send_prompt(self, game: Game, row: Outbox, lang: str) -> None:
        """A decision the game answers by DM (a secret contribution, say): the member's panel and
        the controls of that decision, which work from the DM itself. Rendered from the current
        state: a prompt answered meanwhile (in the panel, or before a restart) or of an earlier
        epoch sends nothing, so each prompt is offered by DM at most once and never stale."""
        pid = str(row.user_id)
        if pid not in game.players or pid in game.autopilot:
            raise GiveUp("no longer seated")
        payload = row.payload
        if game.status != "active" or game.epoch != payload.get("epoch") or self.prompt_view is None:
            return
        prompt = next((p for p in self.service.prompts(game)
                       if p["player"] == pid and p["id"] == payload.get("prompt")), None)
        if prompt is None:
            return
        ui = ui_for(game.kind)
        member_lang = self.bot.user_languages.get(row.user_id, lang)
        lines = ui.prompt_lines(prompt, game.state, pid, game.names, member_lang) \
            if hasattr(ui, "prompt_lines") else []
        channel = self.bot.get_channel(game.channel_id)
        where = f"#{getattr(channel, 'name', None) or game.channel_id}"
        texts = chunks([f"**{t(member_lang, 'kind.' + game.kind)}** · {where}",
                        t(member_lang, "publish.prompt_dm", button=ui.hand_button_label(member_lang))] + list(lines))
        try:
            for index, text in enumerate(texts):
                if index < row.progress:
                    continue
                extra = {}
                if index == len(texts) - 1:  # the panel (or the game's own embed, or none) and the controls
                    own = getattr(ui, "prompt_embed", None)
                    embed = own(prompt, game.state, pid, game.names, member_lang) if own \
                        else ui.panel_embed(game.state, pid, game.names, member_lang, [])
                    # what each answer does, as the panel says it: in the game's embed, else in
                    # one of its own (sent only when it says something)
                    explain = embed if embed is not None else discord.Embed()
                    view = self.prompt_view(game, pid, member_lang, prompt=prompt, free=False, explain=explain)
                    embed = explain if embed is not None or explain.fields else None
                    extra = {"view": view, **({"embed": embed} if embed is not None else {})}
                await operations.send_dm(self.bot, row.user_id, text, row.attempts, nonce=f"k{row.id}.{index}", **extra)
                row.progress = index + 1
        except operations.DMClosed:
            # the panel path always works: tell the member, neutrally, to open it
            await self._closed_dm(game, pid, "publish.prompt_pending", remind=True)
            raise

    # ------------------------------------------------------------------ a deleted channel
    async def channel_gone(self, guild_id: int, channel_id: int, channel_name: str | None = None) -> None:
        """A game's channel was deleted (the gateway said so, or a delivery met Unknown Channel):
        its game is paused, and the admins are told which game and how to go on, by DM to the
        member who created it and in the server's system channel: outbox rows written with the
        pause (:meth:`GameService.pause_for_lost_channel`), delivered here like any other, so a
        crash or a 429 delays the notice and never loses or repeats it. Never raises."""
        try:
            game = await self.service.pause_for_lost_channel(channel_id, channel_name)
        except Exception:  # noqa: BLE001 - the next delivery attempt tries again
            log.exception("pausing the game of deleted channel %s failed", channel_id)
            return
        if game is None:
            return
        for shown in (self._table_shown, self._text_shown, self._dms_closed, self._news_told):
            shown.pop(game.id, None)
        self._dms_loaded.discard(game.id)
        log.warning("game %s paused: its channel %s was deleted", game.id, channel_id)
        self.schedule(game.id)

    async def _send_paused(self, game: Game, row: Outbox, lang: str) -> None:
        """The admins' notice that ``game`` was paused: in the server's system channel
        (``row.user_id`` None) or by DM to its creator; nothing once it was resumed meanwhile.
        Sent with a nonce Discord enforces: a redelivery after a crash posts nothing twice."""
        if game.status != "paused":
            return
        if row.user_id is not None:
            lang = self.bot.user_languages.get(row.user_id, lang)
        players = ", ".join(game.names.get(p, p) for p in game.players)
        text = t(lang, "admin.paused", kind=t(lang, f"kind.{game.kind}"), game=game.id,
                 channel=row.payload.get("channel", game.channel_id), players=players)
        if row.user_id is not None:
            await operations.send_dm(self.bot, row.user_id, text, row.attempts, nonce=f"k{row.id}.0",
                                     allowed_mentions=NO_PINGS)
            return
        system = getattr(self.bot.get_guild(row.guild_id), "system_channel", None)
        if system is None:
            log.warning("game %s is paused and guild %s has no system channel: only its creator is told",
                        game.id, row.guild_id)
            raise GiveUp("the server has no system channel")
        await operations.send(system, row.attempts, content=text, nonce=f"k{row.id}.0", allowed_mentions=NO_PINGS)

    # ------------------------------------------------------------------ the channel log
    def _entries(self, game: Game, row: Outbox, lang: str) -> list[list]:
        """A public row's lines, as ``[key, text]`` (a keyed notice replaces its earlier line)."""
        ui = ui_for(game.kind)
        payload = row.payload
        try:
            button = ui.hand_button_label(lang)
            lines = [[_fold_key(line), line] for line in ui.public_lines(payload.get("events", []), lang)]
            notices = [[UNTIL_NEXT if item.get("key") in TOLD_BY_THE_NEXT else item.get("line"),
                        notice_line(lang, item, button), item.get("key") in AFTER_THE_STEP]
                       for item in payload.get("notices", [])
                       if not (lines and item.get("key") in TOLD_BY_THE_NEXT)]
            entries = [entry[:2] for entry in notices if not entry[2]]
            entries += lines
            entries += [entry[:2] for entry in notices if entry[2]]
        except Exception:  # noqa: BLE001 - one line that cannot be rendered never holds the others
            log.exception("public row %s of game %s cannot be rendered; left out", row.id, game.id)
            return []
        return [[key, piece] for key, text in entries for piece in chunks([text])]

    async def _publish_log(self, game: Game, rows: list[Outbox], lang: str) -> None:
        """Add the rows' lines to the channel log, show the live message from the current state,
        and save the log with the rows marked delivered."""
        channel = await self.channel(game)
        chan_log = ChannelLog(game.channel_log)
        ui = ui_for(game.kind)
        for row in rows:
            if row.kind != "public" or row.id <= chan_log.last_row:
                continue  # a table refresh, or a line the log shows already (a redelivery)
            await self.step_aside()  # each row's lines are rendered in one stretch of the loop
            if row.payload.get("remind") and game.status == "active":
                # a reminder notifies whom it names: its line opens a new live message that pings them
                if chan_log.lines or chan_log.id:
                    await self._close(game, channel, chan_log, carry=True)
                chan_log.owed = list(dict.fromkeys(chan_log.owed + row.payload["remind"]))
            if row.payload.get("greet") and game.status in ("active", "lobby"):   # a lobby's new host too
                # a member just given a seat is told by the line that says so: a new live message
                if chan_log.lines or chan_log.id:
                    await self._close(game, channel, chan_log)
                chan_log.greet = list(dict.fromkeys(chan_log.greet + row.payload["greet"]))
            shown = chan_log.partial[1] if chan_log.partial and chan_log.partial[0] == row.id else 0
            for number, (key, text) in enumerate(self._entries(game, row, lang)):
                if number < shown:
                    continue  # in a message closed before a crash (a redelivery)
                key, told = chan_log.fold(ui, key, text, lang)
                if told:
                    continue
                if chan_log.lines and len(chan_log.body()) + len(text) + 1 > MAX_MESSAGE:
                    chan_log.partial = [row.id, number]  # saved with the close: these lines are shown
                    await self._close(game, channel, chan_log)  # a long section goes on below
                chan_log.add(key, text)
            if "notify" in row.payload:  # handed a decision (not a window Keeper passes for them)
                chan_log.wait_for(row.payload["notify"], row.payload.get("by_dm", ()))
            elif "waiting" in row.payload:  # a row queued before "notify" was written
                chan_log.wait_for([w["player"] for w in row.payload["waiting"]])
            section = row.payload.get("section")
            chan_log.rows += 1
            # the row is in the lines now: a close below saves it as shown
            chan_log.last_row, chan_log.partial = row.id, None
            if section is not None and chan_log.section is not None and section != chan_log.section \
                    and (chan_log.lines or chan_log.id) and chan_log.owed and chan_log.rows >= MIN_ROWS:
                # a new section posts a new live message only to notify someone handed a decision;
                # otherwise its lines go on in the same message (a solo player is never pinged)
                await self._close(game, channel, chan_log, carry=True)
            if section is not None:
                chan_log.section = section
        await self.step_aside()
        await self._show(game, channel, chan_log, lang)
        chan_log.dms = self._dm_memory(game)
        await self.service.save_log(game.id, chan_log.data, [row.id for row in rows])
        game.channel_log, game.table_message_id = chan_log.data, chan_log.id

    async def _close(self, game: Game, channel, chan_log: ChannelLog, carry: bool = False) -> None:
        """The live message keeps only its lines (its table and button go); the log goes on in a
        new message. ``carry``: a new message that pings, where the lines at the end of this one
        that tell what is under way go on (:meth:`ChannelLog.under_way_at_the_end`). Saved at
        once: a redelivery then posts nothing twice."""
        carried = chan_log.under_way_at_the_end() if carry else []
        text = chan_log.body()[:CONTENT_LIMIT]
        if chan_log.id is not None:
            if text:
                kept = await operations.edit(channel, chan_log.id, content=text, embeds=[], attachments=[],
                                             view=None, allowed_mentions=NO_PINGS)
            else:  # a section without lines: its message keeps who it waited for, without the table
                kept = await operations.edit(channel, chan_log.id, embeds=[], attachments=[], view=None,
                                             allowed_mentions=NO_PINGS)
            if not kept and text:   # deleted: posted again under a nonce of its own (as in _show)
                chan_log.seq += 1
                await operations.send(channel, content=text, nonce=chan_log.nonce(game.id),
                                      allowed_mentions=NO_PINGS)
        elif text:
            await operations.send(channel, content=text, nonce=chan_log.nonce(game.id), allowed_mentions=NO_PINGS)
        self._table_shown.pop(game.id, None)
        chan_log.next_message(carried)
        await self.service.save_log(game.id, chan_log.data)

    def _awaited(self, game: Game, prompts: list[dict]) -> list[dict]:
        """Who the table waits for, each with its prompt's public context (purpose, timing, zone,
        investigator): a ping's line then says "respond or pass (before the roll)" as the table
        does, not "respond or pass"."""
        return list(self.service.waiting(game, prompts)) if prompts else []

    async def _show(self, game: Game, channel, chan_log: ChannelLog, lang: str) -> None:
        """Edit the live message from the current state (the table only if it changed), or post
        it, pinging the members it waits for who are owed a ping."""
        ui = ui_for(game.kind)
        prompts = self.service.prompts(game)
        answers = public_answers(game, prompts)
        proposed = await self.service.who_proposed(game, prompts)   # read once: the pings and the table
        notified = await self.service.notified(game, prompts, proposed)
        chan_log.wait_for(notified, asked_by_dm(game, prompts, notified))
        awaited = awaited_advisers(game, prompts, proposed) if getattr(ui, "ADVISERS_IN_TABLE", False) else {}
        # what the table sees waited for: a window shows everyone it asked, never who answered
        # (said once: not here where the table's embed names them, WAITING_IN_TABLE)
        in_table = getattr(ui, "WAITING_IN_TABLE", False)
        content = compose(chan_log.body(),
                          "" if in_table else "\n".join(ui.waiting_lines(self._awaited(game, prompts), lang)))
        table: dict = {}
        digest = None
        if game.state is not None:
            try:
                digest = table_signature(game, lang, answers, awaited)
            except Exception:  # noqa: BLE001 - a damaged state: drawn (and refused) below, not cached
                digest = None
            shown = self._table_shown.get(game.id)
            if chan_log.id is None or shown != (chan_log.id, digest) or not digest:
                await self.step_aside()  # the embed is the delivery's longest stretch of CPU
                table = await self._table(game, lang, answers, awaited)
        if chan_log.id is not None:
            if not table and (not content or self._text_shown.get(game.id) == (chan_log.id, content)):
                return  # nothing new to show: no edit
            if await operations.edit(channel, chan_log.id, content=content or None, allowed_mentions=NO_PINGS,
                                     **table):
                if digest is not None:
                    self._table_shown[game.id] = (chan_log.id, digest)
                self._text_shown[game.id] = (chan_log.id, content)
                return
            if game.state is not None and not table:
                table = await self._table(game, lang, answers, awaited)
            # the live message was deleted: post it again, under a nonce of its own (with the
            # deleted one's, Discord may hand the deleted message back for a few minutes)
            chan_log.id, chan_log.seq = None, chan_log.seq + 1
        if not content and not table:
            return
        ping = list(dict.fromkeys([p for p in chan_log.owed if p in chan_log.waiting]
                                  + [p for p in chan_log.greet if p in game.players and is_member(p)])) \
            if game.status in ("active", "lobby") else []
        unnamed = [p for p in ping if mention(p) not in content] if in_table else []
        if unnamed:  # an embed never notifies: the posting names whom it pings (its next edit drops it)
            content = _with_lines(content, self._ping_lines(ui, self._awaited(game, prompts), unnamed, lang,
                                                            rules_for(game.kind).WINDOW_KINDS))
        mentions = discord.AllowedMentions(users=[discord.Object(int(p)) for p in ping], everyone=False,
                                           roles=False, replied_user=False) if ping else NO_PINGS
        files = table.pop("attachments", [])
        message = await operations.send(channel, content=content or None, files=files, allowed_mentions=mentions,
                                        nonce=chan_log.nonce(game.id), **table)
        chan_log.id = message.id
        chan_log.owed = [p for p in chan_log.owed if p not in ping]
        chan_log.greet = []
        self._text_shown[game.id] = (message.id, content)
        if digest is not None:
            self._table_shown[game.id] = (message.id, digest)
        await self.service.save_log(game.id, chan_log.data)

    @staticmethod
    def _ping_lines(ui, waiting: list[dict], players: list[str], lang: str, window_kinds=frozenset()) -> list[str]:
        """Lines naming ``players``: who is waited for by what they decide, the advisers a Keeper
        player waits for (not waited for themselves) by their proposal. A response window is named
        with everyone it asked, as the table names it: naming only those pinged would tell the
        table who holds something usable there (the others are passed for by Keeper)."""
        in_window = any(w["player"] in players and w.get("kind") in window_kinds for w in waiting)
        lines = ui.waiting_lines([w for w in waiting if w["player"] in players
                                  or (in_window and w.get("kind") in window_kinds)], lang)
        waited = {w["player"] for w in waiting}
        advisers = [p for p in players if p not in waited]
        if advisers:
            lines.append(t(lang, "group.ping_advisers", players=", ".join(mention(p) for p in advisers),
                           button=ui.hand_button_label(lang)))
        return lines

    async def _table(self, game: Game, lang: str, answers=None, awaited=None) -> dict:
        """The table's embed, picture and controls (``answers``: :func:`public_answers`; ``awaited``:
        the advisers a Keeper player's group decision still waits for, ADVISERS_IN_TABLE), as message
        fields; NO_TABLE when it cannot be drawn (a damaged state, a renderer's bug): the delivery's
        lines still go out, and the old table's controls go."""
        try:
            return await self._drawn_table(game, lang, answers, awaited)
        except Exception:  # noqa: BLE001 - a table never silences the lines
            log.exception("the table of game %s cannot be drawn; its lines are shown without it", game.id)
            return dict(NO_TABLE)

    async def _drawn_table(self, game: Game, lang: str, answers, awaited) -> dict:
        ui = ui_for(game.kind)
        embed = ui.table_embed(game.state, game.names, lang, **({"awaited": awaited} if awaited else {}))
        self._unname_stood_in(game, embed, lang)
        if game.status not in LIVE_STATUSES and not rules_for(game.kind).is_over(game.state):
            # reset mid-game: its table waits for nobody any more (the state still has prompts)
            waiting = t(lang, f"{game.kind}.table.waiting")
            for index in reversed(range(len(embed.fields))):
                if embed.fields[index].name == waiting:
                    embed.remove_field(index)
        files = []
        if hasattr(ui, "table_picture"):
            # drawn off the event loop (bot.pictures): other channels' clicks go on meanwhile (a
            # game's picture module draws each distinct picture once: picture_kit.DrawnCache)
            picture = await self.bot.pictures.draw(game.kind, game.state, game.names, lang)
            files = [discord.File(io.BytesIO(picture), filename="table.png")]
            embed.set_image(url="attachment://table.png")
        return {"embed": embed, "attachments": files, "view": table_view(game, lang, answers)}

    @staticmethod
    def _unname_stood_in(game: Game, embed, lang: str) -> None:
        """An open response window's "Waiting for" names everyone it asked (the table never sees
        who has answered) but a seat Keeper plays for a member, kicked or away: Keeper answers it
        whatever it holds, as a Keeper player's (whom the renderer leaves out), so naming them
        read as if the table waited for someone it had been told Keeper plays for."""
        rules = rules_for(game.kind)
        asked = rules.window_asked(game.state) if rules.WINDOW_KINDS and isinstance(game.state, dict) else None
        if not asked or not any(a["player"] in game.autopilot for a in asked):
            return
        prompts = [p for p in rules.view(game.state, None).get("prompts", [])
                   if not (p.get("kind") in rules.WINDOW_KINDS and p.get("player") in game.autopilot)]
        waiting = t(lang, f"{game.kind}.table.waiting")
        for index, field in enumerate(embed.fields):
            if field.name == waiting:
                lines = ui_for(game.kind).waiting_lines(prompts, lang)
                embed.set_field_at(index, name=waiting, inline=field.inline,
                                   value=("\n".join(lines) or t(lang, f"{game.kind}.table.nobody"))[:1024])

    async def update_table(self, game: Game, lang: str) -> None:
        """Show the live message again from the game's current state (nothing redrawn or edited
        when nothing changed)."""
        if game.state is None:
            return
        channel = await self.channel(game)
        chan_log = ChannelLog(game.channel_log)
        ui = ui_for(game.kind)
        if getattr(ui, "table_digest", None) and chan_log.id is not None:
            prompts = self.service.prompts(game)
            awaited = awaited_advisers(game, prompts, await self.service.who_proposed(game, prompts)) \
                if getattr(ui, "ADVISERS_IN_TABLE", False) else {}
            if self._table_shown.get(game.id) == (chan_log.id, table_signature(game, lang, public_answers(game, prompts),
                                                                               awaited)):
                return
        await self._show(game, channel, chan_log, lang)
        chan_log.dms = self._dm_memory(game)
        await self.service.save_log(game.id, chan_log.data)
        game.channel_log, game.table_message_id = chan_log.data, chan_log.id

# at most one row of answers on the live message; a decision with more is the panel's (its
# select and "what each answer does")
PUBLIC_ANSWERS_MAX = 5


def public_answers(game: Game, prompts: list[dict] | None = None) -> tuple[dict, list[dict]] | None:
    """The decision the table waits for, when its answers may be clicked on the live message: the
    only one pending, a member's (not a removed member's: Keeper answers for them), one of a list
    of 2-5 distinct answers, no response window nor group decision, and the game says its answers
    tell nothing private (``answers_in_public``). Returns (prompt, its distinct options).
    ``prompts``: the game's (``GameService.prompts``: none for a finished or damaged state), if
    the caller has them."""
    ui = ui_for(game.kind)
    allowed = getattr(ui, "answers_in_public", None)
    if allowed is None:
        return None
    prompts = GameService.prompts(game) if prompts is None else prompts
    if len(prompts) != 1:
        return None
    (prompt,) = prompts
    if not is_member(prompt["player"]) or prompt["player"] in game.autopilot \
            or prompt.get("shape", "one") != "one" or prompt["kind"] in rules_for(game.kind).WINDOW_KINDS \
            or prompt.get("advisers") or not allowed(prompt, game.state):
        return None
    options = distinct_choices(ui, prompt, game.state)
    return (prompt, options) if 2 <= len(options) <= PUBLIC_ANSWERS_MAX else None


def table_signature(game: Game, lang: str, answers, awaited: dict) -> str:
    """Changes exactly when the live message's table would: the game's drawn table, its status,
    the answer buttons (:func:`public_answers`) and the advisers it names as awaited."""
    digest = getattr(ui_for(game.kind), "table_digest", None)
    return (digest(game.state, game.names, lang) if digest else "") + game.status + answers_signature(answers) \
        + (json.dumps(awaited, sort_keys=True) if awaited else "")


def answers_signature(answers: tuple[dict, list[dict]] | None) -> str:
    """What the live message's answer buttons are (a change re-renders its controls)."""
    return "" if answers is None else f"|{answers[0]['id']}:{len(answers[1])}"


def table_view(game: Game, lang: str, answers: tuple[dict, list[dict]] | None = None) -> discord.ui.View:
    """The live message's controls: ``answers`` (:func:`public_answers`) and the act button."""
    view = discord.ui.View(timeout=None)
    if game.status == "active":
        if answers is not None:
            prompt, options = answers
            ui = ui_for(game.kind)
            for option in options:
                label = plain(ui.option_label({**option, "player": prompt["player"]}, game.state, game.names, lang))
                view.add_item(option_button(game.id, game.epoch, prompt["id"], option, label[:80] or "…"))
        view.add_item(hand_button(game.id, ui_for(game.kind).hand_button_label(lang)))
    elif game.status == "finished":   # the same table once more, in one click each
        view.add_item(again_button(game.id, t(lang, "lobby.again")))
    return view
