"""Unfathomable: Keeper's agent — heuristics over the player's view (``engine.core.agent``).

A loyal Human defends the ship: it fights the Deep Ones in its zone and walks up to those about
to do harm, steams on from the Boiler Room (a crew picks Strength characters for it), repairs,
rescues threatened passengers, adds to each check the helping cards it needs (no more) and sends
a suspect to the Brig: each other player's traitor chance starts from the loyalty deck's
Hybrids over the cards it cannot see and rises with the hindering cards blamed on it in revealed
checks and its crisis answers dearer by the printed effects; the likeliest from 0.65 is arrested
(Jamie's Arrest Order), accused (the Captain) or sent from the Captain's Cabin, and a revealed
traitor is hunted. Short of cards it draws
five at the Galley; its last action of a turn weighs where it will stand until its next one
(Deep Ones there or walking in attack, a deck is swept by the Banishment). Answers with printed
consequences — crisis options, the Captain's course card, the track choice, item/character/title
Actions — are priced by :class:`CostModel` from the public content (the effect lists of
``data/unfathomable``): a loyal player takes the cheapest for the Humans, a traitor the dearest
(hidden, only when that does not give it away). A traitor (a Hybrid card, or a Cultist one once
the distance reaches 12) looks busy while hidden, hinders checks with a card or two, and reveals
once the voyage is half done; revealed, it defeats passengers and attacks Humans. Every answer
is scored from the view and the events the player saw, never from hidden state.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path

from engine.core.agent import BaseAgent
from engine.unfathomable.common import card_type, card_value

DEEP_ONE = "deep_one:"
BRIG_ABILITIES = ("zone:captains_cabin", "feat:arrest_order")   # actions whose player pick goes to the Brig
SHIP_ZONES_AWAY = ("sick_bay", "brig")
REVEAL_AT_DISTANCE = 6      # a traitor reveals once this much distance is played (the Awakening)
CULTIST_TURN = 12           # a Cultist-only player sabotages from this distance (its win needs 12)
REVEAL_CHANCE = 0.25        # per action prompt, from then on
RITUAL_AT = 6               # Deep Ones on water and decks (less the ritual token's steps) to steer for the Banishment
GALLEY_FOOD = 3             # Food from which the Galley is used (a d8 under the count drawn costs 1 Food)
GALLEY_HAND = 6             # the Galley is worth an action (or a walk) below this many cards in hand
GALLEY_USE = 17             # drawing at the Galley: cards are what every check, repair and steam needs
GALLEY_MOVE = 11            # walking into the Galley on my first action to draw on the second
GUARD = 6                   # standing in an interior zone Deep Ones are about to damage
SWARM = 3                   # this many Deep Ones in a zone: leave it, do not walk in
HUNT = 13                   # walking up to one Deep One to attack it next action
HUNT_CROWD = 3              # less per further Deep One there
HUNT_PASSENGER = 2          # more per passenger on that deck
HUNT_INBOUND = 2            # more on a deck whose arrow leads into an undamaged zone
HUNT_INTERIOR = 4           # more in an undamaged interior zone (they damage it next)
HUNT_SHARED = 6             # less when another player is already there
HUNT_LATE = 6               # less on my last action (I cannot strike after the move)
REPAIR_BASE = 12            # walking into a damaged zone I can repair (on my first action: repair next)
REPAIR_URGENCY = 5          # more per damaged zone beyond two (six lose the game)
REPAIR_LATE = 9             # less on my last action (the Deep Ones may come before my next turn)
RESCUE_WALK = 8             # walking onto a deck whose passengers Deep Ones are about to reach
RESCUE_BANISH = 10          # walking (first action) onto a deck with passengers one ritual step from the Banishment
RESCUE_BANISH_EACH = 3      # more per passenger there
RESCUE_THREATENED = 16      # rescuing such a passenger
PASSENGER_SOULS = 0.8       # souls an unknown passenger costs when defeated (on average)
BOILER_MOVE = 15            # walking to the Boiler Room with a Strength card
BOILER_SAFE_FUEL = 3        # from this much Fuel the Boiler Room is used with any Strength card
BOILER_USE = 22            # steaming on (the journey wins the game and sweeps the water astern)
BRIG_ESCAPE = 14            # the Brig's check to walk out
SICK_BAY_LEAVE = 2          # any move out of the Sick Bay (one card a turn there)
ATTACK = 20                 # attacking a Deep One in my zone
CAST_SPELL = 9              # the Keeper of the Tome's spell
RITUAL_END = 4              # the ritual track's last space (the Great Banishment)
RITUAL_STEP = 0.8           # one ritual step short of the end
HUMAN_ON_DECK = 3.0         # a Human on a deck at the Banishment (defeated: the Sick Bay)
RESCUE_RITUAL = 3           # a rescue is worth more the nearer the Banishment (it defeats passengers on decks)
SUSPECT = 0.65              # the chance a player is a traitor before I send it to the Brig
CABIN = 16                  # the Captain's Cabin check against a suspect
CABIN_HAND = 4              # Influence/Observation value in hand to try it
ARREST = 30                 # Jamie's Arrest Order on the suspect in my zone (no check: the surest Brig)
ARREST_MOVE = 16            # walking (first action) into the suspect's zone to arrest it next
TRAITOR_ATTACK = 22         # attacking a revealed traitor out of the Brig (defeated, it goes there)
TRAITOR_HUNT = 12           # walking (first action) up to a revealed traitor out of the Brig
COVER_GAP = 6               # a hidden traitor picks the worse answer only when it is not plainly worse
BOILER_CARD = 0.1           # a Strength card's value kept for later, per point
AVG_CARD = 51 / 21          # a skill card's average value (each deck: 1 x7, 2 x5, 3 x4, 4 x3, 5 x2)
LATER_SHARE = 0.5           # the part of their helping cards the players still to add will give
DEFEAT_COST = 10            # a Human defeated (the Sick Bay: one card drawn, an action to walk out)
STAND_HERE = 0.5            # chance the Deep Ones in my zone activate before my next turn
STAND_INBOUND = 0.2         # ... those one arrow away walk in and then attack
STAND_BANISH = {3: 0.8, 2: 0.4, 1: 0.15}   # chance the Banishment comes before my next turn, by ritual space
DRAW_STRENGTH = 1           # Strength cards wanted beyond an even spread of types when drawing
CHECK_MARGIN = 2            # a loyal player adds helping cards until the check's expected total passes by this
TRAITOR_MOST = 2            # a hidden traitor adds at most this many (hindering) cards to a check
HINDER_CARD = 3.0           # a traitor's hindering card in a check (its highest off-type cards: 3.0 on average, 120 cards of 25 games)
BLAME_ODDS = 1.5            # log-odds a blamed hindering card adds to "this player is a traitor"
CHOICE_BLAME = 0.7          # blame for a crisis answer dearer than another, printed-effects alone (no check)
CHOICE_GAP = 1.0            # ... by more than this


class KeeperAgent(BaseAgent):
    def __init__(self, player: str, params: "Params | None" = None, traitor_params: "Params | None" = None):
        super().__init__(player)
        self.params = params or DEFAULT                   # my numbers while I play for the ship
        self.traitor_params = traitor_params or DEFAULT   # ... and while I play against it
        self.p = self.params
        self._course = None
        self.last_roll: dict = {}   # the last die_rolled event I saw: who rolled, for what
        self._acts: dict = {}       # my actions this turn: {"turn": (player, number), "n"}
        self._check: dict | None = None   # the check being built: who added how many, chaos cards
        self.suspicion: dict = {}   # player -> hindering cards I blame on them (public reveals)
        self._to_brig = False       # my next player pick sends someone to the Brig
        self._choices: list = []    # crisis answers others chose, judged at my next decision
        _option_index(), _course_effects(), _ability_effects(""), _brig_options()   # printed effects, read once

    def observe(self, events):
        for ev in events:
            t = ev["type"]
            if t == "roll_started" or (t == "die_rolled" and ev.get("purpose") != "reroll"):
                # a reroll keeps the purpose of the roll it repeats (before-roll windows need it)
                self.last_roll = {"player": ev.get("player"), "purpose": ev.get("purpose")}
            elif t == "check_started":
                self._check = {"added": {}, "chaos": 0}
            elif t == "chaos_added" and self._check is not None:
                self._check["chaos"] = ev.get("count", 0)
            elif t == "check_added" and self._check is not None and not ev.get("extra_treachery"):
                self._check["added"][ev["player"]] = ev.get("count", 0)
            elif t == "check_revealed" and self._check is not None:
                self._suspect_from_check(ev)
            elif t == "option_chosen" and ev.get("player") not in (None, self.player) and ev.get("card"):
                self._choices.append((ev["player"], ev["card"], ev.get("option")))
            # my seat chose to send someone to the Brig (as decide marks it, but also when my
            # member clicked it and I answer the pick in their place): my next pick is for the Brig
            elif t == "ability_used" and ev.get("player") == self.player and ev.get("ability") in BRIG_ABILITIES:
                self._to_brig = True
            elif t == "option_chosen" and ev.get("player") == self.player \
                    and (ev.get("card"), ev.get("option")) in _brig_options():
                self._to_brig = True

    def _suspect_from_choices(self, view):
        """A crisis answer dearer for the Humans than another, by the printed effects alone (no
        skill check, no pick whose worth depends on who judges): a loyal player would not take it."""
        for player, card, option in self._choices:
            options = _crisis_options().get(card)
            if options is None or not isinstance(option, int) or option >= len(options):
                continue
            model = CostModel(view, self.player, params=self.p)
            costs = [model.cost(o) for o in options]
            gap = costs[option] - min(costs)
            if gap > self.p.choice_gap:
                self.suspicion[player] = self.suspicion.get(player, 0.0) + self.p.choice_blame * min(1.0, gap / COVER_GAP)
        self._choices = []

    def traitor_chance(self, view, player) -> float:
        """How likely ``player`` plays against the ship, from the public view: revealed, known,
        else the loyalty deck's Hybrids spread over the cards I cannot see (``loyalty.yaml``), the
        odds raised by each hindering card I blame on them."""
        if player in view["revealed"]:
            return 1.0
        you = view.get("you") or {}
        known = (you.get("known_loyalty") or {}).get(player)
        if known and "hybrid" in known:
            return 1.0
        mine = you.get("loyalty") or []
        hybrids = _loyalty_deck(len(view["players"])).get("hybrid", 0) - sum(1 for c in mine if c == "hybrid") \
            - sum(1 for c in view["revealed"].values() if c == "hybrid")
        unseen = 2 * len(view["players"]) - len(mine) - sum(1 for c in view["revealed"].values() if c == "hybrid")
        held = (view.get("loyalty_counts") or {}).get(player, 1) - (len(known) if known else 0)
        if hybrids <= 0 or held <= 0 or unseen <= 0:
            prior = 0.02
        else:
            prior = min(0.95, 1 - (1 - hybrids / unseen) ** held)
        odds = prior / (1 - prior) * math.exp(self.p.blame_odds * self.suspicion.get(player, 0.0))
        return odds / (1 + odds)

    def _suspect_from_check(self, ev):
        """Hindering cards beyond the chaos cards were added by players (Keeper's loyal players
        add only helping cards): each other player who added cards takes a share of the blame."""
        positive = set(ev.get("positive") or ())
        hinder = sum(1 for c in ev.get("cards") or () if ":" in c and card_type(c) not in positive)
        excess = hinder - self._check["chaos"]
        others = {p: n for p, n in self._check["added"].items() if p != self.player and n}
        if excess > 0 and others:
            total = sum(others.values())
            for p, n in others.items():
                self.suspicion[p] = self.suspicion.get(p, 0.0) + excess * n / total
        self._check = None

    def _suspect(self, view) -> str | None:
        """The player I would send to the Brig: the most suspected one, hidden and free."""
        free = [p for p in view["players"] if p != self.player and p not in view["revealed"]
                and view["zone_of"].get(p) != "brig"]
        best = max(free, key=lambda p: self.traitor_chance(view, p), default=None)
        return best if best is not None and self.traitor_chance(view, best) >= self.p.suspect else None

    # --- what I am ----------------------------------------------------------------------
    def _traitor(self, view) -> bool:
        """Playing against the ship now. A Cultist without a Hybrid card wins only when the
        distance played reaches 12 (game_end.yaml): it helps the voyage until then."""
        cards = view["you"]["loyalty"]
        if "hybrid" in cards or self._revealed(view):
            return True
        return "cultist" in cards and view["distance"] >= CULTIST_TURN

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
        self.p = self.traitor_params if self._traitor(view) else self.params
        if self._choices:
            self._suspect_from_choices(view)
        kind = prompt["kind"]
        shape = prompt.get("shape", "one")
        if shape == "subset":
            return self._subset(view, prompt, rng)
        if shape == "number":
            spec = prompt["number"]
            if view["zone_of"].get(self.player) == "galley" and not self._traitor(view):
                # the Galley's draw: a d8 under the count costs 1 Food
                # (Food is the dial least often emptied; cards are short at every check)
                food = view["resources"]["food"]
                want = 5 if food >= 5 else 4 if food >= self.p.galley_food else 1
                return self.answer(prompt, max(spec["min"], min(spec["max"], want)))
            return self.answer(prompt, spec["min"])
        options = prompt["options"]
        if kind == "action":
            turn = view.get("turn") or {}
            key = (turn.get("player"), turn.get("number"))
            if self._acts.get("turn") != key:
                self._acts = {"turn": key, "n": 0}
        scored = [(self._score(view, prompt, o, rng), rng.random(), i) for i, o in enumerate(options)]
        chosen = options[max(scored)[2]]
        if kind == "action":
            self._acts["n"] += 1
            self._to_brig = chosen.get("ability") in BRIG_ABILITIES
        elif kind == "choose" and prompt.get("purpose") == "player":
            self._to_brig = False
        elif kind == "choose" and prompt.get("labels") and prompt.get("purpose") == "option":
            self._to_brig = "Brig" in prompt["labels"][options.index(chosen)]
        return self.act(prompt, chosen)

    def _score(self, view, prompt, o, rng) -> float:
        kind = prompt["kind"]
        traitor = self._traitor(view)
        if kind == "action":
            return self._action_score(view, o, rng)
        if kind == "window":
            return self._window_score(view, prompt, o)
        if kind == "choose_track":
            cost = CostModel(view, self.player, params=self.p).cost([{"advance_track": {"track": o["track"], "spaces": 1}}])
            return cost if traitor else -cost
        if kind == "course_choose":
            # distance wins the game; the card's effect (public) costs the ship
            value = self.p.course_distance * self._course_distance(o["card"]) \
                - CostModel(view, self.player, params=self.p).cost(_course_effects().get(o["card"]))
            return -value if traitor else value
        if kind == "trade_offer":
            return 1 if o["type"] == "pass" else 0
        if kind == "choose":
            return self._choose_score(view, prompt, o["value"], traitor)
        if kind == "character":
            # Strength cards feed the Boiler Room (the journey is the only way to win)
            return _skill_set(o["character"]).get("strength", 0) - prompt["options"].index(o) / 100
        if kind == "sick_bay_draw" and not traitor:
            return (1 if o.get("skill") == "strength" else 0) - prompt["options"].index(o) / 100
        # upgrade, window order, awakening: the first is fine
        return -prompt["options"].index(o)

    def _option_costs(self, view, prompt) -> list | None:
        """Each answer's expected harm to the Humans, from the printed effects (public)."""
        index = _option_index()
        card = (view.get("mythos") or {}).get("card")
        model = CostModel(view, self.player, self._suspect(view), params=self.p)
        out = []
        for label in prompt["labels"]:
            effects = index.get((card, label), index.get((None, label)))
            if effects is None:
                return None
            out.append(model.cost(effects))
        return out

    def _crisis_option(self, view, label, traitor) -> float:
        """A crisis's two answers: a skill check usually fails (hands are short), so a loyal
        chooser pays a small, affordable loss instead; a traitor prefers the check, or a loss
        that brings a dial near 0."""
        words = str(label).split()
        if len(words) == 3 and words[0] == "Lose" and words[1].isdigit():
            noun = words[2].lower()  # "Lose 1 Soul" / "Lose 2 Souls": the dial's name is plural
            dial = view["resources"].get(noun, view["resources"].get(noun + "s"))
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
        if title == "shrug_it_off":
            return -1 if traitor else 5
        if title == "true_grit":
            return 3
        roll = view.get("roll") or {}
        value = roll.get("value")
        purpose, roller = self._roll_under_way(view)
        if title == "keen_insight":
            if purpose == "deep_one_attack":
                return 5    # -2 turns a 3-in-8 hit on a Human into 1-in-8 (a traitor: +2, 5 in 8)
            if purpose == "discard_and_roll" and not traitor:
                return 3    # the Boiler Room's roll: +2 on d8 + card 7+ saves a Fuel
            return 2 if purpose == "attack" and roller == self.player else -1
        if value is not None and title == "combat_training":
            bad = (purpose == "attack" and value < 4) or (purpose == "deep_one_attack" and value >= 6)
            if traitor:
                bad = not bad and purpose in ("attack", "deep_one_attack")
            elif roller not in (None, self.player):
                # everyone answers a window unseen and every reroll played resolves: only the
                # roller rerolls (three Humans spent 15-16 Combat Trainings a game, in twos and threes)
                return -1
            return 4 if bad else -1
        check = view.get("check") or {}
        if title == "determination" and check.get("total") is not None:
            short = check["total"] < check["target"] <= check["total"] + 2
            over = check["target"] <= check["total"] < check["target"] + 2
            return 4 if (short and not traitor) or (over and traitor) else -1
        return -1

    def _roll_under_way(self, view) -> tuple:
        """(purpose, roller) of the roll under way: the view's, else the last roll_started seen."""
        roll = view.get("roll") or {}
        if roll.get("purpose") and roll["purpose"] != "reroll":
            return roll["purpose"], roll.get("player")
        return self.last_roll.get("purpose"), self.last_roll.get("player")

    def _choose_score(self, view, prompt, value, traitor) -> float:
        purpose = prompt.get("purpose")
        options = [o["value"] for o in prompt["options"]]
        sign = -1 if traitor else 1
        if purpose == "roll_sign" and isinstance(value, int) \
                and self._roll_under_way(view)[0] == "deep_one_attack":
            return -sign * value    # a Deep One's attack on a Human hits on 6+
        if purpose in ("check_sign", "roll_sign") and isinstance(value, int):
            return sign * value
        if purpose == "check_result":
            return {"pass": 2, "partial": 1, "fail": 0}.get(value, 0) * sign
        if purpose == "discard" and isinstance(value, str) and ":" in value:
            if view["zone_of"].get(self.player) == "boiler_room" \
                    and all(card_type(v) == "strength" for v in options if isinstance(v, str) and ":" in v):
                # the Boiler Room's roll: d8 + the card's value 7+ or lose 1 Fuel; a high card
                # saves Fuel, a low one is kept for checks
                v = card_value(value)
                miss = max(0, 6 - v) / 8 * CostModel(view, self.player, params=self.p).loss("fuel", 1)
                return -sign * miss - self.p.boiler_card * v
            return -card_value(value)
        if purpose == "option" and prompt.get("labels"):
            costs = self._option_costs(view, prompt)
            if costs is None:
                return self._crisis_option(view, prompt["labels"][options.index(value)], traitor)
            mine = costs[options.index(value)]
            if not traitor:
                return -mine
            if self._revealed(view) or max(costs) - min(costs) <= COVER_GAP:
                return mine
            return -mine   # a hidden traitor keeps its cover on a choice everyone can judge
        if purpose in ("deep_one_to", "deep_ones_to") and isinstance(value, str):
            # where Deep Ones go: a loyal player keeps them far out (stern water first), a traitor
            # brings them in
            rank = (3 + int(value[1:]) / 10 if value[0] == "w" and value[1:].isdigit()
                    else 2 if value == "depths" else 1 if value[0] == "d" and value[1:].isdigit() else 0)
            return -rank if traitor else rank
        if purpose == "player" and not traitor and self._to_brig:
            suspect = self._suspect(view)
            return 1 if value == suspect else -options.index(value) / 100
        if purpose == "deep_one_target" and isinstance(value, str):
            # the current player picks whom a Deep One attacks: a loyal one the suspect first, then
            # the Human with the fewest cards (the Sick Bay costs a full hand the least); a traitor
            # the one with the most
            if traitor:
                return view["hand_sizes"].get(value, 0)
            return 100 if value == self._suspect(view) else -view["hand_sizes"].get(value, 0)
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
            if str(o["target"]).startswith(DEEP_ONE):
                return self.p.attack + deep.get(zone, 0)
            return self.p.traitor_attack if o["target"] in view["revealed"] else 15
        if t == "repair":
            return 18
        if t == "move":
            score = self._move_score(view, o["to"]) + (self.p.sick_bay_leave if zone == "sick_bay" else 0)
            if self._acted_this_turn(view):
                # my last action: where I stand until my next turn (Deep Ones, the Banishment)
                score += self._stand_risk(view, zone) - self._stand_risk(view, o["to"])
            return score
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
                return self.p.boiler_use if self._boiler_fuel_ok(view) else 2
            if ability == "zone:galley":
                return self.p.galley_use if len(view["you"]["hand"]) < self.p.galley_hand \
                    and view["resources"]["food"] >= self.p.galley_food else -1
            if ability == "zone:cargo_hold":
                return 3
            if ability == "feat:arrest_order":
                suspect = self._suspect(view)
                return self.p.arrest if suspect and view["zone_of"].get(suspect) == zone else -1
            if ability == "zone:captains_cabin":
                return self.p.cabin if self._suspect(view) and self._cabin_hand(view) else -1
            if ability == "zone:brig":
                return self.p.brig_escape   # a check to walk out: every turn in the Brig is lost to the ship
            if ability == "zone:chapel":
                if self._want_ritual(view):
                    return 10
                # hold the Banishment off while it would cost more than it clears
                return 10 if view["tracks"]["ritual"] >= 2 and self._banishment_value(view) < 0 else -1
            return self._ability_score(view, ability)
        if t == "rescue":
            return self.p.rescue_threatened if self._deck_threatened(view, zone) else 7 + self.p.rescue_ritual * view["tracks"]["ritual"]
        return 0 if t == "end_actions" else -2

    def _ability_score(self, view, ability) -> float:
        """A character's, item's, title's or feat's Action, judged by its printed effect."""
        effects = _ability_effects(ability)
        if not effects:
            return -0.5
        deep = view["deep_ones"]
        zone = view["zone_of"][self.player]
        kinds = {k: v for e in effects if isinstance(e, dict) for k, v in e.items()}
        if "attack" in kinds:
            spec = kinds["attack"] if isinstance(kinds["attack"], dict) else {}
            reach = [zone] + (list(self._adjacent().get(zone, ())) if spec.get("range") == "adjacent" else [])
            if any(deep.get(z) for z in reach):
                return self.p.attack + 1 + (spec.get("bonus", 0) or 0) + (2 if spec.get("reroll_once") else 0)
            return -1
        if "rescue_passengers" in kinds:
            near = [zone] + list(self._adjacent().get(zone, ()))
            n = sum(view["passengers"].get(z, 0) for z in near)
            return 5 * n if n else -1
        if "repair_zone" in kinds:
            return self.p.attack - 1 if zone in view["damage"] else -1
        if "cast_spell" in kinds:
            return self.p.cast_spell
        if "take_actions" in kinds and "move_player" in kinds:
            decks = [z for z in view["passengers"] if deep.get(z)]
            return max((self._hunt_value(view, z) for z in decks), default=1) - 1
        if "move_deep_ones" in kinds or "move_player" in kinds:
            return -1
        return -CostModel(view, self.player, params=self.p).cost(effects) - 0.5

    def _stand_risk(self, view, zone) -> float:
        """Expected cost of standing in ``zone`` until my next turn: Deep Ones there attack me
        (6+ each), those walking in attack after, and a deck is swept by the Banishment."""
        if zone in SHIP_ZONES_AWAY:
            return 0.0
        deep = view["deep_ones"]
        n = deep.get(zone, 0)
        inbound = sum(m for z, m in deep.items() if m and self._arrows().get(z) == zone)
        risk = self.p.stand_here * (1 - 0.625 ** n) + self.p.stand_inbound * (1 - 0.625 ** inbound)
        if zone in view["passengers"] or (zone[0] == "d" and zone[1:].isdigit()):
            risk += STAND_BANISH.get(view["tracks"]["ritual"], 0.05)
        return self.p.defeat_cost * min(1.0, risk)

    def _adjacent(self):
        if not hasattr(self, "_adjacent_map"):
            from engine.registry import rules_for
            self._adjacent_map = dict(rules_for("unfathomable").board.adjacent)
        return self._adjacent_map

    def _move_score(self, view, to) -> float:
        me = self.player
        zone = view["zone_of"][me]
        deep = view["deep_ones"]
        here, there = deep.get(zone, 0), deep.get(to, 0)
        if here and here < self.p.swarm:
            return -3   # stay and fight what is here
        if not self._acted_this_turn(view):
            others = [q for q, z in view["zone_of"].items() if z == to and q != me]
            suspect = self._suspect(view)
            if suspect in others and view["feats"].get(me) == "arrest_order":
                return self.p.arrest_move
            if any(q in view["revealed"] for q in others) and to != "brig":
                return self.p.traitor_hunt
        if there:
            return self._hunt_value(view, to)
        if here >= self.p.swarm:
            return 3 + here   # out of a swarm
        guard = self._threatened(view, to)
        if guard and not any(view["zone_of"][q] == to for q in view["players"] if q != me):
            return self.p.guard + guard   # a Human in the zone draws the Deep Ones' attacks off the zone
        if to in view["damage"]:
            if not self._can_repair(view, to) or any(
                    view["zone_of"][q] == to for q in view["players"] if q != me and q not in view["revealed"]):
                return -1
            return (self.p.repair_base + self.p.repair_urgency * max(0, len(view["damage"]) - 2)
                    - (self.p.repair_late if self._acted_this_turn(view) else 0))
        if view["passengers"].get(to) and view["tracks"]["ritual"] >= RITUAL_END - 1 \
                and not self._acted_this_turn(view):
            # the next ritual step is the Banishment: it defeats every passenger on a deck
            return self.p.rescue_banish + self.p.rescue_banish_each * view["passengers"][to]
        if view["passengers"].get(to) and (self._deck_threatened(view, to) or view["tracks"]["ritual"] >= RITUAL_END - 2) \
                and not (self._acted_this_turn(view) and view["tracks"]["ritual"] >= RITUAL_END - 1):
            # (on my last action a walk comes too late when the Banishment is one step away)
            return self.p.rescue_walk + view["passengers"][to]
        if to == "galley" and len(view["you"]["hand"]) < self.p.galley_hand and view["resources"]["food"] >= self.p.galley_food \
                and not self._acted_this_turn(view) and "galley" not in view["damage"]:
            return self.p.galley_move
        if to == "galley" and len(view["you"]["hand"]) < 7 and view["resources"]["food"] >= 4:
            return 5.5   # to draw next turn
        if to == "boiler_room" and self._boiler_ready(view):
            return self.p.boiler_move
        if to == "captains_cabin" and self._suspect(view) and self._cabin_hand(view) \
                and "captains_cabin" not in view["damage"]:
            return self.p.cabin - 4
        if to == "chapel" and self._want_ritual(view) and self._has(view, "lore"):
            return 5
        return -1

    def _hunt_value(self, view, to) -> float:
        """Walking up to Deep Ones to fight them on my next action: worth most where they are
        about to do harm (an undamaged interior zone they will damage, a deck with passengers
        they will defeat, a deck whose arrow leads into an undamaged zone), and when few are
        there (each one there may attack me before I strike twice)."""
        there = view["deep_ones"].get(to, 0)
        if there >= self.p.swarm:
            return -1
        value = self.p.hunt - self.p.hunt_crowd * (there - 1)
        if to in view["passengers"]:    # a deck zone
            value += self.p.hunt_passenger * view["passengers"].get(to, 0)
            if self._arrows().get(to) not in view["damage"]:
                value += self.p.hunt_inbound
        elif to not in view["damage"]:
            value += self.p.hunt_interior
        if any(view["zone_of"][q] == to for q in view["players"] if q != self.player):
            value -= self.p.hunt_shared     # someone is already there
        if self._acted_this_turn(view):
            value -= self.p.hunt_late       # no action left after the move to strike with
        return value

    def _boiler_ready(self, view) -> bool:
        """I can steam on from the Boiler Room: a Strength card, Fuel to risk, the room
        undamaged and not used this turn by anyone (its Action is once per turn)."""
        return (self._has(view, "strength") and self._boiler_fuel_ok(view)
                and "boiler_room" not in view["damage"] and not view["deep_ones"].get("boiler_room"))

    def _boiler_fuel_ok(self, view) -> bool:
        """Fuel to risk on the Boiler Room's roll (d8 + the Strength card, 7+ or lose 1 Fuel):
        from 3 Fuel on always; lower only with a card (and Keen Insight's +2) that makes a miss
        unlikely (2 Fuel) or impossible (1 Fuel)."""
        fuel = view["resources"]["fuel"]
        if fuel >= self.p.boiler_safe_fuel:
            return True
        best = max((card_value(c) for c in view["you"]["hand"] if card_type(c) == "strength"), default=0)
        best += 2 if any(_card_title("card:" + c) == "keen_insight" for c in view["you"]["hand"]) else 0
        return best >= (5 if fuel >= 2 else 6)

    def _cabin_hand(self, view) -> bool:
        """Helping cards for the Captain's Cabin check (Influence, Observation) in my hand."""
        return sum(card_value(c) for c in view["you"]["hand"]
                   if ":" in c and card_type(c) in ("influence", "observation")) >= self.p.cabin_hand

    def _deck_threatened(self, view, deck) -> bool:
        """Deep Ones on this deck or in the water zone whose arrow leads onto it."""
        deep = view["deep_ones"]
        return bool(deep.get(deck)) or any(n and self._arrows().get(z) == deck for z, n in deep.items())

    def _can_repair(self, view, zone) -> bool:
        """My hand pays the repair printed on the zone's damage card (public content)."""
        if not hasattr(self, "_repairs"):
            from engine.registry import rules_for
            self._repairs = {c.id: c.repair for c in rules_for("unfathomable").pack.damage.damage_cards}
        rule = self._repairs.get(view["damage"].get(zone))
        if rule is None:
            return False
        total = sum(card_value(c) for c in view["you"]["hand"]
                    if ":" in c and (rule.types == "any" or card_type(c) in rule.types))
        return total >= rule.discard_total

    def _acted_this_turn(self, view) -> bool:
        turn = view.get("turn") or {}
        return self._acts.get("turn") == (turn.get("player"), turn.get("number")) and self._acts.get("n", 0) >= 1

    def _want_ritual(self, view) -> bool:
        """The Great Banishment returns the Deep Ones on the water and decks to the supply but
        defeats every passenger and character on a deck: worth steering for when it clears
        more than it costs, and the token is near enough the end for the Deep Ones to still be
        out there when it comes."""
        outside = sum(v for z, v in view["deep_ones"].items() if z.startswith(("w", "d")) and z != "depths")
        return (self._banishment_value(view) > 0
                and outside >= self.p.ritual_at - view["tracks"]["ritual"])

    def _banishment_value(self, view) -> float:
        return CostModel(view, self.player, params=self.p).banishment()

    def _has(self, view, skill) -> bool:
        return any(card_type(c) == skill for c in view["you"]["hand"])

    # --- card choices --------------------------------------------------------------------
    def _subset(self, view, prompt, rng):
        kind = prompt["kind"]
        spec = prompt["subset"]
        ids = list(spec["ids"])
        if kind == "contribute":
            return self.answer(prompt, self._contribution(view, ids, spec["max"], rng))
        if prompt.get("purpose") == "skill_types" and not self._traitor(view):
            return self.answer(prompt, self._draw_types(view, ids, spec["min"]))
        if kind == "starting_hand":
            # Strength first (the Boiler Room), then the set's other types as printed
            ids.sort(key=lambda t: t != "strength")
            return self.answer(prompt, ids[:spec["min"]])
        if kind in ("discard_down", "repair_pay", "discard_total") or prompt.get("purpose") == "discard":
            if isinstance(prompt.get("default"), dict) and kind in ("repair_pay", "discard_total"):
                return {"player": self.player, **prompt["default"]}
            cheap = sorted(ids, key=lambda c: (card_value(c) if ":" in str(c) else 0))
            return self.answer(prompt, cheap[:spec["min"]])
        return {"player": self.player, **prompt["default"]} if isinstance(prompt.get("default"), dict) \
            else self.fallback(prompt, rng)

    def _draw_types(self, view, ids, count) -> list:
        """The types of the skill cards I draw (the Galley): each check helps with 2-3 of the five
        types, evenly spread over the crises (data/unfathomable/mythos.yaml), so a hand of many
        types helps more checks; Strength counts one short (the Boiler Room, Rampage)."""
        held = {}
        for c in view["you"]["hand"]:
            if ":" in c:
                held[card_type(c)] = held.get(card_type(c), 0) + 1
        pool, chosen = list(ids), []
        for _ in range(count):
            best = min(dict.fromkeys(pool), key=lambda t: (held.get(t, 0) - (self.p.draw_strength if t == "strength" else 0),
                                                           pool.index(t)))
            pool.remove(best)
            chosen.append(best)
            held[best] = held.get(best, 0) + 1
        return chosen

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
        # enough to pass with a margin, counting what the others added and may add; not a card
        # more: an overkill is cards lost to the checks and repairs to come
        expect = self._expected_others(view, check, positive)
        need = target + self.p.check_margin - expect
        chosen, total = [], 0
        for c in helps:
            if total >= need or len(chosen) >= most:
                break
            chosen.append(c)
            total += card_value(c)
        return chosen

    def _expected_others(self, view, check, positive) -> float:
        """What the pile holds without my cards, as far as the table shows: the chaos cards (a
        card helps with the share of helping types), the cards others added (loyal: helping),
        and a part of the helping cards those still to add may hold."""
        share = len(positive) / 5
        chaos = check.get("chaos_count", 2) * AVG_CARD * (2 * share - 1)
        added = check.get("added") or {}
        revealed = view.get("revealed") or {}

        def worth(p, n) -> float:
            """n cards from p: helping, unless p is a traitor — then one or two high hindering
            ones (three or more cards is a loyal player's way: the odds fall)."""
            q = self.traitor_chance(view, p)
            if p not in revealed and n > TRAITOR_MOST:
                q *= 0.2
            return (1 - q) * n * AVG_CARD - q * min(n, TRAITOR_MOST) * self.p.hinder_card

        # counts are public: each card at the average value
        before = sum(worth(p, n) for p, n in added.items() if p != self.player)
        order = list(view["players"])
        current = (view.get("turn") or {}).get("player", order[0])
        start = order.index(current) if current in order else 0
        seq = order[start + 1:] + order[:start + 1]     # left of the current player, ending with them
        later = seq[seq.index(self.player) + 1:] if self.player in seq else []
        after = 0.0
        for p in later:
            if p in added:
                continue
            q = self.traitor_chance(view, p)
            after += (1 - q) * self._still_to_add(view, p, revealed) * share * AVG_CARD * self.p.later_share
            after -= q * self.p.hinder_card * min(1, view["hand_sizes"].get(p, 0))
        return chaos + before + after

    def _still_to_add(self, view, player, revealed) -> int:
        """The cards a player still to add may help with: none from a suspect or a revealed
        traitor, at most one from the Brig (checks.py: checklist 81), else their hand."""
        if player in revealed:
            return 0
        return min(view["hand_sizes"].get(player, 0), 1 if view["zone_of"].get(player) == "brig" else 99)


