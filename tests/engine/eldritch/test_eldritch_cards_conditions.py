"""Every condition back (checklist I8, I14): turned over, its effect happens — asserted per back.

Seed 002: «Дослідник **не може** мати двох однакових станів.» / «Доки не дозволить ефект, гравці не
можуть дивитися на: - зворот двосторонніх карт (наприклад, заклинань або станів)». A back is
resolved when the card is turned over (I14); tests fail (all dice 1) and "may" answers take the
default (the safe first option), so each expectation below is what the back must do then.
"""
import pytest

from eh_helpers import R, act, dice, new, ok, prompt, put_monster, quiet, settle

# back -> what turning it over must do (the card's printed effect, failed tests, defaults)
EXPECT = {
    "unexplained_debts": {"gains": "debt", "gone": True},
    "forgotten_crimes": {"gains": "detained", "gone": True},
    "the_terrible_truth": {"gains": "dark_pact", "gone": True},
    "fractured_spine": {"fewer_possessions": True, "gone": True},
    "muscle_spasms": {"fewer_possessions": True, "delayed": True, "gone": True},
    "nerve_damage": {"fewer_possessions": True, "kept": True},
    "visions_of_hypnos": {"more_clues": True, "kept": True},
    "beloved_of_bast": {"recovered": True, "kept": True},
    "blessing_of_nodens": {"monster_gone": True, "kept": True},
    "karmic_justice": {"gone": True},
    "the_innsmouth_look": {"lost": True, "gone": True},   # not at sea: lose 3 health
    "harried": {"kept": True, "monster_came": True},
    "pact_with_the_dark_man": {"devoured": True},
    "one_of_the_thousand": {},   # solo: no other investigator to pick (open rule question, see report)
    "pact_with_yog_sothoth": {"omen_moved": True, "gone": True},   # one gate per spell held: none
    "beyond_riches": {"lost": True, "gone": True},
    "unwilling_servant": {"gone": True},
    "hitmen": {"lost": True, "gone": True},
    "local_authorities": {"gone": True},
    "debt_collector": {"fewer_possessions": True, "gone": True},
    "make_a_deal": {"gone": True},
    "holding_cell": {"gone": True},
    "starvation": {"gone": True},
    "cruel_and_unusual": {"gone": True},
    "the_voices": {"lost": True, "kept": True},
    "swarming": {"lost": True, "gone": True},
    "delusions": {"fewer_clues": True, "gone": True},
    "excruciating_pain": {"lost": True, "gone": True},
    "cracked_rib": {"lost": True, "kept": True},
    "internal_bleeding": {"lost": True, "delayed": True, "gone": True},
    "stabbing_pain": {"delayed": True, "kept": True},
    "strange_remedy": {"lost": True},
    "twisted_knee": {"kept": True},
    "violent_outbursts": {"kept": True},
    "agoraphobia": {"kept": True},
    "kleptomania": {"gone": True},
}
CONDITION_BACKS = sorted(b for b, (_, kind) in R.C.back_of.items() if kind == "condition")
INV = "leo_anderson"


def test_i8_every_condition_back_has_an_expectation():
    assert sorted(EXPECT) == CONDITION_BACKS


def holding(back):
    s = quiet(settle(new({"ann": [INV]})))
    i = s["inv"][INV]
    s["decks"]["conditions"]["draw"].remove(back)
    i["conditions"].append(back)
    for name in ("revolver_38", "arcane_manuscripts"):   # two Items
        if name not in i["assets"]:
            R.take_by_name(s, INV, "asset", name, [])
    R.gain_clues(s, INV, 2, [])
    i["health"], i["sanity"] = i["max_health"] - 2, i["max_sanity"] - 2
    put_monster(s, "cultist", i["space"])
    return s


def flipped(s, back):
    """Turn the back over and answer its own prompts by default, never playing past the Action
    phase (an Encounter-phase combat afterwards is not the back's doing)."""
    s = dice(s, *[1] * 30)
    events = []
    R.flip(s, INV, back, events)
    R.run(s, events)
    while s["result"] is None and s["phase"] == "action":
        p = prompt(s)
        if p is None or p["kind"] == "action":
            break
        s, more = act(s, p["player"], "default")
        events += more
    return s, events


def possessions(i):
    return sum(len(i[k]) for k in ("assets", "artifacts", "spells"))


@pytest.mark.parametrize("back", CONDITION_BACKS)
def test_i14_turning_a_condition_over_resolves_its_back(back):
    """Checklist I8, I14, N1: the back is revealed to all (a marked reveal) and its effect happens."""
    card = R.C.back_of[back][0]
    s = holding(back)
    before = {"clues": len(s["inv"][INV]["clues"]), "poss": possessions(s["inv"][INV]),
              "hs": (s["inv"][INV]["health"], s["inv"][INV]["sanity"]), "gates": len(s["gates"]["board"]),
              "omen": s["omen"], "monsters": len(s["monsters"]["board"])}
    s, events = flipped(s, back)
    ok(s)
    reveal = [e for e in events if e["type"] == "card_flipped"]
    assert reveal and reveal[0]["reveal"] and reveal[0]["back"] == back and reveal[0]["audience"] == "all"
    i = s["inv"][INV]
    want = EXPECT[back]
    if want.get("out") or want.get("devoured"):
        assert i["status"] != "active"
        if want.get("devoured"):
            assert i["status"] == "devoured"
        return
    assert i["status"] == "active", [e["type"] for e in events]
    held = R.holds(s, INV, card)
    if want.get("gone"):
        assert not held or want.get("gains") == card
    if want.get("kept"):
        assert held and back in i["conditions"]
    if "gains" in want:
        assert R.holds(s, INV, want["gains"])
    if want.get("fewer_possessions"):
        assert possessions(i) < before["poss"]
    if want.get("delayed"):   # D23: on one's own action turn, Delayed = the remaining actions are lost
        assert i["delayed"] or any(e["type"] == "actions_lost" for e in events)
    if want.get("more_clues"):
        assert len(i["clues"]) > before["clues"]
    if want.get("fewer_clues"):
        assert len(i["clues"]) < before["clues"]
    if want.get("recovered"):
        assert (i["health"], i["sanity"]) > before["hs"]
    if want.get("lost"):
        assert i["health"] < before["hs"][0] or i["sanity"] < before["hs"][1]
    if want.get("monster_gone"):
        assert len(s["monsters"]["board"]) < before["monsters"]
    if want.get("monster_came"):
        assert any(e["type"] in ("monster_spawned", "combat", "combat_started") for e in events)
    if want.get("more_gates"):
        assert len(s["gates"]["board"]) > before["gates"]
    if want.get("omen_moved"):
        assert s["omen"] != before["omen"]
