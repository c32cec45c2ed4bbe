"""Eldritch Horror's texts that follow the effects (:mod:`bot.games.effect_text`): every
encounter, ability, mythos card, condition or spell back, monster, mystery and Ancient One rule
read out from its effect data in en/uk/ru (templates: ``locales/effects.<lang>.yaml``)."""
from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel

from bot.games.effect_text import EffectText, in_language, tidy
from engine.content.dialect import Tagged, Text
from engine.registry import rules_for

GAME = "eldritch"
ONE_OF = frozenset({"PlaceMap"})
SIGNED = frozenset({"modifier", "plus", "skill_bonus.amount", "test.dice"})
# an entry's fields that hold effect data, in the order they are read out (an entry with any of
# them set has a generated text)
EFFECT_FIELDS = ("enters_play", "effect", "abilities", "front", "outcomes", "spawn", "reckoning", "encounter",
                 "solved_when", "rumor", "fail")
# the entries whose text is generated; an Ancient One's sheet, its awakening and defeat rules keep
# their own (translated) texts: their story and setup are more than their effects
GENERATED = frozenset({"Encounter", "Ability", "Mythos", "ConditionBack", "SpellBack", "Range", "Monster",
                       "CultistStats", "Mystery", "Rumor"})


@lru_cache(maxsize=1)
def _ids() -> dict[str, object]:
    """Every id of the pack a parameter may name -> its entry (for its Names)."""
    from bot.games.eldritch.pack_index import CARD_CATEGORIES, _pack
    out: dict[str, object] = {}
    for category in CARD_CATEGORIES:
        for key, entry in _pack()[category].items():
            out.setdefault(key, entry)
    return out


@lru_cache(maxsize=1)
def _hooks() -> dict[str, Text]:
    return {h.id: h.meaning for h in rules_for(GAME).pack.hooks.hooks}


# fields whose strings are vocabulary words, never ids of the pack
WORD_FIELDS = frozenset({"which", "of", "who", "timing", "by", "among", "chooser", "range", "during", "what",
                         "where", "card", "source", "epic", "path", "limit", "any_number", "spend", "spend_for",
                         "to", "with_", "kind_word", "skill", "count", "health", "sanity", "clues"})


def _names(lang: str, field: str, value: str) -> str | None:
    if field in WORD_FIELDS and field != "to":
        return None
    entry = _ids().get(value)
    if entry is None or not isinstance(getattr(entry, "name", None), BaseModel):
        return None
    return quoted(lang, in_language(entry.name, lang))


def quoted(lang: str, name: str) -> str:
    """A card named inside a rule's text, in each language's own quotation marks."""
    return f"“{name}”" if lang == "en" else f"«{name}»"


def _hook(lang: str, hook: str) -> str | None:
    meaning = _hooks().get(hook)
    return in_language(meaning, lang) if meaning is not None else None


def _variant(model) -> tuple[str, frozenset] | None:
    """A result range of one value reads "result 0", not "result 0–0" (a die's "1", not "1–1")."""
    if type(model).__name__ in ("Range", "Outcome") and model.max == model.min:
        return "exact", frozenset({"max"})
    return None


# the case a step's sentence puts its monsters in (uk «завдати вибраному монстру», «скинути
# вибраного монстра»); obj.Monsters_<case> in the catalogs
CASES = {"damage_monsters.target": "dative", "discard_monsters.target": "accusative",
         "defeat_monsters.target": "accusative", "move_monsters.target": "accusative"}

# the branches of a test, a fight or a condition: one that holds more than one step is bracketed,
# so a nested branch's "fail" cannot be read as the outer one's ("Influence test; pass: (Lore
# test; pass: close this gate; fail: lose 1 Sanity); fail: lose 2 Sanity")
BRANCHES = frozenset({"pass_", "fail", "defeated", "survived", "otherwise", "then"})


class _NestedText(EffectText):
    def value(self, lang: str, field: str, value, in_template: bool = True, owner: str = "") -> str:
        if not (in_template and field in BRANCHES and isinstance(value, (list, tuple)) and value):
            return super().value(lang, field, value, in_template, owner)
        text = self._value(lang, field, value, owner)
        if self.say(lang, self.key("sep")).strip() in text:
            text = f"({text})"
        part = self.part(owner, field)
        return self.say(lang, part, text=text, count=text) if text and part else text


WRITER = _NestedText(GAME, names=_names, hooks=_hook, one_of=ONE_OF, signed=SIGNED, skip=frozenset({"id", "label"}),
                    amounts=("health", "sanity", "clues"), quiet=frozenset({"during"}), variant=_variant,
                    cases=CASES)


def has_effect(entry) -> bool:
    """The entry carries effect data a text can follow."""
    if type(entry).__name__ not in GENERATED:
        return False
    for field in EFFECT_FIELDS:
        value = getattr(entry, field, None)
        if isinstance(value, Tagged) or (isinstance(value, list) and value) or isinstance(value, BaseModel):
            return True
    return False


def effect_text(lang: str, steps) -> str:
    return WRITER.effect(lang, steps)


def entry_text(lang: str, entry) -> str:
    """What ``entry`` does, in ``lang``: read out from its effect data where it has any, else the
    pack's own text (a story line, a rule the data cannot say)."""
    if entry is None:
        return ""
    if not has_effect(entry):
        text = getattr(entry, "text", None)
        return in_language(text, lang) if isinstance(text, Text) else ""
    if type(entry).__name__ in ("Ability", "Rumor", "Encounter", "Range"):
        return tidy(WRITER.value(lang, "entry", entry))
    parts = [WRITER.value(lang, field, getattr(entry, field, None)) for field in EFFECT_FIELDS]
    return tidy(" ".join(p for p in parts if p))
