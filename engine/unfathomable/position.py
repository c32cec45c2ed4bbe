"""A starting position (``setup: {position: ...}``): any situation a referee or a player reports,
written as data and applied once setup is done (turn 1 under way), so a record replays it. The
vocabulary (engine/README.md) is :class:`UnfathomablePosition`; every card, token and item is
taken from where it lies, so the game's conservation holds, and a position that breaks an
invariant of the game is refused (``bad_position``). Ids: skill cards ``<type>:<title>:<value>:<copy>``,
top of a deck = last."""
from __future__ import annotations

from collections import Counter

from pydantic import BaseModel, ConfigDict, Field

from engine.core.errors import RuleError, parse_position
from engine.unfathomable.common import BRIG, card_type


class UnfathomablePosition(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # the board
    clear_deep_ones: bool = False                   # every Deep One back to the supply
    deep_ones: dict[str, int] = Field(default_factory=dict)    # zone (or depths) -> exactly n
    monarchs: dict[str, str] = Field(default_factory=dict)     # mother_hydra / father_dagon -> zone
    zone_of: dict[str, str] = Field(default_factory=dict)      # player -> zone (the Brig: titles pass on)
    damage: dict[str, str] = Field(default_factory=dict)       # zone -> damage card (from the deck)
    tracks: dict[str, int] = Field(default_factory=dict)
    resources: dict[str, int] = Field(default_factory=dict)
    distance: int | None = Field(None, ge=0)
    course_played: list[str] = Field(default_factory=list)     # from the course deck
    clear_passengers: bool = False                   # deck-zone passengers back to the supply
    passengers: dict[str, list[str]] = Field(default_factory=dict)   # zone -> faces (supply tokens)
    spell_deck: list[str] | None = None              # the whole deck; the others leave the game
    # the crew
    hands: dict[str, list[str]] = Field(default_factory=dict)  # player -> exactly these skill cards
    chaos: list[str] | None = None                   # exactly this chaos deck
    deck_top: dict[str, list[str]] = Field(default_factory=dict)   # skill type (treachery too) -> top cards
    loyalty_top: list[str] = Field(default_factory=list)       # top of the loyalty deck
    revealed: dict[str, str] = Field(default_factory=dict)     # player -> the loyalty card revealed
    items: dict[str, list[str]] = Field(default_factory=dict)  # player -> exactly these items
    active_upgrade: dict[str, str | None] = Field(default_factory=dict)
    titles: dict[str, str | None] = Field(default_factory=dict)   # title -> holder (after the Brig's passing)


class Position:
    def apply_position(self, s, raw) -> None:
        pos = parse_position(UnfathomablePosition, raw)
        self._apply_position(s, pos)
        problems = self.invariant_violations(s)
        if problems:
            raise RuleError("bad_position", "That position breaks a rule of the game: {problems}",
                            problems="; ".join(problems))

    def _apply_position(self, s, pos: UnfathomablePosition) -> None:
        if pos.clear_deep_ones:
            self.clear_deep_ones(s)
        for z, n in pos.deep_ones.items():
            s["deep_one_supply"] -= n - s["deep_ones"][z]
            s["deep_ones"][z] = n
        s["monarchs"].update(pos.monarchs)
        for z, card in pos.damage.items():
            _take(s["damage_deck"], card, "damage card")
            s["damage"][z] = card
        s["tracks"].update(pos.tracks)
        s["resources"].update(pos.resources)
        if pos.distance is not None:
            s["distance"] = pos.distance
        for card in pos.course_played:
            _take(s["course_deck"], card, "course card")
            s["course_played"].append(card)
        if pos.clear_passengers:
            for z, tokens in s["passengers"].items():
                s["passenger_supply"].extend(tokens)
                s["passengers"][z] = []
        for z, faces in pos.passengers.items():
            for face in faces:
                token = next((t for t in reversed(s["passenger_supply"]) if s["passenger_faces"][t] == face), face)
                _take(s["passenger_supply"], token, "passenger in the supply")
                s["passengers"][z].append(token)
        if pos.spell_deck is not None:
            keep = list(pos.spell_deck)
            rest = Counter(s["spell_deck"]) - Counter(keep)
            s["spells_removed"].extend(sorted(rest.elements()))
            s["spell_deck"] = keep
        for p, cards in pos.hands.items():
            self.empty_hand(s, p)
            self.give_skills(s, p, *cards)
        if pos.chaos is not None:
            for card in s["chaos"]:
                s["decks"][card_type(card)].append(card)
            s["chaos"] = []
            for card in pos.chaos:
                self._take_skill(s, card)
                s["chaos"].append(card)
        for t, top in pos.deck_top.items():
            for card in top:
                self._take_skill(s, card)
                s["decks"][t].append(card)
        for card in reversed(pos.loyalty_top):
            _take(s["loyalty_deck"], card, "loyalty card in the deck")
            s["loyalty_deck"].append(card)
        for p, items in pos.items.items():
            for item in list(s["items"][p]):
                s["items"][p].remove(item)
                s["item_deck"].insert(0, item)
            for item in items:
                self.give_item(s, p, item)
        s["active_upgrade"].update(pos.active_upgrade)
        for p, card in pos.revealed.items():
            self.reveal_as(s, p, card)
        for p, zone in pos.zone_of.items():
            s["zone_of"][p] = zone
            if zone == BRIG:   # checklist 126: entering the Brig loses all titles
                self.lose_titles(s, p, [])
        s["titles"].update(pos.titles)

    # --- edits the tests' own helpers share (tests/engine/unfathomable/c_helpers.py) ----------
    def clear_deep_ones(self, s) -> None:
        for z, n in s["deep_ones"].items():
            s["deep_one_supply"] += n
            s["deep_ones"][z] = 0

    def empty_hand(self, s, p) -> None:
        for card in s["hands"][p]:
            self.discard(s, card)
        s["hands"][p] = []

    def _take_skill(self, s, card) -> None:
        """Take a skill card out of wherever it lies: its deck, its discard, the chaos or a hand."""
        t = card_type(card)
        for pile in (s["decks"].get(t, []), s["discards"].get(t, []), s["chaos"], *s["hands"].values()):
            if card in pile:
                pile.remove(card)
                return
        raise RuleError("bad_position", "No skill card '{card}' is there to take.", card=card)

    def give_skills(self, s, p, *cards) -> None:
        for card in cards:
            self._take_skill(s, card)
            s["hands"][p].append(card)

    def give_item(self, s, p, item) -> None:
        """Move an item from the item deck or another play area to ``p``'s."""
        for pile in (s["item_deck"], *s["items"].values()):
            if item in pile:
                pile.remove(item)
                break
        else:
            raise RuleError("bad_position", "No item '{item}' is there to take.", item=item)
        s["items"][p].append(item)

    def reveal_as(self, s, p, card) -> None:
        """``p`` is a revealed traitor holding ``card`` (swapped in from the loyalty deck); titles
        pass on (checklist 160)."""
        if card not in s["loyalty"][p]:
            _take(s["loyalty_deck"], card, "loyalty card in the deck")
            s["loyalty_deck"].extend(s["loyalty"][p])
            s["loyalty"][p] = [card]
        s["revealed"][p] = card
        self.lose_titles(s, p, [])


def _take(pile: list, x, what: str) -> None:
    if x not in pile:
        raise RuleError("bad_position", "No {what} '{x}' is there to take.", what=what, x=x)
    pile.remove(x)
