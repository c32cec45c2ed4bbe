"""Keeper at scale (issue 19): N live games of all three games mixed, served by two shard
processes over one database (PostgreSQL or SQLite).

The games are made by the engine (each dealt and played a few real actions, the one-answer
steps made as the bot makes them) and written as the bot writes them (game row, action log), in
bulk, spread over guilds so each shard owns about half. Then two bot processes start, each with
``shard_count=2`` and its own shard, against a Discord transport that answers instantly (only
the bot's own time is measured, as in ``bench bot``), and each measures:

* start-up: what ``python -m bot`` does before it connects: its imports, the start-up check
  (``bot.startup.preflight``: content packs, unless unchanged since they passed, and the schema,
  checked and upgraded once), the bot built with its cogs (``setup_hook``), and its first outbox
  pass. The bot reads no game at start (a game loads at its first click, its state checked then),
  so reading and checking every live game of the shard is reported apart; so is the content
  validation of the first start after the packs changed;
* click→reply: the real option handler (load, engine step, checkpoint, reply), p50/p99, on
  distinct random games of the shard, while the publisher delivers in the background;
* checkpoint: the committed write of a change, p99 per game kind; of it the write itself (the one
  statement, its arguments built and its commit's flush waited for) apart from making its rows;
* memory per live game: the RSS growth of serving a click in each of ~1000 more games
  (``BENCH_MEMORY_GAMES`` per shard; everything the process keeps per game: locks, caches,
  drawn pictures), divided by their number, in two halves: the first also fills the bounded
  caches (64 pictures per game kind, intact states, settings), the second is what each further
  live game costs once they are full (the figure held to the target). Over only the ~100 games
  of the timed clicks the filling caches dominated (the 76-111 KiB once measured at 10,000);
* outbox drain: a burst of clicks on distinct games at once, then the time until every
  announcement of the burst was delivered;
* the same clicks two ways: back to back (each shard busy all the time: its saturation, the
  clicks a second it serves, deliveries included) and open loop (``BENCH_RATE`` clicks a second a
  shard arriving at random, each handled as it comes while the publisher draws and delivers beside
  them, as members' clicks reach a bot; ``BENCH_PACED_CLICKS`` of them). Saturated, two shard
  processes and the database share 2 cores, so a checkpoint's wall time queues for a core; the
  open loop shows what a click and a checkpoint cost below saturation.

    python -m bench scale --count 500                 # SQLite and, if reachable, PostgreSQL
    BENCH_BACKENDS=postgres python -m bench scale --count 10000

Diagnostics: ``BENCH_PROFILE=file`` profiles shard 0's steady clicks (cProfile, CPU time);
``BENCH_SWITCH=seconds`` another GIL switch interval than the bot's
(``bot.client.GIL_SWITCH_INTERVAL_S``); ``BENCH_DURABLE=1`` runs the bots with ``KEEPER_DURABLE_COMMITS``
(every commit waits for the disk's flush; by default, as the bot's, a commit is kept through a
crash of the bot without waiting for the flush: ``bot.db.make_engine``). ``BENCH_SHARDS=1``: one shard process serving every game
(a checkpoint's floor without a second process on the cores); ``BENCH_SLOW_MS=ms``: what held each
shard's event loop longer than that (asyncio's debug mode, which slows everything a little).

PostgreSQL: ``KEEPER_BENCH_POSTGRES_URL`` (default: the local ``keeper_bench`` database of
``.ci/run``'s role, ``postgresql+asyncpg://keeper:keeper@127.0.0.1/keeper_bench``); the bench
drops and recreates every Keeper table there.
"""
from __future__ import annotations

import asyncio
import gc
import json
import multiprocessing
import os
import random
import resource
import sys
import statistics
import tempfile
import time
from pathlib import Path

from bench.common import pct

