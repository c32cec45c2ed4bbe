"""Keeper's Eldritch agent: the clues a mystery asks for are kept for it, not spent on rerolls."""
import random

from engine.core.agent import keeper_for
from engine.registry import rules_for


def _failed_test(clues, seed=3, mystery="seed_of_the_daemon_sultan", what="other_world", purpose="effect"):
    """One investigator alone against Azathoth (seed 3: the mystery Seed of the Daemon Sultan,
    2 clues a token at Tunguska; seed 4: Omen of Devastation, 1 clue a token); he has ``clues``
    and has just rolled two failures in the test of an encounter of kind ``what``."""
    rules = rules_for("eldritch")
    state, _ = rules.new_game(["p1"], seed, None)
    assert state["mystery"]["id"] == mystery
    view = rules.view(state, "p1")
    inv = view["investigators"][0]
    inv["clues"] = clues
    agent = keeper_for("eldritch", "p1")
    agent.observe([{"type": "encounter", "inv": inv["id"], "what": what, "deck": what, "card": f"{what}_1"},
                   {"type": "test_rolled", "inv": inv["id"], "dice": [1, 3], "faces": [5, 6]}])
    prompt = {"id": 1, "player": "p1", "kind": "roll", "shape": "one", "inv": inv["id"], "purpose": purpose,
              "options": [{"type": "keep"}, {"type": "reroll", "die": 0}, {"type": "reroll", "die": 1}]}
    return agent.decide(view, prompt, random.Random(1))


def test_clues_the_mystery_needs_are_not_spent_on_a_reroll():
    assert _failed_test(2)["type"] == "keep"


def test_clues_beyond_the_mystery_price_reroll_a_failed_test():
    assert _failed_test(3)["type"] == "reroll"


def test_no_clue_is_spent_on_a_purchase_or_a_plain_location_test():
    assert _failed_test(5, what="location")["type"] == "keep"
    assert _failed_test(5, purpose="acquire")["type"] == "keep"


def test_a_cheaper_mystery_leaves_more_clues_for_rerolls():
    assert _failed_test(2, 4, "omen_of_devastation")["type"] == "reroll"
    assert _failed_test(1, 4, "omen_of_devastation")["type"] == "keep"