def _skill_set(character: str) -> dict:
    """A character's printed skill set (public content)."""
    global _SKILL_SETS
    if _SKILL_SETS is None:
        _SKILL_SETS = {c["id"]: c.get("skill_set") or {} for c in _data_file("characters.yaml")["characters"]}
    return _SKILL_SETS.get(character, {})


_SKILL_SETS = None


def _card_title(ability: str) -> str | None:
    """The title of the skill card an ability ref plays (``card:<type>:<title>:<value>:<copy>``)."""
    parts = ability.split(":")
    return parts[2] if len(parts) >= 3 and parts[0] in ("card", "play") else None


# --- what an answer costs the Humans (public content only) ----------------------------------
DEEP_ONE_COST = 1.3         # one more Deep One on board (about a tenth of the supply, and harm to come)
DAMAGE_COST = 3.0           # one damaged zone (six end the game)
BRIG_COST = 7.0             # the chooser in the Brig (no moves; turns lost until a check frees it)
SUSPECT_BRIG = 6.0          # the suspect in the Brig (one card a check, no title, no item, no move)
JOURNEY_STEP = 2.5          # one step of the journey track (twenty win the game)
CARD_COST = 0.7             # one skill card discarded
CHAOS_TREACHERY_COST = 1.2  # one Treachery card in the chaos deck (it hinders a check to come, ~3 points)
RISK_DEFEAT = 0.7           # the chance a risked passenger is defeated before it is rescued
UNKNOWN_COST = 0.5          # an effect the estimate does not know
ACTIVATION_COST = 0.8       # one activation of one Deep One on board (moves in, damages, attacks)
COURSE_DISTANCE = 3.0       # one point of course distance (twelve, then one more Arrival, win)
ZONE_COUNTS = {"deck": 8, "water": 8, "interior": 6}
# a check's pass chance, logistic in (my helping value - target) / 5, (others' cards x helping share)
# / 5, the chaos cards' sign (2 x share - 1) and a bias: fitted on 612 crisis and zone checks of 60
# Keeper games with traitors (4 players, seeds 5000-5059; the former hand-set formula put 308 of
# them under 20 % and passed 19 %, and 94 at 80 %+ that passed 53 %)
PASS_FIT = (0.496, 0.691, 0.347, -0.8)
LOSS_CURVE = 4              # a dial's loss of n from r: n (1 + LOSS_CURVE / (r - n)), dearer near 0
GAIN_VALUE = 0.8            # one point of a dial regained (below its maximum)


