"""A Ukrainian and a Russian server admin and their members around the games (na18): /game status
says where the game stands in the game's own words, a skip's reply does not tell the admin that
Keeper played "instead of you", refusals say what is true and what to do next (a kicked or away
member's /game join, /gm skip of a member who decides nothing, a creator's /game abort of a running
game, /game away in a lobby), /settings answers in the admin's own language, and the slash
commands' descriptions say what /gm skip and the timeout's action do."""
from __future__ import annotations

import discord
import pytest

from bot.i18n import t
from tests.bot.helpers import fixed, panel_of
from tests.bot.test_no_english_at_uk_ru_tables import client_language  # noqa: F401 - a fixture

NAMES = {"uk": ["Олена", "Богдан", "Ірина", "Тарас", "Оксана"], "ru": ["Ольга", "Борис", "Ирина", "Тимур", "Светлана"]}
LANGS = pytest.mark.parametrize("lang", ["uk", "ru"])


async def server(env, client_language, lang: str):
    """A guild in ``lang`` (set by its admin, who plays no seat) and five members, every client in
    ``lang``: (guild, admin, members)."""
    client_language["lang"] = lang
    await env.bot.tree.sync()
    guild = env.create_guild()
    mods = guild.create_role("Модератори", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("Адмін"), roles=[mods])
    members = [guild.add_member(env.create_user(name)) for name in NAMES[lang]]
    await admin.slash(guild.create_text_channel("керування"), "settings language", language=lang)
    return guild, admin, members


async def running(env, guild, lang: str, kind: str, members, setup=None):
    """``members[0]`` opens ``kind``, the others join by the lobby's button, the creator starts
    (``setup``: a test builder's fixed deal, through the service)."""
    channel = guild.create_text_channel(f"стіл-{kind}")
    await members[0].slash(channel, "game new", kind=kind)
    lobby = channel.last_message
    for member in members[1:]:
        await member.click(lobby, label=t(lang, "lobby.join"))
    if setup is not None:
        await env.bot.service.set_setup((await env.bot.service.live_game(channel.id)).id, setup(members))
    await members[0].click(lobby, label=t(lang, "lobby.start"))
    assert (await env.bot.service.live_game(channel.id)).status == "active"
    return channel


@LANGS
async def test_status_says_where_the_game_stands_in_its_own_words(simcord_env, client_language, lang):
    """It read «хід Раунд 1 · Фаза дій» (Eldritch Horror's round and phase after the word for a
    turn) and «хід —» while Unfathomable's crew was being set up."""
    env = simcord_env
    guild, _admin, members = await server(env, client_language, lang)
    eldritch = await running(env, guild, lang, "eldritch", members[:2])
    text = panel_of(await members[4].slash(eldritch, "game status")).content
    turn = t(lang, "lobby.status_turn", turn="").strip()
    assert f"{turn} Раунд" not in text and ": Раунд " in text, text   # round 0 while investigators are chosen
    unfathomable = await running(env, guild, lang, "unfathomable", members[:3])
    text = panel_of(await members[4].slash(unfathomable, "game status")).content
    assert "—" not in text and f": {t(lang, 'lobby.status_setup')}." in text, text
    thing = await running(env, guild, lang, "thing", members[:4])
    text = panel_of(await members[4].slash(thing, "game status")).content
    assert f": {turn} 1." in text, text


@LANGS
async def test_a_skip_tells_the_admin_and_the_table_who_was_skipped_without_addressing_them(
        simcord_env, client_language, lang, monkeypatch):
    """The admin's reply (and the table's line) read «Keeper зіграв замість вас» / «сыграл за вас»:
    the admin was told Keeper had played for them."""
    env = simcord_env
    guild, admin, members = await server(env, client_language, lang)
    # a deal whose first decision is one member's (a random one may open with Round and Round,
    # which asks all four at once)
    monkeypatch.setattr("bot.service.secrets.randbits", lambda bits: 1)
    channel = await running(env, guild, lang, "thing", members[:4])
    game = await env.bot.service.live_game(channel.id)
    assert len(env.bot.service.prompts(game)) == 1
    waited = env.bot.service.prompts(game)[0]["player"]
    reply = panel_of(await admin.slash(channel, "gm skip")).content
    assert reply == t(lang, "admin.skip_keeper", players=f"<@{waited}>"), reply
    assert "вас" not in reply and f"<@{waited}>" in reply
    assert any(reply in (m.content or "") for m in channel.history())   # the table reads the same line


@LANGS
async def test_a_kicked_or_away_member_joining_is_told_how_their_seat_comes_back(simcord_env, client_language, lang):
    """/game join by a member an admin removed said «Ви вже в цій грі» / «Вы уже в этой игре»
    while Keeper played their seat."""
    env = simcord_env
    guild, admin, members = await server(env, client_language, lang)
    channel = await running(env, guild, lang, "thing", members[:4])
    await admin.slash(channel, "gm kick", member=members[1])
    reply = panel_of(await members[1].slash(channel, "game join"))
    assert reply.content == t(lang, "errors.kicked"), reply.content
    await members[2].slash(channel, "game away")
    reply = panel_of(await members[2].slash(channel, "game join"))
    assert reply.content == t(lang, "errors.away"), reply.content
    labels = [c.get("label") for row in reply.components for c in row.get("components", [])]
    assert t(lang, "panel.back") in labels


