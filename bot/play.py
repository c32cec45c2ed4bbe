"""`make play` (``python -m bot.play``): try Keeper on a local table in the browser, without Discord.

The real bot (``bot.client.create_bot``) runs inside SimCord (the ``play`` extra: ``simcord[preview]``)
with a throw-away SQLite file, in a pretend server with a few members who are all Keeper admins;
SimCord's preview serves that server's channel on 127.0.0.1. In the page you pick who you are
(switching between the members at any time), type ``/game new`` and pick a game, seat Keeper
players with the lobby's **🤖 Add a Keeper player** and play against them with the same buttons
and panels a Discord server shows. No token, no network, nothing kept after it stops.
"""
from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import webbrowser
from contextlib import asynccontextmanager
from pathlib import Path

MEMBERS = ("Ann", "Bob", "Cleo", "Dan")


def discord_like_mentions() -> None:
    """Show user mentions as Discord's client does, for this process only.

    SimCord 3.2.1's preview leaves ``<@123…>`` raw in embed descriptions and field values
    (Discord shows a name there), and in a DM it names only the DM's own members (Discord's
    client also knows everyone in a server it shares with the reader). Keeper's table, lobby,
    panel and DMs mention players in exactly those places."""
    try:
        from simcord.preview import _markdown, _messages, _queries, _snapshot
        for field in ("embed_description", "embed_field_value"):
            _markdown._FIELD_POLICIES[field]["mentions"] = True
        strict = _messages._user_allowed

        def user_allowed(preview, page, user_id):
            if strict(preview, page, user_id):
                return True
            backend = preview.env.backend
            channel = backend.get_channel(page.channel_id)
            return channel.guild_id is None and any(
                user_id in guild.members and any(r in guild.members for r in channel.recipient_ids)
                for guild in backend.guilds.values())

        for module in (_messages, _queries, _snapshot):
            module._user_allowed = user_allowed
    except (ImportError, AttributeError, KeyError, TypeError):
        print("  (this SimCord differs from 3.2.1: mentions may stay raw in embeds and DMs)",
              file=sys.stderr)


def warm_up() -> None:
    """Load every game's rules and content before the first click (a pack loads in seconds once,
    and a click must be answered at once)."""
    from bot.games import available
    from engine.registry import rules_for
    for kind in available():
        rules = rules_for(kind)
        rules.new_game([str(n) for n in range(1, rules.min_players + 1)], 1)


@asynccontextmanager
async def local_table(directory: Path, names=MEMBERS, port: int | None = None, language: str = "en"):
    """The bot in SimCord with a server, a channel and ``names`` members (Keeper admins), and the
    preview of that channel with every member as a viewer: yields (env, channel, members, preview)."""
    import discord
    import simcord

    from bot.client import create_bot
    from bot.settings import Settings

    warm_up()
    settings = Settings(_env_file=None, token="offline", default_language=language,
                        database_url=f"sqlite+aiosqlite:///{directory / 'keeper.sqlite3'}",
                        deadline_check_seconds=0, cleanup_check_minutes=0)
    async with simcord.run(create_bot(settings)) as env:
        await env.bot.tree.sync()
        guild = env.create_guild(name="Keeper")
        admins = guild.create_role("Keeper admins", permissions=discord.Permissions(manage_guild=True))
        channel = guild.create_text_channel("keeper-table")
        members = [guild.add_member(env.create_user(name.lower(), global_name=name), roles=[admins])
                   for name in names]
        async with env.preview(channel, viewers=members, layout="channel", port=port) as preview:
            yield env, channel, members, preview


async def main(port: int | None, open_browser: bool) -> None:
    discord_like_mentions()
    with tempfile.TemporaryDirectory(prefix="keeper-play-") as tmp:
        async with local_table(Path(tmp), port=port) as (_env, _channel, _members, preview):
            print(f"Keeper's local table: {preview.url}\n"
                  f"Members: {', '.join(MEMBERS)} (switch between them in the page). "
                  "Type /game new, pick a game, add Keeper players in the lobby and press Start.\n"
                  "Stop with Ctrl-C or the page's End preview session.", flush=True)
            if open_browser:
                webbrowser.open(preview.url)
            await preview.wait_closed()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=None, help="the local port (default: any free one)")
    parser.add_argument("--no-browser", action="store_true", help="only print the address")
    arguments = parser.parse_args()
    try:
        asyncio.run(main(arguments.port, not arguments.no_browser))
    except KeyboardInterrupt:
        pass
