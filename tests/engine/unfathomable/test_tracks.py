"""Tracks, Arrival, course cards, the Awakening trigger and the Great Banishment (checklist M129-138).

Seed 000 (UA rulebook + reference) line numbers are quoted in each test."""
from __future__ import annotations

import pytest

from tests.engine.unfathomable.helpers import answer, game, pass_windows, run, top


def clear_board(s):
    """No Deep Ones, monarchs or passengers on the board (so an end space defeats nobody)."""
    for z in list(s["deep_ones"]):
        s["deep_one_supply"] += s["deep_ones"][z]
        s["deep_ones"][z] = 0
    for z in s["passengers"]:
        s["passenger_supply"] += s["passengers"][z]
        s["passengers"][z] = []


def played(r, s, *cards):
    """These course cards are already in the played row (taken out of the deck)."""
    for card in cards:
        s["course_deck"].remove(card)
    s["course_played"] = list(cards)
    s["distance"] = sum(r.course_by_id[c].distance for c in cards)


def choose_course(r, s, card):
    p = top(r, s)
    assert p["kind"] == "course_choose", p
    return answer(r, s, p["player"], type="course", card=card)


def test_c129_advance_past_the_end_continues_from_start():
    """Checklist 129. Seed 2653-2654: «50.1 Коли потрібно «просунути жетон» – перемістіть жетон на
    відповідному треку на потрібну кількість клітинок праворуч. ✿ Якщо жетон досягнув кінця треку, не
    закінчивши рух, продовжуйте просувати його, перемістившись на клітинку «Початок»»."""
    r, s = game(course_top=["smooth_sailing", "calm_waters"])
    clear_board(s)
    s["tracks"]["journey"] = 3
    fuel, food = s["resources"]["fuel"], s["resources"]["food"]
    run(r, s, [{"advance_track": {"track": "journey", "spaces": 2}}])
    # the first step reached Arrival: the Captain chooses; the second step waits below
    assert s["tracks"]["journey"] == 4
    choose_course(r, s, "smooth_sailing")
    assert s["resources"]["fuel"] == fuel - 1 and s["resources"]["food"] == food - 1
    assert s["tracks"]["journey"] == 1          # back to Start, then the leftover step
    assert s["course_played"] == ["smooth_sailing"] and s["distance"] == 3


def test_c129_ritual_wraps_after_the_great_banishment():
    """Checklist 129 (ritual). Seed 2654: «продовжуйте просувати його, перемістившись на клітинку
    «Початок»»."""
    r, s = game()
    clear_board(s)
    s["tracks"]["ritual"] = 2
    run(r, s, [{"advance_track": {"track": "ritual", "spaces": 3}}])
    assert s["tracks"]["ritual"] == 1


def test_c130_retreat_stops_at_start_and_reset_stays():
    """Checklist 130. Seed 2655-2658: «50.2 Коли потрібно «відсунути жетон», перемістіть його на потрібну
    кількість клітинок у бік клітинки «Початок». ✿ Якщо жетон на клітинці «Початок», його не можна
    відсунути. 50.3 … ✿ Якщо жетон уже на клітинці «Початок», він залишається там.»"""
    r, s = game()
    s["tracks"]["journey"] = 1
    run(r, s, [{"retreat_track": {"track": "journey", "spaces": 2}}])
    assert s["tracks"]["journey"] == 0
    run(r, s, [{"retreat_track": {"track": "journey", "spaces": 1}}])
    assert s["tracks"]["journey"] == 0
    s["tracks"]["ritual"] = 3
    run(r, s, [{"reset_track": {"track": "ritual"}}])
    assert s["tracks"]["ritual"] == 0
    run(r, s, [{"reset_track": {"track": "ritual"}}])
    assert s["tracks"]["ritual"] == 0


