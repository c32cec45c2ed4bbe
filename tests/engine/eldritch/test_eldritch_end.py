"""Mysteries, rumors, the awakening, winning and losing (L), checked after every primitive."""
from eh_helpers import R, new, ok, quiet, run_fx, types

NORMAN, LEO, LILY = "norman_withers", "leo_anderson", "lily_chen"


def game(mystery="omen_of_devastation", ao="azathoth", invs=None):
    return quiet(new(invs or {"ann": [NORMAN], "bob": [LEO], "cid": [LILY]}, ao=ao, setup={"mystery": mystery}))


def test_l4_l5_mystery_solved_at_once_next_one_enters_play():
    """Checklist L4, L5. Seed 002: one current mystery lies face up; when it is solved its tokens
    are discarded and a new mystery is drawn (its enters-play effect resolved)."""
    s = game()
    assert s["mystery"]["id"] == "omen_of_devastation"
    s["decks"]["mysteries"]["draw"].remove("seed_of_the_daemon_sultan")
    s["decks"]["mysteries"]["draw"].insert(0, "seed_of_the_daemon_sultan")
    s, ev = run_fx(s, "[{place_eldritch: {where: active_mystery, count: 1}}]")
    assert s["mystery"]["id"] == "omen_of_devastation"   # needs half of 3 = 2
    s, ev = run_fx(s, "[{place_eldritch: {where: active_mystery, count: 1}}, {gain_clues: {count: 1}}]")
    assert s["solved"] == ["omen_of_devastation"]
    assert s["mystery"]["id"] == "seed_of_the_daemon_sultan" and s["mystery_token"] == "tunguska"
    ok(s)


def test_l5_solving_removes_the_tokens_it_placed():
    """Checklist L5: the tokens placed because of the mystery are discarded with it."""
    s = new({"ann": [NORMAN], "bob": [LEO], "cid": [LILY]}, setup={"mystery": "the_true_name"})
    s["eldritch_board"] = {}
    s, _ = run_fx(s, R.C.mysteries["the_true_name"]["enters_play"], card={"kind": "mystery", "id": "the_true_name"})
    placed = sum(s["eldritch_board"].values())
    assert placed == 2   # half of 3 investigators, rounded up
    s, _ = run_fx(s, "[solve_mystery]")
    assert s["eldritch_board"] == {}


def test_l6_unsolved_mystery_no_longer_counts():
    """Checklist L6: a solved mystery shuffled back no longer counts."""
    s = game()
    s, _ = run_fx(s, "[solve_mystery]")
    assert len(s["solved"]) == 1
    s, _ = run_fx(s, "[unsolve_mystery]")
    assert s["solved"] == [] and "omen_of_devastation" in s["decks"]["mysteries"]["draw"]


def test_l7_l12_win_checked_at_once_no_new_mystery_after_the_last():
    """Checklist L7, L12, L10. Seed 002: the investigators win when the sheet's number of mysteries
    is solved; the check follows every primitive, so a later step of the same effect never runs."""
    s = game()
    s["solved"] = ["occult_research", "the_true_name"]
    s["decks"]["mysteries"]["draw"] = [m for m in s["decks"]["mysteries"]["draw"] if m not in s["solved"]]
    s, ev = run_fx(s, "[solve_mystery, investigators_lose]")
    assert (s["result"]["winner"], s["result"]["reason"]) == ("investigators", "mysteries")
    assert s["mystery"] is None and len(s["decks"]["mysteries"]["draw"]) == 1


def test_l8_empty_mystery_deck_draws_nothing():
    """Checklist L8 [R]: with the mystery deck empty nothing is drawn."""
    s = game()
    s["decks"]["mysteries"]["draw"] = []
    s, _ = run_fx(s, "[solve_mystery]")
    assert s["mystery"] is None and s["result"] is None


