"""Receive Skills (checklist D 37-44). Seed: shared/seeds/000 lines."""
from collections import Counter

import pytest

from engine.core.errors import RuleError
from engine.core.events import visible_to
from engine.unfathomable.common import card_type

from .helpers import answer, game


def receive(r, s, p):
    """Run ``p``'s Receive Skills step now (on top of whatever is pending); returns the events."""
    events = []
    r.push(s, {"k": "receive_skills", "player": p})
    r.run(s, events)
    return events


def give_upgrade(s, p, item):
    s["item_deck"].remove(item)
    s["items"][p].append(item)
    s["active_upgrade"][p] = item


def drawn_types(before, after):
    return Counter(card_type(c) for c in after if c not in before)


def test_c037_skill_set_plus_active_upgrade():
    """Checklist 37. «поточний гравець бере стільки карт умінь і таких типів, як зазначено на його
    планшеті персонажа» [2057]; «Доки гравець має активне вдосконалення у своїй ігровій зоні,
    вміння, вказане на карті вдосконалення, додається до його набору вмінь.» [2047]"""
    r, s = game(4)   # p2 = arjun: influence 2, observation 1, strength 2
    before = list(s["hands"]["p2"])
    events = receive(r, s, "p2")
    assert drawn_types(before, s["hands"]["p2"]) == {"influence": 2, "observation": 1, "strength": 2}
    public = [e for e in events if e["type"] == "skills_drawn"][0]
    assert public["count"] == 5 and "cards" not in public            # checklist 177: the count only
    assert not visible_to([e for e in events if e["type"] == "skills_drawn_you"][0], "p3")
    give_upgrade(s, "p2", "mystical_text")
    before = list(s["hands"]["p2"])
    receive(r, s, "p2")
    assert drawn_types(before, s["hands"]["p2"]) == {"influence": 2, "observation": 1, "strength": 2, "lore": 1}


def test_c037_inactive_upgrade_adds_nothing():
    """Checklist 37. «Карта з удосконаленням активна, коли лежить горілиць в ігровій зоні. Покладена
    долілиць, вона стає неактивною.» [1162]"""
    r, s = game(4)
    give_upgrade(s, "p2", "mystical_text")
    give_upgrade(s, "p2", "binoculars")    # binoculars active, the text face down
    before = list(s["hands"]["p2"])
    receive(r, s, "p2")
    assert drawn_types(before, s["hands"]["p2"]) == {"influence": 2, "observation": 2, "strength": 2}


def test_c039_sick_bay_one_card_of_any_type_of_the_set():
    """Checklist 39. «Якщо під час кроку «Отримайте вміння» гравець перебуває в лазареті, він бере
    лише одну карту на вибір зі свого набору умінь.» [2195] «Якщо гравець, що перебуває в лазареті,
    має активне вдосконалення, ... може брати карту того типу, який надає йому вдосконалення.» [2197]"""
    r, s = game(4)
    give_upgrade(s, "p2", "mystical_text")
    s["zone_of"]["p2"] = "sick_bay"
    before = list(s["hands"]["p2"])
    receive(r, s, "p2")
    prompt = r.prompts(s)[0]
    assert prompt["kind"] == "sick_bay_draw" and prompt["player"] == "p2"
    assert sorted(o["skill"] for o in prompt["options"]) == ["influence", "lore", "observation", "strength"]
    with pytest.raises(RuleError):
        r.apply(s, {"player": "p2", "type": "draw_type", "skill": "will"})
    answer(r, s, "p2", type="draw_type", skill="lore")
    assert drawn_types(before, s["hands"]["p2"]) == {"lore": 1}


def test_c040_left_the_sick_bay_before_the_turn_draws_the_full_set():
    """Checklist 40. «Якщо гравець переміщується з лазарету до початку свого ходу (наприклад,
    отримавши дію під час ходу іншого гравця), під час кроку «Отримайте вміння» цей гравець отримує
    повний набір умінь.» [2201]"""
    r, s = game(4)
    s["zone_of"]["p2"] = "sick_bay"
    s["zone_of"]["p2"] = "galley"    # moved out on another player's turn
    before = list(s["hands"]["p2"])
    receive(r, s, "p2")
    assert sum(drawn_types(before, s["hands"]["p2"]).values()) == 5


def test_c041_brig_full_set_without_the_upgrade():
    """Checklist 41. «Під час кроку «Отримайте вміння» гравці в карцері беруть повний набір карт
    умінь.» [2153] «Поки гравець перебуває в карцері, його активне вдосконалення не додається до
    набору вмінь.» [2135]"""
    r, s = game(4)
    give_upgrade(s, "p2", "mystical_text")
    s["zone_of"]["p2"] = "brig"
    before = list(s["hands"]["p2"])
    receive(r, s, "p2")
    assert drawn_types(before, s["hands"]["p2"]) == {"influence": 2, "observation": 1, "strength": 2}


