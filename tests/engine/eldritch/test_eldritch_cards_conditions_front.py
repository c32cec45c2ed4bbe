"""Every condition front (checklist I8, I14): its reckoning, rest, passive and local action, with
forced dice; the backs are test_eldritch_cards_conditions.py.

Seed 002: a condition's front says when it is turned over (usually a test or a roll in the
Reckoning); madness and injuries may be shed on a Rest with a 5-6.
"""
import pytest

from eh_cards import INV, OTHER, answer, fx, give, hurt, rest, results, table, use
from eh_helpers import R, act, options

CONDITIONS = sorted(R.C.conditions)


def holding(name, two=False):
    s = table(two=two)
    give(s, name)
    assert R.holds(s, INV, name)
    return s


def reckon(s, name, faces):
    return fx(s, f"[{{resolve_reckonings: {{of: conditions, who: self, name: {name}}}}}]", faces=faces)


def flipped(ev, name):
    return any(e["type"] == "card_flipped" and e["card"] == name for e in ev)


def timings(name):
    return {ab["timing"] for ab in R.C.conditions[name]["front"]}


def check_rest(name):
    s = hurt(holding(name))
    s2, ev = rest(s, faces=[5])
    assert not R.holds(s2, INV, name), "a 5 on Rest sheds it"
    s3, ev = rest(s, faces=[4])
    assert R.holds(s3, INV, name), "a 4 does not"


def check_test_reckoning(name):
    s = holding(name)
    _, ev = reckon(s, name, [1] * 12)
    assert results(ev) and flipped(ev, name), "a failed reckoning test turns it over"
    s2, ev = reckon(s, name, [6] * 12)
    assert results(ev)[0]["passed"] and not flipped(ev, name) and R.holds(s2, INV, name)


def check_roll_flip(name):
    s = holding(name)
    _, ev = reckon(s, name, [1])
    assert flipped(ev, name), "a 1 in the Reckoning turns it over"
    s2, ev = reckon(s, name, [2])
    assert not flipped(ev, name) and R.holds(s2, INV, name)


def madness_or_injury(name):
    check_rest(name)
    check_test_reckoning(name)


def t_blessed():
    s = holding("blessed")
    s["inv"][INV]["skills"]["lore"] = 1
    _, ev = fx(s, "[{test: {skill: lore}}]", faces=[4])
    assert results(ev)[0]["passed"], "Blessed: a 4 is a success"
    s2, ev = reckon(s, "blessed", [2])
    assert not R.holds(s2, INV, "blessed"), "discarded on a 1-2"
    s3, ev = reckon(s, "blessed", [3])
    assert R.holds(s3, INV, "blessed")


def t_cursed():
    s = holding("cursed")
    s["inv"][INV]["skills"]["lore"] = 1
    _, ev = fx(s, "[{test: {skill: lore}}]", faces=[5])
    assert not results(ev)[0]["passed"], "Cursed: only a 6 succeeds"
    _, ev = fx(s, "[{test: {skill: lore}}]", faces=[6])
    assert results(ev)[0]["passed"]
    s2, ev = reckon(s, "cursed", [4])
    assert not R.holds(s2, INV, "cursed"), "discarded on a 4-6"
    s3, ev = reckon(s, "cursed", [3])
    assert R.holds(s3, INV, "cursed")


def t_dark_pact():
    check_roll_flip("dark_pact")


def local(s, name, faces, player="ann", owner=INV):
    s = dict(s)
    s["forced_dice"] = list(faces)
    s, ev = act(s, player, "local", card=name, owner=owner)
    s, more = answer(s)
    return s, ev + more


def t_debt():
    check_roll_flip("debt")
    s = holding("debt")
    s2, ev = local(s, "debt", [6] * 9)
    assert not R.holds(s2, INV, "debt"), "an Influence success pays it off"
    s3, ev = local(s, "debt", [1] * 9)
    assert R.holds(s3, INV, "debt")


def t_detained():
    s = holding("detained")
    kinds = {o["type"] for o in options(s)}
    assert kinds == {"end_actions", "local"}, "no action but this card's (no move, no rest...)"
    s2, ev = local(s, "detained", [6] * 9)
    assert not R.holds(s2, INV, "detained")
    s3, ev = local(s, "detained", [1] * 9)
    assert R.holds(s3, INV, "detained")
    # instead of an encounter it is turned over
    s4, ev = act(s3, "ann", "end_actions")
    s4, more = answer(s4, until="encounter", stop=lambda s, p: s["phase"] != "encounter")
    ev += more
    assert flipped(ev, "detained")


SPECIFIC = {name[2:]: f for name, f in dict(globals()).items() if name.startswith("t_")}
for _name in CONDITIONS:
    if _name not in SPECIFIC and {"rest", "reckoning"} <= timings(_name):
        SPECIFIC[_name] = (lambda n: lambda: madness_or_injury(n))(_name)


def test_every_condition_front_is_covered():
    assert sorted(SPECIFIC) == CONDITIONS


@pytest.mark.parametrize("name", CONDITIONS)
def test_condition_front(name):
    SPECIFIC[name]()
