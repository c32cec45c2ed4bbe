"""The channel as members live in it: whole games of all three games played through the real bot
offline (SimCord), members clicking only the controls the bot offers them, and per game:

* decisions: actions in the game's log (every answer, the autopilot's too);
* public messages: messages Keeper *posted* in the game's channel (an edit is no new message);
* messages a member sees: the public messages, their DMs and the private replies (panels) posted
  to them (a panel edited in place counts once);
* pings per member (a mention Discord notifies: counted when a message is posted, as Discord
  notifies only then) against the member's handovers (a decision that passes to them: they are
  waited for after a change and were not before it);
* one-button decisions: decisions a member clicked whose prompt offered exactly one answer (a
  step Keeper made by itself, logged ``auto``, showed no button);
* raw ids: raw ids, catalog keys, snake_case values, ``None`` or unfilled placeholders in any
  version of any message a member read (public, DM or panel; the check of
  ``tests/bot/test_choices_explain.py``), counted once per distinct text.

    python -m bench table                   # every game below
    python -m bench table --game thing      # one game (thing | unfathomable | eldritch)

Sized to finish in a few minutes on a small machine; the seeds are fixed (the figures repeat).
"""
from __future__ import annotations

import asyncio
import collections
import random
import sys
import tempfile
import time
from pathlib import Path

import simcord

from bot.client import GIL_SWITCH_INTERVAL_S, create_bot
from bot.settings import Settings
from engine.core import shapes
from engine.core.record import GameRecord
from engine.registry import rules_for

# (label, game, members, seed, extra): the table, one game each
GAMES = [
    ("The Thing, 5 members", "thing", 5, 2, {}),
    ("Unfathomable, 4", "unfathomable", 4, 7, {}),
    ("Unfathomable, 6", "unfathomable", 6, 8, {}),
    ("Eldritch Horror, solo", "eldritch", 1, 101, {"per_player": 2, "mythos": 2}),
    ("Eldritch Horror, 8", "eldritch", 8, 108, {"mythos": 2}),
]


class Recorder:
    """Every message Keeper posts (with whom its posting notified: a later edit notifies nobody)
    and how many edits it makes."""

    def __init__(self, env):
        self.env = env
        self.created: list = []
        self.pinged: dict[int, list[int]] = {}  # message id -> members notified by its posting
        self.edits: list[int] = []  # channel ids of the edits of public messages
        backend = env.backend
        commit, edit = backend.commit_message, backend.edit_message

        def commit_message(message, **kwargs):
            stored = commit(message, **kwargs)
            self.created.append(stored)
            self.pinged[stored.id] = [] if stored.is_ephemeral else list(stored.ping_user_ids)
            return stored

        def edit_message(channel_id, message_id, fields):
            edited = edit(channel_id, message_id, fields)
            if not edited.is_ephemeral:
                self.edits.append(channel_id)
            return edited

        backend.commit_message, backend.edit_message = commit_message, edit_message

    def is_dm(self, message) -> bool:
        return self.env.backend.get_channel(message.channel_id).guild_id is None

    def recipient(self, message) -> int | None:
        channel = self.env.backend.get_channel(message.channel_id)
        recipients = getattr(channel, "recipient_ids", None) or getattr(channel, "recipients", None) or []
        ids = [int(getattr(r, "id", r)) for r in recipients]
        return next((i for i in ids if i != self.env.bot.user.id), None)


def replay_facts(record: GameRecord, auto: bool = False) -> tuple[int, collections.Counter, int]:
    """(decisions, handovers per member, one-answer decisions) from the game's record
    (``auto``: the steps Keeper made by itself counted among the one-answer decisions too)."""
    rules = rules_for(record.game)
    state, _ = rules.new_game(record.players, record.seed, record.options, record.setup)
    handovers = collections.Counter()
    waiting = {p["player"] for p in rules.prompts(state)}
    for player in waiting:
        handovers[player] += 1
    lone = 0
    for action in record.actions:
        prompts = [p for p in rules.prompts(state) if p["player"] == str(action["player"])]
        # a step Keeper made by itself (logged ``auto``: a lone draw, a window passed for a member
        # when it closed) offered nobody a button
        # one answer: the prompt's only answer (a subset or a number range offers many, though
        # ``legal_actions`` names them by one pattern) and no free action beside it
        if action.get("type") != "default" and (auto or not action.get("auto")) and prompts \
                and shapes.only_answer(prompts[0]) is not None \
                and not rules.free_actions(state, str(action["player"])):
            lone += 1
        state, _ = rules.apply(state, dict(action))
        now = {p["player"] for p in rules.prompts(state)} if not rules.is_over(state) else set()
        for player in now - waiting:
            handovers[player] += 1
        waiting = now
    return len(record.actions), handovers, lone


