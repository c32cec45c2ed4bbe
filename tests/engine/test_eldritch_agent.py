"""Keeper's Eldritch agent: the clues a mystery asks for are kept for it, not spent on rerolls."""
import random

from engine.core.agent import ask, keeper_for
from engine.registry import rules_for


def _failed_test(clues, seed=3, mystery="seed_of_the_daemon_sultan", what="other_world", purpose="effect"):
    """One investigator alone against Azathoth (seed 3: the mystery Seed of the Daemon Sultan,
    2 clues a token at Tunguska; seed 4: Omen of Devastation, 1 clue a token); he has ``clues``
    and has just rolled two failures in the test of an encounter of kind ``what``."""
    rules = rules_for("eldritch")
    state, _ = rules.new_game(["p1"], seed, None)
    assert state["mystery"]["id"] == mystery
    view = rules.view(state, "p1")
    inv = view["investigators"][0]
    inv["clues"] = clues
    agent = keeper_for("eldritch", "p1")
    agent.observe([{"type": "encounter", "inv": inv["id"], "what": what, "deck": what, "card": f"{what}_1"},
                   {"type": "test_rolled", "inv": inv["id"], "dice": [1, 3], "faces": [5, 6]}])
    prompt = {"id": 1, "player": "p1", "kind": "roll", "shape": "one", "inv": inv["id"], "purpose": purpose,
              "options": [{"type": "keep"}, {"type": "reroll", "die": 0}, {"type": "reroll", "die": 1}]}
    return agent.decide(view, prompt, random.Random(1))


def test_clues_the_mystery_needs_are_not_spent_on_a_reroll():
    assert _failed_test(2)["type"] == "keep"


def test_clues_beyond_the_mystery_price_reroll_a_failed_test():
    assert _failed_test(3)["type"] == "reroll"


def test_no_clue_is_spent_on_a_purchase_or_a_plain_location_test():
    assert _failed_test(5, what="location")["type"] == "keep"
    assert _failed_test(5, purpose="acquire")["type"] == "keep"


def test_a_cheaper_mystery_leaves_more_clues_for_rerolls():
    assert _failed_test(2, 4, "omen_of_devastation")["type"] == "reroll"
    assert _failed_test(1, 4, "omen_of_devastation")["type"] == "keep"


def _solo_view(seed=3):
    rules = rules_for("eldritch")
    state, _ = rules.new_game(["p1"], seed, None)
    view = rules.view(state, "p1")
    return rules, view, view["investigators"][0]


def _mythos_may(card: str):
    """A solo investigator holding 1 clue, asked a mythos card's "may" (decline or pay):
    (view, investigator, agent that saw the card drawn, prompt)."""
    _, view, inv = _solo_view()
    inv["clues"] = 1
    agent = keeper_for("eldritch", "p1")
    agent.observe([{"type": "phase", "phase": "mythos"}, {"type": "mythos_drawn", "card": card}])
    prompt = {"id": 1, "player": "p1", "kind": "group", "shape": "one", "inv": inv["id"], "purpose": "resolve",
              "about": "may", "options": [{"type": "choose", "value": False}, {"type": "choose", "value": True}]}
    return view, inv, agent, prompt


def test_declining_a_may_that_would_unsolve_a_mystery_is_never_chosen():
    """All For Nothing: pool clues or a solved mystery goes back into its deck — paid even with
    no clue to spare (the price of declining is a whole mystery)."""
    view, inv, agent, prompt = _mythos_may("all_for_nothing")
    assert agent.decide(view, prompt, random.Random(1))["value"] is True


def test_an_other_world_may_that_costs_clues_is_declined_when_the_mystery_needs_them():
    """Other World 15: «you may pay 1 clue» for a Lore test instead of Will: the clues the active
    mystery (Seed of the Daemon Sultan, 2 a token) still costs are kept."""
    _, view, inv = _solo_view()
    inv["clues"] = 2
    agent = keeper_for("eldritch", "p1")
    agent.observe([{"type": "encounter", "inv": inv["id"], "what": "other_world", "deck": "other_world",
                    "card": "other_world_15"}])
    prompt = {"id": 1, "player": "p1", "kind": "choose", "shape": "one", "inv": inv["id"], "purpose": "resolve",
              "about": "may", "options": [{"type": "choose", "value": False}, {"type": "choose", "value": True}]}
    assert agent.decide(view, prompt, random.Random(1))["value"] is False


