"""Keeper's agents (engine.core.agent, engine.<game>.agent): they finish games, decide from the
player's view only, and play for their side (the Thing declares when, and only when, it wins)."""
import copy
import random

import pytest

from engine.core.agent import ask, keeper_for, tell
from engine.core.game import copy_state
from engine.registry import rules_for
from engine.simulate import play_agent_game


def _agents(game, state):
    return {p: keeper_for(game, p) for p in state["players"]}


def _assert_view_only(game, players, seed, alter, steps=400, options=None):
    """Along a Keeper game, every decision is the same when what the decider cannot see is
    altered (``alter(state, player, rng)`` changes hidden parts only and returns True if it
    changed anything)."""
    rules = rules_for(game)
    names = [f"p{i + 1}" for i in range(players)]
    state, events = rules.new_game(names, seed, options)
    agents = _agents(game, state)
    tell(agents, events)
    rng = random.Random(seed)
    altered_any = 0
    for _ in range(steps):
        if rules.is_over(state):
            break
        prompt = rules.prompts(state)[0]
        agent = agents[prompt["player"]]
        mine = ask(rules, state, copy.deepcopy(agent), prompt, random.Random(7))
        other = copy_state(state)
        if alter(other, prompt["player"], rng):
            altered_any += 1
            assert other != state
            assert ask(rules, other, copy.deepcopy(agent), prompt, random.Random(7)) == mine
        action = ask(rules, state, agent, prompt, rng)
        tell(agents, rules.apply_in_place(state, action))
    assert altered_any > 20


# --- The Thing ----------------------------------------------------------------------------

def _alter_thing(state, player, rng):
    """Reorder the draw pile below its top card (whose back, event or panic, is public) and the
    discard pile, and deal the other players' hands and roles among those with as many cards."""
    changed = False
    below = state["deck"][:-1]
    if len(set(below)) > 1:
        rng.shuffle(below)
        state["deck"][:-1] = below
        changed = True
    rng.shuffle(state["discard"])
    if state["roles"][player] == "human":   # a human knows no one else's role or hand
        others = [p for p in state["seats"] if p != player]
        by_size = {}
        for p in others:
            by_size.setdefault(len(state["hands"][p]), []).append(p)
        for group in by_size.values():
            if len(group) > 1:
                order = group[:]
                rng.shuffle(order)
                hands = [state["hands"][p] for p in order]
                roles = [state["roles"][p] for p in order]
                for p, h, r in zip(group, hands, roles):
                    changed |= state["hands"][p] != h
                    state["hands"][p], state["roles"][p] = h, r
    return changed


def test_thing_agents_finish_games():
    rules = rules_for("thing")
    for players, seed in ((4, 1), (5, 2), (8, 3)):
        state, actions = play_agent_game(rules, players, seed, None, rules.invariant_violations)
        assert rules.is_over(state), (players, seed)
        # the Thing never declares falsely: the game ends by a burning or a true declaration
        assert state["result"]["reason"] in ("thing_burned", "declared_true")


def test_thing_agent_decides_from_its_view_only():
    _assert_view_only("thing", 5, 11, _alter_thing)


def test_the_thing_declares_when_no_human_is_left():
    """§9 B (shared/rules/the_thing.md l.291): "The Thing may do this at any moment"; true when
    no human is left. Keeper's Thing declares then, and not while a human lives."""
    rules = rules_for("thing")
    state, _ = rules.new_game(["a", "b", "c", "d", "e"], 5)
    thing = next(p for p, r in state["roles"].items() if r == "thing")
    others = [p for p in state["seats"] if p != thing]
    for p in others[:-1]:
        state["roles"][p] = "infected"
        state["infections"].append({"player": p, "by": thing})
    agent = keeper_for("thing", thing)
    view = rules.view(state, thing)
    assert agent.decide(view, None, random.Random(1)) is None      # one human is left
    state["roles"][others[-1]] = "infected"
    state["infections"].append({"player": others[-1], "by": thing})
    action = agent.decide(rules.view(state, thing), None, random.Random(1))
    assert action == {"player": thing, "type": "declare"}
    after, _ = rules.apply(state, action)
    assert after["result"]["reason"] == "declared_true" and after["result"]["team"] == "thing"


