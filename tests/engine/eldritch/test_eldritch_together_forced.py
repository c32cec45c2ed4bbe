"""Effects that happen together (C6, seed 002 l.1572: «Якщо треба застосувати кілька ефектів
одночасно, порядок означає активний гравець.»): when every effect left is the same monster's
reckoning on the same space, the order cannot matter, so the bot makes it at once
(``EldritchRules.forced``) instead of showing the Lead identical buttons (nfe12: two Cultists of
Shub-Niggurath, each replaced by a Goat Spawn or a Dark Young at its reckoning)."""
import json

from eh_helpers import R, new, put_monster, quiet


def _reckoning(spaces):
    s = quiet(new({"ann": ["leo_anderson"]}, ao="shub_niggurath"))
    for sp in spaces:
        put_monster(s, "cultist", sp)
    R.together_groups(s, R.reckoning_groups(s, R.reckoning_frames(s, only_kind="monsters")))
    R.run(s, [])
    return s


def test_identical_monsters_on_one_space_are_ordered_at_once():
    s = _reckoning(["rome", "rome"])
    (prompt,) = R.prompts(s)
    assert prompt.get("about") == "order" and len(prompt["options"]) == 2
    forced = R.forced(s)
    assert forced == {"player": "ann", **prompt["options"][0], "prompt": prompt["id"], "auto": True}
    s, _ = R.apply(json.loads(json.dumps(s)), forced)
    assert all(p.get("about") != "order" for p in R.prompts(s))   # the other one follows unasked


def test_the_same_monster_on_two_spaces_is_still_the_leads_choice():
    s = _reckoning(["rome", "london"])
    (prompt,) = R.prompts(s)
    assert prompt.get("about") == "order"
    assert R.forced(s) is None


def test_a_hurt_monster_is_not_the_same_as_an_unhurt_one():
    s = _reckoning(["rome", "rome"])
    uid = next(u for u, m in s["monsters"]["board"].items() if m["kind"] == "cultist")
    s["monsters"]["board"][uid]["damage"] = 1
    assert R.forced(s) is None
