"""Cross-area fixes reported from random play and by the other engineers (RULINGS X4-X6).

Each test reproduces the report first; seed 000 line numbers in the docstrings."""
from __future__ import annotations

from tests.engine.unfathomable.c_helpers import clear_board, empty_hands, give, to_actions
from tests.engine.unfathomable.helpers import answer, game, pass_windows, run, top
from tests.engine.unfathomable.test_monsters import activate, board, damage, put
from tests.engine.unfathomable.test_reveal import finish_reveal, reveal_as


def pass_round(r, s):
    """Everyone asked by the window on top passes once."""
    for p in r.prompts(s):
        answer(r, s, p["player"], type="pass")


# --- (a) titles and the reveal -----------------------------------------------------------------
def test_c160_reveal_step_4_passes_every_title():
    """Checklist 160. Seed l.2323: «36.4 КРОК 4. Гравець втрачає всі свої карти посади.»"""
    r, s = game(loyalty={"p1": ["hybrid"], "p2": ["human"], "p3": ["human"], "p4": ["human"]})
    pass_windows(r, s)
    s["titles"]["keeper_of_the_tome"] = "p1"
    answer(r, s, "p1", type="reveal")
    finish_reveal(r, s, "p1")
    assert "p1" not in s["titles"].values() and None not in s["titles"].values()
    assert all(r.is_human(s, h) for h in s["titles"].values())
    assert r.invariant_violations(s) == []


def test_c141_brig_fallback_title_leaves_a_revealing_holder():
    """Checklist 141, 160. Seed l.677: «Відкриті зрадники й гравці у карцері не можуть обіймати
    посади.» With every Human in the Brig the fallback gives the Captain to one there; when that
    holder reveals, the title goes to another Human in the Brig, never the traitor."""
    r, s = game(loyalty={"p1": ["hybrid"], "p2": ["human"], "p3": ["human"], "p4": ["human"]})
    pass_windows(r, s)
    for p in ("p2", "p3", "p4"):
        s["zone_of"][p] = "brig"
    run(r, s, [{"send_to_brig": {"who": "self"}}], self="p1")
    pass_windows(r, s)
    assert s["titles"]["captain"] == "p1" and s["titles_fallback"]["captain"]   # every Human is in the Brig
    answer(r, s, "p1", type="reveal")
    finish_reveal(r, s, "p1")
    holder = s["titles"]["captain"]
    assert holder in ("p2", "p3", "p4") and s["zone_of"][holder] == "brig" and s["titles_fallback"]["captain"]
    assert "p1" not in s["titles"].values()
    assert r.invariant_violations(s) == []


def test_x4_game_ending_during_the_reveal_keeps_titles_without_a_violation():
    """RULINGS X4 (random play, 5 players seed 58): Jeanne's Sabotage (reveal step 2) damages the
    sixth zone and the game ends at once (P7), before step 4; the finished game's revealer still
    holds the Captain, which the invariants no longer report after the end."""
    r, s = reveal_as("jeanne", damage_top=["structural_damage_will"])
    s["titles"]["captain"] = "p1"
    for zone, card in zip(("bridge", "chapel", "captains_cabin", "cargo_hold", "boiler_room"),
                          ("structural_damage_influence", "structural_damage_lore", "structural_damage_observation",
                           "structural_damage_strength", "structural_damage_wild")):
        damage(r, s, zone, card)
    answer(r, s, "p1", type="reveal")
    for _ in range(5):
        t = top(r, s)
        if t is None:
            break
        if t["kind"] == "window":
            pass_windows(r, s)
        else:
            answer(r, s, "p1", type="choose", value="galley" if t.get("purpose") == "zone" else t["options"][0]["value"])
    assert s["result"]["reason"] == "ship_destroyed"
    assert s["titles"]["captain"] == "p1"             # step 4 never came
    assert r.invariant_violations(s) == []


