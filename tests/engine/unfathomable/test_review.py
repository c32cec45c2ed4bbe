"""Independent review against the seed (rulebook 000): each test quotes the seed line it rests on."""
from __future__ import annotations

from tests.engine.unfathomable.c_helpers import ROLL, empty_hands, fresh, give, settle
from tests.engine.unfathomable.helpers import answer, game, run, top


def pass_rest(r, s):
    ev = []
    for p in r.prompts(s):
        if p["kind"] == "window":
            ev += answer(r, s, p["player"], type="pass")
    return ev


def test_c094_current_player_orders_simultaneous_uses():
    """Checklist 94. Seed l.1591: «Якщо кілька гравців збираються одночасно використати
    властивості, поточний гравець вирішує, у якому порядку відбудеться розіграш цих властивостей.»
    Two uses in one before-roll round: the current player (p1) is asked whose goes first and
    sees players only, never the abilities; the named one resolves first."""
    r, s = fresh(rolls=[5])
    give(s, "p2", "observation:keen_insight:3:1")
    give(s, "p3", "observation:keen_insight:3:2")
    ev = run(r, s, ROLL)
    ev += answer(r, s, "p2", type="use", ability="card:observation:keen_insight:3:1")
    ev += answer(r, s, "p3", type="use", ability="card:observation:keen_insight:3:2")
    ev += pass_rest(r, s)
    t = top(r, s)
    assert t["kind"] == "window_order" and t["player"] == "p1"
    assert t["options"] == [{"type": "choose", "value": "p2"}, {"type": "choose", "value": "p3"}]
    assert "uses" not in t and "keen_insight" not in str(r.view(s, None)["prompts"])
    ev += answer(r, s, "p1", type="choose", value="p3")
    used = [e["player"] for e in ev if e["type"] == "ability_used"]
    assert used == ["p3"]
    ev += settle(r, s, roll_sign=[2, -2])
    used = [e["player"] for e in ev if e["type"] == "ability_used"]
    assert used == ["p3", "p2"]
    mods = [e["amount"] for e in ev if e["type"] == "roll_modified"]
    assert mods == [2, -2]     # p3 first (+2), then p2 (-2)


def test_c094_afk_order_is_current_player_then_clockwise():
    """Checklist 94 (AFK default): the current player's default keeps the seat order."""
    r, s = fresh(rolls=[5])
    give(s, "p3", "observation:keen_insight:3:2")
    give(s, "p2", "observation:keen_insight:3:1")
    ev = run(r, s, ROLL)
    ev += answer(r, s, "p3", type="use", ability="card:observation:keen_insight:3:2")
    ev += answer(r, s, "p2", type="use", ability="card:observation:keen_insight:3:1")
    ev += pass_rest(r, s)
    ev += r.apply_in_place(s, {"player": "p1", "type": "default"})
    ev += settle(r, s)
    assert [e["player"] for e in ev if e["type"] == "ability_used"] == ["p2", "p3"]


def test_c071_mythos_discard_reshuffled_right_after_the_last_card_resolves():
    """Checklist 71. Seed l.1914: «Коли взята остання карта міту, після її розіграшу перетасуйте
    скид карт міту, щоб утворити нову колоду міту.» The new deck is there as soon as the last
    card is resolved (a peek at the mythos deck before the next draw sees it), the last card in it."""
    r, s = fresh()
    last = next(m.id for m in r.pack.mythos.mythos if not m.personal and m.id in s["mythos_deck"]
                and m.kind == "choice")
    s["mythos_deck"].remove(last)
    s["mythos_discard"] = list(s["mythos_deck"])
    s["mythos_deck"] = [last]
    answer(r, s, "p1", type="end_actions")
    ev = settle(r, s, stop=("action",))
    assert "mythos_reshuffled" in [e["type"] for e in ev]
    assert s["turn"]["player"] == "p2" and not s["mythos_discard"]
    assert last in s["mythos_deck"] and len(s["mythos_deck"]) == 70 - sum(len(v) for v in s["in_play"].values())


def test_c156_afk_reveal_keeps_the_hybrid():
    """Checklist 156, safe default. Seed l.1892: «Якщо гравець має карти лояльності «Гібрид» і
    «Культист», він перемагає за умовами карти «Гібрид».» An AFK revealer holding both reveals the
    Hybrid (the Cultist then goes to another player at step 3), never giving the Hybrid away."""
    from tests.engine.unfathomable.test_players import ready
    r, s = game(loyalty={"p1": ["cultist", "hybrid"], "p2": ["human"], "p3": ["human"], "p4": ["human"]})
    ready(r, s)
    answer(r, s, "p1", type="reveal")
    r.apply_in_place(s, {"player": "p1", "type": "default"})
    assert s["revealed"]["p1"] == "hybrid"
    settle(r, s, stop=("action",))
    assert s["loyalty"]["p1"] == ["hybrid"] and r.side_of(s, "p1") == "hybrid"


def test_afk_lose_chosen_resource_never_empties_a_low_dial():
    """Safe default. Seed l.1738: «Будь-який лічильник ресурсів досягає 0» ends the game (the
    traitors win). Unconventional Leader's «lose 1 of a resource of your choice» left to the
    AFK default takes it from the fullest dial, not from Fuel at 1."""
    r, s = fresh()
    s["resources"].update(fuel=1, food=5, sanity=7, souls=6)
    run(r, s, [{"lose_chosen_resource": {"amount": 1, "chooser": "self"}}])
    assert top(r, s)["options"][0] == {"type": "choose", "value": "sanity"}
    r.apply_in_place(s, {"player": "p1", "type": "default"})
    assert s["resources"] == {"fuel": 1, "food": 5, "sanity": 6, "souls": 6} and s["result"] is None
    run(r, s, [{"gain_chosen_resource": {"amount": 1, "chooser": "self"}}])
    r.apply_in_place(s, {"player": "p1", "type": "default"})
    assert s["resources"]["fuel"] == 2


def test_limits_do_not_grow_with_the_game():
    """Unbounded state: once-per-turn/check/roll keys (seed l.1569 «Один раз за хід») are dead
    once their turn ends; only once-per-game keys stay."""
    r, s = fresh()
    s["limits"] = ["turn0:p1:char:arjun", "check3:p2:card:x", "roll2:p1:item:y:0", "game:p3:feat:z"]
    answer(r, s, "p1", type="end_actions")
    settle(r, s, stop=("action",))
    assert s["turn"]["player"] == "p2" and s["limits"] == ["game:p3:feat:z"]


def test_skill_card_discarded_only_after_its_ability_resolved():
    """Seed l.1611: «Коли гравець використовує властивість «Дія» карти вміння, він скидає цю карту
    після розіграшу властивості.» (and l.2099). Persistence with the Will deck and discard empty:
    its own draw of one Will card finds none (l.2069-2071) — the Persistence being played is not
    yet in the discard, so it is not reshuffled and drawn back; it is discarded afterwards."""
    r, s = fresh()
    empty_hands(s)
    give(s, "p1", "will:persistence:1:2", "lore:shrivelling:2:3")
    for pile in (s["decks"]["will"], s["discards"]["will"]):
        s.setdefault("skills_removed", []).extend(pile)
        pile.clear()
    answer(r, s, "p1", type="use", ability="card:will:persistence:1:2")
    ev = settle(r, s, skill_type="will", stop=("action",))
    assert s["hands"]["p1"] == []
    assert s["discards"]["will"] == ["will:persistence:1:2"] and s["decks"]["will"] == []
    assert "lore:shrivelling:2:3" in s["discards"]["lore"]
