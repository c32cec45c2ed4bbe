"""Any situation, replayable from a record (issue 18): each game's ``setup`` vocabulary
(engine/README.md, "Any situation") is honoured by ``new_game``, ``replay`` and ``python -m engine
replay``, and a position that breaks the game is refused with a clear error and makes no game."""
from __future__ import annotations

import pytest

from engine.__main__ import main
from engine.core.errors import RuleError
from engine.core.record import GameRecord, replay
from engine.registry import rules_for
from tests.engine import scenario_kit as kit

ELDRITCH = {"ancient_one": "azathoth", "investigators": {"bob": ["leo_anderson"], "ann": ["lily_chen"]},
            "lead": "bob"}
UNFATHOMABLE = {"seats": ["ann", "bob", "cid"], "first_player": "ann",
                "characters": {"ann": "svetlana", "bob": "jeanne", "cid": "william"}, "hands": {"bob": [], "cid": []}}


def eldritch(position, seed=5):
    return rules_for("eldritch").new_game(["bob", "ann"], seed, ELDRITCH, {"position": position})[0]


def unfathomable(position, seed=3, **setup):
    return rules_for("unfathomable").new_game(["ann", "bob", "cid"], seed, {},
                                              {**UNFATHOMABLE, **setup, "position": position})[0]


RECORDS = [p for game in ("thing", "unfathomable", "eldritch") for p in kit.scenario_paths(game)]


@pytest.mark.parametrize("path", RECORDS, ids=[f"{p.parent.name}/{p.stem}" for p in RECORDS])
def test_every_scenario_record_replays_on_the_command_line(path, capsys):
    assert main(["replay", str(path), "--json"]) == 0
    assert capsys.readouterr().err == ""


def test_eldritch_position_is_the_state_the_game_starts_from():
    s = eldritch({"quiet": True,
                  "inv": {"lily_chen": {"space": "tokyo", "health": 2, "sanity": 3, "clues": 2, "delayed": True,
                                        "tickets": {"ship": 1}, "improve": {"lore": 1},
                                        "conditions": ["amnesia"], "assets": ["whiskey"]}},
                  "monsters": [{"kind": "deep_one", "space": "shanghai", "damage": 1}],
                  "gates": ["tokyo"], "board_clues": ["space_5"], "eldritch": {"rome": 2}, "doom": 7, "omen": 2})
    i = s["inv"]["lily_chen"]
    assert (i["space"], i["health"], i["sanity"], len(i["clues"]), i["delayed"]) == ("tokyo", 2, 3, 2, True)
    assert (i["tickets"]["ship"], i["improve"]["lore"]) == (1, 1)
    assert "whiskey" in i["assets"] and "amnesia" in [rules_for("eldritch").card_id(b) for b in i["conditions"]]
    assert [(m["kind"], m["space"], m["damage"]) for m in s["monsters"]["board"].values()] == [("deep_one", "shanghai", 1)]
    assert s["gates"]["board"] == ["tokyo"] and list(s["clues"]["board"]) == ["space_5"]
    assert (s["eldritch_board"], s["doom"], s["omen"]) == ({"rome": 2}, 7, 2)
    assert rules_for("eldritch").invariant_violations(s) == []


@pytest.mark.parametrize("position, says", [
    ({"inv": {"lily_chen": {"health": 99}}}, "health"),
    ({"doom": 99}, "doom"),
    ({"monsters": [{"kind": "no_such_monster", "space": "tokyo"}]}, "no_such_monster"),
    ({"gates": ["tokyo", "tokyo"]}, "tokyo"),
    ({"inv": {"nobody": {}}}, "nobody"),
    ({"inv": {"lily_chen": {"improve": {"lore": 7}}}}, "lore"),
    ({"eldritch": {"rome": -1}}, "eldritch.rome"),
    ({"quiet": True, "surprise": 1}, "surprise"),
])
def test_an_eldritch_position_that_breaks_the_game_is_refused(position, says):
    with pytest.raises(RuleError) as info:
        eldritch(position)
    assert info.value.code == "bad_position" and says in str(info.value)


def test_unfathomable_position_is_the_state_the_game_starts_from():
    hand = ["lore:forced_learning:5:1", "observation:keen_insight:3:1"]
    s = unfathomable({"hands": {"ann": hand}, "revealed": {"ann": "hybrid"}, "zone_of": {"cid": "brig"},
                      "items": {"ann": ["tool_kit"]}, "deck_top": {"treachery": ["treachery:perform_rites:5:2"]},
                      "chaos": ["will:persistence:1:1"], "loyalty_top": ["human"]})
    assert sorted(s["hands"]["ann"]) == sorted(hand)
    assert s["revealed"] == {"ann": "hybrid"} and s["loyalty"]["ann"] == ["hybrid"]
    # titles follow: neither a revealed traitor nor a player in the Brig keeps one
    assert set(s["titles"].values()) == {"bob"}
    assert s["items"]["ann"] == ["tool_kit"] and "tool_kit" not in s["items"]["bob"]
    assert s["decks"]["treachery"][-1] == "treachery:perform_rites:5:2"
    assert s["chaos"] == ["will:persistence:1:1"] and s["loyalty_deck"][-1] == "human"
    assert rules_for("unfathomable").invariant_violations(s) == []


@pytest.mark.parametrize("position, says", [
    ({"resources": {"food": 42}}, "food"),
    ({"hands": {"ann": ["lore:no_such_card:1:1"]}}, "no_such_card"),
    ({"zone_of": {"cid": "brig"}, "titles": {"keeper_of_the_tome": "cid"}}, "held in the Brig by cid"),
    ({"spells": []}, "spells"),
])
def test_an_unfathomable_position_that_breaks_the_game_is_refused(position, says):
    with pytest.raises(RuleError) as info:
        unfathomable(position)
    assert info.value.code == "bad_position" and says in str(info.value), str(info.value)


def test_an_unfathomable_position_needs_a_setup_that_asks_nothing():
    setup = {k: v for k, v in UNFATHOMABLE.items() if k != "characters"}   # characters still to choose
    with pytest.raises(RuleError) as info:
        rules_for("unfathomable").new_game(["ann", "bob", "cid"], 3, {}, {**setup, "position": {"distance": 1}})
    assert info.value.code == "bad_position" and "asks nothing" in str(info.value)


def test_a_position_replays_from_its_record():
    record = GameRecord(game="eldritch", seed=5, players=["bob", "ann"], options=ELDRITCH,
                        setup={"position": {"inv": {"lily_chen": {"space": "tokyo", "delayed": True}}}},
                        actions=[{"player": "bob", "type": "end_actions"}])
    done = replay(record)
    assert done.state["inv"]["lily_chen"]["delayed"] is False   # she stood up instead of acting
    assert any(e["type"] == "stood_up" and e["inv"] == "lily_chen" for e in done.events)
    assert replay(GameRecord.from_dict(record.to_dict())).state == done.state
