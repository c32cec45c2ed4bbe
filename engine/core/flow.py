"""Resolution as data: the stack of frames, prompt ids, the run loop and the shared step shapes.

A game built on :class:`FlowRules` keeps all pending work in ``state["stack"]`` (top = last), a
list of plain dicts ``{"k": kind, ...}``; ``state["seq"]`` is the last prompt id issued (it only
grows). ``FRAMES`` maps each kind to a :class:`FrameKind` below, which decides whether the frame
runs by itself or waits for answers, and calls the game's hooks by name (``_ask_<kind>``,
``_answer_<kind>``, ...). Only the top frame is ever asked.

The run loop (:meth:`FlowRules.run`): with nothing pending, call ``_idle`` (e.g. start the next
turn); an automatic frame is popped and run; a prompting frame stays until answered, or is
voided (``_void``) when nobody can answer it. After every primitive step (each frame run or
answered, each free action, and wherever a game calls :meth:`FlowRules.goes_on` between the
primitives of one step) the core calls the game's ``check_end(state)``; a result ends the game
there: ``state["result"]`` is set, ``game_over`` runs and the stack is dropped.

Step shapes and their defaults for AFK players (``{"type": "default"}``):

=================  =============================================================  ==========================
kind               what                                                           default
=================  =============================================================  ==========================
Auto               runs by itself: ``_run_<k>(s, f, events)``                      -
Choice             one player decides, any shape                                  given per kind (below)
Offer / Accept     ``from`` offers something to ``to``, who accepts or refuses    Offer: random; Accept:
                   (a two-step secret swap: the offer waits hidden in the frame)  the game's decline
ResponseWindow     a named player may respond with one of given options or pass   pass
Simultaneous       several players answer in any order; answers stay hidden       a random legal option
                   in the frame until all are in
SecretRound        players in a fixed order each add 0+ items privately; the      add nothing
                   table learns counts; all revealed together, shuffled, unnamed
GroupDecision      one decider answers for the group; others see the question     the first option
=================  =============================================================  ==========================

A ``one``-shape default is a fixed action, ``"first"``, ``"random"`` (uniform over the options,
from the game's generator) or ``"random_<type>"`` (uniform over the options of that action
type); ``subset``/``number`` defaults are in :mod:`engine.core.shapes`.
"""
from __future__ import annotations

import inspect

from engine.core import shapes
from engine.core.events import event, only
from engine.core.game import GameRules
from engine.core.rng import Rng


class FrameKind:
    """Base of the frame kinds. ``name`` is the frame's ``k`` (set when registered)."""

    prompting = True
    name = ""

    HOOKS = ("ask", "answer", "run", "responses", "passed", "responded", "done", "offer", "give")

    def bind(self, name: str) -> "FrameKind":
        self.name = name
        # hook method names, formatted once: the run loop looks them up on every step
        self.n = {what: f"_{what}_{name}" for what in self.HOOKS}
        return self

    def hook(self, rules, what: str):
        return getattr(rules, self.n[what])

    # --- prompting kinds
    def prompts(self, rules, s, f) -> list[dict]:
        return []

    def ready(self, rules, s, f, events) -> bool:
        """True: wait for answers. Otherwise the frame settled itself (here: voided)."""
        prompts = self.prompts(rules, s, f)
        if prompts and all(shapes.has_answer(p) for p in prompts):
            return True
        s["stack"].pop()
        rules._void(s, f, events)
        return False

    def answer(self, rules, s, f, action, events) -> None:
        raise NotImplementedError

    # --- automatic kinds
    def run(self, rules, s, f, events) -> None:
        raise NotImplementedError


class Auto(FrameKind):
    """Runs without a decision: ``_run_<k>(s, f, events)``."""

    prompting = False

    def run(self, rules, s, f, events):
        getattr(rules, self.n["run"])(s, f, events)


