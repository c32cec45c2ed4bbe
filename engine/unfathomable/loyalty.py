"""Loyalty: the deal, the Awakening phase, revealing as a traitor and who wins (checklist P150-165)."""
from __future__ import annotations

from engine.core.events import event, only


class Loyalty:
    FRAMES_: dict = {}

    def deal_loyalty(self, s, events, reason: str) -> None:
        for p in self.turn_order(s):
            if s["loyalty_deck"]:
                card = s["loyalty_deck"].pop()
                s["loyalty"][p].append(card)
                events.append(event("loyalty_dealt", only(p), reveal=True, player=p, cards=[card], reason=reason))
        events.append(event("loyalty_counts", counts={p: len(s["loyalty"][p]) for p in s["players"]}, reason=reason))

    def revealable(self, s, p) -> bool:
        return p not in s["revealed"] and any(card in ("hybrid", "cultist") for card in s["loyalty"][p])

    def reveal(self, s, p, events) -> None:
        self.not_yet("reveal")

    def side_of(self, s, p) -> str:
        cards = s["loyalty"][p]
        if "hybrid" in cards:
            return "hybrid"
        if "cultist" in cards:
            return "cultist"
        return "human"