def test_retreat_costs_at_start_and_per_blocked_step():
    """README retreat_track: ``at_start_lose`` is paid instead when the token starts on Start;
    ``per_blocked_step_lose`` for each step Start blocks (Looming Breakdown, Miscalculation)."""
    r, s = game()
    fuel = s["resources"]["fuel"]
    run(r, s, [{"retreat_track": {"track": "journey", "spaces": 1, "at_start_lose": {"fuel": 1}}}])
    assert s["resources"]["fuel"] == fuel - 1
    s["tracks"]["journey"] = 2
    run(r, s, [{"retreat_track": {"track": "journey", "spaces": 2, "at_start_lose": {"fuel": 1}}}])
    assert s["tracks"]["journey"] == 0 and s["resources"]["fuel"] == fuel - 1
    s["tracks"]["journey"] = 1
    run(r, s, [{"retreat_track": {"track": "journey", "spaces": 2, "per_blocked_step_lose": {"fuel": 1}}}])
    assert s["tracks"]["journey"] == 0 and s["resources"]["fuel"] == fuel - 2


def test_c131_each_journey_step_pushes_water_monsters_sternward():
    """Checklist 131. Seed 2666-2667: «50.7 Щоразу, коли жетон подорожі просувається на одну клітинку,
    перемістіть усіх монстрів на одну зону в бік корми корабля. ✿ Перемістіть у Глибини кожного монстра,
    який на момент просування жетону подорожі перебував у водних зонах за кормою.»"""
    r, s = game()
    s["deep_ones"]["w5"], s["deep_ones"]["w7"] = 1, 2
    s["deep_one_supply"] -= 3
    s["monarchs"] = {"mother_hydra": "w8", "father_dagon": "w6"}
    decks = {z: s["deep_ones"][z] for z in ("d1", "d2")}
    run(r, s, [{"advance_track": {"track": "journey", "spaces": 1}}])
    assert s["deep_ones"]["w1"] == 0 and s["deep_ones"]["w3"] == 2 and s["deep_ones"]["w4"] == 2
    # the one from w5 reached the stern zone w7 and stays; the two already there went to the Depths
    assert s["deep_ones"]["w7"] == 1 and s["deep_ones"]["depths"] == 2
    assert s["monarchs"] == {"mother_hydra": "depths", "father_dagon": "w8"}
    assert {z: s["deep_ones"][z] for z in ("d1", "d2")} == decks   # ship zones unaffected
    assert s["tracks"]["journey"] == 1


def test_c131_two_steps_push_twice():
    """Checklist 131: «за каждое пройденное деление» (001) — two spaces, two pushes."""
    r, s = game()
    run(r, s, [{"advance_track": {"track": "journey", "spaces": 2}}])
    assert s["deep_ones"]["w5"] == 2 and s["deep_ones"]["w6"] == 2 and s["tracks"]["journey"] == 2


def test_c132_moving_back_never_moves_monsters():
    """Checklist 132. Seed 612: «**Не** переміщуйте монстрів у водних зонах, відсуваючи жетон подорожі.»"""
    r, s = game()
    s["tracks"]["journey"] = 2
    before = dict(s["deep_ones"])
    run(r, s, [{"retreat_track": {"track": "journey", "spaces": 1}}])
    run(r, s, [{"reset_track": {"track": "journey"}}])
    assert s["deep_ones"] == before and s["tracks"]["journey"] == 0


def test_c133_mythos_track_symbol_advances(monkeypatch):
    """Checklist 133. Seed 2664: «50.5 Жетон подорожі просувається треком, коли на карті міту
    розігрується символ подорожі.» (turns.py calls advance for the symbol.)"""
    r, s = game()
    events = []
    r.advance(s, "journey", 1, events)
    r.run(s, events)
    assert s["tracks"]["journey"] == 1 and any(e["type"] == "track_advanced" for e in events)


def test_c134_arrival_at_12_ends_the_game_for_the_humans():
    """Checklist 134. Seed 2669: «✿ Якщо на цей момент відстань на розіграних картах становить 12 або
    більше, корабель прибув у порт, і гра закінчується.»"""
    r, s = game()
    played(r, s, "calm_waters", "rough_water", "stormy_seas")
    s["tracks"]["journey"] = 3
    run(r, s, [{"advance_track": {"track": "journey", "spaces": 1}}])
    assert s["result"] is not None and s["result"]["reason"] == "journey_completed"
    assert s["result"]["team"] == "humans"


