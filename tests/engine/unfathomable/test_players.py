"""Players on the ship: defeat and its prevention, the Sick Bay, moves, granted and ended actions,
loyalty peeks and the player hooks (checklist E35, E59, L122-124, R176; README rulings 37, 40, 49,
51; RULINGS.md P1-P4).

Seed 000 (UA rulebook + reference) line numbers are quoted in each test."""
from __future__ import annotations

from tests.engine.unfathomable.helpers import answer, game, pass_windows, rules, run, top


# --- helpers shared by the players/loyalty/ending tests ------------------------------------
NO_HANDS = {f"p{i}": [] for i in range(1, 5)}


def give(s, p, card):
    """Move one skill card (wherever it is) into p's hand."""
    for pile in [*s["decks"].values(), *s["discards"].values(), s["chaos"], *s["hands"].values()]:
        if card in pile:
            pile.remove(card)
            s["hands"][p].append(card)
            return card
    raise AssertionError(card)


def card_of(s, title, value=None):
    """The id of some copy of a skill card titled ``title`` that is not in a hand."""
    for pile in [*s["decks"].values(), *s["discards"].values(), s["chaos"]]:
        for c in pile:
            if c.split(":")[1] == title and (value is None or int(c.split(":")[2]) == value):
                return c
    raise AssertionError(title)


def ready(r, s):
    """Close the opening start-of-Actions window: the first player's action prompt is on top."""
    pass_windows(r, s)
    p = top(r, s)
    assert p["kind"] == "action", p
    return p


def reveal_now(s, p, card="hybrid"):
    """Make p a revealed traitor without running the reveal steps (the card is swapped in from
    whoever holds it, so loyalty cards stay conserved when possible)."""
    if card not in s["loyalty"][p]:
        holders = [q for q in s["players"] if q != p and card in s["loyalty"][q] and q not in s["revealed"]]
        pile = s["loyalty"][holders[0]] if holders else s["loyalty_deck"] if card in s["loyalty_deck"] else None
        if pile is not None and s["loyalty"][p]:
            pile.remove(card)
            pile.append(s["loyalty"][p].pop(0))
            s["loyalty"][p].append(card)
        else:
            s["loyalty"][p] = [card]
    s["revealed"][p] = card


def kinds(r, s):
    return [(p["kind"], p["player"]) for p in r.prompts(s)]


def use(r, s, p, ref):
    return answer(r, s, p, type="use", ability=ref)


def choose(r, s, p, value):
    return answer(r, s, p, type="choose", value=value)


# --- checklist 122: where a defeated character goes -----------------------------------------
def test_c122_defeated_human_goes_to_sick_bay():
    """Checklist 122. Seed 2431: «39.3 Коли людина переможена, вона переміщується в лазарет.»"""
    r, s = game()
    ready(r, s)
    ev = run(r, s, [{"defeat_player": {"who": "arjun"}}])
    assert s["zone_of"]["p2"] == "sick_bay"
    assert any(e["type"] == "player_defeated" and e["player"] == "p2" for e in ev)


def test_c122_human_in_sick_bay_or_brig_stays():
    """Checklist 122. Seed 2433-2435: «❖ Якщо людина переможена в лазареті, вона лишається в
    лазареті. ❖ Якщо людина переможена в карцері, вона лишається в карцері.» (ruling P1: no window)"""
    r, s = game()
    ready(r, s)
    s["zone_of"]["p2"], s["zone_of"]["p3"] = "sick_bay", "brig"
    give(s, "p2", card_of(s, "shrug_it_off"))
    run(r, s, [{"defeat_player": {"who": "arjun"}}, {"defeat_player": {"who": "jeanne"}}])
    assert s["zone_of"]["p2"] == "sick_bay" and s["zone_of"]["p3"] == "brig"
    assert top(r, s)["kind"] == "action"   # nothing to prevent: no would-be-defeated window


def test_c122_revealed_traitor_goes_to_brig_and_stays_there():
    """Checklist 122. Seed 2437-2439: «39.4 Коли відкритий зрадник переможений, він переміщується в
    карцер. ❖ Якщо відкритий зрадник переможений в карцері, він лишається в карцері.»"""
    r, s = game()
    ready(r, s)
    reveal_now(s, "p3")
    s["zone_of"]["p3"] = "sick_bay"
    run(r, s, [{"defeat_player": {"who": "jeanne"}}])
    assert s["zone_of"]["p3"] == "brig"
    run(r, s, [{"defeat_player": {"who": "jeanne"}}])
    assert s["zone_of"]["p3"] == "brig"


