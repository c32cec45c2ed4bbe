"""Combat (G) in the Encounter phase (E3, E4)."""
from eh_helpers import R, act, new, ok, options, prompt, put_monster, quiet, run_fx, to_encounters, types

LILY = "lily_chen"   # Shanghai; lore 2, influence 2, observation 2, strength 4, will 3; health 6 sanity 6


def game(**kw):
    s = quiet(new({"ann": [LILY]}, **kw))
    for a in list(s["inv"][LILY]["assets"]):   # no weapons or amulets: bare skills
        s["inv"][LILY]["assets"].remove(a)
        s["decks"]["assets"]["discard"].append(a)
    return s


def test_g2_g3_g5_will_then_strength_losses_and_damage_stays():
    """Checklist G2, G3, G5, E3. Seed 002: a Will test, horror above the successes is lost as
    sanity; then a Strength test, damage above the successes is lost as health, and the monster
    loses health equal to the successes; an undefeated monster stays with its wounds."""
    s = game()
    uid = put_monster(s, "deep_one", "shanghai")   # will 0 horror 2, strength -1 damage 1, toughness 2
    s = to_encounters(s)
    # combat started at once (one monster): Will (3 dice) then Strength (4-1 = 3 dice)
    s["forced_dice"] = []
    assert s["phase"] == "encounter"
    p = prompt(s)
    assert p is None or p["kind"] in ("roll", "encounter", "group", "action")


def fight(s, uid, will_dice, strength_dice):
    s["forced_dice"] = list(will_dice) + list(strength_dice)
    cid = R.new_ctx(s, self_=LILY)
    ev = []
    R.start_combat(s, LILY, uid, ev, parent=cid)
    R.run(s, ev)
    return s, ev


def test_g2_g3_combat_arithmetic():
    """Checklist G2, G3, G5. Seed 002: if horror is greater than the successes the investigator
    loses the difference in sanity; likewise damage and health; the monster loses health equal to
    the Strength successes."""
    s = game()
    uid = put_monster(s, "deep_one", "shanghai")
    s, ev = fight(s, uid, [5, 1, 1], [6, 1, 1])   # 1 success each
    i = s["inv"][LILY]
    assert i["sanity"] == 6 - (2 - 1)
    assert i["health"] == 6 - 0               # damage 1, one success
    assert s["monsters"]["board"][uid]["damage"] == 1   # G5: stays, wounded
    assert types(ev).index("test_rolled") < [k for k, e in enumerate(ev) if e["type"] == "test_rolled"][1]
    ok(s)


def test_g4_defeated_monster_returns_to_the_cup():
    """Checklist G4, J9. Seed 002: a monster whose lost health reaches its toughness is defeated:
    back to the cup."""
    s = game()
    uid = put_monster(s, "deep_one", "shanghai")
    cup = list(s["monsters"]["cup"])
    s, ev = fight(s, uid, [5, 5, 5], [5, 6, 1])
    assert uid not in s["monsters"]["board"] and "monster_defeated" in types(ev)
    assert s["monsters"]["cup"].count("deep_one") == cup.count("deep_one") + 1
    ok(s)


def test_g6_no_strength_test_on_a_token_without_one():
    """Checklist G6. Seed 002: a token with no Strength test skips that test (the Colour Out of
    Space: Will only)."""
    s = game()
    uid = put_monster(s, "colour_out_of_space", "shanghai")
    s, ev = fight(s, uid, [5, 5, 5], [1])   # after the Will test it rolls one die (1: survives)
    tests = [e["skill"] for e in ev if e["type"] == "test_rolled"]
    assert tests == ["will"] and "die_rolled" in types(ev)


def test_g7_defeated_by_the_will_test_stops():
    """Checklist G7, E16. Seed 002: an investigator defeated during an encounter stops at once:
    no Strength test."""
    s = game()
    s["inv"][LILY]["sanity"] = 1
    uid = put_monster(s, "deep_one", "shanghai")
    s, ev = fight(s, uid, [1, 1, 1], [6, 6, 6])
    assert s["inv"][LILY]["status"] == "defeated"
    assert [e["skill"] for e in ev if e["type"] == "test_rolled"] == ["will"]
    assert s["monsters"]["board"][uid]["damage"] == 0


