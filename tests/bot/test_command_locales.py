"""Slash commands in the member's language: Discord shows each member the names, descriptions,
option names and choices of their client's locale (uk, ru), from the payloads the translator
set on the tree fills; and a message that names a command names it in its own language."""
from __future__ import annotations

import re

import discord
import pytest

from bot.i18n import LANGUAGES, catalog

# Discord's rule for a localized command or option name (lower case where the script has case)
NAME = re.compile(r"^[-_\w]{1,32}$")


@pytest.fixture
async def payloads(simcord_bot):
    """Every global command's payload as the tree would sync it (with localizations)."""
    await simcord_bot.setup_hook()
    try:
        translator = simcord_bot.tree.translator
        assert translator is not None
        return [await command.get_translated_payload(simcord_bot.tree, translator)
                for command in simcord_bot.tree.get_commands()]
    finally:
        await simcord_bot.db_engine.dispose()


def _walk(payload: dict, path=()):
    """(path, node) for a command, its subcommands and their options."""
    here = (*path, payload["name"])
    yield here, payload
    for option in payload.get("options") or []:
        yield from _walk(option, here)


async def test_every_command_group_and_option_is_named_and_described_in_uk_and_ru(payloads):
    seen = 0
    for payload in payloads:
        for path, node in _walk(payload):
            seen += 1
            for locale in ("uk", "ru"):
                name = (node.get("name_localizations") or {}).get(locale)
                assert name, f"{' '.join(path)} has no {locale} name"
                assert NAME.match(name) and name == name.lower(), (path, name)
                assert re.search(r"[а-яіїєґё]", name), (path, name)      # Cyrillic, not the English word
                described = (node.get("description_localizations") or {}).get(locale)
                assert described and described != node["description"], (path, locale)
                for choice in node.get("choices") or []:
                    assert (choice.get("name_localizations") or {}).get(locale), (path, choice)
    assert seen > 30
    names = {p["name"] for p in payloads}
    assert {"game", "panel", "rules", "gm", "settings"} <= names


async def test_sibling_names_stay_distinct_in_every_language(payloads):
    for locale in ("uk", "ru"):
        def siblings(nodes):
            names = [(n.get("name_localizations") or {}).get(locale) for n in nodes]
            assert len(names) == len(set(names)), names
            for n in nodes:
                siblings([o for o in n.get("options") or [] if "name_localizations" in o])
        siblings(payloads)


async def test_the_translator_answers_only_uk_and_ru(payloads):
    for payload in payloads:
        for _, node in _walk(payload):
            assert set(node.get("name_localizations") or {}) <= {"uk", "ru"}


def _command_paths(lang: str) -> set[str]:
    names = {k.split(".", 2)[2]: v for k, v in catalog(lang).items() if k.startswith("commands.names.")}
    paths = set()
    for key, name in names.items():
        group, _, sub = key.partition("_")      # game_new: the subcommand new of /game
        paths.add(f"/{names[group]} {name}" if sub and group in names else f"/{name}")
    return paths


def test_messages_name_commands_in_their_own_language():
    """`/panel` in an English message is `/панель` in a Ukrainian one: every command a message
    names is a command path of that message's language, and uk/ru messages name none in English."""
    english = _command_paths("en")
    for lang in LANGUAGES:
        paths = _command_paths(lang)
        named = 0
        for key, message in catalog(lang).items():
            for form in (message.values() if isinstance(message, dict) else [message]):
                for mention in re.findall(r"`(/[^`]+)`", form):
                    named += 1
                    assert mention in paths, (lang, key, mention)
                    if lang != "en":
                        assert mention not in english, (lang, key, mention)
        assert named >= 5


async def test_the_catalogs_command_keys_are_exactly_those_the_command_tree_asks_for(simcord_bot, monkeypatch):
    """A ``commands.*`` message no command, option or choice asks the translator for (nor a lobby's
    number menu, which names its option as the command parameter) is stale (a removed command's
    name left behind); one the commands ask for and no catalog has would sync English."""
    from importlib import import_module

    from bot.games import ui_for
    from bot.interactions import CatalogTranslator
    asked: set[str] = set()
    for kind in ("thing", "unfathomable", "eldritch"):
        ui = ui_for(kind)
        module = import_module(ui.number_label.__module__) if hasattr(ui, "number_label") else None
        for option, (low, _) in getattr(ui, "LOBBY_NUMBERS", {}).items():
            said = module.t

            def noting(lang, key, **params):
                if key.startswith("commands."):
                    asked.add(key)
                return said(lang, key, **params)
            monkeypatch.setattr(module, "t", noting)
            for value in (None, low):
                ui.number_label(option, value, "en")
            monkeypatch.setattr(module, "t", said)
    translate = CatalogTranslator.translate

    async def recording(self, string, locale, context):
        if string.extras.get("key"):
            asked.add(string.extras["key"])
        return await translate(self, string, locale, context)
    monkeypatch.setattr(CatalogTranslator, "translate", recording)
    await simcord_bot.setup_hook()
    try:
        for command in simcord_bot.tree.get_commands():
            await command.get_translated_payload(simcord_bot.tree, simcord_bot.tree.translator)
    finally:
        await simcord_bot.db_engine.dispose()
    assert len(asked) > 30
    for lang in LANGUAGES:
        keys = {k for k in catalog(lang) if k.startswith("commands.")}
        assert keys - asked == set(), f"{lang}: catalog keys no command uses"
        assert asked - keys == set(), f"{lang}: keys the commands ask for that the catalog lacks"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_command_discord_still_offers_under_an_old_name_is_answered_with_the_panels_name(lang):
    """/hand became /panel: until the owner syncs the commands again (README: a deliberate
    `python -m bot sync`, and then Discord's own delay), members are still offered /hand, which
    the tree no longer has (discord.py's CommandNotFound). They are told so, and where their
    panel is, not that Keeper failed."""
    from discord import app_commands

    from bot.i18n import t
    from bot.interactions import error_text
    text = error_text(lang, app_commands.CommandNotFound("hand", []))
    assert text != t(lang, "errors.internal")
    assert f"`/{t(lang, 'commands.names.panel')}`" in text
