"""Texts that follow the effects: a content pack's effect data read out in en, uk or ru.

Most summaries a member reads ("Lore test — pass: gain Blessed; fail: lose 2 Sanity") say what an
entry's own ``effect`` does. They are generated from that data through the game's catalogs, so
they exist in every language and can never disagree with what the engine does. Each game builds
one :class:`EffectText` (``bot/games/<game>/effect_text.py``) over its vocabulary and keeps the
templates in ``bot/games/<game>/locales/effects.<lang>.yaml`` (keys ``<game>.fx.*``).

How a step is read
    A step or condition ``{name: {params}}`` reads as the template ``<game>.fx.<name>`` (a
    condition: ``<game>.cond.<name>``; a nested parameter model: ``<game>.obj.<Model>``, or
    ``<game>.obj.<Model>_<field>`` for a model of which exactly one field is set; a quantity:
    ``<game>.qty.<of>``), formatted with every parameter read out:

    * a number as written, or through the plural noun ``<game>.noun.<step>.<field>`` or
      ``<game>.noun.<field>`` where there is one ("2 Health", «2 здоров'я»), signed for the fields
      the game names ``signed``;
    * a quantity computed in play (``<game>.qty.<of>``, a noun phrase that reads as a number: "the
      number of gates on the board"), inside ``<game>.some.<step>.<field>`` where the step counts a
      noun ("damage equal to …", uk «стільки шкоди, скільки становить …»); a step whose plural
      template counts a quantity reads as ``<game>.some.<step>`` ("gain Clues equal to …": no
      form to pick);
    * a word of the vocabulary through ``<game>.w.<value>``; an id of the pack by its name in the
      language (the game's ``names``);
    * a nested effect, condition or model read out the same way;
    * an empty or absent value as nothing, or as ``<game>.empty.<Model>.<field>`` where the
      template's sentence needs one (a spell's result that does nothing: "nothing happens").

    A placeholder of a set value goes through ``<game>.part.<field>`` when there is one (the words
    around an optional piece: " — pass: {text}"). A parameter the template does not name and whose
    value is not the default is said by the modifier ``<game>.mod.<field>`` (``{text}`` is the text
    so far, ``{value}`` the parameter): nothing the engine reads is left unsaid. A negative number
    of a signed field reads through ``<mod>_negative`` with the number alone, where there is one
    ("the number of successes in the test minus 2", not "… -2").

A missing template is recorded in :attr:`EffectText.missing` (the tests require none) and reads
as the English one, then as the key, never as an error: a text never breaks a panel.
"""
from __future__ import annotations

import re
import string
from functools import lru_cache
from typing import Any, Callable

from pydantic import BaseModel

from bot.i18n import Plural, between, catalog, t
from engine.content.dialect import Names, Tagged, Text

_FORMATTER = string.Formatter()


def placeholders(template) -> set[str]:
    """The names a template (or every form of a plural one) formats."""
    forms = template.values() if isinstance(template, dict) else [template]
    return {name for form in forms for _, name, _, _ in _FORMATTER.parse(str(form)) if name}


def _default(model: type[BaseModel], field: str):
    info = model.model_fields[field]
    if info.default_factory is not None:
        return info.default_factory()
    return info.default


def in_language(value, lang: str) -> str:
    """A Names, a Text or a {lang: text} mapping in ``lang`` (English where it has no such form)."""
    if value is None:
        return ""
    if isinstance(value, dict):
        return value.get(lang) or value.get("en") or ""
    return getattr(value, lang, None) or getattr(value, "en", "") or ""


