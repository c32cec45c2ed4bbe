"""Rulings R27 onwards (engine/thing/RULINGS.md): each test quotes the Russian rulebook (seed 003)
sentence it rests on, or names the ruling that fills a gap the rulebook leaves.

Default table: ann, bob, cid, dan (, eve...) clockwise, ann first, direction +1.
"""
import json

from engine.core.events import visible_to

from helpers import RULES, THING_FILLER, act, door, make_game, of_type, prompt, quarantined, refused, with_infected


def ok(state):
    assert RULES.invariant_violations(state) == []
    return state


def to_step3(state, player="ann"):
    """Draw and discard the drawn card: the player is at step 3."""
    state, _ = act(state, player, "draw")
    state, _ = act(state, player, "discard", card=state["hands"][player][-1])
    return state


# ---------------------------------------------------------------- R27: Missed! is a new offer
# «ЗАРАЖЁННЫЙ»: «Если вы возьмёте из колоды ещё одну карту «Заражение!» ..., то её можно либо держать
# на руке, либо сбросить, либо передать игроку-Нечто. Однако при этом нельзя передавать её какому-то
# другому игроку (человеку или заражённому).»
# «Мимо!»: «Откажитесь от обмена. Вместо вас картами меняется следующий за вами (по очерёдности хода)
# игрок.» R27: the refused card goes back to the offerer, who offers again to the new partner.
def infected_ann_offers_a_spare_to_the_thing(card="infected"):
    s = make_game({"ann": ["infected", "infected", "whisky", "axe"],
                   "bob": ["the_thing", "missed", "whisky", "suspicion"]}, deck=["suspicion"] * 5)
    with_infected(s, "ann", "bob")
    s = to_step3(s)
    s, ev = act(s, "ann", "offer", card=card)
    s, ev2 = act(s, "bob", "defend", card="missed")
    return s, ev + ev2


def test_r27_an_infected_spare_refused_by_the_thing_never_reaches_another_player():
    s, ev = infected_ann_offers_a_spare_to_the_thing()
    assert of_type(ev, "exchange_redirected")[0]["to"] == "cid"
    assert s["hands"]["ann"].count("infected") == 2  # the refused card went back to ann
    p = prompt(s, "ann", "offer")  # ann offers again, now to cid (a human)
    assert sorted(o["card"] for o in p["options"]) == ["axe", "whisky"]
    refused(s, "ann", "offer", "infected_to_thing_only", card="infected")
    s, _ = act(s, "ann", "offer", card="axe")
    s, _ = act(s, "cid", "give", card="whisky")
    assert "infected" not in s["hands"]["cid"] and "axe" in s["hands"]["cid"]
    assert s["hands"]["ann"].count("infected") == 2 and s["roles"]["cid"] == "human"
    ok(s)


def test_r27_the_redirect_looks_the_same_whatever_card_was_refused():
    # the public (and cid, the new partner) cannot tell that ann offered an Infected! card
    outputs = []
    for card in ("infected", "whisky"):
        s, ev = infected_ann_offers_a_spare_to_the_thing(card)
        waiting = RULES.view(s, None)["waiting_for"]
        s, ev2 = act(s, "ann", "offer", card="axe")
        s, ev3 = act(s, "cid", "give", card="whisky")
        for who in (None, "cid", "dan"):
            seen = [e for e in ev + ev2 + ev3 if visible_to(e, who)]
            outputs.append((card, who, [w["kind"] for w in waiting], seen))
    first, second = outputs[:3], outputs[3:]
    assert [o[1:] for o in first] == [o[1:] for o in second]


def test_r27_the_thing_may_choose_a_new_card_for_the_redirected_exchange():
    # the offer is made again, so the Thing picks a card for the new partner (R4 still applies)
    s = make_game({"ann": ["the_thing", "infected", "whisky", "axe"],
                   "bob": ["missed", "whisky", "suspicion", "analysis"]}, deck=["suspicion"] * 5)
    s = to_step3(s)
    s, _ = act(s, "ann", "offer", card="whisky")
    s, ev = act(s, "bob", "defend", card="missed")
    assert "whisky" in s["hands"]["ann"]
    assert {"type": "offer", "card": "infected"} in prompt(s, "ann", "offer")["options"]
    s, _ = act(s, "ann", "offer", card="infected")
    s, _ = act(s, "cid", "give", card="whisky")
    assert s["roles"]["cid"] == "infected" and s["roles"]["bob"] == "human"
    ok(s)


