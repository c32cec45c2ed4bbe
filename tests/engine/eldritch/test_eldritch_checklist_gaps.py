"""Checklist items no other test named yet: one test each, the seed sentence quoted (seed 002 line
numbers in brackets are pointers)."""
import pytest

from engine.eldritch.content import build_mythos_deck, mythos_deck_counts
from engine.core.rng import Rng
from eh_helpers import (R, act, mythos, new, ok, options, prompt, put_clue, put_gate, put_monster, quiet, refused,
                        run_fx, settle, to_encounters, to_new_investigator, types)

NORMAN, LEO, TRISH = "norman_withers", "leo_anderson", "trish_scarborough"


# ---------------------------------------------------------------- A. setup

def test_a5_tokens_other_than_clues_gates_monsters_are_unlimited():
    """Checklist A5, J10 (232, 1296). Seed 002: «Усі інші жетони, крім доказів, воріт і монстрів,
    завжди доступні.» — improvement, ticket and Eldritch tokens never run out."""
    invs = ["norman_withers", "leo_anderson", "trish_scarborough", "jim_culver",
            "lily_chen", "silas_marsh", "mark_harrigan", "diana_stanley"]
    s = quiet(new({f"p{k}": [i] for k, i in enumerate(invs)}))
    for i in invs:   # 8 investigators x 5 skills x +2: far more than any printed supply
        for sk in ("lore", "influence", "observation", "strength", "will"):
            s, _ = run_fx(s, f"[{{improve: {{skill: {sk}, times: 2}}}}]", i)
        s, _ = run_fx(s, "[{gain_ticket: {kind: train}}, {gain_ticket: {kind: ship}}]", i)
    assert all(v == 2 for i in invs for v in s["inv"][i]["improve"].values())
    assert all(s["inv"][i]["tickets"] == {"train": 1, "ship": 1} for i in invs)
    for sp in R.C.space_ids:   # an Eldritch token on every one of the 36 spaces
        s, _ = run_fx(s, f"[{{place_eldritch: {{where: place, at: {sp}}}}}]", NORMAN)
    assert len(s["eldritch_board"]) == 36
    ok(s)


def test_a12_all_expedition_cards_form_one_deck():
    """Checklist A12 (282, 1103). Seed 002: «Затасуйте в одну колоду всі карти експедиційних
    зустрічей (незалежно від їхнього звороту).»"""
    s = new()
    deck = s["decks"]["expedition"]["draw"]
    sites = {R.C.decks["expedition"]["cards"][c]["location"] for c in deck}
    assert len(deck) == 18 and len(sites) == 6     # one deck, all six backs mixed
    assert [k for k in s["decks"] if k.startswith("expedition")] == ["expedition"]
    assert s["expedition"] == R.C.decks["expedition"]["cards"][deck[0]]["location"]
    other = new(seed=5)
    assert other["decks"]["expedition"]["draw"] != deck      # shuffled together, not by site


def test_a13_spell_and_condition_decks_are_separate_and_face_up():
    """Checklist A13 (283, 1032). Seed 002: «Затасуйте карти заклинань і станів у дві окремі колоди.
    Покладіть ці колоди горілиць, щоб було видно назву й ілюстрацію верхньої карти.»"""
    s = new()
    spells, conds = s["decks"]["spells"]["draw"], s["decks"]["conditions"]["draw"]
    assert all(R.C.back_of[b][1] == "spell" for b in spells)
    assert all(R.C.back_of[b][1] == "condition" for b in conds)
    view = R.view(s, None)
    assert view["spell_top"] == R.card_id(spells[0]) and view["condition_top"] == R.card_id(conds[0])
    assert spells[0] != R.card_id(spells[0]) and spells[0] not in str(view)   # the back id stays hidden


# ---------------------------------------------------------------- B. mythos deck

def _stages(ao):
    table = mythos_deck_counts(R.pack, ao)
    return [sum(table[st].values()) for st in ("stage_1", "stage_2", "stage_3")], table


def test_b2_stage_one_is_the_table_count_shuffled_unseen():
    """Checklist B2 (337). Seed 002: «Створіть колоду міту для першого етапу: візьміть будь-які карти
    відповідних кольорів у потрібній кількості (указано на листі Стародавнього) і перетасуйте, не
    дивлячись на лице карт.»"""
    (n1, _, _), table = _stages("azathoth")
    orders = set()
    for seed in range(1, 9):
        deck = build_mythos_deck(R.pack, "azathoth", Rng(Rng.new_state(seed)))
        first = deck[:n1]
        colours = [R.C.mythos[c]["colour"] for c in first]
        assert {c: colours.count(c) for c in set(colours)} == {c: n for c, n in table["stage_1"].items() if n}
        orders.add(tuple(colours))
    assert len(orders) > 1     # colours of stage I come mixed, not in sorted piles


def test_b3_stage_two_lies_under_stage_one_and_three_under_two():
    """Checklist B3 (338-339). Seed 002: «Так само створіть колоду для другого етапу і покладіть її
    **під** колоду першого етапу.» / «Створіть колоду для третього етапу й покладіть її **під**
    колоду другого етапу.»"""
    (n1, n2, n3), table = _stages("cthulhu")   # Cthulhu: stage I has no green, stage III no blue
    s = new(ao="cthulhu")
    deck = s["mythos"]["deck"]
    assert len(deck) == n1 + n2 + n3
    assert not any(R.C.mythos[c]["colour"] == "green" for c in deck[:n1])
    assert sum(R.C.mythos[c]["colour"] == "green" for c in deck[n1 + n2:]) == table["stage_3"]["green"]
    assert not any(R.C.mythos[c]["colour"] == "blue" for c in deck[n1 + n2:])


def test_b4_the_deck_is_never_shuffled_and_the_rest_is_boxed_unseen():
    """Checklist B4 (340, 1481). Seed 002: «**Не тасуючи колоду**, покладіть її біля листа
    Стародавнього. Поверніть решту карт міту в коробку, не дивлячись на лице карт.»"""
    s = quiet(new({"ann": [NORMAN]}))
    deck = list(s["mythos"]["deck"])
    assert sorted(s["mythos"]["box"] + deck) == sorted(R.C.mythos)
    view = R.view(s, None)
    assert not set(s["mythos"]["box"]) & set(str(view).replace("'", " ").split())   # boxed: unseen
    s = to_encounters(s)
    s = settle(s)       # one whole round: one card drawn from the top, the rest untouched
    if s["result"] is None:
        assert s["mythos"]["deck"] == deck[1:]


def test_b6_the_mythos_discard_is_never_reshuffled():
    """Checklist B6 (1261, 1300, 1537). Seed 002: «Скид карт міту ніколи не перетасовують, щоб
    створити нову колоду.»"""
    s = quiet(new({"ann": [NORMAN]}))
    s["mythos"]["discard"] = s["mythos"]["deck"]
    s["mythos"]["deck"] = []
    discard = list(s["mythos"]["discard"])
    s = to_encounters(s)
    s = settle(s)
    assert s["mythos"]["discard"] == discard and s["mythos"]["deck"] == []
    assert s["result"] == {"winner": "ancient_one", "reason": "mythos_deck_empty"}


# ---------------------------------------------------------------- C. round, Lead, golden rules

