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
    application_id: int | None = Field(None, description="The Discord application's id: the how-to prints "
                                       "the invite URL with it.")
    content_check_file: str = Field(".keeper-content-checked.json", description="Where start-up records the content "
                                    "packs that passed its check: an unchanged pack is not validated again "
                                    "(empty: validate every pack at every start).")
    log_level: str = Field("INFO", description="Python logging level.")
    deadline_check_seconds: float = Field(15.0, description="How often turn deadlines are checked.")
    default_turn_timeout_minutes: int = Field(0, description="Default turn timeout for new guilds (0 = off).")
    outbox_check_seconds: float = Field(5.0, description="How often undelivered announcements are retried.")
    db_busy_seconds: float = Field(60.0, gt=0, description="How long an operation waits for a busy database (a free "
                                   "connection, SQLite's write lock) before it tells the member so.")
    db_pool_size: int | None = Field(None, ge=1, description="Database connections per bot process (empty: 10 for "
                                     "SQLite, 20 for PostgreSQL).")
    wal_check_seconds: float = Field(5.0, description="How often SQLite's write-ahead log is checkpointed.")
    retention_days: float = Field(30.0, gt=0, description="How long delivered announcements, news /panel no longer "
                                  "shows and an ended game's live state are kept before clean-up.")
    cleanup_check_minutes: float = Field(60.0, description="How often the clean-up runs (0 = never).")
    durable_commits: bool = Field(False, description="Wait for every move's commit to reach the disk (SQLite "
                                  "synchronous=FULL, PostgreSQL the server's synchronous_commit). Off: a crash of "
                                  "the bot still loses nothing; a crash of the database's machine or server may "
                                  "lose its last moments of moves (on PostgreSQL never one already announced).")
    shard_count: int | None = Field(None, ge=1, description="Total Discord shards over all bot processes.")
    shard_ids: str | None = Field(None, description="This process's shards: '0-3' or '0,2'; needs shard_count.")
    picture_processes: int = Field(1, ge=0, description="Worker processes that draw the table pictures, at a "
                                   "lower CPU priority than the bot (0: a thread of the bot's own process).")

    def pool_size(self) -> int:
        """Connections per process: SQLite has one writer at a time (more connections would only
        contend for its lock); PostgreSQL runs many at once, so a burst of clicks waits less."""
        if self.db_pool_size:
            return self.db_pool_size
        return 10 if self.database_url.startswith("sqlite") else 20

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


# What Keeper needs in a server: post and edit its messages, embed the table, attach the table
# pictures, read back its own recent messages. The how-to, the invite URL and README name these.
BOT_PERMISSIONS = ("send_messages", "embed_links", "attach_files", "read_message_history")
INVITE_SCOPES = ("bot", "applications.commands")


def permission_names() -> list[str]:
    """The permissions as the developer portal's URL Generator labels them."""
    return [name.replace("_", " ").title() for name in BOT_PERMISSIONS]


def invite_url(application_id: int) -> str:
    from discord import Permissions
    from discord.utils import oauth_url
    return oauth_url(application_id, permissions=Permissions(**dict.fromkeys(BOT_PERMISSIONS, True)),
                     scopes=INVITE_SCOPES)


def missing_token_help(application_id: int | None = None) -> str:
    permissions = ", ".join(f'"{name}"' for name in permission_names())
    invite = (f"   Or open this invite URL: {invite_url(application_id)}\n" if application_id else
              "   (Set KEEPER_APPLICATION_ID and this how-to prints the invite URL itself.)\n")
    return f"""\
Keeper needs a bot token, and none is set.

1. Open https://discord.com/developers/applications and create an application.
2. In "Bot", reset and copy the token; put it in .env as KEEPER_TOKEN=... (see .env.example).
3. In "OAuth2 > URL Generator" tick the scopes {" and ".join(f"`{scope}`" for scope in INVITE_SCOPES)}, and the bot
   permissions {permissions};
   open the URL to invite Keeper to your server.
{invite}4. Sync the slash commands once: `.venv/bin/python -m bot sync` (or set KEEPER_DEV_GUILD_ID to sync
   to one test server at every start).
"""


class StartupError(RuntimeError):
    """Keeper refuses to start: the message says what is wrong and what to do (nothing changed)."""
