"""Wording of the Unfathomable and The Thing tables at uk/ru tables, checked against the
rulebooks' terms (the uk/ru play-test's findings): each case renders one message and compares
it with the rulebook's word, so a catalog that drifts back to the old wording fails."""
from __future__ import annotations

import pytest

from bot.i18n import t

UN = "unfathomable"


def test_the_feat_panel_says_zvytyaha_as_the_button_does():
    # uk rulebook: "карти звитяги"; the button already says "звитяга «…»"
    assert t("uk", f"{UN}.panel.feat", feat="Досконале число") == "Звитяга: Досконале число (раз за гру)"
    assert t("uk", f"{UN}.panel.no_feat") == "Звитягу використано."
    assert "Звитяга — один раз за гру" in t("uk", f"{UN}.panel.feat_confirm", ability="X")


def test_titles_are_posady_in_uk():
    # uk rulebook: "Гравець може мати дві посади: капітан ..."
    assert "Посади: Капітан" in t("uk", f"{UN}.event.setup_done", titles="Капітан", first_player="A")
    assert "Звання" not in t("uk", f"{UN}.event.title_vacant", title="Капітан")