class EffectText:
    """Reads a game's effects, conditions and parameters in a language (see the module doc).

    ``names(lang, field, value)`` gives the pack name of an id (or None when ``value`` is no id
    of that field); ``hooks(lang, id)`` the meaning of a hook; ``one_of`` the models of which
    exactly one field is set; ``signed`` the number fields said with their sign; ``skip`` the
    parameters that never change what a member is told (documentation, labels); ``variant(model)``
    a shape of a model read through its own template ``<game>.obj.<Model>_<name>``, as
    (name, the fields that template leaves unsaid because it says them otherwise), or None;
    ``cases`` maps ``"<step>.<field>"`` to the grammatical case the step's sentence puts that
    model in: it reads through ``<game>.obj.<Model>_<case>`` (its words ``wf.<Model>_<case>.*``),
    the same words as the plain template in a language without cases."""

    def __init__(self, game: str, *, names: Callable[[str, str, str], str | None],
                 hooks: Callable[[str, str], str | None] | None = None, one_of: frozenset = frozenset(),
                 signed: frozenset = frozenset(), skip: frozenset = frozenset(),
                 amounts: tuple = (), quiet: frozenset = frozenset(),
                 variant: Callable[[BaseModel], tuple[str, frozenset] | None] | None = None,
                 cases: dict[str, str] | None = None):
        self.game = game
        self.cases = cases or {}
        self.variant = variant or (lambda model: None)
        self.names = names
        self.hooks = hooks or (lambda lang, hook: None)
        self.one_of = one_of
        self.signed = signed
        self.skip = skip | {"doc", "ruling", "provenance"}
        self.amounts = amounts
        self.quiet = quiet   # fields whose default goes unsaid (a bonus "always": just the bonus)
        self.missing: set[str] = set()

    # ------------------------------------------------------------ catalog access
    def key(self, *parts: str) -> str:
        return ".".join((self.game, *parts))

    def has(self, key: str) -> bool:
        return key in catalog("en")

    def say(self, lang: str, key: str, **params) -> str:
        if key not in catalog(lang) and lang != "en" or key not in catalog("en"):
            self.missing.add(f"{lang}:{key}")
        return t(lang, key, **params)

    # ------------------------------------------------------------ effects and steps
    def effect(self, lang: str, steps, top: bool = True) -> str:
        """A whole effect (a list of steps); at the top, tidied and capitalised."""
        texts = [self.step(lang, s) for s in steps or [] if isinstance(s, Tagged)]
        # a step said by a sentence of its own (a hook's meaning) loses its full stop inside the list
        texts = [x[:-1] if x.endswith(".") and not x.endswith("..") and i < len(texts) - 1 else x
                 for i, x in enumerate(texts)]
        text = self.say(lang, self.key("sep")).join(x for x in texts if x)
        return tidy(text) if top else text

    def step(self, lang: str, tagged: Tagged) -> str:
        kind = "fx" if tagged.kind == "primitive" else "cond"
        inner = getattr(tagged.spec, "condition", None) if tagged.name == "not" else None
        if isinstance(inner, Tagged) and self.has(self.key("cond", f"not_{inner.name}")):
            # a negation the language says in its own words ("Nug is no longer on the board"),
            # not "not (Nug is on the board)"
            return self.model(lang, self.key("cond", f"not_{inner.name}"), inner.spec)
        if kind == "cond" and self.has(self.key("join", "all")):
            said = self.negated(lang, inner) if isinstance(inner, Tagged) else self.joined(lang, tagged)
            if said is not None:
                return said
        return self.model(lang, self.key(kind, tagged.name), tagged.spec)

    # ------------------------------------------------------------ conditions joined
    # With ``<game>.join.all`` / ``.any`` (" and " / " or "), a group of conditions reads as a
    # sentence ("A, B and C"), a group inside it in brackets, and "not (A and B)" as "not A or
    # not B" where each part has its own negation: never "all of: A, B".
    GROUPS = {"all": "any", "any": "all"}

    def joined(self, lang: str, tagged: Tagged, negate: bool = False) -> str | None:
        if tagged.name not in self.GROUPS or not isinstance(getattr(tagged.spec, "conditions", None), list):
            return None
        parts = []
        for c in tagged.spec.conditions:
            said = self.negated(lang, c) if negate else self.step(lang, c)
            if said is None:
                return None
            parts.append(f"({said})" if self._group(c, negate) and len(tagged.spec.conditions) > 1 else said)
        key = self.key("join", self.GROUPS[tagged.name] if negate else tagged.name)
        return parts[0] if len(parts) == 1 else between(lang, ", ".join(parts[:-1]), self.say(lang, key), parts[-1])

    def negated(self, lang: str, tagged: Tagged) -> str | None:
        """``tagged`` negated in words (None where the language has no words for it)."""
        if tagged.name == "not" and isinstance(getattr(tagged.spec, "condition", None), Tagged):
            return self.step(lang, tagged.spec.condition)
        if tagged.name in self.GROUPS:
            return self.joined(lang, tagged, negate=True)
        key = self.key("cond", f"not_{tagged.name}")
        return self.model(lang, key, tagged.spec) if self.has(key) else None

    def _group(self, tagged: Tagged, negate: bool) -> bool:
        """Whether ``tagged`` (negated with ``negate``) reads as a group of conditions of its own."""
        if tagged.name == "not" and isinstance(getattr(tagged.spec, "condition", None), Tagged):
            return self._group(tagged.spec.condition, not negate)
        return tagged.name in self.GROUPS and len(getattr(tagged.spec, "conditions", []) or []) > 1

    def quantity(self, lang: str, spec: BaseModel) -> str:
        return self.model(lang, self.key("qty", spec.of), spec, skip={"of"})

    def model(self, lang: str, key: str, spec: BaseModel, skip=()) -> str:
        """``spec`` read through the template ``key`` plus the modifiers of its other parameters."""
        cls = type(spec)
        owner = key.rsplit(".", 1)[-1]
        fields = [f for f in cls.model_fields if (f not in self.skip or key.endswith(".fx.hook")) and f not in skip
                  and not isinstance(getattr(spec, f), (Names, Text))]   # an entry's own name and notes
        template = catalog(lang).get(key) or catalog("en").get(key)
        used = placeholders(template) if template is not None else set()
        quantity = getattr(spec, "of", None) if "of" in fields else None
        quantity = quantity if isinstance(quantity, str) and self.has(self.key("qty", quantity)) else None
        params: dict[str, Any] = {}
        for field in fields:
            if field == "of" and quantity:
                continue   # a quantity named inside a condition: read with the condition's parameters
            value = getattr(spec, field)
            if field in used and value == _default(cls, field) and self.part(owner, field) \
                    and (isinstance(value, int) or field in self.quiet):
                params[field] = ""   # an optional piece left at its default (a +0 modifier, always)
                continue
            params[field] = self.value(lang, field, value, in_template=field in used, owner=owner)
        if quantity:
            params["of"] = self.say(lang, self.key("qty", quantity), **params)
        if "amounts" in used:   # the amounts a step names, as one list ("2 Health, 1 Sanity")
            said = [self.amount(lang, f, getattr(spec, f)) for f in self.amounts if f in fields]
            params["amounts"] = ", ".join(x for x in said if x)
            used = used | {f for f in self.amounts if f in fields}
        raw = getattr(spec, template.by, None) if isinstance(template, Plural) and template.by in cls.model_fields \
            else None
        if isinstance(raw, int) and not isinstance(raw, bool):   # the form follows the number, written as one
            params[template.by] = f"{raw:+d}" if self.is_signed(owner, template.by) else raw
        if isinstance(raw, BaseModel) and self.has(self.key("some", owner)):
            key = self.key("some", owner)   # a count computed in play: "gain Clues equal to ...", no form to pick
        text = self.say(lang, key, **params)
        for field in fields:
            value = getattr(spec, field)
            if field in used or field == "of" or value == _default(cls, field) or value in (None, [], {}) \
                    or key.endswith(f"_{field}") or self.implied(spec, field):   # the one field a one-of model's template stands for
                continue
            mod = self.key("mod", owner, field)
            mod = mod if self.has(mod) else self.key("mod", field)
            said = params.get(field, "")
            if isinstance(value, int) and not isinstance(value, bool) and value < 0 and self.has(f"{mod}_negative"):
                mod, said = f"{mod}_negative", str(-value)   # "the successes minus 2", not "-2"
            text = self.say(lang, mod, text=text, value=said)
        return text

    def implied(self, spec, field: str) -> bool:
        """Whether another field of ``spec`` already says what ``field`` adds (a game's writer
        knows its own such pairs)."""
        return False

    def part(self, owner: str, field: str) -> str | None:
        return self.specific("part", owner, field)

    def specific(self, section: str, owner: str, field: str) -> str | None:
        """The key of ``section`` for ``field`` of the model ``owner`` (else of ``field`` anywhere), if any."""
        for key in (self.key(section, owner, field), self.key(section, field)):
            if self.has(key):
                return key
        return None

    def is_signed(self, owner: str, field: str) -> bool:
        return field in self.signed or f"{owner}.{field}" in self.signed

    def amount(self, lang: str, field: str, value) -> str:
        """An amount of ``field`` (health, clues...): a number, a computed quantity or all."""
        if value is None or isinstance(value, bool):
            return ""
        if isinstance(value, int):
            return self.say(lang, self.key("noun", field), count=value)
        if value == "all":
            return self.say(lang, self.key("all", field))
        return self.say(lang, self.key("some", field), value=self._value(lang, field, value))

    # ------------------------------------------------------------ one parameter
    def value(self, lang: str, field: str, value, in_template: bool = True, owner: str = "") -> str:
        if value is None or value == [] or value == {}:
            empty = self.specific("empty", owner, field) if in_template else None
            return self.say(lang, empty) if empty else ""
        text = self._value(lang, field, value, owner)
        part = self.part(owner, field)
        if in_template and text and part:
            return self.say(lang, part, text=text, count=value if isinstance(value, int) else text)
        return text

    def _value(self, lang: str, field: str, value, owner: str = "") -> str:
        if isinstance(value, bool):
            return ""
        if isinstance(value, int):
            noun = self.specific("noun", owner, field)
            if noun:
                return self.say(lang, noun, count=value)
            return f"{value:+d}" if self.is_signed(owner, field) else str(value)
        if isinstance(value, float):
            return str(value)
        if isinstance(value, str):
            return self.word(lang, field, value, owner)
        if isinstance(value, Tagged):
            return self.step(lang, value)
        if isinstance(value, (Names, Text)):
            return in_language(value, lang)
        if isinstance(value, (list, tuple)):
            if value and all(isinstance(v, Tagged) for v in value) and value[0].kind == "primitive":
                return self.effect(lang, value, top=False)
            parts = [self._value(lang, field, v, owner) for v in value]
            models = all(isinstance(v, BaseModel) and not isinstance(v, Tagged) for v in value)
            own = self.key(f"sep_{field}")
            sep = self.say(lang, own if self.has(own) else self.key("list_sep")) if models else ", "
            return sep.join(p for p in parts if p)
        if isinstance(value, dict):
            return in_language(value, lang) if set(value) <= {"en", "uk", "ru"} else ""
        if isinstance(value, BaseModel):
            if getattr(value, "of", None) and self.has(self.key("qty", str(value.of))) \
                    and type(value).__name__ == "Quantity":
                some = self.key("some", owner, field)   # "damage equal to ..." where a count of a noun goes
                said = self.quantity(lang, value)
                return self.say(lang, some, value=said) if owner and self.has(some) else said
            name = type(value).__name__
            case = self.cases.get(f"{owner}.{field}")   # the case the step's sentence puts it in (uk/ru)
            if case and self.has(self.key("obj", f"{name}_{case}")):
                return self.model(lang, self.key("obj", f"{name}_{case}"), value)
            shape = self.variant(value)
            if shape is not None:
                return self.model(lang, self.key("obj", f"{name}_{shape[0]}"), value, skip=shape[1])
            if name in self.one_of:
                field_set = next((f for f in type(value).model_fields if getattr(value, f) not in (None, False)), None)
                return self.model(lang, self.key("obj", f"{name}_{field_set}"), value)
            return self.model(lang, self.key("obj", name), value)
        return str(value)

    def word(self, lang: str, field: str, value: str, owner: str = "") -> str:
        named = self.names(lang, field, value)
        if named is not None:
            return named
        if field == "id":
            meaning = self.hooks(lang, value)
            if meaning is not None:
                return meaning
        for key in (self.key("wf", owner, field, value), self.key("wf", field, value),
                    *([self.key("qty", value)] if field == "minus_of" else [])):
            if self.has(key):
                return self.say(lang, key)
        return self.say(lang, self.key("w", value))


