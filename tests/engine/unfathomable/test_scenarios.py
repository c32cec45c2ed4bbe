"""The rulebook's worked examples as scenario records (tests/scenarios/unfathomable/*.yaml).

Seed: /work/shared/seeds/000_5588cb8ec4e05b87.txt («Як грати» 1-1315, «Довідник правил» 1317-3376).
Every worked example («приклад», «наприклад» describing play, and the captioned illustrations that
walk through a rule) and the record that plays it:

| seed lines | example | record |
|---|---|---|
| 395 | Вільям Бовлеґ бере три карти знань і дві карти волі (Receive Skills) | receive_skills_william.yaml |
| 397-401 | Лазарет: бере лише одну карту зі свого набору | sick_bay_one_card.yaml (with «Не нашкодь», success) |
| 417 | Жанна Лафарж тікає від глибоководного … у каюту капітана (move) | move_jeanne_escapes.yaml |
| 425, 1450-1490 | Жанна Лафарж атакує глибоководного … результат 4 … у запас (attack) | attack_jeanne_deep_one.yaml |
| 509-528 | комбінована криза «Живий ланцюжок» (the Captain decides; no check if the other option) | bucket_brigade_ignore_water.yaml, bucket_brigade_check.yaml |
| 530-549 | персональна криза «Не нашкодь» (Svetlana decides) | do_no_harm_refuse.yaml |
| 532 | personal card of a character in the Brig: discard it, draw another | do_no_harm_svetlana_in_brig.yaml |
| 600-625 | the journey token pushes the water monsters toward the stern; Arrival: the Captain draws 2 course cards, plays 1, the other to the bottom; token back to Start | journey_push_and_arrival.yaml |
| 634-669 | the Great Banishment (ritual token reaches «Закляття») | great_banishment.yaml |
| 723-780 | skill check «Голодний бунт»: 14 − 4 = 10, «8+»: lose 1 Food | hunger_riot.yaml |
| 857-865 | hull damage on the already damaged Galley goes to the Engine Room | damage_redirect.yaml |
| 869-881 | Deep Ones example 1 (four Deep Ones in one deck zone) | deep_ones_example_1.yaml |
| 883-889 | Deep Ones example 2 (two Deep Ones in an interior zone) | deep_ones_example_2.yaml |
| 1007-1017 | Awakening after the course card («Шторм») that brings the distance to 6+ | awakening_storm.yaml |
| 1019-1045 | revealing a traitor (steps 1-7) | reveal_traitor.yaml |
| 1068-1070, 1104-1124 | the Brig: a revealed traitor leaves by discarding 12+ | brig_traitor_escape.yaml |
| 1561 | Беатрис Шарп «Досконале число»: sets the die before the roll | perfect_number.yaml |
| 1569-1575 | Арджан «Старший на палубі» once per turn, again on another's turn via «Скоординовані зусилля» | arjun_once_per_turn.yaml |
| 1589 | the current player orders the Deep Ones' activation | deep_ones_order.yaml |
| 1839 | one spell card left, «look at 2 … play the other» | one_spell_left.yaml |

A record is a ``GameRecord`` (engine/core/record.py) plus:

* ``position:`` (optional) — applied to the state right after ``new_game`` (setup done, turn 1
  under way, before the first action), for the examples whose starting position no setup
  reaches: ``clear_deep_ones`` (every Deep One on the board and in the Depths back to the supply),
  ``deep_ones {zone: n}`` (taken from / returned to the supply), ``monarchs {m: zone}``,
  ``zone_of {p: zone}``, ``damage {zone: card}`` (taken from the damage deck), ``tracks``,
  ``resources``, ``distance`` with ``course_played`` (taken from the course deck),
  ``clear_passengers`` (deck-zone tokens back to the supply), ``passengers {zone: [faces]}``
  (a supply token with that face), ``spell_deck [ids]`` (the whole deck, top = last; the others are
  removed from the game). ``engine.core.record.replay`` knows nothing of it, so for these records
  replay exactness is checked as: the same record played twice, and resumed from a JSON copy of
  the state halfway, ends in the same state.
* ``expect:`` — checked exactly: ``resources``, ``tracks``, ``distance``, ``zone_of``,
  ``deep_ones`` (only the zones named; ``depths`` included), ``deep_one_supply``, ``monarchs``,
  ``damage`` (the whole dict), ``passengers {zone: n tokens}``, ``passenger_supply`` (n tokens), ``hand_sizes``, ``hand_types {p: {skill type: n}}``, ``titles``,
  ``revealed``, ``result`` (reason/winners; ``null`` = not over), ``state {dotted.path: value}``,
  ``count_events {type: n}``, ``events`` (partial events that occur), ``events_in_order``
  (partial events occurring in this order), ``no_events`` (types that never occur),
  ``prompt`` (a subset of the first pending prompt), ``refused`` (a list of ``{after: n, action}``:
  after the first n actions, that action is illegal: RuleError, nothing changes).

Without ``position`` the runner also checks ``replay(record)`` against the actions applied one by
one (the record replays to exactly the same state).
"""
from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path

import pytest

from engine.core.errors import RuleError
from engine.core.record import GameRecord, replay
from tests.engine.unfathomable.helpers import rules

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = sorted((ROOT / "tests" / "scenarios" / "unfathomable").glob("*.yaml"))
XFAIL: dict[str, str] = {}


def matches(event, partial):
    return all(event.get(k) == v for k, v in partial.items())


