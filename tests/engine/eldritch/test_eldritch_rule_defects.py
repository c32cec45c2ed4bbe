"""Issue 18, rule defects: each test quotes the rulebook (seed 002) line it rests on."""
from eh_helpers import R, new, quiet, run_fx, steps, types

NORMAN, LEO, LILY = "norman_withers", "leo_anderson", "lily_chen"
SEED = "shared/seeds/002"


def game(mystery="omen_of_devastation", ao="azathoth", invs=None):
    return quiet(new(invs or {"ann": [NORMAN], "bob": [LEO], "cid": [LILY]}, ao=ao, setup={"mystery": mystery}))


# --- 1. awakening order --------------------------------------------------------------------------
def test_awakening_effects_apply_before_the_leftover_doom():
    """Seed 002, l.863: «Переверніть лист Стародавнього й негайно застосуйте всі ефекти пробудження»;
    l.1468: «він зупиняється на цій поділці, Стародавній пробуджується, а потім приреченість
    підвищується далі — за правилами, указаними на листі Стародавнього.» Cthulhu first rises on
    Space 3; only then does the overflow feed his sheet."""
    s = game(ao="cthulhu", mystery=None)
    s["doom"] = 1
    s, ev = run_fx(s, "[{advance_doom: {amount: 3}}]")
    kinds = [(e["type"], e.get("kind") or e.get("where")) for e in ev]
    spawned = kinds.index(("monster_spawned", "cthulhu"))
    fed = [k for k, x in enumerate(kinds) if x == ("tokens", "ancient_one")]
    assert len(fed) == 2 and spawned < fed[0]
    assert s["ao_tokens"]["eldritch"] == 2


# --- 2. a cost you cannot pay is no choice -------------------------------------------------------
def test_a_blessed_you_do_not_hold_cannot_buy_off_the_penalty():
    """Seed 002, l.995: «Дослідник не може витратити жетони або карти, яких не має.» Tide of
    Despair: discard Blessed or lose 2 health and 2 sanity; with no Blessed there is no choice."""
    s = game()
    i = s["inv"][NORMAN]
    assert not i["conditions"]
    health, sanity = i["health"], i["sanity"]
    s, ev = run_fx(s, "[{may: {cost: [{discard_condition: {name: blessed}}], otherwise: [{lose: {health: 2, sanity: 2}}]}}]",
                   NORMAN)
    assert [p["kind"] for p in R.prompts(s)] == ["action"]   # nothing to decide
    assert (s["inv"][NORMAN]["health"], s["inv"][NORMAN]["sanity"]) == (health - 2, sanity - 2)


def test_a_held_blessed_may_buy_off_the_penalty():
    """Seed 002, l.996: «Дослідник може не витратити свої жетони або карти.» With Blessed held the
    investigator is asked."""
    s = game()
    s, _ = run_fx(s, "[{gain_condition: {name: blessed}}]", NORMAN)
    s, _ = run_fx(s, "[{may: {cost: [{discard_condition: {name: blessed}}], otherwise: [{lose: {health: 2}}]}}]", NORMAN)
    assert R.prompts(s)[0]["kind"] == "choose"


