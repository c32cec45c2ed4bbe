"""Shared helpers for the cogs' interactions: languages, admin checks, replies, error replies."""
from __future__ import annotations

import re

import contextlib
import functools
import hashlib
import json
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot import operations
from bot.games import ui_for
from bot.i18n import catalog, language_of, t
from bot.seats import plain  # noqa: F401 - the controls' labels use it from here
from bot.service import ServiceError
from engine.core.errors import RuleError

log = logging.getLogger("keeper")



# The table's "My hand / act" button: built here (the publisher puts it on the table message),
# dispatched by the play cog's DynamicItem with the same template.
HAND_TEMPLATE = r"keeper:hand:(?P<game>[0-9]{1,18})"


def hand_button(game_id: int, label: str) -> discord.ui.Button:
    return discord.ui.Button(label=label, style=discord.ButtonStyle.primary, emoji="🂠",
                             custom_id=f"keeper:hand:{game_id}")


# "Back to my seat" for a member away (/game away): dispatched by the play cog's BackButton.
BACK_TEMPLATE = r"keeper:back:(?P<game>[0-9]{1,18})"


def back_button(game_id: int, label: str) -> discord.ui.Button:
    return discord.ui.Button(label=label[:80], style=discord.ButtonStyle.primary, custom_id=f"keeper:back:{game_id}")


def back_view(game_id: int, lang: str) -> discord.ui.View:
    """The way back for a member away: their refusals, replies and panel carry it."""
    view = discord.ui.View(timeout=None)
    view.add_item(back_button(game_id, t(lang, "panel.back")))
    return view


# "Play again" on a finished game's table: dispatched by the lobby cog's AgainButton.
AGAIN_TEMPLATE = r"keeper:again:(?P<game>[0-9]{1,18})"


def again_button(game_id: int, label: str) -> discord.ui.Button:
    return discord.ui.Button(label=label, style=discord.ButtonStyle.success, custom_id=f"keeper:again:{game_id}")


# An answer's button (in a panel, a DM, or on the live message when the table waits for one
# decision whose answers are public): dispatched by the play cog's OptionButton.
OPTION_TEMPLATE = r"keeper:opt:(?P<game>[0-9]{1,18}):(?P<epoch>[0-9]{1,18}):(?P<prompt>[0-9]{1,18}):(?P<digest>[0-9a-f]+)"


def option_digest(option: dict) -> str:
    """A short fingerprint of one option: with the epoch and the prompt id in a custom_id it
    names exactly that option for all time, so an old button can never pick a different one."""
    return hashlib.blake2b(json.dumps(option, sort_keys=True).encode(), digest_size=6).hexdigest()


def option_button(game_id: int, epoch: int, prompt_id: int, option: dict | str, label: str = "…") -> discord.ui.Button:
    """``option``: the option, or its digest."""
    digest = option if isinstance(option, str) else option_digest(option)
    return discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                             custom_id=f"keeper:opt:{game_id}:{epoch}:{prompt_id}:{digest}")



class AfterCommit(Exception):
    """Something failed after the change was saved: the member must hear that it was saved,
    never that "nothing was changed". ``kind``: the game whose panel shows the change (the
    member is sent there by that game's own button), or None (a setting, the lobby)."""

    def __init__(self, kind: str | None = None):
        super().__init__(kind)
        self.kind = kind


def user_lang(interaction: discord.Interaction) -> str:
    """Ephemeral replies follow the member's Discord locale."""
    lang = language_of(interaction.locale)
    bot = interaction.client
    if hasattr(bot, "user_languages"):
        bot.user_languages[interaction.user.id] = lang
    return lang


async def after_commit(awaitable, kind: str | None = None):
    """Run what follows a saved change (announce, confirm): a failure there must tell the member
    that the change stands (and, with ``kind``, where that game shows it)."""
    try:
        return await awaitable
    except Exception as exc:  # noqa: BLE001 - the change stands; say so
        raise AfterCommit(kind) from exc


