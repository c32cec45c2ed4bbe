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
        assert to_brig == t(lang, "unfathomable.event.player_moved_sent_to_brig_by_card", player="<@p1>",
                            card=UNFATHOMABLE.card_name(lang, "history_repeats"))
        assert to_sick_bay == t(lang, "unfathomable.event.player_moved_sent_to_sick_bay_by_card",
                                player=f"<@{sick['player']}>", card=UNFATHOMABLE.card_name(lang, "do_no_harm"))
    assert lines["uk"][0].startswith("🔒 «Історія повторюється»: <@p1>")
    # an ability that sends (an Arrest Order, the Captain's Cabin) is named as it is used
    cabin = {"type": "player_moved", "player": "p2", "frm": "bridge", "to": "brig", "reason": "sent_to_brig",
             "ability": "zone:captains_cabin", "audience": "all"}
    cabin_named = {"en": "the Captain's Cabin", "uk": "каюти капітана", "ru": "каюты капитана"}  # the zone "of" (nu17b)
    for lang in LANGUAGES:
        (line,) = UNFATHOMABLE.public_lines([cabin], lang)
        assert cabin_named[lang] in line and "<@p2>" in line
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


def test_across_steps_the_reroll_and_the_turn_without_actions_are_one_line():
    """A member's window splits the steps: the reroll opens a "before the roll" window, and an
    investigator's "end actions" is its member's own click. The later step's line still stands
    in the place of the earlier one in the live message (bot.publisher's fold)."""
    from tests.bot.test_quiet_log import logged
    reroll = {"type": "reroll", "player": "p1", "audience": "all"}
    again = {"type": "die_rolled", "player": "p1", "purpose": "reroll", "value": 8, "audience": "all"}
    assert logged("unfathomable", [[reroll], [again]]) == UNFATHOMABLE.public_lines([again], "en")
    turn = {"type": "turn", "phase": "action", "inv": "leo_anderson", "audience": "all"}
    none = {"type": "no_actions", "inv": "leo_anderson", "audience": "all"}
    assert logged("eldritch", [[turn], [none]]) == ["▶ **Leo Anderson** takes no actions."]
    travel = {"type": "action", "action": "travel", "inv": "leo_anderson", "audience": "all"}
    assert len(logged("eldritch", [[turn], [travel]])) == 2   # a turn with an action keeps its line


