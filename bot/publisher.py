"""Delivering the outbox: public log lines, the table message edited in place, and private news
by DM. The service wrote every announcement in the same transaction as the change it announces;
this only sends them, after the commit, until they arrive.

A 429 or a 5xx, a missing permission or a crash delays an announcement, never loses it: the row
stays undelivered and is retried with backoff (or the rate limit's retry-after) by the outbox
loop and after a restart. Public lines of one game arrive in order. A closed DM is not retried:
the news stays readable in the member's panel and the channel is told to look there.

Game-agnostic: each game's renderer comes from :mod:`bot.games`.
"""
from __future__ import annotations

import asyncio
import io
import logging
from collections import defaultdict

import discord

from bot import operations
from bot.db import Game, Outbox
from bot.operations import GiveUp, Retry, classify
from bot.i18n import t
from bot.games import ui_for
from bot.interactions import hand_button

log = logging.getLogger("keeper.publish")

MAX_MESSAGE = 1900
# notice parameters that name members (rendered as mentions)
MEMBER_PARAMS = {"player", "players", "old", "new"}


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


def mention(pid) -> str:
    return f"<@{pid}>"


def notice_line(lang: str, item: dict) -> str:
    params = {}
    for key, value in item.get("params", {}).items():
        if key in MEMBER_PARAMS:
            value = ", ".join(mention(p) for p in value) or "—" if isinstance(value, list) else mention(value)
        params[key] = value
    return t(lang, item["key"], **params)


