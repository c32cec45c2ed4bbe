"""The Thing («Нечто»): the complete rules on the engine core, one module per concern.

Spec: ../shared/rules/the_thing.md (sections 2-10, rulings R1-R26 of section 13) and
engine/thing/RULINGS.md (rulings R27 onwards).
State layout (all plain data):

    players     ids in join order            seats      living ids, clockwise order
    direction   +1 clockwise / -1            doors      doors[i]: door between seats[i], seats[i+1]
    quarantine  {id: own turns left}         hands      {id: [card ids]}
    deck        draw pile, top = last        discard    face-down discard pile
    roles       {id: human|thing|infected}   infections [{player, by}] in order
    eliminated  ids, in order                turn       {player, number, no_exchange, counting}
    stack       pending frames (top = last)  seq        last prompt id issued
    rng         seeded generator state       result     None, or the end of the game
    out_of_play {id: [cards]} an eliminated player's cards that never return to play (R29)
    declared_by the Thing who declared (§9 B; set only then)

Modules: ``setup`` (deck and deal), ``table`` (seats, doors, quarantine), ``deck`` (draw pile,
hands, what may be given), ``turns`` (turn flow), ``cards`` (action and obstacle cards),
``panic`` (panic cards), ``exchange`` (exchanges, defences, infection, Round and Round),
``ending`` (declaration, end of game), ``views`` (views, refusals).
"""
from __future__ import annotations

from engine.thing.content import ThingPack, default_pack
from engine.thing.game import GAME
from engine.core.flow import (Accept, Auto, Choice, FlowRules, Offer, ResponseWindow, Simultaneous,
                              frames)
from engine.thing.announces import ANNOUNCES, UNANNOUNCED
from engine.thing.cards import Cards
from engine.thing.common import HUMAN, INFECTED, INFECTED_ROLE, THING, THING_ROLE  # noqa: F401 - re-exported

__all__ = ["ThingRules", "THING", "INFECTED", "HUMAN", "THING_ROLE", "INFECTED_ROLE"]
from engine.thing.deck import Deck
from engine.thing.ending import Ending
from engine.thing.exchange import Exchanges
from engine.thing.panic import Panic
from engine.thing.setup import Setup
from engine.thing.table import Table
from engine.thing.turns import Turns
from engine.thing.views import Views


class ThingRules(Setup, Table, Deck, Turns, Cards, Panic, Exchanges, Ending, Views, FlowRules):
    game_id = "thing"
    min_players, max_players = GAME.players

    # frame kinds (engine.core.flow); hooks are _ask_<k>, _answer_<k>, _run_<k>, ...
    # the draw is the only answer to a draw; a panic's target follows from the seats alone
    OPEN_KINDS = frozenset({"draw", "choose"})

    def still_playing(self, state, player: str) -> bool:
        return player not in state.get("eliminated", ())

    WINDOW_KINDS = frozenset({"respond"})
    FRAMES = frames(
        draw=Choice(default={"type": "draw"}),
        step2=Choice(default="random_discard"),   # never a defence card, nothing role-dependent
        keep=Choice(),
        offer=Offer(then="answer", field="card", carry=("reason", "redirected")),
        answer=Accept(default="random_give"),      # a refusal needs a defence card: AFK gives
        respond=ResponseWindow(who="target", pass_action={"type": "accept"}),
        choose=Choice(),
        forgetful=Choice(),
        revelation=Choice(default={"type": "reveal", "what": "nothing"}),
        round=Simultaneous(prompt_kind="pass", action="pass", field="card", chosen_event="pass_chosen"),
        blind_date=Choice(),
        end_turn=Auto(), step3=Auto(), discard_card=Auto(),
    )
    PROMPT_KEYS = ("card_played", "by", "from", "reason", "purpose")

    rules_version = "2"  # bump when a rule changes what a record replays to (2: Forgetful's AFK default)

    announces, unannounced = ANNOUNCES, UNANNOUNCED

    def invariant_violations(self, state):
        from engine.thing.invariants import violations
        return violations(state, self)

    def agent_preference(self, rng, state, actions):
        """The Thing declares when no human is left (half the time), and very rarely as a bluff."""
        declares = [a for a in actions if a["type"] == "declare"]
        if not declares:
            return None
        humans_left = any(state["roles"][p] == "human" for p in state["seats"])
        if len(declares) == len(actions) or (not humans_left and rng.random() < 0.5) or rng.random() < 0.0005:
            return declares[0]
        return rng.choice([a for a in actions if a["type"] != "declare"])

    def __init__(self, pack: ThingPack | None = None):
        self.pack = pack or default_pack()
        self.cards = self.pack.cards
        # the obstacle cards that go to the discard pile when a quarantine or door ends
        self.quarantine_card = self._placing("place_quarantine")
        self.door_card = self._placing("place_door")

    def _placing(self, effect):
        return next((cid for cid, card in self.cards.items() if any(e.name == effect for e in card.effects)), None)

    def content_digest(self):
        return self.pack.digest

    def bytes_digest(self):
        return self.pack.bytes_digest

    def outcome(self, state):
        """Rounds, not turns: a round is one turn of each seat (the turn number counts turns)."""
        out = super().outcome(state)
        seats = max(1, len(state.get("players", ())))
        out["rounds"] = -(-out["rounds"] // seats)
        return out