def test_a_decision_sent_by_dm_owes_no_ping_in_the_channel():
    """A secret contribution is sent by DM, which notifies; the channel's next posting pinged the
    member too whenever it happened to start a new message (the keeper-table bench's pings moved
    with the length of the lines). A reminder still pings (it is owed by its own row)."""
    from types import SimpleNamespace

    from bot.publisher import ChannelLog
    from bot.service import asked_by_dm
    game = SimpleNamespace(kind="unfathomable")
    prompts = [{"player": "11", "kind": "contribute"}, {"player": "12", "kind": "action"},
               {"player": "12", "kind": "contribute"}]
    assert asked_by_dm(game, prompts, ["11", "12"]) == ["11"]   # 12 has a decision in the channel too
    assert asked_by_dm(SimpleNamespace(kind="thing"), prompts, ["11", "12"]) == []   # no decision by DM there
    log = ChannelLog(None)
    log.wait_for(["11", "12"], by_dm=["11"])
    assert log.owed == ["12"] and log.waiting == ["11", "12"]
    log.owed.append("11")   # a reminder (bot.publisher: the row's "remind") owes them a ping
    log.wait_for(["11", "12"], by_dm=["11"])
    assert log.owed == ["12", "11"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_defeated_passenger_and_what_it_cost_are_one_line(lang):
    """"💀 A passenger in Deck Space 3 is defeated: Passenger (1 Soul)." then "👻 Souls −1 → 6":
    the face says the cost, the dial where it stands, one line (seed 000 l.2365: "Коли пасажир
    переможений, його жетон перевертається горілиць, і за кожен символ ресурсу … лічильник
    зменшується на 1")."""
    defeated = {"type": "passenger_defeated", "zone": "d3", "token": "p1", "face": "one_soul", "loses": {"souls": 1},
                "audience": "all"}
    cost = {"type": "resources_changed", "delta": {"souls": -1}, "resources": DIALS, "reason": "passenger",
            "audience": "all"}
    (line,) = UNFATHOMABLE.public_lines([defeated, cost], lang)
    alone = UNFATHOMABLE.public_lines([defeated], lang)[0]
    assert line.startswith(alone[:-1]) and line.endswith(f"👻 {resource(lang, 'souls')} −1 → 6.")
    assert "втрачено" not in line   # uk: the seed's "переможений"
    other = {**cost, "reason": "crisis"}   # a loss of another cause keeps its own line
    assert len(UNFATHOMABLE.public_lines([defeated, other], lang)) == 2


def test_the_captains_course_card_is_one_line():
    """"X looks at 2 course cards." / "X puts the other course card on the bottom." / "🧭 X plays
    the course card Y": the Captain always plays one of two (seed 000's Arrival), so the played
    card's line says it; "looks at" stands while the Captain chooses."""
    from tests.bot.test_quiet_log import logged
    looked = {"type": "course_looked", "player": "p1", "count": 2, "audience": "all"}
    bottomed = {"type": "course_bottomed", "player": "p1", "audience": "all"}
    played = {"type": "course_played", "player": "p1", "card": "deserted_island", "distance": 5, "audience": "all"}
    (line,) = logged("unfathomable", [[looked], [bottomed, played]])
    assert line == UNFATHOMABLE.public_lines([played], "en")[0] and "5" in line
    assert logged("unfathomable", [[looked]]) == UNFATHOMABLE.public_lines([looked], "en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_damage_card_and_what_it_cost_are_one_line(lang):
    """"💥 Damage: Fuel Leak, resolved at once." then "⛽ Fuel −1 → 1": the card's effect runs at
    once (the dial line right after it is the card's), one line; two dials, one line still."""
    drawn = {"type": "damage_drawn", "card": "fuel_leak", "zone": None, "audience": "all"}
    resolved = {"type": "damage_resolved", "card": "fuel_leak", "after": "remove_from_game", "audience": "all"}
    fuel = {"type": "resources_changed", "delta": {"fuel": -1}, "resources": {**DIALS, "fuel": 1}, "audience": "all"}
    food = {"type": "resources_changed", "delta": {"food": -1}, "resources": {**DIALS, "fuel": 1, "food": 6},
            "audience": "all"}
    (line,) = UNFATHOMABLE.public_lines([drawn, resolved, fuel], lang)
    assert line.startswith("💥") and UNFATHOMABLE.card_name(lang, "fuel_leak") in line
    assert line.endswith(f"⛽ {resource(lang, 'fuel')} −1 → 1.")
    (line,) = UNFATHOMABLE.public_lines([drawn, resolved, fuel, food], lang)
    assert line.endswith(f"⛽ {resource(lang, 'fuel')} −1 → 1 · 🍖 {resource(lang, 'food')} −1 → 6.")


def test_an_item_looked_at_and_taken_is_one_line():
    """"X looks at 1 card of the item deck." then "🎒 X gains Starbuck.": the second says it; a
    look at more cards than taken keeps its line (the others went back)."""
    looked = {"type": "items_looked", "player": "p1", "count": 1, "audience": "all"}
    gained = {"type": "items_gained", "player": "p1", "items": ["starbuck"], "audience": "all"}
    assert UNFATHOMABLE.public_lines([looked, gained], "en") == UNFATHOMABLE.public_lines([gained], "en")
    assert len(UNFATHOMABLE.public_lines([{**looked, "count": 3}, gained], "en")) == 2


def test_the_awakening_is_one_line():
    """"🌑 The Awakening: everyone gets a second loyalty card." / "Loyalty cards in hand (A: 2,
    B: 2, C: 2)." / "Everyone looks at their loyalty cards.": the first says the other two."""
    awakening = {"type": "awakening", "audience": "all"}
    counts = {"type": "loyalty_counts", "counts": {"p1": 2, "p2": 2, "p3": 2}, "reason": "awakening", "audience": "all"}
    look = {"type": "loyalty_look", "reason": "awakening", "audience": "all"}
    for lang in LANGUAGES:
        assert UNFATHOMABLE.public_lines([awakening, counts, look], lang) == UNFATHOMABLE.public_lines([awakening], lang)
    uneven = {**counts, "counts": {"p1": 2, "p2": 1, "p3": 2}}   # a deck short of cards: the counts tell who
    assert len(UNFATHOMABLE.public_lines([awakening, uneven, look], "en")) == 2
