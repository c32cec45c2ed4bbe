"""Issue 22: lines that followed every happening. Eldritch's "🗑️ The encounter card goes to the …
discard pile." after every encounter (and "🗑️ X is discarded." after every mythos card), The
Thing's "🗑️ X goes to the discard pile." after every card played or panic drawn, Unfathomable's
"N from the chaos deck go face down into the check." on every check, "X has resolved and is
discarded." after every skill card played and "X is discarded." after every mythos card: each
tells a real change of the public table, so it stays told, but at the end of the line of the
happening it belongs to (the encounter, the play, the check's opening), while that line is in the
live message; otherwise (the happening's line was in a message closed before) on its own line.
Read off whole games' logs too: a happening and its outcome right after it, one line."""
from __future__ import annotations

import pytest

from bot.games import ui_for
from bot.i18n import LANGUAGES, t
from bot.publisher import MAX_MESSAGE, ChannelLog, _fold_key
from bot.seats import mention
from tests.bot.test_quiet_log import logged

ALL = "all"


def only_line(kind: str, events: list[dict], lang: str = "en") -> str:
    (line,) = ui_for(kind).public_lines(events, lang)
    return line


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_things_discard_is_told_at_the_end_of_the_play(lang):
    played = {"type": "card_played", "player": "101", "card": "suspicion", "target": "102", "audience": ALL}
    shown = {"type": "hand_shown", "player": "102", "to": "101", "cards": ["axe"], "audience": ["101"]}
    resolved = {"type": "card_resolved", "card": "suspicion", "audience": ALL}
    assert logged_in("thing", [[played, shown, resolved]], lang) == [
        only_line("thing", [played], lang).removesuffix(".") + " · " + t(lang, "thing.event.then_discarded")]
    # the same across steps (a defence decided in between), a panic card too
    panic = {"type": "panic_drawn", "player": "101", "card": "oops", "audience": ALL, "reveal": True}
    lines = logged_in("thing", [[panic], [{"type": "hand_shown", "player": "101", "to": "all", "cards": ["axe"],
                                           "audience": ALL}], [{**resolved, "card": "oops"}]], lang)
    assert len(lines) == 2 and lines[0].endswith(" · " + t(lang, "thing.event.then_discarded"))
    assert lines[0].startswith(only_line("thing", [panic], lang))


def test_a_discard_whose_play_is_not_in_the_live_message_is_a_line_of_its_own():
    resolved = {"type": "card_resolved", "card": "suspicion", "audience": ALL}
    assert logged("thing", [[resolved]]) == [only_line("thing", [resolved])]
    other = {"type": "card_played", "player": "101", "card": "analysis", "target": "102", "audience": ALL}
    assert logged("thing", [[other], [resolved]]) == [only_line("thing", [other]), only_line("thing", [resolved])]


def test_a_later_play_of_the_same_card_gets_its_own_discard():
    played = {"type": "card_played", "player": "101", "card": "suspicion", "target": "102", "audience": ALL}
    again = {**played, "player": "102", "target": "103"}
    resolved = {"type": "card_resolved", "card": "suspicion", "audience": ALL}
    tail = " · " + t("en", "thing.event.then_discarded")
    assert logged("thing", [[played, resolved], [again, resolved]]) == [
        only_line("thing", [played]).removesuffix(".") + tail, only_line("thing", [again]).removesuffix(".") + tail]



def test_a_play_inside_a_play_of_the_same_card_leaves_each_its_own_discard():
    """Persistence played while another Persistence resolves (two in one turn): the inner one
    resolves first, then the outer; each discard belongs to its own play's line (both were told
    at the end of the inner play's line: "… · 🗑️ then discarded · 🗑️ then discarded")."""
    outer = {"type": "card_played", "player": "101", "card": "persistence", "audience": ALL}
    inner = {"type": "card_played", "player": "101", "card": "persistence", "audience": ALL}
    resolved = {"type": "card_resolved", "card": "persistence", "audience": ALL}
    tail = " · " + t("en", "thing.event.then_discarded")
    lines = logged("thing", [[outer], [inner], [resolved], [resolved]])
    assert lines == [only_line("thing", [outer]).removesuffix(".") + tail,
                     only_line("thing", [inner]).removesuffix(".") + tail]

