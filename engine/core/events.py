"""Events: every output of the engine, each tagged with who may see it.

An event is a plain dict::

    {"type": "exchanged", "audience": "all", ...params}
    {"type": "card_received", "audience": ["p2"], "reveal": True, ...}
    {"type": "offer_made", "audience": {"except": ["p1"]}, ...}

``audience`` is ``"all"``, a list of player ids (only them), or ``{"except": [...]}``
(everyone but them). ``reveal`` marks an event that shows someone information that was hidden
(a draw, a peek, a shown hand): undoing across it needs an explicit override.
"""
from __future__ import annotations

from typing import Union

Audience = Union[str, list, dict]
ALL = "all"


def event(type_: str, audience: Audience = ALL, *, reveal: bool = False, **params) -> dict:
    out = {"type": type_, "audience": audience}
    if reveal:
        out["reveal"] = True
    out.update(params)
    return out


def only(*players: str) -> list:
    return list(dict.fromkeys(players))


def everyone_except(*players: str) -> dict:
    return {"except": list(dict.fromkeys(players))}


def visible_to(ev: dict, player: str | None) -> bool:
    """Whether ``player`` may see ``ev``; ``player=None`` asks about the public channel."""
    audience = ev.get("audience", ALL)
    if audience == ALL:
        return True
    if isinstance(audience, dict):
        return player is not None and player not in audience.get("except", ())
    return player is not None and player in audience


def is_public(ev: dict) -> bool:
    return ev.get("audience", ALL) == ALL



def route(events: list[dict], players) -> tuple[list[dict], dict[str, list[dict]]]:
    """Split a step's events into the public part and each player's private part.

    Every delivery path uses this one function: an event goes to the channel if its audience is
    everyone, otherwise privately to each player it names (a list) or does not exclude
    (``{"except": [...]}``), in order. Players with nothing private are absent."""
    public: list[dict] = []
    private: dict[str, list[dict]] = {}
    for ev in events:
        if is_public(ev):
            public.append(ev)
            continue
        for player in players:
            if visible_to(ev, player):
                private.setdefault(player, []).append(ev)
    return public, private
