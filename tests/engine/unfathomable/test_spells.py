"""Spells and casting (checklist N143-144), and every spell card cast once.

Seed 000 line numbers are quoted in each test."""
from __future__ import annotations

import pytest

from tests.engine.unfathomable.helpers import answer, game, pass_windows, run, top


def drive(r, s, picks=None, limit=200):
    """Answer every pending prompt: windows pass; a prompt whose purpose is in ``picks`` gets
    ``picks[purpose](prompt)`` (an action dict or a list of them, used in turn); others the default.
    Stops at the turn's action prompt."""
    picks = dict(picks or {})
    for _ in range(limit):
        p = top(r, s)
        if p is None or p["kind"] == "action":
            return
        if p["kind"] == "window":
            pass_windows(r, s)
            continue
        pick = picks.get(p.get("purpose")) or picks.get(p["kind"])
        if callable(pick):
            pick = pick(p)
        if isinstance(pick, list):
            pick = pick.pop(0) if pick else None
        if pick is None:
            answer(r, s, p["player"], type="default")
        else:
            answer(r, s, p["player"], **pick)
    raise AssertionError("prompts never ended")


def cast(r, s, spell, picks=None, **setup_state):
    """The Keeper casts ``spell`` (put on top) with look 1, exactly as Quick Cast does."""
    s["spell_deck"].remove(spell)
    s["spell_deck"].append(spell)
    keeper = s["titles"]["keeper_of_the_tome"]
    events = run(r, s, [{"cast_spell": {"who": "self", "look": 1}}], self=keeper, decider=keeper)
    drive(r, s, picks)
    return keeper, events


def test_c144_cast_reveal_resolve_remove():
    """Checklist 144. Seed 1829-1833: «17.1 Гравець може розіграти карту заклинання тільки тоді, коли
    властивість дозволяє йому це. ☛ Щоб розіграти карту заклинання, гравець відкриває цю карту, вголос
    читає її текст і виконує вказівки. - Після розіграшу карти заклинання, її вилучають із гри.»"""
    r, s = game(spells_top=["raise_the_dead"])
    s["resources"]["souls"] = 5
    n = len(s["spell_deck"])
    _, events = cast(r, s, "raise_the_dead")
    assert any(e["type"] == "spell_cast" and e["card"] == "raise_the_dead" and e["audience"] == "all" for e in events)
    assert s["resources"]["souls"] == 7 and s["spells_removed"] == ["raise_the_dead"]
    assert len(s["spell_deck"]) == n - 1


def test_c143_keeper_looks_at_two_casts_one_other_to_bottom():
    """Checklist 143. Seed 2517: «43.13 Хранитель гримуара має властивість «Дія», яка дозволяє йому взяти
    дві верхні карти колоди заклинань, розіграти одну з них, а іншу покласти під низ колоди.»"""
    r, s = game(spells_top=["feed_the_mind", "raise_the_dead"])
    keeper = s["titles"]["keeper_of_the_tome"]
    s["resources"]["sanity"] = 5
    events = run(r, s, [{"cast_spell": {"who": "self", "look": 2}}], self=keeper, decider=keeper)
    peek = next(e for e in events if e["type"] == "spells_peek")
    assert peek["audience"] == [keeper] and peek["cards"] == ["feed_the_mind", "raise_the_dead"]
    p = top(r, s)
    assert p["player"] == keeper and {o["value"] for o in p["options"]} == {"feed_the_mind", "raise_the_dead"}
    answer(r, s, keeper, type="choose", value="feed_the_mind")
    assert s["resources"]["sanity"] == 7 and s["spell_deck"][0] == "raise_the_dead"


def test_c144_one_spell_left_cast_or_put_back():
    """Checklist 144. Seed 1837-1839: «Приклад. У колоді заклинань лишилася всього одна карта. … Гравець
    дивиться карту й вирішує, розіграти її чи повернути в колоду.»"""
    r, s = game()
    keeper = s["titles"]["keeper_of_the_tome"]
    s["spells_removed"] = [x for x in s["spell_deck"] if x != "raise_the_dead"]
    s["spell_deck"] = ["raise_the_dead"]
    run(r, s, [{"cast_spell": {"who": "self", "look": 2}}], self=keeper, decider=keeper)
    assert {o["value"] for o in top(r, s)["options"]} == {"raise_the_dead", "put_back"}
    answer(r, s, keeper, type="choose", value="put_back")
    assert s["spell_deck"] == ["raise_the_dead"]
    souls = s["resources"]["souls"]
    run(r, s, [{"cast_spell": {"who": "self", "look": 2}}], self=keeper, decider=keeper)
    answer(r, s, keeper, type="choose", value="raise_the_dead")
    assert s["spell_deck"] == [] and s["resources"]["souls"] == min(10, souls + 2)


