"""Decks, the reserve, gaining and discarding cards; spells and conditions with hidden backs (I)."""
from __future__ import annotations

from engine.core.events import event, only

KIND_DECK = {"asset": "assets", "artifact": "artifacts", "spell": "spells", "condition": "conditions"}
KIND_HELD = {"asset": "assets", "artifact": "artifacts", "spell": "spells", "condition": "conditions"}
DOUBLE_SIDED = ("spell", "condition")


class Cards:
    # --- decks ------------------------------------------------------------------------------
    def draw_card(self, s, deck_id):
        """The top card; an empty deck is rebuilt from its discard at once (I19)."""
        deck = s["decks"][deck_id]
        if not deck["draw"] and deck["discard"]:
            deck["draw"], deck["discard"] = deck["discard"], []
            self.rng(s).shuffle(deck["draw"])
        return deck["draw"].pop(0) if deck["draw"] else None

    def discard_to(self, s, deck_id, card):
        if deck_id in ("spells", "conditions"):   # I6: double-sided cards are shuffled back at once
            pile = s["decks"][deck_id]["draw"]
            pile.insert(self.rng(s).below(len(pile) + 1), card)
        else:
            s["decks"][deck_id]["discard"].append(card)

    def refill_reserve(self, s, events):
        """A19/D15: the reserve holds 4 face-up asset cards."""
        for m in s["mythos"]["in_play"]:   # an ongoing card may forbid refilling the reserve
            for ab in self.C.mythos[m["id"]]["abilities"]:
                if ab["timing"] == "passive" and any(st.get("op") == "forbid" and "reserve_refill" in st["what"]
                                                     for st in ab["effect"]):
                    return
        while len(s["reserve"]) < self.C.limits.reserve_slots:
            card = self.draw_card(s, "assets")
            if card is None:
                break
            s["reserve"].append(card)
            events.append(event("reserve_refilled", card=card))

    def expedition_space(self, s):
        deck = s["decks"].get("expedition")
        if not deck:
            return None
        if not deck["draw"] and deck["discard"]:
            deck["draw"], deck["discard"] = deck["discard"], []
            self.rng(s).shuffle(deck["draw"])
        if not deck["draw"]:
            return None
        return self.C.decks["expedition"]["cards"][deck["draw"][0]]["location"]

    def update_expedition(self, s, events):
        space = self.expedition_space(s)
        if space != s.get("expedition"):
            s["expedition"] = space
            events.append(event("expedition_moved", space=space))

    # --- holdings ---------------------------------------------------------------------------
    def card_id(self, held) -> str:
        """A held card's public id (a spell or condition is held as its hidden back's id)."""
        return self.C.back_of[held][0] if held in self.C.back_of else held

    def holds(self, s, inv, card_id) -> bool:
        i = s["inv"][inv]
        return any(self.card_id(h) == card_id for k in ("assets", "artifacts", "spells", "conditions") for h in i[k])

    def held_back(self, s, inv, card_id):
        i = s["inv"][inv]
        for k in ("spells", "conditions"):
            for h in i[k]:
                if self.card_id(h) == card_id:
                    return h
        return None

    def give_card(self, s, inv, kind, card, events, c=None, on_gain=True):
        """``inv`` gains ``card`` (a back id for spells/conditions); Services resolve at once (I17)
        unless ``on_gain`` is False (the caller runs it for whoever ends up with the card)."""
        s["inv"][inv][KIND_HELD[kind]].append(card)
        public = self.card_id(card)
        events.append(event("card_gained", inv=inv, kind=kind, card=public))
        if c is not None:
            c["last_gained"] = public
            c["last_ok"] = True
        if on_gain:
            self.run_on_gain(s, inv, kind, public)

    def run_on_gain(self, s, inv, kind, public):
        data = self.C.card(public)
        for ab in data.get("abilities", []) if kind in ("asset", "artifact") else []:
            if ab["timing"] == "on_gain":
                ctx = self.new_ctx(s, self_=inv, owner=inv, card={"kind": kind, "id": public, "holder": inv})
                self.run_effect(s, self.ability_steps(ab), ctx, end=True)

    def take_by_name(self, s, inv, kind, name, events, c=None):
        """I11: from the reserve, else the deck (bottom-up, seed 002, 1445), else its discard; none:
        not gained. The searched deck is shuffled (1447)."""
        deck = s["decks"][KIND_DECK[kind]]
        if kind in DOUBLE_SIDED:
            if self.holds(s, inv, name):
                return False
            back = next((b for b in reversed(deck["draw"]) if self.card_id(b) == name), None)
            if back is None:
                return False
            deck["draw"].remove(back)
            self.rng(s).shuffle(deck["draw"])
            self.give_card(s, inv, kind, back, events, c)
            return True
        if kind == "asset" and name in s["reserve"]:
            s["reserve"].remove(name)
            self.give_card(s, inv, kind, name, events, c)
            self.refill_reserve(s, events)
            return True
        for pile in (deck["draw"], deck["discard"]):
            if name in pile:
                pile.remove(name)
                self.rng(s).shuffle(deck["draw"])
                self.give_card(s, inv, kind, name, events, c)
                return True
        return False

    def gain_random(self, s, inv, kind, events, c=None, trait=None, any_trait=(), max_cost=None):
        """I9/I10: the top card (double-sided: the bottom), or the first with the trait."""
        deck = s["decks"][KIND_DECK[kind]]
        table = {"asset": self.C.assets, "artifact": self.C.artifacts, "spell": self.C.spells,
                 "condition": self.C.conditions}[kind]

        def ok(card):
            cid = self.card_id(card)
            data = table[cid]
            traits = data.get("traits", [])
            if trait and trait not in traits:
                return False
            if any_trait and not set(any_trait) & set(traits):
                return False
            if max_cost is not None and data.get("cost", 0) > max_cost:
                return False
            if kind in DOUBLE_SIDED and self.holds(s, inv, cid):
                return False
            return True

        searched = trait or any_trait or max_cost is not None
        if kind in DOUBLE_SIDED:
            order = list(reversed(deck["draw"]))        # a random draw takes the bottom card
        elif searched:   # seed 002, 1445-1446: the deck from the bottom up, then its discard
            order = list(reversed(deck["draw"])) + list(deck["discard"])
        else:
            if not deck["draw"] and deck["discard"]:
                deck["draw"], deck["discard"] = deck["discard"], []
                self.rng(s).shuffle(deck["draw"])
            order = list(deck["draw"])
        for card in order:
            if ok(card):
                (deck["draw"] if card in deck["draw"] else deck["discard"]).remove(card)
                if searched:   # 1447: a searched deck is shuffled
                    self.rng(s).shuffle(deck["draw"])
                self.give_card(s, inv, kind, card, events, c)
                return self.card_id(card)
            if not searched and kind not in DOUBLE_SIDED:
                break
        if c is not None:
            c["last_ok"] = False
        return None

    def discard_held(self, s, inv, held, events, **why):
        """Discard a held card (I18); spells and conditions are shuffled back into their deck."""
        i = s["inv"][inv]
        for k, deck in (("assets", "assets"), ("artifacts", "artifacts"), ("spells", "spells"),
                        ("conditions", "conditions")):
            if held in i[k]:
                i[k].remove(held)
                self.discard_to(s, deck, held)
                events.append(event("card_discarded", inv=inv, card=self.card_id(held), **why))
                return True
        return False

    # --- conditions (I8) --------------------------------------------------------------------
    def gain_condition(self, s, inv, events, c=None, name=None, trait=None, imposed=True):
        C = self.C
        if trait and not name:   # seed 002, 1347/1445: the deck bottom up, the first one not held
            name = next((self.card_id(b) for b in reversed(s["decks"]["conditions"]["draw"])
                         if trait in C.conditions[self.card_id(b)]["traits"] and not self.holds(s, inv, self.card_id(b))),
                        None)
            if not name:
                return False
        by = self.forbidden_by(s, inv, "imposed_delay_or_detained") if name == "detained" and imposed else None
        if by:
            events.append(event("prevented", inv=inv, what="detained", by=by))
            return False
        cond = C.conditions[name]
        for held in list(s["inv"][inv]["conditions"]):
            hid = self.card_id(held)
            if name in C.conditions[hid].get("cancelled_by", []):
                self.discard_held(s, inv, held, events)
                return False
        if self.holds(s, inv, name):
            if cond["on_duplicate"] == "flip":
                back = self.held_back(s, inv, name)
                self.flip(s, inv, back, events, c)
                return True
            return False
        ok = self.take_by_name(s, inv, "condition", name, events, c)
        if ok:
            for other in self.active_invs(s):
                if other != inv:
                    for ab, card in self.held_abilities(s, other, "other_gains_condition"):
                        ctx = self.new_ctx(s, self_=other, owner=other, chosen=inv, card=card,
                                           triggering={"kind": "condition", "id": name})
                        self.run_effect(s, self.ability_steps(ab), ctx, end=True)
        return ok

    def flip(self, s, inv, back, events, c=None):
        """I14: turn a spell or condition over and resolve its back at once (publicly revealed)."""
        if back is None or not self.holds(s, inv, self.card_id(back)):
            return
        card_id, kind = self.C.back_of[back]
        data = self.C.backs[back]
        events.append(event("card_flipped", reveal=True, inv=inv, card=card_id, back=back))
        base = dict(c or {})
        base.pop("c", None)
        ctx = self.new_ctx(s, **{**{k: v for k, v in base.items() if k not in ("self", "as_lead")}, "self_": inv})
        ctx_data = s["ctx"][ctx]
        ctx_data.update({"card": {"kind": kind, "id": card_id, "back": back, "holder": inv}, "owner": inv})
        if kind == "spell":
            result = ctx_data.get("test_result", 0) or 0
            steps = []
            for row in data["outcomes"]:
                if row["min"] <= result and (row["max"] is None or result <= row["max"]):
                    steps = list(row["effect"])
                    break
            if not any(st.get("op") == "discard_this" for st in steps):
                steps.append({"op": "flip_face_up"})
        else:
            steps = list(data["effect"])
        self.run_effect(s, steps, ctx, end=True)
