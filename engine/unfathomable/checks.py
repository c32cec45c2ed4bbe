"""Skill checks, exactly as the rulebook's procedure (checklist G76-92).

1. announce target, partial and help types; the ``before_contributions`` window;
2. two chaos cards face down (unless skipped), plus any static extra treachery;
3. from the player left of the current player, ending with them, each adds 0+ cards face down
   (a ``SecretRound``: the table learns only counts; at most 1 card for a revealed traitor or a
   player in the Brig);
4-5. the pile is shuffled and revealed without saying who added what;
6. help types add, every other type (treachery always) subtracts; the ``after_check_reveal``
   window may change the total or the result; then pass / partial / fail;
7. every card of the pile goes to its own type's discard, and the result's effect runs.
The check under way is ``state["checks"][-1]``.
"""
from __future__ import annotations

from engine.core.events import event
from engine.core.rng import Rng
from engine.unfathomable.common import BRIG, card_type, card_value


class Checks:
    def _fx_skill_check(self, s, spec, c, events):
        if c.get("misfortune"):   # Spread Misfortune (README ruling 48): not run, it fails
            events.append(event("check_failed_outright", card=c.get("card"), target=spec.target))
            c["check_result"] = "fail"
            self.then_effect(s, spec.on_fail, c)
            return
        s["check_seq"] = s.get("check_seq", 0) + 1
        check = {"seq": s["check_seq"], "target": spec.target, "partial": spec.partial,
                 "positive": list(spec.positive), "c": c["id"], "chaos": [], "cards": [], "total": None,
                 "face_up": False, "skip_chaos": False, "forced": None, "source": c.get("card"),
                 "key": self.spec_key[id(spec)]}
        if not c.get("card") and c.get("ability"):
            # a zone action's check (the Captain's Cabin, the Brig): what it is for and whom it
            # is about, so each contributor knows what a pass does (the picked player, else its user)
            check["ability"], check["about"] = c["ability"], c.get("target") or c.get("self")
        s["checks"].append(check)
        events.append(event("check_started", target=spec.target, partial=spec.partial, positive=list(spec.positive),
                            card=c.get("card"), order=self.contributors(s),
                            **{k: check[k] for k in ("ability", "about") if k in check}))
        self.push(s, {"k": "check_result", "c": c["id"]})
        self.push(s, {"k": "check_reveal", "c": c["id"]})
        self.push(s, {"k": "contribute", "order": self.contributors(s), "i": 0, "given": {}, "c": c["id"]})
        self.push(s, {"k": "check_chaos", "c": c["id"]})
        self.open_window(s, "before_contributions", events, c=c["id"])

    def contributors(self, s) -> list[str]:
        """Checklist 80: from the left of the current player, ending with the current player."""
        order = self.turn_order(s)
        return order[1:] + order[:1]

    def _run_check_chaos(self, s, f, events):
        check = s["checks"][-1]
        if not check["skip_chaos"]:
            check["chaos"] = self.draw_chaos(s, self.pack.skill_cards.chaos_deck.cards_per_check)
        for p, spec in self.statics(s, "extra_treachery_in_checks"):   # README ruling 34
            if spec.while_condition is not None and \
                    not self.holds(s, spec.while_condition, {"id": "probe", "bind": {}, "self": p}):
                continue
            extra = 0
            for _ in range(spec.count):
                card = self.draw_skill(s, "treachery")
                if card is not None:
                    check["chaos"].append(card)
                    extra += 1
            events.append(event("check_added", player=p, count=extra, extra_treachery=True))
        events.append(event("chaos_added", count=len(check["chaos"]), chaos_left=len(s["chaos"])))

    # the secret round (engine.core.flow.SecretRound): contribute
    def _offer_contribute(self, s, f, player):
        limited = player in s["revealed"] or s["zone_of"][player] == BRIG  # checklist 81
        return {"ids": list(s["hands"][player]), "max": 1 if limited else len(s["hands"][player])}

    def _give_contribute(self, s, f, player, cards, events):
        hand = s["hands"][player]
        for card in cards:
            hand.remove(card)
        check = s["checks"][-1]
        check["cards"].extend(cards)
        if check["face_up"]:  # Nothing to Hide: the cards are added face up
            events.append(event("added_face_up", player=player, cards=list(cards)))
        events.append(event("check_pile", count=len(check["cards"]) + len(check["chaos"])))

    def _done_contribute(self, s, f, pool, events):
        # The shared SecretRound reveals the contributions apart from the chaos cards; that would
        # tell the table which cards came from hands (a treachery card among them was added by a
        # player). The pile is revealed whole, shuffled, by check_reveal instead (checklist 83-84).
        for i in range(len(events) - 1, -1, -1):
            if events[i]["type"] == "contributions_revealed":
                del events[i]
                break

    def _run_check_reveal(self, s, f, events):
        check = s["checks"][-1]
        pile = check["chaos"] + check["cards"]
        Rng(s["rng"]).shuffle(pile)  # checklist 83
        check["pile"] = pile
        self.total_check(s, check)
        events.append(event("check_revealed", reveal=True, cards=list(pile), total=check["total"],
                            target=check["target"], partial=check["partial"], positive=check["positive"]))
        self.open_window(s, "after_check_reveal", events, c=f["c"])

    def total_check(self, s, check) -> int:
        positive = set(check["positive"])
        total = sum(card_value(x) if card_type(x) in positive else -card_value(x) for x in check["pile"])
        check["total"] = total + check.get("modifier", 0)
        return check["total"]

    def _run_check_result(self, s, f, events):
        check = s["checks"].pop()
        c = s["ctx"][f["c"]]
        spec = self.specs[check["key"]]
        total = check["total"] if check["total"] is not None else 0
        if check["forced"]:
            result = check["forced"]
        elif total >= check["target"]:
            result = "pass"
        elif check["partial"] is not None and total >= check["partial"]:
            result = "partial"
        else:
            result = "fail"
        for card in check.get("pile", check["chaos"] + check["cards"]):
            self.discard(s, card)   # checklist 89
        c["check_surplus"] = total - check["target"]
        c["check_result"] = result
        events.append(event("check_result", result=result, total=total, target=check["target"],
                            partial=check["partial"]))
        branch = {"pass": spec.on_pass, "partial": spec.on_partial or [], "fail": spec.on_fail}[result]
        self.then_effect(s, branch, c)

    # --- rule-bending primitives used in the check windows
    def _fx_modify_check(self, s, spec, c, events):
        if not s["checks"] or s["checks"][-1]["total"] is None:
            return
        if spec.up_to is not None:
            most = self.amount(s, spec.up_to, c)
            if most < 1:
                return
            amount = self.need(s, c, "amount", c["self"], "check_amount", list(range(1, most + 1)), ask_single=True)
        else:
            amount = self.amount(s, spec.amount, c)
        if spec.either_sign:
            amount = self.need(s, c, "sign", c["self"], "check_sign", [amount, -amount], ask_single=True)
        check = s["checks"][-1]
        check["modifier"] = check.get("modifier", 0) + amount
        check["total"] += amount
        events.append(event("check_modified", player=c["self"], amount=amount, total=check["total"]))

    def _fx_add_card_to_check(self, s, spec, c, events):
        if not s["checks"]:
            return
        check = s["checks"][-1]
        p = c["self"]
        if spec.source == "hand":
            if not s["hands"][p]:
                return
            card = self.need(s, c, "card", p, "card_to_check", list(s["hands"][p]))
            s["hands"][p].remove(card)
        else:
            t = self.need(s, c, "type", p, "skill_type", [t for t in ("influence", "lore", "observation",
                                                                     "strength", "will") if s["decks"][t] or s["discards"][t]])
            card = self.draw_skill(s, t) if t else None
            if card is None:
                return
        if check["total"] is None:   # before the reveal the card joins the face-down pile
            check["cards"].append(card)
        else:
            check["pile"].append(card)
            self.total_check(s, check)
        c["added_card_value"] = card_value(card)
        events.append(event("card_added_to_check", player=p, card=card, total=check["total"]))

    def _fx_set_check_result(self, s, spec, c, events):
        if not s["checks"]:
            return
        check = s["checks"][-1]
        chooser = self.player_of(s, spec.chooser, c) or c["self"]
        results = ["pass", "fail"] + (["partial"] if check["partial"] is not None else [])
        check["forced"] = self.need(s, c, "result", chooser, "check_result", results, ask_single=True)
        events.append(event("check_result_set", player=chooser, result=check["forced"]))
        if check["total"] is None:
            # README ruling 36: the check is not run (no chaos, no contributions, no reveal)
            s["stack"][:] = [f for f in s["stack"] if not (f["k"] in ("check_chaos", "contribute", "check_reveal")
                                                        and f.get("c") == check["c"])
                          and not (f["k"] == "window" and f.get("timing") == "before_contributions"
                                   and f.get("c") == check["c"])]

    def _fx_make_type_positive(self, s, spec, c, events):
        if not s["checks"]:
            return
        check = s["checks"][-1]
        left = [t for t in ("influence", "lore", "observation", "strength", "will") if t not in check["positive"]]
        chooser = self.player_of(s, spec.chooser, c) or c["self"]
        t = self.need(s, c, "type", chooser, "skill_type", left, ask_single=True)
        if t:
            check["positive"].append(t)
            events.append(event("check_type_positive", player=chooser, skill=t))

    def _if_check_from_mythos(self, s, spec, c):
        """The current skill check is a mythos card's crisis (Self Sacrifice)."""
        check = s["checks"][-1] if s.get("checks") else None
        return bool(check) and bool(s["ctx"].get(check["c"], {}).get("mythos"))

    def _fx_reveal_contributions(self, s, spec, c, events):
        if s["checks"]:
            s["checks"][-1]["face_up"] = True
            events.append(event("check_face_up", player=c["self"]))

    def _fx_skip_chaos_cards(self, s, spec, c, events):
        if s["checks"]:
            s["checks"][-1]["skip_chaos"] = True
            events.append(event("check_no_chaos", player=c["self"]))

    def _fx_shuffle_treachery_into_chaos(self, s, spec, c, events):
        self.shuffle_treachery_into_chaos(s, spec.count, events)

    def _fx_rebuild_chaos(self, s, spec, c, events):
        for card in s["chaos"]:
            self.discard(s, card)
        s["chaos"] = []
        self.rebuild_chaos(s)
        events.append(event("chaos_rebuilt", count=len(s["chaos"])))
