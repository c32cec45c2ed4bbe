"""Primitives of health, sanity and clues: losses (and the responses that prevent them), recovery,
spending, gaining, moving and trading clues.

Part of the effect interpreter (:mod:`engine.eldritch.effects`): a mixin of ``EldritchRules``."""
from __future__ import annotations

from engine.core.events import event
from engine.eldritch.common import SKILLS


class HealthEffects:
    # --- health, sanity, clues ---------------------------------------------------------------
    def _op_lose(self, s, st, c, cid, events):
        """H1: a loss; first every would_lose_* response that applies is offered (Flesh Ward,
        Instill Bravery, Bandages...), each may prevent part of the pending loss."""
        inv = self.who(s, c, st["who"])
        if not inv:
            return
        health, sanity = self.amount(s, st.get("health"), c), self.amount(s, st.get("sanity"), c)
        responders = self.loss_responders(s, inv, health, sanity, c)
        if not responders:
            self.lose(s, inv, events, health=health, sanity=sanity, c=c)
            return
        s["ctx_seq"] += 1
        key = f"l{s['ctx_seq']}"
        s.setdefault("pending_loss", {})[key] = {"inv": inv, "health": health, "sanity": sanity}
        self.push(s, {"k": "fx", "steps": [{"op": "_apply_loss", "key": key}], "i": 0, "c": cid})
        for holder, ab, card in reversed(responders):
            ctx = self.new_ctx(s, self_=holder, owner=holder, chosen=inv, card=card, pending=key,
                               combat=c.get("combat"), enc=c.get("enc"))
            # its requires was read against the loss (loss_responders), not this response's card
            self.run_effect(s, self.optional({**ab, "requires": None}, holder, card), ctx, end=True)

    def loss_responders(self, s, inv, health, sanity, c):
        timings = [t for t, n in (("would_lose_health", health), ("would_lose_sanity", sanity)) if n]
        out = []
        here = s["inv"][inv]["space"]
        for holder in self.active_invs(s):
            for timing in timings:
                for ab, card in self.held_abilities(s, holder, timing):
                    scope = ab.get("who") or "on_space"
                    if scope == "holder" and holder != inv or scope == "on_space" and s["inv"][holder]["space"] != here:
                        continue
                    if ab.get("requires") and not self.cond(s, ab["requires"], {**c, "self": holder}):
                        continue
                    if not self.can_pay(s, ab.get("cost", []), {"self": holder, "owner": holder, "card": card}):
                        continue
                    if not self.limit_ok(s, holder, ab, card):
                        continue
                    out.append((holder, ab, card))
        uid = c.get("monster")   # the fought monster's own response (the Maniac: an Ally takes the damage)
        if c.get("combat") and uid in s["monsters"]["board"]:
            card = {"kind": "monster", "id": s["monsters"]["board"][uid]["kind"], "holder": inv}
            for ab in self.monster_data(s, uid).get("abilities", []):
                if ab["timing"] in timings and (not ab.get("requires") or self.cond(s, ab["requires"], {**c, "self": inv})):
                    out.append((inv, ab, card))
        return out

    def _op__apply_loss(self, s, st, c, cid, events):
        pending = s.get("pending_loss", {}).pop(st["key"], None)
        if pending:
            self.lose(s, pending["inv"], events, health=pending["health"], sanity=pending["sanity"], c=c)
            events.append(event("loss_resolved", inv=pending["inv"], health=pending["health"],
                                sanity=pending["sanity"]))

    def _op_prevent(self, s, st, c, cid, events):
        pending = s.get("pending_loss", {}).get(c.get("pending"))
        if not pending:
            return
        for what in ("health", "sanity"):
            n = st.get(what)
            if n is None:
                continue
            before = pending[what]
            pending[what] = 0 if n == "all" else max(0, before - self.amount(s, n, c))
            if before != pending[what]:
                events.append(event("loss_prevented", inv=pending["inv"], what=what, amount=before - pending[what]))

    def _op_recover(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if inv:
            h, z = st.get("health"), st.get("sanity")
            self.recover(s, inv, events, health=h if h == "all" else self.amount(s, h, c),
                         sanity=z if z == "all" else self.amount(s, z, c))

    def can_pay(self, s, steps, c) -> bool:
        """Whether a cost list can be paid in full (its spends and condition gains)."""
        for st in steps:
            if st["op"] == "spend":
                inv = self.who(s, c, st["who"]) if st["who"] != "investigators" else None
                for what in ("health", "sanity", "clues"):
                    n = self.amount(s, st.get(what), c)
                    if not n:
                        continue
                    if inv is None:
                        total = sum((len(s["inv"][o]["clues"]) if what == "clues" else s["inv"][o][what] - 1)
                                    for o in self.active_invs(s))
                        if total < n:
                            return False
                    elif not self.can_spend(s, inv, what, n - (self.clue_cut(s, inv)[0] if what == "clues" else 0)):
                        return False
            elif st["op"] == "gain_condition" and self.gains_held(s, st, c):
                return False
            elif st["op"] == "delay":   # becoming Delayed when already Delayed pays nothing (as a held condition)
                inv = self.who(s, c, st["who"])
                if not inv or (s["inv"][inv]["delayed"] and not (
                        s["phase"] == "action" and inv in (s["turn"].get("inv"), s["turn"].get("acting")))):
                    return False
            elif st["op"] in ("discard_condition", "discard_possessions", "discard_clues", "discard_improvements",
                              "discard_this"):
                if not self._can_discard(s, st, c):   # seed 002, 995: nothing can be spent that is not held
                    return False
            elif st["op"] == "lose":
                inv = self.who(s, c, st["who"])
                if not inv:
                    return False
        return True

    def gains_held(self, s, st, c) -> bool:
        """R20: a ``gain_condition`` of a named condition its taker holds. Nobody may choose that
        (seed 002, l.1551: «не може вирішити взяти карту стану, яку вже має»; 004, l.601: «не может
        разыграть эффект, требующий взять такое состояние»), even one whose second copy flips it."""
        inv = self.who(s, c, st.get("who", "self"))
        return bool(inv and st.get("name") and self.holds(s, inv, st["name"]))

    def _can_discard(self, s, st, c) -> bool:
        """A discard as a cost: the investigator holds all it names ("all" and "any_number": at
        least one is not asked; "any_number" can always pay 0)."""
        op = st["op"]
        if op == "discard_this":
            card = c.get("card") or {}
            if card.get("kind") in ("spell", "condition", "asset", "artifact"):
                return bool(card.get("holder")) and self.who(s, c, card["holder"]) is not None and \
                    self.holds(s, card["holder"], card.get("id"))
            if card.get("kind") == "mythos":
                return any(m["id"] == card.get("id") for m in s["mythos"]["in_play"])
            return True
        inv = self.who(s, c, st["who"])
        if not inv:
            return False
        i = s["inv"][inv]
        count = st.get("count", 1)
        if count == "any_number":
            return True
        if op == "discard_condition":
            held = self._condition_choices(s, inv, st)
        elif op == "discard_possessions":
            if st.get("triggering") or st.get("last"):
                target = (c.get("triggering") or c.get("card") or {}).get("id") if st.get("triggering") \
                    else c.get("last_gained")
                kinds = {**st, "kind": ["asset", "artifact", "spell"]}
                return any(self.card_id(h) == target for h in self._possession_choices(s, inv, kinds))
            held = self._possession_choices(s, inv, st)
            if st.get("keep") is not None:
                return True
        elif op == "discard_clues":
            held = i["clues"]
        else:
            held = [k for k in SKILLS for _ in range(i["improve"][k])]
        need = 1 if count == "all" else self.amount(s, count, c)
        return len(held) >= need

    def _op_spend(self, s, st, c, cid, events):
        """H3: a cost: all or nothing; never the last health or sanity."""
        if not self.can_pay(s, [st], c):
            self._skip_rest(s)
            c["last_ok"] = False
            return
        if st.get("any_number") and not st.get("_r__n"):
            inv = self.who(s, c, st["who"] if st["who"] != "investigators" else "self")
            what = st["any_number"]
            most = len(s["inv"][inv]["clues"]) if what == "clues" else s["inv"][inv][what] - 1
            self.defer(s, cid, {**st, "who": inv}, "_n", list(range(0, max(0, most) + 1)), inv, "spend")
            return
        # a group of one pays as one investigator (below: The Silver Key may cut it, as before R24)
        if st["who"] == "investigators" and len(self.active_invs(s)) > 1 and self.amount(s, st.get("clues"), c) > 0:
            payers = self._group_clue_payers(s, st, c, cid)
            if payers is None:
                return   # the Lead is asked whose clue goes next
            for inv in dict.fromkeys(payers):
                i, k = s["inv"][inv], payers.count(inv)
                for _ in range(k):
                    s["clues"]["discard"].append(i["clues"].pop())
                events.append(event("spent", inv=inv, what="clues", count=k))
            c["last_ok"] = True
            return
        payers = [self.who(s, c, st["who"])] if st["who"] != "investigators" else self.active_invs(s)
        for what in ("health", "sanity", "clues"):
            n = self.amount(s, st.get(what), c)
            if st.get("any_number") == what:
                n = st.get("_n", 0)
                c["spent"] = n
            elif what == "clues" and n > 0 and len(payers) == 1:   # The Silver Key
                cut, mark = self.clue_cut(s, payers[0])
                if cut:
                    n -= min(cut, n)
                    s["inv"][payers[0]]["used"].append(mark)
                    events.append(event("clue_cost_reduced", inv=payers[0], by=cut))
            for inv in payers:
                if n <= 0:
                    break
                i = s["inv"][inv]
                if what == "clues":
                    k = min(n, len(i["clues"]))
                    for _ in range(k):
                        s["clues"]["discard"].append(i["clues"].pop())
                else:
                    k = min(n, i[what] - 1)
                    i[what] -= k
                n -= k
                if k:
                    events.append(event("spent", inv=inv, what=what, count=k))
        c["last_ok"] = True

    def _group_clue_payers(self, s, st, c, cid):
        """R24: «the investigators together spend N clues» is a group decision, so the Lead has the last
        word (seed 002, l.1036) on whose clues go: asked one clue at a time (``about: pay_clue``, the
        investigators holding one, clockwise from the Lead; the others advise in the Mythos phase)
        while a choice is left. Returns one investigator per clue paid, or None while asking."""
        n = self.amount(s, st.get("clues"), c)
        taken = list(st.get("_taken", [])) + ([st["_from"]] if st.get("_r__from") else [])
        left = {i: len(s["inv"][i]["clues"]) - taken.count(i) for i in self.active_invs(s)}
        holders = [i for i, k in left.items() if k > 0]
        need = n - len(taken)
        if need > 0 and len(holders) > 1 and sum(left.values()) > need:
            base = {k: v for k, v in st.items() if k not in ("_from", "_r__from")}
            self.defer(s, cid, {**base, "_taken": taken}, "_from", holders, s["lead"], "pay_clue",
                       taken=taken, total=n)
            return None
        for i in holders:   # no choice left: one holder, or every clue held is needed
            k = min(left[i], need)
            taken += [i] * k
            need -= k
        return taken

    def clue_cut(self, s, inv):
        """(clues fewer, limit key): a held passive ``reduce_clue_cost`` whose limit is unused (The
        Silver Key: once a round an effect's clue spend costs 1 fewer; the clue reroll of a test is a
        rule, not an effect's cost, and is not cut). (0, None) when none applies."""
        if not inv or inv not in s["inv"]:
            return 0, None
        for ab, card in self.held_abilities(s, inv, "passive"):
            for st in ab["effect"]:
                if st.get("op") == "reduce_clue_cost" and self.limit_ok(s, inv, ab, card):
                    return st.get("clues", 1) or 1, f"limit:{card.get('kind')}:{card.get('id')}"
        return 0, None

    def _op_claim_possessions(self, s, st, c, cid, events):
        fig = next((x for x in s["figures"] if x["inv"] == c.get("figure")), None)
        inv = self.who(s, c, "self")
        if not fig or not inv:
            return
        p = fig["possessions"]
        i = s["inv"][inv]
        for key in ("assets", "artifacts"):
            i[key] += p[key]
        duplicates = []
        for back in p["spells"]:
            if self.holds(s, inv, self.card_id(back)):   # I7: a duplicate spell is discarded at once
                self.discard_to(s, "spells", back)
                duplicates.append(self.card_id(back))
            else:
                i["spells"].append(back)
        i["clues"] += p["clues"]
        for kind in ("train", "ship"):
            for _ in range(p["tickets"][kind]):
                self.gain_ticket(s, inv, kind, events)
        fig["possessions"] = {"assets": [], "artifacts": [], "spells": [], "clues": [], "tickets": {"train": 0, "ship": 0}}
        events.append(event("possessions_claimed", inv=inv, of=fig["inv"]))
        events.extend(event("card_discarded", inv=inv, card=card) for card in duplicates)   # back into the deck: told

    def _op_gain_clues(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if inv:
            # the card or ability that gives the clues, named by the log line (nfe15: "X gains 1
            # clue." after another investigator's failed test named no cause): an added field only
            card = (c.get("card") or {}).get("id")
            got = self.gain_clues(s, inv, self.amount(s, st.get("count", 1), c), events,
                                  source=card if isinstance(card, str) else None)
            if inv == c.get("self"):
                c["clues_gained"] = c.get("clues_gained", 0) + got

    def _op_discard_clues(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if inv:
            n = len(s["inv"][inv]["clues"]) if st.get("count") == "all" else self.amount(s, st.get("count", 1), c)
            c["discarded"] = self.discard_held_clues(s, inv, n, events)

    def _op_gain_this_clue(self, s, st, c, cid, events):
        inv = self.who(s, c, "self")
        if not inv:
            return
        space = c.get("clue_space") or s["inv"][inv]["space"]
        token = self.take_board_clue(s, space)
        if token:
            s["inv"][inv]["clues"].append(token)
            c["clues_gained"] = c.get("clues_gained", 0) + 1
            events.append(event("clues_gained", inv=inv, count=1, space=space))

    def _op_discard_this_clue(self, s, st, c, cid, events):
        space = c.get("clue_space") or s["inv"][c.get("self") or s["lead"]]["space"]
        token = self.take_board_clue(s, space)
        if token:
            s["clues"]["discard"].append(token)
            events.append(event("clue_discarded", space=space))

    def _op_move_this_clue(self, s, st, c, cid, events):
        space = c.get("clue_space") or s["inv"][c.get("self") or s["lead"]]["space"]
        if not self.clues_at(s, space):
            return
        to = self.resolve_place(s, st, "to", {**c, "self": c.get("self")}, cid, events)
        if to is None or to == "none":
            return
        token = self.take_board_clue(s, space)
        s["clues"]["board"].setdefault(to, []).append(token)
        events.append(event("clue_moved", frm=space, to=to))

    def _op_spawn_clues(self, s, st, c, cid, events):
        at = self.resolve_place(s, st, "at", c, cid, events) if st.get("at") else None
        if st.get("at") and at is None:
            return
        at = None if at == "none" else at
        for _ in range(self.amount(s, st.get("count", 1), c)):
            self.spawn_clue(s, events, at)

    def _op_move_board_clues(self, s, st, c, cid, events):
        flt = st.get("to_nearest") or {}
        board = s["clues"]["board"]
        for space in list(board):
            if self.space_ok(s, space, flt, c):
                continue
            dest = self.nearest(s, space, lambda sp: self.space_ok(s, sp, flt, c))
            if dest:
                moved = board.pop(space)
                board.setdefault(dest[0], []).extend(moved)
                events.extend(event("clue_moved", frm=space, to=dest[0]) for _ in moved)

    def _op_discard_board_clues(self, s, st, c, cid, events):
        at = st.get("at", "all")
        board = s["clues"]["board"]
        spaces = list(board) if at == "all" else [self.place_now(s, at, c, events)]
        for sp in spaces:
            gone = board.pop(sp, [])
            if st.get("count") is not None and len(gone) > st["count"]:   # the Mi-go's one token
                board[sp], gone = gone[st["count"]:], gone[:st["count"]]
            s["clues"]["discard"] += gone
            events.extend(event("clue_discarded", space=sp) for _ in gone)

    def _op_trade_clues(self, s, st, c, cid, events):
        inv, other = self.who(s, c, st["who"]), self.who(s, c, st.get("with", "chosen"))
        if not inv or not other or other == inv:
            return
        if not st.get("_r__n"):
            opts = [0]
            if st.get("give"):
                opts += list(range(1, len(s["inv"][inv]["clues"]) + 1))
            if st.get("take"):
                opts += [-k for k in range(1, len(s["inv"][other]["clues"]) + 1)]
            self.defer(s, cid, st, "_n", opts, inv, "clues")
            return
        n = st.get("_n", 0)
        a, b = (inv, other) if n > 0 else (other, inv)
        for _ in range(abs(n)):
            s["inv"][b]["clues"].append(s["inv"][a]["clues"].pop())
        if n:
            events.append(event("clues_given", frm=a, to=b, count=abs(n)))
