"""Turn order and the Human turn's steps (checklist C 30-31; 32-36 are in test_reveal, test_players,
test_receive).

Seed: shared/seeds/000, line numbers in brackets.
"""
from __future__ import annotations

from engine.unfathomable.common import card_type

from .helpers import game, top

NO_HANDS = {f"p{i}": [] for i in range(1, 5)}


def play_turn(r, s, events=None):
    """Answer everything with the defaults until the next player's turn has started (or the game ended)."""
    events = [] if events is None else events
    start = s["turns_taken"]
    for _ in range(500):
        if s["turns_taken"] > start or s.get("result"):
            return events
        t = top(r, s)
        events += r.apply_in_place(s, {"player": t["player"], "type": "default"})
    raise AssertionError("the turn did not end")


def test_c030_turns_go_clockwise_from_the_first_player_without_rounds():
    """Checklist 30. «Починаючи з першого гравця і далі за годинниковою стрілкою, гравці гратимуть
    свої ходи, поки партія не закінчиться.» [378]; «Після цього жетон поточного гравця передають
    гравцеві ліворуч, який розпочинає свій хід.» [594]; «Коли поточний гравець завершує ці кроки, він
    передає жетон поточного гравця гравцеві ліворуч» [2619]. Seats are clockwise, so the player to
    the left is the next seat; the count of turns simply runs on (no rounds)."""
    r, s = game(4, first_player="p3", hands=NO_HANDS, seed=5)
    assert s["turn"]["player"] == "p3" and s["turn"]["number"] == 1
    order, numbers = [], []
    for _ in range(6):
        order.append(s["turn"]["player"])
        numbers.append(s["turn"]["number"])
        ev = play_turn(r, s)
        if s.get("result"):
            break
        started = [e for e in ev if e["type"] == "turn_started"]
        assert [e["player"] for e in started] == [s["turn"]["player"]]   # the token passed once
    seats = s["seats"]
    i = seats.index("p3")
    assert order == [seats[(i + k) % 4] for k in range(len(order))]
    assert order[:5] == ["p3", "p4", "p1", "p2", "p3"]
    assert numbers == list(range(1, len(numbers) + 1))


def test_c031_human_turn_steps_in_order():
    """Checklist 31. «Хід гравця складається з таких послідовних кроків: 1. ОТРИМАЙТЕ ВМІННЯ 2.
    ВИКОНАЙТЕ ДІЇ 3. РОЗІГРАЙТЕ МІТ 4. СКИНЬТЕ КАРТИ» [380-385]; «48.5 ... Поточний гравець виконує
    дві дії на вибір. Одна дія може бути виконана кілька разів.» [2609]; «48.7 ... Кожен гравець,
    який має на руці більше ніж 10 карт умінь, повинен скинути ...» [2617].
    p1 draws its set, moves twice (the same action twice), the mythos card is played, then p2 (12
    cards, not the current player) discards down to 10, and only then does p2's turn start."""
    r, s = game(4, hands=NO_HANDS, seed=3)
    # p2 holds 12 cards before p1's turn ends
    pool = [c for c in s["decks"]["lore"][:6] + s["decks"]["will"][:6]]
    for c in pool:
        s["decks"][card_type(c)].remove(c)
    s["hands"]["p2"] = pool
    ev = []
    # step 1 has run: p1 drew its skill set (Keilani: 5 cards)
    t = top(r, s)
    while t["kind"] == "window":
        ev += r.apply_in_place(s, {"player": t["player"], "type": "pass"})
        t = top(r, s)
    assert t["kind"] == "action" and t["player"] == "p1"
    assert len(s["hands"]["p1"]) == sum(r.skill_set(s, "p1").values())
    ev += r.apply_in_place(s, {"player": "p1", "type": "move", "to": "d4"})
    t = top(r, s)
    assert t["kind"] == "action" and t["player"] == "p1"   # two actions, the same one twice
    ev += r.apply_in_place(s, {"player": "p1", "type": "move", "to": "d6"})
    assert s["zone_of"]["p1"] == "d6"
    ev = play_turn(r, s, ev)
    kinds = [e["type"] for e in ev]
    moved = max(i for i, e in enumerate(ev) if e["type"] == "player_moved" and e["player"] == "p1"
                and e.get("reason") == "move")
    mythos = kinds.index("mythos_drawn")
    discarded = next(i for i, e in enumerate(ev) if e["type"] == "skills_discarded" and e.get("player") == "p2"
                     and e.get("reason") == "hand_limit")
    ended = kinds.index("turn_ended")
    started = kinds.index("turn_started")
    assert moved < mythos < discarded < ended < started
    assert ev[started]["player"] == "p2" and len(ev[discarded]["cards"]) == 2
    # no third action was offered to p1: exactly two moves
    assert sum(1 for e in ev if e["type"] == "player_moved" and e["player"] == "p1" and e.get("reason") == "move") == 2