def test_c6_the_active_player_orders_simultaneous_effects():
    """Checklist C6 (1572), K3 (1516-1522). Seed 002: «Якщо треба застосувати кілька ефектів
    одночасно, порядок означає активний гравець.» / «Усі дослідники, починаючи з головного й далі за
    годинниковою стрілкою, застосовують ефекти ☞ на всіх своїх картах майна та станів у довільному
    порядку.» — Norman's two reckonings: his player picks the order; the default keeps the printed
    order. Blessed goes on a 1-2, Debt flips on a 1: dice 2 then 6 tell which rolled first."""
    s = quiet(new({"ann": [NORMAN]}))
    s, _ = run_fx(s, "[{gain_condition: {name: blessed}}, {gain_condition: {name: debt}}]", NORMAN)
    s["forced_dice"] = [2, 6]
    s, ev = run_fx(s, "[{resolve_reckonings: {of: conditions}}]", NORMAN)
    p = prompt(s)
    assert p["player"] == "ann" and p["kind"] == "choose" and p["about"] == "order"
    assert [o["value"] for o in p["options"]] == ["blessed", "debt"]     # printed order first: the default
    assert "die_rolled" not in types(ev)                                  # nothing resolved before the order
    printed, _ = act(s, "ann", "default")
    assert not R.holds(printed, NORMAN, "blessed") and R.holds(printed, NORMAN, "debt")   # Blessed rolled the 2
    chosen, ev = act(s, "ann", "choose", value="debt")
    assert R.holds(chosen, NORMAN, "blessed") and R.holds(chosen, NORMAN, "debt")        # Debt rolled the 2
    assert [e["face"] for e in ev if e["type"] == "die_rolled"] == [2, 6]
    assert prompt(chosen) is None or prompt(chosen).get("about") != "order"   # the last one needs no order
    # one effect alone: nothing to order
    one = quiet(new({"ann": [NORMAN]}))
    one, _ = run_fx(one, "[{gain_condition: {name: blessed}}]", NORMAN)
    one["forced_dice"] = [6]
    one, ev = run_fx(one, "[{resolve_reckonings: {of: conditions}}]", NORMAN)
    assert "die_rolled" in types(ev) and (prompt(one) is None or prompt(one).get("about") != "order")
    # two investigators: each orders his own cards, the Lead first (K3)
    two = quiet(new({"ann": [NORMAN], "bob": [LEO]}))
    for inv in (NORMAN, LEO):
        two, _ = run_fx(two, "[{gain_condition: {name: blessed}}, {gain_condition: {name: debt}}]", inv)
    two["forced_dice"] = [6] * 4
    two, _ = run_fx(two, "[{resolve_reckonings: {of: conditions}}]", NORMAN)
    assert prompt(two)["player"] == "ann" and prompt(two)["inv"] == NORMAN
    two, ev = act(two, "ann", "default")
    assert prompt(two)["player"] == "bob" and prompt(two)["about"] == "order"
    ok(two)


def test_c6_the_lead_orders_several_monster_reckonings():
    """Checklist C6 (1572), C5 (1083): «Під час фази міту активний дослідник — це завжди головний
    дослідник.» — two monsters with a reckoning: the Lead's player picks which resolves first."""
    s = quiet(new({"ann": [NORMAN], "bob": [LEO]}, lead="bob"))
    kinds = [k for k, m in R.C.monsters.items() if m.get("reckoning") and not m["epic"] and not m["cultist"]
             and k not in R.C.ancient_ones["azathoth"]["set_aside"]["monsters"]]
    a = put_monster(s, kinds[0], "rome")
    b = put_monster(s, kinds[1], "tokyo")
    s["phase"] = "mythos"
    s, _ = run_fx(s, "[{resolve_reckonings: {of: monsters}}]", LEO)
    p = prompt(s)
    assert p["player"] == "bob" and p["about"] == "order"
    assert [o["value"] for o in p["options"]] == [f"{kinds[0]}:{a}", f"{kinds[1]}:{b}"]


def test_c7_cannot_move_is_absolute():
    """Checklist C7 (930-936, 1574-1575). Seed 002: «Якщо карта щось забороняє, ця заборона
    незаперечна. Наприклад, у тексті стану «Ув'язнений» вказано: «Ви **не можете** переміщуватися».
    Це означає, що дослідник не може переміщуватися ні сам, ані внаслідок ефекту або дії.»"""
    s = quiet(new({"ann": [NORMAN], "bob": [LEO]}))
    here = s["inv"][NORMAN]["space"]
    s, _ = run_fx(s, "[{gain_condition: {name: detained}}]", NORMAN)
    assert not [o for o in options(s) if o["type"] == "travel"]        # not by himself
    s2, _ = run_fx(s, "[{move: {to: rome}}]", NORMAN)                  # nor by an effect
    assert s2["inv"][NORMAN]["space"] == here
    s3, _ = run_fx(s, "[{move: {to: rome, direct: true}}]", NORMAN)
    assert s3["inv"][NORMAN]["space"] == here
    free, _ = run_fx(quiet(new({"ann": [NORMAN], "bob": [LEO]})), "[{move: {to: rome}}]", NORMAN)
    assert free["inv"][NORMAN]["space"] == "rome"                      # the same effect moves anyone else


# ---------------------------------------------------------------- D. actions

def test_d3_an_action_is_finished_before_the_next_starts():
    """Checklist D3 (1060). Seed 002: «Дослідник повинен повністю завершити поточну дію, перш ніж
    починати наступну. Наприклад, він не може перервати подорож, щоб виконати обмін, а потім
    продовжити переміщення.»"""
    s = quiet(new({"ann": [NORMAN], "bob": [LEO]}))
    s["inv"][LEO]["space"] = "london"
    s["inv"][NORMAN]["tickets"] = {"train": 0, "ship": 1}
    s, _ = act(s, "ann", "travel", to="london")
    p = prompt(s)
    assert p["kind"] == "travel_more" and {o["type"] for o in p["options"]} == {"stop", "ride"}
    refused(s, "ann", "trade", **{"with": LEO})          # no trade in the middle of the Travel
    s, _ = act(s, "ann", "stop")
    assert prompt(s)["kind"] == "action"
    assert {"type": "trade", "with": LEO} in options(s)   # the Travel is over: now he may trade


def test_d25_defeated_during_an_action_stops_it():
    """Checklist D25, H8 (1423). Seed 002: «Якщо дослідника перемогли під час зустрічі або виконання
    дії, він відразу припиняє розігрувати цю зустріч або виконувати цю дію.» — Mark Harrigan loses his
    last health paying for his action: the monster takes no damage."""
    mark = "mark_harrigan"
    s = quiet(new({"ann": [mark], "bob": [LEO]}))
    uid = put_monster(s, "zombie", s["inv"][mark]["space"])
    s["inv"][mark]["health"] = 1
    s, ev = act(s, "ann", "component", card=mark)
    assert s["inv"][mark]["status"] == "defeated"
    assert s["monsters"]["board"][uid]["damage"] == 0
    assert prompt(s)["inv"] == LEO                       # his second action is gone too
    ok(s)


# ---------------------------------------------------------------- E. encounters

