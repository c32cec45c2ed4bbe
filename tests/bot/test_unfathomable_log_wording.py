"""The Unfathomable channel log as a member reads it (play-test findings on the keeper-table
bench's dump): a crisis answer names its card, a skill check's result adds only what is new, a
turn with no action says so plainly, a defeat is told once, and the en Keeper of the Tome is
never called "Keeper" alone (that word is the bot's seats: "🤖 Keeper 1")."""
from __future__ import annotations

import re

import pytest

from bot.games.unfathomable import render as R
from bot.i18n import LANGUAGES
from engine.core.events import event
from tests.engine.unfathomable.c_helpers import fresh
from tests.engine.unfathomable.helpers import answer

ANN, BOB = "1001", "1002"


def lines(events, lang="en"):
    return [str(x) for x in R.public_lines(events, lang)]


# ---------------------------------------------------------------- 1. a crisis answer names its card
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_crisis_answer_names_the_card_it_answers(lang):
    # the decider's line ("… decides the crisis of Looming Breakdown.") gives way to the answer's:
    # "🤖 Keeper 1 chooses: Skill check." alone left the reader to guess which card was answered
    said = lines([event("mythos_drawn", player=ANN, card="looming_breakdown"),
                  event("crisis_decider", player=BOB, card="looming_breakdown"),
                  event("option_chosen", player=BOB, option=0, card="looming_breakdown")], lang)
    answer_line = said[-1]
    assert R.card_name(lang, "looming_breakdown") in answer_line
    assert R.option_text(lang, "looming_breakdown", 0) in answer_line


def test_a_crisis_answer_reads_in_english():
    said = lines([event("option_chosen", player=BOB, option=0, card="looming_breakdown")])
    assert said == ["<@1002> chooses “Skill check” for Looming Breakdown."]


# ---------------------------------------------------------------- 2. a check's result adds what is new
def check_events(result="pass", total=19, merged=True):
    started = event("check_started", card="looming_breakdown", target=11, partial=8,
                    positive=["observation", "strength"], order=[ANN, BOB])
    revealed = event("check_revealed", cards=["observation:preparation:5:1", "strength:rampage:3:1"],
                     total=total, target=11, positive=["observation", "strength"])
    if not merged:  # a card played into the check's window between the pile and the result
        return [started, revealed, event("check_modified", player=BOB, amount=2, total=total + 2),
                event("check_result", result=result, total=total + 2, target=11, partial=8)]
    return [started, revealed, event("check_result", result=result, total=total, target=11, partial=8)]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("merged", [True, False])
def test_a_checks_result_line_does_not_repeat_its_setup(lang, merged):
    said = lines(check_events(merged=merged), lang)
    setup, result = said[0], said[-1]
    helps = R.skill_types(lang, ["observation", "strength"])
    assert "11" in setup and helps in setup          # the setup line says the target and what helps
    assert helps not in result and "11" not in result  # … the result line does not say them again
    assert R.result_word(lang, "pass") in result
    assert ("21" if not merged else "19") in result    # the total it reached


def test_a_checks_result_reads_in_english():
    assert lines(check_events())[-1] == ("🃏 The pile, shuffled: Preparation (Observation 5) +5, "
                                         "Rampage (Strength 3) +3. Total **19**: **success**.")
    assert lines(check_events(merged=False))[-1] == "Result: **success** (total 21)."


def test_a_total_below_zero_has_the_minus_its_cards_have():
    # "Lesser Banishment (Lore 4) −4 … Total **-8**": two different minus signs in one line
    said = lines(check_events(result="fail", total=-8))[-1]
    assert "**−8**" in said and "-8" not in said


# ---------------------------------------------------------------- 3. no action taken
def test_ending_the_actions_at_once_is_told_as_taking_no_action():
    # uk rulebook: "Під час цього кроку гравець виконує одна за одною будь-які дві дії." — a player
    # who ends the step before the first of them took none; "ends their actions" right after
    # "▶️ Turn 2: X." read as if something had been done
    r, s = fresh()
    p = s["turn"]["player"]
    ended = next(e for e in answer(r, s, p, type="end_actions") if e["type"] == "actions_ended")
    assert ended.get("none_taken") is True
    assert lines([ended]) == [f"{R.mention(p)} takes no action."]


def test_ending_the_actions_after_one_still_says_they_end():
    r, s = fresh()
    p = s["turn"]["player"]
    move = next(o for o in r.prompts(s)[0]["options"] if o["type"] == "move")
    answer(r, s, p, **move)
    ended = next(e for e in answer(r, s, p, type="end_actions") if e["type"] == "actions_ended")
    assert not ended.get("none_taken")
    assert lines([ended]) == [f"{R.mention(p)} ends their actions."]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_action_differs_from_ending_them_in_every_language(lang):
    ended = lines([event("actions_ended", player=ANN)], lang)
    none = lines([event("actions_ended", player=ANN, none_taken=True)], lang)
    assert none != ended and none[0].startswith("<@1001>")