class Choice(FrameKind):
    """One player decides. ``_ask_<k>(s, f)`` returns ``{"player", "options": [...]}`` (or
    ``"subset"``/``"number"`` instead of ``"options"``, optionally ``"default"``), or None when
    there is nothing to ask; ``_answer_<k>(s, f, action, events)`` runs after the frame is popped.
    """

    def __init__(self, default="random"):
        self.default = default

    def asked(self, rules, s, f):
        return getattr(rules, self.n["ask"])(s, f)

    def prompts(self, rules, s, f):
        ask = self.asked(rules, s, f)
        return [rules.make_prompt(f, self.name, ask, self.default)] if ask else []

    def ready(self, rules, s, f, events):
        ask = self.asked(rules, s, f)
        if ask and (ask["options"] if "options" in ask else shapes.has_answer(ask)):
            return True
        s["stack"].pop()
        rules._void(s, f, events)
        return False

    def answer(self, rules, s, f, action, events):
        s["stack"].pop()
        getattr(rules, self.n["answer"])(s, f, action, events)


class Offer(Choice):
    """``f["from"]`` chooses what to offer ``f["to"]`` (``_ask_<k>`` gives the options; the
    player is filled in). The answer opens the acceptance frame ``then`` with the offered thing
    under ``field`` and the ``carry`` keys copied; ``_answer_<k>`` (optional) announces it.
    Default: a random option."""

    def __init__(self, then: str, field: str = "card", carry: tuple = (), default="random"):
        super().__init__(default)
        self.then, self.field, self.carry = then, field, carry

    def asked(self, rules, s, f):
        ask = getattr(rules, self.n["ask"])(s, f)
        return ask and {"player": f["from"], **ask}

    def answer(self, rules, s, f, action, events):
        s["stack"].pop()
        announce = getattr(rules, self.n["answer"], None)
        if announce:
            announce(s, f, action, events)
        frame = {"k": self.then, "from": f["from"], "to": f["to"], self.field: action[self.field]}
        frame.update({key: f[key] for key in self.carry if key in f})
        rules.push(s, frame)


class Accept(Choice):
    """``f["to"]`` answers the offer held in the frame: accept (maybe with a counterpart) or
    refuse. ``_ask_<k>`` gives the options; ``_answer_<k>`` resolves both. Default: ``default``,
    which a game sets to its decline action; The Thing, where an exchange can be refused only
    with a defence card, gives a random legal card (``"random_give"``)."""

    def __init__(self, default={"type": "decline"}):  # noqa: B006 - never mutated
        super().__init__(default)

    def asked(self, rules, s, f):
        ask = getattr(rules, self.n["ask"])(s, f)
        return ask and {"player": f["to"], **ask}


class ResponseWindow(Choice):
    """``f[who]`` may respond with one of ``_responses_<k>(s, f)`` (a list of actions) or pass
    with ``pass_action``. Asked every time, whether or not they hold a response, so the question
    leaks nothing. ``_passed_<k>(s, f, events)`` / ``_responded_<k>(s, f, action, events)``
    resolve it. Default: pass."""

    def __init__(self, who: str, pass_action: dict):
        super().__init__(pass_action)
        self.who, self.pass_action = who, pass_action

    def asked(self, rules, s, f):
        options = [self.pass_action] + self.hook(rules, "responses")(s, f)
        return {"player": f[self.who], "options": options}

    def answer(self, rules, s, f, action, events):
        s["stack"].pop()
        if {k: v for k, v in action.items() if k != "player"} == self.pass_action:
            self.hook(rules, "passed")(s, f, events)
        else:
            self.hook(rules, "responded")(s, f, action, events)


class GroupDecision(Choice):
    """One decider answers for the group; ``advisers`` may see the question (the prompt lists
    them; :meth:`FlowRules.questions_for`). ``_ask_<k>`` returns the decider's ask plus
    ``"advisers"``. Default: the first option (games list the safe choice first)."""

    def __init__(self, default="first"):
        super().__init__(default)

    def prompts(self, rules, s, f):
        ask = self.asked(rules, s, f)
        if not ask:
            return []
        prompt = rules.make_prompt(f, self.name, ask, self.default)
        prompt["advisers"] = [p for p in ask.get("advisers", ()) if p != ask["player"]]
        return [prompt]


