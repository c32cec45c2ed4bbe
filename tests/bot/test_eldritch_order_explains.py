"""When effects happen together (monsters' reckonings in the Mythos phase), the Lead orders them:
each option says what that monster does (its reckoning; a Cultist's from the Ancient One's
sheet), not only its name and space (nfe12's read: «Гноф-Ке (Гімалаї)» … «Культист (Серце Африки)»)."""
from __future__ import annotations

import random

import pytest

from bot.games.eldritch import render as R
from engine.core.errors import RuleError
from engine.registry import rules_for
from engine.simulate import choose, legal_moves

RULES = rules_for("eldritch")


def _ordering():
    """A state asking the Lead to order monsters' effects, and that prompt (seeded random play)."""
    for seed in range(1, 80):
        state, _ = RULES.new_game(["a", "b"], seed, {"ancient_one": "shub_niggurath"})
        rng = random.Random(seed)
        for _ in range(3000):
            if state.get("result"):
                break
            for prompt in RULES.prompts(state):
                values = [o.get("value") for o in prompt["options"]]
                if prompt.get("about") == "order" and any(isinstance(v, str) and ":" in v for v in values):
                    return state, prompt
            action = choose(rng, state, legal_moves(RULES, state), RULES)
            try:
                state, _ = RULES.apply(state, action)
            except RuleError:
                state, _ = RULES.apply(state, {"player": action["player"], "type": "default"})
    raise AssertionError("no ordering of monsters' effects came up")


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_each_monster_to_order_says_what_it_does(lang):
    state, prompt = _ordering()
    for option in prompt["options"]:
        kind, _, uid = str(option.get("value")).partition("#")[0].partition(":")
        if not uid:
            continue
        said = R.option_description({**option, "player": prompt["player"]}, state, {}, lang)
        assert said, option
        if not RULES.C.monsters[kind].get("cultist"):
            assert said == R.text_of(lang, R._pack()["monster"][kind])