# --- (b) Spread Misfortune keeps every mythos card in a pile -----------------------------------
def test_x5_spread_misfortune_card_counted_while_resolving_and_discarded_once():
    """README ruling 48, RULINGS X5: the card Spread Misfortune resolves is held by its frame (the
    invariants count it) and discarded once at the end, even when the crisis kept it in play."""
    r, s = reveal_as("edmund", mythos_top=["sacrifice_deep_one"])
    s["titles"]["keeper_of_the_tome"] = "p1"        # the decider is Edmund himself (ruling 48)
    answer(r, s, "p1", type="reveal")
    seen_resolving = False
    for _ in range(20):
        assert r.invariant_violations(s) == []
        if any(f["k"] == "misfortune_end" for f in s["stack"]):
            seen_resolving = "sacrifice_deep_one" not in s["mythos_discard"]
        t = top(r, s)
        if t is None or t["kind"] == "action":
            break
        if t["kind"] == "window":
            pass_windows(r, s)
        elif t.get("purpose") == "option":
            answer(r, s, t["player"], type="choose", value=0)    # keep the dagger
        elif t["player"] == "p1" and t.get("purpose") in ("give_loyalty", "reveal_swap"):
            finish_reveal(r, s, "p1")
        else:
            answer(r, s, t["player"], type="default")
    assert seen_resolving
    assert s["mythos_discard"].count("sacrifice_deep_one") == 1
    assert all("sacrifice_deep_one" not in cards for cards in s["in_play"].values())
    assert r.invariant_violations(s) == []


def test_x5_misfortune_end_does_not_discard_a_card_already_discarded():
    """RULINGS X5: a kept card discarded from play before the misfortune ends (an any-time use) is
    not discarded a second time."""
    r, s = game()
    s["mythos_deck"].remove("barricade_the_hatches")
    s["mythos_discard"].append("barricade_the_hatches")
    s["stack"].append({"k": "misfortune_end", "card": "barricade_the_hatches"})
    r.run(s, [])
    assert s["mythos_discard"].count("barricade_the_hatches") == 1
    assert r.invariant_violations(s) == []


def test_x5_a_kept_mythos_card_discarded_from_play_is_not_resolving():
    """Random play (3 players seed 122): Barricade the Hatches kept in the Mythos step and played
    (any time) before the step ends is in the discard once; the invariants count it there only."""
    r, s = game()
    s["mythos_deck"].remove("barricade_the_hatches")
    s["mythos_discard"].append("barricade_the_hatches")
    s["mythos"] = {"card": "barricade_the_hatches", "skip_crisis": False, "kept": True}
    assert r.invariant_violations(s) == []
    s["stack"].append({"k": "mythos_end", "player": "p1"})
    r.run(s, [])
    assert s["mythos_discard"].count("barricade_the_hatches") == 1 and "mythos" not in s


# --- (c) a revealing player discards their in-play mythos cards --------------------------------
def test_c161_reveal_discards_in_play_mythos_cards_and_removes_the_feat():
    """Checklist 75, 161. Seed l.2325: «36.5 КРОК 5. Гравець скидає свою карту подвигу (якщо вона
    ще в нього є) і всі карти міту у своїй ігровій зоні.»"""
    r, s = reveal_as("keilani")
    s["mythos_deck"].remove("sacrifice_deep_one")
    s["in_play"]["p1"].append("sacrifice_deep_one")
    assert s["feats"]["p1"]
    assert any(ref.startswith("play:sacrifice_deep_one") for ref in r.abilities_of(s, "p1"))
    answer(r, s, "p1", type="reveal")
    finish_reveal(r, s, "p1")
    assert "sacrifice_deep_one" not in s["in_play"]["p1"] and s["mythos_discard"][-1] == "sacrifice_deep_one"
    assert s["feats"]["p1"] is None
    assert not any(ref.startswith("play:") for ref in r.abilities_of(s, "p1"))
    assert r.invariant_violations(s) == []


# --- (d) Elder Sign Amulet: once per card played ------------------------------------------------
def shrivel_and_amulet(r, s, card):
    """William plays ``card`` (Shrivelling), uses the amulet and answers yes; returns how often
    the after-skill-card window offered the amulet."""
    offered = 0
    answer(r, s, "p4", type="use", ability=f"card:{card}")
    for _ in range(40):
        t = top(r, s)
        if t is None or t["kind"] == "action":
            break
        if t["kind"] == "window" and t["timing"] == "after_skill_card":
            if {"type": "use", "ability": "item:elder_sign_amulet:0"} in t["options"]:
                offered += 1
                answer(r, s, "p4", type="use", ability="item:elder_sign_amulet:0")
            else:
                answer(r, s, "p4", type="pass")
        elif t["kind"] == "window":
            pass_round(r, s)
        elif t.get("purpose") == "optional":
            answer(r, s, t["player"], type="choose", value=True)
        else:
            answer(r, s, t["player"], type="default")
    return offered