# ---------------------------------------------------------------- R28: no redirect across a door
# «Заколоченная дверь»: «Отныне ни вы, ни он не можете совершать действия, нацеленные друг на друга
# (играть карты, меняться местами и картами).» «Мимо!»: «Если между вами есть препятствие (например,
# «Карантин» или «Заколоченная дверь»), обмена не происходит.» R28: the redirected exchange is
# between the offerer and the new partner, so a door between those two blocks it as well.
def seduction_of_cid_refused_with_missed(obstacle):
    s = make_game({"ann": ["seduction", "whisky", "suspicion", "analysis"],
                   "cid": ["missed", "whisky", "suspicion", "analysis"]})
    obstacle(s)
    s, _ = act(s, "ann", "draw")
    s, _ = act(s, "ann", "play", card="seduction", target="cid")
    s, _ = act(s, "ann", "offer", card="whisky")
    return act(s, "cid", "defend", card="missed")  # the player after cid is dan, ann's neighbour


def test_r28_missed_cannot_redirect_across_a_door_between_the_offerer_and_the_new_partner():
    s, ev = seduction_of_cid_refused_with_missed(lambda s: door(s, "dan", "ann"))
    assert not of_type(ev, "exchange_redirected") and not of_type(ev, "exchanged")
    assert [(e["from"], e["to"], e["reason"]) for e in of_type(ev, "no_exchange")] == [("ann", "dan", "missed")]
    assert sorted(s["hands"]["ann"]) == ["analysis", "suspicion", "suspicion", "whisky"]
    assert sorted(s["hands"]["dan"]) == sorted(THING_FILLER)  # dan's hand is untouched
    assert prompt(s, "bob", "draw")  # Seduction ended ann's turn (R21)
    ok(s)


def test_r28_a_door_elsewhere_does_not_block_the_redirect():
    # the door between bob and cid touches neither ann|dan nor cid|dan: the redirect goes ahead
    s, ev = seduction_of_cid_refused_with_missed(lambda s: door(s, "bob", "cid"))
    assert of_type(ev, "exchange_redirected")[0]["to"] == "dan"
    assert prompt(s, "ann", "offer")


def test_r28_missed_cannot_redirect_to_a_quarantined_player():
    s, ev = seduction_of_cid_refused_with_missed(lambda s: quarantined(s, "dan"))
    assert of_type(ev, "no_exchange") and not of_type(ev, "exchange_redirected")
    ok(s)


# ---------------------------------------------------------------- R29: the burned Thing under Revenge
# «Нечто»: «Вы не можете сбросить или обменять эту карту, даже если эффект какой-то карты побуждает
# вас к этому.» «Месть»: «Игра не заканчивается гибелью Нечто, если среди «выживших» остаются и люди,
# и заражённые. Нечто (единственный игрок, кому известны роли всех игроков) по-прежнему может следить
# за ходом игры...» R29: the burned Thing's other cards go to the discard pile; «Нечто» stays with the
# burned Thing, out of play, so nobody else can ever become the Thing.
def burned_thing_under_revenge():
    """bob (infected) burns ann (the Thing); cid and dan are humans, so the game goes on. The draw
    pile is then empty: the next draw reshuffles the discard pile."""
    s = make_game({"ann": ["the_thing", "infected", "whisky", "axe"],
                   "bob": ["infected", "flamethrower", "suspicion", "analysis"],
                   "cid": ["whisky", "suspicion", "analysis", "watch_your_back"],
                   "dan": ["whisky", "suspicion", "analysis", "watch_your_back"]},
                  options={"revenge": True}, deck=["suspicion"], first="bob")
    with_infected(s, "bob", "ann")
    s, _ = act(s, "bob", "draw")
    s, _ = act(s, "bob", "play", card="flamethrower", target="ann")
    s, ev = act(s, "ann", "accept")
    assert s["result"] is None and s["eliminated"] == ["ann"] and s["deck"] == []
    return s, ev


def play_plain_turns(s, turns):
    """Finish the pending exchange, then play ``turns`` plain turns: draw, discard the drawn card
    when allowed, exchange a harmless card. The invariants hold after every turn."""
    s = finish_exchange(s)
    for _ in range(turns):
        p = prompt(s, kind="draw")["player"]
        s, _ = act(s, p, "draw")
        drawn = s["hands"][p][-1]
        discards = [o["card"] for o in prompt(s, p, "step2")["options"] if o["type"] == "discard"]
        s, _ = act(s, p, "discard", card=drawn if drawn in discards else discards[0])
        s = finish_exchange(s)
        ok(s)
    return s


def finish_exchange(s):
    if RULES.prompts(s) and RULES.prompts(s)[0]["kind"] == "offer":
        offer = prompt(s, kind="offer")
        s, _ = act(s, offer["player"], "offer",
                   card=next(o["card"] for o in offer["options"] if o["card"] != "infected"))
        answer = prompt(s, kind="answer")
        s, _ = act(s, answer["player"], "give",
                   card=next(o["card"] for o in answer["options"] if o["type"] == "give" and o["card"] != "infected"))
    return s


