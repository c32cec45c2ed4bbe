"""Passengers (checklist K 117-121, E 47, 57): risk, rescue, defeat, prevention.

Seed: shared/seeds/000, line numbers in brackets.
"""
import pytest

from .helpers import run
from .test_monsters import board, place_passenger, put, settle
from .test_ship import action_options


def test_c117_faces_hidden_in_every_view():
    """Checklist 117. «Жетони пасажирів завжди лежать долілиць, якщо тільки гра не вимагає їх
    перевернути.» [2345]"""
    r, s = board()
    place_passenger(s, "d4", "two_souls")
    for who in (None, "p1", "p2"):
        v = r.view(s, who)
        assert v["passengers"]["d4"] == 1 and isinstance(v["passenger_supply"], int)
        assert "two_souls" not in repr(v)


def test_c118_risk_one_roll_each():
    """Checklist 118. «Коли треба ризикнути кількома пасажиром, киньте кістку для кожного з них і
    покладіть жетони на палубні зони відповідно до результатів.» [895]"""
    r, s = board()
    supply = len(s["passenger_supply"])
    s["forced_rolls"] = [3, 8, 3]
    events = run(r, s, [{"risk_passengers": {"count": 3}}])
    settle(r, s, events=events)
    assert len(s["passengers"]["d3"]) == 2 and len(s["passengers"]["d8"]) == 1
    assert len(s["passenger_supply"]) == supply - 3
    assert [e["zone"] for e in events if e["type"] == "passenger_risked"] == ["d3", "d8", "d3"]
    assert all("token" not in e for e in events if e["type"] == "passenger_risked")


def test_c119_risk_more_than_the_supply():
    """Checklist 119. «Якщо гравці повинні ризикнути більшою кількістю пасажирів, ніж є в запасі,
    вони ризикують максимально наявною кількістю.» [2355]"""
    r, s = board()
    while len(s["passenger_supply"]) > 1:
        s["passengers"]["d8"].append(s["passenger_supply"].pop())
    s["forced_rolls"] = [1]
    run(r, s, [{"risk_passengers": {"count": 4}}])
    settle(r, s)
    assert len(s["passengers"]["d1"]) == 1 and s["passenger_supply"] == [] and not s["forced_rolls"]


def test_c119_bridge_cost_unpayable_with_an_empty_supply():
    """Checklist 119. «Якщо властивість вимагає ризикнути пасажиром для оплати її розіграшу (як-от
    властивість містка), а в запасі бракує потрібної кількості пасажирів, ця властивість не може бути
    розіграна.» [2357]"""
    r, s = board()
    s["zone_of"]["p1"] = "bridge"
    s["zone_of"]["p2"] = "chapel"
    assert {"type": "use", "ability": "zone:bridge"} in action_options(r, s)
    while s["passenger_supply"]:
        s["passengers"]["d8"].append(s["passenger_supply"].pop())
    assert {"type": "use", "ability": "zone:bridge"} not in action_options(r, s)


@pytest.mark.parametrize("face,loss", [("two_souls", {"souls": 2}), ("soul_and_sanity", {"souls": 1, "sanity": 1}),
                                       ("one_soul", {"souls": 1}), ("decoy", {})])
def test_c120_defeat_flips_loses_and_removes(face, loss):
    """Checklist 120. «Коли пасажир переможений, його жетон перевертається горілиць, і за кожен символ
    ресурсу на відкритому жетоні відповідний лічильник зменшується на 1. Потім жетон переможеного
    пасажира вилучається з гри.» [2365]; «Жетон пасажира з символом «Х» не призводить до втрати
    ресурсів.» [2347]"""
    r, s = board()
    token = place_passenger(s, "d6", face)
    before = dict(s["resources"])
    events = run(r, s, [{"defeat_passengers": {"count": 1, "source": "deck_space", "chooser": "self"}}])
    settle(r, s, events=events)
    assert s["passengers"]["d6"] == [] and s["passengers_removed"] == [token]
    assert token not in s["passenger_supply"]
    assert {k: before[k] - s["resources"][k] for k in before if before[k] != s["resources"][k]} == loss
    flipped = next(e for e in events if e["type"] == "passenger_defeated")
    assert flipped["face"] == face and flipped["audience"] == "all" and flipped.get("reveal")


