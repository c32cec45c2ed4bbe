"""Publishing a game's outcome: public log lines, the table message edited in place, and
private events delivered by DM (or kept for the member's next interaction when DMs are closed).

Game-agnostic: each game kind registers a renderer in :data:`RENDERERS`.
"""
from __future__ import annotations

import logging

import discord

from bot.db import Game
from bot.i18n import t
from cogs import thing_ui
from cogs.common import DM_CLOSED_CODES
from engine.core.events import is_public

log = logging.getLogger("keeper.publish")

RENDERERS = {"thing": thing_ui}
MAX_MESSAGE = 1900


def chunks(lines: list[str], limit: int = MAX_MESSAGE) -> list[str]:
    out, current = [], ""
    for line in lines:
        if current and len(current) + len(line) + 1 > limit:
            out.append(current)
            current = ""
        current = f"{current}\n{line}" if current else line
    if current:
        out.append(current)
    return out


def private_recipients(events: list[dict]) -> list[str]:
    found: list[str] = []
    for ev in events:
        audience = ev.get("audience")
        if isinstance(audience, list):
            found.extend(p for p in audience if p not in found)
    return found


class Publisher:
    def __init__(self, bot):
        self.bot = bot

    async def channel(self, game: Game):
        channel = self.bot.get_channel(game.channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(game.channel_id)
            except discord.HTTPException:
                return None
        return channel

    async def publish(self, game: Game, events: list[dict], actor: str | None = None,
                      notices: list[str] | None = None) -> None:
        """Post public lines, update the table, deliver private events to everyone but ``actor``
        (the actor's private events are shown in their own ephemeral reply)."""
        ui = RENDERERS[game.kind]
        lang = await self.bot.service.guild_language(game.guild_id)
        channel = await self.channel(game)
        if channel is None:
            return
        lines = list(notices or [])
        lines += ui.public_lines([ev for ev in events if is_public(ev)], lang)
        for pid in private_recipients(events):
            if pid == actor:
                continue
            if not await self.deliver_private(game, channel, pid, events, lang):
                lines.append(t(lang, "thing.event.news_pending", player=ui.mention(pid)))
        if game.state is not None and game.status == "active":
            lines += ui.waiting_lines(game.state, lang)
        mentions = discord.AllowedMentions(users=True, roles=False, everyone=False)
        for text in chunks(lines):
            await channel.send(text, allowed_mentions=mentions)
        await self.update_table(game, channel, lang)

    async def deliver_private(self, game: Game, channel, pid: str, events: list[dict], guild_lang: str) -> bool:
        """DM a member their private events; on closed DMs keep them in the inbox. Never raises."""
        ui = RENDERERS[game.kind]
        mine = ui.private_events_for(events, pid)
        if not mine:
            return True
        lang = self.bot.user_languages.get(int(pid), guild_lang)
        lines = ui.private_lines(mine, pid, lang)
        if not lines:
            return True
        where = f"#{getattr(channel, 'name', game.channel_id)}"
        try:
            user = self.bot.get_user(int(pid)) or await self.bot.fetch_user(int(pid))
            for text in chunks([f"**{t(lang, 'kind.' + game.kind)}** · {where}"] + lines):
                await user.send(text)
            return True
        except discord.HTTPException as exc:
            if getattr(exc, "code", None) not in DM_CLOSED_CODES and exc.status != 403:
                log.warning("DM to %s failed (%s); keeping the news in the inbox", pid, exc)
            await self.bot.service.inbox_add(game.id, int(pid), mine)
            return False

    async def update_table(self, game: Game, channel, lang: str) -> None:
        if game.state is None:
            return
        ui = RENDERERS[game.kind]
        embed = ui.table_embed(game.state, game.names, lang)
        view = table_view(game, lang)
        if game.table_message_id:
            try:
                await channel.get_partial_message(game.table_message_id).edit(embed=embed, view=view)
                return
            except discord.NotFound:
                pass
            except discord.HTTPException as exc:
                log.warning("could not edit the table message of game %s: %s", game.id, exc)
                return
        message = await channel.send(embed=embed, view=view)
        await self.bot.service.set_table_message(game.id, message.id)
        game.table_message_id = message.id


def table_view(game: Game, lang: str) -> discord.ui.View:
    from cogs.play import HandButton  # the buttons live with the play cog

    view = discord.ui.View(timeout=None)
    if game.status == "active":
        view.add_item(HandButton(game.id, label=t(lang, "thing.table.hand_button")))
    return view
