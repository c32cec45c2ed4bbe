"""The Thing: what a player may give or discard (§2.1, §5), the draw pile and hands (§4, R23)."""
from __future__ import annotations

from engine.core.events import event, only
from engine.core.rng import Rng
from engine.thing.common import INFECTED, INFECTED_ROLE, THING, THING_ROLE, distinct


class Deck:
    def _role(self, s, p):
        return s["roles"][p]

    def can_give(self, s, giver, card, receiver) -> bool:
        """§2.1 / §5: may ``giver`` hand ``card`` to ``receiver`` (None = to the deck)."""
        if card == THING:
            return False
        if card != INFECTED:
            return True
        role = self._role(s, giver)
        if role == THING_ROLE:
            return True
        if role == INFECTED_ROLE:
            return (receiver is not None and self._role(s, receiver) == THING_ROLE
                    and s["hands"][giver].count(INFECTED) >= 2)
        return False

    def can_discard(self, s, p, card) -> bool:
        if card == THING:
            return False
        if card == INFECTED and self._role(s, p) == INFECTED_ROLE:
            return s["hands"][p].count(INFECTED) >= 2
        return True

    def _gives(self, s, giver, receiver):
        return [c for c in distinct(s["hands"][giver]) if self.can_give(s, giver, c, receiver)]

    def _draw_any(self, s, events):
        if not s["deck"]:
            self._reshuffle(s, events)
        return s["deck"].pop() if s["deck"] else None

    def _reshuffle(self, s, events):
        if not s["discard"]:
            return
        s["deck"] = s["discard"]
        s["discard"] = []
        Rng(s["rng"]).shuffle(s["deck"])
        events.append(event("deck_reshuffled", deck_size=len(s["deck"])))

    def _draw_event_card(self, s, p, events, why, announce=True):
        """'Draw an event card': panic cards on top are discarded unseen (§4, R23). The table is
        told that ``p`` draws (``event_drawn``) unless the caller's own event already says so."""
        if not any(self.cards[c].is_event for c in s["deck"] + s["discard"]):
            events.append(event("no_card_to_draw", player=p))
            return None
        while True:
            card = self._draw_any(s, events)
            if self.cards[card].is_event:
                break
            s["discard"].append(card)
            events.append(event("panic_skipped", player=p))
        if announce:
            events.append(event("event_drawn", player=p))
        events.append(event("card_drawn", only(p), reveal=True, player=p, card=card, why=why))
        return card

    def _add_to_hand(self, s, p, card, events):
        s["hands"][p].append(card)
        if card == THING and s["roles"][p] != THING_ROLE:
            # advanced rule 1: whoever draws the Thing becomes it
            s["roles"][p] = THING_ROLE
            events.append(event("role_told", only(p), reveal=True, player=p, role=THING_ROLE))