def test_the_omen_is_set_where_the_next_advances_meet_the_fewest_gates():
    rules, view, inv = _solo_view()
    spaces = rules.C.spaces
    view["gates"] = [g for g in rules.C.gate_spaces if spaces[g]["gate"] == "blue"]   # blue: twice on the track
    agent = keeper_for("eldritch", "p1")
    prompt = {"id": 1, "player": "p1", "kind": "choose", "shape": "one", "inv": inv["id"], "purpose": "resolve",
              "about": "omen", "options": [{"type": "choose", "value": k} for k in range(4)]}
    chosen = agent.decide(view, prompt, random.Random(1))["value"]
    track = rules.C.omen_track
    assert track[(chosen + 1) % 4] != "blue"


def test_a_detained_investigator_takes_the_condition_action_to_get_out():
    _, view, inv = _solo_view()
    agent = keeper_for("eldritch", "p1")
    prompt = {"id": 1, "player": "p1", "kind": "action", "shape": "one", "inv": inv["id"],
              "options": [{"type": "end_actions"}, {"type": "local", "card": "detained", "owner": inv["id"]}]}
    assert agent.decide(view, prompt, random.Random(1))["type"] == "local"


def _pair_view():
    """Two investigators on an empty board (no gate, monster, rumor or mystery); the test lays
    out the clues."""
    rules = rules_for("eldritch")
    state, _ = rules.new_game(["p1", "p2"], 3, None)
    view = rules.view(state, "p1")
    view.update(gates=[], monsters={}, clues={}, mystery=None, expedition=None, rumor_tokens={},
                mythos={**view["mythos"], "in_play": []})
    return rules, view


def test_a_goal_goes_to_the_nearer_investigator_not_the_first_in_table_order():
    """London's two clues are one step from the second investigator and two from the first, who
    has a lone clue next door: the second takes London (claimed in table order, the first would
    have taken it and sent the second further), the first the clue next door; both agents
    compute the same claims."""
    rules, view = _pair_view()
    first, second = view["investigators"]
    dist = rules.C.dist
    start, near = next((sp, nb) for sp in rules.C.space_ids if dist[sp]["london"] == 2
                       for nb in rules.C.space_ids if dist[sp][nb] == 1 and dist["arkham"][nb] >= 2
                       and nb != "london")
    first["space"], second["space"] = start, "arkham"
    view["clues"] = {"london": 2, near: 1}
    for player in ("p1", "p2"):
        agent = keeper_for("eldritch", player)
        assert agent._best_goal(view, second) == "london"
        assert agent._best_goal(view, first) == near


def _action_prompt(inv, *options):
    return {"id": 1, "player": "p1", "kind": "action", "shape": "one", "inv": inv["id"],
            "options": [{"type": "end_actions"}, *options]}


def test_silas_never_sails_off_the_gate_he_came_to_close():
    """Silas Marsh's action sails one sea route (seed 1000 with every die a 6: he reached the
    Sydney gate and sailed off it before his encounter, twice): on his goal it is not taken;
    a space away, with a sea route nearer it, it is his move."""
    rules = rules_for("eldritch")
    state, _ = rules.new_game(["p1"], 3, {"investigators": {"p1": ["silas_marsh"]}})
    view = rules.view(state, "p1")
    view.update(gates=["sydney"], monsters={}, clues={}, mystery=None, expedition=None,
                mythos={**view["mythos"], "in_play": []})
    inv = view["investigators"][0]
    sail = {"type": "component", "card": "silas_marsh"}
    inv["space"] = "sydney"
    assert keeper_for("eldritch", "p1").decide(view, _action_prompt(inv, sail), random.Random(1))["type"] == "end_actions"
    sea = next(b for b, kind in rules.C.adj["sydney"].items() if kind == "ship")
    inv["space"] = sea
    travel = {"type": "travel", "to": "sydney"}
    chosen = keeper_for("eldritch", "p1").decide(view, _action_prompt(inv, travel, sail), random.Random(1))
    assert chosen["type"] == "component"   # the same step and an extra action on top


