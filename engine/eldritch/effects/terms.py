"""What a step's parameters name: selectors (who), amounts and quantities, conditions, places and
monster targets; a choice among several is asked with ``defer``.

Part of the effect interpreter (:mod:`engine.eldritch.effects`): a mixin of ``EldritchRules``."""
from __future__ import annotations


class Terms:
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
        elif of in ("health_missing", "sanity_missing"):
            what = of.split("_")[0]
            v = i["max_" + what] - i[what] if i else 0
        elif of in ("health_spare", "sanity_spare"):   # H3: a cost never takes the last one
            v = max(0, i[of.split("_")[0]] - 1) if i else 0
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
        elif of == "doom":
            v = s["doom"]
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
        if op == "some_space":
            return any(self.space_ok(s, sp, cnd, c) for sp in self.C.space_ids)
        if op == "some_investigator":
            return bool(self.investigators_among(s, cnd, c))
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

    def investigators_among(self, s, st, c, events=None) -> list:
        """The investigators a ``choose_investigator`` (or a ``some_investigator`` condition) picks
        from: ``among`` at ``at``, each meeting ``condition`` as ``self``."""
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
        return invs

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