@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_eldritch_encounter_and_mythos_card_tell_their_discard(lang):
    encounter = {"type": "encounter", "inv": "akachi_onyele", "what": "location", "deck": "general",
                 "card": "general_1", "audience": ALL}
    lost = {"type": "lost", "inv": "akachi_onyele", "health": 1, "sanity": 0, "audience": ALL}
    discarded = {"type": "encounter_discarded", "deck": "general", "audience": ALL}
    tail = " · " + t(lang, "eldritch.event.then_discarded")
    assert logged_in("eldritch", [[encounter, lost], [discarded]], lang) == [
        only_line("eldritch", [encounter], lang).removesuffix(".") + tail, only_line("eldritch", [lost], lang)]
    mythos = {"type": "mythos_drawn", "card": "a_dark_power", "colour": "yellow", "trait": "event", "audience": ALL}
    gone = {"type": "mythos_discarded", "card": "a_dark_power", "audience": ALL}
    assert logged_in("eldritch", [[mythos, lost, gone]], lang) == [
        only_line("eldritch", [mythos], lang).removesuffix(".") + tail, only_line("eldritch", [lost], lang)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_unfathomables_chaos_cards_are_told_with_the_check_and_discards_with_their_card(lang):
    started = {"type": "check_started", "target": 11, "partial": None, "positive": ["lore", "will"],
               "card": None, "order": ["101", "keeper-1"], "audience": ALL}
    chaos = {"type": "chaos_added", "count": 2, "chaos_left": 10, "audience": ALL}
    lines = logged_in("unfathomable", [[started], [chaos]], lang)
    assert lines == [only_line("unfathomable", [started], lang).removesuffix(".") + " · " + t(
        lang, "unfathomable.event.chaos_tail", n_cards=t(lang, "unfathomable.count.cards", count=2))]
    used = {"type": "ability_used", "player": "101", "ability": "card:combat_training_1", "timing": "any",
            "audience": ALL}
    rerolled = {"type": "reroll", "player": "101", "audience": ALL}
    resolved = {"type": "card_resolved", "card": "combat_training_1", "audience": ALL}
    tail = " · " + t(lang, "unfathomable.event.then_discarded")
    assert logged_in("unfathomable", [[used, rerolled, resolved]], lang) == [
        only_line("unfathomable", [used], lang).removesuffix(".") + tail, only_line("unfathomable", [rerolled], lang)]
    drawn = {"type": "mythos_drawn", "player": "101", "card": "dense_fog", "audience": ALL}
    gone = {"type": "mythos_discarded", "card": "dense_fog", "audience": ALL}
    assert logged_in("unfathomable", [[drawn, rerolled], [gone]], lang)[0] == \
        only_line("unfathomable", [drawn], lang).removesuffix(".") + tail


def test_a_full_message_tells_the_discard_on_a_line_of_its_own():
    """The message has no room left for the tail: the line it belongs to stays as it was."""
    ui = ui_for("thing")
    played = {"type": "card_played", "player": "101", "card": "suspicion", "target": "102", "audience": ALL}
    resolved = {"type": "card_resolved", "card": "suspicion", "audience": ALL}
    log = ChannelLog(None)
    (line,) = ui.public_lines([played], "en")
    log.add(_fold_key(line), line)
    log.add(None, "x" * (MAX_MESSAGE - len(line) - 5))
    (discard,) = ui.public_lines([resolved], "en")
    key, told = log.fold(ui, _fold_key(discard), discard, "en")
    assert not told and key is None and log.lines[0][1] == line


def logged_in(kind: str, rows: list[list[dict]], lang: str) -> list[str]:
    """:func:`tests.bot.test_quiet_log.logged` in ``lang``."""
    ui, log = ui_for(kind), ChannelLog(None)
    for events in rows:
        for line in ui.public_lines(events, lang):
            key, told = log.fold(ui, _fold_key(line), line, lang)
            if not told:
                log.add(key, line)
    return log.body().split("\n")



@pytest.mark.parametrize("lang", LANGUAGES)
def test_unfathomables_happening_and_its_outcome_right_after_it_are_one_line(lang):
    """Read off a whole game's log: "The ship moves on; the monsters fall back …" then "Journey
    track advances to 2."; "🃏 The pile, shuffled: … Total **7** …" then "Result: **failure** (7
    against 11)."; "🎲 X rolls after a discard: **1**." then "X discards C and rolls: X: 6, a
    failure."; "X added 0 cards." "Y added 2 cards." "Z added 2 cards." (every check). Each pair,
    each run of contributions, is one line now, with every figure still told (a check's target once,
    as it began)."""
    render = ui_for("unfathomable").public_lines
    pushed = {"type": "monsters_pushed_to_stern", "deep_ones": {"water_1": "water_3"}, "monarchs": {}, "audience": ALL}
    journey = {"type": "track_advanced", "track": "journey", "position": 2, "audience": ALL}
    (line,) = render([pushed, journey], lang)
    assert line == t(lang, "unfathomable.event.journey_pushed", track=_track(lang), position=2,
                     space={"en": "Half Ahead", "uk": "Середній вперед", "ru": "Средний вперёд"}[lang],
                     moves=render([pushed], lang)[0].split(": ", 1)[1].removesuffix("."))
    assert len(render([pushed, {**journey, "track": "ritual"}], lang)) == 2
    revealed = {"type": "check_revealed", "cards": [], "total": 7, "target": 11, "partial": 8,
                "positive": ["lore"], "audience": ALL, "reveal": True}
    result = {"type": "check_result", "result": "fail", "total": 7, "target": 11, "partial": 8, "audience": ALL}
    (line,) = render([revealed, result], lang)
    assert "**7**" in line and t(lang, "unfathomable.result.fail") in line
    assert "11" not in line  # the target (and partial) were said as the check began (test_unfathomable_log_wording)
    assert logged_in("unfathomable", [[revealed], [result]], lang) == [line]  # the result in the next step
    assert len(render([revealed, {**result, "total": 9}], lang)) == 2  # a total changed between: both
    discarded = {"type": "skills_discarded", "player": "101", "cards": ["brush_off_5"], "reason": "discard_and_roll",
                 "audience": ALL}
    about = {"type": "roll_started", "player": "101", "purpose": "discard_and_roll", "audience": ALL}
    die = {"type": "die_rolled", "player": "101", "purpose": "discard_and_roll", "raw": 1, "modifier": 0, "value": 1,
           "audience": ALL}
    made = {"type": "discard_and_roll", "player": "101", "card": "brush_off_5", "roll": 1, "total": 6, "target": 7,
            "success": False, "audience": ALL}
    (line,) = logged_in("unfathomable", [[discarded, about], [die, made]], lang)
    assert "**1**" in line and " 6" in line and t(lang, "unfathomable.result.fail") in line
    assert line.startswith("🎲 " + mention("101"))
    added = [{"type": "check_added", "player": p, "count": n, "audience": ALL}
             for p, n in (("101", 0), ("keeper-1", 2), ("keeper-2", 1))]
    lines = logged_in("unfathomable", [[added[0]], added[1:]], lang)
    assert lines == render(added, lang) and len(lines) == 1
    assert all(mention(p) in lines[0] for p in ("101", "keeper-1", "keeper-2"))
    assert t(lang, "unfathomable.count.cards", count=2) in lines[0]


def _track(lang: str) -> str:
    from bot.games.unfathomable.render import track_name
    return track_name(lang, "journey")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_unfathomables_die_and_what_it_made_are_one_line(lang):
    """"🎲 X rolls: **5**." then "X: 5, a failure." (and a roll leaving the table, told by no
    line, between them): one line. A value changed between them keeps both."""
    render = ui_for("unfathomable").public_lines
    die = {"type": "die_rolled", "player": "101", "purpose": "roll", "raw": 5, "modifier": 0, "value": 5,
           "audience": ALL}
    ended = {"type": "roll_ended", "value": 5, "audience": ALL}
    compared = {"type": "roll_compared", "player": "101", "value": 5, "success": False, "audience": ALL}
    (line,) = render([die, ended, compared], lang)
    assert line.startswith(render([die], lang)[0].removesuffix(".")) and t(lang, "unfathomable.result.fail") in line
    assert getattr(line, "settles", None) == "roll:101:roll"  # it still stands in the place of "about to roll"
    assert len(render([die, {**compared, "value": 6}], lang)) == 2


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_eldritch_encounter_stands_in_the_place_of_has_an_encounter_right_above_it(lang):
    """"▶ X has an encounter." right above "📜 X — Encounter cards: …" said who twice; while X
    still chooses their encounter (another step), it says whose turn it is."""
    render = ui_for("eldritch").public_lines
    turn = {"type": "turn", "phase": "encounter", "inv": "akachi_onyele", "audience": ALL}
    encounter = {"type": "encounter", "inv": "akachi_onyele", "what": "location", "deck": "general",
                 "card": "general_1", "audience": ALL}
    assert render([turn, encounter], lang) == render([encounter], lang)
    assert logged_in("eldritch", [[turn], [encounter]], lang) == render([turn], lang) + render([encounter], lang)
    assert len(render([turn, {**encounter, "inv": "jacqueline_fine"}], lang)) == 2
