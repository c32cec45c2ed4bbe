"""Lines a member read twice where a ping split the channel log (the keeper-table bench's games:
The Thing at seed 5, Unfathomable at seed 57). A new message is posted where a member is pinged;
the lines that announce what is about to happen (a roll, an exchange offered, who has chosen a
card to pass) stood at the end of the message before it, and the line of what happened, in the
new message, no longer stood in their place: "X has chosen a card to pass." three times above
"Everyone passes a card on.", "X discards C." and "X is about to roll after a discard." above
"X discards C and rolls 1". Now the new message goes on with those announcements, where the
outcome replaces them as in one message. And The Thing's Missed! said whom the exchange goes to
twice: "The exchange goes to X instead." right above "🔄 Y offers X an exchange."; one line now."""
from __future__ import annotations

import re

import pytest

from bot.games import ui_for
from bot.i18n import LANGUAGES, t
from bot.publisher import OPENS, ChannelLog, _fold_key
from bot.seats import mention
from tests.bot.test_quiet_log import pattern, played


def in_a_row(messages: list[list[str]], first: str, then: str) -> list[tuple[str, str]]:
    """Lines matching ``first`` right above one matching ``then``, as a member scrolls the
    channel: the end of one message is right above the start of the next."""
    lines = [line for message in messages for line in message]
    return [(a, b) for a, b in zip(lines, lines[1:]) if re.fullmatch(first, a) and re.fullmatch(then, b)]


async def test_the_thing_tells_who_chose_a_card_to_pass_only_until_the_cards_are_passed(simcord_env, monkeypatch):
    """Chain Reaction at seed 5: the Keeper players chose at once, a member was pinged in a new
    message, and their three "has chosen a card to pass." lines stayed above it for good."""
    messages, events = await played(simcord_env, "thing", 2, 3, 5, monkeypatch, clicks=400)
    lines = [line for message in messages for line in message]
    assert [ev for ev in events if ev["type"] == "cards_passed"], "the game went through a Chain Reaction"
    assert t("en", "thing.event.cards_passed") in lines
    chosen = pattern("thing.event.pass_chosen", "player")
    assert not [line for line in lines if re.fullmatch(chosen, line)]
    # the panic card went on with them: its discard is told at its line's end, not on a line of its own
    drawn = next(ev for ev in events if ev["type"] == "panic_drawn" and ev["card"] == "round_and_round")
    (panic,) = ui_for("thing").public_lines([drawn], "en")
    assert panic.removesuffix(".") + " · " + t("en", "thing.event.then_discarded") in lines


async def test_the_thing_says_once_whom_a_missed_exchange_goes_to(simcord_env, monkeypatch):
    """Missed! at seed 5, twice: «Вместо этого обмен переходит к X.» right above «🔄 Y предлагает
    обмен игроку X.» (the offer to the next player, R24). One line says both."""
    messages, events = await played(simcord_env, "thing", 2, 3, 5, monkeypatch, clicks=400)
    lines = [line for message in messages for line in message]
    redirected = [ev for ev in events if ev["type"] == "exchange_redirected"]
    assert redirected, "the game went through a Missed!"
    went, offered = pattern("thing.event.exchange_redirected", "to"), pattern("thing.event.exchange_offered", "from", "to")
    assert not [(a, b) for a, b in in_a_row(messages, went, offered)
                if re.fullmatch(went, a)["to"] == re.fullmatch(offered, b)["to"]]
    for ev in redirected:  # each redirect still told, with who offers now
        said = t("en", "thing.event.exchange_offered_instead", **{"from": mention(ev["from"]), "to": mention(ev["to"])})
        assert said in lines, said


async def test_unfathomable_tells_a_discard_and_its_roll_once_across_a_ping(simcord_env, monkeypatch):
    """Turn 3 at seed 57: a member pinged for the window before a Keeper player's roll read, at
    the end of the message above, "X discards Brush Off." and "🎲 X is about to roll after a
    discard.", then "🎲 X discards Brush Off and rolls **1**: total 6, a failure." below."""
    messages, events = await played(simcord_env, "unfathomable", 1, 2, 57, monkeypatch, clicks=120)
    assert [ev for ev in events if ev["type"] == "discard_and_roll"], "the game went through a discard and roll"
    about = r"🎲 (?P<player>.+) discards (?P<card>.+) and is about to roll: the card's value adds to the roll\."
    rolls = r"🎲 (?P<player>.+) discards (?P<card>.+) and rolls \*\*\d+\*\*.*"
    assert [line for message in messages for line in message if re.fullmatch(rolls, line)]
    # (a card played into the roll's window, between them, keeps both: as in one message)
    assert not in_a_row(messages, about, rolls)