def test_l9_awakening_azathoth_ends_the_game():
    """Checklist L9, J12. Seed 002: at doom 0 the Ancient One awakens and its back replaces the
    front (Azathoth's back: the investigators lose)."""
    s = game()
    s["doom"] = 1
    s, ev = run_fx(s, "[{advance_doom: {}}]")
    assert s["awakened"] and s["result"]["winner"] == "ancient_one"


def test_l9_g10_cultists_use_the_awakened_numbers():
    """Checklist L9, G10: after the awakening the back's cultist data replaces the front's."""
    s = game(ao="cthulhu", mystery=None)
    from eh_helpers import put_monster
    uid = put_monster(s, "cultist", "rome")
    front = R.monster_data(s, uid)
    s["awakened"] = True
    back = R.monster_data(s, uid)
    cult = R.C.ancient_ones["cthulhu"]["cultist"]
    assert front["toughness"] == cult["front"]["toughness"] and back["toughness"] == cult["awakened"]["toughness"]
    assert back["abilities"] == cult["awakened"]["abilities"]


def test_l10_l11_effects_win_or_lose_at_once_and_win_beats_loss():
    """Checklist L10, L11. Seed 002: an effect that says the investigators win or lose ends the
    game at once; a win and a loss at the same time: the investigators win."""
    s = game()
    s["flags"]["lose"] = "effect"
    s2, _ = run_fx(s, "[investigators_win]")
    assert s2["result"]["winner"] == "investigators"
    s2, _ = run_fx(game(), "[investigators_lose, investigators_win]")
    assert s2["result"] == {"winner": "ancient_one", "reason": "effect"}


def test_l7_final_mystery_after_the_awakening():
    """Checklist L7: after the awakening the investigators must solve the final mystery (Cthulhu:
    defeat him) — on top of the sheet's three (seed 002, 1592; here already solved)."""
    s = game(ao="cthulhu", mystery=None)
    s["solved"] = [m["id"] for m in R.C.ancient_ones["cthulhu"]["mysteries"][:3]]
    s["doom"] = 1
    s, _ = run_fx(s, "[{advance_doom: {}}]")
    assert s["result"] is None and s["final"]["id"] == "risen_from_the_sea"
    uid = next(u for u, m in s["monsters"]["board"].items() if m["kind"] == "cthulhu")
    s, ev = run_fx(s, f"[{{damage_monsters: {{target: {{which: each, at: any, kind: cthulhu}}, amount: 20}}}}]")
    assert uid not in s["monsters"]["board"]
    assert (s["result"]["winner"], s["result"]["reason"]) == ("investigators", "final_mystery")


def test_l2_solved_rumor_discards_card_tokens_and_rumor_token():
    """Checklist L2. Seed 002: a stopped rumor discards the card, its tokens and its rumor token."""
    s = game()
    s, _ = run_fx(s, [{"op": "_mythos_in_play"}], card={"kind": "mythos", "id": "fractured_reality"})
    s, ev = run_fx(s, "[solve_rumor]", card={"kind": "mythos", "id": "fractured_reality"})
    assert "fractured_reality" not in s["rumor_tokens"] and not s["mythos"]["in_play"]
    assert "fractured_reality" in s["mythos"]["discard"] and "rumor_solved" in types(ev)


def test_m6_score_after_a_win():
    """Checklist M6. Seed 002 (підрахунок очок): +1 per gate, +1 per 3 monsters (round up), +1 per
    Cursed or Dark Pact, +3 per rumor in play, -1 per 3 clues held (round up), -1 per Blessed,
    minus the doom value."""
    s = game()
    from eh_helpers import put_gate, put_monster
    put_gate(s, "rome")
    for kind in sorted(set(s["monsters"]["cup"]))[:4]:
        put_monster(s, kind, "rome")
    s, _ = run_fx(s, "[{gain_condition: {name: cursed}}, {gain_clues: {count: 4}}]", NORMAN)
    expected = 1 + 2 + 1 + 0 - 2 - 0 - s["doom"]
    s, _ = run_fx(s, "[investigators_win]")
    assert s["result"]["score"] == expected