def _encounter_start(monster_kind=None):
    """An investigator holding Mists of Releh is asked its "may" as its encounter turn begins."""
    rules, view, inv = _solo_view()
    inv["spells"] = ["mists_of_releh"]
    view["monsters"] = {"m1": {"kind": monster_kind, "space": inv["space"], "damage": 0}} if monster_kind else {}
    agent = keeper_for("eldritch", "p1")
    agent.observe([{"type": "phase", "phase": "encounter"}, {"type": "turn", "phase": "encounter", "inv": inv["id"]}])
    prompt = {"id": 1, "player": "p1", "kind": "choose", "shape": "one", "inv": inv["id"], "purpose": "resolve",
              "about": "may", "options": [{"type": "choose", "value": False}, {"type": "choose", "value": True}]}
    return agent.decide(view, prompt, random.Random(1))["value"]


def test_mists_of_releh_is_cast_only_with_a_monster_to_slip_past():
    """Mists of Releh: «Encounter phase: Lore test; on a success choose your encounter as though
    no monster were here» — and its backs cost sanity; with no monster here it buys nothing."""
    assert _encounter_start() is False
    assert _encounter_start("cultist") is True


def test_a_choose_one_spends_the_clue_rather_than_the_last_sanity():
    """Other World 10, a failed Influence test: «lose 2 sanity» or «spend 1 clue»: at 2 sanity
    the first would defeat it; with sanity to spare and the clue owed to the mystery, sanity."""
    _, view, inv = _solo_view()
    agent = keeper_for("eldritch", "p1")
    agent.observe([{"type": "encounter", "inv": inv["id"], "what": "other_world", "deck": "other_world",
                    "card": "other_world_10"}])
    prompt = {"id": 1, "player": "p1", "kind": "choose", "shape": "one", "inv": inv["id"], "purpose": "resolve",
              "about": "option", "options": [{"type": "choose", "value": 0}, {"type": "choose", "value": 1}]}
    inv["sanity"], inv["clues"] = 2, 1
    assert agent.decide(view, prompt, random.Random(1))["value"] == 1
    inv["sanity"], inv["clues"] = inv["max_sanity"], 1
    assert agent.decide(view, prompt, random.Random(1))["value"] == 0


def test_a_mystery_space_without_its_price_does_not_hold_an_investigator():
    """Seed of the Daemon Sultan costs 2 clues a step at Tunguska: standing there with none, the
    investigator heads for a clue (seed 2003 kept one on The Deep Ones Attack's space for 8 rounds)."""
    rules, view, inv = _solo_view()
    inv["clues"] = 0
    inv["space"] = view["mystery_token"]
    view.update(gates=[], monsters={})
    near = next(sp for sp in rules.C.space_ids if rules.C.dist[inv["space"]][sp] == 3)
    view["clues"] = {near: 1}
    assert keeper_for("eldritch", "p1")._best_goal(view, inv) == near


def test_a_skill_is_improved_where_a_die_more_adds_most():
    """An improvement of the player's choice: the skill of fewest dice gains most (a second die
    lifts a test from 1/3 to 5/9), not the first one listed."""
    _, view, inv = _solo_view()
    inv["assets"] = []
    inv["skills"] = {"lore": 4, "influence": 4, "observation": 1, "strength": 4, "will": 4}
    inv["improve"] = {k: 0 for k in inv["skills"]}
    prompt = {"id": 1, "player": "p1", "kind": "choose", "shape": "one", "inv": inv["id"], "purpose": "resolve",
              "about": "skill", "options": [{"type": "choose", "value": k} for k in inv["skills"]]}
    assert keeper_for("eldritch", "p1").decide(view, prompt, random.Random(1))["value"] == "observation"