def test_c134_arrival_below_12_captain_plays_one_of_two():
    """Checklist 134. Seed 2670-2673: «капітан дивиться дві верхні карти курсу, вибирає одну для
    розіграшу, а другу кладе під низ колоди. … він кладе її до ряду вже розіграних карт курсу. Потім він
    розігрує ефект на цій карті. … Після того як карта курсу повністю розіграна, він представляє жетон
    подорожі на клітинку «Початок»»."""
    r, s = game(course_top=["rough_water", "calm_waters"])
    clear_board(s)
    s["tracks"]["journey"] = 3
    events = run(r, s, [{"advance_track": {"track": "journey", "spaces": 1}}])
    captain = s["titles"]["captain"]
    p = top(r, s)
    assert p["player"] == captain and {o["card"] for o in p["options"]} == {"rough_water", "calm_waters"}
    peek = [e for e in events if e["type"] == "course_peek"]
    assert peek and peek[0]["audience"] == [captain] and peek[0]["cards"] == ["rough_water", "calm_waters"]
    sanity, fuel = s["resources"]["sanity"], s["resources"]["fuel"]
    choose_course(r, s, "rough_water")
    assert s["course_played"] == ["rough_water"] and s["distance"] == 4
    assert s["course_deck"][0] == "calm_waters"          # the other to the bottom
    assert s["resources"]["sanity"] == sanity - 1 and s["resources"]["fuel"] == fuel - 2
    assert s["tracks"]["journey"] == 0 and s["result"] is None


def test_c134_token_returns_to_start_after_the_card_resolves():
    """Checklist 134 [R]: the token waits on Arrival while the card resolves (seed 2673)."""
    r, s = game(course_top=["hurricane", "reef"])
    clear_board(s)
    s["tracks"]["journey"] = 3
    run(r, s, [{"advance_track": {"track": "journey", "spaces": 1}}])
    choose_course(r, s, "hurricane")
    assert top(r, s)["kind"] == "choose" and s["tracks"]["journey"] == 4   # Hurricane's choice pending
    fuel = s["resources"]["fuel"]
    answer(r, s, top(r, s)["player"], type="choose", value=0)
    assert s["resources"]["fuel"] == fuel - 1 and s["tracks"]["journey"] == 0


def test_c135_distance_is_the_sum_of_played_cards():
    """Checklist 135. Seed 1873-1874: «20.1 Кожна карта курсу має ефект і значення відстані. ✿ Значення
    відстані перебувають у діапазоні від 2 до 4.»"""
    r, s = game(course_top=["smooth_sailing", "calm_waters", "rough_water", "reef"])
    clear_board(s)
    s["awakened"] = True
    for card in ("smooth_sailing", "rough_water"):
        s["tracks"]["journey"] = 3
        run(r, s, [{"advance_track": {"track": "journey", "spaces": 1}}])
        choose_course(r, s, card)
    assert s["course_played"] == ["smooth_sailing", "rough_water"] and s["distance"] == 7
    assert sorted(c.distance for c in r.pack.course.course_cards).count(2) == 7


def test_c136_awakening_once_after_the_card_reaching_6(monkeypatch):
    """Checklist 136. Seed 2674: «Після того як капітан розігрує карту курсу, з якою сумарна подолана
    відстань становить 6 або більше, гравці розігрують фазу пробудження.» Seed 2721: «53.5 Фаза
    пробудження відбувається лише раз за гру.»"""
    r, s = game(course_top=["smooth_sailing", "calm_waters", "rough_water", "stormy_seas"])
    clear_board(s)
    calls = []
    monkeypatch.setattr(r, "awakening", lambda s_, ev: calls.append((s_["distance"], s_["tracks"]["journey"])),
                        raising=False)
    played(r, s, "reef")
    s["tracks"]["journey"] = 3
    run(r, s, [{"advance_track": {"track": "journey", "spaces": 1}}])
    choose_course(r, s, "smooth_sailing")          # 2 + 3 = 5: not yet
    assert calls == []
    s["tracks"]["journey"] = 3
    run(r, s, [{"advance_track": {"track": "journey", "spaces": 1}}])
    choose_course(r, s, "rough_water")             # 9: the Awakening, after the token is back on Start
    assert calls == [(9, 0)] and s["awakened"]
    s["course_deck"].remove("calm_waters")
    s["course_deck"].append("calm_waters")
    s["tracks"]["journey"] = 3
    run(r, s, [{"advance_track": {"track": "journey", "spaces": 1}}])
    choose_course(r, s, "calm_waters")
    assert calls == [(9, 0)] and s["distance"] == 13   # once per game


