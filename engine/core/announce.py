"""No silent change: every difference of the public table between two steps is announced.

A game declares, for each kind of public event, the parts of the public view (``view(s, None)``)
that such an event may change (``GameRules.announces``), and the parts that change with no
event by design (``GameRules.unannounced``: who is being asked, bookkeeping). After a step,
:func:`silent_changes` diffs the public view before and after it; every changed part must be
covered by a part that one of the step's public events may change. A change nothing covers is a
silent change: the table moved but the log does not say so.

Parts are dotted paths into the view. In a pattern, ``*`` matches any one key, and ``{param}``
stands for the event's own parameter (``investigators.{inv}.health``: only that investigator's
health); an event without that parameter matches any key there. A pattern covers a changed path
when one is a prefix of the other. Lists of mappings that all carry an ``id`` are compared by id
(``investigators.leo_anderson.health``); other lists are one part.
"""
from __future__ import annotations

from typing import Iterable

from engine.core.events import ALL

Path = tuple


def _keyed(value):
    """A list of mappings that all carry an ``id`` becomes a mapping by id (else unchanged)."""
    if isinstance(value, list) and value and all(isinstance(v, dict) and "id" in v for v in value):
        keyed = {str(v["id"]): v for v in value}
        if len(keyed) == len(value):
            return keyed
    return value


def changed_paths(before, after, path: Path = ()) -> list[Path]:
    """The smallest parts in which two public views differ."""
    if before == after:
        return []
    before, after = _keyed(before), _keyed(after)
    if isinstance(before, dict) and isinstance(after, dict):
        out: list[Path] = []
        for key in list(before) + [k for k in after if k not in before]:
            if key not in after or key not in before:
                out.append(path + (str(key),))
            else:
                out.extend(changed_paths(before[key], after[key], path + (str(key),)))
        return out
    return [path]


def told_the_table(ev: dict) -> bool:
    """Everyone sees it (``all``), or everyone but the few it names, who get their own version of
    it (``{"except": [...]}``, e.g. what the drawer alone may know of a draw)."""
    audience = ev.get("audience", ALL)
    return audience == ALL or isinstance(audience, dict)


def _pattern(text: str, ev: dict | None) -> Path:
    parts = []
    for part in text.split("."):
        if part.startswith("{") and part.endswith("}"):
            value = (ev or {}).get(part[1:-1])
            part = "*" if value is None or isinstance(value, (dict, list)) else str(value)
        parts.append(part)
    return tuple(parts)


def covers(pattern: Path, path: Path) -> bool:
    """One is a prefix of the other, ``*`` matching any key."""
    return all(p == "*" or p == q for p, q in zip(pattern, path))


def silent_changes(before: dict, after: dict, events: Iterable[dict], announces: dict[str, Iterable[str]],
                   unannounced: Iterable[str] = ()) -> list[str]:
    """Every part of the public view that changed from ``before`` to ``after`` and that no public
    event of the step may change (a message per part, naming it and the step's public events)."""
    public = [ev for ev in events if told_the_table(ev)]
    undeclared = sorted({ev["type"] for ev in public if ev["type"] not in announces})
    allowed = [_pattern(p, None) for p in unannounced]
    for ev in public:
        allowed.extend(_pattern(p, ev) for p in announces.get(ev["type"], ()))
    silent = [path for path in changed_paths(before, after)
              if not any(covers(pattern, path) for pattern in allowed)]
    out = [f"public event '{kind}' does not declare what it may change" for kind in undeclared]
    if not silent:
        return out
    said = sorted({ev["type"] for ev in public}) or ["no public event"]
    return out + [f"silent change of {'.'.join(path) or 'the table'} (the step said: {', '.join(said)})"
            for path in silent]