@dataclass(frozen=True)
class Params:
    """The agent's tunable numbers (the constants above are the defaults). A seat decides with
    its side's set: ``KeeperAgent(player, params=...)`` for a loyal player,
    ``traitor_params`` while it plays against the ship, so a search (``bench.unfathomable_tune``)
    tunes the loyal crew alone and the traitors keep their own play."""
    ritual_at: float = RITUAL_AT
    galley_food: float = GALLEY_FOOD
    galley_hand: float = GALLEY_HAND
    galley_use: float = GALLEY_USE
    galley_move: float = GALLEY_MOVE
    guard: float = GUARD
    swarm: float = SWARM
    hunt: float = HUNT
    hunt_crowd: float = HUNT_CROWD
    hunt_passenger: float = HUNT_PASSENGER
    hunt_inbound: float = HUNT_INBOUND
    hunt_interior: float = HUNT_INTERIOR
    hunt_shared: float = HUNT_SHARED
    hunt_late: float = HUNT_LATE
    repair_base: float = REPAIR_BASE
    repair_urgency: float = REPAIR_URGENCY
    repair_late: float = REPAIR_LATE
    rescue_walk: float = RESCUE_WALK
    rescue_banish: float = RESCUE_BANISH
    rescue_banish_each: float = RESCUE_BANISH_EACH
    rescue_threatened: float = RESCUE_THREATENED
    passenger_souls: float = PASSENGER_SOULS
    boiler_move: float = BOILER_MOVE
    boiler_safe_fuel: float = BOILER_SAFE_FUEL
    boiler_use: float = BOILER_USE
    brig_escape: float = BRIG_ESCAPE
    sick_bay_leave: float = SICK_BAY_LEAVE
    attack: float = ATTACK
    cast_spell: float = CAST_SPELL
    ritual_step: float = RITUAL_STEP
    human_on_deck: float = HUMAN_ON_DECK
    rescue_ritual: float = RESCUE_RITUAL
    suspect: float = SUSPECT
    cabin: float = CABIN
    cabin_hand: float = CABIN_HAND
    arrest: float = ARREST
    arrest_move: float = ARREST_MOVE
    traitor_attack: float = TRAITOR_ATTACK
    traitor_hunt: float = TRAITOR_HUNT
    boiler_card: float = BOILER_CARD
    later_share: float = LATER_SHARE
    defeat_cost: float = DEFEAT_COST
    stand_here: float = STAND_HERE
    stand_inbound: float = STAND_INBOUND
    draw_strength: float = DRAW_STRENGTH
    check_margin: float = CHECK_MARGIN
    hinder_card: float = HINDER_CARD
    blame_odds: float = BLAME_ODDS
    choice_blame: float = CHOICE_BLAME
    choice_gap: float = CHOICE_GAP
    deep_one_cost: float = DEEP_ONE_COST
    damage_cost: float = DAMAGE_COST
    brig_cost: float = BRIG_COST
    suspect_brig: float = SUSPECT_BRIG
    journey_step: float = JOURNEY_STEP
    card_cost: float = CARD_COST
    chaos_treachery_cost: float = CHAOS_TREACHERY_COST
    risk_defeat: float = RISK_DEFEAT
    unknown_cost: float = UNKNOWN_COST
    activation_cost: float = ACTIVATION_COST
    course_distance: float = COURSE_DISTANCE
    loss_curve: float = LOSS_CURVE
    gain_value: float = GAIN_VALUE

    def but(self, **changes) -> "Params":
        return replace(self, **changes)


