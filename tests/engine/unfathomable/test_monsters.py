"""Monsters: Mother Hydra, Father Dagon, the Deep Ones and the Depths (checklist I 98-108, 105).

Seed: shared/seeds/000 (UA rulebook «Як грати» + Rules Reference «Довідник правил»), line numbers
in brackets. Every test builds a fixed position on a started game (``board()``), runs the
activation exactly as the mythos symbol or a card would, answers the prompts and checks the state.
"""
import pytest

from engine.unfathomable.common import DEPTHS

from .helpers import game, run


# --- shared helpers (test_ship.py and test_passengers.py import them) --------------------------
def board(n=4, hands=False, **setup):
    """A started game at the first player's action prompt with an empty board: no Deep Ones out of
    the supply, no passenger on deck, every hand discarded (so no response window asks anyone)."""
    r, s = game(n, **setup)
    settle(r, s)
    for p, hand in s["hands"].items():
        if not hands:
            for card in list(hand):
                hand.remove(card)
                r.discard(s, card)
    for z in list(s["deep_ones"]):
        s["deep_one_supply"] += s["deep_ones"][z]
        s["deep_ones"][z] = 0
    for z, tokens in s["passengers"].items():
        while tokens:
            s["passenger_supply"].append(tokens.pop())
    return r, s


def put(s, zone, n):
    s["deep_one_supply"] -= n
    s["deep_ones"][zone] += n


def token_with(s, face):
    """A supply token showing ``face`` (taken out of the supply)."""
    t = next(t for t in s["passenger_supply"] if s["passenger_faces"][t] == face)
    s["passenger_supply"].remove(t)
    return t


def place_passenger(s, zone, face="one_soul"):
    t = token_with(s, face)
    s["passengers"][zone].append(t)
    return t


def damage(r, s, zone, card):
    s["damage_deck"].remove(card)
    s["damage"][zone] = card


def settle(r, s, answers=(), events=None, stop_at_action=True):
    """Pass every window; answer other prompts from ``answers`` in order (a plain value answers a
    ``choose`` prompt, a dict is the action). Stops at the turn's action prompt (or nothing)."""
    answers = list(answers)
    events = [] if events is None else events
    asked = []
    for _ in range(300):
        prompts = r.prompts(s)
        if not prompts:
            break
        p = prompts[0]
        if p["kind"] == "window":
            for q in prompts:
                events += r.apply_in_place(s, {"player": q["player"], "type": "pass"})
            continue
        if p["kind"] == "action" and stop_at_action:
            break
        if not answers:
            raise AssertionError(f"unexpected prompt {p['kind']} {p.get('purpose')} {p.get('options')}")
        a = answers.pop(0)
        asked.append(p)
        action = a if isinstance(a, dict) else {"type": "choose", "value": a}
        events += r.apply_in_place(s, {"player": p["player"], **action})
    assert not answers, f"answers left over: {answers}"
    return asked


def activate(r, s, monster, answers=(), rolls=(), **kw):
    s["forced_rolls"] = list(rolls)
    events = run(r, s, [{"activate": {"monster": monster, **kw}}])
    asked = settle(r, s, answers, events)
    assert not s["forced_rolls"], "every forced roll was used"
    return events, asked


def types(events):
    return [e["type"] for e in events]


# --- Mother Hydra (checklist 98, 100) ----------------------------------------------------------
def test_c098_hydra_damages_nearest_interior_then_moves_toward_bow():
    """Checklist 98. «Мати Гідра пошкоджує внутрішні зони корабля, найближчі до водної зони, у якій
    вона перебуває ... Потім Мати Гідра переміщується на одну водну зону ... у бік носа» [790];
    «Гравець може скористатися стрілками переміщення від зони Матері Гідри» [1368]."""
    r, s = board(damage_top=["structural_damage_lore"])
    s["monarchs"]["mother_hydra"] = "w5"          # w5 -> d5 -> Cargo Hold
    activate(r, s, "mother_hydra")
    assert s["damage"] == {"cargo_hold": "structural_damage_lore"}
    assert s["monarchs"]["mother_hydra"] == "w3"
    assert "structural_damage_lore" not in s["damage_deck"]


