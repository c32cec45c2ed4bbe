"""The effect interpreter: effects from the pack run as data frames, so a saved game resumes
mid-effect.

* Every effect list of the pack gets a stable key at load (its path in the pack, e.g.
  ``mythos.accusation.crisis[0].choice.options[1].effect``); an ``fx`` frame ``{"k": "fx", "e":
  key, "i": step index, "c": context id}`` runs one step and leaves the next one below the step's
  own frames, so nested prompts finish first.
* A context (``state["ctx"][id]``) carries who ``self``/``decider`` are, the card being resolved,
  and what earlier steps fixed (``target``, ``picked``, ``chosen_number``, ...). It is dropped by the
  ``ctx_end`` frame left under the effect.
* A primitive is a method ``_fx_<name>(s, spec, c, events)``. When it needs a decision or a die
  roll before it can act, it calls :meth:`need` (or :meth:`need_subset`, :meth:`need_number`,
  :meth:`need_roll`): the first call pushes a prompt and re-runs the step after the answer, which is
  then *bound* under the given slot. So a primitive makes all its ``need`` calls before it changes
  anything.
"""
from __future__ import annotations

from pydantic import BaseModel

from engine.content.dialect import Tagged
from engine.unfathomable.content_effects import ChosenPlayer, Location, PlayersIn, Quantity
from engine.core.events import event
from engine.unfathomable.common import BRIG, DEPTHS, RESOURCES, SICK_BAY

EFFECT_FIELDS = {"effect", "cost", "then", "otherwise", "on_pass", "on_partial", "on_fail", "on_success",
                 "on_failure", "crisis"}


class Pending(Exception):
    """A primitive asked for a decision; the step runs again once it is answered."""


