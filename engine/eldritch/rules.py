"""Eldritch Horror («Прадавній жах»), 1-8 investigators, cooperative: the rules on the engine core.

Spec: ../shared/seeds/002 (the authority), ../shared/rules/eldritch_horror.md and its checklist;
content from data/eldritch (effects interpreted by ``effects/``). State layout: README.md here.

Modules, one per concern: ``setup`` (options, setup A/B), ``board`` (gates, clues, monsters,
doom, omen, places and quantities), ``cards`` (decks, reserve, gains, discards, hidden backs),
``investigators`` (health, sanity, defeat, devour, modifiers), ``dice`` (tests, rerolls),
``combat`` (combat encounters), ``phases`` (round, action, encounter and mythos phases),
``effects`` (the interpreter: one ``_op_<primitive>`` per vocabulary entry, a package split by concern), ``ending``
(awakening, mysteries, rumors, win and loss), ``views`` (views, refusals).
"""
from __future__ import annotations

from engine.eldritch.content import load
from engine.core.events import event
from engine.eldritch.game import GAME
from engine.core.flow import Auto, Choice, FlowRules, GroupDecision, frame_of, frames
from engine.eldritch.announces import ANNOUNCES, UNANNOUNCED
from engine.eldritch.board import Board
from engine.eldritch.cards import Cards
from engine.eldritch.combat import Combat
from engine.eldritch.common import Content
from engine.eldritch.dice import Dice
from engine.eldritch.effects import Effects
from engine.eldritch.ending import Ending
from engine.eldritch.investigators import Investigators
from engine.eldritch.phases import Phases
from engine.eldritch.position import Position
from engine.eldritch.setup import Setup
from engine.eldritch.views import Views

# prompt kinds answered by picking one of the options stored in the frame (``f["options"]``);
# the answer goes to ``_picked_<purpose>``. The safest option is always listed first (the default).
PICK_KINDS = ("choose", "encounter", "combat_order", "travel_more", "acquire", "trade_ok", "new_investigator",
              "defeat_token", "pass_lead")
GROUP_KINDS = ("group",)


