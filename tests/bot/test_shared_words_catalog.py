"""The shared catalog (bot/locales/<lang>.yaml) says one thing with one word, and in uk/ru with the
words a member knows: Discord's own names for its things, no stray loanwords.

tests/bot/test_i18n.py checks the catalogs' shape (keys, placeholders, plural categories, no Latin
letters); these tests check the words chosen."""
from __future__ import annotations

import re

import pytest
import yaml

from bot.i18n import LOCALE_DIR, is_plural, t

TRANSLATIONS = ("uk", "ru")


def _shared(language: str) -> dict[str, str]:
    """Every text of the shared catalog (each plural form on its own), by dotted key."""
    out: dict[str, str] = {}

    def walk(node: dict, prefix: str) -> None:
        for key, value in node.items():
            full = f"{prefix}{key}"
            if is_plural(value):
                out.update({f"{full}.{form}": text for form, text in value.items() if form != "_plural_by"})
            elif isinstance(value, dict):
                walk(value, full + ".")
            else:
                out[full] = str(value)

    walk(yaml.safe_load((LOCALE_DIR / f"{language}.yaml").read_text(encoding="utf-8")), "")
    return out


# word (a regular expression) -> the word the catalog uses instead
AVOIDED = {
    "uk": {
        r"адміністратор": "«адмін», as every other admin message says",
        r"дедлайн": "«час на хід», as /settings timeout says",
        r"приватн\w* повідомлен": "«особисті повідомлення», Discord's uk name for DMs",
        r"\bлобі\b": "«набір у гру», as the lobby's other messages say",
    },
    "ru": {
        r"администратор": "«админ», as every other admin message says",
        r"дедлайн": "«время на ход», as /settings timeout says",
        r"\bлобби\b": "«набор в игру», as the lobby's other messages say",
        r"\bлог(е|а|и|ов)?\b": "«журнал», as the action log is called",
    },
}


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_no_second_word_for_a_thing_the_catalog_names_otherwise(language):
    found = {key: (word, instead) for key, text in _shared(language).items()
             for word, instead in AVOIDED[language].items() if re.search(word, text, re.IGNORECASE)}
    assert not found, f"{language}: {found}"


@pytest.mark.parametrize("language, dms, manage_server", [
    ("uk", "особисті повідомлення", "«Керувати сервером»"),
    ("ru", "личные сообщения", "«Управлять сервером»"),
], ids=TRANSLATIONS)
def test_discord_things_are_named_as_discords_own_interface_names_them(language, dms, manage_server):
    texts = _shared(language)
    for key in ("publish.news_pending", "publish.prompt_pending"):  # "your DMs are closed"
        assert dms in texts[key], f"{language}: {key}: {texts[key]!r}"
    for key in ("errors.not_admin", "errors.manage_server_only", "settings.admin_role_set",
                "settings.admin_role_cleared"):  # the Manage Server permission
        assert manage_server in texts[key], f"{language}: {key}: {texts[key]!r}"


# every message about "the default" (the answer a decision takes when nobody gives one)
DEFAULT_KEYS = ("admin.skip_done", "settings.action_default", "deadline.timed_out", "commands.gm_skip",
                "commands.params.action", "commands.choices.timeout_default")
DEFAULT_WORDS = {"en": "default", "uk": "відповідь за замовчуванням", "ru": "ответ по умолчанию"}


@pytest.mark.parametrize("language", ("en", *TRANSLATIONS))
def test_the_default_answer_has_one_name(language):
    texts = _shared(language)
    for key in DEFAULT_KEYS:
        assert DEFAULT_WORDS[language] in texts[key], f"{language}: {key}: {texts[key]!r}"
    # and no other name anywhere (once «типова відповідь», «варіант за замовчуванням», «вариант по умолчанию»)
    others = {"uk": r"типов|(?<!відповідь )за замовчуванням", "ru": r"(?<!ответ )по умолчанию"}.get(language)
    if others:
        stray = {key: text for key, text in texts.items() if re.search(others, text, re.IGNORECASE)}
        assert not stray, f"{language}: {stray}"


@pytest.mark.parametrize("language, ending", [("uk", "ити"), ("ru", "ить")], ids=TRANSLATIONS)
def test_a_kick_is_told_with_the_verb_of_its_command(language, ending):
    texts = _shared(language)
    stem = texts["commands.names.gm_kick"].removesuffix(ending)  # вилучити -> вилуч, исключить -> исключ
    for key in ("commands.gm_kick", "errors.kicked", "admin.kick_done", "admin.kick_lobby"):
        assert stem in texts[key].lower(), f"{language}: {key} should say {stem}…: {texts[key]!r}"


@pytest.mark.parametrize("language", ("en", *TRANSLATIONS))
def test_the_lobbys_game_options_are_not_called_like_the_settings_command(language):
    texts = _shared(language)
    assert texts["lobby.options"].casefold() != texts["commands.names.settings"].casefold(), \
        f"{language}: the lobby's options field reads as /{texts['commands.names.settings']}"


@pytest.mark.parametrize("language", ("en", *TRANSLATIONS))
def test_a_group_decision_is_named_as_the_game_catalogs_name_it(language):
    heading = t(language, "group.heading").removeprefix("🗳").strip()
    assert heading == t(language, "eldritch.panel.group")


@pytest.mark.parametrize("language", ("en", *TRANSLATIONS))
def test_slash_command_words_fit_discords_limits(language):
    """Discord refuses a sync whose command or option name is not 1-32 lower-case word characters,
    or whose description or choice name is longer than 100 characters (its API reference, Application
    Commands: "1-32 character name", "1-100 character description"); nothing checked the localized
    ones before a real sync."""
    texts = _shared(language)
    for key, text in texts.items():
        if key.startswith(("commands.names.", "commands.options.")):
            assert re.fullmatch(r"[-_\w]{1,32}", text) and text == text.lower(), f"{language}: {key}: {text!r}"
        elif key.startswith("commands."):  # descriptions, option descriptions, choice names
            assert 1 <= len(text) <= 100, f"{language}: {key} has {len(text)} characters"


@pytest.mark.parametrize("language", ("en", *TRANSLATIONS))
def test_a_kicked_members_seat_is_played_by_keeper_by_name(language):
    """Every other message says Keeper plays a seat (timeouts, /gm skip, the lobby's Keeper
    players); a kick said "the bot" for the same thing."""
    texts = _shared(language)
    for key in ("errors.kicked", "admin.kick_done"):
        assert "Keeper" in texts[key] and not re.search(r"\b(bot|бот)\b", texts[key]), f"{language}: {key}: {texts[key]!r}"
