"""Possessions, conditions and spells; hidden backs (I, N)."""
import json

from eh_helpers import R, act, new, ok, options, prompt, quiet, run_fx, types

NORMAN = "norman_withers"


def game(**kw):
    return quiet(new({"ann": [NORMAN]}, **kw))


def test_i5_n1_condition_backs_hidden_until_flipped():
    """Checklist I5, N1, P4. Seed 002: backs of spells and conditions are hidden from everyone,
    owner included, until an effect flips them."""
    s = game()
    s, ev = run_fx(s, "[{gain_condition: {name: paranoia}}]", NORMAN)
    back = s["inv"][NORMAN]["conditions"][0]
    assert back != "paranoia" and R.card_id(back) == "paranoia"
    for viewer in (None, "ann"):
        text = json.dumps(R.view(s, viewer))
        assert f'"{back}"' not in text and "paranoia" in text
    assert all(back not in json.dumps(e) for e in ev)
    s2, ev = run_fx(s, "[flip_this]", NORMAN, card={"kind": "condition", "id": "paranoia", "back": back,
                                                      "holder": NORMAN})
    flipped = next(e for e in ev if e["type"] == "card_flipped")
    assert flipped["back"] == back and flipped.get("reveal")


def test_i6_random_spell_is_the_bottom_card_and_deck_stays_face_up():
    """Checklist I6, I9. Seed 002: double-sided decks lie face up; a random gain takes the bottom card."""
    s = game()
    bottom = s["decks"]["spells"]["draw"][-1]
    if R.holds(s, NORMAN, R.card_id(bottom)):
        return
    s, _ = run_fx(s, "[{gain_spell: {}}]", NORMAN)
    assert bottom in s["inv"][NORMAN]["spells"]
    assert R.view(s, None)["spell_top"] == R.card_id(s["decks"]["spells"]["draw"][0])


def test_i7_i8_no_duplicate_spells_or_conditions():
    """Checklist I7, I8. Seed 002: no duplicate spells or conditions; an investigator may not pay a
    cost of gaining a condition already held."""
    s = game()
    s, _ = run_fx(s, "[{gain_spell: {name: feed_the_mind}}, {gain_condition: {name: paranoia}},"
                     " {gain_condition: {name: paranoia}}]", NORMAN)
    assert [R.card_id(b) for b in s["inv"][NORMAN]["spells"]] == ["feed_the_mind"]
    assert [R.card_id(b) for b in s["inv"][NORMAN]["conditions"]] == ["paranoia"]
    s2, _ = run_fx(s, "[{may: {cost: [{gain_condition: {name: paranoia}}], then: [{gain_clues: {count: 2}}],"
                      " otherwise: [{lose: {sanity: 1}}]}}]", NORMAN)
    assert prompt(s2)["kind"] == "action" and s2["inv"][NORMAN]["sanity"] == s["inv"][NORMAN]["sanity"] - 1
    ok(s2)


def test_i8_blessed_and_cursed_cancel():
    """Checklist I8 [F]: gaining Cursed while Blessed discards Blessed instead (cancelled_by)."""
    s = game()
    s, _ = run_fx(s, "[{gain_condition: {name: blessed}}, {gain_condition: {name: cursed}}]", NORMAN)
    assert s["inv"][NORMAN]["conditions"] == []
    ok(s)


def test_i11_i12_gain_by_name_from_the_reserve_first():
    """Checklist I11, I12: a card gained by name comes from the reserve if it is there."""
    s = game()
    card = s["reserve"][0]
    s, ev = run_fx(s, f"[{{gain_asset: {{name: {card}}}}}]", NORMAN)
    assert card in s["inv"][NORMAN]["assets"] and len(s["reserve"]) == 4
    ok(s)


def test_i17_service_resolves_when_gained():
    """Checklist I17: Service assets resolve when gained (Private Care: recover, then discarded)."""
    s = game()
    s["inv"][NORMAN]["health"] = 1
    s, ev = run_fx(s, "[{gain_asset: {name: private_care}}]", NORMAN)
    assert s["inv"][NORMAN]["health"] > 1 and "private_care" not in s["inv"][NORMAN]["assets"]
    ok(s)


def test_i14_i23_i25_casting_a_spell_flips_it_and_it_returns_face_up():
    """Checklist I14, I23, I25. Seed 002: casting resolves the front (a test, then a flip); the back
    resolves at once; afterwards the spell stays with its caster face up unless the back discards it."""
    s = game()
    s, _ = run_fx(s, "[{gain_spell: {name: conjuration}}]", NORMAN)
    assert {"type": "component", "card": "conjuration"} in options(s)
    s["forced_dice"] = [5] * 10
    s, ev = act(s, "ann", "component", card="conjuration")
    while prompt(s) and prompt(s)["kind"] != "action":
        s, more = act(s, "ann", "default")
        ev += more
    assert "test_rolled" in types(ev) and "card_flipped" in types(ev)
    assert types(ev).index("test_rolled") < types(ev).index("card_flipped")
    flipped = next(e for e in ev if e["type"] == "card_flipped")
    discarded = "card_discarded" in types(ev)
    assert flipped["card"] == "conjuration"
    assert R.holds(s, NORMAN, "conjuration") == (not discarded)   # face up again with its caster
    ok(s)


def test_i18_discard_more_than_held_discards_all():
    """Checklist I18: a demand beyond what one has discards all of that kind."""
    s = game()
    s["inv"][NORMAN]["clues"] = [s["clues"]["pool"].pop()]
    s, _ = run_fx(s, "[{discard_clues: {count: 3}}]", NORMAN)
    assert s["inv"][NORMAN]["clues"] == []
    ok(s)


def test_i19_empty_deck_rebuilt_from_its_discard():
    """Checklist I19. Seed 002: «Якщо колода карт вичерпалася, відразу перетасуйте скид і створіть
    нову колоду.»"""
    s = game()
    deck = s["decks"]["general"]
    deck["discard"], deck["draw"] = deck["draw"], []
    card = R.draw_card(s, "general")
    assert card is not None and len(deck["draw"]) == 11 and deck["discard"] == []


def test_i3_give_hands_possessions_one_at_a_time():
    """Checklist I3, O2: an effect that gives possessions lets the giver hand them over one by one
    until done (Delivery Service's items; here any assets to the chosen investigator)."""
    s = quiet(new({"ann": [NORMAN], "bob": ["leo_anderson"]}))
    s, _ = run_fx(s, "[{gain_asset: {name: bandages}}, {choose_investigator: {among: others}},"
                     " {give: {what: [items]}}]", NORMAN)
    p = prompt(s)
    assert p["about"] == "give" and p["options"][0]["value"] is None
    give = next(o for o in p["options"] if o["value"] and o["value"]["card"] == "bandages")
    s, _ = act(s, "ann", "choose", value=give["value"])
    assert "bandages" in s["inv"]["leo_anderson"]["assets"] and "bandages" not in s["inv"][NORMAN]["assets"]
    if prompt(s) and prompt(s).get("about") == "give":
        s, _ = act(s, "ann", "default")
    ok(s)
