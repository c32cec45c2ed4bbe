"""Mysteries, rumors, the awakening, winning and losing (J12-J13, L), checked after every primitive."""
from __future__ import annotations

from engine.core.events import event


class Ending:
    # --- mysteries (L4-L8) ------------------------------------------------------------------
    def _op__draw_mystery(self, s, st, c, cid, events):
        self.draw_mystery(s, events, first=st.get("first"))

    def draw_mystery(self, s, events, first=None):
        deck = s["decks"]["mysteries"]["draw"]
        if first and first in deck:
            deck.remove(first)
            deck.insert(0, first)
        if not deck:   # L8: nothing to draw
            s["mystery"] = None
            return
        mid = deck.pop(0)
        s["mystery"] = {"id": mid, "eldritch": 0, "health": 0, "clues": [], "gates": [], "monsters": [],
                        "toughness": [], "placed": []}
        events.append(event("mystery_drawn", mystery=mid))
        steps = self.C.mysteries[mid]["enters_play"]
        if steps:   # not judged solved before it has entered play (its monster spawned...)
            s.setdefault("entering", []).append(mid)
            ctx = self.lead_ctx(s, keep_going=True, card={"kind": "mystery", "id": mid})
            self.run_effect(s, list(steps) + [{"op": "_entered"}], ctx, end=True)

    def _op__entered(self, s, st, c, cid, events):
        entering = s.get("entering") or []
        if (c.get("card") or {}).get("id") in entering:
            entering.remove(c["card"]["id"])

    def _mystery_solved_now(self, s, slot, at_end):
        m = s.get(slot)
        if not m:
            return False
        data = self.C.mysteries[m["id"]]
        if not data.get("solved_when"):
            return False
        if data["check"] == "end_of_mythos" and not at_end or m["id"] in s.get("entering", ()):
            return False
        return self.cond(s, data["solved_when"], {"self": s["lead"], "card": {"kind": slot, "id": m["id"]}})

    def check_mystery(self, s, events, at_end=False):
        for slot in ("mystery", "final"):
            if self._mystery_solved_now(s, slot, at_end):
                self.solve_mystery(s, events, slot)

    def solve_mystery(self, s, events, slot=None):
        slot = slot or ("final" if s["awakened"] and s.get("final") else "mystery")
        m = s.get(slot)
        if not m:
            return
        s[slot] = None
        s["clues"]["discard"] += m.get("clues", [])
        s.setdefault("removed_gates", []).extend(m.get("gates", []))   # gates on a card leave the game
        for kind in m.get("monsters", []):
            if self.C.monsters[kind]["epic"]:
                s.setdefault("boxed_monsters", []).append(kind)
            else:
                s["monsters"]["cup"].append(kind)
        s["monsters"]["cup"].sort()
        s["mystery_token"] = None
        for space in m.get("placed", []):   # L5: the Eldritch tokens it placed on the board
            if s["eldritch_board"].get(space):
                s["eldritch_board"][space] -= 1
                if not s["eldritch_board"][space]:
                    del s["eldritch_board"][space]
        events.append(event("mystery_solved", mystery=m["id"], final=slot == "final"))
        if slot == "final":
            s["flags"]["final_solved"] = True
            return
        s["solved"].append(m["id"])
        if len(s["solved"]) < self.C.ancient_ones[s["ao"]]["mysteries_to_win"]:   # L7: none after the winning one
            self.draw_mystery(s, events)

    # --- rumors (L1-L3) ------------------------------------------------------------------------
    def end_rumor(self, s, rid, events, solved=True):
        """L2 (seed 002, 1609): the card, its tokens, and the rumor token, epic monsters and Eldritch
        tokens it placed on the board leave; what else it placed stays (1610)."""
        entry = next((m for m in s["mythos"]["in_play"] if m["id"] == rid), None)
        if entry is None:
            return
        s["mythos"]["in_play"].remove(entry)
        s["rumor_tokens"].pop(rid, None)
        s["mythos"]["discard"].append(rid)
        events.append(event("rumor_solved" if solved else "rumor_ended", card=rid))
        for uid in entry.get("epic", []):
            if uid in s["monsters"]["board"]:
                self.remove_monster(s, uid, events, defeated=False)
        for space in entry.get("placed", []):
            if s["eldritch_board"].get(space):
                s["eldritch_board"][space] -= 1
                if not s["eldritch_board"][space]:
                    del s["eldritch_board"][space]
                events.append(event("tokens", what="eldritch", change=-1, where="place", space=space))

    def _rumor_solved_now(self, s, m):
        r = self.C.mythos[m["id"]].get("rumor")
        return bool(r and r.get("solved_when") and m["id"] not in s.get("entering", ())
                    and self.cond(s, r["solved_when"], {"self": s["lead"], "card": {"kind": "mythos", "id": m["id"]}}))

    def fail_rumor(self, s, rid, events):
        data = self.C.mythos[rid]
        events.append(event("rumor_failed", card=rid))
        fail = (data.get("rumor") or {}).get("fail") or []
        self.push(s, {"k": "call", "fn": "end_rumor", "args": {"rid": rid}})
        if fail:
            ctx = self.lead_ctx(s, keep_going=True, card={"kind": "mythos", "id": rid})
            self.run_effect(s, fail, ctx, end=True)

    def _call_end_rumor(self, s, args, events):
        self.end_rumor(s, args["rid"], events, solved=args.get("solved", False))

    def _call_solve_now(self, s, args, events):
        if self._mystery_solved_now(s, args["slot"], False):
            self.solve_mystery(s, events, args["slot"])

    def _op__starting_rumor(self, s, st, c, cid, events):
        """M5: a random boxed rumor is put in play (no clues for it)."""
        rumors = [m for m in s["mythos"]["box"] if self.C.mythos[m]["trait"] == "rumor"]
        if not rumors:
            return
        rid = rumors[self.rng(s).below(len(rumors))]
        s["mythos"]["box"].remove(rid)
        ctx = self.lead_ctx(s, keep_going=True, card={"kind": "mythos", "id": rid})
        self.run_effect(s, [{"op": "_mythos_in_play"}] + list(self.C.mythos[rid]["enters_play"]) + [{"op": "_entered"}],
                        ctx, end=True)

    # --- the awakening (L9) ------------------------------------------------------------------
    def awaken(self, s, events):
        if s["awakened"]:
            return
        s["awakened"] = True
        ao = self.C.ancient_ones[s["ao"]]
        events.append(event("awakened", ancient_one=s["ao"]))
        # the awakening effect first (the epic monster spawns), then the final mystery enters play
        ctx = self.lead_ctx(s, keep_going=True, card={"kind": "ao", "id": s["ao"]})
        self.run_effect(s, list(ao["awakening"]["effect"]) + [{"op": "_final_mystery"}], ctx, end=True)

    def _op__final_mystery(self, s, st, c, cid, events):
        final = self.C.ancient_ones[s["ao"]].get("final_mystery")
        if not final:
            return
        s["final"] = {"id": final["id"], "eldritch": 0, "health": 0, "clues": [], "gates": [], "monsters": [],
                      "toughness": []}
        events.append(event("final_mystery", mystery=final["id"]))
        if final["enters_play"]:
            ctx = self.lead_ctx(s, keep_going=True, card={"kind": "final", "id": final["id"]})
            self.run_effect(s, final["enters_play"], ctx, end=True)

    # --- the end (L10-L12, H15) -----------------------------------------------------------------
    def check_end(self, s, events=None):
        flags = s["flags"]
        ao = self.C.ancient_ones[s["ao"]]
        if flags.get("win"):   # an effect says so (L11: with a loss at once, the investigators win)
            return self._result(flags, "investigators", "effect", score=self.score(s))
        if len(s["eliminated"]) == len(s["players"]):   # seed 002, 1401: nobody is left to solve anything
            return self._result(flags, "ancient_one", flags.get("lose") or "all_eliminated")
        enough = len(s["solved"]) >= ao["mysteries_to_win"]
        if not (enough and (flags.get("final_solved") or not s["awakened"])):
            # mysteries and rumors whose condition is met now are solved at once (L7), as steps of
            # their own (announced), before anything else is judged
            due = [("solve_now", {"slot": slot}) for slot in ("mystery", "final") if self._mystery_solved_now(s, slot, False)]
            due += [("end_rumor", {"rid": m["id"], "solved": True}) for m in s["mythos"]["in_play"]
                    if self._rumor_solved_now(s, m)]
            pending = {(f["fn"], tuple(sorted(f["args"].items()))) for f in s["stack"][-len(due) - 1:]
                       if f["k"] == "call"} if due else set()
            for fn, args in due:
                if (fn, tuple(sorted(args.items()))) not in pending:
                    self.call(s, fn, **args)
            if due:
                return None
        win = None
        if flags.get("win"):
            win = "effect"
        elif enough and flags.get("final_solved"):   # seed 002, 1592: «на додачу до звичайних таємниць»
            win = "final_mystery"
        elif enough and not s["awakened"]:
            win = "mysteries"
        if win:   # L11: a win and a loss at once: the investigators win
            return self._result(flags, "investigators", win, score=self.score(s))
        lose = flags.get("lose")
        if not lose and s["awakened"]:
            for rule in ao["awakening"]["defeat"]:
                if self.cond(s, rule["when"], {"self": s["lead"], "card": {"kind": "ao", "id": s["ao"]}}):
                    lose = "awakened"
                    break
        if not lose and len(s["eliminated"]) == len(s["players"]):
            lose = "all_eliminated"
        if lose:
            return self._result(flags, "ancient_one", lose)
        return None

    @staticmethod
    def _result(flags, winner, reason, **extra):
        """The result; an end by a card's effect names the card (the table says which)."""
        result = {"winner": winner, "reason": reason, **extra}
        card = flags.get("win_card" if winner == "investigators" else "lose_card") if reason == "effect" else None
        if card:
            result["card"] = card
        return result

    def score(self, s) -> int:
        """M6: the score after a win (lower is better)."""
        held = [self.card_id(b) for i in s["inv"].values() if i["status"] == "active" for b in i["conditions"]]
        clues = sum(len(i["clues"]) for i in s["inv"].values() if i["status"] == "active")
        rumors = sum(1 for m in s["mythos"]["in_play"] if self.C.mythos[m["id"]]["trait"] == "rumor")
        return (len(s["gates"]["board"]) + (len(s["monsters"]["board"]) + 2) // 3
                + sum(1 for x in held if x in ("cursed", "dark_pact")) + 3 * rumors
                - (clues + 2) // 3 - held.count("blessed") - s["doom"])

    def game_over(self, s, events):
        for frame in s["stack"]:   # encounter cards being resolved go to their discard, as the table is told
            if frame["k"] == "call" and frame["fn"] == "encounter_done" \
                    and frame["args"]["card"] not in s.get("removed_cards", []):
                s["decks"][frame["args"]["deck"]]["discard"].append(frame["args"]["card"])
                events.append(event("encounter_discarded", deck=frame["args"]["deck"]))
        events.append(event("game_over", **s["result"], doom=s["doom"], mysteries=len(s["solved"]),
                            round=s["round"], ao=s["ao"]))   # the Ancient One: its sheet's rule is the news
        s["ctx"] = {}
