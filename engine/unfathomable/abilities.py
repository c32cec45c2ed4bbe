"""Abilities, response windows and die rolls (checklist E49-53, H93-97, T183).

An ability is named by a *ref* ``<source>:<id>`` and belongs to one player:

=============  ==========================================================
``card:<c>``   a skill card in the hand (shown, resolved, then discarded)
``char:<ch>``  the character sheet's ability (not after revealing)
``feat:<f>``   the feat (once per game, removed after use)
``item:<i>:<n>`` the n-th ability of an item in the play area (not in the Brig)
``title:<t>:<n>`` a title card's ability
``play:<card>:<n>`` an ability of a mythos card or spell in the play area
``zone:<z>``   the zone's action (``zone_t:<z>`` its traitor action)
``repair:<z>`` the repair action of the damage card in zone z
=============  ==========================================================

A **window** asks, at once, every player who might respond: with a non-empty hand when skill
cards of that timing exist (the hand is secret, so everyone holding cards is asked), or with a
usable public ability. Each answers ``pass`` or ``use``; once all have answered, the uses resolve
(in the order the current player names, checklist 94: ``window_order``) and the window opens again; it closes when a round
passes with no use. AFK: pass.
"""
from __future__ import annotations

from engine.core.events import event, only
from engine.core.flow import FrameKind
from engine.core.rng import Rng
from engine.unfathomable.common import BRIG, SKILL_TYPES, card_title, card_type


class Window(FrameKind):
    """``{"k": "window", "timing", "asked": [players], "answers": {}, "c": ctx id}``."""

    def prompts(self, rules, s, f):
        out = []
        for p in f["asked"]:
            if p in f["answers"]:
                continue
            options = [{"type": "pass"}] + [{"type": "use", "ability": ref}
                                            for ref in rules.window_usable(s, p, f)]
            out.append(rules.make_prompt(f, "window", {"player": p, "options": options}, {"type": "pass"}))
        return out

    def ready(self, rules, s, f, events):
        if any(p not in f["answers"] for p in f["asked"]):
            return True
        s["stack"].pop()
        return False

    def answer(self, rules, s, f, action, events):
        f["answers"][action["player"]] = action.get("ability")
        if any(p not in f["answers"] for p in f["asked"]):
            return
        s["stack"].pop()
        uses = [(p, f["answers"][p]) for p in f["asked"] if f["answers"][p]]
        if not uses:
            return
        again = {k: v for k, v in f.items() if k not in ("id", "answers")}
        again["answers"] = {}
        rules.push(s, again)
        window = {k: v for k, v in f.items() if k not in ("id", "answers")}
        rules.order_uses(s, uses, window)


