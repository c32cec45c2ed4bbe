"""The round (C) and the Action phase (D)."""
from eh_helpers import R, act, dice, new, ok, options, prompt, put_gate, put_monster, quiet, refused, run, types

NORMAN = "norman_withers"   # starts in Arkham (a city with railroads and sea routes)


def arkham_game(**kw):
    s = quiet(new({"ann": [NORMAN]}, **kw))
    return s


def test_d1_d2_two_actions_each_once_per_round():
    """Checklist D1, D2. Seed 002: «Під час цієї фази дослідник може виконати до 2 дій.» /
    «Кожну дію дослідник може виконати лише один раз за раунд. Наприклад, ви не можете відпочити
    два рази поспіль.»"""
    s = arkham_game()
    s["inv"][NORMAN]["health"] -= 2
    s, _ = act(s, "ann", "rest")
    assert {"type": "rest"} not in options(s)
    refused(s, "ann", "rest", "action_taken")
    s, ev = act(s, "ann", "prepare", ticket="train")
    assert prompt(s)["kind"] != "action"   # two actions taken: the Action phase moves on
    ok(s)


def test_d1_fewer_actions_allowed():
    """Checklist D1: «до 2 дій» — ending at once is legal."""
    s = arkham_game()
    s, ev = act(s, "ann", "end_actions")
    assert "phase" in types(ev) and s["phase"] != "action"


def test_d4_d5_travel_then_tickets_of_the_path_type_only():
    """Checklist D4, D5. Seed 002: «Дослідник переміщує свою фішку в будь-яку сусідню локацію»;
    a ticket pays one more step along a path of its own type only."""
    s = arkham_game()
    s["inv"][NORMAN]["tickets"] = {"train": 1, "ship": 0}
    refused(s, "ann", "travel", "not_adjacent", to="tokyo")
    s, _ = act(s, "ann", "travel", to="space_5")
    p = prompt(s)
    assert p["kind"] == "travel_more"
    rides = [o for o in p["options"] if o["type"] == "ride"]
    assert rides and all(R.C.adj["space_5"][o["to"]] == "train" and o["ticket"] == "train" for o in rides)
    s, _ = act(s, "ann", "ride", to=rides[0]["to"], ticket="train")
    assert s["inv"][NORMAN]["space"] == rides[0]["to"] and s["inv"][NORMAN]["tickets"]["train"] == 0
    ok(s)


def test_d6_d7_rest_recovers_one_each_capped_and_not_with_a_monster():
    """Checklist D6, D7, H1. Seed 002: «Дослідник відновлює 1 здоров'я та 1 розум» / «Дослідник
    не може відпочити, якщо перебуває в одній локації з монстром.»"""
    s = arkham_game()
    i = s["inv"][NORMAN]
    i["health"] = i["max_health"] - 2
    i["sanity"] = i["max_sanity"]
    s2, _ = act(s, "ann", "rest")
    assert s2["inv"][NORMAN]["health"] == i["max_health"] - 1
    assert s2["inv"][NORMAN]["sanity"] == i["max_sanity"]   # never above the maximum
    put_monster(s, "zombie", "arkham")
    refused(s, "ann", "rest", "monster_here")


def test_d11_d12_prepare_for_travel_and_ticket_cap():
    """Checklist D11, D12. Seed 002: «Дослідник може отримати квиток на поїзд, якщо до його
    локації веде принаймні одна залізнична колія.» / «Дослідник не може мати більше, ніж два
    квитки одночасно.»"""
    s = arkham_game()
    kinds = {o["ticket"] for o in options(s) if o["type"] == "prepare"}
    assert kinds == {"train", "ship"}
    s["inv"][NORMAN]["tickets"] = {"train": 0, "ship": 2}
    s, _ = act(s, "ann", "prepare", ticket="train")
    assert s["inv"][NORMAN]["tickets"] == {"train": 1, "ship": 1}
    ok(s)
    amazon = quiet(new({"ann": ["leo_anderson"]}))
    amazon["inv"]["leo_anderson"]["space"] = "amazon"
    refused(amazon, "ann", "prepare", "not_city", ticket="ship")


def test_d13_d15_acquire_assets_by_influence_successes():
    """Checklist D13, D15. Seed 002: «Для цього він проходить перевірку впливу й отримує з
    резерву активи на суму, що не перевищує кількості успіхів»; the reserve is refilled after."""
    s = arkham_game(setup={"reserve": ["derringer_18", "revolver_38", "automatic_45", "agency_quarantine"]})
    s["inv"][NORMAN]["clues"] = []
    dice(s, 5, 6, 1, 1)   # Norman's influence is 1: one die, then extras are unused
    s, ev = act(s, "ann", "acquire")
    p = prompt(s)
    assert p["kind"] == "acquire"
    buys = {o["card"] for o in p["options"] if o["type"] == "buy"}
    assert buys == {"derringer_18", "revolver_38"}   # 1 success: cost 1 only
    s, _ = act(s, "ann", "buy", card="derringer_18")
    assert len(s["reserve"]) == 3   # D15: not refilled during the action
    assert not [o for o in options(s) if o["type"] == "buy"]
    s, _ = act(s, "ann", "done")
    assert len(s["reserve"]) == 4 and "derringer_18" in s["inv"][NORMAN]["assets"]
    ok(s)