# --- checklist 123: prevention ----------------------------------------------------------------
def test_c123_shrug_it_off_prevents_every_defeat_effect():
    """Checklist 123. Seed 2447: «39.7 Якщо розіграна властивість не дає перемогти ціль, усі ефекти
    перемоги скасовуються.»"""
    r, s = game()
    ready(r, s)
    card = give(s, "p2", card_of(s, "shrug_it_off"))
    give(s, "p3", card_of(s, "rampage"))   # another hand: not asked
    run(r, s, [{"defeat_player": {"who": "arjun"}}])
    # only the defeated player is asked: the one skill card of this timing prevents one's own defeat
    assert kinds(r, s) == [("window", "p2")]
    opts = top(r, s)["options"]
    assert {"type": "use", "ability": "card:" + card} in opts
    use(r, s, "p2", "card:" + card)
    pass_windows(r, s)
    assert s["zone_of"]["p2"] == "bridge"
    assert card in s["discards"]["strength"] and card not in s["hands"]["p2"]
    assert not s.get("defeats")


def test_c123_passing_the_window_lets_the_defeat_happen():
    """Checklist 123, 183: the window is asked whether or not the card is used; passing is always
    possible (seed 1597: «Гравець може відмовитися використовувати свою властивість»)."""
    r, s = game()
    ready(r, s)
    give(s, "p2", card_of(s, "shrug_it_off"))
    run(r, s, [{"defeat_player": {"who": "arjun"}}])
    pass_windows(r, s)
    assert s["zone_of"]["p2"] == "sick_bay"


def test_c123_healing_words_any_character_even_a_revealed_traitor():
    """Checklist 123, README ruling 40. Seed 2447 «усі ефекти перемоги скасовуються»; Svetlana's
    Healing Words: discard a Lore card to prevent any character's defeat."""
    r, s = game(characters={"p1": "keilani", "p2": "svetlana", "p3": "jeanne", "p4": "william"})
    ready(r, s)
    lore = give(s, "p2", card_of(s, "shrivelling"))
    reveal_now(s, "p3")
    run(r, s, [{"defeat_player": {"who": "jeanne"}}])
    assert ("window", "p2") in kinds(r, s)
    use(r, s, "p2", "char:svetlana")
    pass_windows(r, s)
    assert s["zone_of"]["p3"] == "boiler_room"
    assert lore in s["discards"]["lore"]


def test_c123_starbuck_shield_and_medical_intervention():
    """Checklist 123. Starbuck: remove it from the game to prevent your defeat; Medical Intervention
    (Svetlana's feat): cancel any defeat, once a game (seed 1843-1855: a feat is used once, then
    removed)."""
    r, s = game(characters={"p1": "keilani", "p2": "samira", "p3": "svetlana", "p4": "william"})
    ready(r, s)
    run(r, s, [{"defeat_player": {"who": "samira"}}])
    assert ("window", "p2") in kinds(r, s)
    use(r, s, "p2", "item:starbuck:1")
    pass_windows(r, s)
    assert s["zone_of"]["p2"] == "cargo_hold" and "starbuck" not in s["items"]["p2"]
    assert "starbuck" in s["items_removed"]
    run(r, s, [{"defeat_player": {"who": "samira"}}])
    use(r, s, "p3", "feat:medical_intervention")
    pass_windows(r, s)
    assert s["zone_of"]["p2"] == "cargo_hold" and s["feats"]["p3"] is None


def test_c123_flesh_ward_prevents_the_next_defeat_then_rolls():
    """Checklist 123; hooks.yaml flesh_ward: the warded player's next defeat is prevented, then a
    roll of 4 or less loses 1 Sanity (README ruling 55 area; RULINGS P4)."""
    r, s = game(rolls=[3, 6])
    ready(r, s)
    run(r, s, [{"hook": {"id": "flesh_ward"}}])
    choose(r, s, "p1", "p2")
    assert s["wards"] == ["p2"]
    sanity = s["resources"]["sanity"]
    run(r, s, [{"defeat_player": {"who": "arjun"}}])
    pass_windows(r, s)
    assert s["zone_of"]["p2"] == "bridge" and s["resources"]["sanity"] == sanity - 1
    assert s["wards"] == []
    run(r, s, [{"defeat_player": {"who": "arjun"}}])   # the ward is gone: defeated now
    pass_windows(r, s)
    assert s["zone_of"]["p2"] == "sick_bay"


