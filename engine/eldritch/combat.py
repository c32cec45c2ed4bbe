"""Combat encounters (G): Will then Strength, horror and damage, toughness, ambushes, epic monsters."""
from __future__ import annotations

from engine.core.events import event

STAGES = ("before_will", "will", "after_will", "before_strength", "strength", "after_strength", "end")


class Combat:
    def start_combat(self, s, inv, uid, events, ambush=False, parent=None):
        """G1: the monster is flipped and read; then Will, then Strength, one frame per stage."""
        base = dict(s["ctx"].get(parent, {})) if parent else {}
        for k in ("c", "self", "as_lead"):
            base.pop(k, None)
        c = self.new_ctx(s, self_=inv, **{**base, "monster": uid, "enc": "combat", "combat": True,
                                          "last": [uid], "skip_strength": False})
        self.push(s, {"k": "ctx_end", "c": c})
        self.push(s, {"k": "combat", "inv": inv, "m": uid, "stage": "before_will", "c": c, "ambush": ambush})
        events.append(event("combat", inv=inv, monster=uid, kind=s["monsters"]["board"][uid]["kind"],
                            ambush=ambush))

    def _monster_abilities(self, s, uid, timing):
        data = self.monster_data(s, uid)
        return [st for ab in data.get("abilities", []) if ab["timing"] == timing for st in self.ability_steps(ab)]

    def _run_combat(self, s, f, events):
        inv, uid, stage = f["inv"], f["m"], f["stage"]
        on_board = uid in s["monsters"]["board"]
        if stage == "end" or not on_board or s["inv"][inv]["status"] != "active":
            s.setdefault("combat_results", {})[uid] = not on_board   # read by ambush / encounter_monster
            if f["ambush"] and on_board and f.get("from_cup", True):
                self.remove_monster(s, uid, events, defeated=False)   # G8: back to the cup
            return
        nxt = STAGES[STAGES.index(stage) + 1]
        self.push(s, {**f, "stage": nxt})
        data = self.monster_data(s, uid)
        c = s["ctx"][f["c"]]
        if stage in ("before_will", "after_will", "before_strength", "after_strength"):
            timing = {"before_will": "before_will_test", "after_will": "after_will_test",
                      "before_strength": "before_strength_test", "after_strength": "after_strength_test"}[stage]
            held = self.held_abilities(s, inv, timing)
            if stage == "before_will":   # one-shot combat uses (Wither, Kerosene...): the holder may
                held += self.held_abilities(s, inv, "combat")
            for ab, card in reversed(held):
                if not self.limit_ok(s, inv, ab, card):
                    continue
                ctx = self.new_ctx(s, self_=inv, owner=inv, card=card, combat=True, enc="combat", monster=uid,
                                   bonus_to=f["c"])
                self.run_effect(s, self.optional(ab, inv, card), ctx, end=True)
            steps = self._monster_abilities(s, uid, timing)
            if steps:
                self.run_effect(s, steps, f["c"])
        elif stage == "will":
            if data.get("will") is not None:   # G6: a token without a Will test skips it
                self.start_test(s, inv, "will", data["will"], f["c"], events, purpose="combat_will",
                                data={"m": uid})
        elif stage == "strength":
            if data.get("strength") is not None and not c.get("skip_strength"):
                self.start_test(s, inv, "strength", data["strength"], f["c"], events, purpose="combat_strength",
                                data={"m": uid})

    def _tested_combat_will(self, s, f, result, events):
        """G2: horror above the successes is lost as sanity."""
        inv, uid = f["inv"], f["data"]["m"]
        if uid not in s["monsters"]["board"]:
            return
        c = s["ctx"][f["c"]]
        horror = self.amount(s, self.monster_data(s, uid).get("horror") or 0, c)
        for st, _ in self.passive_steps(s, inv, "set_horror", c):
            horror = min(horror, max(st.get("minimum", 0), self.amount(s, st["amount"], c)))
        loss = max(0, horror - result)
        if loss:
            kind = s["monsters"]["board"].get(uid, {}).get("kind")
            for ab, card in self.ao_abilities(s, "lost_sanity_to_horror"):
                ctx = self.new_ctx(s, self_=inv, card=card, triggering={"kind": "monster", "id": kind})
                self.run_effect(s, self.ability_steps(ab), ctx, end=True)
            self.run_effect(s, [{"op": "lose", "who": "self", "health": None, "sanity": loss}], f["c"])

    def _tested_combat_strength(self, s, f, result, events):
        """G3/G4: damage above the successes is lost as health; the monster loses the successes."""
        inv, uid = f["inv"], f["data"]["m"]
        if uid not in s["monsters"]["board"]:
            return
        c = s["ctx"][f["c"]]
        damage = self.amount(s, self.monster_data(s, uid).get("damage") or 0, c)
        for st, _ in self.passive_steps(s, inv, "reduce_damage", c):
            damage = max(st.get("minimum", 0), damage - self.amount(s, st["amount"], c))
        self.hurt_monster(s, uid, result, events, by=inv, combat=True)   # both losses at once (G3)
        if damage > result:
            self.run_effect(s, [{"op": "lose", "who": "self", "health": damage - result, "sanity": None}], f["c"])

    def monster_forbids_health_loss(self, s, uid):
        data = self.monster_data(s, uid)
        for ab in data.get("abilities", []):
            if ab["timing"] == "passive":
                for st in ab["effect"]:
                    if st.get("op") == "forbid" and "monster_health_loss" in st["what"]:
                        if not ab.get("requires") or self.cond(s, ab["requires"], {"self": s["lead"], "monster": uid}):
                            return True
        return False

    def hurt_monster(self, s, uid, amount, events, by=None, combat=False):
        if uid not in s["monsters"]["board"] or amount <= 0 or self.monster_forbids_health_loss(s, uid):
            return
        m = s["monsters"]["board"][uid]
        m["damage"] += amount
        events.append(event("monster_hurt", monster=uid, kind=m["kind"], damage=m["damage"],
                            toughness=self.toughness(s, uid)))
        if m["damage"] >= self.toughness(s, uid):
            self.defeat_monster(s, uid, events, by=by, combat=combat)