def test_every_cost_kind_is_payable_only_by_what_is_held():
    """Seed 002, l.995 (as above) and l.997: «Дослідник не може витратити здоров'я або розум, якщо це
    призведе до його поразки». Each cost kind of the vocabulary, unpayable then payable."""
    s = game()
    c = {"self": NORMAN}
    i = s["inv"][NORMAN]

    def pay(text, **ctx):
        return R.can_pay(s, steps(text), {**c, **ctx})

    # conditions
    assert not pay("[{discard_condition: {name: blessed}}]")
    assert not pay("[{discard_condition: {trait: madness}}]")
    held, _ = run_fx(s, "[{gain_condition: {name: paranoia}}]", NORMAN)
    i["conditions"] = held["inv"][NORMAN]["conditions"]
    assert pay("[{discard_condition: {trait: madness}}]") and not pay("[{discard_condition: {trait: madness, count: 2}}]")
    # clues (a spend and a discard)
    i["clues"] = []
    assert not pay("[{spend: {clues: 1}}]") and not pay("[{discard_clues: {count: 1}}]")
    i["clues"] = [s["clues"]["pool"].pop()]
    assert pay("[{spend: {clues: 1}}]") and pay("[{discard_clues: {count: 1}}]")
    assert not pay("[{discard_clues: {count: 2}}]")
    # health and sanity: never the last one
    i["health"], i["sanity"] = 1, 2
    assert not pay("[{spend: {health: 1}}]") and pay("[{spend: {sanity: 1}}]") and not pay("[{spend: {sanity: 2}}]")
    # cards (he holds Feed the Mind only)
    assert not pay("[{discard_possessions: {trait: item}}]") and not pay("[{discard_possessions: {kind: [spell], count: 2}}]")
    assert pay("[{discard_possessions: {kind: [spell]}}]")
    assert not pay("[{discard_possessions: {kind: [spell], triggering: true}}]", triggering={"kind": "spell", "id": "wither"})
    assert pay("[{discard_possessions: {kind: [spell], triggering: true}}]",
               triggering={"kind": "spell", "id": "feed_the_mind"})
    # improvements
    i["improve"] = {k: 0 for k in i["improve"]}
    assert not pay("[{discard_improvements: {count: 1}}]")
    i["improve"]["lore"] = 1
    assert pay("[{discard_improvements: {count: 1}}]") and not pay("[{discard_improvements: {count: 2}}]")
    # the card itself (discard this card): only while it is held
    assert not pay("[discard_this]", card={"kind": "asset", "id": "axe", "holder": NORMAN})


# --- 3. clue rerolls -----------------------------------------------------------------------------
def test_a_clue_rerolls_any_die_and_the_latest_result_stands():
    """Seed 002, l.642: «дослідник може витратити один жетон доказу, щоб перекинути один кубик»
    (one die, any die); l.1388: «враховуйте останній отриманий результат, навіть якщо він гірший
    за попередній.»"""
    from eh_helpers import act, prompt
    s = game()
    s["inv"][NORMAN]["clues"] = [s["clues"]["pool"].pop()]
    s["inv"][NORMAN]["used"].append("limit:norman_withers")
    s["forced_dice"] = [6, 2, 2]   # Lore 3
    s, _ = run_fx(s, "[{test: {skill: lore}}]", NORMAN)
    assert {"type": "reroll", "die": 0} in prompt(s)["options"]   # the 6 is a success: still rerollable
    s["forced_dice"] = [1]
    s, ev = act(s, "ann", "reroll", die=0)
    result = next(e for e in ev if e["type"] == "test_result")
    assert result["dice"] == [1, 2, 2] and result["successes"] == 0 and not result["passed"]


def test_all_successes_still_open_the_clue_reroll_window():
    """Seed 002, l.642 (as above): the window opens after any roll while a clue is held."""
    from eh_helpers import prompt
    s = game()
    s["inv"][NORMAN]["clues"] = [s["clues"]["pool"].pop()]
    s["inv"][NORMAN]["used"].append("limit:norman_withers")
    s["forced_dice"] = [5, 6]
    s, _ = run_fx(s, "[{test: {skill: lore}}]", NORMAN)
    assert prompt(s)["kind"] == "roll" and {"type": "reroll", "die": 1} in prompt(s)["options"]


# --- 9. who decides ------------------------------------------------------------------------------
TRISH = "trish_scarborough"


def _trish_table():
    s = quiet(new({"ann": [NORMAN], "bob": [TRISH]}))
    s["inv"][TRISH]["space"] = s["inv"][NORMAN]["space"]
    s["inv"][NORMAN]["clues"] = [s["clues"]["pool"].pop()]
    s["inv"][NORMAN]["used"].append("limit:norman_withers")
    s["forced_dice"] = [1, 2, 3]
    s, _ = run_fx(s, "[{test: {skill: lore}}]", NORMAN)
    return s


