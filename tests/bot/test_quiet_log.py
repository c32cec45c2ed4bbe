"""Issue 22: the channel log says each thing once. Unfathomable's log said "🔔 The response
window closed." after every roll and check whose window nobody answered, though the next line (the
roll, the result) already shows the game went on; "🎲 X is about to roll." stood above "🎲 X
rolls: 4." with nothing between, "X decides the crisis of C." above "X chooses: …"; five Deep
Ones moving along one way were five lines, "Food −1 → (every dial)" then "Fuel −1 → (every
dial)" two; The Thing's "X offers Y an exchange." stood above "X and Y exchange a card.", three
draws were three lines; an Eldritch test's dice were said twice, rolled and then judged. Now the
close is said only when its step says nothing else (and then until the next line), an
announcement of what is about to happen gives way to what happened when that comes next, and
events in a row are one line: every roll, exchange, move and result is still told (every change
of the public table is announced)."""
from __future__ import annotations

import random
import re

import pytest

from bot.games import ui_for
from bot.games.unfathomable.render import zone_case
from bot.i18n import LANGUAGES, t
from bot.seats import mention
from engine.core.events import is_public
from engine.core.record import replay
from tests.bot.helpers import seat_table


async def played(env, kind: str, members: int, keepers: int, seed: int, monkeypatch, clicks: int):
    """A table of ``members`` members and ``keepers`` Keeper players (English), played by the
    members' offered controls: (the channel's messages as their lines, the game's public events)."""
    import bot.service
    channel, people, lobby = await seat_table(env, "en", kind, ["Ann", "Bob"][:members], keepers)
    monkeypatch.setattr(bot.service.secrets, "randbits", lambda bits: seed)
    await people[0].click(lobby, label=t("en", "lobby.start"))
    if kind == "unfathomable":
        from tests.bot.unfathomable_driver import play_unfathomable
        await play_unfathomable(env, channel, people, random.Random(seed), max_clicks=clicks)
    else:
        from tests.bot.helpers import play_to_the_end
        await play_to_the_end(env, channel, people, random.Random(seed), max_clicks=clicks)
    game = await env.bot.service.last_game(channel.id)
    events = [ev for ev in replay(await env.bot.service.record(game.id)).events if is_public(ev)]
    return [(message.content or "").splitlines() for message in channel.history()], events


def adjacent(messages: list[list[str]], first: str, then: str) -> list[tuple[str, str]]:
    """Lines matching ``first`` right above one matching ``then``, in one message (a new message
    between them was posted for a decision: the announcement said what it was about)."""
    return [(a, b) for lines in messages for a, b in zip(lines, lines[1:])
            if re.fullmatch(first, a) and re.fullmatch(then, b)]


def pattern(key: str, *names: str) -> str:
    """The English line of ``key`` as a pattern, each of ``names`` a named group."""
    text = re.escape(t("en", key, **{n: f"QQ{n}QQ" for n in names}))
    for n in names:
        text = text.replace(f"QQ{n}QQ", f"(?P<{n}>.+)")
    return text