# --- Unfathomable -------------------------------------------------------------------------

def _alter_unfathomable(state, player, rng):
    """Reorder every face-down deck, the chaos deck and the passenger supply, and swap the
    passenger faces still hidden; deal the other players' loyalty among those holding as many
    (their hands stay: a check's added cards are tied to them)."""
    changed = False
    for deck in list(state["decks"].values()) + [state["chaos"], state["mythos_deck"], state["course_deck"],
                                                  state["damage_deck"], state["passenger_supply"]]:
        if len(set(map(str, deck))) > 1:
            rng.shuffle(deck)
            changed = True
    hidden = [t for t in state["passenger_faces"] if t not in state.get("passengers_removed", [])]
    faces = [state["passenger_faces"][t] for t in hidden]
    rng.shuffle(faces)
    for t, f in zip(hidden, faces):
        changed |= state["passenger_faces"][t] != f
        state["passenger_faces"][t] = f
    known = set(state["known_loyalty"].get(player, {})) | set(state["revealed"]) | {player}
    others = [p for p in state["players"] if p not in known]
    by_size = {}
    for p in others:
        by_size.setdefault(len(state["loyalty"][p]), []).append(p)
    for group in by_size.values():
        cards = [state["loyalty"][p] for p in group]
        rng.shuffle(cards)
        for p, c in zip(group, cards):
            changed |= state["loyalty"][p] != c
            state["loyalty"][p] = c
    return changed


def test_unfathomable_agents_finish_games():
    rules = rules_for("unfathomable")
    for players, seed in ((4, 1), (5, 2)):
        state, _ = play_agent_game(rules, players, seed, None, rules.invariant_violations)
        assert rules.is_over(state), (players, seed)


def test_unfathomable_agent_decides_from_its_view_only():
    _assert_view_only("unfathomable", 4, 3, _alter_unfathomable, steps=300)


# --- Eldritch Horror ------------------------------------------------------------------------

def _alter_eldritch(state, player, rng):
    """Reorder every draw pile below its top (the spell and condition decks lie face up: their
    top is public), the gate stack, the clue pool, the monster cup and the mythos deck."""
    changed = False
    piles = [d["draw"] for d in state["decks"].values()]
    piles += [state["gates"]["stack"], state["clues"]["pool"], state["monsters"]["cup"], state["mythos"]["deck"]]
    for pile in piles:
        below = pile[1:]
        if len(set(map(str, below))) > 1:
            rng.shuffle(below)
            pile[1:] = below
            changed = True
    return changed


def test_eldritch_agents_finish_games():
    rules = rules_for("eldritch")
    for players, seed in ((1, 1), (4, 3)):
        state, _ = play_agent_game(rules, players, seed, None, rules.invariant_violations)
        assert rules.is_over(state), (players, seed)


def test_eldritch_agent_decides_from_its_view_only():
    _assert_view_only("eldritch", 2, 5, _alter_eldritch, steps=300)


def _unfathomable_view(player_loyalty="human"):
    """A Captain's view at the start of a 4-player game, holding ``player_loyalty``."""
    rules = rules_for("unfathomable")
    state, _ = rules.new_game(["p1", "p2", "p3", "p4"], 5, None)
    while rules.prompts(state)[0]["kind"] != "action":   # characters chosen, loyalty dealt
        rules.apply_in_place(state, {"player": rules.prompts(state)[0]["player"], "type": "default"})
    captain = state["titles"]["captain"]
    state["loyalty"][captain] = [player_loyalty]
    return rules, state, captain


