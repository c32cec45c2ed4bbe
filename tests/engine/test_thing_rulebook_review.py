"""Rulebook review: each test quotes the Russian rulebook (seed 003) or the spec's card text and
checks the engine against it. Default table: ann, bob, cid, dan (, eve...) clockwise, ann first.
"""

from helpers import RULES, act, door, make_game, of_type, plays, prompt, quarantined


def ok(state):
    assert RULES.invariant_violations(state) == []
    return state


# «Заколоченная дверь»: «Отныне ни вы, ни он не можете совершать действия, нацеленные друг на друга
# (играть карты, меняться местами и картами).» The Axe may remove the door itself (it lies between
# you), but it may not reach across the door to remove the quarantine on the player behind it.
def test_axe_cannot_remove_the_quarantine_of_a_neighbour_behind_a_door():
    s = make_game({"ann": ["axe", "whisky", "suspicion", "analysis"]}, players=5)
    quarantined(s, "bob")
    door(s, "ann", "bob")
    s, _ = act(s, "ann", "draw")
    assert plays(s, "axe") == [{"type": "play", "card": "axe", "obstacle": "door", "side": 1}]


def test_axe_still_removes_the_quarantine_of_a_neighbour_on_the_open_side():
    s = make_game({"ann": ["axe", "whisky", "suspicion", "analysis"]}, players=5)
    quarantined(s, "bob")
    quarantined(s, "eve")
    door(s, "ann", "bob")
    s, _ = act(s, "ann", "draw")
    assert {"type": "play", "card": "axe", "obstacle": "quarantine", "target": "eve"} in plays(s, "axe")
    s, _ = act(s, "ann", "play", card="axe", obstacle="quarantine", target="eve")
    assert "eve" not in s["quarantine"] and "bob" in s["quarantine"]
    ok(s)


# «Раз, два...» (spec §7.5, card text): «Поменяйтесь с третьим игроком слева или справа (по вашему
# выбору). Если игрок на карантине - смены мест не происходит.» The drawer chooses a side; if the
# player there is quarantined nothing happens (the drawer is not forced onto the other side).
def test_one_two_lets_you_choose_a_quarantined_third_player_and_then_nothing_happens():
    s = make_game(players=5, deck=["one_two"] + ["suspicion"] * 5)
    quarantined(s, "dan")  # 3rd to the right of ann; 3rd to the left is cid
    s, _ = act(s, "ann", "draw")
    assert sorted(o["target"] for o in prompt(s, "ann", "choose")["options"]) == ["cid", "dan"]
    seats = list(s["seats"])
    s, ev = act(s, "ann", "choose", target="dan")
    assert s["seats"] == seats
    assert not of_type(ev, "seats_swapped") and of_type(ev, "nothing_happens")
    assert prompt(s, "ann", "offer")  # the turn goes on to step 3
    ok(s)


def test_one_two_with_a_free_third_player_swaps():
    s = make_game(players=5, deck=["one_two"] + ["suspicion"] * 5)
    quarantined(s, "dan")
    s, _ = act(s, "ann", "draw")
    s, ev = act(s, "ann", "choose", target="cid")
    assert s["seats"] == ["cid", "bob", "ann", "dan", "eve"]
    assert of_type(ev, "seats_swapped")
    ok(s)


# ---------------------------------------------------------------- verified rules (regression guards)
# «Соблазн»: «Поменяйтесь 1 картой с любым игроком, если он не на карантине. На этом ваш ход
# заканчивается.» - also when the target answers Missed! and the next player exchanges instead
# («Мимо!»: «Вместо вас картами меняется следующий за вами (по очерёдности хода) игрок»).
def test_seduction_refused_with_missed_redirects_then_the_turn_ends():
    s = make_game({"ann": ["seduction", "whisky", "suspicion", "analysis"],
                   "cid": ["missed", "whisky", "suspicion", "analysis"]}, players=5)
    s, _ = act(s, "ann", "draw")
    s, _ = act(s, "ann", "play", card="seduction", target="cid")
    s, _ = act(s, "ann", "offer", card="whisky")
    s, ev = act(s, "cid", "defend", card="missed")
    assert of_type(ev, "exchange_redirected")[0]["to"] == "dan"
    s, ev = act(s, "ann", "offer", card="whisky")  # R27: the offer is made again to dan
    s, ev = act(s, "dan", "give", card="analysis")
    assert "analysis" in s["hands"]["ann"] and "whisky" in s["hands"]["dan"]
    assert of_type(ev, "turn_ended") and prompt(s, "bob", "draw")  # no step 3 for ann
    ok(s)


# Quarantine: «не может меняться картами, играть карты событий и становиться целью таких карт» -
# Seduction cannot pick a quarantined player, nor the neighbour behind a door.
def test_seduction_targets_exclude_quarantined_and_the_neighbour_behind_a_door():
    s = make_game({"ann": ["seduction", "whisky", "suspicion", "analysis"]}, players=5)
    quarantined(s, "cid")
    door(s, "ann", "eve")
    s, _ = act(s, "ann", "draw")
    assert sorted(o["target"] for o in plays(s, "seduction")) == ["bob", "dan"]


# Turn order: «Если в свой ход вы пересели на место другого игрока, то после вас ходить будет один
# из ваших новых соседей». After You'd Better Run! to the far side, the new neighbour plays next.
def test_next_turn_after_better_run_goes_to_the_new_neighbour():
    s = make_game({"ann": ["better_run", "whisky", "suspicion", "analysis"]}, players=6)
    s, _ = act(s, "ann", "draw")
    s, _ = act(s, "ann", "play", card="better_run", target="dan")
    s, _ = act(s, "dan", "accept")
    assert s["seats"] == ["dan", "bob", "cid", "ann", "eve", "fay"]
    p = prompt(s, "ann", "offer")
    s, _ = act(s, "ann", "offer", card=p["options"][0]["card"])
    q = prompt(s, "eve", "answer")
    s, _ = act(s, "eve", "give", card=q["options"][0]["card"])
    assert prompt(s, "eve", "draw")
    ok(s)


# §14.1: the moment of an infection is seen only by the Thing and the new infected; the public
# output must be identical whether or not an infection happened (here: Round and Round).
def test_round_and_round_public_output_is_identical_with_or_without_an_infection():
    def play(card):
        s = make_game({"ann": ["the_thing", "infected", "whisky", "suspicion"]}, players=4,
                      deck=["round_and_round"] + ["suspicion"] * 6)
        s, ev = act(s, "ann", "draw")
        for p in ["ann", "bob", "cid", "dan"]:
            c = card if p == "ann" else "whisky"
            s, e = act(s, p, "pass", card=c)
            ev += e
        return s, ev

    s1, ev1 = play("infected")
    s2, ev2 = play("whisky")
    assert s1["roles"]["bob"] == "infected" and s2["roles"]["bob"] == "human"
    public = lambda ev: [e for e in ev if e["audience"] == "all"]  # noqa: E731
    assert public(ev1) == public(ev2)
    assert [e for e in ev1 if e["type"] == "infected"][0]["audience"] == ["bob", "ann"]
    assert RULES.view(s1, None) == RULES.view(s2, None)