def test_lily_chen_converts_only_to_even_out_her_pools():
    """Lily Chen's action turns health into sanity or back, any amount (it used to run with 0):
    unhurt she does not take it; at 2 sanity of 6 with her health full she does, from her body
    into her mind, until the two are about level."""
    rules = rules_for("eldritch")
    state, _ = rules.new_game(["p1"], 3, {"investigators": {"p1": ["lily_chen"]}})
    view = rules.view(state, "p1")
    inv = view["investigators"][0]
    convert = {"type": "component", "card": "lily_chen"}
    agent = keeper_for("eldritch", "p1")
    assert agent.decide(view, _action_prompt(inv, convert), random.Random(1))["type"] == "end_actions"
    inv["sanity"] = 2
    inv["health"] = inv["max_health"]
    assert agent.decide(view, _action_prompt(inv, convert), random.Random(1))["type"] == "component"
    agent.observe([{"type": "action", "inv": inv["id"], "action": "component", "card": "lily_chen"}])
    option = {"id": 2, "player": "p1", "kind": "choose", "shape": "one", "inv": inv["id"], "purpose": "resolve",
              "about": "option", "options": [{"type": "choose", "value": 0}, {"type": "choose", "value": 1}]}
    assert agent.decide(view, option, random.Random(1))["value"] == 0   # body into mind
    spend = {"id": 3, "player": "p1", "kind": "choose", "shape": "one", "inv": inv["id"], "purpose": "resolve",
             "about": "spend", "options": [{"type": "choose", "value": k} for k in range(inv["health"])]}
    assert agent.decide(view, spend, random.Random(1))["value"] == (inv["health"] - 2) // 2


def _board(mystery, **inv_fields):
    """One investigator on an empty board (no gate, monster, clue or rumor) with ``mystery``
    active; the test lays out the rest."""
    rules, view, inv = _solo_view()
    view.update(gates=[], monsters={}, clues={}, expedition=None, rumor_tokens={}, eldritch={},
                mystery={"id": mystery, "eldritch": 0, "health": 0, "clues": [], "gates": [], "monsters": [],
                         "toughness": [], "placed": []},
                mythos={**view["mythos"], "in_play": []})
    inv.update(inv_fields)
    return rules, view, inv


def _at(rules, frm, d, avoid=()):
    return next(sp for sp in rules.C.space_ids if rules.C.dist[frm][sp] == d and sp not in avoid)


def test_a_wounded_investigator_steps_off_the_monster_that_would_defeat_it():
    """At 1 health on a Goat Spawn's space with its goal right here (seed 5, Shub-Niggurath: Jim
    Culver bought a ticket there instead and was defeated in the encounter), it travels to a
    space with no monster: rest is not allowed beside a monster (seed 002, Rest)."""
    rules, view, inv = _board("occult_research", health=1, clues=0)
    here = inv["space"]
    view["clues"] = {here: 1}
    view["monsters"] = {"m1": {"kind": "goat_spawn", "space": here, "damage": 0}}
    away = next(iter(rules.C.adj[here]))
    prompt = _action_prompt(inv, {"type": "prepare", "ticket": "train"}, {"type": "travel", "to": away})
    chosen = keeper_for("eldritch", "p1").decide(view, prompt, random.Random(1))
    assert (chosen["type"], chosen.get("to")) == ("travel", away)


def test_the_epic_monster_of_the_mystery_outweighs_a_clue_next_door():
    """Spawn of the Black Goat is solved only by defeating Nug: every investigator goes for it
    (its damage stays between fights), even three spaces away with a clue one step off."""
    rules, view, inv = _board("spawn_of_the_black_goat", clues=0)
    nug = _at(rules, inv["space"], 3)
    view["monsters"] = {"m1": {"kind": "nug", "space": nug, "damage": 0}}
    view["clues"] = {_at(rules, inv["space"], 1): 1}
    assert keeper_for("eldritch", "p1")._best_goal(view, inv) == nug


def test_every_clue_rerolls_a_fight_with_the_mystery_monster():
    """Fighting Nug while Spawn of the Black Goat is active: the mystery costs no clue, so the
    last clue rerolls a failed Strength test (otherwise two are kept for the mysteries to come)."""
    _, view, inv = _board("spawn_of_the_black_goat", clues=1)
    view["monsters"] = {"m1": {"kind": "nug", "space": inv["space"], "damage": 0}}
    prompt = {"id": 1, "player": "p1", "kind": "roll", "shape": "one", "inv": inv["id"], "purpose": "combat_strength",
              "options": [{"type": "keep"}, {"type": "reroll", "die": 0}]}
    agent = keeper_for("eldritch", "p1")
    agent.observe([{"type": "combat", "inv": inv["id"], "monster": "m1", "kind": "nug"},
                   {"type": "test_rolled", "inv": inv["id"], "dice": [2], "faces": [5, 6]}])
    assert agent.decide(view, prompt, random.Random(1))["type"] == "reroll"
    agent.observe([{"type": "combat", "inv": inv["id"], "monster": "m2", "kind": "ghoul"},
                   {"type": "test_rolled", "inv": inv["id"], "dice": [2], "faces": [5, 6]}])
    assert agent.decide(view, prompt, random.Random(1))["type"] == "keep"


