"""More checklist items across areas: trades, local actions, delays, named ambushes, gains by trait,
set-aside monsters, spell targets, mythos within mythos, solo."""
from eh_helpers import R, act, new, ok, options, prompt, put_monster, quiet, run_fx, to_encounters, types

NORMAN, LEO, MARK = "norman_withers", "leo_anderson", "mark_harrigan"


def test_d10_trade_keeps_the_ticket_cap_and_drops_a_duplicate_spell():
    """Checklist D10 [R]: after a trade the 2-ticket cap holds and a duplicate spell is discarded."""
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
    assert [R.card_id(b) for b in s["inv"][NORMAN]["spells"]].count("wither") == 1
    assert not R.holds(s, LEO, "wither")
    ok(s)


def test_d21_local_action_usable_by_another_investigator_on_the_space():
    """Checklist D21. Seed 002 («Місцева дія»): usable by the owner or any investigator in the
    owner's location, each once per round."""
    s = quiet(new({"ann": [NORMAN], "bob": [LEO]}))
    s["inv"][LEO]["space"] = "arkham"
    s, _ = run_fx(s, "[{gain_condition: {name: debt}}]", LEO)
    assert {"type": "local", "card": "debt", "owner": LEO} in options(s)
    s["forced_dice"] = [1] * 5
    s, _ = act(s, "ann", "local", card="debt", owner=LEO)
    while prompt(s)["kind"] != "action":
        s, _ = act(s, prompt(s)["player"], "default")
    assert {"type": "local", "card": "debt", "owner": LEO} not in options(s)


def test_d24_a_delayed_investigator_still_has_an_encounter():
    """Checklist D24 [R]: Delayed affects only actions."""
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


def test_g9_named_ambush_uses_the_board_token_and_keeps_its_wounds():
    """Checklist G9 [R]: an ambush by a named monster uses its token on the board; it fights on the
    investigator's space and its damage stays on the token."""
    s = quiet(new({"ann": [NORMAN]}))
    uid = put_monster(s, "zombie", "tokyo")
    s["forced_dice"] = [1, 1, 1, 1, 6, 1]
    s, ev = run_fx(s, "[{ambush: {monster: zombie}}]", NORMAN)
    m = s["monsters"]["board"][uid]
    assert m["space"] == "arkham" and m["damage"] == 1
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
    """Checklist I10. Seed 002: gain by trait: the first card of that trait in the deck (then its
    discard), then shuffle."""
    s = quiet(new({"ann": [NORMAN]}))
    s, _ = run_fx(s, "[{gain_asset: {trait: weapon}}]", NORMAN)
    got = [a for a in s["inv"][NORMAN]["assets"] if "weapon" in R.C.assets[a]["traits"]]
    assert len(got) == 1
    ok(s)


def test_i22_discarded_set_aside_monster_is_set_aside_again():
    """Checklist I22, J9: a discarded set-aside monster is set aside again (never into the cup)."""
    s = quiet(new({"ann": [NORMAN]}, ao="shub_niggurath"))
    uid = put_monster(s, "dark_young", "rome")
    s, _ = run_fx(s, "[{discard_monsters: {target: {which: each, at: rome}}}]", NORMAN)
    assert s["monsters"]["set_aside"]["dark_young"] == 1 and "dark_young" not in s["monsters"]["cup"]


def test_i24_blessing_of_isis_names_its_target_before_the_test():
    """Checklist I24: Blessing of Isis names its investigator before the test, whatever the result."""
    s = quiet(new({"ann": [NORMAN], "bob": [LEO]}))
    s["inv"][LEO]["space"] = "arkham"
    s, _ = run_fx(s, "[{gain_spell: {name: blessing_of_isis}}]", NORMAN)
    s["forced_dice"] = [1] * 10
    s, ev = act(s, "ann", "component", card="blessing_of_isis")
    p = prompt(s)
    assert p["about"] == "investigator" and "test_rolled" not in types(ev)


def test_k11_a_mythos_card_drawing_another_resolves_it_fully():
    """Checklist K11 (004: Мифы): a mythos card telling you to resolve another resolves it fully."""
    s = quiet(new({"ann": [NORMAN]}))
    s["phase"] = "mythos"
    box = len(s["mythos"]["box"])
    s, ev = run_fx(s, "[{draw_mythos: {trait: event}}]", keep_going=True)
    assert len(s["mythos"]["box"]) == box - 1
    drawn = next(e for e in ev if e["type"] == "mythos_drawn")
    assert drawn["card"] in s["mythos"]["discard"]


def test_m4_solo_boxes_teamwork():
    """Checklist M4, A24. Seed 002 (соло): with one investigator every Teamwork component is boxed."""
    s = new({"ann": [NORMAN]})
    teamwork = [a for a, d in R.C.assets.items() if "teamwork" in d["traits"]]
    assert teamwork and not set(teamwork) & set(s["decks"]["assets"]["draw"] + s["reserve"])
    two = new({"ann": [NORMAN, LEO]})
    assert set(teamwork) & set(two["decks"]["assets"]["draw"] + two["reserve"])
    ok(s)


def test_h12_no_investigator_left_eliminates_the_player():
    """Checklist H12: a player with no available investigator left is eliminated."""
    s = quiet(new({"ann": [NORMAN], "bob": [LEO]}))
    s["used_investigators"] = list(R.C.investigator_ids)
    s, _ = run_fx(s, "[{lose: {health: 20}}]", LEO)
    s = to_encounters(s)
    while s["result"] is None and s["round"] == 1:
        s, _ = act(s, prompt(s)["player"], "default")
    assert "bob" in s["eliminated"]


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
