"""Two Eldritch lines the engine could not carry (nfe15 items 1 and 8): a "may" declined leaves
a public line (the offer's line stood alone, and the table could not tell a refusal from a lost
line), and a look at another investigator's card back says whose card it is."""
from __future__ import annotations

import random

import pytest

from bot.games.eldritch import render as R
from engine.registry import rules_for

RULES = rules_for("eldritch")


def _a_may_declined(seeds=range(40)):
    """(the prompt, the events of answering it No) for the first "may" of some random game."""
    for seed in seeds:
        rng = random.Random(seed)
        state, _ = RULES.new_game(["p1", "p2"], seed, {}, None)
        for _ in range(3000):
            if RULES.is_over(state):
                break
            prompt = RULES.prompts(state)[0]
            if prompt.get("about") == "may" and {"type": "choose", "value": False} in prompt["options"]:
                state, events = RULES.apply(state, {"player": prompt["player"], "prompt": prompt["id"],
                                                    "type": "choose", "value": False})
                return prompt, events
            option = rng.choice(prompt["options"]) if prompt.get("shape", "one") == "one" else None
            if option is None:
                break
            state, _ = RULES.apply(state, {"player": prompt["player"], **option, "prompt": prompt["id"]})
    raise AssertionError("no 'may' in 40 games")


def test_a_declined_may_is_told_to_the_table():
    prompt, events = _a_may_declined()
    declined = [ev for ev in events if ev["type"] == "may_declined"]
    assert declined and declined[0]["inv"] == prompt.get("inv") and declined[0]["audience"] == "all"


@pytest.mark.parametrize("lang, line", [("en", "**Leo Anderson** declines."), ("uk", "**Лео Андерсон** відмовляється."),
                                        ("ru", "**Лео Андерсон** отказывается.")])
def test_the_declined_line_reads(lang, line):
    assert R.public_lines([{"type": "may_declined", "audience": "all", "inv": "leo_anderson"}], lang) == [line]


@pytest.mark.parametrize("lang, whose", [("en", "{owner}'s “{card}”:"), ("uk", "«{card}» дослідника {owner}:"),
                                         ("ru", "«{card}» сыщика {owner}:")])
def test_a_look_at_another_investigators_card_back_says_whose(lang, whose):
    """Jacqueline Fine looks at the back of Akachi Onyele's spell: the line named the card only."""
    ev = {"type": "back_seen", "audience": ["p1"], "reveal": True, "inv": "jacqueline_fine",
          "card": "blessing_of_isis", "back": "blessing_of_isis_1", "owner": "akachi_onyele"}
    line = R.private_lines([ev], "p1", lang)[0]
    owner = R.named(lang, "investigator", "akachi_onyele")
    assert whose.format(owner=f"**{owner}**", card=R.card_name(lang, "blessing_of_isis")) in line, line
    own = R.private_lines([{**ev, "owner": "jacqueline_fine"}], "p1", lang)[0]
    assert owner not in own
