"""Setup (checklist A) and the mythos deck (B), for every player count."""
from collections import Counter

import pytest

from engine.eldritch.content import mythos_deck_counts
from engine.core.errors import RuleError
from eh_helpers import R, new, ok, settle

NAMES = ["ann", "bob", "cid", "dan", "eve", "fay", "gus", "hal"]
INVS = list(R.C.investigator_ids)


@pytest.mark.parametrize("count", range(1, 9))
def test_a1_a16_a20_a22_setup_for_every_player_count(count):
    """Checklist A1, A16, A20, A22, M1, M3. Seed 002: «Розмістіть на полі стільки воріт, скільки
    вказано на карті-пам'ятці.» / «Розмістіть на полі стільки доказів, скільки вказано на
    карті-пам'ятці.» / «Покладіть чотири верхні карти колоди активів горілиць у чотири комірки резерву»."""
    players = NAMES[:count]
    s = settle(new({p: [INVS[k]] for k, p in enumerate(players)}, seed=count))
    ref = R.C.reference(count)
    assert s["reference"] == ref["id"] and count in ref["players"]
    assert len(s["gates"]["board"]) == ref["gates"]
    assert len(s["reserve"]) == 4
    clues_on_board = sum(len(t) for t in s["clues"]["board"].values())
    assert clues_on_board >= ref["clues"]   # (a mystery may add none: Azathoth's first adds none)
    # every gate came with one monster (A20)
    assert len(s["monsters"]["board"]) >= ref["gates"]
    assert sorted(s["inv"]) == sorted(INVS[:count])
    ok(s)


def test_a1_one_player_runs_up_to_four_investigators_never_twice():
    """Checklist A1, M4. Seed 002: «Починаючи з головного дослідника і далі по черзі за
    годинниковою стрілкою, кожен гравець вибирає одного дослідника.» (solo: a player may run
    several investigators)."""
    s = new({"ann": INVS[:4]})
    assert [s["inv"][i]["player"] for i in s["order"]] == ["ann"] * 4
    assert s["reference"] == R.C.reference(4)["id"]
    with pytest.raises(RuleError) as e:
        R.new_game(["ann", "bob"], 1, {"investigators": {"ann": [INVS[0]], "bob": [INVS[0]]}})
    assert e.value.code == "duplicate_investigator"
    with pytest.raises(RuleError) as e:
        R.new_game(["ann"], 1, {"investigators": {"ann": INVS[:5]}})
    assert e.value.code == "investigator_count"


def test_a2_lead_is_chosen_at_random_when_not_agreed():
    """Checklist A2, C2. Seed 002: «Якщо домовитися не вдалося, виберіть головного дослідника
    навмання»."""
    leads = {R.new_game(["ann", "bob", "cid"], seed, {"ancient_one": "azathoth"})[0]["lead"] for seed in range(12)}
    assert len(leads) > 1
    s = new({"ann": [INVS[0]], "bob": [INVS[1]]}, lead="bob")
    assert s["lead"] == INVS[1] and s["order"][0] == INVS[1]


def test_a3_a4_a5_gate_stack_and_clue_pool():
    """Checklist A3, A4, J10. Seed 002: «Перемішайте дев'ять жетонів воріт і покладіть їх стосом
    долілиць» / «Перемішайте жетони доказів і покладіть їх долілиць»."""
    s = new()
    g = s["gates"]
    assert len(g["stack"]) + len(g["board"]) == 9 and g["discard"] == []
    total = len(s["clues"]["pool"]) + len(s["clues"]["discard"]) + \
        sum(len(t) for t in s["clues"]["board"].values()) + sum(len(i["clues"]) for i in s["inv"].values())
    assert total == 36
    a, b = new(seed=1), new(seed=2)
    assert a["gates"]["stack"] != b["gates"]["stack"] or a["clues"]["pool"] != b["clues"]["pool"]


def test_a6_a7_a8_start_space_possessions_health_sanity():
    """Checklist A6, A7, A8. Seed 002: «Він бере всі вказані карти активів та/або заклинань.» /
    «Далі гравець отримує стільки жетонів здоров'я і розуму, скільки вказано на лиці його листа»."""
    s = new({"ann": ["akachi_onyele", "mark_harrigan"]})
    ak, mk = s["inv"]["akachi_onyele"], s["inv"]["mark_harrigan"]
    assert ak["space"] == "space_15" and mk["space"] == "space_14"
    assert [R.card_id(b) for b in ak["spells"]] == ["mists_of_releh"] and len(ak["clues"]) == 1
    assert sorted(mk["assets"]) == ["kerosene", "revolver_38"]
    assert (ak["health"], ak["sanity"]) == (5, 7) and (mk["health"], mk["sanity"]) == (8, 4)
    # taken by name before the reserve was dealt: never in the reserve
    assert "kerosene" not in s["reserve"] and "revolver_38" not in s["reserve"]


