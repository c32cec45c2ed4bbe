"""Every mythos card (checklist K2, K10): its printed symbols resolve in order, then an event is
discarded and an ongoing card or rumor stays in play.

Seed 002: «Карти міту, які лежать у коробці» are hidden (N1); K2: the symbols are resolved in order
(advance the omen, reckoning, spawn gates, monster surge, spawn clues), then the card's effect.
"""
import pytest

from eh_helpers import R, dice, new, ok, settle

MYTHOS = sorted(R.C.mythos)


@pytest.mark.parametrize("card", MYTHOS)
def test_k2_k10_a_mythos_card_resolves(card):
    data = R.C.mythos[card]
    s = settle(new({"ann": ["leo_anderson"], "bob": [R.C.investigator_ids[1]]}, ao="azathoth"))
    s = dice(s, *[6] * 40)   # tests pass: the card's own effect, not a defeat, decides what follows
    gates, omen = len(s["gates"]["board"]), s["omen"]
    s["mythos"]["deck"].remove(card) if card in s["mythos"]["deck"] else s["mythos"]["box"].remove(card)
    events = []
    R.resolve_mythos_card(s, card, events)
    R.run(s, events)
    s = settle(s)
    types = [e["type"] for e in events]
    assert events[0]["type"] == "mythos_drawn" and events[0]["card"] == card
    syms = data["symbols"]
    if "advance_omen" in syms:
        first = next(e for e in events if e["type"] == "omen")   # the symbol comes first (K2)
        assert first["index"] == (omen + 1) % len(R.C.omen_track)
    if "spawn_gates" in syms:
        assert "gate_spawned" in types or "no_gate_left" in types
    if "spawn_clues" in syms:
        assert "clue_spawned" in types or "no_clue_left" in types
    if "monster_surge" in syms:
        assert "monster_spawned" in types or "gate_spawned" in types or len(s["gates"]["board"]) != gates
    if s["result"] is None:
        if data["trait"] == "event":
            assert card in s["mythos"]["discard"]
        else:
            in_play = [m["id"] for m in s["mythos"]["in_play"]]
            assert card in in_play or card in s["mythos"]["discard"]   # a rumor may end at once
