"""The rulebook's worked examples as scenario records (tests/scenarios/eldritch/*.yaml).

Seed: /work/shared/seeds/002_ec7a00e07774708a.txt (the Eldritch Horror rulebook, Ukrainian: «Правила
гри» 1-897, «Довідник правил» 899-1992). Every worked example («Приклад», «ПРИКЛАД …»,
«Наприклад» describing play, and the captioned illustrations that walk through a rule) and the
record that plays it:

| seed lines | example | record |
|---|---|---|
| 292, 236-326, 310 | «ПРИКЛАД ПРИГОТУВАННЯ ДЛЯ ДВОХ ГРАВЦІВ»: Azathoth, doom on «15», omen on the comet, 4 reserve cards, gates and a monster on each, the expedition, clues, one mystery | setup_two_players.yaml |
| 298, 328-348 | «СТВОРЕННЯ КОЛОДИ МІТУ»: Azathoth's stages 1/2/1, 2/3/1, 2/4/0, stage I on top, unshuffled | mythos_deck_azathoth.yaml |
| 387, 1052, 395-397 | «Кожну дію … лише один раз за раунд. Наприклад, ви не можете відпочити два рази поспіль» | rest_twice_refused.yaml |
| 393, 471-486 | «ПРИКЛАД ФАЗИ ДІЙ»: Silas Marsh travels San Francisco → 5, a train ticket to Arkham, rests at full sanity: 1 health | action_phase_silas.yaml |
| 467, 1706 | «Лілі Чен виконує дію компонента, указану на листі дослідника. Другою дією … дію … на одній з її карт активів» | component_actions_lily.yaml |
| 1062, 423-425, 1301-1306 | «якщо дослідник виконав дію активу й передав його іншому досліднику під час дії обміну, новий власник не зможе виконати дію цього активу до наступного раунду» | component_then_traded.yaml |
| 519, 1202-1207 | «Дослідник перебуває в Аркгемі … загальних зустрічей, або … в Америці … секцію «Місто»» | arkham_general_encounter.yaml |
| 594, 583, 604-612 | «Наприклад, якщо на карті міту немає символу «Викладіть докази», дослідники не викладають докази»; the caption «В Аркгемі з'являються ворота й монстр» | mythos_only_its_symbols.yaml |
| 588, 1492-1500, 585, 589 | a Monster Surge with no gate of the omen: a gate instead; the new omen, clues | monster_surge_no_gate.yaml |
| 634 | «Лілі Чен має актив «Таємничий фоліант» … кидає 2 кубики … «1» і «3» … провалює» | arcane_tome_rest_fail.yaml |
| 636, 1369, 1636-1638 | one bonus only, the largest: «Батіг» and «Кольт 45-го калібру» give +3, the Whip's reroll still usable | whip_and_automatic.yaml |
| 682-692, 662-672 | «ПРИКЛАД ЗУСТРІЧІ В ІНШОМУ СВІТІ»: Silas, (👁️-1), 3 − 1 = 2 dice, fails: lose 3 sanity or 1 clue | other_world_silas.yaml |
| 821-834, 793, 799 | «ПРИКЛАД БОЮ»: Lily Chen, will 3 vs horror 2, strength 4 − 1 + 2 (.38 Revolver) = 5 dice, 1 success each | combat_lily.yaml |
| 1054, 1428-1430, 1301-1303 | «він не може перервати подорож, щоб виконати обмін, а потім продовжити переміщення» | travel_not_interrupted.yaml |
| 1575, 1648, 1186 | «Ув'язнений»: «Ви не можете переміщуватися»; «замість зустрічі» even with a monster | detained_arrested.yaml |
| 1393, 1640-1642, 586, 1514-1524 | a roll that is not a test (Blessed at the Reckoning) cannot be rerolled | reckoning_blessed_no_reroll.yaml |
| 1711-1717, 1441 | Lola: «Якщо Лола витрачає 2 жетони поліпшення, вона може поліпшити одне вміння два рази» | lola_two_tokens.yaml |
| 741-755, 1407-1423, 1279-1283 | «ПЕРЕМОЖЕНІ ДОСЛІДНИКИ»: doom +1, nearest city, the token, possessions on the sheet | defeated_investigator.yaml |
| 712-714, 1150-1154 | «Під час фази дій він не виконує 2 дії, а лише ставить свою фішку вертикально»: a Delayed investigator stands up (a position: Delayed, a wounded monster, an Eldritch token) | delayed_stands_up.yaml |

Not played as records: l.238 (who is Lead: a die roll at the table), l.374 and 413 (examples of
words), l.999 (spending, covered by every reroll above), l.1009 (set-aside monsters), l.1245
(once per condition), l.1315 and 1343-1351 (how gains are drawn: deck order, not a worked play),
l.1690 (Jacqueline: nothing happens) and l.1733 (Norman: covered by tests/engine/eldritch).

A record is a ``GameRecord`` (engine/core/record.py) plus:

* ``setup: {position: ...}`` (optional) — the situation the example starts from, in the engine's
  own vocabulary (engine/README.md, engine/eldritch/position.py): applied by ``new_game`` once
  setup is done, so ``python -m engine replay`` plays these records too.
* ``expect:`` — checked exactly: ``inv {id: {space, health, sanity, clues (a count), tickets,
  assets, artifacts, spells, conditions (card ids, sorted), improve, status, delayed}}``, ``doom``,
  ``omen``, ``gates`` (sorted), ``monsters {space: [kinds sorted]}`` (only the spaces named),
  ``monster_damage {kind: n}``, ``board_clues {space: n}``, ``result`` (``null`` = not over),
  ``state {dotted.path: value}``, ``lengths {dotted.path: n}``, ``mythos_stages`` (colour counts
  of the mythos deck, stage by stage from the top, the whole deck), ``count_events {type: n}``, ``events`` (partial events that
  occur), ``events_in_order``, ``no_events``, ``prompt`` (a subset of the first pending prompt),
  ``refused`` (a list of ``{after: n, action}``: after the first n actions that action is illegal:
  RuleError, nothing changes).

The runner also checks ``replay(record)`` against the actions applied one by one, and a game
resumed from a JSON copy of its state halfway.
"""
from __future__ import annotations

