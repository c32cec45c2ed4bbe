"""The Encounter phase (E) through the effect interpreter."""
from eh_helpers import (R, act, new, ok, options, prompt, put_clue, put_gate, put_monster, quiet, run_fx,
                        to_encounters, types)

NORMAN = "norman_withers"   # Arkham; lore 3, observation 3, will 4


def game(decks=None, invs=None, **kw):
    s = quiet(new(invs or {"ann": [NORMAN]}, setup={"decks": decks or {}}, **kw))
    return s


def test_e1_each_investigator_one_encounter_lead_first():
    """Checklist E1. Seed 002: «Першим зустріч розігрує головний дослідник, потім дослідник
    ліворуч від нього і т. д.»"""
    s = game(invs={"ann": [NORMAN], "bob": ["leo_anderson"]}, lead="bob")
    s = to_encounters(s)
    assert prompt(s)["inv"] == "leo_anderson" and prompt(s)["kind"] == "encounter"
    s, _ = act(s, "bob", "default")
    while prompt(s) and prompt(s)["inv"] == "leo_anderson":
        s, _ = act(s, "bob", "default")
    assert prompt(s)["inv"] == NORMAN


def test_e5_e6_location_encounter_city_deck_or_general():
    """Checklist E5, E6, E18. Seed 002: «Дослідник бере карту зустрічі із зображенням своєї
    локації (якщо перебуває в одному з дев'яти міст) або з колоди загальних зустрічей.»"""
    s = game(decks={"america": ["america_1"]})
    s = to_encounters(s)
    opts = options(s)
    assert {"type": "encounter", "what": "location", "deck": "america"} in opts
    assert {"type": "encounter", "what": "location", "deck": "general"} in opts
    assert not any(o["what"] in ("research", "other_world") for o in opts)
    s["forced_dice"] = [1, 1, 1, 1]
    s, ev = act(s, "ann", "encounter", what="location", deck="america")
    enc = next(e for e in ev if e["type"] == "encounter")
    assert enc["card"] == "america_1" and enc["section"] == "arkham"
    held = [R.card_id(b) for b in s["inv"][NORMAN]["spells"]]
    assert any("incantation" in R.C.spells[x]["traits"] for x in held)
    assert R.holds(s, NORMAN, "hallucinations")         # the Lore test failed
    assert "america_1" in s["decks"]["america"]["discard"]   # E18
    ok(s)


def test_e7_research_encounter_takes_this_clue():
    """Checklist E7, I13. Seed 002: «Жетони доказів дозволяють дослідникам розігрувати
    дослідницькі зустрічі.» «Цей доказ» is the token in the space."""
    s = game(decks={"research_azathoth": ["research_azathoth_1"]})
    put_clue(s, "arkham")
    s = to_encounters(s)
    assert {"type": "encounter", "what": "research"} in options(s)
    s["forced_dice"] = [6, 1, 1]
    s, ev = act(s, "ann", "encounter", what="research")
    assert "arkham" not in s["clues"]["board"]
    assert len(s["inv"][NORMAN]["clues"]) == 2   # this clue + one from the pool
    ok(s)


def test_e7_research_clue_stays_when_nobody_takes_it():
    """Checklist E7: if nobody gains or discards «цей доказ», it stays for a later encounter."""
    s = game(decks={"research_azathoth": ["research_azathoth_1"]})
    put_clue(s, "arkham")
    s = to_encounters(s)
    s["forced_dice"] = [1, 1, 1]
    s, ev = act(s, "ann", "encounter", what="research")
    assert len(s["clues"]["board"]["arkham"]) == 1