def test_flesh_ward_high_roll_costs_nothing():
    r, s = game(rolls=[5])
    ready(r, s)
    s["wards"] = ["p3"]
    sanity = s["resources"]["sanity"]
    run(r, s, [{"defeat_player": {"who": "jeanne"}}])
    pass_windows(r, s)
    assert s["zone_of"]["p3"] == "boiler_room" and s["resources"]["sanity"] == sanity


def test_defeat_all_in_defeats_players_and_deep_ones():
    """defeat_all_in (Jam Tin Grenade, Rain Fire): everything of the kinds listed in the zone;
    players in turn order (README defeat_all_in). Seed 2441: «39.5 Коли глибоководний переможений,
    він повертається в запас.»"""
    r, s = game()
    ready(r, s)
    s["zone_of"]["p3"] = "bridge"
    s["deep_ones"]["bridge"] = 2
    s["deep_one_supply"] -= 2
    supply = s["deep_one_supply"]
    run(r, s, [{"defeat_all_in": {"at": {"zone": "bridge"}, "what": ["deep_ones", "humans"]}}])
    pass_windows(r, s)
    assert s["deep_ones"]["bridge"] == 0 and s["deep_one_supply"] == supply + 2
    assert s["zone_of"]["p2"] == "sick_bay" and s["zone_of"]["p3"] == "sick_bay"


def test_defeat_all_in_humans_spares_revealed_traitors():
    r, s = game()
    ready(r, s)
    s["zone_of"]["p3"] = "bridge"
    reveal_now(s, "p3")
    run(r, s, [{"defeat_all_in": {"at": {"zone": "bridge"}, "what": ["humans"]}}])
    pass_windows(r, s)
    assert s["zone_of"]["p2"] == "sick_bay" and s["zone_of"]["p3"] == "bridge"


# --- moves (checklist 124, 127; README ruling 51) ----------------------------------------------
def test_c127_moving_abilities_cannot_take_a_player_out_of_the_brig():
    """Checklist 127. Seed 2129: «✿ Властивості, що переміщують гравців, не можуть перемістити
    персонажа з карцеру, якщо тільки ця властивість не містить слова «карцер».»"""
    r, s = game()
    ready(r, s)
    s["zone_of"]["p2"] = "brig"
    run(r, s, [{"move_player": {"who": "arjun", "to": {"zone": "galley"}}},
               {"move_player": {"who": "jeanne", "to": {"zone": "galley"}}}])
    assert s["zone_of"]["p2"] == "brig" and s["zone_of"]["p3"] == "galley"


def test_c124_sick_bay_is_left_by_an_effect_move_and_never_chosen():
    """Checklist 124, README ruling 51. Seed 2199: the Sick Bay is left by a normal move; seed 1815
    «Гравці не можуть самостійно переміститися в лазарет або карцер» — a chosen ship zone is a
    deck or interior zone, never the Sick Bay or Brig."""
    r, s = game()
    ready(r, s)
    s["zone_of"]["p1"] = "sick_bay"
    run(r, s, [{"move_player": {"who": "self", "to": {"chosen": {"by": "self", "kind": "ship"}}}}])
    values = top(r, s)["options"]
    zones = [o["value"] for o in values]
    assert "sick_bay" not in zones and "brig" not in zones and "galley" in zones
    choose(r, s, "p1", "galley")
    assert s["zone_of"]["p1"] == "galley"


def test_move_player_optional_each_decides():
    """move_player with optional: each moved player decides (README move_player)."""
    r, s = game()
    ready(r, s)
    run(r, s, [{"move_player": {"who": "each_human", "to": {"zone": "galley"}, "optional": True}}])
    answers = {"p1": True, "p2": False, "p3": True, "p4": False}
    while top(r, s)["kind"] == "choose":
        p = top(r, s)["player"]
        choose(r, s, p, answers[p])
    assert s["zone_of"] == {"p1": "galley", "p2": "bridge", "p3": "galley", "p4": "chapel"}


