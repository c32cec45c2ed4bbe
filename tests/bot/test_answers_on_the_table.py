"""A lone decision's answers on the live message (this round: "whether the next click is in
reach"). When the table waits for one member's decision of 2-5 answers that tell nothing private
(Eldritch Horror: a cooperative game on a public table), its answers are buttons on the table
message itself: one click, not the panel and a click. Another member's click is refused with
whose decision it is; a decision with more answers, a response window, and a game whose answers
can be private (The Thing) keep the panel alone."""
from __future__ import annotations

import random

import pytest

from bot.games import ui_for
from bot.interactions import option_digest, plain
from bot.publisher import public_answers
from engine.registry import rules_for
from tests.bot.helpers import all_text, panel_of, table_message
from tests.bot.test_eldritch_table import click_first_offered, eldritch_table, open_panel, pin_seed

RULES = rules_for("eldritch")


def answer_buttons(message) -> list:
    return [item for row in message.components for item in row.children
            if getattr(item, "custom_id", "").startswith("keeper:opt:")]


async def until_public(env, channel, members, limit=200):
    """Members answer from their panels until the table waits for a decision with answers on it."""
    by_id = {str(m.id): m for m in members}
    service = env.bot.service
    game = await service.live_game(channel.id)
    for _ in range(limit):
        game = await service.get(game.id)
        assert game.status == "active"
        if public_answers(game) is not None:
            return game
        prompt = service.prompts(game)[0]
        await click_first_offered(by_id[prompt["player"]], await open_panel(by_id[prompt["player"]], channel))
    raise AssertionError("no decision with its answers on the table")


@pytest.mark.asyncio
async def test_a_lone_decisions_answers_are_one_click_on_the_table(simcord_env, monkeypatch):
    pin_seed(monkeypatch, 11)
    guild, channel, members = await eldritch_table(simcord_env, 2, mythos=2)
    game = await until_public(simcord_env, channel, members)
    prompt, options = public_answers(game)
    table = table_message(channel)
    buttons = answer_buttons(table)
    ui = ui_for("eldritch")
    assert [b.label for b in buttons] == [plain(ui.option_label({**o, "player": prompt["player"]}, game.state,
                                                                 game.names, "en"))[:80] for o in options]
    assert [b.custom_id.rsplit(":", 1)[1] for b in buttons] == [option_digest(o) for o in options]
    by_id = {str(m.id): m for m in members}
    chooser = by_id[prompt["player"]]
    other = next(m for m in members if m is not chooser)

    # another member's click changes nothing and says whose decision it is
    refused = panel_of(await other.click(table, custom_id=buttons[-1].custom_id))
    assert f"<@{chooser.id}>" in refused.content and "only they can answer it" in refused.content
    assert (await simcord_env.bot.service.get(game.id)).state == game.state

    # the chooser's one click answers it
    await chooser.click(table, custom_id=buttons[-1].custom_id)
    after = await simcord_env.bot.service.get(game.id)
    assert after.state != game.state
    assert all(p["id"] != prompt["id"] for p in RULES.prompts(after.state))
    # the live message no longer offers the answered decision's buttons
    assert all(f":{prompt['id']}:" not in b.custom_id for b in answer_buttons(table_message(channel)))


@pytest.mark.asyncio
async def test_a_decision_with_many_answers_stays_in_the_panel(simcord_env, monkeypatch):
    pin_seed(monkeypatch, 11)
    guild, channel, members = await eldritch_table(simcord_env, 1, mythos=2)
    game = await simcord_env.bot.service.live_game(channel.id)
    (prompt,) = simcord_env.bot.service.prompts(game)
    assert prompt["kind"] == "action" and len(prompt["options"]) > 5   # the first action: travel anywhere near
    assert public_answers(game) is None
    assert answer_buttons(table_message(channel)) == []


@pytest.mark.asyncio
async def test_the_thing_never_puts_answers_on_the_table(simcord_env):
    from tests.bot.helpers import new_game
    guild, channel, members = await new_game(simcord_env, 4)
    game = await simcord_env.bot.service.live_game(channel.id)
    assert public_answers(game) is None
    assert answer_buttons(table_message(channel)) == []


def _unfathomable_prompts(wanted, seeds=range(30)):
    """Prompts of random Unfathomable games (the engine alone) for which ``wanted(prompt, state)``."""
    from tests.bot.random_play import step
    rules = rules_for("unfathomable")
    for seed in seeds:
        state, _ = rules.new_game([f"p{i}" for i in range(4)], seed, {})
        rng = random.Random(seed)
        for _ in range(3000):
            if rules.is_over(state):
                break
            for prompt in rules.prompts(state):
                if wanted(prompt, state):
                    yield prompt, state
            state, _ = step(rules, state, rng)


def test_unfathomable_puts_on_the_table_only_answers_of_the_public_board():
    """A crisis card's printed answers (face up on the table), where Deep Ones go and whom they hit
    are public; a course card (the Captain's secret pick of two) or a skill card is not."""
    ui = ui_for("unfathomable")
    crisis = next(_unfathomable_prompts(lambda p, s: p.get("purpose") == "option"
                                        and ui.answers_in_public(p, s)), None)
    assert crisis is not None
    frame = next(f for f in crisis[1]["stack"] if f.get("id") == crisis[0]["id"])
    assert frame["choice"].startswith("mythos.mythos[")
    for kind, purpose in (("course_choose", None), ("choose", "discard"), ("sick_bay_draw", None)):
        found = next(_unfathomable_prompts(lambda p, s: p["kind"] == kind and p.get("purpose") == purpose), None)
        assert found is not None, kind
        assert not ui.answers_in_public(*found)


def test_a_crisis_answer_left_out_for_want_of_a_card_keeps_the_panel():
    """An answer offered only to a holder of a skill card (Ritual Support: discard one and roll)
    left out would tell the table the decider's hand: then no answer goes on the table."""
    ui = ui_for("unfathomable")
    prompt, state = next(_unfathomable_prompts(lambda p, s: p.get("purpose") == "option" and ui.answers_in_public(p, s)))
    frame = next(f for f in state["stack"] if f.get("id") == prompt["id"])
    frame["values"] = frame["values"][:-1]
    assert not ui.answers_in_public(prompt, state)