def test_c098_hydra_redirects_to_nearest_undamaged_and_stays_at_the_bow():
    """Checklist 98. «Якщо найближча внутрішня зона вже пошкоджена, пошкодьте найближчу до неї
    непошкоджену внутрішню зону» [1370]; «Якщо Мати Гідра вже в одній з пронумерованих водних зон,
    під час активації вона не переміщується» [1378]."""
    r, s = board(damage_top=["structural_damage_will"])
    damage(r, s, "bridge", "structural_damage_lore")
    s["monarchs"]["mother_hydra"] = "w1"          # w1 -> d1 -> Bridge (damaged)
    activate(r, s, "mother_hydra")
    # Bridge's nearest undamaged: Captain's Cabin (4) and Chapel (3) are both adjacent; 4 is higher
    assert s["damage"]["captains_cabin"] == "structural_damage_will"
    assert s["monarchs"]["mother_hydra"] == "w1"


def test_c100_hydra_in_depths_feeds_then_emerges_alone_with_the_deep_ones():
    """Checklist 100. «Якщо Мати Гідра в Глибинах, то замість її активації поточний гравець поміщає
    двох глибоководних у Глибини. Потім, якщо в Глибинах зібралось чотири або більше ... переміщує
    Мати Гідру й усіх глибоководних у водну зону по носу корабля» [792]; Батько Дагон лишається
    (1.8 [1382])."""
    r, s = board()
    put(s, DEPTHS, 2)
    supply = s["deep_one_supply"]
    events, _ = activate(r, s, "mother_hydra", rolls=[3])
    assert s["deep_one_supply"] == supply - 2
    assert s["monarchs"] == {"mother_hydra": "w1", "father_dagon": DEPTHS}
    assert s["deep_ones"]["w1"] == 4 and s["deep_ones"][DEPTHS] == 0


def test_c100_feed_without_emerging_below_four():
    """Checklist 100. «Потім, якщо в Глибинах зібралось чотири або більше» [792]: with 2 there is
    no roll and nothing leaves the Depths."""
    r, s = board()
    events, _ = activate(r, s, "father_dagon")
    assert s["deep_ones"][DEPTHS] == 2
    assert s["monarchs"]["father_dagon"] == DEPTHS
    assert "die_rolled" not in types(events)


def test_c100_bow_roll_5_to_8_is_the_second_bow_space():
    """Checklist 100, 107. «По носу корабля є дві водні зони пронумеровані «1–4» та «5–8»» [2279]."""
    r, s = board()
    put(s, DEPTHS, 3)
    activate(r, s, "father_dagon", rolls=[8])
    assert s["monarchs"] == {"mother_hydra": DEPTHS, "father_dagon": "w2"}
    assert s["deep_ones"]["w2"] == 5 and s["deep_ones"][DEPTHS] == 0


# --- Father Dagon (checklist 99) ----------------------------------------------------------------
def test_c099_dagon_spawns_two_on_his_arrow_deck_then_moves():
    """Checklist 99. «Під час активації Батька Дагона двох глибоководних поміщають на палубну зону,
    сусідню з зоною Батька Дагона. Потім Батько Дагон переміщується на одну водну зону» [800]."""
    r, s = board()
    s["monarchs"]["father_dagon"] = "w4"
    supply = s["deep_one_supply"]
    activate(r, s, "father_dagon")
    assert s["deep_ones"]["d4"] == 2 and s["deep_one_supply"] == supply - 2
    assert s["monarchs"]["father_dagon"] == "w2"


def test_activation_times_two():
    """«activate ... times» (README): Dagon activates twice - spawns on d6, moves to w4, spawns on
    d4, moves to w2."""
    r, s = board()
    s["monarchs"]["father_dagon"] = "w6"
    activate(r, s, "father_dagon", times=2)
    assert s["deep_ones"]["d6"] == 2 and s["deep_ones"]["d4"] == 2
    assert s["monarchs"]["father_dagon"] == "w2"


