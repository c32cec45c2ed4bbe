"""Texts that follow the effects (bot/games/effect_text.py): every effect of every pack reads out
in en, uk and ru from the catalogs; every primitive, condition and quantity of each game's
vocabulary has a template in each language, and every parameter is said (in its template or by a
modifier); a generated text names exactly the numbers and skills of its effect."""
from __future__ import annotations

import re
import string
from functools import lru_cache

import pytest
from pydantic import BaseModel

from bot.games.effect_text import numbers_in, numbers_said, placeholders, set_numbers
from bot.i18n import LANGUAGES, catalog
from engine.eldritch import content_effects as eldritch_effects
from engine.thing import content as thing
from engine.unfathomable import content_effects as unfathomable_effects
from engine.content.dialect import Names, Tagged, Text
from engine.registry import rules_for
from tests.pack_walk import pack_models

GAMES = ("thing", "unfathomable", "eldritch")
VOCABULARY = {
    "thing": (thing.EFFECTS, {}, ()),
    "unfathomable": (unfathomable_effects.PRIMITIVES, unfathomable_effects.CONDITIONS,
                     unfathomable_effects.QUANTITIES),
    "eldritch": (eldritch_effects.PRIMITIVES, eldritch_effects.CONDITIONS, eldritch_effects.QUANTITIES),
}


def writer(game):
    from importlib import import_module
    return import_module(f"bot.games.{game}.effect_text")


@lru_cache(maxsize=None)
def pack_nodes(game):
    """(entries with a generated text, every step and condition) of the game's pack."""
    module, entries, steps = writer(game), [], []
    for model in pack_models(rules_for(game).pack, enter=lambda m: not isinstance(m, (Names, Text))):
        if isinstance(model, Tagged):
            steps.append(model)
        elif not isinstance(model, (Names, Text)) and module.has_effect(model):
            entries.append(model)
    return entries, steps


@pytest.mark.parametrize("game", GAMES)
def test_every_effect_of_every_pack_reads_out_in_every_language(game):
    module = writer(game)
    entries, steps = pack_nodes(game)
    assert entries and steps
    module.WRITER.missing.clear()
    for lang in LANGUAGES:
        for entry in entries:
            text = module.entry_text(lang, entry)
            assert text and "{" not in text, (lang, entry)
            # no vocabulary id left raw (a snake_case word is a missing template)
            assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), (lang, text)
            if lang != "en":   # no English word (a hook reads its own meaning, translated in the pack)
                assert not re.search(r"[A-Za-z]{2,}", text), (lang, text)
        for step in steps:
            module.WRITER.step(lang, step)
    assert module.WRITER.missing == set()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_primitive_condition_and_quantity_has_a_template(game, lang):
    primitives, conditions, quantities = VOCABULARY[game]
    keys = [f"{game}.fx.{n}" for n in primitives] + [f"{game}.cond.{n}" for n in conditions] + \
           [f"{game}.qty.{n}" for n in quantities]
    assert [k for k in keys if k not in catalog(lang)] == []


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_parameter_is_said(game, lang):
    """A parameter the template does not name has a modifier, so no value the engine reads
    goes unsaid (ids and documentation aside)."""
    primitives, conditions, _ = VOCABULARY[game]
    w = writer(game).WRITER
    unsaid = []
    for kind, registry in (("fx", primitives), ("cond", conditions)):
        for name, model in registry.items():
            used = placeholders(catalog(lang)[f"{game}.{kind}.{name}"])
            if "amounts" in used:
                used |= set(w.amounts)
            for field in model.model_fields:
                # a hook's parameters belong to its own written meaning (hooks.yaml)
                if field in used or field in w.skip or (name, field) == ("hook", "params"):
                    continue
                if not any(k in catalog(lang) for k in (f"{game}.mod.{name}.{field}", f"{game}.mod.{field}")):
                    unsaid.append(f"{name}.{field}")
    assert unsaid == []


def _strip_names(text: str) -> str:
    return re.sub(r"«[^»]*»|“[^”]*”", "", text)  # names in each language's quotation marks


def _template(game, lang, step) -> str:
    """The step's own template, every form: what it says whatever the parameters."""
    message = catalog(lang)[f"{game}.{'fx' if step.kind == 'primitive' else 'cond'}.{step.name}"]
    return " ".join(message.values()) if isinstance(message, dict) else message