@LANGS
async def test_skipping_a_member_who_decides_nothing_says_so(simcord_env, client_language, lang):
    """/gm skip member: X, where X decides nothing now, said «Ніхто зараз не ухвалює рішення» /
    «Никто сейчас не принимает решение» while the game was waiting for another member."""
    env = simcord_env
    guild, admin, members = await server(env, client_language, lang)
    channel = await running(env, guild, lang, "thing", members[:4], setup=fixed)   # the first member plays
    game = await env.bot.service.live_game(channel.id)
    waited = {p["player"] for p in env.bot.service.prompts(game)}
    assert waited == {str(members[0].id)}
    idle = next(m for m in members[:4] if str(m.id) not in waited)
    reply = panel_of(await admin.slash(channel, "gm skip", member=idle)).content
    assert reply != t(lang, "errors.nothing_to_skip")
    assert reply == t(lang, "errors.skip_not_waited", player=f"<@{idle.id}>"), reply
    assert f"`/{t(lang, 'commands.names.game')} {t(lang, 'commands.names.game_status')}`" in reply


@LANGS
async def test_a_creator_calling_off_a_running_game_is_told_an_admin_ends_it(simcord_env, client_language, lang):
    """It said only that server admins may do that, not that a running game is ended by /gm reset."""
    env = simcord_env
    guild, _admin, members = await server(env, client_language, lang)
    channel = await running(env, guild, lang, "thing", members[:4])
    reply = panel_of(await members[0].slash(channel, "game abort")).content
    assert reply == t(lang, "errors.abort_running"), reply
    assert f"`/{t(lang, 'commands.names.gm')} {t(lang, 'commands.names.gm_reset')}`" in reply
    assert (await env.bot.service.live_game(channel.id)).status == "active"


@LANGS
async def test_stepping_away_in_a_lobby_points_at_leave(simcord_env, client_language, lang):
    """/game away in a lobby said «Ця гра зараз не йде» / «Эта игра сейчас не идёт»."""
    env = simcord_env
    guild, _admin, members = await server(env, client_language, lang)
    channel = guild.create_text_channel("набір")
    await members[0].slash(channel, "game new", kind="thing")
    reply = panel_of(await members[0].slash(channel, "game away")).content
    assert reply == t(lang, "errors.away_lobby"), reply
    assert f"**{t(lang, 'lobby.leave')}**" in reply


async def test_settings_answer_the_admin_in_their_own_language(simcord_env, client_language):
    """A Russian-speaking admin of a Ukrainian server was refused in Russian but told in Ukrainian
    what /settings admin_role, timeout and window had set."""
    env = simcord_env
    guild, admin, _members = await server(env, client_language, "uk")
    client_language["lang"] = "ru"
    control = guild.create_text_channel("налаштування")
    role = guild.create_role("Ведучі")
    reply = panel_of(await admin.slash(control, "settings timeout", minutes=21)).content
    assert reply == t("ru", "settings.timeout_set", minutes=21, action=t("ru", "settings.action_keeper")), reply
    reply = panel_of(await admin.slash(control, "settings window", seconds=5)).content
    assert reply == t("ru", "settings.window_set", seconds=5), reply
    reply = panel_of(await admin.slash(control, "settings admin_role", role=role)).content
    assert reply == t("ru", "settings.admin_role_set", role=role.mention), reply
    # the server's public language stays Ukrainian
    assert await env.bot.service.guild_language(guild.id) == "uk"


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_skip_and_timeout_descriptions_name_keeper(lang):
    """/gm skip was described as applying the default answer, and the timeout's `action` as the
    default or a reminder: Keeper plays for the member, which is the server's default."""
    assert "Keeper" in t(lang, "commands.gm_skip")
    action = t(lang, "commands.params.action")
    assert "Keeper" in action
    for choice in ("timeout_default", "timeout_off"):   # every choice of the option is named
        word = {"en": {"timeout_default": "default", "timeout_off": "remind"},
                "uk": {"timeout_default": "за замовчуванням", "timeout_off": "нагадування"},
                "ru": {"timeout_default": "по умолчанию", "timeout_off": "напоминание"}}[lang][choice]
        assert word in action, (lang, action)


async def test_admin_undo_and_skip_in_a_lobby_say_the_game_has_not_started(simcord_env):
    """«Ця гра зараз не йде» was true but did not say why: the game here is still gathering."""
    from tests.bot.helpers import admin_of, all_text, open_lobby, panel_of
    env = simcord_env
    guild, channel, members, lobby = await open_lobby(env, "thing", 4, channel_name="lobby-admin")
    admin = admin_of(env, guild)
    for command in ("gm undo", "gm skip"):
        said = all_text(panel_of(await admin.slash(channel, command)))
        assert "has not started yet" in said, (command, said)
