"""The Mythos phase (K) and the board: gates, clues, monsters, doom and omen (J)."""
from eh_helpers import (R, act, mythos, new, ok, plain_cup, prompt, put_gate, put_monster, quiet, run_fx, settle,
                        to_encounters, types)

NORMAN = "norman_withers"


def game(count=1, **kw):
    names = ["ann", "bob", "cid", "dan", "eve", "fay", "gus", "hal"][:count]
    invs = [i for i in R.C.investigator_ids if i != "lola_hayes"]
    return quiet(new({p: [invs[k]] for k, p in enumerate(names)}, **kw))


def test_k1_empty_mythos_deck_loses():
    """Checklist K1, L10. Seed 002: «Якщо колода міту вичерпалася, ви не можете створити нову
    колоду міту зі скиду.» — with no card to draw, the investigators lose."""
    s = game()
    s["mythos"]["deck"] = []
    s = to_encounters(s)
    while s["result"] is None:
        s, _ = act(s, prompt(s)["player"], "default")
    assert s["result"] == {"winner": "ancient_one", "reason": "mythos_deck_empty"}


def test_k2_k6_k8_green_card_symbols_in_printed_order():
    """Checklist K2, K6, K8. Seed 002: «головний дослідник відкриває верхню карту з колоди міту й
    застосовує її ефекти в указаному на карті порядку» — omen, monster surge, clues, then the effect."""
    s = plain_cup(game())
    s, ev = mythos(s, "support_of_the_church")
    t = types(ev)
    blessed = next(k for k, e in enumerate(ev) if e["type"] == "card_gained" and e["card"] == "blessed")
    assert t.index("omen") < t.index("gate_spawned") < t.index("clue_spawned") < blessed
    assert "support_of_the_church" in s["mythos"]["discard"]   # K10: an event is discarded
    ok(s)


def test_k7_surge_at_gates_of_the_omen_or_a_gate_instead():
    """Checklist K7, M1. Seed 002: «Викладіть на кожні ворота з символом поточного передвістя,
    стільки монстрів, скільки вказано на карті-пам'ятці»; none: a gate spawns instead."""
    s = game(count=3)
    put_gate(s, "arkham")   # arkham's gate shows... the omen after the advance must match
    omen_after = R.C.omen_track[(s["omen"] + 1) % 4]
    match = [g for g in R.C.gate_spaces if R.C.spaces[g]["gate"] == omen_after]
    s = plain_cup(game(count=3))
    put_gate(s, match[0])
    before = len(s["monsters"]["board"])
    s, ev = mythos(s, "support_of_the_church")
    at_gate = [m for m in s["monsters"]["board"].values() if m["space"] == match[0]]
    assert len(at_gate) == R.ref(s)["surge"] == 2 and len(s["monsters"]["board"]) == before + 2
    s = game(count=3)
    s, ev = mythos(s, "support_of_the_church")
    assert types(ev).count("gate_spawned") == 1 and len(s["gates"]["board"]) == 1


def test_k3_reckoning_order_monsters_ao_mythos_investigators():
    """Checklist K3, K4. Seed 002: «Ефекти розплати застосовують у такому порядку:» monsters on the
    board, the Ancient One sheet, ongoing mythos cards, then each investigator from the Lead."""
    s = game(ao="cthulhu")
    put_monster(s, "zombie", "rome")
    s["mythos"]["in_play"].append({"id": "patrolling_the_border", "eldritch": 0})
    s, _ = run_fx(s, "[{gain_condition: {name: cursed}}]", s["lead"])
    frames = R.reckoning_frames(s)
    kinds = [("monster" if "monster" in e else e["card"]["kind"]) for _, e in frames]
    assert kinds == sorted(kinds, key=["monster", "ao", "mythos", "condition"].index)
    assert kinds[0] == "monster" and kinds[-1] == "condition"