def test_course_reaching_12_is_flagged_while_it_resolves():
    """ending.py's Cultist rule: the card that brings the distance to 12+ is 'resolving' until done
    (README «Game end»)."""
    r, s = game(course_top=["hurricane", "reef"])
    clear_board(s)
    s["awakened"] = True
    played(r, s, "calm_waters", "rough_water", "iceberg")
    s["tracks"]["journey"] = 3
    run(r, s, [{"advance_track": {"track": "journey", "spaces": 1}}])
    choose_course(r, s, "hurricane")
    assert s.get("course_reaching_12") and s["distance"] == 12
    answer(r, s, top(r, s)["player"], type="choose", value=0)
    assert not s.get("course_reaching_12") and s["result"] is None   # 12 reached, but no Arrival yet


def test_c137_ritual_advances_by_effects():
    """Checklist 137. Seed 2680-2681: «50.10 Жетон ритуалу просувається треком, коли з карти міту
    розігрується символ ритуалу. 50.11 Гравці можуть просунути жетон ритуалу, розігравши властивість
    «Дія» каплиці.»"""
    r, s = game()
    run(r, s, [{"advance_track": {"track": "ritual", "spaces": 2}}])
    assert s["tracks"]["ritual"] == 2
    before = dict(s["deep_ones"])
    assert s["deep_ones"] == before   # the ritual never pushes monsters


def test_ritual_extra_per_surplus():
    """README ruling 16 (Ritual Coordination): +1 space per full 2 points above the target."""
    r, s = game()
    run(r, s, [{"advance_track": {"track": "ritual", "spaces": 1, "extra_per_surplus": 2}}], check_surplus=5)
    assert s["tracks"]["ritual"] == 3
    s["tracks"]["ritual"] = 0
    run(r, s, [{"advance_track": {"track": "ritual", "spaces": 1, "extra_per_surplus": 2}}], check_surplus=1)
    assert s["tracks"]["ritual"] == 1


def test_c138_great_banishment_monsters():
    """Checklist 138. Seed 2683-2685: «✿ Повертають усіх глибоководних з водних та палубних зон у запас.
    - Глибоководні у внутрішніх зонах лишаються на полі. ✿ Переміщують Батька Дагона й Мати Гідру в
    Глибини.» Seed 2690: «✿ Переставляють жетон ритуалу на клітинку «Початок»»."""
    r, s = game()
    for z in s["passengers"]:
        s["passenger_supply"] += s["passengers"][z]
        s["passengers"][z] = []
    s["deep_ones"]["galley"] = 2
    s["deep_ones"]["w6"] = 1
    s["deep_ones"]["depths"] = 1
    s["deep_one_supply"] -= 4
    s["monarchs"] = {"mother_hydra": "w3", "father_dagon": "w2"}
    supply = s["deep_one_supply"]
    s["tracks"]["ritual"] = 3
    run(r, s, [{"advance_track": {"track": "ritual", "spaces": 1}}])
    b = r.board
    assert all(s["deep_ones"][z] == 0 for z in b.water + b.deck)
    assert s["deep_ones"]["galley"] == 2 and s["deep_ones"]["depths"] == 1
    assert s["deep_one_supply"] == supply + 7          # w1 2, w2 2, d1 1, d2 1, w6 1
    assert s["monarchs"] == {"mother_hydra": "depths", "father_dagon": "depths"}
    assert s["tracks"]["ritual"] == 0


def _has(name):
    from tests.engine.unfathomable.helpers import rules
    return hasattr(rules(), name)


@pytest.mark.skipif(not (_has("defeat_player") and _has("defeat_passenger_token")),
                    reason="defeats are the players/monsters engineers' (not merged yet)")
