"""Checklist P1, P4, P5: the invariants hold after every step, and they catch what they claim to.

Seed 002: «Дослідник не може мати більше, ніж два квитки одночасно.» / «Дослідник не може мати
кілька однакових заклинань.» / «Дослідник **не може** мати двох однакових станів.»
"""
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.record import replay
from engine.eldritch.invariants import event_violations, hidden_shuffle
from eh_helpers import R, new, settle
from eh_play import AOS, play


def fresh():
    return settle(new({"ann": ["leo_anderson"], "bob": [R.C.investigator_ids[1]]}))


def test_p5_a_fresh_game_is_sound():
    assert R.invariant_violations(fresh()) == []


def test_p5_a_lost_clue_token_is_caught():
    s = fresh()
    s["clues"]["pool"].pop()
    assert any("clue" in p for p in R.invariant_violations(s))


def test_p5_a_duplicated_clue_token_is_caught_even_when_the_count_is_right():
    s = fresh()
    s["clues"]["pool"][0] = s["clues"]["pool"][1]
    assert any("clue tokens not conserved" in p for p in R.invariant_violations(s))


def test_p5_a_gate_token_twice_is_caught():
    s = fresh()
    s["gates"]["stack"][0] = s["gates"]["stack"][1]
    assert any("gate tokens not conserved" in p for p in R.invariant_violations(s))


def test_p5_a_monster_token_out_of_nowhere_is_caught():
    s = fresh()
    s["monsters"]["cup"].append(s["monsters"]["cup"][0])
    assert any("monsters not conserved" in p for p in R.invariant_violations(s))


def test_p5_a_card_in_two_zones_is_caught():
    s = fresh()
    s["inv"]["leo_anderson"]["assets"].append(s["reserve"][0])
    assert any("cards not conserved" in p for p in R.invariant_violations(s))


def test_p5_three_tickets_are_caught():
    """Seed 002: «Дослідник не може мати більше, ніж два квитки одночасно.»"""
    s = fresh()
    s["inv"]["leo_anderson"]["tickets"] = {"train": 2, "ship": 1}
    assert any("tickets" in p for p in R.invariant_violations(s))


def test_p5_improvement_beyond_plus_two_is_caught():
    """Seed 002: «Якщо дослідник вдруге поліпшує це вміння, він повертає жетон стороною «+2» догори.»"""
    s = fresh()
    s["inv"]["leo_anderson"]["improve"]["lore"] = 3
    assert any("improvements" in p for p in R.invariant_violations(s))


def test_p5_health_above_maximum_is_caught():
    """Seed 002: «Кількість жетонів здоров'я і розуму не може перевищувати максимальні для дослідника значення.»"""
    s = fresh()
    i = s["inv"]["leo_anderson"]
    i["health"] = i["max_health"] + 1
    assert any("health" in p for p in R.invariant_violations(s))


def test_p5_two_copies_of_a_condition_are_caught():
    """Seed 002: «Дослідник **не може** мати двох однакових станів.»"""
    s = fresh()
    draw = s["decks"]["conditions"]["draw"]
    first = draw[0]
    twin = next(b for b in draw[1:] if R.card_id(b) == R.card_id(first))
    for b in (first, twin):
        draw.remove(b)
        s["inv"]["leo_anderson"]["conditions"].append(b)
    assert any("duplicate conditions" in p for p in R.invariant_violations(s))


def test_p5_doom_out_of_range_and_reserve_overfull_are_caught():
    s = fresh()
    s["doom"] = R.C.doom_top + 1
    s["reserve"].append(s["decks"]["assets"]["draw"].pop())
    problems = R.invariant_violations(s)
    assert any("doom" in p for p in problems) and any("reserve" in p for p in problems)


def test_p2_a_prompt_default_must_be_an_option():
    s = fresh()
    assert all(not isinstance(p["default"], dict) or p["default"] in p["options"] for p in R.prompts(s))
    s["stack"] = []
    assert any("nothing is asked" in p for p in R.invariant_violations(s))


def test_n1_a_hidden_back_in_a_view_is_caught():
    """Checklist N1. Seed 002: «Доки не дозволить ефект, гравці не можуть дивитися на: - зворот
    двосторонніх карт (наприклад, заклинань або станів); - порядок і назви карт у будь-якій колоді»."""
    s = fresh()
    back = s["decks"]["spells"]["draw"][0]
    assert event_violations(R, [{"type": "x", "audience": "all", "card": back}])
    assert event_violations(R, [{"type": "x", "audience": "all", "reveal": True, "card": back}]) == []
    assert event_violations(R, [{"type": "x"}])


def test_n1_views_do_not_change_with_hidden_information():
    """Checklist N1: shuffling every deck, stack, pool and cup and swapping held backs for other
    backs of the same cards changes no view (the decks' order and the backs are not in any view)."""
    s = fresh()
    i = s["inv"]["leo_anderson"]
    for kind in ("spells", "conditions"):
        back = s["decks"][kind]["draw"].pop()
        i[kind].append(back)
    for seed in range(5):
        other = hidden_shuffle(R, s, seed)
        assert other != s
        for viewer in (None, "ann", "bob"):
            assert R.view(other, viewer) == R.view(s, viewer)


def test_n1_a_player_view_is_the_public_view_plus_their_own_part():
    s = fresh()
    public = R.view(s, None)
    for p in ("ann", "bob"):
        mine = R.view(s, p)
        you = mine.pop("you")
        assert mine == public and you["player"] == p


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(players=st.integers(1, 4), seed=st.integers(0, 10_000), ao=st.sampled_from(AOS))
def test_p1_p5_property_random_games_are_sound_and_replay_exactly(players, seed, ao):
    """Checklist P1, P5 (property): any seed, 1-4 players, any Ancient One: every step keeps the
    invariants, the game ends, the final state is JSON, and its record replays to the same state."""
    state, actions, record = play(players, seed, ao, every=2)
    assert R.is_over(state)
    assert json.loads(json.dumps(state)) == state
    assert replay(record).state == state
