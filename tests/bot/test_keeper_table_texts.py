"""Issue 22's play-through at Keeper-player tables, four texts members read wrong: an
Unfathomable response window named the Keeper players among those it waited for; Eldritch
spell results that read "result at least 2:" with nothing after; the name of the panel command
(``/карти``, "cards"; ``/hand``) at an Eldritch table, whose button reads "Мої дослідники"; the
reply after a saved action whose panel failed ("press **My hand**", a button no Eldritch table
shows)."""
from __future__ import annotations

import re
import sys

import random

import discord
import pytest

from bot.games import ui_for
from bot.i18n import LANGUAGES, t
from bot.seats import is_keeper, is_member, keeper_name, mention
from tests.bot.helpers import all_text, panel_of, seat_table
from tests.bot.test_eldritch_table import open_panel
from tests.bot.test_effect_text import pack_nodes, writer
from tests.bot.test_no_english_at_uk_ru_tables import client_language  # noqa: F401 - a fixture

GAMES = ("thing", "unfathomable", "eldritch")
NAMES = {"en": ["Ann", "Bob"], "uk": ["Олена", "Богдан"], "ru": ["Ольга", "Борис"]}


async def table(env, lang: str, kind: str, members: int, keepers: int = 0, monkeypatch=None, seed: int | None = None):
    """A guild whose admin set ``/settings language`` to ``lang``; ``members`` members and
    ``keepers`` Keeper players (the lobby's button, by its label in ``lang``) at a table of
    ``kind``, started (``seed`` pins the game's seed). Returns (channel, members)."""
    channel, people, lobby = await seat_table(env, lang, kind, NAMES[lang][:members], keepers)
    if seed is not None:
        import bot.service
        monkeypatch.setattr(bot.service.secrets, "randbits", lambda bits: seed)
    await people[0].click(lobby, label=t(lang, "lobby.start"))
    return channel, people

# a colon followed by nothing: the end, or straight into the next piece's punctuation
NOTHING_AFTER_A_COLON = re.compile(r":\s*(?:[;,.)]|$)")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_eldritch_effect_text_says_something_after_each_colon(lang):
    """A spell's back lists what each casting result does; a result that does nothing more (the
    card's blank, "2+: no extra effect") read "result at least 2:" and stopped. Every generated
    text of the pack, and every result range on its own, says what follows its colon (and a
    range of one result names it once: "result 0", not "result at least 0 and at most 0")."""
    module = writer("eldritch")
    entries, _ = pack_nodes("eldritch")
    ranges = [r for entry in entries for r in getattr(entry, "outcomes", None) or []
              if type(r).__name__ == "Range"]
    assert any(not r.effect for r in ranges), "the pack has results that do nothing more"
    for entry in entries:
        text = module.entry_text(lang, entry)
        assert not NOTHING_AFTER_A_COLON.search(text), (lang, getattr(entry, "id", None), text)
    for result in ranges:
        text = module.WRITER.value(lang, "outcomes", [result])
        assert not NOTHING_AFTER_A_COLON.search(text), (lang, text)
        assert not re.search(r"(?<!\d)(\d+)–\1(?!\d)", text), (lang, text)   # "result 0", not "0–0"
        assert str(result.min) in text and (result.max is None or str(result.max) in text), (lang, text)


def words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.lower()))


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_panel_commands_name_fits_every_games_button(simcord_env, client_language, lang):  # noqa: F811
    """One command opens the member's panel in every game, and the lines name it beside the
    game's button ("press **Мої дослідники** or use `/карти`" at an Eldritch table; in English
    "press **My investigators** or type `/hand`"). Its name, as Discord shows a member of that
    language, is what the start message tells them to type, and is no word of one game's button
    that another game's button lacks (``карти``, ``hand`` are The Thing's, not Eldritch's): the
    panel is ``/panel``, ``/панель``, as the command's description calls it."""
    env = simcord_env
    client_language["lang"] = {"en": "en-US"}.get(lang, lang)
    channel, _ = await table(env, lang, "eldritch", 1)
    command = env.backend.commands[None][("panel", 1)]
    synced = command["name"] if lang == "en" else command["name_localizations"][lang]
    button = ui_for("eldritch").hand_button_label(lang)
    told = [line for message in channel.history() for line in all_text(message).splitlines()
            if f"**{button}**" in line and "`/" in line]
    assert told, "the start message says how to act"
    assert all(f"`/{synced}`" in line for line in told), (synced, told)
    buttons = [words(ui_for(kind).hand_button_label(lang)) for kind in GAMES]
    assert all(synced in b for b in buttons) or not any(synced in b for b in buttons), (synced, buttons)
    assert t(lang, "commands.names.panel") == synced
    described = command["description"] if lang == "en" else command["description_localizations"][lang]
    assert synced in words(described), (synced, described)


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_a_saved_action_whose_panel_failed_names_the_games_own_button(simcord_env, client_language,  # noqa: F811
                                                                             monkeypatch, lang):
    """The action stands, the panel showing it failed: the member is sent to the button their
    table shows (Eldritch's reads "My investigators"), never to **My hand**, which it lacks."""
    env = simcord_env
    client_language["lang"] = {"en": "en-US"}.get(lang, lang)
    channel, (member,) = await table(env, lang, "eldritch", 1)
    panel = await open_panel(member, channel)
    game = await env.bot.service.live_game(channel.id)
    played = len((await env.bot.service.record(game.id)).actions)
    play = sys.modules["cogs.play"]  # the loaded extension

    async def broken_panel(*args, **kwargs):
        raise discord.HTTPException(type("R", (), {"status": 500, "reason": "boom"})(), "reply failed")
    monkeypatch.setattr(play, "show_panel", broken_panel)
    control = next(c for row in panel.components for c in row.get("components", [])
                   if c.get("custom_id", "").startswith(("keeper:opt:", "keeper:sel:")))
    if control["type"] == 3:
        result = await member.select(panel, [control["options"][0]["value"]], custom_id=control["custom_id"])
    else:
        result = await member.click(panel, custom_id=control["custom_id"])
    text = panel_of(result).content
    assert len((await env.bot.service.record(game.id)).actions) > played, "the action was saved"
    assert text.startswith(t(lang, "errors.after_commit")), text
    assert f"**{ui_for('eldritch').hand_button_label(lang)}**" in text, text
    assert f"`/{t(lang, 'commands.names.panel')}`" in text, text
    for kind in ("thing", "unfathomable"):
        assert ui_for(kind).hand_button_label(lang) not in text, text


