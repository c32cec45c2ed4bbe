"""The content dialect every pack speaks: strict models, names, texts, and effects as nesting
one-key steps.

An **effect** is a list of **steps**; each step is a one-key mapping ``{primitive: {params}}``
(``{primitive: {}}`` or ``{primitive: null}`` without parameters; a pack may also allow the bare
name ``primitive``, see :func:`step`). Parameters may hold further effects (``then: [...]``),
conditions (``{name: {params}}`` again) or plain values, so an effect nests as deep as the card
needs. A game lists its primitives as pydantic models in a registry ``{name: model}``;
:func:`step` turns the registry into the field type that parses one step into a :class:`Tagged`
(the name and the typed parameters) and rejects unknown names and parameters.
"""
from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict


class Strict(BaseModel):
    """Base for content models: unknown keys are errors, instances are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


Spec = Strict  # the parameters of a step are strict models too


class Names(Strict):
    """A name in the bot's languages: English always; Ukrainian and Russian where known (a pack
    may require them)."""

    en: str
    uk: str | None = None
    ru: str | None = None


class Text(Strict):
    """Our own words for players (a summary, a story line, flavour) in the bot's languages:
    English always, Ukrainian and Russian where written; engines never read it."""

    en: str
    uk: str | None = None
    ru: str | None = None


class Tagged(BaseModel):
    """A parsed one-key step or condition: what it is (``kind``), its ``name`` and its ``spec``."""

    model_config = ConfigDict(frozen=True)
    kind: str
    name: str
    spec: Strict


def one_key(kind: str, registry: dict[str, type[Strict]], bare: bool = False):
    """A validator parsing ``{name: {params}}`` with ``registry[name]`` (a pydantic model); with
    ``bare``, a string ``name`` stands for ``{name: {}}``."""
    def parse(value: Any):
        if isinstance(value, Tagged):
            return value
        if bare and isinstance(value, str):
            value = {value: {}}
        if not isinstance(value, dict) or len(value) != 1:
            raise ValueError(f"a {kind} is a one-key mapping {{name: {{params}}}}, got {value!r}")
        (name, params), = value.items()
        if name not in registry:
            raise ValueError(f"unknown {kind} '{name}' (known: {', '.join(sorted(registry))})")
        return Tagged(kind=kind, name=name, spec=registry[name].model_validate(params if params is not None else {}))
    return parse


def step(kind: str, registry: dict[str, type[Strict]], bare: bool = False):
    """The field type of one step (or condition) over ``registry``; ``bare=True`` also accepts a
    step without parameters written as its bare name (Eldritch Horror's pack does)."""
    return Annotated[Tagged, BeforeValidator(one_key(kind, registry, bare))]
