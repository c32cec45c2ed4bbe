"""Unfathomable: Keeper's agent — heuristics over the player's view (``engine.core.agent``).

A loyal Human defends the ship: it fights the Deep Ones on deck (standing in their zone also
draws their attacks away from passengers and interiors), repairs damage, steams on from the
Boiler Room, adds enough helping cards to each skill check, steers by the journey track and, as
Captain, plays the longest course card. A traitor (a Hybrid or Cultist card) looks busy while
hidden — it moves about and sometimes fights —, hinders checks with a card or two of the wrong
type, steers by the ritual track, plays the shortest course, and reveals once the voyage is half
done; revealed, it defeats passengers and attacks Humans. Every answer is scored per option from
the view alone (the card ids carry type and value), so a decision never depends on hidden state.
"""
from __future__ import annotations

from engine.core.agent import BaseAgent
from engine.unfathomable.common import card_type, card_value

DEEP_ONE = "deep_one:"
SHIP_ZONES_AWAY = ("sick_bay", "brig")
REVEAL_AT_DISTANCE = 6      # a traitor reveals once this much distance is played (the Awakening)
REVEAL_CHANCE = 0.25        # per action prompt, from then on
RITUAL_AT = 6               # Deep Ones on water and decks (less the ritual token's steps) to steer for the Banishment
GALLEY_DRAW = 3             # cards drawn at the Galley (4 with Food to spare)
GUARD = 6                   # standing in an interior zone Deep Ones are about to damage
MOVE_TO_ONE = -2             # walking up to a lone Deep One to fight it
CHECK_SHARE, CHECK_MARGIN = 10, 2   # a loyal player adds helping cards worth this share of the target, plus


