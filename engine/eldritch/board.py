"""The board: gates, clues, monsters, doom and omen, places, quantities and conditions (J, K)."""
from __future__ import annotations

from engine.core.events import event
from engine.core.rng import Rng


class Board:
    # --- basics ------------------------------------------------------------------------------
    def ref(self, s) -> dict:
        return next(r for r in self.C.references if r["id"] == s["reference"])

    def die(self, s) -> int:
        if s["forced_dice"]:
            return s["forced_dice"].pop(0)
        return Rng(s["rng"]).roll(6)

    def rng(self, s) -> Rng:
        return Rng(s["rng"])

    def active_invs(self, s, start=None) -> list[str]:
        """Investigators in play (not defeated or devoured), clockwise from ``start`` (the Lead)."""
        order = s["order"]
        start = start if start in order else s["lead"]
        k = order.index(start) if start in order else 0
        ring = order[k:] + order[:k]
        return [i for i in ring if s["inv"][i]["status"] == "active"]

    def investigator_count(self, s) -> int:
        """The «number of investigators» of cards (seed 002, 308: the symbol of the number of players;
        41 and 1785: each investigator counts as a player). A defeated investigator's player stays in
        the game and gets a new one (983), so the slot counts until its player is out: after the
        awakening (874) or with no investigator left to take (983). RULINGS.md, R1."""
        return sum(1 for i in s["order"] if s["inv"][i]["status"] == "active"
                   or (not s["inv"][i].get("out") and s["inv"][i]["player"] not in s["eliminated"]))

    def invs_at(self, s, space) -> list[str]:
        return [i for i in self.active_invs(s) if s["inv"][i]["space"] == space]

    def monsters_at(self, s, space) -> list[str]:
        return [u for u, m in s["monsters"]["board"].items() if m["space"] == space]

    def clues_at(self, s, space) -> int:
        return len(s["clues"]["board"].get(space, []))

    def features(self, s, space) -> set:
        out = set()
        if space in s["gates"]["board"]:
            out.add("gate")
            if self.gate_omen(s, space) == self.omen(s):
                out.add("gate_matching_omen")
        if self.clues_at(s, space):
            out.add("clue")
        ms = self.monsters_at(s, space)
        if ms:
            out.add("monster")
            if not all(self.C.monsters[s["monsters"]["board"][u]["kind"]]["epic"] for u in ms):
                out.add("non_epic_monster")
            if any(self.C.monsters[s["monsters"]["board"][u]["kind"]]["cultist"] for u in ms):
                out.add("cultist")
        if self.invs_at(s, space):
            out.add("investigator")
        if s["eldritch_board"].get(space):
            out.add("eldritch")
        if space in s["rumor_tokens"].values():
            out.add("rumor")
        if s.get("expedition") == space:
            out.add("expedition")
        return out

    def omen(self, s) -> str:
        return self.C.omen_track[s["omen"]]

    def nearest(self, s, start, pred, not_here=False) -> list[str]:
        """The matching spaces with the fewest paths from ``start`` (J16)."""
        dist = self.C.dist[start]
        found = [sp for sp in self.C.space_ids if pred(sp) and not (not_here and sp == start)]
        if not found:
            return []
        best = min(dist[sp] for sp in found)
        return [sp for sp in found if dist[sp] == best]

    # --- doom and omen (J11-J14) ------------------------------------------------------------
    def advance_doom(self, s, amount, events, c=None, by_gates: bool = False):
        """``by_gates``: the doom the omen's matching gates cost (its event says how many: the
        table tells the omen's move and this doom as one line)."""
        if amount <= 0:
            return
        if s["awakened"]:
            self.ao_trigger(s, "doom_advances_awakened", events, times=amount)
            return
        before = s["doom"]
        s["doom"] = max(0, s["doom"] - amount)
        events.append(event("doom", value=s["doom"], change=s["doom"] - before, **({"gates": amount} if by_gates else {})))
        rest = amount - (before - s["doom"])
        if s["doom"] == 0:
            if rest > 0:   # seed 002, 1468: the overflow follows the awakening's effects (pushed first, runs last)
                self.call(s, "doom_overflow", times=rest)
            self.awaken(s, events)

    def _call_doom_overflow(self, s, args, events):
        self.ao_trigger(s, "doom_advances_awakened", events, times=args["times"])

    def retreat_doom(self, s, amount, events):
        if s["awakened"] or amount <= 0:
            return
        before = s["doom"]
        s["doom"] = min(self.C.doom_top, s["doom"] + amount)
        events.append(event("doom", value=s["doom"], change=s["doom"] - before))

    def gate_omen(self, s, space) -> str | None:
        """The symbol of the gate on ``space``: its token's (seed 002, 600: «ворота на ігровому полі,
        символ яких збігається»), also for a gate an effect placed away from its token's city."""
        return self.C.spaces[s.get("gate_tokens", {}).get(space, space)]["gate"]

    def gates_matching_omen(self, s) -> int:
        omen = self.omen(s)
        return sum(1 for g in s["gates"]["board"] if self.gate_omen(s, g) == omen)

    def advance_omen(self, s, amount, events):
        for _ in range(amount):
            s["omen"] = (s["omen"] + 1) % len(self.C.omen_track)
            events.append(event("omen", omen=self.omen(s), index=s["omen"]))
            if s["omen"] == self.C.omen_start:
                self.ao_trigger(s, "omen_enters_green", events)
            self.advance_doom(s, self.gates_matching_omen(s), events, by_gates=True)

    # --- gates (J2-J4) -----------------------------------------------------------------------
    def reshuffle_gates(self, s, events):
        """The discarded gates are shuffled under the stack (J2)."""
        g = s["gates"]
        if g["discard"]:
            self.rng(s).shuffle(g["discard"])
            g["stack"] += g["discard"]
            g["discard"] = []
            events.append(event("gates_reshuffled", stack=len(g["stack"])))

    def spawn_gate(self, s, events, at=None):
        g = s["gates"]
        if not g["stack"]:
            self.reshuffle_gates(s, events)
        if not g["stack"]:
            events.append(event("no_gate_left"))
            self.advance_doom(s, 1, events)
            return None
        token = g["stack"].pop(0)
        space = at or token
        g["board"].append(space)
        s.setdefault("gate_tokens", {})[space] = token
        events.append(event("gate_spawned", space=space, omen=self.C.spaces[token]["gate"]))
        return space

    def remove_gate(self, s, space, events, closed=True, to=None):
        g = s["gates"]
        if space not in g["board"]:
            return False
        g["board"].remove(space)
        token = s.get("gate_tokens", {}).pop(space, space)
        if to is None:
            g["discard"].append(token)
        else:
            to.append(token)
        events.append(event("gate_closed" if closed else "gate_discarded", space=space))
        return True

    # --- clues (J5, J6, J15) ----------------------------------------------------------------
    def draw_clue(self, s):
        cl = s["clues"]
        if not cl["pool"]:
            cl["pool"], cl["discard"] = cl["discard"], []
            self.rng(s).shuffle(cl["pool"])
        return cl["pool"].pop(0) if cl["pool"] else None

    def spawn_clue(self, s, events, at=None):
        token = self.draw_clue(s)
        if token is None:
            events.append(event("no_clue_left"))
            return None
        space = at or token
        s["clues"]["board"].setdefault(space, []).append(token)
        events.append(event("clue_spawned", space=space))
        return space

    def take_board_clue(self, s, space):
        tokens = s["clues"]["board"].get(space) or []
        if not tokens:
            return None
        token = tokens.pop()
        if not tokens:
            del s["clues"]["board"][space]
        return token

    def gain_clues(self, s, inv, n, events, source=None):
        got = 0
        for _ in range(n):
            token = self.draw_clue(s)
            if token is None:
                break
            s["inv"][inv]["clues"].append(token)
            got += 1
        if got:
            events.append(event("clues_gained", inv=inv, count=got, **({"source": source} if source else {})))
        return got

    def discard_held_clues(self, s, inv, n, events):
        held = s["inv"][inv]["clues"]
        n = min(n, len(held))
        for _ in range(n):
            s["clues"]["discard"].append(held.pop())
        if n:
            events.append(event("clues_discarded", inv=inv, count=n))
        return n

    def random_location(self, s, events):
        token = self.draw_clue(s)
        if token is None:
            return s["inv"][s["lead"]]["space"]
        s["clues"]["discard"].append(token)
        events.append(event("random_location", space=token))
        return token

    # --- monsters (G4, G11, J7-J9) ---------------------------------------------------------
    def new_monster(self, s, kind, space, events, ambush=False):
        """A monster token on the board; an ambush (seed 002, 1138: «Напад із засідки не вважають
        появою монстра») is announced as such, not as a spawn."""
        uid = f"m{s['monsters']['next']}"
        s["monsters"]["next"] += 1
        s["monsters"]["board"][uid] = {"kind": kind, "space": space, "damage": 0}
        events.append(event("monster_ambush" if ambush else "monster_spawned", monster=uid, kind=kind, space=space))
        return uid

    def draw_from_cup(self, s):
        cup = s["monsters"]["cup"]
        if not cup:
            return None
        top = s["monsters"]["cup_top"]
        while top:
            kind = top.pop(0)
            if kind in cup:
                cup.remove(kind)
                return kind
        return cup.pop(self.rng(s).below(len(cup)))

    def take_named_monster(self, s, kind):
        M = s["monsters"]
        if self.C.monsters[kind]["epic"]:
            if M["box"].get(kind):
                M["box"][kind] -= 1
                if not M["box"][kind]:
                    del M["box"][kind]
                return kind
            return None
        if M["set_aside"].get(kind):
            M["set_aside"][kind] -= 1
            if not M["set_aside"][kind]:
                del M["set_aside"][kind]
            return kind
        if kind in M["cup"]:
            M["cup"].remove(kind)
            return kind
        return None

    def spawn_monster(self, s, events, at, kind=None, c=None, run_spawn=True):
        """J7/J8: a random monster from the cup (or the named one); its spawn text runs."""
        kind = self.take_named_monster(s, kind) if kind else self.draw_from_cup(s)
        if kind is None:
            events.append(event("no_monster_left"))
            return None
        uid = self.new_monster(s, kind, at, events)
        if run_spawn:
            spawn = self.monster_effect(s, uid, "spawn")
            if spawn:
                ctx = self.new_ctx(s, self_=(c or {}).get("self") or s["lead"], monster=uid, last=[uid])
                self.run_effect(s, spawn, ctx, end=True)
        return uid

    def monster_data(self, s, uid) -> dict:
        """The numbers and effects of a monster on the board (cultists: the AO sheet, G10)."""
        kind = s["monsters"]["board"][uid]["kind"]
        m = self.C.monsters[kind]
        if m["cultist"]:
            cult = self.C.ancient_ones[s["ao"]]["cultist"]["awakened" if s["awakened"] else "front"]
            return {**m, **{k: cult[k] for k in ("will", "horror", "strength", "damage", "toughness", "abilities",
                                                 "spawn", "reckoning")}}
        return m

    def toughness(self, s, uid) -> int:
        t = self.monster_data(s, uid)["toughness"]
        if isinstance(t, dict):
            return t["base"] + t["per_investigator"] * max(1, self.investigator_count(s))
        return t

    def monster_effect(self, s, uid, what):
        data = self.monster_data(s, uid)
        steps = list(data.get(what) or [])
        if what == "spawn":
            for ab in data.get("abilities", []):
                if ab["timing"] == "on_spawn":
                    steps += ab["effect"]
        return steps

    def remove_monster(self, s, uid, events, defeated=True, **why):
        """G4/J9: back to the cup; set-aside kinds set aside again; epic monsters boxed."""
        M = s["monsters"]
        m = M["board"].pop(uid, None)
        if m is None:
            return
        kind = m["kind"]
        data = self.C.monsters[kind]
        ao = self.C.ancient_ones[s["ao"]]
        if m.get("temporary"):   # RULINGS R10: a named ambusher's stand-in goes nowhere
            pass
        elif data["epic"]:
            s.setdefault("boxed_monsters", []).append(kind)
        elif kind in ao["set_aside"]["monsters"]:
            M["set_aside"][kind] = M["set_aside"].get(kind, 0) + 1
        else:
            M["cup"].append(kind)
            M["cup"].sort()
        events.append(event("monster_defeated" if defeated else "monster_discarded", monster=uid, kind=kind, **why))

    def defeat_monster(self, s, uid, events, by=None, combat=False):
        if uid not in s["monsters"]["board"]:
            return
        data = self.monster_data(s, uid)
        steps = [st for ab in data.get("abilities", []) if ab["timing"] == "on_defeat"
                 for st in self.ability_steps(ab)]
        fallen = {"kind": s["monsters"]["board"][uid]["kind"], "toughness": self.toughness(s, uid)}
        stand_in = s["monsters"]["board"][uid].get("temporary")   # R10: no token to lay on a card
        # its own "when defeated" text about to apply is named (ne19: Yog-Sothoth's Cultist's −1 sanity, no why)
        own = any(not ab.get("requires") or self.cond(s, ab["requires"], {"self": by or s["lead"],
                                                                          "enc": "combat" if combat else None})
                  for ab in data.get("abilities", []) if ab["timing"] == "on_defeat")
        self.remove_monster(s, uid, events)
        if own and events and events[-1]["type"] == "monster_defeated":
            events[-1]["rule"] = "defeat"
        frames = []
        if steps:
            frames.append((steps, {"self": by or s["lead"], "monster": None, "enc": "combat" if combat else None}))
        for ab, card in [] if stand_in else self.mystery_abilities(s, "monster_defeated"):   # the fallen token may go on it
            frames.append((self.ability_steps(ab), {"self": by or s["lead"], "card": card, "fallen": fallen}))
        if by:
            for ab, card in self.held_abilities(s, by, "after_defeating_monster"):
                frames.append((self.ability_steps(ab), {"self": by, "card": card}))
        for steps, extra in reversed(frames):
            self.run_effect(s, steps, self.new_ctx(s, self_=extra.pop("self"), **extra), end=True)

    def limit_ok(self, s, holder, ab, card) -> bool:
        """I2: an ability's limit (once per round / game) is not used up yet."""
        limit = ab.get("limit", "none")
        key = f"limit:{card.get('kind')}:{card.get('id')}"
        if limit == "once_per_round":
            return key not in s["inv"][holder]["used"]
        if limit == "once_per_game":
            return key not in s.get("used_once", [])
        return True

    def _op__mark_limit(self, s, st, c, cid, events):
        if st["limit"] == "once_per_round" and st["holder"] in s["inv"]:
            s["inv"][st["holder"]]["used"].append(st["key"])
        elif st["limit"] == "once_per_game":
            s.setdefault("used_once", []).append(st["key"])

    def optional(self, ab, holder=None, card=None):
        """An ability the holder may use or not (asked; the default declines). An ability with a
        cost is already a ``may`` (pay it or not). Using it spends its limit."""
        if holder and card and ab.get("limit", "none") in ("once_per_round", "once_per_game"):
            mark = {"op": "_mark_limit", "limit": ab["limit"], "holder": holder,
                    "key": f"limit:{card.get('kind')}:{card.get('id')}"}
            ab = {**ab, "effect": [mark] + list(ab["effect"])}
        if ab.get("cost"):
            return self.ability_steps(ab)
        return [{"op": "may", "chooser": "self", "cost": [], "then": self.ability_steps(ab), "otherwise": []}]

    def ability_steps(self, ab):
        """An ability as steps: its requires as a guard, then its cost (a may), then its effect."""
        steps = list(ab["effect"])
        if ab.get("cost"):
            steps = [{"op": "may", "chooser": "self", "cost": list(ab["cost"]), "then": steps, "otherwise": []}]
        if ab.get("requires"):
            steps = [{"op": "if", "condition": ab["requires"], "then": steps, "otherwise": []}]
        return steps