def test_unfathomable_captain_weighs_a_course_card_by_its_printed_effect():
    """Both cards travel 4; Deep One Ambush also puts a Deep One on each of the 8 decks
    (data/unfathomable/course.yaml): a loyal Captain plays Calm Waters, a traitor the Ambush."""
    rules, state, captain = _unfathomable_view()
    prompt = {"id": 1, "player": captain, "kind": "course_choose", "shape": "one",
              "options": [{"type": "course", "card": "deep_one_ambush"}, {"type": "course", "card": "calm_waters"}]}
    human = keeper_for("unfathomable", captain).decide(rules.view(state, captain), prompt, random.Random(1))
    assert human["card"] == "calm_waters"
    state["loyalty"][captain] = ["hybrid"]
    traitor = keeper_for("unfathomable", captain).decide(rules.view(state, captain), prompt, random.Random(1))
    assert traitor["card"] == "deep_one_ambush"


def test_unfathomable_crisis_answer_by_its_printed_effect():
    """Strange Vision (data/unfathomable/mythos.yaml): following it sends the chooser to the
    Brig; ignoring it puts a Deep One on each deck. With 2 Deep Ones left in the supply the 8
    cannot be placed (the Deep Ones' win, game_end.yaml deep_ones_exhausted): a loyal chooser
    goes to the Brig."""
    rules, state, captain = _unfathomable_view()
    state["deep_one_supply"] = 2
    state["mythos"] = {"card": "strange_vision"}
    prompt = {"id": 1, "player": captain, "kind": "choose", "shape": "one", "purpose": "option",
              "labels": ["Follow the vision", "Ignore it"],
              "options": [{"type": "choose", "value": 0}, {"type": "choose", "value": 1}]}
    answer = keeper_for("unfathomable", captain).decide(rules.view(state, captain), prompt, random.Random(1))
    assert answer["value"] == 0


def test_unfathomable_loyal_player_walks_to_repair_before_hunting():
    """Six damaged interior zones lose the game (data/unfathomable/game_end.yaml ship_wrecked);
    seeds/000_5588cb8ec4e05b87.txt:836 «Допоки на зоні лишається карта пошкоджень, цю зону вважають
    пошкодженою» and the card's Action repairs it (data/unfathomable/damage.yaml). With
    three zones damaged, a loyal player who holds the repair cost walks into a damaged zone on
    its first action rather than off to a lone Deep One on a deck."""
    rules, state, _ = _unfathomable_view()
    me = rules.prompts(state)[0]["player"]
    state["loyalty"][me] = ["human"]
    for p in state["players"]:
        state["zone_of"][p] = "sick_bay" if p != me else "galley"
    state["damage"] = {"boiler_room": "structural_damage_influence", "bridge": "structural_damage_will",
                       "chapel": "structural_damage_lore"}
    state["hands"][me] = ["influence:nothing_to_hide:3:1", "influence:nothing_to_hide:4:2"]
    state["deep_ones"] = {z: 0 for z in state["deep_ones"]}
    state["deep_ones"]["d6"] = 1
    state["passengers"] = {z: [] for z in state["passengers"]}
    agent = keeper_for("unfathomable", me)
    answer = ask(rules, state, agent, rules.prompts(state)[0], random.Random(1))
    assert answer["type"] == "move" and answer["to"] == "boiler_room"


def test_unfathomable_loyal_player_rescues_passengers_before_the_banishment():
    """seeds/000_5588cb8ec4e05b87.txt:640 «Усі жетони пасажирів у палубних зонах переможені» (the Great
    Banishment, at the ritual track's end): one
    ritual step before it, a loyal player walks first to a deck holding three passengers
    (to rescue them next) rather than to the Boiler Room."""
    rules, state, _ = _unfathomable_view()
    me = rules.prompts(state)[0]["player"]
    state["loyalty"][me] = ["human"]
    state["zone_of"][me] = "galley"
    state["tracks"]["ritual"] = 3
    state["hands"][me] = ["strength:combat_training:1:1"] + ["influence:nothing_to_hide:3:1"] * 7
    state["deep_ones"] = {z: 0 for z in state["deep_ones"]}
    state["damage"] = {}
    state["passengers"] = {z: [] for z in state["passengers"]}
    state["passengers"]["d3"] = state["passenger_supply"][:3]
    del state["passenger_supply"][:3]
    agent = keeper_for("unfathomable", me)
    answer = ask(rules, state, agent, rules.prompts(state)[0], random.Random(1))
    assert answer["type"] == "move" and answer["to"] == "d3"


