"""The Thing: Keeper's agent — heuristics over the player's view and what the player has seen.

Each seat plays for its side (``engine.core.agent`` for the interface):

* a **human** keeps a suspicion score per player from what it was shown (a shown hand with
  «Нечто» marks the Thing, one with «Заражение!» is suspect — Keeper's humans discard a drawn
  Infected! at once —, a clean hand clears its owner for a while; an offered Infected! seen through
  Scary! marks the Thing), burns the Thing or a strong suspect next to it, looks into unknown
  neighbours (Analysis, Suspicion), shows its own hand (Whisky, Revelations), refuses exchanges
  it can, and quarantines, bars or runs from the Thing;
* **the Thing** gives Infected! to every human it exchanges with (Seduction and Can't We Be
  Friends? to reach one), never shows its hand, burns or quarantines players who have seen its
  hand, and declares exactly when no human is left;
* an **infected** player feeds spare Infected! to the Thing, never shows an Infected!, keeps
  weapons away from the humans, and burns humans who know who the Thing is.

Every choice is a score per legal option; ties are broken with the caller's generator.
"""
from __future__ import annotations

from engine.core.agent import BaseAgent
from engine.thing.common import HUMAN, INFECTED, INFECTED_ROLE, THING, THING_ROLE

# how much a card is worth keeping, to a human / to the Thing's side (discard the lowest)
HUMAN_VALUE = {
    INFECTED: -20, "flamethrower": 10, "no_barbecue": 9, "analysis": 8, "no_thanks": 7, "scary": 7,
    "missed": 6, "suspicion": 6, "quarantine": 5, "barred_door": 5, "persistence": 5,
    "im_comfortable": 4, "whisky": 3, "watch_your_back": 3, "change_places": 2, "better_run": 2,
    "axe": 1, "seduction": 0,
}
THING_VALUE = {
    THING: 100, INFECTED: 12, "no_barbecue": 11, "flamethrower": 10, "seduction": 9, "quarantine": 5,
    "barred_door": 4, "im_comfortable": 4, "persistence": 4, "watch_your_back": 3, "better_run": 3,
    "change_places": 3, "analysis": 2, "suspicion": 2, "axe": 1, "no_thanks": 1, "scary": 1,
    "missed": 1, "whisky": -10,
}
CLEAR = -3.0          # a shown hand with neither infection card
# a human burns a neighbour at least this suspect, times (players - 2): at a bigger table a
# neighbour is less likely to be the Thing, so it takes more evidence
BURN_PER_PLAYER = 1 / 3
BURNER = 1.5          # suspicion of whoever burns a player I did not suspect
DECLINED = 1.0        # suspicion of a player who shows nothing at Revelations
SEDUCER = 1.0         # suspicion of a player who plays Seduction (exchanges by choice)
SPARE_INFECTED = 3    # Infected! cards the Thing holds on to; more it discards first
THING_BURNS = 3       # the Thing burning a human nobody suspects it of (costs a suspicion)


