"""Setup, Appendix IV steps 1-17 (checklist A 1-20, S 179-180). Seed: shared/seeds/000 lines."""
from collections import Counter

import pytest

from engine.core.errors import RuleError
from engine.core.events import visible_to
from engine.unfathomable.common import NON_TREACHERY, SKILL_TYPES, card_type

from .helpers import CHARS, game, rules


def new(n=4, seed=1, options=None, **setup):
    r = rules()
    s, events = r.new_game([f"p{i + 1}" for i in range(n)], seed=seed, options=options or {}, setup=setup)
    return r, s, events


def finish_setup(r, s, events=None, hands=None):
    """Answer every setup prompt: characters by default, starting hands as given (else default)."""
    events = [] if events is None else events
    while not s.get("setup_done"):
        prompt = r.prompts(s)[0]
        if prompt["kind"] == "starting_hand" and hands and prompt["player"] in hands:
            events += r.apply_in_place(s, {"player": prompt["player"], "type": "starting_hand",
                                           "types": hands[prompt["player"]]})
        else:
            assert prompt["kind"] in ("character", "starting_hand"), prompt
            events += r.apply_in_place(s, {"player": prompt["player"], "type": "default"})
    return events


def all_skill_cards(s):
    cards = list(s["chaos"])
    for t in SKILL_TYPES:
        cards += s["decks"][t] + s["discards"][t]
    for hand in s["hands"].values():
        cards += hand
    return cards


def test_c001_components_are_the_box():
    """Checklist 1. «Кількість усіх ігрових компонентів обмежена їхньою фактичною кількістю в
    коробці.» [2299]"""
    r, s, _ = new(5)
    finish_setup(r, s)
    assert s["deep_one_supply"] + sum(s["deep_ones"].values()) == 20
    assert len(s["passenger_faces"]) == 9
    cards = all_skill_cards(s)
    assert len(cards) == len(set(cards)) == 6 * 21
    assert Counter(card_type(c) for c in cards) == {t: 21 for t in SKILL_TYPES}
    assert len(s["mythos_deck"]) == 70 and len(s["course_deck"]) == 20 and len(s["spell_deck"]) == 20
    assert len(s["item_deck"]) + sum(len(v) for v in s["items"].values()) == 20
    assert len(s["damage_deck"]) == 9
    assert len(s["loyalty_deck"]) + sum(len(v) for v in s["loyalty"].values()) == 10
    assert len(s["characters"]) + len(s["removed_from_game"]) == 10


def test_c002_setup_order_hands_before_titles_and_loyalty():
    """Checklist 2. Appendix IV: «9. ВИБЕРІТЬ ПЕРСОНАЖІВ» ... «13. ВІЗЬМІТЬ КАРТИ ВМІНЬ» ...
    «17. РОЗДАЙТЕ КАРТИ ЛОЯЛЬНОСТІ» [2891-3003]: characters first, then starting hands, then the
    titles and the loyalty deal; nobody sees a loyalty card while choosing a starting hand."""
    r, s, events = new(4, seed=5)
    kinds = []
    while not s.get("setup_done"):
        prompt = r.prompts(s)[0]
        kinds.append(prompt["kind"])
        if prompt["kind"] == "starting_hand":
            assert all(not v for v in s["loyalty"].values())
            assert all(e["type"] != "loyalty_dealt" for e in events)
            assert all(v is None for v in s["titles"].values())
        events += r.apply_in_place(s, {"player": prompt["player"], "type": "default"})
    assert kinds == ["character"] * 4 + ["starting_hand"] * 3
    assert all(len(v) == 1 for v in s["loyalty"].values())
    assert all(v is not None for v in s["titles"].values())
    assert [e["type"] for e in events].index("title_passed") < [e["type"] for e in events].index("loyalty_dealt")


def test_c003_c004_tracks_at_start_dials_at_8():
    """Checklist 3-4. «Покладіть жетон подорожі та жетон ритуалу на клітинки «Початок» відповідних
    треків.» [2837] «Виставте на кожному лічильнику значення «8».» [2845]"""
    r, s = game(4)
    assert s["tracks"] == {"journey": 0, "ritual": 0}
    assert s["distance"] == 0 and s["course_played"] == []
    assert s["resources"] == {"fuel": 8, "food": 8, "sanity": 8, "souls": 8}


