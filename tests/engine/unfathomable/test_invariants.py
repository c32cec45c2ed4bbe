"""Whole-game invariants (checklist T184): a clean game has none; each corruption is caught.

«Кількість усіх ігрових компонентів обмежена їхньою фактичною кількістю в коробці.» [2299]"""
import pytest

from .helpers import game


def broken(mutate, n=4):
    r, s = game(n, seed=3)
    assert r.invariant_violations(s) == []
    mutate(s)
    return r.invariant_violations(s)


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_c184_a_started_game_has_no_violations(n):
    """Checklist 184, for every player count and the variants."""
    for options in ({}, {"cultist": False}, {"first_game": True}, {"difficulty": "harder"}):
        r, s = game(n, seed=n, options=options)
        assert r.invariant_violations(s) == []


def test_c184_resources_in_their_dials():
    """Checklist 184: resources in 0..10. «Жоден ресурс не можна збільшити понад 10.» [2583]"""
    assert any("resource fuel" in v for v in broken(lambda s: s["resources"].update(fuel=11)))
    assert any("resource food" in v for v in broken(lambda s: s["resources"].update(food=-1)))


def test_c184_twenty_deep_ones():
    """Checklist 184: 20 Deep Ones = supply + Depths + board."""
    assert any("Deep Ones instead of 20" in v for v in broken(lambda s: s["deep_ones"].update(w1=5)))

    def into_sick_bay(s):
        s["deep_ones"]["sick_bay"] = 1
        s["deep_one_supply"] -= 1
    assert any("sick_bay" in v for v in broken(into_sick_bay))


def test_c184_nine_passengers():
    """Checklist 184: passengers = supply + deck + removed = 9."""
    assert any("passenger missing" in v for v in broken(lambda s: s["passenger_supply"].pop()))

    def duplicate(s):
        s["passengers"]["d5"].append(s["passenger_supply"][0])
    assert any("passenger extra" in v for v in broken(duplicate))

    def to_interior(s):
        s["passengers"]["galley"] = [s["passenger_supply"].pop()]
    assert any("not a deck zone" in v for v in broken(to_interior))


def test_c184_each_skill_card_in_one_place():
    """Checklist 184: each skill card in exactly one place."""
    def copy_to_hand(s):
        s["hands"]["p2"].append(s["decks"]["lore"][-1])
    assert any("skill card extra" in v for v in broken(copy_to_hand))

    def lose(s):
        s["chaos"].pop()
    assert any("skill card missing" in v for v in broken(lose))

    def into_check(s):   # a card moved into a check under way is still counted once
        s["checks"].append({"chaos": [s["chaos"].pop()], "cards": [s["hands"]["p1"].pop()], "total": None})
    assert broken(into_check) == []


def test_c184_damage_only_among_the_six():
    """Checklist 184: at most 6 damaged zones, damaged only among the six."""
    def damage_deck_zone(s):
        s["damage"]["d1"] = s["damage_deck"].pop()
    assert any("cannot be damaged" in v for v in broken(damage_deck_zone))
    assert any("damage card missing" in v for v in broken(lambda s: s["damage_deck"].pop()))


def test_c184_items_and_mythos_once():
    """Checklist 1/184: 20 items, 70 mythos cards, each in one place."""
    assert any("item extra" in v for v in broken(lambda s: s["items"]["p1"].append(s["item_deck"][0])))
    assert any("mythos card missing" in v for v in broken(lambda s: s["mythos_deck"].pop()))


def test_c184_titles_only_to_eligible_players():
    """Checklist 184: titles held only by unrevealed players outside the Brig unless the fallback
    applies."""
    def reveal_captain(s):
        s["revealed"][s["titles"]["captain"]] = "hybrid"
    assert any("revealed traitor" in v for v in broken(reveal_captain))

    def captain_in_brig(s):
        s["zone_of"][s["titles"]["captain"]] = "brig"
    assert any("in the Brig" in v for v in broken(captain_in_brig))

    def all_in_brig(s):   # the fallback: nobody else qualifies
        for p in s["players"]:
            s["zone_of"][p] = "brig"
    assert broken(all_in_brig) == []
    assert any("not a player" in v for v in broken(lambda s: s["titles"].update(captain="zed")))


def test_c184_loyalty_conserved():
    """Checklist 184: loyalty cards conserved (14 - unused)."""
    assert any("loyalty" in v for v in broken(lambda s: s["loyalty"]["p1"].append("hybrid")))
    assert any("loyalty" in v for v in broken(lambda s: s["loyalty_deck"].pop()))


def test_c184_players_on_the_ship():
    """Checklist 22: players can never enter water zones."""
    assert any("not a ship zone" in v for v in broken(lambda s: s["zone_of"].update(p1="w1")))