def test_x6_elder_sign_amulet_once_per_card_played():
    """RULINGS X6 (C7): «Each Shrivelling or Lesser Banishment you play may take effect twice» -
    twice, not again and again: the amulet is offered once per card played (here 3 Deep Ones,
    every roll a 4: one card defeats two), and again for the next card."""
    r, s = game(4, rolls=[4] * 6, first_player="p4", hands={"p1": [], "p2": [], "p3": []})
    empty_hands(s)
    clear_board(s)
    to_actions(r, s)
    s["deep_ones"]["w3"] += 3
    s["deep_one_supply"] -= 3
    give(s, "p4", "lore:shrivelling:1:1", "lore:shrivelling:1:2")
    assert shrivel_and_amulet(r, s, "lore:shrivelling:1:1") == 1
    assert s["deep_ones"]["w3"] == 1
    assert shrivel_and_amulet(r, s, "lore:shrivelling:1:2") == 1   # a new card: offered again
    assert s["deep_ones"]["w3"] == 0


# --- (e) the pools of README l.97-100 ------------------------------------------------------------
def test_pools_match_the_readme():
    """README «Pools»: "other" leaves out the chooser; `other_players_in_zone` / `humans_in_zone` =
    the other players / other Humans in the chooser's zone."""
    r, s = game(5)
    for p in ("p2", "p3", "p5"):
        s["zone_of"][p] = s["zone_of"]["p1"]
    s["revealed"]["p3"] = "hybrid"
    s["loyalty"]["p3"] = ["hybrid"]
    s["zone_of"]["p4"] = "brig"
    c = {"id": "t", "bind": {}}
    pool = lambda name: r.pool(s, c, name, "p1")   # noqa: E731
    assert pool("players") == ["p1", "p2", "p3", "p4", "p5"]
    assert pool("humans") == ["p1", "p2", "p4", "p5"]
    assert pool("revealed_traitors") == ["p3"]
    assert pool("other_players") == ["p2", "p3", "p4", "p5"]
    assert pool("other_humans") == ["p2", "p4", "p5"]
    assert pool("other_unrevealed_not_in_brig") == ["p2", "p5"]
    assert pool("other_players_in_zone") == ["p2", "p3", "p5"]
    assert pool("humans_in_zone") == ["p2", "p5"]                 # not the chooser


def test_scavenger_gift_not_asked_alone_in_the_zone():
    """Samira's Scavenger «give one item to a Human in your zone» (characters.yaml): alone with
    herself the gift is not offered (humans_in_zone leaves her out)."""
    r, s = game(characters={"p1": "samira", "p2": "arjun", "p3": "jeanne", "p4": "william"})
    s["zone_of"]["p1"] = "d7"
    held = list(s["items"]["p1"])
    run(r, s, [{"transfer_item": {"source": "self", "to": {"chosen_by": "self", "among": "humans_in_zone"},
                                  "chooser": "self", "optional": True}}], self="p1")
    t = top(r, s)
    assert t is None or t.get("purpose") != "optional"
    assert s["items"]["p1"] == held


# --- (f) a Deep One's attack offers Combat Training ----------------------------------------------
def test_c096_deep_one_attack_roll_offers_combat_training():
    """Checklist 96, 102. Combat Training: «After an attack roll by or against a character: reroll
    it.» A Deep One's attack on a Human is such a roll (seed l.812); the reroll turns a 6 into a 2."""
    r, s = board()
    s["zone_of"]["p2"] = "d5"
    put(s, "d5", 1)
    give(s, "p2", "strength:combat_training:1:1")
    s["forced_rolls"] = [6, 2]
    run(r, s, [{"activate": {"monster": "deep_ones"}}])
    offered = False
    for _ in range(20):
        t = top(r, s)
        if t is None or t["kind"] == "action":
            break
        mine = [p for p in r.prompts(s) if p["player"] == "p2"]
        if t["kind"] == "window" and t["timing"] == "after_roll" and not offered and mine:
            assert {"type": "use", "ability": "card:strength:combat_training:1:1"} in mine[0]["options"]
            offered = True
            for p in r.prompts(s):
                if p["player"] == "p2":
                    answer(r, s, "p2", type="use", ability="card:strength:combat_training:1:1")
                else:
                    answer(r, s, p["player"], type="pass")
            continue
        pass_round(r, s)
    assert offered and s["zone_of"]["p2"] == "d5"           # rerolled to 2: a miss
    assert "strength:combat_training:1:1" in s["discards"]["strength"]


# --- (g) need() keeps ask_single out of the frame -------------------------------------------------
def test_need_frame_has_no_ask_single():
    r, s = game()
    pass_windows(r, s)
    run(r, s, [{"optional": {"chooser": "self", "effect": [{"gain": {"food": 1}}]}}])
    frame = s["stack"][-1]
    assert frame["k"] == "choose" and frame["values"] == [False, True]
    assert "ask_single" not in frame
