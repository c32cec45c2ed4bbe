"""Damage, repair and passengers (checklist J109-116, K117-121).

Damage cards (``damage.yaml``): ``damage_ship`` / ``damage_zone`` push one ``mstep`` ``damage``
frame per damage (monsters.py runs them): it draws the top card; a placed card goes to the rolled
(``damage_ship``) or named (``damage_zone``) zone, redirected by ``board.yaml`` ``damage_redirect``
when that zone is damaged, and defeats every unrevealed player there; an unplaced card resolves its
``effect`` and then leaves the game or goes to the bottom for a fresh draw (``after``).

Passengers: tokens ``p<n>`` (faces in ``passenger_faces``, never shown until defeated). A defeat
opens the ``passengers_would_be_defeated`` window (abilities with ``range`` in or next to the
holder's zone) on a pending-defeat record of players.py (``kind: passenger``, ``who`` = token);
``prevent_defeat`` marks it (the token goes back to the supply), otherwise the token is flipped, its
resources lost, it leaves the game, and the ``passenger_defeated`` window opens.

"""
from __future__ import annotations

from engine.core.errors import RuleError
from engine.core.events import event
from engine.core.flow import Choice
from engine.core.rng import Rng
from engine.unfathomable.common import card_type, card_value

SUPPLY = "supply"


class CheckedChoice(Choice):
    """A Choice whose answer ``_check_<k>(s, f, action)`` verifies before anything changes (a
    subset whose values must reach a total, which the subset shape alone cannot say)."""

    def answer(self, rules, s, f, action, events):
        getattr(rules, f"_check_{self.name}")(s, f, action)
        super().answer(rules, s, f, action, events)