def test_c005_passengers_face_down_shuffled():
    """Checklist 5. «Переверніть усі жетони пасажирів долілиць і ретельно перемішайте.» [2853]"""
    orders = set()
    for seed in range(6):
        r, s = game(4, seed=seed)
        tokens = s["passenger_supply"] + [t for v in s["passengers"].values() for t in v]
        assert sorted(tokens) == sorted(s["passenger_faces"]) and len(tokens) == 9
        orders.add(tuple(s["passenger_faces"][t] for t in sorted(s["passenger_faces"])))
        view = r.view(s, "p1")
        for face in set(s["passenger_faces"].values()):
            assert face not in str(view)
    assert len(orders) > 1


def test_c006_skill_decks_shuffled_separately():
    """Checklist 6. «Розділіть карти вмінь за типами ..., перетасуйте кожну колоду окремо й
    покладіть їх долілиць» [2871]"""
    r, s = game(4, seed=2)
    r2, s2 = game(4, seed=3)
    for t in SKILL_TYPES:
        assert all(card_type(c) == t for c in s["decks"][t])
        assert s["discards"][t] == []
    assert any(s["decks"][t] != s2["decks"][t] for t in SKILL_TYPES)
    assert len(s["decks"]["treachery"]) == 21   # a deck of its own, untouched by the chaos deck


def test_c007_damage_mythos_monsters_passengers():
    """Checklist 7. «Перетасуйте колоду пошкоджень ... Перетасуйте колоду міту» [2877]
    «Розмістіть Батька Дагона й Мати Гідру в Глибинах. Розмістіть глибоководних і жетони
    пасажирів, як показано на малюнку.» [2883]"""
    r, s = game(4, seed=2)
    _, s2 = game(4, seed=9)
    assert s["mythos_deck"] != s2["mythos_deck"] or s["damage_deck"] != s2["damage_deck"]
    assert s["monarchs"] == {"mother_hydra": "depths", "father_dagon": "depths"}
    on_board = {z: n for z, n in s["deep_ones"].items() if n}
    assert on_board == {"w1": 2, "w2": 2, "d1": 1, "d2": 1}
    assert s["deep_one_supply"] == 14
    assert {z: len(v) for z, v in s["passengers"].items() if v} == {"d3": 1, "d4": 1}
    assert len(s["passenger_supply"]) == 7
    assert s["damage"] == {}


def test_c008_chaos_deck_two_of_each_non_treachery():
    """Checklist 8. «Візьміть по 2 карти з кожної колоди вмінь (крім зради) і, не дивлячись,
    перетасуйте їх, щоб утворити колоду хаосу.» [2889]"""
    r, s = game(4, seed=4)
    assert Counter(card_type(c) for c in s["chaos"]) == {t: 2 for t in NON_TREACHERY}
    for t in NON_TREACHERY:   # the rest: the deck, and what the first player drew since
        assert len(s["decks"][t]) + sum(card_type(c) == t for c in s["hands"]["p1"]) == 19
    assert r.view(s, None)["chaos_count"] == 10
    assert not any(c in str(r.view(s, "p1")) for c in s["chaos"])


def test_c009_first_player_random_characters_clockwise():
    """Checklist 9. «Навмання виберіть поточного гравця ... Потім, починаючи з поточного гравця і
    далі за годинниковою стрілкою, кожен гравець вибирає собі персонажа ... Решту планшетів
    персонажів поверніть у коробку.» [2895]"""
    firsts = set()
    for seed in range(12):
        r, s, _ = new(4, seed=seed)
        firsts.add(s["first_player"])
    assert len(firsts) > 1
    r, s, _ = new(4, seed=3, seats=["p3", "p1", "p4", "p2"], first_player="p4")
    asked = []
    while r.prompts(s) and r.prompts(s)[0]["kind"] == "character":
        prompt = r.prompts(s)[0]
        asked.append(prompt["player"])
        offered = [o["character"] for o in prompt["options"]]
        assert not set(offered) & set(s["characters"].values())     # no character twice
        assert len(offered) == 10 - len(s["characters"])
        r.apply_in_place(s, {"player": prompt["player"], "type": "character", "character": offered[-1]})
    assert asked == ["p4", "p2", "p3", "p1"]
    finish_setup(r, s)
    assert len(set(s["characters"].values())) == 4
    assert sorted(s["removed_from_game"]) == sorted(set(CHARS + ["jamie", "beatrice", "ishmael", "edmund"])
                                                    - set(s["characters"].values()))


