"""Issue 20: a Thing with no human left is told, privately, that declaring now wins (the rulebook
lets the Thing end the game only by declaring; without R12's option nothing ends it by itself)."""
from __future__ import annotations

from tests.engine.helpers import RULES, act, make_game, of_type, prompt, seen_by


def lone_thing_game(options=None):
    s = make_game(hands={"ann": ["the_thing", "infected", "whisky", "suspicion"]},
                  seats=["ann", "dan", "bob", "cid"], options=options)
    for p in ("bob", "cid"):   # already infected earlier in the game: dan is the last human
        s["roles"][p] = "infected"
    return s


def infect_dan(s):
    s, events = act(s, "ann", "draw")
    s, more = act(s, "ann", "discard", card="whisky")
    events += more
    s, more = act(s, "ann", "offer", card="infected")
    events += more
    give = next(o for o in prompt(s, "dan")["options"] if o["type"] == "give")
    s, more = RULES.apply(s, {"player": "dan", **give})
    return s, events + more


def test_the_thing_is_told_privately_when_the_last_human_is_infected():
    s, events = infect_dan(lone_thing_game())
    assert s["roles"]["dan"] == "infected" and s["result"] is None
    told = of_type(events, "declare_wins")
    assert [e["audience"] for e in told] == [["ann"]]
    assert not of_type(seen_by(events, "dan"), "declare_wins") and not of_type(seen_by(events, None), "declare_wins")
    # and again at the start of each of its turns while it plays on
    seen = []
    while not any(e["type"] == "turn_started" and e["player"] == "ann" for e in seen):
        p = RULES.prompts(s)[0]
        s, events = RULES.apply(s, {"player": p["player"], "type": "default"})
        seen += events
    start = next(i for i, e in enumerate(seen) if e["type"] == "turn_started" and e["player"] == "ann")
    assert [e["audience"] for e in of_type(seen[start:], "declare_wins")] == [["ann"]]
    s, events = act(s, "ann", "declare")
    assert s["result"]["reason"] == "declared_true"


def test_nobody_is_told_while_a_human_is_left_or_when_the_game_ends_by_itself():
    s = make_game(hands={"ann": ["the_thing", "infected", "whisky", "suspicion"]}, seats=["ann", "dan", "bob", "cid"])
    s, events = infect_dan(s)   # bob and cid are still human
    assert not of_type(events, "declare_wins")
    s, events = infect_dan(lone_thing_game({"auto_end_no_humans": True}))
    assert s["result"]["reason"] == "declared_true" and not of_type(events, "declare_wins")


def test_the_hint_names_the_declare_button_in_every_language():
    from bot.games.thing import render
    from bot.i18n import t
    for lang in ("en", "uk", "ru"):
        line = render.private_line({"type": "declare_wins", "player": "ann"}, "ann", lang)
        assert f"**{t(lang, 'thing.panel.declare')}**" in line