def test_unfathomable_loyal_chooser_keeps_treachery_out_of_the_chaos_deck():
    """seeds/000_5588cb8ec4e05b87.txt:710 «Візьміть 2 верхні карти з колоди хаосу й покладіть їх ... утворивши
    стос перевірки вмінь»: Treachery cards shuffled into the chaos deck hinder the checks to
    come. Missing Jewelry (data/unfathomable/mythos.yaml): with Sanity at 7 a loyal Captain loses
    1 Sanity rather than shuffle 4 Treachery cards in; a revealed traitor shuffles them."""
    rules, state, captain = _unfathomable_view()
    state["resources"]["sanity"] = 7
    state["mythos"] = {"card": "missing_jewelry"}
    prompt = {"id": 1, "player": captain, "kind": "choose", "shape": "one", "purpose": "option",
              "labels": ["Lose 1 Sanity", "Shuffle 4 treachery into the chaos deck"],
              "options": [{"type": "choose", "value": 0}, {"type": "choose", "value": 1}]}
    answer = keeper_for("unfathomable", captain).decide(rules.view(state, captain), prompt, random.Random(1))
    assert answer["value"] == 0
    state["loyalty"][captain] = ["hybrid"]
    state["revealed"] = [captain]
    answer = keeper_for("unfathomable", captain).decide(rules.view(state, captain), prompt, random.Random(1))
    assert answer["value"] == 1


def test_unfathomable_keen_insight_lowers_a_deep_ones_attack_on_a_human():
    """seeds/000_5588cb8ec4e05b87.txt:1468 «Якщо атакують персонажа, цільове значення дорівнює
    6» and Keen Insight adds 2 or -2 before the roll (data/unfathomable/skill_cards.yaml): when a
    Deep One attacks a Human, a loyal player plays it and takes -2 (the purpose is read from the
    public roll_started event); on its own attack roll it takes +2."""
    rules, state, _ = _unfathomable_view()
    me = rules.prompts(state)[0]["player"]
    state["loyalty"][me] = ["human"]
    view = rules.view(state, me)
    card = "card:observation:keen_insight:3:1"
    window = {"id": 1, "player": me, "kind": "window", "shape": "one", "timing": "before_roll",
              "options": [{"type": "pass"}, {"type": "use", "ability": card}]}
    sign = {"id": 2, "player": me, "kind": "choose", "shape": "one", "purpose": "roll_sign",
            "options": [{"type": "choose", "value": 2}, {"type": "choose", "value": -2}]}
    agent = keeper_for("unfathomable", me)
    agent.observe([{"type": "roll_started", "player": me, "purpose": "deep_one_attack", "audience": "all"}])
    assert agent.decide(view, window, random.Random(1))["ability"] == card
    assert agent.decide(view, sign, random.Random(1))["value"] == -2
    agent.observe([{"type": "roll_started", "player": me, "purpose": "attack", "audience": "all"}])
    assert agent.decide(view, sign, random.Random(1))["value"] == 2


def test_unfathomable_loyal_player_adds_only_what_a_check_needs():
    """seeds/000_5588cb8ec4e05b87.txt:714 «Якщо результат більший або дорівнює цільовому
    значенню, перевірка вміння успішна»: a card beyond what passes the check is lost to the
    checks and repairs to come. The last to add (the current player), with nobody else adding,
    gives its two largest helping cards for a target of 6 and keeps the rest."""
    rules, state, _ = _unfathomable_view()
    me = rules.prompts(state)[0]["player"]
    state["loyalty"][me] = ["human"]
    hand = ["strength:rampage:5:1", "strength:rampage:4:1", "strength:combat_training:2:1",
            "lore:shrivelling:1:1", "influence:coordinated_effort:1:1"]
    state["hands"][me] = list(hand)
    view = rules.view(state, me)
    view["check"] = {"target": 6, "partial": None, "positive": ["strength", "lore"],
                     "added": {p: 0 for p in state["players"] if p != me}, "chaos_count": 2}
    prompt = {"id": 1, "player": me, "kind": "contribute", "shape": "subset",
              "subset": {"ids": hand, "min": 0, "max": len(hand), "field": "cards",
                         "action": {"type": "contribute"}}}
    answer = keeper_for("unfathomable", me).decide(view, prompt, random.Random(1))
    assert answer["cards"] == ["strength:rampage:5:1", "strength:rampage:4:1"]