def test_c138_great_banishment_defeats_deck_passengers_and_characters():
    """Checklist 138. Seed 2686-2688: «✿ Перемагають усі жетони пасажирів у палубних зонах. ✿ Перемагають
    кожного персонажа у палубних зонах. - Переміщують переможених людей у лазарет …»; seed 2689:
    «Велике закляття вигнання не діє на персонажів у внутрішніх зонах.»"""
    r, s = game(passengers=["one_soul", "two_souls"])
    s["zone_of"]["p2"] = "d5"
    s["tracks"]["ritual"] = 3
    souls = s["resources"]["souls"]
    on_deck = sum(len(v) for v in s["passengers"].values())
    run(r, s, [{"advance_track": {"track": "ritual", "spaces": 1}}])
    pass_windows(r, s)
    assert sum(len(v) for v in s["passengers"].values()) == 0
    assert len(s["passengers_removed"]) == on_deck and s["resources"]["souls"] < souls
    assert s["zone_of"]["p2"] == "sick_bay"
    assert s["zone_of"]["p1"] == "captains_cabin"   # interior: untouched
    assert s["tracks"]["ritual"] == 0


def test_shift_track_either_way():
    """William's Disrupt Ritual (shift_track -2..2): the chooser picks the number; forward is an
    advance (end space included), back a retreat."""
    r, s = game()
    s["tracks"]["ritual"] = 1
    run(r, s, [{"shift_track": {"track": "ritual", "min": -2, "max": 2, "chooser": "self"}}])
    p = top(r, s)
    assert p["kind"] == "choose_number" and p["number"]["min"] == -2 and p["number"]["max"] == 2
    answer(r, s, p["player"], type="choose_number", number=-2)
    assert s["tracks"]["ritual"] == 0
    run(r, s, [{"shift_track": {"track": "ritual", "min": -2, "max": 2, "chooser": "self"}}])
    answer(r, s, top(r, s)["player"], type="choose_number", number=2)
    assert s["tracks"]["ritual"] == 2


def test_play_course_card_without_arrival():
    """README ruling 46 (Open the Gate): the Keeper plays a course card; no win check at 12+ and the
    journey token does not move."""
    r, s = game(course_top=["smooth_sailing", "reef"])
    clear_board(s)
    s["awakened"] = True
    s["distance"] = 12
    s["tracks"]["journey"] = 2
    keeper = s["titles"]["keeper_of_the_tome"]
    run(r, s, [{"play_course_card": {"chooser": "keeper_of_the_tome"}}])
    p = top(r, s)
    assert p["kind"] == "course_choose" and p["player"] == keeper
    choose_course(r, s, "smooth_sailing")
    assert s["distance"] == 15 and s["result"] is None and s["tracks"]["journey"] == 2


def test_t1_arrival_without_captain_current_player_chooses():
    """Ruling T1: nobody holds the Captain title — the current player plays the course card."""
    r, s = game(course_top=["smooth_sailing", "reef"])
    clear_board(s)
    s["titles"]["captain"] = None
    s["turn"]["player"] = "p3"
    s["tracks"]["journey"] = 3
    run(r, s, [{"advance_track": {"track": "journey", "spaces": 1}}])
    assert top(r, s)["player"] == "p3"


# --- every course card, played at Arrival (forced die results in ``rolls``)

def drive(r, s, picks):
    from tests.engine.unfathomable.test_spells import drive as _drive
    _drive(r, s, picks)


YES = {"optional": {"type": "choose", "value": True}}
R = "resources"

