"""SQLite WAL under sustained clicking while a reader holds a transaction (issue 19, defect 7):
the checkpoint of before (TRUNCATE past 16 MB, waiting for readers while holding writers back)
against today's (PASSIVE; a TRUNCATE that never waits, tried past 16 MB or when idle).

``python -m bench wal --count SECONDS``: for each mode, CLICKERS tasks commit click-sized writes (a
game row's ~6 kB state, two log rows) as fast as they can for ``seconds``; a reader thread holds
a read transaction for 3 s of every 5; the checkpoint loop runs every second. Prints clicks/s,
click p50/p99, clicks that timed out on a lock and the WAL's largest size."""
from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import tempfile
import threading
import time
from pathlib import Path

from sqlalchemy.exc import OperationalError

from bench.common import percentile
from bot.db import WAL_LIMIT_BYTES, checkpoint_wal, make_engine, wal_size

CLICKERS = 8
STATE = json.dumps({"cards": ["x" * 40] * 150})  # ~6 kB, a mid-sized game state


async def checkpoint_before(engine) -> str:
    """The checkpoint as it was: TRUNCATE (waiting up to the busy timeout) past the limit."""
    mode = "TRUNCATE" if wal_size(engine) > WAL_LIMIT_BYTES else "PASSIVE"
    async with engine.connect() as conn:
        await conn.exec_driver_sql(f"PRAGMA wal_checkpoint({mode})")
    return mode


async def run(mode: str, seconds: float) -> dict:
    folder = Path(tempfile.mkdtemp())
    path = folder / "wal.sqlite3"
    engine = make_engine(f"sqlite+aiosqlite:///{path}", busy_seconds=5.0, pool_size=CLICKERS + 1)
    async with engine.begin() as conn:
        await conn.exec_driver_sql("CREATE TABLE games (id INTEGER PRIMARY KEY, state TEXT, version INTEGER)")
        await conn.exec_driver_sql("CREATE TABLE log (id INTEGER PRIMARY KEY, game INTEGER, action TEXT)")
        for game in range(200):
            await conn.exec_driver_sql("INSERT INTO games VALUES (?, ?, 0)", (game, STATE))
    stop = time.monotonic() + seconds
    latencies: list[float] = []
    sizes: list[int] = []
    failed: list[int] = []

    async def clicker(index: int) -> None:
        game = index
        while time.monotonic() < stop:
            start = time.perf_counter()
            try:
                async with engine.begin() as conn:
                    await conn.exec_driver_sql("UPDATE games SET state = ?, version = version + 1 WHERE id = ?",
                                               (STATE, game))
                    await conn.exec_driver_sql("INSERT INTO log (game, action) VALUES (?, ?), (?, ?)",
                                               (game, "{}", game, "{}"))
            except OperationalError:  # busy past the 5 s timeout: the bot would retry, then refuse
                failed.append(1)
                continue
            latencies.append(time.perf_counter() - start)
            game = (game + CLICKERS) % 200

    async def checkpoints() -> None:
        check = checkpoint_wal if mode == "today" else checkpoint_before
        while time.monotonic() < stop:
            await asyncio.sleep(1.0)
            sizes.append(wal_size(engine))
            await check(engine)

    def reader() -> None:
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        while time.monotonic() < stop:
            conn.execute("BEGIN")
            conn.execute("SELECT count(*) FROM games").fetchone()
            time.sleep(3.0)
            conn.execute("COMMIT")
            time.sleep(2.0)
        conn.close()

    thread = threading.Thread(target=reader)
    thread.start()
    began = time.monotonic()
    await asyncio.gather(checkpoints(), *(clicker(i) for i in range(CLICKERS)))
    elapsed = time.monotonic() - began
    thread.join()
    sizes.append(wal_size(engine))
    await engine.dispose()
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(f"{path}{suffix}"):
            os.remove(f"{path}{suffix}")
    return {"clicks_per_s": len(latencies) / elapsed, "p50_ms": percentile(latencies, 0.50) * 1000,
            "p99_ms": percentile(latencies, 0.99) * 1000, "wal_max_mb": max(sizes) / 2**20, "failed": len(failed)}


def main(seconds: float = 40.0) -> None:
    print(f"SQLite WAL: {CLICKERS} clickers for {seconds:.0f} s, a reader holding a transaction 3 s of every 5")
    for mode in ("before", "today"):
        r = asyncio.run(run(mode, seconds))
        print(f"  {mode:>6}: {r['clicks_per_s']:.0f} clicks/s, click p50 {r['p50_ms']:.1f} ms, "
              f"p99 {r['p99_ms']:.1f} ms, {r['failed']} clicks timed out on a lock, WAL max {r['wal_max_mb']:.1f} MB")


if __name__ == "__main__":
    main()