KINDS = ("thing", "unfathomable", "eldritch")
PLAYERS = {"thing": (4, 8), "unfathomable": (3, 6), "eldritch": (1, 4)}
TEMPLATES = int(os.environ.get("BENCH_TEMPLATES", 40))  # distinct engine-made games per kind
CLICKS = int(os.environ.get("BENCH_CLICKS", 300))  # per shard
BURST = int(os.environ.get("BENCH_BURST", 50))  # per shard
ROUNDS = 3  # clicks per game of the working set
WARMUP = int(os.environ.get("BENCH_WARMUP", 30))  # per shard: first clicks (fonts, caches) not counted
SHARDS = int(os.environ.get("BENCH_SHARDS", 2))  # 1: a diagnostic, the floor without a second process
# open loop: clicks arrive at this rate per shard (Poisson), each handled as it comes, the publisher
# delivering beside them, as members' clicks reach a bot; 0 skips the phase
# default: 5 a shard, 10 a second in all (10,000 live games each clicked about once a quarter of an
# hour: asynchronous play), about a third of what two shards serve back to back on 2 cores
RATE = float(os.environ.get("BENCH_RATE", 5))
PACED_CLICKS = int(os.environ.get("BENCH_PACED_CLICKS", 500))  # per shard
MEMORY_GAMES = int(os.environ.get("BENCH_MEMORY_GAMES", 1000))  # per shard: games served for the memory measure
# the bots' KEEPER_DURABLE_COMMITS: every commit waits for the disk's flush (not the default)
DURABLE = os.environ.get("BENCH_DURABLE") == "1"
SLOW_MS = float(os.environ.get("BENCH_SLOW_MS") or 0)  # diagnostic: report what holds the event loop longer
PROFILE = os.environ.get("BENCH_PROFILE")  # a file: shard 0's steady clicks profiled into it (cProfile)
POSTGRES_URL = os.environ.get("KEEPER_BENCH_POSTGRES_URL",
                              "postgresql+asyncpg://keeper:keeper@127.0.0.1/keeper_bench")
TARGETS = {"click_p99_ms": 30, "checkpoint_p99_ms": 5, "startup_s": 10, "memory_kib": 64, "drain_s": 5}


# ---------------------------------------------------------------- the games
def templates(kind: str, count: int, seed: int = 7) -> list[dict]:
    """``count`` games of ``kind`` made by the engine: dealt, then a few random legal actions,
    each one-answer step made as the bot makes it (logged ``auto``)."""
    from engine.registry import rules_for
    from engine.simulate import choose, legal_moves
    rules = rules_for(kind)
    rng = random.Random(seed)
    low, high = PLAYERS[kind]
    out = []
    while len(out) < count:
        players = [str(10**8 + p) for p in range(rng.randint(low, high))]
        game_seed = rng.getrandbits(62)
        try:
            state, _ = rules.new_game(players, game_seed, {}, {})
            actions = []
            for _ in range(rng.randint(2, 8)):
                forced = rules.forced(state)
                while forced is not None and not rules.is_over(state):
                    state, _ = rules.apply(state, forced)
                    actions.append({**forced, "auto": True})
                    forced = rules.forced(state)
                if rules.is_over(state) or not rules.prompts(state):
                    break
                action = choose(rng, state, legal_moves(rules, state), rules)
                state, _ = rules.apply(state, action)
                actions.append({k: v for k, v in action.items() if k != "prompt"})
            while (forced := rules.forced(state)) is not None and not rules.is_over(state):
                state, _ = rules.apply(state, forced)
                actions.append({**forced, "auto": True})
        except Exception:  # noqa: BLE001 - a random game the engine refused: draw another
            continue
        if rules.is_over(state) or not rules.prompts(state):
            continue
        out.append({"kind": kind, "players": players, "seed": game_seed, "state": state, "actions": actions})
    return out


def guild_of(i: int) -> int:
    """The ``i``-th game's guild: shard ``i % SHARDS`` (Discord's formula: (id >> 22) % count)."""
    return ((10**6 + i) << 22) | 1


