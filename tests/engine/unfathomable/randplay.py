"""Random legal play with every check after every step (checklist T181-185, R173-178).

``play(n, seed, options)`` plays one game with the random agent of ``engine.simulate`` (steered by
``UnfathomableRules.agent_preference``), applying each action on a copy. After every step:

* the invariants (``invariant_violations``);
* the state is JSON round-trippable;
* views: ``view(s, p)`` and ``view(s, None)`` hold no card id the viewer may not know (see
  ``hidden_from``), no passenger face before its defeat, nobody else's loyalty;
* events: every event visible to a player holds no card id hidden from them both before and after
  the step, and loyalty cards only for their holder (or whoever looked at them).

A failure of the engine itself (an exception raised by ``apply``) stops the game and is returned
as ``Played.error`` (``engine.simulate.error_kind``), with the state before the failing action; a
failed check raises AssertionError at once.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from engine.core.events import visible_to
from engine.simulate import choose, error_kind, legal_moves
from engine.unfathomable.common import SKILL_TYPES

from .helpers import rules

LOYALTY = {"human", "hybrid", "cultist"}


@dataclass
class Played:
    state: dict
    actions: list = field(default_factory=list)
    error: str | None = None
    exc: BaseException | None = None
    players: list = field(default_factory=list)
    seed: int = 0
    options: dict = field(default_factory=dict)


def hidden_from(s, viewer) -> set:
    """Skill card ids ``viewer`` (None: the public) may not know: every face-down deck, the chaos
    deck, other hands, the cards of a check under way not yet revealed (except viewer's own)."""
    out = set(s["chaos"])
    for t in SKILL_TYPES:
        out.update(s["decks"][t])
    for p, hand in s["hands"].items():
        if p != viewer:
            out.update(hand)
    own = set()
    for f in s["stack"]:
        if f["k"] == "contribute" and viewer is not None:
            own.update(f["given"].get(viewer, []))
    for check in s.get("checks", []):
        if check.get("total") is None:
            out.update(check.get("chaos", []))
            if not check.get("face_up"):   # Nothing to Hide: contributions are added face up
                out.update(c for c in check.get("cards", []) if c not in own)
    return out


def unknown_faces(s) -> set:
    seen = {s["passenger_faces"][t] for t in s.get("passengers_removed", [])}
    return set(s["passenger_faces"].values()) - seen


def _strings(data, out):
    if isinstance(data, dict):
        for k, v in data.items():
            _strings(k, out)
            _strings(v, out)
    elif isinstance(data, (list, tuple)):
        for v in data:
            _strings(v, out)
    elif isinstance(data, str):
        out.add(data)
    return out


def _leaks(text, ids):
    """Ids that occur in a JSON text as whole strings (keys or values)."""
    return sorted(x for x in ids if f'"{x}"' in text)


def check_views(r, s):
    faces = unknown_faces(s)
    for viewer in [None] + list(s["players"]):
        view = r.view(s, viewer)
        text = json.dumps(view)
        leak = _leaks(text, hidden_from(s, viewer))
        assert not leak, f"view of {viewer} shows {leak[:3]}"
        shown = _leaks(text, faces)
        assert not shown, f"view of {viewer} shows a passenger face {shown}"
        if viewer is not None:
            assert view["you"]["hand"] == s["hands"][viewer]
            assert view["you"]["loyalty"] == s["loyalty"][viewer]
        for prompt in view["prompts"]:
            assert "options" not in prompt and "subset" not in prompt and "number" not in prompt


def check_events(r, before, after, events):
    players = after["players"]
    for e in events:
        assert e.get("audience") is not None, e
        words = _strings({k: v for k, v in e.items() if k != "audience"}, set())
        for p in players + [None]:
            if p is None:
                if e["audience"] != "all":
                    continue
            elif not visible_to(e, p):
                continue
            leak = words & hidden_from(before, p) & hidden_from(after, p)
            assert not leak, f"event {e['type']} shows {sorted(leak)[:3]} to {p or 'everyone'}"
            cards = e.get("cards")
            if isinstance(cards, list) and cards and set(cards) <= LOYALTY and e["type"] != "game_over":
                assert p is not None and p in (e.get("player"), e.get("target"), e.get("to")), \
                    f"loyalty cards of {e.get('player')} shown to {p or 'everyone'} in {e['type']}"


def play(n=4, seed=1, options=None, max_actions=4000, views=True, check=True) -> Played:
    r = rules()
    names = [f"p{i + 1}" for i in range(n)]
    state, events = r.new_game(names, seed, options or {})
    played = Played(state=state, players=names, seed=seed, options=dict(options or {}))
    rng = random.Random(seed)
    if check:
        check_events(r, state, state, events)
    while not r.is_over(state) and len(played.actions) < max_actions:
        legal = legal_moves(r, state)
        assert legal, "stuck: the game is not over and nobody has a legal move"
        action = choose(rng, state, legal, r)
        try:
            after, events = r.apply(state, action)
        except Exception as exc:  # noqa: BLE001 - the engine's own failure ends this game
            played.error, played.exc = error_kind(exc), exc
            break
        played.actions.append(action)
        if check:
            bad = r.invariant_violations(after) + r.silent_changes(r.view(state, None), r.view(after, None), events)
            assert not bad, f"after {action}: {bad}"
            assert json.loads(json.dumps(after)) == after
            check_events(r, state, after, events)
            if views:
                check_views(r, after)
        state = after
        played.state = state
    return played
