"""Issue 22 as a member lives it: whole games at tables where Keeper players fill seats, played
through the real bot offline (SimCord), the members clicking only what they are shown, and per
member (messages from the lobby on, clicks from the start on): public messages and the lines
of the channel's log at the end, DMs, panels,
pings against handovers, clicks (interactions) per own decision, one-button clicks (a prompt
with one answer the member still clicked: its kind is listed), words in another language (at a
uk/ru table: Latin words, the check of ``tests/bot/test_no_english_at_uk_ru_tables.py``); the
Keeper players' share of the decisions, any DM or ping a Keeper seat got (never one), and the
public message versions whose waiting lines (⏳) name a Keeper player (a response window once
named them all, though they answer as it opens).

    python -m bench keeper-table                        # all three tables (--game picks one)
    python -m bench.keeper_table_bench [GAME] --dump DIR   # and the channel, panels and DMs to DIR
    python -m bench.keeper_table_bench thing --lang uk      # a table set to another language (en, uk, ru)

Sized to finish in a few minutes on a small machine; the seeds are fixed (the figures repeat).
"""
from __future__ import annotations

import asyncio
import collections
import random
import re
import sys
import tempfile
import time
from pathlib import Path

import pytest
import simcord
import simcord.interactions

from bench.table_bench import Recorder, replay_facts
from bot.client import create_bot
from bot.i18n import t
from bot.settings import Settings

# (label, game, members, keepers, lang, seed, options)
TABLES = [
    ("Unfathomable, 1 member + 2 Keeper players (uk)", "unfathomable", 1, 2, "uk", 57),
    # the same game, its member passing response windows until their turn (the panel's button)
    ("Unfathomable, the same, windows passed until the member's turn", "unfathomable", 1, 2, "uk", 57),
    ("The Thing, 2 members + 3 Keeper players (ru)", "thing", 2, 3, "ru", 5),
    ("Eldritch Horror, 1 member + 1 Keeper investigator (en)", "eldritch", 1, 1, "en", 101),
    # two members advising Keeper's Lead on group decisions (each proposes from their panel)
    ("Eldritch Horror, 2 members + 2 Keeper investigators (ru)", "eldritch", 2, 2, "ru", 7),
]
NAMES = {"uk": ["Олена", "Богдан"], "ru": ["Ольга", "Борис"], "en": ["Ann", "Bob"]}
# a waiting line naming a Keeper seat (seat.keeper) as awaited; one named last in parentheses is
# the decider whose group decision awaits members' advice ("⏳ … advice from @A (decided by 🤖 Keeper 1)")
KEEPER_AWAITED = re.compile(r"⏳[^\n]*🤖 Keeper \d+(?![\d)])")


async def open_table(env, kind, members, keepers, lang, seed, mp):
    import bot.service
    from tests.bot.helpers import seat_table
    from tests.bot.test_eldritch_table import mythos_deck
    channel, people, lobby = await seat_table(env, lang, kind, NAMES[lang][:members], keepers,
                                              {"uk": "стіл", "ru": "стол"}.get(lang, "table"))
    if kind == "eldritch":  # a short mythos deck: a whole game in minutes
        game = await env.bot.service.live_game(channel.id)
        await env.bot.service.set_setup(game.id, {"mythos": mythos_deck()[:3]})
    mp.setattr(bot.service.secrets, "randbits", lambda bits: seed)
    await people[0].click(lobby, label=t(lang, "lobby.start"))
    return channel, people


async def play(env, kind, channel, people, rng, label=""):
    if kind == "thing":
        from tests.bot import helpers
        await helpers.play_to_the_end(env, channel, people, rng, keep_panel=True)
    elif kind == "unfathomable":
        from tests.bot.unfathomable_driver import QuickPolicy, UntilTurnPolicy, play_unfathomable
        policy = (UntilTurnPolicy if "until the member's turn" in label else QuickPolicy)(rng)
        await play_unfathomable(env, channel, people, rng, max_clicks=3000, policy=policy, keep_panel=True)
    else:
        await play_eldritch(env, channel, people, rng)