def test_c009_taken_character_refused():
    """Checklist 9: no character twice (an illegal answer raises and changes nothing)."""
    r, s, _ = new(3, seed=1, first_player="p1")
    r.apply_in_place(s, {"player": "p1", "type": "character", "character": "william"})
    before = r.view(s, None)
    with pytest.raises(RuleError):
        r.apply(s, {"player": "p2", "type": "character", "character": "william"})
    assert r.view(s, None) == before


@pytest.mark.parametrize("character", ["keilani", "arjun", "svetlana", "jeanne", "jamie", "william",
                                       "beatrice", "ishmael", "edmund", "samira"])
def test_c010_c011_c012_feat_item_start_zone(character):
    """Checklist 10-12. «Кожен гравець бере карту зв'язки й фішку вибраного персонажа» [2907];
    «Кожен гравець бере з колоди предметів стартові предмети, указані на звороті його планшета
    персонажа ... Перетасуйте решту карт, щоб утворити колоду предметів» [2927]; «Кожен гравець
    розміщує фішку свого персонажа на полі, як вказано на планшеті персонажа.» [2941]"""
    r = rules()
    others = [c for c in CHARS + ["jamie"] if c != character][:2]
    r_, s = game(3, characters={"p1": character, "p2": others[0], "p3": others[1]})
    ch = r.pack.character(character)
    assert s["feats"]["p1"] == ch.feat
    assert s["items"]["p1"] == [ch.starting_item]
    assert ch.starting_item not in s["item_deck"]
    assert s["zone_of"]["p1"] == ch.start_zone
    absent = [c for c in r.pack.characters.characters if c.id not in s["characters"].values()]
    for c in absent:   # starters of absent characters are shuffled into the item deck
        assert c.starting_item in s["item_deck"]


def test_c013_starting_hands_any_three_of_the_set():
    """Checklist 13. «Починаючи з гравця ліворуч від поточного гравця і далі за годинниковою
    стрілкою, кожен гравець бере будь-які 3 карти вмінь зі свого набору умінь. Поточний гравець
    починає гру без карт у руці.» [2950] «Вільям Бовлеґ вирішує взяти для статової руки дві карти
    знань і одну карту волі.» [2954]"""
    r, s, _ = new(4, seed=7, first_player="p2",
                  characters={"p1": "keilani", "p2": "arjun", "p3": "william", "p4": "jeanne"})
    order = []
    while not s.get("setup_done"):
        prompt = r.prompts(s)[0]
        assert prompt["kind"] == "starting_hand" and prompt["shape"] == "subset"
        order.append(prompt["player"])
        if prompt["player"] == "p3":   # William: 3 Will is more Will than the set lists
            assert prompt["subset"]["min"] == prompt["subset"]["max"] == 3
            with pytest.raises(RuleError):
                r.apply(s, {"player": "p3", "type": "starting_hand", "types": ["will", "will", "will"]})
            r.apply_in_place(s, {"player": "p3", "type": "starting_hand", "types": ["lore", "will", "lore"]})
        else:
            r.apply_in_place(s, {"player": prompt["player"], "type": "default"})
    assert order == ["p3", "p4", "p1"]
    # the first player's hand holds only what their first Receive Skills step drew
    assert len(s["hands"]["p2"]) == len(r.set_types(s, "p2")) and s["turn"]["player"] == "p2"
    assert sorted(card_type(c) for c in s["hands"]["p3"]) == ["lore", "lore", "will"]
    for p in ("p1", "p4"):
        assert len(s["hands"][p]) == 3
        have = Counter(card_type(c) for c in s["hands"][p])
        assert not have - Counter(r.skill_set(s, p))


def test_c014_titles_to_the_highest_on_each_line():
    """Checklist 14. «Перетасуйте карти курсу та видайте колоду й карту капітана гравцеві, чий
    персонаж стоїть найвище в порядку передання посади» [2958]; «Перетасуйте карти заклинань і
    дайте колоду й карту хранителя гримуара гравцеві, чий персонаж стоїть найвище» [2974]"""
    r, s = game(3, characters={"p1": "william", "p2": "jeanne", "p3": "samira"})
    assert s["titles"] == {"captain": "p2", "keeper_of_the_tome": "p1"}
    r, s = game(4, characters={"p1": "samira", "p2": "edmund", "p3": "svetlana", "p4": "keilani"})
    assert s["titles"] == {"captain": "p4", "keeper_of_the_tome": "p2"}
    _, s2 = game(4, seed=8)
    assert s["course_deck"] != s2["course_deck"] or s["spell_deck"] != s2["spell_deck"]