async def test_unfathomable_says_a_window_closed_and_a_roll_coming_only_when_it_tells_something(
        simcord_env, monkeypatch):
    messages, events = await played(simcord_env, "unfathomable", 1, 2, 57, monkeypatch, clicks=120)
    lines = [line for message in messages for line in message]
    rolls = [ev for ev in events if ev["type"] == "die_rolled"]
    assert len(rolls) > 5, "the game went through rolls"
    # a window's close is left out where what it let happen follows, and otherwise said only
    # until the next line (here, whatever came next stood in its place)
    assert t("en", "window.closed") not in lines
    # every roll is told, as it is rendered (with what it made, when that follows in its step:
    # merged); its announcement went where nothing stood between
    from bot.games.unfathomable.render import SILENT
    render = ui_for("unfathomable").public_lines
    told = [ev for ev in events if ev["type"] not in SILENT]
    for n, roll in enumerate(told):
        if roll["type"] == "die_rolled":
            assert {render(told[n:n + 2], "en")[0], render([roll], "en")[0]} & set(lines), roll
    assert not adjacent(messages, r"🎲 (.+) is about to roll(.*)\.", r"🎲 (.+) rolls(.*): \*\*\d+\*\*.*"), \
        "an 'about to roll' line stood right above its roll"
    # Deep Ones moving one after another: one line saying how many went which way, none lost
    moved, many = re.compile(r"(\d+) Deep Ones?: .+ → .+\."), re.compile(r"🐟 Deep Ones move: (.+)\.")

    def how_many(line: str) -> int:
        if moved.fullmatch(line):
            return int(moved.fullmatch(line).group(1))
        return sum(int(part.rsplit(" ×", 1)[1]) if " ×" in part else 1
                   for part in many.fullmatch(line).group(1).split(", "))
    told = [line for line in lines if moved.fullmatch(line) or many.fullmatch(line)]
    assert sum(how_many(line) for line in told) == \
        sum(ev["count"] for ev in events if ev["type"] == "deep_ones_moved") > 0
    assert not [a for m in messages for a, b in zip(m, m[1:]) if a == b and moved.fullmatch(a)]
    # who decides a crisis, said until they have chosen
    decides, chose = pattern("unfathomable.event.crisis_decider", "player", "card"), \
        pattern("unfathomable.event.option_chosen_card", "player", "card", "option")  # it names the card
    assert any(re.fullmatch(chose, line) for line in lines)
    assert not [(a, b) for a, b in adjacent(messages, decides, chose)
                if re.fullmatch(decides, a)["player"] == re.fullmatch(chose, b)["player"]]


async def test_the_thing_says_an_exchange_was_offered_only_while_it_is_not_made(simcord_env, monkeypatch):
    messages, events = await played(simcord_env, "thing", 2, 3, 5, monkeypatch, clicks=400)
    lines = [line for message in messages for line in message]
    exchanges = [ev for ev in events if ev["type"] == "exchanged"]
    assert exchanges, "the game went through exchanges"
    for ev in exchanges:  # every exchange is told
        a, b = (mention(p) for p in ev["players"])
        assert t("en", "thing.event.exchanged", a=a, b=b) in lines, ev
    offered, made = pattern("thing.event.exchange_offered", "from", "to"), pattern("thing.event.exchanged", "a", "b")
    pairs = [(a, b) for a, b in adjacent(messages, offered, made)
             if list(re.fullmatch(offered, a).groups()) == list(re.fullmatch(made, b).groups())]
    assert not pairs, pairs


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_eldritch_test_and_its_result_with_nothing_between_are_one_line(lang):
    """"🎲 Ann tests Will (3 − 1): ⚃ ⚂ ⚀" and "❌ Ann fails the Will test: ⚃ ⚂ ⚀ — 0 successes."
    said the dice twice; told as one, the line keeps what the pool was made of. A reroll between
    them keeps the roll's line (the reader sees the dice change); the reroll and the result it
    gives are one line ("❌ Ann rerolls and fails the Will test: …")."""
    render = ui_for("eldritch").public_lines
    rolled = {"type": "test_rolled", "inv": "akachi_onyele", "skill": "will", "dice": [4, 3, 1], "faces": [5, 6],
              "value": 3, "modifier": -1, "audience": "all"}
    result = {"type": "test_result", "inv": "akachi_onyele", "skill": "will", "dice": [4, 3, 1], "successes": 0,
              "passed": False, "faces": [5, 6], "audience": "all"}
    (line,) = render([rolled, result], lang)
    assert "3 − 1" in line and line.startswith("❌") and render([result], lang)[0][:-1].split(":")[-1] in line
    rerolled = {"type": "rerolled", "inv": "akachi_onyele", "dice": [4, 3, 1], "faces": [5, 6], "audience": "all"}
    rolled_line, rerolled_line = render([rolled, rerolled, result], lang)
    assert "3 − 1" in rolled_line and rerolled_line.startswith("❌") and "3 − 1" not in rerolled_line


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_things_draws_in_a_row_are_one_line_with_how_many(lang):
    render = ui_for("thing").public_lines
    drawn = {"type": "event_drawn", "player": "101", "audience": "all"}
    seen = {"type": "card_drawn", "player": "101", "card": "suspicious", "audience": ["101"]}
    skipped = {"type": "panic_skipped", "player": "101", "audience": "all"}
    lines = render([skipped, skipped, drawn, seen, drawn, seen, drawn, seen], lang)
    assert lines == [t(lang, "thing.event.panic_skipped_many", count=2),
                     t(lang, "thing.event.event_drawn_many", player=mention("101"), count=3)]
    assert render([drawn], lang) == [t(lang, "thing.event.event_drawn", player=mention("101"))]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_unfathomables_resources_changed_in_a_row_are_one_line_with_the_dials_after(lang):
    """"Food −1 → ⛽ 8 · 🍖 7 · …" then "Fuel −1 → ⛽ 7 · 🍖 7 · …" repeated every dial; one
    line says both changes and where each dial stands after them (only the dials that moved,
    tests/bot/test_told_once14.py). The same resource changed twice stays two
    lines (a sum would hide that it went down and back up)."""
    render = ui_for("unfathomable").public_lines
    dials = {"fuel": 8, "food": 7, "sanity": 8, "souls": 8}
    food = {"type": "resources_changed", "delta": {"food": -1}, "resources": dials, "audience": "all"}
    fuel = {"type": "resources_changed", "delta": {"fuel": -1}, "resources": {**dials, "fuel": 7}, "audience": "all"}
    back = {"type": "resources_changed", "delta": {"fuel": 1}, "resources": dials, "audience": "all"}
    (line,) = render([food, fuel], lang)
    assert line == render([{**fuel, "delta": {"food": -1, "fuel": -1}}], lang)[0]
    assert len(render([food, fuel, back], lang)) == 2


