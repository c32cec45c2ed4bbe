"""Skill-card draws and discards, scouting, removing deck tops (checklist D38, D43-44, F69).

Seed 000 line numbers are quoted in each test."""
from __future__ import annotations

from engine.unfathomable.common import card_type, card_value
from tests.engine.unfathomable.helpers import answer, game, pass_windows, run, top


def choose_cards(r, s, cards):
    p = top(r, s)
    assert p["kind"] == "choose_cards", p
    return answer(r, s, p["player"], type="choose_cards", cards=cards)


def test_c038_types_fixed_before_drawing():
    """Checklist 38. Seed 2083: «Коли гравець повинен на вибір узяти карти з кількох колод вмінь, він має
    вирішити, скільки карт і з яких саме колод узяти, перед тим як почати брати їх.»"""
    r, s = game()
    s["hands"]["p1"] = []
    decks = {t: len(v) for t, v in s["decks"].items()}
    run(r, s, [{"draw_skill_cards": {"who": "self", "count": 2, "types": "any_non_treachery"}}])
    p = top(r, s)
    assert p["subset"]["min"] == p["subset"]["max"] == 2
    assert s["hands"]["p1"] == [] and {t: len(v) for t, v in s["decks"].items()} == decks   # nothing drawn yet
    choose_cards(r, s, ["lore", "will"])
    assert sorted(card_type(x) for x in s["hands"]["p1"]) == ["lore", "will"]


def test_c044_humans_never_offered_treachery():
    """Checklist 44. Seed 2077: «❖ Лише відкриті зрадники можуть брати карти зради й розіграти їхні
    властивості.»"""
    r, s = game()
    run(r, s, [{"draw_skill_cards": {"who": "self", "count": 1, "types": "any_non_treachery"}}])
    assert "treachery" not in top(r, s)["subset"]["ids"]
    choose_cards(r, s, ["strength"])
    run(r, s, [{"draw_skill_cards": {"who": "self", "count": 1, "types": "one_non_treachery_type"}}])
    assert "treachery" not in [o["value"] for o in top(r, s)["options"]]


def test_one_non_treachery_type_draws_all_of_one_type():
    """Persistence: «draw as many of one non-treachery type»."""
    r, s = game()
    s["hands"]["p1"] = []
    run(r, s, [{"draw_skill_cards": {"who": "self", "count": 3, "types": "one_non_treachery_type"}}])
    answer(r, s, "p1", type="choose", value="observation")
    assert [card_type(x) for x in s["hands"]["p1"]] == ["observation"] * 3


def test_own_skill_set_offers_only_the_set():
    """Heal / Bucket Brigade: a card of the player's own skill set (the active Upgrade included,
    checklist 37)."""
    r, s = game()
    s["hands"]["p1"] = []
    run(r, s, [{"draw_skill_cards": {"who": "self", "count": 1, "types": "own_skill_set"}}])
    ids = set(top(r, s)["subset"]["ids"])
    assert ids == set(r.set_types(s, "p1"))
    choose_cards(r, s, [sorted(ids)[0]])
    assert [card_type(x) for x in s["hands"]["p1"]] == [sorted(ids)[0]]


def test_draw_for_each_human_asks_each():
    """``who: each_human``: every Human fixes their own types, then all draw."""
    r, s = game()
    before = {p: len(s["hands"][p]) for p in s["players"]}
    run(r, s, [{"draw_skill_cards": {"who": "each_human", "count": 1, "types": "any_non_treachery"}}])
    for _ in s["players"]:
        choose_cards(r, s, ["lore"])
    assert all(len(s["hands"][p]) == before[p] + 1 for p in s["players"])


def test_c043_empty_deck_reshuffles_its_discard_or_draws_nothing():
    """Checklist 43. Seed 2073: «• Якщо карт вміння немає ані в колоді, ані в скиді, узяти карти цього
    вміння неможливо.»"""
    r, s = game()
    s["hands"]["p1"] = []
    s["discards"]["lore"] = s["decks"]["lore"][:2]
    s["decks"]["lore"] = []
    run(r, s, [{"draw_skill_cards": {"who": "self", "count": 3, "types": ["lore"]}}])
    assert len(s["hands"]["p1"]) == 2 and s["discards"]["lore"] == [] and s["decks"]["lore"] == []