def tidy(text: str) -> str:
    """One space between words, none before punctuation, the first letter capitalised."""
    text = re.sub(r"\s+([,;:.)])", r"\1", " ".join(text.split())).replace("( ", "(")
    text = re.sub(r"([.!?] )(\w)", lambda m: m.group(1) + m.group(2).upper(), text)   # each sentence
    return text[:1].upper() + text[1:]


# ---------------------------------------------------------------- what the tests read
def numbers_in(node) -> set[int]:
    """Every whole number an effect tree holds (its parameters, defaults included)."""
    out: set[int] = set()
    if isinstance(node, bool):
        return out
    if isinstance(node, int):
        out.add(abs(node))
    elif isinstance(node, Tagged):
        out |= numbers_in(node.spec)
    elif isinstance(node, (Names, Text)):
        return out
    elif isinstance(node, BaseModel):
        for field in type(node).model_fields:
            out |= numbers_in(getattr(node, field))
    elif isinstance(node, (list, tuple)):
        for v in node:
            out |= numbers_in(v)
    elif isinstance(node, dict):
        for v in node.values():
            out |= numbers_in(v)
    return out


def set_numbers(node) -> set[int]:
    """The numbers an effect tree sets away from the defaults (what a text must name)."""
    out: set[int] = set()
    if isinstance(node, Tagged):
        return set_numbers(node.spec)
    if isinstance(node, (Names, Text)):
        return out
    if isinstance(node, BaseModel):
        for field in type(node).model_fields:
            value = getattr(node, field)
            if isinstance(value, int) and not isinstance(value, bool):
                if value != _default(type(node), field):
                    out.add(abs(value))
            else:
                out |= set_numbers(value)
    elif isinstance(node, (list, tuple)):
        for v in node:
            out |= set_numbers(v)
    return out


@lru_cache(maxsize=None)
def _number_pattern():
    return re.compile(r"(?<![\w.])\d+(?![\w.])")


def numbers_said(text: str) -> set[int]:
    return {int(n) for n in _number_pattern().findall(text)}
