"""SimCord drives the real bot offline: no token, no network."""
from __future__ import annotations

import pytest

from bot.client import create_bot
from bot.settings import Settings


@pytest.fixture
def bot_settings(tmp_path):
    return Settings(_env_file=None, token="offline", database_url=f"sqlite+aiosqlite:///{tmp_path / 'keeper.sqlite3'}",
                    deadline_check_seconds=0, cleanup_check_minutes=0)


@pytest.fixture
def simcord_bot(bot_settings):
    return create_bot(bot_settings)
