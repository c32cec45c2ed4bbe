"""Command line: replay records, simulate random games, check content packs.

    python -m engine replay FILE [--view PLAYER] [--upto N] [--json] [--allow-other-version]
    python -m engine simulate GAME --players N --games G --seed S [--option key=value ...] [--agent keeper]
    python -m engine content check [--json]
"""
from __future__ import annotations

import argparse
import json
import sys

import yaml

from engine.registry import playable


def _print(data, as_json: bool) -> None:
    if as_json:
        print(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True))
    else:
        print(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), end="")


def cmd_replay(args) -> int:
    from engine.core.errors import RecordError, RuleError
    from engine.core.record import GameRecord, replay
    from engine.registry import rules_for

    try:
        record = GameRecord.load(args.file)
        result = replay(record, args.upto, allow_other_version=args.allow_other_version)
    except (RecordError, RuleError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    rules = rules_for(record.game)
    if args.view:
        if args.view not in record.players:
            print(f"error: {args.view} is not a player of this record", file=sys.stderr)
            return 1
        _print(rules.view(result.state, args.view), args.json)
    else:
        _print(result.state, args.json)
    return 0


def _parse_option(text: str):
    key, _, raw = text.partition("=")
    return key, yaml.safe_load(raw) if raw else True


def cmd_simulate(args) -> int:
    from engine.simulate import simulate

    if args.game not in playable():
        print(f"unknown game '{args.game}' (playable: {', '.join(playable())})", file=sys.stderr)
        return 2
    options = dict(_parse_option(o) for o in args.option or [])
    totals = simulate(args.game, args.players, args.games, args.seed, options,
                      check_invariants=not args.no_invariants, agent=args.agent)
    for sample in totals.error_samples:
        print(f"error: {sample}", file=sys.stderr)
    for kind, count in sorted(totals.error_kinds.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"errors by kind: {count} x {kind}", file=sys.stderr)
    print(totals.line())
    return 1 if totals.errors else 0


def cmd_content_check(args) -> int:
    from engine.content import ContentError, available_games, load_pack, pack_module
    from engine.content.languages import coverage, missing_translations

    report, failed = {}, False
    for game in available_games():
        try:
            pack = load_pack(game)
            rows = [row.as_dict() for row in pack_module(game).summary(pack)]
            bad = [r for r in rows if r["expected"] is not None and r["expected"] != r["count"]]
            missing = missing_translations(pack)
            untranslated = [m for m in missing if m.kind != "summary"]
            report[game] = {"ok": not bad and not untranslated, "rows": rows,
                            "languages": coverage(pack),
                            "missing": [{"kind": m.kind, "where": m.where, "en": m.en,
                                         "lacks": list(m.languages)} for m in untranslated]}
            failed |= bool(bad) or bool(untranslated)
        except ContentError as exc:
            report[game] = {"ok": False, "error": str(exc)}
            failed = True
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=1))
    else:
        for game, item in report.items():
            print(f"== {game}: {'ok' if item['ok'] else 'FAILED'}")
            if "error" in item:
                print(f"   {item['error']}")
                continue
            width = max(len(f"{r['section']} / {r['name']}") for r in item["rows"])
            for r in item["rows"]:
                label = f"{r['section']} / {r['name']}"
                expected = "" if r["expected"] is None else f"(expected {r['expected']})"
                mark = "" if r["expected"] in (None, r["count"]) else "  <-- MISMATCH"
                print(f"   {label:<{width}}  {r['count']:>4} {expected}{mark}")
            counts = item["languages"]
            print(f"   uk/ru missing: {counts['name']} names, {counts['text']} texts"
                  f" ({counts['summary']} effect summaries left to the generated texts)")
            for m in item["missing"]:
                print(f"   - {m['kind']} {m['where']} lacks {'/'.join(m['lacks'])}: {m['en'][:60]}")
    return 1 if failed else 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("replay", help="replay a game record and print the final state")
    p.add_argument("file")
    p.add_argument("--view", metavar="PLAYER", help="print only what this player may see")
    p.add_argument("--upto", type=int, help="replay only the first N actions")
    p.add_argument("--json", action="store_true", help="JSON output")
    p.add_argument("--allow-other-version", action="store_true",
                   help="replay a record made with other rules or content anyway")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("simulate", help="play random games with random legal agents")
    p.add_argument("game", help="a registered game: " + ", ".join(playable()))
    p.add_argument("--players", type=int, default=6)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a game option, repeatable")
    p.add_argument("--agent", choices=("random", "keeper"), default="random",
                   help="who plays every seat: the random legal agent or Keeper's agent (engine.<game>.agent)")
    p.add_argument("--no-invariants", action="store_true",
                   help="skip the invariant check after every step (faster, for big strength runs)")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("content", help="content packs")
    csub = p.add_subparsers(dest="content_command", required=True)
    c = csub.add_parser("check", help="validate every game's pack and print its counts")
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=cmd_content_check)

    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
