"""What an admin and a member are told is true of what happened (nf11's newcomer read): a lobby
kick is a lobby kick, a skip names whom the table's line names, Leave by someone not in the lobby
speaks to them, /panel in a lobby says the game has not started."""
from __future__ import annotations

from tests.bot.helpers import admin_of, open_lobby, panel_of


async def test_a_kick_in_a_lobby_is_told_as_one(simcord_env):
    env = simcord_env
    guild, channel, members, _lobby = await open_lobby(env, "thing", 4)
    reply = panel_of(await admin_of(env, guild).slash(channel, "gm kick", member=members[2]))
    assert "removed from the lobby" in reply.content and "Keeper makes their decisions" not in reply.content


async def test_a_skip_names_only_the_members_it_answered_for(simcord_env):
    """The reply listed every player of every move the skip's step applied, Keeper players' and
    the next members' too, while the table's line named only the skipped member."""
    from bot.i18n import t
    from tests.bot.helpers import seat_table
    env = simcord_env
    channel, (ann, bob), lobby = await seat_table(env, "en", "thing", ["Ann", "Bob"], keepers=2)
    await ann.click(lobby, label=t("en", "lobby.start"))
    service = env.bot.service
    game = await service.live_game(channel.id)
    for _ in range(12):  # skip the members' decisions until a skip carries others' moves along
        game = await service.get(game.id)
        waited = {p["player"] for p in service.prompts(game)}
        before = len(await service.actions(game.id))
        reply = panel_of(await ann.slash(channel, "gm skip"))
        moved = {str(r.action["player"]) for r in (await service.actions(game.id))[before:]} - waited
        for player in waited:
            assert f"<@{player}>" in reply.content or player.startswith("keeper"), reply.content
        for player in moved:  # what followed (a Keeper player's move, another's draw) is no skip of theirs
            assert f"<@{player}>" not in reply.content and "Keeper 1" not in reply.content, reply.content
        if moved:
            return
    raise AssertionError("no skip carried another player's move along")


async def test_leave_pressed_by_someone_not_in_the_lobby_speaks_to_them(simcord_env):
    env = simcord_env
    guild, channel, _members, lobby = await open_lobby(env, "thing", 4)
    stranger = guild.add_member(env.create_user("stranger"))
    reply = panel_of(await stranger.click(lobby, label="Leave"))
    assert reply.ephemeral and "You are not in this game" in reply.content


async def test_panel_in_a_lobby_says_the_game_has_not_started(simcord_env):
    env = simcord_env
    _guild, channel, members, _lobby = await open_lobby(env, "thing", 4)
    reply = panel_of(await members[1].slash(channel, "panel"))
    assert "has not started yet" in reply.content and "**Join**" in reply.content


async def test_a_member_given_a_seat_is_pinged_by_the_line_that_says_so(simcord_env):
    """nf11: "@new takes the seat of @old" was added to the live message by an edit, which
    notifies nobody: the member seated by /gm replace never learned they were playing."""
    from tests.bot.helpers import new_game
    env = simcord_env
    guild = env.create_guild()
    admin = admin_of(env, guild)
    _, channel, members = await new_game(env, 4, guild=guild)
    newcomer = guild.add_member(env.create_user("newcomer"))
    await admin.slash(channel, "gm replace", old=members[3], new=newcomer)
    told = next(m for m in reversed(channel.history()) if "takes the seat" in (m.content or ""))
    assert newcomer.id in env.backend.get_message(channel.id, told.id).ping_user_ids
    assert members[3].id not in env.backend.get_message(channel.id, told.id).ping_user_ids


async def test_a_reset_table_waits_for_nobody(simcord_env):
    """nf11: after /gm reset the last table still said "Waiting for @X (play or discard)"."""
    from tests.bot.helpers import new_game, table_message
    env = simcord_env
    guild = env.create_guild()
    admin = admin_of(env, guild)
    _, channel, _members = await new_game(env, 4, guild=guild)
    assert any(f.name == "Waiting for" for f in table_message(channel).embeds[0].fields)
    await admin.slash(channel, "gm reset")
    tables = [m for m in channel.history() if m.embeds]
    assert tables and not any(f.name == "Waiting for" for m in tables for f in m.embeds[0].fields)
