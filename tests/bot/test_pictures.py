"""bot.pictures: the serving bot draws its table pictures in a worker process of lower CPU
priority (a picture in a thread of the bot held the GIL while clicks and their checkpoints waited);
a bot only built (tests, tools) draws in a thread; a worker that dies costs no picture."""
from __future__ import annotations

import os

from bot.pictures import PICTURE_NICENESS, PictureDrawer, draw
from engine.registry import rules_for


def _state():
    state, _ = rules_for("thing").new_game(["101", "102", "103", "104"], 7)
    return state


def _worker_niceness() -> int:
    return os.nice(0)


async def test_a_worker_process_draws_the_same_picture_at_a_lower_priority():
    state, names = _state(), {"101": "Олександра", "102": "Bob", "103": "Zoë", "104": "Їжак"}
    drawer = PictureDrawer()
    drawer.use_processes(1)
    try:
        drawn = await drawer.draw("thing", state, names, "uk")
        assert drawn == draw("thing", state, names, "uk") and drawn.startswith(b"\x89PNG")
        assert drawer._pool.submit(os.getpid).result(timeout=60) != os.getpid()
        assert drawer._pool.submit(_worker_niceness).result(timeout=60) == min(19, os.nice(0) + PICTURE_NICENESS)
    finally:
        drawer.shutdown()


async def test_a_dead_worker_costs_no_picture():
    state = _state()
    drawer = PictureDrawer()
    drawer.use_processes(1)
    try:
        drawer._pool.submit(os.getpid).result(timeout=60)  # its worker running
        for process in list(drawer._pool._processes.values()):
            process.kill()
            process.join()
        drawn = await drawer.draw("thing", state, {}, "en")  # the broken pool: drawn in a thread
        assert drawn == draw("thing", state, {}, "en")
        assert await drawer.draw("thing", state, {}, "en") == drawn  # a new worker for the next
        assert drawer._pool is not None
    finally:
        drawer.shutdown()


async def test_a_bot_that_is_only_built_draws_in_a_thread(tmp_path):
    from bot.client import create_bot
    from bot.settings import Settings
    bot = create_bot(Settings(_env_file=None, token="offline",
                              database_url=f"sqlite+aiosqlite:///{tmp_path / 'k.sqlite3'}"))
    assert bot.pictures._processes == 0 and bot.pictures._pool is None
    assert await bot.pictures.draw("thing", _state(), {}, "en") == draw("thing", _state(), {}, "en")
    await bot.db_engine.dispose()