def error_text(lang: str, exc: Exception) -> str:
    if isinstance(exc, AfterCommit):
        if exc.kind is None:
            return t(lang, "errors.after_commit")
        return t(lang, "errors.after_commit_panel", button=ui_for(exc.kind).hand_button_label(lang))
    if isinstance(exc, RuleError):
        params = dict(exc.params)
        text = t(lang, f"errors.rule.{exc.code}", **params)
        return exc.message if text == f"errors.rule.{exc.code}" else text
    if isinstance(exc, app_commands.CommandNotFound):  # a renamed command's old name, not synced away yet
        return t(lang, "errors.command_gone", command="/" + t(lang, "commands.names.panel"))
    if isinstance(exc, ServiceError):
        params = dict(exc.params)
        if "kind" in params:
            name = t(lang, f"kind.{params['kind']}")
            params["kind"] = params["kind"] if name == f"kind.{params['kind']}" else name
        return t(lang, f"errors.{exc.code}", **params)
    return t(lang, "errors.internal")


async def reply(interaction: discord.Interaction, content: str | None = None, **kwargs) -> None:
    """Answer ephemerally whether or not the interaction was already deferred."""
    await operations.respond(interaction, content, **kwargs)


async def handle_error(interaction: discord.Interaction, error: Exception) -> None:
    """The one place an interaction's failure is answered (slash commands through the tree's
    on_error, components through :class:`KeeperItem`): a refusal is explained; anything else is
    logged with its cause, and the member is told the truth — that nothing changed, or, after a
    saved change, that it stands."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, app_commands.CheckFailure):
        error = ServiceError("guild_only")
    try:
        lang = user_lang(interaction)
        offer = getattr(error, "offer", None)   # a refusal may carry the way out as a button
        if offer is None and isinstance(error, ServiceError) and error.code == "away" and "game_id" in error.params:
            offer = functools.partial(back_view, error.params["game_id"])
        if offer is not None:
            await reply(interaction, error_text(lang, error), view=offer(lang))
        else:
            await reply(interaction, error_text(lang, error))
    except discord.HTTPException as exc:
        log.warning("could not answer interaction %s (%s: %s)", interaction.id, type(error).__name__, exc)
    if isinstance(error, app_commands.CommandNotFound):
        log.warning("a member used /%s, a command Keeper no longer has: sync the commands (python -m bot sync)",
                    error.name)
    elif not isinstance(error, (RuleError, ServiceError)):
        cause = error.__cause__ if isinstance(error, AfterCommit) and error.__cause__ else error
        log.error("interaction %s failed", interaction.id, exc_info=cause)


REFUSALS = (RuleError, ServiceError, AfterCommit)


def foreground(interaction: discord.Interaction):
    """While a member's interaction is handled, deliveries step aside (the publisher's
    ``foreground``); a client without a publisher (a test's) marks nothing."""
    publisher = getattr(interaction.client, "publisher", None)
    return publisher.foreground() if publisher is not None else contextlib.nullcontext()


def answering(callback):
    """A refusal (or a failure after a saved change) is answered here; a bug goes on to the
    tree's on_error, which answers it the same way and is where it is reported."""
    @functools.wraps(callback)
    async def wrapper(*args, **kwargs):
        interaction = next(a for a in args if isinstance(a, discord.Interaction))
        try:
            async with foreground(interaction):
                return await callback(*args, **kwargs)
        except REFUSALS as exc:
            await handle_error(interaction, exc)
    return wrapper


class KeeperCog(commands.Cog):
    """Base of Keeper's cogs: every slash command's refusals are answered by handle_error."""

    async def cog_load(self) -> None:
        for command in self.walk_app_commands():
            if isinstance(command, app_commands.Command):
                # discord.py 2.x keeps the coroutine in _callback; wrapping it after the
                # parameters were read keeps their annotations resolvable in the cog's module
                command._callback = answering(command._callback)


# the numeric parts of a component's custom id (the others are words: a verb, a digest, a seat)
NUMERIC_ID_PARTS = frozenset({"game", "epoch", "prompt", "chunk", "page", "step"})


class KeeperItem:
    """Mixin for Keeper's persistent components: subclasses implement ``run``; any failure is
    answered by :func:`handle_error` (discord.py would otherwise swallow it). A component is
    rebuilt from its custom id with the template's parts as the constructor's first arguments,
    in the template's order."""

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(*(int(value) if part in NUMERIC_ID_PARTS else value for part, value in match.groupdict().items()))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            async with foreground(interaction):
                await self.run(interaction)
        except Exception as exc:  # noqa: BLE001 - answered and logged in one place
            await handle_error(interaction, exc)

    async def run(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


async def defer_private(interaction: discord.Interaction) -> None:
    """Every reply that may hold a secret is deferred ephemerally first."""
    await operations.defer(interaction, ephemeral=True, thinking=True)


async def defer_panel(interaction: discord.Interaction) -> None:
    """A control clicked on a member's private panel answers by editing that panel in place
    (:func:`reply_panel`), so panels never pile up; anywhere else the reply is a new private
    message, deferred ephemerally first."""
    message = getattr(interaction, "message", None)
    flags = getattr(message, "flags", None)
    if flags is not None and flags.ephemeral and await operations.defer_update(interaction):
        interaction.extras["panel_in_place"] = True
        return
    await defer_private(interaction)


async def reply_panel(interaction: discord.Interaction, **fields) -> None:
    """Show a member's panel: in place of the one they clicked (see :func:`defer_panel`), else as
    a private reply."""
    if getattr(interaction, "extras", {}).get("panel_in_place"):
        await operations.edit_original(interaction, **{"content": None, **fields})
        view = fields.get("view")
        if view is not None:
            view.stop()  # dispatched by custom_id: nothing kept in memory
        return
    await reply(interaction, **fields)


def can_manage_server(member) -> bool:
    """Discord's own server managers (the only ones who may change who counts as a Keeper admin)."""
    perms = getattr(member, "guild_permissions", None)
    return bool(perms and (perms.manage_guild or perms.administrator))


async def is_admin(interaction: discord.Interaction) -> bool:
    """Manage Server permission, or the guild's configured Keeper admin role (checked at run time)."""
    member = interaction.user
    if not isinstance(member, discord.Member):
        return False
    if can_manage_server(member):
        return True
    settings = await interaction.client.service.guild_settings(interaction.guild_id)
    return bool(settings.admin_role_id and any(role.id == settings.admin_role_id for role in member.roles))


def display_name(interaction: discord.Interaction) -> str:
    return getattr(interaction.user, "display_name", None) or interaction.user.name


def desc(key: str) -> app_commands.locale_str:
    """A command description from the catalogs (English default, uk/ru via the translator)."""
    return app_commands.locale_str(t("en", f"commands.{key}"), key=f"commands.{key}")


def param(name: str) -> app_commands.locale_str:
    """A command parameter's description from the catalogs."""
    return desc(f"params.{name}")


def cmd(name: str, group: str | None = None) -> app_commands.locale_str:
    """A command's (or group's) name: English as written, uk/ru from ``commands.names.<path>``
    (``path`` = ``group_name`` for a subcommand) through the translator."""
    return app_commands.locale_str(name, key=f"commands.names.{group + '_' if group else ''}{name}")


def options(*names: str) -> dict[str, app_commands.locale_str]:
    """``@app_commands.rename(**options("query", "kind"))``: option names localized like commands'."""
    return {n: app_commands.locale_str(n, key=f"commands.options.{n}") for n in names}


def choice(key: str, value: str) -> app_commands.Choice[str]:
    """A fixed choice whose name is localized (``commands.choices.<key>``)."""
    return app_commands.Choice(name=app_commands.locale_str(t("en", f"commands.choices.{key}"),
                                                            key=f"commands.choices.{key}"), value=value)


class CatalogTranslator(app_commands.Translator):
    """Localizes command names, descriptions, option names and choices for Discord clients in
    Ukrainian and Russian (each member sees their client's language): every string carries its
    catalog key (:func:`cmd`, :func:`desc`, :func:`param`, :func:`options`, :func:`choice`)."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        key = string.extras.get("key")
        lang = language_of(locale)
        if not key or lang == "en" or str(locale.value) not in ("uk", "ru"):
            return None
        return catalog(lang).get(key)


_INTEGER = re.compile(r"-?[0-9]{1,18}")


def select_int(value) -> int | None:
    """A select value that must be a whole number, parsed strictly: ASCII digits only (``³``
    passes ``str.isdigit()`` and then fails ``int()``), at most 18 of them; None otherwise."""
    text = str(value)
    return int(text) if _INTEGER.fullmatch(text) else None
