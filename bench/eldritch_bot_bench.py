"""Bot speed for Eldritch Horror with 500 live games in the database (SQLite file, WAL), as
``bench/bot_bench.py`` measures The Thing: the real handlers of an option click and of the
"My hand" panel against a Discord transport that answers instantly, so only the bot's own time
is measured (load, engine step, checkpoint, public lines, table embed, private panel, views;
the world map picture is drawn after the reply, with the announcements).

    python -m bench bot-eldritch        (BENCH_LIVE_GAMES, BENCH_CLICKS to change the sizes)

Target: click handled → reply sent, p99 < 30 ms.
"""
from __future__ import annotations

import asyncio
import os
import random
import statistics
import time

from bench.bot_bench import FakeInteraction, _Reply, bench_bot, new_game, time_panel
from bench.common import pct
from bot.db import checkpoint_wal
from bot.service import GameService
from engine.registry import rules_for

class _CpuReply(_Reply):
    """The followup also notes the process's CPU time when the member's reply went out."""

    cpu_at: float | None = None

    async def send(self, *args, **kwargs):
        if self.cpu_at is None:
            self.cpu_at = time.process_time()
        return await super().send(*args, **kwargs)


LIVE_GAMES = int(os.environ.get("BENCH_LIVE_GAMES", 500))
CLICKS = int(os.environ.get("BENCH_CLICKS", 1000))


async def fill(service: GameService, publisher, count: int) -> list[int]:
    """``count`` live games of 1-4 members (a solo member plays two investigators), each some
    random steps in, with their announcements delivered (the table picture included)."""
    rng = random.Random(5)
    rules = rules_for("eldritch")
    ids = []
    for i in range(count):
        players = rng.choice((1, 2, 3, 4))
        game = await new_game(service, i, "eldritch", players)
        if players == 1:
            await service.set_options(game.id, {"per_player": 2})
        await service.start(game.id)
        await publisher.flush(game.id)
        ids.append(game.id)
        for _ in range(rng.randrange(0, 30)):
            game = await service.get(game.id)
            prompts = rules.prompts(game.state)
            if not prompts:
                break
            await service.act(game.id, {"player": prompts[0]["player"], "prompt": prompts[0]["id"],
                                        **rng.choice(prompts[0]["options"])})
            await publisher.flush(game.id)
    return ids


async def run() -> dict:
    import cogs.play as play

    async with bench_bot() as (bot, _):
        started = time.perf_counter()
        ids = await fill(bot.service, bot.publisher, LIVE_GAMES)
        fill_seconds = time.perf_counter() - started
        await checkpoint_wal(bot.db_engine)
        rules = rules_for("eldritch")
        rng = random.Random(1)
        clicks, panels, handled, cpu = [], [], [], []
        live = len(await bot.service.live_games())
        try:
            while len(clicks) < CLICKS and ids:
                game_id = rng.choice(ids)
                game = await bot.service.get(game_id)
                if game.status != "active":
                    ids.remove(game_id)
                    continue
                prompt = rules.prompts(game.state)[0]
                user = int(prompt["player"])
                panels.append(await time_panel(bot, user, game))  # "My hand"
                interaction = FakeInteraction(bot, user, game)
                start, start_cpu = time.perf_counter(), time.process_time()
                interaction.followup = _CpuReply()
                await play.resolve_option(interaction, game_id, game.epoch, prompt["id"],
                                          play.option_digest(rng.choice(prompt["options"])))
                handled.append(time.perf_counter() - start)  # reply, then announcements and the map
                clicks.append(interaction.followup.at - start)
                cpu.append(interaction.followup.cpu_at - start_cpu)
                if len(clicks) % 200 == 0:
                    await checkpoint_wal(bot.db_engine)  # the bot's maintenance loop does this
        finally:
            drain = time.perf_counter()
            await bot.publisher.idle()  # deliveries run off the click's path: let them finish
            drained_s = time.perf_counter() - drain
            undelivered = await bot.service.pending_outbox()
            await bot.db_engine.dispose()
    return {"live_games": live, "fill_s": fill_seconds, "clicks": len(clicks),
            "click_p50_ms": statistics.median(clicks) * 1e3, "click_p99_ms": pct(clicks, 0.99),
            "handled_p50_ms": statistics.median(handled) * 1e3, "handled_p99_ms": pct(handled, 0.99),
            "panel_p50_ms": statistics.median(panels) * 1e3, "panel_p99_ms": pct(panels, 0.99),
            "cpu_p50_ms": statistics.median(cpu) * 1e3, "cpu_p99_ms": pct(cpu, 0.99),
            "load": os.getloadavg()[0], "undelivered": undelivered, "drained_s": drained_s}


def main() -> None:
    r = asyncio.run(run())
    print(f"Eldritch bot with {r['live_games']} live games in SQLite (filled in {r['fill_s']:.0f} s):")
    print(f"  option click handled→reply: p50 {r['click_p50_ms']:.1f} ms, p99 {r['click_p99_ms']:.1f} ms "
          f"(target < 30 ms) over {r['clicks']} clicks")
    print(f"  the same, CPU time of the bot's process (all its threads; what other processes on a busy "
          f"machine cannot inflate): p50 {r['cpu_p50_ms']:.1f} ms, p99 {r['cpu_p99_ms']:.1f} ms "
          f"(load average at the end {r['load']:.1f})")
    print(f"  option click handled whole (reply, then announcements and the map picture): "
          f"p50 {r['handled_p50_ms']:.1f} ms, p99 {r['handled_p99_ms']:.1f} ms")
    print(f"  'My hand' panel handled→reply: p50 {r['panel_p50_ms']:.1f} ms, p99 {r['panel_p99_ms']:.1f} ms")
    print(f"  announcements left undelivered in the outbox: {r['undelivered']} (after waiting "
          f"{r['drained_s']:.1f} s for the deliveries still running when the clicks stopped)")


if __name__ == "__main__":
    main()