class KeeperAgent(BaseAgent):
    def __init__(self, player: str):
        super().__init__(player)
        self._course = None
        self.last_roll: dict = {}   # the last die_rolled event I saw: who rolled, for what

    def observe(self, events):
        for ev in events:
            if ev["type"] == "die_rolled":
                self.last_roll = {"player": ev.get("player"), "purpose": ev.get("purpose")}

    # --- what I am ----------------------------------------------------------------------
    def _traitor(self, view) -> bool:
        return any(c in ("hybrid", "cultist") for c in view["you"]["loyalty"])

    def _revealed(self, view) -> bool:
        return self.player in view["revealed"]

    def _arrows(self):
        """deck zone -> the interior zone its arrow leads to (the printed board)."""
        if not hasattr(self, "_arrow_map"):
            from engine.registry import rules_for
            zones = rules_for("unfathomable").board.zones
            self._arrow_map = {z: getattr(v, "arrow", None) for z, v in zones.items()}
        return self._arrow_map

    def _threatened(self, view, zone) -> int:
        """Deep Ones about to damage undamaged interior ``zone`` (in it, or on a deck leading in)."""
        if zone in view["damage"] or zone[0] in ("w", "d") and zone[1:].isdigit():
            return 0
        deep = view["deep_ones"]
        return deep.get(zone, 0) + sum(n for z, n in deep.items() if self._arrows().get(z) == zone)

    def _course_distance(self, card):
        if self._course is None:
            from engine.registry import rules_for   # public content: the printed course cards
            self._course = {c.id: c.distance for c in rules_for("unfathomable").pack.course.course_cards}
        return self._course.get(card, 3)

    # --- decisions -----------------------------------------------------------------------
    def decide(self, view, prompt, rng):
        if prompt is None:
            return None
        kind = prompt["kind"]
        shape = prompt.get("shape", "one")
        if shape == "subset":
            return self._subset(view, prompt, rng)
        if shape == "number":
            spec = prompt["number"]
            if view["zone_of"].get(self.player) == "galley" and not self._traitor(view):
                # the Galley's draw: a d8 under the count costs 1 Food
                want = GALLEY_DRAW + (1 if view["resources"]["food"] >= 6 else 0)
                return self.answer(prompt, max(spec["min"], min(spec["max"], want)))
            return self.answer(prompt, spec["min"])
        options = prompt["options"]
        scored = [(self._score(view, prompt, o, rng), rng.random(), i) for i, o in enumerate(options)]
        return self.act(prompt, options[max(scored)[2]])

    def _score(self, view, prompt, o, rng) -> float:
        kind = prompt["kind"]
        traitor = self._traitor(view)
        if kind == "action":
            return self._action_score(view, o, rng)
        if kind == "window":
            return self._window_score(view, prompt, o)
        if kind == "choose_track":
            return 1 if (o["track"] == "ritual") == (self._want_ritual(view) != traitor) else 0
        if kind == "course_choose":
            d = self._course_distance(o["card"])
            return -d if traitor else d
        if kind == "trade_offer":
            return 1 if o["type"] == "pass" else 0
        if kind == "choose":
            return self._choose_score(view, prompt, o["value"], traitor)
        # character, sick bay draw, upgrade, window order, awakening: the first is fine
        return -prompt["options"].index(o)

    def _crisis_option(self, view, label, traitor) -> float:
        """A crisis's two answers: a skill check usually fails (hands are short), so a loyal
        chooser pays a small, affordable loss instead; a traitor prefers the check, or a loss
        that brings a dial near 0."""
        words = str(label).split()
        if len(words) == 3 and words[0] == "Lose" and words[1].isdigit():
            dial = view["resources"].get(words[2].lower())
            if dial is not None:
                left = dial - int(words[1])
                if traitor:
                    return 3 if left <= 1 else -1
                return 2 if left >= 3 else -3
        if label == "Skill check":
            return 0
        return -0.5

    def _window_score(self, view, prompt, o) -> float:
        """Skill cards played outside actions: a loyal player rerolls or nudges a roll that goes
        the Humans' way badly, saves itself from defeat, tops up a check just short; a traitor the
        other way round, and only once revealed (a hidden one keeps its cover)."""
        if o["type"] == "pass":
            return 0
        title = _card_title(o.get("ability", ""))
        traitor = self._traitor(view)
        if traitor and not self._revealed(view):
            return -1
        timing = prompt.get("timing")
        if title == "shrug_it_off":
            return -1 if traitor else 5
        if title == "true_grit":
            return 3
        roll = view.get("roll") or {}
        value = roll.get("value")
        purpose = self.last_roll.get("purpose")
        if value is not None and title in ("combat_training", "keen_insight"):
            bad = (purpose == "attack" and value < 4) or (purpose == "deep_one_attack" and value >= 6)
            if traitor:
                bad = not bad and purpose in ("attack", "deep_one_attack")
            return 4 if bad else -1
        if title == "keen_insight" and timing == "before_roll":
            return 2 if self.last_roll.get("player") == self.player and not traitor else -1
        check = view.get("check") or {}
        if title == "determination" and check.get("total") is not None:
            short = check["total"] < check["target"] <= check["total"] + 2
            over = check["target"] <= check["total"] < check["target"] + 2
            return 4 if (short and not traitor) or (over and traitor) else -1
        return -1

    def _choose_score(self, view, prompt, value, traitor) -> float:
        purpose = prompt.get("purpose")
        options = [o["value"] for o in prompt["options"]]
        sign = -1 if traitor else 1
        if purpose in ("check_sign", "roll_sign") and isinstance(value, int):
            return sign * value
        if purpose == "check_result":
            return {"pass": 2, "partial": 1, "fail": 0}.get(value, 0) * sign
        if purpose == "discard" and isinstance(value, str) and ":" in value:
            return -card_value(value)
        if purpose == "option" and prompt.get("labels"):
            return self._crisis_option(view, prompt["labels"][options.index(value)], traitor)
        if purpose in ("deep_one_to", "deep_ones_to") and isinstance(value, str):
            # where Deep Ones go: a loyal player keeps them far out (stern water first), a traitor
            # brings them in
            rank = (3 + int(value[1:]) / 10 if value[0] == "w" and value[1:].isdigit()
                    else 2 if value == "depths" else 1 if value[0] == "d" and value[1:].isdigit() else 0)
            return -rank if traitor else rank
        if purpose == "deep_one_target" and isinstance(value, str):
            # the current player picks whom a Deep One attacks: a traitor picks a Human, a loyal
            # player a revealed traitor's... there are none; the healthiest-looking, i.e. anyone
            return 0
        return -options.index(value)

    def _action_score(self, view, o, rng) -> float:
        t = o["type"]
        me = self.player
        zone = view["zone_of"][me]
        deep = view["deep_ones"]
        revealed = self._revealed(view)
        traitor = self._traitor(view)
        if revealed:
            if t == "defeat_passenger":
                return 10
            if t == "attack" and not str(o["target"]).startswith(DEEP_ONE):
                return 8
            if t == "use" and o["ability"].startswith("zone_t:"):
                return 2
            if t == "move":
                return 3 * view["passengers"].get(o["to"], 0) + rng.random()
            return 0 if t == "end_actions" else -1
        if t == "reveal":
            if traitor and view["distance"] >= REVEAL_AT_DISTANCE and rng.random() < REVEAL_CHANCE:
                return 50
            return -100
        if traitor:   # hidden: look busy, help little
            if t == "attack":
                return 1
            if t == "move":
                return rng.random()
            if t == "use" and o["ability"] in ("zone:galley", "zone:cargo_hold"):
                return 1.5
            if t in ("repair", "rescue", "trade", "defeat_passenger"):
                return -5
            return 0.5 if t == "end_actions" else -1
        if t == "attack":
            return 20 + deep.get(zone, 0) if str(o["target"]).startswith(DEEP_ONE) else 15
        if t == "repair":
            return 18
        if t == "move":
            to = o["to"]
            here, there = deep.get(zone, 0), deep.get(to, 0)
            if there:   # each Deep One there attacks me (6+) before I strike again: few at a time
                return (MOVE_TO_ONE if there == 1 else -2 if there == 2 else -1) + (1 if to in view["damage"] else 0)
            if here >= 2:
                return 3 + here   # out of a swarm
            guard = self._threatened(view, to)
            if guard and not any(view["zone_of"][q] == to for q in view["players"] if q != me):
                return GUARD + guard   # a Human in the zone draws the Deep Ones' attacks off the zone
            if to in view["damage"]:
                return 6
            if to == "galley" and len(view["you"]["hand"]) < 7 and view["resources"]["food"] >= 4:
                return 5.5
            if to == "boiler_room" and self._has(view, "strength") and view["resources"]["fuel"] >= 3:
                return 5
            if to == "chapel" and self._want_ritual(view) and self._has(view, "lore"):
                return 5
            return -1
        if t == "use":
            ability = o["ability"]
            title = _card_title(ability)
            on_ship = sum(v for z, v in deep.items() if z != "depths")
            if title == "rampage":
                return 25 + deep.get(zone, 0) if deep.get(zone) else -1
            if title == "shrivelling":
                return 19 if on_ship else -1
            if title == "inspiring_speech":
                return 6 if view["resources"]["sanity"] <= 5 else -1
            if title == "watch_and_learn":
                return 3
            if ability == "zone:boiler_room":
                return 12 if view["resources"]["fuel"] >= 3 else 2
            if ability == "zone:galley":
                return 9 if len(view["you"]["hand"]) < 7 and view["resources"]["food"] >= 4 else -1
            if ability == "zone:cargo_hold":
                return 3
            if ability == "zone:chapel":
                return 10 if self._want_ritual(view) else -1
            return -0.5
        if t == "rescue":
            return 7
        return 0 if t == "end_actions" else -2

    def _want_ritual(self, view) -> bool:
        """The Great Banishment clears the water and the decks: worth it with many Deep Ones
        there, unless the token is far from the end."""
        outside = sum(v for z, v in view["deep_ones"].items() if z.startswith(("w", "d")) and z != "depths")
        return outside >= RITUAL_AT - view["tracks"]["ritual"]

    def _has(self, view, skill) -> bool:
        return any(card_type(c) == skill for c in view["you"]["hand"])

    # --- card choices --------------------------------------------------------------------
    def _subset(self, view, prompt, rng):
        kind = prompt["kind"]
        spec = prompt["subset"]
        ids = list(spec["ids"])
        if kind == "contribute":
            return self.answer(prompt, self._contribution(view, ids, spec["max"], rng))
        if kind in ("discard_down", "repair_pay", "discard_total") or prompt.get("purpose") == "discard":
            if isinstance(prompt.get("default"), dict) and kind in ("repair_pay", "discard_total"):
                return {"player": self.player, **prompt["default"]}
            cheap = sorted(ids, key=lambda c: (card_value(c) if ":" in str(c) else 0))
            return self.answer(prompt, cheap[:spec["min"]])
        return {"player": self.player, **prompt["default"]} if isinstance(prompt.get("default"), dict) \
            else self.fallback(prompt, rng)

    def _contribution(self, view, ids, most, rng) -> list:
        check = view.get("check") or {}
        positive = set(check.get("positive") or ())
        target = check.get("target") or 0
        cards = [c for c in ids if ":" in c]
        if self._traitor(view):
            hinder = sorted((c for c in cards if card_type(c) not in positive), key=card_value, reverse=True)
            if self._revealed(view):
                return hinder[:1]
            return hinder[:rng.choice((0, 1, 1, 2))][:most]
        helps = sorted((c for c in cards if card_type(c) in positive), key=card_value, reverse=True)
        share = target * CHECK_SHARE + CHECK_MARGIN
        chosen, total = [], 0
        for c in helps:
            if total >= share or len(chosen) >= most:
                break
            chosen.append(c)
            total += card_value(c)
        return chosen


def _card_title(ability: str) -> str | None:
    """The title of the skill card an ability ref plays (``card:<type>:<title>:<value>:<copy>``)."""
    parts = ability.split(":")
    return parts[2] if len(parts) >= 3 and parts[0] in ("card", "play") else None