class Abilities:
    HAND_TIMINGS: frozenset = frozenset()

    def order_uses(self, s, uses, window) -> None:
        """Checklist 94, seed l.1591: «Якщо кілька гравців збираються одночасно використати
        властивості, поточний гравець вирішує, у якому порядку відбудеться розіграш». Several
        uses of one window round: the current player names whose resolves next (a
        ``window_order`` prompt listing players only, never their abilities; AFK: the first, i.e.
        the current player's own, then clockwise); one use left resolves at once."""
        if len(uses) == 1:
            p, ref = uses[0]
            # checked again when its turn comes: an earlier use may have taken the card away
            self.push(s, {"k": "window_use", "player": p, "ability": ref, "window": window})
            return
        current = s["turn"]["player"] if s.get("turn") else s["first_player"]
        self.push(s, {"k": "window_order", "player": current, "purpose": "window_order",
                      "uses": [[p, ref] for p, ref in uses], "window": window})

    def _ask_window_order(self, s, f):
        return {"player": f["player"], "default": "first",
                "options": [{"type": "choose", "value": p} for p, _ in f["uses"]]}

    def _answer_window_order(self, s, f, action, events):
        first = action["value"]
        ref = next(r for p, r in f["uses"] if p == first)
        self.order_uses(s, [(p, r) for p, r in f["uses"] if p != first], f["window"])   # the rest, after
        self.push(s, {"k": "window_use", "player": first, "ability": ref, "window": f["window"]})

    def _run_card_played(self, s, f, events):
        """The played skill card goes to its discard once its ability has resolved."""
        playing = s.get("playing", [])
        if f["card"] in playing:
            playing.remove(f["card"])
            self.discard(s, f["card"])
            events.append(event("card_resolved", card=f["card"]))

    def _run_window_use(self, s, f, events):
        p, ref, window = f["player"], f["ability"], f["window"]
        if ref in self.window_usable(s, p, window):
            self.use_ability(s, p, ref, events, window=window)
        else:
            events.append(event("ability_lapsed", only(p), player=p, ability=ref))

    def index_abilities(self):
        pack = self.pack
        self.card_ability = {c.id: c.ability for d in pack.skill_cards.decks for c in d.cards}
        self.hand_timings = frozenset(a.timing for a in self.card_ability.values())
        self.items_by_id = {i.id: i for i in pack.items.items}
        self.feats_by_id = {f.id: f for f in pack.feats.feats}
        self.titles_by_id = {t.id: t for t in pack.titles.titles}
        self.spells_by_id = {sp.id: sp for sp in pack.spells.spells}
        self.mythos_by_id = {m.id: m for m in pack.mythos.mythos}
        self.course_by_id = {c.id: c for c in pack.course.course_cards}
        self.damage_by_id = {d.id: d for d in pack.damage.damage_cards}
        if hasattr(self, "index_combat"):
            self.index_combat()

    def ability(self, ref: str):
        kind, _, rest = ref.partition(":")
        if kind == "card":
            return self.card_ability[card_title(rest)]
        if kind == "char":
            return self.pack.character(rest).ability
        if kind == "trait":
            return self.pack.character(rest).traitor_ability
        if kind == "feat":
            return self.feats_by_id[rest].ability
        if kind == "item":
            item, n = rest.rsplit(":", 1)
            return self.items_by_id[item].abilities[int(n)]
        if kind == "title":
            title, n = rest.rsplit(":", 1)
            return self.titles_by_id[title].abilities[int(n)]
        if kind == "play":
            card, n = rest.rsplit(":", 1)
            src = self.mythos_by_id.get(card) or self.spells_by_id.get(card)
            return src.in_play.abilities[int(n)]
        if kind == "zone":
            return self.board.zones[rest].action
        if kind == "zone_t":
            return self.board.zones[rest].traitor_action
        raise KeyError(ref)

    def abilities_of(self, s, p):
        """Every ability ``p`` holds now, as refs (unfiltered by timing)."""
        refs = []
        human = self.is_human(s, p)
        for card in dict.fromkeys(s["hands"][p]):
            if human and card_type(card) == "treachery":
                continue  # checklist 50: Humans cannot use treachery abilities
            refs.append("card:" + card)
        if human and p in s["characters"]:
            refs.append("char:" + s["characters"][p])
        if s["feats"].get(p):
            refs.append("feat:" + s["feats"][p])
        if s["zone_of"].get(p) != BRIG:  # checklist 128: no item abilities in the Brig
            for item in s["items"][p]:
                it = self.items_by_id[item]
                if it.upgrade and s["active_upgrade"].get(p) != item:
                    continue
                refs.extend(f"item:{item}:{n}" for n in range(len(it.abilities)))
        for title, holder in s["titles"].items():
            if holder == p:
                refs.extend(f"title:{title}:{n}" for n in range(len(self.titles_by_id[title].abilities)))
        for card in s["in_play"][p]:
            src = self.mythos_by_id.get(card) or self.spells_by_id.get(card)
            if src and src.in_play:
                refs.extend(f"play:{card}:{n}" for n in range(len(src.in_play.abilities)))
        return refs

    def window_usable(self, s, p, window) -> list[str]:
        """What ``p`` may use in a window: its timing and ``any_time`` (README ruling 42;
        ``during_own_turn`` is never mid-step, so only at one's own action choices, RULINGS C1)."""
        refs = self.usable(s, p, window["timing"], window) + self.usable(s, p, "any_time", window)
        return list(dict.fromkeys(refs))

    def usable(self, s, p, timing: str, window=None) -> list[str]:
        return [ref for ref in self.abilities_of(s, p) if self.can_use(s, p, ref, timing, window)]

    def can_use(self, s, p, ref, timing, window=None) -> bool:
        ab = self.ability(ref)
        combat = timing == "after_roll" and ab.timing == "after_combat_roll" and bool(window and window.get("combat"))
        if (ab.timing != timing and not combat) or ab.timing == "passive":
            return False
        if not self._limit_ok(s, p, ref, ab):
            return False
        if timing in ("after_zone_action",) and window and ab.zone != window.get("zone"):
            return False
        if ab.timing == "after_skill_card":   # Elder Sign Amulet: only after the listed cards
            card = (s["ctx"].get(window.get("c")) or {}).get("card", "") if window else ""
            if card.count(":") != 3 or card_title(card) not in (ab.cards or []):
                return False
            if (s["ctx"].get(window.get("c")) or {}).get("again_used"):   # once per card played (RULINGS X6)
                return False
        if ab.timing in ("would_be_defeated", "passengers_would_be_defeated") and \
                not self.prevent_applies(s, p, ab, window):   # players.py: the pending defeat it covers
            return False
        if ab.range and window is not None:   # passengers_would_be_defeated: in or next to the holder's zone
            z, mine = window.get("zone"), s["zone_of"].get(p)
            if z is None or mine is None or not (z == mine or (ab.range == "own_and_adjacent"
                                                               and z in self.board.adjacent.get(mine, ()))):
                return False
        c = {"id": "probe", "bind": {}, "self": p, "decider": p}
        if window and window.get("c") in s["ctx"]:
            c = {**s["ctx"][window["c"]], "id": "probe", "bind": {}, "self": p, "decider": p}
        if ab.requires is not None and not self.holds(s, ab.requires, c):
            return False
        if ab.timing in ("action", "free") and not self.attack_possible(s, p, ab):
            return False
        return self.cost_payable(s, p, ab, c)

    def cost_payable(self, s, p, ab, c) -> bool:
        for st in ab.cost:
            if st.name == "risk_passengers" and len(s["passenger_supply"]) < self.amount(s, st.spec.count, c):
                return False  # checklist 119
            if st.name == "discard_skill_cards":
                spec = st.spec
                cards = [x for x in s["hands"][p] if spec.type is None or card_type(x) == spec.type]
                if isinstance(spec.count, int) and len(cards) < spec.count:
                    return False
            if st.name == "lose":
                pass
        for st in (*ab.cost, *ab.effect):   # discard_total is a cost wherever it stands (the Brig escape)
            if st.name == "discard_total" and not self.total_payable(s, p, st.spec):
                return False
        return True

    def _limit_ok(self, s, p, ref, ab) -> bool:
        key = self._limit_key(s, p, ref, ab)
        return key is None or key not in s["limits"]

    def _limit_key(self, s, p, ref, ab):
        base = ref.split(":")[0] + ":" + (card_title(ref[5:]) if ref.startswith("card:") else ref.split(":", 1)[1])
        if ab.limit == "once_per_turn":
            return f"turn{s['turns_taken']}:{p}:{base}"
        if ab.limit == "once_per_check":
            return f"check{s.get('check_seq', 0)}:{p}:{base}"
        if ab.limit == "once_per_roll":
            return f"roll{s.get('roll_seq', 0)}:{p}:{base}"
        if ab.limit == "once_per_game":
            return f"game:{p}:{base}"
        return None

    def use_ability(self, s, p, ref, events, window=None, ctx_extra=None):
        """Pay the cost, run the effect; a skill card is shown and then discarded (checklist 49),
        a feat leaves the game (checklist 149)."""
        ab = self.ability(ref)
        key = self._limit_key(s, p, ref, ab)
        if key:
            s["limits"].append(key)
        fields = {"self": p, "decider": p, "ability": ref}
        if ab.timing == "after_skill_card" and window and window.get("c") in s["ctx"]:
            s["ctx"][window["c"]]["again_used"] = True   # RULINGS X6: once per card played
        if window and window.get("c") in s["ctx"]:
            parent = s["ctx"][window["c"]]
            fields.update({k: v for k, v in parent.items() if k not in ("id", "bind", "self", "decider")})
            fields["parent"] = window["c"]
        fields.update(ctx_extra or {})
        kind, _, rest = ref.partition(":")
        if kind == "card":
            # seed l.1611, l.2099: shown, resolved, then discarded - while it resolves it is in
            # ``playing`` (public), not yet in its discard (a reshuffle of that discard misses it)
            s["hands"][p].remove(rest)
            s.setdefault("playing", []).append(rest)
            fields["card"] = rest
            self.push(s, {"k": "card_played", "card": rest})
            if "after_card" in self.FRAMES:   # the after_skill_card window, once the card resolved
                self.push(s, {"k": "after_card", "player": p, "card": rest})
        elif kind == "feat":
            s["feats"][p] = None
            s.setdefault("feats_used", []).append(rest)
        elif kind == "play":
            fields["card"] = rest.rsplit(":", 1)[0]
            fields["holder"] = p
        events.append(event("ability_used", player=p, ability=ref, timing=ab.timing))
        if ab.cost:
            self._start_cost_then_effect(s, ab, events, fields)
        else:
            self.start_effect(s, ab.effect, events, fields)

    def _start_cost_then_effect(self, s, ab, events, fields):
        cid = self.new_ctx(s, fields)
        self.push(s, {"k": "ctx_end", "c": cid})
        if ab.effect:
            self.push(s, {"k": "fx", "e": self.key_of(ab.effect), "i": 0, "c": cid})
        self.push(s, {"k": "fx", "e": self.key_of(ab.cost), "i": 0, "c": cid})

    # --- windows
    def open_window(self, s, timing, events, c=None, players=None, **extra):
        """Ask who may respond at ``timing`` (see the module doc)."""
        order = players if players is not None else self.turn_order(s)
        hand_secret = timing in self.hand_timings or (extra.get("combat") and "after_combat_roll" in self.hand_timings)
        asked = [p for p in order if (hand_secret and s["hands"][p]) or self.usable(s, p, timing, {"c": c, **extra})]
        if not asked:
            return
        # README ruling 42-43: an open window also asks whoever could use an any-time ability
        # (or their own during-own-turn one); no window is opened for those alone
        probe = {"timing": timing, "c": c, **extra}
        asked = [p for p in order if p in asked or self.window_usable(s, p, probe)]
        frame = {"k": "window", "timing": timing, "asked": asked, "answers": {}, **extra}
        if c:
            frame["c"] = c
        self.push(s, frame)

    # --- die rolls (checklist 96-97): a window before and after every roll
    def need_roll(self, s, c, slot, purpose="roll", who=None, combat=False, modifier=0):
        """``combat``: an attack roll by or against a character; its after-roll window also offers
        ``after_combat_roll`` abilities (Combat Training), before and after every reroll.
        ``modifier``: the roll's starting modifier (an attack's bonus; it stays for rerolls)."""
        if slot in c["bind"]:
            return c["bind"][slot]
        roller = who or c.get("self") or s["turn"]["player"]
        self.push(s, {"k": "roll_end", "c": c["id"], "slot": slot})
        self.push(s, {"k": "roll_do", "c": c["id"], "purpose": purpose, "roller": roller})
        self.push(s, {"k": "roll_start", "c": c["id"], "purpose": purpose, "roller": roller,
                      **({"combat": True} if combat else {}),
                      **({"modifier": modifier} if modifier else {})})
        from engine.unfathomable.effects import Pending
        raise Pending

    def _run_roll_start(self, s, f, events):
        s["roll_seq"] = s.get("roll_seq", 0) + 1
        s["rolls"].append({"modifier": f.get("modifier", 0), "set": None, "value": None, "seq": s["roll_seq"], "c": f["c"],
                           "combat": bool(f.get("combat")), "player": f.get("roller"), "purpose": f.get("purpose")})
        # the table sees a roll under way before the windows ahead of it open
        card = self.roll_card(s, s["rolls"][-1])
        events.append(event("roll_started", player=f.get("roller"), purpose=f.get("purpose"),
                            **({"card": card} if card else {})))
        self.open_window(s, "before_roll", events, c=f["c"])

    def roll_card(self, s, roll) -> str | None:
        """The card a plain roll is made for (a mythos, course, damage or spell card's "roll a d8",
        a skill card played): public, as the card is, so the log and the windows can name it."""
        if roll.get("purpose") != "roll":
            return None
        card = (s["ctx"].get(roll.get("c")) or {}).get("card")
        if not isinstance(card, str):
            return None
        public = card in self.mythos_by_id or card in self.course_by_id or card in self.damage_by_id \
            or card in self.spells_by_id or (card_type(card) in SKILL_TYPES and card_type(card) != "treachery")
        return card if public else None

    def _run_roll_do(self, s, f, events):
        roll = s["rolls"][-1]
        if roll["set"] is not None:
            raw = roll["set"]
        elif s["forced_rolls"]:
            raw = s["forced_rolls"].pop(0)
        else:
            raw = Rng(s["rng"]).roll(self.pack.setup.combat["die_sides"])
        roll["raw"] = raw
        roll["value"] = max(1, min(8, raw + roll["modifier"]))
        card = self.roll_card(s, roll)
        events.append(event("die_rolled", player=f.get("roller"), purpose=f.get("purpose"), raw=raw,
                            modifier=roll["modifier"], value=roll["value"], **({"card": card} if card else {})))
        if roll.get("combat"):
            self.open_window(s, "after_roll", events, c=f["c"], combat=True)
        else:
            self.open_window(s, "after_roll", events, c=f["c"])

    def _run_roll_end(self, s, f, events):
        roll = s["rolls"].pop()
        events.append(event("roll_ended", value=roll["value"]))   # the roll under way leaves the table
        c = s["ctx"][f["c"]]
        c["bind"][f["slot"]] = roll["value"]
        c["last_roll"] = roll["value"]
        c["last_roll_modifier"] = roll["modifier"]

    def _fx_roll(self, s, spec, c, events):
        """``roll at_most|at_least``: a d8 through every roll window, compared after modifiers."""
        value = self.need_roll(s, c, "roll")
        ok = (spec.at_most is None or value <= self.amount(s, spec.at_most, c)) and \
             (spec.at_least is None or value >= self.amount(s, spec.at_least, c))
        events.append(event("roll_compared", player=c.get("self"), value=value, success=ok))
        self.then_effect(s, spec.then if ok else spec.otherwise, c)

    # statics are read by statics(), never run; as steps they do nothing
    def _fx_extra_treachery_in_checks(self, s, spec, c, events):
        pass

    def _fx_attack_bonus(self, s, spec, c, events):
        pass

    def _fx_cannot_attack(self, s, spec, c, events):
        pass

    def _fx_modify_roll(self, s, spec, c, events):
        if not s["rolls"]:
            return
        amount = self.amount(s, spec.amount, c)
        if spec.either_sign:
            amount = self.need(s, c, "sign", c["self"], "roll_sign", [amount, -amount], ask_single=True)
        s["rolls"][-1]["modifier"] += amount
        events.append(event("roll_modified", player=c["self"], amount=amount))

    def _fx_set_roll(self, s, spec, c, events):
        if not s["rolls"]:
            return
        s["rolls"][-1]["set"] = self.need(s, c, "set", c["self"], "roll_value", list(range(1, 9)), ask_single=True)

    def _fx_reroll(self, s, spec, c, events):
        """Checklist 96: back to the before-roll step; modifiers stay."""
        if not s["rolls"]:
            return
        roll = s["rolls"][-1]
        stack = s["stack"]
        # replace the after-roll window that re-opens below this ability with a new roll
        at = next((i for i in range(len(stack) - 1, -1, -1)
                   if stack[i]["k"] == "window" and stack[i]["timing"] == "after_roll"
                   and stack[i].get("c") == roll["c"]), None)
        if at is None:
            at = next(i for i in range(len(stack) - 1, -1, -1) if stack[i]["k"] == "roll_end"
                      and stack[i]["c"] == roll["c"]) + 1
        else:
            del stack[at]
        roll["set"] = None
        tail = stack[at:]
        del stack[at:]
        self.push(s, {"k": "roll_do", "c": roll["c"], "purpose": "reroll", "roller": c["self"]})
        self.open_window(s, "before_roll", events, c=roll["c"])
        stack.extend(tail)
        events.append(event("reroll", player=c["self"]))

