"""Alembic's environment: migrates the connection handed over in ``config.attributes``
(the bot's start-up, through ``AsyncConnection.run_sync``) or, from the command line, a
connection of an async engine made from ``sqlalchemy.url``."""
from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy.types import TypeDecorator
from sqlmodel import SQLModel

from bot import db  # noqa: F401  (registers the tables on SQLModel.metadata)

config = context.config
target_metadata = SQLModel.metadata


def render_item(type_, obj, autogen_context):
    """Model-side types (SQLModel's AutoString and UTCDateTime, bot.db.StateJSON) are written
    as the plain types they store: a migration must not import today's models."""
    if type_ == "type" and isinstance(obj, TypeDecorator):
        return f"sa.{obj.impl_instance!r}"
    return False


def run_migrations(connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata,
                      render_as_batch=connection.dialect.name == "sqlite",  # SQLite rebuilds tables to alter them
                      compare_type=True, render_item=render_item)
    with context.begin_transaction():
        context.run_migrations()


async def run_with_url(url: str) -> None:
    engine = db.make_engine(url, pool_size=1)
    try:
        async with engine.begin() as connection:
            await connection.run_sync(run_migrations)
    finally:
        await engine.dispose()


if context.is_offline_mode():
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=target_metadata,
                      literal_binds=True, render_item=render_item)
    with context.begin_transaction():
        context.run_migrations()
elif config.attributes.get("connection") is not None:
    run_migrations(config.attributes["connection"])
else:
    asyncio.run(run_with_url(config.get_main_option("sqlalchemy.url")))