# --- checklist 105: too few in the supply ---------------------------------------------------------
def test_c105_dagon_with_one_deep_one_left_ends_the_game():
    """Checklist 105. «Якщо фігурок глибоководних у запасі менше, ніж гравець повинен помістити на
    поле, гра закінчується.» [784]; «Якщо в запасі бракує глибоководних, щоб помістити під час
    активації Батька Дагона, гра закінчується.» [1394]"""
    r, s = board()
    s["monarchs"]["father_dagon"] = "w3"
    put(s, "w8", s["deep_one_supply"] - 1)
    run(r, s, [{"activate": {"monster": "father_dagon"}}])
    assert s["deep_ones_short"] is True
    assert s["result"]["reason"] == "deep_ones_exhausted" and s["result"]["team"] == "traitors"
    assert s["deep_ones"]["d3"] == 0


def test_c105_feeding_the_depths_short_ends_the_game():
    """Checklist 105. «Якщо в запасі бракує потрібної кількості глибоководних, гра закінчується.»
    [1384]"""
    r, s = board()
    put(s, "w8", s["deep_one_supply"] - 1)
    run(r, s, [{"activate": {"monster": "mother_hydra"}}])
    assert s["result"]["reason"] == "deep_ones_exhausted"


def test_c105_place_deep_ones_each_water_short():
    """Checklist 105. «Якщо гравець повинен помістити глибоководних на поле, а в запасі бракує
    потрібної кількості фігурок, гра закінчується.» [2305]"""
    r, s = board()
    put(s, "d8", s["deep_one_supply"] - 7)
    run(r, s, [{"place_deep_ones": {"count": 1, "at": {"each": "water"}}}])
    assert s["result"]["reason"] == "deep_ones_exhausted"


# --- Deep Ones (checklist 101-104, 108) -------------------------------------------------------
def test_c102_water_deep_one_moves_by_arrow_to_deck_then_interior():
    """Checklist 102 (4). «Якщо глибоководний у водній зоні, він переміщується в сусідню палубну
    зону. Якщо ... у палубній зоні, він переміщується в сусідню внутрішню зону.» [818]"""
    r, s = board()
    put(s, "w6", 1)
    activate(r, s, "deep_ones")
    assert s["deep_ones"]["d6"] == 1 and s["deep_ones"]["w6"] == 0
    activate(r, s, "deep_ones")
    assert s["deep_ones"]["galley"] == 1 and s["deep_ones"]["d6"] == 0


def test_c101_each_deep_one_once_in_the_order_the_current_player_picks():
    """Checklist 101. «Кожного глибоководного активують окремо від інших. Поточний гравець визначає
    порядок» [810]. A Deep One that moves into a zone whose Deep One has not yet activated is not
    activated again: w3 moves to d3, then d3's own Deep One moves to the Chapel."""
    r, s = board()
    put(s, "w3", 1)
    put(s, "d3", 1)
    s["zone_of"]["p4"] = "bridge"
    _, asked = activate(r, s, "deep_ones", answers=["w3"])
    assert asked[0]["player"] == "p1" and asked[0]["purpose"] == "deep_one_order"
    assert [o["value"] for o in asked[0]["options"]] == ["w3", "d3"]
    assert s["deep_ones"]["d3"] == 1 and s["deep_ones"]["chapel"] == 1 and s["deep_ones"]["w3"] == 0


def test_c102_deep_one_attacks_human_and_6_defeats():
    """Checklist 102 (1). «Поточний гравець кидає кістку. Якщо результат 6 чи більше, атакований
    персонаж переможений і його поміщають у лазарет.» [812]"""
    r, s = board()
    s["zone_of"]["p2"] = "d5"
    put(s, "d5", 1)
    events, _ = activate(r, s, "deep_ones", rolls=[6])
    assert s["zone_of"]["p2"] == "sick_bay"
    assert s["deep_ones"]["d5"] == 1          # it attacked, so it did not move
    attack = next(e for e in events if e["type"] == "deep_one_attacked")
    assert attack["target"] == "p2" and attack["hit"] is True


def test_c102_deep_one_attack_5_misses_and_ends_its_activation():
    """Checklist 102 (1). «Якщо результат 6 чи більше» [812] - a 5 does nothing, and the Deep One
    has done its step (no passenger lost, no move)."""
    r, s = board()
    s["zone_of"]["p2"] = "d5"
    put(s, "d5", 1)
    place_passenger(s, "d5", "two_souls")
    souls = s["resources"]["souls"]
    activate(r, s, "deep_ones", rolls=[5])
    assert s["zone_of"]["p2"] == "d5" and s["resources"]["souls"] == souls
    assert len(s["passengers"]["d5"]) == 1 and s["deep_ones"]["d5"] == 1