def test_k9_rumor_token_and_eldritch_tokens_on_the_card():
    """Checklist K9, K10. Seed 002: «Викладіть у вказану локацію жетон чуток»; Eldritch tokens go
    on the mythos card; a rumor stays in play."""
    s = game()
    s, ev = mythos(s, "fractured_reality")
    entry = next(m for m in s["mythos"]["in_play"] if m["id"] == "fractured_reality")
    assert entry["eldritch"] == 4
    assert s["rumor_tokens"]["fractured_reality"] == R.C.mythos["fractured_reality"]["rumor"]["space"]
    assert "fractured_reality" not in s["mythos"]["discard"]


def test_l3_rumor_fails_when_its_last_token_goes():
    """Checklist L2, L3: a rumor's reckoning removes Eldritch tokens; at none it fails and the card,
    its tokens and its rumor token are discarded."""
    s = game()
    s, _ = mythos(s, "fractured_reality")
    entry = next(m for m in s["mythos"]["in_play"] if m["id"] == "fractured_reality")
    entry["eldritch"] = 1
    s, ev = run_fx(s, "[{remove_eldritch: {where: this_card}}]", s["lead"],
                   card={"kind": "mythos", "id": "fractured_reality"}, keep_going=True)
    s = settle(s)
    assert "rumor_failed" in types(ev)
    assert "fractured_reality" not in s["rumor_tokens"] and "fractured_reality" in s["mythos"]["discard"]


def test_j11_omen_advance_adds_doom_per_matching_gate():
    """Checklist J11. Seed 002: «Пересуваючи жетон передвістя, підвищте значення приреченості на 1
    за кожні ворота на ігровому полі» with the symbol of the space it enters."""
    s = game()
    nxt = R.C.omen_track[(s["omen"] + 1) % 4]
    gates = [g for g in R.C.gate_spaces if R.C.spaces[g]["gate"] == nxt][:2]
    for g in gates:
        put_gate(s, g)
    doom = s["doom"]
    s, _ = run_fx(s, "[{advance_omen: {}}]")
    assert s["doom"] == doom - len(gates)


def test_j2_j3_j4_gate_spawn_stack_and_discard():
    """Checklist J2, J3, J4. Seed 002: «Якщо треба розмістити на полі ворота, але стос і скид воріт
    вичерпалися, натомість підвищте приреченість на 1.»"""
    s = game()
    s["gates"]["discard"] = s["gates"]["stack"][:3]
    s["gates"]["stack"] = s["gates"]["stack"][3:]
    s, ev = run_fx(s, "[{spawn_gates: {count: 7}}]")
    assert len(s["gates"]["board"]) == 7 and len(s["monsters"]["board"]) == 7   # one monster each (J2)
    doom = s["doom"]
    s, ev = run_fx(s, "[{spawn_gates: {count: 3}}]")
    assert len(s["gates"]["board"]) == 9 and s["doom"] == doom - 1 and "no_gate_left" in types(ev)
    ok(s)


def test_j5_j6_clue_spawn_and_empty_pool():
    """Checklist J5, J6: a clue goes to the space on its front, or to a named space ignoring the
    front; the discard is reshuffled when the pool empties; both empty: nothing."""
    s = game()
    front = s["clues"]["pool"][0]
    s, _ = run_fx(s, "[{spawn_clues: {}}]")
    assert s["clues"]["board"][front]
    s, _ = run_fx(s, "[{spawn_clues: {at: rome}}]")
    assert s["clues"]["board"]["rome"]
    s["clues"]["discard"] += s["clues"]["pool"]
    s["clues"]["pool"] = []
    before = len(s["clues"]["discard"])
    s, _ = run_fx(s, "[{spawn_clues: {}}]")
    assert len(s["clues"]["discard"]) == 0 and len(s["clues"]["pool"]) == before - 1   # reshuffled
    s["clues"]["discard"], s["clues"]["pool"] = [], []
    s2, ev = run_fx(s, "[{spawn_clues: {}}]")
    assert s2["clues"]["board"] == s["clues"]["board"] and "no_clue_left" in types(ev)


