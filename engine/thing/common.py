"""The Thing: the ids the rules are written around, roles and small helpers."""
from __future__ import annotations

# the two infection cards: «Нечто» never leaves its holder, «Заражение!» infects (§2.1, §5)
THING = "the_thing"
INFECTED = "infected"
HUMAN, THING_ROLE, INFECTED_ROLE = "human", "thing", "infected"


def distinct(cards):
    return list(dict.fromkeys(cards))


def tally(cards):
    out: dict[str, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out