async def play_eldritch(env, channel, people, rng, max_clicks=3000):
    """Eldritch Horror's driver, with a Keeper Lead's group decisions: a member it waits on for a
    proposal (an adviser) proposes from their panel like any answer."""
    from tests.bot.test_eldritch_table import click_first_offered, click_option, open_panel, policy
    from tests.bot.helpers import latest, panel_of, shows_prompt
    by_id = {str(m.id): m for m in people}
    open_panels = {}
    service = env.bot.service
    game = await service.live_game(channel.id)
    for _ in range(max_clicks):
        game = await service.get(game.id)
        if game.status != "active":
            return
        prompts = service.prompts(game)
        prompt = next((p for p in prompts if p["player"] in by_id), None)
        if prompt is None:   # Keeper's Lead waits on the members' proposals: one who has not proposed
            prompt = next(p for p in prompts if set(p.get("advisers") or []) & by_id.keys())
            proposed = (await service.who_proposed(game, [prompt])).get(prompt["id"], set())
            left = [a for a in prompt["advisers"] if a in by_id and a not in proposed]
            # (the same member proposing again and again was a loop: the Lead decides once all have)
            assert left, f"every member proposed, yet Keeper's Lead still waits: {prompt}"
            member = by_id[left[0]]
        else:
            member = by_id[prompt["player"]]
        choice = policy(rng, prompt) if prompt["player"] in by_id else None
        if choice is not None:   # a lone decision's answers on the live message: one click
            from cogs.play import option_digest
            from tests.bot.helpers import table_message
            table = table_message(channel)
            chosen = option_digest(choice)
            on_table = [item.custom_id for row in table.components for item in row.children
                        if getattr(item, "custom_id", "").startswith("keeper:opt:")]
            if on_table:
                reply = await member.click(table, custom_id=next((c for c in on_table if c.endswith(":" + chosen)),
                                                                 on_table[0]))
                open_panels[member.id] = panel_of(reply)   # the panel the click answered with
                continue
        # the panel the member still has open (kept current by Keeper) when it shows this decision
        kept = latest(env, open_panels[member.id]) if member.id in open_panels else None
        panel = kept if shows_prompt(kept, game, prompt["id"]) else await open_panel(member, channel)
        open_panels[member.id] = panel
        if prompt["player"] not in by_id:  # a proposal to Keeper's Lead, from the panel's own menu
            menu = next(c for row in panel.components for c in row.get("components", [])
                        if c.get("custom_id", "").startswith("keeper:prop:"))
            await member.select(panel, [rng.choice(menu["options"])["value"]], custom_id=menu["custom_id"])
            continue
        if await click_option(member, panel, choice) is None:
            try:
                await click_first_offered(member, panel)
            except (StopIteration, RuntimeError):
                from tests.bot.helpers import all_text
                raise AssertionError(f"nothing to click for {prompt}:\n{all_text(panel)}") from None
    raise AssertionError("the game did not end")


async def measure(label, kind, members, keepers, lang, seed, folder: Path, dump: Path | None) -> dict:
    from tests.bot.helpers import Versions
    from tests.bot.test_no_english_at_uk_ru_tables import EnglishWatch
    settings = Settings(_env_file=None, token="offline", deadline_check_seconds=0,
                        database_url=f"sqlite+aiosqlite:///{folder / f'{kind}.sqlite3'}")
    mp = pytest.MonkeyPatch()
    clicks = collections.Counter()
    original = simcord.interactions.base_payload

    def localized(*args, **kwargs):
        record, payload = original(*args, **kwargs)
        clicks[str(kwargs.get("user_id"))] += 1
        payload["locale"] = {"en": "en-US"}.get(lang, lang)
        if "guild_locale" in payload:
            payload["guild_locale"] = payload["locale"]
        return record, payload
    mp.setattr(simcord.interactions, "base_payload", localized)
    try:
        async with simcord.run(create_bot(settings), check_errors=False, settle_timeout=120) as env:
            from tests.bot import helpers
            from tests.bot.test_eldritch_table import open_panel
            mp.setattr(helpers, "open_panel", open_panel)  # by custom_id: the label is in the table's language
            versions = Versions(env)
            recorder = Recorder(env)
            watch = EnglishWatch(env, mp, lang) if lang != "en" else None
            started = time.perf_counter()
            channel, people = await open_table(env, kind, members, keepers, lang, seed, mp)
            clicks.clear()
            await play(env, kind, channel, people, random.Random(seed), label)
            seconds = time.perf_counter() - started
            game = await env.bot.service.last_game(channel.id)
            assert game.status == "finished", f"{label}: the game did not end ({game.status})"
            record = await env.bot.service.record(game.id)
            decisions, handovers, lone = replay_facts(record)
            forced = one_button_clicks(record)
            by_actor = collections.Counter(str(a["player"]) for a in record.actions if not a.get("auto"))
            ids = [str(p.id) for p in people]
            created = recorder.created  # from the lobby on (the start message pings too)
            public = [m for m in created if m.channel_id == channel.id and not m.is_ephemeral]
            pings, dms, panels = collections.Counter(), collections.Counter(), collections.Counter()
            for message in created:
                for uid in recorder.pinged[message.id]:
                    pings[str(uid)] += 1
                if message.is_ephemeral:
                    panels[str(((message.interaction_metadata or {}).get("user") or {}).get("id"))] += 1
                elif recorder.is_dm(message):
                    dms[str(recorder.recipient(message))] += 1
            keeper_dms = sum(n for uid, n in dms.items() if uid not in ids)
            # the channel's log as a member scrolls it at the end: its lines (the tables' embeds aside)
            lines = sum(len((message.content or "").splitlines()) for message in channel.history())
            if dump is not None:
                # the table passing windows until the member's turn in its own folder, not over the first
                out = dump / (kind + ("-until-turn" if "until the member's turn" in label else ""))
                out.mkdir(parents=True, exist_ok=True)
                from tests.bot.helpers import all_text, stored_text
                with open(out / "history.txt", "w") as fh:  # the channel as a member scrolls it at the end
                    for message in channel.history():
                        fh.write(f"===== {message.id} pings={recorder.pinged.get(message.id)}\n{all_text(message)}\n")
                dm_ids = set(env.backend.dm_channels.values())
                with open(out / "dms.txt", "w") as fh:
                    for message in created:
                        if message.channel_id in dm_ids:
                            fh.write(f"===== to {recorder.recipient(message)}\n{stored_text(message)}\n")
                for name, found in (("public", versions.public), ("private", versions.private)):
                    with open(out / f"{name}.txt", "w") as fh:
                        for key, shown in found.items():
                            fh.write(f"===== {key}\n")
                            for text in shown:
                                fh.write(text + "\n-----\n")
            return {
                "label": label, "decisions": decisions, "keeper_decisions": sum(
                    n for actor, n in by_actor.items() if actor.startswith("keeper-")),
                "public": len(public), "lines": lines, "edits": recorder.edits.count(channel.id),
                "members": [{
                    "decisions": by_actor[pid], "clicks": clicks[pid], "dms": dms[pid], "panels": panels[pid],
                    "pings": pings[pid], "handovers": handovers[pid], "forced": forced[pid]} for pid in ids],
                "keeper_pings": sum(n for uid, n in pings.items() if uid not in ids),
                "keeper_awaited": sum(1 for shown in versions.public.values() for text in shown
                                      if KEEPER_AWAITED.search(text)),
                "keeper_dms": keeper_dms, "forced_kinds": {k: n for k, n in forced.items() if k.startswith("kind:")}, "lone": lone, "seconds": seconds,
                "foreign": dict(sorted((w, sorted(p)) for w, p in watch.seen.items())) if watch else {},
                "foreign_lines": dict(watch.lines) if watch else {},
            }
    finally:
        mp.undo()