def test_a9_a17_a18_ancient_one_setup_doom_and_omen():
    """Checklist A9, A17, A18. Seed 002: «Розмістіть жетон приреченості на поділіці треку
    приреченості, указаний у верхньому лівому куті листа Стародавнього.» / «Розмістіть жетон
    передвістя на зеленому символі (кометі) треку передвість.»"""
    for ao, doom in (("azathoth", 15), ("cthulhu", 12), ("shub_niggurath", 13), ("yog_sothoth", 14)):
        s = new(ao=ao)
        assert s["doom"] == doom and R.omen(s) == "green"
    assert new(ao="azathoth")["omen_eldritch"] == 1   # Azathoth's token on the comet


def test_a10_a22_cup_excludes_epic_and_set_aside():
    """Checklist A10, I22, J8. Seed 002: «Не кладіть жетони епічних монстрів у чашу.»"""
    s = new(ao="shub_niggurath")
    assert not any(R.C.monsters[k]["epic"] for k in s["monsters"]["cup"])
    normal = Counter(s["monsters"]["cup"]) + Counter(s["monsters"]["set_aside"]) + Counter(
        m["kind"] for m in s["monsters"]["board"].values() if not R.C.monsters[m["kind"]]["epic"])
    assert sum(s["monsters"]["set_aside"].values()) + sum(
        1 for m in s["monsters"]["board"].values() if m["kind"] in ("ghoul", "goat_spawn", "dark_young")) == 5
    assert all(R.C.monsters[k]["epic"] for k in s["monsters"]["box"])
    assert sum(normal.values()) == 34


def test_a11_a12_a13_a14_decks():
    """Checklist A11-A14. Seed 002: «Затасуйте в одну колоду всі карти експедиційних зустрічей
    (незалежно від їхнього звороту).» / «Покладіть ці колоди горілиць, щоб було видно назву й
    ілюстрацію верхньої карти.»"""
    s = new(ao="cthulhu")
    assert "research_cthulhu" in s["decks"] and "research_azathoth" not in s["decks"]
    assert "rlyeh_risen" in s["decks"] and "the_key_and_the_gate" not in s["decks"]
    assert len(s["decks"]["expedition"]["draw"]) == 18
    assert sorted(s["decks"]["mysteries"]["draw"] + [s["mystery"]["id"]]) == \
        sorted(m["id"] for m in R.C.ancient_ones["cthulhu"]["mysteries"])
    view = R.view(s, None)
    assert view["spell_top"] in R.C.spells and view["condition_top"] in R.C.conditions   # face up


def test_a19_a21_reserve_and_active_expedition():
    """Checklist A19, A21, M3. Seed 002: «Розмістіть жетон поточної експедиції в локації,
    зображеній на звороті верхньої карти колоди експедиційних зустрічей.»"""
    s = new()
    top = s["decks"]["expedition"]["draw"][0]
    assert s["expedition"] == R.C.decks["expedition"]["cards"][top]["location"]
    assert all(a in R.C.assets for a in s["reserve"]) and len(s["reserve"]) == 4


def test_a23_first_mystery_enters_play():
    """Checklist A23, L5. Seed 002: «Насамкінець візьміть одну карту таємниці й покладіть
    горілиць біля листа Стародавнього, потім застосуйте всі ефекти з секції «Коли ця карта
    входить у гру».»"""
    s = new(setup={"mystery": "seed_of_the_daemon_sultan"})
    assert s["mystery"]["id"] == "seed_of_the_daemon_sultan"
    assert s["mystery_token"] == "tunguska"   # its enters-play effect ran


def test_a20_gate_monster_is_spawned_with_its_spawn_text():
    """Checklist A20 [R] and J2: the monster that comes with a gate is spawned, so its «коли
    цей монстр з'являється» text applies (the Colour Out of Space goes to Tunguska)."""
    s = new(setup={"gates": ["rome"], "cup": ["colour_out_of_space"]})
    kinds = {m["kind"]: m["space"] for m in s["monsters"]["board"].values()}
    assert "rome" in s["gates"]["board"]
    assert kinds["colour_out_of_space"] == "tunguska"


