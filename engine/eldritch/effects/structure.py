"""Primitives that structure an effect (tests, "may", a choice of one, conditions, rolls, loops,
choices of an investigator, a space or a number, hooks, the game's end) and modifiers used as
one-shot effects.

Part of the effect interpreter (:mod:`engine.eldritch.effects`): a mixin of ``EldritchRules``."""
from __future__ import annotations

from engine.core.events import event


# the held cards and sheets whose offer a declined "may" names (public: their fronts are)
OFFERING_KINDS = ("asset", "artifact", "spell", "condition", "investigator", "mythos")   # ne19: «Ззовні» declined


class StructureEffects:
    # --- structure ---------------------------------------------------------------------------
    def _op_test(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if not inv:
            return
        extra = self.amount(s, st.get("dice"), c, floor=None)
        what = st.get("spend")
        if what and st.get("spend_for") == "die":   # pay before the roll: one die each
            if not st.get("_r__n"):
                i = s["inv"][inv]
                most = len(i["clues"]) if what == "clues" else i[what] - 1
                self.defer(s, cid, st, "_n", list(range(0, max(0, most) + 1)), inv, "spend")
                return
            n = st["_n"]
            if what == "clues":
                self.discard_held_clues(s, inv, n, events)
            elif n:
                s["inv"][inv][what] -= n
                events.append(event("spent", inv=inv, what=what, count=n))
            extra += n
        data = {"buy": what} if what and st.get("spend_for") == "success" else None
        self.start_test(s, inv, st["skill"], st.get("modifier", 0), cid, events, pass_steps=st.get("pass", []),
                        fail_steps=st.get("fail", []), extra=extra, pass_at=st.get("pass_at", 1), data=data)

    # O9 (seed 002, 1729): offered "Delayed/Detained or another penalty", Mark avoids both
    PENALTY_OPS = {"lose", "delay", "lost_in_time_and_space", "gain_condition", "discard_possessions",
                   "discard_clues", "discard_improvements", "spend", "advance_doom", "advance_omen", "lose_actions",
                   "ambush", "spawn_monster", "spawn_gates", "devour", "defeat_investigator", "reduce", "move"}

    def _delay_side(self, steps) -> bool:
        return any(st.get("op") in ("delay", "lost_in_time_and_space")
                   or (st.get("op") == "gain_condition" and st.get("name") == "detained") for st in steps)

    def _penalty_side(self, steps) -> bool:
        """Every step is a penalty (a boon gained is not: Blessed after a Delayed is a reward)."""
        for st in steps:
            if st.get("op") not in self.PENALTY_OPS:
                return False
            if st["op"] == "gain_condition" and (
                    (st.get("trait") == "boon") or
                    (st.get("name") and "boon" in self.C.conditions[st["name"]]["traits"])):
                return False
        return bool(steps)

    def avoids_delay_or_penalty(self, s, c, sides, events) -> bool:
        """Mark Harrigan (``forbid: imposed_delay_or_detained``): a choice whose sides are all
        penalties, one of them Delayed/Detained, is avoided whole (no side is resolved)."""
        inv = self.who(s, c, "self")
        by = self.forbidden_by(s, inv, "imposed_delay_or_detained") if inv else None
        if not by:
            return False
        if len(sides) < 2 or not any(self._delay_side(x) for x in sides) or \
                not all(self._penalty_side(x) for x in sides):
            return False
        events.append(event("prevented", inv=inv, what="delay_or_penalty", by=by))
        return True

    def _op_may(self, s, st, c, cid, events):
        chooser = self.who(s, c, st.get("chooser", "self"))
        if not st.get("_r__yes") and st.get("otherwise") and chooser == self.who(s, c, "self") and \
                self.avoids_delay_or_penalty(s, c, [list(st.get("cost", [])) + list(st.get("then", [])),
                                                    list(st["otherwise"])], events):
            return
        if not st.get("_r__yes"):
            if not chooser or not self.can_pay(s, st.get("cost", []), c) or not self._then_has_target(s, st, c):
                if st.get("otherwise"):
                    self.run_effect(s, st["otherwise"], cid)
                return
            self.ask(s, self.chooser_kind(s, chooser), chooser, "resolve",
                     [{"type": "choose", "value": False}, {"type": "choose", "value": True}],
                     step=st, field="_yes", c=cid, about="may")
            return
        if st.get("_yes"):
            c["choice"] = True
            self.run_effect(s, list(st.get("cost", [])) + [{"op": "_unchoice"}] + list(st.get("then", [])), cid)
            return
        if chooser:   # the table hears the answer: a declined offer would otherwise leave no line
            card = c.get("card") if isinstance(c.get("card"), dict) else {}
            offered = {"card": card["id"]} if card.get("kind") in OFFERING_KINDS and card.get("id") else {}
            events.append(event("may_declined", inv=chooser, **offered))   # whose offer (ne17: "X declines.")
        if st.get("otherwise"):
            self.run_effect(s, st["otherwise"], cid)

    def _then_has_target(self, s, st, c) -> bool:
        """R16: a "may … to discard a condition" is not offered to one holding none it could discard
        (yes and no would change nothing, or yes would only pay the price). R20: nor a "may … to gain
        a condition" to one who holds it (a yes would be choosing to take it again)."""
        then = st.get("then") or []
        if not then:
            return True
        if then[0].get("op") == "gain_condition":
            return not self.gains_held(s, then[0], c)
        return then[0].get("op") != "discard_condition" or self._can_discard(s, then[0], c)

    def _op__unchoice(self, s, st, c, cid, events):
        c["choice"] = False

    def _op_choose_one(self, s, st, c, cid, events):
        chooser = self.who(s, c, st.get("chooser", "self"))
        if not st.get("_r__k") and chooser == self.who(s, c, "self") and \
                self.avoids_delay_or_penalty(s, c, [list(o["effect"]) for o in st["options"]], events):
            return
        if not st.get("_r__k"):
            allowed = [k for k, o in enumerate(st["options"])
                       if (not o.get("requires") or self.cond(s, o["requires"], c)) and self.can_pay(s, o["effect"][:1], c)]
            if not allowed or not chooser:
                return
            if len(allowed) == 1:
                st = {**st, "_k": allowed[0]}
            else:
                self.defer(s, cid, st, "_k", allowed, chooser, "option")
                return
        c["choice"] = True
        self.run_effect(s, list(st["options"][st["_k"]]["effect"]) + [{"op": "_unchoice"}], cid)

    def _op_if(self, s, st, c, cid, events):
        steps = st.get("then", []) if self.cond(s, st["condition"], c) else st.get("otherwise", [])
        if steps:
            self.run_effect(s, steps, cid)

    def _op_roll(self, s, st, c, cid, events):
        """F11: one die, not a test (no rerolls)."""
        face = c["dice_as"] if c.get("dice_as") else self.die(s)
        # what the die is rolled for (a rumor, a condition, a monster's reckoning): named in the log
        card, uid = (c.get("card") or {}).get("id"), c.get("monster")
        source = {"card": card} if isinstance(card, str) else \
            {"monster": uid, "kind": s["monsters"]["board"][uid].get("kind")} if uid in s["monsters"]["board"] else {}
        row = next((r for r in st["outcomes"]
                    if self.amount(s, r.get("min", 1), c) <= face <= self.amount(s, r.get("max", 6), c)), None)
        # a face that does nothing is told so (nfe12: "rolls a die (Dark Young): ⚃" and then nothing)
        events.append(event("die_rolled", inv=c.get("self"), face=face, **source,
                            **({} if row and row["effect"] else {"nothing": True})))
        if row and row["effect"]:
            self.run_effect(s, row["effect"], cid)

    def _op_for_each(self, s, st, c, cid, events):
        who = st.get("who", "investigators")
        me = c.get("self") or s["lead"]
        start = me if s["phase"] != "mythos" else s["lead"]
        invs = self.active_invs(s, start)
        at = self.place_now(s, st.get("at", "here"), c, events) if who in ("on_space", "others_on_space",
                                                                             "on_or_adjacent") else None
        if who == "other_investigators":
            invs = [i for i in invs if i != me]
        elif who in ("on_space", "others_on_space"):
            invs = [i for i in invs if s["inv"][i]["space"] == at and (who == "on_space" or i != me)]
        elif who == "on_or_adjacent":
            invs = [i for i in invs if self.C.dist[at].get(s["inv"][i]["space"], 9) <= 1]
        elif who == "on_type":
            invs = [i for i in invs if (not st.get("type") or self.C.spaces[s["inv"][i]["space"]]["type"] in st["type"])
                    and all(h in self.features(s, s["inv"][i]["space"]) for h in st.get("has", []))]
        if st.get("condition"):
            invs = [i for i in invs if self.cond(s, st["condition"], {**c, "self": i})]
        base = {k: v for k, v in c.items() if k not in ("self", "as_lead")}   # each one is himself
        for inv in reversed(invs):
            ctx = self.new_ctx(s, self_=inv, **base)
            self.run_effect(s, st["effect"], ctx, end=True)

    def _op_for_each_space(self, s, st, c, cid, events):
        spaces = [sp for sp in self.C.space_ids if self.space_ok(s, sp, st, c)]
        base = {k: v for k, v in c.items() if k not in ("self", "space")}
        for sp in reversed(spaces):
            ctx = self.new_ctx(s, self_=c.get("self"), space=sp, **base)
            self.run_effect(s, st["effect"], ctx, end=True)

    def _op_choose_investigator(self, s, st, c, cid, events):
        if st.get("_r__inv"):
            c["chosen"] = st["_inv"]
            return
        chooser = self.who(s, c, st.get("chooser", "self"))
        invs = self.investigators_among(s, st, c, events)
        if not invs:
            self._skip_rest(s)
            c["chosen"] = None
            return
        if len(invs) == 1:
            c["chosen"] = invs[0]
            return
        self.defer(s, cid, st, "_inv", invs, chooser or s["lead"], "investigator")

    def _op_choose_space(self, s, st, c, cid, events):
        if isinstance(st.get("place"), dict) and "chosen" not in st["place"]:   # the filter itself
            st = {**st, "place": {"chosen": st["place"]}}
        sp = self.resolve_place(s, st, "place", c, cid, events)
        if sp is None:
            return
        c["space"] = None if sp == "none" else sp

    def _op_choose_number(self, s, st, c, cid, events):
        if st.get("_r__n"):
            c["number"] = st["_n"]
            return
        lo, hi = self.amount(s, st.get("min", 0), c), self.amount(s, st["max"], c)
        self.defer(s, cid, st, "_n", list(range(lo, max(lo, hi) + 1)), self.who(s, c, st.get("chooser", "self")),
                   "number")

    def _op_repeat(self, s, st, c, cid, events):
        steps = list(st["effect"]) * self.amount(s, st["times"], c)
        if steps:
            self.run_effect(s, steps, cid)

    def _op_hook(self, s, st, c, cid, events):
        getattr(self, "_hook_" + st["id"], self._op_unsupported)(s, st, c, cid, events)

    def _hook_rumor_other_world_encounter(self, s, st, c, cid, events):
        """hooks.yaml: the top Other World card as if a gate stood here; closing a gate solves the
        rumor instead."""
        inv = self.who(s, c, "self")
        rid = (c.get("card") or {}).get("id")
        if inv:
            self.encounter_card(s, inv, "other_world", None, "other_world", events,
                                extra={"rumor_instead": rid, "card": {"kind": "mythos", "id": rid}})

    def _hook_clear_defeated_investigators(self, s, st, c, cid, events):
        """hooks.yaml: possessions on defeated sheets discarded; their figures leave the game."""
        for fig in list(s["figures"]):
            self._call_retire_figure(s, {"inv": fig["inv"]}, events)

    def _op_investigators_win(self, s, st, c, cid, events):
        s["flags"]["win"] = "effect"
        s["flags"]["win_card"] = (c.get("card") or {}).get("id")   # the end names the card

    def _op_investigators_lose(self, s, st, c, cid, events):
        s["flags"]["lose"] = "effect"
        s["flags"]["lose_card"] = (c.get("card") or {}).get("id")

    # --- modifiers used as one-shot effects (combat/encounter timings) --------------------------
    def _op_skill_bonus(self, s, st, c, cid, events):
        """A one-shot bonus (a combat use, a spell's success): for the tests of the encounter."""
        target = s["ctx"].get(c.get("bonus_to"), c)
        target.setdefault("bonuses", []).append({"skill": st["skill"], "amount": self.amount(s, st["amount"], c)})

    def _op_extra_dice(self, s, st, c, cid, events):
        target = s["ctx"].get(c.get("bonus_to"), c)
        target["extra_dice"] = target.get("extra_dice", 0) + self.amount(s, st.get("amount", 1), c)

    def _op_noop(self, s, st, c, cid, events):
        return

    def _op_reroll(self, s, st, c, cid, events):
        """A one-shot reroll (Wither's back): offered in the encounter's later tests; static
        rerolls are read from passives, never run."""
        if c.get("bonus_to") in s["ctx"]:
            s["ctx"][c["bonus_to"]].setdefault("rerolls", []).append({"st": st, "card": c.get("card") or {}})

    _op_die_bonus = _op_success_on = _op_six_counts_twice = _op_forbid = _op_noop
    _op_set_horror = _op_reduce_damage = _op_reduce_clue_cost = _op_noop