DEFAULT = Params()


def _printed_options():
    """(card id, option index, option) of every choice printed in the public content (mythos,
    board, damage, items...), in the files' order."""
    def walk(node, card):
        if isinstance(node, dict):
            card = node.get("id", card) if isinstance(node.get("id"), str) else card
            choice = node.get("choice")
            if isinstance(choice, dict):
                for i, o in enumerate(choice.get("options") or ()):
                    yield card, i, o
            for v in node.values():
                yield from walk(v, card)
        elif isinstance(node, list):
            for v in node:
                yield from walk(v, card)

    from engine.registry import rules_for
    for path in sorted(Path(rules_for("unfathomable").pack.data_dir).glob("*.yaml")):
        yield from walk(_data_file(path.name), None)


def _option_index() -> dict:
    """(card id or None, English label) -> the option's effect list, for every printed choice:
    what a crisis answer does."""
    global _OPTIONS
    if _OPTIONS is None:
        _OPTIONS = {}
        for card, _i, o in _printed_options():
            label = (o.get("label") or {}).get("en")
            if label:
                _OPTIONS.setdefault((card, label), o.get("effect") or [])
                _OPTIONS.setdefault((None, label), o.get("effect") or [])
    return _OPTIONS


def _brig_options() -> set:
    """(card id, option index) of every printed choice option whose English label names the Brig
    (what decide reads from a choice's labels: the player I pick next goes to the Brig)."""
    global _BRIG_OPTIONS
    if _BRIG_OPTIONS is None:
        _BRIG_OPTIONS = {(card, i) for card, i, o in _printed_options()
                         if "Brig" in ((o.get("label") or {}).get("en") or "")}
    return _BRIG_OPTIONS


