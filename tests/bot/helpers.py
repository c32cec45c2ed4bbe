"""Helpers for driving Keeper through SimCord like real members do."""
from __future__ import annotations

import re

from bot.i18n import t

MENTION = re.compile(r"<@!?(\d+)>")


def close_dms(env, user) -> None:
    """From now on every DM to ``user`` fails as Discord fails it for closed DMs (403, 50007)."""
    env.inject_error("POST", f"/channels/{user.dm_channel.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)


async def open_lobby(env, kind: str, players: int, guild=None, channel_name: str = "the-thing",
                     user_name: str = "player", members=None):
    """``/game new kind:<kind>`` in a new channel and every other member joins: (guild, channel,
    members, lobby message). The caller sets options and starts."""
    await env.bot.tree.sync()
    guild = guild or env.create_guild()
    channel = guild.create_text_channel(channel_name)
    members = members or [guild.add_member(env.create_user(f"{user_name}{i}")) for i in range(players)]
    await members[0].slash(channel, "game new", kind=kind)
    lobby = channel.last_message
    for member in members[1:]:
        await member.click(lobby, label="Join")
    return guild, channel, members, lobby


async def new_game(env, players: int, options: list[str] | None = None, setup=None, guild=None):
    """A guild, a channel and ``players`` members who create, join and start a game of The Thing.

    ``setup(members) -> dict`` may fix seats, hands or the deck (arranged through the service,
    as a test builder; everything else goes through Discord)."""
    guild, channel, members, lobby = await open_lobby(env, "thing", players, guild)
    if options:
        await members[0].select(lobby, options, custom_id=lobby_option_id(lobby))
    if setup is not None:
        game = await env.bot.service.live_game(channel.id)
        await env.bot.service.set_setup(game.id, setup(members))
    await members[0].click(lobby, label="Start")
    return guild, channel, members


async def current_game(env, channel):
    return await env.bot.service.last_game(channel.id)


def seats_setup(members, hands: dict[int, list[str]], deck_top=(), first: int = 0) -> dict:
    """Seats in member order, fixed hands by member index, cards on top of the deck."""
    ids = [str(m.id) for m in members]
    return {"seats": ids, "first_player": ids[first],
            "hands": {ids[i]: list(cards) for i, cards in hands.items()},
            "deck_top": list(deck_top)}


async def click_label(member, panel, label: str):
    for row in panel.components:
        for item in row.get("components", []):
            if item.get("label") == label:
                return await member.click(panel, custom_id=item["custom_id"])
    labels = [i.get("label") for r in panel.components for i in r.get("components", [])]
    raise AssertionError(f"no button {label!r} on the panel; buttons: {labels}")


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
    return waiting_on(table_message(channel))


def waiting_on(table) -> list[int]:
    """The members the table's "Waiting for" field names."""
    if table is None:
        return []
    names = {t(lang, f"{game}.table.waiting") for lang in ("en", "uk", "ru") for game in ("thing", "unfathomable",
                                                                                          "eldritch")}
    for field in table.embeds[0].fields:
        if field.name in names:
            return [int(x) for x in MENTION.findall(field.value)]
    return []


async def open_panel(member, channel):
    result = await member.click(table_message(channel), label="My hand / act")
    return panel_of(result)


def panel_of(result):
    return result.followups[-1] if result.followups else result.response


def latest(env, message):
    """``message`` (an interaction's reply) as it is now, after the bot's later edits."""
    from simcord.results import ResponseMessage
    return ResponseMessage(env, env.backend.get_message(message.channel_id, message.id))


def shows_prompt(panel, game, prompt_id: int) -> bool:
    """Whether a panel the member still has open carries controls of ``prompt_id`` as the game is
    now (this epoch), so a click there answers it (the panel Keeper keeps current: LivePanels)."""
    marker = f":{game.id}:{game.epoch}:{prompt_id}:"
    return panel is not None and any(marker in item.get("custom_id", "") + ":"
                                     for row in panel.components for item in row.get("components", []))


def option_components(panel) -> list[dict]:
    """Every option control of a private panel: buttons and select menus."""
    out = []
    for row in panel.components:
        for item in row.get("components", []):
            cid = item.get("custom_id", "")
            if cid.startswith(("keeper:opt:", "keeper:sel:", "keeper:sub:", "keeper:free:")):
                out.append(item)
    return out


async def choose(member, panel, component: dict, value: str | None = None):
    if component["type"] == 3:  # a menu: as many values as it asks for (a subset may need several)
        wanted = max(1, component.get("min_values") or 1)
        values = [value] if value is not None else []
        values += [o["value"] for o in component["options"] if o["value"] not in values][:wanted - len(values)]
        return await member.select(panel, values, custom_id=component["custom_id"])
    return await member.click(panel, custom_id=component["custom_id"])


def all_text(message) -> str:
    parts = [message.content or ""]
    for embed in message.embeds:
        data = embed.to_dict()
        parts += [data.get("title", ""), data.get("description", "")]
        parts += [f"{f['name']} {f['value']}" for f in data.get("fields", [])]
        parts.append(data.get("footer", {}).get("text", ""))
    return "\n".join(parts)


async def play_to_the_end(env, channel, members, rng, max_clicks=3000, on_panel=None, keep_panel=False):
    """Members waited for open their panel and click a random offered control until the end.

    The Thing sometimes declares. ``on_panel(member, panel)`` sees every private panel.
    ``keep_panel``: a member answers on the panel they still have open (the last one they
    clicked, kept current by Keeper) when it shows their decision, as a person would."""
    from engine.registry import rules_for
    by_id = {m.id: m for m in members}
    clicks = 0
    open_panels = {}
    while clicks < max_clicks:
        waiting = waiting_ids(channel)
        if not waiting:
            return clicks
        member = by_id[rng.choice(waiting)]
        panel = None
        if keep_panel and member.id in open_panels:
            game = await current_game(env, channel)
            kept = latest(env, open_panels[member.id])
            if any(shows_prompt(kept, game, p["id"]) for p in rules_for(game.kind).prompts_for(game.state, str(member.id))):
                panel = kept
        if panel is None:
            panel = await open_panel(member, channel)
        if on_panel:
            await on_panel(member, panel)
        controls = option_components(panel)
        declare = [c for c in controls if c["custom_id"].startswith("keeper:free:")]
        options = [c for c in controls if c not in declare]
        if declare and rng.random() < 0.03:
            confirm = panel_of(await choose(member, panel, declare[0]))
            await choose(member, confirm, option_components(confirm)[0])
            open_panels[member.id] = panel
        else:
            assert options, "a member who is waited for must be offered a choice"
            control = rng.choice(options)
            value = rng.choice(control["options"])["value"] if control["type"] == 3 else None
            result = await choose(member, panel, control, value)
            if on_panel:
                await on_panel(member, panel_of(result))
            open_panels[member.id] = panel_of(result)
        clicks += 1
    raise AssertionError("the game did not end")


# a fixed deal for four members: the first draws a Flamethrower; the second is the Thing
HANDS = {
    0: ["flamethrower", "suspicion", "whisky", "axe"],
    1: ["the_thing", "suspicion", "change_places", "no_thanks"],
    2: ["suspicion", "better_run", "seduction", "barred_door"],
    3: ["suspicion", "persistence", "watch_your_back", "im_comfortable"],
}


def fixed(members):
    return seats_setup(members, HANDS, deck_top=["flamethrower"])


async def log_size(env, channel) -> int:
    game = await current_game(env, channel)
    return len(await env.bot.service.actions(game.id))


def admin_of(env, guild):
    """A member with Manage Server (a Keeper admin)."""
    import discord
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(env.create_user("admin"), roles=[mods])


async def guild_with_deadlines(env, minutes: int = 10, action: str | None = None):
    """A guild whose admin set a turn timeout (and, if given, what happens on timeout): (guild, admin)."""
    guild = env.create_guild()
    admin = admin_of(env, guild)
    await env.bot.tree.sync()
    extra = {"action": action} if action else {}
    await admin.slash(guild.create_text_channel("control"), "settings timeout", minutes=minutes, **extra)
    return guild, admin


def database_url(kind: str, tmp_path) -> str:
    """The test database of ``kind``: a SQLite file, or the PostgreSQL server named by
    KEEPER_TEST_POSTGRES_URL (skipped when none is configured)."""
    import os

    import pytest
    if kind == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'keeper.sqlite3'}"
    url = os.environ.get("KEEPER_TEST_POSTGRES_URL")
    if not url:
        pytest.skip("no PostgreSQL server configured (KEEPER_TEST_POSTGRES_URL)")
    return url


