"""How many of a member's decisions are a lone button (issue 20: at most 10 % with default settings).

Whole games of each game are played through the bot's service (the layer that makes the forced
decisions and passes response windows for members, bot/service.py) by random members: a member
waited for picks one of the answers their prompt offers (the engine's random agent, so windows
are mostly passed and games end). A *decision* is a member's click; a *one-button decision* is
one whose prompt had a single answer. Steps the bot makes by itself (logged ``auto``) are counted
apart. A response window in which only members with nothing usable are left is closed as its
time running out closes it (``GameService.expire``).

    python -m bench one-button [--count GAMES]     (python -m bench one-button-before: the comparison)

``before``: as the bot was before issue 20 (no forced step made by itself, every window asked
by hand), for the comparison.
"""
from __future__ import annotations

import asyncio
import collections
import random
import sys
import time
from datetime import timedelta

from bench.bot_bench import bench_bot, new_game
from bot.db import utcnow
from engine.core import shapes
from engine.core.errors import RuleError
from engine.core.game import GameRules
from engine.registry import rules_for
from engine.simulate import choose

TABLES = [("thing", 5, {}), ("unfathomable", 4, {}), ("unfathomable", 6, {}), ("eldritch", 1, {"per_player": 2}),
          ("eldritch", 4, {})]
MAX_CLICKS = 1500


async def play(service, i: int, kind: str, members: int, options: dict, rng: random.Random) -> collections.Counter:
    rules = rules_for(kind)
    game = await new_game(service, i, kind, members)
    if options:
        await service.set_options(game.id, {**game.options, **options})
    await service.start(game.id)
    stats = collections.Counter()
    while stats["decisions"] < MAX_CLICKS:
        game = await service.get(game.id)
        if game.status != "active":
            stats["finished"] += 1
            break
        state = game.state
        prompts = rules.prompts(state)
        if service._window_waits(game, frozenset()):
            await service.expire(game.id, now=utcnow() + timedelta(minutes=10))
            stats["windows_closed"] += 1
            continue
        # a window's prompts share one id: a member is told apart by (player, id)
        held = {(p["player"], p["id"]) for p in prompts
                if p["kind"] in rules.WINDOW_KINDS and shapes.only_answer(p) is not None}
        asked = [p for p in prompts if (p["player"], p["id"]) not in held]
        prompt = rng.choice(asked)
        player = prompt["player"]
        if prompt.get("shape", "one") == "one":
            actions = [{"player": player, **o} for o in prompt["options"]]
        else:
            actions = [{"player": player, **shapes.pattern(prompt)}]
        actions += [{"player": player, **a} for a in rules.free_actions(state, player)]
        lone = shapes.only_answer(prompt) is not None and len(actions) == 1
        action = choose(rng, state, actions, rules)
        try:
            await service.act(game.id, {**action, "prompt": prompt["id"]})
        except RuleError:   # a random subset that breaks a rule its pattern cannot say (a total)
            await service.act(game.id, {"player": player, "type": "default", "prompt": prompt["id"]})
        stats["decisions"] += 1
        stats["one_button"] += lone
        if lone:
            stats[f"lone:{prompt['kind']}"] += 1
    rows = await service.actions(game.id)
    stats["auto"] += sum(1 for row in rows if row.action.get("auto"))
    return stats


def before_issue_20() -> None:
    """The bot as it was: nothing made by itself, every window asked by hand."""
    GameRules.forced = lambda self, state: None
    for kind in ("thing", "unfathomable", "eldritch"):
        type(rules_for(kind)).WINDOW_KINDS = frozenset()


async def run(games: int) -> None:
    async with bench_bot() as (bot, _path):
        service = bot.service
        i = 0
        for kind, members, options in TABLES:
            total = collections.Counter()
            started = time.perf_counter()
            for g in range(games):
                total += await play(service, i, kind, members, options, random.Random(1000 + g))
                i += 1
            share = 100 * total["one_button"] / max(1, total["decisions"])
            lone = ", ".join(f"{k[5:]} {v}" for k, v in total.most_common() if k.startswith("lone:"))
            print(f"{kind:13} {members} members: {games} games ({total['finished']} ended), "
                  f"{total['decisions'] / games:6.1f} decisions a game, one-button {share:4.1f} % "
                  f"({lone or 'none'}); made by the bot: {total['auto'] / games:.1f} a game, "
                  f"windows closed by time: {total['windows_closed'] / games:.1f} a game "
                  f"[{time.perf_counter() - started:.0f} s]", flush=True)


def main(games: int = 3, before: bool = False) -> None:
    if before:
        before_issue_20()
    asyncio.run(run(games))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3, "before" in sys.argv[2:])