def test_hunting_the_thousand_sends_its_price_to_a_monster_that_completes_it():
    """Hunting the Thousand: a defeated monster is laid on the card for 2 clues, solved at twice
    the investigators in toughness. With the 2 clues in hand, a Goat Spawn (toughness 2 of the 2
    needed) two steps away outweighs a clue one step away, for a fighter of Strength 4."""
    rules, view, inv = _board("hunting_the_thousand", clues=2, health=9, max_health=9)
    inv["skills"] = {**inv["skills"], "strength": 4}
    goat = _at(rules, inv["space"], 2)
    view["monsters"] = {"m1": {"kind": "goat_spawn", "space": goat, "damage": 0}}
    view["clues"] = {_at(rules, inv["space"], 1): 1}
    assert keeper_for("eldritch", "p1")._best_goal(view, inv) == goat


def test_the_epic_monster_is_fought_even_when_an_average_fight_leaves_one_health():
    """Nug deals 4 damage against Strength -2: on average dice a 4-health investigator of
    Strength 2 (one die) comes out with a third of a health. Elsewhere that space is refused (it would walk out at 1 health or less);
    on the mystery's own monster it is the only way to solve it, so it goes (2 investigators,
    200 games: 0.95 mysteries a game vs 0.91 with the common margin)."""
    rules, view, inv = _board("spawn_of_the_black_goat", clues=0)
    inv.update(health=4, max_health=4, sanity=9, max_sanity=9, assets=[])
    inv["skills"] = {**inv["skills"], "strength": 2}
    nug = _at(rules, inv["space"], 1)
    view["monsters"] = {"m1": {"kind": "nug", "space": nug, "damage": 0}}
    agent = keeper_for("eldritch", "p1")
    assert agent._best_goal(view, inv) == nug
    view["mystery"] = {**view["mystery"], "id": "occult_research"}   # Nug no longer the mystery's
    assert agent._deadly(view, inv, nug)


def test_a_spell_mystery_sends_an_investigator_short_of_spells_to_a_spell_city():
    """Where the Old Ones Broke Through: «having closed a gate, give up 2 Spells to keep that gate
    on this card». Arkham's location encounters give a spell (0.86 a visit, read from the region
    deck): short of spells, the investigator goes there rather than to a clue as near, and takes
    that location encounter over the Other World; with 2 spells in hand a gate comes first."""
    rules, view, inv = _board("where_the_old_ones_broke_through", clues=0, spells=[])
    from engine.eldritch.agent import _spell_cities
    assert "arkham" in _spell_cities() and "london" not in _spell_cities()
    inv["space"] = _at(rules, "arkham", 1)
    view["clues"] = {_at(rules, inv["space"], 1, avoid=("arkham",)): 1}
    agent = keeper_for("eldritch", "p1")
    assert agent._best_goal(view, inv) == "arkham"
    gate = _at(rules, inv["space"], 1, avoid=("arkham", *view["clues"]))
    view["gates"] = [gate]
    inv["spells"] = ["wither", "shriveling"]
    assert keeper_for("eldritch", "p1")._best_goal(view, inv) == gate
    inv.update(space="arkham", spells=["wither"])
    prompt = {"id": 1, "player": "p1", "kind": "encounter", "shape": "one", "inv": inv["id"],
              "options": [{"type": "encounter", "what": "other_world"}, {"type": "encounter", "what": "location"}]}
    assert agent.decide(view, prompt, random.Random(1))["what"] == "location"


def test_arcane_understanding_casts_a_spell_when_a_clue_pays_the_step():
    """Arcane Understanding: «passing a Lore test for a Spell, pay 1 clue and give up that Spell for
    a token». With a clue in hand the spell's action is cast at once (before travelling on);
    without one it waits."""
    rules, view, inv = _board("arcane_understanding", clues=1, spells=["feed_the_mind"])
    view["clues"] = {_at(rules, inv["space"], 2): 1}
    cast = {"type": "component", "card": "feed_the_mind"}
    travel = {"type": "travel", "to": next(iter(rules.C.adj[inv["space"]]))}
    agent = keeper_for("eldritch", "p1")
    assert agent.decide(view, _action_prompt(inv, travel, cast), random.Random(1)) == {"player": "p1", **cast}
    inv["clues"] = 0
    assert agent.decide(view, _action_prompt(inv, travel, cast), random.Random(1))["type"] != "component"