def test_unfathomable_crew_picks_strength_characters():
    """The Boiler Room's Action spends a Strength card to advance the journey token
    (data/unfathomable/board.yaml boiler_room; seeds/000_5588cb8ec4e05b87.txt:2665), the Humans'
    only way to Arrival besides the mythos symbols: a Keeper player picks the character whose
    skill set holds the most Strength."""
    rules, state, _ = _unfathomable_view()
    me = rules.prompts(state)[0]["player"]
    prompt = {"id": 1, "player": me, "kind": "character", "shape": "one",
              "options": [{"type": "character", "character": c} for c in ("keilani", "arjun", "jamie", "william")]}
    answer = keeper_for("unfathomable", me).decide(rules.view(state, me), prompt, random.Random(1))
    assert answer["character"] == "jamie"



def test_unfathomable_check_estimate_counts_revealed_traitors_and_the_brig_as_the_rules_limit_them():
    """Seed 000 checklist 81 (engine/unfathomable/checks.py): a revealed traitor or a player in
    the Brig adds at most one card to a check. A loyal player's estimate of what those still to
    add bring (b has the turn: a and b add after me): a revealed traitor's card hinders, a Brig
    player's hand counts for one card."""
    agent = keeper_for("unfathomable", "me")
    check = {"chaos_count": 2, "added": {}}
    helping = ["strength", "lore"]

    def estimate(revealed=(), zone_of=None):
        view = {"players": ["me", "a", "b"], "turn": {"player": "b"}, "hand_sizes": {"me": 5, "a": 5, "b": 5},
                "revealed": {p: "hybrid" for p in revealed}, "zone_of": zone_of or {}}
        return agent._expected_others(view, check, helping)

    loyal = estimate()
    assert estimate(revealed=["a"]) < loyal
    assert estimate(zone_of={"a": "brig"}) < loyal
    assert estimate(revealed=["a", "b"]) < 0 < loyal


def _blame(agent, player, cards):
    """``agent`` sees a revealed check where only ``player`` added cards and the pile holds
    ``cards`` hindering cards beyond its two chaos cards (Keeper's loyal players add none)."""
    agent.observe([{"type": "check_started", "audience": "all"},
                   {"type": "chaos_added", "count": 2, "audience": "all"},
                   {"type": "check_added", "player": player, "count": cards, "audience": "all"},
                   {"type": "check_revealed", "positive": ["strength"], "audience": "all",
                    "cards": ["lore:lesser_banishment:3:1"] * (cards + 2)}])


def test_unfathomable_traitor_chance_from_the_loyalty_deck_and_blamed_cards():
    """data/unfathomable/loyalty.yaml: 4 players share a deck of 1 Hybrid, 1 Cultist and 6
    Humans, one card each at setup. Holding a Human, a loyal player puts each other player at
    1 in 7; a hindering card in a check that only p2 could have added (beyond the chaos
    cards) makes p2 the likeliest traitor, and from two such cards the suspect."""
    rules, state, _ = _unfathomable_view()
    me = "p1"
    state["loyalty"] = {p: ["human"] for p in state["players"]}
    agent = keeper_for("unfathomable", me)
    view = rules.view(state, me)
    assert agent.traitor_chance(view, "p2") == pytest.approx(1 / 7)
    assert agent._suspect(view) is None
    _blame(agent, "p2", 1)
    assert agent.traitor_chance(view, "p2") > agent.traitor_chance(view, "p3") == pytest.approx(1 / 7)
    _blame(agent, "p2", 1)
    assert agent._suspect(view) == "p2"


