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


@pytest.mark.parametrize("kind", ["thing", "unfathomable", "eldritch"])
@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_every_name_answers_with_words_and_never_a_hidden_back(kind, lang):
    """Issue 20: `/rules` finds every name a member sees and never answers with an empty text;
    an entry with no summary of its own is described (a crisis by its options, a space by its
    paths) or says plainly that the rules give it no text."""
    from bot.games.lookup import PackIndex
    from bot.i18n import t
    from engine.registry import rules_for
    ui = ui_for(kind)
    index = PackIndex(rules_for(kind).pack)
    for entry_id, names, _text in index.entries:
        found = ui.rules_lookup(entry_id, lang)
        assert found, entry_id
        title, text = found[0]
        assert title and (text or t(lang, "rules.no_text")).strip(), entry_id
    if kind == "eldritch":
        pack = rules_for(kind).pack
        backs = [b for group in (pack.spells.spells, pack.conditions.conditions) for c in group for b in c.backs]
        assert backs
        entries = " ".join(f"{i} {n.en} {index.text(x, 'en')}" for i, n, x in index.entries)   # what it answers
        for back in backs:   # neither a back's id nor its text is ever indexed
            assert back.id not in {i for i, _, _ in index.entries}
            assert back.text.en not in entries
            assert not ui.rules_lookup(back.id, lang) or all(back.text.en not in x for _, x in ui.rules_lookup(back.id, lang))


@pytest.mark.parametrize("kind, query, lang, words", [
    ("eldritch", "Lore", "en", "dice"),          # a skill, found by its name
    ("eldritch", "Знання", "uk", "кубик"),
    ("eldritch", "istanbul", "en", "Paths from it"),
    ("unfathomable", "Incoming SOS", "en", "options"),   # a crisis by its options
    ("unfathomable", "influence", "en", "Skill cards of this type"),
])
def test_skills_crises_and_spaces_answer_with_their_own_words(kind, query, lang, words):
    found = ui_for(kind).rules_lookup(query, lang)
    assert found and words in found[0][1], found[:1]


def test_a_skill_check_crisis_names_its_check():
    title, text = ui_for("unfathomable").rules_lookup("Adrift Fishing Boat", "en")[0]
    assert "skill check" in text and "16" in text and "Influence" in text
