"""Announcements after SIGKILL: a bot process plays clicks over a SQLite file (checkpoint, then
delivery through the outbox to an instant Discord sink) and is killed at random moments, again
and again. Then a fresh process starts, delivers what is due, and we count:

* committed actions (action-log rows) and the announcements their checkpoints wrote;
* announcements never delivered after the restart (target: 0);
* committed actions with no announcement at all (target: 0);
* messages posted again after a kill (a post the killed process made but had not recorded), and
  how many of them Discord shows twice: the sink keeps, across kills, what Discord keeps — the
  nonces of recent posts, which ``enforce_nonce`` makes it answer with the first message instead
  of posting again (target: 0 shown twice).

`python -m bench kill [--count ROUNDS]` (default 30 kills).
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace

GAMES = 20


class _Sink:
    """A fast Discord that outlives the bot: every post is appended to ``journal`` (a JSON line:
    its id, nonce and text) before it is answered, and a post whose nonce is already there is
    answered with the first message (Discord's ``enforce_nonce``) and journaled as a resend."""
    name = "bench"

    def __init__(self, journal: Path | None = None):
        self.journal = journal
        self.nonces: dict[str, int] = {}
        if journal is not None and journal.exists():
            for line in journal.read_text().splitlines():
                try:
                    record = json.loads(line)
                except ValueError:
                    continue  # a line cut by the kill
                if record.get("nonce") and record["op"] == "post":
                    self.nonces[record["nonce"]] = record["id"]

    def _write(self, record: dict) -> None:
        if self.journal is not None:
            with self.journal.open("a") as out:
                out.write(json.dumps(record) + "\n")

    async def send(self, content=None, **kwargs):
        await asyncio.sleep(random.random() * 0.002)  # a fast Discord
        nonce = kwargs.get("nonce")
        if nonce is not None and nonce in self.nonces:
            self._write({"op": "resend", "id": self.nonces[nonce], "nonce": nonce, "nonce_known": True})
            return SimpleNamespace(id=self.nonces[nonce])
        message_id = random.getrandbits(60)
        if nonce is not None:
            self.nonces[nonce] = message_id
        self._write({"op": "post", "id": message_id, "nonce": nonce, "content": content})
        return SimpleNamespace(id=message_id)

    def get_partial_message(self, message_id):
        return self

    async def edit(self, *args, **kwargs):
        await asyncio.sleep(random.random() * 0.002)


def fake_bot(service, journal: Path | None = None):
    from bot.pictures import PictureDrawer
    sink = _Sink(journal)
    return SimpleNamespace(service=service, user_languages={}, get_channel=lambda cid: sink,
                           get_user=lambda uid: sink, pictures=PictureDrawer())


async def child(database: Path, seed: int) -> None:
    """Play and announce until killed."""
    from bot.db import create_tables, make_engine, session_factory
    from bot.service import GameService
    from bot.publisher import Publisher
    from engine.registry import rules_for

    engine = make_engine(f"sqlite+aiosqlite:///{database}")
    await create_tables(engine)
    service = GameService(session_factory(engine))
    publisher = Publisher(fake_bot(service, journal_of(database)))
    rules = rules_for("thing")
    rng = random.Random(seed)
    while True:
        games = await service.live_games()
        if len(games) < GAMES:
            lobby = await service.create_lobby(1, rng.getrandbits(40), "thing", 1)
            for user in range(2, 7):
                await service.join(lobby.id, user)
            await service.start(lobby.id)
            await publisher.flush(lobby.id)
            continue
        game = rng.choice(games)
        prompts = rules.prompts(game.state)
        if not prompts:
            continue
        prompt = rng.choice(prompts)
        await service.act(game.id, {"player": prompt["player"], "prompt": prompt["id"],
                                    **rng.choice(prompt["options"])})
        await publisher.flush(game.id)


def journal_of(database: Path) -> Path:
    return database.with_suffix(".discord.jsonl")


async def recover(database: Path) -> dict:
    from sqlalchemy import text

    from bot.db import create_tables, make_engine, session_factory, utcnow
    from bot.service import GameService
    from bot.publisher import Publisher

    engine = make_engine(f"sqlite+aiosqlite:///{database}")
    await create_tables(engine)
    service = GameService(session_factory(engine))
    publisher = Publisher(fake_bot(service, journal_of(database)))
    async with engine.connect() as conn:
        pending_before = (await conn.execute(text("SELECT count(*) FROM outbox WHERE delivered = 0"))).scalar()
    # a restarted bot: claims of the killed process have lapsed
    await publisher.deliver_due(now=utcnow() + timedelta(minutes=5))
    async with engine.connect() as conn:
        one = lambda sql: conn.execute(text(sql))  # noqa: E731
        actions = (await one("SELECT count(*) FROM action_log")).scalar()
        games = (await one("SELECT count(*) FROM games WHERE status != 'lobby'")).scalar()
        rows = (await one("SELECT count(*) FROM outbox")).scalar()
        undelivered = (await one("SELECT count(*) FROM outbox WHERE delivered = 0")).scalar()
        tables = (await one("SELECT count(*) FROM outbox WHERE kind = 'table'")).scalar()
    await engine.dispose()
    # every checkpoint (each start and each click: no autopilot here) writes one table refresh
    journal = journal_of(database)
    records = [json.loads(line) for line in (journal.read_text().splitlines() if journal.exists() else [])
               if line.strip().endswith("}")]
    posts = [r for r in records if r["op"] == "post"]
    resent = [r for r in records if r["op"] == "resend"]
    return {"actions": actions, "rows": rows, "pending_before": pending_before, "undelivered": undelivered,
            "unannounced": actions + games - tables, "posts": len(posts), "resent": len(resent),
            "shown_twice": sum(1 for r in posts if r["nonce"] is None)}


def main(rounds: int = 30) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        database = Path(tmp) / "kill.sqlite3"
        started = time.perf_counter()
        for round_ in range(rounds):
            proc = subprocess.Popen([sys.executable, "-m", "bench.outbox_kill", "child", str(database), str(round_)],
                                    cwd=Path(__file__).resolve().parent.parent)
            time.sleep(random.uniform(1.0, 2.5) if round_ else 4.0)  # the first one creates the tables
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
        r = asyncio.run(recover(database))
    print(f"outbox after {rounds} SIGKILLs ({time.perf_counter() - started:.0f} s): "
          f"{r['actions']} committed actions, {r['rows']} announcements written, "
          f"{r['pending_before']} waiting at the restart, {r['undelivered']} undelivered after it (target 0), "
          f"{r['unannounced']} actions without an announcement (target 0); {r['posts']} messages posted, "
          f"{r['resent']} posted again after a kill and answered by Discord with the first (nonce), "
          f"{r['shown_twice']} posts without a nonce that a resend could show twice (target 0)")


if __name__ == "__main__":
    if sys.argv[1:2] == ["child"]:
        asyncio.run(child(Path(sys.argv[2]), int(sys.argv[3])))
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
