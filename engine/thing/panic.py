"""The Thing: panic cards, resolved when drawn (§7.5, R3, R15-R18, R20, R31)."""
from __future__ import annotations


from engine.core.events import event, only
from engine.thing.common import INFECTED, INFECTED_ROLE, THING, distinct


class Panic:
    def _start_panic(self, s, p, c, events):
        card = self.cards[c]
        if card.ends_turn:
            s["turn"]["no_exchange"] = True
        if card.target != "none" and self._quarantined(s, p) and not card.ignores_quarantine:
            # R3: a quarantined drawer can do nothing aimed at another player
            events.append(event("nothing_happens", step=c, quarantined=[p]))
            return
        for eff in card.effects:
            kind = eff.name
            if kind == "revelations":
                order = [self._neighbour(s, p, s["direction"], i) for i in range(len(s["seats"]))]
                self.push(s, {"k": "revelation", "order": order, "i": 0})
            elif kind == "discard_obstacles":
                self._discard_obstacles(s, eff.spec.kinds, events, alone=len(card.effects) == 1)
            elif kind == "swap_seats":
                if card.target == "nth":
                    n = card.nth
                    targets = []
                    for d in (1, -1):
                        q = self._neighbour(s, p, d, n)
                        if q != p and q not in targets and (card.ignores_doors or not self._behind_door(s, p, q)):
                            targets.append(q)
                    # the drawer picks a side; a quarantined player there means no swap (card
                    # text). With nobody free on either side there is nothing to choose; the
                    # table is told why: the quarantined, or only three at the table (R17)
                    why = {}
                    if all(self._quarantined(s, q) for q in targets):
                        why = {"quarantined": targets} if targets else {"alone": p}
                        targets = []
                else:
                    targets, why = self._any_targets(s, p, card), {}
                self.push(s, {"k": "choose", "purpose": c, "targets": targets, **({"why": why} if why else {})})
            elif kind == "exchange":
                if s["options"]["friends_ends_turn"]:
                    s["turn"]["no_exchange"] = True
                self.push(s, {"k": "choose", "purpose": c, "targets": self._any_targets(s, p, card)})
            elif kind == "discard_and_draw":
                self.push(s, {"k": "forgetful", "count": eff.spec.count})
            elif kind == "pair_swaps":
                self._pair_swaps(s, p, events)
            elif kind == "show_hand":
                if eff.spec.to == "all":
                    self._effect(s, p, c, eff, {}, events)
                else:
                    targets = [q for q in self._neighbours(s, p) if self._reachable(s, p, q)
                               and (card.ignores_quarantine or not self._quarantined(s, q))]
                    self.push(s, {"k": "choose", "purpose": c, "targets": targets})
            elif kind == "pass_cards":
                self.push(s, self._round_frame(s))
            elif kind == "swap_with_deck":
                self.push(s, {"k": "blind_date"})
            else:
                raise AssertionError(f"panic effect {kind}")
            if not self.goes_on(s, events):
                return

    def _ask_choose(self, s, f):
        return {"player": s["turn"]["player"], "options": [{"type": "choose", "target": t} for t in f["targets"]]}

    def _answer_choose(self, s, f, action, events):
        p = s["turn"]["player"]
        target = action["target"]
        card = self.cards[f["purpose"]]
        kinds = [e.name for e in card.effects]
        events.append(event("target_chosen", player=p, target=target, card=f["purpose"]))
        if "swap_seats" in kinds:
            if self._quarantined(s, target):  # One, Two...: the chosen player is quarantined
                events.append(event("nothing_happens", step=f["purpose"], quarantined=[target]))
            else:
                self._swap_seats(s, p, target, events)
        elif "exchange" in kinds:
            self.push(s, {"k": "offer", "from": p, "to": target, "reason": f["purpose"]})
        else:  # show_hand to a neighbour
            eff = next(e for e in card.effects if e.name == "show_hand")
            self._effect(s, p, f["purpose"], eff, {"target": target}, events)

    def _ask_forgetful(self, s, f):
        """A subset of the hand, validated without listing the sets (a hand of 12 has 4,096):
        never «Нечто», and an infected player keeps one «Заражение!» (one copy left out)."""
        p = s["turn"]["player"]
        ids = [c for c in s["hands"][p] if c != THING]
        if self._role(s, p) == INFECTED_ROLE and INFECTED in ids:
            ids.remove(INFECTED)
        count = min(f["count"], len(ids))
        return {"player": p, "subset": {"ids": ids, "min": count, "max": count,
                                        "action": {"type": "discard_set"}, "field": "cards"}}

    def _answer_forgetful(self, s, f, action, events):
        p = s["turn"]["player"]
        for card in action["cards"]:
            s["hands"][p].remove(card)
            s["discard"].append(card)
        events.append(event("card_discarded", player=p, count=len(action["cards"])))
        events.append(event("you_discarded", only(p), player=p, cards=list(action["cards"])))
        for _ in action["cards"]:
            card = self._draw_event_card(s, p, events, why="forgetful")
            if card is not None:
                self._add_to_hand(s, p, card, events)

    def _ask_revelation(self, s, f):
        p = f["order"][f["i"]]
        options = [{"type": "reveal", "what": "nothing"}, {"type": "reveal", "what": "hand"}]
        if INFECTED in s["hands"][p]:
            options.append({"type": "reveal", "what": "infected"})
        return {"player": p, "options": options}

    def _answer_revelation(self, s, f, action, events):
        p = f["order"][f["i"]]
        what = action["what"]
        if what == "hand":
            events.append(event("hand_shown", reveal=True, player=p, cards=list(s["hands"][p]), to="all",
                                card="revelations"))
        elif what == "infected":
            events.append(event("hand_shown", reveal=True, player=p, cards=[INFECTED], to="all",
                                card="revelations"))
        else:
            events.append(event("revelation_declined", player=p))
        stop = what == "infected" or (what == "hand" and INFECTED in s["hands"][p])
        if not stop and f["i"] + 1 < len(f["order"]):
            self.push(s, {"k": "revelation", "order": f["order"], "i": f["i"] + 1})

    def _ask_blind_date(self, s, f):
        p = s["turn"]["player"]
        return {"player": p, "options": [{"type": "swap_with_deck", "card": c} for c in distinct(s["hands"][p])
                                         if self.can_discard(s, p, c)]}

    def _answer_blind_date(self, s, f, action, events):
        p = s["turn"]["player"]
        card = action["card"]
        s["hands"][p].remove(card)
        new = self._draw_event_card(s, p, events, why="blind_date", announce=False)
        if s["options"]["blind_date_to_discard"]:
            s["discard"].append(card)
        else:
            s["deck"].append(card)  # R6: face down on top of the draw pile
        events.append(event("blind_date_swapped", player=p))
        events.append(event("you_gave_to_deck", only(p), player=p, card=card))
        if new is not None:
            self._add_to_hand(s, p, new, events)