def test_e12_eldritch_tokens_allow_an_encounter_only_when_their_component_says_so():
    """Checklist E12, J18 (1121-1125). Seed 002: «Жетон Стародавнього дозволяє досліднику розіграти
    зустріч, лише якщо це вказано на компоненті, який указав викласти на ігрове поле цей жетон.»"""
    s = quiet(new({"ann": [NORMAN]}, setup={"mystery": "occult_research"}))
    here = s["inv"][NORMAN]["space"]
    s["eldritch_board"][here] = 1
    s = to_encounters(s)
    assert not [o for o in options(s) if o.get("what") == "mystery"]    # Occult Research offers none
    t = quiet(new({"ann": [NORMAN]}, setup={"mystery": "the_true_name"}))
    t["eldritch_board"] = {here: 1}
    t = to_encounters(t)
    assert {"type": "encounter", "what": "mystery", "card": "the_true_name"} in options(t)


def test_e13_special_encounters_only_as_the_sheet_or_mystery_directs():
    """Checklist E13 (1321-1327). Seed 002: «На листі Стародавнього або на карті таємниці вказано, як
    саме розігрувати особливу зустріч.» — R'lyeh Risen's deck is used only through its mystery."""
    s = quiet(new({"ann": [NORMAN]}, ao="cthulhu", setup={"mystery": "the_deep_ones_attack"}))
    s["mystery_token"] = s["inv"][NORMAN]["space"]
    s = to_encounters(s)
    assert all(o.get("deck") != "rlyeh_risen" and o.get("what") != "mystery" for o in options(s))
    t = quiet(new({"ann": [NORMAN]}, ao="cthulhu", setup={"mystery": "rlyeh_risen"}))
    t["inv"][NORMAN]["space"] = t["mystery_token"]
    t = to_encounters(t)
    assert {"type": "encounter", "what": "mystery", "card": "rlyeh_risen"} in options(t)
    top = t["decks"]["rlyeh_risen"]["draw"][0]
    t, ev = act(t, "ann", "encounter", what="mystery", card="rlyeh_risen")
    assert any(e["type"] == "encounter" and e.get("deck") == "rlyeh_risen" and e["card"] == top for e in ev)


# ---------------------------------------------------------------- F. tests

def test_f3_additional_dice_are_declared_before_the_roll():
    """Checklist F3, O8 (1630-1632). Seed 002: «Ні. Усі додаткові кубики беруть до моменту кидка.» —
    Lola offers her die before the roll; once the dice are rolled no die can be added."""
    lola = "lola_hayes"
    s = settle(quiet(new({"ann": [NORMAN], "bob": [lola]})))
    s["inv"][lola]["space"] = s["inv"][NORMAN]["space"]
    s["inv"][NORMAN]["clues"] = [s["clues"]["pool"].pop()]
    s["forced_dice"] = [1] * 10
    s, ev = run_fx(s, "[{test: {skill: lore}}]", NORMAN)
    p = prompt(s)
    assert "test_rolled" not in types(ev) and p["player"] == "bob" and p["about"] == "may"
    declined, ev = act(s, "bob", "choose", value=False)
    rolled = next(e for e in ev if e["type"] == "test_rolled")
    assert len(rolled["dice"]) == R.C.investigators[NORMAN]["skills"]["lore"]
    after = prompt(declined)      # the after-roll window: rerolls only, no die to add
    assert after["kind"] == "roll" and {o["type"] for o in after["options"]} <= {"keep", "reroll", "reroll_with"}
    taken, ev = act(s, "bob", "choose", value=True)
    assert len(next(e for e in ev if e["type"] == "test_rolled")["dice"]) == len(rolled["dice"]) + 1


# ---------------------------------------------------------------- G. combat

def test_g1_the_monster_is_read_before_any_test():
    """Checklist G1 (781, 965). Seed 002: «Ознайомтеся з ефектами монстра. Деякі ефекти монстра
    можуть вплинути на умови бойової зустрічі. Спершу ознайомтеся з ефектами монстра.» — the Tick-Tock
    Men forbid clue rerolls: already in the Will test, the first test, no clue reroll is offered."""
    def will_test(kind):
        s = quiet(new({"ann": [NORMAN]}))
        put_monster(s, kind, s["inv"][NORMAN]["space"])
        s["inv"][NORMAN]["clues"] = [s["clues"]["pool"].pop()]
        s["forced_dice"] = [1] * 20
        s = to_encounters(s)
        return s
    s = will_test("tick_tock_men")
    p = prompt(s)
    assert not (p and p["kind"] == "roll" and any(o["type"] == "reroll" for o in p["options"]))
    z = will_test("zombie")
    assert prompt(z)["kind"] == "roll" and any(o["type"] == "reroll" for o in prompt(z)["options"])


# ---------------------------------------------------------------- H. new investigators

def test_h11_an_unavailable_named_starting_card_is_not_gained():
    """Checklist H11 [R], I11 (1349-1351). Seed 002: «Якщо дослідник не може знайти потрібної
    карти, він її не отримує. Така ситуація може трапитися, якщо всі карти з такою назвою перебувають
    в інших дослідників, переможених дослідників або в коробці.» — a replacement Leo Anderson whose
    Hired Muscle another investigator holds starts without it."""
    s = quiet(new({"ann": [NORMAN], "bob": [TRISH]}))
    s, _ = run_fx(s, "[{gain_asset: {name: hired_muscle}}]", TRISH)
    assert R.holds(s, TRISH, "hired_muscle")
    s, _ = run_fx(s, "[{lose: {health: 20}}]", NORMAN)
    s = to_new_investigator(to_encounters(s))
    assert s["result"] is None
    s, ev = act(s, "ann", "investigator", id=LEO)
    assert s["inv"][LEO]["status"] == "active" and s["inv"][LEO]["assets"] == []
    assert R.holds(s, TRISH, "hired_muscle")
    assert not any(e["type"] == "card_gained" and e.get("card") == "hired_muscle" for e in ev)
    assert s["inv"][LEO]["space"] == R.C.investigators[LEO]["start"]           # the rest of setup 3-4 holds
    assert s["inv"][LEO]["health"] == s["inv"][LEO]["max_health"]
    ok(s)


def test_h11_only_the_missing_starting_card_is_skipped():
    """Checklist H11 [R], H10 (757-759, 1349-1351). Seed 002: «Якщо дослідник не може знайти
    потрібної карти, він її не отримує.» — Lily Chen joins while another investigator holds her
    Protective Amulet: she starts with her Lucky Rabbit's Foot and without the amulet."""
    L = "lily_chen"
    s = quiet(new({"ann": [NORMAN], "bob": [TRISH]}))
    s, _ = run_fx(s, "[{gain_asset: {name: protective_amulet}}]", TRISH)
    s, _ = run_fx(s, "[{lose: {health: 20}}]", NORMAN)
    s = to_new_investigator(to_encounters(s))
    assert s["result"] is None
    s, ev = act(s, "ann", "investigator", id=L)
    assert s["inv"][L]["assets"] == ["lucky_rabbits_foot"]
    assert R.holds(s, TRISH, "protective_amulet") and s["inv"][TRISH]["assets"].count("protective_amulet") == 1
    ok(s)


# ---------------------------------------------------------------- I. possessions

