"""README rulings 25-55: every primitive and hook the pack audit wanted written down before the engine
implements it has a numbered ruling, each grounded in a seed line or marked [R], and the data agrees."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.content import DATA_ROOT
from engine.unfathomable import content as pack_module
from engine.unfathomable.content_effects import walk

README = (DATA_ROOT / "unfathomable" / "README.md").read_text(encoding="utf-8")
SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "000_5588cb8ec4e05b87.txt"


def _rulings() -> dict[int, str]:
    section = README.split("## Rulings", 1)[1].split("\n## ", 1)[0]
    return {int(n): text for n, text in re.findall(r"^(\d+)\. (.*)$", section, flags=re.M)}


RULINGS = _rulings()

# rules/unfathomable_pack_audit.md, "must be written down before implementing": the ruling that does it.
AUDIT = {
    25: ["with_weapon", "unarmed", "Kitchen Knife"],
    26: ["Rampage", "up to"],
    27: ["Shotgun"],
    28: ["Combat Training", "Deep One"],
    29: ["`activate`", "`at`", "`count`", "none"],
    30: ["unplaced", "`picked`"],
    31: ["Fleeing Passengers"],
    32: ["Hull Damage", "prevention"],
    33: ["`move_deep_ones`", "`together`"],
    34: ["`extra_treachery_in_checks`", "step 2", "one-card limit", "Preparation"],
    35: ["`reveal_contributions`", "chaos cards"],
    36: ["`set_check_result`", "not run"],
    37: ["`take_actions`", "another's turn"],
    38: ["`scout_deck`", "`top: 0`"],
    39: ["`defeat_passengers`", "Human"],
    40: ["`prevent_defeat of: any_player`", "revealed traitors"],
    41: ["`remove_items`", "`keep`", "chooses"],
    42: ["`free`", "`during_own_turn`", "`any_time`"],
    43: ["Response windows", "all at once", "passed in one round", "94, 96, 97, 183"],
    44: ["`hand_size`", "being played", "Persistence"],
    45: ["Arrival", "Awakening", "pushes the water monsters"],
    46: ["`play_course_card`", "Open the Gate"],
    47: ["`fog_bank_lost_bearings`"],
    48: ["`spread_misfortune`"],
    49: ["`astral_travel`", "out of the Brig"],
}


def test_rulings_are_numbered_without_gaps():
    assert sorted(RULINGS) == list(range(1, max(RULINGS) + 1))
    assert max(RULINGS) >= 55


@pytest.mark.parametrize("number", sorted(AUDIT))
def test_audit_item_has_its_ruling(number):
    text = RULINGS[number]
    for needle in AUDIT[number]:
        assert needle in text, (number, needle)


def test_new_rulings_cite_the_seed_or_say_it_is_silent():
    for number in range(25, max(RULINGS) + 1):
        text = RULINGS[number]
        assert "[R]" in text or re.search(r"\bl\.\d{3,4}", text), number


def test_cited_seed_lines_exist():
    if not SEED.exists():
        pytest.skip("seed texts not available")
    lines = SEED.read_text(encoding="utf-8").splitlines()
    for number in range(25, max(RULINGS) + 1):
        # "l.N" and "l.N–M" of seed 000 (not the "001 l.N" references to the Russian seed)
        for start, end in re.findall(r"(?<!001 )\bl\.(\d+)(?:–(\d+))?", RULINGS[number]):
            for line in {int(start), int(end or start)}:
                assert 1 <= line <= len(lines) and lines[line - 1].strip(), (number, line)


@pytest.fixture(scope="module")
def pack():
    return pack_module.load()


def test_ruling_25_unarmed_attacks_are_rampage_and_starbuck(pack):
    trees = [a for i in pack.items.items for a in i.abilities] \
        + [c.ability for d in pack.skill_cards.decks for c in d.cards] \
        + [c.ability for c in pack.characters.characters]
    unarmed = set()
    for ability in trees:
        for _, kind, value in walk(ability):
            if kind == "step" and value.name == "attack" and value.spec.unarmed:
                unarmed.add(ability.id or "")
    assert unarmed == {"starbuck_pounce", ""}  # Rampage's ability has no id of its own


def test_ruling_48_and_49_hooks_are_the_ones_used(pack):
    assert {h.id for h in pack.hooks.hooks} >= {"fog_bank_lost_bearings", "spread_misfortune", "astral_travel"}
    assert "Brig" in next(h for h in pack.hooks.hooks if h.id == "astral_travel").meaning.en


def test_ruling_51_ship_kind_never_names_the_sick_bay_or_brig(pack):
    kinds = {z.kind for z in pack.board.zones}
    assert {"sick_bay", "brig"} <= kinds  # their own kinds: `kind: ship` (deck + interior) leaves them out
    assert {z.kind for z in pack.board.zones if z.id in ("sick_bay", "brig")} == {"sick_bay", "brig"}