class Versions:
    """Every version of every message Keeper posts or edits (a log message edited as the turn
    goes on, a table message stripped when the table moves, a panel edited in place), as text,
    by channel; ephemeral versions by the member they were shown to. A leak scan reads them all,
    not only what a message says at the end."""

    def __init__(self, env):
        self.env = env
        self.public: dict[int, list[str]] = {}
        self.private: dict[int, list[str]] = {}  # member id -> ephemeral versions shown to them
        backend = env.backend
        commit, edit = backend.commit_message, backend.edit_message

        def commit_message(message, **kwargs):
            stored = commit(message, **kwargs)
            self.note(stored)
            return stored

        def edit_message(channel_id, message_id, fields):
            edited = edit(channel_id, message_id, fields)
            self.note(edited)
            return edited

        backend.commit_message, backend.edit_message = commit_message, edit_message

    def note(self, message) -> None:
        text = stored_text(message)
        if message.is_ephemeral:
            owner = int(((message.interaction_metadata or {}).get("user") or {}).get("id") or 0)
            self.private.setdefault(owner, []).append(text)
        else:
            self.public.setdefault(message.channel_id, []).append(text)


def stored_text(message) -> str:
    """The words of a message as SimCord stores it: content, embeds and control labels."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.get("title", ""), embed.get("description", "")]
        parts += [f"{f.get('name', '')} {f.get('value', '')}" for f in embed.get("fields", [])]
        parts.append((embed.get("footer") or {}).get("text", ""))

    def walk(items):
        for item in items:
            parts.extend(str(item.get(k, "")) for k in ("label", "placeholder", "content") if item.get(k))
            parts.extend(o.get("label", "") for o in item.get("options", []))
            walk(item.get("components", []))
    walk(message.components)
    return "\n".join(p for p in parts if p)


def lines_of(text: str) -> set[str]:
    return {line.strip() for line in text.splitlines() if line.strip()}


class Oracle:
    """Every event the engine of ``rules`` produces while the bot plays (undone branches too)."""

    def __init__(self, monkeypatch, rules):
        self.events: list[dict] = []
        real_apply, real_new = rules.apply, rules.new_game

        def apply(state, action):
            new_state, events = real_apply(state, action)
            self.events.extend(events)
            return new_state, events

        def new_game(*args, **kwargs):
            state, events = real_new(*args, **kwargs)
            self.events.extend(events)
            return state, events

        monkeypatch.setattr(rules, "apply", apply)
        monkeypatch.setattr(rules, "new_game", new_game)


def private_kinds(oracle: Oracle) -> set[str]:
    from engine.core.events import is_public
    return {ev["type"] for ev in oracle.events if not is_public(ev)}


def leaks(oracle: Oracle, channel, members, seen: dict[int, list[str]], private_lines, seats=(),
          versions: Versions | None = None) -> tuple[list[str], set[str]]:
    """The leak scan: what reached somebody not entitled to it, a private line (a hand, a role, a
    draw, a peek, a contribution) of a member or of a Keeper player (``seats``: their seat ids) in
    the public channel or at another member (DMs, panels ``seen``, and with ``versions`` every
    version of every message). ``private_lines(events, player, lang)`` is the game's renderer's.
    Returns (problems, the public lines)."""
    from engine.core.events import is_public, visible_to
    entitled: dict[str, set[str]] = {}
    for ev in oracle.events:
        if is_public(ev):
            continue
        for pid in [str(m.id) for m in members] + list(seats):
            if visible_to(ev, pid):
                for line in private_lines([ev], pid, "en"):
                    entitled.setdefault(line, set()).add(pid)
    public = set()
    for message in channel.history():
        public |= lines_of(all_text(message))
    for text in (versions.public.get(channel.id, []) if versions else []):
        public |= lines_of(text)
    problems = [f"public: {line}" for line in sorted(public & set(entitled))]
    for member in members:
        received = set()
        for message in member.user.dm_channel.history():
            received |= lines_of(all_text(message))
        texts = list(seen.get(member.id, ()))
        if versions:
            texts += versions.private.get(member.id, []) + versions.public.get(member.user.dm_channel.id, [])
        for text in texts:
            received |= lines_of(text)
        problems += [f"{member.name}: {line}" for line in sorted(received & set(entitled))
                     if str(member.id) not in entitled[line]]
    return problems, public


def record_live_postings(env) -> list[tuple[set, set, str]]:
    """From now on, every public message Keeper posts with a table (embed) and meant to ping
    someone: (the members it meant to ping, those its posting notified, its text), as posted
    (a later edit changes the stored message, and notifies nobody)."""
    postings: list[tuple[set, set, str]] = []
    commit = env.backend.commit_message

    def note(message, **kwargs):
        stored = commit(message, **kwargs)
        if stored.embeds and not stored.is_ephemeral and stored.allowed_mentions.users:
            postings.append((set(stored.allowed_mentions.users), set(stored.ping_user_ids), stored.content))
        return stored

    env.backend.commit_message = note
    return postings


async def seat_table(env, lang: str, kind: str, names: list[str], keepers: int = 0, channel_name: str = "table"):
    """A guild whose first member (an admin) set ``/settings language`` to ``lang`` (unless en)
    and opened ``/game new``: the other ``names`` joined by the lobby's button, ``keepers``
    Keeper players added by the admin, all by the labels in ``lang``; not started yet.
    Returns (channel, members, lobby)."""
    import discord
    await env.bot.tree.sync()
    guild = env.create_guild()
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    members = [guild.add_member(env.create_user(name), roles=[mods] if i == 0 else [])
               for i, name in enumerate(names)]
    channel = guild.create_text_channel(channel_name)
    if lang != "en":
        await members[0].slash(channel, "settings language", language=lang)
    await members[0].slash(channel, "game new", kind=kind)
    lobby = channel.last_message
    for member in members[1:]:
        await member.click(lobby, label=t(lang, "lobby.join"))
    for _ in range(keepers):
        await members[0].click(lobby, label=t(lang, "lobby.keeper_add"))
    return channel, members, lobby
