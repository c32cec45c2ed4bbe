"""`/rules` answers for the built-in games come from their content packs."""
import pytest

from bot.games import ui_for


@pytest.mark.parametrize("kind, query, lang, title", [
    ("thing", "Огнемёт", "ru", "Огнемёт"),
    ("thing", "flamethrower", "uk", "Вогнемет"),
    ("unfathomable", "каплиця", "uk", "каплиця"),
    ("unfathomable", "Captain's Cabin", "ru", "каюта капитана"),
    ("unfathomable", "shrivelling", "en", "Shrivelling"),
    ("eldritch", "arkham", "en", "Arkham"),
])
def test_a_pack_entry_is_found_by_any_of_its_names_and_titled_in_the_members_language(kind, query, lang, title):
    found = ui_for(kind).rules_lookup(query, lang)
    assert found and found[0][0] == title


def test_an_entry_answers_with_its_own_summary_and_its_abilities():
    title, text = ui_for("unfathomable").rules_lookup("keilani", "en")[0]
    assert title == "Keilani Tatupu" and "Experienced" in text and "lose 1 Sanity" in text


def test_autocomplete_offers_ids_that_look_up_exactly():
    ui = ui_for("unfathomable")
    choices = ui.rules_autocomplete("gal", "uk")
    assert ("камбуз", "galley") in choices
    assert ui.rules_lookup("galley", "uk")[0][0] == "камбуз"
    assert ui.rules_lookup("no such thing at all", "en") == []
