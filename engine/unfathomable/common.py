"""Ids and small helpers shared by every module of the Unfathomable engine.

Skill cards are physical cards with unique ids ``<type>:<title>:<value>:<copy>`` (e.g.
``lore:shrivelling:2:3``), so each card can be followed through decks, hands, the chaos deck and
check piles. Passenger tokens are ``pax<n>`` (never a player id: seats are renamed by value) (their faces live in ``state["passenger_faces"]``,
never in a view until defeated)."""
from __future__ import annotations

from engine.unfathomable.content_effects import MONARCHS, NON_TREACHERY, RESOURCES, SKILL_TYPES  # noqa: F401

DEPTHS = "depths"
SICK_BAY = "sick_bay"
BRIG = "brig"
TITLES = ("captain", "keeper_of_the_tome")


def card_type(card: str) -> str:
    return card.split(":", 1)[0]


def card_title(card: str) -> str:
    return card.split(":", 2)[1]


def card_value(card: str) -> int:
    return int(card.split(":", 3)[2])


def card_id(type_: str, title: str, value: int, copy: int) -> str:
    return f"{type_}:{title}:{value}:{copy}"
