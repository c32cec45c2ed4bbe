"""Health, sanity, defeat, devouring, elimination (H)."""
from eh_helpers import (R, act, new, ok, options, prompt, quiet, run_fx, settle, to_encounters, to_new_investigator,
                        types)

NORMAN, LEO = "norman_withers", "leo_anderson"


def game(**kw):
    return quiet(new({"ann": [NORMAN], "bob": [LEO]}, **kw))


def test_h1_h2_h4_h5_h6_defeat_steps():
    """Checklist H1, H2, H4, H5, H6. Seed 002: «Якщо значення здоров'я чи розуму дослідника
    дорівнює нулю, його вважають переможеним.» — «Підвищте приреченість на 1.» — «Перемістіть фішку
    дослідника в найближчу локацію міста.» Conditions and tokens are discarded, possessions stay
    on the sheet."""
    s = game()
    s["inv"][LEO]["space"] = "amazon"
    s["inv"][LEO]["improve"]["will"] = 2
    s, _ = run_fx(s, "[{gain_condition: {name: paranoia}}]", LEO)
    doom = s["doom"]
    s, ev = run_fx(s, "[{lose: {sanity: 20}}]", LEO)
    leo = s["inv"][LEO]
    assert leo["status"] == "defeated" and s["doom"] == doom - 1
    assert R.C.spaces[leo["space"]]["type"] == "city"
    assert leo["space"] in R.nearest(s, "amazon", lambda sp: R.C.spaces[sp]["type"] == "city")
    fig = s["figures"][0]
    assert fig["token"] == "sanity" and fig["possessions"]["assets"] == ["hired_muscle"]
    assert leo["conditions"] == [] and leo["improve"]["will"] == 0 and leo["assets"] == []
    assert LEO not in R.active_invs(s)
    ok(s)


def test_h3_spending_never_the_last_and_is_all_or_nothing():
    """Checklist H3. Seed 002: «Ефекти, що запобігають втраті здоров'я чи розуму, не діють, якщо
    дослідник витрачає здоров'я чи розум.» The last health/sanity can never be spent."""
    s = game()
    s["inv"][NORMAN]["sanity"] = 2
    s2, _ = run_fx(s, "[{may: {cost: [{spend: {sanity: 2}}], then: [{gain_clues: {count: 3}}], "
                      "otherwise: [{improve: {skill: lore}}]}}]", NORMAN)
    assert s2["inv"][NORMAN]["sanity"] == 2 and s2["inv"][NORMAN]["improve"]["lore"] == 1
    s2, _ = run_fx(s, "[{spend: {sanity: 2}}, {gain_clues: {count: 3}}]", NORMAN)
    assert s2["inv"][NORMAN]["sanity"] == 2 and len(s2["inv"][NORMAN]["clues"]) == 0   # rest skipped
    s2, _ = run_fx(s, "[{may: {cost: [{spend: {sanity: 1}}], then: [{gain_clues: {count: 1}}]}}]", NORMAN)
    assert prompt(s2)["about"] == "may"
    s2, _ = act(s2, "ann", "choose", value=True)
    assert s2["inv"][NORMAN]["sanity"] == 1 and len(s2["inv"][NORMAN]["clues"]) == 1


def test_h7_defeated_lead_passes_the_token():
    """Checklist H7: a defeated Lead gives the Lead token to another investigator of their choice."""
    s = quiet(new({"ann": [NORMAN], "bob": [LEO], "cid": ["lily_chen"]}))
    assert s["lead"] == NORMAN
    s, _ = run_fx(s, "[{lose: {health: 20}}]", NORMAN)
    p = prompt(s)
    assert p["kind"] == "pass_lead" and p["player"] == "ann"
    s, _ = act(s, "ann", "lead", to="lily_chen")
    assert s["lead"] == "lily_chen"


def test_h10_h11_new_investigator_after_the_mythos_phase():
    """Checklist H10, K12. Seed 002: «Втративши дослідника, гравець може вибрати нового дослідника
    після фази міту.» — never one already defeated in this game."""
    s = game()
    s, _ = run_fx(s, "[{lose: {health: 20}}]", LEO)
    s = to_new_investigator(to_encounters(s))
    if s["result"] is not None:
        return
    p = prompt(s)
    assert p["player"] == "bob"
    ids = [o["id"] for o in p["options"]]
    assert LEO not in ids and NORMAN not in ids and len(ids) == 10
    s, ev = act(s, "bob", "investigator", id="silas_marsh")
    assert s["inv"]["silas_marsh"]["space"] == "sydney" and "fishing_net" in s["inv"]["silas_marsh"]["assets"]
    assert "silas_marsh" in s["order"] and LEO not in s["order"]
    ok(s)


