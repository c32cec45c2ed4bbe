"""Seats at a table: a member's (their Discord user id, digits) or a Keeper player's
(``keeper-<n>``, an agent of :mod:`engine.core.agent` that plays the seat from its own view).

A Keeper seat is never a Discord member: it gets no DMs, no news rows, no panel and no ping, and
every place that names a seat goes through :func:`mention`, which names a Keeper seat by its name
instead of rendering ``<@keeper-1>``. Its id occurs in no content, so ``GameRules.rename_seat`` may hand a
seat between a member and a Keeper player like between two members."""
from __future__ import annotations

import re

from bot.i18n import t

KEEPER_PREFIX = "keeper-"


def is_keeper(pid) -> bool:
    return str(pid).startswith(KEEPER_PREFIX)


def is_member(pid) -> bool:
    return str(pid).isdigit()


def members(players) -> list[str]:
    return [p for p in players if is_member(p)]


def keepers(players) -> list[str]:
    return [p for p in players if is_keeper(p)]


def new_keeper_seat(players) -> str:
    """The next Keeper seat: the smallest number no seat of this game uses."""
    used = {str(p) for p in players}
    number = 1
    while f"{KEEPER_PREFIX}{number}" in used:
        number += 1
    return f"{KEEPER_PREFIX}{number}"


def keeper_name(pid, lang: str = "en") -> str:
    return t(lang, "seat.keeper", number=str(pid)[len(KEEPER_PREFIX):])


def mention(pid, lang: str = "en") -> str:
    """How a line names a seat: a member by mention (lines never ping: every message says whom
    it pings), a Keeper player by its name."""
    return keeper_name(pid, lang) if is_keeper(pid) else f"<@{pid}>"


_ESCAPED = re.compile(r"\\([^\w\s]|_)")  # markdown escapes: punctuation, the underscore too


def plain(text: str) -> str:
    """Text shown where Discord renders no markdown (a button, a menu option, an embed's footer, a
    picture): names are kept escaped for markdown (bot.service.safe_name), so the escapes go."""
    return _ESCAPED.sub(r"\1", text)