_BRIG_OPTIONS = None
_OPTIONS = None
_CRISES = None
_LOYALTY = None


def _loyalty_deck(players: int) -> dict:
    """The loyalty deck's cards by kind for this many players (public content)."""
    global _LOYALTY
    if _LOYALTY is None:
        _LOYALTY = _data_file("loyalty.yaml").get("deck_by_players") or {}
    return _LOYALTY.get(players) or {}


def _crisis_options() -> dict:
    """crisis card id -> its one choice's option effect lists, for the cards whose answer can be
    judged from the printed effects alone: one choice, no skill check, no pick, no requirement."""
    global _CRISES
    if _CRISES is None:
        _CRISES = {}

        def count(node, key):
            if isinstance(node, dict):
                return (key in node) + sum(count(v, key) for v in node.values())
            if isinstance(node, list):
                return sum(count(v, key) for v in node)
            return 0

        for card in _data_file("mythos.yaml").get("mythos") or ():
            crisis = card.get("crisis") or []
            if count(crisis, "choice") != 1 or count(crisis, "skill_check") or count(crisis, "pick_player") \
                    or count(crisis, "requires") or not (isinstance(crisis[0], dict) and "choice" in crisis[0]):
                continue
            _CRISES[card["id"]] = [o.get("effect") or [] for o in crisis[0]["choice"].get("options") or ()]
    return _CRISES
