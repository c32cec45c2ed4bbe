"""More checklist items across areas: trades, local actions, delays, named ambushes, gains by trait,
set-aside monsters, spell targets, mythos within mythos, solo."""
from eh_helpers import R, act, new, ok, options, prompt, put_monster, quiet, run_fx, to_encounters, types

NORMAN, LEO, MARK = "norman_withers", "leo_anderson", "mark_harrigan"


def test_d10_trade_keeps_the_ticket_cap_and_drops_a_duplicate_spell():
    """Checklist D10 [R] (1133, 1459). Seed 002: «Дослідник не може мати більше, ніж два квитки
    одночасно.» / «Дослідник не може мати кілька однакових заклинань. Якщо він з якоїсь причини отримує
    копію заклинання, яке вже має, то відразу його скидає.» — after a trade the 2-ticket cap holds and
    a duplicate spell is discarded at once (shuffled back into the spell deck)."""
    s = quiet(new({"ann": [NORMAN], "bob": [LEO]}))
    s["inv"][LEO]["space"] = "arkham"
    s["inv"][NORMAN]["tickets"] = {"train": 2, "ship": 0}
    s["inv"][LEO]["tickets"] = {"train": 0, "ship": 1}
    s, _ = run_fx(s, "[{gain_spell: {name: wither}}]", LEO)
    s, _ = run_fx(s, "[{gain_spell: {name: wither}}]", NORMAN)
    assert R.holds(s, NORMAN, "wither") and R.holds(s, LEO, "wither")
    s, _ = act(s, "ann", "trade", **{"with": LEO})
    s, _ = act(s, "ann", "take", what="ticket", card="ship")
    s, _ = act(s, "ann", "take", what="spell", card="wither")
    s, _ = act(s, "ann", "propose")
    s, _ = act(s, "bob", "accept")
    assert sum(s["inv"][NORMAN]["tickets"].values()) == 2
    assert s["inv"][NORMAN]["tickets"] == {"train": 1, "ship": 1}      # the ship he took, one train dropped
    assert s["inv"][LEO]["tickets"] == {"train": 0, "ship": 0}
    assert [R.card_id(b) for b in s["inv"][NORMAN]["spells"]].count("wither") == 1
    assert not R.holds(s, LEO, "wither")
    assert sum(R.card_id(b) == "wither" for b in s["decks"]["spells"]["draw"]) == 1   # the copy is back in the deck
    ok(s)


def test_d21_local_action_usable_by_another_investigator_on_the_space():
    """Checklist D21 (1251-1255). Seed 002: «Будь-який дослідник може виконувати місцеві дії на чужих
    картах, якщо перебуває в одній локації з їх власником.» / «Кожен дослідник може виконати місцеву
    дію лише раз за раунд. Кілька дослідників можуть виконати ту саму місцеву дію під час однієї фази
    дій.» — Norman uses Leo's Debt once; Leo still may the same round; away from Leo, nobody else."""
    s = quiet(new({"ann": [NORMAN], "bob": [LEO]}))
    s["inv"][LEO]["space"] = "arkham"
    s, _ = run_fx(s, "[{gain_condition: {name: debt}}]", LEO)
    assert {"type": "local", "card": "debt", "owner": LEO} in options(s)
    s["forced_dice"] = [1] * 5
    s, _ = act(s, "ann", "local", card="debt", owner=LEO)
    while prompt(s)["kind"] != "action":
        s, _ = act(s, prompt(s)["player"], "default")
    assert {"type": "local", "card": "debt", "owner": LEO} not in options(s)     # once a round for Norman
    assert R.holds(s, LEO, "debt")                                                # all dice 1s: failed, kept
    s, _ = act(s, "ann", "end_actions")
    assert prompt(s)["inv"] == LEO
    assert {"type": "local", "card": "debt", "owner": LEO} in options(s)          # the owner too, same phase
    away = quiet(new({"ann": [NORMAN], "bob": [LEO]}))
    away["inv"][LEO]["space"] = "rome"
    away, _ = run_fx(away, "[{gain_condition: {name: debt}}]", LEO)
    assert not [o for o in options(away) if o["type"] == "local"]                # not on the owner's space


