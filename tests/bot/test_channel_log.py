"""The channel as members live in it (issue 20) and its floor (issue 19): the public log of a
turn is one message edited as the turn goes on, with the table and the act button at the bottom
of the channel; pings only for a decision handed over; hostile nicknames read as themselves;
a redelivery after a crash posts nothing twice."""
from __future__ import annotations

import random

import pytest

from bench.table_bench import play_game, replay_facts
from bot.i18n import t
from tests.bot.helpers import (MENTION, Versions, choose, current_game, fixed, new_game, open_panel, option_components,
                               play_to_the_end, record_live_postings, table_message, waiting_ids)


async def test_a_game_keeps_the_channel_quiet_and_pings_only_for_a_handed_over_decision(simcord_env, monkeypatch):
    env = simcord_env
    # a known deal: with a seed from the OS a Flamethrower drawn at once can end the game in a
    # handful of decisions, too few for the ratio below to mean anything (it failed so, once)
    monkeypatch.setattr("bot.service.secrets.randbits", lambda bits: 20261128)
    versions = Versions(env)
    posted: list = []
    commit = env.backend.commit_message

    def note(message, **kwargs):  # who each posting notified (a later edit notifies nobody)
        stored = commit(message, **kwargs)
        posted.append((stored.channel_id, stored.is_ephemeral, [] if stored.is_ephemeral else list(stored.ping_user_ids)))
        return stored

    env.backend.commit_message = note
    _, channel, members = await new_game(env, 5)
    await play_to_the_end(env, channel, members, random.Random(2))
    game = await current_game(env, channel)
    decisions, handovers, _lone = replay_facts(await env.bot.service.record(game.id))
    public = [p for p in posted if p[0] == channel.id and not p[1]]
    assert len(public) <= 0.35 * decisions, (len(public), decisions)
    pings: dict[str, int] = {}
    for _channel, _ephemeral, pinged in posted:
        for uid in pinged:
            pings[str(uid)] = pings.get(str(uid), 0) + 1
    assert pings, "a member handed a decision is pinged"
    assert all(count <= handovers[pid] for pid, count in pings.items()), (pings, dict(handovers))
    # the log's messages were edited as the turns went on; only the last carries the table
    assert len(versions.public[channel.id]) > 2 * len(public)
    with_button = [m for m in channel.history()
                   if any(getattr(i, "custom_id", "").startswith("keeper:hand:") for r in m.components for i in r.children)]
    assert with_button == [] or with_button == [channel.history()[-1]]
    assert "Game over" in channel.history()[-1].content
    # what the publisher kept for the game's table goes with its end (memory per live game)
    publisher = env.bot.publisher
    await publisher.idle()
    assert game.id not in publisher._table_shown and game.id not in publisher._text_shown
    assert game.id not in publisher._delivering


async def test_the_live_table_moves_to_the_bottom_and_the_old_one_loses_its_controls(simcord_env, monkeypatch):
    env = simcord_env
    # one known deal: with a random seed a drawn Flamethrower could end the game within the turns
    monkeypatch.setattr("bot.service.secrets.randbits", lambda bits: 20261127)
    _, channel, m = await new_game(env, 4, setup=fixed)
    first = table_message(channel)
    by_id = {member.id: member for member in m}
    rng = random.Random(3)
    for _ in range(12):  # a few turns
        member = by_id[waiting_ids(channel)[0]]
        panel = await open_panel(member, channel)
        controls = [c for c in option_components(panel) if not c["custom_id"].startswith("keeper:free:")]
        await choose(member, panel, rng.choice(controls))
    live = table_message(channel)
    assert live.id != first.id and live.id == channel.history()[-1].id  # at the bottom
    old = next(message for message in channel.history() if message.id == first.id)
    assert not old.components and not old.embeds and not old.attachments  # only its lines stay
    assert "draws" in old.content


async def test_hostile_nicknames_never_ping_link_or_format(simcord_env):
    """Defect 19.2: a nickname that is a mention, a masked link or markdown reads as itself."""
    from tests.bot.test_eldritch_table import eldritch_table
    env = simcord_env
    versions = Versions(env)
    guild = env.create_guild()
    bystander = guild.add_member(env.create_user("bystander"))
    names = [f"<@{bystander.id}>", "[click](https://evil.example)", "**loud** ||x||"]
    members = [guild.add_member(env.create_user(f"inv{i}"), nick=name) for i, name in enumerate(names)]
    from tests.bot.helpers import open_lobby
    _, channel, members, _lobby = await open_lobby(env, "eldritch", 3, guild, "arkham", members=members)
    game = await env.bot.service.live_game(channel.id)
    assert game.names[str(members[1].id)] == r"\[click](https://evil.example)"  # no masked link
    await env.bot.service.set_setup(game.id, {})
    await members[0].click(_lobby, custom_id=next(i.custom_id for r in _lobby.components for i in r.children
                                                  if getattr(i, "custom_id", "").endswith(":start")))
    table = table_message(channel)
    text = "\n".join(versions.public[channel.id])
    import re
    assert "click](https://evil.example)" in text  # the name is shown...
    assert not re.search(r"(?<!\\)\[click\]\(https://evil", text)  # ...never as a masked link
    assert not re.search(r"(?<!\\)\*\*loud", text) and not re.search(r"(?<!\\)\|\|x", text)
    assert f"<@{bystander.id}>" not in text.replace(f"<@\u200b{bystander.id}>", "")
    for message in env.backend.messages[channel.id].values():
        assert bystander.id not in message.ping_user_ids
    # a plain-text control shows the name as typed, without escapes
    from tests.bot.test_eldritch_table import open_panel as eldritch_panel
    waited = str(env.bot.service.prompts(await current_game(env, channel))[0]["player"])
    panel = await eldritch_panel(next(m for m in members if str(m.id) == waited), channel)
    labels = [c.get("label", "") for c in option_components(panel)] + \
        [o["label"] for c in option_components(panel) for o in c.get("options", [])]
    assert not any("\\[" in label for label in labels)
    assert table is not None