def test_discard_chosen_cards_sets_discarded_value():
    r, s = game()
    hand = list(s["hands"]["p1"])
    run(r, s, [{"discard_skill_cards": {"who": "self", "count": 2}},
               {"gain": {"fuel": 1}}])
    p = top(r, s)
    assert p["subset"]["min"] == 2 and sorted(p["subset"]["ids"]) == sorted(hand)
    fuel = s["resources"]["fuel"]
    choose_cards(r, s, hand[:2])
    assert s["hands"]["p1"] == hand[2:] and fuel + 1 == s["resources"]["fuel"]
    assert all(x in s["discards"][card_type(x)] for x in hand[:2])


def test_discard_of_a_type_all_and_random():
    r, s = game()
    hand = list(s["hands"]["p1"])
    influence = [x for x in hand if card_type(x) == "influence"]
    run(r, s, [{"discard_skill_cards": {"who": "self", "count": "all", "type": "influence"}}])
    assert sorted(s["hands"]["p1"]) == sorted(x for x in hand if x not in influence)
    run(r, s, [{"discard_skill_cards": {"who": "self", "count": 1, "random": True}}])
    assert len(s["hands"]["p1"]) == len(hand) - len(influence) - 1 and top(r, s)["kind"] != "choose_cards"
    run(r, s, [{"discard_skill_cards": {"who": "self", "count": 5}}])   # more than held: all of them
    assert s["hands"]["p1"] == []


def test_discarded_value_is_read_by_the_next_step():
    """Almanac: ``modify_roll amount: {of: discarded_value}`` — the value of the card just discarded."""
    r, s = game()
    s["hands"]["p1"] = ["influence:inspiring_speech:5:2"]
    events = run(r, s, [{"discard_skill_cards": {"who": "self", "count": 1}},
                        {"choose_number": {"chooser": "self", "min": 0, "max": 9,
                                           "cap": {"of": "discarded_value"}}}])
    assert top(r, s)["number"]["max"] == 5 and events


def test_t4_discard_and_roll_success_and_failure():
    """Ruling T4 / Boiler Room & Chapel: discard one card of the type, roll d8 + its value ≥ target."""
    r, s = game(rolls=[4, 1])
    s["hands"]["p1"] = ["strength:rampage:3:1", "lore:shrivelling:1:1"]
    fuel, sanity = s["resources"]["fuel"], s["resources"]["sanity"]
    run(r, s, [{"discard_and_roll": {"who": "self", "type": "strength", "target": 7,
                                     "on_success": [{"gain": {"sanity": 1}}], "on_failure": [{"lose": {"fuel": 1}}]}}])
    pass_windows(r, s)
    assert s["hands"]["p1"] == ["lore:shrivelling:1:1"] and "strength:rampage:3:1" in s["discards"]["strength"]
    assert s["resources"]["sanity"] == min(10, sanity + 1) and s["resources"]["fuel"] == fuel   # 4 + 3 = 7
    run(r, s, [{"discard_and_roll": {"who": "self", "type": "lore", "target": 7,
                                     "on_success": [{"gain": {"sanity": 1}}], "on_failure": [{"lose": {"fuel": 1}}]}}])
    pass_windows(r, s)
    assert s["resources"]["fuel"] == fuel - 1 and s["hands"]["p1"] == []                      # 1 + 1 < 7
    run(r, s, [{"discard_and_roll": {"who": "self", "type": "lore", "target": 7,
                                     "on_success": [{"gain": {"sanity": 1}}], "on_failure": [{"lose": {"fuel": 1}}]}}])
    assert s["resources"]["fuel"] == fuel - 1 and top(r, s)["kind"] != "choose"               # no card: nothing


def test_c069_peek_replaces_blocked_personal_mythos():
    """Checklist 69. Seed 1911: «Якщо властивість дозволяє гравцеві таємно подивитися одну чи більше карт
    міту, і одна чи більше таких карт – це карти міту персонажів, які за зазначеними вище умовами потрібно
    скинути, гравець показує їх усім, скидає, після чого дивиться стільки карт, скільки він перед тим
    скинув.»"""
    # Beatrice and Ishmael are not in the game: their personal cards are replaced
    r, s = game(mythos_top=["miscalculation", "accusation", "family_ties", "bucket_brigade"])
    events = run(r, s, [{"scout_deck": {"deck": "mythos", "look": 2, "top": 1, "rest": "bottom", "chooser": "self"}}])
    shown = [e for e in events if e["type"] == "mythos_discarded_personal"]
    assert [e["card"] for e in shown] == ["miscalculation", "family_ties"] and all(e["audience"] == "all" for e in shown)
    peek = next(e for e in events if e["type"] == "deck_peek")
    assert peek["audience"] == ["p1"] and peek["cards"] == ["accusation", "bucket_brigade"]
    assert s["mythos_discard"][-2:] == ["miscalculation", "family_ties"]
    answer(r, s, "p1", type="choose", value="bucket_brigade")
    assert s["mythos_deck"][-1] == "bucket_brigade" and s["mythos_deck"][0] == "accusation"