def test_c144_empty_spell_deck_casts_nothing():
    """Checklist 144. Seed 1835: «17.2 Якщо в колоді заклинань не лишилося карт, гравці не можуть
    розігрувати заклинання.»"""
    r, s = game()
    s["spells_removed"], s["spell_deck"] = list(s["spell_deck"]), []
    before = dict(s["resources"])
    run(r, s, [{"cast_spell": {"who": "keeper_of_the_tome", "look": 2}}])
    assert s["resources"] == before and top(r, s)["kind"] == "window"


# --- every spell, cast once (forced die results in ``rolls``)

def roll_all(r, s):
    """Skill cards in every hand."""
    return sum(len(v) for v in s["hands"].values())


SPELLS = {
    # spell: (setup kwargs, prepare(s), picks, check(r, s, keeper, before))
    "alchemical_transmutation": ({}, lambda s: s["resources"].update(fuel=5, food=5), None,
                                 lambda r, s, k, b: s["resources"]["fuel"] == 7 and s["resources"]["food"] == 4),
    "astral_travel": ({"rolls": [3]}, None,
                      {"astral_zone": {"type": "choose", "value": "w1"},
                       "astral_deep_one": {"type": "choose", "value": "galley"}},
                      lambda r, s, k, b: s["deep_ones"]["w1"] == 0 and s["deep_ones"]["galley"] == 2
                      and s["resources"]["sanity"] == b["sanity"] - 1),
    "call_down_the_storm": ({"rolls": [8]}, None, None,
                            lambda r, s, k, b: all(s["deep_ones"][w] == 0 for w in r.board.water)
                            and s["deep_one_supply"] == b["supply"] + 4 and not s["damage"]),
    "call_friends": ({"rolls": [8]}, None, {"rescue_passengers": lambda p: {"type": "choose_cards", "cards": p["subset"]["ids"]}},
                     lambda r, s, k, b: len(s["passenger_supply"]) == b["supply_p"] + 2
                     and not any(s["passengers"].values())),
    "cloud_memory": ({}, lambda s: s["resources"].update(sanity=5), None,
                     lambda r, s, k, b: s["resources"]["sanity"] == 6 and roll_all(r, s) == b["cards"] - 1),   # only p1 holds cards
    "conjuration": ({"rolls": [8]}, None, None,
                    lambda r, s, k, b: len(s["items"][k]) == b["items"] + 1),
    "dark_pact": ({}, lambda s: s["resources"].update(food=5),
                  {"resource": {"type": "choose", "value": "food"}},
                  lambda r, s, k, b: s["resources"]["food"] == 6 and len(s["chaos"]) == b["chaos"] + 4),
    "feed_the_mind": ({}, lambda s: s["resources"].update(sanity=5, food=5), None,
                      lambda r, s, k, b: s["resources"]["sanity"] == 7 and s["resources"]["food"] == 4),
    "flesh_ward": ({}, None, {"flesh_ward": {"type": "choose", "value": "p2"}},
                   lambda r, s, k, b: "p2" in s.get("wards", [])),
    "foresee": ({"rolls": [8], "course_top": ["reef", "hurricane", "iceberg", "fog_bank"]}, None,
                {"option": {"type": "choose", "value": 1}, "keep_on_top": {"type": "choose", "value": "iceberg"}},
                lambda r, s, k, b: s["course_deck"][-1] == "iceberg"
                and set(s["course_deck"][:3]) == {"reef", "hurricane", "fog_bank"}),
    "greater_banishment": ({"rolls": [8]}, None, None, lambda r, s, k, b: s["tracks"]["ritual"] == 2),
    "heal": ({"rolls": [8]}, lambda s: s["zone_of"].update(p2="sick_bay"),
             {"optional": {"type": "choose", "value": True}, "zone": {"type": "choose", "value": "chapel"},
              "skill_types": lambda p: {"type": "choose_cards", "cards": [p["subset"]["ids"][0]]}},
             lambda r, s, k, b: s["zone_of"]["p2"] == "chapel" and roll_all(r, s) == b["cards"] + 3),
    "lure_monster": ({"rolls": [8]}, lambda s: s["monarchs"].update(mother_hydra="w3", father_dagon="w4"), None,
                     lambda r, s, k, b: s["monarchs"] == {"mother_hydra": "depths", "father_dagon": "depths"}),
    "plague_of_locusts": ({"rolls": [6]}, lambda s: s["resources"].update(food=5), None,
                          lambda r, s, k, b: s["resources"]["food"] == 4
                          and s["deep_one_supply"] == b["supply"] + 6),
    "raise_the_dead": ({}, lambda s: s["resources"].update(souls=5, sanity=5), None,
                       lambda r, s, k, b: s["resources"]["souls"] == 7 and s["resources"]["sanity"] == 4),
    "revelation_of_script": ({}, None, None,
                             lambda r, s, k, b: "revelation_of_script" in s["in_play"][k]
                             and "revelation_of_script" not in s["spells_removed"]),
    "summon_fire": ({"rolls": [7, 1]}, None, None,
                    lambda r, s, k, b: s["tracks"]["journey"] == 2 and len(s["damage"]) + len(s["damage_removed"])
                    + (b["damage_deck"] - len(s["damage_deck"])) >= 1),
    "summon_the_beast_within": ({"rolls": [8]},
                                lambda s: (s["deep_ones"].update(chapel=2), s.update(deep_one_supply=s["deep_one_supply"] - 2)),
                                {"optional": {"type": "choose", "value": False}},
                                lambda r, s, k, b: s["deep_ones"]["chapel"] == 0 and s["zone_of"][k] == "chapel"),
    "voice_of_ra": ({"rolls": [8]}, None,
                    {"skill_types": lambda p: {"type": "choose_cards", "cards": ["lore"]}},
                    lambda r, s, k, b: roll_all(r, s) == b["cards"] + 4),
}


