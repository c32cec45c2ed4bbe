"""Deck building (§3, §11.2) and the deal, with advanced rules 1, 2, 3 and 5."""
from collections import Counter

import pytest

from engine.core.errors import RuleError
from engine.thing.options import ThingOptions
from engine.thing.rules import ThingRules

from helpers import NAMES, RULES

# §11.2 copied row by row from the spec: id -> copies for 4..12 players
TABLE = {
    "the_thing":       [1, 1, 1, 1, 1, 1, 1, 1, 1],
    "infected":        [8, 8, 10, 12, 13, 15, 17, 20, 20],
    "flamethrower":    [2, 2, 3, 3, 3, 4, 4, 5, 5],
    "analysis":        [0, 1, 2, 2, 2, 3, 3, 3, 3],
    "axe":             [1, 1, 1, 1, 1, 2, 2, 2, 2],
    "suspicion":       [4, 4, 4, 5, 6, 7, 8, 8, 8],
    "whisky":          [1, 1, 2, 2, 2, 2, 3, 3, 3],
    "persistence":     [2, 2, 3, 3, 3, 4, 5, 5, 5],
    "watch_your_back": [1, 1, 1, 1, 1, 2, 2, 2, 2],
    "change_places":   [2, 2, 2, 3, 3, 4, 4, 5, 5],
    "better_run":      [2, 2, 2, 3, 3, 4, 4, 5, 5],
    "seduction":       [2, 2, 3, 4, 5, 5, 6, 7, 7],
    "scary":           [0, 1, 2, 2, 3, 3, 3, 4, 4],
    "im_comfortable":  [1, 1, 2, 2, 2, 2, 2, 3, 3],
    "no_thanks":       [1, 1, 2, 2, 3, 3, 3, 4, 4],
    "missed":          [1, 1, 2, 2, 2, 2, 2, 3, 3],
    "no_barbecue":     [1, 1, 2, 2, 2, 2, 2, 3, 3],
    "quarantine":      [0, 1, 1, 1, 1, 2, 2, 2, 2],
    "barred_door":     [1, 1, 1, 2, 2, 2, 2, 3, 3],
    "revelations":     [0, 0, 0, 0, 1, 1, 1, 1, 1],
    "rotten_ropes":    [0, 0, 1, 1, 1, 2, 2, 2, 2],
    "get_out":         [0, 1, 1, 1, 1, 1, 1, 1, 1],
    "forgetful":       [1, 1, 1, 1, 1, 1, 1, 1, 1],
    "one_two":         [0, 1, 1, 1, 1, 2, 2, 2, 2],
    "three_four":      [1, 1, 1, 1, 1, 2, 2, 2, 2],
    "party":           [0, 1, 1, 1, 1, 2, 2, 2, 2],
    "between_us":      [0, 0, 0, 1, 1, 2, 2, 2, 2],
    "round_and_round": [1, 1, 1, 1, 1, 2, 2, 2, 2],
    "friends":         [0, 0, 0, 1, 1, 2, 2, 2, 2],
    "blind_date":      [1, 1, 1, 1, 1, 2, 2, 2, 2],
    "oops":            [0, 0, 0, 0, 0, 0, 1, 1, 1],
}
EVENTS = [31, 34, 46, 53, 58, 69, 75, 88, 88]
PANICS = [4, 7, 8, 10, 11, 19, 20, 20, 20]
TOTALS = [35, 41, 54, 63, 69, 88, 95, 108, 108]
PILE_AFTER_DEAL = [19, 21, 30, 35, 37, 52, 55, 64, 60]
COUNTS = list(range(4, 13))


def test_table_is_self_consistent():
    # guards against typos in the table above: its columns add up to the spec's totals
    for i, p in enumerate(COUNTS):
        assert sum(row[i] for row in TABLE.values()) == TOTALS[i] == EVENTS[i] + PANICS[i]


def test_every_card_id_is_in_the_data_file():
    assert set(TABLE) == set(RULES.cards)
    assert len(RULES.cards) == 31


@pytest.mark.parametrize("players", COUNTS)
def test_deck_matches_spec_11_2(players):
    i = players - 4
    deck = ThingRules().build_deck(players, ThingOptions())
    expected = {cid: row[i] for cid, row in TABLE.items() if row[i]}
    assert deck == expected
    cards = ThingRules().cards
    assert sum(n for c, n in deck.items() if cards[c].category != "panic") == EVENTS[i]
    assert sum(n for c, n in deck.items() if cards[c].category == "panic") == PANICS[i]
    assert sum(deck.values()) == TOTALS[i]


def test_full_box_is_108_cards_by_category():
    deck = ThingRules().build_deck(12, ThingOptions())
    cards = ThingRules().cards
    by_cat = Counter()
    for c, n in deck.items():
        by_cat[cards[c].category] += n
    assert by_cat == {"infection": 21, "action": 45, "defence": 17, "obstacle": 5, "panic": 20}


