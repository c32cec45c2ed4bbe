"""The rulebook's worked examples as scenario records (tests/scenarios/unfathomable/*.yaml).

Seed: /work/shared/seeds/000_5588cb8ec4e05b87.txt («Як грати» 1-1315, «Довідник правил» 1317-3376).
Every worked example («приклад», «наприклад» describing play, and the captioned illustrations that
walk through a rule) and the record that plays it:

| seed lines | example | record |
|---|---|---|
| 164-260 | first-game setup for three: recommended characters, full starting hands, titles, no loyalty yet | setup_first_game.yaml |
| 2948-2954, 389-395 | standard setup: William takes 2 lore + 1 will; on his turn he takes 3 lore + 2 will | setup_standard_william.yaml |
| 920-937 | first game: loyalty dealt once everyone has had one turn | first_game_loyalty_after_round.yaml |
| 397-401 | the Sick Bay: only one card of one's set | sick_bay_one_card.yaml (with «Не нашкодь» passed) |
| 2199-2201 | leaving the Sick Bay before one's turn (an action on another's turn): the full set | sick_bay_left_early.yaml |
| 411-417 | move: «Жанна Лафарж тікає від глибоководного на палубі … у каюту капітана» | move_jeanne_escapes.yaml |
| 419-425, 1450-1490 | attack: «Жанна Лафарж атакує глибоководного … результат її кидка – 4» | attack_jeanne_deep_one.yaml |
| 509-528 | combined crisis «Живий ланцюжок»: the Captain decides; the other option skips the check | bucket_brigade_ignore_water.yaml, bucket_brigade_check.yaml (+ risking passengers, 893-895) |
| 530-549 | personal crisis «Не нашкодь» (Svetlana decides), refused: Brig, then damage | do_no_harm_refuse.yaml |
| 532, 1122-1123 | a personal card of a character in the Brig is discarded; a Human in the Brig skips the crisis, the Captain picks the track | do_no_harm_svetlana_in_brig.yaml |
| 596-625 | journey steps push the water monsters sternward; Arrival: 2 course cards, 1 played, 1 to the bottom, back to Start | journey_push_and_arrival.yaml |
| 614-618, 897-906 | four course cards worth 12, then Arrival once more: the Humans win | journey_completed.yaml |
| 626-669 | the Great Banishment | great_banishment.yaml |
| 723-780 | skill check «Голодний бунт»: 14 − 4 = 10, «8+»: lose 1 Food | hunger_riot.yaml |
| 857-865 | hull damage on the damaged Galley goes to the Engine Room | damage_redirect.yaml |
| 869-881 | Deep Ones example 1 (four Deep Ones in one deck zone) | deep_ones_example_1.yaml |
| 883-889 | Deep Ones example 2 (two Deep Ones in an interior zone) | deep_ones_example_2.yaml |
| 1587-1589, 809 | the current player orders the Deep Ones' activation | deep_ones_order.yaml |
| 1007-1017 | the Awakening after the course card («Шторм») that brings the distance to 6+ | awakening_storm.yaml |
| 1019-1045 | revealing a traitor, steps 1-7 | reveal_traitor.yaml |
| 1104-1122, 2117-2123 | the Brig: a Human leaves through the Brig's check (one card each from the Brig) | brig_human_escape.yaml |
| 1068-1072, 1121, 1000 | the Brig: revealing inside it, a revealed traitor leaves by discarding 12+ | brig_traitor_escape.yaml |
| 1072, 1000 | a position: the first player, a revealed traitor in the Brig, leaves by discarding 12+; no mythos on her turn | brig_revealed_first_player.yaml |
| 1559-1561 | Beatrice Sharpe's «Досконале число» sets the die before the roll | perfect_number.yaml |
| 1567-1575 | Arjun's «Старший на палубі» once per turn, again on another's turn via «Скоординовані зусилля» | arjun_once_per_turn.yaml |
| 1833-1839 | one spell card left, «look at 2 … play the other» | one_spell_left.yaml |

Not played as records: l.252 and 2970-2986 (pictures of chosen characters, covered by the setups
above), l.441 (a picture of an Action ability), l.532's «Кейлани Татупу вирішує» (a name only),
l.982-984 and 2772-2819 (what a player may say: table talk, nothing for the engine).

A record is a ``GameRecord`` (engine/core/record.py) plus:

* ``setup: {position: ...}`` (optional) — the situation the example starts from when no setup
  reaches it, in the engine's own vocabulary (engine/README.md, engine/unfathomable/position.py):
  applied by ``new_game`` once setup is done (turn 1 under way, before the first action), so
  ``python -m engine replay`` plays these records too.
* ``expect:`` — checked exactly: ``resources``, ``tracks``, ``distance``, ``zone_of``,
  ``deep_ones`` (only the zones named; ``depths`` included), ``deep_one_supply``, ``monarchs``,
  ``damage`` (the whole dict), ``passengers {zone: n tokens}``, ``passenger_supply`` (n tokens), ``hand_sizes``, ``hand_types {p: {skill type: n}}``, ``titles``,
  ``revealed``, ``result`` (reason/winners; ``null`` = not over), ``state {dotted.path: value}``,
  ``count_events {type: n}``, ``events`` (partial events that occur), ``events_in_order``
  (partial events occurring in this order), ``no_events`` (types that never occur),
  ``prompt`` (a subset of the first pending prompt), ``refused`` (a list of ``{after: n, action}``:
  after the first n actions, that action is illegal: RuleError, nothing changes).

The runner also checks ``replay(record)`` against the actions applied one by one (the record
replays to exactly the same state), and a game resumed from a JSON copy of its state halfway.
"""
from __future__ import annotations

from collections import Counter

import pytest

from tests.engine import scenario_kit as kit
from tests.engine.unfathomable.helpers import rules

SCENARIOS = kit.scenario_paths("unfathomable")
XFAIL: dict[str, str] = {}


def play(record, upto=None, resume_at=None):
    """new_game (its setup and position) + actions; returns (state, events). ``resume_at``: after
    that many actions, continue from a JSON copy of the state (a saved game)."""
    return kit.play(rules(), record, upto, resume_at)


def check_state(s, expect):
    """Unfathomable's own expectations: the ship, the crew's hands, the result."""
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
    if "result" in expect:
        if expect["result"] is None:
            assert s["result"] is None, s["result"]
        else:
            for k, v in expect["result"].items():
                got = s["result"][k]
                assert (sorted(got) == sorted(v)) if isinstance(v, list) else got == v, (k, got)


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path):
    kit.run_scenario(path, "unfathomable", rules(), play, check_state, XFAIL)


def test_every_record_quotes_the_seed():
    kit.check_seed_quotes(SCENARIOS)


def test_there_are_scenarios():
    """Every record is in the table above and every file the table names exists."""
    kit.check_table(__doc__, SCENARIOS, 20)