def test_g8_ambush_is_not_a_spawn_and_returns_to_the_cup():
    """Checklist G8, E17. Seed 002: an ambushing monster from the cup fights at once, it is not a
    spawn; after the combat it goes back to the cup even if undefeated."""
    s = game(setup={"cup": ["colour_out_of_space"]})
    s["monsters"]["cup_top"] = ["colour_out_of_space"]
    s["forced_dice"] = [1, 1, 1, 1]
    s2, ev = run_fx(s, "[{ambush: {monster: random, survived: [{gain_clues: {count: 1}}]}}]", LILY)
    assert not s2["monsters"]["board"]                       # back in the cup
    assert "monster_moved" not in types(ev)                  # its spawn text (to Tunguska) ignored
    assert len(s2["inv"][LILY]["clues"]) == 1                # the effect continued: survived
    ok(s2)


def test_g10_cultist_numbers_come_from_the_ancient_one_sheet():
    """Checklist G10. Seed 002: the Cultist's tests, horror, damage, toughness and effects are on
    the Ancient One sheet (Azathoth: Will 0, horror 1; then lose 1 health and it falls)."""
    s = game()
    uid = put_monster(s, "cultist", "shanghai")
    s, ev = fight(s, uid, [5, 1, 1], [])
    assert uid not in s["monsters"]["board"]
    assert s["inv"][LILY]["health"] == 5 and s["inv"][LILY]["sanity"] == 6
    assert [e["skill"] for e in ev if e["type"] == "test_rolled"] == ["will"]


def test_g11_epic_monsters_are_never_discarded_and_boxed_when_defeated():
    """Checklist G11. Seed 002: an epic monster cannot be discarded; it is defeated only by lost
    health at its toughness and is then boxed."""
    s = game(ao="cthulhu")
    uid = put_monster(s, "cthulhu", "shanghai")
    s2, _ = run_fx(s, "[{discard_monsters: {target: {which: each, at: any}}}]", LILY)
    assert uid in s2["monsters"]["board"]
    s2, _ = run_fx(s, "[{defeat_monsters: {target: {which: each, at: any}}}]", LILY)
    assert uid in s2["monsters"]["board"]
    tough = R.toughness(s, uid)
    s2, _ = run_fx(s, f"[{{damage_monsters: {{target: {{which: each, at: any}}, amount: {tough}}}}}]", LILY)
    assert uid not in s2["monsters"]["board"] and "cthulhu" in s2["boxed_monsters"]
    ok(s2)


def test_e3_e4_combat_with_each_monster_in_chosen_order_then_an_encounter():
    """Checklist E3, E4. Seed 002: with monsters in the space, a combat encounter with each of
    them in the order the investigator chooses; if none remains, one other encounter."""
    s = game()
    a = put_monster(s, "cultist", "shanghai")
    b = put_monster(s, "cultist", "shanghai")
    s["forced_dice"] = [5, 1, 1] * 2
    s = to_encounters(s)
    p = prompt(s)
    assert p["kind"] == "combat_order" and {o["monster"] for o in p["options"]} == {a, b}
    s, ev = act(s, "ann", "fight", monster=b)
    assert prompt(s)["kind"] == "encounter"   # both cultists fell: another encounter may follow
    assert {o["deck"] for o in options(s) if o["what"] == "location"} == {"asia_australia", "general"}
    assert options(s)[0] == {"type": "encounter", "what": "none"}   # «він може»: optional, declined by default
    s2, _ = act(s, "ann", "encounter", what="none")
    assert s2["phase"] != "encounter" or prompt(s2)["inv"] != LILY


def test_e4_no_encounter_while_a_monster_remains():
    """Checklist E4. Seed 002: if any monster remains after the combats, the encounter phase is
    over for that investigator."""
    s = game()
    put_monster(s, "deep_one", "shanghai")
    s["forced_dice"] = [1] * 20
    s = to_encounters(s)
    assert s["phase"] == "mythos" or prompt(s)["kind"] != "encounter"


def test_f13_g_one_shot_combat_use_adds_its_bonus_and_is_optional():
    """Checklist F13, I4: a combat use («можете») is offered before the Will test and declined by
    default; Kerosene adds +5 Strength to this combat, then is discarded."""
    s = game()
    s, _ = run_fx(s, "[{gain_asset: {name: kerosene}}]", LILY)
    uid = put_monster(s, "deep_one", "shanghai")
    s["forced_dice"] = [5, 5, 5] + [1] * 9
    cid = R.new_ctx(s, self_=LILY)
    ev = []
    R.start_combat(s, LILY, uid, ev, parent=cid)
    R.run(s, ev)
    p = prompt(s)
    assert p["about"] == "may" and p["options"][0]["value"] is False
    s, ev = act(s, "ann", "choose", value=True)
    strength = [e for e in ev if e["type"] == "test_rolled" and e["skill"] == "strength"][0]
    assert len(strength["dice"]) == 4 - 1 + 5 and strength["bonus"] == 5
    assert "kerosene" not in s["inv"][LILY]["assets"]
