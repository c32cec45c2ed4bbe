"""Which words of a pack a member may read lack a Ukrainian or Russian form.

``python -m engine content check`` reports it per pack. Three kinds are counted:

* ``name`` — every :class:`~engine.content.dialect.Names` of the pack (cards, characters, spaces,
  decks, conditions, ...) and every option ``label``;
* ``text`` — a hand-written :class:`~engine.content.dialect.Text` (flavour, a story line, a rule the
  effect cannot say): its entry has no effect of its own;
* ``summary`` — a text that sits beside the effect it sums up (an ability, an encounter, a card
  with effects). The bot generates those from the effect in every language, so a summary without
  uk/ru is listed apart and does not count as missing.

Design notes (``ruling``) are for the people who keep the pack, not for members, and are not
counted. An engine hook's description (``Hook.meaning``) is a ``text``: the generated text of an
effect that calls the hook reads it to members.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from pydantic import BaseModel

from engine.content.dialect import Names, Text

LANGUAGES = ("uk", "ru")
KINDS = ("name", "text", "summary")
# fields whose texts members never read
_PRIVATE_FIELDS = frozenset({"ruling"})
# fields holding the effect a sibling text sums up
_EFFECT_FIELDS = ("effect", "effects", "crisis")


@dataclass(frozen=True)
class Missing:
    kind: str              # "name", "text" or "summary"
    where: str             # a readable path: file / entry id / field
    en: str                # the English words, to find them in the YAML
    languages: tuple[str, ...]  # the languages it lacks


def _lacking(value) -> tuple[str, ...]:
    if isinstance(value, dict):
        return tuple(lang for lang in LANGUAGES if not value.get(lang))
    return tuple(lang for lang in LANGUAGES if not getattr(value, lang, None))


def _has_effect(model: BaseModel) -> bool:
    return any(getattr(model, name, None) for name in _EFFECT_FIELDS if name in type(model).model_fields)


def _label(obj, index: int) -> str:
    ident = getattr(obj, "id", None)
    return str(ident) if isinstance(ident, str) else str(index)


def _walk(obj, where: str, seen: set[int]) -> Iterator[Missing]:
    if isinstance(obj, (Names, Text)):
        return
    if isinstance(obj, BaseModel):
        if id(obj) in seen:
            return
        seen.add(id(obj))
        fields = type(obj).model_fields
        for name in fields:
            if name in _PRIVATE_FIELDS:
                continue
            value = getattr(obj, name)
            here = f"{where}.{name}"
            if isinstance(value, Names) or (name == "label" and isinstance(value, dict)):
                lacking = _lacking(value)
                if lacking:
                    en = value.get("en", "") if isinstance(value, dict) else value.en
                    yield Missing("name", here, en, lacking)
            elif isinstance(value, Text):
                lacking = _lacking(value)
                if lacking:
                    kind = "summary" if _has_effect(obj) else "text"
                    yield Missing(kind, here, value.en, lacking)
            else:
                yield from _walk(value, here, seen)
    elif isinstance(obj, (list, tuple)):
        for index, item in enumerate(obj):
            yield from _walk(item, f"{where}[{_label(item, index)}]", seen)
    elif isinstance(obj, dict):
        for key, value in obj.items():
            yield from _walk(value, f"{where}.{key}", seen)


def missing_translations(pack) -> list[Missing]:
    """Every name, label and text of ``pack`` a member may read that lacks uk or ru."""
    return list(_walk(pack, type(pack).__name__, set()))


def coverage(pack) -> dict[str, int]:
    """How many names, hand-written texts and summaries lack uk or ru (see the module doc)."""
    counts = {kind: 0 for kind in KINDS}
    for item in missing_translations(pack):
        counts[item.kind] += 1
    return counts