@pytest.mark.parametrize("lang, line", [
    ("en", "🐟 9 Deep Ones placed: Deck Space 1, Deck Space 2 ×2, Deck Space 3, Deck Space 4, Deck Space 5, "
           "Deck Space 6, Deck Space 7, Deck Space 8."),
    ("uk", "🐟 Розміщено 9 глибоководних: "),
    ("ru", "🐟 Размещают 9 глубоководных: ")])
def test_unfathomables_deep_ones_placed_in_a_row_are_one_line(lang, line):
    """Hold the Line's "a Deep One in each deck zone" was eight lines ("🐟 1 Deep One placed in
    Deck Space 1." …, docs/screens/unfathomable/end.png); one line names every zone and how many."""
    render = ui_for("unfathomable").public_lines
    placed = [{"type": "deep_ones_placed", "zone": f"d{n}", "count": 2 if n == 2 else 1, "audience": "all"}
              for n in range(1, 9)]
    (said,) = render(placed, lang)
    assert said.startswith(line)
    assert said == render([{"type": "deep_ones_placed", "audience": "all", "count": 9,
                            "places": [[f"d{n}", 2 if n == 2 else 1] for n in range(1, 9)]}], lang)[0]
    assert render(placed[:1], lang) == [t(lang, "unfathomable.event.deep_ones_placed",
                                          n_deep_ones=t(lang, "unfathomable.count.deep_ones", count=1),
                                          in_zone=zone_case(lang, "d1", "in"))]


def logged(kind: str, rows: list[list[dict]], notices: list[list[str]] | None = None) -> list[str]:
    """The live message's lines after ``rows`` of public events (and notice keys before each),
    each row delivered as the publisher does, English."""
    from bot.publisher import ChannelLog, TOLD_BY_THE_NEXT, UNTIL_NEXT, _fold_key
    ui, log = ui_for(kind), ChannelLog(None)
    for n, events in enumerate(rows):
        lines = [[_fold_key(line), line] for line in ui.public_lines(events, "en")]
        said = [[UNTIL_NEXT if key in TOLD_BY_THE_NEXT else None, t("en", key)]
                for key in (notices or [[]] * len(rows))[n] if not (lines and key in TOLD_BY_THE_NEXT)]
        for key, text in said + lines:
            key, told = log.fold(ui, key, text, "en")
            if not told:
                log.add(key, text)
    return log.body().split("\n")