def test_trish_player_decides_whether_two_dice_are_rerolled():
    """Seed 002, l.1745: «Тріш може дозволити цьому досліднику перекинути два, а не один кубик»:
    the choice is Trish's player's, not the tester's."""
    from eh_helpers import act, prompt
    s = _trish_table()
    s, ev = act(s, "ann", "reroll", die=0, **{"and": 2})
    p = prompt(s)
    assert p["player"] == "bob" and p["kind"] == "choose" and not [e for e in ev if e["type"] == "rerolled"]
    s["forced_dice"] = [5]
    refused_s, ev_no = act(s, "bob", "choose", value=False)
    rr = next(e for e in ev_no if e["type"] == "rerolled")
    assert rr["which"] == [0] and rr["dice"] == [5, 2, 3]
    s["forced_dice"] = [5, 6]
    s, ev_yes = act(s, "bob", "choose", value=True)
    rr = next(e for e in ev_yes if e["type"] == "rerolled")
    assert rr["which"] == [0, 2] and rr["dice"] == [5, 2, 6]


def test_trish_herself_needs_no_permission():
    """Seed 002, l.1745: «Якщо Тріш або дослідник у її локації витрачає доказ…» — for her own test
    she is the one who decides, by picking the two dice."""
    from eh_helpers import act, prompt
    s = quiet(new({"bob": [TRISH]}))
    s["inv"][TRISH]["clues"] = [s["clues"]["pool"].pop()]
    s["forced_dice"] = [1, 2, 3, 4]
    s, _ = run_fx(s, "[{test: {skill: observation}}]", TRISH)
    s["forced_dice"] = [5, 6]
    s, ev = act(s, "bob", "reroll", die=0, **{"and": 3})
    assert next(e for e in ev if e["type"] == "rerolled")["which"] == [0, 3]


# --- 4. Delayed in the middle of an action ---------------------------------------------------------
def _cthulhu_traveller():
    """Norman in Arkham with a train ticket; Cthulhu's Eldritch token on Space 5 (a train path on)."""
    s = quiet(new({"ann": [NORMAN]}, ao="cthulhu"))
    s["inv"][NORMAN]["space"] = "arkham"
    s["inv"][NORMAN]["tickets"] = {"train": 1, "ship": 1}
    s["eldritch_board"] = {"space_5": 1}
    return s


def test_delayed_while_travelling_stops_the_action_and_loses_the_rest():
    """Seed 002, l.1147: «Якщо дослідник затримується під час виконання дії, замість затримання він
    відразу припиняє виконувати дію і втрачає всі подальші дії.» Travel onto Cthulhu's Eldritch
    token: no ride on with a ticket, no second action, and the sanity is still lost."""
    from eh_helpers import act, prompt
    s = _cthulhu_traveller()
    assert any(k in ("train", "ship") for k in R.C.adj["space_5"].values())
    sanity = s["inv"][NORMAN]["sanity"]
    s, ev = act(s, "ann", "travel", to="space_5")
    assert "actions_lost" in types(ev) and "delayed" not in types(ev)
    assert not s["inv"][NORMAN]["delayed"] and s["inv"][NORMAN]["sanity"] == sanity - 1
    p = prompt(s)
    assert p is None or p["kind"] != "travel_more"
    assert not (p and p["kind"] == "action" and p.get("inv") == NORMAN)
    assert s["inv"][NORMAN]["tickets"] == {"train": 1, "ship": 1}