@pytest.mark.parametrize("n,expected", [(3, {"hybrid": 1, "human": 5}), (4, {"hybrid": 1, "cultist": 1, "human": 6}),
                                        (5, {"hybrid": 2, "human": 8}), (6, {"hybrid": 2, "cultist": 1, "human": 9})])
def test_c015_c016_c180_loyalty_deck_and_deal(n, expected):
    """Checklist 15-16, 180. «КАРТИ ЛОЯЛЬНОСТІ ГІБРИДІВ 1 1 2 2 / КУЛЬТИСТІВ 0 1 0 1 / ЛЮДЕЙ 5 6 8
    9» [2993-2995]; «Перетасуйте колоду та роздайте по одній карті лояльності кожному гравцеві, не
    відкриваючи цих карт.» [3003]"""
    r, s, events = new(n, seed=n)
    events = finish_setup(r, s, events)
    dealt = Counter(c for v in s["loyalty"].values() for c in v)
    assert dealt + Counter(s["loyalty_deck"]) == expected
    assert sum(expected.values()) == 2 * n     # checklist 180: empty after the Awakening
    assert all(len(v) == 1 for v in s["loyalty"].values())
    for e in events:
        if e["type"] == "loyalty_dealt":
            assert e["audience"] == [e["player"]] and e["cards"] == s["loyalty"][e["player"]]
    counts = [e for e in events if e["type"] == "loyalty_counts"]
    assert counts and counts[0]["audience"] == "all" and set(counts[0]["counts"].values()) == {1}
    for p in s["players"]:
        view = r.view(s, p)
        assert view["you"]["loyalty"] == s["loyalty"][p]
        assert view["loyalty_counts"] == {q: 1 for q in s["players"]}


def test_c017_first_game():
    """Checklist 17. «Кожен гравець (крім поточного гравця) бере п'ять карт, указаних у нижній
    частині його планшета персонажа.» [216] «КАРТИ ЛОЯЛЬНОСТІ ЛЮДЕЙ 5 7 8 10» [260] «Карти
    лояльності роздають після того, як кожен виконає по одному ходу.» [272] Recommended
    characters: «ЧОТИРИ ГРАВЦІ. Арджан Сінґх, Жанна Лафарж, Саміра Дуале, Вільям Бовлеґ.» [169]"""
    r, s, events = new(4, seed=3, options={"first_game": True}, first_player="p1")
    offered = [o["character"] for o in r.prompts(s)[0]["options"]]
    assert sorted(offered) == ["arjun", "jeanne", "samira", "william"]
    finish_setup(r, s, events)
    assert len(s["hands"]["p1"]) == len(r.set_types(s, "p1"))   # their first Receive Skills only
    for p in ("p2", "p3", "p4"):
        assert Counter(card_type(c) for c in s["hands"][p]) == r.skill_set(s, p)
    assert all(v == [] for v in s["loyalty"].values())
    assert Counter(s["loyalty_deck"]) == {"hybrid": 1, "human": 7}
    assert s["options"]["cultist"] is False
    assert s["resources"] == {"fuel": 8, "food": 8, "sanity": 8, "souls": 8}
    # after every player took one turn: one card each, at the start of the next turn
    ev = []
    s["turns_taken"] = 3
    r._run_turn_start(s, {"player": "p4"}, ev)
    assert all(v == [] for v in s["loyalty"].values())
    s["turns_taken"] = 4
    r._run_turn_start(s, {"player": "p1"}, ev)
    assert all(len(v) == 1 for v in s["loyalty"].values()) and len(s["loyalty_deck"]) == 4
    r._run_turn_start(s, {"player": "p2"}, ev)   # only once
    assert len(s["loyalty_deck"]) == 4