class Simultaneous(FrameKind):
    """Every player in ``f["options"]`` (``{player: [values]}``, each non-empty) answers once, in
    any order, with ``{"type": action, field: value}``. Answers wait in ``f["choices"]`` (private)
    until all are in; meanwhile the table sees ``chosen_event`` (who has chosen). Then the frame
    is popped and ``_done_<k>(s, f, events)`` runs. Prompt kind: ``prompt_kind``. Default: a
    random legal option - the answers are secret, so a random one leaks nothing."""

    def __init__(self, prompt_kind: str, action: str, field: str, chosen_event: str, default="random"):
        self.prompt_kind, self.action, self.field = prompt_kind, action, field
        self.chosen_event, self.default = chosen_event, default

    def prompts(self, rules, s, f):
        return [rules.make_prompt(f, self.prompt_kind,
                                  {"player": p, "options": [{"type": self.action, self.field: v} for v in values]},
                                  self.default)
                for p, values in f["options"].items() if p not in f["choices"]]

    def ready(self, rules, s, f, events):
        if f["options"]:
            return True
        s["stack"].pop()
        rules._void(s, f, events)
        return False

    def answer(self, rules, s, f, action, events):
        f["choices"][action["player"]] = action[self.field]
        if len(f["choices"]) == len(f["options"]):
            s["stack"].pop()
            self.hook(rules, "done")(s, f, events)
        else:
            events.append(event(self.chosen_event, player=action["player"]))


class SecretRound(FrameKind):
    """Players ``f["order"]`` in turn each add 0+ items face down (a ``subset`` prompt, min 0):
    ``_offer_<k>(s, f, player)`` returns ``{"ids": [...], "max"?: n}``. A player with nothing to
    add is asked all the same (their only answer is nothing), so the table can't tell. The table learns only "X added N" (``added``); the player sees their own
    items (``you_added``); ``_give_<k>(s, f, player, items, events)`` (optional) takes them out of
    play. When all have answered, the items are shuffled together with the game's generator and
    shown in one ``revealed`` event without saying who gave what; then ``_done_<k>(s, f, items,
    events)``. Frame: ``{"k", "order", "i": 0, "given": {}}``. Each player gets a new prompt id.
    Default: add nothing."""

    def __init__(self, action: str, field: str = "cards", added: str = "added", you_added: str = "you_added",
                 revealed: str = "contributions_revealed"):
        self.action, self.field = action, field
        self.added, self.you_added, self.revealed = added, you_added, revealed

    def _offer(self, rules, s, f):
        player = f["order"][f["i"]]
        offer = self.hook(rules, "offer")(s, f, player)
        return player, list(offer["ids"]), offer.get("max", len(offer["ids"]))

    def prompts(self, rules, s, f):
        player, ids, most = self._offer(rules, s, f)
        spec = {"ids": ids, "min": 0, "max": most, "action": {"type": self.action}, "field": self.field}
        return [rules.make_prompt(f, self.name, {"player": player, "subset": spec}, None)]

    def ready(self, rules, s, f, events):
        # every player is asked, even one with nothing to add: passing someone over at once
        # would tell the table (through who is waited for, and when) what they hold
        return f["i"] < len(f["order"])

    def answer(self, rules, s, f, action, events):
        self._record(rules, s, f, action["player"], action[self.field], events)

    def _record(self, rules, s, f, player, items, events):
        f["given"][player] = list(items)
        give = getattr(rules, self.n["give"], None)
        if give and items:
            give(s, f, player, list(items), events)
        events.append(event(self.added, player=player, count=len(items)))
        if items:
            events.append(event(self.you_added, only(player), player=player, **{self.field: list(items)}))
        f["i"] += 1
        if f["i"] < len(f["order"]):
            f["id"] = rules.next_id(s)
            return
        s["stack"].pop()
        pool = [item for p in f["order"] for item in f["given"].get(p, [])]
        Rng(s["rng"]).shuffle(pool)
        events.append(event(self.revealed, reveal=True, count=len(pool), **{self.field: list(pool)}))
        self.hook(rules, "done")(s, f, pool, events)


