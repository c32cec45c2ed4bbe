"""The Thing: turn flow - draw, play or discard, exchange, end of turn (§4, §7, R1, R19)."""
from __future__ import annotations

from engine.core.events import event, only
from engine.thing.common import THING_ROLE, distinct


class Turns:
    def _start_turn(self, s, p, events):
        number = (s["turn"]["number"] + 1) if s["turn"] else 1
        s["turn"] = {"player": p, "number": number, "no_exchange": False,
                     "counting": self._quarantined(s, p)}
        events.append(event("turn_started", player=p, number=number))
        if s["roles"][p] == THING_ROLE:  # each of its turns, while it plays on alone
            self._tell_no_humans(s, events)
        for frame in ({"k": "end_turn"}, {"k": "step3"}, {"k": "draw"}):
            self.push(s, frame)

    def _idle(self, s, events):
        """Nothing pending: the turn passes on in the direction of play."""
        p = s["turn"]["player"]
        nxt = self._neighbour(s, p, s["direction"])
        self._start_turn(s, nxt, events)

    def _ask_draw(self, s, f):
        return {"player": s["turn"]["player"], "options": [{"type": "draw"}]}

    def _answer_draw(self, s, f, action, events):
        p = s["turn"]["player"]
        card = self._draw_any(s, events)
        if card is None:
            events.append(event("no_card_to_draw", player=p))
            return
        if self.cards[card].category == "panic":
            events.append(event("panic_drawn", reveal=True, player=p, card=card))
            self.push(s, {"k": "discard_card", "card": card})
            self._start_panic(s, p, card, events)
        else:
            events.append(event("event_drawn", player=p))
            events.append(event("card_drawn", only(p), reveal=True, player=p, card=card, why="turn"))
            self._add_to_hand(s, p, card, events)
            self.push(s, {"k": "step2"})

    def _run_discard_card(self, s, f, events):
        s["discard"].append(f["card"])
        events.append(event("card_resolved", card=f["card"]))   # the played card leaves the table

    def _ask_step2(self, s, f):
        p = s["turn"]["player"]
        hand = s["hands"][p]
        options = [{"type": "discard", "card": c} for c in distinct(hand) if self.can_discard(s, p, c)]
        if not self._quarantined(s, p):
            for c in distinct(hand):
                options.extend(self._play_options(s, p, c))
        return {"player": p, "options": options}

    def _answer_step2(self, s, f, action, events):
        p = s["turn"]["player"]
        card = action["card"]
        s["hands"][p].remove(card)
        if action["type"] == "discard":
            s["discard"].append(card)
            events.append(event("card_discarded", player=p))
            events.append(event("you_discarded", only(p), player=p, card=card))
            return
        self._play(s, p, action, events)

    def _run_step3(self, s, f, events):
        if s["turn"]["no_exchange"]:
            return
        p = s["turn"]["player"]
        d = s["direction"]
        partner = self._neighbour(s, p, d)
        if partner == p:
            return
        door = self._door_on_side(s, p, d)
        if door or self._quarantined(s, p) or self._quarantined(s, partner):
            events.append(event("no_exchange", reason="blocked", **{"from": p, "to": partner},
                                **self._obstacles(s, (p, partner), door=door and (p, partner))))
            return
        self.push(s, {"k": "offer", "from": p, "to": partner, "reason": "turn"})

    def _run_end_turn(self, s, f, events):
        p = s["turn"]["player"]
        if s["turn"]["counting"] and p in s["quarantine"]:
            s["quarantine"][p] -= 1
            if s["quarantine"][p] <= 0:
                del s["quarantine"][p]
                s["discard"].append(self.quarantine_card)
                events.append(event("quarantine_ended", player=p))
        events.append(event("turn_ended", player=p))

    def _void(self, s, frame, events):
        """A prompt with nothing legal to choose: R8 for exchanges, otherwise the step is void."""
        if frame["k"] in ("offer", "answer"):
            events.append(event("no_exchange", reason="none", **{"from": frame["from"], "to": frame["to"]}))
        else:
            events.append(event("nothing_happens", step=frame["k"], **frame.get("why", {})))
