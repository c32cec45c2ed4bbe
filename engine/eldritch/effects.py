"""The effect interpreter: one ``_op_<primitive>`` per vocabulary entry (data/eldritch/README.md).

An effect runs as ``fx`` frames ``{"k": "fx", "steps", "i", "c"}``: each run pops the frame,
pushes the rest back and runs ONE primitive, so the core's end check follows every primitive and
a nested test or choice simply pushes its own frames on top. Contexts (``self``, ``chosen``,
``chosen_space``, ``last`` monsters, ``test_result``, the owning ``card``...) live in
``state["ctx"][id]`` so branches share them; a ``ctx_end`` frame under the root drops them.
A choice inside a step (a place, a monster, an option) is a ``choose``/``group`` prompt whose
answer re-runs the step with the choice filled in (``resolved``).
"""
from __future__ import annotations

from engine.core.events import event, only
from engine.eldritch.common import SKILLS


class Effects:
    # --- frames and contexts ----------------------------------------------------------------
    def new_ctx(self, s, self_=None, **kw) -> str:
        s["ctx_seq"] += 1
        cid = f"c{s['ctx_seq']}"
        s["ctx"][cid] = {"self": self_, **kw}
        return cid

    def run_effect(self, s, steps, cid, end=False):
        if end:
            self.push(s, {"k": "ctx_end", "c": cid})
        if steps:
            self.push(s, {"k": "fx", "steps": list(steps), "i": 0, "c": cid})

    def _run_ctx_end(self, s, f, events):
        s["ctx"].pop(f["c"], None)

    def _run_fx(self, s, f, events):
        steps, i = f["steps"], f["i"]
        c = s["ctx"].get(f["c"])
        if c is None or i >= len(steps):
            return
        cont = None
        if i + 1 < len(steps):
            cont = {**f, "i": i + 1}
            s["stack"].append(cont)
        me = c.get("self")
        if me and not c.get("keep_going") and s["inv"].get(me, {}).get("status", "active") != "active":
            if cont is not None:
                s["stack"].remove(cont)
            return   # E16/H8: a defeated investigator stops resolving the effect
        if c.get("action") and s["turn"].get("halted") == c["action"]:
            if cont is not None:
                s["stack"].remove(cont)
            return   # seed 002, 1147: an action whose investigator was Delayed stops at once
        step = steps[i]
        self._cont = cont
        getattr(self, "_op_" + step["op"], self._op_unsupported)(s, step, c, f["c"], events)

    def _skip_rest(self, s):
        cont = getattr(self, "_cont", None)
        if cont is not None and s["stack"] and s["stack"][-1] is cont:
            s["stack"].pop()

    def _op_unsupported(self, s, st, c, cid, events):
        events.append(event("effect_skipped", op=st["op"]))

    # --- choices inside steps ---------------------------------------------------------------
    def chooser_kind(self, s, inv):
        return "group" if s["phase"] == "mythos" and inv == s["lead"] else "choose"

    def defer(self, s, cid, st, field, values, chooser, label=None):
        """Ask ``chooser`` to pick one of ``values`` for ``st[field]``; the step then re-runs."""
        options = [{"type": "choose", "value": v} for v in values]
        self.ask(s, self.chooser_kind(s, chooser), chooser, "resolve", options, step=st, field=field, c=cid,
                 about=label or st["op"])

    def _picked_resolve(self, s, f, action, events):
        if f["c"] not in s["ctx"]:
            return
        st = {**f["step"], f["field"]: action["value"], "_r_" + f["field"]: True}
        self.push(s, {"k": "fx", "steps": [st], "i": 0, "c": f["c"]})

    # --- C6: effects that happen at the same time ------------------------------------------
    def run_together(self, s, items, chooser):
        """C6 (seed 002, 1572: «Якщо треба застосувати кілька ефектів одночасно, порядок означає
        активний гравець.»): ``items`` (``{"steps", "ctx": new_ctx kwargs, "label"}``, printed order)
        happen at once. With more than one, ``chooser``'s player picks the next one (a ``choose``
        prompt, ``about: order``; the default, first option, keeps the printed order), one at a time
        until one is left. An item whose card left its holder (or whose monster left the board) by
        then is skipped."""
        items = [it for it in items if it["steps"]]
        active = chooser in s["inv"] and s["inv"][chooser]["status"] == "active"
        if len(items) <= 1 or not active:
            for it in reversed(items):
                self._run_item(s, it)
            return
        labels, seen = [], {}
        for it in items:
            base = it.get("label") or "effect"
            seen[base] = seen.get(base, 0) + 1
            labels.append(base if seen[base] == 1 else f"{base}#{seen[base]}")
        self.ask(s, "choose", chooser, "order", [{"type": "choose", "value": lb} for lb in labels],
                 items=items, labels=labels, about="order")

    def _picked_order(self, s, f, action, events):
        k = f["labels"].index(action["value"])
        rest = [it for j, it in enumerate(f["items"]) if j != k]
        self.run_together(s, rest, f["inv"])    # asked again (or run) once the picked one is over
        self._run_item(s, f["items"][k])

    def _run_item(self, s, it):
        kw = dict(it["ctx"])
        card = kw.get("card") or {}
        if card.get("holder") and card.get("kind") in ("asset", "artifact", "spell", "condition") and \
                not self.holds(s, card["holder"], card["id"]):
            return
        if kw.get("monster") and kw["monster"] not in s["monsters"]["board"]:
            return
        ctx = self.new_ctx(s, **kw)
        self.run_effect(s, it["steps"], ctx, end=True)

    def _call_together(self, s, args, events):
        self.run_together(s, args["items"], args["chooser"])

    def together_groups(self, s, groups):
        """Push ``[(chooser, items)]`` so the groups resolve one after the other, in list order."""
        for chooser, items in reversed(groups):
            if items:
                self.call(s, "together", items=items, chooser=chooser)

    # --- selectors, amounts, conditions -----------------------------------------------------
    def who(self, s, c, w):
        """The investigator a selector names, or None when they are no longer in play (H8: a
        defeated investigator is unaffected by effects on investigators)."""
        if w in (None, "self"):
            inv = c.get("self") or s["lead"]
        elif w == "lead":
            inv = s["lead"]
        elif w == "chosen":
            inv = c.get("chosen")
        elif w == "owner":
            inv = c.get("owner") or c.get("self") or s["lead"]
        else:
            inv = w
        i = s["inv"].get(inv) if inv else None
        return inv if i is not None and i["status"] == "active" else None

    def card_tokens(self, s, c, where="this_card", at=None):
        """The token dict of a card (mystery, mythos in play, AO sheet) or a space."""
        card = c.get("card") or {}
        if where == "this_card":
            kind = card.get("kind")
            if kind == "mystery" and s["mystery"] and s["mystery"]["id"] == card["id"]:
                return s["mystery"]
            if kind == "final" and s["final"]:
                return s["final"]
            if kind == "mythos":
                return next((m for m in s["mythos"]["in_play"] if m["id"] == card["id"]), None)
            if kind == "ao":
                return s["ao_tokens"]
            return None
        if where == "active_mystery":
            return s["final"] if s["awakened"] and s["final"] else s["mystery"]
        if where in ("ancient_one", "final_mystery"):
            return s["final"] if where == "final_mystery" and s["final"] else s["ao_tokens"]
        return None

    def quantity(self, s, q, c) -> int:
        of = q["of"]
        inv = self.who(s, c, q.get("who", "self"))
        i = s["inv"].get(inv) if inv else None
        tokens = self.card_tokens(s, c) or {}
        if of == "test_result":
            v = c.get("test_result", 0) or 0
        elif of == "investigators":
            v = self.investigator_count(s)
        elif of == "half_investigators":
            v = (self.investigator_count(s) + 1) // 2
        elif of == "gates_on_board":
            v = len(s["gates"]["board"])
        elif of == "gates_matching_omen":
            v = self.gates_matching_omen(s)
        elif of in ("monsters_on_board", "cultists_on_board"):
            at = self.place_now(s, q["at"], c) if q.get("at") else None
            v = sum(1 for m in s["monsters"]["board"].values()
                    if (at is None or m["space"] == at)
                    and (of == "monsters_on_board" or self.C.monsters[m["kind"]]["cultist"]))
        elif of == "rumors_in_play":
            v = sum(1 for m in s["mythos"]["in_play"] if self.C.mythos[m["id"]]["trait"] == "rumor")
        elif of == "eldritch_on_omen":
            v = s["omen_eldritch"]
        elif of == "tokens_on_this_card":
            v = tokens.get("eldritch", 0)
        elif of == "health_on_this_card":
            v = tokens.get("health", 0)
        elif of == "clues_on_this_card":
            v = len(tokens.get("clues", []))
        elif of == "gates_on_this_card":
            v = len(tokens.get("gates", []))
        elif of == "toughness_on_this_card":
            v = sum(tokens.get("toughness", []))
        elif of == "mysteries_solved":
            v = len(s["solved"])
        elif of == "clues_held":
            v = len(i["clues"]) if i else 0
        elif of == "clues_gained_this_encounter":
            v = min(c.get("clues_gained", 0), len(i["clues"]) if i else 0)
        elif of == "spells_held":
            v = len(i["spells"]) if i else 0
        elif of == "items_held":
            v = sum(1 for k in ("assets", "artifacts") for x in (i[k] if i else [])
                    if "item" in self.C.card(x)["traits"])
        elif of == "conditions_held":
            v = sum(1 for b in (i["conditions"] if i else [])
                    if not q.get("trait") or q["trait"] in self.C.conditions[self.card_id(b)]["traits"])
        elif of == "improvements":
            v = sum(i["improve"].values()) if i else 0
        elif of == "last_toughness":
            last = [u for u in c.get("last", []) if u in s["monsters"]["board"]]
            v = self.toughness(s, last[0]) if last else c.get("last_toughness", 0)
        elif of == "chosen_number":
            v = c.get("number", 0)
        elif of == "discarded_count":
            v = c.get("discarded", 0)
        elif of == "spent_count":
            v = c.get("spent", 0)
        elif of == "test_dice":
            v = len(c.get("dice", []))
        elif of == "last_cost":
            v = (self.C.assets.get(c.get("last_gained")) or {}).get("cost", 0)
        elif of == "mythos_reckonings_in_play":
            v = sum(1 for m in s["mythos"]["in_play"]
                    if any(ab["timing"] == "reckoning" for ab in self.C.mythos[m["id"]]["abilities"]))
        elif of == "monster_reckonings_on_board":
            v = sum(1 for u in s["monsters"]["board"] if self.monster_data(s, u).get("reckoning"))
        else:
            v = 0
        if q.get("minus_of"):
            v -= self.quantity(s, {**q, "of": q["minus_of"], "minus_of": None, "times": 1, "plus": 0,
                                   "half": False, "min": None}, c)
        if q.get("half"):
            v = (v + 1) // 2
        v = q.get("times", 1) * v + q.get("plus", 0)
        if q.get("min") is not None:
            v = max(q["min"], v)
        return v

    def amount(self, s, a, c, floor=0) -> int:
        if a is None:
            return 0
        if isinstance(a, bool):
            return int(a)
        if isinstance(a, int):
            return a
        if isinstance(a, dict):
            v = self.quantity(s, a, c)
            return v if floor is None else max(floor, v)
        return 0

    def cond(self, s, cnd, c) -> bool:
        if cnd is None:
            return True
        op = cnd["op"]
        inv = self.who(s, c, cnd.get("who", "self"))
        i = s["inv"].get(inv) if inv else None
        if op == "count":
            v = self.quantity(s, cnd, c)
            if cnd.get("at_least") is not None and v < self.amount(s, cnd["at_least"], c):
                return False
            if cnd.get("at_most") is not None and v > self.amount(s, cnd["at_most"], c):
                return False
            return True
        if op == "has_condition":
            if not i:
                return False
            return any((cnd.get("name") and self.card_id(b) == cnd["name"])
                       or (cnd.get("trait") and cnd["trait"] in self.C.conditions[self.card_id(b)]["traits"])
                       for b in i["conditions"])
        if op == "has_possession":
            if not i:
                return False
            kind, need = cnd.get("kind", "asset"), cnd.get("at_least", 1)
            if kind == "clue":
                return len(i["clues"]) >= need
            if kind == "ticket":
                return sum(i["tickets"].values()) >= need
            keys = {"asset": ["assets"], "artifact": ["artifacts"], "spell": ["spells"],
                    "item_card": ["assets", "artifacts"]}[kind]
            n = 0
            for k in keys:
                for h in i[k]:
                    cid = self.card_id(h)
                    data = self.C.card(cid)
                    if cnd.get("name") and cid != cnd["name"]:
                        continue
                    if cnd.get("trait") and cnd["trait"] not in data.get("traits", []):
                        continue
                    n += 1
            return n >= need
        if op == "on_space":
            if not i:
                return False
            sp = i["space"]
            if cnd.get("space") and sp != cnd["space"]:
                return False
            if cnd.get("type") and self.C.spaces[sp]["type"] not in cnd["type"]:
                return False
            feats = self.features(s, sp)
            return all(h in feats for h in cnd.get("has", [])) and not any(h in feats for h in cnd.get("without", []))
        if op == "monster_on_board":
            return any(m["kind"] == cnd["kind"] for m in s["monsters"]["board"].values())
        if op == "mysteries_solved":
            v = len(s["solved"])
            return (cnd.get("at_least") is None or v >= self.amount(s, cnd["at_least"], c)) and \
                (cnd.get("at_most") is None or v <= self.amount(s, cnd["at_most"], c))
        if op == "test_rolled":
            return c.get("dice", []).count(cnd["face"]) >= cnd.get("at_least", 1)
        if op == "test_passed":
            return bool(c.get("test_passed"))
        if op == "awakened":
            return s["awakened"]
        if op == "delayed":
            return bool(i and i["delayed"])
        if op == "is_lead":
            return inv == s["lead"]
        if op == "resolving_spell":
            return (c.get("card") or {}).get("kind") == "spell"
        if op == "gate_matches_omen":
            g = c.get("gate")
            return bool(g) and self.C.spaces[g]["gate"] == self.omen(s)
        if op == "last_succeeded":
            return bool(c.get("last_ok", True))
        if op == "encounter_kind":
            return c.get("enc") in cnd["kind"]
        if op == "lost_this_test":
            return bool(c.get("lost", {}).get(inv, {}).get(cnd["what"], 0))
        if op == "space_has":
            sp = self.place_now(s, cnd.get("at", "here"), c)
            feats = self.features(s, sp) if sp else set()
            return all(h in feats for h in cnd.get("has", [])) and \
                (not cnd.get("has_any") or any(h in feats for h in cnd["has_any"])) and \
                not any(h in feats for h in cnd.get("without", []))
        if op == "triggering_card":
            t = c.get("triggering") or {}
            if cnd.get("name"):
                return t.get("id") == cnd["name"]
            if cnd.get("trait"):
                data = self.C.card(t.get("id", "")) if t.get("kind") != "monster" else None
                return bool(data) and cnd["trait"] in data.get("traits", [])
            return False
        if op == "not":
            return not self.cond(s, cnd["condition"], c)
        if op == "all":
            return all(self.cond(s, x, c) for x in cnd["conditions"])
        if op == "any":
            return any(self.cond(s, x, c) for x in cnd["conditions"])
        return False

    # --- places and monster targets -----------------------------------------------------------
    def space_ok(self, s, sp, flt, c):
        if flt.get("type") and self.C.spaces[sp]["type"] not in flt["type"]:
            return False
        feats = self.features(s, sp)
        me = self.who(s, c, "self")
        if "other_investigator" in flt.get("has", []) + flt.get("has_any", []) + flt.get("without", []):
            if any(o != me for o in self.invs_at(s, sp)):
                feats.add("other_investigator")
        if not all(h in feats for h in flt.get("has", [])):
            return False
        if flt.get("has_any") and not any(h in feats for h in flt["has_any"]):
            return False
        if any(h in feats for h in flt.get("without", [])):
            return False
        return True

    def origin(self, s, c):
        uid = c.get("monster")
        if uid and uid in s["monsters"]["board"] and c.get("from_monster"):
            return s["monsters"]["board"][uid]["space"]
        me = self.who(s, c, "self")
        return s["inv"][me]["space"] if me in s["inv"] else s["inv"][s["lead"]]["space"]

    def place_now(self, s, p, c, events=None):
        """A place that needs no choice, as a space id (None when it needs one)."""
        if p is None:
            return None
        if isinstance(p, str):
            if p == "here":
                return self.origin(s, c)
            if p == "random":
                return self.random_location(s, events if events is not None else [])
            if p == "active_expedition":
                return s.get("expedition")
            if p == "this_monster":
                m = s["monsters"]["board"].get(c.get("monster") or "")
                return m["space"] if m else None
            if p == "this_rumor":
                return s["rumor_tokens"].get((c.get("card") or {}).get("id"))
            if p == "chosen_space":
                return c.get("space")
            if p == "chosen_investigator":
                ch = c.get("chosen")
                return s["inv"][ch]["space"] if ch in s["inv"] else None
            if p in self.C.spaces:
                return p
            return None
        if p.get("space_of"):
            w = self.who(s, c, p["space_of"])
            return s["inv"][w]["space"] if w in s["inv"] else None
        if p.get("nearest"):
            flt = p["nearest"]
            found = self.nearest(s, self.origin(s, c), lambda sp: self.space_ok(s, sp, flt, c),
                                 flt.get("not_here", False))
            return found[0] if found else None
        return None

    def place_choices(self, s, p, c):
        flt = p["chosen"]
        here = self.origin(s, c)
        out = []
        for sp in self.C.space_ids:
            if flt.get("not_here") and sp == here:
                continue
            rng = flt.get("range", "any")
            d = self.C.dist[here].get(sp, 99)
            if rng == "adjacent" and d != 1 or rng == "here_or_adjacent" and d > 1:
                continue
            if rng == "reachable" and flt.get("distance") and d > flt["distance"]:
                continue
            if self.space_ok(s, sp, flt, c):
                out.append(sp)
        return out

    def active_inv(self, s, c=None):
        """C5: the investigator acting or encountering; in the Mythos phase the Lead."""
        if s["phase"] != "mythos":
            t = (s.get("turn") or {}).get("inv")
            if t in s["inv"] and s["inv"][t]["status"] == "active":
                return t
            me = (c or {}).get("self")
            if me in s["inv"] and s["inv"][me]["status"] == "active":
                return me
        return s["lead"]

    def nearest_ties(self, s, p, c):
        flt = p["nearest"]
        return self.nearest(s, self.origin(s, c), lambda sp: self.space_ok(s, sp, flt, c), flt.get("not_here", False))

    def ask_nearest(self, s, st, field, c, cid):
        """J16 (seed 002, 1282: «Якщо кілька локацій розташовані на однаковій відстані, активний
        дослідник вибирає будь-яку з них.»): a ``nearest`` place with a tie is asked of the active
        investigator (default: the first in map order); returns the single space, "none", or None
        after asking."""
        ties = self.nearest_ties(s, st[field], c)
        if len(ties) > 1:
            self.defer(s, cid, st, field, ties, self.active_inv(s, c), "space")
            return None
        return ties[0] if ties else "none"

    def resolve_place(self, s, st, field, c, cid, events):
        """The space for ``st[field]``, or None after asking (the step re-runs with the answer)."""
        p = st.get(field)
        if p == "random" and not (s["clues"]["pool"] or s["clues"]["discard"]):
            # seed 002, 992: «Якщо в запасі та скиді не лишилися доказів, випадкову локацію вибирає
            # головний дослідник.»
            self.defer(s, cid, st, field, list(self.C.space_ids), s["lead"], "space")
            return None
        if isinstance(p, dict) and p.get("nearest"):
            return self.ask_nearest(s, st, field, c, cid)
        if isinstance(p, dict) and p.get("chosen"):
            choices = self.place_choices(s, p, c)
            if not choices:
                return "none"
            if len(choices) == 1:
                return choices[0]
            self.defer(s, cid, st, field, choices, self.who(s, c, p["chosen"].get("by", "self")), "space")
            return None
        return self.place_now(s, p, c, events) or "none"

    def monster_candidates(self, s, t, c):
        at = t.get("at", "here")
        spaces = None   # None: anywhere
        if isinstance(at, dict) and at.get("chosen"):   # a monster on any space the filter allows
            spaces = set(self.place_choices(s, at, c))
        elif at != "any":
            spaces = {self.place_now(s, at, c)}
        last = set(c.get("last", []))
        out = []
        for uid, m in s["monsters"]["board"].items():
            if spaces is not None and m["space"] not in spaces:
                continue
            epic = self.C.monsters[m["kind"]]["epic"]
            if t.get("epic") == "exclude" and epic or t.get("epic") == "only" and not epic:
                continue
            if t.get("kind") and m["kind"] != t["kind"] and not (t["kind"] == "cultist" and
                                                                 self.C.monsters[m["kind"]]["cultist"]):
                continue
            if t.get("others") and uid in last:
                continue
            out.append(uid)
        return out

    def resolve_targets(self, s, st, c, cid, events, field="target"):
        """Monster uids for ``st[field]``, or None after asking."""
        t = st.get(field) or {}
        if "uids" in t:
            return [u for u in t["uids"] if u in s["monsters"]["board"]]
        which = t.get("which", "chosen")
        if which == "this":
            uid = c.get("monster")
            return [uid] if uid in s["monsters"]["board"] else []
        if which == "last":
            return [u for u in c.get("last", []) if u in s["monsters"]["board"]]
        cands = self.monster_candidates(s, t, c)
        if which == "each":
            return cands
        n = t.get("count", 1)
        if which == "random":
            picked = []
            cands = list(cands)
            while cands and len(picked) < n:
                picked.append(cands.pop(self.rng(s).below(len(cands))))
            return picked
        if len(cands) <= n:
            return cands
        chooser = self.who(s, c, t.get("chooser", "self"))
        self.defer(s, cid, st, field, [{"uids": [u]} if n == 1 else {"uids": [u]} for u in cands], chooser,
                   "monster")
        return None

    # --- health, sanity, clues ---------------------------------------------------------------
    def _op_lose(self, s, st, c, cid, events):
        """H1: a loss; first every would_lose_* response that applies is offered (Flesh Ward,
        Instill Bravery, Bandages...), each may prevent part of the pending loss."""
        inv = self.who(s, c, st["who"])
        if not inv:
            return
        health, sanity = self.amount(s, st.get("health"), c), self.amount(s, st.get("sanity"), c)
        responders = self.loss_responders(s, inv, health, sanity, c)
        if not responders:
            self.lose(s, inv, events, health=health, sanity=sanity, c=c)
            return
        s["ctx_seq"] += 1
        key = f"l{s['ctx_seq']}"
        s.setdefault("pending_loss", {})[key] = {"inv": inv, "health": health, "sanity": sanity}
        self.push(s, {"k": "fx", "steps": [{"op": "_apply_loss", "key": key}], "i": 0, "c": cid})
        for holder, ab, card in reversed(responders):
            ctx = self.new_ctx(s, self_=holder, owner=holder, chosen=inv, card=card, pending=key,
                               combat=c.get("combat"), enc=c.get("enc"))
            # its requires was read against the loss (loss_responders), not this response's card
            self.run_effect(s, self.optional({**ab, "requires": None}, holder, card), ctx, end=True)

    def loss_responders(self, s, inv, health, sanity, c):
        timings = [t for t, n in (("would_lose_health", health), ("would_lose_sanity", sanity)) if n]
        out = []
        here = s["inv"][inv]["space"]
        for holder in self.active_invs(s):
            for timing in timings:
                for ab, card in self.held_abilities(s, holder, timing):
                    scope = ab.get("who") or "on_space"
                    if scope == "holder" and holder != inv or scope == "on_space" and s["inv"][holder]["space"] != here:
                        continue
                    if ab.get("requires") and not self.cond(s, ab["requires"], {**c, "self": holder}):
                        continue
                    if not self.can_pay(s, ab.get("cost", []), {"self": holder, "owner": holder, "card": card}):
                        continue
                    if not self.limit_ok(s, holder, ab, card):
                        continue
                    out.append((holder, ab, card))
        uid = c.get("monster")   # the fought monster's own response (the Maniac: an Ally takes the damage)
        if c.get("combat") and uid in s["monsters"]["board"]:
            card = {"kind": "monster", "id": s["monsters"]["board"][uid]["kind"], "holder": inv}
            for ab in self.monster_data(s, uid).get("abilities", []):
                if ab["timing"] in timings and (not ab.get("requires") or self.cond(s, ab["requires"], {**c, "self": inv})):
                    out.append((inv, ab, card))
        return out

    def _op__apply_loss(self, s, st, c, cid, events):
        pending = s.get("pending_loss", {}).pop(st["key"], None)
        if pending:
            self.lose(s, pending["inv"], events, health=pending["health"], sanity=pending["sanity"], c=c)
            events.append(event("loss_resolved", inv=pending["inv"], health=pending["health"],
                                sanity=pending["sanity"]))

    def _op_prevent(self, s, st, c, cid, events):
        pending = s.get("pending_loss", {}).get(c.get("pending"))
        if not pending:
            return
        for what in ("health", "sanity"):
            n = st.get(what)
            if n is None:
                continue
            before = pending[what]
            pending[what] = 0 if n == "all" else max(0, before - self.amount(s, n, c))
            if before != pending[what]:
                events.append(event("loss_prevented", inv=pending["inv"], what=what, amount=before - pending[what]))

    def _op_recover(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if inv:
            h, z = st.get("health"), st.get("sanity")
            self.recover(s, inv, events, health=h if h == "all" else self.amount(s, h, c),
                         sanity=z if z == "all" else self.amount(s, z, c))

    def can_pay(self, s, steps, c) -> bool:
        """Whether a cost list can be paid in full (its spends and condition gains)."""
        for st in steps:
            if st["op"] == "spend":
                inv = self.who(s, c, st["who"]) if st["who"] != "investigators" else None
                for what in ("health", "sanity", "clues"):
                    n = self.amount(s, st.get(what), c)
                    if not n:
                        continue
                    if inv is None:
                        total = sum((len(s["inv"][o]["clues"]) if what == "clues" else s["inv"][o][what] - 1)
                                    for o in self.active_invs(s))
                        if total < n:
                            return False
                    elif not self.can_spend(s, inv, what, n - (self.clue_cut(s, inv)[0] if what == "clues" else 0)):
                        return False
            elif st["op"] == "gain_condition":
                inv = self.who(s, c, st["who"])
                if inv and st.get("name") and self.holds(s, inv, st["name"]) and \
                        self.C.conditions[st["name"]]["on_duplicate"] != "flip":
                    return False
            elif st["op"] == "delay":   # becoming Delayed when already Delayed pays nothing (as a held condition)
                inv = self.who(s, c, st["who"])
                if not inv or (s["inv"][inv]["delayed"] and not (
                        s["phase"] == "action" and inv in (s["turn"].get("inv"), s["turn"].get("acting")))):
                    return False
            elif st["op"] in ("discard_condition", "discard_possessions", "discard_clues", "discard_improvements",
                              "discard_this"):
                if not self._can_discard(s, st, c):   # seed 002, 995: nothing can be spent that is not held
                    return False
            elif st["op"] == "lose":
                inv = self.who(s, c, st["who"])
                if not inv:
                    return False
        return True

    def _can_discard(self, s, st, c) -> bool:
        """A discard as a cost: the investigator holds all it names ("all" and "any_number": at
        least one is not asked; "any_number" can always pay 0)."""
        op = st["op"]
        if op == "discard_this":
            card = c.get("card") or {}
            if card.get("kind") in ("spell", "condition", "asset", "artifact"):
                return bool(card.get("holder")) and self.who(s, c, card["holder"]) is not None and \
                    self.holds(s, card["holder"], card.get("id"))
            if card.get("kind") == "mythos":
                return any(m["id"] == card.get("id") for m in s["mythos"]["in_play"])
            return True
        inv = self.who(s, c, st["who"])
        if not inv:
            return False
        i = s["inv"][inv]
        count = st.get("count", 1)
        if count == "any_number":
            return True
        if op == "discard_condition":
            held = [b for b in i["conditions"]
                    if (not st.get("name") or self.card_id(b) == st["name"])
                    and (not st.get("trait") or st["trait"] in self.C.conditions[self.card_id(b)]["traits"])
                    and (not st.get("any_of") or self.card_id(b) in st["any_of"])]
        elif op == "discard_possessions":
            if st.get("triggering") or st.get("last"):
                target = (c.get("triggering") or c.get("card") or {}).get("id") if st.get("triggering") \
                    else c.get("last_gained")
                kinds = {**st, "kind": ["asset", "artifact", "spell"]}
                return any(self.card_id(h) == target for h in self._possession_choices(s, inv, kinds))
            held = self._possession_choices(s, inv, st)
            if st.get("keep") is not None:
                return True
        elif op == "discard_clues":
            held = i["clues"]
        else:
            held = [k for k in SKILLS for _ in range(i["improve"][k])]
        need = 1 if count == "all" else self.amount(s, count, c)
        return len(held) >= need

    def _op_spend(self, s, st, c, cid, events):
        """H3: a cost: all or nothing; never the last health or sanity."""
        if not self.can_pay(s, [st], c):
            self._skip_rest(s)
            c["last_ok"] = False
            return
        if st.get("any_number") and not st.get("_r__n"):
            inv = self.who(s, c, st["who"] if st["who"] != "investigators" else "self")
            what = st["any_number"]
            most = len(s["inv"][inv]["clues"]) if what == "clues" else s["inv"][inv][what] - 1
            self.defer(s, cid, {**st, "who": inv}, "_n", list(range(0, max(0, most) + 1)), inv, "spend")
            return
        payers = [self.who(s, c, st["who"])] if st["who"] != "investigators" else self.active_invs(s)
        for what in ("health", "sanity", "clues"):
            n = self.amount(s, st.get(what), c)
            if st.get("any_number") == what:
                n = st.get("_n", 0)
                c["spent"] = n
            elif what == "clues" and n > 0 and len(payers) == 1:   # The Silver Key
                cut, mark = self.clue_cut(s, payers[0])
                if cut:
                    n -= min(cut, n)
                    s["inv"][payers[0]]["used"].append(mark)
                    events.append(event("clue_cost_reduced", inv=payers[0], by=cut))
            for inv in payers:
                if n <= 0:
                    break
                i = s["inv"][inv]
                if what == "clues":
                    k = min(n, len(i["clues"]))
                    for _ in range(k):
                        s["clues"]["discard"].append(i["clues"].pop())
                else:
                    k = min(n, i[what] - 1)
                    i[what] -= k
                n -= k
                if k:
                    events.append(event("spent", inv=inv, what=what, count=k))
        c["last_ok"] = True

    def clue_cut(self, s, inv):
        """(clues fewer, limit key): a held passive ``reduce_clue_cost`` whose limit is unused (The
        Silver Key: once a round an effect's clue spend costs 1 fewer; the clue reroll of a test is a
        rule, not an effect's cost, and is not cut). (0, None) when none applies."""
        if not inv or inv not in s["inv"]:
            return 0, None
        for ab, card in self.held_abilities(s, inv, "passive"):
            for st in ab["effect"]:
                if st.get("op") == "reduce_clue_cost" and self.limit_ok(s, inv, ab, card):
                    return st.get("clues", 1) or 1, f"limit:{card.get('kind')}:{card.get('id')}"
        return 0, None

    def _op_claim_possessions(self, s, st, c, cid, events):
        fig = next((x for x in s["figures"] if x["inv"] == c.get("figure")), None)
        inv = self.who(s, c, "self")
        if not fig or not inv:
            return
        p = fig["possessions"]
        i = s["inv"][inv]
        for key in ("assets", "artifacts"):
            i[key] += p[key]
        for back in p["spells"]:
            if self.holds(s, inv, self.card_id(back)):
                self.discard_to(s, "spells", back)
            else:
                i["spells"].append(back)
        i["clues"] += p["clues"]
        for kind in ("train", "ship"):
            for _ in range(p["tickets"][kind]):
                self.gain_ticket(s, inv, kind, events)
        fig["possessions"] = {"assets": [], "artifacts": [], "spells": [], "clues": [], "tickets": {"train": 0, "ship": 0}}
        events.append(event("possessions_claimed", inv=inv, of=fig["inv"]))

    def _op_gain_clues(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if inv:
            got = self.gain_clues(s, inv, self.amount(s, st.get("count", 1), c), events)
            if inv == c.get("self"):
                c["clues_gained"] = c.get("clues_gained", 0) + got

    def _op_discard_clues(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if inv:
            n = len(s["inv"][inv]["clues"]) if st.get("count") == "all" else self.amount(s, st.get("count", 1), c)
            c["discarded"] = self.discard_held_clues(s, inv, n, events)

    def _op_gain_this_clue(self, s, st, c, cid, events):
        inv = self.who(s, c, "self")
        if not inv:
            return
        space = c.get("clue_space") or s["inv"][inv]["space"]
        token = self.take_board_clue(s, space)
        if token:
            s["inv"][inv]["clues"].append(token)
            c["clues_gained"] = c.get("clues_gained", 0) + 1
            events.append(event("clues_gained", inv=inv, count=1, space=space))

    def _op_discard_this_clue(self, s, st, c, cid, events):
        space = c.get("clue_space") or s["inv"][c.get("self") or s["lead"]]["space"]
        token = self.take_board_clue(s, space)
        if token:
            s["clues"]["discard"].append(token)
            events.append(event("clue_discarded", space=space))

    def _op_move_this_clue(self, s, st, c, cid, events):
        space = c.get("clue_space") or s["inv"][c.get("self") or s["lead"]]["space"]
        if not self.clues_at(s, space):
            return
        to = self.resolve_place(s, st, "to", {**c, "self": c.get("self")}, cid, events)
        if to is None or to == "none":
            return
        token = self.take_board_clue(s, space)
        s["clues"]["board"].setdefault(to, []).append(token)
        events.append(event("clue_moved", frm=space, to=to))

    def _op_spawn_clues(self, s, st, c, cid, events):
        at = self.resolve_place(s, st, "at", c, cid, events) if st.get("at") else None
        if st.get("at") and at is None:
            return
        at = None if at == "none" else at
        for _ in range(self.amount(s, st.get("count", 1), c)):
            self.spawn_clue(s, events, at)

    def _op_move_board_clues(self, s, st, c, cid, events):
        flt = st.get("to_nearest") or {}
        board = s["clues"]["board"]
        for space in list(board):
            if self.space_ok(s, space, flt, c):
                continue
            dest = self.nearest(s, space, lambda sp: self.space_ok(s, sp, flt, c))
            if dest:
                moved = board.pop(space)
                board.setdefault(dest[0], []).extend(moved)
                events.extend(event("clue_moved", frm=space, to=dest[0]) for _ in moved)

    def _op_discard_board_clues(self, s, st, c, cid, events):
        at = st.get("at", "all")
        board = s["clues"]["board"]
        spaces = list(board) if at == "all" else [self.place_now(s, at, c, events)]
        for sp in spaces:
            gone = board.pop(sp, [])
            s["clues"]["discard"] += gone
            events.extend(event("clue_discarded", space=sp) for _ in gone)

    def _op_trade_clues(self, s, st, c, cid, events):
        inv, other = self.who(s, c, st["who"]), self.who(s, c, st.get("with", "chosen"))
        if not inv or not other or other == inv:
            return
        if not st.get("_r__n"):
            opts = [0]
            if st.get("give"):
                opts += list(range(1, len(s["inv"][inv]["clues"]) + 1))
            if st.get("take"):
                opts += [-k for k in range(1, len(s["inv"][other]["clues"]) + 1)]
            self.defer(s, cid, st, "_n", opts, inv, "clues")
            return
        n = st.get("_n", 0)
        a, b = (inv, other) if n > 0 else (other, inv)
        for _ in range(abs(n)):
            s["inv"][b]["clues"].append(s["inv"][a]["clues"].pop())
        if n:
            events.append(event("clues_given", frm=a, to=b, count=abs(n)))

    # --- cards and possessions ----------------------------------------------------------------
    def _gain_cards(self, s, st, c, cid, events, kind):
        inv = self.who(s, c, st["who"])
        if not inv:
            return
        n = self.amount(s, st.get("count", 1), c)
        if st.get("source", "deck") != "deck" and kind == "asset":
            pool = list(s["reserve"]) if st["source"] in ("reserve", "reserve_or_discard") else []
            if st["source"] in ("discard", "reserve_or_discard"):
                pool += list(s["decks"]["assets"]["discard"])
            maxc = self.amount(s, st["max_cost"], c) if st.get("max_cost") is not None else None
            total = self.amount(s, st["total_cost"], c) if st.get("total_cost") is not None else None
            pool = [a for a in pool if (not st.get("trait") or st["trait"] in self.C.assets[a]["traits"])
                    and (not st.get("any_trait") or set(st["any_trait"]) & set(self.C.assets[a]["traits"]))
                    and (not st.get("name") or a == st["name"])
                    and (maxc is None or self.C.assets[a]["cost"] <= maxc)
                    and (total is None or self.C.assets[a]["cost"] <= total - st.get("_spent", 0))]
            if st.get("_r__card"):
                card = st.get("_card")
                if card and card in pool:
                    where = s["reserve"] if card in s["reserve"] else s["decks"]["assets"]["discard"]
                    where.remove(card)
                    self.give_card(s, inv, "asset", card, events, c)
                    self.refill_reserve(s, events)
                    left = st.get("_left", n) - 1
                    if total is not None or left > 0:
                        nxt = {k: v for k, v in st.items() if not k.startswith("_")}
                        nxt.update({"_left": left, "_spent": st.get("_spent", 0) + self.C.assets[card]["cost"]})
                        self.push(s, {"k": "fx", "steps": [nxt], "i": 0, "c": cid})
                return
            if not pool or st.get("_left", n) <= 0:
                return
            # a gain is not optional: only "any number of cards up to a total cost" may stop
            self.defer(s, cid, st, "_card", ([None] if total is not None else []) + sorted(set(pool)),
                       self.who(s, c, st.get("chooser", "self")), "card")
            return
        got = 0
        for _ in range(n):
            if st.get("name"):
                ok = self.take_by_name(s, inv, kind, st["name"], events, c)
            else:
                ok = self.gain_random(s, inv, kind, events, c, trait=st.get("trait"), any_trait=st.get("any_trait"),
                                      max_cost=self.amount(s, st["max_cost"], c) if st.get("max_cost") is not None
                                      else None)
            got += bool(ok)
        c["last_ok"] = bool(got)

    def _op_gain_asset(self, s, st, c, cid, events):
        self._gain_cards(s, st, c, cid, events, "asset")

    def _op_gain_artifact(self, s, st, c, cid, events):
        self._gain_cards(s, st, c, cid, events, "artifact")

    def _op_gain_spell(self, s, st, c, cid, events):
        self._gain_cards(s, st, c, cid, events, "spell")

    def _op_gain_condition(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if inv:
            c["last_ok"] = self.gain_condition(s, inv, events, c, name=st.get("name"), trait=st.get("trait"),
                                               imposed=not c.get("choice"))

    def _op_discard_condition(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if not inv:
            return
        held = [b for b in s["inv"][inv]["conditions"]
                if (not st.get("name") or self.card_id(b) == st["name"])
                and (not st.get("trait") or st["trait"] in self.C.conditions[self.card_id(b)]["traits"])
                and (not st.get("any_of") or self.card_id(b) in st["any_of"])]
        n = len(held) if st.get("count") == "all" else st.get("count", 1)
        for b in held[:n]:
            self.discard_held(s, inv, b, events)

    def _possession_choices(self, s, inv, st):
        i = s["inv"][inv]
        out = []
        for kind in st.get("kind", ["asset", "artifact"]):
            for h in i[kind + "s"]:
                cid = self.card_id(h)
                data = self.C.card(cid)
                if st.get("trait") and st["trait"] not in data.get("traits", []):
                    continue
                if st.get("name") and cid != st["name"]:
                    continue
                out.append(h)
        return out

    def _op_discard_possessions(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if not inv:
            return
        if st.get("triggering") or st.get("last"):
            target = (c.get("triggering") or c.get("card") or {}).get("id") if st.get("triggering") else c.get("last_gained")
            held = next((h for h in self._possession_choices(s, inv, {**st, "kind": ["asset", "artifact", "spell"]})
                         if self.card_id(h) == target), None)
            c["discarded"] = int(bool(held and self.discard_held(s, inv, held, events)))
            return
        choices = self._possession_choices(s, inv, st)
        count = st.get("count", 1)
        if st.get("keep") is not None:
            count = max(0, len(choices) - st["keep"])
        elif count == "all":
            count = len(choices)
        elif count == "any_number":
            count = st.get("_n", 0) if st.get("_r__n") else None
            if count is None:
                self.defer(s, cid, st, "_n", list(range(0, len(choices) + 1)), inv, "discard")
                return
        else:
            count = self.amount(s, count, c)
        count = min(count, len(choices))
        if st.get("random"):
            picked = []
            pool = list(choices)
            for _ in range(count):
                picked.append(pool.pop(self.rng(s).below(len(pool))))
        elif count < len(choices):   # I18: the holder picks which, one at a time (default: holding order)
            self._discard_picked(s, {k: v for k, v in st.items() if not k.startswith("_")}, c, cid, events,
                                 inv, count, 0)
            return
        else:
            picked = choices
        for h in picked:
            self.discard_held(s, inv, h, events)
        c["discarded"] = len(picked)

    def _discard_picked(self, s, st, c, cid, events, inv, left, done):
        choices = self._possession_choices(s, inv, st)
        if left <= 0 or not choices:
            c["discarded"] = done
            return
        if len(choices) <= left:
            for h in choices:
                self.discard_held(s, inv, h, events)
            c["discarded"] = done + len(choices)
            return
        values = list(dict.fromkeys(self.card_id(h) for h in choices))   # card ids: never a hidden back
        self.defer(s, cid, {**st, "op": "_discard_pick", "_left": left, "_done": done, "_inv": inv}, "_pick",
                   values, inv, "discard")

    def _op__discard_pick(self, s, st, c, cid, events):
        inv = st["_inv"]
        if s["inv"].get(inv, {}).get("status") != "active":
            return
        held = next((h for h in self._possession_choices(s, inv, st) if self.card_id(h) == st.get("_pick")), None)
        done, left = st["_done"], st["_left"]
        if held and self.discard_held(s, inv, held, events):
            done, left = done + 1, left - 1
        base = {k: v for k, v in st.items() if not k.startswith("_")}
        base["op"] = "discard_possessions"
        self._discard_picked(s, base, c, cid, events, inv, left, done)

    def _giveables(self, s, inv, what):
        """(kind, card) pairs ``inv`` could hand over among ``what``."""
        i = s["inv"][inv]
        every = "possessions" in what
        out = []
        if (every or "clues" in what) and i["clues"]:
            out.append(["clue", None])
        if every or "tickets" in what:
            out += [["ticket", k] for k in ("train", "ship") if i["tickets"][k]]
        for kind, key in (("asset", "assets"), ("artifact", "artifacts")):
            for card in sorted(set(i[key])):
                if every or key in what or ("items" in what and "item" in self.C.card(card)["traits"]):
                    out.append([kind, card])
        if every or "spells" in what:
            out += [["spell", self.card_id(b)] for b in i["spells"]]
        return out

    def _op_give(self, s, st, c, cid, events):
        """Hand possessions over, one at a time, until the giver says done (``trade``: both ways)."""
        inv = self.who(s, c, st["who"])
        others = [o for o in self.active_invs(s) if o != inv] if st.get("to") == "any_investigator" \
            else [x for x in [self.who(s, c, "chosen")] if x and x != inv]
        if not inv or not others:
            return
        move = st.get("_move") if st.get("_r__move") else None
        if st.get("_r__move") and move is None:
            if st.get("swap_spaces") and st.get("trade"):
                other = others[0]
                a, b = s["inv"][inv]["space"], s["inv"][other]["space"]
                if a != b:
                    self.move_to(s, other, a, events)
                    self.move_to(s, inv, b, events)
            return
        if move is not None:
            giver, taker = (inv, move["to"]) if move["dir"] == "give" else (move["from"], inv)
            self._do_trade(s, giver, taker, [{"dir": "give", "what": move["what"], "card": move["card"]}], events)
        given = st.get("_given", 0) + (1 if move is not None else 0)
        limit = st.get("count")
        options = [None]
        if not isinstance(limit, int) or given < limit:
            for o in others:
                options += [{"dir": "give", "what": w, "card": k, "to": o} for w, k in self._giveables(s, inv, st["what"])]
            if st.get("trade"):
                for o in others:
                    options += [{"dir": "take", "what": w, "card": k, "from": o}
                                for w, k in self._giveables(s, o, st["what"])]
        if len(options) == 1:
            return self._op_give(s, {**st, "_r__move": True, "_move": None, "_given": given}, c, cid, events) \
                if st.get("swap_spaces") else None
        nxt = {k: v for k, v in st.items() if k not in ("_move", "_r__move")}
        nxt["_given"] = given
        self.defer(s, cid, nxt, "_move", options, inv, "give")

    def _op_gain_ticket(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if not inv:
            return
        kind = st.get("kind", "choice")
        if kind == "choice":
            if not st.get("_r_kind"):
                self.defer(s, cid, st, "kind", ["train", "ship"], inv, "ticket")
                return
        for _ in range(st.get("count", 1)):
            self.gain_ticket(s, inv, kind, events)

    def _op_discard_reserve(self, s, st, c, cid, events):
        n = len(s["reserve"]) if st.get("count") == "all" else st.get("count", 1)
        for _ in range(min(n, len(s["reserve"]))):
            card = s["reserve"].pop(0)
            s["decks"]["assets"]["discard"].append(card)
            events.append(event("reserve_discarded", card=card))
        self.refill_reserve(s, events)

    def _op_refill_reserve(self, s, st, c, cid, events):
        self.refill_reserve(s, events)

    def _op_improve(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if not inv:
            return
        skill = st.get("skill", "choice")
        if skill == "same":
            skill = c.get("skill") or "will"
        if skill == "choice":
            opts = [k for k in SKILLS if s["inv"][inv]["improve"][k] < 2] or list(SKILLS)
            self.defer(s, cid, st, "skill", opts, inv, "skill")
            return
        if st["op"] == "reduce":
            i = s["inv"][inv]
            i["improve"][skill] = max(0, i["improve"][skill] - st.get("times", 1))
            return
        self.improve(s, inv, skill, events, st.get("times", 1))

    _op_reduce = _op_improve

    def _op_discard_improvements(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if not inv:
            return
        imp = s["inv"][inv]["improve"]
        if st.get("count") == "any_number":   # O8: she picks the tokens, one at a time; a +2 counts two
            done = st.get("_done", 0)
            tok = st.get("_tok") if st.get("_r__tok") else None
            if tok is not None and imp.get(tok):
                done += imp[tok]
                events.append(event("improvement_spent", inv=inv, skill=tok, steps=imp[tok]))
                imp[tok] = 0
            left = [k for k in SKILLS if imp[k]]
            if left and not (st.get("_r__tok") and tok is None):
                nxt = {k: v for k, v in st.items() if not k.startswith("_")}
                nxt["_done"] = done
                self.defer(s, cid, nxt, "_tok", [None] + left, inv, "improvements")
                return
            c["discarded"] = done
            return
        n = st.get("count", 1)
        done = 0
        for k in SKILLS:
            while imp[k] and done < n:
                imp[k] -= 1
                done += 1
        c["discarded"] = done

    # --- status and movement --------------------------------------------------------------------
    def _op_delay(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if not inv or s["inv"][inv]["status"] != "active":
            return
        if not c.get("choice") and (self.forbids(s, inv, "forced_delay")
                                     or self.forbids(s, inv, "imposed_delay_or_detained")):
            events.append(event("prevented", inv=inv, what="delay"))
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

    def move_to(self, s, inv, space, events):
        if self.forbids(s, inv, "move"):
            events.append(event("prevented", inv=inv, what="move"))
            return False
        s["inv"][inv]["space"] = space
        events.append(event("moved", inv=inv, space=space))
        for ab, card in self.ao_abilities(s, "moves_onto"):
            ctx = self.new_ctx(s, self_=inv, card=card)
            self.run_effect(s, self.ability_steps(ab), ctx, end=True)
        return True

    def _op_move(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if not inv or s["inv"][inv]["status"] != "active":
            return
        if self.forbids(s, inv, "move"):   # C7/O1: one who cannot move is not even asked where to
            events.append(event("prevented", inv=inv, what="move"))
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
        if inv and self.forbids(s, inv, "close_gates"):
            events.append(event("prevented", inv=inv, what="close_gate"))
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
            spaces = [g for g in board if self.C.spaces[s.get("gate_tokens", {}).get(g, g)]["gate"] == self.omen(s)]
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
            events.append(event("back_seen", only(s["inv"][inv]["player"]), reveal=True, inv=inv, card=t["id"],
                                back=back))

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
        from_cup = True
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
        if name != "random" and not from_cup and kind is None and not any(
                m["kind"] == name for m in s["monsters"]["board"].values()):
            return
        if kind is not None:
            uid = self.new_monster(s, kind, here, events, ambush=True)
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
        targets = self.resolve_targets(s, st, c, cid, events)
        if targets is None:
            return
        done = []
        for uid in targets:
            if not self.C.monsters[s["monsters"]["board"][uid]["kind"]]["epic"]:   # G11
                c["last_toughness"] = self.toughness(s, uid)
                self.remove_monster(s, uid, events, defeated=False)
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
                if dest and uid in s["monsters"]["board"]:
                    s["monsters"]["board"][uid]["space"] = dest
                    events.append(event("monster_moved", monster=uid, kind=s["monsters"]["board"][uid]["kind"],
                                        space=dest))
        elif st.get("toward") is not None:
            for uid in targets:
                m = s["monsters"]["board"][uid]
                target = self.place_now(s, st["toward"], {**c2, "monster": uid}, events)
                if not target:
                    continue
                for _ in range(self.amount(s, st.get("spaces") or 1, c)):
                    d = self.C.dist[target]
                    nxt = min(self.C.adj[m["space"]], key=lambda x: (d.get(x, 99), x))
                    if d.get(nxt, 99) < d.get(m["space"], 99):
                        m["space"] = nxt
                events.append(event("monster_moved", monster=uid, kind=m["kind"], space=m["space"]))
        c["last"] = targets

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
            if sign < 0 and before > 0 and holder[key] == 0 and key == "eldritch" and "rumor" in holder:
                self.fail_rumor(s, holder["id"], events)
        events.append(event("tokens", what=key, change=sign * n, where=st.get("where")))

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
            c["last"] = []
        events.append(event("put_on_card", what=what, inv=inv))

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
            self.discard_held(s, card["holder"], held, events)
        elif kind == "mythos":
            self.end_rumor(s, card["id"], events, solved=False)   # a card leaving play is announced

    # --- structure ---------------------------------------------------------------------------
    def _op_test(self, s, st, c, cid, events):
        inv = self.who(s, c, st["who"])
        if not inv:
            return
        extra = self.amount(s, st.get("dice"), c, floor=None)
        what = st.get("spend")
        if what and st.get("spend_for") == "die":   # pay before the roll: one die each
            if not st.get("_r__n"):
                i = s["inv"][inv]
                most = len(i["clues"]) if what == "clues" else i[what] - 1
                self.defer(s, cid, st, "_n", list(range(0, max(0, most) + 1)), inv, "spend")
                return
            n = st["_n"]
            if what == "clues":
                self.discard_held_clues(s, inv, n, events)
            elif n:
                s["inv"][inv][what] -= n
                events.append(event("spent", inv=inv, what=what, count=n))
            extra += n
        data = {"buy": what} if what and st.get("spend_for") == "success" else None
        self.start_test(s, inv, st["skill"], st.get("modifier", 0), cid, events, pass_steps=st.get("pass", []),
                        fail_steps=st.get("fail", []), extra=extra, pass_at=st.get("pass_at", 1), data=data)

    # O9 (seed 002, 1729): offered "Delayed/Detained or another penalty", Mark avoids both
    PENALTY_OPS = {"lose", "delay", "lost_in_time_and_space", "gain_condition", "discard_possessions",
                   "discard_clues", "discard_improvements", "spend", "advance_doom", "advance_omen", "lose_actions",
                   "ambush", "spawn_monster", "spawn_gates", "devour", "defeat_investigator", "reduce", "move"}

    def _delay_side(self, steps) -> bool:
        return any(st.get("op") in ("delay", "lost_in_time_and_space")
                   or (st.get("op") == "gain_condition" and st.get("name") == "detained") for st in steps)

    def _penalty_side(self, steps) -> bool:
        """Every step is a penalty (a boon gained is not: Blessed after a Delayed is a reward)."""
        for st in steps:
            if st.get("op") not in self.PENALTY_OPS:
                return False
            if st["op"] == "gain_condition" and (
                    (st.get("trait") == "boon") or
                    (st.get("name") and "boon" in self.C.conditions[st["name"]]["traits"])):
                return False
        return bool(steps)

    def avoids_delay_or_penalty(self, s, c, sides, events) -> bool:
        """Mark Harrigan (``forbid: imposed_delay_or_detained``): a choice whose sides are all
        penalties, one of them Delayed/Detained, is avoided whole (no side is resolved)."""
        inv = self.who(s, c, "self")
        if not inv or not self.forbids(s, inv, "imposed_delay_or_detained"):
            return False
        if len(sides) < 2 or not any(self._delay_side(x) for x in sides) or \
                not all(self._penalty_side(x) for x in sides):
            return False
        events.append(event("prevented", inv=inv, what="delay_or_penalty"))
        return True

    def _op_may(self, s, st, c, cid, events):
        chooser = self.who(s, c, st.get("chooser", "self"))
        if not st.get("_r__yes") and st.get("otherwise") and chooser == self.who(s, c, "self") and \
                self.avoids_delay_or_penalty(s, c, [list(st.get("cost", [])) + list(st.get("then", [])),
                                                    list(st["otherwise"])], events):
            return
        if not st.get("_r__yes"):
            if not chooser or not self.can_pay(s, st.get("cost", []), c):
                if st.get("otherwise"):
                    self.run_effect(s, st["otherwise"], cid)
                return
            self.ask(s, self.chooser_kind(s, chooser), chooser, "resolve",
                     [{"type": "choose", "value": False}, {"type": "choose", "value": True}],
                     step=st, field="_yes", c=cid, about="may")
            return
        if st.get("_yes"):
            c["choice"] = True
            self.run_effect(s, list(st.get("cost", [])) + [{"op": "_unchoice"}] + list(st.get("then", [])), cid)
        elif st.get("otherwise"):
            self.run_effect(s, st["otherwise"], cid)

    def _op__unchoice(self, s, st, c, cid, events):
        c["choice"] = False

    def _op_choose_one(self, s, st, c, cid, events):
        chooser = self.who(s, c, st.get("chooser", "self"))
        if not st.get("_r__k") and chooser == self.who(s, c, "self") and \
                self.avoids_delay_or_penalty(s, c, [list(o["effect"]) for o in st["options"]], events):
            return
        if not st.get("_r__k"):
            allowed = [k for k, o in enumerate(st["options"])
                       if (not o.get("requires") or self.cond(s, o["requires"], c)) and self.can_pay(s, o["effect"][:1], c)]
            if not allowed or not chooser:
                return
            if len(allowed) == 1:
                st = {**st, "_k": allowed[0]}
            else:
                self.defer(s, cid, st, "_k", allowed, chooser, "option")
                return
        c["choice"] = True
        self.run_effect(s, list(st["options"][st["_k"]]["effect"]) + [{"op": "_unchoice"}], cid)

    def _op_if(self, s, st, c, cid, events):
        steps = st.get("then", []) if self.cond(s, st["condition"], c) else st.get("otherwise", [])
        if steps:
            self.run_effect(s, steps, cid)

    def _op_roll(self, s, st, c, cid, events):
        """F11: one die, not a test (no rerolls)."""
        face = c["dice_as"] if c.get("dice_as") else self.die(s)
        events.append(event("die_rolled", inv=c.get("self"), face=face))
        for row in st["outcomes"]:
            if self.amount(s, row.get("min", 1), c) <= face <= self.amount(s, row.get("max", 6), c):
                if row["effect"]:
                    self.run_effect(s, row["effect"], cid)
                break

    def _op_for_each(self, s, st, c, cid, events):
        who = st.get("who", "investigators")
        me = c.get("self") or s["lead"]
        start = me if s["phase"] != "mythos" else s["lead"]
        invs = self.active_invs(s, start)
        at = self.place_now(s, st.get("at", "here"), c, events) if who in ("on_space", "others_on_space",
                                                                             "on_or_adjacent") else None
        if who == "other_investigators":
            invs = [i for i in invs if i != me]
        elif who in ("on_space", "others_on_space"):
            invs = [i for i in invs if s["inv"][i]["space"] == at and (who == "on_space" or i != me)]
        elif who == "on_or_adjacent":
            invs = [i for i in invs if self.C.dist[at].get(s["inv"][i]["space"], 9) <= 1]
        elif who == "on_type":
            invs = [i for i in invs if (not st.get("type") or self.C.spaces[s["inv"][i]["space"]]["type"] in st["type"])
                    and all(h in self.features(s, s["inv"][i]["space"]) for h in st.get("has", []))]
        if st.get("condition"):
            invs = [i for i in invs if self.cond(s, st["condition"], {**c, "self": i})]
        base = {k: v for k, v in c.items() if k != "self"}
        for inv in reversed(invs):
            ctx = self.new_ctx(s, self_=inv, **base)
            self.run_effect(s, st["effect"], ctx, end=True)

    def _op_for_each_space(self, s, st, c, cid, events):
        spaces = [sp for sp in self.C.space_ids if self.space_ok(s, sp, st, c)]
        base = {k: v for k, v in c.items() if k not in ("self", "space")}
        for sp in reversed(spaces):
            ctx = self.new_ctx(s, self_=c.get("self"), space=sp, **base)
            self.run_effect(s, st["effect"], ctx, end=True)

    def _op_choose_investigator(self, s, st, c, cid, events):
        if st.get("_r__inv"):
            c["chosen"] = st["_inv"]
            return
        chooser = self.who(s, c, st.get("chooser", "self"))
        me = c.get("self")
        among = st.get("among", "any")
        at = self.place_now(s, st.get("at", "here"), c, events)
        invs = self.active_invs(s)
        if among == "others":
            invs = [i for i in invs if i != me]
        elif among in ("on_space", "others_on_space"):
            invs = [i for i in invs if s["inv"][i]["space"] == at and (among == "on_space" or i != me)]
        elif among == "not_acted":
            invs = [i for i in invs if not s["inv"][i]["actions"] and not s["inv"][i]["delayed"]]
        elif among == "delayed":
            invs = [i for i in invs if s["inv"][i]["delayed"]]
        elif among == "nearest":
            near = self.nearest(s, at, lambda sp: bool(self.invs_at(s, sp)))
            invs = [i for i in invs if s["inv"][i]["space"] in near]
        if st.get("condition"):
            invs = [i for i in invs if self.cond(s, st["condition"], {**c, "self": i})]
        if not invs:
            self._skip_rest(s)
            c["chosen"] = None
            return
        if len(invs) == 1:
            c["chosen"] = invs[0]
            return
        self.defer(s, cid, st, "_inv", invs, chooser or s["lead"], "investigator")

    def _op_choose_space(self, s, st, c, cid, events):
        if isinstance(st.get("place"), dict) and "chosen" not in st["place"]:   # the filter itself
            st = {**st, "place": {"chosen": st["place"]}}
        sp = self.resolve_place(s, st, "place", c, cid, events)
        if sp is None:
            return
        c["space"] = None if sp == "none" else sp

    def _op_choose_number(self, s, st, c, cid, events):
        if st.get("_r__n"):
            c["number"] = st["_n"]
            return
        lo, hi = self.amount(s, st.get("min", 0), c), self.amount(s, st["max"], c)
        self.defer(s, cid, st, "_n", list(range(lo, max(lo, hi) + 1)), self.who(s, c, st.get("chooser", "self")),
                   "number")

    def _op_repeat(self, s, st, c, cid, events):
        steps = list(st["effect"]) * self.amount(s, st["times"], c)
        if steps:
            self.run_effect(s, steps, cid)

    def _op_hook(self, s, st, c, cid, events):
        getattr(self, "_hook_" + st["id"], self._op_unsupported)(s, st, c, cid, events)

    def _hook_rumor_other_world_encounter(self, s, st, c, cid, events):
        """hooks.yaml: the top Other World card as if a gate stood here; closing a gate solves the
        rumor instead."""
        inv = self.who(s, c, "self")
        rid = (c.get("card") or {}).get("id")
        if inv:
            self.encounter_card(s, inv, "other_world", None, "other_world", events,
                                extra={"rumor_instead": rid, "card": {"kind": "mythos", "id": rid}})

    def _hook_clear_defeated_investigators(self, s, st, c, cid, events):
        """hooks.yaml: possessions on defeated sheets discarded; their figures leave the game."""
        for fig in list(s["figures"]):
            self._call_retire_figure(s, {"inv": fig["inv"]}, events)

    def _op_investigators_win(self, s, st, c, cid, events):
        s["flags"]["win"] = "effect"

    def _op_investigators_lose(self, s, st, c, cid, events):
        s["flags"]["lose"] = "effect"

    # --- modifiers used as one-shot effects (combat/encounter timings) --------------------------
    def _op_skill_bonus(self, s, st, c, cid, events):
        """A one-shot bonus (a combat use, a spell's success): for the tests of the encounter."""
        target = s["ctx"].get(c.get("bonus_to"), c)
        target.setdefault("bonuses", []).append({"skill": st["skill"], "amount": self.amount(s, st["amount"], c)})

    def _op_extra_dice(self, s, st, c, cid, events):
        target = s["ctx"].get(c.get("bonus_to"), c)
        target["extra_dice"] = target.get("extra_dice", 0) + self.amount(s, st.get("amount", 1), c)

    def _op_noop(self, s, st, c, cid, events):
        return

    def _op_reroll(self, s, st, c, cid, events):
        """A one-shot reroll (Wither's back): offered in the encounter's later tests; static
        rerolls are read from passives, never run."""
        if c.get("bonus_to") in s["ctx"]:
            s["ctx"][c["bonus_to"]].setdefault("rerolls", []).append({"st": st, "card": c.get("card") or {}})

    _op_die_bonus = _op_success_on = _op_six_counts_twice = _op_forbid = _op_noop
    _op_set_horror = _op_reduce_damage = _op_reduce_clue_cost = _op_noop