def test_i1_possessions_are_clues_tickets_assets_artifacts_spells():
    """Checklist I1, I15 (1243, 1305, 1550). Seed 002: «Майно дослідника — це докази, квитки, активи,
    артефакти та заклинання.» / «Карти станів не можна обмінювати.» — a trade offers every kind of
    possession and never a condition."""
    s = quiet(new({"ann": [NORMAN], "bob": [LEO]}))
    s["inv"][LEO]["space"] = s["inv"][NORMAN]["space"]
    s["inv"][NORMAN]["clues"] = [s["clues"]["pool"].pop()]
    s["inv"][NORMAN]["tickets"] = {"train": 1, "ship": 0}
    s, _ = run_fx(s, "[{gain_asset: {name: dynamite}}, {gain_artifact: {name: necronomicon}},"
                     " {gain_condition: {name: paranoia}}]", NORMAN)
    s, _ = act(s, "ann", "trade", **{"with": LEO})
    gives = {o["what"] for o in options(s) if o["type"] == "give"}
    assert gives == {"clue", "ticket", "asset", "artifact", "spell"}
    refused(s, "ann", "give", what="condition", card="paranoia")
    # defeat: possessions go on the sheet, conditions are discarded (the same split)
    s, _ = act(s, "ann", "cancel")
    s2, _ = run_fx(s, "[{lose: {sanity: 20}}]", NORMAN)
    fig = next(f for f in s2["figures"] if f["inv"] == NORMAN)
    held = fig["possessions"]
    assert "dynamite" in held["assets"] and "necronomicon" in held["artifacts"] and held["spells"]
    assert held["clues"] and "paranoia" not in str(held)


def test_i15_conditions_cannot_be_traded():
    """Checklist I15 (1305, 1550). Seed 002: «Не можна обмінюватися картами стану, жетонами здоров'я,
    розуму й поліпшень.» — neither side of a trade lists a condition."""
    s = quiet(new({"ann": [NORMAN], "bob": [LEO]}))
    s["inv"][LEO]["space"] = s["inv"][NORMAN]["space"]
    s, _ = run_fx(s, "[{gain_condition: {name: debt}}]", LEO)
    s, _ = run_fx(s, "[{gain_condition: {name: paranoia}}]", NORMAN)
    s, _ = act(s, "ann", "trade", **{"with": LEO})
    assert not [o for o in options(s) if o.get("what") not in (None, "clue", "ticket", "asset", "artifact", "spell")]
    refused(s, "ann", "take", what="condition", card="debt")
    assert R.holds(s, LEO, "debt") and R.holds(s, NORMAN, "paranoia")


def test_i16_traits_have_no_effect_of_their_own():
    """Checklist I16 (1310-1315). Seed 002: «Ознаки не мають ефектів.» / «Іноді ефекти посилюються на
    ознаки карт» — Dynamite is a *weapon* yet adds nothing to a Strength test; an effect naming the
    trait finds it."""
    s = quiet(new({"ann": [NORMAN]}))
    s["forced_dice"] = [1] * 10
    _, ev = run_fx(s, "[{test: {skill: strength}}]", NORMAN)
    bare = len(next(e for e in ev if e["type"] == "test_rolled")["dice"])
    s, _ = run_fx(s, "[{gain_asset: {name: dynamite}}]", NORMAN)
    assert "weapon" in R.C.assets["dynamite"]["traits"]
    s["forced_dice"] = [1] * 10
    _, ev = run_fx(s, "[{test: {skill: strength}}]", NORMAN, combat=True)
    assert len(next(e for e in ev if e["type"] == "test_rolled")["dice"]) == bare
    t, _ = run_fx(quiet(new({"ann": [NORMAN]})), "[{gain_asset: {trait: weapon}}]", NORMAN)
    assert any("weapon" in R.C.assets[a]["traits"] for a in t["inv"][NORMAN]["assets"])


def test_i20_cards_on_a_defeated_investigators_sheet_are_unavailable():
    """Checklist I20 (1290-1292). Seed 002: «Карту вважають доступною, якщо вона перебуває в колоді,
    скиді чи резерві.» / «карти й жетони на листі переможеного дослідника вважають недоступними.»"""
    s = quiet(new({"ann": [NORMAN], "bob": [LEO]}))
    s, _ = run_fx(s, "[{gain_asset: {name: dynamite}}]", LEO)
    s, _ = run_fx(s, "[{lose: {health: 20}}]", LEO)
    assert "dynamite" in next(f for f in s["figures"] if f["inv"] == LEO)["possessions"]["assets"]
    s, ev = run_fx(s, "[{gain_asset: {name: dynamite}}]", NORMAN)
    assert not R.holds(s, NORMAN, "dynamite")
    assert "dynamite" in next(f for f in s["figures"] if f["inv"] == LEO)["possessions"]["assets"]
    ok(s)


def test_i21_boxed_components_are_out_of_play():
    """Checklist I21, M4 (1434-1436). Seed 002: «Компоненти, які поклали в коробку, вважають
    вилученими з гри.» — solo, the Teamwork assets are boxed: gaining one by name finds nothing."""
    s = quiet(new({"ann": [NORMAN]}))
    assert "delivery_service" in s.get("removed_cards", [])
    s, _ = run_fx(s, "[{gain_asset: {name: delivery_service}}]", NORMAN)
    assert "delivery_service" not in s["inv"][NORMAN]["assets"]
    assert "delivery_service" not in s["decks"]["assets"]["draw"] + s["reserve"]
    ok(s)


# ---------------------------------------------------------------- J. board

def test_j1_locations_paths_and_the_wrapping_edge():
    """Checklist J1 (1234-1238, 1620). Seed 002: «Кожна локація належить до одного з трьох типів:
    місто, нетрі або море.» / «Шлях, що веде до краю ігрового поля, продовжується на протилежному
    краю поля.» — Tokyo travels across the Pacific edge to Space 2."""
    assert len(R.C.spaces) == 36
    assert {sp["type"] for sp in R.C.spaces.values()} == {"city", "wilderness", "sea"}
    assert all(sp["type"] in ("city", "wilderness", "sea") for sp in R.C.spaces.values())
    s = quiet(new({"ann": ["akachi_onyele"]}))
    s["inv"]["akachi_onyele"]["space"] = "tokyo"
    assert {"type": "travel", "to": "space_2"} in options(s)
    s, _ = act(s, "ann", "travel", to="space_2")
    assert s["inv"]["akachi_onyele"]["space"] == "space_2"


def test_j7_a_spawned_monster_resolves_its_spawn_text():
    """Checklist J7, G8 (1270-1271). Seed 002: «Якщо на лицьовій стороні жетона монстра вказано
    символ, застосуйте текст на звороті після слів «Коли цей монстр з'являється на полі».» — a
    Chthonian spawned in Rome goes to the Heart of Africa; one ambushing from the cup does not."""
    s = quiet(new({"ann": [NORMAN]}))
    s["monsters"]["cup_top"] = ["chthonian"]
    s, ev = run_fx(s, "[{spawn_monster: {at: rome}}]", NORMAN)
    assert [m["space"] for m in s["monsters"]["board"].values() if m["kind"] == "chthonian"] == ["heart_of_africa"]
    t = quiet(new({"ann": [NORMAN]}))
    t["monsters"]["cup_top"] = ["chthonian"]
    t["forced_dice"] = [1] * 20
    t, ev = run_fx(t, "[{ambush: {}}]", NORMAN)
    assert not any(e["type"] == "monster_moved" for e in ev)
    assert not [m for m in t["monsters"]["board"].values() if m["kind"] == "chthonian"]


