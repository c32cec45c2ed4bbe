"""`/rules`: what a card, zone, item, spell or character does, from the game's own texts, in the
member's language, answered only to them. Knows no game: a game's UI provides
``rules_lookup(query, lang) -> [(title, text)]`` and ``rules_autocomplete(current, lang) ->
[(name, value)]`` (see :mod:`bot.games`); the game is the one named, else this channel's."""
from __future__ import annotations

import discord
from discord import app_commands

from bot.games import available, ui_for
from bot.i18n import t
from bot.interactions import cmd, options, KeeperCog, defer_private, desc, param, reply, user_lang
from bot.service import ServiceError

MAX_ENTRIES = 5  # embeds in one answer (Discord allows 10; a few keep it readable)
TEXT_LIMIT = 4000  # an embed's description holds 4096 characters


def with_rules() -> list[str]:
    """The games whose UI answers `/rules`."""
    return [kind for kind in available() if hasattr(ui_for(kind), "rules_lookup")]


class RulesCog(KeeperCog):
    def __init__(self, bot):
        self.bot = bot

    async def _kind(self, interaction: discord.Interaction, kind: str | None) -> str:
        """The game named, else the channel's live (or last) game; refused if it has no rules."""
        if not kind and interaction.guild_id is not None:
            game = await self.bot.service.live_game(interaction.channel_id) or \
                await self.bot.service.last_game(interaction.channel_id)
            kind = game.kind if game else None
        if not kind:
            raise ServiceError("rules_kind_needed")
        if kind not in available():
            raise ServiceError("unknown_kind", kind=kind)
        if kind not in with_rules():
            raise ServiceError("no_rules", kind=kind)
        return kind

    @app_commands.command(name=cmd("rules"), description=desc("rules"))
    @app_commands.describe(query=param("query"), kind=param("kind"))
    @app_commands.rename(**options("query", "kind"))
    async def rules(self, interaction: discord.Interaction, query: str, kind: str | None = None) -> None:
        await defer_private(interaction)
        lang = user_lang(interaction)
        kind = await self._kind(interaction, kind)
        found = ui_for(kind).rules_lookup(query, lang)
        if not found:
            await reply(interaction, t(lang, "rules.not_found", kind=t(lang, f"kind.{kind}"), query=query[:100]))
            return
        # never an empty answer: an entry the rules give no words of its own says so
        embeds = [discord.Embed(title=title[:256], description=(text or t(lang, "rules.no_text"))[:TEXT_LIMIT],
                                colour=discord.Colour.blurple())
                  for title, text in found[:MAX_ENTRIES]]
        more = len(found) - MAX_ENTRIES
        await reply(interaction, t(lang, "rules.more") if more > 0 else None, embeds=embeds)

    @rules.autocomplete("kind")
    async def _kinds(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        lang = user_lang(interaction)
        current = current.lower()
        return [app_commands.Choice(name=t(lang, f"kind.{kind}"), value=kind) for kind in with_rules()
                if current in kind or current in t(lang, f"kind.{kind}").lower()][:25]

    @rules.autocomplete("query")
    async def _queries(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        lang = user_lang(interaction)
        kind = getattr(interaction.namespace, "kind", None)
        try:
            kind = await self._kind(interaction, kind)
        except ServiceError:
            return []
        complete = getattr(ui_for(kind), "rules_autocomplete", None)
        if complete is None:
            return []
        return [app_commands.Choice(name=name[:100], value=value[:100])
                for name, value in complete(current, lang)][:25]


async def setup(bot) -> None:
    await bot.add_cog(RulesCog(bot))
