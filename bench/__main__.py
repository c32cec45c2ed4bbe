"""`python -m bench [NAME ...]`: run the named benchmarks (all of the everyday ones when none is
named). `python -m bench --help` lists them. Each bench prints its own figures and targets."""
from __future__ import annotations

import argparse
import importlib
from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Bench:
    module: str          # bench.<module> with a main(...)
    help: str
    in_all: bool = True  # run by a bare `python -m bench`
    count: str | None = None      # name of main()'s one numeric argument, if it takes one
    kind: bool = False            # main() takes a game kind (bot bench)
    game: bool = False            # main() takes a game kind or "all" (table bench)

    def run(self, args: argparse.Namespace) -> None:
        main: Callable = importlib.import_module(f"bench.{self.module}").main
        if self.kind:
            main(args.kind)
        elif self.game:
            main(args.game or "all")
        elif self.count and args.count is not None:
            main(args.count)
        else:
            main()


BENCHES: dict[str, Bench] = {
    "engine": Bench("engine_bench", "The Thing's engine: one step p99, a whole 8-player game"),
    "eldritch": Bench("eldritch_bench", "Eldritch Horror's engine: one step p50/p99, a whole game"),
    "unfathomable": Bench("unfathomable_bench", "Unfathomable's engine: one step p50/p99, a whole game",
                          count="games"),
    "bot": Bench("bot_bench", "the bot with 500 live games in SQLite: click and panel latency, checkpoints, "
                 "the WAL (--kind picks the game)", kind=True),
    "bot-eldritch": Bench("eldritch_bot_bench", "the bot with 500 live Eldritch Horror games"),
    "agents": Bench("agent_bench", "Keeper's agents: one decision (view built, agent asked) p50/p99 per table",
                    count="games"),
    "wal": Bench("wal_bench", "the SQLite WAL's checkpoint before/after under sustained clicks with a reader "
                 "holding a transaction: clicks/s, click p99, WAL size", count="seconds"),
    "kill": Bench("outbox_kill", "announcements after repeated SIGKILLs of a bot process (lost, doubled)",
                  count="rounds"),
    "scale": Bench("scale_bench", "N live games of all three games (default 500), two shard processes, over "
                   "SQLite and PostgreSQL: click p99, checkpoint p99 per game, start-up, memory per game, outbox "
                   "drain", in_all=False, count="games"),
    "table": Bench("table_bench", "whole games through SimCord: public messages per decision, pings against "
                   "handovers, one-answer decisions (--game picks one game)", in_all=False, game=True),
    "keeper-table": Bench("keeper_table_bench", "issue 22's tables with Keeper players through SimCord (uk, ru, en): "
                          "per member messages, DMs, pings, clicks per decision, one-button clicks, other-language "
                          "words; Keeper seats' DMs and pings (--game picks one)", in_all=False, game=True),
    "picture": Bench("picture_bench", "The Thing's table picture: render time per player count", count="renders"),
    "picture-unfathomable": Bench("unfathomable_picture_bench", "Unfathomable's ship picture: render time",
                                  count="renders"),
    "picture-eldritch": Bench("eldritch_picture_bench", "Eldritch Horror's world map: render time",
                              count="renders"),
    "one-button": Bench("one_button", "lone-button decisions per game, whole random games through the "
                        "service (issue 20: at most 10 %)", in_all=False, count="games"),
    "one-button-before": Bench("one_button_before", "the same, as the bot was before issue 20 (nothing made "
                               "by itself, every window asked by hand)", in_all=False, count="games"),
    "strength-eldritch": Bench("eldritch_strength", "Eldritch Horror with Keeper agents: wins, doom by cause, "
                               "gates, clues, mysteries per game (1 investigator; more: python -m "
                               "bench.eldritch_strength --help)", in_all=False, count="games"),
    "strength-unfathomable": Bench("unfathomable_strength", "Unfathomable with Keeper agents: where games are "
                                   "lost, by cause (4 players; more: python -m bench.unfathomable_strength "
                                   "--help)", in_all=False, count="games"),
    "tune-unfathomable": Bench("unfathomable_tune", "the Unfathomable crew's numbers: the defaults on held-out "
                               "seeds (a paired-seed search: python -m bench.unfathomable_tune search --help)",
                               in_all=False, count="games"),
}


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    listing = "\n".join(f"  {name:<22} {bench.help}" + ("" if bench.in_all else " (only when named)")
                        for name, bench in BENCHES.items())
    parser = argparse.ArgumentParser(
        prog="python -m bench", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Keeper's benchmarks: speed and memory targets, measured (never in the test suite).",
        epilog="benchmarks:\n" + listing)
    parser.add_argument("names", nargs="*", metavar="NAME", help="benchmarks to run (default: all of them)")
    parser.add_argument("--count", type=int, help="games, renders or rounds, for the benches that take one")
    parser.add_argument("--game", help="thing, unfathomable or eldritch, for the table bench (default: all)")
    parser.add_argument("--kind", default="thing", help="game kind for the bot bench (default: thing)")
    args = parser.parse_args(argv)
    unknown = [name for name in args.names if name not in BENCHES]
    if unknown:
        parser.error(f"unknown benchmark {', '.join(unknown)} (see --help)")
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse(argv)
    for name in args.names or [name for name, bench in BENCHES.items() if bench.in_all]:
        BENCHES[name].run(args)


if __name__ == "__main__":
    main()
