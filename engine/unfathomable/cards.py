"""Skill decks, hands, discards and the chaos deck (checklist D, G 89-91, section 8 of the spec)."""
from __future__ import annotations

from engine.core.events import event, everyone_except, only
from engine.core.rng import Rng
from engine.unfathomable.common import NON_TREACHERY, card_type, card_value


class Cards:
    # --- decks
    def draw_skill(self, s, type_: str) -> str | None:
        """Top card of a skill deck; an empty deck is rebuilt from its discard (checklist 43)."""
        deck = s["decks"][type_]
        if not deck and s["discards"][type_]:
            deck.extend(s["discards"][type_])
            s["discards"][type_] = []
            Rng(s["rng"]).shuffle(deck)
        return deck.pop() if deck else None

    def draw_types(self, s, player: str, types: list[str], events: list) -> list[str]:
        """Draw one card of each listed type into ``player``'s hand (as many as there are)."""
        drawn = []
        for t in types:
            card = self.draw_skill(s, t)
            if card is not None:
                drawn.append(card)
        s["hands"][player].extend(drawn)
        counts = {}
        for c in drawn:
            counts[card_type(c)] = counts.get(card_type(c), 0) + 1
        events.append(event("skills_drawn", everyone_except(player), player=player, count=len(drawn)))
        events.append(event("skills_drawn_you", only(player), reveal=True, player=player, cards=drawn))
        return drawn

    def discard(self, s, card: str) -> None:
        s["discards"][card_type(card)].append(card)

    def discard_from_hand(self, s, player: str, cards: list[str], events: list, reason: str = "discard") -> None:
        hand = s["hands"][player]
        for c in cards:
            hand.remove(c)
            self.discard(s, c)
        events.append(event("skills_discarded", player=player, cards=list(cards), reason=reason))

    # --- chaos deck (checklist 8, 90, 91)
    def rebuild_chaos(self, s) -> None:
        """Two cards of each non-treachery deck, skipping a type whose deck and discard hold fewer
        than two; shuffled unseen."""
        rng = Rng(s["rng"])
        for t in NON_TREACHERY:
            if len(s["decks"][t]) + len(s["discards"][t]) < 2:
                continue
            for _ in range(2):
                card = self.draw_skill(s, t)
                if card is not None:
                    s["chaos"].append(card)
        rng.shuffle(s["chaos"])

    def draw_chaos(self, s, count: int) -> list[str]:
        """Ruling (pack 15): one card left when two are needed: draw it, rebuild, draw again."""
        out = []
        for _ in range(count):
            if not s["chaos"]:
                self.rebuild_chaos(s)
            if not s["chaos"]:
                break
            out.append(s["chaos"].pop())
            if not s["chaos"]:
                self.rebuild_chaos(s)
        return out

    def shuffle_treachery_into_chaos(self, s, count: int, events) -> int:
        """Checklist 91: the top X treachery cards (as many as there are) into the chaos deck."""
        added = 0
        for _ in range(count):
            card = self.draw_skill(s, "treachery")
            if card is None:
                break
            s["chaos"].append(card)
            added += 1
        Rng(s["rng"]).shuffle(s["chaos"])
        events.append(event("treachery_into_chaos", count=added, chaos_count=len(s["chaos"])))
        return added

    def hand_value(self, cards) -> int:
        return sum(card_value(c) for c in cards)