def test_c120_defeat_from_supply_and_any():
    """README `defeat_passengers`: `supply` takes a random token from the supply; `any` lets the
    chooser pick the supply or a deck space holding one."""
    r, s = board()
    supply = len(s["passenger_supply"])
    run(r, s, [{"defeat_passengers": {"count": 1, "source": "supply"}}])
    settle(r, s)
    assert len(s["passenger_supply"]) == supply - 1 and len(s["passengers_removed"]) == 1
    place_passenger(s, "d2")
    run(r, s, [{"defeat_passengers": {"count": 1, "source": "any", "chooser": "self"}}])
    asked = settle(r, s, ["d2"])
    assert [o["value"] for o in asked[0]["options"]] == ["supply", "d2"]
    assert s["passengers"]["d2"] == [] and len(s["passengers_removed"]) == 2


def test_c120_all_on_deck_spaces_even_with_humans_there():
    """README ruling 39: card effects defeat passengers wherever Humans stand (Rogue Wave)."""
    r, s = board()
    s["zone_of"]["p2"] = "d1"
    place_passenger(s, "d1")
    place_passenger(s, "d7", "decoy")
    run(r, s, [{"defeat_passengers": {"count": "all", "source": "deck_spaces", "chooser": "decider"}}])
    settle(r, s)
    assert sum(len(v) for v in s["passengers"].values()) == 0 and len(s["passengers_removed"]) == 2


def test_c121_deep_one_with_a_human_attacks_instead():
    """Checklist 121. «Глибоководний і відкритий зрадник не можуть перемогти пасажира, якщо в цій
    зоні також перебуває людина.» [2369]"""
    r, s = board()
    s["zone_of"]["p2"] = "d7"
    place_passenger(s, "d7")
    put(s, "d7", 1)
    s["forced_rolls"] = [1]
    run(r, s, [{"activate": {"monster": "deep_ones"}}])
    settle(r, s)
    assert len(s["passengers"]["d7"]) == 1 and s["zone_of"]["p2"] == "d7"


def traitor_game():
    r, s = board(loyalty={"p1": ["hybrid"], "p2": ["human"], "p3": ["human"], "p4": ["human"]})
    s["revealed"]["p1"] = "hybrid"
    s["turn"]["human"] = False
    s["zone_of"]["p1"] = "d5"
    return r, s


def test_c057_traitor_defeats_a_passenger_of_their_choice():
    """Checklist 57. «Гравець може витратити дію, щоб перемогти пасажирів у своїй зоні. Цю дію можна
    виконати лише за відсутності людини в цій зоні. Якщо в зоні гравця є кілька пасажирів, гравець
    вибирає, кого саме перемогти.» [1080-1082]"""
    r, s = traitor_game()
    a = place_passenger(s, "d5", "two_souls")
    b = place_passenger(s, "d5", "decoy")
    souls = s["resources"]["souls"]
    assert {"type": "defeat_passenger"} in action_options(r, s)
    r.apply_in_place(s, {"player": "p1", "type": "defeat_passenger"})
    asked = settle(r, s, [a])
    assert asked[0]["player"] == "p1" and {o["value"] for o in asked[0]["options"]} == {a, b}
    assert s["passengers"]["d5"] == [b] and s["resources"]["souls"] == souls - 2


def test_c121_traitor_cannot_with_a_human_there():
    """Checklist 121 / 57. «Цю дію можна виконати лише за відсутності людини в цій зоні.» [1082]"""
    r, s = traitor_game()
    place_passenger(s, "d5")
    s["zone_of"]["p3"] = "d5"
    assert {"type": "defeat_passenger"} not in action_options(r, s)


def test_c047_rescue_action_one_token_per_action():
    """Checklist 47. «він може витратити дію і відправити пасажирів у безпечне місце. Коли пасажирів
    врятовано, його жетон прибирається з поля в запас. Якщо в зоні є 2 чи більше пасажирів, гравець
    може витратити по одній дії на порятунок кожного» [431]."""
    r, s = board()
    s["zone_of"]["p1"] = "d3"
    place_passenger(s, "d3")
    place_passenger(s, "d3")
    supply = len(s["passenger_supply"])
    r.apply_in_place(s, {"player": "p1", "type": "rescue"})
    assert len(s["passengers"]["d3"]) == 1 and len(s["passenger_supply"]) == supply + 1
    r.apply_in_place(s, {"player": "p1", "type": "rescue"})
    assert s["passengers"]["d3"] == [] and len(s["passenger_supply"]) == supply + 2


