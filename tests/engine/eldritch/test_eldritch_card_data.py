"""Per-card data checked against the card sources (issue 22): what each corrected card does in play.

The sources: facts.yaml (shared/reference/eldritch_horror) and other stored versions of the costandre01 card data it
was built from (data/eldritch/README.md rulings 20-21)."""
from eh_helpers import R, dice, mythos, new, plain_cup, put_gate, put_monster, quiet, run_fx, settle, types


def game(count=1, **kw):
    names = ["ann", "bob", "cid", "dan"][:count]
    invs = [i for i in R.C.investigator_ids if i != "lola_hayes"]
    return quiet(new({p: [invs[k]] for k, p in enumerate(names)}, **kw))


def test_every_yellow_mythos_card_spawns_gates_as_facts_yaml_records():
    """facts.yaml mythos.symbols_by_colour: yellow [advance_omen, reckoning, spawn_gates] ("every
    base card follows this pattern"); README ruling 20 keeps it on the four cards other versions
    give clues. Seed 002 K2: «застосовує її ефекти в указаному на карті порядку»."""
    yellow = [m for m, d in R.C.mythos.items() if d["colour"] == "yellow"]
    assert len(yellow) == 21
    assert all(R.C.mythos[m]["symbols"] == ["advance_omen", "reckoning", "spawn_gates"] for m in yellow)
    for card in ("burden_of_greed", "tide_of_despair"):
        s = game(count=2)
        s, ev = mythos(s, card)
        assert types(ev).count("gate_spawned") == R.ref(s)["gates"], card


def entry(s, card):
    return next((m for m in s["mythos"]["in_play"] if m["id"] == card), None)


def reckon_mythos(s):
    """Every mythos card in play resolves its reckoning once (seed 002 K3: ongoing mythos cards)."""
    return run_fx(s, "[{resolve_reckonings: {of: mythos}}]", s["lead"], keep_going=True)


def test_mysterious_lights_has_no_countdown_and_keeps_gates_open():
    """README ruling 21: costandre01 hardMythos.ts @a85dd40 gives Mysterious Lights the icons
    spawn-clues and spawn-rumor (space 13) only, and the text «Gates cannot be closed.» with no
    reckoning and no end: it stays until it is solved on Space 13."""
    assert R.C.mythos["mysterious_lights"]["symbols"] == ["spawn_clues", "rumor_token"]
    s = game(count=2)
    s, _ = mythos(s, "mysterious_lights")
    assert entry(s, "mysterious_lights")["eldritch"] == 0
    assert s["rumor_tokens"]["mysterious_lights"] == "space_13"
    for _ in range(8):
        s, ev = reckon_mythos(s)
        s = settle(s)
    assert entry(s, "mysterious_lights") is not None and "rumor_failed" not in types(ev)
    inv = s["order"][0]
    s["inv"][inv]["space"] = "arkham"
    put_gate(s, "arkham")
    gates = list(s["gates"]["board"])
    s, ev = run_fx(s, "[close_gate]", inv)
    assert s["gates"]["board"] == gates and "prevented" in types(ev)


def test_return_of_the_ancient_ones_awakens_at_four_monsters_on_space_19():
    """README ruling 21: costandre01 normalMythos.ts @255bf8f, Return of the Ancient Ones' reckoning:
    «Spawn 1 Monster on Space 19. If Space 19 has 4 or more Monsters: Set Doom to 0. Solve this
    Rumor.» It has no Eldritch tokens."""
    s = plain_cup(game(count=2, ao="cthulhu"))
    s, _ = mythos(s, "return_of_the_ancient_ones")
    assert entry(s, "return_of_the_ancient_ones")["eldritch"] == 0
    doom = s["doom"]
    s, _ = reckon_mythos(s)
    s = settle(s)
    on_19 = [m for m in s["monsters"]["board"].values() if m["space"] == "space_19"]
    assert len(on_19) == 1 and s["doom"] == doom and entry(s, "return_of_the_ancient_ones")
    put_monster(s, "ghoul", "space_19")
    put_monster(s, "maniac", "space_19")
    plain_cup(s)
    s, ev = reckon_mythos(s)
    s = settle(s)
    assert s["doom"] == 0 and s["awakened"]
    assert entry(s, "return_of_the_ancient_ones") is None and "rumor_solved" in types(ev)


