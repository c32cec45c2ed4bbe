"""The seven findings of rules/unfathomable_pack_audit.md, fixed in the data: each test asserts what
the pack now says, and the seed lines the YAML comments cite really say it (seed 000, Ukrainian)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from engine.content import DATA_ROOT, ContentError
from engine.unfathomable import content as pack_module
from engine.unfathomable.content_effects import CONDITIONS, PRIMITIVES, walk

PACK_DIR = DATA_ROOT / "unfathomable"
SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "000_5588cb8ec4e05b87.txt"

# Seed lines quoted in the YAML comments and README rulings of these fixes: a phrase each must hold.
SEED_LINES = {
    1573: "Скоординовані зусилля",                  # an action granted on another player's turn
    1611: "скидає цю карту після розіграшу",        # a played skill card is discarded after resolving
    1737: "«Прибуття»",                             # the Human win needs the token on Arrival
    1835: "не лишилося карт",                       # no spells, no casting
    2022: "немає карт",                             # empty item deck: no item can be taken
    2099: "скинути карту вміння",
    2113: "втрачає всі свої карти посади",          # entering the Brig loses titles
    2453: "людей і відкритих зрадників",            # characters = Humans and revealed traitors
    2521: "колода заклинань закінчилася",
    2669: "12 або більше",
    2670: "дві верхні карти курсу",
    2674: "фазу пробудження",
}


@pytest.fixture(scope="module")
def pack():
    return pack_module.load()


def _steps(tree):
    return [v for _, kind, v in walk(tree) if kind == "step"]


def _skill_card(pack, card_id):
    return next(c for d in pack.skill_cards.decks for c in d.cards if c.id == card_id)


def _mythos(pack, card_id):
    return next(m for m in pack.mythos.mythos if m.id == card_id)


def test_cited_seed_lines_say_what_the_comments_claim():
    if not SEED.exists():
        pytest.skip("seed texts not available")
    lines = SEED.read_text(encoding="utf-8").splitlines()
    for number, phrase in SEED_LINES.items():
        assert phrase in lines[number - 1], (number, phrase, lines[number - 1][:120])


def test_1_coordinated_effort_targets_any_other_player(pack):
    effect = _skill_card(pack, "coordinated_effort").ability.effect
    assert [s.name for s in effect] == ["pick_player", "take_actions"]
    assert effect[0].spec.among == "other_players" and effect[0].spec.chooser == "self"
    assert effect[1].spec.who == "target" and effect[1].spec.count == 1


def test_2_galley_rolls_only_after_two_or_more_cards(pack):
    effect = pack.zone("galley").action.effect
    assert [s.name for s in effect] == ["choose_number", "draw_skill_cards", "if"]
    guard = effect[2].spec
    assert guard.condition.name == "count"
    assert (guard.condition.spec.of, guard.condition.spec.at_least) == ("chosen_number", 2)
    assert guard.otherwise == []
    (roll,) = guard.then
    assert roll.name == "roll" and roll.spec.at_most.of == "chosen_number" and roll.spec.at_most.offset == -1
    assert [s.name for s in roll.spec.then] == ["lose"] and roll.spec.then[0].spec.food == 1


def test_3_cargo_hold_needs_an_item_in_the_deck(pack):
    assert "deck_size" in CONDITIONS
    requires = pack.zone("cargo_hold").action.requires
    assert requires.name == "deck_size"
    assert (requires.spec.deck, requires.spec.at_least) == ("items", 1)
    # the same rule for spells: the Keeper's cast and Quick Cast need a spell left (seed 2521, 1835)
    keeper = pack.titles.titles[1].abilities[0]
    assert keeper.requires.name == "deck_size" and keeper.requires.spec.deck == "spells"
    quick = next(f for f in pack.feats.feats if f.id == "quick_cast").ability.requires
    assert any(c.name == "deck_size" and c.spec.deck == "spells" for c in quick.spec.conditions)


def test_3_deck_size_names_a_real_deck(tmp_path):
    broken = tmp_path / "unfathomable"
    shutil.copytree(PACK_DIR, broken)
    path = broken / "board.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("{deck: items, at_least: 1}", "{deck: loot, at_least: 1}"),
                    encoding="utf-8")
    with pytest.raises(ContentError) as info:
        pack_module.load(broken)
    assert (info.value.file, info.value.entry) == ("board.yaml", "cargo_hold")


def test_4_weapons_are_the_items_that_attack_with_a_roll(pack):
    items = {i.id: i for i in pack.items.items}
    assert {i for i, item in items.items() if item.weapon} == {"six_shooter", "repeating_rifle", "pocket_pistol", "shotgun"}
    for item in items.values():
        if item.weapon:
            (ability,) = [a for a in item.abilities if _steps(a.effect)[0].name == "attack"]
            attack = ability.effect[0].spec
            assert not attack.with_weapon and not attack.unarmed and attack.count == 1
    knife = items["kitchen_knife"]
    assert not knife.weapon
    bonus = knife.abilities[0].effect[0]
    assert bonus.name == "attack_bonus" and bonus.spec.unarmed_only and bonus.spec.amount == 1
    grenade = items["jam_tin_grenade"]
    assert not grenade.weapon and "attack" not in {s.name for s in _steps(grenade.abilities[0].effect)}
    # Starbuck's free attack is a free Attack action: unarmed (README ruling 25)
    assert items["starbuck"].abilities[0].effect[0].spec.unarmed


def test_4_attacks_with_a_weapon_need_one(pack):
    quick_draw = pack.character("jamie").ability
    assert quick_draw.effect[0].spec.with_weapon
    assert quick_draw.requires.name == "holds_weapon" and quick_draw.requires.spec.who == "self"
    options = _skill_card(pack, "rampage").ability.effect[0].spec.options
    unarmed, weapon = (o.effect[0].spec for o in options)
    assert unarmed.unarmed and unarmed.count == 4 and options[0].requires is None
    assert weapon.with_weapon and weapon.count == 3
    assert options[1].requires.name == "holds_weapon"


def test_4_a_weapon_without_a_plain_attack_fails(tmp_path):
    broken = tmp_path / "unfathomable"
    shutil.copytree(PACK_DIR, broken)
    data = yaml.safe_load((broken / "items.yaml").read_text(encoding="utf-8"))
    next(i for i in data["items"] if i["id"] == "kitchen_knife")["weapon"] = True
    (broken / "items.yaml").write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        pack_module.load(broken)
    assert (info.value.file, info.value.entry) == ("items.yaml", "kitchen_knife")
    assert "weapon" in info.value.problem


def test_5_open_the_gate_plays_a_course_card_without_arriving(pack):
    check = _mythos(pack, "open_the_gate").crisis[0].spec.options[0].effect[0].spec
    assert [s.name for s in check.on_pass] == ["reset_track", "play_course_card"]
    assert check.on_pass[0].spec.track == "journey"
    assert check.on_pass[1].spec.chooser == "keeper_of_the_tome"
    # nothing in the pack runs Arrival's win check: only the track's end space does
    assert "journey_arrival" not in PRIMITIVES
    assert pack.tracks.tracks[0].end_space == "journey_arrival"


def test_5_course_cards_are_resolved_by_whoever_plays_them(pack):
    for card in pack.course.course_cards:
        for _, kind, value in walk(card.effect):
            assert not (kind == "who" and value == "captain"), card.id


def test_6_memory_of_the_deep_pass_just_discards_it(pack):
    card = _mythos(pack, "memory_of_the_deep")
    check_option, linger = card.crisis[0].spec.options
    check = check_option.effect[0].spec
    assert check.on_pass == []
    assert [s.name for s in check.on_fail] == ["lose", "keep_card"]
    assert [s.name for s in linger.effect] == ["keep_card"]
    # no crisis asks whether the card being resolved is in play (it never is)
    for m in pack.mythos.mythos:
        for _, kind, value in walk(m.crisis):
            if kind == "mythos":
                assert value != m.id, m.id


def test_7_persistence_counts_only_the_other_cards(pack):
    ability = _skill_card(pack, "persistence").ability
    assert ability.requires.name == "hand_size"
    assert (ability.requires.spec.who, ability.requires.spec.at_least) == ("self", 1)
    cap = ability.effect[0].spec.cap
    assert (cap.of, cap.who, cap.offset) == ("hand_size", "self", 0)


def test_history_repeats_sends_the_sitting_captain(pack):
    check = _mythos(pack, "history_repeats").crisis[0].spec.options[0].effect[0].spec
    brig = [s.spec.who for s in check.on_fail if s.name == "send_to_brig"]
    assert brig == ["captain", "keilani"]


def test_self_sacrifice_only_in_a_mythos_check(pack):
    ability = next(f for f in pack.feats.feats if f.id == "self_sacrifice").ability
    assert ability.requires.name == "check_from_mythos"