def test_unfathomable_arrest_order_sends_the_suspect_to_the_brig():
    """Jamie's feat Arrest Order (data/unfathomable/feats.yaml: "Action: send a player in your
    zone to the Brig", no check): a loyal Jamie with the suspect in its zone uses it on the
    suspect rather than attack a Deep One; with the suspect elsewhere it walks there first."""
    rules, state, _ = _unfathomable_view()
    me = state["players"][0]   # holding Jamie's feat
    suspect = next(p for p in state["players"] if p != me)
    state["loyalty"] = {p: ["human"] for p in state["players"]}
    state["feats"][me] = "arrest_order"
    state["deep_ones"] = {z: 0 for z in state["deep_ones"]}
    state["deep_ones"]["d4"] = 1
    for p in state["players"]:
        state["zone_of"][p] = "sick_bay"
    state["zone_of"][me] = state["zone_of"][suspect] = "galley"
    state["turn"] = {**(state.get("turn") or {}), "player": me, "number": 99}
    agent = keeper_for("unfathomable", me)
    _blame(agent, suspect, 2)
    view = rules.view(state, me)
    act = {"id": 1, "player": me, "kind": "action", "shape": "one",
           "options": [{"type": "use", "ability": "feat:arrest_order"}, {"type": "move", "to": "d4"},
                       {"type": "end_actions"}]}
    assert agent.decide(view, act, random.Random(1))["ability"] == "feat:arrest_order"
    pick = {"id": 2, "player": me, "kind": "choose", "shape": "one", "purpose": "player",
            "options": [{"type": "choose", "value": p} for p in state["players"] if p != me]}
    assert agent.decide(view, pick, random.Random(1))["value"] == suspect
    state["zone_of"][suspect] = "cargo_hold"
    agent = keeper_for("unfathomable", me)
    _blame(agent, suspect, 2)
    walk = {"id": 3, "player": me, "kind": "action", "shape": "one",
            "options": [{"type": "move", "to": z} for z in ("cargo_hold", "bridge", "chapel")] + [{"type": "end_actions"}]}
    assert agent.decide(rules.view(state, me), walk, random.Random(1))["to"] == "cargo_hold"


def test_unfathomable_loyal_captain_accuses_the_suspect():
    """Accusation (data/unfathomable/mythos.yaml): the Captain either sends a player of its
    choice to the Brig or discards cards and shuffles 2 Treachery cards into the chaos deck. With
    no suspect a loyal Captain pays; with a suspect it sends the suspect to the Brig."""
    rules, state, captain = _unfathomable_view()
    state["loyalty"] = {p: ["human"] for p in state["players"]}
    state["mythos"] = {"card": "accusation"}
    suspect = next(p for p in state["players"] if p != captain)
    prompt = {"id": 1, "player": captain, "kind": "choose", "shape": "one", "purpose": "option",
              "labels": ["Send a player to the Brig", "Discard cards and taint the chaos deck"],
              "options": [{"type": "choose", "value": 0}, {"type": "choose", "value": 1}]}
    agent = keeper_for("unfathomable", captain)
    assert agent.decide(rules.view(state, captain), prompt, random.Random(1))["value"] == 1
    _blame(agent, suspect, 2)
    assert agent.decide(rules.view(state, captain), prompt, random.Random(1))["value"] == 0
    pick = {"id": 2, "player": captain, "kind": "choose", "shape": "one", "purpose": "player",
            "options": [{"type": "choose", "value": p} for p in state["players"] if p != captain]}
    assert agent.decide(rules.view(state, captain), pick, random.Random(1))["value"] == suspect


def test_unfathomable_loyal_player_attacks_a_revealed_traitor_first():
    """A revealed traitor may be attacked by Humans, and defeated goes to the Brig (seed 000,
    checklist: revealed traitors; engine/unfathomable/combat.py): a loyal player in a zone with a
    revealed traitor and one Deep One attacks the traitor (out of the Brig it attacks Humans,
    defeats passengers and blocks the zone's Action)."""
    rules, state, _ = _unfathomable_view()
    me, traitor = state["players"][0], state["players"][1]
    state["loyalty"] = {p: ["human"] for p in state["players"]}
    state["loyalty"][traitor] = ["hybrid"]
    state["revealed"] = {traitor: "hybrid"}
    state["zone_of"][me] = state["zone_of"][traitor] = "galley"
    state["deep_ones"] = {z: 0 for z in state["deep_ones"]}
    state["deep_ones"]["galley"] = 1
    prompt = {"id": 1, "player": me, "kind": "action", "shape": "one",
              "options": [{"type": "attack", "target": "deep_one:galley"}, {"type": "attack", "target": traitor},
                          {"type": "end_actions"}]}
    answer = keeper_for("unfathomable", me).decide(rules.view(state, me), prompt, random.Random(1))
    assert answer["target"] == traitor


