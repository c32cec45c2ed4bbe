"""`python -m bot` starts Keeper; `python -m bot sync` syncs slash commands globally, then starts."""
from __future__ import annotations

import asyncio
import logging
import sys

from pydantic import ValidationError

from bot.settings import Settings, StartupError, missing_token_help


def main(argv: list[str]) -> int:
    try:
        settings = Settings()
    except ValidationError as exc:
        print(f"Invalid settings:\n{exc}", file=sys.stderr)
        return 2
    if not settings.token:
        print(missing_token_help(settings.application_id), file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level.upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    from bot.startup import preflight
    try:
        asyncio.run(preflight(settings))  # before connecting: refuse rather than fail every click
    except StartupError as exc:
        print(f"Keeper cannot start. {exc}", file=sys.stderr)
        return 2
    from bot.client import create_bot

    bot = create_bot(settings, schema_ready=True)  # preflight upgraded and checked it
    if argv[:1] == ["sync"]:
        done = []

        async def sync_globally():
            if done:  # on_ready fires again after reconnects; sync once
                return
            done.append(True)
            synced = await bot.tree.sync()
            logging.getLogger("keeper").info("synced %d commands globally", len(synced))
        bot.add_listener(sync_globally, "on_ready")  # one deliberate global sync, by the owner
    bot.run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