def test_j18_eldritch_tokens_are_defined_by_their_component():
    """Checklist J18 (1121-1124). Seed 002: «Жетони Стародавніх — універсальний ігровий ресурс» / «У
    тексті компонента, який указує викласти на поле жетон Стародавнього, вказано, як саме дослідники
    взаємодіють із цим жетоном.» — Azathoth's token on the omen track and a rumor's tokens on its card
    are the same tokens with different meanings: the rumor's reckoning takes only its own."""
    s = quiet(new({"ann": [NORMAN]}))
    assert s["omen_eldritch"] == 1      # Azathoth's setup: one on the green omen space
    rumors = [m for m, d in R.C.mythos.items() if d["trait"] == "rumor" and d["rumor"].get("eldritch_tokens")]
    s, _ = mythos(s, rumors[0])
    entry = next(m for m in s["mythos"]["in_play"] if m["id"] == rumors[0])
    before = entry["eldritch"]
    assert before >= 1
    s, _ = run_fx(s, "[{resolve_reckonings: {of: mythos}}]", NORMAN)
    entry = next((m for m in s["mythos"]["in_play"] if m["id"] == rumors[0]), None)
    assert entry is None or entry["eldritch"] < before
    assert s["omen_eldritch"] == 1


# ---------------------------------------------------------------- K. mythos

def test_k5_the_reckoning_icon_is_only_a_reminder():
    """Checklist K5 (1263, 1525). Seed 002: «Усі компоненти з ефектом ☞ для нагадування мають символ
    ☞ у правому нижньому куті.» — Blessed (a reckoning) rolls only when a card shows the reckoning
    symbol: not for a green card, yes for a yellow one."""
    s = quiet(new({"ann": [NORMAN]}))
    s, _ = run_fx(s, "[{gain_condition: {name: blessed}}]", NORMAN)
    s["forced_dice"] = [6] * 5
    s["monsters"]["cup_top"] = ["ghost", "ghost"]     # no reckoning of its own
    assert not R.C.monsters["ghost"].get("reckoning")
    green, ev = mythos(json_copy(s), "rising_terror")
    assert "die_rolled" not in types(ev)
    yellow, ev = mythos(json_copy(s), "perplexing_stars")
    assert "die_rolled" in types(ev)
    assert R.holds(yellow, NORMAN, "blessed")     # a 6: the blessing stays


# ---------------------------------------------------------------- N. hidden information

def test_n3_consequences_are_not_shown_before_the_roll():
    """Checklist N3 (1490). Seed 002: «Так активний дослідник не знатиме наслідки успішної перевірки
    або провалу, доки не пройде її.» — while the roll may still change, no consequence has happened
    and neither the prompt nor the table view carries the pass/fail effects."""
    s = quiet(new({"ann": [NORMAN]}))
    s["inv"][NORMAN]["clues"] = [s["clues"]["pool"].pop()]
    s["forced_dice"] = [1] * 20
    s = to_encounters(s)
    here, cards = s["inv"][NORMAN]["space"], R.C.decks["america"]["cards"]
    first = next(k for k in s["decks"]["america"]["draw"]   # a card whose encounter opens with a test
                 if (cards[k]["sections"].get(here) or {}).get("effect", [{}])[0].get("op") == "test")
    s["decks"]["america"]["draw"].remove(first)
    s["decks"]["america"]["draw"].insert(0, first)
    s, ev = act(s, "ann", "encounter", what="location", deck="america")
    p = prompt(s)
    assert p["kind"] == "roll" and types(ev)[-1] == "test_rolled"
    assert set(p) == {"id", "player", "kind", "shape", "options", "default", "inv", "purpose"}
    for view in (R.view(s, "ann"), R.view(s, None)):
        assert "'pass'" not in str(view) and "'fail'" not in str(view)
    s, ev = act(s, "ann", "keep")
    assert "test_result" in types(ev)


def json_copy(s):
    import json
    return json.loads(json.dumps(s))


# ---------------------------------------------------------------- O. investigator clarifications

def test_o1_akachi_gate_peek_refills_under_the_last_token_and_her_jump():
    """Checklist O1 (1662-1667). Seed 002 (Акачі Оньєле): «Якщо у стосі воріт залишився останній
    жетон, перед виконанням дії Акачі переміщує жетони воріт зі скиду й кладе їх у стос під низ цього
    останнього жетона.» / «вона переміщується безпосередньо у вибрану локацію, не зважаючи на проміжні
    локації та шляхи. Якщо ефект забороняє Акачі переміщуватися, вона не може скористатися особливою
    здібністю.»"""
    A = "akachi_onyele"
    s = quiet(new({"ann": [A], "bob": [NORMAN]}))
    last, rest = s["gates"]["stack"][0], s["gates"]["stack"][1:]
    s["gates"]["stack"], s["gates"]["discard"] = [last], rest
    s, ev = act(s, "ann", "component", card=A)
    assert s["gates"]["discard"] == [] and s["gates"]["stack"][0] == last
    assert sorted(s["gates"]["stack"]) == sorted([last] + rest)
    seen = next(e for e in ev if e["type"] == "gates_seen")
    assert seen["audience"] == ["ann"]                         # she may share it; the engine tells her
    # her passive: after closing a gate in an Other World, straight to a clue's space, no path needed
    j = quiet(new({"ann": [A]}))
    put_gate(j, "rome")
    j["inv"][A]["space"] = "rome"
    put_clue(j, "tokyo")
    j, _ = run_fx(j, "[{close_gate: {}}]", A, enc="other_world", gate_space="rome")
    j, ev = act(j, "ann", "choose", value="tokyo")
    assert j["inv"][A]["space"] == "tokyo"
    d = quiet(new({"ann": [A]}))
    put_gate(d, "rome")
    d["inv"][A]["space"] = "rome"
    put_clue(d, "tokyo")
    d, _ = run_fx(d, "[{gain_condition: {name: detained}}]", A)
    d, ev = run_fx(d, "[{close_gate: {}}]", A, enc="other_world", gate_space="rome")
    assert "gate_closed" in types(ev) or "rome" not in d["gates"]["board"]
    assert prompt(d) is None or prompt(d)["kind"] != "choose"  # Detained: the jump is not even offered
    assert d["inv"][A]["space"] == "rome"
    assert any(e["type"] == "prevented" and e["what"] == "move" for e in ev)


def test_o3_diana_moves_only_the_cultist():
    """Checklist O3 (1676-1681). Seed 002 (Діана Стенаг): «Якщо Діана, виконуючи свою дію компонента,
    переміщує культиста, вона не скидає і не переміщує інших монстрів.»"""
    D = "diana_stanley"
    s = quiet(new({"ann": [D]}))
    here = s["inv"][D]["space"]
    cult, zombie = put_monster(s, "cultist", here), put_monster(s, "zombie", here)
    s, _ = act(s, "ann", "component", card=D)
    s, _ = act(s, "ann", "choose", value=1)          # send the Cultist away
    s, ev = act(s, "ann", "choose", value="rome")
    assert s["monsters"]["board"][cult]["space"] == "rome"
    assert s["monsters"]["board"][zombie] == {"kind": "zombie", "space": here, "damage": 0}
    ok(s)


