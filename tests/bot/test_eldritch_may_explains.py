""""Use Flesh Ward?" offered "No" and "Yes: Lore test, flip the card", nothing of what the spell
does: the Yes of a possession's "may" says its abilities as printed (en/uk/ru)."""
from __future__ import annotations

import random

import pytest

from bot.games.eldritch import render
from engine.registry import rules_for

ELD = rules_for("eldritch")


def possession_mays(limit: int = 3):
    """(state, prompt) of "may" prompts about a possession, from games answered at random."""
    found = []
    for seed in range(80):
        state, _ = ELD.new_game(["p1", "p2"], seed, {})
        rng = random.Random(seed)
        while not ELD.is_over(state) and len(found) < limit:
            prompt = ELD.prompts(state)[0]
            if prompt.get("about") == "may":
                frame = render.frame_of(state, prompt)
                card = (state["ctx"].get(frame.get("c")) or {}).get("card") if frame else None
                if isinstance(card, dict) and card.get("kind") in ("asset", "artifact", "spell", "condition"):
                    found.append((state, prompt, card["id"]))
            option = rng.choice(prompt["options"]) if prompt.get("options") else {"type": "default"}
            try:
                state, _ = ELD.apply(state, {"player": prompt["player"], **option})
            except Exception:  # noqa: BLE001 - a random answer the rules refuse: the default
                state, _ = ELD.apply(state, {"player": prompt["player"], "type": "default", "prompt": prompt["id"]})
        if len(found) >= limit:
            return found
    raise AssertionError("no possession's may came")


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_the_yes_of_a_possession_s_may_says_what_it_does(lang):
    for state, prompt, card in possession_mays():
        yes = next(o for o in prompt["options"] if o.get("value") is True)
        described = render.option_description({**yes, "player": prompt["player"]}, state, {}, lang)
        assert described and described == render.abilities_text(lang, card), (card, described)
        no = next(o for o in prompt["options"] if o.get("value") is False)
        assert render.option_description({**no, "player": prompt["player"]}, state, {}, lang) is None
