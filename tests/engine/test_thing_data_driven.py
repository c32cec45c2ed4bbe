"""The Thing follows its card data where the data says something: edit cards.yaml and the game
changes, with no card id in the engine deciding it (data/thing/README.md)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from engine.thing.content import load

from engine.thing.rules import ThingRules

from helpers import make_game, quarantined

DATA = Path(__file__).resolve().parents[2] / "data" / "thing"


@pytest.fixture
def edited(tmp_path):
    """rules over a copy of the pack after ``change(cards_by_id)``."""
    def build(change) -> ThingRules:
        pack = tmp_path / "thing"
        shutil.copytree(DATA, pack, dirs_exist_ok=True)
        path = pack / "cards.yaml"
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        change({c["id"]: c for c in data["cards"]})
        path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
        return ThingRules(load(pack))
    return build


def act(rules, s, player, type_, **params):
    return rules.apply(s, {"player": player, "type": type_, **params})


def test_draw_keep_keeps_as_many_cards_as_the_data_says(edited):
    rules = edited(lambda c: c["persistence"]["effects"][0]["draw_keep"].update(keep=2))
    s = make_game({"ann": ["persistence", "whisky", "axe", "analysis"]}, rules=rules,
                  deck=["suspicion", "scary", "no_thanks", "missed"] + ["suspicion"] * 5)
    s, _ = act(rules, s, "ann", "draw")
    s, _ = act(rules, s, "ann", "play", card="persistence")
    (p,) = rules.prompts(s)
    assert p["kind"] == "keep" and p["shape"] == "subset"
    assert sorted(p["subset"]["ids"]) == ["missed", "no_thanks", "scary"] and p["subset"]["min"] == 2
    s, ev = act(rules, s, "ann", "keep", cards=["scary", "missed"])
    assert sorted(s["hands"]["ann"]) == sorted(["whisky", "axe", "analysis", "suspicion", "scary", "missed"])
    assert "no_thanks" in s["discard"] and [e["kept"] for e in ev if e["type"] == "kept_cards"] == [2]
    assert rules.invariant_violations(s) == []


def test_the_real_persistence_keeps_one():
    # «Возьмите 3 карты событий из общей колоды, добавьте одну из них на руку»
    assert load().cards["persistence"].effects[0].spec.keep == 1


def test_ignores_quarantine_is_what_lets_just_between_us_reach_a_quarantined_neighbour(edited):
    for flag, targets in ((True, ["bob", "dan"]), (False, [])):
        rules = edited(lambda c: c["between_us"].update(ignores_quarantine=flag))
        s = make_game(players=4, deck=["between_us"] + ["suspicion"] * 5, rules=rules)
        quarantined(s, "bob")
        quarantined(s, "dan")
        s, ev = act(rules, s, "ann", "draw")
        chooses = [p for p in rules.prompts(s) if p["kind"] == "choose"]
        assert [o["target"] for p in chooses for o in p["options"]] == targets, flag
        if not targets:
            assert any(e["type"] == "nothing_happens" for e in ev)


def test_weapon_cards_are_the_ones_advanced_rule_3_keeps_out_of_the_deal(edited):
    rules = edited(lambda c: (c["flamethrower"].update(weapon=False), c["analysis"].update(weapon=False),
                              c["suspicion"].update(weapon=True)))
    for seed in range(5):
        s, _ = rules.new_game(["a", "b", "c", "d", "e", "f"], seed, {"weapons_in_deck": True})
        dealt = [card for hand in s["hands"].values() for card in hand]
        assert "suspicion" not in dealt and "suspicion" in s["deck"]


def test_a_defence_does_the_steps_its_card_lists(edited):
    # give No Thanks! Scary's second step: the refuser now sees the refused card
    rules = edited(lambda c: c["no_thanks"]["effects"].append({"peek_offered_card": {}}))
    s = make_game({"ann": ["whisky", "axe", "analysis", "suspicion"], "bob": ["no_thanks", "axe", "whisky", "oops"]},
                  rules=rules, deck=["suspicion"] * 6)
    s, _ = act(rules, s, "ann", "draw")
    s, _ = act(rules, s, "ann", "discard", card="suspicion")
    s, _ = act(rules, s, "ann", "offer", card="analysis")
    s, ev = act(rules, s, "bob", "defend", card="no_thanks")
    seen = [e for e in ev if e["type"] == "offered_card_seen"]
    assert seen and seen[0]["card"] == "analysis" and seen[0]["audience"] == ["bob"]


def test_the_obstacle_cards_come_from_the_data():
    rules = ThingRules()
    assert (rules.quarantine_card, rules.door_card) == ("quarantine", "barred_door")
