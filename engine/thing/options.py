"""Game options (advanced rules of §10, rulings R1/R4/R5/R6/R12) and setup overrides."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class ThingOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    thing_in_deck: bool = Field(False, description="Advanced rule 1: The Thing is shuffled into the deck.")
    infected_count: int | None = Field(None, ge=1, le=40,
                                       description="Advanced rule 2: number of Infected! cards (default: per player count).")
    weapons_in_deck: bool = Field(False, description="Advanced rule 3: Flamethrowers and Analyses are not dealt.")
    neighbours_only: bool = Field(False, description="Advanced rule 4: 'any player' cards target neighbours when possible.")
    custom_deck: dict[str, int] | None = Field(None, description="Advanced rule 5: card counts replacing the deck.")
    revenge: bool = Field(False, description="Advanced rule 6: the game goes on after the Thing burns.")
    quarantine_turns: Literal[2, 3] = Field(3, description="R1: own turns a quarantine lasts.")
    missed_infects: bool = Field(True, description="R4: an exchange redirected by Missed! can infect.")
    friends_ends_turn: bool = Field(False, description="R5: Can't We Be Friends? ends the turn.")
    blind_date_to_discard: bool = Field(False, description="R6: the card given up in Blind Date is discarded.")
    auto_end_no_humans: bool = Field(False, description="R12: end the game when no humans are left.")


class ThingSetup(BaseModel):
    """Overrides for scenarios and bug reports; anything not given is dealt normally."""

    model_config = ConfigDict(extra="forbid")

    seats: list[str] | None = None           # seat order, clockwise
    first_player: str | None = None
    hands: dict[str, list[str]] | None = None  # fixed starting hands (taken from the deck)
    deck_top: list[str] | None = None         # cards put on top of the draw pile, top first
    deck: list[str] | None = None             # an exact draw pile, top first (needs hands)