def test_o4_jacqueline_swaps_only_clues_and_peeks_at_others_non_common_conditions():
    """Checklist O4 (1683-1690). Seed 002 (Жаклін Файн): «Жаклін може передати іншому досліднику будь-
    яку кількість доказів або взяти в іншого дослідника будь-яку кількість доказів. Обмінюватися
    іншими компонентами ця дія не дозволяє.» / «Жаклін не може скористатися особливою здібністю, якщо
    отримує стан сама або коли інший дослідник отримує *звичайний* стан (наприклад, «Борг»).»"""
    J = "jacqueline_fine"
    s = quiet(new({"ann": [J], "bob": [NORMAN]}))
    s["inv"][NORMAN]["clues"] = [s["clues"]["pool"].pop() for _ in range(2)]
    s, _ = run_fx(s, "[{gain_asset: {name: dynamite}}]", NORMAN)
    mine = len(s["inv"][J]["clues"])
    a, _ = act(s, "ann", "component", card=J)
    assert prompt(a)["about"] == "clues"
    assert {o["value"] for o in prompt(a)["options"]} == set(range(-2, mine + 1))   # clues only
    a, _ = act(a, "ann", "choose", value=-2)
    assert len(a["inv"][J]["clues"]) == mine + 2 and a["inv"][NORMAN]["clues"] == []
    assert R.holds(a, NORMAN, "dynamite")
    p, ev = run_fx(s, "[{gain_condition: {name: paranoia}}]", NORMAN)
    peek = next(e for e in ev if e["type"] == "back_seen")
    assert peek["audience"] == ["ann"] and len(p["inv"][J]["clues"]) == mine + 1
    d, ev = run_fx(s, "[{gain_condition: {name: debt}}]", NORMAN)           # Common: no
    assert "back_seen" not in types(ev) and len(d["inv"][J]["clues"]) == mine
    o, ev = run_fx(s, "[{gain_condition: {name: paranoia}}]", J)            # her own: no
    assert "back_seen" not in types(ev) and len(o["inv"][J]["clues"]) == mine


def test_o5_jims_sanity_comes_on_top_of_rest():
    """Checklist O5 (1692-1696). Seed 002 (Джим Кальвер): «Дія компонента Джима дозволяє йому та
    іншим дослідникам у його локації відновити 1 розум на додачу до того розуму, який вони відновили в
    цю фазу під час відпочинку.»"""
    JIM = "jim_culver"
    s = quiet(new({"ann": [JIM], "bob": [NORMAN]}))
    s["inv"][NORMAN]["space"] = s["inv"][JIM]["space"]
    for i in (JIM, NORMAN):
        s["inv"][i]["sanity"] -= 3
    jim, norman = s["inv"][JIM]["sanity"], s["inv"][NORMAN]["sanity"]
    s, _ = act(s, "ann", "rest")
    s, _ = act(s, "ann", "component", card=JIM)
    assert s["inv"][JIM]["sanity"] == jim + 2            # 1 from resting and 1 more from his action
    assert s["inv"][NORMAN]["sanity"] == norman + 1


def test_o6_leo_recruits_an_ally_beside_a_monster_regardless_of_cost():
    """Checklist O6 (1698-1702). Seed 002 (Лео Андерсон): «Лео може виконати свою дію компонента
    навіть у локації з монстром. Якщо він отримає щонайменше 1 успіх, він вибирає 1 актив-союзника з
    резерву або скиду незалежно від його вартості.»"""
    s = quiet(new({"ann": [LEO]}))
    put_monster(s, "zombie", s["inv"][LEO]["space"])
    s["decks"]["assets"]["draw"].remove("urban_guide")       # cost 4, in the discard
    s["decks"]["assets"]["discard"].append("urban_guide")
    assert {"type": "component", "card": LEO} in options(s)
    s["forced_dice"] = [6] + [1] * 10
    s, _ = act(s, "ann", "component", card=LEO)
    assert prompt(s)["about"] == "card" and {"type": "choose", "value": "urban_guide"} in prompt(s)["options"]
    s, _ = act(s, "ann", "choose", value="urban_guide")
    assert "urban_guide" in s["inv"][LEO]["assets"]
    ok(s)


def test_o7_lily_converts_one_pool_and_never_improves_past_two():
    """Checklist O7 (1704-1709). Seed 002 (Лілі Чен): «Виконуючи свою дію компонента, Лілі може
    витратити тільки один вид ресурсу: або здоров'я, або розум.» / «Лілі не може скористатися
    особливою здібністю, щоб поліпшити вміння більше ніж два рази.»"""
    L = "lily_chen"
    s = quiet(new({"ann": [L]}))
    s["inv"][L]["sanity"] -= 2
    s["inv"][L]["health"] -= 1                            # both ways restore something (R23)
    health, sanity = s["inv"][L]["health"], s["inv"][L]["sanity"]
    s, _ = act(s, "ann", "component", card=L)
    assert len(prompt(s)["options"]) == 2                 # body into mind, or mind into body
    s, _ = act(s, "ann", "choose", value=0)
    assert max(o["value"] for o in prompt(s)["options"]) == health - 1   # never the last health
    s, _ = act(s, "ann", "choose", value=2)
    assert s["inv"][L]["health"] == health - 2 and s["inv"][L]["sanity"] == sanity + 2
    t = quiet(new({"ann": [L]}))
    t["inv"][L]["improve"]["lore"] = 1
    t, _ = run_fx(t, "[{improve: {skill: lore}}]", L)
    assert t["inv"][L]["improve"]["lore"] == 2           # one more step would pass +2: capped
    ok(t)


def test_o8_lola_counts_a_plus_two_as_two_improvements():
    """Checklist O8 (1711-1719). Seed 002 (Лола Гейз): «Коли Лола виконує свою дію компонента, кожен
    витрачений жетон «+2» вона вважає двома жетонами «+1». Усі витрачені жетони поліпшення треба
    скинути. Якщо Лола витрачає 2 жетони поліпшення, вона може поліпшити одне вміння два рази.» (her
    passive, declared before the roll: test_f3.)"""
    LO = "lola_hayes"
    s = settle(quiet(new({"ann": [LO]})))
    s["inv"][LO]["improve"] = {"lore": 0, "influence": 2, "observation": 1, "strength": 0, "will": 0}
    s, _ = act(s, "ann", "component", card=LO)
    p = prompt(s)                                        # she picks the tokens to spend, one at a time
    assert p["about"] == "improvements" and [o["value"] for o in p["options"]] == [None, "influence", "observation"]
    s, _ = act(s, "ann", "choose", value="influence")     # the +2: two improvements
    s, _ = act(s, "ann", "choose", value="observation")   # the +1: one more
    for skill in ("will", "will", "strength"):           # three improvements: one skill twice
        assert prompt(s)["about"] == "skill"
        s, _ = act(s, "ann", "choose", value=skill)
    assert s["inv"][LO]["improve"] == {"lore": 0, "influence": 0, "observation": 0, "strength": 1, "will": 2}
    assert prompt(s)["kind"] == "action"


