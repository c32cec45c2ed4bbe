"""Skill checks (checklist 76-92): order, secrecy, limits, the chaos deck, results, the worked
example «Голодний бунт», and every ability that changes a check."""
from __future__ import annotations

from engine.core.events import visible_to
from tests.engine.unfathomable.c_helpers import empty_hands, give, give_item, reveal, settle, types
from tests.engine.unfathomable.helpers import answer, game, pass_windows, run, top

CHECK = {"skill_check": {"target": 11, "partial": 8, "positive": ["influence", "strength"],
                         "on_pass": [{"gain": {"sanity": 1}}], "on_partial": [{"lose": {"food": 1}}],
                         "on_fail": [{"lose": {"food": 2}}]}}


def fresh(n=4, **kw):
    r, s = game(n, **kw)
    empty_hands(s)
    pass_windows(r, s)
    return r, s


def set_chaos(s, *cards):
    """The next chaos cards drawn, first = drawn first."""
    for card in cards:
        for pile in (s["decks"][card.split(":")[0]], s["discards"][card.split(":")[0]], s["chaos"]):
            if card in pile:
                pile.remove(card)
                break
    s["chaos"].extend(reversed(cards))


def contribute(r, s, plan):
    """Answer the contribution round: plan {player: [cards]} (others add nothing)."""
    events = []
    for _ in range(20):
        t = top(r, s)
        if t is None or t["kind"] != "contribute":
            if t is not None and t["kind"] == "window" and t.get("timing") == "before_contributions":
                events += pass_windows(r, s)
                continue
            break
        events += answer(r, s, t["player"], type="contribute", cards=sorted(plan.get(t["player"], [])))
    return events


def test_c092_worked_example_food_stores_raid():
    """Checklist 92. Seed l.773-775: «Сума вмінь підтримки – 14. Сума вмінь завади становить 4, тож
    кінцевий результат дорівнює 10 … розігрують середній результат кризи та «втрачають 1 їжу»»."""
    r, s = fresh(3)
    set_chaos(s, "observation:keen_insight:3:1", "lore:shrivelling:1:1")
    give(s, "p2", "strength:rampage:3:1")
    give(s, "p1", "strength:rampage:4:1", "strength:rampage:3:2", "influence:nothing_to_hide:4:1")
    food = s["resources"]["food"]
    crisis = r.mythos_by_id["food_stores_raid"].crisis
    ev = []
    r.start_effect(s, crisis, ev, {"self": "p1", "decider": "p1", "card": "food_stores_raid", "mythos": True})
    r.run(s, ev)
    order = []
    for _ in range(10):   # step 3: left of the current player first, the current player last
        t = top(r, s)
        if t["kind"] == "window":
            ev += pass_windows(r, s)
            continue
        if t["kind"] != "contribute":
            break
        order.append(t["player"])
        plan = {"p2": ["strength:rampage:3:1"], "p3": [],
                "p1": ["influence:nothing_to_hide:4:1", "strength:rampage:3:2", "strength:rampage:4:1"]}
        ev += answer(r, s, t["player"], type="contribute", cards=plan[t["player"]])
    ev += settle(r, s)
    assert order == ["p2", "p3", "p1"]
    revealed = next(e for e in ev if e["type"] == "check_revealed")
    assert len(revealed["cards"]) == 6 and revealed["total"] == 10
    result = next(e for e in ev if e["type"] == "check_result")
    assert result["result"] == "partial" and result["total"] == 10
    assert s["resources"]["food"] == food - 1
    # step 7: every card to its own discard (checklist 89)
    for card in revealed["cards"]:
        assert card in s["discards"][card.split(":")[0]]


