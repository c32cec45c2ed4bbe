"""bench.unfathomable_strength's play-to-the-end oracle (simulation only, issue 22): it tries
each answer of a loyal player's decision on copies of the true state played to the game's end,
plays the answer with the most wins (the agent's own on a tie), and leaves the game it looks
from untouched."""
from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

from bench import unfathomable_strength as bench
from engine.core.agent import ask, keeper_for, tell
from engine.registry import rules_for


def _first_decision(kind: str, seed: int = 3):
    """A game played by Keeper agents up to the first ``kind`` decision the oracle looks at."""
    rules = rules_for("unfathomable")
    names = [f"p{i + 1}" for i in range(4)]
    state, events = rules.new_game(names, seed, None)
    agents = {p: keeper_for("unfathomable", p) for p in names}
    tell(agents, events)
    rng = random.Random(seed)
    old = bench.END_ORACLE_KINDS
    bench.END_ORACLE_KINDS = (kind,)
    try:
        while not rules.is_over(state):
            prompt = rules.prompts(state)[0]
            if bench._end_oracle_wanted(state, prompt):
                return rules, state, agents, prompt, rng
            tell(agents, rules.apply_in_place(state, ask(rules, state, agents[prompt["player"]], prompt, rng)))
    finally:
        bench.END_ORACLE_KINDS = old
    pytest.skip(f"no {kind} decision in this game")


def test_play_out_plays_a_copy_to_the_end():
    rules, state, agents, _, _ = _first_decision("option")
    s2, a2 = copy.deepcopy(state), copy.deepcopy(agents)
    won = bench.play_out(rules, s2, a2, 11)
    assert rules.is_over(s2) and won == (s2["result"]["team"] == "humans")


@pytest.mark.parametrize("winning", [None, 0, 1])
def test_the_answer_with_most_wins_is_played_and_the_agents_on_a_tie(monkeypatch, winning):
    rules, state, agents, prompt, rng = _first_decision("option")
    mine = ask(rules, state, agents[prompt["player"]], prompt, rng)
    mine_i = next(i for i, o in enumerate(prompt["options"]) if {"player": prompt["player"], **o} == mine)
    tried = []

    def fake_play_out(rules_, s2, a2, seed):   # a win exactly for the copies of answer ``winning``
        answer = s2["__answer"]
        tried.append((answer, seed))
        return answer == winning

    real_apply = rules.apply_in_place

    def tagging_apply(s, action):   # remember which answer this copy took (the copies only)
        if s is not state and "__answer" not in s:
            s["__answer"] = next(i for i, o in enumerate(prompt["options"])
                                 if {"player": prompt["player"], **o} == action)
        return real_apply(s, action)

    monkeypatch.setattr(bench, "play_out", fake_play_out)
    monkeypatch.setattr(rules, "apply_in_place", tagging_apply)
    monkeypatch.setattr(bench, "END_ORACLE", 6)
    monkeypatch.setattr(bench, "END_ORACLE_LOG", None)
    before = copy.deepcopy(state)
    counters = {"oracle": Counter()}
    chosen = bench._end_oracle(rules, state, agents, prompt, mine, 3, counters)
    assert state == before   # the oracle looked on copies only
    expected = mine_i if winning is None else winning
    assert chosen == {"player": prompt["player"], **prompt["options"][expected]}
    n = len(prompt["options"])
    if winning is None:   # every copy lost: 4 copies an answer, then no more
        assert len(tried) == 4 * n
    else:
        assert len(tried) == 6 * n
        # copy k of every answer meets the same luck (one seed per copy, whatever the answer)
        seeds = {a: [seed for b, seed in tried if b == a] for a in range(n)}
        assert all(seeds[a] == seeds[0] for a in range(n))
    kind = "agreed" if expected == mine_i else "differed"
    assert counters["oracle"][f"option {kind}"] == 1


def test_shuffled_copies_keep_every_card_and_lose_the_order():
    rules, state, _, _, _ = _first_decision("option")
    s2 = copy.deepcopy(state)
    bench._shuffle_hidden_decks(s2, 5)
    decks = ["chaos", "item_deck", "spell_deck", "course_deck", "mythos_deck", "damage_deck"]
    for key in decks:
        assert sorted(s2[key]) == sorted(state[key])
    for t, deck in state["decks"].items():
        assert sorted(s2["decks"][t]) == sorted(deck)
    assert s2["mythos_deck"] != state["mythos_deck"]   # 60-odd cards: another order
    assert {k: v for k, v in s2.items() if k not in decks + ["decks"]} == \
        {k: v for k, v in state.items() if k not in decks + ["decks"]}   # hands, board, roles as they were