async def test_a_crash_between_the_edit_and_its_record_shows_no_line_twice(simcord_env, monkeypatch):
    """Defect 19.5: the log's state is saved with the rows it shows; a redelivery edits the same
    message to the same text."""
    from datetime import timedelta

    from bot.db import utcnow
    from tests.bot.helpers import click_label
    env = simcord_env
    _, channel, m = await new_game(env, 4, setup=fixed)
    service = env.bot.service
    real = service.save_log
    calls = []

    async def crash_once(game_id, log, delivered=()):
        calls.append(1)
        if delivered:
            raise ConnectionResetError("the database went away after the edit")  # kept for a retry
        return await real(game_id, log, delivered)

    monkeypatch.setattr(service, "save_log", crash_once)
    await click_label(m[0], await open_panel(m[0], channel), "Discard Whisky")   # the draw was made by itself
    monkeypatch.setattr(service, "save_log", real)
    game = await current_game(env, channel)
    assert await service.pending_outbox(game.id) > 0  # the rows were shown but not recorded
    messages = len(channel.history())
    await env.bot.publisher.deliver_due(now=utcnow() + timedelta(hours=1))
    assert await service.pending_outbox(game.id) == 0
    text = "\n".join(message.content or "" for message in channel.history())
    assert text.count("draws an event card") == 1 and text.count(" discards a card.") == 1
    assert len(channel.history()) == messages


@pytest.mark.parametrize("kind, members, seed, extra", [("thing", 4, 2, {}), ("unfathomable", 4, 7, {}),
                                                         ("eldritch", 2, 102, {"mythos": 2})])
async def test_the_live_message_pings_whom_it_means_to_and_names_the_waited_once(simcord_env, kind, members, seed,
                                                                               extra):
    """A posting meant to ping a member does (an embed never notifies, so the mention is in its
    text), and after the next edit a member waited for is named once: by the table's field."""
    env = simcord_env
    postings = record_live_postings(env)

    fields = {t(lang, f"{kind}.table.waiting") for lang in ("en", "uk", "ru")}
    twice: list[str] = []
    edit = env.backend.edit_message

    def edited(channel_id, message_id, changes):  # after an edit: named by the table's field only
        stored = edit(channel_id, message_id, changes)
        named = {uid for embed in stored.embeds for field in embed.get("fields", []) if field["name"] in fields
                 for uid in MENTION.findall(field["value"])}
        twice.extend(line for line in stored.content.split("\n")
                     if line.startswith("⏳") and named & set(MENTION.findall(line)))
        return stored

    env.backend.edit_message = edited
    await play_game(env, kind, members, seed, extra)
    assert postings, "some live message was posted to ping a member"
    for meant, pinged, text in postings:
        assert pinged == meant, text
    assert not twice, twice[:3]


async def test_a_failed_post_after_a_long_rows_message_was_closed_shows_no_line_twice(simcord_env, monkeypatch):
    """Defect 19.5 (review rev4): a row whose lines fill the live message closes it (its first
    lines kept there) and goes on in a new message. The log was saved then as if none of the row
    were shown, so when posting the new message failed (a 5xx, a crash) the row's redelivery put
    its first lines in the new message again. Every line is said once."""
    from datetime import timedelta

    from sqlmodel import select

    from bot import operations
    from bot.db import Outbox, utcnow
    from tests.bot.helpers import click_label
    env = simcord_env
    _, channel, m = await new_game(env, 4, setup=fixed)
    service, publisher = env.bot.service, env.bot.publisher
    await click_label(m[0], await open_panel(m[0], channel), "Discard Whisky")
    await publisher.idle()
    game = await current_game(env, channel)
    async with service.sessions() as session:  # the discard's public events, told again as three lines
        told = (await session.exec(select(Outbox).where(Outbox.game_id == game.id, Outbox.kind == "public")
                                   .order_by(Outbox.id.desc()))).first().payload["events"]
    assert told
    real_save, real_send = service.save_log, operations.send
    closes, failed = [], []

    async def save(game_id, log, delivered=()):
        if not delivered and log.get("id") is None:
            closes.append(log)  # a live message closed: the log goes on in a new one
        return await real_save(game_id, log, delivered)

    async def send(target, attempts=0, **kwargs):
        if len(closes) >= 2 and not failed:
            failed.append(kwargs.get("content"))
            raise operations.Retry("HTTP 503 (0)", 0)  # the new live message is not posted
        return await real_send(target, attempts, **kwargs)

    before = len(channel.history())
    monkeypatch.setattr("bot.publisher.MAX_MESSAGE", 40)  # each line fills a message
    monkeypatch.setattr(service, "save_log", save)
    monkeypatch.setattr(operations, "send", send)
    await service.outbox_add(game, "public", {"events": told * 3, "notices": []})
    await publisher.flush(game.id)
    assert len(closes) >= 2 and failed, "the row closed messages on the way, then posting the next failed"
    assert await service.pending_outbox(game.id) > 0  # kept for a retry
    await publisher.deliver_due(now=utcnow() + timedelta(hours=1))
    assert await service.pending_outbox(game.id) == 0
    said = [line for message in channel.history()[before - 1:] for line in (message.content or "").split("\n")
            if "discards" in line]
    assert len(said) == 1 + 3, said  # the discard, then the row's three lines
