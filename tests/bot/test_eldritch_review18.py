"""A review of this round's Eldritch wording (rv18b). A card that forbids a move or a gate's closing
was told as if it helped: "Mark Harrigan is spared closing the gate (“Mysterious Lights”)"; a
Rumor or Detained forbids, so the investigator "cannot". And the hint under a roll named Clues
where only a sanity-paid reroll or a bought success was on offer."""
from __future__ import annotations

import pytest

from bot.games.eldritch import render as R


@pytest.mark.parametrize("lang, what, by, line", [
    ("en", "close_gate", {"kind": "mythos", "id": "mysterious_lights"},
     "**Mark Harrigan** cannot close the gate (“Mysterious Lights”)."),
    ("uk", "move", {"kind": "condition", "id": "detained"}, "**Марк Герріган** не може переміститися (карта «Ув'язнений»)."),
    ("ru", "close_gate", {"kind": "mythos", "id": "mysterious_lights"},
     "**Марк Харриган** не может закрыть врата (карта «Загадочные огни»)."),
])
def test_a_card_that_forbids_says_cannot(lang, what, by, line):
    ev = {"type": "prevented", "audience": "all", "inv": "mark_harrigan", "what": what, "by": by}
    assert R.public_lines([ev], lang) == [line]


@pytest.mark.parametrize("lang", ("en", "uk", "ru"))
def test_a_penalty_avoided_is_still_spared(lang):
    ev = {"type": "prevented", "audience": "all", "inv": "mark_harrigan", "what": "detained",
          "by": {"kind": "investigator", "id": "mark_harrigan"}}
    said = R.public_lines([ev], lang)[0]
    assert {"en": "is spared", "uk": "уникає", "ru": "избегает"}[lang] in said


@pytest.mark.parametrize("options, hint", [
    ([{"type": "keep"}, {"type": "reroll", "die": 0}], "roll_hint"),
    ([{"type": "keep"}, {"type": "reroll", "die": 0, "pay": "sanity"}], "roll_hint_sanity"),
    ([{"type": "keep"}, {"type": "reroll_with", "card": "fishing_net"}], "roll_hint_card"),
    ([{"type": "keep"}, {"type": "buy_success"}], "roll_hint_buy"),
])
def test_the_roll_hint_names_what_is_on_offer(options, hint):
    assert R.roll_hint(options) == hint