def test_c082_secrecy_counts_public_cards_private():
    """Checklist 82-84. Seed l.1516-1518 (public: how many cards each player added); l.712: «щоб
    ніхто напевне не знав, які карти додав кожен з гравців». No event shown to the table ties a
    card to the player who added it."""
    r, s = fresh(4)
    give(s, "p2", "treachery:reinforcements:1:1")
    give(s, "p3", "influence:coordinated_effort:1:1", "strength:combat_training:1:1")
    ev = run(r, s, [CHECK])
    ev += contribute(r, s, {"p2": ["treachery:reinforcements:1:1"],
                            "p3": ["influence:coordinated_effort:1:1", "strength:combat_training:1:1"]})
    ev += settle(r, s)
    added = [e for e in ev if e["type"] == "check_added"]
    assert [(e["player"], e["count"], e["audience"]) for e in added] == \
        [("p2", 1, "all"), ("p3", 2, "all"), ("p4", 0, "all"), ("p1", 0, "all")]
    for e in ev:
        if visible_to(e, "p4") and e.get("player") in ("p2", "p3"):
            assert "cards" not in e and "card" not in e, e
    assert "contributions_revealed" not in types(ev)
    mine = [e for e in ev if e["type"] == "check_you_added"]
    assert all(e["audience"] == [e["player"]] for e in mine)
    revealed = next(e for e in ev if e["type"] == "check_revealed")
    assert "treachery:reinforcements:1:1" in revealed["cards"] and "player" not in revealed
    assert r.view(s, "p4")["you"]["hand"] == [] and "checks" not in r.view(s, None)


def test_c081_brig_and_revealed_add_at_most_one():
    """Checklist 81. Seed l.1119: «Гравець не може додавати більше ніж одну карту до кожної
    перевірки вміння»; l.1532 (revealed traitors)."""
    r, s = fresh(4)
    s["zone_of"]["p2"] = "brig"
    reveal(s, "p3")
    give(s, "p2", "influence:coordinated_effort:1:1", "influence:coordinated_effort:1:2")
    give(s, "p3", "treachery:reinforcements:1:1", "treachery:reinforcements:1:2")
    give(s, "p4", "influence:coordinated_effort:1:3", "influence:coordinated_effort:1:4")
    run(r, s, [CHECK])
    pass_windows(r, s)
    maxes = {}
    for _ in range(4):
        t = top(r, s)
        maxes[t["player"]] = t["subset"]["max"]
        answer(r, s, t["player"], type="contribute", cards=[])
    assert maxes == {"p2": 1, "p3": 1, "p4": 2, "p1": 0}
    settle(r, s)


def test_c086_partial_pass_and_fail_results():
    """Checklist 85-87. Seed l.2405: «Якщо результат більший або дорівнює цільовому значенню,
    перевірка вміння успішна»; l.719 («8+»); l.2415-2417 (failure)."""
    for cards, expect in (([], "fail"), (["strength:rampage:4:1", "strength:rampage:4:2"], "partial"),
                          (["strength:rampage:4:1", "strength:rampage:4:2", "strength:rampage:3:1"], "pass")):
        r, s = fresh(4)
        set_chaos(s, "strength:combat_training:1:1", "influence:coordinated_effort:1:1")   # +2
        give(s, "p2", *cards)
        before = dict(s["resources"])
        ev = run(r, s, [CHECK])
        ev += contribute(r, s, {"p2": cards})
        ev += settle(r, s)
        assert next(e for e in ev if e["type"] == "check_result")["result"] == expect
        delta = {k: s["resources"][k] - before[k] for k in before if s["resources"][k] != before[k]}
        assert delta == {"fail": {"food": -2}, "partial": {"food": -1}, "pass": {"sanity": 1}}[expect]


def test_c077_treachery_always_hinders_other_types_hinder():
    """Checklist 77. Seed l.705: «Кожне вміння, яке не зазначене в переліку, додає від'ємне
    значення до перевірки вміння»."""
    r, s = fresh(4)
    set_chaos(s, "lore:shrivelling:2:1", "treachery:siren_song:3:1")
    ev = run(r, s, [CHECK])
    ev += contribute(r, s, {})
    ev += settle(r, s)
    assert next(e for e in ev if e["type"] == "check_revealed")["total"] == -5


def test_c090_chaos_rebuilt_from_two_of_each_and_one_left_ruling():
    """Checklist 90. Seed l.2179-2181: a new chaos deck from 2 cards of each non-treachery deck;
    README ruling 15 / checklist [R]: one card left when two are needed — draw it, rebuild, draw."""
    r, s = fresh(4)
    last = s["chaos"][0]
    for card in s["chaos"][1:]:
        s["discards"][card.split(":")[0]].append(card)
    s["chaos"] = [last]
    ev = run(r, s, [CHECK])
    ev += contribute(r, s, {})
    ev += settle(r, s)
    pile = next(e for e in ev if e["type"] == "check_revealed")["cards"]
    assert last in pile and len(pile) == 2
    assert len(s["chaos"]) == 9   # rebuilt with 10, one drawn
    # a type with fewer than 2 cards in deck + discard is skipped
    s["chaos"] = []
    s["discards"]["lore"] = []
    s["decks"]["lore"] = s["decks"]["lore"][:1]
    r.rebuild_chaos(s)
    assert len(s["chaos"]) == 8 and not [c for c in s["chaos"] if c.startswith("lore")]


