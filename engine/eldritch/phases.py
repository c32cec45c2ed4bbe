"""The round (C): Action phase (D), Encounter phase (E) and Mythos phase (K)."""
from __future__ import annotations

from engine.core.events import event, only
from engine.core.game import copy_state

REGION_DECKS = ("america", "europe", "asia_australia")


class Phases:
    # --- the round ------------------------------------------------------------------------
    def _idle(self, s, events):
        """Nothing pending: the next round begins with its Action phase (C1)."""
        s["round"] += 1
        s["phase"] = "action"
        for i in s["inv"].values():
            i["actions"], i["used"], i["encountered"] = [], [], False
            i.pop("bonus_actions", None)
        s["used_components"] = []
        s["combat_results"] = {}
        s["turn"] = {"queue": self.active_invs(s), "inv": None, "left": 0}
        events.append(event("round_started", round=s["round"], lead=s["lead"]))
        self.call(s, "next_action")

    # --- Action phase (D) --------------------------------------------------------------------
    def _call_next_action(self, s, args, events):
        turn = s["turn"]
        queue = turn["queue"]
        while queue and s["inv"][queue[0]]["status"] != "active":
            queue.pop(0)
        if not queue:
            turn["inv"] = None
            self.call(s, "start_encounters")
            return
        inv = queue.pop(0)
        self.call(s, "next_action")
        i = s["inv"][inv]
        if i["delayed"]:   # D22: stands up, takes no actions
            i["delayed"] = False
            events.append(event("stood_up", inv=inv))
            return
        turn["inv"], turn["left"] = inv, self.C.limits.actions_per_round
        events.append(event("turn", phase="action", inv=inv))
        self.push(s, {"k": "action", "inv": inv})

    def action_options(self, s, inv, extra=False):
        i = s["inv"][inv]
        if i["status"] != "active":
            return []
        taken = i["actions"]
        here = i["space"]
        sp = self.C.spaces[here]
        monsters = self.monsters_at(s, here)
        only_cards = self.forbids(s, inv, "actions")
        out = [{"type": "end_actions"}]
        if not only_cards:
            if "rest" not in taken and not monsters and not self.forbids(s, inv, "rest"):
                out.append({"type": "rest"})
            if "travel" not in taken and not self.forbids(s, inv, "move"):
                out += [{"type": "travel", "to": b} for b in sorted(self.C.adj[here])]
            if "prepare" not in taken and sp["type"] == "city":
                kinds = set(self.C.adj[here].values())
                out += [{"type": "prepare", "ticket": k} for k in ("train", "ship") if k in kinds]
            if "acquire" not in taken and sp["type"] == "city" and not monsters:
                out.append({"type": "acquire"})
            if "trade" not in taken:
                out += [{"type": "trade", "with": o} for o in self.invs_at(s, here) if o != inv]
        for ab, card in self.held_abilities(s, inv, "action"):
            key = f"{card['kind']}:{card['id']}"
            if only_cards and card["kind"] != "condition":
                continue
            if key in s.get("used_components", []) or key in taken:
                continue
            if self._usable(s, inv, ab, card):
                out.append({"type": "component", "card": card["id"]})
        for ab, card in self.held_abilities(s, inv, "action_phase"):   # between actions (Ruby of R'lyeh)
            if f"limit:{card['id']}" not in i["used"] and self._usable(s, inv, ab, card):
                out.append({"type": "between", "card": card["id"]})
        for owner in self.invs_at(s, here):
            for ab, card in self.held_abilities(s, owner, "local_action"):
                key = f"local:{card['kind']}:{card['id']}:{owner}"
                if key in i["used"] or key in taken:
                    continue
                if only_cards and not (owner == inv and self.forbids(s, inv, "actions")):
                    continue
                if self._usable(s, inv, ab, card, owner):
                    out.append({"type": "local", "card": card["id"], "owner": owner})
        return out

    def _usable(self, s, inv, ab, card, owner=None):
        c = {"self": inv, "owner": owner or inv, "card": card}
        if ab.get("requires") and not self.cond(s, ab["requires"], c):
            return False
        return self.can_pay(s, ab.get("cost", []), c)

    def _ask_action(self, s, f):
        inv = f["inv"]
        if s["turn"].get("inv") != inv and not f.get("extra"):
            return None
        if not f.get("extra") and s["turn"].get("left", 0) <= 0:
            return None
        if f.get("extra") and s["inv"][inv].get("bonus_actions", 0) <= 0:
            return None
        options = self.action_options(s, inv, f.get("extra"))
        if not options:
            return None
        default = {"type": "rest"} if {"type": "rest"} in options else {"type": "end_actions"}
        return {"player": s["inv"][inv]["player"], "options": options, "default": default}

    def _answer_action(self, s, f, action, events):
        inv = f["inv"]
        i = s["inv"][inv]
        kind = action["type"]
        if kind == "end_actions":
            if f.get("extra"):
                i["bonus_actions"] = 0
            else:
                s["turn"]["left"] = 0
                if not i["actions"]:   # the table is told the turn passed, not left hanging
                    events.append(event("no_actions", inv=inv))
            return
        if kind == "between":   # not an action: nothing is counted
            ab, card = next((ab, card) for ab, card in self.held_abilities(s, inv, "action_phase")
                            if card["id"] == action["card"])
            if ab.get("limit") == "once_per_round":
                i["used"].append(f"limit:{card['id']}")
            self.push(s, {"k": "action", "inv": inv, **({"extra": True} if f.get("extra") else {})})
            ctx = self.new_ctx(s, self_=inv, owner=inv, card=card)
            self.run_effect(s, self.ability_steps({**ab, "requires": None}), ctx, end=True)
            return
        if f.get("extra"):
            i["bonus_actions"] -= 1
        else:
            s["turn"]["left"] -= 1
        s["turn"]["acting"], s["turn"]["halted"] = inv, False   # an action in progress (seed 002, 1147)
        self.push(s, {"k": "action", "inv": inv, **({"extra": True} if f.get("extra") else {})})
        self.call(s, "action_over")   # under the action's own frames
        if kind in ("component", "local"):
            owner = action.get("owner", inv)
            ab, card = next((ab, card) for ab, card in self.held_abilities(s, owner,
                                                                           "action" if kind == "component" else "local_action")
                            if card["id"] == action["card"])
            if kind == "component":
                key = f"{card['kind']}:{card['id']}"
                s.setdefault("used_components", []).append(key)
            else:
                key = f"local:{card['kind']}:{card['id']}:{owner}"
                i["used"].append(key)
            i["actions"].append(key)
            events.append(event("action", inv=inv, action=kind, card=card["id"], owner=owner))
            ctx = self.new_ctx(s, self_=inv, owner=owner, card=card, action=inv)
            self.run_effect(s, self.ability_steps({**ab, "requires": None}), ctx, end=True)
            return
        i["actions"].append(kind)
        events.append(event("action", inv=inv, action=kind, **{k: v for k, v in action.items()
                                                               if k not in ("type", "player")},
                            **({"from": i["space"]} if kind == "travel" else {})))   # the table reads where from
        if kind == "rest":   # D6
            self.recover(s, inv, events, health=1, sanity=1)
            items = [{"steps": self.ability_steps(ab), "label": card["id"],
                      "ctx": {"self_": inv, "owner": inv, "card": card}}
                     for ab, card in self.held_abilities(s, inv, "rest")]
            items += [{"steps": self.ability_steps(ab), "label": card["id"],
                       "ctx": {"self_": inv, "owner": other, "card": card}}
                      for other in self.invs_at(s, i["space"]) for ab, card in self.held_abilities(s, other, "rest_on_space")]
            self.run_together(s, items, inv)   # C6: the one resting orders what his Rest triggers
        elif kind == "travel":   # D4
            self.call(s, "offer_ride", inv=inv)   # after what the move triggers (a Delay stops the Travel)
            self.move_to(s, inv, action["to"], events)
        elif kind == "prepare":   # D11/D12
            self.gain_ticket(s, inv, action["ticket"], events)
        elif kind == "acquire":   # D13
            ctx = self.new_ctx(s, self_=inv, purpose="acquire")
            self.push(s, {"k": "ctx_end", "c": ctx})
            self.start_test(s, inv, "influence", 0, ctx, events, purpose="acquire")
        elif kind == "trade":   # D8
            self.push(s, {"k": "trade", "inv": inv, "with": action["with"], "moves": [],
                          "player": s["inv"][inv]["player"]})

    # travel with tickets (D4, D5)
    def _offer_ride(self, s, inv):
        i = s["inv"][inv]
        options = [{"type": "stop"}]
        for b, kind in sorted(self.C.adj[i["space"]].items()):
            if kind in ("train", "ship") and i["tickets"][kind] > 0:
                options.append({"type": "ride", "to": b, "ticket": kind})
        if len(options) > 1 and not self.forbids(s, inv, "move"):
            self.ask(s, "travel_more", inv, "ride", options)

    def _call_action_over(self, s, args, events):
        s["turn"]["acting"] = None

    def _call_offer_ride(self, s, args, events):
        inv = args["inv"]
        if s["turn"].get("halted") != inv and s["inv"][inv]["status"] == "active":
            self._offer_ride(s, inv)

    def _picked_ride(self, s, f, action, events):
        if action["type"] == "stop":
            return
        inv = f["inv"]
        s["inv"][inv]["tickets"][action["ticket"]] -= 1
        events.append(event("ticket_spent", inv=inv, kind=action["ticket"]))
        self.call(s, "offer_ride", inv=inv)
        self.move_to(s, inv, action["to"], events)

    # acquire assets (D13-D16)
    def _tested_acquire(self, s, f, result, events):
        self._offer_acquire(s, f["inv"], {"budget": result, "bought": [], "loan": False})

    def _offer_acquire(self, s, inv, data):
        left = data["budget"] - sum(self.C.assets[a]["cost"] for a in data["bought"])
        options = [{"type": "done"}]
        options += [{"type": "buy", "card": a} for a in sorted(set(s["reserve"])) if self.C.assets[a]["cost"] <= left]
        if not data["loan"] and not self.holds(s, inv, "debt") and \
                any(self.card_id(b) == "debt" for b in s["decks"]["conditions"]["draw"]):
            options.append({"type": "bank_loan"})
        if not data["bought"] and not data.get("discarded"):
            options += [{"type": "discard_reserve", "card": a} for a in sorted(set(s["reserve"]))]
        self.ask(s, "acquire", inv, "acquire", options, data=data)

    def _picked_acquire(self, s, f, action, events):
        inv, data = f["inv"], dict(f["data"])
        kind = action["type"]
        if kind == "done":
            if not data["bought"]:   # the table hears the action came to nothing (no card line follows)
                events.append(event("acquired_nothing", inv=inv))
            self.refill_reserve(s, events)   # D15: only after the action
            if data.get("services"):   # after the hand-out: each Service resolves for its new holder
                self.call(s, "acquired_services", cards=data["services"])
            for ab, card in self.held_abilities(s, inv, "acquire_assets"):   # O2: Charlie Kane's passive
                if data["bought"]:
                    # 002 l.1672: he shares the assets he gained (only those) with anyone anywhere
                    ctx = self.new_ctx(s, self_=inv, owner=inv, card=card, acquired=list(data["bought"]))
                    self.run_effect(s, self.optional(ab), ctx, end=True)
            return
        if kind == "buy":
            s["reserve"].remove(action["card"])
            data["bought"] = data["bought"] + [action["card"]]
            # 002 l.1672: «Якщо інший дослідник отримує від Чарлі актив-послугу, він негайно розігрує
            # цю карту»: a Service Charlie may hand out waits for the hand-out (rules version 6)
            later = "service" in self.C.assets[action["card"]]["traits"] and \
                bool(self.held_abilities(s, inv, "acquire_assets")) and len(self.active_invs(s)) > 1
            if later:
                data["services"] = data.get("services", []) + [action["card"]]
            self.give_card(s, inv, "asset", action["card"], events, on_gain=not later)
        elif kind == "bank_loan":   # D16: Debt for 2 more successes
            if self.take_by_name(s, inv, "condition", "debt", events):
                data["budget"] += 2
            data["loan"] = True
        elif kind == "discard_reserve":   # D14
            s["reserve"].remove(action["card"])
            s["decks"]["assets"]["discard"].append(action["card"])
            data["discarded"] = True
            events.append(event("reserve_discarded", card=action["card"], inv=inv))   # who chose it
            self.refill_reserve(s, events)
            return
        self._offer_acquire(s, inv, data)

    def _call_acquired_services(self, s, args, events):
        for card in reversed(args["cards"]):   # pushed in reverse: they resolve in the order bought
            holder = next((k for k, i in s["inv"].items() if card in i["assets"]), None)
            if holder:
                self.run_on_gain(s, holder, "asset", card)

    # trade (D8-D10)
    def _tradeables(self, s, inv):
        i = s["inv"][inv]
        out = []
        if i["clues"]:
            out.append(("clue", None))
        for k in ("train", "ship"):
            if i["tickets"][k]:
                out.append(("ticket", k))
        out += [("asset", a) for a in sorted(set(i["assets"]))]
        out += [("artifact", a) for a in sorted(set(i["artifacts"]))]
        out += [("spell", self.card_id(b)) for b in i["spells"]]
        return out

    def _ask_trade(self, s, f):
        inv, other = f["inv"], f["with"]
        if s["inv"][other]["status"] != "active" or s["inv"][other]["space"] != s["inv"][inv]["space"]:
            return None
        options = [{"type": "propose"}] if f["moves"] else [{"type": "cancel"}]
        if f["moves"]:
            options.append({"type": "cancel"})
        # the moves chosen so far are not made until both agree (issue 20: a trade is built
        # privately and announced once): the options are read from a copy with them made
        after = self._after_moves(s, inv, other, f["moves"])
        options += [{"type": "give", "what": w, "card": c} for w, c in self._tradeables(after, inv)]
        options += [{"type": "take", "what": w, "card": c} for w, c in self._tradeables(after, other)]
        return {"player": f["player"], "options": options}

    def _after_moves(self, s, inv, other, moves):
        if not moves:
            return s
        after = copy_state(s)
        self._do_trade(after, inv, other, moves, [])
        return after

    def _answer_trade(self, s, f, action, events):
        kind = action["type"]
        traders = (s["inv"][f["inv"]]["player"], s["inv"][f["with"]]["player"])
        if kind == "cancel":   # nothing was moved yet: the table never saw the draft
            events.append(event("trade_cancelled", only(*traders), inv=f["inv"], to=f["with"]))
            return
        if kind == "propose":
            other = f["with"]
            if s["inv"][other]["player"] == s["inv"][f["inv"]]["player"]:
                self._do_trade(s, f["inv"], other, f["moves"], events)
                return
            self.ask(s, "trade_ok", other, "trade_ok", [{"type": "decline"}, {"type": "accept"}],
                     moves=f["moves"], frm=f["inv"])
            events.append(event("trade_proposed", only(*traders), inv=f["inv"], to=other, moves=f["moves"]))
            return
        move = {"dir": kind, "what": action["what"], "card": action["card"]}
        self.push(s, {**f, "moves": f["moves"] + [move]})

    def _picked_trade_ok(self, s, f, action, events):
        inv, other = f["frm"], f["inv"]
        if action["type"] == "accept":   # both agree: the trade is made and announced, once
            self._do_trade(s, inv, other, f["moves"], events)
            events.append(event("trade_accepted", inv=other))
        else:
            events.append(event("trade_declined", only(s["inv"][inv]["player"], s["inv"][other]["player"]),
                                inv=other))

    def _do_trade(self, s, inv, other, moves, events):
        for m in moves:
            duplicate = False
            a, b = (inv, other) if m["dir"] == "give" else (other, inv)
            A, B = s["inv"][a], s["inv"][b]
            if m["what"] == "clue" and A["clues"]:
                B["clues"].append(A["clues"].pop())
            elif m["what"] == "ticket" and A["tickets"][m["card"]]:
                A["tickets"][m["card"]] -= 1
                self.gain_ticket(s, b, m["card"], events)
            elif m["what"] in ("asset", "artifact") and m["card"] in A[m["what"] + "s"]:
                A[m["what"] + "s"].remove(m["card"])
                B[m["what"] + "s"].append(m["card"])
            elif m["what"] == "spell":
                back = self.held_back(s, a, m["card"])
                if back:
                    A["spells"].remove(back)
                    duplicate = self.holds(s, b, m["card"])
                    if duplicate:   # D10/I7: a duplicate spell is discarded at once
                        self.discard_to(s, "spells", back)
                    else:
                        B["spells"].append(back)
            events.append(event("traded", frm=a, to=b, what=m["what"], card=m["card"]))
            if duplicate:   # back into the spell deck: the table is told
                events.append(event("card_discarded", inv=b, card=m["card"]))

    # --- Encounter phase (E) -----------------------------------------------------------------
    def _call_start_encounters(self, s, args, events):
        s["phase"] = "encounter"
        s["turn"] = {"queue": self.active_invs(s), "inv": None}
        events.append(event("phase", phase="encounter"))
        self.call(s, "next_encounter")

    def _call_next_encounter(self, s, args, events):
        queue = s["turn"]["queue"]
        while queue and s["inv"][queue[0]]["status"] != "active":
            queue.pop(0)
        if not queue:
            self.call(s, "start_mythos")
            return
        inv = queue.pop(0)
        s["turn"]["inv"] = inv
        self.call(s, "next_encounter")
        i = s["inv"][inv]
        i["encountered"] = True
        i["no_further"], i["ignore_monsters"], i["fought"] = False, False, []
        events.append(event("turn", phase="encounter", inv=inv))
        for ab, card in self.held_abilities(s, inv, "instead_of_encounter"):   # E2: Detained
            ctx = self.new_ctx(s, self_=inv, owner=inv, card=card, enc="instead")
            self.run_effect(s, self.ability_steps(ab), ctx, end=True)
            return
        self.call(s, "after_combats", inv=inv)
        self.call(s, "combats", inv=inv)
        # optional uses at the start of the encounter (Mists, Clairvoyance); several: C6, he orders them
        self.run_together(s, [{"steps": self.optional(ab, inv, card), "label": card["id"],
                               "ctx": {"self_": inv, "owner": inv, "card": card, "enc": "encounter_phase"}}
                              for ab, card in self.held_abilities(s, inv, "encounter_phase")
                              if self.limit_ok(s, inv, ab, card)], inv)

    def _call_combats(self, s, args, events):
        """E3: a combat encounter with each monster here, in the order the investigator picks."""
        inv = args["inv"]
        i = s["inv"][inv]
        if i["status"] != "active" or i.get("ignore_monsters"):
            return
        left = [u for u in self.monsters_at(s, i["space"]) if u not in i["fought"]]
        if not left:
            return
        self.call(s, "combats", inv=inv)
        if len(left) == 1:
            i["fought"].append(left[0])
            self.start_combat(s, inv, left[0], events)
        else:
            self.ask(s, "combat_order", inv, "combat_order", [{"type": "fight", "monster": u} for u in left])

    def _picked_combat_order(self, s, f, action, events):
        inv = f["inv"]
        if action["monster"] in s["monsters"]["board"]:
            s["inv"][inv]["fought"].append(action["monster"])
            self.start_combat(s, inv, action["monster"], events)

    def _call_after_combats(self, s, args, events):
        """E4/E5: with no monster left, one other encounter."""
        inv = args["inv"]
        i = s["inv"][inv]
        if i["status"] != "active" or i.get("no_further"):
            return
        if self.monsters_at(s, i["space"]) and not i.get("ignore_monsters"):
            return
        options = self.encounter_options(s, inv)
        if options and i["fought"]:   # E4: after combats the other encounter is optional (may)
            options = [{"type": "encounter", "what": "none"}] + options
        if options:
            self.ask(s, "encounter", inv, "encounter", options)

    def encounter_options(self, s, inv):
        i = s["inv"][inv]
        here = i["space"]
        sp = self.C.spaces[here]
        out = []
        if sp["deck"]:
            out.append({"type": "encounter", "what": "location", "deck": sp["deck"]})
        out.append({"type": "encounter", "what": "location", "deck": "general"})
        if self.clues_at(s, here):
            out.append({"type": "encounter", "what": "research"})
        if here in s["gates"]["board"]:
            out.append({"type": "encounter", "what": "other_world"})
        if s.get("expedition") == here and not self.forbids(s, inv, "expedition_encounters") and \
                s["decks"]["expedition"]["draw"]:
            out.append({"type": "encounter", "what": "expedition"})
        for rid, space in sorted(s["rumor_tokens"].items()):
            if space == here and self.C.mythos[rid]["rumor"].get("encounter"):
                out.append({"type": "encounter", "what": "rumor", "card": rid})
        for slot in ("mystery", "final"):
            m = s.get(slot)
            if m:
                data = self.C.mysteries[m["id"]]
                at = data["encounter_at"]
                if data.get("encounter") and (
                        (at == "mystery_token" and s["mystery_token"] == here)
                        or (at == "eldritch_token" and s["eldritch_board"].get(here))
                        or (at == "gate" and here in s["gates"]["board"])):
                    out.append({"type": "encounter", "what": "mystery", "card": m["id"]})
        for fig in s["figures"]:
            if fig["space"] == here:
                out.append({"type": "encounter", "what": "defeated", "card": fig["inv"]})
        return out

    def _picked_encounter(self, s, f, action, events):
        if action["what"] == "none":
            return
        self.resolve_encounter(s, f["inv"], action["what"], events, deck=action.get("deck"), card=action.get("card"))

    def resolve_encounter(self, s, inv, what, events, space=None, deck=None, card=None, extra=None):
        i = s["inv"][inv]
        here = space or i["space"]
        stype = self.C.spaces[here]["type"]
        if what == "location":
            deck = deck or (self.C.spaces[here]["deck"] or "general")
            section = here if deck in REGION_DECKS else stype
            self.encounter_card(s, inv, deck, section, "location", events)
        elif what == "research":
            self.encounter_card(s, inv, self.C.ancient_ones[s["ao"]]["research_deck"], stype, "research", events,
                                extra={"clue_space": here, **(extra or {})})
        elif what == "other_world":
            self.encounter_card(s, inv, "other_world", None, "other_world", events, extra={"gate_space": here})
        elif what == "expedition":
            self.encounter_card(s, inv, "expedition", None, "expedition", events)
        elif what == "rumor":
            data = self.C.mythos[card]["rumor"]["encounter"]
            ctx = self.new_ctx(s, self_=inv, enc="rumor", card={"kind": "mythos", "id": card})
            events.append(event("encounter", inv=inv, what="rumor", card=card))
            self.run_effect(s, data["effect"], ctx, end=True)
        elif what == "mystery":
            data = self.C.mysteries[card]["encounter"]
            kind = "final" if s.get("final") and s["final"]["id"] == card else "mystery"
            ctx = self.new_ctx(s, self_=inv, enc="mystery", card={"kind": kind, "id": card}, gate_space=here)
            events.append(event("encounter", inv=inv, what="mystery", card=card))
            self.run_effect(s, data["effect"], ctx, end=True)
        elif what == "defeated":   # E11
            fig = next(x for x in s["figures"] if x["inv"] == card)
            enc = self.C.investigators[card]["defeated"]["injury" if fig["token"] == "health" else "madness"]
            ctx = self.new_ctx(s, self_=inv, enc="defeated_investigator", figure=card)
            events.append(event("encounter", inv=inv, what="defeated", card=card))
            self.call(s, "retire_figure", inv=card)
            self.run_effect(s, enc["effect"], ctx, end=True)

    def _call_retire_figure(self, s, args, events):
        fig = next((x for x in s["figures"] if x["inv"] == args["inv"]), None)
        if fig is None:
            return
        s["figures"].remove(fig)
        p = fig["possessions"]
        for key in ("assets", "artifacts", "spells"):
            for card in p[key]:
                self.discard_to(s, key, card)
        s["clues"]["discard"] += p["clues"]
        s["inv"][args["inv"]]["status"] = "retired"
        events.append(event("figure_removed", inv=args["inv"]))

    def encounter_card(self, s, inv, deck, section, kind, events, extra=None, parent=None):
        card = self.draw_card(s, deck)
        if card is None:
            events.append(event("deck_empty", deck=deck))
            return
        data = self.C.decks[deck]["cards"][card]
        if section is not None and data.get("sections"):
            effect = data["sections"].get(section, {}).get("effect", [])
        else:
            effect = (data.get("encounter") or {}).get("effect", [])
        events.append(event("encounter", inv=inv, what=kind, deck=deck, card=card, section=section))
        base = {}
        if parent and parent in s["ctx"]:
            base = {k: v for k, v in s["ctx"][parent].items() if k in ("card",)}
        base.update(extra or {})
        ctx = self.new_ctx(s, self_=inv, enc=kind, deck=deck, encounter_card=card, **base)
        self.push(s, {"k": "ctx_end", "c": ctx})
        self.call(s, "encounter_done", inv=inv, deck=deck, card=card, kind=kind, c=ctx)
        if effect:
            self.push(s, {"k": "fx", "steps": list(effect), "i": 0, "c": ctx})

    def _call_encounter_done(self, s, args, events):
        """E18: the card is discarded; E9: the expedition token follows the deck's new top card."""
        deck = args["deck"]
        if args["card"] not in s.get("removed_cards", []):
            s["decks"][deck]["discard"].append(args["card"])
            events.append(event("encounter_discarded", deck=deck))
        if deck == "expedition":
            self.update_expedition(s, events)
        if args["kind"] == "research":
            c = s["ctx"].get(args["c"], {})
            for ab, card in self.mystery_abilities(s, "after_research_encounter"):
                ctx = self.new_ctx(s, self_=args["inv"], card=card, clues_gained=c.get("clues_gained", 0))
                self.run_effect(s, self.ability_steps(ab), ctx, end=True)

    # --- Mythos phase (K) ---------------------------------------------------------------------
    def _call_start_mythos(self, s, args, events):
        s["phase"] = "mythos"
        s["turn"] = {"inv": s["lead"]}
        events.append(event("phase", phase="mythos"))
        deck = s["mythos"]["deck"]
        if not deck:   # K1: no card to draw: the phase ends (its mysteries checked), then a loss
            self.call(s, "end_mythos", deck_out=True)
            return
        self.call(s, "end_mythos")
        self.resolve_mythos_card(s, deck.pop(0), events)

    def resolve_mythos_card(self, s, card, events):
        """K2: the printed symbols in order, then the card's effect (K10)."""
        data = self.C.mythos[card]
        ref = self.ref(s)
        events.append(event("mythos_drawn", card=card, colour=data["colour"], trait=data["trait"]))
        steps = []
        for sym in data["symbols"]:
            if sym == "advance_omen":
                steps.append({"op": "advance_omen", "amount": 1})
            elif sym == "reckoning":
                steps.append({"op": "_reckoning"})
            elif sym == "spawn_gates":
                steps.append({"op": "spawn_gates", "count": ref["gates"], "at": None})
            elif sym == "monster_surge":
                steps.append({"op": "_surge"})
            elif sym == "spawn_clues":
                steps.append({"op": "spawn_clues", "count": ref["clues"], "at": None})
        if data["trait"] == "event":
            steps += list(data["effect"]) + [{"op": "_mythos_discard"}]
        else:
            steps += [{"op": "_mythos_in_play"}] + list(data["enters_play"]) + [{"op": "_entered"}]
        ctx = self.lead_ctx(s, keep_going=True, card={"kind": "mythos", "id": card})
        self.run_effect(s, steps, ctx, end=True)

    def _op__mythos_discard(self, s, st, c, cid, events):
        s["mythos"]["discard"].append(c["card"]["id"])
        events.append(event("mythos_discarded", card=c["card"]["id"]))

    def _op__mythos_in_play(self, s, st, c, cid, events):
        card = c["card"]["id"]
        data = self.C.mythos[card]
        entry = {"id": card, "eldritch": 0}
        if data["trait"] == "rumor":
            entry["rumor"] = True
            entry["placed"], entry["epic"] = [], []   # what it puts on the board leaves with it (L2)
            s.setdefault("entering", []).append(card)
            r = data["rumor"]
            entry["eldritch"] = r.get("eldritch_tokens") or 0
            if r.get("space"):
                space = s.get("expedition") if r["space"] == "active_expedition" else r["space"]
                if space:
                    s["rumor_tokens"][card] = space
        s["mythos"]["in_play"].append(entry)
        events.append(event("mythos_in_play", card=card, eldritch=entry["eldritch"],
                            space=s["rumor_tokens"].get(card)))

    def _op__surge(self, s, st, c, cid, events):
        """K7: monsters at every gate matching the omen; none: a gate spawns instead."""
        omen = self.omen(s)
        gates = [g for g in s["gates"]["board"] if self.gate_omen(s, g) == omen]
        if not gates:
            self._op_spawn_gates(s, {"op": "spawn_gates", "count": 1, "at": None}, c, cid, events)
            return
        for g in gates:
            for _ in range(self.ref(s)["surge"]):
                self.spawn_monster(s, events, g, c=c)

    def _op__reckoning(self, s, st, c, cid, events):
        self.together_groups(s, self.reckoning_groups(s, self.reckoning_frames(s), keep_going=True))

    def reckoning_groups(self, s, frames, **ctx):
        """K3 + C6: the reckonings in rule order, as groups of effects that happen together: the
        monsters' (ordered by the active investigator, the Lead in the Mythos phase), the AO's, the
        ongoing mythos cards' (the Lead), then each investigator's own cards (K3: «у довільному
        порядку», that investigator's player orders them), Lead first then clockwise."""
        groups = []
        for steps, extra in frames:
            card = extra.get("card") or {}
            if extra.get("monster"):
                key, chooser = "monsters", s["lead"]
                label = f"{s['monsters']['board'][extra['monster']]['kind']}:{extra['monster']}"
            elif card.get("kind") in ("ao", "mythos"):
                key, chooser, label = card["kind"], s["lead"], card["id"]
            else:
                key, chooser, label = f"inv:{extra.get('owner')}", extra.get("owner"), card.get("id")
            item = {"steps": steps, "ctx": {**extra, **ctx}, "label": label}
            if groups and groups[-1][0] == key:
                groups[-1][2].append(item)
            else:
                groups.append((key, chooser, [item]))
        return [(chooser, items) for _, chooser, items in groups]

    def reckoning_frames(self, s, only_kind=None, who=None, name=None):
        """K3: monsters, the AO sheet, ongoing mythos, then each investigator from the Lead."""
        out = []
        lead = s["lead"]
        if only_kind in (None, "monsters"):
            for uid in list(s["monsters"]["board"]):
                steps = list(self.monster_data(s, uid).get("reckoning") or [])
                steps += [st for ab in self.monster_data(s, uid).get("abilities", []) if ab["timing"] == "reckoning"
                          for st in self.ability_steps(ab)]
                if steps:
                    out.append((steps, {"self_": lead, "as_lead": True, "monster": uid, "from_monster": True,
                                        "reckoning_of": _whose({"kind": "monster",
                                                                "id": s["monsters"]["board"][uid]["kind"]})}))
        if only_kind in (None, "ancient_one"):
            for ab, card in self.ao_abilities(s, "reckoning"):
                out.append((self.ability_steps(ab), {"self_": lead, "as_lead": True, "card": card,
                                                     "reckoning_of": _whose(card)}))
        if only_kind in (None, "mythos"):
            for m in list(s["mythos"]["in_play"]):
                for ab in self.C.mythos[m["id"]]["abilities"]:
                    if ab["timing"] == "reckoning":
                        out.append((self.ability_steps(ab), {"self_": lead, "as_lead": True,
                                                             "card": {"kind": "mythos", "id": m["id"]},
                                                             "reckoning_of": {"kind": "mythos", "id": m["id"]}}))
        if only_kind in (None, "conditions", "possessions"):
            for inv in self.active_invs(s):
                if who and inv != who:
                    continue
                for ab, card in self.held_abilities(s, inv, "reckoning"):
                    if only_kind == "conditions" and card["kind"] != "condition":
                        continue
                    if only_kind == "possessions" and card["kind"] == "condition":
                        continue
                    if name and card["id"] != name:
                        continue
                    out.append((self.ability_steps(ab), {"self_": inv, "owner": inv, "card": card,
                                                         "reckoning_of": _whose(card)}))
        return out

    def _call_end_mythos(self, s, args, events):
        """K12: mysteries checked at the end of the phase, the Lead may pass, new investigators. With
        the mythos deck out (seed 002, 1402: «фаза міту закінчується. Якщо на цю мить дослідники не
        перемогли, вони програють») the mysteries are checked, then the investigators lose unless
        that won the game (R19): nobody is asked to pass the Lead or pick a sheet for a lost game."""
        if args.get("deck_out"):
            self.call(s, "mythos_deck_out")
        else:
            self.call(s, "new_investigators")
            self.call(s, "offer_lead")
        self.run_together(s, [{"steps": self.ability_steps(ab), "label": card["id"],   # C6: the Lead orders
                               "ctx": {"self_": s["lead"], "as_lead": True, "card": card, "keep_going": True}}
                              for ab, card in self.mystery_abilities(s, "end_of_mythos")
                              + self.ao_abilities(s, "end_of_mythos")], s["lead"])
        self.check_mystery(s, events, at_end=True)

    def _call_mythos_deck_out(self, s, args, events):
        s["flags"]["lose"] = "mythos_deck_empty"

    def _call_offer_lead(self, s, args, events):
        active = self.active_invs(s)
        if len(active) < 2 or s["inv"][s["lead"]]["status"] != "active":
            return
        options = [{"type": "lead", "to": s["lead"]}] + [{"type": "lead", "to": o} for o in active if o != s["lead"]]
        # the Lead's own choice, not a group decision (004 l.116: «может передать жетон ведущего сыщика
        # другому сыщику на свой выбор»; 002 l.1035 «на свій вибір»)
        self.ask(s, "pass_lead", s["lead"], "lead", options, about="lead")

    def _picked_lead(self, s, f, action, events):
        if action["to"] != s["lead"]:
            passer, s["lead"] = s["lead"], action["to"]
            events.append(event("lead_changed", lead=s["lead"], passed_by=passer))   # who chose (a field only)

    def _call_new_investigators(self, s, args, events):
        """H10-H12: each lost investigator is replaced by an unused one. One lost after the awakening
        took his player out then (``defeat``: seed 002, 1421); one lost before it is replaced even if
        the Ancient One woke since (1419: the player chooses after the Mythos phase)."""
        while s["lost"]:
            slot = s["lost"].pop(0)
            player = slot["player"]
            free = [i for i in self.C.investigator_ids if i not in s["used_investigators"]]
            if s["inv"][slot["slot"]].get("out") or player in s["eliminated"] or not free:
                # the slot is out for good (investigator_count)
                s["inv"][slot["slot"]]["out"] = True
                self._check_player_eliminated(s, player, events)
                continue
            self.ask(s, "new_investigator", player, "new_investigator",
                     [{"type": "investigator", "id": i} for i in free], slot=slot["slot"])
            return

    def _picked_new_investigator(self, s, f, action, events):
        new, old = action["id"], f["slot"]
        self._place_investigator(s, new, f["player"])
        s["used_investigators"].append(new)
        s["order"][s["order"].index(old)] = new
        events.append(event("investigator_joined", inv=new, player=f["player"], replaces=old))
        if s["inv"][s["lead"]]["status"] != "active":
            s["lead"] = new
            events.append(event("lead_changed", lead=new))
        for item in self.C.investigators[new]["starting"]:
            if item["kind"] == "improve":
                ctx = self.new_ctx(s, self_=new)
                self.run_effect(s, [{"op": "improve", "who": "self", "skill": item["skill"] or "choice", "times": 1}],
                                ctx, end=True)
        self.call(s, "new_investigators")


def _whose(card: dict) -> dict:
    """Whose Reckoning a frame is ({kind, id}): its events carry it, so the log can say why (ne20b)."""
    return {"kind": card.get("kind"), "id": card.get("id")}