class Ship:
    FRAMES_: dict = {"repair_pay": CheckedChoice()}

    # --- damage (checklist 109-113, 115-116) ---------------------------------------------------
    def damage_ship(self, s, events, c=None, times: int = 1) -> None:
        cid = self.mctx(s, c)
        for _ in range(times):
            self.mstep(s, cid, "damage", zone=None, seen=[])

    def damage_zone(self, s, zone: str, events, c=None) -> None:
        """Draw a damage card for ``zone`` (checklist 110): a placed card lands there or, if it is
        damaged, on the nearest undamaged zone (checklist 111)."""
        cid = self.mctx(s, c)
        self.mstep(s, cid, "damage", zone=zone, seen=[])

    def _ms_damage(self, s, f, c, events):
        zone = f["zone"]
        if zone is not None and zone not in self.board.damageable:
            events.append(event("damage_ignored", zone=zone))   # ruling M3: never the Sick Bay, Brig, deck, water
            return
        deck = s["damage_deck"]
        if not deck:
            events.append(event("damage_deck_empty"))            # spec A8: no damage happens
            return
        card = deck[-1]   # stays on top of the deck (seen by all) while a die is rolled for it
        if card in f["seen"]:
            # ruling M4: the deck holds nothing but the card just put under it; the damage ends
            events.append(event("damage_deck_exhausted", card=card))
            return
        if not c["bind"].get("shown"):
            c["bind"]["shown"] = True
            events.append(event("damage_drawn", card=card, zone=zone))
        dc = self.damage_by_id[card]
        if dc.placed:
            if zone is None:   # checklist 109: the zone whose number a d8 shows
                zone = self.board.number[self.need_roll(s, c, "damage_roll", purpose="damage_ship")]
            target = self.board.damage_target(zone, s["damage"])
            if target is None:   # every zone damaged: the game is already over
                return
            deck.pop()
            s["damage"][target] = card
            events.append(event("zone_damaged", zone=target, card=card, aimed=zone))
            self.set_outer(s, c, "picked", target)
            victims = [p for p in self.turn_order(s) if self.is_human(s, p) and s["zone_of"][p] == target]
            for p in reversed(victims):   # checklist 116, README ruling 32: each unrevealed player there
                self.mstep(s, c["id"], "defeat_player", player=p)
            return
        # README ruling 30: nothing lands, so `picked` stays unset
        deck.pop()
        events.append(event("damage_resolved", card=card, after=dc.after))
        if dc.after == "remove_from_game":
            s["damage_removed"].append(card)
        else:   # bottom_of_deck_and_draw_again (ruling 31): a fresh card for the same damage, after the effect
            deck.insert(0, card)
            self.mstep(s, c["id"], "damage", zone=f["zone"], seen=f["seen"] + [card])
        self.start_effect(s, dc.effect, events, {"self": c["self"], "decider": c["decider"], "card": card})

    def _fx_damage_ship(self, s, spec, c, events):
        c["picked"] = None
        self.damage_ship(s, events, c, times=spec.times)

    def _fx_damage_zone(self, s, spec, c, events):
        zones = self.zones_of(s, spec.at, c)
        c["picked"] = None
        if zones:
            self.damage_zone(s, zones[0], events, c)

    # --- repair (checklist 113-114) ----------------------------------------------------------
    def repair_rule(self, s, zone):
        return self.damage_by_id[s["damage"][zone]].repair

    def repair_cards(self, s, p, zone) -> list[str]:
        """The hand cards that may pay the repair, highest value first (so the first ``min`` of
        them - the AFK answer - always reach the total)."""
        rule = self.repair_rule(s, zone)
        cards = [x for x in s["hands"][p] if rule.types == "any" or card_type(x) in rule.types]
        return sorted(cards, key=lambda x: (-card_value(x), x))

    def repair_min_cards(self, s, p, zone) -> int | None:
        """The fewest cards that reach the total, or None when the hand cannot pay."""
        need, total = self.repair_rule(s, zone).discard_total, 0
        for n, x in enumerate(self.repair_cards(s, p, zone), 1):
            total += card_value(x)
            if total >= need:
                return n
        return None

    def repair_payable(self, s, p, zone) -> bool:
        return zone in s["damage"] and self.repair_min_cards(s, p, zone) is not None

    def _act_repair(self, s, p, action, events):
        """The damage card's action: discard skill cards of its types totalling its value."""
        self.push(s, {"k": "repair_pay", "player": p, "zone": action["zone"]})

    def _ask_repair_pay(self, s, f):
        p, zone = f["player"], f["zone"]
        if zone not in s["damage"]:
            return None
        least = self.repair_min_cards(s, p, zone)
        if least is None:
            return None
        ids = self.repair_cards(s, p, zone)
        return {"player": p, "subset": {"ids": ids, "min": least, "max": len(ids),
                                        "action": {"type": "repair_pay"}, "field": "cards"}}

    def _check_repair_pay(self, s, f, action):
        need = self.repair_rule(s, f["zone"]).discard_total
        total = sum(card_value(x) for x in action["cards"])
        if total < need:
            raise RuleError("repair_short", "Those cards total {total}; the repair needs {need}.",
                            total=total, need=need)

    def _answer_repair_pay(self, s, f, action, events):
        p = action["player"]
        self.discard_from_hand(s, p, action["cards"], events, reason="repair")
        self.repair(s, f["zone"], events, by=p)

    def repair(self, s, zone, events, by=None) -> None:
        """Checklist 114: the card is shuffled back into the damage deck."""
        card = s["damage"].pop(zone, None)
        if card is None:
            return
        s["damage_deck"].append(card)
        Rng(s["rng"]).shuffle(s["damage_deck"])
        events.append(event("zone_repaired", zone=zone, card=card, player=by))

    def _fx_repair_zone(self, s, spec, c, events):
        zones = [z for z in self.zones_of(s, spec.at, c) if z in s["damage"]]
        if not zones:
            return
        if not spec.pay_cost:
            self.repair(s, zones[0], events, by=c.get("self"))
        elif c.get("self") and self.repair_payable(s, c["self"], zones[0]):
            self.push(s, {"k": "repair_pay", "player": c["self"], "zone": zones[0]})

    # --- passengers (checklist 117-121) --------------------------------------------------------
    def risk_passengers(self, s, count: int, events, c=None) -> None:
        """Checklist 118-119: one d8 per passenger (deck space of that number); as many as the
        supply holds."""
        cid = self.mctx(s, c)
        for _ in range(count):
            self.mstep(s, cid, "risk")

    def _ms_risk(self, s, f, c, events):
        if not s["passenger_supply"]:
            events.append(event("passenger_supply_empty"))
            return
        zone = self.board.deck_number[self.need_roll(s, c, "risk_roll", purpose="risk_passenger")]
        supply = s["passenger_supply"]
        token = supply.pop(Rng(s["rng"]).below(len(supply)))   # unseen, at random
        s["passengers"][zone].append(token)
        events.append(event("passenger_risked", zone=zone))

    def _fx_risk_passengers(self, s, spec, c, events):
        self.risk_passengers(s, self.amount(s, spec.count, c), events, c)

    def rescue_token(self, s, zone, token, events, by=None) -> None:
        """Checklist 47 / 37.7: back to the supply face down, unseen."""
        s["passengers"][zone].remove(token)
        supply = s["passenger_supply"]
        supply.insert(Rng(s["rng"]).below(len(supply) + 1), token)
        events.append(event("passenger_rescued", zone=zone, player=by))

    def _fx_rescue_passengers(self, s, spec, c, events):
        me = c.get("self")
        b = self.board
        if spec.where == "deck_spaces":
            zones = list(b.deck)
        else:
            here = s["zone_of"].get(me)
            zones = [here] if here else []
            if spec.where == "own_and_adjacent" and here:
                zones += [z for z in b.adjacent[here] if z not in zones]
        tokens = [(z, t) for z in b.deck if z in zones for t in s["passengers"][z]]
        chooser = me or self.current(s)
        if spec.count == "all":
            chosen = tokens
        elif spec.count == "any_number":
            ids = [t for _, t in tokens]
            picked = self.need_subset(s, c, "rescue", chooser, "rescue_passengers", ids, 0, len(ids),
                                      labels=[z for z, _ in tokens]) if ids else []
            chosen = [(z, t) for z, t in tokens if t in picked]
        else:
            chosen, left = [], list(tokens)
            for i in range(min(spec.count, len(tokens))):
                places = list(dict.fromkeys(z for z, _ in left))
                z = self.need(s, c, f"rescue{i}", chooser, "zone", places)
                pick = next(x for x in reversed(left) if x[0] == z)
                left.remove(pick)
                chosen.append(pick)
        for z, t in chosen:
            self.rescue_token(s, z, t, events, by=me)
        c["rescued_count"] = len(chosen)

    def defeat_passenger_token(self, s, zone, token, events, c=None) -> None:
        """Checklist 120: flip, lose the resources shown, remove from the game - unless prevented in
        the would-be-defeated window (then it goes back to the supply). ``zone`` may be "supply".
        The pending defeat is a players.py record (``kind: passenger``, ``who`` = the token)."""
        rec = self.new_defeat(s, "passenger", token, zone)
        cid = self.mctx(s, c)
        self.mstep(s, cid, "passenger_defeat", did=rec["id"], zone=zone, token=token)
        probe = {"defeat": rec["id"], "zone": zone}
        timing = "passengers_would_be_defeated"
        asked = [q for q in self.turn_order(s)
                 if any(self.can_use(s, q, ref, timing, probe) for ref in self.abilities_of(s, q))]
        if asked:
            self.open_window(s, timing, events, players=asked, defeat=rec["id"], zone=zone)

    def defeat_passenger(self, s, token, events, c=None) -> None:
        """Defeat the passenger ``token`` wherever it is (a deck space or the supply)."""
        zone = next((z for z, tokens in s["passengers"].items() if token in tokens),
                    SUPPLY if token in s["passenger_supply"] else None)
        if zone is not None:
            self.defeat_passenger_token(s, zone, token, events, c)

    def _ms_defeat_passenger(self, s, f, c, events):
        self.defeat_passenger_token(s, f["zone"], f["token"], events, c)

    def _ms_passenger_defeat(self, s, f, c, events):
        prevented = self.defeat_prevented(s, f["did"])   # pops the record
        zone, token = f["zone"], f["token"]
        place = s["passenger_supply"] if zone == SUPPLY else s["passengers"].get(zone, [])
        if token not in place:
            return   # already gone (rescued meanwhile)
        if prevented:
            if zone != SUPPLY:
                self.rescue_token(s, zone, token, events)
            events.append(event("passenger_defeat_prevented", zone=zone))
            return
        place.remove(token)
        face = s["passenger_faces"][token]
        s["passengers_removed"].append(token)
        loses = dict(next(x for x in self.pack.passengers.passengers if x.id == face).loses)
        events.append(event("passenger_defeated", reveal=True, zone=zone, token=token, face=face, loses=loses))
        if loses:
            self.change_resources(s, {r: -n for r, n in loses.items()}, events, reason="passenger")
        self.open_window(s, "passenger_defeated", events, c=c["id"], zone=zone)

    def _fx_defeat_passengers(self, s, spec, c, events):
        b = self.board
        chooser = self.player_of(s, spec.chooser, c) or self.current(s)
        if spec.source == "supply":
            places = [SUPPLY]
        elif spec.source == "any":
            places = [SUPPLY] + list(b.deck)
        elif spec.source == "zone":
            places = [z for z in self.zones_of(s, spec.at, c) if z in b.deck]
        else:   # deck_space, deck_spaces
            places = list(b.deck)
        held = {z: list(s["passenger_supply"] if z == SUPPLY else s["passengers"][z]) for z in places}
        if spec.count == "all":
            picks = [z for z in places for _ in held[z]]
        else:
            picks, avail = [], {z: len(v) for z, v in held.items()}
            for i in range(spec.count):
                options = [z for z in places if avail[z]]
                if not options:
                    break
                # a random token of the supply; the chooser picks which deck space (or the supply)
                z = self.need(s, c, f"defeat{i}", chooser, "zone", options)
                avail[z] -= 1
                picks.append(z)
        rng = Rng(s["rng"])
        chosen = []
        for z in picks:   # decisions are all made: now take the tokens
            pool = held[z]
            token = pool.pop(rng.below(len(pool))) if z == SUPPLY else pool.pop()
            chosen.append((z, token))
        if not chosen:
            return
        cid = self.mctx(s, c)
        for z, token in reversed(chosen):
            self.mstep(s, cid, "defeat_passenger", zone=z, token=token)

    def defeat_passengers_in(self, s, zones, events, c=None) -> None:
        """Every passenger on these deck spaces is defeated, one at a time (Great Banishment)."""
        chosen = [(z, t) for z in zones for t in s["passengers"].get(z, [])]
        if chosen:
            cid = self.mctx(s, c)
            for z, token in reversed(chosen):
                self.mstep(s, cid, "defeat_passenger", zone=z, token=token)

    # --- the traitor's action (checklist 57, 121)
    def _act_defeat_passenger(self, s, p, action, events):
        cid = self.mctx(s, None, {"self": p, "decider": p})
        self.mstep(s, cid, "traitor_defeat", player=p)

    def _ms_traitor_defeat(self, s, f, c, events):
        p = f["player"]
        zone = s["zone_of"][p]
        tokens = s["passengers"].get(zone) or []
        if not tokens or any(self.is_human(s, q) and s["zone_of"][q] == zone for q in s["players"]):
            return
        token = self.need(s, c, "token", p, "passenger", list(tokens), zone=zone)
        self.defeat_passenger_token(s, zone, token, events, c)
