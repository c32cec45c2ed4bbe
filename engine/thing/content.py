"""The Thing's content pack: ``data/thing/cards.yaml``, validated at load."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import ConfigDict, Field, field_validator, model_validator

from engine.content import DATA_ROOT, ContentError, SummaryRow
from engine.content.dialect import Names, Spec, Strict, Text, step
from engine.content.loader import bytes_digest, files_digest, read_mapping, validate_file

Category = Literal["infection", "action", "defence", "obstacle", "panic"]
Target = Literal["none", "self", "adjacent", "self_or_adjacent", "any", "gap", "obstacle", "nth"]
Response = Literal["burn", "swap", "exchange"]


# The effect vocabulary (documented in data/thing/README.md): each step is a one-key mapping
# {primitive: {params}}, the dialect Unfathomable uses too. The engine implements each name.
class ShowHand(Spec):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    from_: Literal["player", "target"] = Field(alias="from")
    to: Literal["player", "target", "all"]


class DrawKeep(Spec):
    draw: int = Field(ge=1)
    keep: int = Field(ge=1)

    @model_validator(mode="after")
    def _fits(self):
        if self.keep > self.draw:
            raise ValueError("keep cannot exceed draw")
        return self


class DiscardObstacles(Spec):
    kinds: list[Literal["quarantine", "door"]] = Field(min_length=1)


class DiscardAndDraw(Spec):
    count: int = Field(ge=1)


EFFECTS: dict[str, type[Spec]] = {
    "eliminate": Spec,
    "show_hand": ShowHand,
    "peek_random_card": Spec,
    "draw_keep": DrawKeep,
    "play_again": Spec,
    "reverse_direction": Spec,
    "swap_seats": Spec,
    "exchange": Spec,
    "refuse": Spec,
    "peek_offered_card": Spec,
    "redirect_exchange": Spec,
    "place_quarantine": Spec,
    "place_door": Spec,
    "remove_obstacle": Spec,
    "discard_obstacles": DiscardObstacles,
    "pair_swaps": Spec,
    "revelations": Spec,
    "discard_and_draw": DiscardAndDraw,
    "pass_cards": Spec,
    "swap_with_deck": Spec,
}
Effect = list[step("primitive", EFFECTS)]
PLAYER_COUNTS = range(4, 13)


class CardDef(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    category: Category
    copies: dict[int, int]
    names: Names
    text: Text
    effects: Effect = []
    target: Target = "none"
    response: Response | None = None
    answers: Response | None = None
    ends_turn: bool = False
    ignores_doors: bool = False
    ignores_quarantine: bool = False
    neighbours_only_rule: bool = False  # advanced rule 4 restricts this card to neighbours
    weapon: bool = False                # advanced rule 3 keeps it out of the deal
    nth: int | None = None

    @field_validator("copies")
    @classmethod
    def _numbers(cls, copies: dict[int, int]):
        for number, count in copies.items():
            if number != 0 and number not in PLAYER_COUNTS:
                raise ValueError(f"printed number {number} is not a player count 4..12")
            if count < 1:
                raise ValueError(f"copies for number {number} must be at least 1")
        return copies

    @model_validator(mode="after")
    def _consistent(self):
        if self.names.uk is None or self.names.ru is None:
            raise ValueError("names need en, uk and ru (the bot shows all three)")
        if self.category == "defence" and self.answers is None:
            raise ValueError("a defence card needs 'answers'")
        if self.category == "defence" and (not self.effects or self.effects[0].name != "refuse"):
            raise ValueError("a defence card's first step is 'refuse'")
        if self.category != "defence" and self.answers is not None:
            raise ValueError("only defence cards have 'answers'")
        if self.target == "nth" and not self.nth:
            raise ValueError("target 'nth' needs 'nth'")
        return self

    def count_for(self, players: int) -> int:
        return sum(n for number, n in self.copies.items() if number <= players)

    @property
    def is_event(self) -> bool:
        return self.category != "panic"


class ThingPack(Strict):
    cards: dict[str, CardDef]
    digest: str = "none"  # of what the file says to the rules: part of the rules' version (engine.core.game)
    bytes_digest: str = "none"  # of its bytes: the version games begun before 28 Nov 2026 carry

    def composition(self, players: int) -> dict[str, int]:
        return {cid: card.count_for(players) for cid, card in self.cards.items() if card.count_for(players)}


class _File(Strict):
    cards: list[CardDef]


def load(data_dir: Path | None = None) -> ThingPack:
    data_dir = Path(data_dir) if data_dir else DATA_ROOT / "thing"
    path = data_dir / "cards.yaml"
    data = read_mapping(path)
    top = validate_file(path, data, _File, "cards")
    cards: dict[str, CardDef] = {}
    for card in top.cards:
        if card.id in cards:
            raise ContentError(path.name, card.id, "duplicate card id")
        cards[card.id] = card
    for required in ("the_thing", "infected"):
        if required not in cards:
            raise ContentError(path.name, required, "required card is missing")
    if cards["the_thing"].copies != {0: 1}:
        raise ContentError(path.name, "the_thing", "exactly one unnumbered copy is required")
    answerable = {c.response for c in cards.values() if c.response}
    for card in cards.values():
        if card.answers and card.answers not in answerable:
            raise ContentError(path.name, card.id, f"answers '{card.answers}', which no card triggers")
    for effect in ("place_quarantine", "place_door"):
        placing = [c.id for c in cards.values() if any(e.name == effect for e in c.effects)]
        if len(placing) > 1:  # the card that goes to the discard pile when the obstacle ends
            raise ContentError(path.name, placing[1], f"only one card may '{effect}'")
    return ThingPack(cards=cards, digest=files_digest({path.name: data}), bytes_digest=bytes_digest([path]))


@lru_cache(maxsize=1)
def default_pack() -> ThingPack:
    return load()


def summary(pack: ThingPack) -> list[SummaryRow]:
    rows = []
    full = pack.composition(12)
    for category in ("infection", "action", "defence", "obstacle", "panic"):
        count = sum(n for cid, n in full.items() if pack.cards[cid].category == category)
        rows.append(SummaryRow("deck (12 players)", f"{category} cards", count, _EXPECTED.get(category)))
    rows.append(SummaryRow("deck (12 players)", "all cards", sum(full.values()), 108))
    for players in PLAYER_COUNTS:
        comp = pack.composition(players)
        rows.append(SummaryRow(f"deck ({players} players)", "cards", sum(comp.values()), _EXPECTED_TOTAL[players]))
    return rows


# The rulebook's component list and the spec's §11.2 totals.
_EXPECTED = {"infection": 21, "action": 45, "defence": 17, "obstacle": 5, "panic": 20}
_EXPECTED_TOTAL = {4: 35, 5: 41, 6: 54, 7: 63, 8: 69, 9: 88, 10: 95, 11: 108, 12: 108}
