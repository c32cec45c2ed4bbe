"""The lobby: create a game in this channel, join/leave, options, start, status, abort."""
from __future__ import annotations

import contextlib
import math

import discord
from discord import app_commands

from bot.db import CORRUPT
from bot.i18n import t
from bot.seats import keepers, members, mention
from bot.service import ServiceError, kicked, may_take_keeper_seat, open_keeper_seats
from bot.interactions import AGAIN_TEMPLATE, again_button, back_view, select_int, cmd, options, KeeperCog, KeeperItem, after_commit, defer_private, desc, param, display_name, error_text, is_admin, reply, user_lang
from bot import operations
from bot.games import available, ui_for
from engine.registry import rules_for


def seat_line(game, player: str, lang: str) -> str:
    """A lobby's seat: the member (or Keeper player), the host marked as such."""
    host = f" {t(lang, 'lobby.host_mark')}" if player == str(game.creator_id) else ""
    return mention(player, lang) + host


def lobby_embed(game, lang: str) -> discord.Embed:
    rules = rules_for(game.kind)
    # "Press Join" only while Join is there: a started or closed lobby's message says so instead
    description = t(lang, "lobby.description", min=rules.min_players, max=rules.max_players) \
        if game.status == "lobby" else None
    embed = discord.Embed(title=t(lang, "lobby.title", kind=t(lang, f"kind.{game.kind}")),
                          description=description, colour=discord.Colour.blurple())
    embed.add_field(name=t(lang, "lobby.players", count=len(game.players)),
                    value="\n".join(seat_line(game, p, lang) for p in game.players) or "—", inline=False)
    if keepers(game.players):  # announced as such: seats an agent plays, from its own view only
        embed.add_field(name=t(lang, "lobby.keepers", count=len(keepers(game.players))),
                        value=t(lang, "lobby.keepers_note"), inline=False)
    lines = ui_for(game.kind).lobby_lines(game.options, lang)
    embed.add_field(name=t(lang, "lobby.options"), value="\n".join(lines) or t(lang, "lobby.no_options"),
                    inline=False)
    return embed


def lobby_message(game, lang: str) -> dict:
    """A lobby message's parts as it is redrawn: once the game has started or the lobby closed,
    its words ("Invite your friends to press **Join**") go with its buttons, and it says which."""
    parts = {"embed": lobby_embed(game, lang), "view": lobby_view(game, lang)}
    if game.status != "lobby":  # a game called off once started still began: its table says how it ended
        parts["content"] = t(lang, "lobby.gone_closed" if game.state is None else "lobby.gone_started")
    return parts


def lobby_nonce(game_id: int) -> str:
    """A lobby message's nonce (its game's: never a live table's, ``k<game>.<n>``)."""
    return f"L{game_id}"[:25]


