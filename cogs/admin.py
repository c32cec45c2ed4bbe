"""Admin tools (`/gm …`): undo, repair, reset, kick, replace, skip, export, resume. Checked at run
time: Manage Server permission or the guild's Keeper admin role. A game whose channel is deleted
is paused here (and by the publisher, on Unknown Channel) until `/gm resume` in another channel."""
from __future__ import annotations

import io
import json

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t
from bot.seats import is_keeper, keepers, mention
from bot.service import ServiceError
from bot.interactions import cmd, options, KeeperCog, after_commit, desc, param, defer_private, is_admin, reply, user_lang


class AdminCog(KeeperCog):
    gm = app_commands.Group(name=cmd("gm"), description=desc("gm"), guild_only=True)

    def __init__(self, bot):
        self.bot = bot

    async def _game(self, interaction: discord.Interaction):
        if not await is_admin(interaction):
            raise ServiceError("not_admin")
        game = await self.bot.service.live_game(interaction.channel_id)
        if game is None:
            game = await self.bot.service.last_game(interaction.channel_id)
        if game is None:
            raise ServiceError("no_game")
        return game

    async def _done(self, interaction: discord.Interaction, game_id: int, key: str, **params) -> None:
        """After the change is saved: deliver its announcements, then confirm privately."""
        await self.bot.publisher.flush(game_id)  # never raises: what fails stays queued
        if (await self.bot.service.require(game_id)).status == "lobby":
            # a kick or replace in a lobby: its seats and greyed-out buttons are drawn again
            from cogs.lobby import refresh_lobby
            await refresh_lobby(interaction, game_id)
        await after_commit(reply(interaction, t(user_lang(interaction), key, **params)))

    @gm.command(name=cmd("undo", "gm"), description=desc("gm_undo"))
    @app_commands.describe(count=param("count"), force=param("force"))
    @app_commands.rename(**options("count", "force"))
    async def undo(self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 50] = 1,
                   force: bool = False) -> None:
        await defer_private(interaction)
        game = await self._game(interaction)
        await self.bot.service.undo(game.id, count, force)
        await self._done(interaction, game.id, "admin.undo_done", count=count)

    @gm.command(name=cmd("repair", "gm"), description=desc("gm_repair"))
    async def repair(self, interaction: discord.Interaction) -> None:
        await defer_private(interaction)
        game = await self._game(interaction)
        await self.bot.service.repair(game.id)
        await self._done(interaction, game.id, "admin.repair_done", count=len(await self.bot.service.actions(game.id)))

    @gm.command(name=cmd("reset", "gm"), description=desc("gm_reset"))
    async def reset(self, interaction: discord.Interaction) -> None:
        await defer_private(interaction)
        game = await self._game(interaction)
        await self.bot.service.reset(game.id)
        await self._done(interaction, game.id, "admin.reset_done")

    # members are taken as users: a member who left the server can still be named (by id)
    @gm.command(name=cmd("kick", "gm"), description=desc("gm_kick"))
    @app_commands.describe(member=param("member"))
    @app_commands.rename(**options("member"))
    async def kick(self, interaction: discord.Interaction, member: discord.User) -> None:
        await defer_private(interaction)
        game = await self._game(interaction)
        outcome = await self.bot.service.kick(game.id, member.id)
        done = "admin.kick_lobby" if outcome.game.status == "lobby" else "admin.kick_done"
        await self._done(interaction, game.id, done, player=member.mention)

    @gm.command(name=cmd("replace", "gm"), description=desc("gm_replace"))
    @app_commands.describe(old=param("old"), new=param("new"), seat=param("seat"))
    @app_commands.rename(**options("old", "new", "seat"))
    async def replace(self, interaction: discord.Interaction, old: discord.User | None = None,
                      new: discord.Member | None = None, seat: str | None = None) -> None:
        """A member's seat (``old``) to member ``new`` or, without ``new``, to a Keeper player; a
        Keeper player's seat (``seat``) back to member ``new``."""
        await defer_private(interaction)
        game = await self._game(interaction)
        if (old is None) == (seat is None) or (seat is not None and (new is None or not is_keeper(seat))):
            raise ServiceError("replace_what")
        leaving, seated = str(old.id) if old is not None else seat, set(game.players)
        game = await self.bot.service.replace(game.id, leaving, new.id if new else None,
                                              new.display_name if new else None)
        lang = user_lang(interaction)
        if new is not None and leaving == str(new.id):   # a removed member's own seat back
            await self._done(interaction, game.id, "admin.seat_back", player=mention(leaving, lang))
            return
        taker = next((p for p in game.players if p not in seated), None)
        await self._done(interaction, game.id, "admin.replace_done", old=mention(leaving, lang),
                         new=mention(taker, lang))

    @replace.autocomplete("seat")
    async def _keeper_seats(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        game = await self.bot.service.live_game(interaction.channel_id)
        lang = user_lang(interaction)
        seats = keepers(game.players) if game is not None else []
        return [app_commands.Choice(name=mention(s, lang), value=s) for s in seats
                if current.lower() in mention(s, lang).lower()][:25]

    @gm.command(name=cmd("skip", "gm"), description=desc("gm_skip"))
    @app_commands.describe(member=param("member"))
    @app_commands.rename(**options("member"))
    async def skip(self, interaction: discord.Interaction, member: discord.User | None = None) -> None:
        await defer_private(interaction)
        game = await self._game(interaction)
        outcome = await self.bot.service.skip(game.id, member.id if member else None)
        skipped = [str(member.id)] if outcome.notice == "admin.skip_proposal" else outcome.named
        players = ", ".join(dict.fromkeys(mention(player, user_lang(interaction)) for player in skipped))
        await self._done(interaction, game.id, outcome.notice, players=players)  # as the table read it

    @gm.command(name=cmd("resume", "gm"), description=desc("gm_resume"))
    @app_commands.describe(game=param("game"))
    @app_commands.rename(**options("game"))
    async def resume(self, interaction: discord.Interaction, game: int | None = None) -> None:
        """Continue a game paused because its channel was deleted, in this channel."""
        await defer_private(interaction)
        if not await is_admin(interaction):
            raise ServiceError("not_admin")
        if game is None:
            paused = await self.bot.service.paused_games(interaction.guild_id)
            if not paused:
                raise ServiceError("no_paused_game")
            if len(paused) > 1:
                raise ServiceError("which_paused_game", games=", ".join(f"`{g.id}`" for g in paused))
            game = paused[0].id
        await self.bot.service.resume(game, interaction.guild_id, interaction.channel_id)
        await self._done(interaction, game, "admin.resume_done", game=game)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel) -> None:
        await self.bot.publisher.channel_gone(channel.guild.id, channel.id, getattr(channel, "name", None))

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload) -> None:
        await self.bot.publisher.channel_gone(payload.guild_id, payload.thread_id)

    @gm.command(name=cmd("export", "gm"), description=desc("gm_export"))
    async def export(self, interaction: discord.Interaction) -> None:
        await defer_private(interaction)
        game = await self._game(interaction)
        record = await self.bot.service.export(game.id, interaction.user.id)  # saved: the exporter is barred
        data = json.dumps(record.to_dict(), ensure_ascii=False, indent=1).encode()
        await after_commit(reply(interaction, t(user_lang(interaction), "admin.export_done"),
                                 file=discord.File(io.BytesIO(data), filename=f"keeper-game-{game.id}.json")))


async def setup(bot) -> None:
    await bot.add_cog(AdminCog(bot))