def test_d24_a_delayed_investigator_still_has_an_encounter():
    """Checklist D24 [R] (712, 1150-1154). Seed 002: «Затриманий дослідник не може виконувати дій.» /
    «Під час фази дій дослідник не виконує 2 дії, а лише ставить свою фішку вертикально.» — the seed
    limits Delayed to actions: a Delayed investigator still has his encounter, and stays Delayed
    until his next Action phase."""
    s = quiet(new({"ann": [NORMAN], "bob": [LEO]}))
    s["inv"][LEO]["delayed"] = True
    s, _ = act(s, "ann", "end_actions")
    s["inv"][LEO]["delayed"] = True   # delayed again before the encounters
    p = prompt(s)
    assert p["kind"] == "encounter" and p["inv"] == NORMAN
    s, _ = act(s, "ann", "default")
    while prompt(s) and prompt(s)["inv"] == NORMAN:
        s, _ = act(s, "ann", "default")
    assert prompt(s)["inv"] == LEO and prompt(s)["kind"] == "encounter"
    s, ev = act(s, "bob", "default")
    assert any(e["type"] == "encounter" and e["inv"] == LEO for e in ev)
    assert s["inv"][LEO]["delayed"]                     # the encounter does not stand him up


def test_g9_named_ambush_uses_the_board_token_and_keeps_its_wounds():
    """Checklist G9 [R] (1142). Seed 002: «Якщо **вказано**, який саме монстр нападає із засідки, не
    беріть його жетон з чаші. Натомість скористайтеся інформацією про цього монстра на відповідному
    відкладеному жетоні або жетоні на ігровому полі.» — the named monster's board token fights on the
    investigator's space (not a token from the cup, not a spawn) and the damage dealt stays on it."""
    s = quiet(new({"ann": [NORMAN]}))
    uid = put_monster(s, "zombie", "tokyo")
    cup = sorted(s["monsters"]["cup"])
    s["forced_dice"] = [1, 1, 1, 1, 6, 1]
    s, ev = run_fx(s, "[{ambush: {monster: zombie}}]", NORMAN)
    m = s["monsters"]["board"][uid]
    assert m["space"] == "arkham" and m["damage"] == 1
    assert sorted(s["monsters"]["cup"]) == cup                           # nothing drawn, nothing returned
    assert [u for u, x in s["monsters"]["board"].items() if x["kind"] == "zombie"] == [uid]
    assert "monster_spawned" not in types(ev)
    assert any(e["type"] == "combat" for e in ev)
    ok(s)


def test_r10_named_ambush_with_every_token_held_fights_a_stand_in():
    """RULINGS R10 (1142). Seed 002: «Якщо **вказано**, який саме монстр нападає із засідки, не
    беріть його жетон з чаші. Натомість скористайтеся інформацією про цього монстра на відповідному
    відкладеному жетоні або жетоні на ігровому полі.» — with the only Zombie token laid on the
    mystery card (none set aside, in the cup or on the board), the ambush still fights a Zombie: a
    stand-in with its numbers, gone after the combat; nothing is drawn or returned (it used to
    crash: UnboundLocalError in _op_ambush)."""
    s = quiet(new({"ann": [NORMAN]}))
    s["monsters"]["cup"].remove("zombie")
    s["mystery"]["monsters"].append("zombie")
    cup = sorted(s["monsters"]["cup"])
    s["forced_dice"] = [1, 1, 1, 1, 1, 1]
    s, ev = run_fx(s, "[{ambush: {monster: zombie}}]", NORMAN)
    fought = [e for e in ev if e["type"] == "combat"]
    assert fought and fought[0]["kind"] == "zombie" and fought[0]["ambush"]
    assert s["inv"][NORMAN]["health"] < s["inv"][NORMAN]["max_health"]   # its damage was dealt
    assert not s["monsters"]["board"]                                     # the stand-in is gone
    assert sorted(s["monsters"]["cup"]) == cup and s["mystery"]["monsters"] == ["zombie"]
    ok(s)


def test_g12_mark_harrigan_defeats_without_combat():
    """Checklist G12, O9. Seed 002 (Марк Гарріган): a monster losing its last health to his action
    is defeated, not in a combat encounter."""
    s = quiet(new({"ann": [MARK]}))
    here = s["inv"][MARK]["space"]
    uid = put_monster(s, "cultist", here)
    s, ev = act(s, "ann", "component", card=MARK)
    assert uid not in s["monsters"]["board"] and "combat" not in types(ev)
    assert s["inv"][MARK]["health"] == s["inv"][MARK]["max_health"] - 1