def test_mists_of_releh_does_not_slip_past_the_trophies_of_hunting_the_thousand():
    """Seed 7, 2 investigators: Akachi Onyele stood on a trophy's space rounds 4-9 with 2-3 clues
    and cast Mists every encounter phase (1 sanity each), never fighting it. With Hunting the
    Thousand's 2 clues in hand the monster here is the mystery: no Mists; without them it is a
    guard to slip past."""
    rules, view, inv = _solo_view()
    inv["spells"] = ["mists_of_releh"]
    view["mystery"] = {"id": "hunting_the_thousand", "monsters": [], "toughness": []}
    view["monsters"] = {"m1": {"kind": "cultist", "space": inv["space"], "damage": 0}}
    prompt = {"id": 1, "player": "p1", "kind": "choose", "shape": "one", "inv": inv["id"], "purpose": "resolve",
              "about": "may", "options": [{"type": "choose", "value": False}, {"type": "choose", "value": True}]}
    for clues, cast in ((2, False), (0, True)):
        inv["clues"] = clues
        agent = keeper_for("eldritch", "p1")
        agent.observe([{"type": "phase", "phase": "encounter"},
                       {"type": "turn", "phase": "encounter", "inv": inv["id"]}])
        assert agent.decide(view, prompt, random.Random(1))["value"] is cast


def test_two_investigators_on_one_space_pool_the_spells_of_a_gate():
    """Where the Old Ones Broke Through costs 2 spells at once and each of the two holds one. Seed
    002 l. 425: «Дослідник може обмінюватися майном (активами, артефактами, доказами, заклинаннями
    та квитками) з іншим дослідником у тій самій локації». The one with fewer Lore gives its spell,
    the other accepts exactly that plan and refuses a trade that only takes from it."""
    rules, view = _pair_view()
    first, second = view["investigators"]
    view["mystery"] = {"id": "where_the_old_ones_broke_through", "gates": []}
    second["space"] = first["space"]
    first["spells"], second["spells"] = ["wither"], ["shriveling"]
    first["skills"] = {**first["skills"], "lore": 1}
    second["skills"] = {**second["skills"], "lore": 4}
    giver = keeper_for("eldritch", first["player"])
    prompt = {**_action_prompt(first, {"type": "trade", "with": second["id"]}), "player": first["player"]}
    assert giver.decide(view, prompt, random.Random(1))["type"] == "trade"
    # each decision by a new agent, as the bot asks them: the draft is the prompt's own
    build = {"id": 2, "player": first["player"], "kind": "trade", "shape": "one", "inv": first["id"],
             "with": second["id"], "moves": [],
             "options": [{"type": "cancel"}, {"type": "give", "what": "spell", "card": "wither"},
                         {"type": "take", "what": "spell", "card": "shriveling"}]}
    assert keeper_for("eldritch", first["player"]).decide(view, build, random.Random(1))["type"] == "give"
    build["moves"] = [{"dir": "give", "what": "spell", "card": "wither"}]
    build["options"] = [{"type": "propose"}, {"type": "cancel"}, {"type": "take", "what": "spell", "card": "shriveling"}]
    assert keeper_for("eldritch", first["player"]).decide(view, build, random.Random(1))["type"] == "propose"
    ok = {"id": 3, "player": second["player"], "kind": "trade_ok", "shape": "one", "inv": second["id"],
          "moves": [{"dir": "give", "what": "spell", "card": "wither"}],
          "options": [{"type": "decline"}, {"type": "accept"}]}
    assert keeper_for("eldritch", second["player"]).decide(view, ok, random.Random(1))["type"] == "accept"
    ok["moves"] = [{"dir": "take", "what": "spell", "card": "shriveling"}]
    assert keeper_for("eldritch", second["player"]).decide(view, ok, random.Random(1))["type"] == "decline"


