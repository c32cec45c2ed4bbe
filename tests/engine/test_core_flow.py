"""The shared resolution machinery (engine.core.flow) on a small game made for these tests.

Each frame kind is exercised on its own: a test pushes the frames it needs through
``setup["stack"]`` and answers the prompts. The game: every player holds items; the score
rises with each ``tick``; the game ends when the score reaches ``limit`` (checked by the core
after every primitive step).
"""
from __future__ import annotations

import json
import random

import pytest

from engine.core.errors import RuleError
from engine.core.events import event, is_public, only, visible_to
from engine.core.flow import (Accept, Auto, Choice, FlowRules, GroupDecision, Offer, ResponseWindow,
                              SecretRound, Simultaneous, frames)
from engine.core.rng import Rng
from engine.core import shapes


class Market(FlowRules):
    game_id = "market"
    FRAMES = frames(
        tick=Auto(),
        pick=Choice(default={"type": "pick", "n": 0}),
        trade=Offer(then="reply", field="item", carry=("note",)),
        reply=Accept(default={"type": "decline"}),
        window=ResponseWindow(who="target", pass_action={"type": "pass"}),
        vote=GroupDecision(),
        bid=Simultaneous(prompt_kind="bid", action="bid", field="amount", chosen_event="bid_made"),
        chip_in=SecretRound(action="chip_in"),
        drop=Choice(),
        count=Choice(),
    )
    PROMPT_KEYS = ("note",)

    def new_game(self, players, seed, options=None, setup=None):
        setup = setup or {}
        s = {"players": list(players), "rng": Rng.new_state(seed), "seq": 0, "stack": [], "result": None,
             "hands": {p: list(setup.get("hands", {}).get(p, [])) for p in players}, "score": 0,
             "limit": setup.get("limit", 100), "log": [], "pot": []}
        events = []
        for frame in reversed(setup.get("stack", [])):  # listed first = resolved first
            self.push(s, dict(frame))
        self.run(s, events)
        return s, events

    def _idle(self, s, events):  # nothing pending: the game waits for a pick by the first player
        self.push(s, {"k": "pick", "who": s["players"][0]})

    def check_end(self, s):
        return {"score": s["score"]} if s["score"] >= s["limit"] else None

    def game_over(self, s, events):
        events.append(event("game_over", **s["result"]))

    def _void(self, s, f, events):
        events.append(event("void", step=f["k"]))

    def view(self, s, player=None):
        return {"score": s["score"]}

    # --- hooks
    def _run_tick(self, s, f, events):
        s["score"] += f.get("by", 1)
        events.append(event("ticked", score=s["score"]))

    def _ask_pick(self, s, f):
        return {"player": f["who"], "options": [{"type": "pick", "n": n} for n in (0, 1, 2)]}

    def _answer_pick(self, s, f, action, events):
        s["log"].append(("pick", action["player"], action["n"]))
        for _ in range(action["n"]):
            self.push(s, {"k": "tick"})

    def _ask_trade(self, s, f):
        return {"options": [{"type": "offer", "item": i} for i in s["hands"][f["from"]]]}

    def _answer_trade(self, s, f, action, events):
        events.append(event("offered", **{"from": f["from"], "to": f["to"]}))

    def _ask_reply(self, s, f):
        return {"options": [{"type": "accept"}, {"type": "decline"}]}

    def _answer_reply(self, s, f, action, events):
        s["log"].append(("reply", action["type"], f["item"], f.get("note")))
        if action["type"] == "accept":
            s["hands"][f["from"]].remove(f["item"])
            s["hands"][f["to"]].append(f["item"])

    def _responses_window(self, s, f):
        return [{"type": "counter", "item": i} for i in s["hands"][f["target"]] if i.startswith("shield")]

    def _passed_window(self, s, f, events):
        s["log"].append(("passed", f["target"]))

    def _responded_window(self, s, f, action, events):
        s["log"].append(("countered", f["target"], action["item"]))

    def _ask_vote(self, s, f):
        return {"player": f["lead"], "advisers": s["players"],
                "options": [{"type": "vote", "choice": c} for c in ("wait", "go")]}

    def _answer_vote(self, s, f, action, events):
        s["log"].append(("vote", action["choice"]))

    def _done_bid(self, s, f, events):
        s["log"].append(("bids", dict(f["choices"])))

    def _offer_chip_in(self, s, f, player):
        return {"ids": s["hands"][player]}

    def _give_chip_in(self, s, f, player, items, events):
        for item in items:
            s["hands"][player].remove(item)

    def _done_chip_in(self, s, f, pool, events):
        s["pot"] = list(pool)

    def _ask_drop(self, s, f):
        return {"player": f["who"], "subset": {"ids": s["hands"][f["who"]], "min": f["min"], "max": f["max"],
                                               "action": {"type": "drop"}, "field": "items"}}

    def _answer_drop(self, s, f, action, events):
        s["log"].append(("drop", action["items"]))

    def _ask_count(self, s, f):
        return {"player": f["who"], "number": {"min": 1, "max": 6, "action": {"type": "count"}, "field": "value"}}

    def _answer_count(self, s, f, action, events):
        s["log"].append(("count", action["value"]))