class Publisher:
    def __init__(self, bot):
        self.bot = bot
        self._delivering: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._added: set[int] = set()  # games whose delivery queued a further row
        self._table_shown: dict[int, str | None] = {}  # game -> digest of the table last shown
        self._told: dict[int, set[str]] = {}  # game -> members told publicly in this delivery pass
        # (game, player, lang, prompt=, free=) -> the controls of a decision: set by the play cog
        self.prompt_view = None

    @property
    def service(self):
        return self.bot.service

    async def channel(self, game: Game):
        return await operations.channel(self.bot, game.channel_id)

    # ------------------------------------------------------------------ delivery
    async def flush(self, game_id: int, now=None) -> None:
        """Deliver the game's due announcements now. Never raises: what fails stays in the outbox
        for the outbox loop."""
        try:
            async with self._delivering[game_id]:
                for _ in range(3):
                    game, rows = await self.service.claim_outbox(game_id, self.service.token, now=now)
                    if not rows:
                        return
                    await self._deliver(game, rows)
                    if game_id not in self._added:
                        return
                    self._added.discard(game_id)  # a closed DM added a public line: deliver it too
        except Exception:  # noqa: BLE001 - one game's delivery never harms another's
            log.exception("delivering the outbox of game %s failed; it stays queued", game_id)

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
        blocked: Retry | None = None  # a public row failed: later ones wait, to keep the order
        try:
            for row in rows:
                if row.kind == "table":
                    continue
                if blocked is not None and row.kind == "public":
                    await self.service.outbox_retry(row, "waiting for an earlier line", blocked.seconds, row.progress)
                    continue
                failure = await self._attempt(row, lambda row=row: self._send(game, row, lang))
                if failure is None:
                    delivered.append(row.id)
                elif isinstance(failure, Retry) and row.kind == "public":
                    blocked = failure
            tables = [row for row in rows if row.kind == "table"]
            if tables:  # one refresh from the current state answers every queued one
                failure = await self._attempt(tables[0], lambda: self.update_table(game, lang))
                if failure is None:
                    delivered += [row.id for row in tables]
                elif isinstance(failure, GiveUp):
                    await self.service.outbox_done([row.id for row in tables[1:]], "given up")
                else:
                    for row in tables[1:]:
                        await self.service.outbox_retry(row, "waiting for the table", failure.seconds, 0)
        finally:
            self._told.pop(game.id, None)
            if delivered:
                await self.service.outbox_done(delivered)

    async def _attempt(self, row: Outbox, send) -> Exception | None:
        """Run one delivery; record a failure in the row (success is recorded by the caller)."""
        try:
            await send()
        except Exception as exc:  # noqa: BLE001 - classified below
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
        if row.kind == "public":
            await self._send_public(game, row, lang)
        elif row.kind == "dm":
            await self._send_dm(game, row, lang)
        elif row.kind == "prompt":
            await self._send_prompt(game, row, lang)
        else:
            raise GiveUp(f"unknown outbox kind {row.kind}")

    async def _send_public(self, game: Game, row: Outbox, lang: str) -> None:
        ui = ui_for(game.kind)
        payload = row.payload
        lines = [notice_line(lang, item) for item in payload.get("notices", [])]
        lines += ui.public_lines(payload.get("events", []), lang)
        lines += ui.waiting_lines(payload.get("waiting", []), lang)
        channel = await self.channel(game)
        mentions = discord.AllowedMentions(users=True, roles=False, everyone=False)
        for index, text in enumerate(chunks(lines)):
            if index < row.progress:
                continue  # sent before a failure: a retry resumes after it
            await operations.send(channel, row.attempts, content=text, allowed_mentions=mentions)
            row.progress = index + 1

    async def _send_dm(self, game: Game, row: Outbox, lang: str) -> None:
        pid = str(row.user_id)
        if pid not in game.players or pid in game.autopilot:
            raise GiveUp("no longer seated")
        ui = ui_for(game.kind)
        member_lang = self.bot.user_languages.get(row.user_id, lang)
        lines = ui.private_lines(row.payload.get("events", []), pid, member_lang)
        if not lines:
            return
        channel = self.bot.get_channel(game.channel_id)
        where = f"#{getattr(channel, 'name', None) or game.channel_id}"
        try:
            for index, text in enumerate(chunks([f"**{t(member_lang, 'kind.' + game.kind)}** · {where}"] + lines)):
                if index < row.progress:
                    continue
                await operations.send_dm(self.bot, row.user_id, text, row.attempts)
                row.progress = index + 1
        except operations.DMClosed:
            # the news stays in the member's panel: tell them where to find it
            await self._closed_dm(game, pid, "publish.news_pending")
            raise

    async def _closed_dm(self, game: Game, pid: str, key: str) -> None:
        """Say publicly, once per delivery pass and member, that what a closed DM held waits in
        their panel (the line names nothing of it)."""
        told = self._told.setdefault(game.id, set())
        if pid in told:
            return
        told.add(pid)
        await self.service.outbox_add(game, "public", {"notices": [{"key": key, "params": {"player": pid}}]})
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
                        t(member_lang, "publish.prompt_dm")] + list(lines))
        try:
            for index, text in enumerate(texts):
                if index < row.progress:
                    continue
                extra = {}
                if index == len(texts) - 1:  # the panel and the controls under the last part
                    extra = {"embed": ui.panel_embed(game.state, pid, game.names, member_lang, []),
                             "view": self.prompt_view(game, pid, member_lang, prompt=prompt, free=False)}
                await operations.send_dm(self.bot, row.user_id, text, row.attempts, **extra)
                row.progress = index + 1
        except operations.DMClosed:
            # the panel path always works: tell the member, neutrally, to open it
            await self._closed_dm(game, pid, "publish.prompt_pending")
            raise

    async def update_table(self, game: Game, lang: str) -> None:
        """Edit the table message in place (or post it) from the game's current state."""
        if game.state is None:
            return
        ui = ui_for(game.kind)
        digest = getattr(ui, "table_digest", None)
        digest = digest(game.state, game.names, lang) + game.status if digest else None
        if digest and game.table_message_id and self._table_shown.get(game.id) == digest:
            return  # nothing on the table changed: no re-render, no edit
        embed = ui.table_embed(game.state, game.names, lang)
        files = []
        if hasattr(ui, "table_picture"):
            # drawn off the event loop: other channels' clicks go on meanwhile (a game's picture
            # module draws each distinct picture once: bot.games.picture_kit.DrawnCache)
            picture = await asyncio.to_thread(ui.table_picture, game.state, game.names, lang)
            files = [discord.File(io.BytesIO(picture), filename="table.png")]
            embed.set_image(url="attachment://table.png")
        view = table_view(game, lang)
        channel = await self.channel(game)
        if game.table_message_id and await operations.edit(channel, game.table_message_id, embed=embed, view=view,
                                                          attachments=files):
            self._table_shown[game.id] = digest
            return
        # the first table message, or the old one was deleted
        message = await operations.send(channel, embed=embed, view=view, files=files)
        await self.service.set_table_message(game.id, message.id)
        game.table_message_id = message.id
        self._table_shown[game.id] = digest


def table_view(game: Game, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if game.status == "active":
        view.add_item(hand_button(game.id, ui_for(game.kind).hand_button_label(lang)))
    return view
