"""The persistence layer on every supported database: SQLite always, PostgreSQL when reachable
(set KEEPER_TEST_POSTGRES_URL=postgresql+asyncpg://user:pass@host/db to run it)."""
from __future__ import annotations

import asyncio
import os
import random

import pytest
from sqlalchemy import text

from sqlmodel import select

from bot.db import ActionLog, Game, News, NewsSeen, Outbox, create_tables, make_engine, session_factory
from bot.service import GameService, ServiceError
from engine.core.errors import RuleError
from engine.core.record import replay
from engine.registry import rules_for
from tests.bot.helpers import database_url

POSTGRES = os.environ.get("KEEPER_TEST_POSTGRES_URL")


@pytest.fixture(params=["sqlite", "postgres"])
async def service(request, tmp_path):
    engine = make_engine(database_url(request.param, tmp_path))
    if request.param == "postgres":
        from sqlmodel import SQLModel
        async with engine.begin() as conn:
            await conn.run_sync(SQLModel.metadata.drop_all)
    await create_tables(engine)
    yield GameService(session_factory(engine))
    await engine.dispose()


async def started_game(service, channel=42, players=5):
    game = await service.create_lobby(1, channel, "thing", 100)
    for user in range(101, 100 + players):
        await service.join(game.id, user)
    return (await service.start(game.id)).game


async def test_sqlite_runs_in_wal_mode(tmp_path):
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'wal.sqlite3'}")
    async with engine.connect() as conn:
        mode = (await conn.execute(text("PRAGMA journal_mode"))).scalar()
    await engine.dispose()
    assert mode == "wal"


async def test_sqlite_commits_wait_for_the_disk_only_when_durable(tmp_path):
    """KEEPER_DURABLE_COMMITS on SQLite: WAL with synchronous=NORMAL by default (a crash of the
    bot loses nothing, a power loss may lose the last moves), FULL when durable."""
    seen = {}
    for durable in (False, True):
        engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'sync.sqlite3'}", durable_commits=durable)
        async with engine.connect() as conn:
            seen[durable] = (await conn.execute(text("PRAGMA synchronous"))).scalar()
        await engine.dispose()
    assert seen == {False: 1, True: 2}  # NORMAL, FULL


@pytest.mark.skipif(not POSTGRES, reason="KEEPER_TEST_POSTGRES_URL not set")
@pytest.mark.parametrize("durable", [False, True])
async def test_postgres_moves_skip_the_flush_but_nothing_is_announced_before_it(durable, tmp_path):
    """By default a move's statement relaxes its own commit (set_config('synchronous_commit',
    'off', true): the flush was most of a checkpoint's slowest 1 %), and a delivery first commits
    one statement at the server's own setting, whose flush carries every move before it: the
    table is never told of a move a crash of the database server could take back. Durable: the
    move waits for its flush itself and no such statement is needed. Nothing changes the
    connection's own setting (poolers refuse start-up parameters; admin writes keep it)."""
    from sqlalchemy import event

    queries: list[str] = []  # what the driver runs itself (a move) and what SQLAlchemy runs
    engine = await _logged_engine(database_url("postgres", tmp_path), queries, durable_commits=durable)
    event.listen(engine.sync_engine, "before_cursor_execute", lambda _c, _cur, statement, *_a: queries.append(statement))
    service = GameService(session_factory(engine))
    try:
        game = await started_game(service)
        queries.clear()
        prompt = service.prompts(game)[0]
        await service.act(game.id, {"player": prompt["player"], "prompt": prompt["id"], **prompt["options"][0]})
        move = [q for q in queries if q.lstrip().upper().startswith("WITH")]
        assert len(move) == 1
        assert ("set_config('synchronous_commit', 'off', true)" in move[0]) is not durable
        queries.clear()
        _, rows = await service.claim_outbox(game.id, service.token)
        assert rows  # the move's announcements, claimed by this process when written
        flushes = [q for q in queries if "pg_current_xact_id()" in q]
        assert len(flushes) == (0 if durable else 1)
        # on the claim's own connection: deliveries of a burst each holding one never wait on
        # the pool for a second (a pool of one connection still delivers)
        one = make_engine(database_url("postgres", tmp_path), pool_size=1, pool_timeout=2, durable_commits=durable)
        try:
            lone = GameService(session_factory(one))
            prompt = lone.prompts(await lone.get(game.id))[0]
            await lone.act(game.id, {"player": prompt["player"], "prompt": prompt["id"], **prompt["options"][0]})
            assert (await lone.claim_outbox(game.id, lone.token))[1]
        finally:
            await one.dispose()
        async with engine.connect() as conn:
            assert (await conn.execute(text("SHOW synchronous_commit"))).scalar() == "on"
    finally:
        await engine.dispose()


_KILLED_MOVER = """
import asyncio, sys
from bot.db import create_tables, make_engine, session_factory
from bot.service import GameService

async def main(url):
    engine = make_engine(url)  # the default: a move does not wait for the disk's flush
    await create_tables(engine)
    service = GameService(session_factory(engine))
    game = await service.create_lobby(1, 42, "thing", 100)
    for user in range(101, 105):
        await service.join(game.id, user)
    game = (await service.start(game.id)).game
    while True:  # each move told to the parent once its commit returned, until it is killed
        prompt = service.prompts(game)[0]
        game = (await service.act(game.id, {"player": prompt["player"], "prompt": prompt["id"],
                                            **prompt["options"][0]})).game
        print(game.id, game.version, flush=True)

asyncio.run(main(sys.argv[1]))
"""


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_a_killed_bot_loses_no_move_it_was_told_was_committed(backend, tmp_path):
    """The commit contract's first half (bot.db.make_engine): a move does not wait for the disk's
    flush, yet a bot killed (SIGKILL) right after a move's commit returned loses nothing."""
    import signal
    import subprocess
    import sys

    url = database_url(backend, tmp_path)
    if backend == "postgres":
        from sqlmodel import SQLModel
        engine = make_engine(url)
        async with engine.begin() as conn:
            await conn.run_sync(SQLModel.metadata.drop_all)
        await engine.dispose()
    mover = subprocess.Popen([sys.executable, "-c", _KILLED_MOVER, url], stdout=subprocess.PIPE, text=True)
    try:
        told = [mover.stdout.readline().split() for _ in range(8)]
        assert all(len(line) == 2 for line in told), told
        mover.send_signal(signal.SIGKILL)
    finally:
        mover.kill()
        mover.wait()
    game_id, version = int(told[-1][0]), int(told[-1][1])
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:
            kept = (await conn.execute(text(f"SELECT version FROM games WHERE id = {game_id}"))).scalar()
    finally:
        await engine.dispose()
    assert kept >= version


