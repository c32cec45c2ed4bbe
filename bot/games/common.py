"""What every game's renderer shares and no game knows of: the public lines of a batch of events
(with, at the start, how a member acts), who the table is shown waiting for, and the digest of
the public table."""
from __future__ import annotations

import hashlib
import json
from typing import Callable

from bot.i18n import t
from bot.seats import is_keeper
from engine.core.events import is_public


def how_to_act(lang: str, button: str) -> str:
    """How a member acts, by the act button's exact label and the ``/panel`` command's name in
    ``lang`` (the name Discord shows that member: ``commands.names.panel``)."""
    return t(lang, "publish.how_to_act", button=button, command="/" + t(lang, "commands.names.panel"))


def held_by(waiting: list[dict], window_kinds) -> list[dict]:
    """The waits a table names: ``waiting`` (prompts' public part) but a Keeper player's in a
    response window (``window_kinds``). A window is shown with everyone it asked until it closes,
    so that nobody's answer shows; a Keeper player answers the moment the window opens, whatever
    it holds, so leaving its seat out tells nothing, while naming it read as if Keeper held the
    table (at a one-member table, the member alone is waited for)."""
    return [w for w in waiting if not (w.get("kind") in window_kinds and is_keeper(w.get("player")))]


class Line(str):
    """A public line the channel log may fold (:mod:`bot.publisher`): ``opens`` names what it
    says is about to happen (a roll about to be made, an exchange offered), ``settles`` what
    happened. A settling line that comes right after the lines opening it, in the live message,
    stands in their place: once the outcome is there, the announcement tells a reader nothing.
    Anything said between them (a card played into the roll's window) keeps both. ``event``: the
    event it tells, which the renderer's ``merged`` may tell as one with the next line's when
    that comes right after it in a later step (a Deep One moving after another whose window a
    member passed). ``gathers`` names the happening the line begins (a card played, an
    encounter, a check), and a later line that ``joins`` it, while the line is in the live
    message, is told at its end as ``tail`` (the card going to its discard pile) instead of on a
    line of its own: the change stays told, where it belongs (:func:`joined`). A happening's line
    takes one such end, unless the joining line says ``more`` (a step of several that follow)."""
    opens: str | None
    settles: str | None
    event: dict | None
    gathers: str | None
    joins: str | None
    tail: str | None
    more: bool

    def __new__(cls, text: str, opens: str | None = None, settles: str | None = None, event: dict | None = None,
                gathers: str | None = None, joins: str | None = None, tail: str | None = None, more: bool = False):
        line = super().__new__(cls, text)
        line.opens, line.settles, line.event = opens, settles, event
        line.gathers, line.joins, line.tail, line.more = gathers, joins, tail, more
        return line


def trimmed(text: str, most: int = 300) -> str:
    """``text`` within ``most`` characters: cut after its last whole sentence or clause that fits
    (else its last whole word), never inside a word ("(rounde…")."""
    if len(text) <= most:
        return text
    head = text[:most - 1]
    for mark in (". ", "; ", ", "):
        at = head.rfind(mark)
        if at >= most // 2:
            return head[:at + 1].rstrip(",;") + " …"
    at = head.rfind(" ")
    return (head[:at] if at > 0 else head) + "…"


def counted(icon: str, n: int) -> str:
    """A board mark with its count when more than one: "🐟×2", "🔎"."""
    return icon + (f"×{n}" if n > 1 else "")


def marks_text(marks: list[tuple[str, str, object]]) -> str:
    """A place's marks (icon, kind, detail) after its name on a button: " (🐟×2 💥)", or nothing."""
    icons = " ".join(icon for icon, _kind, _detail in marks)
    return f" ({icons})" if icons else ""


def joined(text: str, tail: str) -> str:
    """``text`` (a line that began a happening) with ``tail`` (a later part of it) at its end."""
    return f"{text[:-1] if text.endswith('.') else text} · {tail}"


def public_lines(events: list[dict], lang: str, line: Callable[[dict], str | None], button: str,
                 echo: Callable[[dict, dict], bool] | None = None,
                 merge: Callable[[dict, dict], dict | None] | None = None) -> list[str]:
    """The lines of the public ``events`` (``line``: one event's line, or None for none), each
    event left out that only repeats the one before it (``echo(before, event)``), an event and
    the next told as one where ``merge(before, event)`` gives that one (five Deep Ones moving
    along one way: one line, not five), and after the game's start how a member acts
    (``button``: the act button's label)."""
    public = []
    for ev in events:
        if not is_public(ev):
            continue
        if echo is not None and public and echo(public[-1][1], ev):
            public[-1][1] = ev  # the next event is compared with this one
            continue
        merged = merge(public[-1][0], ev) if merge is not None and public else None
        if merged is not None:
            public[-1] = [merged, ev]
        else:
            public.append([ev, ev])  # (the event told, the last event it stands for)
    out = []
    for ev, _last in public:
        text = line(ev)
        if text:
            out.append(text)
        if ev["type"] == "game_started":
            out.append(how_to_act(lang, button))
    return out


def table_digest(view: dict, names: dict, lang: str) -> str:
    """Changes exactly when a table drawn from the public ``view`` would look different."""
    public = json.dumps([view, names, lang], sort_keys=True, default=str)
    return hashlib.blake2b(public.encode(), digest_size=12).hexdigest()


def choice_key(ui, option: dict, prompt: dict, state: dict) -> str:
    """What makes an option a distinct choice: the game's renderer calls copies of one card the
    same choice (``same_choice``); otherwise the option itself."""
    same = getattr(ui, "same_choice", None)
    return json.dumps(option if same is None else same(option, prompt, state), sort_keys=True, default=str)


def distinct_choices(ui, prompt: dict | None, state: dict, options: list[dict] | None = None) -> list[dict]:
    """The prompt's options (or ``options``: a player's free actions, with no prompt), one per
    distinct choice (:func:`choice_key`), each as the first of them."""
    options = prompt["options"] if options is None else options
    if getattr(ui, "same_choice", None) is None:
        return options
    seen, out = set(), []
    for option in options:
        key = choice_key(ui, option, prompt, state)
        if key not in seen:
            seen.add(key)
            out.append(option)
    return out