def test_d14_acquire_nothing_may_discard_one_reserve_card():
    """Checklist D14. Seed 002: «Якщо дослідник не отримує жодної карти, то може скинути з
    резерву одну будь-яку карту.»"""
    s = arkham_game()
    dice(s, 1, 1, 1)
    s, _ = act(s, "ann", "acquire")
    card = s["reserve"][0]
    s, _ = act(s, "ann", "discard_reserve", card=card)
    assert card in s["decks"]["assets"]["discard"] and len(s["reserve"]) == 4
    ok(s)


def test_d16_bank_loan_adds_two_successes_for_debt():
    """Checklist D16. Seed 002 (Борг): during Acquire Assets the investigator may gain Debt to
    add 2 successes; not while holding Debt."""
    s = arkham_game(setup={"reserve": ["automatic_45", "derringer_18", "revolver_38", "arcane_scholar"]})
    dice(s, 1)
    s, _ = act(s, "ann", "acquire")
    s, _ = act(s, "ann", "bank_loan")
    assert R.holds(s, NORMAN, "debt")
    assert {"type": "buy", "card": "automatic_45"} in options(s)
    assert {"type": "bank_loan"} not in options(s)


def test_d8_d9_trade_needs_both_and_moves_possessions_only():
    """Checklist D8, D9. Seed 002: «Дослідник може обмінюватися майном (активами, артефактами,
    доказами, заклинаннями та квитками) з іншим дослідником у тій самій локації.» / «Не можна
    обмінюватися картами стану, жетонами здоров'я, розуму й поліпшень.»"""
    s = quiet(new({"ann": [NORMAN], "bob": ["leo_anderson"]}))
    s["inv"]["leo_anderson"]["space"] = "arkham"
    s, _ = act(s, "ann", "trade", **{"with": "leo_anderson"})
    opts = options(s)
    assert all(o["what"] in ("clue", "ticket", "asset", "artifact", "spell") for o in opts if "what" in o)
    s, _ = act(s, "ann", "take", what="asset", card="hired_muscle")
    s, _ = act(s, "ann", "propose")
    p = prompt(s)
    assert p["player"] == "bob" and p["kind"] == "trade_ok"
    declined, _ = act(s, "bob", "decline")
    assert declined["inv"]["leo_anderson"]["assets"] == ["hired_muscle"]
    accepted, _ = act(s, "bob", "accept")
    assert "hired_muscle" in accepted["inv"][NORMAN]["assets"]
    ok(accepted)
    ok(declined)


def test_d17_d18_component_action_once_per_round():
    """Checklist D17, D18, D19. Seed 002: «Дослідник може виконати дію, указану на одному з його
    компонентів»; each component's action once per round."""
    s = arkham_game()
    put_gate(s, "arkham")   # his action discards a monster from a gate's space: it needs one (R15)
    put_monster(s, "zombie", "arkham")
    assert {"type": "component", "card": NORMAN} not in options(s)   # his cost: 2 clues
    s["inv"][NORMAN]["clues"] = [s["clues"]["pool"].pop(), s["clues"]["pool"].pop()]
    comp = [o for o in options(s) if o["type"] == "component"]
    assert {"type": "component", "card": NORMAN} in comp
    s, _ = act(s, "ann", "component", card=NORMAN)
    while prompt(s)["kind"] != "action":
        s, _ = act(s, "ann", "default")
    assert {"type": "component", "card": NORMAN} not in options(s)
    refused(s, "ann", "component", "action_taken", card=NORMAN)


def test_d22_delayed_investigator_only_stands_up():
    """Checklist D22. Seed 002: «Затриманий дослідник не може виконувати дій.» / «Під час фази дій
    він не виконує 2 дії, а лише ставить свою фішку вертикально.»"""
    s = quiet(new({"ann": [NORMAN], "bob": ["leo_anderson"]}))
    s["inv"]["leo_anderson"]["delayed"] = True
    s, ev = act(s, "ann", "end_actions")
    assert "stood_up" in types(ev)
    assert s["inv"]["leo_anderson"]["delayed"] is False
    assert s["phase"] == "encounter"