async def fill(url: str, count: int) -> dict:
    """Drop every Keeper table, upgrade to the newest schema and write ``count`` live games."""
    from sqlalchemy import insert, text

    from bot.db import ActionLog, Game, make_engine, utcnow
    from bot.service import safe_name
    from bot import migrations  # noqa: F401 - the schema comes from the migrations, as at start
    from bot.db import create_tables

    made = {kind: templates(kind, TEMPLATES, seed=11 + n) for n, kind in enumerate(KINDS)}
    engine = make_engine(url)
    async with engine.begin() as conn:
        if url.startswith("postgresql"):
            await conn.exec_driver_sql("DROP SCHEMA public CASCADE")
            await conn.exec_driver_sql("CREATE SCHEMA public")
    await create_tables(engine)
    started = time.perf_counter()
    batch = 500
    async with engine.begin() as conn:
        for first in range(0, count, batch):
            games, logs = [], []
            for i in range(first, min(count, first + batch)):
                tpl = made[KINDS[i % len(KINDS)]][(i // len(KINDS)) % TEMPLATES]
                now = utcnow()
                games.append({"id": i + 1, "guild_id": guild_of(i), "channel_id": 10**7 + i,
                              "live_channel": 10**7 + i, "kind": tpl["kind"], "status": "active",
                              "creator_id": int(tpl["players"][0]), "players": tpl["players"], "options": {},
                              "setup": {}, "seed": tpl["seed"], "state": tpl["state"], "version": 1, "epoch": 0,
                              "exporters": [], "last_action": len(tpl["actions"]), "autopilot": [],
                              "names": {p: safe_name(f"u{p}") for p in tpl["players"]},
                              "created_at": now, "updated_at": now})
                logs += [{"game_id": i + 1, "number": n + 1, "actor": str(a.get("player")), "action": a,
                          "reveal": False, "undone": False, "created_at": now}
                         for n, a in enumerate(tpl["actions"])]
            await conn.execute(insert(Game), games)
            if logs:
                await conn.execute(insert(ActionLog), logs)
        if url.startswith("postgresql"):
            await conn.exec_driver_sql("SELECT setval('games_id_seq', (SELECT max(id) FROM games))")
    filled = time.perf_counter() - started
    sizes = {}
    async with engine.connect() as conn:
        length = "length(CAST(state AS TEXT))" if url.startswith("postgresql") else "length(state)"
        for kind, size in (await conn.execute(text(f"SELECT kind, avg({length}) FROM games GROUP BY kind"))).all():
            sizes[kind] = float(size)
    await engine.dispose()
    from bot.db import compact_json
    plain = {kind: statistics.mean(len(compact_json(t["state"]).encode()) for t in made[kind]) for kind in KINDS}
    return {"fill_s": filled, "state_bytes": sizes, "state_json_bytes": plain}


# ---------------------------------------------------------------- one shard process
def rss_kib() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * (os.sysconf("SC_PAGE_SIZE") // 1024)


async def shard_run(url: str, shard: int, count: int, record: str, timed_done=None) -> dict:
    start_all = time.perf_counter()
    from bot.client import create_bot
    from bot.settings import Settings
    from bot.startup import preflight

    settings = Settings(_env_file=None, token="bench", deadline_check_seconds=0, outbox_check_seconds=0,
                        wal_check_seconds=0, cleanup_check_minutes=0, database_url=url, shard_count=SHARDS,
                        shard_ids=str(shard), content_check_file=record, durable_commits=DURABLE)
    imported = time.perf_counter() - start_all
    steps = await preflight(settings)  # as python -m bot: content packs, then the schema (once)
    checked = time.perf_counter() - start_all
    bot = create_bot(settings, schema_ready=True)
    # the interval the bot's process sets when it starts (KeeperBot.start, not called here);
    # BENCH_SWITCH: a diagnostic, another one
    from bot.client import GIL_SWITCH_INTERVAL_S
    sys.setswitchinterval(float(os.environ.get("BENCH_SWITCH") or GIL_SWITCH_INTERVAL_S))
    bot.pictures.use_processes(settings.picture_processes)  # as the serving bot's start does
    await bot.setup_hook()  # what the bot does before it connects: translator, cogs
    built = time.perf_counter() - start_all
    service = bot.service
    await bot.publisher.deliver_due()  # nothing is queued after the fill: the query's cost
    startup = time.perf_counter() - start_all
    phases = {"imports": imported, "preflight": checked - imported, **{f"{k} check": v for k, v in steps.items()},
              "bot": built - checked, "outbox": startup - built}

    from bench.bot_bench import FakeInteraction, _Sink, click_value
    if os.environ.get("BENCH_NO_PICTURES") == "1":  # a diagnostic: no table picture drawn at all
        from bot.games import ui_for
        for kind in KINDS:
            if hasattr(ui_for(kind), "table_picture"):
                ui_for(kind).table_picture = lambda state, names, lang: b"\x89PNG"
    sink = _Sink()
    bot.get_channel = lambda channel_id: sink
    bot.get_user = lambda user_id: sink
    from sqlmodel import select

    from bot.db import Game
    from bot.service import GameService, ServiceError, state_damage
    from engine.core.errors import RuleError
    from engine.registry import rules_for
    play = sys.modules["cogs.play"]  # the extension the bot loaded
    began = time.perf_counter()
    async with service.sessions() as session:  # the games to click (the bot reads none at start)
        mine = list((await session.exec(select(Game).where(Game.status == "active",
                                                           service._mine(Game.guild_id)))).all())
    read_s = time.perf_counter() - began
    began = time.perf_counter()
    damaged = sum(1 for g in mine if state_damage(g))  # not part of a start: checked at first use
    check_s = time.perf_counter() - began

    slow: dict[str, list[float]] = {}
    if SLOW_MS:  # a diagnostic: what holds the event loop longer than SLOW_MS at a time (asyncio's debug mode)
        import logging
        import re

        class _Slow(logging.Handler):
            def emit(self, record):
                message = record.getMessage()
                took = re.search(r"took ([0-9.]+) seconds", message)
                if took:
                    where = re.search(r"coro=<([^ >(]+)", message) or re.search(r"<(\S+)", message)
                    slow.setdefault(where.group(1) if where else message[:60], []).append(float(took.group(1)))

        logging.getLogger("asyncio").addHandler(_Slow())
        logging.getLogger("asyncio").setLevel(logging.WARNING)
        asyncio.get_running_loop().set_debug(True)
        asyncio.get_running_loop().slow_callback_duration = SLOW_MS / 1000
    gc.collect()
    rss_before = rss_kib()
    checkpoints: dict[str, list[float]] = {kind: [] for kind in KINDS}
    checkpoint_cpu: dict[str, list[float]] = {kind: [] for kind in KINDS}
    original = GameService._checkpoint

    statements: list[int] = []  # per checkpoint on PostgreSQL: statements sent (each a round trip)
    first_shapes: list[float] = []  # checkpoints that built their statement (a shape's first use)
    first_prepares: list[float] = []  # checkpoints whose statement a connection prepared first
    from bot.service import _change_statement

    async def timed(self, session, game, *args, **kwargs):
        sent = []
        driver = None
        if url.startswith("postgresql"):
            driver = (await (await session.connection()).get_raw_connection()).driver_connection
            driver.add_query_logger(sent.append)
        compiled = _change_statement.cache_info().misses
        prepared = len(driver._stmt_cache) if driver is not None else 0
        began, began_cpu = time.perf_counter(), time.thread_time()
        kind_token = writing.set(game.kind)
        try:
            await original(self, session, game, *args, **kwargs)
        finally:
            writing.reset(kind_token)
            checkpoints[game.kind].append(time.perf_counter() - began)
            if _change_statement.cache_info().misses != compiled:
                first_shapes.append(time.perf_counter() - began)
            elif driver is not None and len(driver._stmt_cache) != prepared:
                first_prepares.append(time.perf_counter() - began)
            checkpoint_cpu[game.kind].append(time.thread_time() - began_cpu)
            if driver is not None:
                await asyncio.sleep(0)  # asyncpg calls its query loggers soon after each query
                driver.remove_query_logger(sent.append)
                statements.append(len(sent))

    GameService._checkpoint = timed
    # the write itself (the one statement and the commit's flush), apart from building its rows
    import bot.service as service_module
    original_write = service_module._write
    import contextvars
    writing = contextvars.ContextVar("writing", default=None)  # the kind of the checkpoint writing

    async def timed_write(connection, rows, guard=None):
        began = time.perf_counter()
        try:
            return await original_write(connection, rows, guard)
        finally:
            if writing.get() is not None:
                writes[writing.get()].append(time.perf_counter() - began)

    writes: dict[str, list[float]] = {kind: [] for kind in KINDS}
    service_module._write = timed_write
    rng = random.Random(shard)
    order = [g.id for g in mine]
    shard_games = len(mine)  # the rows stay referenced: freeing them let the heap shrink and regrow under the measures
    rng.shuffle(order)

    cpu: list[float] = []
    refused: list[str] = []

    async def click(game_id: int) -> float | None:
        game = await service.get(game_id)
        if game is None or game.status != "active":
            return None
        prompts = rules_for(game.kind).prompts(game.state)
        if not prompts:
            return None
        prompt = rng.choice(prompts)
        interaction = FakeInteraction(bot, int(prompt["player"]), game)
        began, began_cpu = time.perf_counter(), time.thread_time()
        try:
            async with bot.publisher.foreground():  # as the component's callback (KeeperItem) marks it
                await play.resolve_option(interaction, game_id, game.epoch, prompt["id"], click_value(prompt, rng))
        except RuleError:
            return None
        except ServiceError as exc:  # e.g. db_busy: the member was told; counted, not timed
            refused.append(exc.code)
            return None
        cpu.append(time.thread_time() - began_cpu)
        return (interaction.followup.at or time.perf_counter()) - began

    for game_id in order[:WARMUP]:  # the first pictures load fonts and fill caches
        await click(game_id)
    await bot.publisher.idle()
    for kind in KINDS:
        checkpoints[kind].clear()
        checkpoint_cpu[kind].clear()
        writes[kind].clear()
    cpu.clear()
    gc.collect()
    rss_before = rss_kib()
    # each game of a working set is clicked ROUNDS times; its first click reads it cold (its state
    # checked intact once), the next ones are a table playing on. The deliveries a click queues
    # run after it (off its path), before the next click, so a click's time is its own.
    served = order[WARMUP:WARMUP + max(1, CLICKS // ROUNDS)]
    cold, replies = [], []
    profiler = None
    if PROFILE and shard == 0:  # a diagnostic: where a steady click's CPU goes (shard 0 only)
        import cProfile
        profiler = cProfile.Profile(time.thread_time)
    steady_began = time.perf_counter()
    first_shapes.clear()
    first_prepares.clear()
    for round_ in range(ROUNDS):
        for game_id in served:
            if profiler is not None and round_:
                profiler.enable()
            took = await click(game_id)
            if profiler is not None:
                profiler.disable()
            await bot.publisher.idle()
            if took is not None:
                (cold if round_ == 0 else replies).append(took)
    steady_s = time.perf_counter() - steady_began  # the clicks only: not the collection and dump below
    if profiler is not None:
        profiler.dump_stats(PROFILE)
    gc.collect()
    memory_kib = (rss_kib() - rss_before) / max(len(served), 1)
    click_cpu = list(cpu)

    steady = {kind: list(v) for kind, v in checkpoints.items()}  # the burst's queueing left out
    steady_writes = {kind: list(v) for kind, v in writes.items()}
    steady_firsts = (sorted(round(x * 1e3, 1) for x in first_shapes), sorted(round(x * 1e3, 1) for x in first_prepares))
    steady_cpu = {kind: list(v) for kind, v in checkpoint_cpu.items()}
    # back to back (the phase above) each shard is busy all the time: the clicks it can serve a second
    steady_rate = (len(cold) + len(replies)) / steady_s

    # open loop: clicks arrive at RATE a second (exponential gaps), each a task of its own, while
    # the publisher delivers; both shards at once (the barrier), on the games of the phase above
    paced, paced_checkpoints, paced_cpu_used, paced_s = [], {kind: [] for kind in KINDS}, 0.0, 0.0
    paced_writes: dict[str, list[float]] = {kind: [] for kind in KINDS}
    paced_lag: list[float] = []  # from a click's arrival until its task ran: queueing the click→reply leaves out
    if RATE > 0 and served:
        if timed_done is not None:
            await asyncio.to_thread(timed_done.wait)
        for kind in KINDS:
            checkpoints[kind].clear()
            writes[kind].clear()
        arrivals = random.Random(1000 + shard)
        loop = asyncio.get_running_loop()

        async def arriving(game_id: int, due: float) -> None:
            paced_lag.append(max(0.0, loop.time() - due))
            took = await click(game_id)
            if took is not None:
                paced.append(took)

        cpu_before, began = time.process_time(), time.perf_counter()
        due = loop.time()
        tasks = []
        for n in range(PACED_CLICKS):
            due += arrivals.expovariate(RATE)
            await asyncio.sleep(max(0.0, due - loop.time()))
            tasks.append(asyncio.create_task(arriving(served[arrivals.randrange(len(served))], due)))
        done = await asyncio.gather(*tasks, return_exceptions=True)
        refused += [type(exc).__name__ for exc in done if isinstance(exc, Exception)]
        await bot.publisher.idle()
        paced_s = time.perf_counter() - began
        paced_cpu_used = time.process_time() - cpu_before  # the process's CPU, deliveries included
        paced_checkpoints = {kind: list(v) for kind, v in checkpoints.items()}
        paced_writes = {kind: list(v) for kind, v in writes.items()}
    burst_ids = order[WARMUP + len(served):WARMUP + len(served) + BURST] or order[:BURST]
    began = time.perf_counter()
    failed = await asyncio.gather(*(click(game_id) for game_id in burst_ids), return_exceptions=True)
    refused += [type(exc).__name__ for exc in failed if isinstance(exc, Exception)]  # e.g. the pool's timeout
    clicked = time.perf_counter() - began
    await bot.publisher.idle()
    left = sum([await service.pending_outbox(game_id) for game_id in burst_ids])
    drain = time.perf_counter() - began

    # memory per live game: RSS growth over many more games, each served one click, in two halves.
    # The first half also fills the bounded caches (pictures drawn, intact states, settings); the
    # second half's growth is what each further live game costs once they are full
    taken = set(burst_ids)
    rest = [g for g in order[WARMUP + len(served) + len(burst_ids):] if g not in taken][:MEMORY_GAMES]
    if timed_done is not None:  # both shards' timed clicks are over: this phase competes with none
        await asyncio.to_thread(timed_done.wait)
    halves = []
    for half in (rest[:len(rest) // 2], rest[len(rest) // 2:]):
        gc.collect()
        before = rss_kib()
        for game_id in half:
            await click(game_id)
            await bot.publisher.idle()
        gc.collect()
        halves.append(((rss_kib() - before) / max(len(half), 1), len(half)))
    GameService._checkpoint = original
    service_module._write = original_write
    bot.pictures.shutdown()
    await bot.db_engine.dispose()
    return {"shard": shard, "games": shard_games, "damaged": damaged, "startup_s": startup, "phases": phases, "check_s": check_s, "read_s": read_s, "replies": replies, "cold": cold,
            "click_cpu": click_cpu, "slow": slow, "checkpoints": steady, "writes": steady_writes, "paced_writes": paced_writes, "checkpoint_cpu": steady_cpu, "memory_kib": memory_kib, "memory_halves": halves, "rss_mib": rss_kib() / 1024,
            "statements": statements, "refused": refused, "steady_rate": steady_rate, "paced": paced, "paced_lag": paced_lag, "firsts": steady_firsts,
            "paced_checkpoints": paced_checkpoints, "paced_s": paced_s, "paced_cpu_s": paced_cpu_used, "burst": len(burst_ids), "burst_clicks_s": clicked, "drain_s": drain, "burst_left": left}


def _shard_main(url: str, shard: int, count: int, record: str, out, timed_done=None) -> None:
    try:
        out.put(asyncio.run(shard_run(url, shard, count, record, timed_done)))
    except Exception as exc:  # noqa: BLE001 - reported by the parent
        import traceback
        out.put({"shard": shard, "error": "".join(traceback.format_exception(exc))})


# ---------------------------------------------------------------- one size, one backend
def run(url: str, count: int) -> dict:
    filled = asyncio.run(fill(url, count))
    load = os.getloadavg()[0]
    result = _run_shards(url, count, filled)
    # the machine's load while it ran: the shards' wall times queue behind whatever else runs
    return {**result, "load": (load, os.getloadavg()[0]), "cores": os.cpu_count()}


def _run_shards(url: str, count: int, filled: dict) -> dict:
    # the packs as a start after their last change finds them: validated once, recorded
    from bot.startup import check_content
    record = Path(tempfile.mkdtemp(prefix="keeper-scale-content-")) / "checked.json"
    began = time.perf_counter()
    check_content(record=record)
    content_s = time.perf_counter() - began
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    timed_done = context.Barrier(SHARDS, timeout=600)
    procs = [context.Process(target=_shard_main, args=(url, shard, count, str(record), out, timed_done))
             for shard in range(SHARDS)]
    for proc in procs:
        proc.start()
    results = [out.get() for _ in procs]
    for proc in procs:
        proc.join()
    errors = [r["error"] for r in results if "error" in r]
    if errors:
        raise RuntimeError("\n".join(errors))
    replies = [x for r in results for x in r["replies"]]
    cold = [x for r in results for x in r["cold"]]
    checkpoints = {kind: [x for r in results for x in r["checkpoints"][kind]] for kind in KINDS}
    checkpoint_cpu = {kind: [x for r in results for x in r["checkpoint_cpu"][kind]] for kind in KINDS}
    writes = {kind: [x for r in results for x in r["writes"][kind]] for kind in KINDS}
    paced_writes = {kind: [x for r in results for x in r["paced_writes"][kind]] for kind in KINDS}
    click_cpu = [x for r in results for x in r["click_cpu"]]
    statements = [x for r in results for x in r["statements"]]
    paced = [x for r in results for x in r["paced"]]
    paced_lag = [x for r in results for x in r["paced_lag"]]
    paced_checkpoints = {kind: [x for r in results for x in r["paced_checkpoints"].get(kind, [])] for kind in KINDS}
    paced_s = max(r["paced_s"] for r in results)
    return {"count": count, **filled, "shards": results,
            "click_p50_ms": statistics.median(replies) * 1e3, "click_p99_ms": pct(replies, 0.99),
            "clicks": len(replies), "cold_p50_ms": statistics.median(cold) * 1e3, "cold_p99_ms": pct(cold, 0.99), "click_cpu_p50_ms": statistics.median(click_cpu) * 1e3,
            "click_cpu_p99_ms": pct(click_cpu, 0.99),
            "checkpoint_cpu_p99_ms": {k: pct(v, 0.99) for k, v in checkpoint_cpu.items() if v},
            "checkpoint_cpu_p50_ms": {k: statistics.median(v) * 1e3 for k, v in checkpoint_cpu.items() if v},
            "phases": {k: max(r["phases"][k] for r in results) for k in results[0]["phases"]},
            "checkpoint_p99_ms": {k: pct(v, 0.99) for k, v in checkpoints.items() if v},
            "checkpoint_p50_ms": {k: statistics.median(v) * 1e3 for k, v in checkpoints.items() if v},
            "write_p99_ms": {k: pct(v, 0.99) for k, v in writes.items() if v},
            "write_p50_ms": {k: statistics.median(v) * 1e3 for k, v in writes.items() if v},
            "checkpoint_statements": (min(statements), max(statements)) if statements else None,
            "steady_rate": sum(r["steady_rate"] for r in results),
            "paced": {"clicks": len(paced), "rate": sum(len(r["paced"]) for r in results) / paced_s if paced_s else 0,
                      "busy": max(r["paced_cpu_s"] / r["paced_s"] for r in results) if paced_s else 0,
                      "click_p50_ms": statistics.median(paced) * 1e3 if paced else None,
                      "click_p99_ms": pct(paced, 0.99) if paced else None,
                      "lag_p50_ms": statistics.median(paced_lag) * 1e3 if paced_lag else None,
                      "lag_p99_ms": pct(paced_lag, 0.99) if paced_lag else None,
                      "checkpoint_p50_ms": {k: statistics.median(v) * 1e3 for k, v in paced_checkpoints.items() if v},
                      "checkpoint_p99_ms": {k: pct(v, 0.99) for k, v in paced_checkpoints.items() if v},
                      "write_p50_ms": {k: statistics.median(v) * 1e3 for k, v in paced_writes.items() if v},
                      "write_p99_ms": {k: pct(v, 0.99) for k, v in paced_writes.items() if v}},
            "burst_clicks_s": max(r["burst_clicks_s"] for r in results),
            "startup_s": max(r["startup_s"] for r in results), "check_s": max(r["check_s"] for r in results),
            "read_s": max(r["read_s"] for r in results), "content_s": content_s,
            "memory_kib": max(r["memory_kib"] for r in results),
            "memory_first_kib": max(r["memory_halves"][0][0] for r in results),
            "memory_next_kib": max(r["memory_halves"][1][0] for r in results),
            "memory_games": sum(n for r in results for _, n in r["memory_halves"]),
            "durable": DURABLE,
            "drain_s": max(r["drain_s"] for r in results),
            "refused": [code for r in results for code in r["refused"]], "burst_left": sum(r["burst_left"] for r in results)}


def backends(count: int) -> list[tuple[str, str]]:
    wanted = os.environ.get("BENCH_BACKENDS", "sqlite,postgres").split(",")
    out = []
    if "sqlite" in wanted:
        folder = Path(tempfile.mkdtemp(prefix="keeper-scale-"))
        out.append(("sqlite", f"sqlite+aiosqlite:///{folder / 'scale.sqlite3'}"))
    if "postgres" in wanted:
        out.append(("postgres", POSTGRES_URL))
    return out


def _per_kind(p50: dict, p99: dict) -> str:
    """"thing 3.4/8.5, unfathomable ...": each game's p50/p99 in ms."""
    return ", ".join(f"{k} {p50[k]:.1f}/{v:.1f}" for k, v in p99.items())


def report(name: str, r: dict) -> str:
    kinds = _per_kind(r["checkpoint_p50_ms"], r["checkpoint_p99_ms"])
    cpu_kinds = _per_kind(r["checkpoint_cpu_p50_ms"], r["checkpoint_cpu_p99_ms"])
    phases = ", ".join(f"{k} {v:.1f} s" for k, v in r["phases"].items())
    low, high = r.get("checkpoint_statements") or (None, None)
    statements = "" if low is None else (f"{low}" if low == high else f"{low} to {high}")
    sizes = ", ".join(f"{k} {v / 1024:.1f} kB" for k, v in r["state_bytes"].items())
    plain = r.get("state_json_bytes", {})
    sizes += " stored (as JSON: " + ", ".join(f"{k} {v / 1024:.1f} kB" for k, v in plain.items()) + ")"
    rss = ", ".join(f"{s['rss_mib']:.0f}" for s in r["shards"])
    return (f"{r['count']} live games, {name}, {SHARDS} shard processes (filled in {r['fill_s']:.0f} s); the "
            f"machine's load average (1 min) {r['load'][0]:.1f} at the start, {r['load'][1]:.1f} at the end, on "
            f"{r['cores']} cores (wall times queue behind other work: compare runs at a like load)"
            + (" [KEEPER_DURABLE_COMMITS: every commit waits for the disk's flush]" if r.get("durable")
               else " [a move's commit does not wait for the disk's flush; a delivery waits for it: the default]")
            + ":\n"
            f"  click→reply (a table playing on): p50 {r['click_p50_ms']:.1f} ms, p99 {r['click_p99_ms']:.1f} ms over {r['clicks']} "
            f"clicks (target < {TARGETS['click_p99_ms']} ms); its CPU time p50 {r['click_cpu_p50_ms']:.1f} ms, "
            f"p99 {r['click_cpu_p99_ms']:.1f} ms (all clicks)\n"
            f"  clicks served back to back: {r['steady_rate']:.0f} a second over both shards (each shard busy all the time, "
            f"its deliveries included): the figures above are this saturation's\n"
            + _paced_line(r) +
            f"  a game's first click after the start (read cold, its state checked intact once): "
            f"p50 {r['cold_p50_ms']:.1f} ms, p99 {r['cold_p99_ms']:.1f} ms\n"
            f"  checkpoint p50/p99 per game: {kinds} ms (target: p99 < {TARGETS['checkpoint_p99_ms']} ms); its CPU time "
            f"p50/p99: {cpu_kinds} ms; of it the write (the statement and the commit's flush) p50/p99: "
            f"{_per_kind(r['write_p50_ms'], r['write_p99_ms'])} ms"
            + (f"; statements sent to the database per checkpoint (each a round trip): {statements}"
               if statements else "") + f"; state size: {sizes}\n"
            + "".join(f"  shard {s['shard']}: timed checkpoints that first built their statement: {s['firsts'][0] or 'none'} ms; "
                      f"that a connection first prepared: {s['firsts'][1] or 'none'} ms\n" for s in r["shards"])
            + f"  start-up (imports, content packs and schema checked, the bot and its cogs, first outbox pass): "
            f"{r['startup_s']:.1f} s (target < {TARGETS['startup_s']} s): {phases}; the first start after a "
            f"change of the packs validates them too: {r['content_s']:.1f} s once. The bot reads no game at "
            f"start (a game loads at its first click): reading every live game of a shard would add "
            f"{r['read_s']:.1f} s, checking every state intact {r['check_s']:.1f} s\n"
            f"  memory per live game: {r['memory_next_kib']:.1f} KiB once the bounded caches are full, "
            f"{r['memory_first_kib']:.1f} KiB while they fill (RSS growth over {r['memory_games']} more games "
            f"served, in two halves; target < {TARGETS['memory_kib']} KiB); over the {CLICKS // ROUNDS} games of "
            f"the timed clicks {r['memory_kib']:.1f} KiB; RSS per process {rss} MiB\n"
            f"  outbox after a burst of {sum(s['burst'] for s in r['shards'])} clicks: drained in "
            f"{r['drain_s']:.2f} s from its first click ({r['drain_s'] - r['burst_clicks_s']:.2f} s after its "
            f"last reply; the clicks took {r['burst_clicks_s']:.2f} s), {r['burst_left']} rows left (target < {TARGETS['drain_s']} s)"
            + (f"\n  clicks refused: {len(r['refused'])} ({', '.join(sorted(set(r['refused'])))})" if r["refused"] else ""))


def _paced_line(r: dict) -> str:
    p = r.get("paced") or {}
    if not p.get("clicks"):
        return ""
    kinds = _per_kind(p["checkpoint_p50_ms"], p["checkpoint_p99_ms"])
    lag = (f"; a click's wait from its arrival until its task ran (not in click→reply) p50 {p['lag_p50_ms']:.1f} ms, "
           f"p99 {p['lag_p99_ms']:.1f} ms" if p.get("lag_p99_ms") is not None else "")
    return (f"  clicks arriving open loop ({RATE:g} a second a shard, each handled as it comes, deliveries beside "
            f"them): {p['rate']:.0f} timed clicks a second over both shards, the phase's delivery tail included "
            f"(a shard process busy {p['busy'] * 100:.0f} % of the time): "
            f"click→reply p50 {p['click_p50_ms']:.1f} ms, p99 {p['click_p99_ms']:.1f} ms over {p['clicks']} clicks{lag}; "
            f"checkpoint p50/p99: {kinds} ms; of it the write p50/p99: "
            f"{_per_kind(p['write_p50_ms'], p['write_p99_ms'])} ms\n")


def main(count: int = 500) -> None:
    for name, url in backends(count):
        try:
            result = run(url, count)
        except OSError as exc:
            print(f"{name}: not reachable ({exc}); skipped")
            continue
        print(report(name, result), flush=True)
        for shard in result["shards"]:
            if shard.get("slow"):  # BENCH_SLOW_MS: the event loop's long holds, by coroutine
                ranked = sorted(shard["slow"].items(), key=lambda kv: -sum(kv[1]))
                print(f"  shard {shard['shard']}: the event loop held over {SLOW_MS:g} ms: " + "; ".join(
                    f"{name} {len(v)}x p50 {statistics.median(v) * 1e3:.1f} max {max(v) * 1e3:.1f} ms"
                    for name, v in ranked[:12]))
        Path(os.environ.get("BENCH_JSON", "/dev/null")).write_text(json.dumps({k: v for k, v in result.items()
                                                                               if k != "shards"}))


if __name__ == "__main__":
    main()
