"""Shared helpers for the cogs' interactions: languages, admin checks, replies, error replies."""
from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.i18n import catalog, language_of, t
from bot.service import ServiceError
from engine.core.errors import RuleError

log = logging.getLogger("keeper")



# The table's "My hand / act" button: built here (the publisher puts it on the table message),
# dispatched by the play cog's DynamicItem with the same template.
HAND_TEMPLATE = r"keeper:hand:(?P<game>[0-9]+)"


def hand_button(game_id: int, label: str) -> discord.ui.Button:
    return discord.ui.Button(label=label, style=discord.ButtonStyle.primary, emoji="🂠",
                             custom_id=f"keeper:hand:{game_id}")


class AfterCommit(Exception):
    """Something failed after the change was saved: the member must hear that it was saved,
    never that "nothing was changed"."""


def user_lang(interaction: discord.Interaction) -> str:
    """Ephemeral replies follow the member's Discord locale."""
    lang = language_of(interaction.locale)
    bot = interaction.client
    if hasattr(bot, "user_languages"):
        bot.user_languages[interaction.user.id] = lang
    return lang


async def after_commit(awaitable) -> None:
    """Run what follows a saved change (announce, confirm): a failure there must tell the member
    that the change stands."""
    try:
        await awaitable
    except Exception as exc:  # noqa: BLE001 - the change stands; say so
        raise AfterCommit() from exc


def error_text(lang: str, exc: Exception) -> str:
    if isinstance(exc, AfterCommit):
        return t(lang, "errors.after_commit")
    if isinstance(exc, RuleError):
        params = dict(exc.params)
        text = t(lang, f"errors.rule.{exc.code}", **params)
        return exc.message if text == f"errors.rule.{exc.code}" else text
    if isinstance(exc, ServiceError):
        params = dict(exc.params)
        if "kind" in params:
            params["kind"] = t(lang, f"kind.{params['kind']}")
        return t(lang, f"errors.{exc.code}", **params)
    return t(lang, "errors.internal")


async def reply(interaction: discord.Interaction, content: str | None = None, **kwargs) -> None:
    """Answer ephemerally whether or not the interaction was already deferred."""
    kwargs.setdefault("ephemeral", True)
    if interaction.response.is_done():
        await interaction.followup.send(content or discord.utils.MISSING, **kwargs)
    else:
        await interaction.response.send_message(content, **kwargs)
    view = kwargs.get("view")
    if view is not None:
        # Keeper's controls are DynamicItems, dispatched by custom_id whatever view sent them;
        # discord.py would otherwise keep every ephemeral view (with a 15-minute timer) in memory
        view.stop()


async def refuse(interaction: discord.Interaction, exc: Exception) -> None:
    """Tell the member what happened: why nothing changed, or that their change was saved though
    showing it failed. A bug still gets a clear reply, then propagates to discord.py's error
    handling (and the log)."""
    try:
        await reply(interaction, error_text(user_lang(interaction), exc))
    except discord.HTTPException:
        log.warning("could not answer interaction %s (%s)", interaction.id, exc)
    if not isinstance(exc, (RuleError, ServiceError)):
        raise exc


async def defer_private(interaction: discord.Interaction) -> None:
    """Every reply that may hold a secret is deferred ephemerally first."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)


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


class CatalogTranslator(app_commands.Translator):
    """Localizes command descriptions for Discord clients in Ukrainian and Russian."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        key = string.extras.get("key")
        lang = language_of(locale)
        if not key or lang == "en" or str(locale.value) not in ("uk", "ru"):
            return None
        return catalog(lang).get(key)
