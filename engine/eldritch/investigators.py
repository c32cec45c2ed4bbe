"""Investigators: health, sanity, defeat, devouring, elimination (H); improvements, tickets;
abilities held and the static modifiers they give (F1, F2, I2)."""
from __future__ import annotations

from engine.core.events import event
from engine.eldritch.common import SKILLS


class Investigators:
    # --- abilities held ---------------------------------------------------------------------
    def held_abilities(self, s, inv, timing=None):
        """(ability, card) pairs of everything ``inv`` holds: sheet, assets, artifacts, spell and
        condition fronts. ``card`` = {kind, id, holder, back?}."""
        i = s["inv"].get(inv)
        if not i or i["status"] != "active":
            return []
        out = []
        data = self.C.investigators[inv]
        for ab in (data["action"], data["passive"]):
            if timing is None or ab["timing"] == timing:
                out.append((ab, {"kind": "investigator", "id": inv, "holder": inv}))
        for kind, key in (("asset", "assets"), ("artifact", "artifacts")):
            for cid in i[key]:
                for ab in self.C.card(cid)["abilities"]:
                    if timing is None or ab["timing"] == timing:
                        out.append((ab, {"kind": kind, "id": cid, "holder": inv}))
        for kind, key in (("spell", "spells"), ("condition", "conditions")):
            for back in i[key]:
                cid = self.card_id(back)
                for ab in self.C.card(cid)["front"]:
                    if timing is None or ab["timing"] == timing:
                        out.append((ab, {"kind": kind, "id": cid, "holder": inv, "back": back}))
        return out

    def mystery_abilities(self, s, timing):
        out = []
        for slot in ("mystery", "final"):
            m = s.get(slot)
            if m:
                for ab in self.C.mysteries[m["id"]]["abilities"]:
                    if ab["timing"] == timing:
                        out.append((ab, {"kind": slot, "id": m["id"]}))
        return out

    def ao_abilities(self, s, timing):
        ao = self.C.ancient_ones[s["ao"]]
        abilities = ao["awakening"]["abilities"] if s["awakened"] else ao["abilities"]
        return [(ab, {"kind": "ao", "id": s["ao"]}) for ab in abilities if ab["timing"] == timing]

    def ao_trigger(self, s, timing, events, times=1):
        for ab, card in self.ao_abilities(s, timing):
            for _ in range(times):
                ctx = self.lead_ctx(s, card=card)
                self.run_effect(s, self.ability_steps(ab), ctx, end=True)

    def passive_steps(self, s, inv, op, ctx_extra=None):
        """The static modifier steps ``op`` that apply to ``inv`` now (passives whose requires
        hold; ``who: on_space`` modifiers of others on the same space; ongoing mythos passives)."""
        out = []
        here = s["inv"][inv]["space"]
        holders = [inv] + [o for o in self.invs_at(s, here) if o != inv]
        for holder in holders:
            for ab, card in self.held_abilities(s, holder, "passive"):
                for st in ab["effect"]:
                    if st.get("op") != op:
                        continue
                    if holder != inv and st.get("who") != "on_space":
                        continue
                    if ab.get("requires"):
                        c = {"self": holder, "owner": holder, "card": card, **(ctx_extra or {})}
                        if not self.cond(s, ab["requires"], c):
                            continue
                    out.append((st, card))
        for m in s["mythos"]["in_play"]:
            for ab in self.C.mythos[m["id"]]["abilities"]:
                if ab["timing"] == "passive":
                    out += [(st, {"kind": "mythos", "id": m["id"]}) for st in ab["effect"] if st.get("op") == op]
        return out

    def forbids(self, s, inv, what) -> bool:
        """A passive ``forbid`` of ``what`` on ``inv`` (own cards, ongoing mythos with who: everyone)."""
        return self.forbidden_by(s, inv, what) is not None

    def forbidden_by(self, s, inv, what) -> dict | None:
        """The card whose passive ``forbid`` of ``what`` holds on ``inv`` ({kind, id}), or None: a
        "prevented" event names it, so the table is told why (Mark Harrigan's own sheet)."""
        for st, card in self.passive_steps(s, inv, "forbid"):
            if what in st["what"] and st.get("who", "self") in ("self", "everyone"):
                return {"kind": card["kind"], "id": card["id"]}
        # a monster's passive forbid holds at all times while it is on the board (data README)
        for uid in s["monsters"]["board"]:
            for ab in self.monster_data(s, uid).get("abilities", []):
                if ab["timing"] != "passive":
                    continue
                for st in ab["effect"]:
                    if st.get("op") == "forbid" and what in st["what"] and st.get("who", "self") != "this_monster":
                        if not ab.get("requires") or self.cond(s, ab["requires"], {"self": inv, "monster": uid}):
                            return {"kind": "monster", "id": s["monsters"]["board"][uid]["kind"]}
        return None

    # --- health and sanity (H1-H3) ------------------------------------------------------------
    def lose(self, s, inv, events, health=0, sanity=0, c=None, source=None):
        i = s["inv"][inv]
        if i["status"] != "active":
            return
        health, sanity = max(0, health), max(0, sanity)
        if not health and not sanity:
            return
        i["health"] = max(0, i["health"] - health)
        i["sanity"] = max(0, i["sanity"] - sanity)
        events.append(event("lost", inv=inv, health=health, sanity=sanity, left_health=i["health"],
                            left_sanity=i["sanity"]))
        if c is not None:
            c.setdefault("lost", {}).setdefault(inv, {"health": 0, "sanity": 0})
            c["lost"][inv]["health"] += health
            c["lost"][inv]["sanity"] += sanity
        if i["health"] == 0 or i["sanity"] == 0:
            self.defeat(s, inv, events)

    def recover(self, s, inv, events, health=0, sanity=0):
        i = s["inv"][inv]
        if i["status"] != "active":
            return
        h = min(i["max_health"], i["health"] + health) - i["health"] if health != "all" else i["max_health"] - i["health"]
        z = min(i["max_sanity"], i["sanity"] + sanity) - i["sanity"] if sanity != "all" else i["max_sanity"] - i["sanity"]
        i["health"] += h
        i["sanity"] += z
        if h or z:
            events.append(event("recovered", inv=inv, health=h, sanity=z))

    def can_spend(self, s, inv, what, n) -> bool:
        i = s["inv"][inv]
        if what == "clues":
            return len(i["clues"]) >= n
        return i[what] > n   # H3: never the last health or sanity

    # --- defeat and devouring (H4-H14) --------------------------------------------------------
    def defeat(self, s, inv, events, devoured=False):
        i = s["inv"][inv]
        if i["status"] != "active":
            return
        token = "health" if i["health"] == 0 else "sanity"
        s["lost"].append({"player": i["player"], "slot": inv})
        everything = {"assets": list(i["assets"]), "artifacts": list(i["artifacts"]), "spells": list(i["spells"]),
                      "clues": list(i["clues"]), "tickets": dict(i["tickets"])}
        for back in list(i["conditions"]):
            self.discard_held(s, inv, back, events)
        i["improve"] = {k: 0 for k in SKILLS}
        i["delayed"] = False
        if devoured:   # H13: everything discarded, sheet and figure boxed
            for key, deck in (("assets", "assets"), ("artifacts", "artifacts"), ("spells", "spells")):
                for card in list(i[key]):
                    self.discard_held(s, inv, card, events)
            s["clues"]["discard"] += i["clues"]
            i["clues"] = []
            i["tickets"] = {"train": 0, "ship": 0}
            i["status"] = "devoured"
            i["out"] = bool(s["awakened"])   # no new investigator takes this slot (874): it no longer counts
            events.append(event("devoured", inv=inv, player=i["player"]))
        else:
            # steps 2-3 (seed 002, 1412-1413) after the awakening too: the figure and the possessions
            # on its sheet stay for the others to find; only the player is out (1421)
            i["assets"], i["artifacts"], i["spells"], i["clues"] = [], [], [], []
            i["tickets"] = {"train": 0, "ship": 0}
            cities = self.nearest(s, i["space"], lambda sp: self.C.spaces[sp]["type"] == "city")
            space = cities[0] if cities else i["space"]
            i["space"] = space
            s["figures"].append({"inv": inv, "space": space, "token": token, "possessions": everything})
            if s["awakened"]:
                i["status"], i["out"] = "eliminated", True
                events.append(event("eliminated", inv=inv, player=i["player"], space=space, token=token))
            else:
                i["status"] = "defeated"
                events.append(event("investigator_defeated", inv=inv, player=i["player"], space=space, token=token))
            if len(cities) > 1:   # H5/J16: nearest cities tied: the active investigator picks
                active = s["lead"] if s["phase"] == "mythos" else (s.get("turn") or {}).get("inv")
                self.ask(s, "choose", active if active in s["inv"] else inv, "figure_space",
                         [{"type": "choose", "value": sp} for sp in cities], about="space", figure=inv)
            if i["health"] == 0 and i["sanity"] == 0:   # H5: both lost: the player chooses the token
                self.ask(s, "defeat_token", inv, "defeat_token",
                         [{"type": "token", "token": "health"}, {"type": "token", "token": "sanity"}], about=inv)
        # step 1 (seed 002, 1411, 1172) holds after the awakening too: the AO's back says what a doom
        # advance does then (1468: «На листі Стародавнього вказано, що станеться...»)
        self.advance_doom(s, 1, events)
        if s["awakened"]:
            self._check_player_eliminated(s, i["player"], events)
        if s["lead"] == inv:
            others = self.active_invs(s)
            if others:
                s["lead"] = others[0]
                if len(others) > 1:
                    self.ask(s, "pass_lead", inv, "pass_lead", [{"type": "lead", "to": o} for o in others],
                             about=inv)
                events.append(event("lead_changed", lead=s["lead"]))

    def _picked_figure_space(self, s, f, action, events):
        fig = next((x for x in s["figures"] if x["inv"] == f["figure"]), None)
        if fig and fig["space"] != action["value"]:
            fig["space"] = s["inv"][f["figure"]]["space"] = action["value"]
            events.append(event("figure_moved", inv=f["figure"], space=action["value"]))

    def _picked_defeat_token(self, s, f, action, events):
        fig = next((x for x in s["figures"] if x["inv"] == f["inv"]), None)
        if fig and fig["token"] != action["token"]:
            fig["token"] = action["token"]
            events.append(event("defeat_token", inv=f["inv"], token=action["token"]))

    def _check_player_eliminated(self, s, player, events):
        mine = [x for x in s["inv"].values() if x["player"] == player]
        if all(x["status"] != "active" for x in mine) and player not in s["eliminated"]:
            s["eliminated"].append(player)
            events.append(event("player_eliminated", player=player))

    def _picked_pass_lead(self, s, f, action, events):
        if s["inv"][action["to"]]["status"] == "active":
            s["lead"] = action["to"]
            events.append(event("lead_changed", lead=s["lead"]))

    # --- improvements and tickets (F12, D12) -----------------------------------------------------
    def improve(self, s, inv, skill, events, times=1, source=None):
        i = s["inv"][inv]
        before = i["improve"][skill]
        i["improve"][skill] = min(self.C.limits.improvements_per_skill, before + times)
        if i["improve"][skill] != before:
            # ``source``: the sheet whose ability gave this step (ne19b: Lily Chen's +2 said no why)
            events.append(event("improved", inv=inv, skill=skill, value=i["improve"][skill],
                                **({"source": source} if source else {})))
            for ab, card in self.held_abilities(s, inv, "improve_skill"):   # O7: Lily Chen may go on
                if i["improve"][skill] >= self.C.limits.improvements_per_skill:
                    break
                ctx = self.new_ctx(s, self_=inv, owner=inv, card=card, skill=skill)
                self.run_effect(s, self.optional(ab, inv, card), ctx, end=True)
        elif times > 0:   # seed 002, 1441: no third step; the table hears the success changed nothing (ne20b)
            events.append(event("improve_capped", inv=inv, skill=skill, value=before))

    def gain_ticket(self, s, inv, kind, events, drop=None):
        t = s["inv"][inv]["tickets"]
        t[kind] += 1
        while t["train"] + t["ship"] > self.C.limits.tickets_per_investigator:
            other = drop or ("train" if kind == "ship" else "ship")
            if t[other] == 0:
                other = kind
            t[other] -= 1
        events.append(event("ticket_gained", inv=inv, kind=kind, tickets=dict(t)))

    def skill_value(self, s, inv, skill) -> int:
        i = s["inv"][inv]
        return i["skills"][skill] + i["improve"][skill]
