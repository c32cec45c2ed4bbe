"""The start-up check: Keeper refuses to start (StartupError, saying what to do) rather than
start and then fail every click. Run by ``python -m bot`` before it connects to Discord."""
from __future__ import annotations

import hashlib
import importlib.util
import json
import logging
import os
import sys
import tempfile
from importlib import metadata
from pathlib import Path

from bot.settings import Settings, StartupError
from engine.content import ContentError, available_games, load_pack
from engine.core.games import game as declared
from engine.registry import playable

log = logging.getLogger("keeper.startup")

# what validation depends on besides the pack's files and the code of the pack's package
VALIDATORS = ("pydantic", "pydantic-core", "PyYAML")


def _package_sources(module: str) -> list[Path]:
    """The Python files of ``module``'s top-level package (found, not imported: a pack's rules
    are not loaded to check its content)."""
    spec = importlib.util.find_spec(module.split(".")[0])
    if spec is None:
        return []
    roots = list(spec.submodule_search_locations or []) or [str(Path(spec.origin).parent)]
    return sorted(path for root in roots for path in Path(root).rglob("*.py"))


def pack_key(game: str, data_root: Path | None = None) -> str:
    """What a game's content check depends on, hashed: every file of its data folder (names and
    bytes), the code of its pack module's package (the validators and the models) and the
    versions of pydantic and PyYAML. A changed, added or removed file gives another key."""
    digest = hashlib.sha256(f"{sys.version}\0{game}\0".encode())
    for name in VALIDATORS:
        try:
            digest.update(f"{name}={metadata.version(name)}\0".encode())
        except metadata.PackageNotFoundError:
            digest.update(f"{name}=?\0".encode())
    data_dir = declared(game).data_dir(data_root)
    files = sorted(p for p in data_dir.rglob("*") if p.is_file()) if data_dir.is_dir() else []
    for path in files:
        digest.update(b"data\0" + str(path.relative_to(data_dir)).encode() + b"\0" + path.read_bytes() + b"\0")
    for path in _package_sources(declared(game).pack):
        digest.update(b"code\0" + path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _read_checked(record: Path | None) -> dict:
    if record is None:
        return {}
    try:
        data = json.loads(record.read_text(encoding="utf-8"))
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}  # missing or unreadable: every pack is checked again


def _write_checked(record: Path, checked: dict) -> None:
    """Written whole or not at all (a crash mid-write leaves the old record or none)."""
    try:
        record.parent.mkdir(parents=True, exist_ok=True)
        fd, scratch = tempfile.mkstemp(dir=record.parent, prefix=record.name, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(checked, f, indent=1, sort_keys=True)
        os.replace(scratch, record)
    except OSError as exc:  # only a cost: the next start checks the packs again
        log.warning("could not record the checked content packs in %s: %s", record, exc)


def check_content(data_root: Path | None = None, record: Path | None = None) -> dict[str, str]:
    """Every playable game's content pack loads and validates (a broken ``cards.yaml`` would let
    the bot start and fail every ``/game new``); StartupError naming each broken file.

    ``record``: a file of the packs that passed, by :func:`pack_key`. A pack whose key it holds
    is not validated again (seconds at every start); any change of its files, of its code or of
    the validators gives a new key, so a changed or broken file is always checked, and only a
    pack that passed is recorded. Returns each game's ``checked`` or ``known``."""
    problems, outcome = [], {}
    known = _read_checked(record)
    passed = {}
    for game in playable():
        if game not in available_games():
            continue  # a game without a pack (a test's toy game)
        key = pack_key(game, data_root) if record is not None else None
        if key is not None and known.get(game) == key:
            passed[game], outcome[game] = key, "known"
            continue
        try:
            load_pack(game, data_root)
        except ContentError as exc:
            problems.append(f"{game}: {exc}")
            continue
        outcome[game] = "checked"
        if key is not None:
            passed[game] = key
    if record is not None and passed != known:
        _write_checked(record, passed)
    if problems:
        raise StartupError("A content pack is broken, so none of its games could start: " + "; ".join(problems)
                           + ". Fix the file (`python -m engine content check` checks every pack) and start again.")
    return outcome


async def preflight(settings: Settings) -> dict[str, float]:
    """Content packs (validated unless unchanged since they last passed:
    ``settings.content_check_file``), then the database: upgraded to the newest schema, which
    must be exactly the models' and take writes (bot.migrations.upgrade). ``python -m bot`` then
    builds the bot with ``schema_ready``: the schema is checked once per start. Returns the
    seconds each step took (logged; the scale bench reports them)."""
    import time

    from sqlalchemy.exc import OperationalError

    from bot.db import create_tables, make_engine

    took = {}
    began = time.perf_counter()
    record = Path(settings.content_check_file) if settings.content_check_file else None
    checked = check_content(record=record)
    took["content"] = time.perf_counter() - began
    began = time.perf_counter()
    # the schema's upgrades wait for the disk whatever the setting: they run once
    engine = make_engine(settings.database_url, busy_seconds=settings.db_busy_seconds, pool_size=1,
                         durable_commits=True)
    try:
        await create_tables(engine)
    except OperationalError as exc:
        if "unable to open" not in str(exc.orig).lower():
            raise
        raise StartupError(f"The database cannot be opened ({exc.orig}): check KEEPER_DATABASE_URL and that "
                           "its directory exists and the bot's user may write there.") from None
    finally:
        await engine.dispose()
    took["schema"] = time.perf_counter() - began
    log.info("start-up check: content packs %s in %.1f s, schema in %.1f s",
             ", ".join(f"{game} {how}" for game, how in checked.items()), took["content"], took["schema"])
    return took