def test_send_to_sick_bay_is_not_a_defeat():
    """README send_to_sick_bay: a move, not a defeat — no would-be-defeated window, so a Shrug It
    Off cannot stop it (ruling P3: it never takes a player out of the Brig)."""
    r, s = game()
    ready(r, s)
    give(s, "p2", card_of(s, "shrug_it_off"))
    s["zone_of"]["p3"] = "brig"
    run(r, s, [{"send_to_sick_bay": {"who": "arjun"}}, {"send_to_sick_bay": {"who": "jeanne"}}])
    assert s["zone_of"]["p2"] == "sick_bay" and s["zone_of"]["p3"] == "brig"
    assert top(r, s)["kind"] == "action"


# --- granted and ended actions (checklist 35, 59; README ruling 37) -----------------------------
def test_c35_coordinated_effort_gives_another_character_an_action_now():
    """Checklist 35, README rulings 37/55. Seed 1665: «Деякі властивості дозволяють гравцеві виконати
    додаткові дії…»; Coordinated Effort: another character takes 1 action at once."""
    r, s = game()
    ready(r, s)
    card = next(c for c in s["hands"]["p1"] if "coordinated_effort" in c)
    answer(r, s, "p1", type="use", ability="card:" + card)
    choose(r, s, "p1", "p3")
    p = top(r, s)
    assert p["kind"] == "action" and p["player"] == "p3"
    answer(r, s, "p3", type="move", to="galley")
    assert s["zone_of"]["p3"] == "galley"
    p = top(r, s)
    assert p["kind"] == "action" and p["player"] == "p1"   # p1's second action is still there


def test_c35_deck_chief_moves_then_takes_an_action():
    """Checklist 35-36. Seed 443-445: «Дія» ability "then take 1 action" lets the player take more than
    2 actions; Arjun's Deck Chief: move to a deck space, then 1 action."""
    r, s = game(first_player="p2", hands=NO_HANDS)
    pass_windows(r, s)
    assert top(r, s)["player"] == "p2"
    answer(r, s, "p2", type="use", ability="char:arjun")
    choose(r, s, "p2", "d5")
    assert s["zone_of"]["p2"] == "d5"
    p = top(r, s)
    assert p["kind"] == "action" and p["player"] == "p2"
    answer(r, s, "p2", type="move", to="galley")
    answer(r, s, "p2", type="move", to="chapel")   # the second action of the turn
    assert s["zone_of"]["p2"] == "chapel"
    assert top(r, s)["kind"] != "action" or top(r, s)["player"] != "p2"


def test_c59_ransack_ends_the_actions_step():
    """Checklist 59. Seed 1864: «19.2 Деякі карти зради розігруються на початку кроку гравця «Виконайте
    дії» … Коли розігрується така карта, поточний гравець у цей хід уже не може виконувати дії та
    розігрувати інші властивості з приміткою: «На початку свого кроку».»"""
    r, s = game(first_player="p4", hands=NO_HANDS)
    reveal_now(s, "p4")
    s["zone_of"]["p4"] = "galley"
    ransack = give(s, "p4", card_of(s, "ransack"))
    rites = give(s, "p4", card_of(s, "perform_rites"))
    # rebuild p4's turn start so the start-of-Actions window sees the cards
    s["stack"] = [f for f in s["stack"] if f["k"] not in ("action", "window")]
    s["stack"].append({"k": "actions_step", "player": "p4"})
    r.run(s, [])
    assert kinds(r, s) == [("window", "p4")]
    food = s["resources"]["food"]
    ev = use(r, s, "p4", "card:" + ransack)
    assert s["resources"]["food"] == food - 1
    # no action and no second start-of-Actions card: the turn went on to the next player
    types = [e["type"] for e in ev]
    assert "turn_ended" in types and s["turn"]["player"] == "p1"
    assert rites in s["hands"]["p4"]