def lobby_view(game, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if game.status != "lobby":
        return view
    for verb, style in (("join", discord.ButtonStyle.success), ("leave", discord.ButtonStyle.secondary),
                        ("start", discord.ButtonStyle.primary), ("abort", discord.ButtonStyle.danger)):
        view.add_item(LobbyButton(game.id, verb, label=t(lang, f"lobby.{verb}"), style=style))
    # a row of their own, under the seats' buttons; greyed out while they can do nothing (a full
    # table: a member who joins still takes a Keeper player's seat)
    idle = {"keeper_add": len(game.players) >= rules_for(game.kind).max_players,
            "keeper_remove": not keepers(game.players)}
    for verb in ("keeper_add", "keeper_remove"):
        view.add_item(LobbyButton(game.id, verb, label=t(lang, f"lobby.{verb}"), row=1, disabled=idle[verb]))
    ui = ui_for(game.kind)
    if getattr(ui, "LOBBY_FLAGS", None):
        view.add_item(LobbyOptions(game.id, game.kind, lang, ui.flags_from_options(game.options)))
    for option, (low, high) in getattr(ui, "LOBBY_NUMBERS", {}).items():
        for page in range(-(-(high - low + 2) // (NUMBERS_PER_SELECT + 1))):  # "default" + every value
            view.add_item(LobbyNumber(game.id, option, page, game.kind, lang, game.options.get(option)))
    return view


async def can_manage(interaction: discord.Interaction, game) -> bool:
    return interaction.user.id == game.creator_id or await is_admin(interaction)


async def options_change(interaction: discord.Interaction, game_id: int):
    """(bot, guild language, game) for a change of a lobby's options: Discord answered first,
    and only the creator or an admin may change them."""
    await operations.defer_update(interaction)
    bot = interaction.client
    lang = await bot.service.guild_language(interaction.guild_id)
    game = await bot.service.require(game_id)
    if not await can_manage(interaction, game):
        raise ServiceError("not_creator")
    return bot, lang, game


async def start_game(interaction: discord.Interaction, game_id: int) -> None:
    bot = interaction.client
    await bot.service.start(game_id)
    await bot.publisher.flush(game_id)  # never raises: the deal and the table are in the outbox


async def refresh_lobby(interaction: discord.Interaction, game_id: int) -> None:
    """Redraw the lobby message after a slash command changed the game: once it has started or
    ended, its Join/Leave/Start/Abort buttons and option menus go (best effort: a lost edit only
    leaves buttons that refuse)."""
    bot = interaction.client
    game = await bot.service.require(game_id)
    if game.lobby_message_id is None or interaction.channel is None:
        return
    lang = await bot.service.guild_language(game.guild_id)
    try:
        await operations.edit(interaction.channel, game.lobby_message_id, **lobby_message(game, lang))
    except (operations.Retry, operations.GiveUp):
        pass


class LobbyButton(KeeperItem, discord.ui.DynamicItem[discord.ui.Button],
                  template=r"keeper:lobby:(?P<game>[0-9]{1,18}):(?P<verb>join|leave|start|abort|keeper_add|keeper_remove)"):
    def __init__(self, game_id: int, verb: str, label: str | None = None,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary, row: int | None = None,
                 disabled: bool = False):
        super().__init__(discord.ui.Button(label=label or verb, style=style, row=row, disabled=disabled,
                                           custom_id=f"keeper:lobby:{game_id}:{verb}"))
        self.game_id, self.verb = game_id, verb

    async def run(self, interaction: discord.Interaction) -> None:
        # answer Discord first (a burst of joins or a busy database must not miss its 3 seconds);
        # every click re-checks the game's state and the member's rights
        await operations.defer_update(interaction)
        bot = interaction.client
        lang = await bot.service.guild_language(interaction.guild_id)
        game = await bot.service.require(self.game_id)
        if self.verb == "join":
            game = await bot.service.join(game.id, interaction.user.id, display_name(interaction))
        elif self.verb == "leave":
            game = await bot.service.leave(game.id, interaction.user.id)
            await bot.publisher.flush(game.id)   # a new host, or the lobby closed: told in the channel
        elif not await can_manage(interaction, game):
            raise ServiceError("not_creator")
        elif self.verb == "keeper_add":
            game = await bot.service.add_keeper(game.id, lang)
        elif self.verb == "keeper_remove":
            game = await bot.service.remove_keeper(game.id)
        elif self.verb == "abort":
            game = await bot.service.abort(game.id, lobby_only=True)
            await bot.publisher.flush(game.id)
        elif self.verb == "start":
            try:
                await start_game(interaction, game.id)
            except ServiceError as exc:
                if exc.code != "too_few_players" or not members(game.players):
                    raise
                await offer_keeper_seats(interaction, game, exc)
                return
            game = await bot.service.require(game.id)
        await after_commit(operations.edit_original(interaction, **lobby_message(game, lang)))


async def offer_keeper_seats(interaction: discord.Interaction, game, refusal: ServiceError) -> None:
    """Too few players to start: the refusal (to whoever pressed Start) offers to seat Keeper
    players in the empty seats and start in one click."""
    lang = user_lang(interaction)
    missing = rules_for(game.kind).min_players - len(game.players)
    view = discord.ui.View(timeout=None)
    view.add_item(FillAndStartButton(game.id, label=t(lang, "lobby.fill_and_start", count=missing)))
    await reply(interaction, error_text(lang, refusal), view=view)


class FillAndStartButton(KeeperItem, discord.ui.DynamicItem[discord.ui.Button],
                         template=r"keeper:fillstart:(?P<game>[0-9]{1,18})"):
    """Seat Keeper players in a lobby's empty seats (up to the fewest the game needs) and start."""

    def __init__(self, game_id: int, label: str = "…"):
        super().__init__(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.primary,
                                           custom_id=f"keeper:fillstart:{game_id}"))
        self.game_id = game_id

    async def run(self, interaction: discord.Interaction) -> None:
        await operations.defer_update(interaction)
        bot = interaction.client
        game = await bot.service.require(self.game_id)
        if not await can_manage(interaction, game):
            raise ServiceError("not_creator")
        if game.status != "lobby":
            raise ServiceError("not_in_lobby")
        seated_before = len(keepers(game.players))
        game = await bot.service.fill_with_keepers(game.id, await bot.service.guild_language(game.guild_id))
        await start_game(interaction, game.id)
        lang = user_lang(interaction)
        added = len(keepers(game.players)) - seated_before
        await after_commit(operations.edit_original(interaction, content=t(lang, "lobby.filled_and_started",
                                                                           count=added), view=None))
        await refresh_lobby(interaction, game.id)


class AgainButton(KeeperItem, discord.ui.DynamicItem[discord.ui.Button], template=AGAIN_TEMPLATE):
    """A finished game's "Play again": the first of its members to press it opens the next game's
    lobby in the channel (the same game and options, its Keeper players seated again, the other
    members pinged to join); each member who presses it after that joins that lobby."""

    def __init__(self, game_id: int, label: str = "…"):
        super().__init__(again_button(game_id, label))
        self.game_id = game_id

    async def run(self, interaction: discord.Interaction) -> None:
        await defer_private(interaction)
        bot = interaction.client
        ended = await bot.service.require(self.game_id)
        me = str(interaction.user.id)
        if ended.status == "active":
            raise ServiceError("again_running")   # an admin's undo reopened it
        # a member whose seat an admin handed on (``left``) played this game too: they may join
        # the next lobby, but not open it (the admin may have removed them before handing it on)
        admin = me not in ended.players and await is_admin(interaction)
        if ended.status != "finished" or (me not in ended.players and me not in ended.left and not admin):
            raise ServiceError("again_not_player")
        if kicked(ended, me):
            raise ServiceError("again_kicked")   # removed by an admin: no lobby of theirs from it
        lang, reply_lang = await bot.service.guild_language(interaction.guild_id), user_lang(interaction)
        live = await bot.service.live_game(interaction.channel_id)
        if live is None and me not in ended.players and not admin:
            raise ServiceError("again_seat_given_away")
        if live is None:
            try:
                game = await bot.service.create_lobby(interaction.guild_id, interaction.channel_id, ended.kind,
                                                      interaction.user.id, options=dict(ended.options),
                                                      creator_name=display_name(interaction))
            except ServiceError as exc:
                # another member's press opened the lobby a moment ago: join theirs
                live = await bot.service.live_game(interaction.channel_id) if exc.code == "channel_busy" else None
                if live is None:
                    raise
            else:
                await self._post_lobby(interaction, ended, game, lang)
                await after_commit(reply(interaction, t(reply_lang, "lobby.again_reply")))
                return
        if live.status == "lobby" and live.kind == ended.kind:
            await bot.service.join(live.id, interaction.user.id, display_name(interaction))
            await refresh_lobby(interaction, live.id)
            await after_commit(reply(interaction, t(reply_lang, "lobby.again_joined")))
            return
        if live.status == "active" and me not in live.players and may_take_keeper_seat(live, me):
            from cogs.play import keeper_seats_refusal   # the next game runs with Keeper players: take a seat
            raise keeper_seats_refusal(live)
        raise ServiceError("again_started" if live.status == "active" else "channel_busy")

    @staticmethod
    async def _post_lobby(interaction: discord.Interaction, ended, game, lang: str) -> None:
        """Seat the ended game's Keeper players in the new lobby and post it, pinging the other
        members once; a lobby nobody can see is discarded (it would block the channel)."""
        bot, me = interaction.client, str(interaction.user.id)
        posted = None
        try:
            for _ in keepers(ended.players):
                try:
                    game = await bot.service.add_keeper(game.id, lang)
                except ServiceError as exc:
                    if exc.code != "lobby_full":
                        raise
                    game = await bot.service.require(game.id)   # members joined meanwhile: their seats
                    break
            others = [p for p in members(ended.players) if p != me and p not in ended.autopilot]
            # a member who has left the server can neither see nor join it: left out of the line
            # (Discord would show an unknown mention) and not pinged
            here = await operations.in_guild(interaction.guild, others)
            others = [p for p in others if p in here]
            kind = t(lang, f"kind.{game.kind}")
            text = t(lang, "lobby.again_opened", player=mention(me), kind=kind) if not others else \
                t(lang, "lobby.again_opened_for", player=mention(me), kind=kind,
                  players=", ".join(mention(p) for p in others))
            # under a nonce: a post Discord created though its answer was lost is handed back
            # when posted again, not posted twice (an orphan lobby with live Join buttons)
            posted = await operations.post_once(interaction.channel, lobby_nonce(game.id),
                                                **{"content": text, **lobby_message(game, lang)},
                                                allowed_mentions=discord.AllowedMentions(
                                                    users=[discord.Object(int(p)) for p in others],
                                                    everyone=False, roles=False))
            await bot.service.set_table_message(game.id, posted.id, column="lobby_message_id")
        except Exception as exc:
            if posted is not None:   # posted, but its id not saved: its Join buttons would only refuse
                with contextlib.suppress(Exception):
                    await posted.delete()
            elif isinstance(exc, operations.Retry) and exc.unsure:   # it may stand all the same
                await take_down_lost_lobby(interaction.channel, game.id)
            await bot.service.discard_lobby(game.id)
            if isinstance(exc, (operations.Retry, operations.GiveUp)):   # Discord refused or is busy
                raise ServiceError("again_not_posted") from exc
            raise
        if (await bot.service.require(game.id)).players != game.players:
            await refresh_lobby(interaction, game.id)   # a member joined while it was being posted


LOST_LOBBY_LOOKBACK = 20   # the channel's last messages searched for a lobby post whose answer was lost


async def take_down_lost_lobby(channel, game_id: int) -> None:
    """Delete a lobby message Discord created though every answer to posting it was lost (its
    lobby is discarded: its Join buttons would only refuse). Best effort: Discord was failing."""
    prefix = f"keeper:lobby:{game_id}:"
    with contextlib.suppress(Exception):
        async for message in channel.history(limit=LOST_LOBBY_LOOKBACK):
            if any(str(getattr(item, "custom_id", None) or "").startswith(prefix)
                   for row in message.components for item in getattr(row, "children", ())):
                await message.delete()


class LobbyOptions(KeeperItem, discord.ui.DynamicItem[discord.ui.Select], template=r"keeper:lobbyopt:(?P<game>[0-9]{1,18})"):
    def __init__(self, game_id: int, kind: str | None = None, lang: str = "en", selected=()):
        ui = ui_for(kind) if kind else None
        options = [discord.SelectOption(label=ui.flag_label(flag, lang)[:100], value=flag, default=flag in selected)
                   for flag in ui.LOBBY_FLAGS] if ui else [discord.SelectOption(label="…", value="…")]
        super().__init__(discord.ui.Select(custom_id=f"keeper:lobbyopt:{game_id}", min_values=0,
                                           max_values=len(options), options=options,
                                           placeholder=t(lang, "lobby.options_placeholder")))
        self.game_id = game_id

    async def run(self, interaction: discord.Interaction) -> None:
        bot, lang, game = await options_change(interaction, self.game_id)
        values = (interaction.data or {}).get("values") or []
        options = ui_for(game.kind).options_from_flags(values, game.options)
        game = await bot.service.set_options(game.id, options)
        await after_commit(operations.edit_original(interaction, **lobby_message(game, lang)))


NUMBERS_PER_SELECT = 24  # Discord allows 25 options: "default" plus 24 values on the first page


class LobbyNumber(KeeperItem, discord.ui.DynamicItem[discord.ui.Select],
                  template=r"keeper:lobbynum:(?P<game>[0-9]{1,18}):(?P<option>[a-z_]+):(?P<page>[0-9]{1,18})"):
    """A numeric option (e.g. how many Infected! cards), every allowed value offered over as many
    selects as it takes (never cut)."""

    def __init__(self, game_id: int, option: str, page: int, kind: str | None = None, lang: str = "en",
                 current: int | None = None):
        choices = [discord.SelectOption(label="…", value="default")]
        placeholder = "…"
        if kind:
            ui = ui_for(kind)
            low, high = ui.LOBBY_NUMBERS[option]
            values = ["default"] + list(range(low, high + 1))
            chunk = values[page * (NUMBERS_PER_SELECT + 1):(page + 1) * (NUMBERS_PER_SELECT + 1)]
            choices = [discord.SelectOption(label=ui.number_label(option, None if v == "default" else v, lang)[:100],
                                            value=str(v), default=(v == "default" and current is None) or v == current)
                       for v in chunk]
            numbers = [v for v in chunk if v != "default"]
            pages = -(-(high - low + 2) // (NUMBERS_PER_SELECT + 1))
            span = f"{numbers[0]}–{numbers[-1]} · " if pages > 1 and numbers else ""  # which menu is which
            placeholder = (span + ui.number_label(option, current, lang))[:150]
        super().__init__(discord.ui.Select(custom_id=f"keeper:lobbynum:{game_id}:{option}:{page}",
                                           options=choices, placeholder=placeholder))
        self.game_id, self.option = game_id, option

    async def run(self, interaction: discord.Interaction) -> None:
        bot, lang, game = await options_change(interaction, self.game_id)
        if self.option not in ui_for(game.kind).LOBBY_NUMBERS:
            raise ServiceError("stale_button")   # an option renamed or gone since the menu was drawn
        low, high = ui_for(game.kind).LOBBY_NUMBERS[self.option]
        value = ((interaction.data or {}).get("values") or ["default"])[0]
        options = {k: v for k, v in game.options.items() if k != self.option}
        if value != "default":
            number = select_int(value)
            if number is None or not low <= number <= high:
                raise ServiceError("stale_button")
            options[self.option] = number
        game = await bot.service.set_options(game.id, options)
        await after_commit(operations.edit_original(interaction, **lobby_message(game, lang)))


class LobbyCog(KeeperCog):
    game = app_commands.Group(name=cmd("game"), description=desc("game"),
                              guild_only=True)

    def __init__(self, bot):
        self.bot = bot

    async def _channel_game(self, interaction: discord.Interaction):
        """This channel's live game (a lobby or a running game)."""
        game = await self.bot.service.live_game(interaction.channel_id)
        if game is None:
            raise ServiceError("no_game")
        return game

    async def _managed_game(self, interaction: discord.Interaction):
        """This channel's live game, if the member created it or is an admin."""
        game = await self.bot.service.live_game(interaction.channel_id)
        if game is None:
            raise ServiceError("no_game")
        if not await can_manage(interaction, game):
            raise ServiceError("not_creator")
        return game

    @game.command(name=cmd("new", "game"), description=desc("game_new"))
    @app_commands.describe(kind=param("kind"))
    @app_commands.rename(**options("kind"))
    async def new(self, interaction: discord.Interaction, kind: str) -> None:
        options: dict = {}
        if kind not in available():  # an engine without a Discord face is not offered
            raise ServiceError("unknown_kind", kind=kind)
        live = await self.bot.service.live_game(interaction.channel_id)
        if live is not None:   # said privately, before anything is shown
            # judged under the channel's lock (a Start may have just made the lobby a game): a
            # game refuses, a lobby is joined unless idle for LOBBY_IDLE
            await self.bot.service.close_idle_lobby(live.id, interaction.user.id)
        await operations.defer(interaction, ephemeral=False, thinking=True)  # the lobby replaces this
        if live is not None:
            await self.bot.publisher.flush(live.id)
            await refresh_lobby(interaction, live.id)   # its buttons go
        lang = await self.bot.service.guild_language(interaction.guild_id)
        game = await self.bot.service.create_lobby(interaction.guild_id, interaction.channel_id, kind,
                                                   interaction.user.id, options=options,
                                                   creator_name=display_name(interaction))
        try:
            await operations.edit_original(interaction, **{"content": t(lang, "lobby.created"), **lobby_message(game, lang)})
            lobby = await interaction.original_response()
            await self.bot.service.set_table_message(game.id, lobby.id, column="lobby_message_id")
        except Exception:
            # a lobby nobody can see must not block the channel
            await self.bot.service.discard_lobby(game.id)
            raise

    @new.autocomplete("kind")
    async def _kinds(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        lang = user_lang(interaction)
        return [app_commands.Choice(name=t(lang, f"kind.{kind}"), value=kind) for kind in available()
                if current.lower() in kind or current.lower() in t(lang, f"kind.{kind}").lower()][:25]

    @game.command(name=cmd("start", "game"), description=desc("game_start"))
    async def start(self, interaction: discord.Interaction) -> None:
        await defer_private(interaction)
        game = await self._managed_game(interaction)
        await start_game(interaction, game.id)
        await refresh_lobby(interaction, game.id)
        await after_commit(reply(interaction, t(user_lang(interaction), "lobby.started")))

    @game.command(name=cmd("abort", "game"), description=desc("game_abort"))
    async def abort(self, interaction: discord.Interaction) -> None:
        await defer_private(interaction)
        game = await self._managed_game(interaction)
        admin = await is_admin(interaction)
        if game.status != "lobby" and not admin:
            raise ServiceError("abort_running")  # a running game ends by an admin's /gm reset
        await self.bot.service.abort(game.id, lobby_only=not admin)
        await self.bot.publisher.flush(game.id)
        await refresh_lobby(interaction, game.id)
        await after_commit(reply(interaction, t(user_lang(interaction), "lobby.aborted")))

    @game.command(name=cmd("join", "game"), description=desc("game_join"))
    @app_commands.describe(seat=param("take_seat"))
    @app_commands.rename(**options("seat"))
    async def join(self, interaction: discord.Interaction, seat: str | None = None) -> None:
        """The lobby's Join; in a running game, a Keeper player's seat (``seat``, else the last seated)."""
        from cogs.play import take_seat
        await defer_private(interaction)
        game = await self._channel_game(interaction)
        if game.status == "lobby":
            await self.bot.service.join(game.id, interaction.user.id, display_name(interaction))
            await refresh_lobby(interaction, game.id)
            await after_commit(reply(interaction, t(user_lang(interaction), "lobby.joined_reply")))
            return
        await take_seat(interaction, game.id, seat)

    @join.autocomplete("seat")
    async def _keeper_seats(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        game = await self.bot.service.live_game(interaction.channel_id)
        lang = user_lang(interaction)
        seats = open_keeper_seats(game) if game is not None else []
        return [app_commands.Choice(name=mention(s, lang), value=s) for s in seats
                if current.lower() in mention(s, lang).lower()][:25]

    @game.command(name=cmd("away", "game"), description=desc("game_away"))
    async def away(self, interaction: discord.Interaction) -> None:
        await defer_private(interaction)
        game = await self._channel_game(interaction)
        game = await self.bot.service.step_away(game.id, interaction.user.id)
        await self.bot.publisher.flush(game.id)
        lang = user_lang(interaction)
        await after_commit(reply(interaction, t(lang, "lobby.away_reply"), view=back_view(game.id, lang)))

    @game.command(name=cmd("back", "game"), description=desc("game_back"))
    async def back(self, interaction: discord.Interaction) -> None:
        from cogs.play import come_back
        await defer_private(interaction)
        game = await self._channel_game(interaction)
        await come_back(interaction, game.id)

    @game.command(name=cmd("status", "game"), description=desc("game_status"))
    async def status(self, interaction: discord.Interaction) -> None:
        await defer_private(interaction)  # answer Discord first: the database may be slow
        lang = user_lang(interaction)
        game = await self.bot.service.live_game(interaction.channel_id)
        if game is None:
            last = await self.bot.service.last_game(interaction.channel_id)
            if last is None or last.status != "finished" or not isinstance(last.state, dict) or CORRUPT in last.state:
                await reply(interaction, t(lang, "lobby.status_none"))
                return
            # the final table, once more from here too (an archived game keeps only its result)
            summary = finished_summary(last, lang) if last.archived_at is None else \
                {"content": t(lang, "lobby.status_archived", kind=t(lang, f"kind.{last.kind}"))}
            me = str(interaction.user.id)
            if me in last.players and not kicked(last, me):
                view = discord.ui.View(timeout=None)
                view.add_item(again_button(last.id, t(lang, "lobby.again")))
                summary["view"] = view
            await reply(interaction, **summary)
            return
        kind = t(lang, f"kind.{game.kind}")
        if game.status == "lobby":
            text = t(lang, "lobby.status_lobby", kind=kind, players=", ".join(seat_line(game, p, lang) for p in game.players))
        else:
            prompts = self.bot.service.prompts(game)
            waiting = ", ".join(dict.fromkeys(mention(p["player"], lang) for p in prompts)) or "—"
            text = t(lang, "lobby.status_active", kind=kind, where=where_it_stands(game, lang), waiting=waiting)
            me = str(interaction.user.id)
            if me not in game.players and may_take_keeper_seat(game, me):
                from cogs.play import take_seat_view   # a member who plays no seat may take a Keeper player's
                await reply(interaction, "\n".join([text, t(lang, "lobby.status_seats")]),
                            view=take_seat_view(game, lang))
                return
        await reply(interaction, text)


def where_it_stands(game, lang: str) -> str:
    """The game's own status line: The Thing and Unfathomable give a bare turn number ("—" while
    the game is being set up), Eldritch Horror its round and phase, which read as they are."""
    try:
        line = ui_for(game.kind).status_line(game.state, lang)
    except Exception:  # noqa: BLE001 - a damaged state still gets an answer
        return "?"
    if line.isdigit():
        return t(lang, "lobby.status_turn", turn=line)
    return t(lang, "lobby.status_setup") if line in ("", "—") else line


def finished_summary(game, lang: str) -> dict:
    """The channel's last game, over: how it ended and in how many rounds, and its final table
    (who won and why, every role or loyalty revealed) on one screen."""
    rounds = math.ceil(rules_for(game.kind).outcome(game.state).get("rounds") or 0)
    text = t(lang, "lobby.status_finished", kind=t(lang, f"kind.{game.kind}"), rounds=rounds)
    return {"content": text, "embed": ui_for(game.kind).table_embed(game.state, game.names, lang)}


async def setup(bot) -> None:
    bot.add_dynamic_items(LobbyButton, LobbyOptions, LobbyNumber, FillAndStartButton, AgainButton)
    await bot.add_cog(LobbyCog(bot))