def test_unfathomable_only_the_roller_rerolls_with_combat_training():
    """Combat Training: "reroll" after a combat roll (data/unfathomable/skill_cards.yaml). Every
    player answers a window unseen and each reroll played resolves in turn, so a loyal player
    rerolls only its own missed attack; another player's miss it leaves to the roller."""
    rules, state, _ = _unfathomable_view()
    me, other = state["players"][0], state["players"][1]
    state["loyalty"] = {p: ["human"] for p in state["players"]}
    card = "card:strength:combat_training:1:1"
    window = {"id": 1, "player": me, "kind": "window", "shape": "one", "timing": "after_roll",
              "options": [{"type": "pass"}, {"type": "use", "ability": card}]}
    for roller, expected in ((me, "use"), (other, "pass")):
        view = rules.view(state, me)
        view["roll"] = {"value": 2, "purpose": "attack", "player": roller}
        answer = keeper_for("unfathomable", me).decide(view, window, random.Random(1))
        assert answer["type"] == expected, roller


def test_unfathomable_galley_draws_a_spread_of_types():
    """The Galley draws skill cards of the types the player names (data/unfathomable/board.yaml
    galley_action); each crisis check helps with 2-3 of the five types, evenly spread
    (data/unfathomable/mythos.yaml): a loyal player holding two Influence cards draws one of
    each type it lacks, two of Strength (the Boiler Room)."""
    rules, state, _ = _unfathomable_view()
    me = state["players"][0]
    state["loyalty"] = {p: ["human"] for p in state["players"]}
    state["hands"][me] = ["influence:nothing_to_hide:3:1", "influence:nothing_to_hide:4:2"]
    types = ["influence", "lore", "observation", "strength", "will"]
    prompt = {"id": 1, "player": me, "kind": "choose_cards", "shape": "subset", "purpose": "skill_types",
              "subset": {"ids": [t for t in types for _ in range(5)], "min": 5, "max": 5, "field": "cards",
                         "action": {"type": "choose_cards"}}}
    answer = keeper_for("unfathomable", me).decide(rules.view(state, me), prompt, random.Random(1))
    assert sorted(answer["cards"]) == ["lore", "observation", "strength", "strength", "will"]


def test_unfathomable_check_estimate_at_five_players_trusts_a_large_contribution():
    """data/unfathomable/loyalty.yaml: 5 players share 2 Hybrids among 10 loyalty cards, so after
    the Awakening each other player is a traitor about one time in two. A hidden traitor adds one
    or two hindering cards; four cards added is a loyal player's way, and a loyal player still to
    add counts them as help (it was counting them near worthless and emptied its hand)."""
    agent = keeper_for("unfathomable", "me")
    players = ["me", "a", "b", "c", "d"]
    helping = ["strength", "lore"]

    def estimate(added):
        view = {"players": players, "turn": {"player": "me"}, "hand_sizes": {p: 5 for p in players},
                "revealed": {}, "zone_of": {}, "loyalty_counts": {p: 2 for p in players},
                "you": {"loyalty": ["human", "human"], "known_loyalty": {}}}
        return agent._expected_others(view, {"chaos_count": 2, "added": added}, helping)

    assert estimate({"a": 4}) - estimate({"a": 0}) > 4 * AVG_CARD_FLOOR
    assert estimate({"a": 2}) < estimate({"a": 4})


AVG_CARD_FLOOR = 1.5   # a card added by a likely loyal player is worth at least this much