def test_e8_e14_other_world_stays_on_board_and_closes_this_gate():
    """Checklist E8, E14. Seed 002: «Під час фази зустрічей дослідник у локації з воротами може
    розіграти зустріч в Іншому світі» / «Коли дослідник розіграє зустріч в Іншому світі, він усе ще
    перебуває в поточній локації.» A pass resolves the second paragraph, including its test."""
    s = game(decks={"other_world": ["other_world_1"]})
    put_gate(s, "arkham")
    s = to_encounters(s)
    s["forced_dice"] = [6, 1, 6, 1, 1]
    s, ev = act(s, "ann", "encounter", what="other_world")
    assert "arkham" not in s["gates"]["board"] and "arkham" in s["gates"]["discard"]
    assert s["inv"][NORMAN]["space"] == "arkham"
    p = prompt(s)   # the nested Lore test passed: choose a clue or a spell
    assert p["kind"] == "choose" and p["about"] == "option"
    s, _ = act(s, "ann", "default")
    assert "other_world_1" in s["decks"]["other_world"]["discard"]
    ok(s)


def test_e9_expedition_token_follows_the_new_top_card():
    """Checklist E9. Seed 002: «Розігравши експедиційну зустріч, дослідник переміщує жетон поточної
    експедиції в локацію, зображену на звороті верхньої карти колоди експедиційних зустрічей.»"""
    s = game()
    site = s["expedition"]
    s["inv"][NORMAN]["space"] = site
    s = to_encounters(s)
    assert {"type": "encounter", "what": "expedition"} in options(s)
    s["forced_dice"] = [1] * 30
    s, ev = act(s, "ann", "encounter", what="expedition")
    while prompt(s) and prompt(s)["kind"] in ("choose", "roll"):
        s, _ = act(s, "ann", "default")
    top = s["decks"]["expedition"]["draw"][0]
    assert s["expedition"] == R.C.decks["expedition"]["cards"][top]["location"]
    ok(s)


def test_e11_defeated_investigator_encounter_then_the_figure_leaves():
    """Checklist E11, H6. Seed 002: a defeated investigator's figure offers one encounter from the
    back of the sheet; afterwards the sheet and figure leave the game."""
    s = game(invs={"ann": [NORMAN], "bob": ["leo_anderson"]})
    s["inv"]["leo_anderson"]["space"] = "arkham"
    s, _ = run_fx(s, "[{lose: {health: 9}}]", "leo_anderson")
    fig = s["figures"][0]
    assert fig["inv"] == "leo_anderson" and fig["token"] == "health"
    assert fig["possessions"]["assets"] == ["hired_muscle"]
    s["inv"][NORMAN]["space"] = fig["space"]
    s = to_encounters(s)
    assert {"type": "encounter", "what": "defeated", "card": "leo_anderson"} in options(s)
    s["forced_dice"] = [6] * 5
    s, ev = act(s, "ann", "encounter", what="defeated", card="leo_anderson")
    assert "hired_muscle" in s["inv"][NORMAN]["assets"] and not s["figures"]
    ok(s)


def test_e2_detained_replaces_the_encounter_even_with_monsters():
    """Checklist E2, E15. Seed 002: the back of Detained is resolved instead of any encounter,
    even with monsters in the space."""
    s = game()
    s, _ = run_fx(s, "[{gain_condition: {name: detained}}]", NORMAN)
    put_monster(s, "zombie", "arkham")
    assert [o["type"] for o in options(s)] == ["end_actions"] or all(
        o["type"] in ("end_actions", "local", "component") for o in options(s))
    s = to_encounters(s)
    ev_types = []
    while prompt(s) and s["phase"] == "encounter":
        s, ev = act(s, prompt(s)["player"], "default")
        ev_types += types(ev)
    assert "combat" not in ev_types
    assert not R.holds(s, NORMAN, "detained") or "card_flipped" in ev_types


def test_e10_l1_rumor_encounter_on_its_token():
    """Checklist E10, L1. Seed 002: an investigator on a rumor token may resolve the rumor's
    encounter."""
    rumors = [m for m, d in R.C.mythos.items() if d["trait"] == "rumor" and d["rumor"].get("space")
              and d["rumor"].get("encounter") and d["rumor"]["space"] in R.C.spaces]
    rid = rumors[0]
    s = game()
    s, _ = run_fx(s, [{"op": "_mythos_in_play"}], NORMAN, card={"kind": "mythos", "id": rid})
    space = s["rumor_tokens"][rid]
    s["inv"][NORMAN]["space"] = space
    s = to_encounters(s)
    assert {"type": "encounter", "what": "rumor", "card": rid} in options(s)
