"""Revealing as a traitor: the reveal action, its seven steps, every character's traitor ability,
and the revealed-traitor turn (checklist C32-33, E54-60, P155-165; RULINGS P9).

Seed 000 (UA rulebook + reference) line numbers are quoted in each test."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from tests.engine.unfathomable.helpers import answer, game, pass_windows, run, top
from tests.engine.unfathomable.test_players import NO_HANDS, card_of, choose, give, kinds, ready, reveal_now


def reveal_action(r, s, p):
    return answer(r, s, p, type="reveal")


def finish_reveal(r, s, p, swap=()):
    """Answer the reveal's remaining prompts: give loyalty to the first offered player, swap
    ``swap`` cards (step 6)."""
    ev = []
    for _ in range(20):
        pr = top(r, s)
        if pr is None or pr["player"] != p:
            break
        if pr.get("purpose") == "reveal_swap":
            ev += answer(r, s, p, type="choose_cards", cards=list(swap))
        elif pr.get("purpose") == "give_loyalty":
            ev += answer(r, s, p, **pr["options"][0])
        else:
            break
    return ev


def test_c54_only_a_hybrid_or_cultist_holder_may_reveal():
    """Checklist 54, 155. Seed 2311: «Людина з картою лояльності «Гібрид» або «Культист» може витратити
    дію, щоб оголосити свою зраду.»"""
    r, s = game(loyalty={"p1": ["human"], "p2": ["cultist"], "p3": ["hybrid"], "p4": ["human"]})
    assert {"type": "reveal"} not in ready(r, s)["options"]
    assert r.revealable(s, "p2") and r.revealable(s, "p3") and not r.revealable(s, "p4")
    with pytest.raises(RuleError):
        answer(r, s, "p1", type="reveal")


def test_c156_the_player_chooses_which_card_when_holding_both():
    """Checklist 156. Seed 2315-2317: «36.1 КРОК 1. Гравець відкриває одну (і тільки одну) зі своїх
    карт лояльності «Гібрид» або «Культист». ✿ Якщо гравець має обидві карти … він сам вибирає,
    яку відкрити.»"""
    r, s = game(loyalty={"p1": ["hybrid", "cultist"], "p2": ["human"], "p3": ["human"], "p4": ["human"]})
    ready(r, s)
    reveal_action(r, s, "p1")
    pr = top(r, s)
    assert pr["purpose"] == "reveal_card" and [o["value"] for o in pr["options"]] == ["hybrid", "cultist"]
    choose(r, s, "p1", "cultist")
    assert s["revealed"]["p1"] == "cultist"


def test_c157_traitor_ability_then_sheet_covered():
    """Checklist 157. Seed 2319: «36.2 КРОК 2. Гравець розіграє властивість «Оголосивши свою зраду»,
    вказану на його планшеті персонажа. … Відтепер і до кінця гри вони недоступні.» (Keilani: lose
    1 Sanity.)"""
    r, s = game(loyalty={"p1": ["hybrid"], "p2": ["human"], "p3": ["human"], "p4": ["human"]})
    ready(r, s)
    sanity = s["resources"]["sanity"]
    assert "char:keilani" in r.abilities_of(s, "p1")
    reveal_action(r, s, "p1")
    finish_reveal(r, s, "p1")
    assert s["resources"]["sanity"] == sanity - 1
    assert "char:keilani" not in r.abilities_of(s, "p1")


def test_c157_no_traitor_ability_in_the_brig_and_no_swap():
    """Checklist 157, 162. Seed 1121: «Гравці можуть оголошувати свою зраду в карцері, але тоді вони не
    можуть використати свою властивість зрадника.»; seed 2327: «36.6 КРОК 6. Якщо гравець не в карцері,
    він може скинути будь-яку кількість карт умінь…»"""
    r, s = game(loyalty={"p1": ["hybrid"], "p2": ["human"], "p3": ["human"], "p4": ["human"]})
    ready(r, s)
    s["zone_of"]["p1"] = "brig"
    sanity = s["resources"]["sanity"]
    hand = list(s["hands"]["p1"])
    reveal_action(r, s, "p1")
    assert s["revealed"]["p1"] == "hybrid"
    assert s["resources"]["sanity"] == sanity and s["hands"]["p1"] == hand
    assert top(r, s)["kind"] == "action" and top(r, s)["player"] == "p1"


def test_c158_other_loyalty_cards_go_to_one_other_player_below_12():
    """Checklist 158-159. Seed 2321: «36.3 КРОК 3. Якщо корабель ще не подолав сумарну відстань 12 на
    картах курсу, гравець передає всі свої закриті карти лояльності одному іншому гравцеві на свій
    вибір.»"""
    r, s = game(loyalty={"p1": ["human", "hybrid", "cultist"], "p2": ["human"], "p3": ["human"], "p4": ["human"]})
    ready(r, s)
    reveal_action(r, s, "p1")
    choose(r, s, "p1", "cultist")
    pr = top(r, s)
    assert pr["purpose"] == "give_loyalty" and {o["value"] for o in pr["options"]} == {"p2", "p3", "p4"}
    ev = choose(r, s, "p1", "p3")
    assert s["loyalty"]["p1"] == ["cultist"] and sorted(s["loyalty"]["p3"]) == ["human", "human", "hybrid"]
    got = [e for e in ev if e["type"] == "loyalty_received"][0]
    assert got["audience"] == ["p3"] and sorted(got["cards"]) == ["human", "hybrid"]
    assert any(e["type"] == "loyalty_look" for e in ev)          # checklist 159
    public = [e for e in ev if e["type"] == "loyalty_given"][0]
    assert public["audience"] == "all" and "cards" not in public and public["count"] == 2


def test_c158_at_distance_12_the_cards_stay_face_down():
    """Checklist 158. Seed 2321: «Якщо корабель вже подолав відстань 12 або більше, гравець, що оголосив
    свою зраду, залишає свої невідкриті карти лояльності долілиць у своїй ігровій зоні.»"""
    r, s = game(loyalty={"p1": ["human", "hybrid"], "p2": ["human"], "p3": ["human"], "p4": ["human"]})
    ready(r, s)
    s["distance"] = 12
    reveal_action(r, s, "p1")
    finish_reveal(r, s, "p1")
    assert sorted(s["loyalty"]["p1"]) == ["human", "hybrid"] and s["loyalty"]["p2"] == ["human"]


def test_c160_c161_titles_feat_and_mythos_in_play():
    """Checklist 140, 160, 161. Seed 2323: «36.4 КРОК 4. Гравець втрачає всі посади.»; seed 2325:
    «36.5 КРОК 5. Гравець скидає всі карти міту зі своєї ігрової зони та вилучає з гри свою карту
    звитяги, якщо може.»"""
    r, s = game(loyalty={"p1": ["hybrid"], "p2": ["human"], "p3": ["human"], "p4": ["human"]})
    ready(r, s)
    card = s["mythos_deck"].pop()
    s["in_play"]["p1"].append(card)
    assert s["titles"]["captain"] == "p1"
    reveal_action(r, s, "p1")
    finish_reveal(r, s, "p1")
    assert s["titles"]["captain"] == "p2"           # Arjun is next on the Captain's line
    assert s["feats"]["p1"] is None and "unconventional_leader" in s["feats_removed"]
    assert s["in_play"]["p1"] == [] and s["mythos_discard"][-1] == card


def test_c162_swap_skill_cards_for_treachery():
    """Checklist 162. Seed 2327: «…він може скинути будь-яку кількість карт умінь, взявши натомість
    відповідну кількість карт зради.»"""
    r, s = game(loyalty={"p1": ["hybrid"], "p2": ["human"], "p3": ["human"], "p4": ["human"]})
    ready(r, s)
    out = s["hands"]["p1"][:2]
    reveal_action(r, s, "p1")
    finish_reveal(r, s, "p1", swap=out)
    hand = s["hands"]["p1"]
    assert len(hand) == 5 and not set(out) & set(hand)
    assert sum(c.startswith("treachery:") for c in hand) == 2
    assert all(c in s["discards"][c.split(":")[0]] for c in out)


def test_c33_the_turn_goes_on_under_traitor_rules_and_skips_mythos():
    """Checklist 33, 163. Seed 2333: «✿ Якщо гравець оголошує свою зраду під час свого ходу, він може
    виконати дії, якщо такі в нього залишилися, але він пропускає свій крок міту.»"""
    r, s = game(loyalty={"p1": ["hybrid"], "p2": ["human"], "p3": ["human"], "p4": ["human"]})
    ready(r, s)
    deck = len(s["mythos_deck"])
    reveal_action(r, s, "p1")
    finish_reveal(r, s, "p1")
    pr = top(r, s)
    assert pr["kind"] == "action" and pr["player"] == "p1"
    types = {o["type"] for o in pr["options"]}
    assert "trade" not in types and "rescue" not in types and "reveal" not in types
    assert not any(o.get("ability", "").startswith(("char:", "zone:")) for o in pr["options"])
    answer(r, s, "p1", type="end_actions")
    pass_windows(r, s)
    assert len(s["mythos_deck"]) == deck and s["turn"]["player"] != "p1"


def test_c32_a_revealed_traitor_turn_has_no_mythos_step_and_may_draw_treachery():
    """Checklist 32, 42. Seed 2621-2629: the revealed traitor's turn is Receive Skills, Perform Actions,
    Discard; «зрадник може не брати будь-яку кількість карт із набору вмінь, а натомість узяти таку
    саму кількість карт зради»."""
    r, s = game(first_player="p4", hands=NO_HANDS)
    reveal_now(s, "p1")
    s["stack"] = []
    s["turn"] = {"player": "p4", "number": 1, "human": True}
    deck = len(s["mythos_deck"])
    r.run(s, [])
    pr = top(r, s)
    assert pr["kind"] == "traitor_draw" and pr["player"] == "p1"
    answer(r, s, "p1", type="replace_with_treachery", types=["influence", "will"])
    assert sum(c.startswith("treachery:") for c in s["hands"]["p1"]) == 2 and len(s["hands"]["p1"]) == 5
    pass_windows(r, s)
    answer(r, s, "p1", type="end_actions")
    pass_windows(r, s)
    assert len(s["mythos_deck"]) == deck and s["turn"]["player"] == "p2"


def test_c60_revealed_traitor_blocks_zone_actions_but_not_the_brig():
    """Checklist 51, 60, 164. Seed 1531: a revealed traitor blocks Humans from the zone action and the
    repair action of their zone, except the Brig (seed 2117)."""
    r, s = game()
    ready(r, s)
    reveal_now(s, "p2")
    s["zone_of"]["p2"] = "captains_cabin"
    opts = r.action_options(s, "p1", top(r, s))
    assert {"type": "use", "ability": "zone:captains_cabin"} not in opts
    s["zone_of"]["p1"] = s["zone_of"]["p2"] = "brig"
    opts = r.action_options(s, "p1", top(r, s))
    assert {"type": "use", "ability": "zone:brig"} in opts


# --- every character's traitor ability (checklist 157) -----------------------------------------
def reveal_as(character, **setup):
    chars = {"p1": character}
    rest = [c for c in ("arjun", "jeanne", "william", "keilani", "svetlana") if c != character]
    chars.update({"p2": rest[0], "p3": rest[1], "p4": rest[2]})
    r, s = game(characters=chars, loyalty={"p1": ["hybrid"], "p2": ["human"], "p3": ["human"], "p4": ["human"]},
                **setup)
    ready(r, s)
    return r, s


def test_trait_keilani_loses_sanity():
    r, s = reveal_as("keilani")
    sanity = s["resources"]["sanity"]
    reveal_action(r, s, "p1")
    assert s["resources"]["sanity"] == sanity - 1


def test_trait_arjun_returns_the_journey_token_to_start():
    r, s = reveal_as("arjun")
    s["tracks"]["journey"] = 3
    reveal_action(r, s, "p1")
    assert s["tracks"]["journey"] == 0


def test_trait_svetlana_defeats_a_passenger():
    r, s = reveal_as("svetlana")
    on_deck = sum(len(v) for v in s["passengers"].values())
    reveal_action(r, s, "p1")
    for _ in range(5):
        pr = top(r, s)
        if pr["player"] != "p1" or pr["kind"] == "action":
            break
        answer(r, s, "p1", **pr["options"][-1]) if pr["kind"] == "window" else answer(r, s, "p1", **pr["options"][0])
    pass_windows(r, s)
    gone = len(s["passengers_removed"]) + (on_deck - sum(len(v) for v in s["passengers"].values()))
    assert len(s["passengers_removed"]) == 1 and gone >= 1


def test_trait_jeanne_damages_a_chosen_interior_zone():
    r, s = reveal_as("jeanne", damage_top=["structural_damage_lore"])
    reveal_action(r, s, "p1")
    choose(r, s, "p1", "galley")
    pass_windows(r, s)
    assert s["damage"].get("galley") == "structural_damage_lore"


def test_trait_jamie_rain_fire_defeats_humans_and_passengers_in_the_zone():
    r, s = reveal_as("jamie")
    s["zone_of"]["p1"] = s["zone_of"]["p2"] = "d3"
    assert s["passengers"]["d3"]
    reveal_action(r, s, "p1")
    pass_windows(r, s)
    assert s["zone_of"]["p2"] == "sick_bay" and s["zone_of"]["p1"] == "d3"
    assert s["passengers"]["d3"] == [] and len(s["passengers_removed"]) == 1


def test_trait_william_shifts_the_ritual_token():
    r, s = reveal_as("william")
    s["tracks"]["ritual"] = 3
    reveal_action(r, s, "p1")
    answer(r, s, "p1", type="choose_number", number=-2) if top(r, s)["kind"] == "choose_number" else \
        choose(r, s, "p1", -2)
    assert s["tracks"]["ritual"] == 1


def test_trait_beatrice_places_deep_ones_in_four_water_zones():
    r, s = reveal_as("beatrice")
    supply = s["deep_one_supply"]
    before = {z: s["deep_ones"][z] for z in ("w3", "w4", "w5", "w6")}
    reveal_action(r, s, "p1")
    for z in ("w3", "w4", "w5", "w6"):
        choose(r, s, "p1", z)
    assert s["deep_one_supply"] == supply - 4
    assert all(s["deep_ones"][z] == before[z] + 1 for z in before)


def test_trait_ishmael_activates_the_deep_ones_in_his_zone():
    r, s = reveal_as("ishmael")
    s["zone_of"]["p1"] = "d1"     # one Deep One there at setup; no Human, no passenger: it moves on
    assert s["deep_ones"]["d1"] == 1
    reveal_action(r, s, "p1")
    pass_windows(r, s)
    arrow = r.board.arrow["d1"]
    assert s["deep_ones"]["d1"] == 0 and s["deep_ones"][arrow] >= 1


def test_trait_edmund_spread_misfortune_fails_the_check_with_him_deciding():
    """README ruling 48 (hooks.yaml spread_misfortune): the top mythos card's crisis only, Edmund
    deciding; a skill check fails outright; no icons; the card is discarded."""
    r, s = reveal_as("edmund", mythos_top=["food_stores_raid"])
    food = s["resources"]["food"]
    journey, ritual = s["tracks"]["journey"], s["tracks"]["ritual"]
    reveal_action(r, s, "p1")
    for _ in range(6):
        pr = top(r, s)
        if pr["kind"] == "choose" and pr["player"] == "p1" and pr.get("purpose") == "option":
            choose(r, s, "p1", 0)          # the skill check option
        elif pr["kind"] == "window":
            pass_windows(r, s)
        else:
            break
    assert s["resources"]["food"] < food
    assert (s["tracks"]["journey"], s["tracks"]["ritual"]) == (journey, ritual)
    assert s["mythos_discard"][-1] == "food_stores_raid"
    assert r.invariant_violations(s) == []


def test_trait_samira_pickpocket_takes_an_item_from_a_human_in_her_zone():
    r, s = reveal_as("samira")
    s["zone_of"]["p2"] = s["zone_of"]["p1"]
    item = s["items"]["p2"][0]
    reveal_action(r, s, "p1")
    for _ in range(4):
        pr = top(r, s)
        if pr["kind"] != "choose" or pr["player"] != "p1":
            break
        choose(r, s, "p1", pr["options"][0]["value"])
    assert item in s["items"]["p1"] and item not in s["items"]["p2"]


def test_c155_reveal_costs_an_action_also_a_granted_one_and_cannot_be_undone():
    """Checklist 155. Seed 2311: «Людина з картою лояльності «Гібрид» або «Культист» може витратити
    дію, щоб оголосити свою зраду.»; seed 988: «Зрадник може відкритися в будь-який момент упродовж
    гри (витративши одну з доступних йому дій), але щойно він зробить це – вороття вже не буде.»;
    seed 972: «Після оголошення зради гравець уже не може повернутися до стану таємного зрадника.»
    p2 (a Hybrid) reveals with an action given in p1's turn; p1's own actions are untouched; p2
    stays revealed, may not reveal again, and a Human card dealt later changes nothing."""
    r, s = game(loyalty={"p1": ["human"], "p2": ["hybrid"], "p3": ["human"], "p4": ["human"]})
    ready(r, s)
    assert s["stack"][-1]["left"] == 2
    run(r, s, [{"take_actions": {"who": "target", "count": 1}}], target="p2")
    pr = top(r, s)
    assert pr["player"] == "p2" and {"type": "reveal"} in pr["options"]
    reveal_action(r, s, "p2")
    finish_reveal(r, s, "p2")
    assert s["revealed"]["p2"] == "hybrid" and not r.is_human(s, "p2")
    pr = top(r, s)
    assert pr["kind"] == "action" and pr["player"] == "p1" and s["stack"][-1]["left"] == 2
    s["loyalty"]["p2"].append("human")
    assert not r.is_human(s, "p2") and not r.revealable(s, "p2")
    with pytest.raises(RuleError):
        answer(r, s, "p2", type="reveal")


def test_c155_reveal_on_the_own_turn_spends_one_of_the_two_actions():
    """Checklist 155 (own turn). Seed 2311 (above): the reveal is one action; the other is left."""
    r, s = game(loyalty={"p1": ["hybrid"], "p2": ["human"], "p3": ["human"], "p4": ["human"]})
    ready(r, s)
    reveal_action(r, s, "p1")
    finish_reveal(r, s, "p1")
    pr = top(r, s)
    assert pr["kind"] == "action" and pr["player"] == "p1" and s["stack"][-1]["left"] == 1
    assert {"type": "reveal"} not in pr["options"]
