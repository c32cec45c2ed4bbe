"""Every Discord call Keeper makes, wrapped so that each failure means one thing (SpellBot's
``operations.py`` is the model): callers never catch discord.py's exceptions themselves.

Deliveries (channel messages, edits, DMs) raise :class:`Retry` (try again after ``seconds``: a
429 with its retry-after, a 5xx, a missing permission an admin can fix) or :class:`GiveUp` (the
channel is gone, DMs are closed). Interaction replies return whether they reached the member.
"""
from __future__ import annotations

import asyncio
import logging

import aiohttp
import discord

log = logging.getLogger("keeper.operations")

MAX_BACKOFF_SECONDS = 900.0
# Discord error codes meaning "this member cannot receive a DM from us"
DM_CLOSED_CODES = {50007, 50278}


class Retry(Exception):
    """Delivery failed for now: try again after ``seconds``. ``unsure``: the request may have
    reached Discord and been carried out, its answer lost (a 5xx, a broken connection)."""

    def __init__(self, reason: str, seconds: float, unsure: bool = False):
        super().__init__(reason)
        self.reason, self.seconds, self.unsure = reason, seconds, unsure


class GiveUp(Exception):
    """Delivery can never succeed (the channel is gone, DMs are closed)."""


class DMClosed(GiveUp):
    """The member does not accept DMs from Keeper."""


UNKNOWN_CHANNEL = 10003  # Discord's error code: the channel was deleted


class ChannelGone(Retry):
    """The game's channel was deleted (404, Unknown Channel): its game is paused
    (:meth:`bot.publisher.Publisher.channel_gone`) and the row kept for when it resumes."""

    def __init__(self):
        super().__init__("the channel was deleted", MAX_BACKOFF_SECONDS)


def classify(exc: Exception, attempts: int = 0) -> Exception:
    """What a failed Discord call means for a delivery; other exceptions are returned as they are."""
    backoff = min(MAX_BACKOFF_SECONDS, 5.0 * 2 ** attempts)
    if isinstance(exc, (Retry, GiveUp)):
        return exc
    if isinstance(exc, discord.RateLimited):
        return Retry("rate limited", exc.retry_after)
    if isinstance(exc, discord.NotFound) and exc.code == UNKNOWN_CHANNEL:
        return ChannelGone()
    if isinstance(exc, discord.NotFound):
        return GiveUp(f"not found ({exc.code})")
    if isinstance(exc, discord.HTTPException):
        if exc.status == 429:
            retry_after = getattr(exc, "retry_after", None) or (exc.response.headers.get("Retry-After")
                                                                if getattr(exc, "response", None) else None)
            return Retry("rate limited", float(retry_after or backoff))
        if exc.status == 403:
            # missing access or permission: an admin can fix it, so keep it and retry slowly
            return Retry(f"forbidden ({exc.code})", max(backoff, 60.0))
        if 400 <= exc.status < 500:
            return GiveUp(f"refused: HTTP {exc.status} ({exc.code})")  # sending it again cannot help
        return Retry(f"HTTP {exc.status} ({exc.code})", backoff, unsure=True)
    if isinstance(exc, (OSError, asyncio.TimeoutError, aiohttp.ClientError)):
        return Retry(type(exc).__name__, backoff, unsure=True)  # the connection broke: try again
    return exc


async def _delivering(call, attempts: int = 0):
    try:
        return await call
    except (discord.DiscordException, OSError, asyncio.TimeoutError, aiohttp.ClientError) as exc:
        raise classify(exc, attempts) from exc


async def channel(bot, channel_id: int):
    """The channel from the cache, else from Discord."""
    found = bot.get_channel(channel_id)
    if found is None:
        found = await _delivering(bot.fetch_channel(channel_id))
    return found


async def send(target, attempts: int = 0, **kwargs) -> discord.Message:
    """Post a message in a channel."""
    return await _delivering(target.send(**kwargs), attempts)


# a post whose answer was lost is tried this many times in all (see post_once), the next try after
# at most this long: a member waits for it
POST_TRIES = 3
POST_WAIT_SECONDS = 2.0


