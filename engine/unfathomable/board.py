"""The ship and the sea as plain lookups over ``board.yaml`` (checklist section B)."""
from __future__ import annotations

from engine.unfathomable.common import BRIG, DEPTHS, SICK_BAY


class Board:
    def __init__(self, pack):
        board = pack.board
        self.zones = {z.id: z for z in board.zones}
        self.kind = {z.id: z.kind for z in board.zones}
        self.adjacent = {z.id: tuple(z.adjacent) for z in board.zones}
        self.arrow = {z.id: z.arrow for z in board.zones if z.arrow}
        self.toward_bow = {z.id: z.toward_bow for z in board.zones if z.kind == "water"}
        self.toward_stern = {z.id: z.toward_stern for z in board.zones if z.kind == "water"}
        self.water = tuple(z.id for z in board.zones if z.kind == "water")
        self.deck = tuple(z.id for z in board.zones if z.kind == "deck")
        self.interior = tuple(z.id for z in board.zones if z.kind in ("interior", "sick_bay", "brig"))
        self.damageable = tuple(z.id for z in board.zones if z.damageable)
        self.ship = self.deck + self.interior
        self.board = self.water + self.deck + self.interior  # where figures stand (not the Depths)
        self.number = {}      # interior number (d8) -> zone; deck number -> deck zone
        self.deck_number = {}
        for z in board.zones:
            if z.kind == "interior":
                for n in z.numbers:
                    self.number[n] = z.id
            elif z.kind == "deck":
                self.deck_number[z.number] = z.id
        self.zone_number = {z.id: max(z.numbers) for z in board.zones if z.numbers}
        self.bow_roll = {r: b.zone for b in board.bow_roll for r in b.rolls}
        self.redirect = board.damage_redirect.priority
        self.pathing = board.deep_one_pathing.priority
        self.first_step = board.deep_one_pathing.first_step or {}
        self.stern = tuple(w for w in self.water if self.toward_stern[w] in (None, DEPTHS))  # w7, w8 (checklist 23)
        self.bow = tuple(w for w in self.water if not self.toward_bow[w])

    # --- geometry
    def is_ship(self, zone: str) -> bool:
        return zone in self.ship

    def interior_of(self, zone: str) -> str | None:
        """A character's interior zone: itself inside; from a deck space, where its arrow points."""
        kind = self.kind.get(zone)
        if kind in ("interior", "sick_bay", "brig"):
            return zone
        if kind == "deck":
            return self.arrow[zone]
        return None

    def hydra_target(self, water: str) -> str:
        """Checklist 98: follow the arrows water -> deck -> interior."""
        return self.arrow[self.arrow[water]]

    def damage_target(self, zone: str, damaged) -> str | None:
        """Checklist 111: a damaged zone redirects to the nearest undamaged one, ties to the
        highest number (the order of ``damage_redirect``); None when all six are damaged."""
        return next((z for z in self.redirect[zone] if z not in damaged), None)

    def deep_one_step(self, zone: str, damaged) -> str | None:
        """Checklist 102 (4): where a Deep One moves from ``zone``. Water/deck: the arrow; a damaged
        interior zone: one step toward the nearest undamaged zone (ties to the highest number)."""
        if self.kind[zone] in ("water", "deck"):
            return self.arrow[zone]
        if zone in self.pathing:
            goal = next((z for z in self.pathing[zone] if z not in damaged), None)
            return None if goal is None else self.first_step[zone][goal]
        return None

    def distance(self, a: str, b: str) -> int | None:
        """Fewest steps between two zones (checklist 28); None when unreachable."""
        if a == b:
            return 0
        seen, frontier, d = {a}, [a], 0
        while frontier:
            d += 1
            nxt = []
            for z in frontier:
                for n in self.adjacent[z]:
                    if n == b:
                        return d
                    if n not in seen:
                        seen.add(n)
                        nxt.append(n)
            frontier = nxt
        return None

    def deep_ones_may_enter(self, zone: str) -> bool:
        return zone not in (SICK_BAY, BRIG, DEPTHS)

    def area(self, name: str) -> tuple[str, ...]:
        return {"board": self.board, "water": self.water, "deck": self.deck,
                "interior": tuple(z for z in self.interior if z not in (SICK_BAY, BRIG)),
                "ship": self.ship, "depths": (DEPTHS,)}[name]