def test_c102_current_player_picks_which_human():
    """Checklist 102 (1). «Якщо в зоні кілька персонажів, то поточний гравець вибирає, хто буде
    атакований.» [812]"""
    r, s = board()
    s["zone_of"]["p2"] = "d5"
    s["zone_of"]["p3"] = "d5"
    put(s, "d5", 1)
    _, asked = activate(r, s, "deep_ones", answers=["p3"], rolls=[8])
    assert asked[0]["player"] == "p1" and asked[0]["purpose"] == "deep_one_target"
    assert s["zone_of"]["p3"] == "sick_bay" and s["zone_of"]["p2"] == "d5"


def test_c102_revealed_traitor_is_never_attacked():
    """Checklist 102 (1). «Глибоководні не атакують відкритого зрадника.» [812]; with no Human
    there the Deep One defeats the passenger instead (39.2 [2429])."""
    r, s = board(loyalty={"p1": ["human"], "p2": ["hybrid"], "p3": ["human"], "p4": ["human"]})
    s["revealed"]["p2"] = "hybrid"
    s["zone_of"]["p2"] = "d5"
    put(s, "d5", 1)
    place_passenger(s, "d5", "one_soul")
    souls = s["resources"]["souls"]
    activate(r, s, "deep_ones")
    assert s["zone_of"]["p2"] == "d5"
    assert s["passengers"]["d5"] == [] and s["resources"]["souls"] == souls - 1


def test_c102_deep_one_damages_its_undamaged_interior_zone():
    """Checklist 102 (3). «ПОШКОДИТИ зону глибоководного. Глибоководний може пошкодити тільки
    непошкоджену внутрішню зону.» [816]"""
    r, s = board(damage_top=["structural_damage_strength"])
    put(s, "galley", 1)
    activate(r, s, "deep_ones")
    assert s["damage"] == {"galley": "structural_damage_strength"}
    assert s["deep_ones"]["galley"] == 1


def test_c103_removed_damage_card_still_ends_the_activation():
    """Checklist 103. «Навіть якщо карта пошкоджень після розіграшу вилучається з гри, активацію
    глибоководного вважають завершеною.» [1424]"""
    r, s = board(damage_top=["fuel_leak"])
    put(s, "galley", 1)
    fuel = s["resources"]["fuel"]
    activate(r, s, "deep_ones")
    assert s["damage"] == {} and s["deep_ones"]["galley"] == 1
    assert s["resources"]["fuel"] == fuel - 1 and s["damage_removed"] == ["fuel_leak"]


def test_c104_no_deep_ones_on_board_feed_and_all_monsters_emerge():
    """Checklist 104. «Якщо на полі немає глибоководних (окрім як у Глибинах), поточний гравець
    додає двох глибоководних у Глибини. Потім, якщо ... чотири або більше ... переміщує всіх
    монстрів – разом з Матір'ю Гідрою та Батьком Дагоном – у водну зону по носу» [822]."""
    r, s = board()
    put(s, DEPTHS, 2)
    activate(r, s, "deep_ones", rolls=[2])
    assert s["monarchs"] == {"mother_hydra": "w1", "father_dagon": "w1"}
    assert s["deep_ones"]["w1"] == 4 and s["deep_ones"][DEPTHS] == 0


def test_c104_monarch_already_out_stays_where_it_is():
    """Checklist 104. «перемістіть усіх монстрів з Глибин» [1432]: only what is in the Depths
    emerges."""
    r, s = board()
    s["monarchs"]["father_dagon"] = "w6"
    put(s, DEPTHS, 3)
    activate(r, s, "deep_ones", rolls=[7])
    assert s["monarchs"] == {"mother_hydra": "w2", "father_dagon": "w6"}
    assert s["deep_ones"]["w2"] == 5


