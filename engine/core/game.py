"""The interface every game implements, and the shared apply/validate/default machinery.

A game's state is a plain JSON-serialisable dict. Pending work lives in ``state["stack"]`` as
data frames (:mod:`engine.core.flow`), so a saved state resumes exactly. Each frame that needs a
decision produces a *prompt*: ``{"id", "player", "kind", "shape", "options": [actions],
"default"}`` (``shape`` and the ``subset``/``number`` specs: :mod:`engine.core.shapes`).
An action is a dict ``{"player": id, "type": ..., ...}``; it is legal iff it answers a prompt
addressed to that player (equals one of its options, or fits its shape; an optional ``"prompt"``
id that the caller may send guards against stale buttons), or is one of the game's free actions.

``version`` names the rules and the content a game is played with: ``new_game`` stores it in the
state and records carry it (:mod:`engine.core.record`).
"""
from __future__ import annotations

import pickle
from typing import Any

from engine.core import announce, shapes
from engine.core.errors import RuleError
from engine.core.rng import Rng

State = dict
Action = dict
Event = dict


def copy_state(state: State) -> State:
    # pickle is the fastest faithful deep copy for plain data
    return pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))


# keys an action may carry besides its answer: who, which prompt (against stale buttons),
# ``auto`` (applied by itself: the prompt had one answer, see GameRules.forced), ``keeper``
# (a Keeper agent answered in a member's place: a deadline or an admin's skip) and ``deadline``
# (answered because its player's time was up)
META = ("player", "prompt", "auto", "keeper", "deadline")


