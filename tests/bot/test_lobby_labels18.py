"""A lobby's number menu: its first choice keeps the rulebook's own count and says so (an admin's
reading, na18: The Thing's read «Ускладнене правило 2: кількість карт «Зараження!»», the command
parameter's name, not what the choice does). The rulebook: «можно уменьшить или увеличить число
карт «Заражение!» в колоде по своему усмотрению» — the default is the deck as dealt."""
import pytest

from cogs.lobby import LobbyNumber


@pytest.mark.parametrize("lang, first, two", [
    ("en", "Standard number of Infected! cards (by the player count)", "2 Infected! cards (advanced rule 2)"),
    ("uk", "Стандартна кількість карт «Зараження!» (за кількістю гравців)", "2 карти «Зараження!» (ускладнене правило 2)"),
    ("ru", "Стандартное число карт «Заражение!» (по числу игроков)", "2 карты «Заражение!» (усложнённое правило 2)"),
])
def test_the_infected_count_menus_first_choice_says_it_is_the_standard_count(lang, first, two):
    menu = LobbyNumber(1, "infected_count", 0, kind="thing", lang=lang).item
    labels = [option.label for option in menu.options]
    assert labels[0] == first and two in labels
    assert menu.placeholder == f"1–24 · {first}"   # which menu of two, then: nothing chosen yet
