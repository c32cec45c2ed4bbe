"""SimCord drives the real bot offline: no token, no network."""
from __future__ import annotations

import pytest

from bot.client import create_bot
from bot.settings import Settings


@pytest.fixture
def db_url(tmp_path):
    return f"sqlite+aiosqlite:///{tmp_path / 'keeper.sqlite3'}"


@pytest.fixture
def simcord_bot(db_url):
    settings = Settings(_env_file=None, token="offline", database_url=db_url, deadline_check_seconds=0)
    return create_bot(settings)
