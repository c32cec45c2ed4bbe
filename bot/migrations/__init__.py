"""Schema migrations (Alembic), run by the bot at start: ``bot.db.create_tables`` calls
``upgrade`` on a connection of its async engine. ``python -m bot.migrations`` is Alembic's
command line for this directory (``revision --autogenerate -m "..."`` writes a new migration).

Alembic is imported only when it is needed: a database already at the newest revision, whose
tables and columns are the models', is checked with SQLAlchemy alone (start-up saves the import
of Alembic and of every dialect it brings)."""
from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import MetaData, create_engine, inspect
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError

from bot.settings import StartupError

if TYPE_CHECKING:
    from alembic.config import Config

HERE = Path(__file__).resolve().parent
PG_LOCK = 0x6B656570  # advisory lock key ("keep"): bot processes starting together migrate one by one


def config(connection: Connection | None = None, url: str | None = None) -> Config:
    """Alembic's configuration, built in code: env.py migrates ``connection`` when given, else ``url``."""
    from alembic.config import Config
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    if url:
        cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))  # ini-style interpolation
    cfg.attributes["connection"] = connection
    return cfg


class SchemaError(StartupError):
    """The database's schema is not one Keeper can use; the message lists the differences."""


Columns = dict[str, frozenset[str]]  # table -> its column names


def columns(connection: Connection) -> Columns:
    """The tables on ``connection`` (Alembic's own left out) and their column names."""
    inspector = inspect(connection)
    return {table: frozenset(column["name"] for column in inspector.get_columns(table))
            for table in inspector.get_table_names() if table != "alembic_version"}


@functools.cache
def revision_columns() -> dict[str, Columns]:
    """Each revision's tables and columns, oldest first: a scratch in-memory SQLite database
    upgraded one revision at a time (the migrations are the only account of old schemas)."""
    from alembic import command
    from alembic.script import ScriptDirectory
    revisions = [r.revision for r in reversed(list(ScriptDirectory.from_config(config()).walk_revisions()))]
    found: dict[str, Columns] = {}
    scratch = create_engine("sqlite://")
    try:
        with scratch.begin() as connection:
            for revision in revisions:
                command.upgrade(config(connection), revision)
                found[revision] = columns(connection)
    finally:
        scratch.dispose()
    return found


def column_differences(live: Columns, wanted: Columns) -> list[str]:
    """What keeps ``live`` from being ``wanted``, in words."""
    problems = [f"table {table} is missing" for table in sorted(set(wanted) - set(live))]
    problems += [f"table {table} is not Keeper's" for table in sorted(set(live) - set(wanted))]
    for table in sorted(set(live) & set(wanted)):
        problems += [f"column {table}.{name} is missing" for name in sorted(wanted[table] - live[table])]
        problems += [f"column {table}.{name} is not Keeper's" for name in sorted(live[table] - wanted[table])]
    return problems


def stamp_revision(live: Columns) -> str:
    """The revision whose tables and columns are exactly ``live`` (the newest, if several);
    SchemaError naming the differences from the nearest one if none is."""
    known = revision_columns()
    matches = [revision for revision, schema in known.items() if schema == live]
    if matches:
        return matches[-1]
    nearest = min(known, key=lambda revision: (len(column_differences(live, known[revision])), revision))
    raise SchemaError(
        "The database has Keeper's tables but no schema version, and its columns match no release Keeper "
        f"can upgrade. Nearest is revision {nearest}, from which it differs: "
        + "; ".join(column_differences(live, known[nearest]))
        + ". Nothing was changed. Restore a backup made by Keeper, or bring the tables to revision "
          f"{nearest} by hand and start again, or set KEEPER_DATABASE_URL to a new database.")


def describe(diff) -> str:
    """One of Alembic's ``compare_metadata`` differences, in words."""
    if isinstance(diff, list):  # modify_* come grouped per column
        return "; ".join(describe(item) for item in diff)
    kind = diff[0]
    if kind in ("add_table", "remove_table"):
        return f"table {diff[1].name} is " + ("missing" if kind == "add_table" else "not in the models")
    if kind in ("add_column", "remove_column"):
        return f"column {diff[2]}.{diff[3].name} is " + ("missing" if kind == "add_column" else "not in the models")
    if kind in ("add_index", "remove_index", "add_constraint", "remove_constraint"):
        what = kind.split("_")[1]
        return f"{what} {diff[1].name} on {diff[1].table.name} is " + ("missing" if kind.startswith("add") else
                                                                      "not in the models")
    if kind.startswith("modify_"):
        return f"column {diff[2]}.{diff[3]}: {kind[7:]} is {diff[5]!r}, the models say {diff[6]!r}"
    return repr(diff)