def test_d23_delayed_during_an_action_loses_the_rest_instead():
    """Checklist D23. Seed 002: «Якщо дослідник затримується під час виконання дії, замість
    затримання він відразу припиняє виконувати дію і втрачає всі подальші дії.»"""
    from eh_helpers import steps
    s = arkham_game()
    s["turn"]["left"] = 2
    s["inv"][NORMAN]["actions"] = ["rest"]
    cid = R.new_ctx(s, self_=NORMAN)
    ev = []
    R.run_effect(s, steps("[delay]"), cid, end=True)
    R.run(s, ev)
    assert s["inv"][NORMAN]["delayed"] is False
    assert "actions_lost" in types(ev) and "delayed" not in types(ev)
    assert s["phase"] == "encounter"   # the remaining action was lost


def test_c1_c2_round_order_lead_first_then_clockwise():
    """Checklist C1, C2, C5. Seed 002: a round is Action, Encounter, Mythos; the Lead goes first,
    then clockwise."""
    s = quiet(new({"ann": [NORMAN], "bob": ["leo_anderson"], "cid": ["lily_chen"]}, lead="bob"))
    assert prompt(s)["inv"] == "leo_anderson"
    s, _ = act(s, "bob", "end_actions")
    assert prompt(s)["inv"] == "lily_chen"
    s, _ = act(s, "cid", "end_actions")
    assert prompt(s)["inv"] == NORMAN
    s, ev = act(s, "ann", "end_actions")
    assert s["phase"] == "encounter" and prompt(s)["inv"] == "leo_anderson"


def test_c3_the_lead_may_pass_the_token_by_their_own_choice():
    """Checklist C3. Seed 002 l.1035: «Наприкінці фази міту головний дослідник може передати жетон
    головного дослідника іншому гравцеві на свій вибір» (004 l.116 «на свой выбор»): the Lead's own
    choice, asked of the Lead alone, not a group decision the others advise on (RULINGS R13)."""
    s = quiet(new({"ann": [NORMAN], "bob": ["leo_anderson"]}))
    s["mythos"]["deck"] = [c for c in s["mythos"]["deck"] if R.C.mythos[c]["trait"] == "event"][:3]
    while s["result"] is None and not (prompt(s) and prompt(s).get("purpose") == "lead"):
        p = prompt(s)
        s, _ = act(s, p["player"], "default" if p["kind"] != "action" else "end_actions")
    assert s["result"] is None, "the game ended before the end of the first Mythos phase"
    p = prompt(s)
    assert p["kind"] == "pass_lead" and p["player"] == "ann" and not p.get("advisers")
    assert p["options"][0] == {"type": "lead", "to": NORMAN}   # the default keeps the Lead
    assert R.view(s, "bob")["you"]["questions"] == []   # nothing for the others to advise on
    s, ev = act(s, "ann", "lead", to="leo_anderson")
    assert s["lead"] == "leo_anderson" and [e["type"] for e in ev].count("lead_changed") == 1
    # who passed it, for the table's line (an event field)
    assert [e.get("passed_by") for e in ev if e["type"] == "lead_changed"] == [NORMAN]


def test_a_trade_is_built_privately_and_announced_once_when_both_agree():
    """Issue 20: a trade's moves are made only when both agree; until then only the two players
    read the draft (the table's state and log do not change)."""
    from engine.core.events import visible_to
    s = quiet(new({"ann": [NORMAN], "bob": ["leo_anderson"]}))
    s["inv"]["leo_anderson"]["space"] = "arkham"
    s, _ = act(s, "ann", "trade", **{"with": "leo_anderson"})
    before = {k: list(v) if isinstance(v, list) else v for k, v in s["inv"]["leo_anderson"].items()}
    s, building = act(s, "ann", "take", what="asset", card="hired_muscle")
    assert s["inv"]["leo_anderson"]["assets"] == before["assets"] == ["hired_muscle"]   # not moved yet
    assert {"type": "take", "what": "asset", "card": "hired_muscle"} not in options(s)   # the draft counts
    s, proposed = act(s, "ann", "propose")
    assert not [e for e in building + proposed if visible_to(e, None)]   # the table sees nothing yet
    assert [e["type"] for e in proposed if visible_to(e, "bob")] == ["trade_proposed"]
    declined, events = act(s, "bob", "decline")
    assert declined["inv"]["leo_anderson"]["assets"] == ["hired_muscle"]
    assert not [e for e in events if visible_to(e, None)]
    accepted, events = act(s, "bob", "accept")
    public = [e["type"] for e in events if visible_to(e, None)]
    assert public[:2] == ["traded", "trade_accepted"]   # announced once, when both agree
    assert "hired_muscle" in accepted["inv"][NORMAN]["assets"]
    ok(accepted)
