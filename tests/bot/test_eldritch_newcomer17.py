"""Eldritch Horror as a newcomer reads it, round 17 (brief ne17): an investigator's action offered
by whose it is, not by what it does; the Mi-go Brain Case's trade; "holding an asset (Weapon)";
monsters to order or fight shown by name and place only; and what a first game's dump showed.

Each test reads the renderer's real text: the pack's own steps and cards, a game the engine plays
to the moment in question, or the events the engine emits."""
from __future__ import annotations

import random

import pytest

from bot.games.eldritch import render as R
from engine.registry import rules_for

RULES = rules_for("eldritch")
LANGUAGES = ("en", "uk", "ru")


# ---------------------------------------------------------------- 1. an ability by what it does
@pytest.mark.parametrize("lang, label, line", [
    ("en", "Use your ability: trade clues", "**Jacqueline Fine** uses their ability: trade clues."),
    ("uk", "Використати здібність: обмін доказами", "**Жаклін Файн** використовує свою здібність: обмін доказами."),
    ("ru", "Использовать способность: обмен уликами", "**Жаклин Файн** использует свою способность: обмен уликами.")])
def test_an_investigators_action_is_offered_by_what_it_does(lang, label, line):
    """«Использовать способность: Жаклин Файн» named whose, not what (her sheet: trade clues with
    one investigator anywhere); the table's line said only «uses their ability»."""
    assert R.option_label({"type": "component", "card": "jacqueline_fine"}, {}, {}, lang) == label
    ev = {"type": "action", "audience": "all", "action": "component", "inv": "jacqueline_fine",
          "card": "jacqueline_fine", "owner": "jacqueline_fine"}
    assert R.public_lines([ev], lang) == [line]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_investigators_action_has_a_short_name_that_fits_a_button(lang):
    """Every sheet action is named in the three languages, and its button stays under Discord's 80."""
    named = set()
    for inv in R._pack()["investigator"]:
        label = R.option_label({"type": "component", "card": inv}, {}, {}, lang)
        assert R.named(lang, "investigator", inv) not in label, label
        assert len(label) <= 80, label
        named.add(label)
    assert len(named) == len(R._pack()["investigator"])   # no two alike


# ---------------------------------------------------------------- 3. a Weapon asset
@pytest.mark.parametrize("lang, card, says", [
    ("en", "arrests_made_in_murder_case", "if holding a Weapon asset:"),
    ("en", "unexpected_betrayal", "For each investigator holding an Ally asset:"),
    ("uk", "arrests_made_in_murder_case", "якщо є актив з ознакою «Зброя»:"),
    ("ru", "unexpected_betrayal", "у которого есть актив «Союзник»:")])
def test_an_asset_of_a_trait_reads_as_the_card_says(lang, card, says):
    """en «holding an asset (Weapon)» (two mythos cards): the card says "a Weapon asset"."""
    text = R.text_of(lang, R._pack()["mythos"][card])
    assert says in text, text
    assert "asset (" not in text
