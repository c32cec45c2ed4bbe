"""Attacks (checklist H95-96, E46, E56, P164-165) and the free/any-time abilities (RULINGS C1).

An attack, exactly as the Rules Reference §2 (seed 000 l.1450-1490):

1. the attacker (a player; Deep Ones attack through the monsters module) names a defender it can
   reach: a Human attacks a Deep One or a revealed traitor, a revealed traitor attacks a Human;
   Mother Hydra and Father Dagon are never attacked (l.2273-2277);
2. the target is 4 against a Deep One, 6 against a character (``setup.yaml`` ``combat``);
3. the die is rolled through :meth:`need_roll` with ``purpose="attack"``: before-roll window,
   roll, after-roll window (which also offers ``after_combat_roll`` abilities, Combat Training),
   rerolls go back to the before-roll window and keep the modifiers; the attack's bonus is the
   roll's starting modifier (so the result still clamps to 1..8);
4. roll + modifiers >= target defeats the defender: a Deep One goes back to the supply, a
   character is defeated by :meth:`defeat_player` (players module: a Human to the Sick Bay, a
   revealed traitor to the Brig); a miss does nothing.

Attack targets are ``"deep_one:<zone>"`` or a player id. The ``attack`` primitive makes up to
``count`` attacks, one at a time (each a step of its own, ``combat.attack_one``, so every roll is
bound before anything is defeated); after the first the attacker may ``stop``.
"""
from __future__ import annotations

from engine.core.errors import RuleError
from engine.core.events import event
from engine.core.flow import Auto
from engine.unfathomable.common import BRIG

DEEP_ONE = "deep_one:"
ATTACK_ONE = "combat.attack_one"
FREE_TIMINGS_OWN_TURN = ("free", "during_own_turn", "any_time")


class _Step:
    """A synthetic effect step (the interpreter needs only ``name`` and ``spec``)."""

    def __init__(self, name):
        self.name, self.spec = name, None


