"""The start-up check: Keeper refuses to start (StartupError, saying what to do) rather than
start and then fail every click. Run by ``python -m bot`` before it connects to Discord."""
from __future__ import annotations

from pathlib import Path

from bot.settings import Settings, StartupError
from engine.content import ContentError, available_games, load_pack
from engine.registry import playable


def check_content(data_root: Path | None = None) -> None:
    """Every playable game's content pack loads and validates (a broken ``cards.yaml`` would let
    the bot start and fail every ``/game new``); StartupError naming each broken file."""
    problems = []
    for game in playable():
        if game not in available_games():
            continue  # a game without a pack (a test's toy game)
        try:
            load_pack(game, data_root)
        except ContentError as exc:
            problems.append(f"{game}: {exc}")
    if problems:
        raise StartupError("A content pack is broken, so none of its games could start: " + "; ".join(problems)
                           + ". Fix the file (`python -m engine content check` checks every pack) and start again.")


async def preflight(settings: Settings) -> None:
    """Content packs, then the database: upgraded to the newest schema, which must be exactly
    the models' and take writes (bot.migrations.upgrade)."""
    from sqlalchemy.exc import OperationalError

    from bot.db import create_tables, make_engine

    check_content()
    engine = make_engine(settings.database_url, busy_seconds=settings.db_busy_seconds, pool_size=1)
    try:
        await create_tables(engine)
    except OperationalError as exc:
        if "unable to open" not in str(exc.orig).lower():
            raise
        raise StartupError(f"The database cannot be opened ({exc.orig}): check KEEPER_DATABASE_URL and that "
                           "its directory exists and the bot's user may write there.") from None
    finally:
        await engine.dispose()
