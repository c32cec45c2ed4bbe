"""Primitives of tokens, mysteries, rumors and mythos cards, and of the owning component (flip,
discard).

Part of the effect interpreter (:mod:`engine.eldritch.effects`): a mixin of ``EldritchRules``."""
from __future__ import annotations

from engine.core.events import event


class StoryEffects:
    # --- tokens, mysteries, rumors, mythos -------------------------------------------------------
    def _token_target(self, s, st, c, events, cid=None):
        where = st.get("where", "this_card")
        if where == "omen_green":
            return "omen", None
        if where == "place":
            if cid is None:
                return "space", self.place_now(s, st.get("at"), c, events)
            sp = self.resolve_place(s, st, "at", c, cid, events)
            return "space", (False if sp is None else None if sp == "none" else sp)
        return "card", self.card_tokens(s, c, where)

    def _op_place_eldritch(self, s, st, c, cid, events, sign=1, key="eldritch"):
        n = self.amount(s, st.get("count", 1), c)
        kind, holder = self._token_target(s, st, c, events, cid)
        if holder is False:   # a place is being chosen: the step runs again with it
            return
        if kind == "omen":
            if key == "eldritch":
                s["omen_eldritch"] = max(0, s["omen_eldritch"] + sign * n)
        elif kind == "space" and holder:
            b = s["eldritch_board"]
            b[holder] = max(0, b.get(holder, 0) + sign * n)
            if not b[holder]:
                del b[holder]
            owner = self.card_tokens(s, c)
            if sign > 0 and owner is not None and "placed" in owner:   # L5: removed with its card
                owner["placed"] += [holder] * n
        elif kind == "card" and holder is not None:
            before = holder.get(key, 0)
            holder[key] = max(0, before + sign * n)
            # the table reads which card and how many are left, before the rumor it empties fails
            # none taken off (Dimensions Collide with no gate) is still a removal: "0 removed", not "0 placed"
            events.append(event("tokens", what=key, change=sign * n, where=st.get("where"),
                                **({"card": holder["id"], "left": holder[key]} if holder.get("id") else {}),
                                **({"removing": True} if sign < 0 and not n else {})))
            if sign < 0 and before > 0 and holder[key] == 0 and key == "eldritch" and "rumor" in holder:
                self.fail_rumor(s, holder["id"], events)
            return
        events.append(event("tokens", what=key, change=sign * n, where=st.get("where"),
                            **({"space": holder} if kind == "space" and holder else {}),
                            **({"removing": True} if sign < 0 and not n else {})))

    def _op_remove_eldritch(self, s, st, c, cid, events):
        self._op_place_eldritch(s, st, c, cid, events, sign=-1)

    def _op_place_health_token(self, s, st, c, cid, events):
        self._op_place_eldritch(s, st, c, cid, events, key="health")

    def _op_place_mystery_token(self, s, st, c, cid, events):
        sp = self.resolve_place(s, st, "at", c, cid, events)
        if sp is None:
            return
        s["mystery_token"] = None if sp == "none" else sp
        events.append(event("mystery_token", space=s["mystery_token"]))

    def _op_special_encounter(self, s, st, c, cid, events):
        inv = self.who(s, c, "self")
        if inv and st["deck"] in s["decks"]:
            self.encounter_card(s, inv, st["deck"], None, "special", events, parent=cid)

    def _op_move_eldritch(self, s, st, c, cid, events):
        space = self.place_now(s, st.get("source", "here"), c, events)
        if space and s["eldritch_board"].get(space):
            s["eldritch_board"][space] -= 1
            if not s["eldritch_board"][space]:
                del s["eldritch_board"][space]
            holder = self.card_tokens(s, c, st.get("card", "active_mystery"))
            if holder is not None:
                holder["eldritch"] = holder.get("eldritch", 0) + 1
            events.append(event("put_on_card", what="eldritch", space=space))

    def _op_put_on_card(self, s, st, c, cid, events):
        card = {"active_mystery": "active_mystery", "this_card": "this_card",
                "final_mystery": "final_mystery"}[st.get("card", "active_mystery")]
        holder = self.card_tokens(s, c, card)
        if holder is None:
            return
        what = st["what"]
        inv = self.who(s, c, "self")
        laid = []
        if what == "clue":
            if inv and s["inv"][inv]["clues"]:
                holder.setdefault("clues", []).append(s["inv"][inv]["clues"].pop())
                c["last_ok"] = True
        elif what == "eldritch":
            holder["eldritch"] = holder.get("eldritch", 0) + 1
        elif what == "gate":
            space = c.get("gate_space") or (s["inv"][inv]["space"] if inv else None)
            if space in s["gates"]["board"]:
                self.remove_gate(s, space, events, closed=False, to=holder.setdefault("gates", []))
            elif c.get("gate") and c["gate"] in s["gates"]["discard"]:
                s["gates"]["discard"].remove(c["gate"])
                holder.setdefault("gates", []).append(c["gate"])
        elif what == "monster":
            targets = self.resolve_targets(s, st, c, cid, events)
            if targets is None:
                return
            for uid in targets:
                toughness = self.toughness(s, uid)
                m = s["monsters"]["board"].pop(uid)
                holder.setdefault("monsters", []).append(m["kind"])
                holder.setdefault("toughness", []).append(toughness)
                laid.append(m["kind"])
            fallen = c.pop("fallen", None)   # Hunting the Thousand: the token just defeated (in the cup now)
            if not targets and fallen and not self.C.monsters[fallen["kind"]]["epic"]:
                M = s["monsters"]
                if fallen["kind"] in M["cup"]:
                    M["cup"].remove(fallen["kind"])
                elif M["set_aside"].get(fallen["kind"]):
                    M["set_aside"][fallen["kind"]] -= 1
                else:
                    fallen = None
                if fallen:
                    holder.setdefault("monsters", []).append(fallen["kind"])
                    holder.setdefault("toughness", []).append(fallen["toughness"])
                    laid.append(fallen["kind"])
            c["last"] = []
        # the card it goes onto and the monsters laid: the log names them (ne20b: a monster laid on
        # Return of the Ancient Ones was said to go «на карту таємниці»)
        events.append(event("put_on_card", what=what, inv=inv, **({"onto": holder["id"]} if holder.get("id") else {}),
                            **({"kinds": laid} if laid else {})))

    def _op_solve_rumor(self, s, st, c, cid, events):
        rid = (c.get("card") or {}).get("id") if st.get("which", "this") == "this" else None
        if rid is None:
            rumors = [m["id"] for m in s["mythos"]["in_play"] if self.C.mythos[m["id"]]["trait"] == "rumor"]
            if not rumors:
                return
            if not st.get("_r__rumor") and len(rumors) > 1:
                self.defer(s, cid, st, "_rumor", rumors, self.who(s, c, st.get("chooser", "lead")), "rumor")
                return
            rid = st.get("_rumor") or rumors[0]
        self.end_rumor(s, rid, events, solved=True)

    def _op_fail_rumor(self, s, st, c, cid, events):
        rid = (c.get("card") or {}).get("id")
        if rid:
            self.fail_rumor(s, rid, events)

    def _op_solve_mystery(self, s, st, c, cid, events):
        self.solve_mystery(s, events)

    def _op_unsolve_mystery(self, s, st, c, cid, events):
        if s["solved"]:
            m = s["solved"].pop()
            s["decks"]["mysteries"]["draw"].append(m)
            self.rng(s).shuffle(s["decks"]["mysteries"]["draw"])
            events.append(event("mystery_unsolved", mystery=m))

    def _op_resolve_reckonings(self, s, st, c, cid, events):
        frames = self.reckoning_frames(s, only_kind=st["of"], who=self.who(s, c, st["who"]) if st.get("who") else None,
                                       name=st.get("name"))
        groups = self.reckoning_groups(s, frames, keep_going=True, dice_as=st.get("dice_as"))
        self.together_groups(s, groups * st.get("times", 1))

    def _op_draw_mythos(self, s, st, c, cid, events):
        pool = [m for m in s["mythos"]["box"] if not st.get("trait") or self.C.mythos[m]["trait"] == st["trait"]]
        if not pool:
            return
        card = pool[self.rng(s).below(len(pool))]
        s["mythos"]["box"].remove(card)
        self.resolve_mythos_card(s, card, events)

    def _op_remove_expedition_cards(self, s, st, c, cid, events):
        at = self.place_now(s, st.get("at", "active_expedition"), c, events)
        deck = s["decks"]["expedition"]
        removed = [x for x in deck["draw"] + deck["discard"]
                   if self.C.decks["expedition"]["cards"][x]["location"] == at]
        deck["draw"] = [x for x in deck["draw"] if x not in removed]
        deck["discard"] = [x for x in deck["discard"] if x not in removed]
        s.setdefault("removed_cards", []).extend(removed)
        self.rng(s).shuffle(deck["draw"])
        self.update_expedition(s, events)

    # --- the owning component -----------------------------------------------------------------
    def _op_flip_this(self, s, st, c, cid, events):
        card = c.get("card") or {}
        holder = card.get("holder")
        back = card.get("back") or (self.held_back(s, holder, card.get("id")) if holder else None)
        if back:   # a back's one-shot bonus (Clairvoyance's research die) goes to the front's encounter
            self.flip(s, holder, back, events, {**c, "bonus_to": c.get("bonus_to") or cid})

    def _op_flip_face_up(self, s, st, c, cid, events):
        card = c.get("card") or {}
        if card.get("holder"):
            events.append(event("card_face_up", inv=card["holder"], card=card.get("id")))

    def _op_discard_this(self, s, st, c, cid, events):
        card = c.get("card") or {}
        kind = card.get("kind")
        if kind in ("spell", "condition", "asset", "artifact") and card.get("holder"):
            held = card.get("back") or card["id"]
            if held not in s["inv"][card["holder"]][kind + "s"]:
                held = self.held_back(s, card["holder"], card["id"]) or card["id"]
            # a Service is spent once resolved (ne19b: «отримує «Чартерний рейс»», then «скидає» with no why)
            spent = kind == "asset" and "service" in (self.C.card(card["id"]).get("traits") or ())
            self.discard_held(s, card["holder"], held, events, **({"service": True} if spent else {}))
        elif kind == "mythos":
            self.end_rumor(s, card["id"], events, solved=False)   # a card leaving play is announced
