"""The Mythos step (checklist 61-75): draw, personal cards, deciders, the Brig, the symbols, the
reshuffle, in-play cards, and the mythos windows (Uncanny Fortune, Unconventional Leader)."""
from __future__ import annotations

from tests.engine.unfathomable.c_helpers import clear_board, empty_hands, settle, to_actions, types
from tests.engine.unfathomable.helpers import answer, game, pass_windows, top


def to_mythos(r, s, player="p1"):
    """End ``player``'s actions: the Mythos step begins."""
    to_actions(r, s)
    return answer(r, s, player, type="end_actions")


def test_c061_draw_resolve_symbols_then_discard():
    """Checklist 61, 73-74. Seed l.477-481: crisis, then activation, then track; then discard face
    up. Infection: Captain decides; Deep Ones symbol; journey symbol."""
    r, s = game(4, mythos_top=["infection"])
    empty_hands(s)
    clear_board(s)
    food = s["resources"]["food"]
    ev = to_mythos(r, s)
    assert {"type": "mythos_drawn", "audience": "all", "player": "p1", "card": "infection"} in ev
    assert top(r, s)["timing"] == "deciding_crisis"   # Keilani's feat may skip it: she passes
    ev += pass_windows(r, s)
    t = top(r, s)
    assert t["purpose"] == "option" and t["player"] == s["titles"]["captain"]
    ev += answer(r, s, t["player"], type="choose", value=0)
    ev += settle(r, s)
    assert s["resources"]["food"] == food - 1
    assert s["tracks"]["journey"] == 1                      # track symbol: journey
    assert s["mythos_discard"][-1] == "infection" and s.get("mythos") is None
    k = types(ev)
    assert k.index("option_chosen") < k.index("monster_activated") if "monster_activated" in k else True


def test_c064_decider_is_the_keeper_for_keeper_cards():
    """Checklist 64, 67. Seed l.1930-1944: the card names the decider."""
    r, s = game(4, mythos_top=["missing_jewelry"])
    empty_hands(s)
    to_mythos(r, s)
    keeper_card = r.mythos_by_id["missing_jewelry"].decider
    assert top(r, s)["player"] == s["titles"][keeper_card]


def test_c068_personal_card_of_absent_character_is_replaced():
    """Checklist 68. Seed l.1908-1910: the named character absent, in the Brig or revealed — the
    card is discarded and another drawn."""
    r, s = game(4, mythos_top=["ticket_please", "the_peacemaker", "infection"])   # Samira absent
    empty_hands(s)
    s["zone_of"]["p2"] = "brig"   # Arjun in the Brig
    ev = to_mythos(r, s)
    assert [e["card"] for e in ev if e["type"] == "mythos_discarded_personal"] == ["ticket_please", "the_peacemaker"]
    assert s["mythos"]["card"] == "infection"


def test_c068_personal_card_decided_by_its_character():
    """Checklist 62, 68. Seed l.532: the named character's player decides."""
    r, s = game(4, mythos_top=["the_peacemaker"])
    empty_hands(s)
    ev = to_mythos(r, s)
    assert {"type": "crisis_decider", "audience": "all", "player": "p2", "card": "the_peacemaker"} in ev
    assert top(r, s)["player"] == "p2"


def test_c070_current_player_in_the_brig_no_crisis_captain_picks_track():
    """Checklist 70. Seed l.1122: «гравці-люди не розіграють кризу … лише активацію і просування
    жетонів треками. У разі вибору треку … це робить капітан»."""
    r, s = game(4, mythos_top=["deep_one_feint"], first_player="p2", hands={"p1": [], "p3": [], "p4": []})
    empty_hands(s)
    clear_board(s)
    s["zone_of"]["p2"] = "brig"
    pass_windows(r, s)
    ev = answer(r, s, "p2", type="end_actions")
    ev += settle(r, s, stop=("choose_track",))
    assert "crisis_skipped_brig" in types(ev) and "check_started" not in types(ev)
    t = top(r, s)
    assert t["kind"] == "choose_track" and t["player"] == s["titles"]["captain"]
    answer(r, s, t["player"], type="track", track="ritual")
    assert s["tracks"]["ritual"] == 1


def test_c074_choice_track_symbol_current_player_chooses():
    """Checklist 74. Seed l.574: the current player chooses the track."""
    r, s = game(4, mythos_top=["just_desserts"])
    empty_hands(s)
    clear_board(s)
    to_mythos(r, s)
    settle(r, s, option=1, stop=("choose_track",))
    t = top(r, s)
    assert t["kind"] == "choose_track" and t["player"] == "p1"
    answer(r, s, "p1", type="track", track="journey")
    assert s["tracks"]["journey"] == 1