# card: (rolls, picks, check(s, before)); the token step into Arrival pushes w1/w2's Deep Ones to w3/w4
COURSE = {
    "abandoned_depot": ([1, 2, 3, 6], YES, lambda s, b: s[R]["fuel"] == 7 and len(s["passenger_supply"]) == b["ps"] - 3),
    "deserted_island": ([1, 5], YES, lambda s, b: s[R]["food"] == 6 and len(s["passenger_supply"]) == b["ps"] - 1),
    "hurricane": ([], {"option": {"type": "choose", "value": 0}}, lambda s, b: s[R]["fuel"] == 4),
    "iceberg": ([6], YES, lambda s, b: s[R]["food"] == 6),
    "reef": ([2, 1, 1], None, lambda s, b: len(s["damage_deck"]) < b["dd"]),
    "shipwreck_survivors": ([1, 5], YES, lambda s, b: s[R]["souls"] == 6),
    "wrecked_ship": ([1, 5], YES, lambda s, b: s[R]["fuel"] == 6),
    "deep_one_city": ([2], None, lambda s, b: s[R]["fuel"] == 4 and s["deep_ones"]["w1"] == 5
                      and s["deep_ones"]["depths"] == 0),
    "fog_bank": ([3], None, lambda s, b: s["course_played"] == ["fog_bank", "smooth_sailing"] and s["distance"] == 3
                 and s[R]["fuel"] == 3 and s[R]["food"] == 4),
    "maelstrom": ([], {"option": {"type": "choose", "value": 0}}, lambda s, b: s[R]["fuel"] == 3),
    "rainstorm": ([1, 6], YES, lambda s, b: s[R]["fuel"] == 4 and s[R]["food"] == 6),
    "rogue_wave": ([], None, lambda s, b: s[R]["fuel"] == 4 and s["deep_ones"]["d1"] == 0 and s["deep_ones"]["w1"] == 1
                   and s["deep_ones"]["w2"] == 1 and not any(s["passengers"].values())),
    "rolling_seas": ([], None, lambda s, b: s[R]["fuel"] == 4 and sum(map(len, s["passengers"].values())) == 1),
    "sea_smoke": ([], None, lambda s, b: s[R]["fuel"] == 4 and s["deep_ones"]["w1"] == 1 and s["deep_ones"]["w3"] == 3),
    "seaweed_patch": ([1, 2], {"option": {"type": "choose", "value": 0}},
                      lambda s, b: s[R]["fuel"] == 4 and len(s["passenger_supply"]) == b["ps"] - 2),
    "smooth_sailing": ([], None, lambda s, b: s[R]["fuel"] == 4 and s[R]["food"] == 4),
    "calm_waters": ([], None, lambda s, b: s[R]["fuel"] == 3 and s[R]["food"] == 4),
    "deep_one_ambush": ([], None, lambda s, b: s[R]["fuel"] == 3 and s["deep_ones"]["d1"] == 2
                        and s["deep_ones"]["d5"] == 1),
    "rough_water": ([], None, lambda s, b: s[R]["fuel"] == 3 and s[R]["sanity"] == 4),
    "stormy_seas": ([1, 1], None, lambda s, b: s[R]["fuel"] == 3 and len(s["damage_deck"]) < b["dd"]),
}


@pytest.mark.parametrize("card", sorted(COURSE))
def test_course_every_card(card):
    """Checklist 134-135: the Captain plays the card at Arrival and it resolves (seed 2671: «Потім він
    розігрує ефект на цій карті»)."""
    rolls, picks, check = COURSE[card]
    other = "calm_waters" if card != "calm_waters" else "reef"
    r, s = game(rolls=rolls, course_top=[card, other, "smooth_sailing"] if card == "fog_bank" else [card, other])
    s[R].update(fuel=5, food=5, sanity=5, souls=5)
    s["tracks"]["journey"] = 3
    before = {"ps": len(s["passenger_supply"]), "dd": len(s["damage_deck"])}
    run(r, s, [{"advance_track": {"track": "journey", "spaces": 1}}])
    choose_course(r, s, card)
    drive(r, s, picks)
    assert check(s, before), (card, s[R], s["deep_ones"], s["course_played"])
    assert s["course_played"][0] == card and s["tracks"]["journey"] == 0


def test_course_every_card_is_listed():
    from tests.engine.unfathomable.helpers import rules
    assert sorted(COURSE) == sorted(c.id for c in rules().pack.course.course_cards)