@pytest.mark.parametrize("ao", ["azathoth", "cthulhu", "shub_niggurath", "yog_sothoth"])
def test_b1_b5_mythos_deck_per_ancient_one(ao):
    """Checklist A15, B1-B5. Seed 002: «Створіть колоду міту згідно з указівками в секції «Колода
    міту» на листі Стародавнього.» Stage I lies on stage II, II on III."""
    s = new(ao=ao)
    table = mythos_deck_counts(R.pack, ao)
    deck = s["mythos"]["deck"]
    assert len(deck) == R.C.ancient_ones[ao]["mythos_deck_size"]
    k = 0
    for stage in ("stage_1", "stage_2", "stage_3"):
        n = sum(table[stage].values())
        colours = Counter(R.C.mythos[c]["colour"] for c in deck[k:k + n])
        assert colours == Counter({c: v for c, v in table[stage].items() if v})
        k += n
    assert sorted(deck + s["mythos"]["box"]) == sorted(R.C.mythos)   # the rest boxed unseen
    assert R.view(s, None)["mythos"]["deck"] == len(deck) and "box" not in R.view(s, None)["mythos"]


def test_a24_difficulty_boxes_hard_or_easy_mythos():
    """Checklist A24, M5. Seed 002 (варіанти): easy boxes every hard mythos card, hard every easy one."""
    easy = new(difficulty="easy")
    assert not any(R.C.mythos[c]["difficulty"] == "hard" for c in easy["mythos"]["deck"])
    hard = new(difficulty="hard", ao="azathoth")
    assert not any(R.C.mythos[c]["difficulty"] == "easy" for c in hard["mythos"]["deck"])
    rumor = new(starting_rumor=True)
    assert any(R.C.mythos[m["id"]]["trait"] == "rumor" for m in rumor["mythos"]["in_play"])


def test_b7_short_colour_builds_with_what_is_left():
    """Checklist B7 [R] (ruling: data/eldritch/README.md, `mythos_deck_counts`). Seed 002 (1761):
    «Створюючи колоду міту, гравці можуть **спростити** гру, поклавши всі складні карти міту (з
    мацаками) в коробку. Або, навпаки, **ускладнити** гру, поклавши в коробку всі легкі карти міту (із
    блакитною печаткою).» — the seed does not say what happens when a colour then runs short: the deck
    is built with what is left of that colour and the shortfall is announced."""
    from engine.eldritch.content import build_mythos_deck, mythos_deck_counts, mythos_shortfall
    from engine.core.rng import Rng
    greens = [m for m, d in R.C.mythos.items() if d["colour"] == "green"][:2]
    others = [m for m, d in R.C.mythos.items() if d["colour"] != "green"]
    deck, missing = R.build_short_mythos("azathoth", Rng(Rng.new_state(3)), None, pool=set(greens + others))
    table = R.C.ancient_ones["azathoth"]["mythos"]
    need = sum(table[st]["green"] for st in table)
    assert missing == {"green": need - 2}
    assert sum(1 for c in deck if R.C.mythos[c]["colour"] == "green") == 2
    assert len(deck) == R.C.ancient_ones["azathoth"]["mythos_deck_size"] - (need - 2)
    assert [R.C.mythos[c]["colour"] for c in deck].index("green") < table["stage_1"]["green"] + \
        table["stage_1"]["yellow"] + table["stage_1"]["blue"]      # stage I gets the greens left first
    with pytest.raises(ValueError):                                 # the strict check still refuses
        mythos_deck_counts(R.pack, "azathoth", pool=set(greens + others))
    assert mythos_shortfall(R.pack, "azathoth", "hard") == {}       # the real box: no variant runs short
    assert build_mythos_deck(R.pack, "azathoth", Rng(Rng.new_state(3)), "hard", short_ok=True) == \
        build_mythos_deck(R.pack, "azathoth", Rng(Rng.new_state(3)), "hard")   # same deck when nothing is short


def test_b7_a_game_whose_variant_leaves_a_colour_short_announces_it():
    """Checklist B7 [R]: a game set up with such a variant starts, with the shorter deck and a
    ``mythos_shortfall`` event naming the colour and the count."""
    from engine.eldritch.rules import EldritchRules
    pack = R.pack.model_copy(deep=True)
    greens = [m for m in pack.mythos.mythos if m.colour == "green"]
    for m in greens[1:]:
        object.__setattr__(m, "difficulty", "hard")              # all but one green card are hard
    rules = EldritchRules(pack)
    s, ev = rules.new_game(["ann"], 1, {"ancient_one": "azathoth", "investigators": {"ann": ["leo_anderson"]},
                                        "lead": "ann", "difficulty": "easy"}, {})
    table = R.C.ancient_ones["azathoth"]["mythos"]
    need = sum(table[st]["green"] for st in table)
    short = next(e for e in ev if e["type"] == "mythos_shortfall")
    assert short["missing"] == {"green": need - 1}
    assert len(s["mythos"]["deck"]) == R.C.ancient_ones["azathoth"]["mythos_deck_size"] - (need - 1)
    assert [c for c in s["mythos"]["deck"] if R.C.mythos[c]["colour"] == "green"] == [greens[0].id]