def test_c042_revealed_traitor_swaps_for_treachery():
    """Checklist 42, 38. «Поточний гравець може не брати будь-яку кількість карт зі свого набору
    вмінь. Натомість він може взяти відповідну кількість карт зради. Гравець повинен вирішити,
    скільки карт зради він братиме перед тим, як почати брати будь-які карти.» [2627-2629]"""
    r, s = game(4)
    s["revealed"]["p2"] = "hybrid"
    before = list(s["hands"]["p2"])
    receive(r, s, "p2")
    prompt = r.prompts(s)[0]
    assert prompt["kind"] == "traitor_draw" and prompt["shape"] == "subset"
    assert Counter(prompt["subset"]["ids"]) == {"influence": 2, "observation": 1, "strength": 2}
    assert prompt["subset"]["min"] == 0
    assert s["hands"]["p2"] == before    # nothing drawn before the number is fixed
    with pytest.raises(RuleError):
        r.apply(s, {"player": "p2", "type": "replace_with_treachery", "types": ["observation", "observation"]})
    answer(r, s, "p2", type="replace_with_treachery", types=["influence", "strength"])
    assert drawn_types(before, s["hands"]["p2"]) == {"influence": 1, "observation": 1, "strength": 1,
                                                     "treachery": 2}


def test_c042_revealed_traitor_default_draws_the_set():
    """Checklist 42 / 181: the AFK default swaps nothing."""
    r, s = game(4)
    s["revealed"]["p2"] = "hybrid"
    before = list(s["hands"]["p2"])
    receive(r, s, "p2")
    answer(r, s, "p2", type="default")
    assert drawn_types(before, s["hands"]["p2"]) == {"influence": 2, "observation": 1, "strength": 2}


def test_s1_revealed_traitor_in_the_sick_bay_draws_one_card_maybe_treachery():
    """Checklist 42 [R], ruling S1. «Якщо під час кроку «Отримайте вміння» гравець перебуває в
    лазареті, він бере лише одну карту на вибір зі свого набору умінь.» [2195]: one card only; the
    traitor's swap may make it a treachery card."""
    r, s = game(4)
    s["revealed"]["p2"] = "hybrid"
    s["zone_of"]["p2"] = "sick_bay"
    before = list(s["hands"]["p2"])
    receive(r, s, "p2")
    prompt = r.prompts(s)[0]
    assert prompt["kind"] == "sick_bay_draw"
    assert "treachery" in [o["skill"] for o in prompt["options"]]
    answer(r, s, "p2", type="draw_type", skill="treachery")
    assert drawn_types(before, s["hands"]["p2"]) == {"treachery": 1}


def test_c043_empty_deck_reshuffles_its_discard():
    """Checklist 43. «Коли якась колода вміння вичерпується, скид перетасовують і утворюють нову
    колоду.» [2071]"""
    r, s = game(4)
    s["discards"]["strength"] = s["decks"]["strength"][:-1]
    s["decks"]["strength"] = s["decks"]["strength"][-1:]
    total = 1 + len(s["discards"]["strength"])
    before = list(s["hands"]["p2"])
    receive(r, s, "p2")
    assert drawn_types(before, s["hands"]["p2"])["strength"] == 2
    assert s["discards"]["strength"] == []
    assert len(s["decks"]["strength"]) == total - 2


def test_c043_deck_and_discard_empty_draws_as_many_as_possible():
    """Checklist 43. «Якщо карт вміння немає ані в колоді, ані в скиді, узяти карти цього вміння
    неможливо.» [2073] «Якщо гравець повинен взяти карти з колоди, а колода не містить достатньої
    кількості, він бере стільки, скільки можливо (навіть нуль).» [2303]"""
    r, s = game(4)
    s["decks"]["strength"] = s["decks"]["strength"][-1:]   # the rest out of the game, for this test
    before = list(s["hands"]["p2"])
    events = receive(r, s, "p2")
    assert drawn_types(before, s["hands"]["p2"]) == {"influence": 2, "observation": 1, "strength": 1}
    assert [e for e in events if e["type"] == "skills_drawn"][0]["count"] == 4
    assert s["decks"]["strength"] == []
    # the deck stays empty until a card is discarded and a draw is needed
    card = s["hands"]["p2"][-1] if card_type(s["hands"]["p2"][-1]) == "strength" else \
        next(c for c in s["hands"]["p2"] if card_type(c) == "strength")
    r.discard_from_hand(s, "p2", [card], [])
    assert s["decks"]["strength"] == [] and s["discards"]["strength"] == [card]
    assert r.draw_skill(s, "strength") == card


def test_c044_humans_never_draw_treachery():
    """Checklist 44. «Лише відкриті зрадники можуть брати карти зради й розіграти їхні властивості.»
    [2077]"""
    r, s = game(4)
    for p in ("p2", "p3", "p4"):
        receive(r, s, p)
    assert not any(card_type(c) == "treachery" for h in s["hands"].values() for c in h)
    assert len(s["decks"]["treachery"]) == 21
    assert r.prompts(s)[0]["kind"] != "traitor_draw"


def test_c038_c181_receive_prompts_have_defaults():
    """Checklist 181: every Receive Skills decision has an AFK default (the Sick Bay: the first type)."""
    r, s = game(4)
    s["zone_of"]["p3"] = "sick_bay"   # p3 = jeanne: influence 1, observation 2, strength 2
    before = list(s["hands"]["p3"])
    receive(r, s, "p3")
    answer(r, s, "p3", type="default")
    assert drawn_types(before, s["hands"]["p3"]) == {"influence": 1}