def test_o8_lola_chooses_how_many_improvement_tokens_to_spend():
    """Checklist O8 (1711-1716). Seed 002: «Коли Лола виконує свою дію компонента, кожен витрачений
    жетон «+2» вона вважає двома жетонами «+1». Усі витрачені жетони поліпшення треба скинути.» — only
    the tokens she spends are discarded: she keeps the +2 and spends the +1 (one improvement); spending
    none (the default) changes nothing."""
    LO = "lola_hayes"
    s = settle(quiet(new({"ann": [LO]})))
    s["inv"][LO]["improve"] = {"lore": 0, "influence": 2, "observation": 1, "strength": 0, "will": 0}
    s, _ = act(s, "ann", "component", card=LO)
    one, _ = act(s, "ann", "choose", value="observation")
    assert [o["value"] for o in prompt(one)["options"]] == [None, "influence"]
    one, _ = act(one, "ann", "choose", value=None)       # done: the +2 stays
    assert prompt(one)["about"] == "skill"
    one, _ = act(one, "ann", "choose", value="lore")
    assert one["inv"][LO]["improve"] == {"lore": 1, "influence": 2, "observation": 0, "strength": 0, "will": 0}
    none, _ = act(s, "ann", "default")
    assert none["inv"][LO]["improve"] == s["inv"][LO]["improve"] and prompt(none)["kind"] == "action"


def test_o9_mark_cannot_be_forced_to_be_delayed_or_detained():
    """Checklist O9 (1721-1729). Seed 002 (Марк Гарріган): «Марк може сам вирішити затриматися чи
    отримати стан «Ув'язнений», якщо ефект **пропонує** такий вибір, але на Марка не діють ефекти, які
    **змушують** затриматися або отримати стан «Ув'язнений».»"""
    M = "mark_harrigan"
    s = quiet(new({"ann": [M], "bob": [NORMAN]}))
    s["phase"] = "encounter"
    d, _ = run_fx(s, "[delay]", M)
    assert not d["inv"][M]["delayed"]
    d, _ = run_fx(s, "[{gain_condition: {name: detained}}]", M)
    assert not R.holds(d, M, "detained")
    n, _ = run_fx(s, "[delay]", NORMAN)                   # the same effect on anyone else
    assert n["inv"][NORMAN]["delayed"]
    c, _ = run_fx(s, "[{may: {cost: [delay], then: [{gain_clues: {count: 1}}]}}]", M)
    c, _ = act(c, "ann", "choose", value=True)            # offered: he may choose it
    assert c["inv"][M]["delayed"] and len(c["inv"][M]["clues"]) == 1


def test_o9_mark_avoids_both_sides_of_delay_or_penalty():
    """Checklist O9 (1729). Seed 002: «Якщо ефект пропонує вибір між затриманням чи отриманням стану
    «Ув'язнений» та іншим негативним ефектом, Марк уникає і негативного ефекту, і затримання чи
    отримання стану «Ув'язнений».» — no prompt, neither side; Norman facing the same choice must pick."""
    M = "mark_harrigan"
    s = quiet(new({"ann": [M], "bob": [NORMAN]}))
    s["phase"] = "encounter"
    health, sanity = s["inv"][M]["health"], s["inv"][M]["sanity"]
    either = ("[{choose_one: {options: [{label: {en: a}, effect: [delay]},"
              " {label: {en: b}, effect: [{lose: {health: 2}}]}]}}]")
    m, ev = run_fx(s, either, M)
    assert prompt(m) is None or prompt(m)["kind"] != "choose"
    assert m["inv"][M]["health"] == health and not m["inv"][M]["delayed"]
    assert any(e["type"] == "prevented" and e.get("what") == "delay_or_penalty" for e in ev)
    # "lose 2 health unless you become Delayed" (a may whose cost is Delayed): both avoided
    m, _ = run_fx(s, "[{may: {cost: [delay], otherwise: [{lose: {health: 2}}]}}]", M)
    assert m["inv"][M]["health"] == health and not m["inv"][M]["delayed"]
    # "discard an Ally, or gain Detained": both avoided too
    m, _ = run_fx(s, "[{gain_asset: {name: hired_muscle}}, {may: {cost: [{discard_possessions: {kind: [asset],"
                     " trait: ally}}], otherwise: [{gain_condition: {name: detained}}]}}]", M)
    assert R.holds(m, M, "hired_muscle") and not R.holds(m, M, "detained")
    # a Madness + sanity vs Delayed (Other World card): avoided
    m, _ = run_fx(s, "[{choose_one: {options: [{label: {en: a}, effect: [{gain_condition: {name: paranoia}},"
                     " {lose: {sanity: 1}}]}, {label: {en: b}, effect: [delay]}]}}]", M)
    assert m["inv"][M]["sanity"] == sanity and not R.holds(m, M, "paranoia") and not m["inv"][M]["delayed"]
    # a side with a reward is no penalty: he still chooses (spend 1 health and close the gate, or Delayed)
    g = quiet(new({"ann": [M], "bob": [NORMAN]}))
    g["phase"] = "encounter"
    g, _ = run_fx(g, "[{choose_one: {options: [{label: {en: a}, effect: [{spend: {health: 1}}, close_gate]},"
                     " {label: {en: b}, effect: [delay]}]}}]", M)
    assert prompt(g)["kind"] == "choose" and prompt(g)["about"] == "option"
    # anyone else picks a side and it happens
    n, _ = run_fx(s, either, NORMAN)
    assert prompt(n)["kind"] == "choose"
    n, _ = act(n, "bob", "choose", value=1)
    assert n["inv"][NORMAN]["health"] == R.C.investigators[NORMAN]["health"] - 2


def test_o11_silas_sails_without_tickets_and_gains_an_extra_action():
    """Checklist O11 (1737-1741). Seed 002 (Сайлас Марш): «Виконуючи свою дію компонента, Сайлас не
    може витрачати квитки для додаткового переміщення. Додаткова дія не входить до числа двох звичайних
    дій Сайласа. За один раунд Сайлас може і виконати дію переміщення, і переміститися завдяки дії
    компонента.»"""
    S = "silas_marsh"
    s = quiet(new({"ann": [S]}))
    s["inv"][S]["tickets"] = {"train": 0, "ship": 2}
    s, _ = act(s, "ann", "travel", to="space_3")           # Travel first, this same round
    if prompt(s)["kind"] == "travel_more":
        s, _ = act(s, "ann", "stop")
    assert s["turn"]["left"] == 1
    s, _ = act(s, "ann", "component", card=S)
    assert {o["value"] for o in prompt(s)["options"]} == {"buenos_aires", "sydney"}   # one sea route
    s, ev = act(s, "ann", "choose", value="buenos_aires")
    assert s["inv"][S]["space"] == "buenos_aires" and s["inv"][S]["tickets"]["ship"] == 2
    assert prompt(s)["kind"] == "action" and s["turn"]["left"] == 1   # the extra action is still his
    ok(s)


# ---------------------------------------------------------------- I. cards: The Silver Key, Clairvoyance

