"""Character abilities: every sheet ability (10) and traitor ability (10) is used by some test
that asserts its effect (the tests live with their area: test_players, test_checks, test_combat,
test_windows, test_reveal, test_brig). This guard fails when a character is added without one."""
from __future__ import annotations

import pathlib
import re

import pytest
import yaml

CHARACTERS = yaml.safe_load(pathlib.Path("data/unfathomable/characters.yaml").read_text())["characters"]
HERE = pathlib.Path(__file__).parent


def users(pattern):
    return [p.name for p in HERE.glob("test_*.py") if p.name != "test_characters.py" and re.search(pattern, p.read_text())]


@pytest.mark.parametrize("ch", [c["id"] for c in CHARACTERS])
def test_every_character_ability_is_used_in_a_test(ch):
    """The sheet ability is named ``char:<character>`` when used."""
    assert users(rf"char:{ch}\b"), f"no test uses char:{ch}"


@pytest.mark.parametrize("ch", [c for c in CHARACTERS], ids=[c["id"] for c in CHARACTERS])
def test_every_traitor_ability_is_used_in_a_test(ch):
    """The traitor ability runs on revealing; its test names the ability's id or the character."""
    tid = ch["traitor_ability"]["id"]
    assert users(rf"\b{tid}\b") or users(rf"reveal_as\(\"{ch['id']}\""), f"no test for {tid}"
