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


def strip_meta(action: Action) -> Action:
    return {k: v for k, v in action.items() if k not in ("player", "prompt")}


class GameRules:
    """Base class: subclasses provide setup, prompts, free actions, resolution and views."""

    game_id: str = ""
    # bump when the rules change behaviour (the same record would replay differently)
    rules_version: str = "0"

    @property
    def version(self) -> str:
        """``<rules_version>+<digest of the content files>``: two games with the same version
        and the same record play out identically."""
        return f"{self.rules_version}+{self.content_digest()}"

    def content_digest(self) -> str:
        return "none"

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

    # --- shared machinery ----------------------------------------------------------------
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