def test_c108_rulebook_example_1():
    """Checklist 108. «ПРИКЛАД 1. Активуються чотири глибоководні. 1. Перший глибоководний атакує
    ... випадає «4» ... не переможений. 2. ... випадає «7» ... 3. Третій глибоководний атакує
    пасажирів ... втрати 1 душі та 1 розуму. 4. Останній глибоководний переміщується за стрілкою до
    капиці.» [871-879]"""
    r, s = board(passengers=["soul_and_sanity"])
    s["zone_of"]["p2"] = "d3"
    put(s, "d3", 4)
    place_passenger(s, "d3", "soul_and_sanity")
    before = dict(s["resources"])
    events, _ = activate(r, s, "deep_ones", rolls=[4, 7])
    attacks = [e for e in events if e["type"] == "deep_one_attacked"]
    assert [(a["roll"], a["hit"]) for a in attacks] == [(4, False), (7, True)]
    assert s["zone_of"]["p2"] == "sick_bay"
    assert s["resources"]["souls"] == before["souls"] - 1 and s["resources"]["sanity"] == before["sanity"] - 1
    assert s["passengers"]["d3"] == [] and len(s["passengers_removed"]) == 1
    assert s["deep_ones"]["d3"] == 3 and s["deep_ones"]["chapel"] == 1


def test_c108_rulebook_example_2():
    """Checklist 108. «ПРИКЛАД 2. ... один з них пошкоджує зону ... Другий глибоководний
    переміщується в бік найближчої непошкодженої зони. Машинне відділення вже пошкоджене ... в карцер
    глибоководний переміщуватися не може. Утім, камбуз і капиця ... непошкоджені. Камбуз має більший
    номер, тож глибоководний переміщується туди.» [883-889]"""
    r, s = board(damage_top=["structural_damage_influence"])
    damage(r, s, "boiler_room", "structural_damage_lore")
    put(s, "cargo_hold", 2)
    activate(r, s, "deep_ones")
    assert s["damage"]["cargo_hold"] == "structural_damage_influence"
    assert s["deep_ones"]["cargo_hold"] == 1 and s["deep_ones"]["galley"] == 1
    assert s["deep_ones"]["brig"] == 0 and s["deep_ones"]["chapel"] == 0


def test_c102_interior_pathing_never_through_sick_bay():
    """Checklist 102 (4). «рухається на одну зону в бік найближчої непошкодженої внутрішньої зони.
    Якщо доступні кілька зон, він переміщується до тієї, що має найбільший номер» [820]; Deep Ones
    never enter the Sick Bay (Chapel and Captain's Cabin are adjacent only through it or the
    Bridge)."""
    r, s = board()
    for z, card in (("chapel", "structural_damage_lore"), ("cargo_hold", "structural_damage_will"),
                    ("bridge", "structural_damage_strength")):
        damage(r, s, z, card)
    put(s, "chapel", 1)
    s["zone_of"]["p4"] = "galley"
    activate(r, s, "deep_ones")
    # from the Chapel: Captain's Cabin (4) is adjacent and undamaged
    assert s["deep_ones"]["captains_cabin"] == 1 and s["deep_ones"]["sick_bay"] == 0


def test_activate_at_zone_only_those_and_nothing_when_empty():
    """README ruling 29: «activate with at» - only the Deep Ones in that zone activate; none there
    does nothing (the Depths step is only for an unrestricted activation)."""
    r, s = board()
    put(s, "w3", 1)
    put(s, "w5", 1)
    activate(r, s, "deep_ones", at={"zone": "w3"})
    assert s["deep_ones"]["d3"] == 1 and s["deep_ones"]["w5"] == 1
    activate(r, s, "deep_ones", at={"zone": "w7"})
    assert s["deep_ones"][DEPTHS] == 0 and s["deep_ones"]["w5"] == 1


def test_activate_count_one_chosen_by_chooser():
    """README ruling 29: `count` Deep Ones on the board picked by the chooser."""
    r, s = board()
    put(s, "w3", 1)
    put(s, "w5", 1)
    _, asked = activate(r, s, "deep_ones", answers=["w5"], count=1, chooser="self")
    assert asked[0]["purpose"] == "deep_one_order"
    assert s["deep_ones"]["d5"] == 1 and s["deep_ones"]["w3"] == 1