async def test_one_live_game_per_channel(service):
    await started_game(service)
    with pytest.raises(ServiceError) as refused:
        await service.create_lobby(1, 42, "thing", 200)
    assert refused.value.code == "channel_busy"
    other = await service.create_lobby(1, 43, "thing", 200)  # another channel is fine
    assert other.status == "lobby"


async def test_every_action_is_checkpointed_and_replays(service):
    game = await started_game(service)
    rules = rules_for("thing")
    rng = random.Random(3)
    for _ in range(60):
        prompts = rules.prompts(game.state)
        if not prompts:
            break
        action = {"player": prompts[0]["player"], "prompt": prompts[0]["id"], **rng.choice(prompts[0]["options"])}
        game = (await service.act(game.id, action)).game
    stored = await service.get(game.id)
    assert stored.state == game.state and stored.version == game.version
    assert stored.last_action == len(await service.actions(game.id))
    record = await service.record(game.id)
    assert replay(record).state == stored.state


def moves(rows) -> list:
    """The members' own actions of a log (not the steps the bot made by itself, marked ``auto``)."""
    return [row for row in rows if not row.action.get("auto")]


async def test_concurrent_clicks_apply_once(service):
    game = await started_game(service)
    prompt = rules_for("thing").prompts(game.state)[0]
    action = {"player": prompt["player"], "prompt": prompt["id"], **prompt["options"][0]}
    results = await asyncio.gather(*[service.act(game.id, dict(action)) for _ in range(100)],
                                   return_exceptions=True)
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert all(isinstance(r, RuleError) for r in results if isinstance(r, Exception))
    assert len(moves(await service.actions(game.id))) == 1


async def test_undo_and_reset_archive(service):
    game = await started_game(service)
    prompt = rules_for("thing").prompts(game.state)[0]
    before = game.state
    await service.act(game.id, {"player": prompt["player"], **prompt["options"][0]})
    undone = await service.undo(game.id, 1, force=True)
    assert undone.game.state == before  # the draw made by itself before that action stays
    assert moves(await service.actions(game.id)) == []
    async with service.sessions() as session:  # append-only: the undone row is kept, marked
        rows = (await session.exec(select(ActionLog).where(ActionLog.game_id == game.id))).all()
    assert [(row.number, row.undone) for row in rows][:2] == [(1, False), (2, True)]
    prompt = rules_for("thing").prompts(undone.game.state)[0]
    again = await service.act(game.id, {"player": prompt["player"], **prompt["options"][0]})
    assert [row.number for row in moves(await service.actions(game.id))] == [len(rows) + 1]
    assert replay(await service.record(game.id)).state == again.game.state
    archived = await service.reset(game.id)
    assert archived.status == "archived" and archived.live_channel is None
    assert await service.get(game.id) is not None  # archived, never deleted
    assert (await service.create_lobby(1, 42, "thing", 100)).status == "lobby"


class _HookedSessions:
    """A session factory whose sessions run ``hook`` once, right after the first game row is
    read: another process acting between this process's read and its write."""

    def __init__(self, factory, hook):
        self.factory, self.hook, self.fired = factory, hook, False

    def __call__(self):
        return _HookedSession(self, self.factory())


class _HookedSession:
    def __init__(self, owner, session):
        self.owner, self.session = owner, session

    async def __aenter__(self):
        await self.session.__aenter__()
        return self

    async def __aexit__(self, *exc):
        return await self.session.__aexit__(*exc)

    async def get(self, *args, **kwargs):
        found = await self.session.get(*args, **kwargs)
        if not self.owner.fired:
            self.owner.fired = True
            await self.owner.hook()
        return found

    def __getattr__(self, name):
        return getattr(self.session, name)


async def test_an_undo_in_one_process_never_silently_erases_a_click_in_another(service):
    game = await started_game(service)
    rules = rules_for("thing")
    first = rules.prompts(game.state)[0]
    game = (await service.act(game.id, {"player": first["player"], **first["options"][0]})).game
    engine_b = make_engine(str(service.sessions.kw["bind"].url.render_as_string(hide_password=False)))
    other_process = GameService(session_factory(engine_b))
    clicked = []

    async def click_meanwhile():
        prompt = rules.prompts((await other_process.get(game.id)).state)[0]
        outcome = await other_process.act(game.id, {"player": prompt["player"], "prompt": prompt["id"],
                                                   **prompt["options"][0]})
        clicked.append(outcome.applied[0])

    undoing = GameService(_HookedSessions(service.sessions, click_meanwhile))
    undoing._channel_of[game.id] = game.channel_id  # known already: the hook fires on the undo's own read
    try:
        with pytest.raises(ServiceError) as refused:
            await undoing.undo(game.id, 1, force=True)
        assert refused.value.code == "conflict"
        assert clicked, "the other process's click was acknowledged"
        log = [row.action for row in await service.actions(game.id)]
        assert clicked[0] in log and len(moves(await service.actions(game.id))) == 2  # the click stands
        assert replay(await service.record(game.id)).state == (await service.get(game.id)).state
    finally:
        await engine_b.dispose()