def test_h13_devoured_discards_everything_no_figure():
    """Checklist H13. Seed 002 («Зжерті дослідники»): doom +1, every possession, condition and
    token discarded, sheet and figure boxed."""
    s = game()
    doom = s["doom"]
    s, ev = run_fx(s, "[{devour: {}}]", LEO)
    assert s["inv"][LEO]["status"] == "devoured" and s["doom"] == doom - 1
    assert not s["figures"] and "hired_muscle" in s["decks"]["assets"]["discard"]
    ok(s)


def test_h14_h15_after_the_awakening_defeat_eliminates_and_all_out_loses():
    """Checklist H14, H15. Seed 002: «Якщо дослідника перемогли або зжерли після пробудження
    Стародавнього, гравець вибуває з гри.» All players out: the investigators lose."""
    s = game(ao="cthulhu")
    s["awakened"] = True
    s["doom"] = 0
    s, _ = run_fx(s, "[{lose: {health: 20}}]", LEO)
    assert "bob" in s["eliminated"] and s["inv"][LEO]["status"] == "eliminated" and s["result"] is None
    s, _ = run_fx(s, "[{lose: {sanity: 20}}]", NORMAN)
    assert s["result"] == {"winner": "ancient_one", "reason": "all_eliminated"}


def test_h8_defeated_investigator_is_unaffected_by_effects():
    """Checklist H8, H9: a defeated investigator is no longer an investigator; play goes on."""
    s = game()
    s, _ = run_fx(s, "[{lose: {health: 20}}]", LEO)
    s, _ = run_fx(s, "[{for_each: {who: investigators, effect: [{gain_clues: {count: 1}}]}}]")
    assert len(s["inv"][LEO]["clues"]) == 0 and len(s["inv"][NORMAN]["clues"]) == 1
    assert LEO not in [o.get("with") for o in options(s)]


def test_h3_i2_prevention_responds_to_a_loss_never_to_a_spend():
    """Checklist H3, I2, I3. Seed 002: «Ефекти, що запобігають втраті здоров'я чи розуму, не діють,
    якщо дослідник витрачає здоров'я чи розум.» Bandages (on the holder's space) may be discarded
    to prevent 2 of a pending health loss; a spend offers nothing."""
    s = game()
    s["inv"][LEO]["space"] = s["inv"][NORMAN]["space"]
    s, _ = run_fx(s, "[{gain_asset: {name: bandages}}]", LEO)
    h = s["inv"][NORMAN]["health"]
    s2, _ = run_fx(s, "[{spend: {health: 2}}]", NORMAN)
    assert s2["inv"][NORMAN]["health"] == h - 2 and prompt(s2)["kind"] == "action"
    s2, _ = run_fx(s, "[{lose: {health: 3}}]", NORMAN)
    p = prompt(s2)
    assert p["player"] == "bob" and p["about"] == "may" and p["options"][0]["value"] is False
    declined, _ = act(s2, "bob", "default")
    assert declined["inv"][NORMAN]["health"] == h - 3
    used, ev = act(s2, "bob", "choose", value=True)
    assert used["inv"][NORMAN]["health"] == h - 1 and "bandages" not in used["inv"][LEO]["assets"]
    assert "loss_prevented" in types(ev)
    ok(used)


def test_i2_once_per_round_response_is_offered_once():
    """Checklist I2. Seed 002: an effect works once per occurrence of its trigger unless it says
    otherwise; Flesh Ward («once per round») is offered again only next round."""
    s = game()
    s, _ = run_fx(s, "[{gain_spell: {name: flesh_ward}}]", NORMAN)
    s["forced_dice"] = [1] * 20
    s, _ = run_fx(s, "[{lose: {health: 1}}]", LEO)
    assert prompt(s)["about"] == "may" and prompt(s)["player"] == "ann"
    s, _ = act(s, "ann", "choose", value=True)
    while prompt(s)["kind"] != "action":
        s, _ = act(s, prompt(s)["player"], "default")
    s, _ = run_fx(s, "[{lose: {health: 1}}]", LEO)
    assert prompt(s)["kind"] == "action"   # not offered a second time this round
