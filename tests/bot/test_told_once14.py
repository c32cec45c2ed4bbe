"""The log says what changed, and why, once (a newcomer's play-through, nfr13): a resource's line
names the dial that moved, not all four again; a player sent to the Brig or the Sick Bay is told
by what; a reroll is one line; an Eldritch turn with no action says so instead of hanging."""
from __future__ import annotations

import pytest

from bot.games import ui_for
from bot.i18n import LANGUAGES, t
from bot.games.unfathomable.render import RESOURCE_ICONS, resource
from tests.engine.eldritch.eh_helpers import act, new, prompt, quiet
from tests.engine.unfathomable.test_mythos_cards import resolve

UNFATHOMABLE = ui_for("unfathomable")
ELDRITCH = ui_for("eldritch")
DIALS = {"fuel": 8, "food": 7, "sanity": 8, "souls": 6}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_resource_line_names_the_dials_that_moved_and_where_they_stand(lang):
    """"Souls −1 → ⛽ Fuel 4 · 🍖 Food 7 · 🧠 Sanity 8 · 👻 Souls 6" repeated the three dials that
    did not move, line after line; the table message shows all four."""
    souls = {"type": "resources_changed", "delta": {"souls": -1}, "resources": DIALS, "audience": "all"}
    (line,) = UNFATHOMABLE.public_lines([souls], lang)
    assert line == f"👻 {resource(lang, 'souls')} −1 → 6"
    for other in ("fuel", "food", "sanity"):
        assert resource(lang, other) not in line and RESOURCE_ICONS[other] not in line
    food = {"type": "resources_changed", "delta": {"food": -1}, "resources": {**DIALS, "fuel": 9}, "audience": "all"}
    fuel = {"type": "resources_changed", "delta": {"fuel": -1}, "resources": DIALS, "audience": "all"}
    (both,) = UNFATHOMABLE.public_lines([food, fuel], lang)   # one line, each with its own value
    assert both == f"🍖 {resource(lang, 'food')} −1 → 7 · ⛽ {resource(lang, 'fuel')} −1 → 8"


def test_a_player_sent_to_the_brig_or_the_sick_bay_is_told_by_what():
    """History Repeats' second answer sends its decider to the Brig; Do No Harm's check sends
    Svetlana to the Sick Bay. The line came after the card's own lines, often far below them
    («🔒 X — у карцер.» without a cause)."""
    _, _, _, events = resolve("history_repeats", 1)
    (brig,) = [e for e in events if e["type"] == "player_moved" and e["reason"] == "sent_to_brig"]
    assert brig["card"] == "history_repeats"
    _, _, _, events = resolve("do_no_harm", result="fail", rolls=[1, 1, 1])
    (sick,) = [e for e in events if e["type"] == "player_moved" and e["reason"] == "sent_to_sick_bay"]
    assert sick["card"] == "do_no_harm"
    lines = {lang: UNFATHOMABLE.public_lines([{**brig, "audience": "all"}, {**sick, "audience": "all"}], lang)
             for lang in LANGUAGES}
    for lang, (to_brig, to_sick_bay) in lines.items():
        quoted = "{}" if lang == "en" else "«{}»"
        assert to_brig == t(lang, "unfathomable.event.player_moved_sent_to_brig_by", player="<@p1>",
                            cause=quoted.format(UNFATHOMABLE.card_name(lang, "history_repeats")))
        assert to_sick_bay == t(lang, "unfathomable.event.player_moved_sent_to_sick_bay_by", player=f"<@{sick['player']}>",
                                cause=quoted.format(UNFATHOMABLE.card_name(lang, "do_no_harm")))
    assert lines["uk"][0].startswith("🔒 «Історія повторюється»: <@p1>")
    # an ability that sends (an Arrest Order, the Captain's Cabin) is named as it is used
    cabin = {"type": "player_moved", "player": "p2", "frm": "bridge", "to": "brig", "reason": "sent_to_brig",
             "ability": "zone:captains_cabin", "audience": "all"}
    for lang in LANGUAGES:
        (line,) = UNFATHOMABLE.public_lines([cabin], lang)
        assert UNFATHOMABLE.zone(lang, "captains_cabin") in line and "<@p2>" in line
    plain = {**cabin}
    del plain["ability"]
    assert UNFATHOMABLE.public_lines([plain], "en") == [t("en", "unfathomable.event.player_moved_sent_to_brig",
                                                         player="<@p2>")]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_reroll_is_one_line(lang):
    """"X rerolls the die." then "🎲 X rolls the die again: 8 (7+1).": the second says both."""
    reroll = {"type": "reroll", "player": "p1", "audience": "all"}
    again = {"type": "die_rolled", "player": "p1", "purpose": "reroll", "value": 8, "raw": 7, "modifier": 1,
             "audience": "all"}
    assert UNFATHOMABLE.public_lines([reroll, again], lang) == UNFATHOMABLE.public_lines([again], lang)
    assert len(UNFATHOMABLE.public_lines([reroll], lang)) == 1   # alone (a window between), still told


def test_an_eldritch_turn_with_no_action_says_so():
    """"▶ X takes their actions." stood alone when X ended the phase at once (up to two actions,
    seed 002: none is a legal choice); the next investigator's line followed it."""
    s = quiet(new({"ann": ["leo_anderson"], "bob": ["akachi_onyele"]}))
    first = prompt(s)
    assert first["kind"] == "action"
    s, events = act(s, first["player"], "end_actions")
    (skipped,) = [e for e in events if e["type"] == "no_actions"]
    turn = {"type": "turn", "phase": "action", "inv": skipped["inv"], "audience": "all"}
    for lang in LANGUAGES:
        (line,) = ELDRITCH.public_lines([turn, {**skipped, "audience": "all"}], lang)
        assert line == ELDRITCH.public_lines([{**skipped, "audience": "all"}], lang)[0]
        assert line != ELDRITCH.public_lines([turn], lang)[0]
    assert ELDRITCH.public_lines([turn, {**skipped, "audience": "all"}], "en")[0].endswith("takes no actions.")
    # one action taken, then the rest given up: the action's own line says the turn went on
    second = prompt(s)
    s, events = act(s, second["player"], "rest")
    s, events = act(s, second["player"], "end_actions") if prompt(s, second["player"]) else (s, [])
    assert "no_actions" not in [e["type"] for e in events]
