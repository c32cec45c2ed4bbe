"""Records and replays (checklist T185): «the same seed, options and actions reproduce the game bit
for bit»; undo is a replay of all but the last actions; what shows hidden cards is marked
``reveal`` (an undo across it needs an explicit override)."""
import json

import pytest

from engine.core.errors import RecordError
from engine.core.record import GameRecord, replay

from .helpers import rules
from .randplay import play


def record_of(played, upto=None):
    actions = played.actions if upto is None else played.actions[:upto]
    return GameRecord(game="unfathomable", seed=played.seed, players=list(played.players),
                      options=dict(played.options), actions=[dict(a) for a in actions],
                      version=played.state["version"])


@pytest.mark.parametrize("n,seed,options", [(3, 1, {}), (4, 2, {"cultist": False}), (5, 3, {"difficulty": "harder"}),
                                            (6, 4, {"first_game": True})])
def test_c185_replay_reproduces_the_final_state(n, seed, options):
    """Checklist 185: a record (seed, options, actions) replays to exactly the same state."""
    played = play(n, seed=seed, options=options, max_actions=250, views=False)
    assert not played.error, played.error
    again = replay(record_of(played)).state
    assert json.dumps(again, sort_keys=True) == json.dumps(played.state, sort_keys=True)


def test_c185_undo_is_a_replay_of_all_but_the_last_actions():
    played = play(4, seed=11, max_actions=120, views=False)
    k = len(played.actions) // 2
    prefix = play(4, seed=11, max_actions=k, views=False)
    assert prefix.actions == played.actions[:k]
    undone = replay(record_of(played), upto=k).state
    assert json.dumps(undone, sort_keys=True) == json.dumps(prefix.state, sort_keys=True)


def test_c185_record_round_trips_through_yaml_and_json(tmp_path):
    played = play(4, seed=12, max_actions=150, views=False)
    record = record_of(played)
    for fmt, name in (("yaml", "game.yaml"), ("json", "game.json")):
        path = tmp_path / name
        path.write_text(record.dump(fmt), encoding="utf-8")
        loaded = GameRecord.load(path)
        assert loaded.to_dict() == record.to_dict()
        assert replay(loaded).state == played.state


def test_c185_setup_overrides_replay():
    """A record's setup (characters, hands, loyalty, forced rolls, deck tops) replays too."""
    r = rules()
    setup = {"first_player": "b", "characters": {"a": "william", "b": "jeanne", "c": "samira"},
             "hands": {"a": [], "c": []}, "loyalty": {"a": ["human"], "b": ["hybrid"], "c": ["human"]},
             "rolls": [8, 1], "mythos_top": [r.pack.mythos.mythos[0].id]}
    s, _ = r.new_game(["a", "b", "c"], seed=3, setup=setup)
    rec = GameRecord(game="unfathomable", seed=3, players=["a", "b", "c"], setup=setup, version=s["version"])
    again = replay(rec).state
    assert again == s
    assert again["loyalty"]["b"] == ["hybrid"] and again["mythos_deck"][-1] == r.pack.mythos.mythos[0].id


def test_c185_other_version_refused():
    played = play(3, seed=13, max_actions=20, views=False)
    record = record_of(played)
    record.version = "0+000000000000"
    with pytest.raises(RecordError):
        replay(record)
    assert replay(record, allow_other_version=True).state == played.state


def test_c185_hidden_information_events_are_marked_reveal():
    """Checklist 185: «undo across any "look at"/reveal needs force» — every event that shows a
    player hidden cards (their loyalty, their drawn skill cards) is marked ``reveal``."""
    r = rules()
    s, events = r.new_game(["a", "b", "c", "d"], seed=2)
    while not s.get("setup_done"):
        events += r.apply_in_place(s, {"player": r.prompts(s)[0]["player"], "type": "default"})
    private = [e for e in events if e["type"] in ("loyalty_dealt", "skills_drawn_you")]
    assert private and all(e.get("reveal") is True for e in private)


def test_every_state_is_json():
    """Architecture rule: the state is JSON-serialisable plain data, after every step (randplay
    checks it after every action; here the setup states)."""
    r = rules()
    for n in (3, 4, 5, 6):
        s, _ = r.new_game([f"p{i}" for i in range(n)], seed=n)
        assert json.loads(json.dumps(s)) == s
