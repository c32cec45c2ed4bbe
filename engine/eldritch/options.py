"""Eldritch Horror options (chosen before setup) and setup overrides (scenarios, tests)."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class EldritchOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ancient_one: str | int = Field("random", description="An Ancient One id, its place in the pack (1-4: the "
                                                        "lobby's select), or 'random' (A9).")
    investigators: dict[str, list[str]] | None = Field(
        None, description="Investigators per player (1-4 each, 1-8 in all); default: one random each.")
    per_player: int = Field(1, ge=1, le=4, description="Random investigators per player when none are named.")
    lead: str | None = Field(None, description="The player whose (first) investigator is Lead; default random (A2).")
    difficulty: Literal["normal", "easy", "hard"] = Field(
        "normal", description="A24: 'easy' boxes the hard mythos cards, 'hard' the easy ones.")
    starting_rumor: bool = Field(False, description="M5: a random rumor is put in play at setup.")


class EldritchSetup(BaseModel):
    """Overrides for scenarios and tests; anything not given is random. Lists are top first."""

    model_config = ConfigDict(extra="forbid")

    mythos: list[str] | None = None          # the exact mythos deck
    gates: list[str] | None = None           # gate stack top (spaces), rest shuffled under
    clues: list[str] | None = None           # clue pool top (spaces)
    cup: list[str] | None = None             # monsters drawn first from the cup, in order
    decks: dict[str, list[str]] | None = None  # encounter/asset/artifact/mystery deck tops
    reserve: list[str] | None = None         # the 4 reserve cards
    dice: list[int] | None = None            # forced die faces, consumed before the generator
    mystery: str | None = None               # the first mystery
    position: dict | None = None             # a situation once setup is done (engine/eldritch/position.py)
