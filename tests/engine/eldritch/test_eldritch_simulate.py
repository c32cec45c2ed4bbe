"""Checklist P6: random legal agents finish whole games for 1-8 players and every Ancient One.

The big counts (100 games per player count and Ancient One) run by hand:
``python -m engine simulate eldritch --players N --games 100 --seed 1 --option ancient_one=ID``.
"""
import pytest

from engine.__main__ import main
from engine.simulate import simulate
from eh_helpers import R
from eh_play import AOS, play


@pytest.mark.parametrize("ao", AOS)
@pytest.mark.parametrize("players", range(1, 9))
def test_p6_random_games_finish_for_every_count_and_ancient_one(players, ao):
    """Checklist P6. Seed 002: «Гра закінчується відразу, якщо в ефекті прямо сказано, що дослідники
    перемагають або програють.» Every random game ends with a result, without an error."""
    totals = simulate("eldritch", players, 1, 100 * players, {"ancient_one": ao}, check_invariants=False)
    assert totals.errors == 0, totals.error_samples
    assert totals.finished == 1
    assert set(totals.reasons) <= {"effect", "final_mystery", "mysteries", "awakened", "all_eliminated",
                                   "mythos_deck_empty"}, totals.reasons


@pytest.mark.parametrize("players,ao", [(1, AOS[0]), (3, AOS[1]), (5, AOS[2]), (8, AOS[3])])
def test_p5_p6_invariants_hold_after_every_step(players, ao):
    """Checklist P5, P6. Seed 002: «Кількість жетонів здоров'я і розуму не може перевищувати
    максимальні для дослідника значення.» Every invariant is checked after every action."""
    state, actions, _ = play(players, 7 + players, ao, every=1 if players < 5 else 3)
    assert R.is_over(state) and state["result"]["winner"] in ("investigators", "ancient_one")


def test_p6_cli_prints_one_line_of_totals(capsys):
    """Checklist P6: ``python -m engine simulate eldritch --option ancient_one=ID`` prints the totals."""
    code = main(["simulate", "eldritch", "--players", "2", "--games", "2", "--seed", "3",
                 "--option", "ancient_one=cthulhu"])
    out = capsys.readouterr().out.strip().splitlines()
    assert code == 0 and len(out) == 1
    assert out[0].startswith("games=2 finished=2 ") and out[0].endswith("errors=0")


def test_p6_cli_refuses_ancient_one_for_another_game(capsys):
    # the command line knows no game's options: the game's own options model refuses the stranger
    assert main(["simulate", "thing", "--players", "4", "--games", "1", "--option", "ancient_one=cthulhu"]) == 1
    assert "ancient_one" in capsys.readouterr().err


def test_p2_a_choice_of_a_defeated_lead_goes_to_the_lead_player():
    """Checklist P2 (regression, cthulhu solo seed 94): the only investigator is defeated in the
    Encounter phase, then a mythos event has the Lead discard a gate; the prompt went to no one.
    Seed 002: «Гра закінчується відразу, якщо в ефекті прямо сказано, що дослідники перемагають або
    програють.» — until then every decision has a player."""
    state, actions, _ = play(1, 94, "cthulhu")
    assert R.is_over(state)
