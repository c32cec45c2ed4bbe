"""A secret contribution answered in its DM, with nothing left for the member to answer: the DM
says what they added and where the next decision comes (nfr15 U11: the reply was the whole panel,
8 of 27 DMs, ending "Nothing you hold answers this window: Keeper passes for you…" over **Pass**
and **Pass until my turn** for a window she could not act in)."""
from __future__ import annotations

import random

from bot.i18n import t
from bot.games.unfathomable import render as ui
from tests.bot.helpers import all_text, current_game, panel_of
from tests.bot.test_unfathomable_table import contribute_frame, contributing
from tests.bot.unfathomable_driver import (RULES, answer, controls_of, dm_with_controls, new_unfathomable, offered,
                                           prompt_of)


async def test_a_contribution_answered_in_its_dm_is_told_in_a_line_not_a_panel(simcord_env, monkeypatch):
    env = simcord_env
    _, channel, members = await new_unfathomable(env, 4, seed=57, monkeypatch=monkeypatch)
    game = await contributing(env, channel, members, random.Random(2), given_at_least=0, give=0.0)
    frame = contribute_frame(game.state)
    pid = frame["order"][frame["i"]]
    member = next(m for m in members if str(m.id) == pid)
    prompt = prompt_of(game, pid)
    dm = dm_with_controls(member, game, prompt)
    menu = [a for a in offered(prompt, controls_of(dm)) if a[2] == "subset"]
    assert menu, "the contributor holds cards to add"
    value = menu[0][1]["options"][0]["value"]
    added = game.state["hands"][pid][int(value)]
    reply = panel_of(await answer(member, dm, menu[0], [value]))
    after = await current_game(env, channel)
    left = RULES.prompts_for(after.state, pid)
    assert all(p["kind"] in RULES.WINDOW_KINDS for p in left), left   # nothing but windows Keeper passes
    text = all_text(reply)
    assert t("en", "publish.dm_answered", button=ui.hand_button_label("en")) in text, text
    assert t("en", "panel.autopass_note") not in text and not controls_of(reply), text
    assert ui.t("en", "unfathomable.private.check_you_added", cards=ui.said_cards("en", [added])) in text, text