class KeeperAgent(BaseAgent):
    def __init__(self, player: str):
        super().__init__(player)
        self.suspicion: dict[str, float] = {}
        self.thing: str | None = None          # who I know is the Thing
        self.seen: dict[tuple, float] = {}     # (viewer, owner): how much of owner's hand viewer saw
        self.partner: str | None = None        # whom my pending exchange is with

    # --- memory --------------------------------------------------------------------------
    def observe(self, events):
        me = self.player
        for ev in events:
            kind = ev["type"]
            if kind == "hand_shown":
                self._saw_card(ev["player"], None, ev["cards"])
            elif kind == "card_seen" and ev.get("card"):
                self._saw_card(ev["owner"], ev["card"])
            elif kind == "offered_card_seen" and ev["card"] == INFECTED:
                self.thing = ev["from"]   # only the Thing may offer an Infected! to a non-Thing
            elif kind == "infected" and ev["player"] == me:
                self.thing = ev["by"]
            elif kind == "hand_shown_privately":   # the viewer now knows that hand
                self.seen[(ev["to"], ev["player"])] = self.seen.get((ev["to"], ev["player"]), 0) + 1.0
            elif kind == "card_played" and ev["card"] == "suspicion":
                key = (ev["player"], ev.get("target"))
                self.seen[key] = self.seen.get(key, 0) + 0.3
            elif kind == "card_played" and ev["card"] == "flamethrower" and ev["player"] != me:
                # burning someone I do not suspect makes the burner suspect
                if self.suspicion.get(ev["target"], 0) < 1 and ev["target"] != self.thing:
                    self._suspect(ev["player"], BURNER)
            elif kind == "revelation_declined" and ev["player"] != me:
                self._suspect(ev["player"], DECLINED)   # Keeper's humans show a clean hand
            elif kind == "card_played" and ev["card"] == "seduction" and ev["player"] != me:
                self._suspect(ev["player"], SEDUCER)
            elif kind == "turn_started":
                self.partner = None
                for p in self.suspicion:   # clean hands may have been infected since
                    if self.suspicion[p] < 0:
                        self.suspicion[p] = min(0.0, self.suspicion[p] + 0.25)
            elif kind == "card_played" and ev["player"] == me and ev["card"] == "seduction":
                self.partner = ev.get("target")
            elif kind == "target_chosen" and ev["player"] == me:
                self.partner = ev["target"]
            elif kind == "exchange_redirected" and ev["from"] == me:
                self.partner = ev["to"]

    def _suspect(self, p, amount):
        self.suspicion[p] = self.suspicion.get(p, 0.0) + amount

    def _saw_card(self, owner, card, cards=None):
        if owner == self.player:
            return
        shown = cards if cards is not None else [card]
        if THING in shown:
            self.thing = owner
        elif INFECTED in shown:
            self.suspicion[owner] = self.suspicion.get(owner, 0) + 3.0
        elif cards is not None:
            self.suspicion[owner] = CLEAR

    # --- what I know of the table ----------------------------------------------------------
    def _role(self, view):
        return view["you"]["role"]

    def _thing_of(self, view):
        me = view["you"]
        if me["role"] == THING_ROLE:
            return self.player
        if me["role"] == INFECTED_ROLE:
            return me.get("infected_by")
        return self.thing if self.thing in view["seats"] else None

    def _humans(self, view):
        """The Thing: living players it has not infected."""
        infected = set(view["you"].get("infected", ()))
        return [p for p in view["seats"] if p != self.player and p not in infected]

    def _sus(self, view, p):
        if p == self._thing_of(view):
            return 100.0
        return self.suspicion.get(p, 0.0)

    def _hostile(self, view, p) -> float:
        """How much ``p`` is an enemy of mine worth acting against (positive: yes)."""
        role = self._role(view)
        if role == HUMAN:
            return self._sus(view, p) - 1.0
        thing = self._thing_of(view)
        if p == thing or p == self.player:
            return -100.0
        if role == THING_ROLE and p not in self._humans(view):
            return -100.0
        return self.seen.get((p, thing), 0.0)

    def _value(self, view, card) -> float:
        role = self._role(view)
        if role == HUMAN:
            return HUMAN_VALUE.get(card, 0)
        if card == INFECTED and role == THING_ROLE and view["you"]["hand"].count(INFECTED) > SPARE_INFECTED:
            return 0   # more Infected! than it can hand out soon only show in a peek
        return THING_VALUE.get(card, 0)

    def _next(self, view, steps=1):
        seats = view["seats"]
        if self.player not in seats:
            return None
        return seats[(seats.index(self.player) + steps * view["direction"]) % len(seats)]

    # --- decisions -----------------------------------------------------------------------
    def decide(self, view, prompt, rng):
        me = view.get("you") or {}
        if me.get("can_declare") and not self._humans(view):
            return {"player": self.player, "type": "declare"}
        if prompt is None:
            return None
        options = prompt["options"]
        if prompt.get("shape", "one") != "one":
            return self._subset(view, prompt)
        scored = [(self._score(view, prompt, o), rng.random(), i) for i, o in enumerate(options)]
        best = max(scored)[2]
        return self.act(prompt, options[best])

    def _subset(self, view, prompt):
        spec = prompt["subset"]
        ids = sorted(spec["ids"], key=lambda c: self._value(view, c))
        if prompt["kind"] == "keep":   # keep the best
            ids.reverse()
        return self.answer(prompt, ids[:spec["min"]])

    def _score(self, view, prompt, o):
        kind, t = prompt["kind"], o["type"]
        card = o.get("card")
        role = self._role(view)
        if kind == "step2":
            if t == "discard":
                return -self._value(view, card)
            return self._play_score(view, o)
        if kind == "offer":
            return self._give_score(view, card, self.partner or self._next(view))
        if kind == "answer":
            giver = prompt.get("from")
            if t == "defend":
                if role == HUMAN:   # any exchange may infect; a refusal costs nothing (a card is drawn)
                    return 50 + (1 if card == "scary" else 0)
                return -50
            return self._give_score(view, card, giver)
        if kind == "respond":
            by = prompt.get("by")
            if t == "defend":
                if prompt.get("card_played") == "flamethrower":
                    return 100
                return 10 if self._hostile(view, by) > 0 or (role != HUMAN and self._next(view) == by) else -10
            return 0
        if kind == "pass":
            return self._give_score(view, card, self._next(view))
        if kind == "blind_date":
            return -self._value(view, card)
        if kind == "keep":
            return self._value(view, card)
        if kind == "revelation":
            what = o["what"]
            if role == HUMAN and INFECTED not in view["you"]["hand"]:
                return 2 if what == "hand" else 0
            return 1 if what == "nothing" else -10
        if kind == "choose":
            return self._choose_score(view, prompt.get("purpose"), o["target"])
        return 0

    def _give_score(self, view, card, to) -> float:
        """Giving ``card`` to ``to``: the lower its worth to me the better; the Thing infects a
        human with Infected!, an infected hands its spare to the Thing."""
        role = self._role(view)
        if card == INFECTED:
            if role == THING_ROLE and to in self._humans(view):
                return 100
            if role == INFECTED_ROLE and to == self._thing_of(view):
                return 100
        value = self._value(view, card)
        if role != HUMAN and card in ("flamethrower", "analysis") and to != self._thing_of(view):
            value += 10   # keep weapons and eyes away from the humans
        if role == HUMAN and self._sus(view, to) >= 1 and card in ("flamethrower", "no_barbecue"):
            value += 10
        return -value

    def _play_score(self, view, o) -> float:
        card, target = o["card"], o.get("target")
        role = self._role(view)
        base = -self._value(view, card)   # what discarding it instead would score
        if card == "flamethrower":
            hostile = self._hostile(view, target)
            if role == HUMAN:
                sus = self._sus(view, target)
                burn_at = BURN_PER_PLAYER * (len(view["hand_counts"]) - 2)
                return 200 if sus >= 100 else (30 + 10 * sus if sus >= burn_at else -20)
            if hostile > 0.5:
                return 40 + hostile
            if role == THING_ROLE and target in self._humans(view):
                return THING_BURNS
            return -20
        if card in ("analysis", "suspicion"):
            if role == HUMAN:
                known = self._sus(view, target)
                if known >= 100:
                    return -1
                return (9 if card == "analysis" else 6) + (0 if known < 0 else 2)
            return -1 if card == "analysis" else 1   # the Thing's side looks busy too
        if card == "whisky":
            return 4 if role == HUMAN and INFECTED not in view["you"]["hand"] else -30
        if card == "quarantine":
            hostile = self._hostile(view, target)
            if target == self.player:
                return -5
            return 20 * hostile if hostile > 0 else -5
        if card == "barred_door":
            beyond = self._next(view, o["side"] * view["direction"])
            hostile = self._hostile(view, beyond)
            return 15 * hostile if hostile > 0 else -6
        if card == "persistence":
            return 7
        if card == "seduction":
            if role == THING_ROLE and INFECTED in view["you"]["hand"] and target in self._humans(view):
                return 30 - view["seats"].index(target) * 0.01
            if role == HUMAN:
                return -2 * max(1.0, self._sus(view, target) + 1)
            return -3
        if card in ("change_places", "better_run"):
            return self._seat_score(view, target)
        if card == "watch_your_back":
            nxt, prev = self._next(view, 1), self._next(view, -1)
            return 8 * (self._exchange_worth(view, prev) - self._exchange_worth(view, nxt))
        if card == "axe":
            if o.get("obstacle") == "quarantine":
                return -3 if self._hostile(view, target) > 0 else 0.5
            return -3
        return base

    def _exchange_worth(self, view, p) -> float:
        """How good an exchange with ``p`` is for me (the turn's exchange goes to the next seat)."""
        role = self._role(view)
        if role == THING_ROLE:
            return 1.0 if p in self._humans(view) else 0.0
        if role == INFECTED_ROLE:
            return 1.0 if p == self._thing_of(view) else 0.0
        return -min(3.0, max(0.0, self._sus(view, p)))

    def _seat_score(self, view, target) -> float:
        """Swapping seats with ``target``: a human with a Flamethrower sits down next to the Thing,
        one without leaves its side; the Thing's side sits next to humans."""
        role = self._role(view)
        seats = view["seats"]
        if target not in seats or self.player not in seats:
            return -2

        def beside(seat_of, p):
            n, k = len(seats), seats.index(seat_of)
            return p in (seats[(k + 1) % n], seats[(k - 1) % n])
        thing = self._thing_of(view)
        if role != HUMAN or thing is None:
            return -2
        near_now = beside(self.player, thing)
        near_after = target == thing or beside(target, thing)
        if "flamethrower" in view["you"]["hand"]:
            return 8 if near_after and not near_now else (-5 if near_now else -2)
        return 6 if near_now and not near_after else -2

    def _choose_score(self, view, purpose, target) -> float:
        role = self._role(view)
        if purpose in ("friends",):
            if role == THING_ROLE:
                return 10 if target in self._humans(view) else 0
            if role == INFECTED_ROLE:
                return 10 if target == self._thing_of(view) else 0
            return -self._sus(view, target)
        if purpose == "between_us":
            if role == HUMAN:
                return -self._sus(view, target)
            return 10 if target == self._thing_of(view) or target not in self._humans(view) else 0
        # seat swaps (get_out, one_two)
        return self._seat_score(view, target)