def check_models(connection: Connection, models: MetaData) -> None:
    """SchemaError unless the live schema is exactly the models' (``models``: bot/db.py's tables)."""
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext
    context = MigrationContext.configure(connection, opts={"compare_type": True})
    diffs = compare_metadata(context, models)
    if diffs:
        raise SchemaError(
            "After its migrations the database's schema still differs from Keeper's models: "
            + "; ".join(describe(diff) for diff in diffs)
            + ". Nothing was changed. If you changed bot/db.py, write the migration "
              "(python -m bot.migrations revision --autogenerate -m \"...\"); if the tables were changed "
              "by hand, undo that or restore a backup.")


def check_writable(connection: Connection) -> None:
    """StartupError if the database refuses writes (a read-only file, mount or transaction):
    the bot would start and then fail every click."""
    try:
        connection.exec_driver_sql("UPDATE alembic_version SET version_num = version_num")
    except DBAPIError as exc:
        text = str(exc.orig).lower()
        if "readonly" in text or "read-only" in text or "read only" in text:
            raise StartupError(
                f"The database is read-only ({exc.orig}): Keeper must write every move. Give the bot's user "
                "write access to the database file and its directory (SQLite also writes -wal and -shm files "
                "beside it), or a database role that may write, and start again.") from None
        raise


_REVISION_LINE = re.compile(r"""^(down_revision|revision)\s*(?::[^=]*)?=\s*['"]?([\w-]+)['"]?""", re.M)


@functools.cache
def head_revision() -> str | None:
    """The newest revision, read from the migration files without Alembic (the one no other
    revises); None if that is not one clear revision, and Alembic decides."""
    revised, revisions = set(), set()
    for path in (HERE / "versions").glob("*.py"):
        found = dict(match.groups() for match in _REVISION_LINE.finditer(path.read_text(encoding="utf-8")))
        if "revision" not in found:
            continue
        revisions.add(found["revision"])
        revised.add(found.get("down_revision"))
    heads = revisions - revised
    return heads.pop() if len(heads) == 1 else None


def stored_revision(connection: Connection) -> str | None:
    """The revision the database says it is at (None: no version table, or no row)."""
    if "alembic_version" not in inspect(connection).get_table_names():
        return None
    return connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()


def model_columns(models: MetaData) -> Columns:
    return {table.name: frozenset(column.name for column in table.columns) for table in models.tables.values()}


def upgrade(connection: Connection, models: MetaData) -> None:
    """Bring the database on ``connection`` to the newest revision, in the caller's transaction.

    A database made before migrations (tables, no version) is stamped with the revision its
    schema matches first (SchemaError if it matches none); a version left behind by dropped
    tables is forgotten. Afterwards the schema must be exactly the models' and the database must
    take writes, else it refuses (StartupError) and nothing is changed. ``models``: the tables the
    schema must match, given by the caller (bot.db), so this package never imports the models.

    A database at the newest revision whose tables and columns are the models' is only checked
    for writes: Alembic (and its full comparison of types and indexes, which that revision's
    upgrade passed) runs when an upgrade or a stamp is due or the columns differ."""
    if connection.dialect.name == "sqlite":
        # the write lock up front: the whole upgrade is one transaction, and a second process
        # starting on the same file waits for it instead of creating the tables twice
        connection.exec_driver_sql("BEGIN IMMEDIATE")
    elif connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({PG_LOCK})")
    live = columns(connection)
    head = head_revision()
    if "games" in live and head is not None and stored_revision(connection) == head \
            and live == model_columns(models):
        check_writable(connection)  # at the newest revision, as the models are: nothing to upgrade
        return
    from alembic import command
    from alembic.runtime.migration import MigrationContext

    current = MigrationContext.configure(connection).get_current_revision()
    cfg = config(connection)
    if "games" in live and current is None:
        # create_all of the released models made 0001, that of the models at 0002's commit
        # (news and outbox, before migrations existed) 0002, and so on: matched column by column
        command.stamp(cfg, stamp_revision(live))
    elif "games" not in live and current is not None:
        command.stamp(cfg, "base", purge=True)
    command.upgrade(cfg, "head")
    check_models(connection, models)
    check_writable(connection)
