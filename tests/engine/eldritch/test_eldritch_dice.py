"""Tests and dice (F)."""
from eh_helpers import R, act, new, ok, prompt, quiet, run_fx, types

NORMAN = "norman_withers"   # lore 3, influence 1, observation 3, strength 2, will 4


def game():
    return quiet(new({"ann": [NORMAN]}))


def rolled(events):
    return next(e for e in events if e["type"] == "test_rolled")


def test_f1_pool_is_skill_modifier_improvement_bonus_and_extra_dice():
    """Checklist F1. Seed 002: «Дослідник бере стільки кубиків, скільки вказано біля символу
    відповідного вміння на листі дослідника.» / «Якщо дослідник має жетон поліпшення потрібного
    вміння, він додає його значення до загальної кількості кубиків.»"""
    s = game()
    s["inv"][NORMAN]["improve"]["lore"] = 1
    s, _ = run_fx(s, "[{gain_asset: {name: arcane_scholar}}]", NORMAN)   # +1 lore
    s["forced_dice"] = [1] * 10
    s2, ev = run_fx(s, "[{test: {skill: lore, modifier: -1}}]", NORMAN)
    assert len(rolled(ev)["dice"]) == 3 + 1 - 1 + 1
    s2, ev = run_fx(s, "[{test: {skill: lore, dice: 2}}]", NORMAN)   # additional dice stack
    assert len(rolled(ev)["dice"]) == 3 + 1 + 1 + 2


def test_f2_f13_only_the_largest_bonus_counts():
    """Checklist F2, F13. Seed 002: «Проходячи перевірку, дослідник може скористатися бонусом до
    вміння лише від однієї карти»."""
    s = game()
    s, _ = run_fx(s, "[{gain_asset: {name: revolver_38}}, {gain_asset: {name: automatic_45}}]", NORMAN)
    s["forced_dice"] = [1] * 10
    _, ev = run_fx(s, "[{test: {skill: strength}}]", NORMAN, combat=True)
    assert len(rolled(ev)["dice"]) == 2 + 3    # the .45's +3, not +5
    _, ev = run_fx(s, "[{test: {skill: strength}}]", NORMAN)
    assert len(rolled(ev)["dice"]) == 2        # weapons bonus only in combat


def test_f4_at_least_one_die():
    """Checklist F4. Seed 002: «Якщо дослідник повинен кинути менше ніж 1 кубик, він усе одно
    кидає 1 кубик.»"""
    s = game()
    s["forced_dice"] = [6]
    s2, ev = run_fx(s, "[{test: {skill: influence, modifier: -3, pass: [{gain_clues: {count: 1}}]}}]", NORMAN)
    assert len(rolled(ev)["dice"]) == 1 and len(s2["inv"][NORMAN]["clues"]) == 1


def test_f5_f6_f7_successes_on_five_and_six_and_result_text():
    """Checklist F5, F6, F7. Seed 002: «Якщо дослідник отримав принаймні один успіх («5» або «6»),
    він успішно пройшов перевірку.» A pass with no pass text does nothing."""
    s = game()
    s["forced_dice"] = [4, 4, 3]
    s2, ev = run_fx(s, "[{test: {skill: lore, pass: [{gain_clues: {count: 1}}], fail: [{lose: {sanity: 1}}]}}]",
                    NORMAN)
    res = next(e for e in ev if e["type"] == "test_result")
    assert res["successes"] == 0 and not res["passed"]
    assert s2["inv"][NORMAN]["sanity"] == s["inv"][NORMAN]["sanity"] - 1
    s["forced_dice"] = [5, 6, 1]
    s2, ev = run_fx(s, "[{test: {skill: lore}}]", NORMAN)
    assert next(e for e in ev if e["type"] == "test_result")["successes"] == 2
    assert s2["inv"][NORMAN]["sanity"] == s["inv"][NORMAN]["sanity"]   # nothing happens


def test_f5_blessed_succeeds_on_four():
    """Checklist F5 [F]: Blessed makes 4-6 successes, Cursed only 6."""
    s = game()
    s, _ = run_fx(s, "[{gain_condition: {name: blessed}}]", NORMAN)
    s["forced_dice"] = [4, 1, 1]
    _, ev = run_fx(s, "[{test: {skill: lore}}]", NORMAN)
    assert next(e for e in ev if e["type"] == "test_result")["successes"] == 1
    c = game()
    c, _ = run_fx(c, "[{gain_condition: {name: cursed}}]", NORMAN)
    c["forced_dice"] = [5, 5, 1]
    _, ev = run_fx(c, "[{test: {skill: lore}}]", NORMAN)
    assert next(e for e in ev if e["type"] == "test_result")["successes"] == 0