class Effects:
    # --- the effect index
    def index_effects(self) -> None:
        self.fx: dict[str, list] = {}
        self.fx_key: dict[int, str] = {}
        self.specs: dict[str, object] = {}    # every step's parameters by path (a check finds its branches)
        self.spec_key: dict[int, str] = {}
        self._index(self.pack, "")

    def index_effect(self, effect: list, key: str) -> None:
        """Index an effect that is not in the pack (a test's, say) with the pack's rules."""
        self._register(effect, key)
        self._index(effect, key)

    def _index(self, node, path: str) -> None:
        if isinstance(node, BaseModel) and not isinstance(node, Tagged):
            for name in type(node).model_fields:
                value = getattr(node, name)
                sub = f"{path}.{name}" if path else name
                if name in EFFECT_FIELDS and isinstance(value, list):
                    self._register(value, sub)
                self._index(value, sub)
        elif isinstance(node, Tagged):
            sub = f"{path}.{node.name}"
            self.spec_key.setdefault(id(node.spec), sub)
            self.specs.setdefault(sub, node.spec)
            self._index(node.spec, sub)
        elif isinstance(node, (list, tuple)):
            for i, v in enumerate(node):
                key = getattr(v, "id", None) if isinstance(v, BaseModel) else None
                self._index(v, f"{path}[{key if isinstance(key, str) else i}]")

    def _register(self, effect: list, key: str) -> None:
        if id(effect) not in self.fx_key:
            self.fx_key[id(effect)] = key
            self.fx[key] = effect

    def key_of(self, effect: list) -> str:
        return self.fx_key[id(effect)]

    # --- contexts
    def new_ctx(self, s, fields: dict) -> str:
        s["ctx_seq"] += 1
        cid = f"c{s['ctx_seq']}"
        s["ctx"][cid] = {"id": cid, "bind": {}, **fields}
        return cid

    def _run_ctx_end(self, s, f, events):
        s["ctx"].pop(f["c"], None)

    def start_effect(self, s, effect: list, events, ctx_fields: dict) -> str | None:
        """Run a top-level effect in a new context (dropped when the effect is done)."""
        if not effect:
            return None
        cid = self.new_ctx(s, ctx_fields)
        self.push(s, {"k": "ctx_end", "c": cid})
        self.push(s, {"k": "fx", "e": self.key_of(effect), "i": 0, "c": cid})
        return cid

    def then_effect(self, s, effect: list, c: dict) -> None:
        """Run a nested effect (then/otherwise/an option) in the same context, now."""
        if effect:
            self.push(s, {"k": "fx", "e": self.key_of(effect), "i": 0, "c": c["id"]})

    def _run_fx(self, s, f, events):
        steps = self.fx[f["e"]]
        i = f["i"]
        if i >= len(steps):
            return
        if not f.get("only") and i + 1 < len(steps):
            self.push(s, {"k": "fx", "e": f["e"], "i": i + 1, "c": f["c"]})
        c = s["ctx"][f["c"]]
        step = steps[i]
        mark = len(s["stack"])
        try:
            getattr(self, "_fx_" + step.name)(s, step.spec, c, events)
        except Pending:
            # the step runs again (alone) once the prompt pushed on top of it is answered
            s["stack"].insert(mark, {"k": "fx", "e": f["e"], "i": i, "c": f["c"], "only": True})
            return
        c["bind"] = {}

    # --- decisions inside a step
    def need(self, s, c, slot, player, purpose, values, default="first", **context):
        """The value bound to ``slot``, or ask ``player`` to choose one of ``values`` (plain JSON
        values) and run the step again. With one value there is nothing to ask; with none, None."""
        if slot in c["bind"]:
            return c["bind"][slot]
        if not values:
            return None
        ask_single = context.pop("ask_single", False)   # never stored in the frame
        if len(values) == 1 and not ask_single:
            c["bind"][slot] = values[0]
            return values[0]
        self.push(s, {"k": "choose", "player": player, "purpose": purpose, "values": list(values),
                      "c": c["id"], "slot": slot, "default": default, **context})
        raise Pending

    def need_subset(self, s, c, slot, player, purpose, ids, lo, hi, **context):
        if slot in c["bind"]:
            return c["bind"][slot]
        hi = min(hi, len(ids))
        lo = min(lo, hi)
        if lo == hi == len(ids):
            c["bind"][slot] = list(ids)
            return list(ids)
        self.push(s, {"k": "choose_cards", "player": player, "purpose": purpose, "ids": list(ids),
                      "min": lo, "max": hi, "c": c["id"], "slot": slot, **context})
        raise Pending

    def need_number(self, s, c, slot, player, purpose, lo, hi, **context):
        if slot in c["bind"]:
            return c["bind"][slot]
        if lo >= hi:
            c["bind"][slot] = lo
            return lo
        self.push(s, {"k": "choose_number", "player": player, "purpose": purpose, "min": lo, "max": hi,
                      "c": c["id"], "slot": slot, **context})
        raise Pending

    def _ask_choose(self, s, f):
        return {"player": f["player"], "default": f.get("default", "first"),
                "options": [{"type": "choose", "value": v} for v in f["values"]]}

    def _answer_choose(self, s, f, action, events):
        s["ctx"][f["c"]]["bind"][f["slot"]] = action["value"]

    def _ask_choose_cards(self, s, f):
        return {"player": f["player"], "subset": {"ids": f["ids"], "min": f["min"], "max": f["max"],
                                                  "action": {"type": "choose_cards"}, "field": "cards"}}

    def _answer_choose_cards(self, s, f, action, events):
        s["ctx"][f["c"]]["bind"][f["slot"]] = list(action["cards"])

    def _ask_choose_number(self, s, f):
        return {"player": f["player"], "number": {"min": f["min"], "max": f["max"],
                                                  "action": {"type": "choose_number"}, "field": "number"}}

    def _answer_choose_number(self, s, f, action, events):
        s["ctx"][f["c"]]["bind"][f["slot"]] = action["number"]

    # --- selectors
    def owner_of(self, s, character: str) -> str | None:
        for p, ch in s["characters"].items():
            if ch == character:
                return p
        return None

    def is_human(self, s, p) -> bool:
        """Checklist 151: a player who has not revealed is a Human for every game effect."""
        return p not in s["revealed"]

    def pool(self, s, c, pool: str, chooser: str | None) -> list[str]:
        players = [p for p in self.turn_order(s)]
        me = chooser
        zone = s["zone_of"].get(me) if me else None
        if pool == "players":
            return players
        if pool == "humans":
            return [p for p in players if self.is_human(s, p)]
        if pool == "other_players":
            return [p for p in players if p != me]
        if pool == "other_humans":
            return [p for p in players if p != me and self.is_human(s, p)]
        if pool == "other_unrevealed_not_in_brig":
            return [p for p in players if p != me and self.is_human(s, p) and s["zone_of"][p] != BRIG]
        if pool == "other_players_in_zone":
            return [p for p in players if p != me and s["zone_of"][p] == zone]
        if pool == "humans_in_zone":   # README: the other Humans in the chooser's zone
            return [p for p in players if p != me and self.is_human(s, p) and s["zone_of"][p] == zone]
        if pool == "revealed_traitors":
            return [p for p in players if not self.is_human(s, p)]
        raise ValueError(pool)

    def turn_order(self, s) -> list[str]:
        """Every player, starting with the current player (clockwise)."""
        current = s["turn"]["player"] if s.get("turn") else s["first_player"]
        return self.clockwise_from(s, current)

    def players_of(self, s, who, c, slot="who") -> list[str]:
        """The players a selector names (checklist: 'If a named character is not in the game,
        steps naming them do nothing')."""
        if isinstance(who, ChosenPlayer):
            chooser = self.player_of(s, who.chosen_by, c)
            if chooser is None:
                return []
            values = self.pool(s, c, who.among, chooser)
            picked = self.need(s, c, slot, chooser, "player", values)
            return [picked] if picked else []
        if isinstance(who, PlayersIn):
            zones = self.zones_of(s, who.all_in, c, slot + ".at")
            return [p for p in self.turn_order(s) if s["zone_of"][p] in zones
                    and (who.side == "players" or self.is_human(s, p))]
        if who == "each_human":
            return [p for p in self.turn_order(s) if self.is_human(s, p)]
        if who == "each_player":
            return self.turn_order(s)
        if who == "each_in_brig":
            return [p for p in self.turn_order(s) if s["zone_of"][p] == BRIG]
        one = self.player_of(s, who, c)
        return [one] if one else []

    def player_of(self, s, who: str, c) -> str | None:
        if who == "current_player":   # Spread Misfortune resolves a crisis as its own current player (ruling 48)
            return c.get("current_player") or (s["turn"]["player"] if s.get("turn") else None)
        if who in ("self", "decider", "target"):
            return c.get(who) or (c.get("self") if who == "decider" else None)
        if who in s["titles"]:
            return s["titles"][who]
        if isinstance(who, str):
            return self.owner_of(s, who)
        return None

    def zones_of(self, s, loc: Location, c, slot="at") -> list[str]:
        """The zones a location names; may ask (chosen zones) or roll (by-roll locations)."""
        b = self.board
        if loc.zone:
            return [loc.zone]
        if loc.zone_of:
            p = self.player_of(s, loc.zone_of, c)
            if p is None:
                return []
            zone = s["zone_of"][p]
            if loc.fallback_zone and zone in (SICK_BAY, BRIG):
                return [loc.fallback_zone]
            return [zone]
        if loc.interior_of:
            p = self.player_of(s, loc.interior_of, c)
            if p is None:
                return []
            zone = s["zone_of"][p]
            if zone == SICK_BAY:
                chooser = c.get("decider") or p
                return [self.need(s, c, slot, chooser, "zone", list(b.adjacent[SICK_BAY]))]
            return [b.interior_of(zone)]
        if loc.interior_by_roll:
            return [b.number[self.need_roll(s, c, slot, purpose="zone")]]   # the log says what it is for
        if loc.deck_by_roll:
            return [b.deck_number[self.need_roll(s, c, slot, purpose="deck_zone")]]
        if loc.picked:
            return [c["picked"]] if c.get("picked") else []
        if loc.each:
            return list(b.area(loc.each))
        if loc.depths:
            return [DEPTHS]
        ch = loc.chosen
        chooser = self.player_of(s, ch.by, c)
        if chooser is None:
            return []
        walk = tuple(z for z in b.ship if z not in (SICK_BAY, BRIG))   # README ruling 51
        kinds = {"water": b.water, "deck": b.deck, "interior": b.area("interior"), "ship": walk,
                 "any": b.water + b.ship}[ch.kind]
        values = list(kinds)
        if ch.adjacent_to:
            near = self.player_of(s, ch.adjacent_to, c)
            values = [z for z in values if near and z in b.adjacent[s["zone_of"][near]]]
        if ch.undamaged:
            values = [z for z in values if z not in s["damage"]]
        out = []
        for n in range(ch.count):
            left = [z for z in values if z not in out]
            z = self.need(s, c, f"{slot}#{n}", chooser, "zone", left)
            if z is None:
                break
            out.append(z)
        return out

    def amount(self, s, value, c) -> int:
        if isinstance(value, int):
            return value
        return self.quantity(s, value, c)

    def quantity(self, s, q: Quantity, c) -> int:
        of = q.of
        if of == "passengers_in_supply":
            v = len(s["passenger_supply"])
        elif of == "passengers_on_deck":
            v = sum(len(x) for x in s["passengers"].values())
        elif of == "deep_ones_on_board":
            v = sum(n for z, n in s["deep_ones"].items() if z != DEPTHS)
        elif of in ("items_held", "hand_size"):
            p = self.player_of(s, q.who, c)
            v = 0 if p is None else len(s["items" if of == "items_held" else "hands"][p])
        else:
            v = c.get(of, 0) or 0
        return v + q.offset

    # --- structural primitives
    def _fx_choice(self, s, spec, c, events):
        chooser = self.player_of(s, spec.chooser, c)
        allowed = [i for i, o in enumerate(spec.options) if o.requires is None or self.holds(s, o.requires, c)]
        if chooser is None or not allowed:
            return
        # the frame names the printed choice, not its words: a reworded label changes no state
        # (the prompt reads the labels from the content: ``make_prompt``)
        i = self.need(s, c, "option", chooser, "option", allowed, ask_single=True, choice=self.spec_key[id(spec)])
        events.append(event("option_chosen", player=chooser, option=i, card=c.get("card")))
        self.then_effect(s, spec.options[i].effect, c)

    def _fx_optional(self, s, spec, c, events):
        chooser = self.player_of(s, spec.chooser, c)
        if chooser is None:
            return
        if self.need(s, c, "optional", chooser, "optional", [False, True], ask_single=True):
            self.then_effect(s, spec.effect, c)

    def _fx_if(self, s, spec, c, events):
        self.then_effect(s, spec.then if self.holds(s, spec.condition, c) else spec.otherwise, c)

    def _fx_choose_number(self, s, spec, c, events):
        chooser = self.player_of(s, spec.chooser, c)
        hi = spec.max
        if spec.cap is not None:
            hi = min(hi, self.quantity(s, spec.cap, c))
        if chooser is None or hi < spec.min:
            c["chosen_number"] = 0
            return
        c["chosen_number"] = self.need_number(s, c, "number", chooser, "number", spec.min, hi)

    def _fx_for_each(self, s, spec, c, events):
        players = self.players_of(s, spec.who, c)
        for p in reversed(players):
            child = self.new_ctx(s, {k: v for k, v in c.items() if k not in ("id", "bind")})
            s["ctx"][child]["self"] = p
            self.push(s, {"k": "ctx_end", "c": child})
            if spec.effect:
                self.push(s, {"k": "fx", "e": self.key_of(spec.effect), "i": 0, "c": child})

    def _fx_pick_player(self, s, spec, c, events):
        chooser = self.player_of(s, spec.chooser, c)
        values = self.pool(s, c, spec.among, chooser) if chooser else []
        target = self.need(s, c, "target", chooser, "player", values, ask_single=True) if values else None
        if target is None:
            # no legal player: the rest of the effect is skipped (README pick_player)
            self.skip_rest(s, c)
            return
        c["target"] = target
        events.append(event("player_picked", chooser=chooser, target=target, card=c.get("card")))

    def skip_rest(self, s, c):
        while s["stack"] and s["stack"][-1]["k"] == "fx" and s["stack"][-1]["c"] == c["id"]:
            s["stack"].pop()

    def _fx_pick_zone(self, s, spec, c, events):
        zones = self.zones_of(s, spec.at, c)
        c["picked"] = zones[0] if zones else None

    # --- resources (checklist: a dial at 0 ends the game at once)
    def _fx_lose(self, s, spec, c, events):
        self.change_resources(s, {r: -getattr(spec, r) for r in RESOURCES if getattr(spec, r)}, events)

    def _fx_gain(self, s, spec, c, events):
        self.change_resources(s, {r: getattr(spec, r) for r in RESOURCES if getattr(spec, r)}, events)

    def change_resources(self, s, delta: dict, events, reason=None):
        top = self.pack.resources.maximum
        for r, d in delta.items():
            s["resources"][r] = max(0, min(top, s["resources"][r] + d))
        events.append(event("resources_changed", delta=delta, resources=dict(s["resources"]), reason=reason))

    def _fx_lose_chosen_resource(self, s, spec, c, events):
        chooser = self.player_of(s, spec.chooser, c) or s["turn"]["player"]
        # the most plentiful first: an AFK chooser never empties a low dial (a dial at 0 ends the game)
        values = sorted(RESOURCES, key=lambda x: -s["resources"][x])
        r = self.need(s, c, "resource", chooser, "resource", values)
        self.change_resources(s, {r: -spec.amount}, events)

    def _fx_gain_chosen_resource(self, s, spec, c, events):
        chooser = self.player_of(s, spec.chooser, c) or s["turn"]["player"]
        values = sorted(RESOURCES, key=lambda x: s["resources"][x])   # the lowest first (AFK default)
        r = self.need(s, c, "resource", chooser, "resource", values)
        self.change_resources(s, {r: spec.amount}, events)

    def _fx_hook(self, s, spec, c, events):
        getattr(self, "_hook_" + spec.id)(s, spec.params, c, events)
