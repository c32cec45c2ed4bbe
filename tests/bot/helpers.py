"""Helpers for driving Keeper through SimCord like real members do."""
from __future__ import annotations

import re

MENTION = re.compile(r"<@!?(\d+)>")


async def new_game(env, players: int, options: list[str] | None = None):
    """A guild, a channel and ``players`` members who create, join and start a game of The Thing."""
    await env.bot.tree.sync()
    guild = env.create_guild()
    channel = guild.create_text_channel("the-thing")
    members = [guild.add_member(env.create_user(f"player{i}")) for i in range(players)]
    await members[0].slash(channel, "game new", kind="thing")
    lobby = channel.last_message
    for member in members[1:]:
        await member.click(lobby, label="Join")
    if options:
        await members[0].select(lobby, options, custom_id=lobby_option_id(lobby))
    await members[0].click(lobby, label="Start")
    return guild, channel, members


def lobby_option_id(message) -> str:
    for row in message.components:
        for item in row.children:
            if getattr(item, "custom_id", "").startswith("keeper:lobbyopt:"):
                return item.custom_id
    raise AssertionError("no options menu on the lobby message")


def table_message(channel):
    """The public table message (edited in place): the one with the 'My hand' button."""
    for message in reversed(channel.history()):
        for row in message.components:
            for item in row.children:
                if getattr(item, "custom_id", "").startswith("keeper:hand:"):
                    return message
    return None


def waiting_ids(channel) -> list[int]:
    table = table_message(channel)
    if table is None:
        return []
    for field in table.embeds[0].fields:
        if field.name in ("Waiting for", "Хто ходить", "Ждём"):
            return [int(x) for x in MENTION.findall(field.value)]
    return []


async def open_panel(member, channel):
    result = await member.click(table_message(channel), label="My hand / act")
    return panel_of(result)


def panel_of(result):
    return result.followups[-1] if result.followups else result.response


def option_components(panel) -> list[dict]:
    """Every option control of a private panel: buttons and select menus."""
    out = []
    for row in panel.components:
        for item in row.get("components", []):
            cid = item.get("custom_id", "")
            if cid.startswith(("keeper:opt:", "keeper:sel:", "keeper:declare:")):
                out.append(item)
    return out


async def choose(member, panel, component: dict, value: str | None = None):
    if component["type"] == 3:
        value = value if value is not None else component["options"][0]["value"]
        return await member.select(panel, [value], custom_id=component["custom_id"])
    return await member.click(panel, custom_id=component["custom_id"])


def all_text(message) -> str:
    parts = [message.content or ""]
    for embed in message.embeds:
        data = embed.to_dict()
        parts += [data.get("title", ""), data.get("description", "")]
        parts += [f"{f['name']} {f['value']}" for f in data.get("fields", [])]
        parts.append(data.get("footer", {}).get("text", ""))
    return "\n".join(parts)