def test_a_trade_prompt_carries_its_partner_and_draft_so_a_new_agent_carries_the_trade_through():
    """The bot asks a new Keeper agent at every decision (bot.service._agent_action): the agent
    that chose Trade for a plan forgot it at the next prompt and cancelled the trade (the action
    spent), and a partner never accepted (it remembered no proposal). The engine's trade prompt
    names the partner and the draft so far, trade_ok the moves proposed; new agents at each step
    make the pooled spells' trade (seed 002 l. 425, as above)."""
    rules = rules_for("eldritch")
    state, _ = rules.new_game(["p1", "p2"], 3, None)
    first, second = list(state["inv"])[:2]
    state["inv"][second]["space"] = state["inv"][first]["space"]
    state["inv"][first]["spells"], state["inv"][second]["spells"] = ["wither"], ["shriveling"]
    state["inv"][first]["skills"]["lore"], state["inv"][second]["skills"]["lore"] = 1, 4
    state["mystery"] = {"id": "where_the_old_ones_broke_through", "gates": []}
    made = []
    for _ in range(8):
        prompt = rules.prompts(state)[0]
        if prompt["kind"] not in ("action", "trade", "trade_ok"):
            break
        among = [o for o in prompt["options"] if o["type"] in ("trade", "rest")] if prompt["kind"] == "action" else None
        action = ask(rules, state, keeper_for("eldritch", prompt["player"]), prompt, random.Random(1), among=among)
        made.append(action["type"])
        state, _ = rules.apply(state, action)
        if action["type"] in ("accept", "decline", "cancel"):
            break
    # the one with fewer Lore hands its spell over, whoever acts first
    assert made in (["trade", "give", "propose", "accept"], ["trade", "take", "propose", "accept"]), made
    assert sorted(state["inv"][second]["spells"]) == ["shriveling", "wither"], state["inv"]


def test_burden_of_greed_discards_the_items_whose_price_would_defeat():
    """Burden of Greed: «discard any number of items, then lose 1 health per item held». Seed 1,
    4 investigators, round 7: Mark Harrigan at 2 health with 4 items (the agent kept them all
    before: the default 0, a defeat). At 2 health every item goes; at 7 health all are kept."""
    _, view, inv = _solo_view()
    agent = keeper_for("eldritch", "p1")
    agent.observe([{"type": "phase", "phase": "mythos"}, {"type": "mythos_drawn", "card": "burden_of_greed"}])
    prompt = {"id": 1, "player": "p1", "kind": "choose", "shape": "one", "inv": inv["id"], "purpose": "resolve",
              "about": "discard", "options": [{"type": "choose", "value": k} for k in range(5)]}
    inv["health"] = 2
    assert agent.decide(view, prompt, random.Random(1))["value"] == 4
    inv["health"] = 7
    assert agent.decide(view, prompt, random.Random(1))["value"] == 0


def test_a_may_is_paid_when_declining_it_would_defeat():
    """Haunting Nightmares: «spend 1 clue, or lose 2 sanity and gain a madness»: the clue owed to
    the mystery is kept at full sanity, paid at 2 sanity (declining would defeat)."""
    view, inv, agent, prompt = _mythos_may("haunting_nightmares")
    inv["sanity"] = inv["max_sanity"]
    assert agent.decide(view, prompt, random.Random(1))["value"] is False
    inv["sanity"] = 2
    assert agent.decide(view, prompt, random.Random(1))["value"] is True


def _two_ride_layout(rules):
    """A city, a goal two routes away reached only with a ship ride on the second route (no
    train route on any shortest path), and the neighbours on the way."""
    C = rules.C
    for city in sorted(C.space_ids):
        if C.spaces[city]["type"] != "city" or set(C.adj[city].values()) < {"train", "ship"}:
            continue
        for goal in sorted(C.space_ids):
            if C.dist[city][goal] != 2:
                continue
            ways = [(a, C.adj[a][b]) for a in C.adj[city] if C.dist[a][goal] == 1
                    for b in C.adj[a] if b == goal]
            kinds = {k for _, k in ways}
            if kinds == {"ship"} and any(C.dist[a][goal] == 2 for a in C.adj[city]):
                return city, goal, [a for a, _ in ways]
    raise AssertionError("no such layout on the map")