@pytest.mark.parametrize("game", GAMES)
def test_a_generated_text_names_exactly_the_numbers_of_its_effect(game):
    """Every number the effect sets is said, and no number is said that the effect does not
    hold (its parameters, defaults included). Hooks read their hand-written meaning: left out."""
    module = writer(game)
    _, steps = pack_nodes(game)
    checked = 0
    for step in steps:
        if step.kind != "primitive" or "hook" in repr(step):
            continue
        for lang in LANGUAGES:
            text = _strip_names(module.WRITER.step(lang, step))
            said = numbers_said(text)
            assert set_numbers(step) <= said, (lang, step.name, text)
            own = numbers_said(re.sub(r"\{[^}]*\}", "", _template(game, lang, step)))   # "each 6 counts twice"
            assert said <= numbers_in(step) | own, (lang, step.name, text)
        checked += 1
    assert checked > 20


def _tagged(node):
    """The step and every step or condition nested in it."""
    if isinstance(node, Tagged):
        yield node
        node = node.spec
    if isinstance(node, BaseModel) and not isinstance(node, (Names, Text)):
        for field in type(node).model_fields:
            yield from _tagged(getattr(node, field))
    elif isinstance(node, (list, tuple)):
        for value in node:
            yield from _tagged(value)


SKILLS = {
    "eldritch": ("lore", "influence", "observation", "strength", "will"),
    "unfathomable": ("influence", "lore", "observation", "strength", "will", "treachery"),
}


def _skills_in(node, skills, optional: set | None = None) -> set[str]:
    """The skills an effect names; ``optional`` collects those a vocabulary word may name
    (Strength in combat, any type but Treachery)."""
    out = set()
    if isinstance(node, Tagged):
        return _skills_in(node.spec, skills, optional)
    if isinstance(node, BaseModel) and not isinstance(node, (Names, Text)):
        for field in type(node).model_fields:
            value = getattr(node, field)
            if field in ("skill", "type", "positive", "types") and isinstance(value, (str, list)):
                out |= {v for v in ([value] if isinstance(value, str) else value) if v in skills}
            if field in ("during", "types") and isinstance(value, str) and optional is not None:
                optional |= {s for s in skills if s in value.split("_")}   # combat_strength, any_non_treachery
            else:
                out |= _skills_in(value, skills, optional)
    elif isinstance(node, (list, tuple)):
        for value in node:
            out |= _skills_in(value, skills, optional)
    return out


def _skill_words(game, lang, skill) -> list[str]:
    """The skill's name, and in Eldritch every case form a step reads it in (uk «перевірка Волі»)."""
    if game == "eldritch":
        forms = [value for key, value in catalog(lang).items()
                 if re.fullmatch(rf"eldritch\.wf\.\w+\.skill\.{skill}", key)]
        return [catalog(lang)[f"eldritch.w.{skill}"], *forms]
    from bot.games.unfathomable import render
    word = render.named(lang, "skill_type", skill)
    return [word[:1].upper() + word[1:]]


@pytest.mark.parametrize("game", ("eldritch", "unfathomable"))
def test_a_generated_text_names_exactly_the_skills_of_its_effect(game):
    module = writer(game)
    _, steps = pack_nodes(game)
    skills = SKILLS[game]
    checked = 0
    for step in steps:
        if step.kind != "primitive" or "hook" in repr(step):
            continue
        optional: set[str] = set()
        wanted = _skills_in(step, skills, optional)
        for lang in LANGUAGES:
            text = _strip_names(module.WRITER.step(lang, step))
            def says(s, t):
                words = "|".join(re.escape(w) for w in _skill_words(game, lang, s))
                return re.search(rf"(?<!\w)(?:{words})(?!\w)", t)
            said = {s for s in skills if says(s, text)}
            nested = " ".join(_template(game, lang, x) for x in _tagged(step))
            own = {s for s in skills if says(s, nested)}   # "skip the Strength test", "Treachery cards"
            assert wanted - optional <= said <= wanted | own | optional, (lang, step.name, text)
        checked += bool(wanted)
    assert checked > 5


def test_a_thing_card_reads_its_target_effect_and_defence():
    from bot.games.thing.effect_text import card_text
    card = rules_for("thing").pack.cards["flamethrower"]
    assert card_text("en", card) == ("Target: an adjacent player. The target is out of the game. "
                                     "The target may answer it with a defence card against burning.")
    assert card_text("uk", card).startswith("Ціль: сусідній гравець. Ціль вибуває з гри.")
    assert card_text("ru", card).startswith("Цель: соседний игрок. Цель выбывает из игры.")