# --- loyalty peeks (checklist 176) -------------------------------------------------------------
def test_c176_deep_one_ancestry_owner_learns_what_was_seen():
    """Checklist 176. Seed 2815: «Коли один гравець дивиться карти лояльності іншого гравця, той
    повинен знати, які саме карти побачив перший гравець.»"""
    r, s = game(characters={"p1": "ishmael", "p2": "arjun", "p3": "jeanne", "p4": "william"},
                loyalty={"p1": ["human"], "p2": ["hybrid"], "p3": ["human"], "p4": ["human"]})
    ready(r, s)
    ev = answer(r, s, "p1", type="use", ability="feat:deep_one_ancestry")
    ev += choose(r, s, "p1", "p2")
    assert s["known_loyalty"]["p1"]["p2"] == ["hybrid"]
    assert s["feats"]["p1"] is None
    seen = [e for e in ev if e["type"] == "loyalty_seen"][0]
    told = [e for e in ev if e["type"] == "your_loyalty_seen"][0]
    assert seen["audience"] == ["p1"] and seen["cards"] == ["hybrid"]
    assert told["audience"] == ["p2"] and told["cards"] == ["hybrid"]
    public = [e for e in ev if e["type"] == "loyalty_looked_at"][0]
    assert public["audience"] == "all" and "cards" not in public
    assert r.view(s, "p1")["you"]["known_loyalty"] == {"p2": ["hybrid"]}
    assert "p2" not in str(r.view(s, "p3")["you"]["known_loyalty"])


# --- hooks --------------------------------------------------------------------------------------
def test_astral_travel_moves_deep_ones_and_players_even_out_of_the_brig():
    """README ruling 49: the card names the Brig, so it may take players out of it (seed 2129); Deep
    Ones go to deck or interior zones only (seed 1813)."""
    r, s = game()
    ready(r, s)
    s["zone_of"]["p2"] = "brig"
    run(r, s, [{"hook": {"id": "astral_travel"}}])
    assert "brig" in [o["value"] for o in top(r, s)["options"]]
    choose(r, s, "p1", "brig")
    assert top(r, s)["purpose"] == "astral_player"
    choose(r, s, "p1", "galley")
    assert s["zone_of"]["p2"] == "galley"


def test_astral_travel_deep_ones():
    r, s = game()
    ready(r, s)
    s["deep_ones"]["d1"] = 2
    s["deep_one_supply"] -= 1
    run(r, s, [{"hook": {"id": "astral_travel"}}])
    choose(r, s, "p1", "d1")
    opts = [o["value"] for o in top(r, s)["options"]]
    assert "sick_bay" not in opts and "brig" not in opts and "w1" not in opts
    choose(r, s, "p1", "galley")
    choose(r, s, "p1", "stay")
    assert s["deep_ones"]["d1"] == 1 and s["deep_ones"]["galley"] == 1


# --- character abilities and feats not covered elsewhere ---------------------------------------
# (Experienced, Well Equipped, Self Sacrifice: test_checks.py; Quick Draw: test_combat.py; Fortunate
# Son, Perfect Number: test_windows.py; Uncanny Fortune, Unconventional Leader: test_mythos.py.)
def drive(r, s, picks=(), use_refs=(), limit=40):
    """Pass every window except to use ``use_refs`` (once each); answer ``choose`` prompts with the
    next of ``picks`` (else the first option); stop at any other prompt."""
    picks, use_refs = list(picks), list(use_refs)
    for _ in range(limit):
        p = top(r, s)
        if p is None:
            return
        if p["kind"] == "window":
            mine = [o for o in p["options"] if o.get("ability") in use_refs]
            if mine:
                use_refs.remove(mine[0]["ability"])
                answer(r, s, p["player"], **mine[0])
            else:
                answer(r, s, p["player"], type="pass")
        elif p["kind"] == "choose":
            answer(r, s, p["player"], type="choose", value=picks.pop(0) if picks else p["options"][0]["value"])
        else:
            return


def test_ability_jeanne_jury_rigger_after_the_boiler_room():
    """Jury Rigger: after a Boiler Room action, damage the ship to advance the journey one more space."""
    r, s = game(first_player="p3", hands=NO_HANDS, rolls=[7, 3], damage_top=["structural_damage_lore"])
    pass_windows(r, s)
    strength = next(c for c in s["hands"]["p3"] if c.startswith("strength:"))
    answer(r, s, "p3", type="use", ability="zone:boiler_room")
    drive(r, s, picks=[strength, True], use_refs=["char:jeanne"])
    assert s["tracks"]["journey"] == 2 and s["damage"] == {"chapel": "structural_damage_lore"}


def test_ability_william_occult_training_bottoms_the_top_spell():
    """Occult Training: look at the top spell; leave it or put it on the bottom (README ruling 38)."""
    r, s = game()
    ready(r, s)
    first = s["spell_deck"][-1]
    ev = []
    r.use_ability(s, "p4", "char:william", ev)
    r.run(s, ev)
    p = top(r, s)
    assert p["player"] == "p4" and "bottom" in [o["value"] for o in p["options"]]
    drive(r, s, picks=["bottom"])
    assert s["spell_deck"][0] == first and s["spell_deck"][-1] != first