class EldritchRules(Setup, Position, Board, Cards, Investigators, Dice, Combat, Phases, Effects, Ending, Views,
                    FlowRules):
    game_id = "eldritch"
    min_players, max_players = GAME.players

    def still_playing(self, state, player: str) -> bool:
        return player not in state.get("eliminated", ())
    # 2: issue 18's rule defects (rerolls, searches, the random location, ...); 3: a trade's moves
    # are made only when both agree (issue 20); 4: passing the Lead at the end of the Mythos phase is
    # the Lead's own choice, no longer a group decision; 5: after the Mi-go Brain Case's trade the
    # other investigator's player chooses whether the two swap spaces (they always swapped); 6: no
    # choice offers to discard an epic monster (Norman Withers, Goat Spawn, The World Fights Back; the
    # Flute needs a non-epic monster), Charlie Kane hands out only what he acquired and a Service he
    # hands out resolves for its taker (R15); 7: "discard 1 condition" is the holder's choice and Everyone
    # Has a Price's Debt never pays for itself (R16), an action on monsters needs one on the space (R17);
    # 8: an action naming an investigator needs one to name (R18), the mythos deck out ends the phase
    # with its mysteries checked before the loss (R19), the Mi-go and Clairvoyance discard one clue token
    # of a space, not all of them; 9: Jim Culver's action needs someone on his space to heal (R20),
    # «the Lead» of a card or a reckoning is whoever holds the token when a step runs (R21), Cthulhu's
    # reckoning puts one token on a sea space however many investigators stand there (R22); 10: nobody
    # is chosen to gain a condition he holds (Holy Water, R20), Lily Chen's action needs a way that
    # changes something (R23), the Lead picks whose clues pay a group payment (R24)
    rules_version = "10"
    announces, unannounced = ANNOUNCES, UNANNOUNCED

    FRAMES = frames(
        fx=Auto(), ctx_end=Auto(), call=Auto(), combat=Auto(),
        action=Choice(default="first"), roll=Choice(default="first"), trade=Choice(default="first"),
        **{k: Choice(default="first") for k in PICK_KINDS},
        **{k: GroupDecision() for k in GROUP_KINDS},
    )
    # a trade's partner and its draft so far (its own player's alone; trade_ok: the moves proposed)
    PROMPT_KEYS = ("inv", "purpose", "card", "about", "with", "moves", "taken")   # taken: R24's clues chosen so far
    # a cooperative game: every option follows from the public table (hidden backs are never options)
    OPEN_KINDS = frozenset({"action", "roll", "trade", *PICK_KINDS, *GROUP_KINDS})

    def __init__(self, pack=None):
        self.pack = pack or load()
        self.C = Content(self.pack)

    def content_digest(self):
        return self.pack.digest

    def bytes_digest(self):
        return self.pack.bytes_digest

    # --- generic frames -----------------------------------------------------------------
    def _run_call(self, s, f, events):
        getattr(self, "_call_" + f["fn"])(s, f.get("args", {}), events)

    def call(self, s, fn, **args):
        """Push a continuation: ``_call_<fn>(s, args, events)`` runs when it reaches the top."""
        self.push(s, {"k": "call", "fn": fn, "args": args})

    def _ask_pick(self, s, f):
        return {"player": f["player"], "options": f["options"]}

    def _answer_pick(self, s, f, action, events):
        chosen = {k: v for k, v in action.items() if k != "player"}
        getattr(self, "_picked_" + f["purpose"])(s, f, chosen, events)

    def ask(self, s, kind, inv, purpose, options, **extra):
        """Push a one-shape prompt for ``inv``'s controller (kind: PICK_KINDS or group)."""
        if inv is None:   # the chooser is out of play (a defeated Lead mid-mythos): the Lead's player
            inv = s["lead"]
        player = s["inv"][inv]["player"] if inv in s["inv"] else inv
        frame = {"k": kind, "player": player, "inv": inv, "purpose": purpose, "options": options}
        frame.update(extra)
        if kind in GROUP_KINDS:
            frame["advisers"] = [p for p in s["players"] if p != player and p not in s["eliminated"]]
        self.push(s, frame)

    def forced(self, state, prompts=None):
        """Also made at once: ordering effects that happen together when every one left is the same
        effect of the same kind of monster on the same space (two Cultists of one city: the order
        cannot change anything, yet it was two identical buttons to click)."""
        action = super().forced(state, prompts)
        if action is not None or self.is_over(state):
            return action
        for prompt in self.prompts(state) if prompts is None else prompts:
            frame = frame_of(state, prompt)
            if frame.get("purpose") == "order" and self.interchangeable(state, frame["items"]):
                return {"player": prompt["player"], **prompt["options"][0], "prompt": prompt["id"], "auto": True}
        return None

    @staticmethod
    def interchangeable(s, items) -> bool:
        """Whether ``items`` (``run_together``'s) are one monster effect over identical monsters."""
        board = s["monsters"]["board"]
        first = items[0]
        mid = first["ctx"].get("monster")
        if mid not in board:
            return False
        for it in items[1:]:
            other = it["ctx"].get("monster")
            if other not in board or it["steps"] != first["steps"] or board[other] != board[mid] \
                    or {**it["ctx"], "monster": mid} != first["ctx"]:
                return False
        return True

    def _void(self, s, f, events):
        if f["k"] != "action":   # an action prompt with no actions left is the turn's normal end
            events.append(event("nothing_to_choose", kind=f["k"], purpose=f.get("purpose")))

    def invariant_violations(self, state):
        from engine.eldritch.invariants import violations
        return violations(self, state)

    def outcome(self, state):
        result = state.get("result") or {}
        return {"winner": result.get("winner", "?"), "reason": result.get("reason", "?"),
                "rounds": state.get("round", 0)}

    def agent_preference(self, rng, state, actions):
        """Random agents favour doing something over ending their actions at once."""
        if len(actions) > 1 and actions[0].get("type") == "end_actions" and rng.random() < 0.7:
            return rng.choice(actions[1:])
        return None


for _kind in PICK_KINDS:
    setattr(EldritchRules, f"_ask_{_kind}", EldritchRules._ask_pick)
    setattr(EldritchRules, f"_answer_{_kind}", EldritchRules._answer_pick)
for _kind in GROUP_KINDS:
    def _ask_group(self, s, f):
        return {"player": f["player"], "options": f["options"], "advisers": f.get("advisers", [])}
    setattr(EldritchRules, f"_ask_{_kind}", _ask_group)
    setattr(EldritchRules, f"_answer_{_kind}", EldritchRules._answer_pick)
