"""Tests and dice (F): the pool, success faces, the reroll window, results."""
from __future__ import annotations

from engine.core.events import event


def roll_successes(f: dict) -> int:
    """A roll frame's successes: its dice showing a success face (a 6 twice where it counts
    twice) and the successes bought (seed 002 l.630: «5» або «6»)."""
    return sum((2 if (d == 6 and f.get("six")) else 1) for d in f["dice"] if d in f["faces"]) \
        + (f.get("data") or {}).get("bought", 0)


class Dice:
    def _during_ok(self, during, c, skill):
        enc = c.get("enc")
        return (during in ("always", "any_test")
                or (during == "combat" and c.get("combat"))
                or (during == "combat_strength" and c.get("combat") and skill == "strength")
                or (during == "spell" and (c.get("card") or {}).get("kind") == "spell")
                or (during == "acquire_assets" and c.get("purpose") == "acquire")
                or (during == "other_world" and enc == "other_world")
                or (during == "research" and enc == "research"))

    def test_pool(self, s, inv, skill, modifier, c, extra=0):
        """F1-F4: skill + improvement + modifier + the largest bonus + every extra die, at least 1."""
        base = self.skill_value(s, inv, skill) + modifier
        bonuses = [self.amount(s, st["amount"], c) for st, _ in self.passive_steps(s, inv, "skill_bonus", c)
                   if st["skill"] == skill and self._during_ok(st.get("during", "always"), c, skill)]
        bonuses += [b["amount"] for b in c.get("bonuses", []) if b["skill"] == skill]
        bonus = max([0] + bonuses)
        dice = 0
        space_type = self.C.spaces[s["inv"][inv]["space"]]["type"]
        for st, card in self.passive_steps(s, inv, "extra_dice", c):
            if st.get("while_on") and space_type not in st["while_on"]:
                continue
            if self._during_ok(st.get("during", "any_test"), c, skill):
                dice += self.amount(s, st.get("amount", 1), c)
        return max(1, base + bonus + dice + extra), {"value": base - modifier, "modifier": modifier,
                                                     "bonus": bonus, "extra": dice + extra}

    def start_test(self, s, inv, skill, modifier, c_id, events, purpose="effect", pass_steps=(), fail_steps=(),
                   extra=0, pass_at=1, data=None, window=True):
        c = s["ctx"][c_id]
        if s["inv"][inv]["status"] != "active":
            return
        if window:   # F3: extra dice are declared before the roll (Lola Hayes grants one to her space)
            here = s["inv"][inv]["space"]
            offers = [(holder, ab, card) for holder in self.invs_at(s, here)
                      for ab, card in self.held_abilities(s, holder, "before_test")
                      if self.limit_ok(s, holder, ab, card)
                      and (holder == inv or any(st.get("who") == "on_space" for st in ab["effect"]))]
            if offers:
                args = {"inv": inv, "skill": skill, "modifier": modifier, "purpose": purpose,
                        "pass_steps": list(pass_steps), "fail_steps": list(fail_steps), "extra": extra,
                        "pass_at": pass_at, "data": data or {}}
                self.push(s, {"k": "fx", "steps": [{"op": "_start_test", "args": args}], "i": 0, "c": c_id})
                for holder, ab, card in reversed(offers):
                    ctx = self.new_ctx(s, self_=holder, owner=holder, chosen=inv, card=card, bonus_to=c_id)
                    self.run_effect(s, self.optional(ab, holder, card), ctx, end=True)
                return
        extra += c.pop("extra_dice", 0)   # one-shot extra dice declared before this roll (F3)
        pool, parts = self.test_pool(s, inv, skill, modifier, c, extra)
        faces = [5, 6]
        for st, _ in self.passive_steps(s, inv, "success_on", c):
            faces = list(st["faces"])
        six = any(self._during_ok(st.get("during", "any_test"), c, skill)
                  for st, _ in self.passive_steps(s, inv, "six_counts_twice", c))
        dice = [self.die(s) for _ in range(pool)]
        # a spell's own test names the spell: the log says what is cast before it tells the roll
        spell = (c.get("card") or {}).get("id") if purpose == "effect" and (c.get("card") or {}).get("kind") == "spell" \
            else None
        # a condition's test (its Reckoning, its back) names the card, as a spell's does (ne19)
        # (not a fight the card started: its tests are against the monster, rv19c)
        held = c.get("card") if purpose == "effect" and not c.get("combat") and isinstance(c.get("card"), dict) \
            and c["card"].get("kind") == "condition" else {}
        events.append(event("test_rolled", inv=inv, skill=skill, dice=list(dice), faces=list(faces), **parts,
                            **({"spell": spell} if spell else {}), **({"card": held["id"]} if held.get("id") else {})))
        frame = {"k": "roll", "player": s["inv"][inv]["player"], "inv": inv, "skill": skill, "dice": dice,
                 "c": c_id, "purpose": purpose, "pass": list(pass_steps), "fail": list(fail_steps),
                 "faces": faces, "six": six, "pass_at": pass_at, "used": [], "data": data or {}}
        if self._roll_options(s, frame)[1:]:
            self.push(s, frame)
        else:
            self._finish_test(s, frame, events)

    def _foe_forbids(self, s, f, what) -> bool:
        """G1: the monster fought in this combat test is read first; its passive ``forbid`` (who:
        self, the investigator fighting it: the Tick-Tock Men's "no clue rerolls") applies."""
        uid = (f.get("data") or {}).get("m")
        if not uid or uid not in s["monsters"]["board"]:
            return False
        return any(st.get("op") == "forbid" and what in st["what"] and st.get("who", "self") == "self"
                   for ab in self.monster_data(s, uid).get("abilities", []) if ab["timing"] == "passive"
                   for st in ab["effect"])

    def _roll_options(self, s, f):
        """F8-F10, F14: keep, or spend a clue to reroll one die (seed 002, 642: «витратити один жетон
        доказу, щоб перекинути один кубик» — any die, a success too; 1388: the latest result
        stands), or use a reroll ability (those reroll a failed die)."""
        inv = f["inv"]
        options = [{"type": "keep"}]
        buy = f["data"].get("buy")   # a test that sells successes (spend_for: success)
        if buy and s["inv"][inv]["status"] == "active" and (
                s["inv"][inv]["clues"] if buy == "clues" else s["inv"][inv][buy] > 1):
            options.append({"type": "buy_success"})
        if s["inv"][inv]["status"] != "active":
            return options
        every = list(range(len(f["dice"])))
        i = s["inv"][inv]
        if not self.forbids(s, inv, "clue_rerolls") and not self._foe_forbids(s, f, "clue_rerolls"):
            if i["clues"]:
                options += [{"type": "reroll", "die": k} for k in every]
                # O12: Trish on the tester's space may allow a clue to reroll 2 dice (not with a single die)
                if len(every) > 1 and self._trish_for(s, inv):
                    options += [{"type": "reroll", "die": a, "and": b} for a in every for b in every if a < b]
            # O10: Norman Withers may pay a clue's cost with 1 sanity, once a round
            if inv == "norman_withers" and "limit:norman_withers" not in i["used"] and i["sanity"] > 1:
                options += [{"type": "reroll", "die": k, "pay": "sanity"} for k in every]
        failed = [k for k, d in enumerate(f["dice"]) if d not in f["faces"]]
        if not failed:
            return options
        c = s["ctx"][f["c"]]
        for st, card in self.reroll_abilities(s, inv, c):
            key = f"{card['kind']}:{card['id']}"
            if key in f["used"] or f"limit:{card['id']}" in i["used"] or (st.get("skill") and st["skill"] != f["skill"]):
                continue
            if not self.can_pay(s, card.get("cost", []), {"self": inv, "owner": inv, "card": card}):
                continue
            if self._during_ok(st.get("during", "any_test"), c, f["skill"]):
                options.append({"type": "bonus_with" if st["op"] == "die_bonus" else "reroll_with", "card": card["id"]})
        return options

    def _bump(self, f, amount, count):
        """Add ``amount`` to ``count`` failed dice, those it turns into successes first."""
        for _ in range(count):
            failed = sorted((d, k) for k, d in enumerate(f["dice"]) if d not in f["faces"])
            if not failed:
                return
            d, k = failed[-1]
            f["dice"][k] = min(6, d + amount)

    def reroll_abilities(self, s, inv, c):
        """Passive rerolls (once per test) and after-roll ones (their limit: once per round)."""
        out = list(self.passive_steps(s, inv, "reroll", c))
        out += [(r["st"], {**r["card"], "limit": "none"}) for r in c.get("rerolls", [])]   # one-shot (Wither)
        for ab, card in self.held_abilities(s, inv, "after_test_roll"):
            if ab.get("requires") and not self.cond(s, ab["requires"], {**c, "self": inv, "card": card}):
                continue
            limited = {**card, "limit": ab.get("limit", "none"), "cost": list(ab.get("cost", []))}
            out += [(st, limited) for st in ab["effect"] if st["op"] in ("reroll", "die_bonus")]
        return out

    def _ask_roll(self, s, f):
        return {"player": f["player"], "options": self._roll_options(s, f)}

    def _answer_roll(self, s, f, action, events):
        if action["type"] == "keep":
            self._finish_test(s, f, events)
            return
        if action["type"] == "buy_success":
            buy = f["data"]["buy"]
            if buy == "clues":
                self.discard_held_clues(s, f["inv"], 1, events)
            else:
                s["inv"][f["inv"]][buy] -= 1
            f["data"]["bought"] = f["data"].get("bought", 0) + 1
            events.append(event("success_bought", inv=f["inv"], paid=buy, count=f["data"]["bought"]))
            f["id"] = self.next_id(s)
            s["stack"].append(f)
            if not self._roll_options(s, f)[1:]:
                s["stack"].pop()
                self._finish_test(s, f, events)
            return
        inv = f["inv"]
        failed = [k for k, d in enumerate(f["dice"]) if d not in f["faces"]]
        if action["type"] == "reroll":
            if action.get("pay") == "sanity":
                s["inv"][inv]["sanity"] -= 1
                s["inv"][inv]["used"].append("limit:norman_withers")
            else:
                token = s["inv"][inv]["clues"].pop()
                s["clues"]["discard"].append(token)
            events.append(event("spent", inv=inv, what=action.get("pay") or "clues", count=1))
            which = [action["die"]]
            trish = self._trish_for(s, inv) if "and" in action else None
            if trish and trish != inv:   # seed 002, 1745: «Тріш може дозволити» — her player decides
                ctx = self.new_ctx(s, self_=trish, card={"kind": "investigator", "id": trish})
                self.ask(s, "choose", trish, "trish_allow", [{"type": "choose", "value": False},
                                                             {"type": "choose", "value": True}],
                         roll=f, which=which + [action["and"]], c=ctx, about="may")
                return
            if trish:
                which.append(action["and"])
            self._reroll(s, f, which, events)
            return
        else:
            c = s["ctx"][f["c"]]
            st, card = next((st, card) for st, card in self.reroll_abilities(s, inv, c)
                            if card["id"] == action["card"])
            f["used"].append(f"{card['kind']}:{card['id']}")
            if card.get("limit") == "once_per_round":
                s["inv"][inv]["used"].append(f"limit:{card['id']}")
            for cost in card.get("cost", []):   # a reroll's price (the Axe: 2 sanity)
                if cost["op"] == "spend":
                    for what in ("health", "sanity"):
                        paid = self.amount(s, cost.get(what), c)
                        s["inv"][inv][what] -= paid
                        if paid:
                            events.append(event("spent", inv=inv, what=what, count=paid))
                    self.discard_held_clues(s, inv, self.amount(s, cost.get("clues"), c), events)
            if action["type"] == "bonus_with":   # a die bonus after the roll (Lucky Cigarette Case)
                self._bump(f, st.get("amount", 1), st.get("dice", 1))
                events.append(event("die_bonus", inv=inv, dice=list(f["dice"]), card=card["id"]))
                which = []
            else:
                n = len(failed) if st.get("dice") == "any" else int(st.get("dice", 1))
                which = failed[:n]
            # the card (or sheet) whose reroll this is: the log names it (ne20b: a free reroll said no why)
            self._reroll(s, f, which, events, card=card["id"] if which else None)

    def _trish_for(self, s, inv):
        """Trish Scarborough when she is in play on ``inv``'s space (she herself included)."""
        return "trish_scarborough" if "trish_scarborough" in self.invs_at(s, s["inv"][inv]["space"]) else None

    def _picked_trish_allow(self, s, f, action, events):
        s["ctx"].pop(f["c"], None)
        which = f["which"] if action["value"] else f["which"][:1]
        self._reroll(s, f["roll"], which, events)

    def _reroll(self, s, f, which, events, card=None):
        """Reroll the dice ``which`` of the roll frame ``f``, then reopen its window (or finish);
        ``card``: the card or sheet whose ability rerolls (none: a Clue's reroll)."""
        inv = f["inv"]
        for k in which:
            f["dice"][k] = self.die(s)   # F9: the new value stands, even if worse
        events.append(event("rerolled", inv=inv, dice=list(f["dice"]), which=which, faces=list(f["faces"]),
                            **({"card": card} if card else {})))
        f["id"] = self.next_id(s)
        s["stack"].append(f)
        if not self._roll_options(s, f)[1:]:
            s["stack"].pop()
            self._finish_test(s, f, events)

    def _finish_test(self, s, f, events):
        c = s["ctx"].get(f["c"]) or {}
        if s["inv"][f["inv"]]["status"] == "active":
            for st, card in self.passive_steps(s, f["inv"], "die_bonus", c):   # the Derringer: +1 to a die
                if self._during_ok(st.get("during", "any_test"), c, f["skill"]):
                    self._bump(f, st.get("amount", 1), st.get("dice", 1))
        faces, dice = f["faces"], f["dice"]
        result = roll_successes(f)
        c = s["ctx"].get(f["c"])
        passed = result >= f["pass_at"]
        if c is not None:
            c["test_result"], c["test_passed"], c["dice"] = result, passed, list(dice)
        events.append(event("test_result", inv=f["inv"], skill=f["skill"], dice=list(dice), successes=result,
                            passed=passed, faces=list(faces)))
        if f["purpose"] == "effect":
            spell = (c or {}).get("card") or {}
            if passed and f["skill"] == "lore" and spell.get("kind") == "spell":   # after the pass's own steps
                for ab, card in self.mystery_abilities(s, "after_spell_test_pass"):   # Arcane Understanding
                    ctx = self.new_ctx(s, self_=f["inv"], card=card, triggering=spell)
                    self.run_effect(s, self.ability_steps(ab), ctx, end=True)
            steps = f["pass"] if passed else f["fail"]
            if steps:
                self.run_effect(s, steps, f["c"])
        else:
            getattr(self, "_tested_" + f["purpose"])(s, f, result, events)

    def _op__start_test(self, s, st, c, cid, events):
        a = st["args"]
        self.start_test(s, a["inv"], a["skill"], a["modifier"], cid, events, purpose=a["purpose"],
                        pass_steps=a["pass_steps"], fail_steps=a["fail_steps"], extra=a["extra"],
                        pass_at=a["pass_at"], data=a["data"], window=False)