def test_ability_beatrice_predictive_analytics():
    """Predictive Analytics: at her Mythos step, the top 2 mythos cards: one stays on top, the other to
    the bottom."""
    plain = [m.id for m in rules().pack.mythos.mythos if not m.personal][:2]
    r, s = game(characters={"p1": "beatrice", "p2": "arjun", "p3": "jeanne", "p4": "william"}, mythos_top=plain)
    ready(r, s)
    a, b = s["mythos_deck"][-1], s["mythos_deck"][-2]
    assert [a, b] == plain
    ev = []
    r.use_ability(s, "p1", "char:beatrice", ev)
    r.run(s, ev)
    drive(r, s, picks=[b])
    assert s["mythos_deck"][-1] == b and s["mythos_deck"][0] == a


def test_ability_ishmael_first_oath_sends_a_monarch_to_the_depths():
    """First Oath of Dagon: spend a Lore card on a d8 roll; 7+ sends the chosen monarch to the Depths."""
    r, s = game(characters={"p1": "ishmael", "p2": "arjun", "p3": "jeanne", "p4": "william"}, rolls=[6])
    ready(r, s)
    s["monarchs"]["mother_hydra"] = "w5"
    lore = give(s, "p1", card_of(s, "shrivelling", 2))
    assert r.can_use(s, "p1", "char:ishmael", "action")
    answer(r, s, "p1", type="use", ability="char:ishmael")
    drive(r, s, picks=[0, lore])
    assert s["monarchs"]["mother_hydra"] == "depths" and lore in s["discards"]["lore"]


def test_ability_samira_scavenger_draws_and_gives():
    """Scavenger: draw an item, then you may give one item to a Human in your zone (once per turn)."""
    r, s = game(characters={"p1": "samira", "p2": "arjun", "p3": "jeanne", "p4": "william"},
                items_top=["shotgun"])
    ready(r, s)
    s["zone_of"]["p2"] = "cargo_hold"
    answer(r, s, "p1", type="use", ability="char:samira")
    drive(r, s, picks=[True, "shotgun"])   # p2, the only other Human there, is not asked (humans_in_zone)
    assert "shotgun" in s["items"]["p2"] and "shotgun" not in s["items"]["p1"]
    assert not r.can_use(s, "p1", "char:samira", "action")      # once per turn


def test_feat_full_steam_ahead():
    """Full Steam Ahead (Jeanne, from the Boiler Room): pay 1 Fuel, the journey token moves on 2."""
    r, s = game(first_player="p3", hands=NO_HANDS)
    pass_windows(r, s)
    fuel = s["resources"]["fuel"]
    answer(r, s, "p3", type="use", ability="feat:full_steam_ahead")
    drive(r, s)
    assert s["resources"]["fuel"] == fuel - 1 and s["tracks"]["journey"] == 2
    assert s["feats"]["p3"] is None


def test_feat_arrest_order_sends_a_player_in_the_zone_to_the_brig():
    """Arrest Order (Jamie): send a player in your zone to the Brig; titles pass on (checklist 126)."""
    r, s = game(characters={"p1": "jamie", "p2": "keilani", "p3": "jeanne", "p4": "william"}, first_player="p1")
    ready(r, s)
    s["zone_of"]["p2"] = s["zone_of"]["p1"]
    assert s["titles"]["captain"] == "p2"
    answer(r, s, "p1", type="use", ability="feat:arrest_order")
    drive(r, s, picks=["p2"])
    assert s["zone_of"]["p2"] == "brig" and s["titles"]["captain"] == "p3"
    assert s["feats"]["p1"] is None


def test_feat_quick_cast_casts_the_top_spell():
    """Quick Cast (William, Keeper only): the top spell is cast at once (Feed the Mind: +2 Sanity, then
    lose 1 Food)."""
    r, s = game(spells_top=["feed_the_mind"])
    ready(r, s)
    s["resources"]["sanity"] = 5
    food = s["resources"]["food"]
    ev = []
    r.use_ability(s, "p4", "feat:quick_cast", ev)
    r.run(s, ev)
    drive(r, s)
    assert s["resources"]["sanity"] == 7 and s["resources"]["food"] == food - 1
    assert s["feats"]["p4"] is None and "feed_the_mind" not in s["spell_deck"]
