"""Translation catalogs: uk/ru mirror en key for key and placeholder for placeholder; `t` renders
and falls back to English; Discord locales map to catalog languages; every card is named in all
three languages. Plain pytest: no Discord connection, the real catalog files are only read."""
from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
import yaml

from bot import i18n
from bot.i18n import LANGUAGES, card_name, language_of, t

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "bot" / "locales"
CARDS = ROOT / "data" / "thing" / "cards.yaml"
TRANSLATIONS = ("uk", "ru")


def _load(language: str) -> dict:
    return yaml.safe_load((LOCALES / f"{language}.yaml").read_text(encoding="utf-8")) or {}


def _leaves(data: dict, prefix: str = ""):
    for key, value in data.items():
        if isinstance(value, dict):
            yield from _leaves(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value


def _flat(language: str) -> dict[str, str]:
    return dict(_leaves(_load(language)))


def _placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


@pytest.fixture(autouse=True)
def _fresh_catalogs():
    i18n.catalog.cache_clear()
    yield
    i18n.catalog.cache_clear()


def test_languages():
    assert LANGUAGES == ("en", "uk", "ru")
    for language in LANGUAGES:
        assert (LOCALES / f"{language}.yaml").is_file()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_leaf_is_a_string(language):
    bad = {key: value for key, value in _flat(language).items() if not isinstance(value, str)}
    assert not bad, f"{language}: non-string values (quote them): {bad}"


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_same_keys_as_english(language):
    en, other = set(_flat("en")), set(_flat(language))
    assert not en - other, f"{language}.yaml is missing: {sorted(en - other)}"
    assert not other - en, f"{language}.yaml has keys English does not: {sorted(other - en)}"
    # the loader the bot uses agrees
    assert set(i18n.catalog(language)) == set(i18n.catalog("en"))


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_same_placeholders_as_english(language):
    en, other = _flat("en"), _flat(language)
    wrong = {key: (sorted(_placeholders(en[key])), sorted(_placeholders(other[key])))
             for key in en.keys() & other.keys() if _placeholders(en[key]) != _placeholders(other[key])}
    assert not wrong, f"{language}: placeholders differ (en, {language}): {wrong}"


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_translated_and_well_formed(language):
    en, other = _flat("en"), _flat(language)
    for key, text in other.items():
        # empty exactly where English is empty (e.g. thing.event.turn_ended)
        assert bool(text) == bool(en[key]), f"{language}: {key} emptiness differs from English"
        # no English left behind: Latin letters only in commands, placeholders and the bot's name
        rest = re.sub(r"`[^`]*`|\{[^}]*\}|Keeper", "", text)
        assert not re.search(r"[A-Za-z]", rest), f"{language}: {key} looks untranslated: {text!r}"
        # Markdown and commands kept as in English
        assert text.count("**") == en[key].count("**"), f"{language}: {key} bold markers differ"
        assert re.findall(r"`[^`]*`", text) == re.findall(r"`[^`]*`", en[key]), f"{language}: {key} commands differ"


def test_table_field_names_match_test_helpers():
    # tests/bot/helpers.py finds the table's waiting field by these exact names
    assert _flat("en")["thing.table.waiting"] == "Waiting for"
    assert _flat("uk")["thing.table.waiting"] == "Хто ходить"
    assert _flat("ru")["thing.table.waiting"] == "Ждём"


def test_language_set_names_the_language():
    assert "English" in t("en", "settings.language_set")
    assert "українськ" in t("uk", "settings.language_set")
    assert "русск" in t("ru", "settings.language_set")


def test_role_names_match_rulebook_and_cards():
    assert [t("ru", f"role.{r}") for r in ("human", "thing", "infected")] == ["Человек", "Нечто", "Заражённый"]
    assert [t("uk", f"role.{r}") for r in ("human", "thing", "infected")] == ["Людина", "Щось", "Заражений"]
    assert t("ru", "role.thing") == card_name("ru", "thing", "the_thing")
    assert t("uk", "role.thing") == card_name("uk", "thing", "the_thing")


@pytest.mark.parametrize("language", LANGUAGES)
def test_t_renders_params(language):
    text = t(language, "thing.private.card_received", card="CARD", **{"from": "<@123>"})
    assert "CARD" in text and "<@123>" in text and "{" not in text
    text = t(language, "thing.event.card_played_target", player="<@1>", card="CARD", target="<@2>")
    assert "<@1>" in text and "<@2>" in text and "CARD" in text and "{" not in text
    assert t(language, "thing.table.title", turn=7).count("7") == 1
    # a missing parameter never breaks rendering
    assert "{count}" in t(language, "lobby.players", other=1)


def test_t_unknown_language_and_key():
    assert t("de", "errors.no_game") == t("en", "errors.no_game")
    assert t("uk", "no.such.key") == "no.such.key"


@pytest.mark.parametrize("locale, expected", [
    ("uk", "uk"), ("ru", "ru"), ("en-US", "en"), ("en-GB", "en"), ("de", "en"), ("", "en"), (None, "en"),
])
def test_language_of(locale, expected):
    assert language_of(locale) == expected


def test_language_of_discord_locale_objects():
    discord = pytest.importorskip("discord")
    assert language_of(discord.Locale.ukrainian) == "uk"
    assert language_of(discord.Locale.russian) == "ru"
    assert language_of(discord.Locale.american_english) == "en"
    assert language_of(discord.Locale.british_english) == "en"
    assert language_of(discord.Locale.german) == "en"


def test_every_card_is_named_in_all_languages():
    cards = yaml.safe_load(CARDS.read_text(encoding="utf-8"))["cards"]
    assert cards
    for entry in cards:
        names = entry["names"]
        for language in LANGUAGES:
            assert isinstance(names.get(language), str) and names[language].strip(), \
                f"card {entry['id']} has no {language} name"
            assert card_name(language, "thing", entry["id"]) == names[language]


def test_missing_key_falls_back_to_english(tmp_path, monkeypatch):
    (tmp_path / "en.yaml").write_text(
        "greeting: 'Hello, {player}!'\nonly_en:\n  nested: 'English only {card}'\nempty_uk: 'Filled'\n",
        encoding="utf-8")
    (tmp_path / "uk.yaml").write_text("greeting: 'Привіт, {player}!'\nempty_uk: ''\n", encoding="utf-8")
    (tmp_path / "ru.yaml").write_text("", encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.catalog.cache_clear()

    assert t("uk", "greeting", player="<@1>") == "Привіт, <@1>!"
    assert t("uk", "only_en.nested", card="Axe") == "English only Axe"
    assert not i18n.has("uk", "only_en.nested") and i18n.has("en", "only_en.nested")
    assert t("uk", "empty_uk") == "Filled"
    assert t("ru", "greeting", player="<@2>") == "Hello, <@2>!"
    assert t("ru", "nowhere") == "nowhere"


def test_real_catalog_fallback_with_monkeypatched_catalog(monkeypatch):
    real = i18n.catalog

    def without_one_key(language):
        data = dict(real(language))
        if language == "ru":
            data.pop("errors.no_game", None)
        return data

    monkeypatch.setattr(i18n, "catalog", without_one_key)
    assert t("ru", "errors.no_game") == real("en")["errors.no_game"]
    assert t("ru", "errors.not_live") == real("ru")["errors.not_live"]
