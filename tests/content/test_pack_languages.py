"""Every word of a pack a member may read exists in uk and ru (issue 21: "Every entry a member can
see ... has uk and ru names"; hand-written texts "then write it in all three languages").

Effect summaries (a text beside the effect it sums up) are generated from the effect in every
language by the bot, so :func:`missing_translations` lists them apart as ``summary``."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import BaseModel

from engine.content import load_pack
from engine.content.dialect import Names, Text
from engine.content.languages import coverage, missing_translations
from engine.unfathomable.content import Component
from tests.pack_walk import pack_models

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("thing", "unfathomable", "eldritch")


@pytest.fixture(scope="module", params=GAMES)
def pack(request):
    return request.param, load_pack(request.param)


def test_every_name_and_label_has_uk_and_ru(pack):
    game, loaded = pack
    missing = [f"{m.where}: {m.en}" for m in missing_translations(loaded) if m.kind == "name"]
    assert missing == [], f"{game}: names without uk/ru:\n" + "\n".join(missing[:20])


def test_every_hand_written_text_has_uk_and_ru(pack):
    game, loaded = pack
    missing = [f"{m.where}: {m.en}" for m in missing_translations(loaded) if m.kind == "text"]
    assert missing == [], f"{game}: hand-written texts without uk/ru:\n" + "\n".join(missing[:20])


def test_translations_are_not_copies_of_the_english(pack):
    """A uk/ru form equal to the English is a forgotten translation, unless it is a proper name or
    a word the languages share (Cthulhu, «Рим», a number)."""
    game, loaded = pack
    copied = []
    for node in pack_models(loaded):
        if isinstance(node, (Names, Text)):
            for lang in ("uk", "ru"):
                value = getattr(node, lang)
                if value and value == node.en and any(c.isalpha() and c.isascii() for c in value):
                    latin = sum(c.isascii() and c.isalpha() for c in value)
                    if latin > 3 and " " in value:  # a sentence or phrase left in English
                        copied.append(f"{lang}: {value}")
    assert copied == [], game


def test_the_check_finds_a_missing_name_and_tells_texts_from_summaries():
    """The check itself: a name lacking ru is reported; a text beside an effect is a summary."""
    from engine.unfathomable.content import Ability, Named

    component = Component(id="x", name=Names(en="Widget", uk="Віджет"), expected=1)
    found = missing_translations(component)
    assert [(m.kind, m.en, m.languages) for m in found] == [("name", "Widget", ("ru",))]

    with_effect = Ability(timing="action", effect=[{"lose": {"fuel": 1}}], text=Text(en="Lose 1 Fuel."))
    plain = Named(id="y", name=Names(en="Y", uk="Ю", ru="Ю"), provenance="official", text=Text(en="Flavour."))
    assert [m.kind for m in missing_translations(with_effect)] == ["summary"]
    assert [m.kind for m in missing_translations(plain)] == ["text"]
    assert coverage(plain) == {"name": 0, "text": 1, "summary": 0}


def test_content_check_reports_languages_per_pack():
    result = subprocess.run([sys.executable, "-m", "engine", "content", "check", "--json"], cwd=ROOT,
                            capture_output=True, text=True, timeout=600)
    report = json.loads(result.stdout)
    for game in GAMES:
        assert report[game]["languages"]["name"] == 0, game
        assert report[game]["languages"]["text"] == 0, game
        assert report[game]["missing"] == [], game
    assert result.returncode == 0, result.stdout[-2000:]


def _forms(node):
    """Every (language, text) of the pack's Names, Texts and option labels."""
    if isinstance(node, (Names, Text)):
        for lang in ("uk", "ru"):
            if getattr(node, lang):
                yield lang, getattr(node, lang)
    elif isinstance(node, BaseModel):
        for field in type(node).model_fields:
            yield from _forms(getattr(node, field))
    elif isinstance(node, (list, tuple)):
        for item in node:
            yield from _forms(item)
    elif isinstance(node, dict):
        if isinstance(node.get("en"), str):
            yield from ((lang, node[lang]) for lang in ("uk", "ru") if node.get(lang))
        for item in node.values():
            yield from _forms(item)


def test_no_word_mixes_latin_and_cyrillic_letters_and_languages_keep_their_alphabets(pack):
    """A Latin letter inside a Cyrillic word (a look-alike typed by mistake) or a Russian-only letter
    in Ukrainian (and the reverse) is a typo a member would see."""
    import re
    game, loaded = pack
    wrong = []
    for lang, value in _forms(loaded):
        for word in re.findall(r"\w+", value):
            if re.search(r"[A-Za-z]", word) and re.search(r"[А-Яа-яІіЇїЄєҐґЁё]", word):
                wrong.append(f"{lang}: {word} in {value[:60]}")
        if lang == "uk" and re.search(r"[ыэъЁё]", value):
            wrong.append(f"uk has a Russian letter: {value[:60]}")
        if lang == "ru" and re.search(r"[іїєґІЇЄҐ]", value):
            wrong.append(f"ru has a Ukrainian letter: {value[:60]}")
    assert wrong == [], game


def test_no_uk_or_ru_form_holds_a_latin_word(pack):
    """A member at a uk/ru table reads no English (nor a pointer to the pack's README): a run of
    Latin letters in a uk/ru name, text or label is left untranslated."""
    import re
    game, loaded = pack
    latin = [f"{lang}: {value[:80]}" for lang, value in _forms(loaded) if re.search(r"[A-Za-z]{2,}", value)]
    assert latin == [], game
