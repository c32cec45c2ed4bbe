"""Schema migrations (Alembic), run by the bot at start: ``bot.db.create_tables`` calls
``upgrade`` on a connection of its async engine. ``python -m bot.migrations`` is Alembic's
command line for this directory (``revision --autogenerate -m "..."`` writes a new migration)."""
from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect
from sqlalchemy.engine import Connection

HERE = Path(__file__).resolve().parent
RELEASED = "0001"  # the schema the bot made with create_all before it had migrations (git a3c7531)
PG_LOCK = 0x6B656570  # advisory lock key ("keep"): bot processes starting together migrate one by one


def config(connection: Connection | None = None, url: str | None = None) -> Config:
    """Alembic's configuration, built in code: env.py migrates ``connection`` when given, else ``url``."""
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    if url:
        cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))  # ini-style interpolation
    cfg.attributes["connection"] = connection
    return cfg


def upgrade(connection: Connection) -> None:
    """Bring the database on ``connection`` to the newest revision, in the caller's transaction.

    A database made before migrations (tables, no version) is stamped with the revision its
    schema matches first; a version left behind by dropped tables is forgotten."""
    if connection.dialect.name == "sqlite":
        # the write lock up front: the whole upgrade is one transaction, and a second process
        # starting on the same file waits for it instead of creating the tables twice
        connection.exec_driver_sql("BEGIN IMMEDIATE")
    elif connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({PG_LOCK})")
    tables = set(inspect(connection).get_table_names())
    current = MigrationContext.configure(connection).get_current_revision()
    cfg = config(connection)
    if "games" in tables and current is None:
        # create_all of the released models made 0001; that of the models at 0002's commit
        # (news and outbox, before migrations existed) made 0002; with proposals, 0003; with
        # the channel log, 0004
        columns = {column["name"] for column in inspect(connection).get_columns("games")}
        command.stamp(cfg, "0004" if "channel_log" in columns else "0003" if "proposals" in tables
                      else "0002" if "outbox" in tables else RELEASED)
    elif "games" not in tables and current is not None:
        command.stamp(cfg, "base", purge=True)
    command.upgrade(cfg, "head")
