"""Two copies of one card make one choice: a member's controls offer one button (or select
option) per distinct choice, never two identical ones (bot/games/common.py ``distinct_choices`` with
the game renderer's ``same_choice``). Positions are reached by playing the engine at random
(the first of them where a decision offers copies); the controls are drawn as the panel draws them."""
from __future__ import annotations

import collections
import random
from types import SimpleNamespace

import pytest

from bot.games import ui_for
from cogs.play import decision_view, option_digest
from engine.core import shapes
from engine.registry import rules_for

PLAYERS = {"thing": 6, "unfathomable": 5, "eldritch": 3}


def position_with_copies(kind: str, wanted, games: int = 30, steps: int = 400):
    """(state, prompt) of the first random position whose one-of-a-list prompt has two options
    the game's renderer labels alike and ``wanted(prompt, options)`` accepts."""
    rules, ui = rules_for(kind), ui_for(kind)
    for seed in range(games):
        rng = random.Random(seed)
        state, _ = rules.new_game([f"p{i}" for i in range(PLAYERS[kind])], seed)
        for _ in range(steps):
            if rules.is_over(state):
                break
            prompts = rules.prompts(state)
            for prompt in prompts:
                if prompt.get("shape", "one") != "one":
                    continue
                labels = collections.Counter(ui.option_label({**o, "player": prompt["player"]}, state, {}, "en")
                                             for o in prompt["options"])
                twins = [o for o in prompt["options"]
                         if labels[ui.option_label({**o, "player": prompt["player"]}, state, {}, "en")] > 1]
                if twins and wanted(prompt, twins):
                    return state, prompt
            prompt = prompts[0]
            if prompt.get("shape", "one") == "one":
                action = {**rng.choice(prompt["options"])}
            else:
                action = shapes.default_answer(prompt["shape"], prompt[prompt["shape"]])
            state, _ = rules.apply(state, {"player": prompt["player"], "prompt": prompt["id"], **action})
    raise AssertionError(f"no {kind} position offers two copies")


def controls(kind: str, state: dict, prompt: dict) -> list[tuple[str, str]]:
    """(digest, label) of every control of the member's decision, as the panel draws it."""
    game = SimpleNamespace(kind=kind, status="active", state=state, names={}, id=1, epoch=0)
    view = decision_view(game, prompt["player"], "en", prompt=prompt, free=False)
    out = []
    for item in (getattr(child, "item", child) for child in view.children):  # a DynamicItem wraps its control
        if getattr(item, "options", None):
            out += [(o.value, o.label) for o in item.options]
        elif item.custom_id.startswith("keeper:opt:"):
            out.append((item.custom_id.rsplit(":", 1)[1], item.label))
    return out


def skill_copies(prompt, twins) -> bool:
    from bot.games.unfathomable.render import is_skill_card
    return any(is_skill_card(str(v).removeprefix("card:")) for o in twins for v in o.values())


async def test_unfathomable_offers_one_control_for_copies_of_a_skill_card():
    state, prompt = position_with_copies("unfathomable", skill_copies)
    shown = controls("unfathomable", state, prompt)
    labels = [label for _, label in shown]
    assert len(labels) == len(set(labels)), f"identical controls: {labels}"
    # every distinct choice is still offered, and a control picks one of the prompt's options
    digests = {option_digest(o) for o in prompt["options"]}
    assert {d for d, _ in shown} <= digests
    ui = ui_for("unfathomable")
    every = {ui.option_label({**o, "player": prompt["player"]}, state, {}, "en") for o in prompt["options"]}
    assert set(labels) == {label[:80] for label in every}


def same_dice(prompt, twins) -> bool:
    return all(o.get("type") == "reroll" for o in twins)


async def test_eldritch_offers_one_reroll_for_dice_showing_the_same_face():
    state, prompt = position_with_copies("eldritch", same_dice, games=12)
    shown = controls("eldritch", state, prompt)
    labels = [label for _, label in shown]
    assert len(labels) == len(set(labels)), f"identical controls: {labels}"
    ui = ui_for("eldritch")
    every = {ui.option_label({**o, "player": prompt["player"]}, state, {}, "en") for o in prompt["options"]}
    assert set(labels) == {label[:80] for label in every}