def test_a_ride_onto_the_token_stops_the_travel_too():
    """Seed 002, l.1147 (as above): the second step paid with a ticket is part of the same Travel."""
    from eh_helpers import act, prompt
    s = _cthulhu_traveller()
    s["eldritch_board"] = {}
    s, _ = act(s, "ann", "travel", to="space_5")
    ride = next(o for o in prompt(s)["options"] if o["type"] == "ride")
    s["eldritch_board"] = {ride["to"]: 1}
    sanity = s["inv"][NORMAN]["sanity"]
    s, ev = act(s, "ann", "ride", to=ride["to"], ticket=ride["ticket"])
    assert "actions_lost" in types(ev) and s["inv"][NORMAN]["sanity"] == sanity - 1
    p = prompt(s)
    assert p is None or p["kind"] not in ("travel_more", "action") or p.get("inv") != NORMAN


# --- 5. searching a deck -------------------------------------------------------------------------
def _items(s, deck):
    return [a for a in s["decks"][deck]["draw"] if "item" in R.C.card(a)["traits"]]


def test_a_search_by_trait_takes_the_bottom_most_match():
    """Seed 002, l.1445: «Шукаючи карту, дослідник проглядає колоду знизу догори, поки не знайде
    потрібну карту.» l.1447: «Проглянувши колоду, дослідник повинен її перетасувати.»"""
    s = game()
    items = _items(s, "assets")
    top, bottom = items[0], items[-1]
    assert top != bottom
    s, ev = run_fx(s, "[{gain_asset: {trait: item}}]", LEO)
    assert bottom in s["inv"][LEO]["assets"] and top not in s["inv"][LEO]["assets"]


def test_a_condition_by_trait_is_searched_in_the_deck_bottom_up():
    """Seed 002, l.1347: «Якщо карта з певною ознакою — це заклинання або стан, дослідник проглядає
    відповідну колоду в пошуках потрібної карти, якої він ще не має.» (bottom up, l.1445)."""
    s = game()
    deck = s["decks"]["conditions"]["draw"]
    madness = [b for b in deck if "madness" in R.C.conditions[R.card_id(b)]["traits"]]
    kinds = {R.card_id(b) for b in madness}
    assert len(kinds) > 1
    # put a madness other than the pack's first one at the bottom
    first_in_pack = next(cid for cid, d in R.C.conditions.items() if "madness" in d["traits"])
    other = next(b for b in reversed(madness) if R.card_id(b) != first_in_pack)
    deck.remove(other)
    deck.append(other)
    s, _ = run_fx(s, "[{gain_condition: {trait: madness}}]", LEO)
    assert s["inv"][LEO]["conditions"] == [other]


def test_a_named_spell_is_the_bottom_most_copy():
    """Seed 002, l.1348 and l.1445: a named card is the first found searching from the bottom."""
    for seed in range(1, 7):
        s = quiet(new({"ann": [NORMAN], "bob": [LEO]}, seed=seed))
        deck = s["decks"]["spells"]["draw"]
        name = next(R.card_id(b) for b in deck if sum(R.card_id(x) == R.card_id(b) for x in deck) > 1)
        copies = [b for b in deck if R.card_id(b) == name]
        s2, _ = run_fx(s, f"[{{gain_spell: {{name: {name}}}}}]", LEO)
        assert s2["inv"][LEO]["spells"] == [copies[-1]]


# --- 6. rumors that place an epic monster ----------------------------------------------------------
EPIC_RUMORS = [m for m, d in R.C.mythos.items() if d["trait"] == "rumor"
               and any(st.get("op") == "spawn_monster" and st.get("kind") and R.C.monsters[st["kind"]]["epic"]
                       for st in d["enters_play"])]


def test_the_pack_has_rumors_that_place_an_epic_monster():
    assert {"lost_knowledge", "the_wind_walker", "web_between_worlds"} <= set(EPIC_RUMORS)


