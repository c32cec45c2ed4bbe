"""Issue 22 (brief e22r): the procedures that cost doom and lives, read line by line against the
rulebook (seed 002). Each test quotes the sentence it rests on and failed before its fix."""
from eh_helpers import R, act, new, ok, prompt, quiet, run_fx, to_encounters, to_new_investigator

NORMAN, LEO = "norman_withers", "leo_anderson"


def game(**kw):
    return quiet(new({"ann": [NORMAN], "bob": [LEO]}, **kw))


def test_defeat_after_the_awakening_still_advances_doom_by_the_sheet():
    """Seed 002, 1411: a defeated investigator must «1. Підвищити приреченість. Підвищте
    приреченість на 1.»; 1421: after the awakening the player is also out; 1468: «На листі
    Стародавнього вказано, що станеться, якщо приреченість підвищиться після пробудження.»
    Yog-Sothoth's back: a doom advance adds a power token to the sheet."""
    s = game(ao="yog_sothoth")
    s["awakened"], s["doom"] = True, 0
    power = s["ao_tokens"]["health"]
    s, _ = run_fx(s, "[{lose: {health: 20}}]", LEO)
    assert "bob" in s["eliminated"] and s["inv"][LEO]["status"] == "eliminated"
    assert s["ao_tokens"]["health"] == power + 1
    ok(s)


def test_defeat_after_the_awakening_leaves_the_figure_and_its_possessions():
    """Seed 002, 1409-1413: a defeated investigator moves to the nearest city, lies there with a
    health or sanity token and puts his possessions on his sheet; 1421 «Якщо дослідника перемогли
    після пробудження Стародавнього, гравець вибуває з гри» — the player is out, the figure is not
    removed (only a devoured investigator is boxed, 1173): another investigator there may still have
    the encounter on the back of his sheet (1424) and claim what he held."""
    s = game(ao="yog_sothoth")
    s["awakened"], s["doom"] = True, 0
    s["inv"][LEO]["space"] = "london"
    held = list(s["inv"][LEO]["assets"])
    assert held
    s, _ = run_fx(s, "[{lose: {health: 20}}]", LEO)
    assert s["inv"][LEO]["status"] == "eliminated" and "bob" in s["eliminated"]
    fig = s["figures"][0]
    assert fig["inv"] == LEO and fig["space"] == "london" and fig["token"] == "health"
    assert fig["possessions"]["assets"] == held
    s["inv"][NORMAN]["space"] = "london"
    assert {"type": "encounter", "what": "defeated", "card": LEO} in R.encounter_options(s, NORMAN)
    ok(s)


def test_devoured_after_the_awakening_still_advances_doom_by_the_sheet():
    """Seed 002, 1172: a devoured investigator must «1. Підвищити приреченість. Підвищте
    приреченість на 1.» — after the awakening too (1468: the sheet says what that does)."""
    s = game(ao="yog_sothoth")
    s["awakened"], s["doom"] = True, 0
    power = s["ao_tokens"]["health"]
    s, _ = run_fx(s, "[{devour: {}}]", LEO)
    assert s["inv"][LEO]["status"] == "devoured" and "bob" in s["eliminated"]
    assert s["ao_tokens"]["health"] == power + 1


def test_omen_counts_a_gate_by_its_token_symbol():
    """Seed 002, 600-602: «Пересуваючи жетон передвістя, підвищте значення приреченості на 1 за
    кожні ворота на ігровому полі з таким самим символом, що й нове передвістя.» The symbol is the
    gate token's: a gate an effect placed on a space without a gate of its own (here the San
    Francisco token, green, on Space 5) counts when the omen reaches green — as the Monster Surge
    already read it."""
    s = game()
    s["gates"]["stack"].remove("san_francisco")
    s["gates"]["stack"].insert(0, "san_francisco")
    s["inv"][NORMAN]["space"] = "space_5"
    s, _ = run_fx(s, "[{spawn_gates: {at: here}}]", NORMAN)
    assert s["gates"]["board"] == ["space_5"]
    assert R.gate_omen(s, "space_5") == "green"
    s["omen"] = 3   # blue, the step before the comet
    doom = s["doom"]
    s, _ = run_fx(s, "[{advance_omen: {}}]", NORMAN)
    assert R.omen(s) == "green"
    assert s["doom"] == doom - 1 - s["omen_eldritch"]   # the gate, and Azathoth's token(s) on the comet
    assert "gate_matching_omen" in R.features(s, "space_5")


