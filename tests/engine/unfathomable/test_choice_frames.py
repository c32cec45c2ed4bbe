"""A printed choice's pending frame names the choice (its path in the content), not its English
labels: the words a member reads are no part of the game's state, so a deploy that rewords an
option changes no state — `/gm undo` compares states as they play, and a Keeper seat reads the
labels of the content it runs with (rev11: `_fx_choice` copied the labels into the frame)."""
from __future__ import annotations

import json
import random

from engine.core.errors import RuleError
from engine.simulate import choose, legal_moves
from engine.unfathomable.rules import UnfathomableRules


def _played(rules, seed: int, actions=None):
    """A game of random moves (or ``actions`` replayed): (every state, the actions, the option prompts)."""
    state, _ = rules.new_game(["a", "b", "c", "d"], seed, {})
    rng, states, done, asked = random.Random(seed), [state], [], []
    for step in range(3000 if actions is None else len(actions)):
        if state.get("result"):
            break
        asked += [p for p in rules.prompts(state) if p.get("purpose") == "option"]
        action = choose(rng, state, legal_moves(rules, state), rules) if actions is None else actions[step]
        try:
            state, _ = rules.apply(state, action)
        except RuleError:
            action = {"player": action["player"], "type": "default"}
            state, _ = rules.apply(state, action)
        states.append(state)
        done.append(action)
    return states, done, asked


def _reworded() -> UnfathomableRules:
    """Rules whose every choice option reads otherwise in English, uk and ru."""
    rules = UnfathomableRules(UnfathomableRules().pack.model_copy(deep=True))
    for spec in rules.specs.values():
        for option in getattr(spec, "options", None) or ():
            label = getattr(option, "label", None)
            if isinstance(label, dict):
                for lang in list(label):
                    label[lang] = "Reworded: " + label[lang]
    return rules


def test_no_state_holds_an_options_words_and_prompts_still_name_them():
    rules = UnfathomableRules()
    asked = []
    for seed in (1, 2, 3):
        states, _, prompts = _played(rules, seed)
        asked += prompts
        for state in states:
            for frame in state["stack"]:
                assert "labels" not in frame or frame.get("purpose") != "option", frame
    assert len(asked) >= 10
    printed = {option.label["en"] for spec in rules.specs.values() for option in getattr(spec, "options", None) or ()
               if isinstance(getattr(option, "label", None), dict) and option.label.get("en")}
    for prompt in asked:   # each option by its printed English label, one per option offered
        assert len(prompt["labels"]) == len(prompt["options"]) and set(prompt["labels"]) <= printed, prompt


def test_a_reworded_option_changes_no_state():
    rules, reworded = UnfathomableRules(), _reworded()
    for seed in (1, 2):
        states, actions, asked = _played(rules, seed)
        again, _, asked_again = _played(reworded, seed, actions)
        assert asked, "the game asked a printed choice"
        assert [json.dumps(s, sort_keys=True) for s in again] == [json.dumps(s, sort_keys=True) for s in states]
        assert [p["labels"] for p in asked_again] == [["Reworded: " + x for x in p["labels"]] for p in asked]