def test_a_ticket_prepared_before_travel_rides_on_to_a_goal_two_routes_away():
    """Seed 002 l. 393 «Після переміщення дослідник може витратити будь-яку кількість квитків,
    щоб переміститися на одну додаткову локацію» and l. 429 (Prepare: a ticket of one's choice in
    a city): with a clue two routes away whose second route is a ship's, the investigator
    prepares a ship ticket first and then travels to the neighbour the ticket rides on from —
    the goal reached this round, not the next (tickets bought after Travel: 3 of 4 unspent)."""
    rules, view, inv = _board("occult_research", clues=0)
    city, goal, ways = _two_ride_layout(rules)
    inv.update(space=city, tickets={"train": 0, "ship": 0})
    view["clues"] = {goal: 1}
    travel = [{"type": "travel", "to": b} for b in sorted(rules.C.adj[city])]
    prepare = [{"type": "prepare", "ticket": "train"}, {"type": "prepare", "ticket": "ship"}]
    agent = keeper_for("eldritch", "p1")
    first = agent.decide(view, _action_prompt(inv, *prepare, *travel), random.Random(1))
    assert (first["type"], first.get("ticket")) == ("prepare", "ship")
    inv["tickets"] = {"train": 0, "ship": 1}
    chosen = agent.decide(view, _action_prompt(inv, *travel), random.Random(1))
    assert chosen["type"] == "travel" and chosen["to"] in ways


def test_a_hurt_investigator_travels_on_its_prepared_ticket_before_resting():
    """Two actions a round, each once (seed 002 l. 374, 388): with a ship ticket just prepared
    to ride this round's Travel on to a clue two routes away, a hurt investigator (5 of 7
    health) travels with its last action — a Rest there would strand the ticket; badly hurt (2
    health) it rests first and prepares no ticket before its Travel."""
    rules, view, inv = _board("occult_research", clues=0)
    city, goal, ways = _two_ride_layout(rules)
    inv.update(space=city, tickets={"train": 0, "ship": 1}, actions=["prepare"], max_health=7, health=5)
    view["clues"] = {goal: 1}
    travel = [{"type": "travel", "to": b} for b in sorted(rules.C.adj[city])]
    agent = keeper_for("eldritch", "p1")
    chosen = agent.decide(view, _action_prompt(inv, {"type": "rest"}, *travel), random.Random(1))
    assert chosen["type"] == "travel" and chosen["to"] in ways
    inv.update(tickets={"train": 0, "ship": 0}, actions=[], health=2)
    prepare = [{"type": "prepare", "ticket": "train"}, {"type": "prepare", "ticket": "ship"}]
    assert agent.decide(view, _action_prompt(inv, {"type": "rest"}, *prepare, *travel), random.Random(1))["type"] == "rest"


def _swap_prompt(inv, partner):
    """Mi-go Brain Case (er17): ``partner`` traded with ``inv``, whose player may now swap spaces."""
    return {"id": 1, "player": "p2", "kind": "choose", "shape": "one", "inv": inv["id"], "purpose": "resolve",
            "about": "swap_spaces", "with": partner["id"],
            "options": [{"type": "choose", "value": False}, {"type": "choose", "value": True}]}


def test_the_brain_case_partner_swaps_spaces_only_to_come_nearer_its_goal():
    """The partner of a Mi-go Brain Case trade goes to the user's space when that space is nearer
    its own goal; with its goals by its own space it stays (the default)."""
    rules, view = _pair_view()
    user, partner = view["investigators"]
    dist = rules.C.dist
    far, near = "arkham", next(sp for sp in rules.C.space_ids if dist["arkham"][sp] >= 4
                                and sum(dist[sp][n] == 1 for n in rules.C.space_ids) >= 2)
    around = [n for n in rules.C.space_ids if dist[near][n] == 1][:2]
    user["space"], partner["space"] = near, far
    view["clues"] = {sp: 1 for sp in around}   # one for each: the partner's goal is by the user
    assert dist[far][keeper_for("eldritch", "p2")._best_goal(view, partner)] > 1
    agent = keeper_for("eldritch", "p2")
    assert agent.decide(view, _swap_prompt(partner, user), random.Random(1))["value"] is True
    view["clues"] = {n: 1 for n in rules.C.space_ids if dist[far][n] == 1}   # its goals are by itself
    agent = keeper_for("eldritch", "p2")
    assert agent.decide(view, _swap_prompt(partner, user), random.Random(1))["value"] is False