def test_options_that_only_look_alike_stay_apart():
    """Only copies merge: two different encounter effects worded alike, or two members of one
    name, keep their own controls (the renderer says what is the same choice, not the label)."""
    from bot.games.eldritch.render import same_choice as eldritch_same
    from bot.games.unfathomable.render import same_choice as unfathomable_same
    assert eldritch_same({"type": "choose", "value": 0}, {}, {}) != eldritch_same({"type": "choose", "value": 1}, {}, {})
    assert unfathomable_same({"type": "use", "ability": "card:lore:shrivelling:2:3"}, {}, {}) == \
        unfathomable_same({"type": "use", "ability": "card:lore:shrivelling:2:1"}, {}, {})
    assert unfathomable_same({"type": "use", "ability": "card:lore:shrivelling:2:3"}, {}, {}) != \
        unfathomable_same({"type": "use", "ability": "card:lore:shrivelling:3:1"}, {}, {})
    assert unfathomable_same({"type": "give", "target": "p1"}, {}, {}) != unfathomable_same({"type": "give", "target": "p2"}, {}, {})


async def test_the_thing_offers_one_control_per_card_kind_held_twice():
    """The Thing's hands hold card kinds, and its engine lists each move of a kind once: a hand
    with two copies shows one "Discard …" (no renderer hook is needed; this keeps it so)."""
    rules = rules_for("thing")
    for seed in range(1, 200):
        state, _ = rules.new_game([f"p{i}" for i in range(4)], seed)
        prompt = rules.prompts(state)[0]
        state, _ = rules.apply(state, {"player": prompt["player"], "type": "draw", "prompt": prompt["id"]})
        prompt = rules.prompts(state)[0]
        hand = state["hands"][prompt["player"]]
        if len(set(hand)) < len(hand):
            break
    labels = [label for _, label in controls("thing", state, prompt)]
    assert len(labels) == len(set(labels)), labels
    twice = next(card for card in hand if hand.count(card) > 1)
    from bot.games.thing.render import card_name
    assert sum(label.startswith("Discard") and card_name("en", twice) in label for label in labels) == 1


def free_controls(kind: str, state: dict, player: str) -> list[str]:
    """The labels of a member's free-action buttons, as the panel draws them."""
    game = SimpleNamespace(kind=kind, status="active", state=state, names={}, id=1, epoch=0)
    view = decision_view(game, player, "en", free=True)
    return [item.label for item in (getattr(child, "item", child) for child in view.children)
            if item.custom_id.startswith("keeper:free:")]


async def test_unfathomable_offers_one_button_for_copies_of_a_card_used_as_a_free_action():
    """Two True Grit (Will 5) in a hand drew two identical "Use: True Grit (Will 5)" buttons
    outside any decision (docs/screens/unfathomable/panel.png); they are one choice."""
    rules, ui = rules_for("unfathomable"), ui_for("unfathomable")
    for seed in range(40):
        rng = random.Random(seed)
        state, _ = rules.new_game([f"p{i}" for i in range(PLAYERS["unfathomable"])], seed)
        for _ in range(400):
            if rules.is_over(state):
                break
            for player in state["players"]:
                actions = rules.free_actions(state, player)
                labels = [ui.free_action_label(a, "en")[:80] for a in actions]
                if len(labels) == len(set(labels)):
                    continue
                shown = free_controls("unfathomable", state, player)
                assert len(shown) == len(set(shown)), f"identical buttons: {shown}"
                assert set(shown) == set(labels)  # every distinct free action is still offered
                return
            prompt = rules.prompts(state)[0]
            if prompt.get("shape", "one") == "one":
                action = {**rng.choice(prompt["options"])}
            else:
                action = shapes.default_answer(prompt["shape"], prompt[prompt["shape"]])
            state, _ = rules.apply(state, {"player": prompt["player"], "prompt": prompt["id"], **action})
    raise AssertionError("no position offers two copies as free actions")
