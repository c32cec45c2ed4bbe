"""Records carry the rules and content version they were played with (engine.core.record)."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from engine.thing.content import load
from engine.core.errors import RecordError
from engine.core.record import GameRecord, replay
from engine.registry import rules_for
from engine.thing.rules import ThingRules

ROOT = Path(__file__).resolve().parents[2]
RULES = rules_for("thing")
PLAYERS = ["ann", "bob", "cid", "dan"]


def played(version=None, actions=4) -> GameRecord:
    """A record of a game's first actions (every prompt answered with its first option)."""
    state, _ = RULES.new_game(PLAYERS, 5, {})
    done = []
    for _ in range(actions):
        prompt = RULES.prompts(state)[0]
        action = {"player": prompt["player"], **prompt["options"][0]}
        RULES.apply_in_place(state, action)
        done.append(action)
    return GameRecord(game="thing", seed=5, players=PLAYERS, actions=done,
                      version=state["version"] if version is None else version)


def test_the_version_is_the_rules_version_and_a_digest_of_the_content():
    assert re.fullmatch(r"\d+\+[0-9a-f]{12}", RULES.version)
    rules_version, digest = RULES.version.split("+")
    assert rules_version == ThingRules.rules_version and digest == load().digest


def test_new_game_states_carry_the_version():
    state, _ = RULES.new_game(PLAYERS, 1, {})
    assert state["version"] == RULES.version


def test_editing_the_content_or_bumping_the_rules_changes_the_version(tmp_path):
    pack = tmp_path / "thing"
    shutil.copytree(ROOT / "data" / "thing", pack)
    assert ThingRules(load(pack)).version == RULES.version  # same bytes, same version
    path = pack / "cards.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("copies: {4: 1, 9: 1}", "copies: {4: 2, 9: 1}", 1),
                    encoding="utf-8")
    assert ThingRules(load(pack)).version != RULES.version

    class Next(ThingRules):
        rules_version = str(int(ThingRules.rules_version) + 1)
    assert Next().version != RULES.version and Next().version.endswith(RULES.version.split("+")[1])


def _edited(pack: Path, file: str, old: str, new: str) -> None:
    path = pack / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize("game, file, text_edit, rule_edit", [
    ("thing", "cards.yaml", ('uk: "Вогнемет"', 'uk: "Вогнемет!"'), ("copies: {4: 1, 9: 1}", "copies: {4: 2, 9: 1}")),
    ("unfathomable", "mythos.yaml", ("label: {en: Lose fuel,", "label: {en: Lose some fuel,"),
     ("lose: {fuel: 1, souls: 1}", "lose: {fuel: 2, souls: 1}")),
    ("eldritch", "ancient_ones.yaml", ("uk: Азатот,", "uk: Азатот (Султан демонів),"), ("doom: 15", "doom: 14")),
])
def test_a_wording_fix_keeps_the_version_a_rule_edit_changes_it(tmp_path, game, file, text_edit, rule_edit):
    """A deploy that only rewords a card (a text in any language, a comment) must leave running
    games their undo, repair and replays: the version digests what the content says to the rules."""
    import importlib
    content = importlib.import_module(f"engine.{game}.content")
    rules = rules_for(game)
    pack = tmp_path / game
    shutil.copytree(ROOT / "data" / game, pack)
    _edited(pack, file, *text_edit)
    path = pack / file
    path.write_text("# a comment added by a deploy\n" + path.read_text(encoding="utf-8"), encoding="utf-8")
    reworded = content.load(pack)
    assert reworded.digest == content.load().digest and reworded.bytes_digest != content.load().bytes_digest
    _edited(pack, file, *rule_edit)
    assert content.load(pack).digest != content.load().digest


def test_a_mapping_s_order_is_part_of_the_version(tmp_path):
    """rev11: a skill set's order is the order its cards are dealt, so reordering a mapping is a
    rule change: the version digests content in its order (only display texts are left out)."""
    from engine.unfathomable import content
    pack = tmp_path / "unfathomable"
    shutil.copytree(ROOT / "data" / "unfathomable", pack)
    _edited(pack, "characters.yaml", "skill_set: {influence: 3, will: 2}", "skill_set: {will: 2, influence: 3}")
    assert content.load(pack).digest != content.load().digest


def test_a_game_begun_under_the_bytes_digest_replays_while_its_files_are_unchanged(tmp_path):
    """Versions carried the files' bytes until 28 Nov 2026: such a record still replays here, and
    is refused once the files differ (a wording fix then could hide a rule change made with it)."""
    bytes_version = f"{ThingRules.rules_version}+{load().bytes_digest}"
    assert bytes_version != RULES.version
    record = played(version=bytes_version)
    assert replay(record).state == replay(played()).state
    pack = tmp_path / "thing"
    shutil.copytree(ROOT / "data" / "thing", pack)
    _edited(pack, "cards.yaml", 'uk: "Вогнемет"', 'uk: "Вогнемет!"')
    assert not ThingRules(load(pack)).accepts(bytes_version) and ThingRules(load(pack)).accepts(RULES.version)


def test_the_version_travels_in_dict_yaml_and_json():
    record = played()
    data = record.to_dict()
    assert data["version"] == RULES.version and "version" not in record.extra
    for text in (record.dump("yaml"), record.dump("json")):
        again = GameRecord.from_dict(yaml.safe_load(text))
        assert again.version == RULES.version and again.extra == {} and again.actions == record.actions


def test_an_old_record_without_a_version_replays_as_before():
    record = played()
    old = record.to_dict()
    del old["version"]
    legacy = GameRecord.from_dict(old)
    assert legacy.version is None and "version" not in legacy.to_dict()
    state = replay(legacy).state
    assert json.dumps(state, sort_keys=True) == json.dumps(replay(record).state, sort_keys=True)


def test_a_record_of_another_version_is_refused_unless_allowed():
    record = played(version="0+000000000000")
    with pytest.raises(RecordError) as refused:
        replay(record)
    message = str(refused.value)
    assert "0+000000000000" in message and RULES.version in message and "allow_other_version" in message
    again = replay(record, allow_other_version=True)  # the same actions still apply here
    assert again.applied == len(record.actions) and again.state["version"] == RULES.version
    assert replay(played()).applied == 4  # the current version replays


def test_cli_replay_refuses_another_version(tmp_path):
    path = tmp_path / "old.yaml"
    path.write_text(played(version="0+000000000000").dump(), encoding="utf-8")
    run = lambda *extra: subprocess.run([sys.executable, "-m", "engine", "replay", str(path), "--json", *extra],  # noqa: E731
                                        cwd=ROOT, capture_output=True, text=True, timeout=60)
    refused = run()
    assert refused.returncode == 1 and "--allow-other-version" in refused.stderr
    allowed = run("--allow-other-version")
    assert allowed.returncode == 0 and json.loads(allowed.stdout)["version"] == RULES.version