def test_i2_the_silver_key_cuts_one_clue_of_an_effect_once_a_round():
    """Checklist I2 (1246), Q1 (card text beats the rules). Seed 002: «Ефекти таких карт можна
    розіграти лише один раз у разі виникнення відповідних умов, якщо не вказано інакше.» — The Silver
    Key (once a round an effect costs 1 clue fewer): a 2-clue spend takes 1, the next one this round
    takes 2; a holder of 1 clue can pay a 2-clue cost; next round it works again. The clue reroll of a
    test (F8, a rule, not an effect's cost) is not cut."""
    s = quiet(new({"ann": [NORMAN]}))
    s, _ = run_fx(s, "[{gain_artifact: {name: the_silver_key}}]", NORMAN)
    s["inv"][NORMAN]["clues"] = [s["clues"]["pool"].pop() for _ in range(4)]
    s, ev = run_fx(s, "[{spend: {clues: 2}}]", NORMAN)
    assert len(s["inv"][NORMAN]["clues"]) == 3 and "clue_cost_reduced" in types(ev)
    s, ev = run_fx(s, "[{spend: {clues: 2}}]", NORMAN)            # once a round: the full price now
    assert len(s["inv"][NORMAN]["clues"]) == 1 and "clue_cost_reduced" not in types(ev)
    s["inv"][NORMAN]["used"] = []                                  # a new round
    assert R.can_pay(s, R_steps("[{spend: {clues: 2}}]"), {"self": NORMAN})   # 1 clue pays a 2-clue cost
    s, _ = run_fx(s, "[{may: {cost: [{spend: {clues: 2}}], then: [{gain_clues: {count: 3}}]}}]", NORMAN)
    s, _ = act(s, "ann", "choose", value=True)
    assert len(s["inv"][NORMAN]["clues"]) == 3
    plain = quiet(new({"ann": [NORMAN]}))                          # without the key: no cut
    plain["inv"][NORMAN]["clues"] = [plain["clues"]["pool"].pop() for _ in range(2)]
    plain, _ = run_fx(plain, "[{spend: {clues: 2}}]", NORMAN)
    assert plain["inv"][NORMAN]["clues"] == []
    ok(s)


def R_steps(text):
    from eh_helpers import steps
    return steps(text)


# ---------------------------------------------------------------- I18, J16, H5: choices the engine used to make

def test_i18_the_holder_chooses_which_possessions_to_discard():
    """Checklist I18 (1529-1543). Seed 002: «Дослідник може скидати лише власне майно та карти
    станів.» / «Якщо дослідник повинен скинути певну кількість компонентів, але він не має такої
    кількості компонентів, він просто скидає всі свої компоненти цього типу.» — asked to discard 2 of
    3 assets, the player picks them one at a time (the default: holding order); asked for more than
    he holds, everything goes without a question."""
    s = quiet(new({"ann": [NORMAN]}))
    s["inv"][NORMAN]["assets"] = []
    for a in ("hired_muscle", "arcane_scholar", "urban_guide"):
        s, _ = run_fx(s, f"[{{gain_asset: {{name: {a}}}}}]", NORMAN)
    t, _ = run_fx(s, "[{discard_possessions: {count: 2, kind: [asset]}}, {gain_clues: {count: {of: discarded_count}}}]",
                  NORMAN)
    p = prompt(t)
    assert p["about"] == "discard" and [o["value"] for o in p["options"]] == ["hired_muscle", "arcane_scholar", "urban_guide"]
    t, _ = act(t, "ann", "choose", value="urban_guide")
    assert [o["value"] for o in prompt(t)["options"]] == ["hired_muscle", "arcane_scholar"]
    t, _ = act(t, "ann", "choose", value="hired_muscle")
    assert t["inv"][NORMAN]["assets"] == ["arcane_scholar"]
    assert len(t["inv"][NORMAN]["clues"]) == 2                         # the count the next step reads
    assert "urban_guide" in t["decks"]["assets"]["discard"]
    d, _ = run_fx(s, "[{discard_possessions: {count: 2, kind: [asset]}}]", NORMAN)
    d, _ = act(d, "ann", "default")
    d, _ = act(d, "ann", "default")
    assert d["inv"][NORMAN]["assets"] == ["urban_guide"]               # AFK: the first ones held
    a, _ = run_fx(s, "[{discard_possessions: {count: 5, kind: [asset]}}]", NORMAN)
    assert a["inv"][NORMAN]["assets"] == [] and prompt(a)["kind"] == "action"   # more than he has: all, no question
    sp, _ = run_fx(s, "[{gain_spell: {name: wither}}, {gain_spell: {name: mists_of_releh}}]", NORMAN)
    sp, _ = run_fx(sp, "[{discard_possessions: {count: 1, kind: [spell]}}]", NORMAN)
    assert [o["value"] for o in prompt(sp)["options"]] == [R.card_id(b) for b in sp["inv"][NORMAN]["spells"]]
    ok(t)


def test_j16_nearest_ties_are_chosen_by_the_active_investigator():
    """Checklist J16 (1279-1284), H5 (746). Seed 002: «Якщо кілька локацій розташовані на однаковій
    відстані, активний дослідник вибирає будь-яку з них.» / «Перемістіть фішку дослідника в найближчу
    локацію міста.» — from the Pyramids, Rome and Istanbul are both one path away."""
    s = quiet(new({"ann": [NORMAN], "bob": [LEO]}))
    s["inv"][NORMAN]["space"] = "pyramids"
    s["turn"]["inv"] = NORMAN
    m, _ = run_fx(s, "[{move: {to: {nearest: {type: [city]}}}}]", NORMAN)
    p = prompt(m)
    assert p["player"] == "ann" and p["about"] == "space" and {o["value"] for o in p["options"]} == {"rome", "istanbul"}
    m, _ = act(m, "ann", "choose", value="istanbul")
    assert m["inv"][NORMAN]["space"] == "istanbul"
    # a defeated investigator's figure goes to the nearest city: the tie is asked too
    d, _ = run_fx(s, "[{lose: {health: 20}}]", NORMAN)
    p = next(x for x in R.prompts(d) if x.get("purpose") == "figure_space")
    assert p["player"] == "ann" and {o["value"] for o in p["options"]} == {"rome", "istanbul"}
    d, _ = act(d, "ann", "choose", value="istanbul")
    assert next(f for f in d["figures"] if f["inv"] == NORMAN)["space"] == "istanbul"
    # a city is its own nearest: no question
    c = quiet(new({"ann": [NORMAN], "bob": [LEO]}))
    c["inv"][NORMAN]["space"] = "rome"
    c, _ = run_fx(c, "[{move: {to: {nearest: {type: [city]}}}}]", NORMAN)
    assert c["inv"][NORMAN]["space"] == "rome" and (prompt(c) is None or prompt(c).get("about") != "space")


def test_f1_clairvoyance_gives_its_extra_die_to_the_remote_research():
    """Checklist F1 (1364-1369), I23. Seed 002: «Також він додає всі «додаткові кубики», отримані
    завдяки ефектам. **Додаткові кубики від різних ефектів сумуються.**» — Clairvoyance (copy 1) with
    3+ successes: its back's extra die reaches the research encounter the front then resolves at the
    chosen clue; with 1-2 successes it does not."""
    def research_dice(lore_faces):
        s = quiet(new({"ann": [NORMAN]}))
        s["inv"][NORMAN]["spells"] = ["clairvoyance_1"]
        s["decks"]["spells"]["draw"].remove("clairvoyance_1")
        put_clue(s, "tokyo")
        s = to_encounters(s)
        s["forced_dice"] = list(lore_faces) + [1] * 30
        events = []
        while s["result"] is None and prompt(s) and s["phase"] == "encounter":
            p = prompt(s)
            a = {"type": "choose", "value": True} if p.get("about") == "may" else {"type": "default"}
            s, ev = act(s, p["player"], a.pop("type"), **a)
            events += ev
        rolled = [e for e in events if e["type"] == "test_rolled"]
        assert rolled[0]["skill"] == "lore" and any(e["type"] == "encounter" and e.get("what") == "research"
                                                    for e in events)
        return rolled[1]["extra"]
    assert research_dice([5, 5, 5]) == 1      # back row 3+: one more die for that research
    assert research_dice([5, 1, 1]) == 0      # row 1-2: nothing