def test_i10_gain_by_trait_searches_the_deck():
    """Checklist I10 (1346). Seed 002: «Коли ефект вказує досліднику отримати карту з певною ознакою
    (...), він проглядає відповідну колоду (а потім скид, якщо в колоді немає потрібної карти) і бере
    першу знайдену таку карту. Потім він перетасовує колоду.»"""
    s = quiet(new({"ann": [NORMAN]}))
    deck = list(s["decks"]["assets"]["draw"])
    # «ПОШУК КАРТ» (1445): «проглядає колоду знизу догори» — the first found from the bottom
    first = next(a for a in reversed(deck) if "weapon" in R.C.assets[a]["traits"])
    g, _ = run_fx(s, "[{gain_asset: {trait: weapon}}]", NORMAN)
    got = [a for a in g["inv"][NORMAN]["assets"] if "weapon" in R.C.assets[a]["traits"]]
    assert got == [first]                                              # the first one found
    rest = [a for a in deck if a != first]
    assert sorted(g["decks"]["assets"]["draw"]) == sorted(rest) and g["decks"]["assets"]["draw"] != rest   # shuffled
    ok(g)
    # none left in the deck: the discard is searched
    weapons = [a for a in deck if "weapon" in R.C.assets[a]["traits"]]
    for a in weapons:
        s["decks"]["assets"]["draw"].remove(a)
    s["decks"]["assets"]["discard"] += weapons
    d, _ = run_fx(s, "[{gain_asset: {trait: weapon}}]", NORMAN)
    assert [a for a in d["inv"][NORMAN]["assets"] if "weapon" in R.C.assets[a]["traits"]] == [weapons[0]]
    assert weapons[0] not in d["decks"]["assets"]["discard"]
    ok(d)


def test_i22_discarded_set_aside_monster_is_set_aside_again():
    """Checklist I22, J9: a discarded set-aside monster is set aside again (never into the cup)."""
    s = quiet(new({"ann": [NORMAN]}, ao="shub_niggurath"))
    uid = put_monster(s, "dark_young", "rome")
    s, _ = run_fx(s, "[{discard_monsters: {target: {which: each, at: rome}}}]", NORMAN)
    assert s["monsters"]["set_aside"]["dark_young"] == 1 and "dark_young" not in s["monsters"]["cup"]


def test_i24_blessing_of_isis_names_its_target_before_the_test():
    """Checklist I24 (1656-1658). Seed 002: «Так. Читаючи заклинання «Благословення Ісіді» або «Крок у
    порожнечу», ви повинні вибрати дослідника перед проходженням перевірки 🗡️ незалежно від її
    результату.» — the choice comes before any die; a failed test still leaves the choice made."""
    s = quiet(new({"ann": [NORMAN], "bob": [LEO]}))
    s["inv"][LEO]["space"] = "arkham"
    s, _ = run_fx(s, "[{gain_spell: {name: blessing_of_isis}}]", NORMAN)
    s["forced_dice"] = [1] * 10
    s, ev = act(s, "ann", "component", card="blessing_of_isis")
    p = prompt(s)
    assert p["about"] == "investigator" and "test_rolled" not in types(ev)
    assert {o["value"] for o in p["options"]} == {NORMAN, LEO}
    s, ev = act(s, "ann", "choose", value=LEO)
    assert "test_rolled" in types(ev)                      # the test only after the choice
    while prompt(s) and prompt(s)["kind"] != "action":
        s, ev2 = act(s, prompt(s)["player"], "default")
        ev += ev2
    assert not R.holds(s, LEO, "blessed")                   # all 1s: failed, the named one gains nothing
    assert not any(e["type"] == "choose" for e in ev)


def test_k11_a_mythos_card_drawing_another_resolves_it_fully():
    """Checklist K11. Seed 004 (Мифы): «Разыгрывая карту Мифа, вы должны выполнить все её инструкции
    так полно, как это возможно. Если карта Мифа требует разыграть ещё одну карту Мифа, вы должны в
    полной мере выполнить инструкции и этой новой карты.» — the drawn card's symbols and effect all
    run (the same as drawing it from the deck), then it is discarded."""
    s = quiet(new({"ann": [NORMAN]}))
    s["phase"] = "mythos"
    box = len(s["mythos"]["box"])
    s, ev = run_fx(s, "[{draw_mythos: {trait: event}}]", keep_going=True)
    assert len(s["mythos"]["box"]) == box - 1
    drawn = next(e for e in ev if e["type"] == "mythos_drawn")
    assert drawn["card"] in s["mythos"]["discard"]
    symbols = R.C.mythos[drawn["card"]]["symbols"]
    after = types(ev[ev.index(drawn):])
    if "advance_omen" in symbols:
        assert "omen" in after
    if "spawn_clues" in symbols:
        assert "clue_spawned" in after or sum(map(len, s["clues"]["board"].values())) > 0
    # the same card drawn from the deck resolves the same steps: nothing was skipped
    t = quiet(new({"ann": [NORMAN]}))
    t["phase"] = "mythos"
    t["rng"], t["mythos"]["box"] = s["rng"], [c for c in t["mythos"]["box"] if c != drawn["card"]]
    u, ev2 = run_fx(t, "[]", keep_going=True)
    ev3 = []
    R.resolve_mythos_card(u, drawn["card"], ev3)
    R.run(u, ev3)
    assert types(ev3)[0] == "mythos_drawn" and drawn["card"] in u["mythos"]["discard"]
    assert [x for x in types(ev3) if x in ("omen", "doom", "mythos_drawn")] == \
        [x for x in after if x in ("omen", "doom", "mythos_drawn")]
    ok(s)


