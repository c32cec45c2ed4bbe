"""Primitives of the board: doom and omen, gates, monsters (spawns, ambushes, damage, moves).

Part of the effect interpreter (:mod:`engine.eldritch.effects`): a mixin of ``EldritchRules``."""
from __future__ import annotations

from engine.core.events import event, only


class BoardEffects:
    # --- doom and omen ------------------------------------------------------------------------
    def _op_advance_doom(self, s, st, c, cid, events):
        self.advance_doom(s, self.amount(s, st.get("amount", 1), c), events)

    def _op_retreat_doom(self, s, st, c, cid, events):
        self.retreat_doom(s, self.amount(s, st.get("amount", 1), c), events)

    def _op_advance_omen(self, s, st, c, cid, events):
        self.advance_omen(s, self.amount(s, st.get("amount", 1), c), events)

    def _op_retreat_omen(self, s, st, c, cid, events):
        n = len(self.C.omen_track)
        s["omen"] = (s["omen"] - self.amount(s, st.get("amount", 1), c)) % n
        events.append(event("omen", omen=self.omen(s), index=s["omen"]))

    def _op_set_omen(self, s, st, c, cid, events):
        if not st.get("_r__index"):
            self.defer(s, cid, st, "_index", list(range(len(self.C.omen_track))),
                       self.who(s, c, st.get("chooser", "lead")), "omen")
            return
        before = s["omen"]
        s["omen"] = st["_index"]
        events.append(event("omen", omen=self.omen(s), index=s["omen"]))
        if st.get("doom") and s["omen"] != before:
            self.advance_doom(s, self.gates_matching_omen(s), events)

    # --- gates ------------------------------------------------------------------------------------
    def _op_spawn_gates(self, s, st, c, cid, events):
        at = self.resolve_place(s, st, "at", c, cid, events) if st.get("at") else None
        if st.get("at") and at is None:
            return
        at = None if at == "none" else at
        for _ in range(self.amount(s, st.get("count", 1), c)):
            space = self.spawn_gate(s, events, at)
            if space:
                self.spawn_monster(s, events, space, c=c)   # J2/A20: one monster with each gate

    def _op_close_gate(self, s, st, c, cid, events):
        if c.get("rumor_instead"):   # hook rumor_other_world_encounter: the rumor is solved instead
            self.end_rumor(s, c["rumor_instead"], events, solved=True)
            return
        inv = self.who(s, c, "self")
        by = self.forbidden_by(s, inv, "close_gates") if inv else None
        if by:
            events.append(event("prevented", inv=inv, what="close_gate", by=by))
            return
        if st.get("which", "this") == "this":
            space = c.get("gate_space") or (s["inv"][inv]["space"] if inv else None)
        else:
            if not st.get("_r__space"):
                if not s["gates"]["board"]:
                    return
                self.defer(s, cid, st, "_space", sorted(s["gates"]["board"]), self.who(s, c, st.get("chooser", "self")),
                           "gate")
                return
            space = st["_space"]
        if space and self.remove_gate(s, space, events):
            c["gate"] = s["gates"]["discard"][-1] if s["gates"]["discard"] else space
            c["last_ok"] = True
            triggers = [(ab, card, inv) for ab, card in self.held_abilities(s, inv, "after_close_gate")] if inv else []
            triggers += [(ab, card, inv) for ab, card in self.mystery_abilities(s, "after_close_gate")]
            self.run_together(s, [{"steps": self.ability_steps(ab), "label": card["id"],   # C6
                                   "ctx": {"self_": who, "owner": who, "card": card, "gate": c["gate"],
                                           "enc": c.get("enc")}} for ab, card, who in triggers], inv)

    def _op_discard_gates(self, s, st, c, cid, events):
        which = st.get("which", "chosen")
        board = s["gates"]["board"]
        if which == "all":
            spaces = list(board)
        elif which == "matching_omen":
            spaces = [g for g in board if self.gate_omen(s, g) == self.omen(s)]
        elif which == "this":
            here = c.get("gate_space") or s["inv"][c.get("self") or s["lead"]]["space"]
            spaces = [x for x in [here] if x in board]
        else:
            if not st.get("_r__space"):
                if len(board) > st.get("count", 1):
                    self.defer(s, cid, st, "_space", sorted(board), self.who(s, c, st.get("chooser", "self")), "gate")
                    return
                spaces = list(board)
            else:
                spaces = [st["_space"]]
        to = None
        if st.get("to_mystery"):
            holder = self.card_tokens(s, c, "active_mystery")
            to = holder.setdefault("gates", []) if holder is not None else None
        for sp in spaces:
            self.remove_gate(s, sp, events, closed=False, to=to)
        c["discarded"] = len(spaces)

    def _op_reorder_gate_stack(self, s, st, c, cid, events):
        g = s["gates"]
        if len(g["stack"]) < 2:
            self.reshuffle_gates(s, events)
        if not g["stack"]:
            return
        inv = self.who(s, c, "self")
        if not inv:
            return
        top = g["stack"][:2]
        if not st.get("_r__keep"):
            events.append(event("gates_seen", only(s["inv"][inv]["player"]), reveal=True, inv=inv, gates=top))
            if len(top) < 2:
                return
            self.defer(s, cid, st, "_keep", top, inv, "gate")
            return
        keep = st["_keep"]
        other = next(x for x in top if x != keep)
        g["stack"].remove(other)
        g["stack"].remove(keep)
        g["stack"].insert(0, keep)
        g["stack"].append(other)

    def _op_look_at_back(self, s, st, c, cid, events):
        inv = self.who(s, c, "owner")
        t = c.get("triggering") or {}
        chosen = c.get("chosen")
        back = self.held_back(s, chosen, t.get("id")) if chosen and t.get("id") else None
        if back and inv:
            sheet = c.get("card") or {}   # whose ability lets her look (ne19b: the panel said no why)
            events.append(event("back_seen", only(s["inv"][inv]["player"]), reveal=True, inv=inv, card=t["id"],
                                back=back, owner=chosen,
                                **({"source": sheet["id"]} if sheet.get("kind") == "investigator" else {})))

    def _op_encounter_ignoring_monsters(self, s, st, c, cid, events):
        inv = self.who(s, c, "self")
        if inv:
            s["inv"][inv]["ignore_monsters"] = True

    def _op_remote_encounter(self, s, st, c, cid, events):
        inv = self.who(s, c, "self")
        at = self.resolve_place(s, st, "at", c, cid, events)
        if at is None or at == "none" or not inv:
            return
        extra = {"extra_dice": c.pop("extra_dice")} if c.get("extra_dice") else None   # declared for it
        self.resolve_encounter(s, inv, st.get("kind", "research"), events, space=at, extra=extra)

    # --- monsters ---------------------------------------------------------------------------------
    def _op_spawn_monster(self, s, st, c, cid, events):
        at = self.resolve_place(s, st, "at", c, cid, events)
        if at is None:
            return
        if at == "none":
            at = self.origin(s, c)
        kind = st.get("kind")
        if st.get("any_of") and not st.get("_r_kind"):
            avail = [k for k in st["any_of"] if self._available_kind(s, k)]
            if len(avail) > 1:
                self.defer(s, cid, st, "kind", avail, self.who(s, c, st.get("chooser", "lead")), "monster")
                return
            kind = avail[0] if avail else None
            if kind is None:
                c["last"], c["last_ok"] = [], False
                return
        spawned = []
        for _ in range(self.amount(s, st.get("count", 1), c)):
            uid = self.spawn_monster(s, events, at, kind=kind, c=c)
            if uid:
                spawned.append(uid)
        c["last"], c["last_ok"] = spawned, bool(spawned)
        owner = self.card_tokens(s, c)   # a rumor's epic monster leaves with the rumor (seed 002, 1609)
        if owner is not None and "epic" in owner:
            owner["epic"] += [u for u in spawned if u in s["monsters"]["board"]
                              and self.C.monsters[s["monsters"]["board"][u]["kind"]]["epic"]]

    def _available_kind(self, s, kind):
        M = s["monsters"]
        return bool(M["box"].get(kind) or M["set_aside"].get(kind) or kind in M["cup"])

    def _op_ambush(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if not inv:
            return
        here = s["inv"][inv]["space"]
        name = st.get("monster", "random")
        from_cup, temporary = True, False
        if name == "random":
            kind = self.draw_from_cup(s)
        elif name == "cultist":
            kind = "cultist" if "cultist" in s["monsters"]["cup"] else None
            if kind:
                s["monsters"]["cup"].remove("cultist")
        else:
            on_board = [u for u, m in s["monsters"]["board"].items() if m["kind"] == name]
            if on_board:   # G9: the named monster leaves its space and fights here
                uid = on_board[0]
                if s["monsters"]["board"][uid]["space"] != here:
                    s["monsters"]["board"][uid]["space"] = here
                    events.append(event("monster_moved", monster=uid, kind=name, space=here))
                from_cup = False
                kind = None
            else:
                kind = self.take_named_monster(s, name)
                from_cup = not self.C.monsters[name]["epic"]
                if kind is None and from_cup and name in self.C.monsters:
                    # RULINGS R10: every token of it is held elsewhere (on a mystery card): its
                    # printed numbers fight on a token that exists for this combat only (1142)
                    kind, temporary = name, True
        if name != "random" and not from_cup and kind is None and not any(
                m["kind"] == name for m in s["monsters"]["board"].values()):
            return
        if kind is not None:
            uid = self.new_monster(s, kind, here, events, ambush=True)
            if temporary:
                s["monsters"]["board"][uid]["temporary"] = True
        elif name in ("random", "cultist"):
            events.append(event("no_monster_left"))
            return
        c["last"] = [uid]
        self.run_effect(s, [{"op": "_after_ambush", "uid": uid, "defeated": st.get("defeated", []),
                             "survived": st.get("survived", [])}], cid)
        self.start_combat(s, inv, uid, events, ambush=True, parent=cid)
        s["stack"][-1]["from_cup"] = from_cup

    def _op__after_ambush(self, s, st, c, cid, events):
        defeated = s.get("combat_results", {}).pop(st["uid"], st["uid"] not in s["monsters"]["board"])
        alive = not defeated
        c["last_toughness"] = 0
        steps = st["survived"] if alive else st["defeated"]
        if steps:
            self.run_effect(s, steps, cid)

    def _op_encounter_monster(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        targets = self.resolve_targets(s, st, c, cid, events)
        if targets is None or not inv:
            return
        if not targets:
            return
        last = targets[-1]
        self.run_effect(s, [{"op": "_after_ambush", "uid": last, "defeated": st.get("defeated", []),
                             "survived": st.get("survived", [])}], cid)
        for uid in reversed(targets):
            self.start_combat(s, inv, uid, events, parent=cid)
        c["last"] = list(targets)

    def _op_damage_monsters(self, s, st, c, cid, events):
        targets = self.resolve_targets(s, st, c, cid, events)
        if targets is None:
            return
        amount = self.amount(s, st["amount"], c)
        for uid in targets:
            self.hurt_monster(s, uid, amount, events, by=self.who(s, c, "self"))
        c["last"] = targets

    def _op_discard_monsters(self, s, st, c, cid, events):
        spawned = list(c.get("last") or [])   # a Reckoning's "X takes its place": the one just spawned
        targets = self.resolve_targets(s, st, c, cid, events)
        if targets is None:
            return
        done = []
        for uid in targets:
            if not self.C.monsters[s["monsters"]["board"][uid]["kind"]]["epic"]:   # G11
                c["last_toughness"] = self.toughness(s, uid)
                # its own Reckoning discards it (ne19b: «Культист повертається в чашу» said no why)
                why = {}
                if uid == c.get("monster") and c.get("from_monster") and not c.get("combat"):
                    why["rule"] = "reckoning"
                    new = next((u for u in spawned if u != uid and u in s["monsters"]["board"]), None)
                    if new:
                        why["replaced_by"] = s["monsters"]["board"][new]["kind"]
                self.remove_monster(s, uid, events, defeated=False, **why)
                done.append(uid)
        c["discarded"], c["last"] = len(done), done

    def _op_defeat_monsters(self, s, st, c, cid, events):
        targets = self.resolve_targets(s, st, c, cid, events)
        if targets is None:
            return
        for uid in targets:
            if uid in s["monsters"]["board"] and not self.C.monsters[s["monsters"]["board"][uid]["kind"]]["epic"]:
                c["last_toughness"] = self.toughness(s, uid)
                self.defeat_monster(s, uid, events, by=self.who(s, c, "self"), combat=bool(c.get("combat")))
        c["last"] = targets

    def _op_monsters_recover(self, s, st, c, cid, events):
        targets = self.resolve_targets(s, st, c, cid, events)
        if targets is None:
            return
        for uid in targets:
            m = s["monsters"]["board"][uid]
            before = m["damage"]
            m["damage"] = 0 if st.get("amount") is None else max(0, m["damage"] - self.amount(s, st["amount"], c))
            if m["damage"] != before:
                events.append(event("monster_recovered", monster=uid, kind=m["kind"], damage=m["damage"]))
        c["last"] = targets

    def _op_skip_strength_test(self, s, st, c, cid, events):
        c["skip_strength"] = True

    def _op_no_further_encounter(self, s, st, c, cid, events):
        inv = self.who(s, c, "self")
        if inv:
            s["inv"][inv]["no_further"] = True

    def _op_move_monsters(self, s, st, c, cid, events):
        targets = self.resolve_targets(s, st, c, cid, events)
        if targets is None:
            return
        # G11: an epic monster moves only by its own text (or the component that spawned it)
        targets = [u for u in targets if not self.C.monsters[s["monsters"]["board"][u]["kind"]]["epic"]
                   or u == c.get("monster") or (c.get("card") or {}).get("kind") in ("ao", "final")]
        c2 = {**c, "from_monster": True}
        # a monster moved by its own text says which (ne19: Gnoph-Keh went to the Himalayas with no word why)
        rule = None if not c.get("monster") or c.get("combat") else "reckoning" if c.get("from_monster") else "spawn"
        own = (lambda u: {"rule": rule} if rule and u == c["monster"] else {})
        if st.get("to") is not None:
            if isinstance(st["to"], dict) and st["to"].get("chosen") and not st.get("_r_to"):
                self.defer(s, cid, {**st, "target": {"uids": targets}}, "to",
                           self.place_choices(s, st["to"], c2) or [self.origin(s, c2)],
                           self.who(s, c, st["to"]["chosen"].get("by", "self")), "space")
                return
            if isinstance(st["to"], dict) and st["to"].get("nearest") and not st.get("_r_to") and len(targets) == 1:
                ties = self.nearest_ties(s, st["to"], {**c2, "monster": targets[0]})
                if len(ties) > 1:   # J16: the active investigator picks among the tied spaces
                    self.defer(s, cid, {**st, "target": {"uids": targets}}, "to", ties, self.active_inv(s, c), "space")
                    return
            for uid in targets:
                dest = st["to"] if st.get("_r_to") else self.place_now(s, st["to"], {**c2, "monster": uid}, events)
                if dest and uid in s["monsters"]["board"] and s["monsters"]["board"][uid]["space"] != dest:
                    s["monsters"]["board"][uid]["space"] = dest   # a monster already there does not "move" (nfe12)
                    events.append(event("monster_moved", monster=uid, kind=s["monsters"]["board"][uid]["kind"],
                                        space=dest, **own(uid)))
        elif st.get("toward") is not None:
            for uid in targets:
                m = s["monsters"]["board"][uid]
                target = self.place_now(s, st["toward"], {**c2, "monster": uid}, events)
                if not target:
                    continue
                start = m["space"]
                for _ in range(self.amount(s, st.get("spaces") or 1, c)):
                    d = self.C.dist[target]
                    nxt = min(self.C.adj[m["space"]], key=lambda x: (d.get(x, 99), x))
                    if d.get(nxt, 99) < d.get(m["space"], 99):
                        m["space"] = nxt
                if m["space"] != start:
                    events.append(event("monster_moved", monster=uid, kind=m["kind"], space=m["space"], **own(uid)))
        c["last"] = targets