def test_mythos_activation_symbol_activates():
    """Checklist 101 via turns.py: the mythos card's activation symbol calls ``activate``."""
    r, s = board()
    put(s, "w7", 1)
    events = []
    r.activate(s, "deep_ones", events)
    r.run(s, events)
    settle(r, s, events=events)
    assert s["deep_ones"]["d7"] == 1


def test_barricade_keeps_deep_ones_out_of_the_interior():
    """Barricade the Hatches (README `barricade`): «until end of turn Deep Ones on deck spaces do
    not enter the interior and Deep Ones inside do not move»."""
    r, s = board()
    put(s, "d5", 1)
    damage(r, s, "galley", "structural_damage_lore")
    put(s, "galley", 1)
    run(r, s, [{"barricade": {}}])
    activate(r, s, "deep_ones", answers=["d5"])
    assert s["deep_ones"]["d5"] == 1 and s["deep_ones"]["galley"] == 1 and s["deep_ones"]["cargo_hold"] == 0
    s["turns_taken"] += 1    # the next turn: the barricade is over
    activate(r, s, "deep_ones", answers=["d5"])
    assert s["deep_ones"]["d5"] == 0 and s["deep_ones"]["cargo_hold"] == 1 and s["deep_ones"]["boiler_room"] == 1


# --- the other monster primitives -------------------------------------------------------------
def test_place_deep_ones_chosen_and_never_sick_bay():
    """README `place_deep_ones`: «Never into the Sick Bay or Brig» (fallback zone used)."""
    r, s = board()
    s["zone_of"]["p1"] = "sick_bay"
    run(r, s, [{"place_deep_ones": {"count": 1, "at": {"zone_of": "current_player", "fallback_zone": "chapel"}}}])
    assert s["deep_ones"]["chapel"] == 1 and s["deep_ones"]["sick_bay"] == 0
    run(r, s, [{"place_deep_ones": {"count": 2, "at": {"chosen": {"by": "self", "kind": "water", "count": 2}}}}])
    settle(r, s, ["w4", "w6"])
    assert s["deep_ones"]["w4"] == 2 and s["deep_ones"]["w6"] == 2


def test_defeat_deep_ones_count_and_all():
    """Checklist 122. «Коли глибоководний переможений, він повертається в запас.» [2441]; README
    `defeat_deep_ones` sets removed_count."""
    r, s = board()
    put(s, "w1", 2)
    put(s, "d3", 1)
    put(s, "galley", 2)
    supply = s["deep_one_supply"]
    events = run(r, s, [{"defeat_deep_ones": {"where": "board", "count": 2, "chooser": "self"}},
                        {"if": {"condition": {"count": {"of": "removed_count", "at_least": 2}},
                                "then": [{"gain": {"food": 1}}]}}])
    prompt = r.prompts(s)[0]
    assert prompt["kind"] == "choose_cards" and prompt["subset"]["min"] == 2
    food = s["resources"]["food"]
    r.apply_in_place(s, {"player": "p1", "type": "choose_cards", "cards": ["galley", "w1"]})
    assert s["deep_ones"]["galley"] == 1 and s["deep_ones"]["w1"] == 1
    assert s["deep_one_supply"] == supply + 2 and s["resources"]["food"] == min(10, food + 1)
    run(r, s, [{"defeat_deep_ones": {"where": "water", "count": "all"}}])
    assert s["deep_ones"]["w1"] == 0 and s["deep_ones"]["d3"] == 1


def test_move_deep_ones_together_and_adjacent_water():
    """README `move_deep_ones`: `together` moves them all to one adjacent zone; `adjacent_water`
    sends deck Deep Ones to the water next to them."""
    r, s = board()
    put(s, "d4", 3)
    run(r, s, [{"move_deep_ones": {"source": {"zone": "d4"}, "to": "adjacent", "together": True, "chooser": "self"}}])
    prompt = r.prompts(s)[0]
    assert {o["value"] for o in prompt["options"]} == {"w4", "d2", "d6", "captains_cabin"}
    settle(r, s, ["w4"])
    assert s["deep_ones"]["w4"] == 3 and s["deep_ones"]["d4"] == 0
    put(s, "d7", 1)
    put(s, "d2", 2)
    run(r, s, [{"move_deep_ones": {"source": "deck", "to": "adjacent_water"}}])
    assert s["deep_ones"]["w7"] == 1 and s["deep_ones"]["w2"] == 2 and s["deep_ones"]["d2"] == 0