_COURSE = None
_ABILITIES = None


def _ability_effects(ref: str) -> list:
    """An Action's printed effect list from its ref (``item:<id>:<n>``, ``char:<id>``,
    ``title:<id>:<n>``, ``feat:<id>``), or [] when unknown."""
    global _ABILITIES
    if _ABILITIES is None:
        _ABILITIES = {}
        for it in _data_file("items.yaml")["items"]:
            for n, ab in enumerate(it.get("abilities") or ()):
                _ABILITIES[f"item:{it['id']}:{n}"] = ab.get("effect") or []
        for ch in _data_file("characters.yaml")["characters"]:
            if ch.get("ability"):
                _ABILITIES[f"char:{ch['id']}"] = ch["ability"].get("effect") or []
        for ti in _data_file("titles.yaml")["titles"]:
            for n, ab in enumerate(ti.get("abilities") or ()):
                _ABILITIES[f"title:{ti['id']}:{n}"] = ab.get("effect") or []
        for fe in _data_file("feats.yaml")["feats"]:
            ab = fe.get("ability") or (fe.get("abilities") or [None])[0]
            if ab:
                _ABILITIES[f"feat:{fe['id']}"] = ab.get("effect") or []
    return _ABILITIES.get(ref) or []


def _data_file(name: str):
    """A content file of the loaded pack as plain YAML data (the effects as printed); the C
    loader when there is one: read once per process, when the first agent is seated."""
    import yaml

    from engine.registry import rules_for
    path = Path(rules_for("unfathomable").pack.data_dir) / name
    return yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def _course_effects() -> dict:
    """course card id -> its printed effect list (public content)."""
    global _COURSE
    if _COURSE is None:
        _COURSE = {c["id"]: c.get("effect") or [] for c in _data_file("course.yaml")["course_cards"]}
    return _COURSE