def test_defeated_before_the_awakening_still_chooses_a_new_investigator():
    """Seed 002, 1419: «Втративши дослідника, гравець може вибрати нового дослідника після фази
    міту»; only «Якщо дослідника перемогли після пробудження Стародавнього, гравець вибуває з гри»
    (1421, 874). Leo falls while doom is still on the track; the Ancient One wakes later that round:
    Bob still picks a new investigator at the end of the Mythos phase."""
    s = quiet(new({"ann": [NORMAN], "bob": [LEO]}, ao="yog_sothoth", setup={"mythos": ["support_of_the_church", "rally_the_people"]}))
    s, _ = run_fx(s, "[{lose: {health: 20}}]", LEO)
    assert not s["awakened"] and s["inv"][LEO]["status"] == "defeated"
    s, _ = run_fx(s, [{"op": "advance_doom", "amount": s["doom"]}], NORMAN)
    assert s["awakened"] and s["result"] is None
    s = to_new_investigator(to_encounters(s))
    assert s["result"] is None and "bob" not in s["eliminated"]
    p = prompt(s)
    assert p["kind"] == "new_investigator" and p["player"] == "bob"
    s, _ = act(s, "bob", "investigator", id="silas_marsh")
    assert s["inv"]["silas_marsh"]["status"] == "active" and R.investigator_count(s) == 2
    ok(s)


def test_claiming_a_figure_discards_a_duplicate_spell_and_tells_the_table():
    """Seed 002, 1133: «Дослідник не може мати кілька однакових заклинань. Якщо він з якоїсь причини
    отримує копію заклинання, яке вже має, то відразу його скидає»; 1535: a discarded double-sided
    card is shuffled into its deck at once — the deck's public top card may change, so the step says
    so (engine/README.md: no silent change). Found by `simulate eldritch --players 1 --seed 5`."""
    s = game()
    s, _ = run_fx(s, "[{gain_spell: {name: feed_the_mind}}]", LEO)   # Norman starts with the other copy
    assert [R.card_id(b) for b in s["inv"][NORMAN]["spells"]] == ["feed_the_mind"]
    s, _ = run_fx(s, "[{lose: {health: 20}}]", LEO)
    assert s["figures"][0]["possessions"]["spells"]
    before = R.view(s, None)
    s, ev = run_fx(s, "[claim_possessions]", NORMAN, figure=LEO)
    assert [R.card_id(b) for b in s["inv"][NORMAN]["spells"]] == ["feed_the_mind"]
    assert any(e["type"] == "card_discarded" and e["card"] == "feed_the_mind" and e["inv"] == NORMAN for e in ev)
    assert R.silent_changes(before, R.view(s, None), ev) == []
    ok(s)


def test_the_final_mystery_alone_does_not_win():
    """Seed 002, 860: «Дослідники перемагають, коли розгадають три таємниці. Утім, якщо Стародавній
    пробудився, дослідникам доведеться розгадати ще одну, останню таємницю»; 1592: «Якщо Стародавній
    пробудився, на додачу до звичайних таємниць дослідники повинні розгадати ще й останню таємницю».
    Cthulhu falls with two mysteries solved: no win yet; the third ordinary mystery then wins."""
    s = quiet(new({"ann": [NORMAN], "bob": [LEO]}, ao="cthulhu", setup={"mystery": "rlyeh_risen"}))
    s["solved"] = ["the_deep_ones_attack", "the_stars_are_right"]
    s, _ = run_fx(s, [{"op": "advance_doom", "amount": s["doom"]}])
    assert s["awakened"] and s["final"]["id"] == "risen_from_the_sea" and s["result"] is None
    s, _ = run_fx(s, "[{damage_monsters: {target: {which: each, at: any, kind: cthulhu}, amount: 30}}]")
    assert s["flags"].get("final_solved") and s["result"] is None
    s, _ = run_fx(s, "[{place_eldritch: {where: active_mystery, count: 1}}]")   # half of 2 investigators
    assert s["solved"][-1] == "rlyeh_risen"
    assert (s["result"]["winner"], s["result"]["reason"]) == ("investigators", "final_mystery")