RULES = Market()
PLAYERS = ["ann", "bob", "cid"]


def game(stack, **setup):
    return RULES.new_game(PLAYERS, 7, setup={"stack": stack, **setup})


def act(s, player, type_, **params):
    return RULES.apply(s, {"player": player, "type": type_, **params})


def refused(s, player, type_, code, **params):
    before = json.dumps(s, sort_keys=True)
    with pytest.raises(RuleError) as info:
        act(s, player, type_, **params)
    assert info.value.code == code and json.dumps(s, sort_keys=True) == before


# ---------------------------------------------------------------------------- the run loop

def test_automatic_frames_run_in_stack_order_until_a_decision():
    s, events = game([{"k": "tick"}, {"k": "tick", "by": 10}, {"k": "pick", "who": "bob"}])
    assert [e["score"] for e in events if e["type"] == "ticked"] == [1, 11]
    (p,) = RULES.prompts(s)
    assert (p["player"], p["kind"], p["shape"]) == ("bob", "pick", "one")
    assert s["stack"] == [{"k": "pick", "who": "bob", "id": p["id"]}]  # frames are plain data


def test_the_end_is_checked_after_every_primitive_step_and_stops_resolution():
    # three ticks would reach 3, the limit is 2: the third never runs and the pick is dropped
    s, events = game([{"k": "tick"}, {"k": "tick"}, {"k": "tick"}, {"k": "pick", "who": "bob"}], limit=2)
    assert s["result"] == {"score": 2} and s["score"] == 2 and s["stack"] == []
    assert [e["type"] for e in events] == ["ticked", "ticked", "game_over"]
    assert RULES.prompts(s) == [] and RULES.is_over(s)
    refused(s, "bob", "pick", "game_over", n=1)


def test_the_end_check_runs_between_the_frames_an_answer_pushes():
    s, _ = game([{"k": "pick", "who": "ann"}], limit=1)
    s, events = act(s, "ann", "pick", n=2)  # pushes two ticks; the first one ends the game
    assert s["score"] == 1 and s["result"] == {"score": 1}
    assert [e["type"] for e in events] == ["ticked", "game_over"]


def test_every_prompting_frame_gets_a_new_id_from_the_counter_and_a_stale_id_is_refused():
    s, _ = game([{"k": "pick", "who": "ann"}, {"k": "pick", "who": "ann"}])
    first = RULES.prompts(s)[0]["id"]
    assert s["seq"] == 2 and {f["id"] for f in s["stack"]} == {1, 2}  # ids are given at push
    s2, _ = act(s, "ann", "pick", n=0, prompt=first)
    second = RULES.prompts(s2)[0]["id"]
    assert second != first
    refused(s2, "ann", "pick", "stale_prompt", n=0, prompt=first)
    s3, _ = act(s2, "ann", "pick", n=0, prompt=second)
    assert RULES.prompts(s3)[0]["id"] == s3["seq"] == 3  # _idle pushed a new pick: the counter grows


def test_a_saved_state_resumes_exactly():
    s, _ = game([{"k": "bid", "options": {"ann": [1, 2], "bob": [3]}, "choices": {}}, {"k": "tick"}])
    s, _ = act(s, "ann", "bid", amount=2)
    saved = json.loads(json.dumps(s))
    a, ev_a = act(s, "bob", "bid", amount=3)
    b, ev_b = act(saved, "bob", "bid", amount=3)
    assert a == b and ev_a == ev_b


# ---------------------------------------------------------------------------- frame kinds

def test_choice_default_is_the_kinds_default():
    s, _ = game([{"k": "pick", "who": "ann"}])
    assert RULES.prompts(s)[0]["default"] == {"type": "pick", "n": 0}
    s, _ = act(s, "ann", "default")
    assert s["log"] == [("pick", "ann", 0)]