async def test_first_clicks_from_many_guilds_never_starve_a_small_pool(tmp_path):
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'pool.sqlite3'}", pool_size=2)
    await create_tables(engine)
    service = GameService(session_factory(engine), default_timeout_minutes=10)
    games = []
    for guild in range(30):
        lobby = await service.create_lobby(5000 + guild, 9000 + guild, "thing", 100)
        for user in range(101, 104):
            await service.join(lobby.id, user)
        games.append((await service.start(lobby.id)).game)
    service._guild_cache.clear()  # the first click of each guild after a restart: settings uncached
    rules = rules_for("thing")

    async def first_click(game):
        prompt = rules.prompts(game.state)[0]
        return await service.act(game.id, {"player": prompt["player"], **prompt["options"][0]})

    try:
        results = await asyncio.wait_for(asyncio.gather(*(first_click(g) for g in games)), timeout=20)
        assert len(results) == 30 and all(r.applied for r in results)
    finally:
        await engine.dispose()


async def test_a_deadline_defaults_only_the_decision_that_expired(service):
    from datetime import timedelta

    from bot.db import Game, utcnow
    service.default_timeout_minutes = 10
    game = await started_game(service)
    async with service.sessions() as session:  # the first player's time ran out...
        await session.exec(text("UPDATE games SET deadline = :past WHERE id = :id")
                           .bindparams(past=(utcnow() - timedelta(minutes=1)).replace(tzinfo=None), id=game.id))
        await session.commit()
    _, expired = await service.due()
    assert [g.id for g in expired] == [game.id]
    rules = rules_for("thing")
    prompt = rules.prompts(game.state)[0]
    # ...but they act just before the deadline loop gets to the game
    after = (await service.act(game.id, {"player": prompt["player"], **prompt["options"][0]})).game
    fresh = rules.prompts(after.state)
    assert await service.expire(game.id) is None
    assert rules.prompts((await service.get(game.id)).state) == fresh  # nobody's new decision was taken
    assert len(moves(await service.actions(game.id))) == 1
    assert isinstance(await service.get(game.id), Game)


async def fill_wal(engine, limit: int) -> None:
    from bot.db import wal_size
    async with engine.begin() as conn:
        await conn.exec_driver_sql("CREATE TABLE IF NOT EXISTS filler (payload TEXT)")
    while wal_size(engine) <= limit:
        async with engine.begin() as conn:
            await conn.exec_driver_sql("INSERT INTO filler VALUES (?)", ("x" * 4000,))


async def test_the_sqlite_wal_is_bounded_by_passive_checkpoints_and_cut_when_idle(tmp_path):
    import sqlite3

    from bot.db import checkpoint_wal, wal_size
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'wal.sqlite3'}", busy_seconds=5.0)
    limit = 256 * 1024
    try:
        await fill_wal(engine, limit)
        # past the limit with nobody in the way: cut at once
        assert await checkpoint_wal(engine, limit=limit) == "TRUNCATE"
        assert wal_size(engine) == 0
        async with engine.begin() as conn:  # below the limit and written since: only PASSIVE
            await conn.exec_driver_sql("INSERT INTO filler VALUES ('again')")
        assert await checkpoint_wal(engine, limit=limit) == "PASSIVE"

        # a reader holds a transaction: the checkpoint neither waits for it (TRUNCATE did, up to
        # the busy timeout, holding the writers back) nor blocks a writer
        await fill_wal(engine, limit)
        reader = sqlite3.connect(tmp_path / "wal.sqlite3", isolation_level=None)
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM filler").fetchone()
        try:
            for _ in range(3):
                assert await checkpoint_wal(engine, limit=limit) == "PASSIVE"
            async with engine.begin() as conn:  # a writer goes on meanwhile
                await conn.exec_driver_sql("INSERT INTO filler VALUES ('meanwhile')")
        finally:
            reader.execute("COMMIT")
            reader.close()
        # idle now (nothing written since the last look): the file is cut to zero
        modes = [await checkpoint_wal(engine, limit=limit) for _ in range(2)]
        assert "TRUNCATE" in modes and wal_size(engine) == 0
    finally:
        await engine.dispose()


@pytest.mark.parametrize("database", ["sqlite", "postgres"])
async def test_shard_processes_serve_only_their_guilds_and_never_double_apply(tmp_path, database):
    """Two bot processes over one database, shards 0 and 1 of 2: each one's deadline and outbox
    loops see only its own guilds; a click sent to both is applied once."""
    from datetime import timedelta

    from bot.client import ShardedKeeperBot, create_bot
    from bot.db import utcnow
    from bot.settings import Settings

    url = database_url(database, tmp_path)
    if database == "postgres":
        from sqlmodel import SQLModel
        cleaner = make_engine(url)
        async with cleaner.begin() as conn:
            await conn.run_sync(SQLModel.metadata.drop_all)
            await conn.exec_driver_sql("DROP TABLE IF EXISTS alembic_version")
        await cleaner.dispose()
    settings = [Settings(_env_file=None, token="x", database_url=url, shard_count=2, shard_ids=str(i))
                for i in (0, 1)]
    assert settings[0].shards() == (2, [0]) and Settings(_env_file=None, shard_count=4, shard_ids="1-2,3").shards() \
        == (4, [1, 2, 3])
    bot = create_bot(settings[1])
    assert isinstance(bot, ShardedKeeperBot) and bot.shard_count == 2 and bot.shard_ids == [1]
    await bot.db_engine.dispose()

    engines = [make_engine(url) for _ in range(2)]
    await create_tables(engines[0])
    services = [GameService(session_factory(e), default_timeout_minutes=10, shards=s.shards())
                for e, s in zip(engines, settings)]
    try:
        guilds = {0: 5 << 22, 1: (6 << 22) | 17}  # guild id >> 22 picks the shard: 5 % 2 = 1, 6 % 2 = 0
        games = {}
        for shard_of_guild, guild in ((1, guilds[0]), (0, guilds[1])):
            lobby = await services[0].create_lobby(guild, guild + 1, "thing", 100)
            for user in range(101, 104):
                await services[0].join(lobby.id, user)
            games[shard_of_guild] = (await services[0].start(lobby.id)).game
        later = utcnow() + timedelta(minutes=11)
        for shard in (0, 1):
            _, expired = await services[shard].due(later)
            assert [g.id for g in expired] == [games[shard].id]
            assert await services[shard].due_outbox_games(now=later + timedelta(minutes=5)) == [games[shard].id]

        game = games[0]
        prompt = rules_for("thing").prompts(game.state)[0]
        action = {"player": prompt["player"], "prompt": prompt["id"], **prompt["options"][0]}
        results = await asyncio.gather(*[services[i % 2].act(game.id, dict(action)) for i in range(20)],
                                       return_exceptions=True)
        assert sum(not isinstance(r, Exception) for r in results) == 1
        assert all(isinstance(r, (RuleError, ServiceError)) for r in results if isinstance(r, Exception))
        assert len(moves(await services[0].actions(game.id))) == 1
        # both deadline loops firing on one game default it once
        other = games[1]
        expired = await asyncio.gather(*[s.expire(other.id, later) for s in services], return_exceptions=True)
        applied = [r for r in expired if r is not None and not isinstance(r, Exception)]
        assert len(applied) == 1, expired   # one loop applied it, the other found nothing due
        # what the log holds is exactly that one expiry (the default, and the window it opened
        # closing for everyone), nothing applied twice
        logged = [row.action for row in moves(await services[0].actions(other.id))]
        assert logged == [a for a in applied[0].applied if not a.get("auto")] and logged, expired
        async with services[0].sessions() as session:  # ...and announce it once
            rows = (await session.exec(select(Outbox).where(Outbox.game_id == other.id, Outbox.kind == "public"))).all()
        timed_out = [r for r in rows if any(n["key"] == "deadline.timed_out" for n in r.payload.get("notices", []))]
        assert len(timed_out) == 1
    finally:
        for e in engines:
            await e.dispose()


