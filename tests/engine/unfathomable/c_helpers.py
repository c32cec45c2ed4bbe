"""Helpers of the combat / checks / mythos / windows tests (prefix C)."""
from __future__ import annotations

from engine.unfathomable.common import card_type
from tests.engine.unfathomable.helpers import answer, game, pass_windows, top

# a die roll of the effects dialect: 5+ gains a Food, else loses one
ROLL = [{"roll": {"at_least": 5, "then": [{"gain": {"food": 1}}], "otherwise": [{"lose": {"food": 1}}]}}]


def give(s, p, *cards):
    """Move skill cards (ids) from wherever they are (deck, discard, chaos) into ``p``'s hand."""
    for card in cards:
        for pile in (s["decks"][card_type(card)], s["discards"][card_type(card)], s["chaos"]):
            if card in pile:
                pile.remove(card)
                break
        else:
            for q, hand in s["hands"].items():
                if card in hand:
                    hand.remove(card)
                    break
            else:
                raise AssertionError(f"{card} not found")
        s["hands"][p].append(card)


def empty_hands(s):
    for p, hand in s["hands"].items():
        for card in list(hand):
            s["discards"][card_type(card)].append(card)
        hand.clear()


def deep_ones(s, zone, n=1):
    s["deep_ones"][zone] = s["deep_ones"].get(zone, 0) + n
    s["deep_one_supply"] -= n


def clear_board(s):
    for z, n in list(s["deep_ones"].items()):
        s["deep_one_supply"] += n
        s["deep_ones"][z] = 0


def give_item(s, p, item):
    for pile in (s["item_deck"],):
        if item in pile:
            pile.remove(item)
    for q in s["items"]:
        if item in s["items"][q]:
            s["items"][q].remove(item)
    s["items"][p].append(item)


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