def test_scout_top_or_bottom_each_card():
    """William's Occult Training (look 1, top 0, top_or_bottom): he decides for the card."""
    r, s = game()
    top_spell = s["spell_deck"][-1]
    n = len(s["spell_deck"])
    run(r, s, [{"scout_deck": {"deck": "spells", "look": 1, "top": 0, "rest": "top_or_bottom", "chooser": "self"}}])
    answer(r, s, "p1", type="choose", value="bottom")
    assert s["spell_deck"][0] == top_spell and len(s["spell_deck"]) == n
    second = s["spell_deck"][-1]
    run(r, s, [{"scout_deck": {"deck": "spells", "look": 1, "top": 0, "rest": "top_or_bottom", "chooser": "self"}}])
    answer(r, s, "p1", type="choose", value="top")
    assert s["spell_deck"][-1] == second


def test_scout_course_look_four_keep_one():
    """Foresee: look at 4, one back on top, the rest to the bottom."""
    r, s = game(course_top=["reef", "hurricane", "iceberg", "fog_bank"])
    run(r, s, [{"scout_deck": {"deck": "course", "look": 4, "top": 1, "rest": "bottom", "chooser": "self"}}])
    answer(r, s, "p1", type="choose", value="iceberg")
    assert s["course_deck"][-1] == "iceberg" and set(s["course_deck"][:3]) == {"reef", "hurricane", "fog_bank"}


def test_remove_deck_top():
    """Ruling T6: removed face down (Stolen Ritual Components, The Anarcho-Individualist)."""
    r, s = game()
    spells = list(s["spell_deck"])
    events = run(r, s, [{"remove_deck_top": {"deck": "spells", "count": 5}}])
    assert s["spell_deck"] == spells[:-5] and sorted(s["spells_removed"]) == sorted(spells[-5:])
    e = next(e for e in events if e["type"] == "deck_top_removed")
    assert e["count"] == 5 and "cards" not in e
    items = list(s["item_deck"])
    run(r, s, [{"remove_deck_top": {"deck": "items", "count": 50}}])
    assert s["item_deck"] == [] and sorted(s["items_removed"]) == sorted(items)


def test_discarded_value_sum():
    r, s = game()
    s["hands"]["p1"] = ["lore:shrivelling:2:1", "will:persistence:1:1"]
    run(r, s, [{"discard_skill_cards": {"who": "self", "count": "all"}},
               {"choose_number": {"chooser": "self", "min": 0, "max": 9, "cap": {"of": "discarded_value"}}}])
    assert top(r, s)["number"]["max"] == card_value("lore:shrivelling:2:1") + 1


def test_peeks_stay_private():
    """Checklist 69 / README views: what a scout sees is in a private event and their own prompt; the
    table's view and the other players' views never name it."""
    import json
    r, s = game(course_top=["reef", "hurricane"])
    top_spell = s["spell_deck"][-1]
    events = run(r, s, [{"scout_deck": {"deck": "spells", "look": 1, "top": 0, "rest": "top_or_bottom",
                                        "chooser": "self"}}])
    assert all(top_spell not in json.dumps(e) for e in events if e["audience"] != ["p1"])
    for who in (None, "p2"):
        assert top_spell not in json.dumps(r.view(s, who))
    answer(r, s, "p1", type="choose", value="top")
    events = run(r, s, [{"scout_deck": {"deck": "course", "look": 2, "top": 1, "rest": "bottom", "chooser": "self"}}])
    assert all("hurricane" not in json.dumps(e) for e in events if e["audience"] != ["p1"])
    assert "hurricane" not in json.dumps(r.view(s, "p2")) and "hurricane" in json.dumps(r.view(s, "p1"))
