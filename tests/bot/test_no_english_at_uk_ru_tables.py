"""Issue 21's "done when": a whole game of each game played through SimCord at a uk table and at
a ru table (the guild's language set by ``/settings language``, every member's client in the same
language) shows no English word in any message, panel, DM, option or picture label (member names
aside).

The detector: every run of two or more Latin letters left after removing what is not the bot's
words — mentions (<@id>), custom emoji, member names (the members here are given Cyrillic names,
so none needs allowing) and the allowlisted proper tokens: ``Keeper`` (the bot's name, kept in
every language by the catalogs' own rule). Whatever remains is reported with where it was seen.

What is read: every version of every message Keeper posts or edits (the public log is one
message per turn, edited as the turn goes on; panels are edited in place; DMs), with every
control's label, placeholder and every select option's label and description; and every string
the table pictures draw (Pillow's ``ImageDraw.text`` and the pictures' cached text,
``picture_kit.draw_text``, recorded while the game runs). The members
click only what they are shown, found by custom_id (the drivers never read an English label).
"""
from __future__ import annotations

import random
import re

import pytest
import simcord.interactions
from PIL import ImageDraw

from bot.i18n import t
from tests.bot.helpers import all_text, choose, option_components, panel_of, seat_table, table_message, waiting_on

ALLOWED = {"Keeper"}
LATIN = re.compile(r"[A-Za-z]{2,}")
NOISE = re.compile(r"<@!?\d+>|<#\d+>|<a?:\w+:\d+>|https?://\S+")
NAMES = {"uk": ["Олена", "Богдан", "Ірина", "Тарас", "Оксана", "Дмитро"],
         "ru": ["Ольга", "Борис", "Ирина", "Тимур", "Светлана", "Григорий"]}


def english_in(text: str, names) -> list[str]:
    text = NOISE.sub(" ", text or "")
    for name in names:
        text = text.replace(name, " ")
    return [w for w in LATIN.findall(text) if w not in ALLOWED]


