"""Primitives of an investigator's status and movement: Delayed, Lost in Time and Space, devoured,
defeated, moves and actions.

Part of the effect interpreter (:mod:`engine.eldritch.effects`): a mixin of ``EldritchRules``."""
from __future__ import annotations

from engine.core.events import event


class MovementEffects:
    # --- status and movement --------------------------------------------------------------------
    def _op_delay(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if not inv or s["inv"][inv]["status"] != "active":
            return
        by = None if c.get("choice") else (self.forbidden_by(s, inv, "forced_delay")
                                            or self.forbidden_by(s, inv, "imposed_delay_or_detained"))
        if by:
            events.append(event("prevented", inv=inv, what="delay", by=by))
            return
        turn = s["turn"]
        if s["phase"] == "action" and inv in (turn.get("inv"), turn.get("acting")):
            # D23, seed 002, 1147: the action stops at once and every further action is lost, not Delayed
            if turn.get("inv") == inv:
                turn["left"] = 0
            if s["inv"][inv].get("bonus_actions"):
                s["inv"][inv]["bonus_actions"] = 0
            turn["halted"] = inv
            events.append(event("actions_lost", inv=inv))
            return
        s["inv"][inv]["delayed"] = True
        events.append(event("delayed", inv=inv))

    def _op_lost_in_time_and_space(self, s, st, c, cid, events):
        self._op_delay(s, st, c, cid, events)

    def _op_devour(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if inv:
            self.defeat(s, inv, events, devoured=True)   # H13: doom +1 is part of defeat()

    def _op_defeat_investigator(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if inv and s["inv"][inv]["status"] == "active":
            s["inv"][inv]["health"] = 0
            self.defeat(s, inv, events)

    def move_to(self, s, inv, space, events, card=None):
        """``card``: the card that moves them, told with the move (the Mi-go Brain Case's swap)."""
        by = self.forbidden_by(s, inv, "move")
        if by:
            events.append(event("prevented", inv=inv, what="move", by=by))
            return False
        s["inv"][inv]["space"] = space
        events.append(event("moved", inv=inv, space=space, **({"card": card} if card else {})))
        for ab, card in self.ao_abilities(s, "moves_onto"):
            ctx = self.new_ctx(s, self_=inv, card=card)
            self.run_effect(s, self.ability_steps(ab), ctx, end=True)
        return True

    def _op_move(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if not inv or s["inv"][inv]["status"] != "active":
            return
        by = self.forbidden_by(s, inv, "move")
        if by:   # C7/O1: one who cannot move is not even asked where to
            events.append(event("prevented", inv=inv, what="move", by=by))
            return
        here = s["inv"][inv]["space"]
        if st.get("to") is not None:
            p = st["to"]
            if isinstance(p, dict) and p.get("chosen") and not st.get("_r_to"):
                choices = self.place_choices(s, p, c)
                if st.get("optional"):
                    choices = [None] + choices
                if not choices:
                    return
                self.defer(s, cid, st, "to", choices, self.who(s, c, p["chosen"].get("by", "self")), "space")
                return
            if isinstance(p, dict) and p.get("nearest") and not st.get("_r_to"):
                dest = self.ask_nearest(s, st, "to", c, cid)
                if dest is None:
                    return
                dest = None if dest == "none" else dest
            else:
                dest = p if st.get("_r_to") else self.place_now(s, p, c, events)
            if dest:
                self.move_to(s, inv, dest, events)
            return
        n = self.amount(s, st.get("spaces"), c)
        if st.get("toward"):
            target = self.place_now(s, st["toward"], c, events)
            if not target:
                return
            cur = here
            for _ in range(n):
                d = self.C.dist[target]
                nxt = min(self.C.adj[cur], key=lambda x: (d.get(x, 99), x))
                if d.get(nxt, 99) >= d.get(cur, 99):
                    break
                cur = nxt
            if cur != here:
                self.move_to(s, inv, cur, events)
            return
        if not st.get("_r_to"):
            kinds = None if st.get("path", "any") == "any" else {st["path"]}
            reach = self._reachable(here, n, kinds, exact=not st.get("up_to"))
            choices = ([None] if st.get("up_to") or st.get("optional") else []) + sorted(reach - {here})
            if not choices:
                return
            self.defer(s, cid, {**st, "to": None}, "to", choices, inv, "space")
            return

    def _reachable(self, start, n, kinds=None, exact=False):
        frontier, seen = {start}, {start}
        for _ in range(n):
            nxt = set()
            for sp in frontier:
                for b, kind in self.C.adj[sp].items():
                    if kinds is None or kind in kinds:
                        nxt.add(b)
            frontier = nxt
            seen |= nxt
        return seen

    def _op_extra_action(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if not inv:
            return
        if s["phase"] == "action" and s["turn"].get("inv") == inv:
            s["turn"]["left"] = s["turn"].get("left", 0) + st.get("count", 1)
        elif s["phase"] == "action":
            s["inv"][inv].setdefault("bonus_actions", 0)
            s["inv"][inv]["bonus_actions"] += st.get("count", 1)
            self.push(s, {"k": "action", "inv": inv, "extra": True})

    def _op_lose_actions(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if inv and s["turn"].get("inv") == inv:
            s["turn"]["left"] = 0
