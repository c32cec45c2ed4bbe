"""Helpers of the combat / checks / mythos / windows tests (prefix C)."""
from __future__ import annotations

from tests.engine.unfathomable.helpers import answer, game, pass_windows, rules, top

# a die roll of the effects dialect: 5+ gains a Food, else loses one
ROLL = [{"roll": {"at_least": 5, "then": [{"gain": {"food": 1}}], "otherwise": [{"lose": {"food": 1}}]}}]


def give(s, p, *cards):
    """Move skill cards (ids) from wherever they are (deck, discard, chaos, a hand) into ``p``'s hand
    (the engine's position edit, engine/unfathomable/position.py)."""
    rules().give_skills(s, p, *cards)


def empty_hands(s):
    for p in s["hands"]:
        rules().empty_hand(s, p)


def deep_ones(s, zone, n=1):
    s["deep_ones"][zone] = s["deep_ones"].get(zone, 0) + n
    s["deep_one_supply"] -= n


def clear_board(s):
    rules().clear_deep_ones(s)


def give_item(s, p, item):
    rules().give_item(s, p, item)


def reveal(s, p, card="hybrid"):
    """Mark ``p`` a revealed traitor (state only; the reveal action belongs to loyalty)."""
    s["loyalty"][p] = [card]
    s["revealed"][p] = card
    for title, holder in s["titles"].items():
        if holder == p:
            s["titles"][title] = next(q for q in s["players"] if q != p and q not in s["revealed"])


def settle(r, s, limit=200, stop=(), **choices):
    """Answer everything pending with defaults (windows pass, contributions nothing, choices
    first) until no prompt is left or a prompt for a purpose in ``choices`` comes up, which is
    answered with that value once (a list: consumed in order)."""
    events = []
    choices = {k: (list(v) if isinstance(v, list) else [v]) for k, v in choices.items()}
    for _ in range(limit):
        t = top(r, s)
        if t is None:
            break
        if t["kind"] in stop:
            break
        purpose = t.get("purpose")
        if purpose in choices and choices[purpose]:
            events += answer(r, s, t["player"], type="choose", value=choices[purpose].pop(0))
            continue
        if t["kind"] == "window":
            events += pass_windows(r, s)
            continue
        if t["kind"] == "action" or t["kind"] in stop:
            break
        events += r.apply_in_place(s, {"player": t["player"], "type": "default"})
    return events


def to_actions(r, s):
    """Pass the windows at the start of the Actions step."""
    pass_windows(r, s)
    assert top(r, s)["kind"] == "action", top(r, s)


def fresh(**kw):
    """A four-player game at the first Actions step: empty hands, an empty board, windows passed."""
    r, s = game(4, **kw)
    empty_hands(s)
    clear_board(s)
    to_actions(r, s)
    return r, s


def types(events):
    return [e["type"] for e in events]
