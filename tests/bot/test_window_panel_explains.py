"""A response window's panel says which roll it is about and what each ability offered does: the
member was shown "respond or pass (before the roll)" and "Use: Almanac", nothing more, at every
roll (the keeper-table bench's member met 37 before-roll windows in one game)."""
from __future__ import annotations

import random

import pytest

from bot.games.unfathomable import render
from engine.registry import rules_for

UNF = rules_for("unfathomable")


def played(seed: int, answers: int = 2):
    """(state, the last step's events) after each step of a game of four answered at random
    (``answers``: the generator's seed), from the deal to the end."""
    state, events = UNF.new_game(["p1", "p2", "p3", "p4"], seed, {})
    rng = random.Random(answers)
    yield state, events
    while not UNF.is_over(state):
        prompt = UNF.prompts(state)[0]
        option = rng.choice(prompt["options"]) if prompt.get("options") else {"type": "default"}
        try:
            state, events = UNF.apply(state, {"player": prompt["player"], **option})
        except Exception:  # noqa: BLE001 - a random answer the rules refuse: the default
            state, events = UNF.apply(state, {"player": prompt["player"], "type": "default", "prompt": prompt["id"]})
        yield state, events


def first_window(timing: str):
    """A state with a window of ``timing`` where someone holds more than a pass, reached by
    random answers (games of seeds 5, 6, ... until one has it)."""
    for seed in range(5, 25):
        for state, _ in played(seed):
            found = [p for p in UNF.prompts(state) if p["kind"] == "window" and p.get("timing") == timing
                     and len(p["options"]) > 1]
            if found:
                return state, found[0]
    raise AssertionError(f"no {timing} window came")


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_an_ability_offered_in_a_window_says_what_it_does(lang):
    state, prompt = first_window("before_roll")
    uses = [o for o in prompt["options"] if o["type"] == "use"]
    assert uses
    for option in uses:
        printed = UNF.ability(option["ability"]).text
        described = render.option_description({**option, "player": prompt["player"]}, state, {}, lang)
        assert described == getattr(printed, lang), option  # the card's own words, in the table's language


@pytest.mark.parametrize("timing", ["before_roll", "after_roll"])
def test_a_roll_window_s_panel_names_the_roll(timing):
    state, prompt = first_window(timing)
    roll = UNF.view(state, None)["roll"]
    embed = render.panel_embed(state, prompt["player"], {}, "en", [])
    field = next(f for f in embed.fields if f.name == "The roll")
    assert f"<@{roll['player']}>" in field.value if roll.get("player") else "A roll" in field.value
    if timing == "before_roll":
        assert "about to roll" in field.value or "about to be made" in field.value
    else:
        assert f"**{roll['value']}**" in field.value  # the face it is about


def test_a_card_s_own_roll_names_the_card_in_the_log_and_the_window():
    """"🎲 Ahab rolls: 8" said nothing of which card's "roll a d8" it was; the roll names its card
    when the card is public (a mythos, course, damage or spell card, a skill card played), never a
    Treachery card's."""
    named = 0
    for seed in range(12):
        for state, events in played(seed, answers=seed):
            for ev in events:
                if ev["type"] not in ("roll_started", "die_rolled") or ev.get("purpose") != "roll":
                    continue
                card = ev.get("card")
                if card is None:
                    continue
                assert not card.startswith("treachery"), ev
                named += 1
                line = render.public_lines([ev], "en")[0]
                assert f"for {render.card_name('en', card)}" in line, line
                assert f"«{render.card_name('uk', card)}»" in render.public_lines([ev], "uk")[0]
            roll = UNF.view(state, None)["roll"]
            if roll and roll.get("card") and roll["purpose"] == "roll":
                assert render.card_name("en", roll["card"]) in render.roll_line("en", roll)
    assert named >= 5, named


def test_an_any_time_ability_a_window_offers_is_one_button_not_two():
    """William Bowleg's Quick Cast (any time) was offered twice in a window's panel: as the
    window's answer and again as a free action beside it."""
    from types import SimpleNamespace

    from cogs.play import decision_view
    for seed in range(40):
        found = _window_with_free_action(seed)
        if found:
            break
    else:
        raise AssertionError("no window with an any-time ability came")
    state, prompt = found
    game = SimpleNamespace(id=1, epoch=0, kind="unfathomable", status="active", state=state, names={},
                           players=state["players"], quiet={})
    view = decision_view(game, prompt["player"], "en")
    labels = [item.item.label for item in view.children]  # each DynamicItem wraps its button
    assert len(labels) == len(set(labels)), labels


def _window_with_free_action(seed: int):
    for state, _ in played(seed, answers=seed):
        prompts = UNF.prompts(state) if not UNF.is_over(state) else []
        if prompts and prompts[0]["kind"] == "window" \
                and any(a in prompts[0]["options"] for a in UNF.free_actions(state, prompts[0]["player"])):
            return state, prompts[0]
    return None