def on_top(s, card):
    """Put one more ``card`` on top of the draw pile (the composition gains it)."""
    s["deck"].append(card)
    s["composition"][card] = s["composition"].get(card, 0) + 1
    return s


def burn(s, by, target):
    s, _ = act(on_top(s, "flamethrower"), by, "draw")
    s, _ = act(s, by, "play", card="flamethrower", target=target)
    s, ev = act(s, target, "accept")
    return s, ev


def test_r29_the_burned_thing_keeps_its_card_and_nobody_else_becomes_the_thing():
    s, ev = burned_thing_under_revenge()
    assert "the_thing" not in s["discard"] and "the_thing" not in s["deck"]
    assert {"infected", "whisky", "axe"} <= set(s["discard"])  # the rest of ann's hand, unseen
    assert s["roles"]["ann"] == "thing" and s["hands"]["ann"] == []  # still the Thing, out of the game
    # public output as for any elimination: nothing names a card, ann's hand count is 0
    public = [e for e in ev if visible_to(e, None)]
    assert set(of_type(public, "eliminated")[0]) == {"type", "audience", "player", "by", "seats"}
    assert not any(e.get("card") == "the_thing" or "cards" in e for e in public)
    assert RULES.view(s, None)["hand_counts"]["ann"] == 0
    s = play_plain_turns(s, 8)  # the discard pile is reshuffled and drawn through
    assert [p for p, role in s["roles"].items() if role == "thing"] == ["ann"]
    assert not any("the_thing" in s["hands"][p] for p in s["seats"])
    assert s["infections"] == [{"player": "bob", "by": "ann"}]


def test_r29_the_revenge_ending_stays_reachable_after_a_reshuffle():
    s, _ = burned_thing_under_revenge()
    s = play_plain_turns(s, 8)
    assert sorted(s["seats"]) == ["bob", "cid", "dan"]  # three players: everyone is adjacent
    if prompt(s, kind="draw")["player"] == "bob":
        s = play_plain_turns(s, 1)
    # a human burns bob, the only infected: only humans remain, so the humans win - unless a
    # second Thing had appeared among them (the old bug), which would keep the game going
    s, _ = burn(s, prompt(s, kind="draw")["player"], "bob")
    assert s["result"] is not None and s["result"]["reason"] == "revenge_humans"
    assert sorted(s["result"]["winners"]) == ["cid", "dan"]
    ok(s)


def test_r29_invariants_catch_a_thing_card_back_in_play_or_a_second_thing():
    s, _ = burned_thing_under_revenge()
    assert RULES.invariant_violations(s) == []
    back = json_copy(s)  # the old bug: the burned Thing's card went to the discard pile
    back["out_of_play"] = {}
    back["discard"].append("the_thing")
    assert any("Thing card" in v for v in RULES.invariant_violations(back))
    second = json_copy(back)  # ...and was drawn: a second Thing
    second["discard"].remove("the_thing")
    second["hands"]["cid"].append("the_thing")
    second["roles"]["cid"] = "thing"
    assert any("Things" in v for v in RULES.invariant_violations(second))
    rogue = json_copy(s)  # an infection by someone who is not the Thing
    rogue["infections"].append({"player": "cid", "by": "bob"})
    rogue["roles"]["cid"] = "infected"
    rogue["hands"]["cid"][0] = "infected"
    rogue["composition"]["infected"] += 1
    rogue["composition"]["whisky"] -= 1
    assert any("infected by" in v for v in RULES.invariant_violations(rogue))


def json_copy(s):
    return json.loads(json.dumps(s))


# ---------------------------------------------------------------- R30: an action card is discarded last
# «КАРТЫ ДЕЙСТВИЙ»: «После применения своего эффекта карта действия сбрасывается.» «Упорство»:
# «Возьмите 3 карты событий из общей колоды, добавьте одну из них на руку и сбросьте остальные. Затем
# сыграйте или сбросьте 1 карту.» «Примечание 3»: «Если у вас закончилась общая колода, перемешайте
# сброс и сделайте из них новую колоду.» R30: Persistence is not in the discard pile while it draws,
# so a reshuffle during its own draws cannot bring it back.
def persistence_with_a_short_deck():
    s = make_game({"ann": ["persistence", "whisky", "axe", "analysis"]}, deck=["suspicion", "scary"])
    s["discard"].append("no_thanks")  # one card waits in the discard pile
    s["composition"]["no_thanks"] = s["composition"].get("no_thanks", 0) + 1
    s, _ = act(s, "ann", "draw")  # suspicion; the deck now holds only scary
    return act(s, "ann", "play", card="persistence")


