"""The Thing's content pack: ``data/thing/cards.yaml``, validated at load."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator, model_validator

from engine.content import DATA_ROOT, ContentError, SummaryRow
from engine.content.loader import Strict, entry_id, read_yaml, validate_entry

Category = Literal["infection", "action", "defence", "obstacle", "panic"]
Target = Literal["none", "self", "adjacent", "self_or_adjacent", "any", "gap", "obstacle", "nth"]
Response = Literal["burn", "swap", "exchange"]

# The effect vocabulary (documented in data/thing/README.md). The engine implements each name.
EFFECTS: dict[str, set[str]] = {
    "eliminate": set(),
    "show_hand": {"from", "to"},
    "peek_random_card": set(),
    "draw_keep": {"draw", "keep"},
    "play_again": set(),
    "reverse_direction": set(),
    "swap_seats": set(),
    "exchange": set(),
    "refuse": set(),
    "peek_offered_card": set(),
    "redirect_exchange": set(),
    "place_quarantine": set(),
    "place_door": set(),
    "remove_obstacle": set(),
    "discard_obstacles": {"kinds"},
    "pair_swaps": set(),
    "revelations": set(),
    "discard_and_draw": {"count"},
    "pass_cards": set(),
    "swap_with_deck": set(),
}
PLAYER_COUNTS = range(4, 13)


class Names(Strict):
    en: str
    ru: str
    uk: str


class Text(Strict):
    en: str


class Effect(Strict):
    model_config = Strict.model_config | {"extra": "allow"}
    do: str

    @model_validator(mode="after")
    def _known(self):
        if self.do not in EFFECTS:
            raise ValueError(f"unknown effect '{self.do}' (known: {', '.join(sorted(EFFECTS))})")
        extra = set(self.model_extra or {})
        unknown = extra - EFFECTS[self.do]
        if unknown:
            raise ValueError(f"effect '{self.do}' has unknown parameter(s) {sorted(unknown)}")
        return self

    def param(self, name: str, default=None):
        return (self.model_extra or {}).get(name, default)


class CardDef(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    category: Category
    copies: dict[int, int]
    names: Names
    text: Text
    effects: list[Effect]
    target: Target = "none"
    response: Response | None = None
    answers: Response | None = None
    ends_turn: bool = False
    ignores_doors: bool = False
    ignores_quarantine: bool = False
    neighbours_only_rule: bool = False  # advanced rule 4 restricts this card to neighbours
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
        if self.category == "defence" and self.answers is None:
            raise ValueError("a defence card needs 'answers'")
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

    def composition(self, players: int) -> dict[str, int]:
        return {cid: card.count_for(players) for cid, card in self.cards.items() if card.count_for(players)}


class _File(Strict):
    cards: list[dict]


def load(data_dir: Path | None = None) -> ThingPack:
    data_dir = Path(data_dir) if data_dir else DATA_ROOT / "thing"
    path = data_dir / "cards.yaml"
    raw = read_yaml(path)
    top = validate_entry(_File, raw, path, None)
    cards: dict[str, CardDef] = {}
    for index, entry in enumerate(top.cards):
        cid = entry_id(entry, index)
        card = validate_entry(CardDef, entry, path, cid)
        if card.id in cards:
            raise ContentError(path, cid, "duplicate card id")
        cards[card.id] = card
    for required in ("the_thing", "infected"):
        if required not in cards:
            raise ContentError(path, required, "required card is missing")
    if cards["the_thing"].copies != {0: 1}:
        raise ContentError(path, "the_thing", "exactly one unnumbered copy is required")
    answerable = {c.response for c in cards.values() if c.response}
    for card in cards.values():
        if card.answers and card.answers not in answerable:
            raise ContentError(path, card.id, f"answers '{card.answers}', which no card triggers")
    return ThingPack(cards=cards)


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
