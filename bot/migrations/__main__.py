"""Alembic's command line for Keeper's migrations: ``python -m bot.migrations <command>``.

``revision`` compares the models with a scratch SQLite database upgraded to head (so
``--autogenerate`` writes exactly the change since the last migration) and numbers the new
revision after the last one; every other command works on KEEPER_DATABASE_URL."""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from alembic import command
from alembic.config import CommandLine
from alembic.script import ScriptDirectory

from bot.migrations import config


def main(argv: list[str] | None = None) -> None:
    cli = CommandLine(prog="python -m bot.migrations")
    options = cli.parser.parse_args(argv)
    if not hasattr(options, "cmd"):
        cli.parser.error("too few arguments")
    if options.cmd[0] is command.revision:
        with tempfile.TemporaryDirectory() as scratch:
            cfg = config(url=f"sqlite+aiosqlite:///{Path(scratch) / 'scratch.sqlite3'}")
            cfg.cmd_opts = options
            if not options.rev_id:
                revisions = ScriptDirectory.from_config(cfg).walk_revisions()
                options.rev_id = f"{max((int(r.revision) for r in revisions if r.revision.isdigit()), default=0) + 1:04d}"
            command.upgrade(cfg, "head")
            cli.run_cmd(cfg, options)
        return
    from bot.settings import Settings
    cfg = config(url=Settings().database_url)
    cfg.cmd_opts = options
    cli.run_cmd(cfg, options)


if __name__ == "__main__":
    main(sys.argv[1:])
