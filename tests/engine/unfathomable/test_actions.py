"""Every skill card title's ability resolved (checklist 49-50): shown, resolved, discarded to its
own deck's discard; the consequence on the state. Titles covered elsewhere: Nothing to Hide,
Forced Learning, Preparation, Determination (test_checks), Keen Insight (test_windows), Combat
Training, Rampage (test_combat), True Grit, Perform Rites (test_windows)."""
from __future__ import annotations

from tests.engine.unfathomable.c_helpers import clear_board, empty_hands, give, reveal, settle, to_actions
from tests.engine.unfathomable.helpers import answer, game, run, top

COVERED_ELSEWHERE = {"nothing_to_hide", "forced_learning", "preparation", "determination", "keen_insight",
                     "combat_training", "rampage", "true_grit", "perform_rites"}


def play(card, traitor=False, rolls=(), setup=None, **choices):
    r, s = game(4, rolls=list(rolls))
    empty_hands(s)
    clear_board(s)
    to_actions(r, s)
    if traitor:
        reveal(s, "p1")
    give(s, "p1", card)
    if setup:
        setup(s)
    before = {k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v) for k, v in s.items()}
    before["hands"] = {p: list(h) for p, h in s["hands"].items()}
    ev = []
    r.use_ability(s, "p1", "card:" + card, ev)
    r.run(s, ev)
    ev += settle(r, s, **choices)
    # checklist 49; seed l.1611: discarded once resolved (a granted action still pending is part of it)
    assert card not in s["hands"]["p1"] and (card in s["discards"][card.split(":")[0]] or
                                             (card in s.get("playing", []) and top(r, s)["kind"] == "action"))
    return r, before, s, ev


def test_c049_coordinated_effort_gives_another_player_an_action():
    r, b, s, ev = play("influence:coordinated_effort:1:1", player="p3")
    t = top(r, s)
    assert t["kind"] == "action" and t["player"] == "p3"


def test_c049_inspiring_speech_roll():
    _, b, s, _ = play("influence:inspiring_speech:5:1", rolls=[3])
    assert s["resources"]["sanity"] == b["resources"]["sanity"] + 1
    _, b, s, _ = play("influence:inspiring_speech:5:1", rolls=[2])
    assert s["resources"]["sanity"] == b["resources"]["sanity"] - 1


def test_c049_shrivelling_attacks_anywhere():
    def setup(s):
        s["deep_ones"]["w6"] += 1
        s["deep_one_supply"] -= 1
    _, b, s, _ = play("lore:shrivelling:1:1", rolls=[4], setup=setup)
    assert s["deep_ones"]["w6"] == 0


def test_c049_lesser_banishment_moves_every_deep_one_of_a_zone():
    def setup(s):
        s["deep_ones"]["d3"] += 2
        s["deep_one_supply"] -= 2
    _, b, s, _ = play("lore:lesser_banishment:3:1", setup=setup, zone=["d3"])
    assert s["deep_ones"]["d3"] == 0 and sum(n for z, n in s["deep_ones"].items()) == 2


def test_c049_watch_and_learn_draws_two():
    _, b, s, _ = play("observation:watch_and_learn:1:1")
    assert len(s["hands"]["p1"]) == 2 and not any(c.startswith("treachery") for c in s["hands"]["p1"])


def test_c049_persistence_discards_and_draws_as_many():
    def setup(s):
        give(s, "p1", "lore:shrivelling:1:1", "lore:shrivelling:1:2")
    _, b, s, _ = play("will:persistence:1:1", setup=setup)   # the default: 1 card
    assert len(s["hands"]["p1"]) == 2 and len(s["discards"]["lore"]) == 1


def test_c049_shrug_it_off_prevents_a_defeat():
    r, s = game(4, rolls=[6])
    empty_hands(s)
    clear_board(s)
    to_actions(r, s)
    reveal(s, "p2")
    s["zone_of"]["p2"] = "captains_cabin"
    give(s, "p1", "strength:shrug_it_off:5:1")
    s["turn"]["player"] = "p1"
    run(r, s, [{"attack": {}}], self="p2")   # a revealed traitor attacks p1: 6 hits
    used = False
    for _ in range(20):
        t = top(r, s)
        if t is None or t["kind"] == "action":
            break
        if t["kind"] == "window" and t["timing"] == "would_be_defeated" and t["player"] == "p1" and not used:
            answer(r, s, "p1", type="use", ability="card:strength:shrug_it_off:5:1")
            used = True
            continue
        r.apply_in_place(s, {"player": t["player"], "type": "default"})
    assert used and s["zone_of"]["p1"] == "captains_cabin" and "strength:shrug_it_off:5:1" in s["discards"]["strength"]


def test_c050_humans_cannot_use_treachery():
    """Checklist 50. Seed l.1613: Humans cannot use treachery card abilities."""
    r, s = game(4)
    empty_hands(s)
    to_actions(r, s)
    give(s, "p1", "treachery:siren_song:3:1")
    assert not [a for a in r.legal_actions(s, "p1") if a.get("ability", "").startswith("card:treachery")]


def test_c058_reinforcements_siren_song_call_to_action_ransack():
    """Checklist 58: a revealed traitor uses treachery cards."""
    _, b, s, _ = play("treachery:reinforcements:1:1", traitor=True)
    assert s["deep_ones"]["depths"] == b["deep_ones"]["depths"] + 1
    _, b, s, _ = play("treachery:siren_song:3:1", traitor=True, rolls=[5])
    assert len(s["passenger_supply"]) == len(b["passenger_supply"]) - 1

    def setup(s):
        s["deep_ones"]["captains_cabin"] += 1
        s["deep_one_supply"] -= 1
        s["zone_of"]["p2"] = "captains_cabin"
    _, b, s, ev = play("treachery:call_to_action:2:1", traitor=True, rolls=[6], setup=setup, option=0)
    assert s["zone_of"]["p2"] == "sick_bay"   # the Deep One attacked the Human there

    def galley(s):
        s["zone_of"]["p1"] = "galley"
    _, b, s, _ = play("treachery:ransack:4:1", traitor=True, setup=galley)
    assert s["resources"]["food"] == b["resources"]["food"] - 1


def test_c049_every_title_has_a_test():
    from tests.engine.unfathomable.helpers import rules
    import inspect
    import sys
    src = inspect.getsource(sys.modules[__name__])
    for title in rules().card_ability:
        assert title in COVERED_ELSEWHERE or title in src, title
