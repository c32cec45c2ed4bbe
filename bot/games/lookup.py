"""`/rules` answers from a content pack: every entry with an id, a name and our own summary (a
card, zone, item, spell, character, monster, space ...) is found by its name in any language or
by its id. Titles follow the member's language where the pack names the entry in it; the texts
are the pack's own summaries (English where that is all the pack has). A card's hidden faces (the
backs of a spell or condition, read only when the game flips one) are never indexed nor shown."""
from __future__ import annotations

from pydantic import BaseModel

from engine.content.dialect import Names, Text

HIDDEN_FIELDS = ("backs",)   # a card's hidden faces: what /rules never reads


def _hidden(node) -> bool:
    return type(node).__name__.endswith("Back")


def _texts(node: BaseModel) -> list[str]:
    """The entry's own summaries: its text (and role), then those of the abilities it carries
    (a zone's action, a character's ability, an item's uses ...), one level down."""
    out = []
    for field in type(node).model_fields:
        value = getattr(node, field)
        if isinstance(value, Text):
            out.append(value.en)
    for field in type(node).model_fields:
        if field in HIDDEN_FIELDS:
            continue
        value = getattr(node, field)
        for child in (value if isinstance(value, (list, tuple)) else [value]):
            if isinstance(child, BaseModel) and not isinstance(child, (Names, Text)) \
                    and isinstance(getattr(child, "text", None), Text) and not getattr(child, "name", None):
                out.append(child.text.en)
            elif isinstance(child, BaseModel) and isinstance(getattr(child, "text", None), Text) \
                    and isinstance(getattr(child, "name", None), Names) and field not in ("cards",):
                out.append(f"{child.name.en}: {child.text.en}")
    return list(dict.fromkeys(out))


class PackIndex:
    """``extra``: entries a member sees that the pack does not list as entries (skills), as
    ``(id, names, text)``; ``describe(entry_id, lang)``: words for an entry with no summary of its
    own (a crisis from its options)."""

    def __init__(self, pack: BaseModel, extra=(), describe=None):
        self.entries: list[tuple[str, Names, str]] = []   # (id, names, text)
        self.describe = describe
        seen = set()
        self._walk(pack, seen)
        self.entries += [entry for entry in extra if entry[0] not in seen]

    def _walk(self, node, seen) -> None:
        if _hidden(node):
            return
        if isinstance(node, BaseModel) and not isinstance(node, (Names, Text)):
            names = getattr(node, "name", None) or getattr(node, "names", None)
            entry_id = getattr(node, "id", None)
            if isinstance(entry_id, str) and isinstance(names, Names) and entry_id not in seen:
                # an entry without a summary of its own (a map space) still answers with its name
                seen.add(entry_id)
                self.entries.append((entry_id, names, "\n".join(_texts(node))))
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
        return getattr(names, lang, None) or names.en

    def _matches(self, query: str):
        query = query.strip().lower()
        if not query:
            return []
        exact, partial = [], []
        for entry_id, names, text in self.entries:
            spelled = {entry_id.lower(), *(n.lower() for n in (names.en, names.uk, names.ru) if n)}
            if query in spelled:
                exact.append((entry_id, names, text))
            elif any(query in s for s in spelled):
                partial.append((entry_id, names, text))
        return exact + partial

    def lookup(self, query: str, lang: str) -> list[tuple[str, str]]:
        """(title, text) of each match; a text may be empty only where neither the pack nor
        ``describe`` has words for it (the caller then says so)."""
        return [(self.title(names, lang), text or (self.describe(entry_id, lang) if self.describe else "") or "")
                for entry_id, names, text in self._matches(query)]

    def autocomplete(self, current: str, lang: str) -> list[tuple[str, str]]:
        found = self._matches(current) if current.strip() else self.entries
        return [(self.title(names, lang), entry_id) for entry_id, names, _ in found[:25]]


def catalog_names(key: str) -> Names:
    """A name from the bot's catalogs in the three languages (for entries the pack lacks)."""
    from bot.i18n import t
    return Names(en=t("en", key), uk=t("uk", key), ru=t("ru", key))


def pack_rules(kind: str, extra=None, describe=None):
    """A renderer's ``rules_lookup`` and ``rules_autocomplete`` over its game's pack (indexed on
    first use): ``rules_lookup, rules_autocomplete = pack_rules("thing")``. ``extra()``: more
    entries (see :class:`PackIndex`), ``describe``: words for an entry without a summary."""
    index: list[PackIndex] = []

    def _index() -> PackIndex:
        if not index:
            from engine.registry import rules_for
            index.append(PackIndex(rules_for(kind).pack, extra() if extra else (), describe))
        return index[0]

    def rules_lookup(query: str, lang: str) -> list[tuple[str, str]]:
        return _index().lookup(query, lang)

    def rules_autocomplete(current: str, lang: str) -> list[tuple[str, str]]:
        return _index().autocomplete(current, lang)

    return rules_lookup, rules_autocomplete