async def test_an_undo_after_a_deploy_that_changed_the_rules_is_refused(service):
    """Records carry the rules and content version: a game begun under another one is not
    replayed (its actions could mean another game now), and nothing changes."""
    game = await started_game(service)
    assert game.state["version"] == rules_for("thing").version
    prompt = rules_for("thing").prompts(game.state)[0]
    game = (await service.act(game.id, {"player": prompt["player"], **prompt["options"][0]})).game
    assert (await service.record(game.id)).version == rules_for("thing").version
    async with service.sessions() as session:  # as if the game had begun before a deploy
        stored = await session.get(Game, game.id)
        stored.state = {**stored.state, "version": "0+olderpack"}
        session.add(stored)
        await session.commit()
    before = await service.get(game.id)
    with pytest.raises(ServiceError) as refused:
        await service.undo(game.id, 1, force=True)
    assert refused.value.code == "undo_other_version"
    after = await service.get(game.id)
    assert after.state == before.state and len(moves(await service.actions(game.id))) == 1


async def test_an_undo_still_works_for_a_game_begun_under_the_bytes_digest(service):
    """Versions digested the content files' bytes until 28 Nov 2026, so every wording fix
    deployed took running games their undo. Such a game (files unchanged since) is still undone,
    and from then on carries today's version."""
    rules = rules_for("thing")
    game = await started_game(service)
    prompt = rules.prompts(game.state)[0]
    game = (await service.act(game.id, {"player": prompt["player"], **prompt["options"][0]})).game
    bytes_version = f"{rules.rules_version}+{rules.bytes_digest()}"
    assert bytes_version != rules.version
    async with service.sessions() as session:  # as if the game had begun before that deploy
        stored = await session.get(Game, game.id)
        stored.state = {**stored.state, "version": bytes_version}
        session.add(stored)
        await session.commit()
    undone = await service.undo(game.id, 1, force=True)
    assert len(moves(await service.actions(game.id))) == 0 and undone.game.state["version"] == rules.version


async def test_an_undo_still_works_when_a_card_s_words_in_the_state_were_reworded(service, monkeypatch):
    """A frame may carry a card's words (an Eldritch choice's labels, in every language): reworded
    by a deploy, the log still rebuilds the same game, so the undo goes ahead."""
    rules = rules_for("thing")
    words = {"en": "Take the lantern"}
    dealt = rules.new_game

    def new_game(*args, **kwargs):  # as if the rules copied a card's label into the state
        state, events = dealt(*args, **kwargs)
        return {**state, "label": dict(words)}, events
    monkeypatch.setattr(rules, "new_game", new_game)
    game = await started_game(service)
    prompt = rules.prompts(game.state)[0]
    game = (await service.act(game.id, {"player": prompt["player"], **prompt["options"][0]})).game
    words["en"] = "Take the oil lantern"  # the deploy
    undone = await service.undo(game.id, 1, force=True)
    assert len(moves(await service.actions(game.id))) == 0 and undone.game.state["label"] == words


async def test_an_undo_of_a_game_begun_before_versions_is_checked_by_replaying_it(service):
    """A game begun before records carried versions has none: the undo first checks that the
    rules still rebuild the stored game from its log, and refuses if they don't."""
    game = await started_game(service)
    prompt = rules_for("thing").prompts(game.state)[0]
    game = (await service.act(game.id, {"player": prompt["player"], **prompt["options"][0]})).game
    async with service.sessions() as session:
        stored = await session.get(Game, game.id)
        old = {k: v for k, v in stored.state.items() if k != "version"}
        stored.state = old
        session.add(stored)
        await session.commit()
    undone = await service.undo(game.id, 1, force=True)  # same rules: the log rebuilds it, undo works
    assert len(moves(await service.actions(game.id))) == 0 and undone.game.status == "active"
    prompt = rules_for("thing").prompts(undone.game.state)[0]
    game = (await service.act(game.id, {"player": prompt["player"], **prompt["options"][0]})).game
    async with service.sessions() as session:  # as if the rules had changed since it began
        stored = await session.get(Game, game.id)
        stored.state = {**{k: v for k, v in stored.state.items() if k != "version"},
                        "deck": list(reversed(stored.state["deck"]))}
        session.add(stored)
        await session.commit()
    with pytest.raises(ServiceError) as refused:
        await service.undo(game.id, 1, force=True)
    assert refused.value.code == "undo_other_version"


