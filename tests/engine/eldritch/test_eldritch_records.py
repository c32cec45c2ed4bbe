"""Checklist P1: a game is its seed, options, setup and actions; a saved state resumes exactly.

Design (engine/README.md): «State is a JSON-serialisable dict … so a game is its seed plus its
actions.» Checklist P1: «replay of (seed, options, setup, actions) is deterministic, including every
die, shuffle and cup draw.»
"""
import json

import pytest

from engine.__main__ import main
from engine.core.errors import RecordError
from engine.core.record import GameRecord, replay
from eh_helpers import R
from eh_play import play


@pytest.fixture(scope="module")
def game():
    return play(3, 41, "shub_niggurath", check=False)


def test_p1_replay_of_a_record_reproduces_the_final_state(game):
    state, actions, record = game
    assert replay(record).state == state


def test_p1_a_record_survives_yaml_and_json(game, tmp_path):
    state, actions, record = game
    for fmt, name in (("yaml", "g.yaml"), ("json", "g.json")):
        path = tmp_path / name
        path.write_text(record.dump(fmt), encoding="utf-8")
        assert replay(GameRecord.load(path)).state == state


def test_p1_a_saved_state_resumes_exactly(game):
    """Save (JSON) at several points, load, play the rest: the same game."""
    state, actions, record = game
    for cut in (1, len(actions) // 3, len(actions) // 2, len(actions) - 1):
        saved = json.loads(json.dumps(replay(record, upto=cut).state))
        for a in actions[cut:]:
            R.apply_in_place(saved, a)
        assert saved == state


def test_p1_undo_is_replaying_all_but_the_last_actions(game):
    state, actions, record = game
    s, _ = R.new_game(record.players, record.seed, record.options)
    for n, a in enumerate(actions[:25], 1):
        R.apply_in_place(s, a)
        assert replay(record, upto=n).state == s


def test_p1_the_same_seed_is_the_same_game_and_another_seed_another():
    a = play(2, 5, "cthulhu", check=False)[0]
    b = play(2, 5, "cthulhu", check=False)[0]
    c = play(2, 6, "cthulhu", check=False)[0]
    assert a == b and a != c


def test_p1_a_record_of_another_version_is_refused(game):
    state, actions, record = game
    other = GameRecord(**{**record.__dict__, "version": "0+000000000000"})
    with pytest.raises(RecordError):
        replay(other)
    assert replay(other, allow_other_version=True).state == state


def test_p1_cli_replays_an_eldritch_record_and_shows_a_player_view(game, tmp_path, capsys):
    state, actions, record = game
    path = tmp_path / "g.json"
    path.write_text(record.dump("json"), encoding="utf-8")
    assert main(["replay", str(path), "--json", "--view", "p1"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view == json.loads(json.dumps(R.view(state, "p1")))