def test_a_rumor_with_an_epic_monster_stays_in_play_until_the_monster_is_gone():
    """Seed 002, l.1609: «Якщо досліднику вдалося зупинити чутки, скиньте карту чуток, усі жетони на
    ній, а також усі жетони чуток, епічних монстрів і Стародавніх, які ця карта указала викласти на
    поле.» Every rumor of the pack with an epic monster: it enters play with its monster; beating
    the monster solves it, announced."""
    from eh_helpers import mythos
    for rid in EPIC_RUMORS:
        s = game()
        kind = next(st["kind"] for st in R.C.mythos[rid]["enters_play"] if st.get("op") == "spawn_monster")
        s["mythos"]["deck"] = [m for m in s["mythos"]["deck"] if m != rid]
        s, ev = mythos(s, rid)
        assert [m["id"] for m in s["mythos"]["in_play"]] == [rid], rid
        uid = next(u for u, m in s["monsters"]["board"].items() if m["kind"] == kind)
        s, ev = run_fx(s, f"[{{damage_monsters: {{target: {{which: each, at: any, kind: {kind}}}, amount: 99}}}}]")
        assert uid not in s["monsters"]["board"] and not s["mythos"]["in_play"], rid
        assert "rumor_solved" in types(ev), rid


def test_a_rumor_that_ends_takes_its_epic_monster_and_tokens_with_it():
    """Seed 002, l.1609 (as above): when the rumor ends (solved here by an effect, or failed), the
    epic monster and the Eldritch tokens it placed leave the board; l.1610: the clues it placed stay."""
    from eh_helpers import act, mythos, prompt
    for rid in EPIC_RUMORS:
        for how in ("solve_rumor", "fail_rumor"):
            s = game()
            kind = next(st["kind"] for st in R.C.mythos[rid]["enters_play"] if st.get("op") == "spawn_monster")
            s, _ = mythos(s, rid)
            s, _ = run_fx(s, "[{place_eldritch: {where: place, at: rome}}]", card={"kind": "mythos", "id": rid})
            assert s["eldritch_board"] == {"rome": 1}
            s, ev = run_fx(s, f"[{how}]", card={"kind": "mythos", "id": rid})
            while s["result"] is None and rid in [m["id"] for m in s["mythos"]["in_play"]] and prompt(s):
                s, more = act(s, prompt(s)["player"], "default")   # the fail effect's own decisions
                ev += more
            if s["result"] is not None:   # Web Between Worlds fails into a loss
                continue
            assert not any(m["kind"] == kind for m in s["monsters"]["board"].values()), (rid, how)
            assert s["eldritch_board"] == {}, (rid, how)
            assert "monster_discarded" in types(ev) and rid not in [m["id"] for m in s["mythos"]["in_play"]]


# --- 8. nobody left is not a win ---------------------------------------------------------------------
def test_the_number_of_investigators_is_the_number_of_players_not_the_ones_standing():
    """Seed 002, l.308: the per-investigator symbol is «Символ кількості гравців»; l.41: «слово
    „дослідник“ стоїть як гравця, що грає за дослідника, так і самого персонажа»; l.1785: two
    investigators of one player count «наче ними грають окремі гравці». A defeated investigator's
    player is still in the game (a new investigator comes, l.983), so the count does not drop."""
    s = game(mystery="omen_of_devastation")
    q = {"of": "investigators"}
    assert R.quantity(s, q, {}) == 3
    s, _ = run_fx(s, "[{defeat_investigator: {who: self}}]", LEO)
    assert s["inv"][LEO]["status"] == "defeated"
    assert R.quantity(s, q, {}) == 3 and R.quantity(s, {"of": "half_investigators"}, {}) == 2


def test_every_investigator_defeated_is_no_win():
    """Seed 002, l.1401: «Якщо всі дослідники вибули, гравці зазнають поразки.» After the awakening
    every defeated investigator's player is out (l.874); a mystery counted per investigator must
    not fall to 0 and be solved by nobody."""
    s = game(ao="cthulhu", mystery=None)
    s["doom"] = 1
    s, _ = run_fx(s, "[{advance_doom: {}}]")
    assert s["awakened"] and s["result"] is None
    for inv in (NORMAN, LEO, LILY):
        s, ev = run_fx(s, "[{defeat_investigator: {who: self}}]", inv)
    assert s["result"]["winner"] == "ancient_one" and s["result"]["reason"] == "all_eliminated"