def test_rescue_passengers_primitive():
    """README `rescue_passengers`: `all` in the own and adjacent zones (Life Preserver); `any_number`
    on deck spaces sets rescued_count."""
    r, s = board()
    s["zone_of"]["p1"] = "d3"
    for z in ("d3", "d1", "d5", "d8"):
        place_passenger(s, z)
    run(r, s, [{"rescue_passengers": {"count": "all", "where": "own_and_adjacent"}}])
    assert [z for z, v in s["passengers"].items() if v] == ["d8"]
    place_passenger(s, "d2")
    run(r, s, [{"rescue_passengers": {"count": "any_number", "where": "deck_spaces"}},
               {"if": {"condition": {"count": {"of": "rescued_count", "at_least": 1}}, "then": [{"gain": {"fuel": 1}}]}}])
    prompt = r.prompts(s)[0]
    assert prompt["kind"] == "choose_cards" and prompt["subset"]["min"] == 0
    fuel = s["resources"]["fuel"]
    r.apply_in_place(s, {"player": "p1", "type": "choose_cards", "cards": [s["passengers"]["d2"][0]]})
    assert s["passengers"]["d2"] == [] and len(s["passengers"]["d8"]) == 1
    assert s["resources"]["fuel"] == min(10, fuel + 1)


def test_travel_pharmacy_prevents_a_passenger_defeat_in_range():
    """Travel Pharmacy (items.yaml): «When passengers in or next to your zone would be defeated, send
    one back to the supply instead; then lose 1 Food or give up the Pharmacy.» «Якщо розіграна
    властивість не дає перемогти ціль, усі ефекти перемоги скасовуються.» [2447]"""
    r, s = board(6)
    assert s["characters"]["p6"] == "svetlana" and "travel_pharmacy" in s["items"]["p6"]
    s["zone_of"]["p6"] = "d4"
    token = place_passenger(s, "d2", "two_souls")       # d2 is next to d4
    souls, food = s["resources"]["souls"], s["resources"]["food"]
    supply = len(s["passenger_supply"])
    put(s, "d2", 1)
    run(r, s, [{"activate": {"monster": "deep_ones"}}])
    prompt = r.prompts(s)[0]
    assert prompt["kind"] == "window" and prompt["player"] == "p6"
    assert {"type": "use", "ability": "item:travel_pharmacy:0"} in prompt["options"]
    r.apply_in_place(s, {"player": "p6", "type": "use", "ability": "item:travel_pharmacy:0"})
    settle(r, s, [0])                                    # lose 1 Food
    assert token in s["passenger_supply"] and len(s["passenger_supply"]) == supply + 1
    assert s["resources"]["souls"] == souls and s["resources"]["food"] == food - 1
    assert s["passengers"]["d2"] == [] and s.get("defeats", []) == []


def test_travel_pharmacy_out_of_range_is_not_asked():
    """Travel Pharmacy `range: own_and_adjacent`: a defeat two zones away opens no window for it."""
    r, s = board(6)
    s["zone_of"]["p6"] = "d8"
    place_passenger(s, "d2", "one_soul")
    souls = s["resources"]["souls"]
    put(s, "d2", 1)
    run(r, s, [{"activate": {"monster": "deep_ones"}}])
    assert not r.prompts(s) or r.prompts(s)[0]["kind"] != "window" or r.prompts(s)[0]["player"] != "p6"
    settle(r, s)
    assert s["resources"]["souls"] == souls - 1


def test_passenger_defeated_window_the_peacemaker():
    """The Peacemaker in play (mythos.yaml): «Lasts until a passenger is next defeated: then 1 Sanity
    is lost and the card is discarded» - offered in the passenger_defeated window after the flip."""
    r, s = board()
    s["mythos_deck"].remove("the_peacemaker")
    s["in_play"]["p2"].append("the_peacemaker")          # p2 is Arjun
    place_passenger(s, "d6", "decoy")
    sanity = s["resources"]["sanity"]
    put(s, "d6", 1)
    run(r, s, [{"activate": {"monster": "deep_ones"}}])
    prompt = r.prompts(s)[0]
    assert prompt["kind"] == "window" and prompt["timing"] == "passenger_defeated"
    assert s["passengers"]["d6"] == []                   # flipped and removed before the window
    r.apply_in_place(s, {"player": "p2", "type": "use", "ability": "play:the_peacemaker:1"})
    settle(r, s)
    assert s["resources"]["sanity"] == sanity - 1
    assert s["in_play"]["p2"] == [] and "the_peacemaker" in s["mythos_discard"]
