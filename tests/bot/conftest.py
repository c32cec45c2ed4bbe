"""SimCord drives the real bot offline: no token, no network."""
from __future__ import annotations

import pytest

from bot.client import create_bot
from bot.db import create_tables, make_engine, session_factory
from bot.service import GameService
from bot.settings import Settings
from tests.bot.helpers import database_url


@pytest.fixture
def bot_settings(tmp_path):
    return Settings(_env_file=None, token="offline", database_url=f"sqlite+aiosqlite:///{tmp_path / 'keeper.sqlite3'}",
                    deadline_check_seconds=0, cleanup_check_minutes=0)


@pytest.fixture
def simcord_bot(bot_settings):
    return create_bot(bot_settings)


@pytest.fixture
async def service(tmp_path):
    """A GameService on a fresh SQLite database (a test module may define its own, e.g. over
    both backends)."""
    engine = make_engine(database_url("sqlite", tmp_path))
    await create_tables(engine)
    yield GameService(session_factory(engine))
    await engine.dispose()
