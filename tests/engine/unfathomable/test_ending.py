"""The end of the game and who wins (checklist Q166-172, P150; RULINGS P7-P8).

Seed 000 (UA rulebook + reference) line numbers are quoted in each test."""
from __future__ import annotations

import pytest

from tests.engine.unfathomable.helpers import game, run
from tests.engine.unfathomable.test_players import ready

LOYALTY = {"p1": ["human"], "p2": ["hybrid"], "p3": ["cultist"], "p4": ["human"]}


def ended(r, s, steps):
    ev = run(r, s, steps)
    return s["result"], ev


def test_c166_a_dial_at_zero_ends_at_once_mid_effect():
    """Checklist 166, 169. Seed 2251: «✿ Будь-який лічильник ресурсів досягає 0.»; the game ends
    immediately (seed 1735), so the step after it never happens."""
    r, s = game(loyalty=LOYALTY)
    ready(r, s)
    s["resources"]["food"] = 1
    sanity = s["resources"]["sanity"]
    result, ev = ended(r, s, [{"lose": {"food": 1}}, {"lose": {"sanity": 1}}])
    assert result["reason"] == "resource_depleted" and result["team"] == "traitors"
    assert s["resources"]["sanity"] == sanity and s["stack"] == []
    assert result["winners"] == ["p2"]          # the Cultist loses below 12 (seed 2265)


def test_c167_every_loyalty_card_is_revealed_at_the_end():
    """Checklist 167. Seed 1741: «Коли виконується одна з цих умов, усі гравці відкривають свої карти
    лояльності.»"""
    r, s = game(loyalty=LOYALTY)
    ready(r, s)
    s["resources"]["fuel"] = 1
    result, ev = ended(r, s, [{"lose": {"fuel": 1}}])
    over = [e for e in ev if e["type"] == "game_over"][0]
    assert over["audience"] == "all" and over["reveal"] is True
    assert over["loyalty"] == LOYALTY
    assert r.view(s, None)["result"]["loyalty"] == LOYALTY


def test_c166_six_damaged_zones():
    """Checklist 115, 166. Seed 2252: «✿ На полі одночасно є 6 пошкоджених зон.»"""
    r, s = game(loyalty=LOYALTY)
    ready(r, s)
    zones = ["bridge", "chapel", "captains_cabin", "cargo_hold", "galley"]
    for z, card in zip(zones, list(s["damage_deck"])):
        s["damage_deck"].remove(card)
        s["damage"][z] = card
    assert r.check_end(s) is None
    card = next(c for c in s["damage_deck"] if c.startswith("structural"))
    s["damage_deck"].remove(card)
    s["damage_deck"].append(card)
    result, _ = ended(r, s, [{"damage_zone": {"at": {"zone": "boiler_room"}}}])
    assert result["reason"] == "ship_destroyed" and result["winners"] == ["p2"]


def test_c166_deep_ones_short():
    """Checklist 105, 166. Seed 2253: «✿ Гравець повинен помістити глибоководних, але в запасі немає
    потрібної кількості фігурок.»"""
    r, s = game(loyalty=LOYALTY)
    ready(r, s)
    s["deep_ones"]["w5"] += s["deep_one_supply"] - 1
    s["deep_one_supply"] = 1
    result, _ = ended(r, s, [{"place_deep_ones": {"count": 2, "at": {"zone": "w3"}}}])
    assert result["reason"] == "deep_ones_exhausted" and result["team"] == "traitors"


def test_c168_arrival_at_12_only_human_cards_win():
    """Checklist 168, 172. Seed 1742: «Якщо виконується перша умова, то виграють усі гравці, які мають
    лише карти лояльності «Людина».» (a Human card plus a Hybrid is not «лише»)."""
    r, s = game(loyalty={"p1": ["human"], "p2": ["human", "hybrid"], "p3": ["cultist"], "p4": ["human"]})
    ready(r, s)
    s["distance"] = 12
    s["arrived"] = True
    result = r.check_end(s)
    assert result["reason"] == "journey_completed" and result["team"] == "humans"
    assert result["winners"] == ["p1", "p4"]


@pytest.mark.parametrize("distance,reaching,winners", [
    (11, False, ["p2"]),            # the Cultist loses before 12 (seed 2265)
    (12, False, ["p2", "p3"]),      # 12+: the Cultist wins too (seed 1744)
    (9, True, ["p2", "p3"]),        # during the course card that brings it to 12 (seed 1744)
])
def test_c170_the_cultist_needs_distance_12(distance, reaching, winners):
    """Checklist 170. Seed 1744: «Якщо сумарне значення відстані на розіграних картах курсу 12 або більше,
    гравець із картою лояльності «Культист» теж перемагає. Він також перемагає, якщо гра закінчується під
    час розіграшу карти курсу, додання якої збільшить відстань до 12.»"""
    r, s = game(loyalty=LOYALTY)
    ready(r, s)
    s["distance"] = distance
    if reaching:
        s["course_reaching_12"] = True
    s["resources"]["souls"] = 0
    assert r.check_end(s)["winners"] == winners


def test_c170_cultist_with_a_hybrid_wins_at_any_distance_and_loses_on_arrival():
    """Checklist 150, 170. Seed 1745: «Якщо гравець має карти лояльності «Культист» і «Гібрид», він
    перемагає, навіть якщо подолана відстань становить менше ніж 12.»; seed 2265: the Cultist loses when
    the Humans' goal is reached."""
    r, s = game(loyalty={"p1": ["human"], "p2": ["hybrid", "cultist"], "p3": ["human"], "p4": ["human"]})
    ready(r, s)
    s["resources"]["souls"] = 0
    assert r.check_end(s)["winners"] == ["p2"]
    s["resources"]["souls"] = 3
    s["arrived"] = True
    assert r.check_end(s)["winners"] == ["p1", "p3", "p4"]


def test_c171_revealing_does_not_change_who_wins():
    """Checklist 171. Seed 974: revealing or not does not change who wins."""
    r, s = game(loyalty=LOYALTY)
    ready(r, s)
    s["resources"]["souls"] = 0
    before = r.check_end(s)["winners"]
    s["revealed"]["p2"] = "hybrid"
    assert r.check_end(s)["winners"] == before == ["p2"]


def test_p7_first_condition_order_and_p8_no_card_is_human():
    """RULINGS P7, P8: one step meeting several conditions ends by Arrival first; a player without a
    loyalty card wins with the Humans."""
    r, s = game(loyalty=LOYALTY)
    ready(r, s)
    s["arrived"] = True
    s["resources"]["food"] = 0
    assert r.check_end(s)["reason"] == "journey_completed"
    s["loyalty"]["p4"] = []
    assert "p4" in r.check_end(s)["winners"]


def test_no_end_during_setup():
    r, s = game()
    s2 = dict(s)
    s2["setup_done"] = False
    s2["resources"] = {**s["resources"], "food": 0}
    assert r.check_end(s2) is None