def test_f8_f9_f14_spend_a_clue_to_reroll_a_die_new_value_stands():
    """Checklist F8, F9, F14. Seed 002: «Відразу після кидка кубиків під час перевірки, дослідник
    може витратити один жетон доказу, щоб перекинути один кубик.» / «Якщо ви перекинули кубик,
    враховуйте останній отриманий результат, навіть якщо він гірший за попередній.»"""
    s = game()
    s["inv"][NORMAN]["clues"] = [s["clues"]["pool"].pop(), s["clues"]["pool"].pop()]
    s["forced_dice"] = [1, 2, 3]
    s, ev = run_fx(s, "[{test: {skill: lore, pass: [{improve: {skill: lore}}]}}]", NORMAN)
    p = prompt(s)
    assert p["kind"] == "roll" and p["options"][0] == {"type": "keep"}
    assert {"type": "reroll", "die": 0} in p["options"]
    s["forced_dice"] = [1]
    s, ev = act(s, "ann", "reroll", die=2)
    assert next(e for e in ev if e["type"] == "rerolled")["dice"] == [1, 2, 1]   # worse, but it stands
    assert len(s["inv"][NORMAN]["clues"]) == 1
    s["forced_dice"] = [6]
    s, ev = act(s, "ann", "reroll", die=0)
    assert s["inv"][NORMAN]["improve"]["lore"] == 1   # passed with the reroll
    ok(s)


def test_f10_reroll_abilities_each_once_per_test():
    """Checklist F10. Seed 002: «Якщо перекинути кубик дозволяють одночасно кілька ефектів,
    дослідник може застосувати кожен такий ефект окремо.»"""
    s = game()
    s, _ = run_fx(s, "[{gain_asset: {name: arcane_scholar}}]", NORMAN)
    s["forced_dice"] = [1, 1, 1, 1]
    s, ev = run_fx(s, "[{test: {skill: lore}}]", NORMAN)
    assert {"type": "reroll_with", "card": "arcane_scholar"} in prompt(s)["options"]
    s["forced_dice"] = [2]
    s, ev = act(s, "ann", "reroll_with", card="arcane_scholar")
    assert prompt(s) is None or {"type": "reroll_with", "card": "arcane_scholar"} not in prompt(s)["options"]


def test_f11_a_die_roll_is_not_a_test():
    """Checklist F11. Seed 002: «Зазвичай ефекти й жетони доказів дозволяють перекидати кубики лише
    під час перевірок.»"""
    s = game()
    s["inv"][NORMAN]["clues"] = [s["clues"]["pool"].pop()]
    s["forced_dice"] = [2]
    s2, ev = run_fx(s, "[{roll: {outcomes: [{min: 1, max: 3, effect: [{lose: {sanity: 1}}]}]}}]", NORMAN)
    assert "die_rolled" in types(ev) and "test_rolled" not in types(ev)
    assert s2["inv"][NORMAN]["sanity"] == s["inv"][NORMAN]["sanity"] - 1
    assert prompt(s2)["kind"] == "action"   # no reroll window


def test_f12_improve_twice_at_most():
    """Checklist F12. Seed 002: «Коли дослідник поліпшує вміння, то бере жетон поліпшення цього
    вміння і кладе на лист дослідника стороною «+1» догори.» A third improvement does nothing."""
    s = game()
    s, _ = run_fx(s, "[{improve: {skill: will}}, {improve: {skill: will}}, {improve: {skill: will}}]", NORMAN)
    assert s["inv"][NORMAN]["improve"]["will"] == 2
    ok(s)


def test_f1_f5_a_test_that_sells_dice_or_successes():
    """Checklist F1, F5 (data README `test.spend_for`): a test may let the tester pay before the roll
    for extra dice, or after it for extra successes, each a clue (or sanity, never the last)."""
    s = game()
    s["inv"][NORMAN]["clues"] = [s["clues"]["pool"].pop(), s["clues"]["pool"].pop()]
    s["forced_dice"] = [1] * 10
    s2, ev = run_fx(s, "[{test: {skill: influence, spend: clues, spend_for: success, pass_at: 2,"
                       " pass: [{improve: {skill: will}}]}}]", NORMAN)
    assert {"type": "buy_success"} in prompt(s2)["options"]
    s2, _ = act(s2, "ann", "buy_success")
    s2, _ = act(s2, "ann", "buy_success")
    assert s2["inv"][NORMAN]["improve"]["will"] == 1 and s2["inv"][NORMAN]["clues"] == []
    s3, ev = run_fx(s, "[{test: {skill: strength, spend: sanity, spend_for: die}}]", NORMAN)
    p = prompt(s3)
    assert p["about"] == "spend" and [o["value"] for o in p["options"]] == list(range(0, s["inv"][NORMAN]["sanity"]))
    s3, ev = act(s3, "ann", "choose", value=2)
    assert len(next(e for e in ev if e["type"] == "test_rolled")["dice"]) == 2 + 2
    assert s3["inv"][NORMAN]["sanity"] == s["inv"][NORMAN]["sanity"] - 2
