"""Keeper players: agents that play a seat from that player's own view, never from the state.

An agent is an object with two methods (one instance per seat):

``observe(events)``
    the events of one step that its player may see (``engine.core.events.visible_to``), in
    order — what a member reads in the channel and in their DMs. An agent may remember them
    (who showed which hand, who gave what); an agent that remembers nothing is still legal.
``decide(view, prompt, rng) -> action | None``
    ``view`` is ``rules.view(state, player)`` (the public table, the player's hand/role/knowledge
    and their own prompts with options); ``prompt`` is the one of ``view["you"]["prompts"]`` to
    answer, or None when the player has no prompt but may take a free action (The Thing's
    declaration) — then None means "nothing now". ``rng`` is the caller's ``random.Random``.
    The answer is a complete action ``{"player", "type", ...}``; with a prompt it answers that
    prompt or is a free action.

Because an agent is given nothing but the view, changing what its player cannot see (other hands,
deck orders, hidden roles) never changes a decision (tests/engine/test_agents.py checks it).
A game's agent is ``engine.<game>.agent.KeeperAgent(player)``; :func:`keeper_for` builds one.
"""
from __future__ import annotations

import importlib
import random
from typing import Protocol

from engine.core import shapes
from engine.core.events import visible_to


class Agent(Protocol):
    def observe(self, events: list[dict]) -> None: ...

    def decide(self, view: dict, prompt: dict | None, rng: random.Random) -> dict | None: ...


class BaseAgent:
    """Helpers every game's agent shares."""

    def __init__(self, player: str):
        self.player = player

    def observe(self, events: list[dict]) -> None:
        pass

    def act(self, prompt: dict, option: dict) -> dict:
        return {"player": self.player, **option}

    def answer(self, prompt: dict, value) -> dict:
        """The complete action answering a ``subset``/``number`` prompt with ``value``."""
        spec = prompt[prompt["shape"]]
        return {"player": self.player, **spec["action"], spec["field"]: value}

    def fallback(self, prompt: dict, rng: random.Random) -> dict:
        """A legal answer when the agent has no opinion: the prompt's default shape, else random."""
        shape = prompt.get("shape", "one")
        if shape == "one":
            return self.act(prompt, rng.choice(prompt["options"]))
        return {"player": self.player, **shapes.default_answer(shape, prompt[shape])}


def keeper_for(game: str, player: str):
    """A Keeper agent for ``player`` in ``game`` (``engine.<game>.agent.KeeperAgent``)."""
    return importlib.import_module(f"engine.{game}.agent").KeeperAgent(player)


def player_prompt(view: dict, prompt_id) -> dict | None:
    return next((p for p in view.get("you", {}).get("prompts", ()) if p["id"] == prompt_id), None)


def ask(rules, state: dict, agent, prompt: dict | None, rng: random.Random,
        among: list[dict] | None = None) -> dict | None:
    """Ask ``agent`` (seated as ``agent.player``) for its move: it gets the player's view only.
    ``among``: the options of a one-of-a-list ``prompt`` it may choose from (its preference
    among them: a group's proposals tied for the most)."""
    view = rules.view(state, agent.player)
    mine = player_prompt(view, prompt["id"]) if prompt is not None else None
    if mine is not None and among is not None:
        mine = {**mine, "options": [o for o in mine["options"] if o in among]}
    return agent.decide(view, mine, rng)


def tell(agents: dict, events: list[dict]) -> None:
    """Hand each agent the events its player may see."""
    for player, agent in agents.items():
        seen = [e for e in events if visible_to(e, player)]
        if seen:
            agent.observe(seen)