@pytest.mark.parametrize("n", [3, 5, 6])
def test_c017_first_game_loyalty_decks(n):
    """Checklist 17. «КАРТИ ЛОЯЛЬНОСТІ ГІБРИДІВ 1 1 2 2 / КАРТИ ЛОЯЛЬНОСТІ ЛЮДЕЙ 5 7 8 10» [258-260];
    «Карту лояльності культиста не використовують.» [290]"""
    r, s, _ = new(n, seed=1, options={"first_game": True})
    finish_setup(r, s)
    assert Counter(s["loyalty_deck"]) == {3: {"hybrid": 1, "human": 5}, 5: {"hybrid": 2, "human": 8},
                                          6: {"hybrid": 2, "human": 10}}[n]
    first = r.pack.setup.first_game_characters[n]
    assert sorted(s["characters"].values()) == sorted(first)


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_c018_no_cultist_variant(n):
    """Checklist 18. «граючи вчотирьох або шістьох, додайте додаткову карту лояльності «Людина» в
    колоду лояльності та встановіть такі значення на лічильниках: Пальне – 7, Їжа – 6, Розум – 6,
    Душі – 7» [2741-2746]"""
    r, s, _ = new(n, seed=1, options={"cultist": "false"})
    finish_setup(r, s)
    cards = Counter(s["loyalty_deck"]) + Counter(c for v in s["loyalty"].values() for c in v)
    assert "cultist" not in cards and sum(cards.values()) == 2 * n
    if n in (4, 6):
        assert s["resources"] == {"fuel": 7, "food": 6, "sanity": 6, "souls": 7}
        assert cards["human"] == {4: 7, 6: 10}[n]
    else:
        assert s["resources"] == {"fuel": 8, "food": 8, "sanity": 8, "souls": 8}


def test_c019_difficulty():
    """Checklist 19. «Щоб полегшити гру людям, збільште всі стартові ресурси на 2. Щоб полегшити
    гру зрадникам, зменште всі стартові ресурси на 2.» [2754-2756]; [R] after the no-Cultist values."""
    _, s = game(4, options={"difficulty": "easier"})
    assert set(s["resources"].values()) == {10}
    _, s = game(4, options={"difficulty": "harder"})
    assert set(s["resources"].values()) == {6}
    _, s = game(4, options={"difficulty": "harder", "cultist": False})
    assert s["resources"] == {"fuel": 5, "food": 4, "sanity": 4, "souls": 5}
    _, s = game(6, options={"difficulty": "easier", "cultist": False})
    assert s["resources"] == {"fuel": 9, "food": 8, "sanity": 8, "souls": 9}
    with pytest.raises(RuleError):
        game(4, options={"difficulty": "nightmare"})


def test_c020_cultist_only_with_4_or_6_never_in_the_first_game():
    """Checklist 20. «Культист (гравець із картою лояльності «Культист», яку використовують лише в
    грі вчотирих або вшістьох)» [2261]; «*Для вашої першої партії замініть карту лояльності
    культиста додатковою картою лояльності людини.» [1286]"""
    r = rules()
    for n in (3, 4, 5, 6):
        r2, s, _ = new(n, seed=2)
        deck = r.loyalty_deck_for(s)
        assert ("cultist" in deck) == (n in (4, 6))
        r2, s, _ = new(n, seed=2, options={"first_game": True})
        assert "cultist" not in r.loyalty_deck_for(s)
    with pytest.raises(RuleError):
        new(4, options={"first_game": True, "cultist": True})
    with pytest.raises(RuleError):
        new(4, options={"variant": 1})


@pytest.mark.parametrize("n", [2, 7])
def test_c179_three_to_six_players(n):
    """Checklist 179. «Для 3–6 гравців» [15]: other counts are refused."""
    with pytest.raises(RuleError):
        new(n)


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_c179_every_count_plays_the_same_setup(n):
    """Checklist 179: everything but the loyalty deck (and the tutorial characters) is the same."""
    r, s, _ = new(n, seed=11)
    finish_setup(r, s)
    assert len(s["chaos"]) == 10 and s["deep_one_supply"] == 14
    first = s["first_player"]
    assert sum(len(h) for p, h in s["hands"].items() if p != first) == 3 * (n - 1)
    assert s["turn"]["player"] == s["first_player"]


def test_setup_events_private():
    """Checklist 16/182: starting hands are told only to their holder."""
    r, s, events = new(4, seed=3)
    events = finish_setup(r, s, events)
    for e in events:
        if "cards" in e and e["type"] not in ("game_over",):
            holder = e.get("player")
            for p in s["players"]:
                if p != holder:
                    assert not visible_to(e, p), e