@pytest.mark.parametrize("spell", sorted(SPELLS))
def test_every_spell(spell):
    """Checklist 144: each spell's effect then its cost (README ruling 20) changes the state."""
    setup, prepare, picks, check = SPELLS[spell]
    r, s = game(**setup)
    if prepare:
        prepare(s)
    keeper = s["titles"]["keeper_of_the_tome"]
    before = {"sanity": s["resources"]["sanity"], "supply": s["deep_one_supply"], "cards": roll_all(r, s),
              "items": len(s["items"][keeper]), "chaos": len(s["chaos"]), "supply_p": len(s["passenger_supply"]),
              "damage_deck": len(s["damage_deck"])}
    cast(r, s, spell, picks)
    assert check(r, s, keeper, before), (spell, s["resources"], s["tracks"])
    assert spell in s["spells_removed"] or spell in s["in_play"][keeper]


def test_every_spell_is_listed():
    from tests.engine.unfathomable.helpers import rules
    assert sorted(SPELLS) == sorted(sp.id for sp in rules().pack.spells.spells)


def test_spell_cost_runs_after_effect():
    """README ruling 20: effect, then cost — Summon Fire's second step needs the first done."""
    r, s = game(rolls=[7, 1])
    keeper, events = cast(r, s, "summon_fire")
    adv = [i for i, e in enumerate(events) if e["type"] == "track_advanced"]
    assert s["tracks"]["journey"] == 2 and len(adv) >= 1


def test_kept_spell_discarded_from_play_leaves_the_game():
    """Revelation of Script: kept in play; its ability discards it (then it leaves the game)."""
    r, s = game()
    keeper, _ = cast(r, s, "revelation_of_script")
    assert "revelation_of_script" in s["in_play"][keeper]
    run(r, s, [{"discard_this_card": {}}], self=keeper, card="revelation_of_script", holder=keeper)
    assert "revelation_of_script" not in s["in_play"][keeper] and "revelation_of_script" in s["spells_removed"]


def test_c143_keeper_title_action_casts():
    """Checklist 143: the Keeper's title action (titles.yaml keeper_cast: look 2, cast 1)."""
    r, s = game(spells_top=["feed_the_mind", "raise_the_dead"])
    keeper = s["titles"]["keeper_of_the_tome"]
    s["resources"]["souls"] = 5
    events = []
    r.use_ability(s, keeper, "title:keeper_of_the_tome:0", events)
    r.run(s, events)
    drive(r, s, {"cast": {"type": "choose", "value": "raise_the_dead"}})
    assert s["resources"]["souls"] == 7 and s["spell_deck"][0] == "feed_the_mind"
    assert s["spells_removed"] == ["raise_the_dead"]