def test_all_defeated_before_the_awakening_solves_nothing():
    """Seed 002, l.983: «Якщо дослідника перемогли, а вільних дослідників у запасі не залишилося,
    цей гравець вибуває з гри.» Until the end of the Mythos phase new investigators come; a
    per-investigator mystery is not solved meanwhile."""
    s = game(mystery="omen_of_devastation")
    s["doom"] = 15
    for inv in (NORMAN, LEO, LILY):
        s, _ = run_fx(s, "[{defeat_investigator: {who: self}}]", inv)
    assert s["result"] is None and s["mystery"]["id"] == "omen_of_devastation" and not s["solved"]


# --- 7. the Lead chooses the random location when no clue is left ---------------------------------
def _no_clues_left(s):
    s["clues"]["pool"], s["clues"]["discard"] = [], []
    return s


def test_the_lead_chooses_the_random_location_when_no_clue_is_left():
    """Seed 002, l.992: «Якщо в запасі та скиді не лишилися доказів, випадкову локацію вибирає
    головний дослідник.» (Placing an Eldritch token and spawning a monster at random.)"""
    from eh_helpers import act, prompt
    for text, check in (("[{place_eldritch: {where: place, at: random}}]", lambda s: s["eldritch_board"] == {"tokyo": 1}),
                        ("[{spawn_monster: {at: random}}]",
                         lambda s: any(m["space"] == "tokyo" for m in s["monsters"]["board"].values()))):
        s = _no_clues_left(game())
        s, _ = run_fx(s, text, LEO)   # Leo acts; Norman is the Lead
        p = prompt(s)
        assert p["kind"] == "choose" and p["player"] == "ann" and p["about"] == "space", text
        assert {"type": "choose", "value": "tokyo"} in p["options"]
        s, _ = act(s, "ann", "choose", value="tokyo")
        assert check(s), text


def test_a_random_location_with_a_clue_left_is_drawn():
    """Seed 002, l.991: «скиньте один жетон доказу з запасу й подивіться, яка локація вказана»."""
    s = game()
    s["clues"]["pool"] = ["rome"] + [x for x in s["clues"]["pool"] if x != "rome"]
    s, ev = run_fx(s, "[{place_eldritch: {where: place, at: random}}]", LEO)
    assert s["eldritch_board"] == {"rome": 1} and "rome" in s["clues"]["discard"]


def test_an_ambush_is_not_announced_as_a_spawn():
    """Seed 002, l.1138: «Напад із засідки не вважають появою монстра, тому ефект „Коли цей монстр
    з'являється на полі“ … ігнорують.» The token drawn for an ambush is told as an ambush."""
    s = game()
    s, ev = run_fx(s, "[{ambush: {}}]", LEO)
    t = types(ev)
    assert "monster_spawned" not in t and "monster_ambush" in t
    assert next(e for e in ev if e["type"] == "combat")["ambush"] is True


def test_a_named_ambusher_on_the_board_is_seen_to_move():
    """Seed 002, l.1140: a named ambusher on the board is the one that attacks; its token comes to
    the investigator's space, announced (no silent move)."""
    s = game(ao="cthulhu")
    from eh_helpers import put_monster
    uid = put_monster(s, "deep_one", "space_3")
    s, ev = run_fx(s, "[{ambush: {monster: deep_one}}]", LEO)
    moved = [e for e in ev if e["type"] == "monster_moved"]
    assert moved and moved[0]["monster"] == uid and moved[0]["space"] == s["inv"][LEO]["space"]


