"""A table's life where not everyone is there (nx20), read at uk, ru and en tables through
SimCord: an admin's settings, a lobby started with Keeper players in the empty seats, a
latecomer, a member away and back, a member whose seat an admin hands on, Play again.
1 A started (or closed) lobby's message still read "Invite your friends to press **Join**" and
  "Press **Join** to take a seat" with its buttons gone: it now says the game started (its table
  below) or that the lobby closed.
2 A member whose seat an admin gave away (/gm replace) read "You left a seat of this game" (they
  had not: the admin had), and the table's button told them only "You are not playing"; at the
  end, Play again refused them as not having played this game."""
from __future__ import annotations

import pytest

from bot.i18n import t
from tests.bot.helpers import admin_of, all_text, open_lobby, panel_of, seat_table, table_message
from tests.bot.test_play_again import AGAIN, burnt_thing, final_table
from tests.bot.test_no_english_at_uk_ru_tables import client_language  # noqa: F401 - a fixture


def shown(channel, message):
    """``message`` as the channel shows it now (after Keeper's edits)."""
    return next(m for m in channel.history() if m.id == message.id)


def controls(message) -> list:
    return [c for row in message.components for c in row.children]


# ---------------------------------------------------------------- 1
async def test_a_lobby_started_with_keeper_players_no_longer_asks_to_press_join_uk(simcord_env):
    env = simcord_env
    channel, members, lobby = await seat_table(env, "uk", "thing", ["Олена", "Богдан"])
    refusal = panel_of(await members[0].click(lobby, label=t("uk", "lobby.start")))
    fill = next(c["custom_id"] for row in refusal.components for c in row["components"]
                if c.get("custom_id", "").startswith("keeper:fillstart:"))
    await members[0].click(refusal, custom_id=fill)
    assert (await env.bot.service.live_game(channel.id)).status == "active"
    now = shown(channel, lobby)
    text = all_text(now)
    assert not controls(now)
    assert "Приєднатися" not in text, text   # was: «Кличте друзів — хай натиснуть **Приєднатися**»
    assert now.content == "▶️ Гра почалася: її стіл — нижче."
    assert table_message(channel).id != now.id and channel.last_message.id == table_message(channel).id


async def test_a_lobby_started_by_game_start_says_so_en(simcord_env):
    env = simcord_env
    _, channel, members, lobby = await open_lobby(env, "thing", 4, channel_name="started")
    await members[0].slash(channel, "game start")
    now = shown(channel, lobby)
    assert now.content == "▶️ The game has started: its table is below."
    assert "Press **Join**" not in all_text(now) and not controls(now)


async def test_a_started_game_called_off_is_not_said_never_to_have_happened(simcord_env):
    """rv20c: an admin's /game abort of a running game redrew its lobby as «closed: the game did
    not take place»; it began (its table, below, says it was called off)."""
    env = simcord_env
    guild, channel, members, lobby = await open_lobby(env, "thing", 4, channel_name="called-off")
    await members[0].slash(channel, "game start")
    await admin_of(env, guild).slash(channel, "game abort")
    assert (await env.bot.service.last_game(channel.id)).status == "aborted"
    assert shown(channel, lobby).content == "▶️ The game has started: its table is below."


async def test_a_lobby_everyone_left_says_it_is_closed_ru(simcord_env):
    env = simcord_env
    channel, members, lobby = await seat_table(env, "ru", "unfathomable", ["Ольга", "Борис"])
    for member in members:
        await member.click(lobby, label=t("ru", "lobby.leave"))
    now = shown(channel, lobby)
    assert now.content == "⏹️ Этот набор закрыт: игра не состоялась."
    assert "Присоединиться" not in all_text(now) and not controls(now)