def test_course_fog_bank_lost_bearings_counts_zero():
    """Ruling T2 / hooks.yaml: Fog Bank stays in the row with distance 0 and the top course card is
    resolved instead, no choice; a roll of 5+ keeps its 3."""
    r, s = game(rolls=[5], course_top=["fog_bank", "reef"])
    s["tracks"]["journey"] = 3
    run(r, s, [{"advance_track": {"track": "journey", "spaces": 1}}])
    choose_course(r, s, "fog_bank")
    drive(r, s, None)
    assert s["course_played"] == ["fog_bank"] and s["distance"] == 3


def test_c133_boiler_room_action_advances_the_journey():
    """Checklist 133. Seed 2665: «50.6 Гравці можуть просунути жетон подорожі, розігравши властивість «Дія»
    машинного відділення.» (Spend a Strength card on d8 + value ≥ 7, else lose 1 Fuel; then advance.)"""
    r, s = game(rolls=[2])
    s["zone_of"]["p1"] = "boiler_room"
    s["hands"]["p1"] = ["strength:rampage:3:1"]
    fuel = s["resources"]["fuel"]
    events = []
    r.use_ability(s, "p1", "zone:boiler_room", events)
    r.run(s, events)
    drive(r, s, None)
    assert s["tracks"]["journey"] == 1 and s["resources"]["fuel"] == fuel - 1   # 2 + 3 < 7
    assert s["hands"]["p1"] == [] and s["deep_ones"]["w3"] == 2


def test_c137_chapel_action_advances_or_retreats_the_ritual():
    """Checklist 137. Seed 2681: «50.11 Гравці можуть просунути жетон ритуалу, розігравши властивість «Дія»
    каплиці.»"""
    r, s = game(rolls=[6])
    s["zone_of"]["p1"] = "chapel"
    s["hands"]["p1"] = ["lore:shrivelling:2:1"]
    sanity = s["resources"]["sanity"]
    events = []
    r.use_ability(s, "p1", "zone:chapel", events)
    r.run(s, events)
    drive(r, s, {"option": {"type": "choose", "value": 1}})
    assert s["tracks"]["ritual"] == 1 and s["resources"]["sanity"] == sanity   # 6 + 2 ≥ 7
    r.use_ability(s, "p1", "zone:chapel", events)
    r.run(s, events)
    drive(r, s, None)   # no Lore card left: only the move back is allowed
    assert s["tracks"]["ritual"] == 0


def test_c170_cultist_wins_when_the_game_ends_during_the_card_reaching_12():
    """Checklist 170. Seed 1744: «Він також перемагає, якщо гра закінчується під час розіграшу карти
    курсу, додання якої збільшить відстань до 12.»"""
    r, s = game(course_top=["calm_waters", "reef"],
                loyalty={"p1": ["human"], "p2": ["cultist"], "p3": ["human"], "p4": ["hybrid"]})
    clear_board(s)
    s["awakened"] = True
    played(r, s, "rough_water", "stormy_seas")
    s["resources"]["fuel"] = 2
    s["tracks"]["journey"] = 3
    run(r, s, [{"advance_track": {"track": "journey", "spaces": 1}}])
    choose_course(r, s, "calm_waters")          # 8 + 4 = 12, then Fuel 2 - 2 = 0 ends the game
    res = s["result"]
    assert res is not None and res["reason"] == "resource_depleted"
    assert sorted(res["winners"]) == ["p2", "p4"]


def test_c172_twelve_then_arrival_once_more():
    """Checklist 172. Seed 2241: «Мета гравців, лояльних до людей – подолати відстань 12 або більше на
    картах курсу, після чого досягти клітинки «Прибуття» на треку подорожі ще один раз.»"""
    r, s = game(course_top=["smooth_sailing", "reef"])
    clear_board(s)
    s["awakened"] = True
    played(r, s, "rough_water", "stormy_seas", "iceberg")
    s["tracks"]["journey"] = 3
    run(r, s, [{"advance_track": {"track": "journey", "spaces": 1}}])
    choose_course(r, s, "smooth_sailing")        # 10 + 3: 12 reached, the game goes on
    assert s["result"] is None and s["distance"] == 13 and s["tracks"]["journey"] == 0
    run(r, s, [{"advance_track": {"track": "journey", "spaces": 4}}])
    assert s["result"]["reason"] == "journey_completed" and s["result"]["team"] == "humans"