def test_offer_then_acceptance_holds_the_offer_hidden_in_the_frame():
    s, _ = game([{"k": "trade", "from": "ann", "to": "bob", "note": "first"}], hands={"ann": ["gem", "coin"]})
    (p,) = RULES.prompts(s)
    assert p["player"] == "ann" and p["kind"] == "trade" and p["note"] == "first"
    assert p["options"] == [{"type": "offer", "item": "gem"}, {"type": "offer", "item": "coin"}]
    refused(s, "bob", "accept", "illegal")  # nothing to accept yet
    s, events = act(s, "ann", "offer", item="coin")
    assert [e["type"] for e in events] == ["offered"] and "item" not in events[0]
    (q,) = RULES.prompts(s)
    assert q["player"] == "bob" and q["kind"] == "reply" and "item" not in q and q["note"] == "first"
    assert s["stack"][-1]["item"] == "coin"  # waits in the frame, shown to nobody
    declined, _ = act(s, "bob", "default")  # default: decline
    assert declined["log"] == [("reply", "decline", "coin", "first")] and declined["hands"]["ann"] == ["gem", "coin"]
    accepted, _ = act(s, "bob", "accept")
    assert accepted["hands"] == {"ann": ["gem"], "bob": ["coin"], "cid": []}


def test_an_offer_nobody_can_make_is_voided():
    s, events = game([{"k": "trade", "from": "ann", "to": "bob"}, {"k": "tick"}])
    assert [e["type"] for e in events] == ["void", "ticked"]


def test_response_window_is_asked_even_without_a_response_and_defaults_to_pass():
    s, _ = game([{"k": "window", "target": "bob"}], hands={"bob": ["coin"]})
    (p,) = RULES.prompts(s)
    assert p["player"] == "bob" and p["options"] == [{"type": "pass"}] and p["default"] == {"type": "pass"}
    s2, _ = act(s, "bob", "default")
    assert s2["log"] == [("passed", "bob")]
    s, _ = game([{"k": "window", "target": "bob"}], hands={"bob": ["shield", "coin"]})
    assert RULES.prompts(s)[0]["options"] == [{"type": "pass"}, {"type": "counter", "item": "shield"}]
    s, _ = act(s, "bob", "counter", item="shield")
    assert s["log"] == [("countered", "bob", "shield")]


def test_group_decision_has_one_decider_and_the_others_see_the_question():
    s, _ = game([{"k": "vote", "lead": "cid"}])
    (p,) = RULES.prompts(s)
    assert p["player"] == "cid" and p["advisers"] == ["ann", "bob"]
    assert RULES.questions_for(s, "ann") == [p] and RULES.questions_for(s, "cid") == []
    assert RULES.prompts_for(s, "ann") == []  # advisers see it, only the decider answers
    refused(s, "ann", "vote", "illegal", choice="go")
    s, _ = act(s, "cid", "default")  # default: the first option
    assert s["log"] == [("vote", "wait")]


def test_simultaneous_round_answers_stay_hidden_until_all_are_in():
    s, _ = game([{"k": "bid", "options": {"ann": [1, 2], "bob": [5], "cid": [3, 4]}, "choices": {}}])
    assert sorted(p["player"] for p in RULES.prompts(s)) == ["ann", "bob", "cid"]
    ids = {p["id"] for p in RULES.prompts(s)}
    assert len(ids) == 1  # one decision, asked of everyone at once
    s, ev1 = act(s, "cid", "bid", amount=4)  # any order
    s, ev2 = act(s, "ann", "bid", amount=1)
    assert [e for e in ev1 + ev2] == [event("bid_made", player="cid"), event("bid_made", player="ann")]
    refused(s, "ann", "bid", "illegal", amount=2)  # one answer each
    assert [p["player"] for p in RULES.prompts(s)] == ["bob"]
    s, _ = act(s, "bob", "default")  # default: a random legal option (here the only one)
    assert s["log"] == [("bids", {"cid": 4, "ann": 1, "bob": 5})]


def test_simultaneous_default_is_drawn_from_the_games_generator():
    s, _ = game([{"k": "bid", "options": {"ann": [1, 2, 3, 4, 5, 6]}, "choices": {}}])
    picks = {act(dict(s, rng={"seed": seed, "counter": 0}), "ann", "default")[0]["log"][0][1]["ann"]
             for seed in range(40)}
    assert len(picks) > 3
    again = [act(s, "ann", "default")[0]["log"] for _ in range(3)]
    assert again[0] == again[1] == again[2]  # same state, same default