class CostModel:
    """Expected harm to the Humans of an effect list, read from the public view and my hand
    (``suspect``: whom I would send to the Brig, when an effect lets me pick)."""

    def __init__(self, view, me, suspect=None, params: "Params | None" = None):
        self.view, self.me, self.suspect = view, me, suspect
        self.w = params or DEFAULT
        self.res = dict(view["resources"])

    def pass_chance(self, check: dict) -> float:
        """How likely a check passes: my helping cards, a share of the others' hands, two chaos
        cards (mostly hindering) and a traitor's hindrance, against the target."""
        positive = set(check.get("positive") or ())
        share = len(positive) / 5
        mine = sum(card_value(c) for c in self.view["you"]["hand"] if card_type(c) in positive)
        others = sum(n for p, n in self.view["hand_sizes"].items() if p != self.me)
        target = check.get("target") or 0
        w_mine, w_others, w_chaos, w_bias = PASS_FIT
        logit = w_mine * (mine - target) / 5 + w_others * others * share / 5 + w_chaos * (2 * share - 1) + w_bias
        return 1 / (1 + math.exp(-logit))

    def banishment(self) -> float:
        """What the Great Banishment gains the Humans now: the Deep Ones on the water and decks
        back to the supply, less the passengers (souls) and characters on the decks."""
        view = self.view
        outside = sum(v for z, v in view["deep_ones"].items() if z.startswith(("w", "d")) and z != "depths")
        on_deck = sum(view["passengers"].values())
        humans_on_deck = sum(1 for q, z in view["zone_of"].items()
                             if z in view["passengers"] and q not in view["revealed"])
        return self.w.deep_one_cost * outside - self.loss("souls", round(on_deck * self.w.passenger_souls)) \
            - self.w.human_on_deck * humans_on_deck

    def loss(self, res: str, n: int) -> float:
        if n <= 0:
            return 0.0
        left = self.res.get(res, 8) - n
        if left <= 0:
            return 1000.0
        return n * (1 + self.w.loss_curve / left)

    def cost(self, effects) -> float:
        if isinstance(effects, dict):
            effects = [effects]
        return sum(self.one(e) for e in effects or () if isinstance(e, dict))

    def one(self, e: dict) -> float:
        (kind, spec), = list(e.items())[:1] or [(None, None)]
        spec = spec if spec is not None else {}
        if kind == "lose" and isinstance(spec, dict):
            return sum(self.loss(r, n) for r, n in spec.items() if isinstance(n, int))
        if kind == "gain" and isinstance(spec, dict):
            return -sum(self.w.gain_value * n for r, n in spec.items() if isinstance(n, int) and self.res.get(r, 10) < 10)
        if kind == "place_deep_ones":
            at = spec.get("at") or {}
            n = spec.get("count", 1) if isinstance(spec.get("count"), int) else 2
            each = at.get("each") if isinstance(at, dict) else None
            if each:
                n *= ZONE_COUNTS.get(each, 4)
            supply = self.view.get("deep_one_supply", 20)
            if n > supply:
                return 1000.0
            return n * self.w.deep_one_cost * (0.6 if each == "water" else 1.5 if each == "interior" else 1)
        if kind in ("damage_ship", "damage_zone"):
            times = spec.get("times", 1) if isinstance(spec.get("times"), int) else 1
            if len(self.view["damage"]) + times >= 6:
                return 1000.0
            return self.w.damage_cost * times
        if kind == "send_to_brig":
            # the picked player (the chooser picks my suspect) leaves the game's checks and titles
            return -self.w.suspect_brig if spec.get("who") == "target" and self.suspect else self.w.brig_cost
        if kind == "discard_skill_cards":
            n = spec.get("count", 1)
            return self.w.card_cost * (n if isinstance(n, int) else 2)
        if kind in ("advance_track", "retreat_track"):
            n = spec.get("spaces", 1) if isinstance(spec.get("spaces"), int) else 1
            if spec.get("track") == "ritual":
                at = self.view["tracks"]["ritual"]
                if kind == "advance_track":
                    return -self.banishment() if at + n >= RITUAL_END else -self.w.ritual_step * n
                return self.banishment() if at >= RITUAL_END - 1 else self.w.ritual_step * min(n, at)
            return (-self.w.journey_step if kind == "advance_track" else self.w.journey_step) * n
        if kind == "defeat_deep_ones":
            n = spec.get("count", 1)
            on_board = sum(v for z, v in self.view["deep_ones"].items() if z != "depths")
            return -self.w.deep_one_cost * (on_board if n == "all" else n if isinstance(n, int) else 1)
        if kind == "skill_check":
            p = self.pass_chance(spec)
            fail = self.cost(spec.get("on_fail"))
            partial = spec.get("on_partial")
            if partial is not None and spec.get("partial") is not None:
                near = self.pass_chance({**spec, "target": spec["partial"]}) - p
                return p * self.cost(spec.get("on_pass")) + near * self.cost(partial) + (1 - p - near) * fail
            return p * self.cost(spec.get("on_pass")) + (1 - p) * fail
        if kind == "if":
            return 0.5 * (self.cost(spec.get("then")) + self.cost(spec.get("otherwise")))
        if kind == "choice":
            return min((self.cost(o.get("effect")) for o in spec.get("options") or ()), default=0)
        if kind == "optional":
            return min(0.0, self.cost(spec.get("effect")))
        if kind == "roll":
            at_most = spec.get("at_most")
            chance = at_most / 8 if isinstance(at_most, int) else 0.5
            return chance * self.cost(spec.get("then"))
        if kind == "activate" and isinstance(spec, dict):
            times = spec.get("times", 1) if isinstance(spec.get("times"), int) else 1
            if spec.get("monster") == "deep_ones":
                on_board = sum(v for z, v in self.view["deep_ones"].items() if z != "depths")
                return times * self.w.activation_cost * on_board
            return times * self.w.damage_cost * 0.7
        if kind == "emerge":
            return self.w.deep_one_cost * self.view["deep_ones"].get("depths", 0)
        if kind == "defeat_passengers":
            n = spec.get("count", 1)
            on_deck = sum(self.view["passengers"].values())
            return self.loss("souls", round(self.w.passenger_souls * (on_deck if n == "all" else min(on_deck, n if isinstance(n, int) else 1))))
        if kind == "risk_passengers":
            n = spec.get("count", 1) if isinstance(spec.get("count"), int) else 1
            # a passenger on deck is mostly defeated later (Deep Ones, the Banishment): ~1 Soul each
            return n * self.w.risk_defeat * self.loss("souls", 1)
        if kind == "shuffle_treachery_into_chaos":
            n = spec.get("count", 1)
            return self.w.chaos_treachery_cost * (n if isinstance(n, int) else 2)
        if kind == "keep_card":
            return self.w.unknown_cost
        return self.w.unknown_cost
