"""Bot speed with 500 live games in the database (SQLite file, WAL):

* interaction handled → reply sent, inside the bot, p99 < 30 ms: the real handlers of an option
  click and of the "My hand" panel (load, engine step, checkpoint, rendering of the public lines,
  table embed, private panel and views) against a Discord transport that answers instantly, so
  only the bot's own time is measured (no network, no simulator bookkeeping);
* a checkpoint (the version-guarded UPDATE plus the action-log, news and outbox INSERTs,
  committed), p99 < 5 ms; every announcement is delivered through the outbox.

The Discord layer itself is exercised end to end by the SimCord tests; this measures its cost.

    python -m bench bot                  # 500 live games of The Thing (5 players each)
    python -m bench bot --kind unfathomable # 500 live games of Unfathomable (3-6 players each)

Unfathomable: the games are filled through the service (setup, characters, a first stretch of
play by the engine's random crew) and each is published once; the clicks then answer real
prompts of every shape (a window, an action, a secret contribution's multi-select, a number),
through the same handler a button or menu runs.
"""
from __future__ import annotations

import asyncio
import contextlib
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

import discord

from bench.common import pct
from bot.client import GIL_SWITCH_INTERVAL_S, create_bot
from bot.db import WAL_LIMIT_BYTES, checkpoint_wal, create_tables, wal_size
from bot.service import GameService
from bot.settings import Settings
from engine.core.errors import RuleError
from engine.registry import rules_for
from engine.simulate import choose, legal_moves

LIVE_GAMES = int(os.environ.get("BENCH_LIVE_GAMES", 500))
CLICKS = int(os.environ.get("BENCH_CLICKS", 2000))
WAL_CHECK_SECONDS = float(os.environ.get("BENCH_WAL_CHECK_SECONDS", 1.0))


# ---------------------------------------------------------------- an instant Discord transport
class _Sink:
    """Discord answering at once; each call still suspends the caller once, as a request over the
    network does (without it, a delivery's sends never let the event loop run anything else)."""
    name = "bench"

    async def send(self, *args, **kwargs):
        await asyncio.sleep(0)
        return SimpleNamespace(id=random.getrandbits(60))

    def get_partial_message(self, message_id):
        return self

    async def edit(self, *args, **kwargs):
        await asyncio.sleep(0)
        return None


class _Response:
    def __init__(self):
        self.done = False

    def is_done(self):
        return self.done

    async def defer(self, **kwargs):
        self.done = True

    async def send_message(self, *args, **kwargs):
        self.done = True


class _Reply(_Sink):
    """The interaction's followup: notes when the member's reply went out."""

    at: float | None = None

    async def send(self, *args, **kwargs):
        if self.at is None:
            self.at = time.perf_counter()
        return await super().send(*args, **kwargs)


class FakeInteraction:
    def __init__(self, bot, user_id: int, game):
        self.client = bot
        self.user = SimpleNamespace(id=user_id, name=f"u{user_id}", display_name=f"u{user_id}")
        self.locale = discord.Locale.american_english
        self.guild_id = game.guild_id
        self.channel_id = game.channel_id
        self.response = _Response()
        self.followup = _Reply()
        self.data = {}


@contextlib.asynccontextmanager
async def bench_bot():
    """A bot on a fresh SQLite file (WAL) whose channels and users answer instantly; yields the bot
    and the database file."""
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(_env_file=None, token="bench", deadline_check_seconds=0,
                            database_url=f"sqlite+aiosqlite:///{Path(tmp) / 'bench.sqlite3'}")
        bot = create_bot(settings)
        sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)  # as the serving bot's start sets it (not called here)
        await create_tables(bot.db_engine)
        sink = _Sink()
        bot.get_channel = lambda channel_id: sink
        bot.get_user = lambda user_id: sink
        yield bot, Path(tmp) / "bench.sqlite3"


async def new_game(service: GameService, i: int, kind: str, members: int):
    """The ``i``-th bench game: a lobby of ``kind`` in its own guild and channel, ``members`` joined."""
    game = await service.create_lobby(10**6 + i, 10**7 + i, kind, 10**8 + i * 10)
    for p in range(1, members):
        await service.join(game.id, 10**8 + i * 10 + p)
    return game


async def time_panel(bot, user: int, game) -> float:
    """The "My hand" panel of ``user`` in ``game``, handled→reply, in seconds."""
    import cogs.play as play
    interaction = FakeInteraction(bot, user, game)
    start = time.perf_counter()
    await play.show_panel(interaction, game.id)
    return time.perf_counter() - start


async def fill(service: GameService, publisher, count: int, kind: str = "thing") -> list[int]:
    rng = random.Random(5)
    rules = rules_for(kind)
    ids = []
    for i in range(count):
        game = await new_game(service, i, kind, 5 if kind == "thing" else rng.randint(3, 6))
        await service.start(game.id)
        if kind == "thing":
            await publisher.flush(game.id)
        ids.append(game.id)
        steps = rng.randrange(0, 30) if kind == "thing" else rng.randrange(10, 80)
        for _ in range(steps):  # games at various points, with action logs
            game = await service.get(game.id)
            prompts = rules.prompts(game.state)
            if not prompts:
                break
            if kind == "thing":
                await service.act(game.id, {"player": prompts[0]["player"], **rng.choice(prompts[0]["options"])})
                await publisher.flush(game.id)
            else:  # the engine's random crew (windows mostly passed), as a table would play
                action = choose(rng, game.state, legal_moves(rules, game.state), rules)
                await service.act(game.id, action)
        if kind != "thing":
            await publisher.flush(game.id)  # everything announced, the table drawn once
    return ids