def test_m4_solo_boxes_teamwork():
    """Checklist M4, A24. Seed 002 (соло): with one investigator every Teamwork component is boxed."""
    s = new({"ann": [NORMAN]})
    teamwork = [a for a, d in R.C.assets.items() if "teamwork" in d["traits"]]
    assert teamwork and not set(teamwork) & set(s["decks"]["assets"]["draw"] + s["reserve"])
    two = new({"ann": [NORMAN, LEO]})
    assert set(teamwork) & set(two["decks"]["assets"]["draw"] + two["reserve"])
    ok(s)


def test_h12_no_investigator_left_eliminates_the_player():
    """Checklist H12 (985, 1419). Seed 002: «Якщо дослідника перемогли, а вільних дослідників у запасі
    не залишилося, цей гравець вибуває з гри.» — Bob is out; Ann plays on; no investigator is offered."""
    s = quiet(new({"ann": [NORMAN], "bob": [LEO]}))
    s["used_investigators"] = list(R.C.investigator_ids)
    s, _ = run_fx(s, "[{lose: {health: 20}}]", LEO)
    s = to_encounters(s)
    offered = []
    while s["result"] is None and s["round"] == 1:
        offered.append(prompt(s)["kind"])
        s, _ = act(s, prompt(s)["player"], "default")
    assert "bob" in s["eliminated"] and "ann" not in s["eliminated"]
    assert "new_investigator" not in offered and LEO not in [i for i in s["order"] if s["inv"][i]["status"] == "active"]
    if s["result"] is None:
        assert all(p["player"] != "bob" for p in R.prompts(s))     # an eliminated player is asked nothing


def test_l1_hooks_rumor_other_world_and_clearing_defeated_sheets():
    """Checklist L1, L3 (hooks.yaml): Fractured Reality's encounter resolves an Other World card
    whose gate closing solves the rumor instead; No Peace for the Fallen clears defeated sheets."""
    s = quiet(new({"ann": [NORMAN], "bob": [LEO]}, setup={"decks": {"other_world": ["other_world_1"]}}))
    s, _ = run_fx(s, [{"op": "_mythos_in_play"}], NORMAN, card={"kind": "mythos", "id": "fractured_reality"})
    s["forced_dice"] = [6] + [1] * 10
    s, ev = run_fx(s, "[{hook: {id: rumor_other_world_encounter}}]", NORMAN,
                   card={"kind": "mythos", "id": "fractured_reality"})
    while prompt(s)["kind"] != "action":
        s, more = act(s, "ann", "default")
        ev += more
    assert "rumor_solved" in types(ev) and not s["mythos"]["in_play"] and not s["gates"]["board"]
    s, _ = run_fx(s, "[{lose: {health: 20}}]", LEO)
    assert s["figures"]
    s, _ = run_fx(s, "[{hook: {id: clear_defeated_investigators}}]", NORMAN)
    assert not s["figures"] and "hired_muscle" in s["decks"]["assets"]["discard"]
    ok(s)


def test_d25_e16_defeated_mid_effect_stops_resolving_it():
    """Checklist D25, E16. Seed 002: an investigator defeated during an action or an encounter stops
    resolving it at once (the rest of the effect is not applied to them)."""
    s = quiet(new({"ann": [NORMAN], "bob": [LEO]}))
    s, ev = run_fx(s, "[{lose: {sanity: 20}}, {gain_clues: {count: 2}}, {improve: {skill: lore}}]", LEO)
    assert s["inv"][LEO]["status"] == "defeated"
    assert "clues_gained" not in types(ev) and "improved" not in types(ev)