def test_r30_persistence_is_not_reshuffled_into_its_own_draws():
    s, ev = persistence_with_a_short_deck()
    # scary, then the deck runs out: the discard pile (no_thanks only) is reshuffled and drawn,
    # then nothing is left to draw
    assert len(of_type(ev, "deck_reshuffled")) == 1 and of_type(ev, "no_card_to_draw")
    assert sorted(o["card"] for o in prompt(s, "ann", "keep")["options"]) == ["no_thanks", "scary"]
    assert "persistence" not in s["deck"] and "persistence" not in s["discard"]
    ok(s)
    s, _ = act(s, "ann", "keep", card="scary")
    # «Затем сыграйте или сбросьте 1 карту» is part of the card's effect: it is still not discarded
    assert "persistence" not in s["discard"] and prompt(s, "ann", "step2")
    ok(s)
    s, _ = act(s, "ann", "discard", card="whisky")
    assert "persistence" in s["discard"]  # discarded once its effect is over
    assert prompt(s, "ann", "offer")
    ok(s)


# ---------------------------------------------------------------- R31: Round and Round leaves out
# The rulebook does not print the panic texts (spec §7.5: «Цепная реакция» - everyone passes one card
# to the next player at once), but its passing rules bind every pass: a human «Если вы человек, вы не
# можете передать эту карту другому игроку!»; an infected «нельзя передавать её какому-то другому
# игроку (человеку или заражённому)» (only to the Thing). R31: a player with no card they may pass to
# the player who would receive it is left out of the round - passes nothing, receives nothing - and
# the card meant for them goes on to the player after them, so every hand stays at 4.
def round_and_round(hands, infected_by=None):
    s = make_game(hands, deck=["round_and_round"] + ["suspicion"] * 5)
    for p, thing in (infected_by or {}).items():
        with_infected(s, p, thing)
    s, _ = act(s, "ann", "draw")
    return s


def pass_all(s, choices):
    events = []
    for p, card in choices.items():
        s, ev = act(s, p, "pass", card=card)
        events += ev
    return s, events


def test_r31_a_human_holding_only_infected_cards_is_left_out():
    s = round_and_round({"bob": ["infected"] * 4})  # dan is the Thing
    assert sorted(p["player"] for p in RULES.prompts(s)) == ["ann", "cid", "dan"]
    s, ev = pass_all(s, {"ann": "whisky", "cid": "analysis", "dan": "suspicion"})
    assert of_type(ev, "cards_passed")[0]["players"] == ["ann", "cid", "dan"]
    assert s["hands"]["bob"] == ["infected"] * 4  # passes nothing, receives nothing
    assert "whisky" in s["hands"]["cid"]  # ann's card went on to the player after bob
    assert {p: len(h) for p, h in s["hands"].items()} == {"ann": 4, "bob": 4, "cid": 4, "dan": 4}
    assert prompt(s, "bob", "draw")  # Round and Round ended ann's turn
    ok(s)


def test_r31_an_infected_player_who_may_not_pass_to_the_next_player_is_left_out():
    # bob (infected, only Infected! cards) would pass to cid, a human: nothing is legal
    s = round_and_round({"bob": ["infected"] * 4}, infected_by={"bob": "dan"})
    assert "bob" not in [p["player"] for p in RULES.prompts(s)]
    s, _ = pass_all(s, {"ann": "whisky", "cid": "analysis", "dan": "suspicion"})
    assert s["hands"]["bob"] == ["infected"] * 4 and "whisky" in s["hands"]["cid"]
    assert all(len(h) == 4 for h in s["hands"].values())
    ok(s)


def test_r31_when_the_next_player_is_left_out_the_card_goes_on_and_may_reach_the_thing():
    # cid (human, only Infected!) is left out, so bob now passes to dan, the Thing: bob, infected
    # and holding only Infected! cards, may pass a spare to the Thing and takes part
    s = round_and_round({"bob": ["infected"] * 4, "cid": ["infected"] * 4,
                         "dan": ["the_thing", "whisky", "suspicion", "analysis"]}, infected_by={"bob": "dan"})
    assert sorted(p["player"] for p in RULES.prompts(s)) == ["ann", "bob", "dan"]
    assert [o["card"] for o in prompt(s, "bob")["options"]] == ["infected"]
    s, ev = pass_all(s, {"ann": "whisky", "bob": "infected", "dan": "suspicion"})
    assert sorted(s["hands"]["bob"]) == ["infected", "infected", "infected", "whisky"]
    assert s["hands"]["dan"].count("infected") == 1 and "suspicion" in s["hands"]["ann"]
    assert s["hands"]["cid"] == ["infected"] * 4
    assert all(len(h) == 4 for h in s["hands"].values())
    assert not of_type(ev, "infected")  # a card to the Thing infects nobody
    ok(s)
