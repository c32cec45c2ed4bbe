"""Settings from the environment and `.env` (every setting is listed in `.env.example`)."""
from __future__ import annotations

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

LANGUAGES = ("en", "uk", "ru")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_prefix="KEEPER_", extra="ignore")

    token: str | None = Field(None, description="Bot token from the Discord developer portal.")
    database_url: str = Field("sqlite+aiosqlite:///keeper.sqlite3",
                              description="Any SQLAlchemy async URL (SQLite by default, WAL mode).")
    default_language: str = Field("en", description="Language of public messages: en, uk or ru.")
    dev_guild_id: int | None = Field(None, description="Sync slash commands to this guild on start.")
    log_level: str = Field("INFO", description="Python logging level.")
    deadline_check_seconds: float = Field(15.0, description="How often turn deadlines are checked.")
    default_turn_timeout_minutes: int = Field(0, description="Default turn timeout for new guilds (0 = off).")
    outbox_check_seconds: float = Field(5.0, description="How often undelivered announcements are retried.")
    db_busy_seconds: float = Field(10.0, description="How long an operation retries a busy or locked database.")
    db_pool_size: int = Field(10, description="Database connections per bot process.")
    wal_check_seconds: float = Field(5.0, description="How often SQLite's write-ahead log is checkpointed.")
    retention_days: float = Field(30.0, gt=0, description="How long delivered announcements, news /hand no longer "
                                  "shows and an ended game's live state are kept before clean-up.")
    cleanup_check_minutes: float = Field(60.0, description="How often the clean-up runs (0 = never).")
    shard_count: int | None = Field(None, ge=1, description="Total Discord shards over all bot processes.")
    shard_ids: str | None = Field(None, description="This process's shards: '0-3' or '0,2'; needs shard_count.")

    def shards(self) -> tuple[int, list[int]] | None:
        """(shard count, this process's shard ids), or None for one process serving every guild."""
        if not self.shard_count:
            return None
        if not self.shard_ids:
            return self.shard_count, list(range(self.shard_count))
        ids: list[int] = []
        for part in self.shard_ids.split(","):
            low, _, high = part.strip().partition("-")
            ids += list(range(int(low), int(high or low) + 1))
        if not ids or any(not 0 <= i < self.shard_count for i in ids):
            raise ValueError(f"shard_ids {self.shard_ids!r} must lie in 0..{self.shard_count - 1}")
        return self.shard_count, sorted(set(ids))

    @field_validator("default_language")
    @classmethod
    def _language(cls, value: str) -> str:
        if value not in LANGUAGES:
            raise ValueError(f"default_language must be one of {', '.join(LANGUAGES)}")
        return value


MISSING_TOKEN_HELP = """\
Keeper needs a bot token, and none is set.

1. Open https://discord.com/developers/applications and create an application.
2. In "Bot", reset and copy the token; put it in .env as KEEPER_TOKEN=... (see .env.example).
3. In "OAuth2 > URL Generator" tick the scopes `bot` and `applications.commands`, and the bot
   permissions "Send Messages", "Embed Links", "Read Message History"; open the URL to invite
   Keeper to your server.
"""


class StartupError(RuntimeError):
    """Keeper refuses to start: the message says what is wrong and what to do (nothing changed)."""