async def test_states_are_stored_packed_and_plain_json_rows_still_load(service):
    """Issue 19 (Scale): "make states compact". A state is written packed (this small one, just
    dealt, in under 70 % of its JSON; a bench game's Unfathomable or Eldritch state in about
    half), reads back as exactly the state the engine made (its log replays to it), and a row
    written before states were packed (plain JSON) loads as it is and is packed by its next write."""
    import json

    from bot.db import PACKED, compact_json
    game = await started_game(service)
    plain = compact_json(game.state)
    async with service.sessions() as session:
        stored = (await session.exec(text("SELECT state FROM games WHERE id = :id").bindparams(id=game.id))).scalar()
        stored = json.loads(stored) if isinstance(stored, str) else stored
        assert list(stored) == [PACKED] and len(compact_json(stored)) < len(plain) * 0.7
        # as an earlier release wrote it: the state as plain JSON
        from sqlalchemy import JSON, column, table, update
        games = table("games", column("id"), column("state", JSON))  # the column's plain JSON type
        await session.exec(update(games).where(games.c.id == game.id).values(state=game.state))
        await session.commit()
    old = await service.get(game.id)
    assert old.state == game.state and replay(await service.record(game.id)).state == old.state
    prompt = rules_for("thing").prompts(old.state)[0]
    moved = (await service.act(game.id, {"player": prompt["player"], "prompt": prompt["id"],
                                         **prompt["options"][0]})).game
    async with service.sessions() as session:
        stored = (await session.exec(text("SELECT state FROM games WHERE id = :id").bindparams(id=game.id))).scalar()
    assert PACKED in (json.loads(stored) if isinstance(stored, str) else stored)
    assert (await service.get(game.id)).state == moved.state == replay(await service.record(game.id)).state


async def test_a_look_at_the_news_moves_the_members_mark_on_every_database(service):
    """The look and the mark's move are plain statements (on PostgreSQL the move's own commit
    does not wait for the flush): the mark moves, a redraw of the look shows it again."""
    game = await started_game(service)
    dealt = await service.news_since_look(game.id, 101)
    assert dealt, "the deal tells each member their card"
    assert await service.news_since_look(game.id, 101, again=True) == dealt  # the same look, redrawn

    async def mark():
        async with service.sessions() as session:
            seen = (await session.exec(select(NewsSeen).where(NewsSeen.game_id == game.id,
                                                              NewsSeen.user_id == 101))).one()
            newest = (await session.exec(select(News.id).where(News.game_id == game.id, News.user_id == 101)
                                         .order_by(News.id.desc()))).first()
        return seen.since, seen.seen, newest

    since, seen, newest = await mark()
    assert (since, seen) == (0, newest)
    assert await service.news_since_look(game.id, 101) == []  # a new look: nothing new since
    since, seen, newest = await mark()
    assert (since, seen) == (newest, newest)  # the mark moved (on PostgreSQL, without a transaction)
    assert await service.news_since_look(game.id, 101, again=True) == []


async def test_a_failed_checkpoint_write_raises_what_sqlalchemy_raises_on_every_database(service):
    """On PostgreSQL a checkpoint's write is one statement run by the driver itself
    (bot.service._write); a failure there comes out as SQLAlchemy's own execution raises it,
    so the service treats it alike on every database (here a second log row of one number: the
    IntegrityError of the ``one_action_per_number`` constraint, nothing written), inside a
    transaction begun already and by itself."""
    from sqlalchemy.exc import IntegrityError

    from bot.db import utcnow
    from bot.service import _write

    game = await started_game(service)
    row = {"game_id": game.id, "number": 999, "actor": "101", "action": {"type": "pass"}, "reveal": False,
           "undone": False, "created_at": utcnow()}
    for begun in (True, False):
        async with service.sessions() as session:
            connection = await session.connection()
            if begun:
                await connection.execute(text("SELECT 1"))
            with pytest.raises(IntegrityError):
                await _write(connection, [(ActionLog, row), (ActionLog, dict(row))])
            await session.rollback()
        async with service.sessions() as session:
            assert not (await session.exec(select(ActionLog).where(ActionLog.number == 999))).all()


async def test_a_lost_version_race_writes_nothing_on_every_database(service):
    """A change written with a version that is no longer the row's (another process wrote the
    game meanwhile) updates nothing and inserts none of its rows: the service sees the conflict
    and runs the operation again on a fresh read."""
    from bot.db import utcnow
    from bot.service import _write

    game = await started_game(service)
    row = {"game_id": game.id, "number": 999, "actor": "101", "action": {"type": "pass"}, "reveal": False,
           "undone": False, "created_at": utcnow()}
    news = {"game_id": game.id, "user_id": 101, "number": 999, "events": [{"type": "x"}], "undone": False,
            "created_at": utcnow()}
    stale = {"state": {"lost": True}, "version": game.version + 1, "last_action": 999, "status": "active",
             "live_channel": game.live_channel, "deadline": None, "reminder_at": None, "autopilot": [],
             "updated_at": utcnow(), "_id": game.id, "_version": game.version - 1}
    async with service.sessions() as session:
        assert not await _write(await session.connection(), [(ActionLog, row), (News, news)], stale)
        await session.commit()
    after = await service.get(game.id)
    assert (after.version, after.state) == (game.version, game.state)
    async with service.sessions() as session:
        assert not (await session.exec(select(ActionLog).where(ActionLog.number == 999))).all()
        assert not (await session.exec(select(News).where(News.number == 999))).all()


async def _logged_engine(url: str, queries: list, durable_commits: bool = False):
    """An engine whose every asyncpg connection logs each statement it sends into ``queries``
    (BEGIN and COMMIT included: asyncpg sends them as statements)."""
    from sqlalchemy import event
    from sqlmodel import SQLModel

    engine = make_engine(url, durable_commits=durable_commits)

    @event.listens_for(engine.sync_engine, "connect")
    def _log(dbapi_connection, _record):
        dbapi_connection.driver_connection.add_query_logger(lambda record: queries.append(record.query))

    async with engine.begin() as conn:
        await conn.run_sync(SQLModel.metadata.drop_all)
        await conn.exec_driver_sql("DROP TABLE IF EXISTS alembic_version")
    await create_tables(engine)
    return engine