def _kind(value: Any) -> str | None:
    """A JSON value's kind, as storage keeps it (a tuple comes back a list; None fits any)."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, (list, tuple)):
        return "list"
    return type(value).__name__


def strip_meta(action: Action) -> Action:
    return {k: v for k, v in action.items() if k not in META}


class GameRules:
    """Base class: subclasses provide setup, prompts, free actions, resolution and views."""

    game_id: str = ""
    # prompt kinds whose options follow from public information alone: when such a prompt has
    # exactly one answer, making it at once tells the table nothing (see ``forced``)
    OPEN_KINDS: frozenset = frozenset()
    # response windows: prompt kinds asked even of a player whose only answer is to pass, so the
    # table cannot tell who holds a response; answering them for a member is the bot's business
    # (bot.service: a member's auto-pass setting, the window closing for all at one moment)
    WINDOW_KINDS: frozenset = frozenset()
    # bump when the rules change behaviour (the same record would replay differently)
    rules_version: str = "0"

    @property
    def version(self) -> str:
        """``<rules_version>+<digest of what the content files say to the rules>`` (display texts
        left out: a wording fix changes no version): two games with the same version
        and the same record play out identically."""
        return f"{self.rules_version}+{self.content_digest()}"

    def content_digest(self) -> str:
        return "none"

    def bytes_digest(self) -> str:
        """The content digest versions carried until 28 Nov 2026 (the files' bytes, texts too)."""
        return self.content_digest()

    def accepts(self, version: str) -> bool:
        """A record made under ``version`` means the same game here: today's version, or the one a
        game begun before the digest left display texts out carries, while its files are unchanged."""
        return version in (self.version, f"{self.rules_version}+{self.bytes_digest()}")

    # --- to implement -------------------------------------------------------------------
    def new_game(self, players: list[str], seed: int, options: dict | None = None,
                 setup: dict | None = None) -> tuple[State, list[Event]]:
        raise NotImplementedError

    def prompts(self, state: State) -> list[dict]:
        raise NotImplementedError

    def free_actions(self, state: State, player: str) -> list[Action]:
        """Actions available outside any prompt (e.g. the Thing's declaration)."""
        return []

    def _resolve(self, state: State, action: Action, events: list[Event]) -> None:
        """Apply a validated action in place."""
        raise NotImplementedError

    def explain(self, state: State, action: Action) -> RuleError:
        """The clearest rule error for an action that is not legal."""
        return RuleError("illegal", "That move is not allowed now.")

    def view(self, state: State, player: str | None) -> dict:
        raise NotImplementedError

    def is_over(self, state: State) -> bool:
        return state.get("result") is not None

    # --- for simulations (python -m engine simulate <game>) -----------------------------
    # No silent change (engine.core.announce): each public event kind -> the parts of the public
    # view it may change; parts that change with no event by design. Empty: not checked.
    announces: dict[str, tuple[str, ...]] = {}
    unannounced: tuple[str, ...] = ()

    def invariant_violations(self, state: State) -> list[str]:
        """What is wrong with a reachable state (checked after every step in simulations)."""
        return []

    def silent_changes(self, before_view: dict, after_view: dict, events: list[Event]) -> list[str]:
        """Parts of the public view (``view(s, None)``) changed by a step and announced by none of
        its public events (engine.core.announce); [] when the game declares no ``announces``."""
        if not self.announces:
            return []
        return announce.silent_changes(before_view, after_view, events, self.announces, self.unannounced)

    def damage(self, state: Any, players: list[str], options: dict | None = None,
               setup: dict | None = None) -> list[str]:
        """What makes a stored state unplayable (empty: it is intact): not this game's shape (a
        key every new game of these players has is missing, or holds another kind of value), a
        broken invariant, or its prompts or views failing. For a state read back from storage."""
        if not isinstance(state, dict):
            return [f"the state is a {type(state).__name__}, not a mapping"]
        try:
            fresh, _ = self.new_game(list(players), 0, options or {}, setup or {})
        except Exception as exc:  # noqa: BLE001 - the seats or options themselves are bad
            return [f"no new game has these players and options ({type(exc).__name__}: {exc})"]
        # 'version' may be absent: games begun before versions were recorded carry none
        problems = [f"'{key}' is missing" for key in fresh if key not in state and key != "version"]
        problems += [f"'{key}' holds a {type(state[key]).__name__}, not a {type(fresh[key]).__name__}"
                     for key in fresh if key in state and None not in (_kind(state[key]), _kind(fresh[key]))
                     and _kind(state[key]) != _kind(fresh[key])]
        if problems:
            return problems
        try:
            problems += self.invariant_violations(state)
            self.prompts(state)
            for player in [None, *state.get("players", ())]:
                self.view(state, player)
        except Exception as exc:  # noqa: BLE001 - what failed is the answer
            problems.append(f"reading it fails ({type(exc).__name__}: {exc})")
        return problems

    def agent_preference(self, rng, state: State, actions: list[Action]) -> Action | None:
        """A random agent's deliberate move among ``actions``, if the game wants one (the Thing
        declares when it is right); None: a uniformly random legal move."""
        return None

    def outcome(self, state: State) -> dict:
        """A finished game's summary for simulation totals: ``winner`` (a side), ``reason``,
        ``rounds``."""
        result = state.get("result") or {}
        turn = state.get("turn")
        return {"winner": result.get("team") or result.get("winner") or "?", "reason": result.get("reason", "?"),
                "rounds": turn.get("number", 0) if isinstance(turn, dict) else 0}

    def still_playing(self, state: State, player: str) -> bool:
        """Whether ``player``'s seat still takes part (a game that puts players out overrides)."""
        return True

    def turn_of(self, state: State) -> tuple[str, int] | None:
        """Whose turn it is and its number, where the game has turns a player may pass response
        windows until (a member's "pass until my turn" ends when their next turn begins);
        None: no such turn (the bot then offers no such pass)."""
        return None

    def rename_seat(self, state: State, old: str, new: str) -> State:
        """``state`` with seat ``old`` played by ``new`` from now on (a substitute seated): a new
        state, as the log replayed under ``new`` would build it. Every exact occurrence of the id
        is renamed; a game that writes a seat's id inside a longer string overrides this."""
        return rename_player(state, old, new)

    def window_asked(self, state: State) -> list[str] | None:
        """Everyone the open response window asked, answered or not (None: no window open).
        What the table may see of a window: never who has answered it yet."""
        return None

    # --- shared machinery ----------------------------------------------------------------
    def forced(self, state: State, prompts: list[dict] | None = None) -> Action | None:
        """The first pending prompt of an open kind with exactly one answer, as the action that
        makes it (marked ``auto``; recorded like any action, so a record replays exactly).
        ``prompts``: the state's prompts, if the caller has them (they cost a walk of the state)."""
        if self.is_over(state):
            return None
        for prompt in self.prompts(state) if prompts is None else prompts:
            if prompt["kind"] in self.OPEN_KINDS:
                answer = shapes.only_answer(prompt)
                if answer is not None:
                    return {"player": prompt["player"], **answer, "prompt": prompt["id"], "auto": True}
        return None

    def prompts_for(self, state: State, player: str) -> list[dict]:
        return [p for p in self.prompts(state) if p["player"] == player]

    def legal_actions(self, state: State, player: str) -> list[Action]:
        if self.is_over(state):
            return []
        actions = []
        for prompt in self.prompts_for(state, player):
            if prompt.get("shape", "one") == "one":
                actions.extend({"player": player, **option} for option in prompt["options"])
            else:  # never enumerated: one pattern describing the answers (engine.core.shapes)
                actions.append({"player": player, **shapes.pattern(prompt)})
        actions.extend({"player": player, **a} for a in self.free_actions(state, player))
        return actions

    def validate(self, state: State, action: Action) -> Action:
        """Return the concrete action to resolve (a ``default`` becomes a real choice)."""
        if not isinstance(action, dict) or "player" not in action or "type" not in action:
            raise RuleError("malformed_action", "An action needs a player and a type.")
        player = action["player"]
        if self.is_over(state):
            raise RuleError("game_over", "The game is over.")
        if player not in state["players"]:
            raise RuleError("unknown_player", "{player} is not playing in this game.", player=player)
        prompts = self.prompts_for(state, player)
        if "prompt" in action and action["prompt"] is not None:
            if not any(p["id"] == action["prompt"] for p in prompts):
                raise RuleError("stale_prompt", "That choice is no longer current.")
        if action["type"] == "default":
            if not prompts:
                raise RuleError("nothing_to_skip", "{player} has no pending decision.", player=player)
            return {"player": player, **self._default_choice(state, prompts[0])}
        wanted = strip_meta(action)
        for prompt in prompts:
            if prompt.get("shape", "one") == "one":  # the common case, inline
                if wanted in prompt["options"]:
                    return {"player": player, **wanted}
                continue
            answer = shapes.match(prompt, wanted)
            if answer is not None:
                return {"player": player, **answer}
        if wanted in self.free_actions(state, player):
            return {"player": player, **wanted}
        raise self.explain(state, action)

    def _default_choice(self, state: State, prompt: dict) -> Action:
        """A fixed action, ``"first"``, ``"random"`` or ``"random_<type>"`` (uniform over the
        options of that type); ``subset``/``number`` prompts carry a concrete default."""
        default = prompt.get("default")
        if isinstance(default, dict):
            return default
        if default == "first":
            return prompt["options"][0]
        options = prompt["options"]
        if isinstance(default, str) and default.startswith("random_"):
            wanted = default[len("random_"):]
            options = [o for o in options if o["type"] == wanted]
        # the RNG draw happens on the copy made by apply(), so a refused action changes nothing
        return Rng(state["rng"]).choice(options)

    def apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        """Validate and resolve ``action`` on a copy; the given state is never modified."""
        new_state = copy_state(state)
        return new_state, self.apply_in_place(new_state, action)

    def apply_in_place(self, state: State, action: Action) -> list[Event]:
        """Faster variant for simulations and replays: mutates ``state``.

        Validation happens before any mutation except the RNG draw of a ``default``."""
        concrete = self.validate(state, action)
        events: list[Event] = []
        self._resolve(state, concrete, events)
        state["actions_applied"] = state.get("actions_applied", 0) + 1
        return events


def rename_player(data: Any, old: str, new: str) -> Any:
    """Replace a player id everywhere in plain data (keys and values); used to seat a substitute.

    Player ids are strings that occur nowhere else in a state, so exact matches are safe."""
    if isinstance(data, dict):
        return {(new if k == old else k): rename_player(v, old, new) for k, v in data.items()}
    if isinstance(data, list):
        return [rename_player(v, old, new) for v in data]
    if isinstance(data, str) and data == old:
        return new
    return data
