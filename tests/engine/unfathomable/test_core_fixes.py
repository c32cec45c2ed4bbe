"""Fixes in the shared core of the Unfathomable engine, each found in random play."""
from engine.core.game import rename_player

from tests.engine.unfathomable.helpers import game


def test_passenger_tokens_never_share_a_name_with_a_player():
    """A substitute is seated by renaming a player id everywhere in the state; a passenger token
    named like a player ('p1') would be renamed with them."""
    r, s = game(4)
    tokens = set(s["passenger_faces"])
    assert not tokens & set(s["players"])
    renamed = rename_player(s, "p1", "sub")
    assert set(renamed["passenger_faces"]) == tokens
    assert renamed["characters"]["sub"] == s["characters"]["p1"]


def test_a_window_use_whose_card_left_the_hand_lapses_instead_of_crashing():
    """Uses chosen in one window resolve one after another; an earlier one may take a card away."""
    r, s = game(4)
    card = next(c for c in s["decks"]["observation"] if c.startswith("observation:keen_insight"))
    window = {"k": "window", "timing": "before_roll", "asked": ["p2"], "answers": {}}
    s["stack"].append({"k": "window_use", "player": "p2", "ability": "card:" + card, "window": window})
    hand_before = list(s["hands"]["p2"])
    events = []
    r.run(s, events)
    assert any(e["type"] == "ability_lapsed" and e["audience"] == ["p2"] for e in events)
    assert s["hands"]["p2"] == hand_before and card in s["decks"]["observation"]