def deliver(log: ChannelLog, kind: str, events: list[dict], lang: str) -> None:
    """One row's lines into ``log``, as the publisher folds them."""
    ui = ui_for(kind)
    for line in ui.public_lines(events, lang):
        key, told = log.fold(ui, _fold_key(line), line, lang)
        if not told:
            log.add(key, line)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_new_message_takes_only_what_is_under_way_at_the_end(lang):
    """What is about to happen goes on in the new message, and the happening it belongs to; an
    announcement with a line after it stays where it was said (as in one message), and a message
    of such lines only keeps them (it cannot go blank)."""
    render = ui_for("unfathomable").public_lines
    discarded = {"type": "skills_discarded", "player": "101", "cards": ["brush_off_5"], "reason": "discard_and_roll",
                 "audience": "all"}
    about = {"type": "roll_started", "player": "101", "purpose": "discard_and_roll", "audience": "all"}
    turn = {"type": "turn_started", "player": "101", "number": 3, "audience": "all"}
    log = ChannelLog(None)
    deliver(log, "unfathomable", [turn, discarded, about], lang)
    carried = log.under_way_at_the_end()
    assert [text for _key, text in carried] == render([discarded, about], lang)
    assert all(key.startswith(OPENS) for key, _text in carried)
    assert log.body() == render([turn], lang)[0]
    log.next_message(carried)
    # the roll, in the new message, stands in their place as it would have in one message
    die = {"type": "die_rolled", "player": "101", "purpose": "discard_and_roll", "raw": 1, "modifier": 0, "value": 1,
           "audience": "all"}
    made = {"type": "discard_and_roll", "player": "101", "card": "brush_off_5", "roll": 1, "total": 6, "target": 7,
            "success": False, "audience": "all"}
    deliver(log, "unfathomable", [die, made], lang)
    assert log.body().split("\n") == render([die, made], lang)
    only = ChannelLog(None)
    deliver(only, "unfathomable", [discarded, about], lang)
    assert only.under_way_at_the_end() == [] and len(only.lines) == 1   # the discard and "about to roll": one line
    # a panic card and who has chosen a card to pass go on together; its discard joins its line there
    things = ui_for("thing").public_lines
    panic = {"type": "panic_drawn", "player": "102", "card": "round_and_round", "audience": "all", "reveal": True}
    chose = [{"type": "pass_chosen", "player": p, "audience": "all"} for p in ("103", "104")]
    log = ChannelLog(None)
    deliver(log, "thing", [{"type": "turn_started", "player": "102", "number": 15, "audience": "all"}, panic, *chose],
            lang)
    log.next_message(log.under_way_at_the_end())
    deliver(log, "thing", [{"type": "cards_passed", "players": ["103", "104"], "audience": "all"},
                           {"type": "card_resolved", "card": "round_and_round", "audience": "all"}], lang)
    assert log.body().split("\n") == [
        things([panic], lang)[0].removesuffix(".") + " · " + t(lang, "thing.event.then_discarded"),
        t(lang, "thing.event.cards_passed")]
    # a line after the happening that says neither: nothing goes on
    log = ChannelLog(None)
    deliver(log, "thing", [{"type": "turn_started", "player": "102", "number": 15, "audience": "all"}, panic,
                           {"type": "defended", "player": "103", "card": "missed", "audience": "all"}], lang)
    assert log.under_way_at_the_end() == [] and len(log.lines) == 3


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_things_redirected_exchange_and_the_new_offer_are_one_line(lang):
    """«Мимо!»: «…обмен переходит к следующему игроку» (R24); the offer to them is the redirect's
    line. It stays once the exchange is made (the exchange went elsewhere: a reader is told why)."""
    render = ui_for("thing").public_lines
    went = {"type": "exchange_redirected", "from": "101", "to": "103", "audience": "all"}
    offered = {"type": "exchange_offered", "from": "101", "to": "103", "reason": None, "audience": "all"}
    (line,) = render([went, offered], lang)
    assert line == t(lang, "thing.event.exchange_offered_instead", **{"from": mention("101"), "to": mention("103")})
    assert getattr(line, "opens", None) is None
    assert len(render([went, {**offered, "to": "104"}], lang)) == 2
    assert render([offered], lang) == [t(lang, "thing.event.exchange_offered", **{"from": mention("101"),
                                                                                  "to": mention("103")})]