async def test_a_checkpoint_on_postgresql_is_one_statement_and_a_click_begins_no_transaction(tmp_path, monkeypatch):
    """On PostgreSQL a checkpoint is one round trip: the guarded UPDATE of the game and the
    INSERTs of its log, news and outbox rows in one statement, atomic by itself (no BEGIN and
    COMMIT around it), even the first on a new connection (asyncpg's look-up of the array types
    is made when the connection is); the reads of the click before it (its game, the members'
    auto-pass) are statements by themselves too, so the whole click sends no BEGIN or COMMIT."""
    queries: list[str] = []
    engine = await _logged_engine(database_url("postgres", tmp_path), queries)
    service = GameService(session_factory(engine))
    during: list[list[str]] = []
    original = GameService._checkpoint

    async def logged(self, *args, **kwargs):
        await asyncio.sleep(0)  # asyncpg calls a query logger soon after the query (call_soon)
        began = len(queries)
        await original(self, *args, **kwargs)
        await asyncio.sleep(0)
        during.append(queries[began:])

    monkeypatch.setattr(GameService, "_checkpoint", logged)
    try:
        game = await started_game(service)
        prompt = service.prompts(game)[0]
        await engine.dispose()  # the click on a new connection: its first checkpoint too is one statement
        queries.clear()
        during.clear()
        outcome = await service.act(game.id, {"player": prompt["player"], "prompt": prompt["id"],
                                              **prompt["options"][0]})
        assert outcome.applied and during, "the click was checkpointed"
        for sent in during:
            assert len(sent) == 1, sent
            assert "UPDATE games" in sent[0] and "INSERT INTO action_log" in sent[0] and "INSERT INTO outbox" in sent[0]
        assert not [q for q in queries if q.split()[0].upper() in ("BEGIN", "COMMIT", "ROLLBACK")], queries
        async with service.sessions() as session:
            logged_rows = (await session.exec(select(ActionLog).where(ActionLog.game_id == game.id)
                                              .order_by(ActionLog.number))).all()
            outbox = (await session.exec(select(Outbox).where(Outbox.game_id == game.id).order_by(Outbox.id))).all()
        assert logged_rows[-1].number == outcome.game.last_action and outbox[-1].kind == "table"
    finally:
        await engine.dispose()



async def test_a_postgresql_connection_has_every_change_statement_prepared_before_its_first_checkpoint(tmp_path):
    """Each statement a checkpoint or a save may send (bot.service.change_shapes) is prepared on a
    pooled connection at its first use with the schema in place, changing nothing; a checkpoint then
    prepares nothing more (its first use on a connection cost a round trip and the planning of the
    statement: about 1 % of the checkpoints at 10,000 games). A database without the schema yet
    is left alone (prepared at a later checkout)."""
    from bot.service import _change_statement, change_shapes

    engine = make_engine(database_url("postgres", tmp_path))
    try:
        async with engine.begin() as conn:  # no schema yet: the checkout goes on, nothing prepared
            from sqlmodel import SQLModel
            await conn.run_sync(SQLModel.metadata.drop_all)
        await create_tables(engine)
        await engine.dispose()
        service = GameService(session_factory(engine))
        game = await started_game(service)
        async def tables(conn) -> dict:  # every row of the tables a change writes, as text
            return {name: (await conn.execute(text(f"SELECT count(*), md5(string_agg(t::text, '|' ORDER BY t.id)) "
                                                   f"FROM {name} t"))).one() for name in ("games", "action_log", "news", "outbox")}

        async with engine.connect() as conn:
            written = await tables(conn)
        await engine.dispose()  # a new connection: its first checkout runs every change statement once
        async with engine.connect() as conn:
            assert await tables(conn) == written  # ... changing nothing
            prepared = set((await conn.execute(text("SELECT statement FROM pg_prepared_statements"))).scalars())
            wanted = {_change_statement(guarded, shape, engine.dialect).sql for guarded, shape in change_shapes()}
            assert len(wanted) == 15 and wanted <= prepared, len(wanted - prepared)
        prompt = service.prompts(game)[0]
        await service.act(game.id, {"player": prompt["player"], "prompt": prompt["id"], **prompt["options"][0]})
        async with engine.connect() as conn:
            after = set((await conn.execute(text("SELECT statement FROM pg_prepared_statements"))).scalars())
            assert not [sql for sql in after - prepared if "UPDATE games" in sql or "unnest" in sql]
    finally:
        await engine.dispose()


async def test_change_statements_prepared_ahead_stay_prepared_past_five_minutes(tmp_path):
    """asyncpg's statement cache drops an entry ``max_cached_statement_lifetime`` seconds after it
    was prepared (300 by default), however often it is used: the change statements prepared at a
    connection's first checkout would then be prepared again inside checkpoints every 5 minutes.
    The engine's connections keep them (evicted only by the cache's size)."""
    from bot.service import _change_statement, change_shapes

    engine = make_engine(database_url("postgres", tmp_path))
    try:
        await create_tables(engine)
        async with engine.connect() as conn:
            driver = (await conn.get_raw_connection()).driver_connection
            assert driver._stmt_cache.get_max_lifetime() == 0
            cached = {entry[0] for entry in driver._stmt_cache._entries}
            assert {_change_statement(g, s, engine.dialect).sql for g, s in change_shapes()} <= cached
    finally:
        await engine.dispose()