def message_words(message) -> str:
    """Every word of a message as SimCord stores it: content, embeds (author, title, description,
    fields, footer) and every control's label, placeholder, options and their descriptions."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [(embed.get("author") or {}).get("name", ""), embed.get("title", ""), embed.get("description", "")]
        parts += [f"{f.get('name', '')} {f.get('value', '')}" for f in embed.get("fields", [])]
        parts.append((embed.get("footer") or {}).get("text", ""))

    def walk(items):
        for item in items:
            parts.extend(str(item.get(k) or "") for k in ("label", "placeholder", "content"))
            parts.extend(f"{o.get('label', '')} {o.get('description') or ''}" for o in item.get("options") or [])
            walk(item.get("components") or [])
    walk(message.components or [])
    return "\n".join(p for p in parts if p)


class EnglishWatch:
    """Records every English word Keeper shows at the table, with where it was seen: every version
    of every posted or edited message (public, ephemeral panel, DM) and every string a table
    picture draws."""

    def __init__(self, env, monkeypatch, lang: str):
        self.names = NAMES[lang]
        self.seen: dict[str, set[str]] = {}
        self.lines: dict[str, str] = {}  # a line each word was first seen in, to find its source
        self.counts = {"public": 0, "panel": 0, "DM": 0, "picture": 0}
        backend = env.backend
        commit, edit = backend.commit_message, backend.edit_message

        def commit_message(message, **kwargs):
            stored = commit(message, **kwargs)
            self.note_message(env, stored)
            return stored

        def edit_message(channel_id, message_id, fields):
            edited = edit(channel_id, message_id, fields)
            self.note_message(env, edited)
            return edited
        monkeypatch.setattr(backend, "commit_message", commit_message)
        monkeypatch.setattr(backend, "edit_message", edit_message)

        # a picture drawn before (another test, the palette) is not redrawn: start with empty caches
        from bot.games.picture_kit import DrawnCache
        for game in ("thing", "unfathomable", "eldritch"):
            module = __import__(f"bot.games.{game}.picture", fromlist=["_drawn"])
            if hasattr(module, "_palette"):
                module._palette()  # drawn once per process, in English: before the recording starts
            if hasattr(module, "_drawn"):
                monkeypatch.setattr(module, "_drawn", DrawnCache(module._drawn.size))
        draw_text = ImageDraw.ImageDraw.text

        def recorded_text(draw, xy, text, *args, **kwargs):
            self.check("picture", str(text))
            return draw_text(draw, xy, text, *args, **kwargs)
        monkeypatch.setattr(ImageDraw.ImageDraw, "text", recorded_text)
        import bot.games.picture_kit as kit  # the map and the ship draw their words through its cache
        draw_cached = kit.draw_text

        def recorded_cached(draw, xy, text, *args, **kwargs):
            self.check("picture", str(text))
            return draw_cached(draw, xy, text, *args, **kwargs)
        monkeypatch.setattr(kit, "draw_text", recorded_cached)

    def note_message(self, env, message) -> None:
        dms = set(env.backend.dm_channels.values())
        where = "panel" if message.is_ephemeral else ("DM" if message.channel_id in dms else "public")
        self.check(where, message_words(message))

    def check(self, where: str, text: str) -> None:
        self.counts[where] += 1
        for line in text.splitlines():
            for word in english_in(line, self.names):
                self.seen.setdefault(word, set()).add(where)
                self.lines.setdefault(word, line[:160])

    def report(self, lang: str) -> str:
        return "English at a {} table: {}".format(
            lang, "\n".join(f"{w} ({', '.join(sorted(p))}): {self.lines[w]}" for w, p in sorted(self.seen.items())))


def test_the_detector_finds_english_and_spares_names_mentions_and_the_bots_name():
    assert english_in("Game over: <@123> wins", []) == ["Game", "over", "wins"]
    assert english_in("Гру завершено: <@123>, Олена і Keeper 🎲", ["Олена"]) == []
    assert english_in("Ціль: Flamethrower", []) == ["Flamethrower"]


def test_every_part_of_a_stored_message_is_read():
    from types import SimpleNamespace
    message = SimpleNamespace(
        content="Хід", embeds=[{"author": {"name": "Author"}, "title": "Title", "description": "Text",
                                 "fields": [{"name": "Field", "value": "Value"}], "footer": {"text": "Footer"}}],
        components=[{"components": [{"label": "Button", "placeholder": "Placeholder",
                                     "options": [{"label": "Option", "description": "Description"}]}]}])
    assert sorted(english_in(message_words(message), [])) == sorted(
        ["Author", "Title", "Text", "Field", "Value", "Footer", "Button", "Placeholder", "Option", "Description"])


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


async def table_in(env, lang: str, kind: str, players: int, monkeypatch=None, seed: int | None = None,
                   setup: dict | None = None):
    """A guild whose admin set ``/settings language``, ``players`` members with Cyrillic names:
    the first opens ``/game new``, the others join by the button's label in ``lang``, the
    first starts. ``seed`` pins the game's seed, ``setup`` is a test builder's setup (through
    the service). Returns (channel, members)."""
    channel, members, lobby = await seat_table(env, lang, kind, NAMES[lang][:players], channel_name="гра")
    if setup is not None:
        game = await env.bot.service.live_game(channel.id)
        await env.bot.service.set_setup(game.id, setup)
    if seed is not None:
        import bot.service
        monkeypatch.setattr(bot.service.secrets, "randbits", lambda bits: seed)
    await members[0].click(lobby, label=t(lang, "lobby.start"))
    return channel, members


async def look_up(member, channel, kind: str, names: list[str]) -> None:
    """``/rules`` for each of ``names`` (in the table's language): the answers are read too."""
    for name in names:
        answer = panel_of(await member.slash(channel, "rules", query=name, kind=kind))
        assert name.lower() in all_text(answer).lower(), (name, all_text(answer)[:200])


def logged_lines(channel) -> int:
    """The public log's lines (it is grouped: one edited message per turn)."""
    return sum(all_text(m).count("\n") + 1 for m in channel.history())


@pytest.mark.parametrize("lang", ["uk", "ru"])
async def test_a_whole_game_of_the_thing_shows_no_english(simcord_env, client_language, monkeypatch, lang):
    env = simcord_env
    client_language["lang"] = lang
    watch = EnglishWatch(env, monkeypatch, lang)
    channel, members = await table_in(env, lang, "thing", 4, monkeypatch, seed=7)
    rng, by_id, clicks = random.Random(7), {m.id: m for m in members}, 0
    while clicks < 3000:
        waiting = waiting_on(table_message(channel))
        if not waiting:
            break
        member = by_id[rng.choice(waiting)]
        panel = panel_of(await member.click(table_message(channel), label=t(lang, "thing.table.hand_button")))
        controls = [c for c in option_components(panel) if not c["custom_id"].startswith("keeper:free:")]
        control = rng.choice(controls)
        value = rng.choice(control["options"])["value"] if control["type"] == 3 else None
        await choose(member, panel, control, value)
        clicks += 1
    assert clicks and not waiting_on(table_message(channel)), "the game ended"
    from bot.games.thing.render import card_name
    await look_up(members[0], channel, "thing", [card_name(lang, c) for c in ("flamethrower", "suspicion", "the_thing")])
    assert logged_lines(channel) > 30, "the whole game was logged"
    assert watch.counts["picture"] > 0 and watch.counts["panel"] > 0 and watch.counts["DM"] > 0
    assert not watch.seen, watch.report(lang)


@pytest.mark.parametrize("lang", ["uk", "ru"])
async def test_a_whole_game_of_unfathomable_shows_no_english(simcord_env, client_language, monkeypatch, lang):
    from tests.bot.helpers import current_game
    from tests.bot.unfathomable_driver import play_unfathomable
    env = simcord_env
    client_language["lang"] = lang
    watch = EnglishWatch(env, monkeypatch, lang)
    channel, members = await table_in(env, lang, "unfathomable", 3, monkeypatch, seed=35)
    stats = await play_unfathomable(env, channel, members, random.Random(35), max_clicks=600)
    game = await current_game(env, channel)
    assert game.status == "finished" and stats["contribute"] > 0, dict(stats)
    from bot.games.unfathomable.render import character
    await look_up(members[0], channel, "unfathomable",
                  [character(lang, ch) for ch in game.state["characters"].values()])
    assert stats["dm:contribute"] > 0 and stats["panel:contribute"] > 0, "answered from DMs and from panels"
    assert logged_lines(channel) > 30, "the whole game was logged"
    assert watch.counts["picture"] > 0 and watch.counts["DM"] > 0
    assert not watch.seen, watch.report(lang)


@pytest.mark.parametrize("lang,players", [("uk", 1), ("ru", 2)])
async def test_a_whole_game_of_eldritch_horror_shows_no_english(simcord_env, client_language, monkeypatch,
                                                                lang, players):
    from tests.bot.test_eldritch_table import MAX_CLICKS, mythos_deck, play
    env = simcord_env
    client_language["lang"] = lang
    watch = EnglishWatch(env, monkeypatch, lang)
    # a short mythos deck (the investigators lose when it runs out): a whole game in seconds
    channel, members = await table_in(env, lang, "eldritch", players, monkeypatch, seed=100 + players,
                                      setup={"mythos": mythos_deck()[:3]})
    clicks, seen = await play(env, channel, members, random.Random(players), max_clicks=MAX_CLICKS)
    game = await env.bot.service.last_game(channel.id)
    assert game.status == "finished" and game.state["result"]["reason"]
    from bot.games.eldritch.render import named
    await look_up(members[0], channel, "eldritch", [named(lang, "investigator", i) for i in game.state["order"]]
                  + [named(lang, "ancient_one", game.state["ao"])])
    assert {p["kind"] for p in seen} >= {"roll"}, "tests were rolled"
    assert logged_lines(channel) > 30, "the whole game was logged"
    assert watch.counts["picture"] > 0
    assert not watch.seen, watch.report(lang)