def one_button_clicks(record) -> collections.Counter:
    """Per member: decisions they clicked whose prompt offered exactly one answer and no free
    action beside it (the one-answer test of :func:`bench.table_bench.replay_facts`)."""
    from engine.core import shapes
    from engine.registry import rules_for
    rules = rules_for(record.game)
    state, _ = rules.new_game(record.players, record.seed, record.options, record.setup)
    forced = collections.Counter()
    for action in record.actions:
        player = str(action["player"])
        prompts = [p for p in rules.prompts(state) if p["player"] == player]
        if player.isdigit() and action.get("type") != "default" and not action.get("auto") and prompts \
                and shapes.only_answer(prompts[0]) is not None and not rules.free_actions(state, player):
            forced[player] += 1
            forced[f"kind:{prompts[0]['kind']}"] += 1
        state, _ = rules.apply(state, dict(action))
    return forced


def main(which: str = "all", dump: Path | None = None, language: str | None = None) -> None:
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for label, kind, members, keepers, lang, seed in TABLES:
            if which not in ("all", kind):
                continue
            if language and language != lang:  # the same table and seed, set to another language
                label, lang = label.replace(f"({lang})", f"({language})"), language
            row = asyncio.run(measure(label, kind, members, keepers, lang, seed, Path(folder), dump))
            rows.append(row)
            print(f"  played {label} in {row['seconds']:.0f} s", file=sys.stderr)
    print("| table | decisions (Keeper players') | public messages | lines in the channel | edits "
          "| per member: own decisions, "
          "clicks, clicks per decision, DMs, panels, pings, handovers, one-button clicks | one-button decisions "
          "| Keeper seats' DMs / pings | versions naming a Keeper seat as awaited | words in another language |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        each = "; ".join(f"{m['decisions']}, {m['clicks']}, {m['clicks'] / max(m['decisions'], 1):.1f}, "
                         f"{m['dms']}, {m['panels']}, {m['pings']}, {m['handovers']}, {m['forced']}" for m in r["members"])
        print(f"| {r['label']} | {r['decisions']} ({r['keeper_decisions']}) | {r['public']} | {r['lines']} "
              f"| {r['edits']} "
              f"| {each} | {r['lone']} | {r['keeper_dms']} / {r['keeper_pings']} | {r['keeper_awaited']} "
              f"| {len(r['foreign'])} |")
    for r in rows:
        kinds = {k[5:]: n for k, n in r["forced_kinds"].items()}
        if kinds:
            print(f"  {r['label']}: one-button clicks by prompt kind {kinds}", file=sys.stderr)
        for word, where in r["foreign"].items():
            print(f"  {r['label']}: {word} ({', '.join(where)}): {r['foreign_lines'][word]}", file=sys.stderr)


if __name__ == "__main__":  # python -m bench.keeper_table_bench [GAME] [--dump DIR] [--lang en|uk|ru]
    args = sys.argv[1:]
    language = args[args.index("--lang") + 1] if "--lang" in args else None
    if language not in (None, *NAMES):
        sys.exit(f"--lang: one of {', '.join(NAMES)}")
    main(next((a for a in args if a in ("thing", "unfathomable", "eldritch")), "all"),
         Path(args[args.index("--dump") + 1]) if "--dump" in args else None, language)
