"""Primitives of cards and possessions: gains, discards, gifts, tickets, the reserve and
improvements.

Part of the effect interpreter (:mod:`engine.eldritch.effects`): a mixin of ``EldritchRules``."""
from __future__ import annotations

from engine.core.events import event
from engine.eldritch.common import SKILLS


class PossessionEffects:
    # --- cards and possessions ----------------------------------------------------------------
    def _gain_cards(self, s, st, c, cid, events, kind):
        inv = self.who(s, c, st["who"])
        if not inv:
            return
        n = self.amount(s, st.get("count", 1), c)
        if st.get("source", "deck") != "deck" and kind == "asset":
            pool = list(s["reserve"]) if st["source"] in ("reserve", "reserve_or_discard") else []
            if st["source"] in ("discard", "reserve_or_discard"):
                pool += list(s["decks"]["assets"]["discard"])
            maxc = self.amount(s, st["max_cost"], c) if st.get("max_cost") is not None else None
            total = self.amount(s, st["total_cost"], c) if st.get("total_cost") is not None else None
            pool = [a for a in pool if (not st.get("trait") or st["trait"] in self.C.assets[a]["traits"])
                    and (not st.get("any_trait") or set(st["any_trait"]) & set(self.C.assets[a]["traits"]))
                    and (not st.get("name") or a == st["name"])
                    and (maxc is None or self.C.assets[a]["cost"] <= maxc)
                    and (total is None or self.C.assets[a]["cost"] <= total - st.get("_spent", 0))]
            if st.get("_r__card"):
                card = st.get("_card")
                if card and card in pool:
                    where = s["reserve"] if card in s["reserve"] else s["decks"]["assets"]["discard"]
                    where.remove(card)
                    self.give_card(s, inv, "asset", card, events, c)
                    self.refill_reserve(s, events)
                    left = st.get("_left", n) - 1
                    if total is not None or left > 0:
                        nxt = {k: v for k, v in st.items() if not k.startswith("_")}
                        nxt.update({"_left": left, "_spent": st.get("_spent", 0) + self.C.assets[card]["cost"]})
                        self.push(s, {"k": "fx", "steps": [nxt], "i": 0, "c": cid})
                return
            if not pool or st.get("_left", n) <= 0:
                return
            # a gain is not optional: only "any number of cards up to a total cost" may stop
            self.defer(s, cid, st, "_card", ([None] if total is not None else []) + sorted(set(pool)),
                       self.who(s, c, st.get("chooser", "self")), "card")
            return
        got = 0
        for _ in range(n):
            if st.get("name"):
                ok = self.take_by_name(s, inv, kind, st["name"], events, c)
            else:
                ok = self.gain_random(s, inv, kind, events, c, trait=st.get("trait"), any_trait=st.get("any_trait"),
                                      max_cost=self.amount(s, st["max_cost"], c) if st.get("max_cost") is not None
                                      else None)
            got += bool(ok)
        c["last_ok"] = bool(got)

    def _op_gain_asset(self, s, st, c, cid, events):
        self._gain_cards(s, st, c, cid, events, "asset")

    def _op_gain_artifact(self, s, st, c, cid, events):
        self._gain_cards(s, st, c, cid, events, "artifact")

    def _op_gain_spell(self, s, st, c, cid, events):
        self._gain_cards(s, st, c, cid, events, "spell")

    def _op_gain_condition(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if inv:
            c["last_ok"] = self.gain_condition(s, inv, events, c, name=st.get("name"), trait=st.get("trait"),
                                               imposed=not c.get("choice"))

    def _op_discard_condition(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if not inv:
            return
        held = self._condition_choices(s, inv, st)
        n = len(held) if st.get("count") == "all" else st.get("count", 1)
        if st.get("_r__pick"):   # the holder picked one (a card id: never the hidden back)
            b = next((b for b in held if self.card_id(b) == st["_pick"]), None)
            if b:
                self.discard_held(s, inv, b, events)
            if n > 1:
                self.push(s, {"k": "fx", "steps": [{**{k: v for k, v in st.items() if not k.startswith("_")},
                                                     "count": n - 1}], "i": 0, "c": cid})
            return
        if 0 < n < len(held):   # "discard 1 condition": the holder's choice (default: holding order)
            self.defer(s, cid, st, "_pick", [self.card_id(b) for b in held], inv, "discard")
            return
        for b in held[:n]:
            self.discard_held(s, inv, b, events)

    def _condition_choices(self, s, inv, st):
        """The held conditions a ``discard_condition`` step may take (``other_than``: never those,
        such as the Debt just taken as its price)."""
        return [b for b in s["inv"][inv]["conditions"]
                if (not st.get("name") or self.card_id(b) == st["name"])
                and (not st.get("trait") or st["trait"] in self.C.conditions[self.card_id(b)]["traits"])
                and (not st.get("any_of") or self.card_id(b) in st["any_of"])
                and self.card_id(b) not in st.get("other_than", ())]

    def _possession_choices(self, s, inv, st):
        i = s["inv"][inv]
        out = []
        for kind in st.get("kind", ["asset", "artifact"]):
            for h in i[kind + "s"]:
                cid = self.card_id(h)
                data = self.C.card(cid)
                if st.get("trait") and st["trait"] not in data.get("traits", []):
                    continue
                if st.get("name") and cid != st["name"]:
                    continue
                out.append(h)
        return out

    def _op_discard_possessions(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if not inv:
            return
        if st.get("triggering") or st.get("last"):
            target = (c.get("triggering") or c.get("card") or {}).get("id") if st.get("triggering") else c.get("last_gained")
            held = next((h for h in self._possession_choices(s, inv, {**st, "kind": ["asset", "artifact", "spell"]})
                         if self.card_id(h) == target), None)
            c["discarded"] = int(bool(held and self.discard_held(s, inv, held, events)))
            return
        choices = self._possession_choices(s, inv, st)
        count = st.get("count", 1)
        if st.get("keep") is not None:
            count = max(0, len(choices) - st["keep"])
        elif count == "all":
            count = len(choices)
        elif count == "any_number":
            count = st.get("_n", 0) if st.get("_r__n") else None
            if count is None:
                self.defer(s, cid, st, "_n", list(range(0, len(choices) + 1)), inv, "discard")
                return
        else:
            count = self.amount(s, count, c)
        count = min(count, len(choices))
        if st.get("random"):
            picked = []
            pool = list(choices)
            for _ in range(count):
                picked.append(pool.pop(self.rng(s).below(len(pool))))
        elif count < len(choices):   # I18: the holder picks which, one at a time (default: holding order)
            self._discard_picked(s, {k: v for k, v in st.items() if not k.startswith("_")}, c, cid, events,
                                 inv, count, 0)
            return
        else:
            picked = choices
        for h in picked:
            self.discard_held(s, inv, h, events)
        c["discarded"] = len(picked)

    def _discard_picked(self, s, st, c, cid, events, inv, left, done):
        choices = self._possession_choices(s, inv, st)
        if left <= 0 or not choices:
            c["discarded"] = done
            return
        if len(choices) <= left:
            for h in choices:
                self.discard_held(s, inv, h, events)
            c["discarded"] = done + len(choices)
            return
        values = list(dict.fromkeys(self.card_id(h) for h in choices))   # card ids: never a hidden back
        self.defer(s, cid, {**st, "op": "_discard_pick", "_left": left, "_done": done, "_inv": inv}, "_pick",
                   values, inv, "discard")

    def _op__discard_pick(self, s, st, c, cid, events):
        inv = st["_inv"]
        if s["inv"].get(inv, {}).get("status") != "active":
            return
        held = next((h for h in self._possession_choices(s, inv, st) if self.card_id(h) == st.get("_pick")), None)
        done, left = st["_done"], st["_left"]
        if held and self.discard_held(s, inv, held, events):
            done, left = done + 1, left - 1
        base = {k: v for k, v in st.items() if not k.startswith("_")}
        base["op"] = "discard_possessions"
        self._discard_picked(s, base, c, cid, events, inv, left, done)

    def _giveables(self, s, inv, what, only=None):
        """(kind, card) pairs ``inv`` could hand over among ``what`` (``only``: just these cards)."""
        i = s["inv"][inv]
        every = "possessions" in what
        out = []
        if (every or "clues" in what) and i["clues"]:
            out.append(["clue", None])
        if every or "tickets" in what:
            out += [["ticket", k] for k in ("train", "ship") if i["tickets"][k]]
        for kind, key in (("asset", "assets"), ("artifact", "artifacts")):
            for card in sorted(set(i[key])):
                if only is not None and card not in only:
                    continue
                if every or key in what or ("items" in what and "item" in self.C.card(card)["traits"]):
                    out.append([kind, card])
        if every or "spells" in what:
            out += [["spell", self.card_id(b)] for b in i["spells"]]
        return out

    def _op_give(self, s, st, c, cid, events):
        """Hand possessions over, one at a time, until the giver says done (``trade``: both ways)."""
        inv = self.who(s, c, st["who"])
        others = [o for o in self.active_invs(s) if o != inv] if st.get("to") == "any_investigator" \
            else [x for x in [self.who(s, c, "chosen")] if x and x != inv]
        if not inv or not others:
            return
        if st.get("_r__swap"):   # the other's answer: only "yes" swaps the two spaces
            other = others[0]
            a, b = s["inv"][inv]["space"], s["inv"][other]["space"]
            card = c.get("card") if isinstance(c.get("card"), dict) else {}
            if st.get("_swap") and a != b:   # each move names the card that makes it
                self.move_to(s, other, a, events, card.get("id"))
                self.move_to(s, inv, b, events, card.get("id"))
            elif a != b:   # the table hears the answer, as a declined "may" (no move to tell it)
                events.append(event("may_declined", inv=other, **({"card": card["id"]} if card.get("id") else {})))
            return
        move = st.get("_move") if st.get("_r__move") else None
        if st.get("_r__move") and move is None:
            if st.get("swap_spaces") and st.get("trade"):
                # Mi-go Brain Case: "he MAY then move to your space, in which case you move to the
                # space he left" - the other investigator's player decides (rules version 5; R14)
                other = others[0]
                if s["inv"][inv]["space"] != s["inv"][other]["space"]:
                    self.defer(s, cid, st, "_swap", [False, True], other, "swap_spaces", **{"with": inv})
            return
        if move is not None:
            giver, taker = (inv, move["to"]) if move["dir"] == "give" else (move["from"], inv)
            self._do_trade(s, giver, taker, [{"dir": "give", "what": move["what"], "card": move["card"]}], events)
        given = st.get("_given", 0) + (1 if move is not None else 0)
        limit = st.get("count")
        options = [None]
        if not isinstance(limit, int) or given < limit:
            for o in others:
                options += [{"dir": "give", "what": w, "card": k, "to": o}
                            for w, k in self._giveables(s, inv, st["what"], c.get("acquired"))]
            if st.get("trade"):
                for o in others:
                    options += [{"dir": "take", "what": w, "card": k, "from": o}
                                for w, k in self._giveables(s, o, st["what"])]
        if len(options) == 1:
            return self._op_give(s, {**st, "_r__move": True, "_move": None, "_given": given}, c, cid, events) \
                if st.get("swap_spaces") else None
        nxt = {k: v for k, v in st.items() if k not in ("_move", "_r__move")}
        nxt["_given"] = given
        self.defer(s, cid, nxt, "_move", options, inv, "give")

    def _op_gain_ticket(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if not inv:
            return
        kind = st.get("kind", "choice")
        if kind == "choice":
            if not st.get("_r_kind"):
                self.defer(s, cid, st, "kind", ["train", "ship"], inv, "ticket")
                return
        for _ in range(st.get("count", 1)):
            self.gain_ticket(s, inv, kind, events)

    def _op_discard_reserve(self, s, st, c, cid, events):
        n = len(s["reserve"]) if st.get("count") == "all" else st.get("count", 1)
        for _ in range(min(n, len(s["reserve"]))):
            card = s["reserve"].pop(0)
            s["decks"]["assets"]["discard"].append(card)
            events.append(event("reserve_discarded", card=card))
        self.refill_reserve(s, events)

    def _op_refill_reserve(self, s, st, c, cid, events):
        self.refill_reserve(s, events)

    def _op_remove_assets(self, s, st, c, cid, events):
        """Faded From Society: the costly assets still unowned leave the game; the Reserve refills."""
        floor = self.amount(s, st["min_cost"], c)
        deck = s["decks"]["assets"]
        gone = [x for x in deck["draw"] + deck["discard"] + s["reserve"] if self.C.assets[x]["cost"] >= floor]
        if not gone:
            return
        deck["draw"] = [x for x in deck["draw"] if x not in gone]
        deck["discard"] = [x for x in deck["discard"] if x not in gone]
        s["reserve"] = [x for x in s["reserve"] if x not in gone]
        s.setdefault("removed_cards", []).extend(gone)
        events.append(event("assets_removed", cards=gone, min_cost=floor))  # one line, however many
        self.refill_reserve(s, events)

    def _op_improve(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if not inv:
            return
        skill = st.get("skill", "choice")
        source = None
        if skill == "same":   # a sheet's "improve it one more step" (Lily Chen): the log names it
            skill = c.get("skill") or "will"
            card = c.get("card") or {}
            source = card.get("id") if card.get("kind") == "investigator" else None
        if skill == "choice":
            opts = [k for k in SKILLS if s["inv"][inv]["improve"][k] < 2] or list(SKILLS)
            self.defer(s, cid, st, "skill", opts, inv, "skill")
            return
        if st["op"] == "reduce":
            i = s["inv"][inv]
            i["improve"][skill] = max(0, i["improve"][skill] - st.get("times", 1))
            return
        self.improve(s, inv, skill, events, st.get("times", 1), source=source)

    _op_reduce = _op_improve

    def _op_discard_improvements(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if not inv:
            return
        imp = s["inv"][inv]["improve"]
        if st.get("count") == "any_number":   # O8: she picks the tokens, one at a time; a +2 counts two
            done = st.get("_done", 0)
            tok = st.get("_tok") if st.get("_r__tok") else None
            if tok is not None and imp.get(tok):
                done += imp[tok]
                events.append(event("improvement_spent", inv=inv, skill=tok, steps=imp[tok]))
                imp[tok] = 0
            left = [k for k in SKILLS if imp[k]]
            if left and not (st.get("_r__tok") and tok is None):
                nxt = {k: v for k, v in st.items() if not k.startswith("_")}
                nxt["_done"] = done
                self.defer(s, cid, nxt, "_tok", [None] + left, inv, "improvements")
                return
            c["discarded"] = done
            return
        n = st.get("count", 1)
        done = 0
        for k in SKILLS:
            while imp[k] and done < n:
                imp[k] -= 1
                done += 1
        c["discarded"] = done
