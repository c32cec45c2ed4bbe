"""The Unfathomable content pack loads, resolves, matches the rulebook and fails loudly when broken."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from engine.content import DATA_ROOT, ContentError, SummaryRow, load_pack
from engine.unfathomable import content as pack_module
from engine.unfathomable.content_effects import CONDITIONS, PRIMITIVES, walk

PACK_DIR = DATA_ROOT / "unfathomable"

# The rulebook's component list (UA "Як грати", КОМПОНЕНТИ), typed in by hand.
RULEBOOK_COUNTS = {
    "mythos cards": 70, "course cards": 20, "ship damage cards": 9, "item cards": 20,
    "spell cards": 20, "feat cards": 10, "loyalty cards": 14, "skill cards": 126,
    "passenger tokens": 9, "characters": 10, "player reference cards": 6, "traitor reference cards": 3,
    "resource dials": 4, "Deep One figures": 20,
}

# UA Appendix IV / RU Appendix IV (hybrid, cultist, human) and the no-Cultist replacement.
RULEBOOK_LOYALTY = {
    3: {"hybrid": 1, "cultist": 0, "human": 5},
    4: {"hybrid": 1, "cultist": 1, "human": 6},
    5: {"hybrid": 2, "cultist": 0, "human": 8},
    6: {"hybrid": 2, "cultist": 1, "human": 9},
}
RULEBOOK_LOYALTY_NO_CULTIST = {
    3: {"hybrid": 1, "cultist": 0, "human": 5},
    4: {"hybrid": 1, "cultist": 0, "human": 7},
    5: {"hybrid": 2, "cultist": 0, "human": 8},
    6: {"hybrid": 2, "cultist": 0, "human": 10},
}


@pytest.fixture(scope="module")
def pack():
    return pack_module.load()


def test_load_pack_through_registry(pack):
    loaded = load_pack("unfathomable")
    assert isinstance(loaded, pack_module.UnfathomablePack)
    assert loaded.data_dir == PACK_DIR
    assert [c.id for c in loaded.characters.characters] == [c.id for c in pack.characters.characters]


def test_summary_matches_rulebook_component_list(pack):
    rows = {row.name: row for row in pack_module.summary(pack)}
    assert all(isinstance(row, SummaryRow) for row in rows.values())
    for name, count in RULEBOOK_COUNTS.items():
        assert rows[name].count == count, name
        assert rows[name].expected == count, name
    for deck in ("influence", "lore", "observation", "strength", "will", "treachery"):
        assert rows[f"skill: {deck}"].count == 21
    assert rows["chaos deck (built at setup)"].count == 10


def test_component_shapes(pack):
    assert sorted(m.kind for m in pack.mythos.mythos).count("choice") == 21
    assert sum(m.kind == "skill_check" for m in pack.mythos.mythos) == 30
    assert sum(m.kind == "combined" for m in pack.mythos.mythos) == 19
    assert {m.personal for m in pack.mythos.mythos if m.personal} == {c.id for c in pack.characters.characters}
    assert sorted(c.distance for c in pack.course.course_cards) == [2] * 7 + [3] * 9 + [4] * 4
    assert sum(d.placed for d in pack.damage.damage_cards) == 6
    assert {c.id: c.copies for c in pack.loyalty.cards} == {"human": 10, "hybrid": 3, "cultist": 1}
    assert sorted(p.copies for p in pack.passengers.passengers) == [1, 1, 2, 5]
    assert [u.upgrade for u in pack.items.items if u.upgrade] == ["influence", "lore", "observation", "strength", "will"]
    assert {i.starting_item_of for i in pack.items.items if i.starting_item_of} == {c.id for c in pack.characters.characters}
    assert len({s.id for s in pack.spells.spells}) == 19
    for deck in pack.skill_cards.decks:
        values = {}
        for card in deck.cards:
            for value, n in card.copies.items():
                values[value] = values.get(value, 0) + n
        assert values == {1: 7, 2: 5, 3: 4, 4: 3, 5: 2}, deck.type


def test_board_geometry(pack):
    zones = {z.id: z for z in pack.board.zones}
    assert sum(z.kind == "water" for z in zones.values()) == 8
    assert sum(z.kind == "deck" for z in zones.values()) == 8
    assert sorted(n for z in zones.values() for n in z.numbers) == list(range(1, 9))
    assert zones["w5"].arrow == "d5" and zones["d5"].arrow == "cargo_hold"
    assert zones["galley"].numbers == [6]
    # rulebook example: roll 6, Galley damaged -> the highest-numbered neighbour, the Boiler Room
    assert pack.board.damage_redirect.priority["galley"][1] == "boiler_room"
    assert zones["captains_cabin"].action.effect[1].spec.target == 8
    assert zones["brig"].action.effect[0].spec.positive == ["lore", "strength"]


def test_worked_examples_from_the_rulebook(pack):
    cards = {m.id: m for m in pack.mythos.mythos}
    riot = cards["food_stores_raid"].crisis[0].spec
    assert (riot.target, riot.partial, riot.positive) == (11, 8, ["influence", "strength"])
    assert cards["food_stores_raid"].name.uk == "Голодний бунт"
    brigade = cards["bucket_brigade"]
    assert brigade.decider == "captain" and brigade.crisis[0].spec.options[0].effect[0].spec.target == 16
    harm = cards["do_no_harm"]
    assert harm.personal == "svetlana" and harm.crisis[0].spec.options[0].effect[0].spec.target == 13


def test_every_reference_resolves(pack):
    zones = {z.id for z in pack.board.zones}
    characters = {c.id for c in pack.characters.characters}
    hooks = {h.id for h in pack.hooks.hooks}
    used_hooks = set()
    steps = 0
    for m in pack.mythos.mythos:
        for _, kind, value in walk(m.crisis):
            if kind == "zone":
                assert value in zones
            if kind == "hook":
                used_hooks.add(value)
            if kind == "step":
                assert value.name in PRIMITIVES
                steps += 1
            if kind == "condition":
                assert value.name in CONDITIONS
    for tree in [c.effect for c in pack.course.course_cards] + [s.effect for s in pack.spells.spells] \
            + [c.traitor_ability for c in pack.characters.characters]:
        used_hooks |= {v for _, k, v in walk(tree) if k == "hook"}
    assert steps > 200
    assert used_hooks == hooks  # every hook is used and documented
    assert all(c.start_zone in zones for c in pack.characters.characters)
    assert all(set(t.succession) == characters for t in pack.titles.titles)
    assert pack.titles.titles[0].succession[0] == "keilani"
    assert pack.titles.titles[1].succession[0] == "william"


def test_every_entry_has_provenance_and_names(pack):
    entries = [*pack.board.zones, *pack.characters.characters, *pack.items.items, *pack.spells.spells,
               *pack.feats.feats, *pack.mythos.mythos, *pack.course.course_cards, *pack.damage.damage_cards,
               *pack.loyalty.cards, *pack.passengers.passengers, *pack.titles.titles, *pack.tracks.tracks,
               *pack.resources.resources, *pack.reference_cards.reference_cards]
    assert len(entries) >= 200
    for entry in entries:
        assert entry.provenance in ("official", "authored")
        assert entry.name.en


def test_loyalty_deck_derived_from_data_matches_rulebook(pack):
    for players in (3, 4, 5, 6):
        assert pack_module.loyalty_deck(pack, players, cultist=True) == RULEBOOK_LOYALTY[players]
        assert pack_module.loyalty_deck(pack, players, cultist=False) == RULEBOOK_LOYALTY_NO_CULTIST[players]
        assert sum(pack_module.loyalty_deck(pack, players, True).values()) == 2 * players
    with pytest.raises(ValueError):
        pack_module.loyalty_deck(pack, 7, True)


def test_loyalty_table_lives_in_yaml(tmp_path):
    broken = _copy(tmp_path)
    data = yaml.safe_load((broken / "loyalty.yaml").read_text(encoding="utf-8"))
    data["deck_by_players"][5] = {"hybrid": 3, "cultist": 0, "human": 7}
    (broken / "loyalty.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    assert pack_module.loyalty_deck(pack_module.load(broken), 5, True) == {"hybrid": 3, "cultist": 0, "human": 7}


def test_readme_documents_every_primitive_condition_and_hook(pack):
    readme = (PACK_DIR / "README.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"^#### `([a-z_]+)`", readme, flags=re.M))
    assert set(PRIMITIVES) <= documented, sorted(set(PRIMITIVES) - documented)
    for name in CONDITIONS:
        assert re.search(rf"`{name}[`:]", readme), name
    for hook in pack.hooks.hooks:
        assert f"`{hook.id}`" in readme, hook.id


# ---------------------------------------------------------------- broken copies

def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "unfathomable"
    shutil.copytree(PACK_DIR, target)
    return target


def _edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def _error(pack_dir: Path) -> ContentError:
    with pytest.raises(ContentError) as info:
        pack_module.load(pack_dir)
    return info.value


def test_mythos_naming_a_missing_zone_fails(tmp_path):
    broken = _copy(tmp_path)
    _edit(broken / "mythos.yaml", "at: {zone: captains_cabin}", "at: {zone: ballroom}")
    err = _error(broken)
    assert err.file == "mythos.yaml" and err.entry == "missing_parents"
    assert "ballroom" in str(err) and "mythos.yaml" in str(err) and "missing_parents" in str(err)


def test_missing_required_field_fails(tmp_path):
    broken = _copy(tmp_path)
    _edit(broken / "course.yaml", "    distance: 2\n", "", 1)
    err = _error(broken)
    assert (err.file, err.entry) == ("course.yaml", "abandoned_depot")
    assert "distance" in err.problem


def test_wrong_count_fails(tmp_path):
    broken = _copy(tmp_path)
    data = yaml.safe_load((broken / "items.yaml").read_text(encoding="utf-8"))
    data["items"] = [i for i in data["items"] if i["id"] != "shotgun"]
    (broken / "items.yaml").write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    err = _error(broken)
    assert (err.file, err.entry) == ("items.yaml", "item_cards")
    assert "19" in err.problem and "20" in err.problem


def test_wrong_skill_value_spread_fails(tmp_path):
    broken = _copy(tmp_path)
    _edit(broken / "skill_cards.yaml", "copies: {5: 2}", "copies: {5: 3}")
    err = _error(broken)
    assert err.file == "skill_cards.yaml" and err.entry in ("influence", "skill_cards")


def test_malformed_yaml_fails(tmp_path):
    broken = _copy(tmp_path)
    _edit(broken / "spells.yaml", "  - id: feed_the_mind\n", "  - id: feed_the_mind\n    name: {en: [unclosed\n")
    err = _error(broken)
    assert err.file == "spells.yaml" and err.entry and err.entry.startswith("line ")
    assert "malformed YAML" in err.problem


def test_unknown_primitive_and_unknown_key_fail(tmp_path):
    broken = _copy(tmp_path)
    _edit(broken / "course.yaml", "effect: [{lose: {fuel: 1, food: 1}}]", "effect: [{teleport: {fuel: 1}}]")
    err = _error(broken)
    assert (err.file, err.entry) == ("course.yaml", "smooth_sailing") and "teleport" in err.problem

    broken2 = _copy(tmp_path / "second")
    _edit(broken2 / "characters.yaml", "    start_zone: galley\n", "    start_zone: galley\n    favourite_colour: red\n")
    err2 = _error(broken2)
    assert (err2.file, err2.entry) == ("characters.yaml", "ishmael") and "favourite_colour" in err2.problem


def test_unknown_character_item_and_hook_fail(tmp_path):
    broken = _copy(tmp_path)
    _edit(broken / "characters.yaml", "starting_item: tool_kit", "starting_item: wrench")
    err = _error(broken)
    assert (err.file, err.entry) == ("characters.yaml", "jeanne") and "wrench" in err.problem

    broken2 = _copy(tmp_path / "second")
    _edit(broken2 / "mythos.yaml", "send_to_brig: {who: svetlana}", "send_to_brig: {who: nemo}")
    err2 = _error(broken2)
    assert (err2.file, err2.entry) == ("mythos.yaml", "do_no_harm") and "nemo" in err2.problem

    broken3 = _copy(tmp_path / "third")
    _edit(broken3 / "spells.yaml", "hook: {id: flesh_ward}", "hook: {id: flesh_wards}")
    err3 = _error(broken3)
    assert (err3.file, err3.entry) == ("spells.yaml", "flesh_ward") and "flesh_wards" in err3.problem


def test_badly_typed_parameter_fails(tmp_path):
    broken = _copy(tmp_path)
    _edit(broken / "mythos.yaml", "target: 17\n          partial: 12", "target: seventeen\n          partial: 12")
    err = _error(broken)
    assert (err.file, err.entry) == ("mythos.yaml", "the_mothers_wrath") and "target" in err.problem


def test_broken_board_fails(tmp_path):
    broken = _copy(tmp_path)
    _edit(broken / "board.yaml", "adjacent: [cargo_hold, galley]\n  provenance: official\n  action:\n    id: brig_action",
          "adjacent: [cargo_hold]\n  provenance: official\n  action:\n    id: brig_action")
    err = _error(broken)
    assert err.file == "board.yaml" and err.entry == "galley" and "mutual" in err.problem


# ---------------------------------------------------------------- names from the seeds, monsters, game end

# Names the rulebooks print (UA seed 000, RU seed 001), attached by context in the seed.
SEED_NAMES = {
    ("characters", "keilani"): {"uk": "Кейлани Татупу"},
    ("characters", "arjun"): {"uk": "Арджан Сінґх", "ru": "Арджун Сингх"},
    ("characters", "svetlana"): {"uk": "Светлана Гедройць"},
    ("characters", "jeanne"): {"uk": "Жанна Лафарж"},
    ("characters", "jamie"): {"uk": "Джеймі Снелл"},
    ("characters", "william"): {"uk": "Вільям Бовлеґ", "ru": "Уильям Боулет"},
    ("characters", "beatrice"): {"uk": "Беатрис Шарп", "ru": "Беатрис Шарп"},
    ("characters", "samira"): {"uk": "Саміра Дуале"},
    ("monsters", "mother_hydra"): {"uk": "Мати Гідра", "ru": "Матерь Гидра"},
    ("monsters", "father_dagon"): {"uk": "Батько Дагон", "ru": "Отец Дагон"},
    ("monsters", "deep_ones"): {"uk": "глибоководні", "ru": "глубоководные"},
    ("feats", "perfect_number"): {"uk": "Досконале число", "ru": "Совершенное число"},
    ("mythos", "food_stores_raid"): {"uk": "Голодний бунт"},
    ("mythos", "bucket_brigade"): {"uk": "Живий ланцюжок"},
    ("mythos", "do_no_harm"): {"uk": "Не нашкодь"},
    ("damage", "fuel_leak"): {"uk": "Намокле вугілля"},
    ("skill", "coordinated_effort"): {"uk": "Скоординовані зусилля", "ru": "Совместные усилия"},
    ("skill", "keen_insight"): {"uk": "Чутка інтуїція", "ru": "Прозорливость"},
    ("skill", "preparation"): {"uk": "Приготування", "ru": "Подготовка"},
    ("skill", "rampage"): {"uk": "Шаленство"},
    ("skill", "shrivelling"): {"uk": "Висушення"},
    ("skill", "ransack"): {"uk": "Грабунок"},
    ("board", "captains_cabin"): {"uk": "каюта капітана", "ru": "каюта капитана"},
    ("board", "brig"): {"uk": "карцер", "ru": "карцер"},
    ("titles", "keeper_of_the_tome"): {"uk": "хранитель гримуара", "ru": "хранитель фолианта"},
}


def _entries(pack, kind):
    return {
        "characters": pack.characters.characters, "monsters": pack.monsters.monsters,
        "feats": pack.feats.feats, "mythos": pack.mythos.mythos, "damage": pack.damage.damage_cards,
        "skill": [c for d in pack.skill_cards.decks for c in d.cards], "board": pack.board.zones,
        "titles": pack.titles.titles,
    }[kind]


def test_seed_names_are_carried(pack):
    for (kind, entry_id), names in SEED_NAMES.items():
        entry = next(e for e in _entries(pack, kind) if e.id == entry_id)
        for lang, name in names.items():
            assert getattr(entry.name, lang) == name, (kind, entry_id, lang)


def test_seed_names_really_are_in_the_seeds():
    seeds = Path(__file__).resolve().parents[3] / "shared" / "seeds"
    texts = {lang: next(seeds.glob(f"{n}_*.txt"), None) for lang, n in (("uk", "000"), ("ru", "001"))}
    if not all(texts.values()):
        pytest.skip("seed texts not available")
    corpus = {lang: p.read_text(encoding="utf-8").lower() for lang, p in texts.items()}
    for names in SEED_NAMES.values():
        for lang, name in names.items():
            # every word, allowing an inflected ending (seeds quote names in other cases)
            stems = [w[: max(4, len(w) - 2)] for w in name.lower().split()]
            assert re.search(r"\w*\W+".join(map(re.escape, stems)), corpus[lang]), (lang, name)


def test_monsters_and_depths(pack):
    monsters = {m.id: m for m in pack.monsters.monsters}
    assert set(monsters) == {"mother_hydra", "father_dagon", "deep_ones"}
    assert sum(m.figures for m in monsters.values()) == pack.expected("monster_figures") == 22
    assert monsters["deep_ones"].figures == pack.setup.deep_ones_total == 20
    assert monsters["mother_hydra"].on_board == ["damage_nearest_interior", "move_toward_bow"]
    assert monsters["father_dagon"].on_board == ["spawn_on_arrow_deck", "move_toward_bow"]
    assert monsters["father_dagon"].spawn_count == 2
    assert monsters["deep_ones"].each == ["attack_human", "defeat_passenger", "damage_own_zone", "move_one"]
    assert monsters["deep_ones"].emerges_with == ["all"]
    depths = pack.monsters.depths
    assert (depths.feed, depths.emerge_at_least, depths.emerge_to) == (2, 4, "bow_roll")
    readme = (PACK_DIR / "README.md").read_text(encoding="utf-8")
    steps = {s for m in monsters.values() for s in (*m.in_depths, *m.on_board, *m.none_on_board, *m.each)}
    for step in steps:
        assert f"`{step}`" in readme, step


def test_hydra_damage_follows_the_arrows(pack):
    # facts.yaml water_spaces: mother_hydra_damages
    want = {"w1": "bridge", "w2": "bridge", "w3": "chapel", "w4": "captains_cabin",
            "w5": "cargo_hold", "w6": "galley", "w7": "boiler_room", "w8": "boiler_room"}
    for water, interior in want.items():
        assert pack.zone(pack.zone(water).arrow).arrow == interior


def test_game_end_conditions(pack):
    conditions = {c.id: c for c in pack.game_end.conditions}
    assert set(conditions) == {"arrival_at_distance", "resource_zero", "ship_wrecked", "deep_ones_exhausted"}
    assert conditions["arrival_at_distance"].winners == "humans"
    assert conditions["arrival_at_distance"].when["distance_at_least"] == pack.tracks.distance.win_at_least
    assert conditions["ship_wrecked"].when["damaged_zones_at_least"] == sum(z.damageable for z in pack.board.zones)
    assert all(c.winners == "traitors" for k, c in conditions.items() if k != "arrival_at_distance")
    assert pack.game_end.winners.cultist.distance_at_least == 12


def test_broken_monsters_fail(tmp_path):
    broken = _copy(tmp_path)
    _edit(broken / "monsters.yaml", "figures: 20", "figures: 19")
    err = _error(broken)
    assert err.file == "monsters.yaml" and err.entry == "monster_figures"
    broken = _copy(tmp_path / "second")
    _edit(broken / "monsters.yaml", "on_board: [spawn_on_arrow_deck, move_toward_bow]",
          "on_board: [spawn_deep_ones, move_toward_bow]")
    err = _error(broken)
    assert err.file == "monsters.yaml" and err.entry == "father_dagon"


def test_texts_do_not_echo_facts_yaml():
    """Our texts are our words: no text repeats 8+ consecutive words of facts.yaml for most of its length."""
    facts = Path(__file__).resolve().parents[3] / "shared" / "reference" / "unfathomable" / "facts.yaml"
    if not facts.exists():
        pytest.skip("facts.yaml not available")
    words = re.findall(r"[a-z0-9']+", facts.read_text(encoding="utf-8").lower())
    n = 8
    grams = {tuple(words[i:i + n]) for i in range(len(words) - n)}

    def texts(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("text", "label") and isinstance(value, dict) and "en" in value:
                    yield value["en"]
                else:
                    yield from texts(value)
        elif isinstance(node, list):
            for value in node:
                yield from texts(value)

    for path in sorted(PACK_DIR.glob("*.yaml")):
        for text in texts(yaml.safe_load(path.read_text(encoding="utf-8"))):
            w = re.findall(r"[a-z0-9']+", text.lower())
            covered = {j for i in range(len(w) - n + 1) if tuple(w[i:i + n]) in grams for j in range(i, i + n)}
            assert len(covered) <= 0.75 * len(w) or len(w) < n, (path.name, text)


def test_a_printed_answer_losing_one_of_a_dial_reads_in_the_singular_and_is_priced_as_the_dial():
    """"Lose 1 Souls" read on a crisis's button (en); the Keeper agent reads the dial from the
    label, so "Lose 1 Soul" must still name the Souls dial."""
    import re
    from engine.unfathomable.keeper import KeeperAgent, _printed_options
    labels = [(o.get("label") or {}).get("en") or "" for _card, _i, o in _printed_options()]
    assert not [label for label in labels if re.search(r"\b1 [A-Z][a-z]+s\b", label)]
    agent = KeeperAgent("p1")
    view = {"resources": {"souls": 5, "fuel": 5, "food": 5, "sanity": 5}}
    assert agent._crisis_option(view, "Lose 1 Soul", False) == agent._crisis_option(view, "Lose 1 Fuel", False) == 2
