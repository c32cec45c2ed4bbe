"""Table pictures drawn off the event loop. The serving bot (``KeeperBot.start``) draws them in a
worker process of lower CPU priority: drawing one takes 25-45 ms of CPU, and in a thread of the
bot's own process it held the GIL while clicks and checkpoints waited for it (`bench scale`, open
loop, 3,000 games, quiet 2-core machine: checkpoint p99 12.0-15.9 ms with the pictures in a thread,
10.3-12.1 ms with the worker; click p99 52.5 -> 43.4 ms). A picture is a delivery that may wait; a
click and its checkpoint are what a member waits for.
A bot that was only built (tests, SimCord, tools) draws in a thread, as does a bot whose worker
cannot be started."""
from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
import os

from bot.seats import plain

log = logging.getLogger("keeper.pictures")

# how much lower the picture worker's CPU priority is than the bot's (nice: 0 .. 19)
PICTURE_NICENESS = 10


def _worker_start() -> None:
    try:
        os.nice(PICTURE_NICENESS)
    except OSError:  # not allowed here: the worker still draws off the bot's GIL
        pass
    from bot.games import available, ui_for  # the renderers loaded once, before the first picture
    for kind in available():
        ui_for(kind)


def draw(kind: str, state: dict, names: dict, lang: str) -> bytes:
    """The game's table picture as PNG bytes (in whichever process runs it)."""
    from bot.games import ui_for
    return ui_for(kind).table_picture(state, names, lang)


class PictureDrawer:
    def __init__(self) -> None:
        self._processes = 0
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    def use_processes(self, count: int) -> None:
        """Draw in ``count`` worker processes from now on (0: in a thread); started at once, so
        the first picture does not wait for one to start."""
        self.shutdown()
        self._processes = count
        if count:
            self._pool = self._new_pool()
            self._pool.submit(int)  # a worker starts now (a pool starts them at a first task)

    def _new_pool(self) -> concurrent.futures.ProcessPoolExecutor:
        return concurrent.futures.ProcessPoolExecutor(
            max_workers=self._processes, mp_context=multiprocessing.get_context("spawn"), initializer=_worker_start)

    async def draw(self, kind: str, state: dict, names: dict, lang: str) -> bytes:
        names = {pid: plain(str(name)) for pid, name in names.items()}   # a picture shows no markdown
        if self._processes:
            try:
                if self._pool is None:
                    self._pool = self._new_pool()
                return await asyncio.wrap_future(self._pool.submit(draw, kind, state, names, lang))
            except (concurrent.futures.process.BrokenProcessPool, OSError, RuntimeError) as exc:
                # the worker died (killed, out of memory) or cannot start: this picture in a
                # thread, a new worker for the next one
                log.warning("picture worker unavailable (%s): drawing in a thread", exc)
                self._pool = None
        return await asyncio.to_thread(draw, kind, state, names, lang)

    def shutdown(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