def test_the_count_holds_while_the_new_investigator_is_being_chosen():
    """Seed 002, l.983 (as above): the player is in the game while choosing the new investigator;
    a per-investigator mystery is not solved by the pause (found by the simulation: a solo game
    won three mysteries in a row here)."""
    s = new({"ann": [LEO]}, ao="cthulhu", setup={"mystery": "the_deep_ones_attack"})
    s, _ = run_fx(s, "[{defeat_investigator: {who: self}}]", LEO)
    events = []
    R._call_new_investigators(s, {}, events)
    assert R.prompts(s)[0]["kind"] == "new_investigator" and not s["lost"]
    assert R.investigator_count(s) == 1
    assert R.check_end(s) is None and not s["solved"]


def test_the_last_defeat_that_awakens_the_ancient_one_is_no_win():
    """Seed 002, l.1411: a defeated investigator advances doom by 1; here that awakens the Ancient
    One. The player is still in the game until no new investigator may come (l.874, 985), and at
    that point every player is out: l.1401 «гравці зазнають поразки» — never a win on the way
    (found by the simulation: a solo game solved three mysteries and the final one here)."""
    from eh_helpers import act, prompt
    s = new({"ann": [LEO]}, ao="yog_sothoth", setup={"mystery": "the_beyond_one"})
    s["doom"] = 1
    s, ev = run_fx(s, "[{defeat_investigator: {who: self}}]", LEO)
    assert s["awakened"] and not [e for e in ev if e["type"] == "mystery_solved"]
    while s["result"] is None and prompt(s):
        s, more = act(s, prompt(s)["player"], "default")
        assert not [e for e in more if e["type"] == "mystery_solved"]
    assert s["result"] is None or s["result"]["winner"] == "ancient_one"


def test_becoming_delayed_is_no_payment_for_one_already_delayed():
    """Seed 002, l.995 (as above), read with R5 of RULINGS.md: a cost that changes nothing is not
    paid. Outside an action, one already Delayed cannot buy a reward by «becoming» Delayed."""
    s = game()
    s["phase"] = "encounter"
    s["inv"][LEO]["delayed"] = True
    assert not R.can_pay(s, steps("[delay]"), {"self": LEO})
    s["inv"][LEO]["delayed"] = False
    assert R.can_pay(s, steps("[delay]"), {"self": LEO})


def test_the_wilderness_rest_is_bought_by_becoming_delayed():
    """The General encounter's wilderness section («You may be Delayed, then choose…»): the choice
    is the reward of the Delay, not given for nothing (the pack had it outside the «may»)."""
    found = [c for c in R.C.decks["general"]["cards"].values()
             if "Delayed, then choose" in (c["sections"].get("wilderness") or {}).get("text", {}).get("en", "")]
    assert len(found) == 1
    eff = found[0]["sections"]["wilderness"]["effect"]
    assert len(eff) == 1 and eff[0]["op"] == "may" and eff[0]["then"][0]["op"] == "choose_one"


# --- er17: the Mi-go Brain Case's swap is the other investigator's choice -------------------------
CHARLIE = "charlie_kane"


def _brain_case_game():
    """A record's opening: ann's Leo Anderson, holding the Mi-go Brain Case in Arkham, takes the
    card's action; bob's Charlie Kane stands in London."""
    from engine.core.record import GameRecord
    setup = {"position": {"quiet": True, "empty": [LEO, CHARLIE],
                          "inv": {LEO: {"space": "arkham", "artifacts": ["mi_go_brain_case"]},
                                  CHARLIE: {"space": "london"}}}}
    opts = {"ancient_one": "azathoth", "investigators": {"ann": [LEO], "bob": [CHARLIE]}, "lead": "ann"}
    return GameRecord(game="eldritch", seed=7, players=["ann", "bob"], options=opts, setup=setup,
                      actions=[{"player": "ann", "type": "component", "card": "mi_go_brain_case"}])