def click_value(prompt: dict, rng):
    """What a member's control sends for one random answer of ``prompt``: an option's digest
    (buttons, one-of menus), the chosen indexes (a multi-select) or the number."""
    from cogs.play import option_digest
    shape = prompt.get("shape", "one")
    if shape == "one":
        return option_digest(rng.choice(prompt["options"]))
    spec = prompt[shape]
    if shape == "number":
        return str(rng.randint(spec["min"], spec["max"]))
    ids = list(range(len(spec["ids"])))
    low, high = spec["min"], min(spec["max"], len(ids))
    if high == 0:  # only "nothing": its own button
        return option_digest({**spec["action"], spec["field"]: []})
    return [str(i) for i in rng.sample(ids, rng.randint(max(low, 1), max(low, 1, min(high, 2))))]


async def run(kind: str = "thing") -> dict:
    import cogs.play as play

    async with bench_bot() as (bot, db_file):
        wal_sizes: list[int] = []

        async def maintenance():  # what the bot's maintenance loop does, at a bench-sized interval
            while True:
                await asyncio.sleep(WAL_CHECK_SECONDS)
                wal_sizes.append(wal_size(bot.db_engine))
                await checkpoint_wal(bot.db_engine)

        wal_task = asyncio.create_task(maintenance())
        started = time.perf_counter()
        ids = await fill(bot.service, bot.publisher, LIVE_GAMES, kind)
        fill_seconds = time.perf_counter() - started

        checkpoints: list[float] = []
        original_checkpoint = GameService._checkpoint

        async def timed_checkpoint(self, *args, **kwargs):
            start = time.perf_counter()
            await original_checkpoint(self, *args, **kwargs)
            checkpoints.append(time.perf_counter() - start)

        GameService._checkpoint = timed_checkpoint
        rules = rules_for(kind)
        rng = random.Random(1)
        clicks, panels, handled, refused = [], [], [], 0
        live = len(await bot.service.live_games())  # some games finish during the clicks
        try:
            while len(clicks) < CLICKS:
                game_id = rng.choice(ids)
                game = await bot.service.get(game_id)
                if game.status != "active":
                    ids.remove(game_id)
                    continue
                prompt = rng.choice(rules.prompts(game.state))
                user = int(prompt["player"])
                panels.append(await time_panel(bot, user, game))  # "My hand"
                interaction = FakeInteraction(bot, user, game)
                start = time.perf_counter()
                try:
                    await play.resolve_option(interaction, game_id, game.epoch, prompt["id"],
                                              click_value(prompt, rng))
                except RuleError:  # a random subset the rules refuse (e.g. cards short of a total)
                    refused += 1
                    continue
                handled.append(time.perf_counter() - start)  # reply, then the announcements
                clicks.append(interaction.followup.at - start)
        finally:
            wal_task.cancel()
            wal_sizes.append(wal_size(bot.db_engine))
            GameService._checkpoint = original_checkpoint
            drain = time.perf_counter()
            await bot.publisher.idle()  # deliveries run off the click's path: let them finish
            drained_s = time.perf_counter() - drain
            undelivered = await bot.service.pending_outbox()
            db_size = db_file.stat().st_size / 2**20
            await bot.db_engine.dispose()
    return {"kind": kind, "live_games": live, "fill_s": fill_seconds, "clicks": len(clicks),
            "refused": refused, "click_p50_ms": statistics.median(clicks) * 1e3, "click_p99_ms": pct(clicks, 0.99),
            "handled_p50_ms": statistics.median(handled) * 1e3, "handled_p99_ms": pct(handled, 0.99),
            "panel_p50_ms": statistics.median(panels) * 1e3, "panel_p99_ms": pct(panels, 0.99),
            "checkpoints": len(checkpoints), "checkpoint_p50_ms": statistics.median(checkpoints) * 1e3,
            "checkpoint_p99_ms": pct(checkpoints, 0.99), "undelivered": undelivered, "drained_s": drained_s,
            "wal_max_mb": max(wal_sizes) / 2**20, "wal_end_mb": wal_sizes[-1] / 2**20,
            "db_mb": db_size}


def main(kind: str = "thing") -> None:
    r = asyncio.run(run(kind))
    print(f"bot with {r['live_games']} live games of {kind} in SQLite at the start (filled in {r['fill_s']:.0f} s):")
    print(f"  option click handled→reply: p50 {r['click_p50_ms']:.1f} ms, p99 {r['click_p99_ms']:.1f} ms "
          f"(target < 30 ms) over {r['clicks']} clicks" + (f" ({r['refused']} random answers refused by the rules, "
                                                         f"not timed)" if r["refused"] else ""))
    print(f"  option click handled whole (reply, then announcements and the table picture): "
          f"p50 {r['handled_p50_ms']:.1f} ms, p99 {r['handled_p99_ms']:.1f} ms")
    print(f"  'My hand' panel handled→reply: p50 {r['panel_p50_ms']:.1f} ms, p99 {r['panel_p99_ms']:.1f} ms")
    print(f"  checkpoint: p50 {r['checkpoint_p50_ms']:.2f} ms, p99 {r['checkpoint_p99_ms']:.2f} ms "
          f"(target < 5 ms) over {r['checkpoints']} checkpoints")
    print(f"  announcements left undelivered in the outbox: {r['undelivered']} (after waiting "
          f"{r['drained_s']:.1f} s for the deliveries still running when the clicks stopped)")
    print(f"  SQLite WAL over the whole run: max {r['wal_max_mb']:.1f} MB, at the end {r['wal_end_mb']:.1f} MB "
          f"(bounded: cut back past {WAL_LIMIT_BYTES / 2**20:.0f} MB); database {r['db_mb']:.1f} MB")


if __name__ == "__main__":
    main()