async def play_game(env, kind: str, members: int, seed: int, extra: dict):
    import bot.service
    bot.service.secrets.randbits = lambda bits: seed  # the game's seed fixed: the figures repeat
    rng = random.Random(seed)
    if kind == "thing":
        from tests.bot.helpers import new_game, play_to_the_end
        _, channel, people = await new_game(env, members)
        await play_to_the_end(env, channel, people, rng)
    elif kind == "unfathomable":
        from tests.bot.unfathomable_driver import new_unfathomable, play_unfathomable
        _, channel, people = await new_unfathomable(env, members)
        await play_unfathomable(env, channel, people, rng, max_clicks=3000)
    else:
        from tests.bot.test_eldritch_table import eldritch_table, play
        _, channel, people = await eldritch_table(env, members, per_player=extra.get("per_player"),
                                                  mythos=extra.get("mythos", 1))
        await play(env, channel, people, rng, max_clicks=3000)
    return channel, people


async def measure(label: str, kind: str, members: int, seed: int, extra: dict, folder: Path) -> dict:
    settings = Settings(_env_file=None, token="offline", deadline_check_seconds=0,
                        database_url=f"sqlite+aiosqlite:///{folder / f'{kind}{members}.sqlite3'}")
    sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)  # as the serving bot's start sets it (not called here)
    # a loaded machine may take a while over one click: SimCord waits for it (no figure depends on it)
    async with simcord.run(create_bot(settings), check_errors=False, settle_timeout=120) as env:
        from tests.bot.helpers import Versions
        versions = Versions(env)
        recorder = Recorder(env)
        started = time.perf_counter()
        channel, people = await play_game(env, kind, members, seed, extra)
        seconds = time.perf_counter() - started
        game = await env.bot.service.last_game(channel.id)
        assert game.status == "finished", f"{label}: the game did not end ({game.status})"
        record = await env.bot.service.record(game.id)
        decisions, handovers, lone = replay_facts(record)
        lone_with_auto = replay_facts(record, auto=True)[2]
        public = [m for m in recorder.created if m.channel_id == channel.id and not m.is_ephemeral]
        pings, sees = collections.Counter(), collections.Counter()
        for message in recorder.created:
            for uid in recorder.pinged[message.id]:
                pings[str(uid)] += 1
            if message.is_ephemeral:
                owner = str(((message.interaction_metadata or {}).get("user") or {}).get("id"))
                sees[owner] += 1
            elif recorder.is_dm(message):
                sees[str(recorder.recipient(message))] += 1
        ids = [str(p.id) for p in people]
        from tests.bot.test_choices_explain import raw_parts
        texts = {text for found in (versions.public, versions.private) for shown in found.values() for text in shown}
        raw = sorted({part for text in texts for part in raw_parts(text)})
        over = [pid for pid in ids if pings[pid] > handovers[pid]]
        return {
            "label": label, "decisions": decisions, "public": len(public), "edits": recorder.edits.count(channel.id),
            "per_decision": len(public) / max(decisions, 1),
            "sees": [len(public) + sees[pid] for pid in ids],
            "pings": [pings[pid] for pid in ids], "handovers": [handovers[pid] for pid in ids],
            "over": len(over), "lone": lone / max(decisions, 1),
            "lone_with_auto": lone_with_auto / max(decisions, 1), "seconds": seconds, "raw": raw,
        }


def span(values: list[int]) -> str:
    return f"{min(values)}" if min(values) == max(values) else f"{min(values)}-{max(values)}"


def main(which: str = "all") -> None:
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for label, kind, members, seed, extra in GAMES:
            if which not in ("all", kind):
                continue
            rows.append(asyncio.run(measure(label, kind, members, seed, extra, Path(folder))))
            row = rows[-1]
            print(f"  played {row['label']} in {row['seconds']:.0f} s", file=sys.stderr)
    print("| game | decisions | public messages (per decision) | edits | messages a member sees "
          "| pings per member | handovers per member | members pinged more than handed over "
          "| one-button decisions (with Keeper's own steps) | raw ids |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['label']} | {r['decisions']} | {r['public']} ({r['per_decision']:.2f}) | {r['edits']} "
              f"| {span(r['sees'])} | {span(r['pings'])} | {span(r['handovers'])} | {r['over']} "
              f"| {r['lone']:.0%} ({r['lone_with_auto']:.0%}) | {len(r['raw'])} |")
    for r in rows:
        for part in r["raw"][:10]:
            print(f"  {r['label']}: {part}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "all")