def _until_swap(record):
    """Replay ``record``, give Charlie the Brain Case and end the trade: the swap's prompt."""
    from engine.core.record import replay
    s = replay(record).state
    p = R.prompts(s)[0]
    assert p["player"] == "ann" and p.get("about") == "give"
    give = next(o for o in p["options"] if (o.get("value") or {}).get("card") == "mi_go_brain_case")
    done = next(o for o in p["options"] if o.get("value") is None)
    actions = [{"player": "ann", **give}]
    s, _ = R.apply(s, actions[-1])
    p = R.prompts(s)[0]
    actions.append({"player": "ann", **done})
    s, _ = R.apply(s, actions[-1])
    return s, actions


def test_the_brain_case_asks_the_other_investigators_player_whether_to_swap():
    """facts.yaml, Mi-go Brain Case: «trade possessions with another investigator on any space; he
    MAY then move to your space, in which case you move to the space he left». The engine swapped
    the two at once when the trade ended; now Charlie's player (bob) is asked, staying first."""
    s, _ = _until_swap(_brain_case_game())
    assert "mi_go_brain_case" in s["inv"][CHARLIE]["artifacts"]
    p = R.prompts(s)[0]
    assert (p["player"], p["inv"], p["about"], p["with"]) == ("bob", CHARLIE, "swap_spaces", LEO)
    assert [o["value"] for o in p["options"]] == [False, True]   # the default (AFK): stay
    assert (s["inv"][LEO]["space"], s["inv"][CHARLIE]["space"]) == ("arkham", "london")


def test_the_brain_case_no_leaves_both_in_place_and_yes_swaps():
    s, _ = _until_swap(_brain_case_game())
    p = R.prompts(s)[0]
    stay, ev = R.apply(s, {"player": "bob", "prompt": p["id"], "type": "choose", "value": False})
    assert (stay["inv"][LEO]["space"], stay["inv"][CHARLIE]["space"]) == ("arkham", "london")
    assert {"type": "may_declined", "inv": CHARLIE, "card": "mi_go_brain_case"}.items() <= \
        next(e for e in ev if e["type"] == "may_declined").items()
    assert R.prompts(stay)[0]["kind"] == "action" and R.prompts(stay)[0]["player"] == "ann"
    swap, ev = R.apply(s, {"player": "bob", "prompt": p["id"], "type": "choose", "value": True})
    assert (swap["inv"][LEO]["space"], swap["inv"][CHARLIE]["space"]) == ("london", "arkham")
    assert not any(e["type"] == "may_declined" for e in ev)


def test_the_brain_case_asks_nothing_when_the_two_share_a_space():
    record = _brain_case_game()
    record.setup["position"]["inv"][CHARLIE]["space"] = "arkham"
    s, _ = _until_swap(record)
    assert R.prompts(s)[0]["kind"] == "action"
    assert s["inv"][LEO]["space"] == s["inv"][CHARLIE]["space"] == "arkham"


def test_a_brain_case_game_of_the_always_swapping_rules_is_refused_as_before_and_ours_replays():
    """Rules version 5 (R14): a record made under version 4 (the swap always made) may mean
    another game now, so replay refuses it clearly, as any other version; a version-5 record
    replays to exactly the same state."""
    import pytest
    from engine.core.errors import RecordError
    from engine.core.record import GameRecord, replay
    assert int(R.rules_version) >= 5
    record = _brain_case_game()
    s, actions = _until_swap(record)
    p = R.prompts(s)[0]
    actions.append({"player": "bob", "prompt": p["id"], "type": "choose", "value": False})
    s, _ = R.apply(s, actions[-1])
    ours = GameRecord(**{**record.__dict__, "actions": record.actions + actions, "version": R.version})
    assert replay(ours).state == s
    old = GameRecord(**{**ours.__dict__, "version": "4+" + R.content_digest()})
    assert not R.accepts(old.version)
    with pytest.raises(RecordError) as refused:
        replay(old)
    assert old.version in str(refused.value) and R.version in str(refused.value)