def test_lines_of_later_steps_fold_into_the_live_messages_last_line():
    """A member's pass in a window splits the Deep Ones' moves into steps of their own: the
    second move, right below the first, is told as one with it ("2 Deep Ones: …"); the roll a
    window awaited stands in the place of "about to roll"; "The response window closed." stands
    until the next line, and not at all above the roll its step made."""
    one = {"type": "deep_ones_moved", "frm": "deck_2", "to": "bridge", "count": 1, "reason": "activation",
           "audience": "all"}
    render = ui_for("unfathomable").public_lines
    assert logged("unfathomable", [[one], [one]]) == render([{**one, "count": 2}], "en")
    two_ways = logged("unfathomable", [[one], [{**one, "frm": "deck_1"}]])  # two ways, still one line
    assert len(two_ways) == 1 and two_ways[0].count("→") == 2, two_ways
    started = {"type": "roll_started", "player": "101", "purpose": "attack", "audience": "all"}
    rolled = {"type": "die_rolled", "player": "101", "purpose": "attack", "raw": 4, "modifier": 0, "value": 4,
              "audience": "all"}
    assert logged("unfathomable", [[started], [rolled]], [[], ["window.closed"]]) == render([rolled], "en")
    assert logged("unfathomable", [[started], []], [[], ["window.closed"]]) == \
        render([started], "en") + [t("en", "window.closed")]
    turn = {"type": "turn_started", "player": "101", "number": 3, "audience": "all"}
    assert logged("unfathomable", [[started], [], [turn]], [[], ["window.closed"], []]) == \
        render([started], "en") + render([turn], "en")


def test_the_things_draws_told_as_one_across_steps_count_every_card():
    """A line of draws told as one with the next step's (itself three draws told as one) says
    every card drawn: one and three are four, not two."""
    drawn = {"type": "event_drawn", "player": "101", "audience": "all"}
    skipped = {"type": "panic_skipped", "player": "101", "audience": "all"}
    render = ui_for("thing").public_lines
    assert logged("thing", [[drawn], [drawn, drawn, drawn]]) == render([{**drawn, "count": 4}], "en")
    assert logged("thing", [[skipped], [skipped, skipped]]) == render([{**skipped, "count": 3}], "en")


def test_an_eldritch_test_and_its_result_in_the_next_step_are_one_line():
    """A roll that waits for a decision (a reroll that may be paid) is told in one step and its
    result in the next; declined, the dice are the same, and the result's line tells both as
    within a step. Rerolled dice keep both lines."""
    rolled = {"type": "test_rolled", "inv": "akachi_onyele", "skill": "will", "dice": [4, 3, 1], "faces": [5, 6],
              "value": 3, "modifier": -1, "audience": "all"}
    result = {"type": "test_result", "inv": "akachi_onyele", "skill": "will", "dice": [4, 3, 1], "successes": 0,
              "passed": False, "faces": [5, 6], "audience": "all"}
    render = ui_for("eldritch").public_lines
    assert logged("eldritch", [[rolled], [result]]) == render([rolled, result], "en")
    assert len(render([rolled, result], "en")) == 1
    changed = {**result, "dice": [5, 3, 1], "successes": 1, "passed": True}
    assert logged("eldritch", [[rolled], [changed]]) == render([rolled], "en") + render([changed], "en")


def test_deep_ones_placed_across_steps_are_one_line_with_a_count_per_zone():
    """Placements delivered in three steps fold into the live message's last line, and a zone
    named again adds to its count ("Deck Space 1 ×2"), not a second "Deck Space 1"."""
    placed = [[{"type": "deep_ones_placed", "zone": zone, "count": 1, "audience": "all"}] for zone in ("d1", "d2", "d1")]
    assert logged("unfathomable", placed)[-1] == "🐟 3 Deep Ones placed: Deck Space 1 ×2, Deck Space 2."


def test_a_monarch_rising_from_the_depths_is_told_once():
    """"🐙 Mother Hydra: The Depths → Water Space 1." stood above "🌊 From the Depths into Water
    Space 1: Mother Hydra." (play7): the emergence names the monarch; a move on the water stays told."""
    render = ui_for("unfathomable").public_lines
    rose = {"type": "monarch_moved", "monster": "mother_hydra", "frm": "depths", "to": "w1", "reason": "emerge",
            "audience": "all"}
    emerged = {"type": "monsters_emerged", "to": "w1", "monarchs": ["mother_hydra"], "audience": "all"}
    assert render([rose, emerged], "en") == ["🌊 From the Depths to Water Space 1: Mother Hydra."]
    assert render([{**rose, "frm": "w3", "reason": "moved"}], "en") == ["🐙 Mother Hydra: Water Space 3 → Water Space 1."]