# ---------------------------------------------------------------- 2
async def test_a_member_whose_seat_an_admin_gave_away_is_told_so_uk(simcord_env, client_language):  # noqa: F811
    env = simcord_env
    client_language["lang"] = "uk"
    channel, members, lobby = await seat_table(env, "uk", "thing", ["Олена", "Богдан"], keepers=2)
    await members[0].click(lobby, label=t("uk", "lobby.start"))
    await members[0].slash(channel, "gm replace", old=members[1])
    said = "Ви більше не берете участі в цій грі: адмін віддав ваше місце іншому гравцю (`/адмін замінити`)"
    button = next(c.custom_id for c in controls(table_message(channel)) if c.custom_id.startswith("keeper:hand:"))
    pressed = panel_of(await members[1].click(table_message(channel), custom_id=button))
    assert all_text(pressed).startswith(said), all_text(pressed)   # was only «Ви не берете участі в цій грі.»
    joined = panel_of(await members[1].slash(channel, "game join"))
    assert all_text(joined).startswith(said), all_text(joined)    # was «Ви вже залишили місце в цій грі»


async def test_a_member_whose_seat_was_handed_on_may_play_again(simcord_env):
    """They played this game (until the admin's /gm replace): Play again seats them in the next
    lobby like the others (it said "Only the members who played this game can open the next one");
    opening it is left to its players."""
    from tests.bot.helpers import fixed
    env = simcord_env
    guild, channel, members, lobby = await open_lobby(env, "thing", 4, channel_name="again")
    game = await env.bot.service.live_game(channel.id)
    await env.bot.service.set_setup(game.id, fixed(members))
    await members[0].click(lobby, label="Start")
    admin = admin_of(env, guild)
    await admin.slash(channel, "gm replace", old=members[3])
    await burnt_thing(env, channel, members)
    table = final_table(channel)
    # they may not open it (rv20c: a member kicked, then handed on, opened the next lobby as its host)
    refused = all_text(panel_of(await members[3].click(table, label=AGAIN)))
    assert "An admin gave your seat in this game to another player" in refused, refused
    assert await env.bot.service.live_game(channel.id) is None
    opened = panel_of(await members[0].click(table, label=AGAIN))
    assert "lobby is open below" in all_text(opened)
    joined = panel_of(await members[3].click(table, label=AGAIN))
    assert "You joined the next game's lobby." in all_text(joined), all_text(joined)
    assert str(members[3].id) in (await env.bot.service.live_game(channel.id)).players
    # an onlooker who never sat there still may not
    onlooker = guild.add_member(env.create_user("onlooker"))
    assert "Only the members who played" in all_text(panel_of(await onlooker.click(table, label=AGAIN)))


# ---------------------------------------------------------------- 3
@pytest.mark.parametrize("how", ["kick", "away"])
async def test_a_response_window_does_not_name_a_member_keeper_plays_for_ru(simcord_env, client_language,  # noqa: F811
                                                                           monkeypatch, how):
    """"Игрок X исключён; дальше за него решения принимает Keeper" (or "X отходит: Keeper играет за
    его место"), and then every response window's "Ждём" named X ("⏳ X: ответить или спасовать"),
    as if the table waited for them. Keeper answers their seat whatever it holds, as a Keeper
    player's (whom a window never names): left out, the window tells nothing of who answered."""
    import random

    import bot.service
    from bot.seats import mention
    from tests.bot.unfathomable_driver import RULES, play_unfathomable, table_of
    env = simcord_env
    client_language["lang"] = "ru"
    channel, members, lobby = await seat_table(env, "ru", "unfathomable", ["Ольга", "Борис", "Вера"])
    monkeypatch.setattr(bot.service.secrets, "randbits", lambda bits: 57)
    await members[0].click(lobby, label=t("ru", "lobby.start"))
    gone = members[2]
    if how == "kick":
        await members[0].slash(channel, "gm kick", member=gone)
    else:
        await gone.slash(channel, "game away")

    def window_asks_the_gone_member(game) -> bool:
        return any(a["player"] == str(gone.id) for a in RULES.window_asked(game.state) or [])

    await play_unfathomable(env, channel, members[:2], random.Random(57), max_clicks=300,
                            stop=window_asks_the_gone_member)
    game = await env.bot.service.live_game(channel.id)
    assert window_asks_the_gone_member(game), "a window asked the member Keeper plays for"
    field = next(f for f in table_of(env, channel, game).embeds[0].fields
                 if f.name == t("ru", "unfathomable.table.waiting"))
    assert mention(str(gone.id)) not in field.value, field.value
    assert any(mention(str(m.id)) in field.value for m in members[:2]), field.value
