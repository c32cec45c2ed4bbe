"""rev11: a live message posted to ping a member in a response window named only the members it
pinged ("⏳ @Ann: respond or pass (before the roll)") — the others the window asked, passed for by
Keeper, were left out, so the table learned who held something usable. A window is named with
everyone it asked, whoever is pinged."""
from __future__ import annotations

import random

from bot.seats import is_member
from engine.registry import rules_for
from tests.bot.unfathomable_driver import new_unfathomable, play_unfathomable

UNF = rules_for("unfathomable")


async def test_a_posting_that_pings_in_a_window_names_everyone_the_window_asked(simcord_env, monkeypatch):
    env = simcord_env
    publisher = env.bot.publisher
    commit, show = env.backend.commit_message, publisher._show
    postings: list = []

    def note(message, **kwargs):
        stored = commit(message, **kwargs)
        if not stored.is_ephemeral and stored.ping_user_ids:
            postings.append(stored)
        return stored

    checked, wrong = [], []

    async def watched(game, channel, chan_log, lang):
        before = len(postings)
        await show(game, channel, chan_log, lang)
        asked = UNF.window_asked(game.state) if game.status == "active" else None
        for posted in postings[before:]:
            if not asked:
                continue
            members = [p for p in asked if is_member(p)]
            checked.append(posted.id)
            missing = [p for p in members if f"<@{p}>" not in (posted.content or "")]
            if missing:
                wrong.append((posted.content, missing))

    env.backend.commit_message, publisher._show = note, watched
    _, channel, members = await new_unfathomable(env, 5, seed=11, monkeypatch=monkeypatch)
    steps = iter(range(120))
    await play_unfathomable(env, channel, members, random.Random(11), stop=lambda game: next(steps, None) is None)
    assert checked, "some posting pinged a member in a window"
    assert not wrong, wrong[:3]


def test_the_ping_lines_of_a_window_name_everyone_it_asked():
    """The lines a posting adds to notify (an embed never pings): one member pinged in a window of
    three names all three; a decision of one's own (a turn's action) names only its member."""
    from bot.games.unfathomable import render as ui
    from bot.publisher import Publisher
    window = [{"player": p, "kind": "window", "timing": "before_roll"} for p in ("101", "102", "103")]
    lines = Publisher._ping_lines(ui, window, ["102"], "en", UNF.WINDOW_KINDS)
    assert all(any(f"<@{p}>" in line for line in lines) for p in ("101", "102", "103")), lines
    action = [{"player": "101", "kind": "action"}, {"player": "102", "kind": "contribute"}]
    lines = Publisher._ping_lines(ui, action, ["101"], "en", UNF.WINDOW_KINDS)
    assert any("<@101>" in line for line in lines) and not any("<@102>" in line for line in lines), lines
