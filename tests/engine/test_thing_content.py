"""data/thing/cards.yaml is validated at load; a malformed copy fails naming file and entry."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from engine.content import ContentError
from engine.thing.content import EFFECTS, load

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data" / "thing"


@pytest.fixture
def pack_copy(tmp_path):
    target = tmp_path / "thing"
    shutil.copytree(DATA, target)
    return target


def edit(pack_dir: Path, card_id: str, change) -> None:
    path = pack_dir / "cards.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    card = next(c for c in data["cards"] if c["id"] == card_id)
    change(card)
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")


def test_the_real_pack_loads_with_every_card_of_the_spec():
    pack = load()
    assert len(pack.cards) == 31
    assert sum(c.count_for(12) for c in pack.cards.values()) == 108


@pytest.mark.parametrize("card_id,change,problem", [
    ("flamethrower", lambda c: c["effects"].append({"teleport": {}}), "unknown primitive 'teleport'"),
    ("axe", lambda c: c.update(copies={3: 1}), "not a player count"),
    ("whisky", lambda c: c.pop("names"), "names"),
    ("axe", lambda c: c["names"].pop("uk"), "en, uk and ru"),
    ("scary", lambda c: c.pop("answers"), "needs 'answers'"),
    ("scary", lambda c: c.update(effects=[{"peek_offered_card": {}}]), "first step is 'refuse'"),
    ("oops", lambda c: c.update(colour="red"), "colour"),
    ("forgetful", lambda c: c["effects"][0]["discard_and_draw"].update(cards=3), "cards: Extra inputs"),
    ("persistence", lambda c: c["effects"][0]["draw_keep"].update(keep=4), "keep cannot exceed draw"),
    # one dialect: the old {do: step, param: ...} form is refused
    ("whisky", lambda c: c.update(effects=[{"do": "show_hand", "from": "player", "to": "all"}]), "one-key mapping"),
])
def test_a_broken_card_fails_naming_file_and_card(pack_copy, card_id, change, problem):
    edit(pack_copy, card_id, change)
    with pytest.raises(ContentError) as failure:
        load(pack_copy)
    message = str(failure.value)
    assert "cards.yaml" in message and f"'{card_id}'" in message and problem in message


def test_malformed_yaml_names_the_file_and_line(pack_copy):
    path = pack_copy / "cards.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "\n  - id: [unclosed\n", encoding="utf-8")
    with pytest.raises(ContentError) as failure:
        load(pack_copy)
    assert "cards.yaml" in str(failure.value) and "malformed YAML at line" in str(failure.value)


def test_duplicate_and_missing_cards_are_refused(pack_copy):
    path = pack_copy / "cards.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["cards"].append(dict(data["cards"][2]))
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(ContentError, match="duplicate card id"):
        load(pack_copy)
    data["cards"] = [c for c in data["cards"][:-1] if c["id"] != "infected"]
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(ContentError, match="'infected'.*required card is missing"):
        load(pack_copy)


def test_every_effect_step_is_documented():
    documented = (DATA / "README.md").read_text(encoding="utf-8")
    for step in EFFECTS:
        assert f"| `{step}` |" in documented, step


def test_content_check_command_reports_the_deck_table():
    result = subprocess.run([sys.executable, "-m", "engine", "content", "check"], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "== thing: ok" in result.stdout
    assert "deck (12 players) / all cards         108 (expected 108)" in result.stdout