def test_c091_shuffle_treachery_into_chaos_as_many_as_there_are():
    """Checklist 91. Seed l.2187: take the top X treachery cards, add them, shuffle. [R] fewer than
    X: as many as there are (RULINGS C3)."""
    r, s = fresh(4)
    n = len(s["chaos"])
    run(r, s, [{"shuffle_treachery_into_chaos": {"count": 4}}])
    assert len(s["chaos"]) == n + 4 and sum(c.startswith("treachery") for c in s["chaos"]) == 4
    s["decks"]["treachery"] = s["decks"]["treachery"][:1]
    s["discards"]["treachery"] = []
    run(r, s, [{"shuffle_treachery_into_chaos": {"count": 4}}])
    assert sum(c.startswith("treachery") for c in s["chaos"]) == 5 and s["decks"]["treachery"] == []


def test_c088_zone_check_everyone_contributes_failure_does_nothing():
    """Checklist 88. Seed l.721: «У разі провалу такої перевірки нічого не трапляється»; l.2111:
    everyone may contribute (Captain's Cabin)."""
    r, s = fresh(4)
    give(s, "p3", "influence:coordinated_effort:1:1")
    before = (dict(s["resources"]), dict(s["zone_of"]))
    r.use_ability(s, "p1", "zone:captains_cabin", [])
    ev = []
    r.run(s, ev)
    ev += settle(r, s, player="p3")
    askers = [e["player"] for e in ev if e["type"] == "check_added"]
    assert askers == ["p2", "p3", "p4", "p1"]
    assert next(e for e in ev if e["type"] == "check_result")["result"] == "fail"
    assert (s["resources"], s["zone_of"]) == before


def test_c078_nothing_to_hide_face_up():
    """Nothing to Hide (before contributions, seed l.1585): every card added is public, with who
    added it (README ruling 35); the chaos cards stay face down."""
    r, s = fresh(4)
    give(s, "p1", "influence:nothing_to_hide:3:1")
    give(s, "p2", "strength:rampage:4:1")
    ev = run(r, s, [CHECK])
    t = top(r, s)
    assert t["timing"] == "before_contributions"
    ev += answer(r, s, "p1", type="use", ability="card:influence:nothing_to_hide:3:1")
    ev += pass_windows(r, s)
    ev += contribute(r, s, {"p2": ["strength:rampage:4:1"]})
    ev += settle(r, s)
    up = [e for e in ev if e["type"] == "added_face_up"]
    assert up == [{"type": "added_face_up", "audience": "all", "player": "p2", "cards": ["strength:rampage:4:1"]}]


def test_c078_forced_learning_preparation():
    """Forced Learning: one more type helps; Preparation: no chaos cards (before contributions)."""
    r, s = fresh(4)
    give(s, "p1", "lore:forced_learning:5:1", "observation:preparation:5:1")
    set_chaos(s, "lore:shrivelling:2:1", "lore:shrivelling:2:2")
    ev = run(r, s, [CHECK])
    ev += answer(r, s, "p1", type="use", ability="card:lore:forced_learning:5:1")
    ev += settle(r, s, skill_type="lore")
    assert next(e for e in ev if e["type"] == "check_revealed")["total"] == 4   # lore now helps
    r, s = fresh(4)
    give(s, "p1", "observation:preparation:5:1")
    ev = run(r, s, [CHECK])
    ev += answer(r, s, "p1", type="use", ability="card:observation:preparation:5:1")
    ev += settle(r, s)
    assert next(e for e in ev if e["type"] == "check_revealed")["cards"] == []


