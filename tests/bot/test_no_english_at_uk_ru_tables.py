"""Issue 21's "done when": a whole game played through SimCord at a uk table and at a ru table
(the guild's language set, every member's client in the same language) shows no English word in
any message, panel, DM or option (member names aside).

The detector: every run of two or more Latin letters left after removing what is not the bot's
words — mentions (<@id>), custom emoji, member names (the members here are given Cyrillic names,
so none needs allowing) and the allowlisted proper tokens: ``Keeper`` (the bot's name, kept in
every language by the catalogs' own rule). Whatever remains is reported with where it was seen.

Only The Thing is played here so far (Unfathomable and Eldritch Horror need their own drivers,
tests/bot/unfathomable_driver.py and test_eldritch_table.py's play(), which click English labels).
"""
from __future__ import annotations

import random
import re

import pytest
import simcord.interactions

from bot.i18n import t
from tests.bot.helpers import all_text, choose, option_components, panel_of, table_message, waiting_on

ALLOWED = {"Keeper"}
LATIN = re.compile(r"[A-Za-z]{2,}")
NOISE = re.compile(r"<@!?\d+>|<#\d+>|<a?:\w+:\d+>|https?://\S+")
NAMES = {"uk": ["Олена", "Богдан", "Ірина", "Тарас"], "ru": ["Ольга", "Борис", "Ирина", "Тимур"]}


def english_in(text: str, names) -> list[str]:
    text = NOISE.sub(" ", text or "")
    for name in names:
        text = text.replace(name, " ")
    return [w for w in LATIN.findall(text) if w not in ALLOWED]


def panel_text(panel) -> str:
    parts = [all_text(panel)]
    for row in panel.components or []:
        for item in row.get("components", []):
            parts += [item.get("label") or "", item.get("placeholder") or ""]
            parts += [f"{o.get('label', '')} {o.get('description', '')}" for o in item.get("options") or []]
    return "\n".join(parts)


def test_the_detector_finds_english_and_spares_names_mentions_and_the_bots_name():
    assert english_in("Game over: <@123> wins", []) == ["Game", "over", "wins"]
    assert english_in("Гру завершено: <@123>, Олена і Keeper 🎲", ["Олена"]) == []
    assert english_in("Ціль: Flamethrower", []) == ["Flamethrower"]


@pytest.fixture
def client_language(monkeypatch):
    """Every interaction arrives from a client in the language the test sets."""
    chosen = {"lang": "en-US"}
    original = simcord.interactions.base_payload

    def localized(*args, **kwargs):
        record, payload = original(*args, **kwargs)
        payload["locale"] = chosen["lang"]
        if "guild_locale" in payload:
            payload["guild_locale"] = chosen["lang"]
        return record, payload
    monkeypatch.setattr(simcord.interactions, "base_payload", localized)
    return chosen


@pytest.mark.parametrize("lang", ["uk", "ru"])
async def test_a_whole_game_of_the_thing_shows_no_english(simcord_env, client_language, lang):
    import discord
    env = simcord_env
    client_language["lang"] = lang
    await env.bot.tree.sync()
    guild = env.create_guild()
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    members = [guild.add_member(env.create_user(name), roles=[mods] if i == 0 else [])
               for i, name in enumerate(NAMES[lang])]
    channel = guild.create_text_channel("гра")
    await members[0].slash(channel, "settings language", language=lang)
    await members[0].slash(channel, "game new", kind="thing")
    lobby = channel.last_message
    for member in members[1:]:
        await member.click(lobby, label=t(lang, "lobby.join"))
    await members[0].click(lobby, label=t(lang, "lobby.start"))

    seen: dict[str, set[str]] = {}

    def check(where: str, text: str) -> None:
        for word in english_in(text, NAMES[lang]):
            seen.setdefault(word, set()).add(where)

    rng, by_id, clicks = random.Random(7), {m.id: m for m in members}, 0
    while clicks < 3000:
        waiting = waiting_on(table_message(channel))
        if not waiting:
            break
        member = by_id[rng.choice(waiting)]
        panel = panel_of(await member.click(table_message(channel), label=t(lang, "thing.table.hand_button")))
        check("panel", panel_text(panel))
        controls = [c for c in option_components(panel) if not c["custom_id"].startswith("keeper:free:")]
        control = rng.choice(controls)
        value = rng.choice(control["options"])["value"] if control["type"] == 3 else None
        check("panel", panel_text(panel_of(await choose(member, panel, control, value))))
        clicks += 1
    assert clicks and not waiting_on(table_message(channel)), "the game ended"
    # The log is grouped (one edited message per turn), so count its lines, not its messages.
    assert sum(all_text(m).count("\n") + 1 for m in channel.history()) > 30, "the whole game was logged"
    for message in channel.history():
        check("public", all_text(message))
        for row in message.components or []:
            for item in row.get("components", []) if isinstance(row, dict) else []:
                check("public control", item.get("label") or "")
    for member in members:
        for message in member.user.dm_channel.history():
            check("DM", all_text(message))
    assert not seen, "English at a {} table: {}".format(
        lang, "; ".join(f"{w} ({', '.join(sorted(p))})" for w, p in sorted(seen.items())))
