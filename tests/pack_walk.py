"""Every model of a content pack, for the tests that read the whole pack (generated texts, the
languages of its names)."""
from __future__ import annotations

from typing import Callable, Iterator

from pydantic import BaseModel


def pack_models(node, enter: Callable[[BaseModel], bool] = lambda model: True) -> Iterator[BaseModel]:
    """Every pydantic model under ``node`` (itself first), depth first through its fields, lists,
    tuples and dict values, in the pack's order; a model ``enter`` refuses is yielded, not entered."""
    if isinstance(node, BaseModel):
        yield node
        if enter(node):
            for field in type(node).model_fields:
                yield from pack_models(getattr(node, field), enter)
    elif isinstance(node, (list, tuple)):
        for value in node:
            yield from pack_models(value, enter)
    elif isinstance(node, dict):
        for value in node.values():
            yield from pack_models(value, enter)