# ---------------------------------------------------------------- 5. a defeat told once
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_defeat_is_told_once_not_again_as_a_move(lang):
    # "X is defeated in Chapel and goes to Sick Bay." then "X moves from Chapel to Sick Bay."
    said = lines([event("player_defeated", player=ANN, zone="chapel", to="sick_bay", stays=False),
                  event("player_moved", player=ANN, frm="chapel", to="sick_bay", reason="defeated")], lang)
    # the zone's own words (uk's «у/в» before it follows the word it meets: «в лазарет»)
    assert len(said) == 1 and R.zone_case(lang, "sick_bay", "into").split(" ", 1)[1] in said[0]
    moved = lines([event("player_moved", player=ANN, frm="chapel", to="galley", reason="move")], lang)
    assert moved and R.zone(lang, "galley") in moved[0]   # an ordinary move is still told


# ---------------------------------------------------------------- 4. the title, never "Keeper" alone
def english_texts(obj):
    """Every English text of the pack, from the loaded content (names, labels, card texts)."""
    if isinstance(obj, dict):
        if isinstance(obj.get("en"), str):
            yield obj["en"]
        for v in obj.values():
            yield from english_texts(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from english_texts(v)
    elif hasattr(obj, "model_dump"):
        yield from english_texts(obj.model_dump())


def test_the_keeper_of_the_tome_is_never_keeper_alone_in_english():
    # "🤖 Keeper 1" is a seat the bot plays; the title is the Keeper of the Tome, in full
    alone = re.compile(r"\bKeeper\b(?! of the Tome)")
    said = [text for text in english_texts(R._rules().pack) if alone.search(text)]
    assert not said, said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_damage_card_resolved_at_once_is_one_line(lang):
    # "💥 Damage: Fuel Leak." then "Fuel Leak is resolved." named the card twice, line after line
    said = lines([event("damage_drawn", card="fuel_leak", zone=None),
                  event("damage_resolved", card="fuel_leak", after="remove_from_game")], lang)
    assert len(said) == 1 and said[0].count(R.card_name(lang, "fuel_leak")) == 1
    assert said[0].startswith("💥")
    placed = lines([event("damage_drawn", card="fuel_leak", zone=None),
                    event("damage_resolved", card="flooded_food_stores", after="remove_from_game")], lang)
    assert len(placed) == 2   # another card resolved: both told


def test_a_roll_for_a_zone_says_what_it_is_for():
    # Sewage Backup's failure rolls for the interior zone whose players are defeated: the log said
    # only "🎲 X rolls: **8**." and, with nobody there, nothing after it
    from tests.engine.unfathomable.c_helpers import settle
    from tests.engine.unfathomable.helpers import run
    r, s = fresh(rolls=[8])
    events = run(r, s, [{"defeat_all_in": {"at": {"interior_by_roll": True}, "what": ["humans"]}}])
    events += settle(r, s)
    rolled = next(e for e in events if e["type"] == "die_rolled")
    assert rolled["purpose"] == "zone"
    for lang in LANGUAGES:   # and which zone 8 is (nfr15 U7: "8" alone, with nobody there, told nothing)
        boiler = R.t(lang, "unfathomable.roll.zone_rolled", zone=R.zone(lang, "boiler_room"))
        assert R.public_line(rolled, lang).endswith(R.t(lang, "unfathomable.roll.zone") + f": **8**{boiler}.")
    assert lines([rolled]) == [f"🎲 {R.mention(rolled['player'])} rolls for a zone of the ship: **8** (Boiler Room)."]


def test_a_roll_for_a_deck_space_names_the_deck_space():
    from tests.engine.unfathomable.c_helpers import settle
    from tests.engine.unfathomable.helpers import run
    r, s = fresh(rolls=[3])
    events = run(r, s, [{"defeat_all_in": {"at": {"deck_by_roll": True}, "what": ["humans"]}}])
    events += settle(r, s)
    rolled = next(e for e in events if e["type"] == "die_rolled")
    assert rolled["purpose"] == "deck_zone"
    assert lines([rolled]) == [f"🎲 {R.mention(rolled['player'])} rolls for a deck space: **3** (Deck Space 3)."]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_last_upgrade_lost_is_not_told_as_activating_none(lang):
    # "<@…> loses Mystical Text." then "<@…> activates none."
    said = lines([event("upgrade_activated", player=ANN, item=None)], lang)[0]
    activates_none = R.t(lang, "unfathomable.event.upgrade_activated", player="<@1001>", item=R.t(lang, "unfathomable.none"))
    assert said != activates_none and "<@1001>" in said
    assert said != lines([event("upgrade_activated", player=ANN, item="mystical_text")], lang)[0]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_passenger_lost_from_the_supply_is_not_in_a_zone(lang):
    # "💀 A passenger in Supply is lost": the supply is no zone of the ship
    said = lines([event("passenger_defeated", zone="supply", token="pax1", face="two_souls", loses={"souls": 2})],
                 lang)[0]
    assert R.zone(lang, "supply") not in said
    on_deck = lines([event("passenger_defeated", zone="d3", token="pax1", face="two_souls", loses={})], lang)[0]
    assert R.zone_case(lang, "d3", "in").split(" ", 1)[1] in on_deck   # uk: «Пасажира в палубній зоні 3»


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_skill_cards_choice_is_told_by_its_label(lang):
    # "🤖 Keeper 2 chooses for Rampage (Strength 4): Option 1." — the copy's id missed its labels
    said = lines([event("option_chosen", player=BOB, option=0, card="strength:rampage:4:1")], lang)[0]
    assert R.t(lang, "unfathomable.option.option_n", n=1) not in said
    assert {"en": "Up to 4 unarmed attacks", "uk": "До 4 атак без зброї", "ru": "До 4 атак без оружия"}[lang] in said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_prevented_defeat_is_told_once(lang):
    # "🤖 Keeper 1 prevents the defeat of 🤖 Keeper 1." then "🤖 Keeper 1 is not defeated after all."
    prevention = event("defeat_prevention", by=BOB, kind="player", who=BOB)
    prevented = event("defeat_prevented", player=BOB)
    said = lines([prevention, prevented], lang)
    assert len(said) == 1 and said[0].count("<@1002>") == 1
    other = lines([event("defeat_prevention", by=ANN, kind="player", who=BOB), prevented], lang)
    assert len(other) == 1 and "<@1001>" in other[0] and "<@1002>" in other[0]


def test_a_prevented_defeat_reads_in_english():
    assert lines([event("defeat_prevention", by=BOB, kind="player", who=BOB)]) == ["<@1002> prevents their own defeat."]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_prevented_defeat_is_told_once_when_the_window_closes_a_step_later(lang):
    # the card is played into the would-be-defeated window; the defeat ends when it closes
    from tests.bot.test_joined_lines import logged_in
    prevention = event("defeat_prevention", by=BOB, kind="player", who=BOB)
    said = logged_in("unfathomable", [[prevention], [event("defeat_prevented", player=BOB)]], lang)
    assert said == lines([prevention], lang)


# ---------------------------------------------------------------- a die and what it made
def test_a_die_and_what_it_made_are_one_line_in_a_step_and_across_steps():
    """"🎲 X rolls for a passenger at risk: 1." then "🧍 A passenger is put at risk in Deck Space
    1." (four times for Incoming SOS: eight lines), and "🎲 X rolls for a Deep One's attack: 3."
    then "🐟 A Deep One in Bridge attacks Y: 3, a miss." (the attack comes a step later when a
    window after the roll was open): the line of what the die made tells the die."""
    from tests.bot.test_quiet_log import logged
    every = {"audience": "all"}
    rolls = [[{"type": "die_rolled", "player": ANN, "purpose": "risk_passenger", "raw": n, "modifier": 0,
               "value": n, **every},
              {"type": "passenger_risked", "zone": f"d{n}", **every}] for n in (1, 4)]
    said = logged("unfathomable", [rolls[0] + rolls[1]])
    assert said == ["🧍 A passenger is put at risk in Deck Space 1 (🎲 1).",
                    "🧍 A passenger is put at risk in Deck Space 4 (🎲 4)."]
    attack = {"type": "deep_one_attacked", "zone": "bridge", "target": BOB, "roll": 3, "hit": False, **every}
    die = {"type": "die_rolled", "player": ANN, "purpose": "deep_one_attack", "raw": 3, "modifier": 0, "value": 3,
           **every}
    attacked = R.public_lines([attack], "en")
    assert logged("unfathomable", [[die], [attack]]) == attacked
    assert logged("unfathomable", [[die, attack]]) == attacked
    # a die a card changed (Keen Insight's −2) keeps its own line: it tells the roll before the change
    nudged = {**die, "raw": 5, "modifier": -2}
    assert len(logged("unfathomable", [[nudged], [attack]])) == 2


@pytest.mark.parametrize("lang, said", [
    ("en", "🐟 Deep Ones move: Water Space 2 → Deck Space 2 ×2, Deck Space 1 → Bridge."),
    ("uk", "🐟 Глибоководні рухаються: "), ("ru", "🐟 Глубоководные движутся: ")])
def test_one_activation_s_steps_are_one_line(lang, said):
    """The Deep Ones' steps of one activation were a line each ("1 Deep One: Water Space 2 → Deck
    Space 2." five times over): they are one line, a path taken twice counted once."""
    from bot.games.unfathomable.render import merged, public_lines
    steps = [{"type": "deep_ones_moved", "audience": "all", "frm": frm, "to": to, "count": 1, "reason": "activation"}
             for frm, to in (("w2", "d2"), ("d1", "bridge"), ("w2", "d2"))]
    joined = steps[0]
    for step in steps[1:]:
        joined = merged(joined, step)
        assert joined is not None
    line, = public_lines([joined], lang)
    assert line.startswith(said) and line.count("→") == 2, line