def test_c071_mythos_deck_reshuffled_when_empty():
    """Checklist 71. Seed l.1914: after the last card, the discard is shuffled into a new deck."""
    r, s = game(4)
    empty_hands(s)
    s["mythos_discard"] = s["mythos_deck"][:-1]
    s["mythos_deck"] = s["mythos_deck"][-1:]
    ev = []
    first = r.draw_mythos(s, ev)
    second = r.draw_mythos(s, ev)
    assert "mythos_reshuffled" in types(ev) and first != second
    assert len(s["mythos_deck"]) == 68 and s["mythos_discard"] == []


def test_c075_in_play_card_ability_and_discard():
    """Checklist 75. Seed l.1577: the ability lasts while the card stays in the play area.
    Sacrifice Deep One: an action in a zone with a Deep One; 6+ defeats it, discards the card and
    advances the ritual token 2."""
    r, s = game(4, rolls=[6])
    empty_hands(s)
    clear_board(s)
    keeper = s["titles"]["keeper_of_the_tome"]
    s["mythos_deck"].remove("sacrifice_deep_one")
    s["in_play"][keeper].append("sacrifice_deep_one")
    s["first_player"] = keeper
    zone = s["zone_of"][keeper]
    s["deep_ones"][zone] += 1
    s["deep_one_supply"] -= 1
    ref = "play:sacrifice_deep_one:0"
    assert ref in r.abilities_of(s, keeper) and r.can_use(s, keeper, ref, "action")
    ev = []
    r.use_ability(s, keeper, ref, ev)
    r.run(s, ev)
    ev += settle(r, s)
    assert s["deep_ones"][zone] == 0 and s["tracks"]["ritual"] == 2
    assert "sacrifice_deep_one" not in s["in_play"][keeper] and "sacrifice_deep_one" in s["mythos_discard"]


def test_c075_barricade_the_hatches_any_time():
    """RULINGS C1: an any-time ability of an in-play card may be used by its holder at any action
    choice of the current player, as a free action."""
    r, s = game(4)
    empty_hands(s)
    to_actions(r, s)
    s["mythos_deck"].remove("barricade_the_hatches")
    s["in_play"]["p3"].append("barricade_the_hatches")
    use = {"player": "p3", "type": "use", "ability": "play:barricade_the_hatches:0"}
    assert use in r.legal_actions(s, "p3")
    ev = answer(r, s, "p3", type="use", ability="play:barricade_the_hatches:0")
    assert "barricade_the_hatches" in s["mythos_discard"] and s["in_play"]["p3"] == []
    assert top(r, s)["kind"] == "action" and top(r, s)["player"] == "p1"
    assert "free_ability" in types(ev)


def test_c_uncanny_fortune_replaces_the_crisis():
    """Uncanny Fortune (crisis_revealed): discard the revealed card and play the next instead."""
    r, s = game(4, mythos_top=["class_struggle", "infection"],
                characters={"p1": "keilani", "p2": "edmund", "p3": "jeanne", "p4": "william"})
    empty_hands(s)
    clear_board(s)
    to_mythos(r, s)
    t = top(r, s)
    assert t["timing"] == "crisis_revealed"
    answer(r, s, "p2", type="use", ability="feat:uncanny_fortune")
    pass_windows(r, s)
    assert s["mythos"]["card"] == "infection" and "class_struggle" in s["mythos_discard"]
    assert s["feats"]["p2"] is None


def test_c_unconventional_leader_skips_the_crisis_not_the_symbols():
    """Unconventional Leader (deciding_crisis): lose 1 of any resource and skip the crisis; the
    activation and track symbols still resolve."""
    r, s = game(4, mythos_top=["class_struggle"])   # Captain decides; Keilani is the Captain
    empty_hands(s)
    clear_board(s)
    assert s["titles"]["captain"] == "p1"
    before = dict(s["resources"])
    to_mythos(r, s)
    t = top(r, s)
    assert t["timing"] == "deciding_crisis" and t["player"] == "p1"
    answer(r, s, "p1", type="use", ability="feat:unconventional_leader")
    ev = settle(r, s, resource="fuel")
    assert s["resources"] == {**before, "fuel": before["fuel"] - 1}
    assert "crisis_skipped" in types(ev) and "option_chosen" not in types(ev)
    assert s["tracks"]["journey"] == 1 and s["feats"]["p1"] is None


def test_c_deciding_crisis_not_offered_for_skill_check_cards():
    """Unconventional Leader speaks of a choice or combined crisis: a skill-check card opens no
    deciding_crisis window."""
    r, s = game(4, mythos_top=["food_stores_raid"])
    empty_hands(s)
    ev = to_mythos(r, s)
    assert not any(p.get("timing") == "deciding_crisis" for p in r.prompts(s))
    assert "check_started" in types(ev)