def waiting_field(table, lang: str) -> str:
    field = next(f for f in table.embeds[0].fields if f.name == t(lang, "unfathomable.table.waiting"))
    return field.value


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_a_response_window_names_the_members_it_asked_not_the_keeper_players(simcord_env, client_language,  # noqa: F811
                                                                                   monkeypatch, lang):
    """One member and two Keeper players: every window asked all three, and the table's
    "Waiting for" named the Keeper players too until it closed, though they answer the moment it
    opens; at this table it read as if Keeper made the member wait. A window still names every
    member it asked, answered or not (RULINGS C8: the table never sees who has answered), and no
    Keeper player: theirs is answered at once whatever they hold, so leaving it out tells nothing."""
    from tests.bot.unfathomable_driver import RULES, play_unfathomable, table_of
    env = simcord_env
    client_language["lang"] = {"en": "en-US"}.get(lang, lang)
    channel, (member,) = await table(env, lang, "unfathomable", 1, keepers=2, monkeypatch=monkeypatch, seed=57)

    def window_asks_a_keeper_and_the_member(game) -> bool:
        asked = [a["player"] for a in RULES.window_asked(game.state) or []]
        return any(is_keeper(p) for p in asked) and any(is_member(p) for p in asked)

    await play_unfathomable(env, channel, [member], random.Random(57), max_clicks=200,
                            stop=window_asks_a_keeper_and_the_member)
    game = await env.bot.service.live_game(channel.id)
    assert window_asks_a_keeper_and_the_member(game), "a window asked the member and a Keeper player"
    text = waiting_field(table_of(env, channel, game), lang)
    assert mention(str(member.id)) in text, text
    for seat in ("keeper-1", "keeper-2"):
        assert keeper_name(seat, lang) not in text, text


async def test_an_undo_takes_back_the_members_action_not_a_keeper_players_answer(simcord_env, client_language,  # noqa: F811
                                                                                  monkeypatch):
    """``/gm undo`` counts members' actions: a Keeper player's answer is made at once by the
    step before it (a window's pass, as it opens). Undo 1 took back only Keeper's pass: the
    window then waited for a Keeper player whom its wait never names, and nothing made Keeper
    answer until the member did (at Keeper's own turn, nothing at all until a deadline)."""
    from tests.bot.unfathomable_driver import RULES, play_unfathomable
    env = simcord_env
    client_language["lang"] = "en-US"
    channel, (member,) = await table(env, "en", "unfathomable", 1, keepers=2, monkeypatch=monkeypatch, seed=57)

    def window_asks_a_keeper_and_the_member(game) -> bool:
        asked = [a["player"] for a in RULES.window_asked(game.state) or []]
        return any(is_keeper(p) for p in asked) and any(is_member(p) for p in asked)

    await play_unfathomable(env, channel, [member], random.Random(57), max_clicks=200,
                            stop=window_asks_a_keeper_and_the_member)
    service = env.bot.service
    game = await service.live_game(channel.id)
    actions = (await service.record(game.id)).actions
    assert is_keeper(actions[-1]["player"]), "Keeper answered last"
    members_last = max(n for n, a in enumerate(actions) if is_member(a["player"]) and not a.get("auto"))
    await service.undo(game.id, 1, force=True)
    game = await service.live_game(channel.id)
    assert (await service.record(game.id)).actions == actions[:members_last], "the member's action is undone"
    assert not [p for p in service.prompts(game) if is_keeper(p["player"]) and p["kind"] == "window"]
