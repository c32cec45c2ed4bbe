"""The Encounter phase's choice explains each encounter (nfe12: the rumor encounter, the one
button that could save the game, said nothing of what it does): a rumor's and the mystery's
their card's own encounter text; the others as the rulebook tells them (002 l.499-559, 664-680:
«Якщо дослідник вибирає загальну зустріч, він розігрує секцію «Місто» цієї карти»)."""
from __future__ import annotations

import random

import pytest

from bot.games.eldritch import render as R
from engine.core.errors import RuleError
from engine.registry import rules_for
from engine.simulate import choose, legal_moves

RULES = rules_for("eldritch")


def _encounters(wanted: set[str]):
    """States asking for an encounter, until every kind in ``wanted`` was offered: {what: (state, prompt, option)}."""
    found = {}
    for seed in range(1, 120):
        state, _ = RULES.new_game(["a", "b"], seed, {"starting_rumor": True})
        rng = random.Random(seed)
        for _ in range(2500):
            if state.get("result"):
                break
            for prompt in RULES.prompts(state):
                for option in prompt["options"]:
                    if option.get("type") == "encounter":
                        key = "general" if option.get("deck") == "general" else option.get("what")
                        found.setdefault(key, (state, prompt, {**option, "player": prompt["player"]}))
            if wanted <= set(found):
                return found
            action = choose(rng, state, legal_moves(RULES, state), RULES)
            try:
                state, _ = RULES.apply(state, action)
            except RuleError:
                state, _ = RULES.apply(state, {"player": action["player"], "type": "default"})
    return found


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_every_encounter_says_what_it_is(lang):
    found = _encounters({"location", "general", "research", "other_world", "rumor"})
    assert {"location", "general", "research", "other_world", "rumor"} <= set(found), sorted(found)
    said = {what: R.option_description(option, state, {}, lang) for what, (state, _p, option) in found.items()}
    assert all(said.get(w) for w in ("location", "general", "research", "other_world", "rumor")), said
    state, prompt, rumor = found["rumor"]
    assert said["rumor"] == R._in(lang, R._pack()["mythos"][rumor["card"]].rumor.encounter.text)
    state, prompt, general = found["general"]
    kind = RULES.C.spaces[state["inv"][prompt["inv"]]["space"]]["type"]
    assert R.t(lang, f"eldritch.space_kind.{kind}") in said["general"]