def test_move_deep_ones_each_on_its_own_optional():
    """README ruling 33: without `together` each Deep One moves on its own; with `optional` the
    chooser may leave one where it is."""
    r, s = board()
    put(s, "galley", 2)
    run(r, s, [{"move_deep_ones": {"source": "ship", "to": "adjacent", "optional": True, "chooser": "current_player"}}])
    asked = settle(r, s, ["galley", "d6"])
    assert "brig" not in [o["value"] for o in asked[0]["options"]]
    assert s["deep_ones"]["galley"] == 1 and s["deep_ones"]["d6"] == 1


def test_c106_send_to_depths_move_monarch_and_emerge():
    """Checklist 106. «Якщо Мати Гідра або Батько Дагон повинні бути прибрані з поля, перемістіть
    їх у Глибини.» [1645]; README `emerge`, `move_monarch`."""
    r, s = board()
    s["monarchs"] = {"mother_hydra": "w5", "father_dagon": "w8"}
    run(r, s, [{"send_to_depths": {"monsters": ["mother_hydra"]}}])
    assert s["monarchs"]["mother_hydra"] == DEPTHS
    run(r, s, [{"move_monarch": {"monster": "father_dagon", "to": "adjacent_water", "chooser": "self"}}])
    settle(r, s, ["w6"])
    assert s["monarchs"]["father_dagon"] == "w6"
    put(s, DEPTHS, 2)
    s["forced_rolls"] = [6]
    run(r, s, [{"emerge": {"what": "all_in_depths"}}])
    settle(r, s)
    assert s["monarchs"]["mother_hydra"] == "w2" and s["deep_ones"]["w2"] == 2
    s["forced_rolls"] = [1]
    run(r, s, [{"emerge": {"what": ["mother_hydra", "father_dagon"]}}])   # from wherever they are
    settle(r, s)
    assert s["monarchs"] == {"mother_hydra": "w1", "father_dagon": "w1"}


def test_state_stays_json_mid_activation():
    """Frames only: a saved game resumes mid-activation (engine README)."""
    import json
    r, s = board()
    put(s, "w3", 1)
    put(s, "w5", 1)
    run(r, s, [{"activate": {"monster": "deep_ones"}}])
    assert r.prompts(s)[0]["purpose"] == "deep_one_order"
    s2 = json.loads(json.dumps(s))
    settle(r, s2, ["w5"])
    assert s2["deep_ones"]["d5"] == 1 and s2["deep_ones"]["d3"] == 1


@pytest.mark.parametrize("monster", ["mother_hydra", "father_dagon", "deep_ones"])
def test_monster_cards_yaml_steps_known(monster):
    """Every step named in monsters.yaml has an engine routine."""
    r, _ = board()
    m = r.monster(monster)
    for step in m.in_depths + m.on_board + m.none_on_board:
        assert hasattr(r, "_step_" + step)
    for step in m.each:
        assert hasattr(r, "_deep_" + step)


def test_c096_combat_training_rerolls_a_deep_one_attack():
    """Checklist 96-97 with a Deep One's attack: «Перед і після кожного кидка кістки ... можна
    використати властивості» [1583]; Combat Training («After an attack roll by or against a
    character: reroll it») is offered in the after-roll window of a Deep One attacking a Human."""
    r, s = board()
    card = "strength:combat_training:1:1"
    s["decks"]["strength"].remove(card)
    s["hands"]["p2"].append(card)
    s["zone_of"]["p2"] = "d5"
    put(s, "d5", 1)
    s["forced_rolls"] = [7, 2]
    run(r, s, [{"activate": {"monster": "deep_ones"}}])
    for _ in range(10):
        prompt = r.prompts(s)[0]
        if prompt["kind"] == "window" and {"type": "use", "ability": "card:" + card} in prompt["options"]:
            break
        r.apply_in_place(s, {"player": prompt["player"], "type": "pass"})
    else:
        raise AssertionError("Combat Training never offered")
    r.apply_in_place(s, {"player": "p2", "type": "use", "ability": "card:" + card})
    settle(r, s)
    assert s["zone_of"]["p2"] == "d5" and card in s["discards"]["strength"]


