"""Checklist N1, N2: what each view shows and hides.

Seed 002: «Доки не дозволить ефект, гравці не можуть дивитися на: - зворот двосторонніх карт
(наприклад, заклинань або станів); - порядок і назви карт у будь-якій колоді; - лицьову сторону
доказів у запасі та воріт у стосі; - карти міту, які лежать у коробці.» / «Відкрита інформація: …
карти у скиді; … інформація на звороті доказів, які мають дослідники, або на звороті доказів у скиді.»
"""
import json

from engine.eldritch.invariants import leaked_backs
from eh_helpers import R, new, settle


def table():
    s = settle(new({"ann": ["leo_anderson"], "bob": [R.C.investigator_ids[1]]}))
    leo = s["inv"]["leo_anderson"]
    leo["spells"].append(s["decks"]["spells"]["draw"].pop())
    leo["conditions"].append(s["decks"]["conditions"]["draw"].pop())
    return s


def test_n1_no_view_holds_a_back_a_deck_order_a_pool_front_or_the_mythos_box():
    s = table()
    for viewer in (None, "ann", "bob"):
        v = R.view(s, viewer)
        assert leaked_backs(R, v) == []
        words = json.dumps(v)
        # decks, the gate stack, the clue pool, the cup and the mythos deck appear only as counts
        assert all(set(d) == {"draw", "discard"} and isinstance(d["draw"], int) for d in v["decks"].values())
        assert isinstance(v["gate_stack"], int) and isinstance(v["clue_pool"], int) and isinstance(v["cup"], int)
        assert isinstance(v["mythos"]["deck"], int) and "box" not in v["mythos"]
        for boxed in s["mythos"]["box"]:
            assert f'"{boxed}"' not in words or boxed in s["mythos"]["discard"]


def test_n1_the_holder_sees_only_the_front_of_their_spell_and_condition():
    """«зворот двосторонніх карт» is hidden from everyone, the holder included."""
    s = table()
    leo = s["inv"]["leo_anderson"]
    mine = next(i for i in R.view(s, "ann")["investigators"] if i["id"] == "leo_anderson")
    assert mine["spells"] == [R.card_id(leo["spells"][0])]
    assert mine["conditions"] == [R.card_id(leo["conditions"][0])]


def test_n2_discards_held_clue_fronts_and_the_face_up_decks_are_public():
    """N2: discards, clues held (their fronts), the top front of the spell and condition decks (I6)."""
    s = table()
    leo = s["inv"]["leo_anderson"]
    leo["clues"].append(s["clues"]["pool"].pop())
    s["clues"]["discard"].append(s["clues"]["pool"].pop())
    s["gates"]["discard"].append(s["gates"]["stack"].pop())
    v = R.view(s, None)
    me = next(i for i in v["investigators"] if i["id"] == "leo_anderson")
    assert me["clue_fronts"] == sorted(leo["clues"]) and me["clues"] == len(leo["clues"])
    assert v["clue_discard"] == s["clues"]["discard"] and v["gate_discard"] == s["gates"]["discard"]
    assert v["spell_top"] == R.card_id(s["decks"]["spells"]["draw"][0])
    assert v["condition_top"] == R.card_id(s["decks"]["conditions"]["draw"][0])
    assert v["reserve"] == s["reserve"]


def test_n1_a_player_sees_their_own_prompts_only():
    s = table()
    waiting = {p["player"] for p in R.prompts(s)}
    for viewer in ("ann", "bob"):
        you = R.view(s, viewer)["you"]
        assert all(p["player"] == viewer for p in you["prompts"])
        assert bool(you["prompts"]) == (viewer in waiting)
        assert all("default" not in p for p in you["prompts"])
    assert "you" not in R.view(s, None) and "you" not in R.view(s, "zed")


def test_n1_the_public_view_is_json_and_names_who_is_waited_for():
    s = table()
    v = R.view(s, None)
    assert json.loads(json.dumps(v)) == v
    assert [w["player"] for w in v["waiting_for"]] == [p["player"] for p in R.prompts(s)]