async def test_a_change_statement_the_database_refuses_ahead_fails_no_operation(tmp_path, monkeypatch):
    """Preparing the change statements at a checkout is only a head start: a statement the server
    refuses for another reason than a missing schema (here a division by zero; in life a lock
    timeout while a migration holds a table) leaves the operation that checked the connection
    out unharmed, and a later checkout prepares them."""
    import types

    import bot.service as service_module
    from bot.service import _change_statement, change_shapes

    engine = make_engine(database_url("postgres", tmp_path))
    try:
        await create_tables(engine)
        await engine.dispose()  # fresh connections: the next checkout prepares
        refused = types.SimpleNamespace(sql="SELECT 1 / 0", params=[])
        monkeypatch.setattr(service_module, "_change_statement", lambda *args: refused)
        async with engine.connect() as conn:
            assert (await conn.execute(text("SELECT count(*) FROM games"))).scalar() is not None
            record = (await conn.get_raw_connection())._connection_record
            assert record.info["changes_prepared"] is False
        monkeypatch.undo()
        async with engine.connect() as conn:  # the same connection (LIFO), prepared at this checkout
            assert (await conn.get_raw_connection())._connection_record is record
            assert record.info["changes_prepared"] is True
            prepared = set((await conn.execute(text("SELECT statement FROM pg_prepared_statements"))).scalars())
            assert {_change_statement(g, s, engine.dialect).sql for g, s in change_shapes()} <= prepared
    finally:
        await engine.dispose()


async def test_a_connection_lost_while_preparing_ahead_is_replaced_by_the_pool(tmp_path, monkeypatch):
    """A connection the server ends while its change statements are prepared at a checkout is
    not handed to the operation (its first statement would fail on it): the pool connects anew
    and that connection is prepared."""
    import types

    import bot.service as service_module
    from bot.service import _change_statement, change_shapes

    engine = make_engine(database_url("postgres", tmp_path))
    try:
        await create_tables(engine)
        await engine.dispose()
        ended = []

        def ending_once(*args):  # the first statement prepared ends its own connection
            if not ended:
                ended.append(True)
                return types.SimpleNamespace(sql="SELECT pg_terminate_backend(pg_backend_pid())", params=[])
            return _change_statement(*args)
        monkeypatch.setattr(service_module, "_change_statement", ending_once)
        async with engine.connect() as conn:
            assert (await conn.execute(text("SELECT count(*) FROM games"))).scalar() is not None
            assert (await conn.get_raw_connection())._connection_record.info["changes_prepared"] is True
            prepared = set((await conn.execute(text("SELECT statement FROM pg_prepared_statements"))).scalars())
        assert ended
        assert {_change_statement(g, s, engine.dialect).sql for g, s in change_shapes()} <= prepared
    finally:
        await engine.dispose()


async def test_rows_written_in_one_statement_store_what_sqlalchemy_stores(tmp_path):
    """The one-statement write (bot.service._write: arrays unnested, each value processed as
    SQLAlchemy's own execution processes it) stores the same text in every column as SQLAlchemy's
    INSERT and UPDATE do (a packed state, JSON, datetimes, NULLs, non-ASCII), and reads back the same."""
    from bot.db import utcnow
    from bot.service import _INSERTS, _UPDATE_GAME, GameService as Service, _write

    queries: list[str] = []
    engine = await _logged_engine(database_url("postgres", tmp_path), queries)
    service = Service(session_factory(engine))
    try:
        game = await started_game(service)
        now = utcnow()
        rows = [(ActionLog, {"game_id": game.id, "number": 900 + n, "actor": "101", "action": {"type": "pass", "n": n},
                             "reveal": bool(n), "undone": False, "created_at": now}) for n in range(2)]
        rows += [(News, {"game_id": game.id, "user_id": 101, "number": 900, "events": [{"text": "Нечто «ж»"}],
                         "undone": False, "created_at": now})]
        rows += [(Outbox, {"game_id": game.id, "guild_id": game.guild_id, "channel_id": game.channel_id,
                           "kind": kind, "user_id": user, "payload": payload, "progress": 0, "attempts": 0,
                           "not_before": now, "claim": "me", "claimed_until": None, "delivered": False,
                           "error": None, "created_at": now})
                 for kind, user, payload in (("dm", 101, {"events": [1, 2.5, None]}), ("table", None, {}))]
        values = {"state": game.state, "version": game.version + 1, "last_action": 901, "status": "active",
                  "live_channel": game.live_channel, "deadline": now, "reminder_at": None,
                  "autopilot": ["102"], "updated_at": now}
        async with service.sessions() as session:
            assert await _write(await session.connection(), rows, {**values, "_id": game.id, "_version": game.version})
            await session.commit()
        async with engine.connect() as connection:  # the same again through SQLAlchemy's execution
            for model in (ActionLog, News, Outbox):
                batch = [dict(v, number=v["number"] + 50) if "number" in v else dict(v, claim="sqlalchemy")
                         for m, v in rows if m is model]
                await connection.execute(_INSERTS[model], batch)
            other = await service.create_lobby(1, 77, "thing", 100)
            await connection.execute(_UPDATE_GAME, {**values, "live_channel": other.live_channel,
                                                    "_id": other.id, "_version": other.version})
            await connection.commit()
            for model, mine, theirs in ((ActionLog, "number BETWEEN 900 AND 949", "number >= 950"),
                                        (News, "number BETWEEN 900 AND 949", "number >= 950"),
                                        (Outbox, "claim = 'me'", "claim = 'sqlalchemy'")):
                told_apart = ("id", "claim" if model is Outbox else "number")
                columns = ", ".join(c.name for c in model.__table__.c if c.name not in told_apart)
                stored = [(await connection.exec_driver_sql(
                    f"SELECT CAST(ROW({columns}) AS TEXT) FROM {model.__tablename__} "
                    f"WHERE game_id = {game.id} AND {which} ORDER BY id")).scalars().all() for which in (mine, theirs)]
                assert stored[0] and stored[0] == stored[1], model.__tablename__
            columns = "state, version, last_action, status, deadline, reminder_at, autopilot, updated_at"
            states = (await connection.exec_driver_sql(
                f"SELECT CAST(ROW({columns}) AS TEXT) FROM games WHERE id IN ({game.id}, {other.id})")).scalars().all()
            assert len(states) == 2 and states[0] == states[1]
        assert (await service.get(game.id)).state == game.state
    finally:
        await engine.dispose()


