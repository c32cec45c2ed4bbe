"""Issue 22's play-through at Keeper-player tables, four texts members read wrong: Eldritch
spell results that read "result at least 2:" with nothing after."""
from __future__ import annotations

import re

import pytest

from bot.i18n import LANGUAGES
from tests.bot.test_effect_text import pack_nodes, writer

# a colon followed by nothing: the end, or straight into the next piece's punctuation
NOTHING_AFTER_A_COLON = re.compile(r":\s*(?:[;,.)]|$)")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_eldritch_effect_text_says_something_after_each_colon(lang):
    """A spell's back lists what each casting result does; a result that does nothing more (the
    card's blank, "2+: no extra effect") read "result at least 2:" and stopped. Every generated
    text of the pack, and every result range on its own, says what follows its colon."""
    module = writer("eldritch")
    entries, _ = pack_nodes("eldritch")
    ranges = [r for entry in entries for r in getattr(entry, "outcomes", None) or []
              if type(r).__name__ == "Range"]
    assert any(not r.effect for r in ranges), "the pack has results that do nothing more"
    for entry in entries:
        text = module.entry_text(lang, entry)
        assert not NOTHING_AFTER_A_COLON.search(text), (lang, getattr(entry, "id", None), text)
    for result in ranges:
        text = module.WRITER.value(lang, "outcomes", [result])
        assert not NOTHING_AFTER_A_COLON.search(text), (lang, text)