def _deal(players, seed, **options):
    state, events = RULES.new_game(NAMES[:players], seed, options)
    return state, events


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_deal_four_cards_each_one_thing_no_panic_or_infected(players, seed):
    state, events = _deal(players, seed)
    cards = RULES.cards
    hands = state["hands"]
    assert all(len(h) == 4 for h in hands.values())
    in_hands = [c for h in hands.values() for c in h]
    assert in_hands.count("the_thing") == 1
    assert "infected" not in in_hands
    assert not [c for c in in_hands if cards[c].category == "panic"]
    # everything else is the draw pile (§11.2 "draw pile after the deal"), discard is empty
    assert len(state["deck"]) == PILE_AFTER_DEAL[players - 4]
    assert state["discard"] == []
    assert Counter(state["deck"]) + Counter(in_hands) == Counter(state["composition"])
    things = [p for p, r in state["roles"].items() if r == "thing"]
    assert len(things) == 1 and "the_thing" in hands[things[0]]
    assert sorted(state["seats"]) == sorted(NAMES[:players])
    # every player privately learns their hand and role, nobody else's
    for p in NAMES[:players]:
        dealt = [e for e in events if e["type"] == "hand_dealt" and e["player"] == p]
        assert len(dealt) == 1 and dealt[0]["audience"] == [p] and dealt[0]["cards"] == hands[p]


@pytest.mark.parametrize("players", COUNTS)
def test_advanced_rule_1_thing_in_deck(players):
    state, _ = _deal(players, 5, thing_in_deck=True)
    in_hands = [c for h in state["hands"].values() for c in h]
    assert len(in_hands) == 4 * players  # R25: 4P cards from the event pool
    assert "the_thing" not in in_hands and "the_thing" in state["deck"]
    assert set(state["roles"].values()) == {"human"}
    assert "infected" not in in_hands
    # nobody can declare before the Thing card is drawn
    assert all(RULES.free_actions(state, p) == [] for p in state["seats"])


def test_advanced_rule_1_drawing_the_thing_makes_you_the_thing():
    from helpers import act, make_game
    state = make_game(players=4, deck=["the_thing"] + ["suspicion"] * 10, options={"thing_in_deck": True},
                      hands={"ann": ["whisky", "suspicion", "analysis", "axe"]})
    assert "thing" not in state["roles"].values()
    state, events = act(state, "ann", "draw")
    assert state["roles"]["ann"] == "thing"
    told = [e for e in events if e["type"] == "role_told"]
    assert told and told[0]["audience"] == ["ann"]
    # the Thing card can now be neither discarded nor played
    assert {"type": "discard", "card": "the_thing"} not in RULES.prompts(state)[0]["options"]
    assert {"type": "declare"} in RULES.free_actions(state, "ann")


@pytest.mark.parametrize("count", [1, 5, 30])
def test_advanced_rule_2_infected_count(count):
    state, _ = _deal(6, 3, infected_count=count)
    assert state["composition"]["infected"] == count
    assert state["deck"].count("infected") == count


@pytest.mark.parametrize("players", COUNTS)
def test_advanced_rule_3_weapons_in_deck(players):
    state, _ = _deal(players, 9, weapons_in_deck=True)
    in_hands = [c for h in state["hands"].values() for c in h]
    assert "flamethrower" not in in_hands and "analysis" not in in_hands
    comp = state["composition"]
    assert state["deck"].count("flamethrower") == comp["flamethrower"]
    assert state["deck"].count("analysis") == comp.get("analysis", 0)
    assert in_hands.count("the_thing") == 1 and all(len(h) == 4 for h in state["hands"].values())


def test_advanced_rule_5_custom_deck():
    custom = {"suspicion": 20, "whisky": 10, "infected": 5, "blind_date": 2}
    deck = ThingRules().build_deck(4, ThingOptions(custom_deck=custom))
    assert deck == {**custom, "the_thing": 1}
    state, _ = _deal(4, 1, custom_deck=custom)
    assert Counter(state["composition"]) == Counter({**custom, "the_thing": 1})


def test_custom_deck_unknown_card_is_refused():
    with pytest.raises(RuleError) as info:
        _deal(4, 1, custom_deck={"bfg9000": 3})
    assert info.value.code == "unknown_card"


@pytest.mark.parametrize("n", [3, 13])
def test_player_count_limits(n):
    with pytest.raises(RuleError) as info:
        RULES.new_game([f"p{i}" for i in range(n)], 1, {})
    assert info.value.code == "player_count"


def test_same_seed_same_deal_different_seed_different_deal():
    a, _ = _deal(8, 42)
    b, _ = _deal(8, 42)
    c, _ = _deal(8, 43)
    assert a == b
    assert (a["hands"], a["deck"], a["seats"]) != (c["hands"], c["deck"], c["seats"])


def test_r11_a_drawn_thing_must_be_the_card_kept_from_persistence():
    from helpers import act, make_game, prompt
    s = make_game({"ann": ["persistence", "whisky", "suspicion", "axe"]}, options={"thing_in_deck": True},
                  deck=["whisky", "scary", "the_thing", "no_thanks"])
    s, _ = act(s, "ann", "draw")
    s, _ = act(s, "ann", "play", card="persistence")
    assert prompt(s, "ann", "keep")["options"] == [{"type": "keep", "card": "the_thing"}]
    s, _ = act(s, "ann", "keep", card="the_thing")
    assert s["roles"]["ann"] == "thing" and "the_thing" not in s["discard"]