async def test_a_kick_whose_checkpoint_fails_leaves_the_game_as_it_was_on_every_database(service, monkeypatch):
    """A kick marks the member for Keeper's agent and steps the game in one change: when its
    checkpoint fails, nothing of it stays. The guild's settings, read with the session while the
    game row holds the kick unflushed, flush it (autoflush); on PostgreSQL those reads run outside
    a transaction (bot.service._reading), where the flushed UPDATE would commit by itself."""
    import bot.service

    game = await started_game(service)
    service._guild_cache.clear()  # the step reads the settings with its session (an autoflush)

    async def failing(*_args, **_kwargs):
        raise RuntimeError("the checkpoint's write failed")

    monkeypatch.setattr(bot.service, "_write", failing)
    with pytest.raises(RuntimeError):
        await service.kick(game.id, 101)
    after = await service.get(game.id)
    assert "101" not in after.autopilot
    assert after.version == game.version


async def test_a_connection_lost_in_a_one_statement_write_is_not_handed_to_the_next_operation(tmp_path):
    """On PostgreSQL a change outside a transaction is one statement the driver runs itself
    (bot.service._write); when the connection is lost in it, the error comes out as SQLAlchemy's
    and the connection is invalidated (there is no rollback to fail on it), so the next
    operation gets a live connection instead of an error of its own."""
    import asyncpg
    from sqlalchemy.exc import DBAPIError

    from bot.db import utcnow
    from bot.service import _write

    url = database_url("postgres", tmp_path)
    engine = await _logged_engine(url, [])
    service = GameService(session_factory(engine))
    try:
        game = await started_game(service)
        row = {"game_id": game.id, "number": 999, "actor": "101", "action": {"type": "pass"}, "reveal": False,
               "undone": False, "created_at": utcnow()}
        async with service.sessions() as session:
            connection = await session.connection()
            pid = (await connection.get_raw_connection()).driver_connection.get_server_pid()
            killer = await asyncpg.connect(url.replace("postgresql+asyncpg", "postgresql"))
            try:
                await killer.execute("SELECT pg_terminate_backend($1)", pid)
            finally:
                await killer.close()
            await asyncio.sleep(0.2)  # the server closes the connection
            with pytest.raises(DBAPIError):
                await _write(connection, [(ActionLog, row)])
        assert (await service.get(game.id)).version == game.version
    finally:
        await engine.dispose()


async def test_only_the_outboxs_own_records_commit_without_waiting_for_the_wal_flush(tmp_path):
    """On PostgreSQL with KEEPER_DURABLE_COMMITS, the outbox's records (a claim, the delivered
    marks, the live log message, a retry's progress) still commit with ``synchronous_commit`` off
    for their transaction only: a database crash may lose the last of them, as a bot killed
    between a send and its record does, and delivery recovers from that (claims lapse, nonces
    match a redelivery). A game's change waits for its flush, and the setting never stays on a
    pooled connection."""
    from datetime import timedelta

    from sqlalchemy import event

    from bot.db import utcnow

    engine = await _logged_engine(database_url("postgres", tmp_path), [], durable_commits=True)
    service = GameService(session_factory(engine))
    relaxed = "SET LOCAL synchronous_commit TO OFF"
    sent: list[list[str]] = []  # the statements of each transaction SQLAlchemy ran, in order

    @event.listens_for(engine.sync_engine, "begin")
    def _begin(_conn):
        sent.append([])

    @event.listens_for(engine.sync_engine, "before_cursor_execute")
    def _statement(conn, _cursor, statement, *_args):
        if conn.get_execution_options().get("isolation_level") == "AUTOCOMMIT":
            sent.append([statement])  # a statement committed by itself: its own transaction
        elif sent:
            sent[-1].append(statement)

    try:
        game = await started_game(service)
        sent.clear()
        prompt = service.prompts(game)[0]
        acted = await service.act(game.id, {"player": prompt["player"], "prompt": prompt["id"], **prompt["options"][0]})
        assert acted.game.version > game.version  # a checkpoint (one statement the driver runs itself)
        assert not any(relaxed in q for t in sent for q in t)

        async def relaxed_writes(operation) -> list[list[str]]:
            sent.clear()
            await operation
            writes = [t for t in sent if any("UPDATE " in q.upper() for q in t)]
            assert writes
            return writes

        later = utcnow() + timedelta(hours=1)
        claimed = await relaxed_writes(service.claim_outbox(game.id, "another process", now=later))
        rows = (await service.claim_outbox(game.id, "another process", now=later))[1]
        assert rows
        for transaction in claimed:  # read at its commit: set before the first change
            first_change = next(n for n, q in enumerate(transaction) if q.lstrip().upper().startswith("UPDATE"))
            assert relaxed in transaction[:first_change], transaction
        # the records of what was sent are each one statement run by itself (no transaction holds
        # the game row's lock across round trips): relaxed by set_config(..., true) in it, which
        # lasts until that statement's own commit
        for writes in (await relaxed_writes(service.outbox_retry(rows[0], "429", 1.0, 0)),
                       await relaxed_writes(service.outbox_done([row.id for row in rows])),
                       await relaxed_writes(service.save_log(game.id, {"id": 77, "seq": 1}, delivered=[rows[0].id])),
                       await relaxed_writes(service.set_table_message(game.id, 78))):
            assert len(writes) == 1 and len(writes[0]) == 1, writes
            assert "set_config(" in writes[0][0] and "synchronous_commit" in str(writes[0][0]), writes
        async with engine.connect() as conn:  # both of save_log's changes were made
            log, table = (await conn.execute(text(f"SELECT channel_log, table_message_id FROM games WHERE id = {game.id}"))).one()
            assert (log, table) == ({"id": 77, "seq": 1}, 78)
            assert (await conn.execute(text(f"SELECT delivered FROM outbox WHERE id = {rows[0].id}"))).scalar() is True
        async with engine.connect() as one, engine.connect() as two, engine.connect() as three:
            for conn in (one, two, three):  # every pooled connection: SET LOCAL ended with its transaction
                assert (await conn.execute(text("SHOW synchronous_commit"))).scalar() == "on"
    finally:
        await engine.dispose()
