"""`/rules` answers from a content pack: every entry with an id and a name (a card, zone, item,
spell, character, monster, space ...) is found by its name in any of the three languages or by
its id, and answered in the member's language: its title is its name there, its text what it does
there — read out from its effect data by the game's ``describe(lang, node)`` (the texts that
follow the effects, :mod:`bot.games.effect_text`) and otherwise the pack's own text in that
language (English where the pack has no other). A card's hidden faces (the backs of a spell or
condition, read only when the game flips one) are never indexed nor shown; entries a member sees
that the pack does not list (skills) come from the renderer's ``extra``, and an entry with no
words of its own gets the renderer's ``missing(entry_id, lang)``."""
from __future__ import annotations

from typing import Callable

from pydantic import BaseModel

from bot.games.effect_text import in_language
from engine.content.dialect import Names, Tagged, Text

Describe = Callable[[str, BaseModel], str]
HIDDEN_FIELDS = ("backs",)   # a card's hidden faces: what /rules never reads


def _hidden(node) -> bool:
    return type(node).__name__.endswith("Back")


def own_text(lang: str, node: BaseModel) -> str:
    """The pack's own texts of ``node`` in ``lang`` (its summary, a character's role; never our
    rulings)."""
    return "\n".join(in_language(getattr(node, f), lang) for f in type(node).model_fields
                     if f != "ruling" and isinstance(getattr(node, f), Text))


def _speaks(node) -> bool:
    """A part of an entry that says something of its own (an ability, an action, a use)."""
    return isinstance(node, BaseModel) and not isinstance(node, (Names, Text, Tagged)) and (
        isinstance(getattr(node, "text", None), Text) or any(
            isinstance(getattr(node, f), Tagged) or (isinstance(getattr(node, f), list) and getattr(node, f)
                                                     and isinstance(getattr(node, f)[0], Tagged))
            for f in type(node).model_fields))


def texts(node: BaseModel, lang: str, describe: Describe = own_text) -> list[str]:
    """The entry's own summary, then those of the abilities it carries (a zone's action, a
    character's ability, an item's uses ...), one level down."""
    hidden = {f: None for f in HIDDEN_FIELDS if f in type(node).model_fields}
    if hidden:   # a card's hidden faces are never read out, whoever describes the card
        node = node.model_copy(update=hidden)
    out = [describe(lang, node)]
    if not out[0] or describe is own_text or not _generated_whole(node, describe):
        for field in type(node).model_fields:
            value = getattr(node, field)
            for child in (value if isinstance(value, (list, tuple)) else [value]):
                if not _speaks(child) or field == "cards" or field in HIDDEN_FIELDS or _hidden(child):
                    continue
                said = describe(lang, child)
                name = getattr(child, "name", None)
                if said and isinstance(name, Names):
                    said = f"{in_language(name, lang)}: {said}"
                out.append(said)
    return list(dict.fromkeys(t for t in out if t))


def _generated_whole(node, describe) -> bool:
    """The game's reading of ``node`` already covers its parts (it is more than its own text)."""
    return describe("en", node) != own_text("en", node)


class PackIndex:
    def __init__(self, pack: BaseModel, describe: Describe = own_text, extra=(), missing=None):
        self.entries: list[tuple[str, Names, BaseModel]] = []   # (id, names, node)
        self.describe = describe
        self.missing = missing
        seen: set = set()
        self._walk(pack, seen)
        self.entries += [entry for entry in extra if entry[0] not in seen]   # (id, names, text)

    def _walk(self, node, seen) -> None:
        if _hidden(node):
            return
        if isinstance(node, BaseModel) and not isinstance(node, (Names, Text, Tagged)):
            names = getattr(node, "name", None) or getattr(node, "names", None)
            entry_id = getattr(node, "id", None)
            if isinstance(entry_id, str) and isinstance(names, Names) and entry_id not in seen:
                # an entry without a summary of its own (a map space) still answers with its name
                seen.add(entry_id)
                self.entries.append((entry_id, names, node))
            for field in type(node).model_fields:
                if field not in HIDDEN_FIELDS:
                    self._walk(getattr(node, field), seen)
        elif isinstance(node, (list, tuple)):
            for value in node:
                self._walk(value, seen)
        elif isinstance(node, dict):
            for value in node.values():
                self._walk(value, seen)

    @staticmethod
    def title(names: Names, lang: str) -> str:
        return in_language(names, lang)

    def text(self, node, lang: str) -> str:
        return node if isinstance(node, str) else "\n".join(texts(node, lang, self.describe))

    def _matches(self, query: str):
        query = query.strip().lower()
        if not query:
            return []
        exact, partial = [], []
        for entry in self.entries:
            entry_id, names, _ = entry
            spelled = {entry_id.lower(), *(n.lower() for n in (names.en, names.uk, names.ru) if n)}
            if query in spelled:
                exact.append(entry)
            elif any(query in s for s in spelled):
                partial.append(entry)
        return exact + partial

    def lookup(self, query: str, lang: str) -> list[tuple[str, str]]:
        """(title, text) of each match; a text may be empty only where neither the pack nor
        ``missing`` has words for it (the caller then says so)."""
        return [(self.title(names, lang),
                 self.text(node, lang) or (self.missing(entry_id, lang) if self.missing else "") or "")
                for entry_id, names, node in self._matches(query)]

    def autocomplete(self, current: str, lang: str) -> list[tuple[str, str]]:
        found = self._matches(current) if current.strip() else self.entries
        return [(self.title(names, lang), entry_id) for entry_id, names, _ in found[:25]]


def catalog_names(key: str) -> Names:
    """A name from the bot's catalogs in the three languages (for entries the pack lacks)."""
    from bot.i18n import t
    return Names(en=t("en", key), uk=t("uk", key), ru=t("ru", key))


def pack_rules(kind: str, describe: Describe | None = None, extra=None, missing=None):
    """A renderer's ``rules_lookup`` and ``rules_autocomplete`` over its game's pack (indexed on
    first use), its texts read by ``describe(lang, node)`` (default: the pack's own texts):
    ``rules_lookup, rules_autocomplete = pack_rules("thing", card_text)``. ``extra()``: more
    entries as ``(id, names, text)``; ``missing(entry_id, lang)``: words for an entry without any."""
    index: list[PackIndex] = []

    def _index() -> PackIndex:
        if not index:
            from engine.registry import rules_for
            index.append(PackIndex(rules_for(kind).pack, describe or own_text, extra() if extra else (), missing))
        return index[0]

    def rules_lookup(query: str, lang: str) -> list[tuple[str, str]]:
        return _index().lookup(query, lang)

    def rules_autocomplete(current: str, lang: str) -> list[tuple[str, str]]:
        return _index().autocomplete(current, lang)

    return rules_lookup, rules_autocomplete