def test_faded_from_society_removes_costly_assets_and_ends_quietly():
    """README ruling 21: costandre01 normalMythos.ts @255bf8f, Faded From Society's reckoning:
    «Search the Asset deck, discard pile, and Reserve for all Assets with value >= the number of
    Eldritch tokens on this card. Return those Assets to the game box. Discard 1 Eldritch token
    from this card. If there are no Eldritch tokens on this card: Solve this Rumor.»"""
    s = game(count=2)
    s, _ = mythos(s, "faded_from_society")
    held = {x for i in s["inv"].values() for x in i["assets"]}
    assert entry(s, "faded_from_society")["eldritch"] == 4
    s, ev = reckon_mythos(s)
    deck = s["decks"]["assets"]
    left = deck["draw"] + deck["discard"] + s["reserve"]
    assert left and all(R.C.assets[x]["cost"] < 4 for x in left)
    removed = [e for e in ev if e["type"] == "assets_removed"]
    assert len(removed) == 1 and removed[0]["cards"] and held <= {
        x for i in s["inv"].values() for x in i["assets"]}
    assert entry(s, "faded_from_society")["eldritch"] == 3
    entry(s, "faded_from_society")["eldritch"] = 1
    health = {i: v["health"] for i, v in s["inv"].items()}
    s, ev = reckon_mythos(s)
    s = settle(s)
    assert entry(s, "faded_from_society") is None and "rumor_solved" in types(ev)
    assert "rumor_failed" not in types(ev) and {i: v["health"] for i, v in s["inv"].items()} == health
    assert not any(c for v in s["inv"].values() for c in v["conditions"] if "detained" in str(c))


def test_patrolling_the_border_detains_who_fails_in_a_city():
    """README ruling 21: costandre01 normalMythos.ts @255bf8f, Patrolling the Border's reckoning:
    «Each investigator on a City space tests Observation. If he fails: Becomes Delayed. Gains a
    Detained Condition. Discard this card.»"""
    s = game(count=1)
    s["phase"] = "mythos"
    inv = s["order"][0]
    s["inv"][inv]["space"] = "arkham"
    s["inv"][inv]["clues"] = []   # no reroll window
    s["mythos"]["in_play"].append({"id": "patrolling_the_border", "eldritch": 0})
    dice(s, *[1] * 12)
    s, ev = reckon_mythos(s)
    i = s["inv"][inv]
    assert "test_result" in types(ev) and i["delayed"]
    assert any(e["type"] == "card_gained" and e["card"] == "detained" and e["inv"] == inv for e in ev)
    assert entry(s, "patrolling_the_border") is None


def test_all_for_nothing_announces_the_mystery_it_shuffles_back():
    """All For Nothing (facts.yaml mythos, costandre01): «Shuffle a solved Mystery back into the
    deck unless investigators as a group spend Clues equal to half the number of investigators.»
    The solved pile and the mystery deck change, and the mystery_unsolved event says so (no silent
    change, engine/core/announce.py); found by a simulation with the invariants on."""
    from engine.core.announce import silent_changes
    from engine.eldritch.announces import ANNOUNCES, UNANNOUNCED
    s = game(count=2)
    for i in s["inv"].values():
        i["clues"] = []   # nobody can pay to keep it
    s["solved"].append(s["decks"]["mysteries"]["draw"].pop(0))
    before = R.view(s, None)
    s, ev = run_fx(s, "[unsolve_mystery]", s["lead"])
    assert "mystery_unsolved" in types(ev) and not s["solved"]
    assert silent_changes(before, R.view(s, None), ev, ANNOUNCES, UNANNOUNCED) == []


def test_a_game_ending_mid_encounter_announces_the_discarded_card():
    """Seed 002 E18: the resolved encounter card is discarded; when the game ends while a card is
    being resolved, it goes to its discard pile too, and the table is told (encounter_discarded), as
    an invariant-checked simulation (4 investigators, seed 301) showed it was not."""
    from engine.core.announce import silent_changes
    from engine.eldritch.announces import ANNOUNCES, UNANNOUNCED
    s = game(count=2)
    card = s["decks"]["general"]["draw"].pop(0)
    s["stack"].append({"k": "call", "fn": "encounter_done", "args": {"deck": "general", "card": card}})
    before = R.view(s, None)
    s["result"] = {"winner": "ancient_one", "reason": "awakened"}
    ev = []
    R.game_over(s, ev)
    assert card in s["decks"]["general"]["discard"] and "encounter_discarded" in types(ev)
    assert [m for m in silent_changes(before, R.view(s, None), ev, ANNOUNCES, UNANNOUNCED)
            if "decks" in m] == []


def test_a_traded_duplicate_spell_is_discarded_in_the_open():
    """Seed 002 D10/I7: an investigator cannot hold two copies of one spell; a duplicate received in
    a trade is discarded at once (shuffled back into the face-up spell deck), and the table is told
    (card_discarded), as an invariant-checked simulation (2 investigators, seed 524) showed it was not."""
    from engine.core.announce import silent_changes
    from engine.eldritch.announces import ANNOUNCES, UNANNOUNCED
    s = game(count=2)
    a, b = s["order"][:2]
    spells = s["decks"]["spells"]["draw"]
    copies = [x for x in spells if R.card_id(x) == R.card_id(spells[0])][:2]
    assert len(copies) == 2
    for inv, back in zip((a, b), copies):
        spells.remove(back)
        s["inv"][inv]["spells"].append(back)
    before = R.view(s, None)
    ev = []
    R._do_trade(s, a, b, [{"dir": "give", "what": "spell", "card": R.card_id(copies[0])}], ev)
    assert copies[0] in s["decks"]["spells"]["draw"] and copies[0] not in s["inv"][b]["spells"]
    assert "card_discarded" in types(ev)
    assert silent_changes(before, R.view(s, None), ev, ANNOUNCES, UNANNOUNCED) == []