def test_c107_monsters_from_the_depths_arrive_only_at_the_bow():
    """Checklist 107. RU 25.3 [001:734]: monsters leaving the Depths go only to the bow zones (w1 for
    1-4, w2 for 5-8) — every roll."""
    for roll in range(1, 9):
        r, s = board()
        put(s, DEPTHS, 2)
        activate(r, s, "mother_hydra", rolls=[roll])
        assert s["monarchs"]["mother_hydra"] == ("w1" if roll <= 4 else "w2")


def test_c099_dagon_at_the_bow_spawns_and_stays():
    """Checklist 99. «☛ Якщо Батько Дагон уже в одній з пронумерованих водних зон, під час
    активації він не переміщується.» [1398]; «Батько Дагон поміщає двох глибоководних у сусідню з
    ним палубну зону.» [1392]"""
    r, s = board()
    s["monarchs"]["father_dagon"] = "w2"
    activate(r, s, "father_dagon")
    assert s["deep_ones"]["d2"] == 2 and s["monarchs"]["father_dagon"] == "w2"


@pytest.mark.parametrize("card,symbol", [("accusation", "deep_ones"), ("dinghy_launch", "father_dagon"),
                                         ("bucket_brigade", "mother_hydra")])
def test_c073_mythos_activation_symbol(card, symbol):
    """Checklist 73. «☛ АКТИВАЦІЯ ГЛИБОКОВОДНОГО. Активується кожен глибоководний на полі. ☛
    АКТИВАЦІЯ БАТЬКА ДАГОНА. Активується Батько Дагон. ☛ АКТИВАЦІЯ МАТЕРІ ГІДРИ. Активується Мати
    Гідра.» [1984-1988]. The Mythos step's activation runs the card's symbol and only that one:
    with Deep Ones on w3 (2) and d5 (1), Dagon on w4 and Hydra on w6."""
    r, s = board(damage_top=["structural_damage_will"])
    assert r.mythos_by_id[card].activation == symbol
    put(s, "w3", 2)
    put(s, "d5", 1)
    s["monarchs"]["father_dagon"] = "w4"
    s["monarchs"]["mother_hydra"] = "w6"
    s["mythos"] = {"card": card, "skip_crisis": True, "kept": False}
    r.push(s, {"k": "mythos_activation", "player": "p1"})
    r.run(s, [])
    settle(r, s, answers=["w3", "w3"] if symbol == "deep_ones" else [])   # M1: the order; d5 last, alone
    deep = {"deep_ones": {"d3": 2, "cargo_hold": 1},
            "father_dagon": {"w3": 2, "d5": 1, "d4": 2},
            "mother_hydra": {"w3": 2, "d5": 1}}[symbol]
    assert {z: n for z, n in s["deep_ones"].items() if n} == deep
    assert s["monarchs"] == {"father_dagon": "w2" if symbol == "father_dagon" else "w4",
                             "mother_hydra": "w4" if symbol == "mother_hydra" else "w6"}
    assert s["damage"] == ({"galley": "structural_damage_will"} if symbol == "mother_hydra" else {})


def test_the_view_says_whose_roll_and_what_for():
    """Issue 22: a before-roll card (Keen Insight: +2 or -2) needs to know whether the roll under
    way is the Human's own or a Deep One's attack on a Human; both are public (the roll_started
    event), so the view's roll carries them while the before-roll window is open."""
    from .c_helpers import give
    r, s = board()
    give(s, "p2", "observation:keen_insight:3:1")
    s["zone_of"]["p2"] = "d3"
    put(s, "d3", 1)
    run(r, s, [{"activate": {"monster": "deep_ones"}}])
    prompt = r.prompts(s)[0]
    assert prompt["kind"] == "window" and prompt["timing"] == "before_roll"
    roll = r.view(s, "p2")["roll"]
    assert roll["purpose"] == "deep_one_attack" and roll["player"] == s["turn"]["player"]
    assert r.view(s, None)["roll"] == roll