async def post_once(target, nonce: str, **kwargs) -> discord.Message:
    """Post a message outside the outbox (a lobby) that must not appear twice: when Discord's
    answer is lost after it may have created it (a 5xx, a broken connection), it is sent again
    under the same nonce, and Discord (enforce_nonce) hands back the message it created instead
    of posting a second one."""
    attempt = 0
    while True:
        try:
            return await send(target, attempts=attempt, nonce=nonce, **kwargs)
        except Retry as exc:
            attempt += 1
            if not exc.unsure or attempt >= POST_TRIES:   # refused (nothing was created), or give up
                raise
            wait = min(exc.seconds, POST_WAIT_SECONDS)
        await asyncio.sleep(wait)


async def in_guild(guild, user_ids) -> set[str]:
    """Which of these members are still in the guild: each is asked of Discord (without the
    members intent Keeper caches no members, nor hears of one leaving). One Discord does not
    answer for (busy, a broken connection) counts as in: a mention of a member who left is only
    wasted."""
    async def present(uid: str) -> bool:
        if guild is None:
            return True
        try:
            await guild.fetch_member(int(uid))
        except discord.NotFound:
            return False
        except (discord.DiscordException, OSError, asyncio.TimeoutError, aiohttp.ClientError):
            return True
        return True
    ids = [str(uid) for uid in user_ids]
    answers = await asyncio.gather(*(present(uid) for uid in ids))
    return {uid for uid, here in zip(ids, answers) if here}


async def edit(target, message_id: int, attempts: int = 0, **kwargs) -> bool:
    """Edit a message in place; False if it is gone (the caller posts a new one)."""
    try:
        await _delivering(target.get_partial_message(message_id).edit(**kwargs), attempts)
    except GiveUp:
        return False
    return True


async def send_dm(bot, user_id: int, content: str, attempts: int = 0, **kwargs) -> None:
    """DM a member (``kwargs``: an embed, a view of controls); :class:`DMClosed` when they accept
    none from Keeper."""
    try:
        user = bot.get_user(user_id) or await bot.fetch_user(user_id)
        await user.send(content, **kwargs)
        if kwargs.get("view") is not None:
            kwargs["view"].stop()  # dispatched by custom_id (DynamicItems): nothing kept in memory
    except discord.HTTPException as exc:
        if exc.status == 403 or getattr(exc, "code", None) in DM_CLOSED_CODES:
            raise DMClosed("DMs closed") from exc
        raise classify(exc, attempts) from exc
    except (OSError, asyncio.TimeoutError, aiohttp.ClientError) as exc:
        raise classify(exc, attempts) from exc


async def defer(interaction: discord.Interaction, *, ephemeral: bool = True, thinking: bool = True) -> bool:
    """Acknowledge an interaction within Discord's 3 seconds (once); False if it expired."""
    if interaction.response.is_done():
        return True
    try:
        if ephemeral or thinking:
            await interaction.response.defer(ephemeral=ephemeral, thinking=thinking)
        else:
            await interaction.response.defer()
        return True
    except discord.InteractionResponded:
        return True
    except discord.HTTPException as exc:
        log.warning("could not defer interaction %s: %s", interaction.id, exc)
        return False


async def defer_update(interaction: discord.Interaction) -> bool:
    """Acknowledge a component click that will edit its own message (a lobby)."""
    return await defer(interaction, ephemeral=False, thinking=False)


async def edit_original(interaction: discord.Interaction, **kwargs) -> None:
    """Edit the message the interaction answered (a lobby, a deferred reply). Raises
    discord.HTTPException if the edit did not reach Discord (the caller says what stands)."""
    await interaction.edit_original_response(**kwargs)


async def respond(interaction: discord.Interaction, content: str | None = None, **kwargs) -> None:
    """Answer (ephemerally by default) whether or not the interaction was deferred. Raises
    discord.HTTPException if the answer did not reach the member (the caller decides what the
    member is told instead)."""
    kwargs.setdefault("ephemeral", True)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(content or discord.utils.MISSING, **kwargs)
        else:
            await interaction.response.send_message(content, **kwargs)
    except discord.InteractionResponded:
        await interaction.followup.send(content or discord.utils.MISSING, **kwargs)
    view = kwargs.get("view")
    if view is not None:
        # Keeper's controls are DynamicItems, dispatched by custom_id whatever view sent them;
        # discord.py would otherwise keep every ephemeral view (with a 15-minute timer) in memory
        view.stop()
