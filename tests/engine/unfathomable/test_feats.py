"""Feats (checklist 149): one per character, once per game, removed from the game after use; an
«Дія» feat costs an action; a revealing player removes their feat. Each feat's own effect is
asserted where its area is tested (the guard at the end names the file).

Seed: shared/seeds/000, line numbers in brackets.
"""
from __future__ import annotations

import pathlib
import re

import pytest
import yaml

from engine.core.errors import RuleError

from .c_helpers import settle
from .helpers import CHARS, answer, game, pass_windows, rules, top

NO_HANDS = {f"p{i}": [] for i in range(1, 5)}
FEATS = yaml.safe_load(pathlib.Path("data/unfathomable/feats.yaml").read_text())["feats"]


def test_c149_one_feat_per_character_dealt_with_the_sheet():
    """Checklist 149. «Кожен персонаж має свою особисту карту звітяги, що надає потужну властивість,
    яку можна використати один раз за гру.» [1844]; «18.2 Кожен персонаж починає гру зі своєю картою
    зв'язки в ігровій зоні.» [1851]; setup step 10: «Кожен гравець бере карту зв'язки й фішку
    вибраного персонажа ...» [2907] (the seed's OCR spells the feat «звітяги»/«зв'язки»)."""
    assert len(FEATS) == 10 and len({f["character"] for f in FEATS}) == 10
    r = rules()
    for f in FEATS:
        assert r.pack.character(f["character"]).feat == f["id"]
    _, s = game(4, characters=dict(zip(["p1", "p2", "p3", "p4"], CHARS[2:6])))
    assert s["feats"] == {p: r.pack.character(ch).feat for p, ch in s["characters"].items()}


def test_c149_an_action_feat_costs_an_action_and_is_gone_for_good():
    """Checklist 149. «18.3 Кожна карта зв'язки вилучається з гри після її розіграшу.» [1852];
    «Якщо карта зв'язки містить властивість «Дія», гравець мусить витратити дію, щоб розіграти цю
    властивість.» [1855].
    Jeanne's Full Steam Ahead (an «Дія»): the action count goes from 2 to 1, the effect happens, the
    feat leaves the game and is never offered again (an answer that tries is refused)."""
    r, s = game(first_player="p3", hands=NO_HANDS)
    pass_windows(r, s)
    t = top(r, s)
    assert t["player"] == "p3" and s["zone_of"]["p3"] == "boiler_room"
    use = {"type": "use", "ability": "feat:full_steam_ahead"}
    assert use in t["options"]
    fuel = s["resources"]["fuel"]
    answer(r, s, "p3", **use)
    pass_windows(r, s)
    t = top(r, s)
    assert t["kind"] == "action" and t["player"] == "p3"
    assert s["stack"][-1]["left"] == 1                      # one of the two actions spent
    assert s["resources"]["fuel"] == fuel - 1 and s["tracks"]["journey"] == 2
    assert s["feats"]["p3"] is None and "full_steam_ahead" in s["feats_used"]
    assert use not in t["options"] and "feat:full_steam_ahead" not in r.abilities_of(s, "p3")
    with pytest.raises(RuleError):
        answer(r, s, "p3", **use)
    assert s["tracks"]["journey"] == 2 and s["resources"]["fuel"] == fuel - 1


def test_c149_a_feat_without_action_costs_none_and_is_once_per_game():
    """Checklist 149. «... яку можна використати один раз за гру.» [1844]; a feat
    without «Дія» is no action: William's Quick Cast (any time, Keeper only) used while p1 is
    choosing an action leaves p1's actions as they were; afterwards William has no Quick Cast to
    offer, even on another turn's prompt."""
    r, s = game(spells_top=["feed_the_mind"], hands=NO_HANDS)
    pass_windows(r, s)
    assert s["titles"]["keeper_of_the_tome"] == "p4"
    left = s["stack"][-1]["left"]
    use = {"type": "use", "ability": "feat:quick_cast"}
    assert use in r.free_actions(s, "p4")
    s["resources"]["sanity"] = 5
    answer(r, s, "p4", **use)
    settle(r, s)
    assert s["resources"]["sanity"] == 7                    # Feed the Mind was cast
    assert top(r, s)["player"] == "p1" and s["stack"][-1]["left"] == left
    assert s["feats"]["p4"] is None and "feed_the_mind" not in s["spell_deck"]
    assert use not in r.free_actions(s, "p4")
    assert f"game:p4:feat:quick_cast" in s["limits"]


def test_c149_revealing_removes_the_feat():
    """Checklist 149. «5. Гравець вилучає з гри свою карту звияти (якщо він ще має її).» [1035];
    «36.5 ... вилучає з гри свою карту звитяги, якщо може.» [2325]. p1 (Keilani, a Hybrid) reveals: Unconventional Leader leaves the game unused."""
    r, s = game(hands=NO_HANDS, loyalty={"p1": ["hybrid"], "p2": ["human"], "p3": ["human"], "p4": ["human"]})
    pass_windows(r, s)
    assert s["feats"]["p1"] == "unconventional_leader"
    answer(r, s, "p1", type="reveal")
    settle(r, s)
    assert "p1" in s["revealed"]
    assert s["feats"]["p1"] is None and "unconventional_leader" in s["feats_removed"]
    assert not any(ref.startswith("feat:") for ref in r.abilities_of(s, "p1"))


@pytest.mark.parametrize("feat", [f["id"] for f in FEATS])
def test_c149_every_feat_is_resolved_in_a_test(feat):
    """Every feat has a test that uses it (``feat:<id>``) and asserts its effect on the state."""
    here = pathlib.Path(__file__).parent
    users = [p.name for p in here.glob("test_*.py")
             if p.name != "test_feats.py" and re.search(rf"feat:{feat}\b", p.read_text())]
    assert users, f"no test uses feat:{feat}"