def test_c085_determination_lucky_ring_well_equipped_experienced():
    """After the reveal: Determination ±2, "Lucky" Ring +2 (then 2 treachery into chaos if it
    passes), Well Equipped ±up to items held, Experienced adds a card from hand."""
    # Determination: 10 -> 12 pass
    r, s = fresh(4)
    give(s, "p2", "will:determination:3:1", "strength:rampage:4:1", "strength:rampage:4:2")
    set_chaos(s, "strength:combat_training:1:1", "influence:coordinated_effort:1:1")
    run(r, s, [CHECK])
    contribute(r, s, {"p2": ["strength:rampage:4:1", "strength:rampage:4:2"]})
    assert top(r, s)["timing"] == "after_check_reveal"
    answer(r, s, "p2", type="use", ability="card:will:determination:3:1")
    ev = settle(r, s, check_sign=2)
    assert next(e for e in ev if e["type"] == "check_result")["result"] == "pass"
    # Lucky Ring (Edmund): 10 -> 12, passing: 2 treachery into the chaos deck
    r, s = fresh(4, characters={"p1": "keilani", "p2": "edmund", "p3": "jeanne", "p4": "william"})
    give(s, "p3", "strength:rampage:4:1", "strength:rampage:4:2")
    set_chaos(s, "strength:combat_training:1:1", "influence:coordinated_effort:1:1")
    run(r, s, [CHECK])
    contribute(r, s, {"p3": ["strength:rampage:4:1", "strength:rampage:4:2"]})
    chaos = len(s["chaos"])
    answer(r, s, "p2", type="use", ability="item:lucky_ring:0")
    ev = settle(r, s)
    assert next(e for e in ev if e["type"] == "check_result")["total"] == 12
    assert len(s["chaos"]) == chaos + 2
    # Well Equipped (Samira, 1 item): -1
    r, s = fresh(4, characters={"p1": "keilani", "p2": "samira", "p3": "jeanne", "p4": "william"})
    set_chaos(s, "strength:combat_training:1:1", "influence:coordinated_effort:1:1")
    run(r, s, [CHECK])
    contribute(r, s, {})
    answer(r, s, "p2", type="use", ability="feat:well_equipped")
    ev = settle(r, s, check_sign=-1)
    assert next(e for e in ev if e["type"] == "check_result")["total"] == 1 and s["feats"]["p2"] is None
    # Experienced (Keilani): a card from hand after the reveal
    r, s = fresh(4)
    give(s, "p1", "strength:rampage:4:1")
    set_chaos(s, "strength:combat_training:1:1", "influence:coordinated_effort:1:1")
    run(r, s, [CHECK])
    contribute(r, s, {})
    answer(r, s, "p1", type="use", ability="char:keilani")
    ev = settle(r, s)
    assert next(e for e in ev if e["type"] == "check_result")["total"] == 6 and s["hands"]["p1"] == []


def test_c036_self_sacrifice_sets_the_result_without_a_check():
    """Self Sacrifice (README ruling 36): in a mythos check Arjun is defeated and picks the
    result; no chaos, no contributions, no reveal."""
    r, s = fresh(4)
    chaos = list(s["chaos"])
    food = s["resources"]["food"]
    ev = []
    r.start_effect(s, r.mythos_by_id["food_stores_raid"].crisis, ev,
                   {"self": "p1", "decider": "p1", "card": "food_stores_raid", "mythos": True})
    r.run(s, ev)
    assert top(r, s)["player"] == "p2"
    ev += answer(r, s, "p2", type="use", ability="feat:self_sacrifice")
    ev += settle(r, s, check_result="pass")
    assert s["resources"]["food"] == food and s["chaos"] == chaos
    assert "check_revealed" not in types(ev) and "check_added" not in types(ev)
    assert s["zone_of"]["p2"] == "sick_bay"


def test_c034_extra_treachery_memory_of_the_deep_and_family_ties():
    """README ruling 34: Memory of the Deep adds a treachery card to every check; Family Ties
    only while Ishmael is outside the Brig; Preparation does not stop them."""
    r, s = fresh(4)
    s["mythos_deck"].remove("memory_of_the_deep")
    s["in_play"]["p4"].append("memory_of_the_deep")
    ev = run(r, s, [CHECK])
    ev += contribute(r, s, {})
    ev += settle(r, s)
    pile = next(e for e in ev if e["type"] == "check_revealed")["cards"]
    assert len(pile) == 3 and sum(c.startswith("treachery") for c in pile) >= 1
    assert {"type": "check_added", "audience": "all", "player": "p4", "count": 1, "extra_treachery": True} in ev
    r, s = fresh(4, characters={"p1": "keilani", "p2": "ishmael", "p3": "jeanne", "p4": "william"})
    s["mythos_deck"].remove("family_ties")
    s["in_play"]["p2"].append("family_ties")
    s["zone_of"]["p2"] = "brig"
    ev = run(r, s, [CHECK])
    ev += contribute(r, s, {})
    ev += settle(r, s)
    assert len(next(e for e in ev if e["type"] == "check_revealed")["cards"]) == 2