def test_secret_round_shows_only_counts_then_reveals_all_shuffled_without_names():
    hands = {"ann": ["a1", "a2"], "bob": [], "cid": ["c1", "c2", "c3"]}
    s, _ = game([{"k": "chip_in", "order": ["cid", "bob", "ann"], "i": 0, "given": {}}], hands=hands)
    (p,) = RULES.prompts(s)
    assert (p["player"], p["shape"]) == ("cid", "subset")
    assert p["subset"] == {"ids": ["c1", "c2", "c3"], "min": 0, "max": 3, "action": {"type": "chip_in"},
                           "field": "cards"}
    refused(s, "ann", "chip_in", "illegal", cards=["a1"])  # the order is fixed
    first_id = p["id"]
    s, events = act(s, "cid", "chip_in", cards=["c3", "c1"])
    public = [e for e in events if is_public(e)]
    assert public == [event("added", player="cid", count=2)]
    private = [e for e in events if not is_public(e)]
    assert private == [event("you_added", only("cid"), player="cid", cards=["c1", "c3"])]
    # bob holds nothing, yet is asked like anyone (passing him over at once would tell the table)
    (b,) = RULES.prompts(s)
    assert b["player"] == "bob" and b["subset"]["ids"] == [] and b["subset"]["max"] == 0
    refused(s, "bob", "chip_in", "illegal", cards=["a1"])
    s, events = act(s, "bob", "chip_in", cards=[])
    assert [e for e in events if is_public(e)] == [event("added", player="bob", count=0)]
    (q,) = RULES.prompts(s)
    assert q["player"] == "ann" and q["id"] > first_id and q["default"] == {"type": "chip_in", "cards": []}
    assert s["hands"]["cid"] == ["c2"]  # taken out of the hand at once (face down)
    s, events = act(s, "ann", "chip_in", cards=["a2"])
    (reveal,) = [e for e in events if e["type"] == "contributions_revealed"]
    assert is_public(reveal) and reveal["reveal"] and sorted(reveal["cards"]) == ["a2", "c1", "c3"]
    assert "player" not in reveal and "by" not in reveal
    assert sorted(s["pot"]) == ["a2", "c1", "c3"] and s["stack"][-1]["k"] == "pick"


def test_secret_round_default_adds_nothing_and_the_reveal_is_shuffled_by_the_seed():
    hands = {"ann": ["a1", "a2"], "bob": ["b1", "b2"], "cid": ["c1", "c2"]}
    orders = set()
    for seed in range(12):
        s, _ = RULES.new_game(PLAYERS, seed, setup={"hands": hands, "stack": [
            {"k": "chip_in", "order": PLAYERS, "i": 0, "given": {}}]})
        s, _ = act(s, "ann", "default")
        assert s["hands"]["ann"] == ["a1", "a2"]
        s, _ = act(s, "bob", "chip_in", cards=["b1", "b2"])
        s, _ = act(s, "cid", "chip_in", cards=["c1", "c2"])
        orders.add(tuple(s["pot"]))
    assert len(orders) > 1  # the reveal order says nothing about who gave what


def test_secret_round_contributions_are_seen_by_their_owner_only():
    hands = {"ann": ["a1"], "bob": ["b1"], "cid": []}
    s, _ = game([{"k": "chip_in", "order": PLAYERS, "i": 0, "given": {}}], hands=hands)
    s, events = act(s, "ann", "chip_in", cards=["a1"])
    for e in events:
        if "cards" in e:
            assert not visible_to(e, "bob") and not visible_to(e, None) and visible_to(e, "ann")


# ---------------------------------------------------------------------------- shapes

HAND12 = ["axe", "axe", "bell", "coin", "coin", "coin", "dart", "egg", "fig", "gem", "hat", "ink"]


def test_a_subset_answer_is_a_sub_multiset_in_any_order_stored_sorted():
    s, _ = game([{"k": "drop", "who": "ann", "min": 2, "max": 3}], hands={"ann": HAND12})
    (p,) = RULES.prompts(s)
    assert p["shape"] == "subset" and p["subset"]["ids"] == HAND12
    done, _ = act(s, "ann", "drop", items=["coin", "axe", "coin"])  # two copies of one id
    assert done["log"] == [("drop", ["axe", "coin", "coin"])]
    refused(s, "ann", "drop", "illegal", items=["axe", "axe", "axe"])   # only two axes
    refused(s, "ann", "drop", "illegal", items=["coin"])                # below min
    refused(s, "ann", "drop", "illegal", items=["coin", "egg", "fig", "gem"])  # above max
    refused(s, "ann", "drop", "illegal", items=["coin", "zebra"])       # not in ids
    refused(s, "ann", "drop", "illegal", items="coin")                  # not a list
    refused(s, "ann", "drop", "illegal", items=["coin", "egg"], extra=1)  # not the template
    refused(s, "ann", "drop", "illegal", items=[["coin"], "egg"])       # unhashable


