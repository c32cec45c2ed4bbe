"""Shared test helpers for the Unfathomable engine.

* ``game(n, **setup)`` - a started game (characters fixed, hands dealt, loyalty fixed) at the first
  player's turn; ``setup`` keys as in engine/unfathomable/setup.py (rolls, mythos_top, ...).
* ``run(rules, s, steps, **ctx)`` - run an effect written as YAML-like data (a list of one-key
  steps) in a new context, exactly as a card would, until a prompt is pending; returns the events.
* ``answer(rules, s, player, **action)`` / ``answer_default`` - answer a pending prompt in place.
* ``pass_windows(rules, s)`` - everyone passes every open response window.
"""
from __future__ import annotations

from pydantic import TypeAdapter

from engine.unfathomable.content_effects import Effect
from engine.unfathomable import UnfathomableRules

_RULES = None
CHARS = ["keilani", "arjun", "jeanne", "william", "samira", "svetlana"]


def rules() -> UnfathomableRules:
    global _RULES
    if _RULES is None:
        _RULES = UnfathomableRules()
    return _RULES


def game(n=4, seed=1, options=None, characters=None, hands=None, loyalty=None, **setup):
    r = rules()
    players = [f"p{i + 1}" for i in range(n)]
    setup = dict(setup)
    setup.setdefault("first_player", "p1")
    setup["characters"] = characters or dict(zip(players, CHARS[:n]))
    setup["hands"] = hands or {p: [] for p in players[1:]}
    setup["loyalty"] = loyalty or {p: ["human"] for p in players}
    s, _ = r.new_game(players, seed=seed, options=options or {}, setup=setup)
    return r, s


_ADAPTER = TypeAdapter(Effect)
_KEEP = []  # parsed test effects stay alive: the rules index them by id()


def effect(steps):
    parsed = _ADAPTER.validate_python(steps)
    _KEEP.append(parsed)
    return parsed


def run(r, s, steps, **ctx):
    """Run ``steps`` now, on top of whatever is pending; returns the events."""
    parsed = effect(steps)
    r.index_effect(parsed, f"test[{len(_KEEP)}]")
    ctx.setdefault("self", s["turn"]["player"] if s.get("turn") else s["first_player"])
    ctx.setdefault("decider", ctx["self"])
    events = []
    r.start_effect(s, parsed, events, ctx)
    r.run(s, events)
    return events


def answer(r, s, player, **action):
    return r.apply_in_place(s, {"player": player, **action})


def answer_default(r, s, player):
    return r.apply_in_place(s, {"player": player, "type": "default"})


def pass_windows(r, s, limit=50):
    """Everyone passes every open response window (stops at any other prompt)."""
    events = []
    for _ in range(limit):
        prompts = r.prompts(s)
        if not prompts or prompts[0]["kind"] != "window":
            break
        for p in prompts:
            events += r.apply_in_place(s, {"player": p["player"], "type": "pass"})
    return events


def top(r, s):
    """The first pending prompt."""
    prompts = r.prompts(s)
    return prompts[0] if prompts else None