class Combat:
    FRAMES_: dict = {"after_card": Auto()}

    def index_combat(self) -> None:
        if ATTACK_ONE not in self.fx:
            self._attack_one = [_Step("attack_one")]
            self._register(self._attack_one, ATTACK_ONE)

    # --- who may be attacked
    def cannot_attack(self, s, p) -> bool:
        return any(holder == p for holder, _ in self.statics(s, "cannot_attack"))

    def attack_zones(self, s, p, reach: str) -> list[str]:
        zone = s["zone_of"][p]
        if reach == "same_zone":
            return [zone]
        if reach == "adjacent":   # RULINGS C2: the own zone and every adjacent one
            return [zone] + [z for z in self.board.adjacent[zone] if z != zone]
        return list(self.board.board)

    def attack_targets(self, s, p, reach: str = "same_zone") -> list[str]:
        """Every defender ``p`` may attack now at that reach (checklist 95, 164-165)."""
        if p not in s["zone_of"] or self.cannot_attack(s, p):
            return []
        zones = self.attack_zones(s, p, reach)
        human = self.is_human(s, p)
        out = []
        if human:
            out += [DEEP_ONE + z for z in zones if s["deep_ones"].get(z, 0) > 0]
        out += [q for q in self.turn_order(s) if q != p and s["zone_of"][q] in zones
                and self.is_human(s, q) != human]
        return out

    def attack_reaches(self, s, p, steps) -> list[str] | None:
        """The reaches of the attacks an ability's effect makes (a choice's options included),
        ``None`` when it makes none; a weapon attack reaches as far as a held weapon does."""
        reaches: list[str] = []
        found = False
        for st in steps:
            if st.name == "attack":
                found = True
                if not st.spec.with_weapon:
                    reaches.append(st.spec.range)
                elif s["zone_of"].get(p) != BRIG:
                    reaches += [self.weapon_attack(i).range for i in dict.fromkeys(s["items"][p])
                                if self.items_by_id[i].weapon]
            elif st.name == "choice":
                for opt in st.spec.options:
                    sub = self.attack_reaches(s, p, opt.effect)
                    if sub is not None:
                        found = True
                        reaches += sub
        return reaches if found else None

    def attack_possible(self, s, p, ability) -> bool:
        """RULINGS C10: an ability that is an attack needs something to attack (seed 000 l.1458:
        the attacker is in the zone of the one attacked) and a user who may attack."""
        reaches = self.attack_reaches(s, p, ability.effect)
        return reaches is None or any(self.attack_targets(s, p, r) for r in dict.fromkeys(reaches))

    def attack_needed(self, target: str) -> int:
        combat = self.pack.setup.combat
        return combat["target_vs_deep_one"] if target.startswith(DEEP_ONE) else combat["target_vs_character"]

    def enemies_in_zone(self, s, p) -> int:
        zone = s["zone_of"][p]
        human = self.is_human(s, p)
        n = sum(1 for q in s["players"] if q != p and s["zone_of"][q] == zone and self.is_human(s, q) != human)
        return n + (s["deep_ones"].get(zone, 0) if human else 0)

    def attack_bonus(self, s, p, unarmed: bool) -> int:
        return sum(spec.amount for holder, spec in self.statics(s, "attack_bonus")
                   if holder == p and (unarmed or not spec.unarmed_only))

    # --- the Attack action (checklist 46, 56): one unarmed attack in the own zone
    def _act_attack(self, s, p, action, events):
        target = action["target"]
        if target not in self.attack_targets(s, p, "same_zone"):
            raise RuleError("bad_target", "{target} cannot be attacked.", target=target)
        cid = self.new_ctx(s, {"self": p, "decider": p, "attack": self._attack_params(None, 1, unarmed=True)})
        s["ctx"][cid]["bind"]["target"] = target
        self.push(s, {"k": "ctx_end", "c": cid})
        self.push(s, {"k": "fx", "e": ATTACK_ONE, "i": 0, "c": cid})

    @staticmethod
    def _attack_params(spec, count, unarmed=False) -> dict:
        if spec is None:
            return {"range": "same_zone", "bonus": 0, "per_enemy": False, "unarmed": unarmed,
                    "reroll_once": False, "count": count, "n": 0}
        return {"range": spec.range, "bonus": spec.bonus, "per_enemy": spec.bonus_per_enemy_in_zone,
                "unarmed": unarmed or spec.unarmed, "reroll_once": spec.reroll_once, "count": count, "n": 0}

    def weapon_attack(self, item: str):
        """The attack step of a weapon item's ability (README ruling 25)."""
        for ab in self.items_by_id[item].abilities:
            for st in ab.effect:
                if st.name == "attack":
                    return st.spec
        return None

    # --- the attack primitive
    def _fx_attack(self, s, spec, c, events):
        p = c["self"]
        if self.cannot_attack(s, p):
            events.append(event("attack_forbidden", player=p))
            return
        params = self._attack_params(spec, spec.count)
        if spec.with_weapon:
            from engine.unfathomable.common import BRIG
            weapons = [] if s["zone_of"][p] == BRIG else \
                [i for i in dict.fromkeys(s["items"][p]) if self.items_by_id[i].weapon]
            item = self.need(s, c, "weapon", p, "weapon", weapons)
            if item is None:
                return
            w = self.weapon_attack(item)
            params = self._attack_params(w, spec.count, unarmed=False)
            params["bonus"] += spec.bonus
            params["weapon"] = item
        c["attack"] = params
        self.then_effect(s, self._attack_one, c)

    def _fx_attack_one(self, s, spec, c, events):
        a = c["attack"]
        p = c["self"]
        targets = self.attack_targets(s, p, a["range"])
        if a["n"] > 0:
            targets = ["stop"] + targets if targets else []
        target = self.need(s, c, "target", p, "attack_target", targets, ask_single=a["n"] > 0)
        if target is None or target == "stop" or target not in self.attack_targets(s, p, a["range"]):
            return
        bonus = a["bonus"] + self.attack_bonus(s, p, a["unarmed"])
        if a["per_enemy"]:
            bonus += self.enemies_in_zone(s, p)
        needed = self.attack_needed(target)
        roll = self.need_roll(s, c, "roll", purpose="attack", who=p, combat=True, modifier=bonus)
        if a["reroll_once"] and roll < needed:
            if self.need(s, c, "reroll_once", p, "reroll", [False, True], ask_single=True):
                roll = self.need_roll(s, c, "roll2", purpose="attack", who=p, combat=True,
                                      modifier=c.get("last_roll_modifier", bonus))
        hit = roll >= needed
        events.append(event("attack_resolved", player=p, target=target, roll=roll, needed=needed, hit=hit,
                            weapon=a.get("weapon")))
        if hit:
            self.defeat_target(s, target, events, c)
        if a["n"] + 1 < a["count"]:
            c["attack"] = {**a, "n": a["n"] + 1}
            self.then_effect(s, self._attack_one, c)

    def defeat_target(self, s, target, events, c) -> None:
        if target.startswith(DEEP_ONE):
            zone = target[len(DEEP_ONE):]
            if s["deep_ones"].get(zone, 0) > 0:
                s["deep_ones"][zone] -= 1
                s["deep_one_supply"] += 1
                events.append(event("deep_one_defeated", zone=zone, by=c.get("self")))
            return
        self.defeat_player(s, target, events, c)

    # --- after a skill card's ability (Elder Sign Amulet): resolve_again
    def _run_after_card(self, s, f, events):
        cid = self.new_ctx(s, {"self": f["player"], "decider": f["player"], "card": f["card"]})
        self.push(s, {"k": "ctx_end", "c": cid})
        self.open_window(s, "after_skill_card", events, c=cid, players=[f["player"]])

    def _fx_resolve_again(self, s, spec, c, events):
        from engine.unfathomable.common import card_title
        card = c.get("card")
        if not card or card.count(":") != 3 or card_title(card) not in self.card_ability:
            return
        ab = self.card_ability[card_title(card)]
        events.append(event("resolved_again", player=c["self"], card=card))
        self.start_effect(s, ab.effect, events, {"self": c["self"], "decider": c["self"], "card": card,
                                                 "again": True})

    # --- free and any-time abilities (RULINGS C1)
    def free_actions(self, s, player):
        if s["result"] is not None or not s["stack"] or player not in s["zone_of"]:
            return []
        top = s["stack"][-1]
        if top["k"] == "action" and top["player"] == player and s.get("turn") and \
                s["turn"]["player"] == player and top.get("left", 0) > 0:
            timings = FREE_TIMINGS_OWN_TURN
        elif top["k"] in ("action", "window"):
            timings = ("any_time",)
        else:
            return []
        out = []
        for ref in self.abilities_of(s, player):
            ab = self.ability(ref)
            if ab.timing in timings and self.can_use(s, player, ref, ab.timing):
                out.append({"type": "use", "ability": ref})
        return out

    def _free_use(self, s, action, events):
        player = action["player"]
        wanted = {k: v for k, v in action.items() if k != "player"}
        frame = s["stack"][-1] if s["stack"] else None
        # "use" also answers action prompts and windows: those go to their frame
        for prompt in self.prompts_for(s, player):
            if prompt.get("shape", "one") == "one" and wanted in prompt["options"]:
                self.FRAMES[frame["k"]].answer(self, s, frame, action, events)
                return
        events.append(event("free_ability", player=player, ability=action["ability"]))
        self.use_ability(s, player, action["ability"], events)