import pytest

from eh_helpers import R
from tests.engine import scenario_kit as kit

SCENARIOS = kit.scenario_paths("eldritch")
XFAIL: dict[str, str] = {}
def play(record, upto=None, resume_at=None):
    """new_game (its setup and position) + actions; returns (state, events)."""
    return kit.play(R, record, upto, resume_at)


def check_inv(s, inv, want):
    i = s["inv"][inv]
    for k, v in want.items():
        if k == "clues":
            got = len(i["clues"])
        elif k in ("assets", "artifacts", "spells", "conditions"):
            got, v = sorted(R.card_id(c) for c in i[k]), sorted(v)
        elif k in ("tickets", "improve"):
            got = {x: i[k][x] for x in v}
        else:
            got = i[k]
        assert got == v, (inv, k, got)


def check_state(s, expect):
    """Eldritch's own expectations: investigators, tracks, the board, the mythos deck, the result."""
    for inv, want in expect.get("inv", {}).items():
        check_inv(s, inv, want)
    for k in ("doom", "omen"):
        if k in expect:
            assert s[k] == expect[k], (k, s[k])
    if "gates" in expect:
        assert sorted(s["gates"]["board"]) == sorted(expect["gates"]), s["gates"]["board"]
    board = s["monsters"]["board"].values()
    for space, kinds in expect.get("monsters", {}).items():
        assert sorted(m["kind"] for m in board if m["space"] == space) == sorted(kinds), (space, list(board))
    for kind, n in expect.get("monster_damage", {}).items():
        assert [m["damage"] for m in board if m["kind"] == kind] == [n], (kind, list(board))
    for space, n in expect.get("board_clues", {}).items():
        assert len(s["clues"]["board"].get(space, [])) == n, (space, s["clues"]["board"])
    for k, n in expect.get("lengths", {}).items():
        assert len(kit.dotted(s, k)) == n, (k, kit.dotted(s, k))
    at = 0
    for stage in expect.get("mythos_stages", []):
        size = sum(stage.values())
        cards = s["mythos"]["deck"][at:at + size]
        at += size
        got = {c: sum(R.C.mythos[m]["colour"] == c for m in cards) for c in stage}
        assert got == stage and len(cards) == size, (stage, cards)
    if "mythos_stages" in expect:
        assert at == len(s["mythos"]["deck"]), s["mythos"]["deck"]
    if "result" in expect:
        if expect["result"] is None:
            assert s["result"] is None, s["result"]
        else:
            for k, v in expect["result"].items():
                assert s["result"][k] == v, (k, s["result"][k])


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path):
    kit.run_scenario(path, "eldritch", R, play, check_state, XFAIL)


def test_every_record_quotes_the_seed():
    kit.check_seed_quotes(SCENARIOS)


def test_there_are_scenarios():
    """Every record is in the table above and every file the table names exists."""
    kit.check_table(__doc__, SCENARIOS, 12)