def test_subsets_are_never_enumerated_legal_actions_list_one_pattern():
    s, _ = game([{"k": "drop", "who": "ann", "min": 0, "max": 12}], hands={"ann": HAND12})
    (pattern,) = RULES.legal_actions(s, "ann")
    assert pattern == {"player": "ann", "type": "drop", "shape": "subset",
                       "subset": {"ids": HAND12, "min": 0, "max": 12, "field": "items"}}
    refused(s, "ann", "drop", "illegal", shape="subset", subset=pattern["subset"])  # not an action
    (p,) = RULES.prompts(s)
    assert 0 < len(p["options"]) <= shapes.PREVIEW  # a preview for clients that read only options
    for option in p["options"]:
        RULES.apply(s, {"player": "ann", **option})
    rng = random.Random(3)
    for _ in range(30):  # a pattern samples to legal answers
        RULES.apply(s, shapes.sample(pattern, rng))


def test_subset_default_is_the_minimum_in_the_games_order_not_random():
    s, _ = game([{"k": "drop", "who": "ann", "min": 2, "max": 5}], hands={"ann": ["fig", "axe", "egg"]})
    assert RULES.prompts(s)[0]["default"] == {"type": "drop", "items": ["axe", "fig"]}
    for seed in range(5):
        done, _ = act(dict(s, rng={"seed": seed, "counter": 0}), "ann", "default")
        assert done["log"] == [("drop", ["axe", "fig"])]


def test_a_subset_with_too_few_ids_is_voided():
    s, events = game([{"k": "drop", "who": "ann", "min": 2, "max": 2}, {"k": "tick"}], hands={"ann": ["axe"]})
    assert [e["type"] for e in events] == ["void", "ticked"]


def test_a_number_answer_is_a_whole_number_in_range():
    s, _ = game([{"k": "count", "who": "bob"}])
    (p,) = RULES.prompts(s)
    assert p["shape"] == "number" and p["number"]["min"] == 1 and p["number"]["max"] == 6
    assert p["default"] == {"type": "count", "value": 1}
    for bad in (0, 7, 2.5, True, "3"):
        refused(s, "bob", "count", "illegal", value=bad)
    done, _ = act(s, "bob", "count", value=6)
    assert done["log"] == [("count", 6)]
    (pattern,) = RULES.legal_actions(s, "bob")
    assert pattern["shape"] == "number" and "value" not in pattern
    done, _ = act(s, "bob", "default")
    assert done["log"] == [("count", 1)]


def test_route_splits_public_and_each_players_private_part_including_except():
    """One router: an {"except": [...]} event reaches everyone else privately, never the channel."""
    from engine.core.events import event, everyone_except, only, route
    events = [event("a"), event("b", only("p1")), event("c", everyone_except("p1")), event("d", only("p2", "p3"))]
    public, private = route(events, ["p1", "p2", "p3"])
    assert [e["type"] for e in public] == ["a"]
    assert {p: [e["type"] for e in evs] for p, evs in private.items()} == {"p1": ["b"], "p2": ["c", "d"],
                                                                         "p3": ["c", "d"]}


def test_a_subset_preview_makes_each_distinct_answer_once_in_order():
    """Repeated ids give each sub-multiset once, smallest first (never walking every combination:
    28 identical ids, choose 12, is one answer)."""
    from engine.core import shapes
    spec = {"ids": ["b", "a", "a", "c"], "min": 1, "max": 2, "action": {"type": "x"}, "field": "f"}
    assert [a["f"] for a in shapes.preview("subset", spec)] == [["a"], ["b"], ["c"], ["a", "a"], ["a", "b"],
                                                                ["a", "c"], ["b", "c"]]
    many = {"ids": ["r"] * 28, "min": 12, "max": 12, "action": {"type": "x"}, "field": "f"}
    assert shapes.preview("subset", many) == [{"type": "x", "f": ["r"] * 12}]
