"""The effect interpreter: one ``_op_<primitive>`` per vocabulary entry (data/eldritch/README.md),
one module per concern, composed into :class:`Effects` (a mixin of ``EldritchRules``):
``interpreter`` (frames, contexts, choices inside steps, simultaneous effects), ``terms``
(selectors, amounts, conditions, places, monster targets), ``health`` (health, sanity, clues),
``possessions`` (cards and possessions), ``movement`` (status and movement), ``board`` (doom,
omen, gates, monsters), ``story`` (tokens, mysteries, rumors, mythos, the owning component),
``structure`` (tests, "may", choices, conditions, loops, hooks, one-shot modifiers).

An effect runs as ``fx`` frames ``{"k": "fx", "steps", "i", "c"}``: each run pops the frame,
pushes the rest back and runs ONE primitive, so the core's end check follows every primitive and
a nested test or choice simply pushes its own frames on top. Contexts (``self``, ``chosen``,
``chosen_space``, ``last`` monsters, ``test_result``, the owning ``card``...) live in
``state["ctx"][id]`` so branches share them; a ``ctx_end`` frame under the root drops them.
A choice inside a step (a place, a monster, an option) is a ``choose``/``group`` prompt whose
answer re-runs the step with the choice filled in (``resolved``).
"""
from __future__ import annotations

from engine.eldritch.effects.board import BoardEffects
from engine.eldritch.effects.health import HealthEffects
from engine.eldritch.effects.interpreter import Interpreter
from engine.eldritch.effects.movement import MovementEffects
from engine.eldritch.effects.possessions import PossessionEffects
from engine.eldritch.effects.story import StoryEffects
from engine.eldritch.effects.structure import StructureEffects
from engine.eldritch.effects.terms import Terms


class Effects(Interpreter, Terms, HealthEffects, PossessionEffects, MovementEffects, BoardEffects, StoryEffects,
              StructureEffects):
    """Every primitive of the vocabulary (the concerns share no method: each name has one home)."""
