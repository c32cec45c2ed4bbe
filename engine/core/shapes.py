"""Prompt shapes: what an answer to a prompt looks like, checked without enumerating.

Every prompt has ``shape``:

``one``
    ``prompt["options"]`` is the list of complete actions; the answer equals one of them.
``subset``
    ``prompt["subset"] = {"ids": [...], "min": a, "max": b, "action": {template}, "field": "cards"}``.
    The answer is the template plus ``{field: [chosen ids]}``: a sub-multiset of ``ids`` (an id
    may repeat, e.g. two copies of a card) of size ``a..b``, in any order. The engine stores it
    in a canonical (sorted) order, so a record replays the same whatever order a client sent.
``number``
    ``prompt["number"] = {"min": a, "max": b, "action": {template}, "field": "value"}``.
    The answer is the template plus ``{field: n}``, a whole number ``a <= n <= b``.

For ``subset`` and ``number`` prompts ``options`` is only a preview: at most :data:`PREVIEW`
complete answers (all of them when there are that few), so a client that draws nothing but
``options`` can still answer. Validation never looks at it. ``legal_actions`` lists one
*pattern* per such prompt instead of its answers: the template plus ``"shape"`` and the
spec without the template (``{"player", "type": ..., "shape": "subset", "subset": {"ids",
"min", "max", "field"}}``); a pattern is not an action (:func:`sample` turns it into one).
"""
from __future__ import annotations

from collections import Counter

PREVIEW = 25
SHAPES = ("one", "subset", "number")


def canonical(values: list) -> list:
    """The stored order of a chosen sub-multiset (ids of one type sort; mixed types by type)."""
    try:
        return sorted(values)
    except TypeError:
        return sorted(values, key=lambda v: (type(v).__name__, str(v)))


def has_answer(prompt: dict) -> bool:
    """Whether a prompt (or a game's ask: the same keys without ``shape``) can be answered."""
    if "options" in prompt and prompt.get("shape", "one") == "one":
        return bool(prompt["options"])
    shape = "subset" if "subset" in prompt else "number"
    spec = prompt[shape]
    if spec["min"] > spec["max"]:
        return False
    return shape == "number" or spec["min"] <= len(spec["ids"])


def only_answer(prompt: dict) -> dict | None:
    """The prompt's answer when it has exactly one (an action without player/prompt), else None:
    one option; a subset that must take every id; a number range of one value."""
    shape = prompt.get("shape", "one")
    if shape == "one":
        return dict(prompt["options"][0]) if len(prompt["options"]) == 1 else None
    spec = prompt[shape]
    if shape == "number":
        return {**spec["action"], spec["field"]: spec["min"]} if spec["min"] == spec["max"] else None
    if spec["min"] == spec["max"] == len(spec["ids"]):
        return {**spec["action"], spec["field"]: canonical(list(spec["ids"]))}
    return None


def match(prompt: dict, wanted: dict) -> dict | None:
    """The canonical form of ``wanted`` (an action without player/prompt) if it answers
    ``prompt``, else None."""
    shape = prompt.get("shape", "one")
    if shape == "one":
        return wanted if wanted in prompt["options"] else None
    spec = prompt[shape]
    field = spec["field"]
    if field not in wanted or {k: v for k, v in wanted.items() if k != field} != spec["action"]:
        return None
    value = wanted[field]
    if shape == "number":
        if isinstance(value, bool) or not isinstance(value, int) or not spec["min"] <= value <= spec["max"]:
            return None
        return wanted
    if not isinstance(value, (list, tuple)) or not spec["min"] <= len(value) <= spec["max"]:
        return None
    try:
        chosen = Counter(value)
    except TypeError:  # an unhashable id cannot be one of ours
        return None
    if chosen - Counter(spec["ids"]):
        return None
    return {**spec["action"], field: canonical(list(value))}


def default_answer(shape: str, spec: dict) -> dict:
    """The AFK answer of a ``subset``/``number`` prompt.

    subset: the minimum required, the first ``min`` ids in the order the game listed them (the
    game orders ``ids`` so this is the answer it wants, e.g. "nothing" for a contribution with
    ``min`` 0) - deterministic, never a random subset. number: ``spec["default"]`` if the game
    gave one, else ``min``."""
    field = spec["field"]
    if shape == "subset":
        return {**spec["action"], field: canonical(list(spec["ids"][:spec["min"]]))}
    return {**spec["action"], field: spec.get("default", spec["min"])}


def preview(shape: str, spec: dict, limit: int = PREVIEW) -> list[dict]:
    """At most ``limit`` complete answers, smallest first; never the full enumeration."""
    field, template = spec["field"], spec["action"]
    out: list[dict] = []
    if shape == "number":
        for n in range(spec["min"], min(spec["max"], spec["min"] + limit - 1) + 1):
            out.append({**template, field: n})
        return out
    ids = canonical(list(spec["ids"]))
    counts = list(Counter(ids).items())  # in sorted order: the sub-multisets come out sorted too
    for size in range(spec["min"], min(spec["max"], len(ids)) + 1):
        for chosen in _sub_multisets(counts, size):
            out.append({**template, field: list(chosen)})
            if len(out) >= limit:
                return out
    return out


def _sub_multisets(counts: list[tuple], size: int):
    """Every distinct sub-multiset of ``size`` items, in lexicographic order, each made once
    (never walking the combinations of repeated ids)."""
    if size == 0:
        yield ()
        return
    if not counts or size > sum(n for _, n in counts):
        return
    (item, available), rest = counts[0], counts[1:]
    for take in range(min(available, size), -1, -1):  # more of the smallest id sorts first
        for tail in _sub_multisets(rest, size - take):
            yield (item,) * take + tail


def pattern(prompt: dict) -> dict:
    """What ``legal_actions`` lists for a ``subset``/``number`` prompt (see the module doc)."""
    shape = prompt["shape"]
    spec = {k: v for k, v in prompt[shape].items() if k != "action"}
    return {**prompt[shape]["action"], "shape": shape, shape: spec}


def sample(item: dict, rng) -> dict:
    """A uniformly chosen concrete action from a pattern (``rng``: a ``random.Random``).

    Anything without ``shape`` is already an action and comes back unchanged."""
    shape = item.get("shape")
    if shape is None:
        return item
    spec = item[shape]
    base = {k: v for k, v in item.items() if k not in ("shape", shape)}
    if shape == "number":
        return {**base, spec["field"]: rng.randint(spec["min"], spec["max"])}
    size = rng.randint(spec["min"], min(spec["max"], len(spec["ids"])))
    return {**base, spec["field"]: canonical(rng.sample(list(spec["ids"]), size))}
