"""The Thing: exchanges, defences and infection (§5, §7.3, R4, R8, R18, R24, R27, R28, R31)."""
from __future__ import annotations

from engine.core.events import event, only
from engine.thing.common import HUMAN, INFECTED, INFECTED_ROLE, THING_ROLE, distinct


class Exchanges:
    def _ask_offer(self, s, f):
        return {"options": [{"type": "offer", "card": c} for c in self._gives(s, f["from"], f["to"])]}

    def _answer_offer(self, s, f, action, events):
        # the offered card waits hidden in the "answer" frame the core opens next
        events.append(event("exchange_offered", **{"from": f["from"], "to": f["to"]}, reason=f["reason"]))

    def _ask_answer(self, s, f):
        p = f["to"]
        options = [{"type": "give", "card": c} for c in self._gives(s, p, f["from"])]
        if not options:
            return {"options": []}  # R8: no legal card to give back, so no exchange (defence moot)
        window = self._exchange_window(f)
        for c in distinct(s["hands"][p]):
            if self.cards[c].answers == window:
                options.append({"type": "defend", "card": c})
        return {"options": options}

    def _exchange_window(self, f):
        """The window an offered player answers in: the card's ``response`` when a card asked
        for the exchange (Seduction, Can't We Be Friends?), the plain exchange of step 3 else."""
        card = self.cards.get(f["reason"])
        return (card.response if card is not None else None) or "exchange"

    def _answer_answer(self, s, f, action, events):
        giver, receiver, offered = f["from"], f["to"], f["card"]
        if action["type"] == "give":
            self._swap_cards(s, giver, offered, receiver, action["card"], events, redirected=f.get("redirected"))
            return
        self._defend(s, receiver, action["card"], self._exchange_window(f), f, events)

    def _defend(self, s, p, c, against, f, events):
        """A defence card's steps, in the order the data lists them (§7.3)."""
        for eff in self.cards[c].effects:
            if eff.name == "refuse":
                self._use_defence(s, p, c, against, events)
            elif eff.name == "peek_offered_card":
                events.append(event("offered_card_seen", only(p), reveal=True, player=p,
                                    card=f["card"], **{"from": f["from"]}))
            elif eff.name == "redirect_exchange":
                self._redirect(s, f, events)
            else:
                raise AssertionError(f"effect {eff.name} in a defence")
            if not self.goes_on(s, events):
                return

    def _redirect(self, s, f, events):
        """Missed!: the player after the refuser (R24) exchanges with the offerer instead.

        R27: the refused card stays with the offerer, who then offers a card again - any card
        legal for the new partner (§5), maybe the same one. So an infected player's spare
        Infected! meant for the Thing never reaches anyone else, and the public output is the
        same whatever card was refused (every redirect prompts the offerer).

        R28: an obstacle between the refuser and the next player (the card's text) or between the
        offerer and the next player (a door or a quarantine: they are the ones exchanging) means
        no exchange."""
        giver, refuser = f["from"], f["to"]
        d = s["direction"]
        nxt = self._neighbour(s, refuser, d)
        if nxt in (giver, refuser) or self._door_on_side(s, refuser, d) or not self._may_exchange(s, giver, nxt):
            door = None
            if nxt not in (giver, refuser):
                door = (refuser, nxt) if self._door_on_side(s, refuser, d) else \
                    (giver, nxt) if self._behind_door(s, giver, nxt) else None
            events.append(event("no_exchange", reason="missed", after=refuser, **{"from": giver, "to": nxt},
                                **({} if nxt in (giver, refuser) else self._obstacles(s, (giver, nxt), door=door))))
            return
        events.append(event("exchange_redirected", **{"from": giver, "to": nxt}))
        self.push(s, {"k": "offer", "from": giver, "to": nxt, "reason": f["reason"], "redirected": True})

    def _swap_cards(self, s, a, card_a, b, card_b, events, redirected=False):
        s["hands"][a].remove(card_a)
        s["hands"][b].remove(card_b)
        self._add_to_hand(s, a, card_b, events)
        self._add_to_hand(s, b, card_a, events)
        events.append(event("exchanged", players=[a, b]))
        events.append(event("card_received", only(a), reveal=True, player=a, card=card_b, **{"from": b}))
        events.append(event("card_received", only(b), reveal=True, player=b, card=card_a, **{"from": a}))
        may_infect = not (redirected and not s["options"]["missed_infects"])
        if may_infect:
            self._maybe_infect(s, a, card_a, b, events)
            if self.goes_on(s, events):
                self._maybe_infect(s, b, card_b, a, events)

    def _maybe_infect(self, s, giver, card, receiver, events):
        if card == INFECTED and s["roles"][giver] == THING_ROLE and s["roles"][receiver] == HUMAN:
            s["roles"][receiver] = INFECTED_ROLE
            s["infections"].append({"player": receiver, "by": giver})
            events.append(event("infected", only(receiver, giver), reveal=True, player=receiver, by=giver))
            self._tell_no_humans(s, events)

    def _use_defence(self, s, p, card, against, events):
        s["hands"][p].remove(card)
        s["discard"].append(card)
        events.append(event("defended", player=p, card=card, against=against))
        replacement = self._draw_event_card(s, p, events, why="defence")
        if replacement is not None:
            self._add_to_hand(s, p, replacement, events)

    def _round_frame(self, s):
        to = self._round_receivers(s)
        options = {p: self._gives(s, p, q) for p, q in to.items()}
        return {"k": "round", "options": options, "to": to, "choices": {}}

    def _round_receivers(self, s):
        """Round and Round (R18, R31): who takes part, and to whom each passes.

        A player with no card they may pass to the player who would receive it (§5: a human
        never passes Infected!, an infected passes spares only to the Thing) is left out: they
        pass nothing and receive nothing, and the card meant for them goes on to the player
        after them - so every hand keeps its size. First out are those who may pass nothing to
        anyone at the table; then, going round against the passing direction until nothing
        changes, anyone with no legal card for the next player still in the round."""
        d = s["direction"]
        ring = list(s["seats"]) if d == 1 else list(reversed(s["seats"]))
        ring = [p for p in ring if any(self._gives(s, p, q) for q in ring if q != p)]
        changed = True
        while changed and len(ring) > 1:
            changed = False
            for i in range(len(ring) - 1, -1, -1):
                if not self._gives(s, ring[i], ring[(i + 1) % len(ring)]):
                    del ring[i]
                    changed = True
                    break
        if len(ring) < 2:
            return {}
        return {p: ring[(i + 1) % len(ring)] for i, p in enumerate(ring)}

    def _done_round(self, s, f, events):
        d = s["direction"]
        to = f.get("to") or {p: self._neighbour(s, p, d) for p in f["choices"]}  # frames saved before R31
        moves = [(p, to[p], card) for p, card in f["choices"].items()]
        for giver, _, card in moves:
            s["hands"][giver].remove(card)
        for giver, receiver, card in moves:
            self._add_to_hand(s, receiver, card, events)
        events.append(event("cards_passed", players=[m[0] for m in moves]))
        for giver, receiver, card in moves:
            events.append(event("card_received", only(receiver), reveal=True, player=receiver, card=card,
                                **{"from": giver}))
        for giver, receiver, card in moves:  # R18: infection after all cards moved
            self._maybe_infect(s, giver, card, receiver, events)
            if not self.goes_on(s, events):
                return