class FlowRules(GameRules):
    """A game whose resolution runs on the frame stack. Subclasses set ``FRAMES`` (kind name ->
    FrameKind, see :func:`frames`) and implement the hooks named there, plus ``_idle``,
    ``check_end`` and ``game_over``; free actions are ``_free_<type>(s, action, events)``."""

    FRAMES: dict[str, FrameKind] = {}
    # frame keys copied into the prompt: public context a client may show (who played what)
    PROMPT_KEYS: tuple = ()

    # --- hooks a game implements ------------------------------------------------------
    def _idle(self, s, events) -> None:
        """Nothing is pending: start the next turn (or whatever the game does)."""
        raise NotImplementedError

    def check_end(self, s) -> dict | None:
        """The game's result if it is over now, else None. Called after every primitive step. A
        game whose check also changes the table (Eldritch solves a mystery whose condition is met)
        declares ``check_end(self, s, events=None)`` and is given the step's events to announce it."""
        return None

    def game_over(self, s, events) -> None:
        """Runs once when the game ends (``s["result"]`` is set; the stack is dropped after)."""

    def _void(self, s, f, events) -> None:
        """A prompting frame nobody can answer is dropped."""

    # --- frames and prompts -------------------------------------------------------------
    def next_id(self, s) -> int:
        s["seq"] += 1
        return s["seq"]

    def push(self, s, frame: dict) -> None:
        if self.FRAMES[frame["k"]].prompting:
            frame["id"] = self.next_id(s)
        s["stack"].append(frame)

    def make_prompt(self, f, kind, ask, default) -> dict:
        if "options" in ask:
            prompt = {"id": f["id"], "player": ask["player"], "kind": kind, "shape": "one",
                      "options": ask["options"], "default": ask.get("default", default)}
        else:
            prompt = {"id": f["id"], "player": ask["player"], "kind": kind}
            shape = "subset" if "subset" in ask else "number"
            spec = ask[shape]
            prompt["shape"] = shape
            prompt[shape] = spec
            prompt["options"] = shapes.preview(shape, spec)
            prompt["default"] = shapes.default_answer(shape, spec)
        for key in self.PROMPT_KEYS:
            if key in f:
                prompt[key] = f[key]
        return prompt

    def prompts(self, s):
        if s["result"] is not None or not s["stack"]:
            return []
        frame = s["stack"][-1]
        return self.FRAMES[frame["k"]].prompts(self, s, frame)

    def questions_for(self, s, player) -> list[dict]:
        """Group decisions ``player`` may see (and advise on) but not answer."""
        return [p for p in self.prompts(s) if player in p.get("advisers", ())]

    # --- resolution ---------------------------------------------------------------------
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._FREE = frozenset(name[len("_free_"):] for name in dir(cls) if name.startswith("_free_"))
        cls._END_EVENTS = "events" in inspect.signature(cls.check_end).parameters

    def _check_end(self, s, events):
        return self.check_end(s, events) if self._END_EVENTS else self.check_end(s)

    def _resolve(self, s, action, events):
        if action["type"] in self._FREE:  # a free action's type is never also a prompt's answer
            getattr(self, "_free_" + action["type"])(s, action, events)
        else:
            frame = s["stack"][-1]
            self.FRAMES[frame["k"]].answer(self, s, frame, action, events)
        if self.goes_on(s, events):
            self.run(s, events)

    def run(self, s, events) -> None:
        """Run automatic frames until a decision is needed or the game ends."""
        stack, kinds, check_end = s["stack"], self.FRAMES, self._check_end
        while s["result"] is None:
            if not stack:
                self._idle(s, events)
            else:
                frame = stack[-1]
                kind = kinds[frame["k"]]
                if kind.prompting:
                    if kind.ready(self, s, frame, events):
                        return
                else:
                    stack.pop()
                    kind.run(self, s, frame, events)
            if s["result"] is None:  # goes_on(), inlined: this loop is the engine's hot path
                result = check_end(s, events)
                if result is not None:
                    self._end(s, result, events)
                    return
            stack = s["stack"]

    def goes_on(self, s, events) -> bool:
        """The end-of-game check after a primitive step: False (and the game ended) if over."""
        if s["result"] is not None:
            return False
        result = self._check_end(s, events)
        if result is None:
            return True
        self._end(s, result, events)
        return False

    def _end(self, s, result, events) -> None:
        s["result"] = result
        self.game_over(s, events)
        s["stack"] = []


def frame_of(state: dict, prompt: dict | None) -> dict:
    """The stack frame that asks ``prompt`` (frames and their prompts share an id), or {}."""
    if not prompt:
        return {}
    return next((f for f in reversed(state.get("stack") or []) if f.get("id") == prompt.get("id")), {})


def frames(**kinds: FrameKind) -> dict[str, FrameKind]:
    """Register frame kinds by name: ``FRAMES = frames(draw=Choice(...), end_turn=Auto())``."""
    return {name: kind.bind(name) for name, kind in kinds.items()}