def test_j12_j13_doom_zero_awakens_and_never_falls_after():
    """Checklist J12, J13, L9. Seed 002: «Якщо жетон приреченості досягає поділки «0» на треку
    приреченості, Стародавній пробуджується, а лист Стародавнього повертають.»"""
    s = game(ao="cthulhu")
    s["doom"] = 2
    s, ev = run_fx(s, "[{advance_doom: {amount: 5}}]")
    assert s["doom"] == 0 and s["awakened"] and "awakened" in types(ev)
    assert any(m["kind"] == "cthulhu" for m in s["monsters"]["board"].values())
    assert s["final"]["id"] == "risen_from_the_sea"
    s, _ = run_fx(s, "[{retreat_doom: {amount: 3}}]")
    assert s["doom"] == 0
    ok(s)


def test_j14_doom_retreat_stops_at_the_top():
    """Checklist J14 [R]: the doom track's top is 20 (rulings); lowering beyond it does nothing."""
    s = game()
    s, _ = run_fx(s, "[{retreat_doom: {amount: 30}}]")
    assert s["doom"] == R.C.doom_top == 20


def test_j15_j16_random_and_nearest_places():
    """Checklist J15, J16: a random location is the front of a clue drawn from the pool; nearest =
    fewest paths, the current space counts."""
    s = game()
    front = s["clues"]["pool"][0]
    s, _ = run_fx(s, "[{spawn_monster: {at: random}}]")
    assert any(m["space"] == front for m in s["monsters"]["board"].values())
    s["inv"][s["lead"]]["space"] = "space_8"
    s, _ = run_fx(s, "[{move: {to: {nearest: {type: [city]}}}}]")
    p = R.prompts(s)[0]        # three cities one path away: the active investigator picks (J16)
    assert p["about"] == "space" and {o["value"] for o in p["options"]} == {"space_7", "arkham", "buenos_aires"}
    s, _ = R.apply(s, {"player": p["player"], "type": "choose", "value": "arkham"})
    near = R.C.dist["space_8"]
    city = s["inv"][s["lead"]]["space"]
    assert R.C.spaces[city]["type"] == "city"
    assert near[city] == min(near[c] for c in R.C.space_ids if R.C.spaces[c]["type"] == "city")


def test_j17_half_the_investigators_rounds_up():
    """Checklist J17, M2: «half the investigators» with 3 investigators is 2."""
    s = game(count=3)
    assert R.quantity(s, {"of": "half_investigators"}, {"self": s["lead"]}) == 2
    assert R.quantity(s, {"of": "investigators", "times": 1, "plus": 0}, {"self": s["lead"]}) == 3


def test_j8_empty_cup_places_no_monster():
    """Checklist J8. Seed 002: with the cup empty no monster can be placed."""
    s = game()
    kinds = list(s["monsters"]["cup"])
    s["monsters"]["cup"] = []
    s["monsters"]["set_aside"] = {}
    s, ev = run_fx(s, "[{spawn_monster: {at: rome}}]")
    assert not s["monsters"]["board"] and "no_monster_left" in types(ev)
    assert kinds


def test_k4_a_monster_spawned_during_the_reckoning_does_not_reckon():
    """Checklist K4. Seed 002: «Якщо ефект ☞ призводить до появи монстра на полі або дослідник
    отримує якийсь компонент, не застосовуйте ефект ☞ цього монстра або компонента» — the Zombie's
    reckoning brings the Zombie Horde, whose own reckoning (a die: doom on 1-2) waits a round."""
    s = game()
    put_monster(s, "zombie", "rome")
    s["forced_dice"] = [1, 1, 1]
    doom = s["doom"]
    s, ev = run_fx(s, [{"op": "_reckoning"}], keep_going=True)
    kinds = [m["kind"] for m in s["monsters"]["board"].values()]
    assert kinds == ["zombie_horde"] and s["doom"] == doom and "die_rolled" not in types(ev)
    s, ev = run_fx(s, [{"op": "_reckoning"}], keep_going=True)
    assert "die_rolled" in types(ev) and s["doom"] == doom - 1