def apply_position(r, s, pos):
    if pos.get("clear_deep_ones"):
        for z, n in s["deep_ones"].items():
            s["deep_one_supply"] += n
            s["deep_ones"][z] = 0
    for z, n in pos.get("deep_ones", {}).items():
        s["deep_one_supply"] -= n - s["deep_ones"][z]
        s["deep_ones"][z] = n
    s["monarchs"].update(pos.get("monarchs", {}))
    s["zone_of"].update(pos.get("zone_of", {}))
    for z, card in pos.get("damage", {}).items():
        s["damage_deck"].remove(card)
        s["damage"][z] = card
    s["tracks"].update(pos.get("tracks", {}))
    s["resources"].update(pos.get("resources", {}))
    if "distance" in pos:
        s["distance"] = pos["distance"]
    for card in pos.get("course_played", []):
        s["course_deck"].remove(card)
        s["course_played"].append(card)
    if pos.get("clear_passengers"):
        for z, tokens in s["passengers"].items():
            s["passenger_supply"].extend(tokens)
            s["passengers"][z] = []
    for z, faces in pos.get("passengers", {}).items():
        for face in faces:
            token = next(t for t in reversed(s["passenger_supply"]) if s["passenger_faces"][t] == face)
            s["passenger_supply"].remove(token)
            s["passengers"][z].append(token)
    if "spell_deck" in pos:
        keep = list(pos["spell_deck"])
        rest = Counter(s["spell_deck"]) - Counter(keep)
        s["spells_removed"].extend(sorted(rest.elements()))
        s["spell_deck"] = keep


def play(record, upto=None, resume_at=None):
    """new_game + position + actions; returns (state, events). ``resume_at``: after that many
    actions, continue from a JSON copy of the state (a saved game)."""
    r = rules()
    s, events = r.new_game(record.players, record.seed, record.options, record.setup)
    if record.extra.get("position"):
        apply_position(r, s, record.extra["position"])
        r.run(s, events)
    actions = record.actions if upto is None else record.actions[:upto]
    for i, action in enumerate(actions):
        if resume_at is not None and i == resume_at:
            s = json.loads(json.dumps(s))
        events.extend(r.apply_in_place(s, copy.deepcopy(action)))
    return s, events


def dotted(s, path):
    for part in path.split("."):
        s = s[int(part)] if isinstance(s, list) else s[part]
    return s


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path):
    if path.stem in XFAIL:
        pytest.xfail(XFAIL[path.stem])
    r = rules()
    record = GameRecord.load(path)
    assert record.game == "unfathomable"
    expect = record.extra.get("expect")
    assert expect, "a scenario must expect something"
    s, events = play(record)
    # replay exactness
    if record.extra.get("position"):
        again, again_events = play(record, resume_at=len(record.actions) // 2)
        assert again == s and again_events == events
    else:
        full = replay(record)
        assert full.state == s and full.events == events
    assert r.invariant_violations(s) == []
    for key in ("resources", "tracks", "zone_of", "titles", "revealed", "monarchs"):
        for k, v in expect.get(key, {}).items():
            assert s[key].get(k) == v, (key, k, s[key].get(k))
    for key in ("distance", "deep_one_supply", "damage"):
        if key in expect:
            assert s[key] == expect[key], (key, s[key])
    for z, n in expect.get("deep_ones", {}).items():
        assert s["deep_ones"][z] == n, ("deep_ones", z, s["deep_ones"][z])
    for z, n in expect.get("passengers", {}).items():
        assert len(s["passengers"][z]) == n, ("passengers", z, s["passengers"][z])
    if "passenger_supply" in expect:
        assert len(s["passenger_supply"]) == expect["passenger_supply"], s["passenger_supply"]
    for p, n in expect.get("hand_sizes", {}).items():
        assert len(s["hands"][p]) == n, ("hand", p, s["hands"][p])
    for p, types in expect.get("hand_types", {}).items():
        assert dict(Counter(c.split(":")[0] for c in s["hands"][p])) == types, (p, s["hands"][p])
    for k, v in expect.get("state", {}).items():
        assert dotted(s, k) == v, (k, dotted(s, k))
    if "result" in expect:
        if expect["result"] is None:
            assert s["result"] is None, s["result"]
        else:
            for k, v in expect["result"].items():
                got = s["result"][k]
                assert (sorted(got) == sorted(v)) if isinstance(v, list) else got == v, (k, got)
    for type_, n in expect.get("count_events", {}).items():
        assert sum(e["type"] == type_ for e in events) == n, (type_, [e for e in events if e["type"] == type_])
    for partial in expect.get("events", []):
        assert any(matches(e, partial) for e in events), partial
    at = 0
    for partial in expect.get("events_in_order", []):
        while at < len(events) and not matches(events[at], partial):
            at += 1
        assert at < len(events), ("not in order", partial)
        at += 1
    for type_ in expect.get("no_events", []):
        assert not any(e["type"] == type_ for e in events), type_
    for item in expect.get("refused", []):
        mid, _ = play(record, upto=item["after"])
        before = copy.deepcopy(mid)
        with pytest.raises(RuleError):
            r.apply_in_place(mid, {**item["action"]})
        assert mid == before
    if "prompt" in expect:
        prompts = r.prompts(s)
        assert prompts and matches(prompts[0], expect["prompt"]), prompts


def test_every_record_quotes_the_seed():
    for path in SCENARIOS:
        header = path.read_text(encoding="utf-8").split("\ngame:")[0]
        assert "seed" in header and "«" in header, path.name   # seed line numbers and a quotation


def test_there_are_scenarios():
    assert len(SCENARIOS) >= 12
