"""Round 19c rule defects (brief er19c): each test quotes the card (facts.yaml) or the rulebook (seed
002) line it rests on, and fails on the old behaviour."""
from eh_cards import INV, OTHER, fx, give, holding, use
from eh_helpers import R, mythos, new, options, prompt, put_monster, quiet, settle


# --- 1. an action that heals is offered only with someone to heal (R20) -----------------------------
def _own_action(s, inv):
    return [o for o in options(s, s["inv"][inv]["player"]) if o.get("type") == "component"
            and o.get("card") == inv]


def test_jim_culver_needs_someone_on_his_space_below_full_sanity():
    """Jim Culver (facts.yaml): «action: every investigator on his space recovers 1 sanity». With
    everyone there at full sanity it was offered and restored nothing: the action was spent."""
    s = quiet(settle(new({"ann": ["jim_culver"], "bob": [INV]})))
    s["inv"][INV]["space"] = s["inv"]["jim_culver"]["space"]
    assert not _own_action(s, "jim_culver")
    s["inv"][INV]["sanity"] -= 1              # Leo, beside him, has sanity to get back
    assert _own_action(s, "jim_culver")
    s["inv"][INV]["space"] = next(sp for sp in R.C.space_ids if sp != s["inv"]["jim_culver"]["space"])
    assert not _own_action(s, "jim_culver")   # Leo elsewhere: nobody here to heal
    s["inv"]["jim_culver"]["sanity"] -= 1
    assert _own_action(s, "jim_culver")


# --- 2. «the Lead» of a mythos card is the token's holder when the step runs (R21) ------------------
def _lead_falls(card):
    """Leo (ann) is Lead at 1 sanity with a Deep One on his space («reckoning: whoever shares its space
    drops 1 sanity»); Charlie (bob) far away. ``card`` is resolved."""
    s = quiet(settle(new({"ann": [INV], "bob": [OTHER]})))
    here = s["inv"][INV]["space"]
    s["inv"][OTHER]["space"] = next(sp for sp in R.C.space_ids if R.C.dist[here].get(sp, 9) > 2)
    put_monster(s, "deep_one", here)
    s["inv"][INV]["sanity"] = 1
    return mythos(s, card)


def test_desperate_times_asks_the_new_lead_when_the_lead_falls_in_its_reckoning():
    """Desperate Times (facts.yaml): «advance doom by 2 unless the Lead Investigator gains a Dark Pact
    condition», after its reckoning. Seed 002, l.1414: a defeated Lead passes the token «іншому
    дослідникові»; l.1083: «Під час фази міту активний дослідник — це завжди головний дослідник».
    The Lead defeated by the reckoning, his choice was skipped and doom advanced 2 at once."""
    s, events = _lead_falls("desperate_times")
    assert s["inv"][INV]["status"] != "active" and s["lead"] == OTHER
    p = prompt(s)
    assert p["player"] == "bob" and p.get("about") == "may" and p["inv"] == OTHER
    doom = s["doom"]
    t, _ = fx(s, [], inv=OTHER)                # bob takes the Dark Pact
    assert t["doom"] == doom and any(R.card_id(b) == "dark_pact" for b in t["inv"][OTHER]["conditions"])


def test_rally_the_people_goes_to_the_new_lead():
    """Rally the People (facts.yaml): «the Lead Investigator gains 1 random Ally asset from the deck»,
    after its reckoning: with the Lead defeated by the reckoning, nobody gained it."""
    s, _ = _lead_falls("rally_the_people")
    assert s["lead"] == OTHER
    assert s["inv"][OTHER]["assets"][:1] == ["personal_assistant"]   # his own, from the start
    allies = [a for a in s["inv"][OTHER]["assets"][1:] if "ally" in R.C.assets[a]["traits"]]
    assert len(allies) == 1


# --- 3. Cthulhu's reckoning: one token on a sea space (R22) -----------------------------------------
def test_cthulhus_reckoning_puts_one_token_on_a_shared_sea_space():
    """Cthulhu's sheet (facts.yaml): «reckoning: each investigator on a sea space without an Eldritch
    token puts an Eldritch token on his space». Seed 002, l.1572: effects at once are ordered by the
    active player, so each resolves in turn; the second on that space finds the first one's token.
    Two investigators on one sea space put two tokens there."""
    s = quiet(settle(new({"ann": [INV], "bob": [OTHER]}, ao="cthulhu")))
    sea = [sp for sp in R.C.space_ids if R.C.spaces[sp]["type"] == "sea"]
    for i in s["inv"].values():
        i["space"] = sea[0]
    s["eldritch_board"] = {}
    t, _ = fx(s, "[{resolve_reckonings: {of: ancient_one}}]")
    assert t["eldritch_board"] == {sea[0]: 1}
    s["inv"][OTHER]["space"] = sea[1]          # apart, each puts his own
    t, _ = fx(s, "[{resolve_reckonings: {of: ancient_one}}]")
    assert t["eldritch_board"] == {sea[0]: 1, sea[1]: 1}
    s["eldritch_board"] = {sea[0]: 1}          # already marked: nobody there adds one
    t, _ = fx(s, "[{resolve_reckonings: {of: ancient_one}}]")
    assert t["eldritch_board"] == {sea[0]: 1, sea[1]: 1}


def test_records_of_rules_version_8_are_refused():
    """Rules version 9 (R20-R22): the choices above change what a game decides."""
    assert int(R.rules_version) >= 9
    assert not R.accepts("8+" + R.content_digest()) and R.accepts(R.version)


def test_a_fight_a_condition_starts_is_not_said_to_be_the_conditions_test():
    """rv19c: a condition's back that starts a fight (Cursed → "a monster attacks you") had both of
    the fight's tests named as the condition's («не проходить перевірку для стану «Проклятий»»):
    those tests are against the monster. A condition's own test still names it."""
    from tests.engine.eldritch.eh_helpers import new, quiet, run_fx
    s = quiet(new())
    leo = next(iter(s["inv"]))
    _, fought = run_fx(s, "[{ambush: {monster: zombie}}]", leo, card={"kind": "condition", "id": "cursed"})
    rolled = [e for e in fought if e["type"] == "test_rolled"]
    assert rolled and not [e for e in rolled if "card" in e], rolled
    _, tested = run_fx(s, "[{test: {skill: will}}]", leo, card={"kind": "condition", "id": "cursed"})
    assert [e.get("card") for e in tested if e["type"] == "test_rolled"] == ["cursed"]
