"""A travel choice says what its destination holds, from the public board: the buttons carry
the marks the table embed uses (🌀 a gate with its omen colour, 👹 monsters, 🔎 clues, 🧭 the
expedition, 📰 a rumor, 🔮 the mystery token, ✴️ Eldritch tokens) and "What each answer does"
names them in the table's language. Where to travel is the Action phase's main decision; the
member no longer has to find each neighbour on the map picture."""
from __future__ import annotations

import copy
import random

import pytest

from bot.games.eldritch import render as R
from engine.registry import rules_for
from tests.bot.random_play import first_reached

RULES = rules_for("eldritch")


def _first_travel(seed: int = 3):
    """A state whose prompt offers Travel, and that prompt (random play from a seeded game)."""
    return first_reached(RULES, [seed], ["a", "b"], lambda state: next(
        (p for p in RULES.prompts(state) if any(o["type"] == "travel" for o in p["options"])), None), steps=500)


def _empty(state, space):
    s = state
    return (space not in s["gates"]["board"] and space not in s["clues"]["board"]
            and all(m["space"] != space for m in s["monsters"]["board"].values())
            and s.get("expedition") != space and space not in s["rumor_tokens"].values()
            and s.get("mystery_token") != space and not s["eldritch_board"].get(space))


def _travels(state, prompt):
    return [{**o, "player": prompt["player"]} for o in prompt["options"] if o["type"] == "travel"]


def _laid(state, space):
    """``state`` with a gate, two monsters of one kind and two clues on ``space``."""
    s = copy.deepcopy(state)
    s["gates"]["board"].append(space)
    kind = next(iter(RULES.C.monsters))
    for uid in ("probe_1", "probe_2"):
        s["monsters"]["board"][uid] = {"kind": kind, "space": space, "damage": 0}
    s["clues"]["board"][space] = ["probe_a", "probe_b"]
    return s, kind


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_a_destination_with_a_gate_monsters_and_clues_says_so(lang):
    # an empty city that can hold a gate (its symbol gives the gate's omen, seed 002 l. 600)
    state, target = next((st, o) for st, p in map(_first_travel, range(1, 30)) for o in _travels(st, p)
                         if _empty(st, o["to"]) and RULES.C.spaces[o["to"]]["gate"])
    before = R.option_label(target, state, {}, lang)
    assert R.option_description(target, state, {}, lang) is None   # an empty space: nothing to say
    laid, kind = _laid(state, target["to"])
    colour = RULES.gate_omen(laid, target["to"])
    label = R.option_label(target, laid, {}, lang)
    assert label != before
    assert f"(🌀{R.OMEN_ICON[colour]} 👹×2 🔎×2)" in label, label
    assert label.index(R.space(lang, target["to"])) < label.index("🌀"), label   # marks follow the destination
    said = R.option_description(target, laid, {}, lang)
    assert R.omen(lang, colour) in said and R.monster_kind(lang, kind) + " ×2" in said, said
    assert {"en": "2 clues", "uk": "2 докази", "ru": "2 улики"}[lang] in said, said


def test_marks_come_from_the_public_board_only():
    """The cup, the decks and other hidden orders never reach a label: reshuffled, nothing moves."""
    state, prompt = _first_travel()
    options = _travels(state, prompt)
    shown = [(R.option_label(o, state, {}, "en"), R.option_description(o, state, {}, "en")) for o in options]
    hidden = copy.deepcopy(state)
    rng = random.Random(9)
    rng.shuffle(hidden["monsters"]["cup"])
    rng.shuffle(hidden["gates"]["stack"])
    rng.shuffle(hidden["clues"]["pool"])
    rng.shuffle(hidden["mythos"]["deck"])
    assert [(R.option_label(o, hidden, {}, "en"), R.option_description(o, hidden, {}, "en")) for o in options] == shown


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_the_table_names_the_mystery_and_eldritch_tokens_with_their_marks(lang):
    from bot.i18n import t
    assert t(lang, "eldritch.table.mystery_token", space="X").startswith("🔮")
    assert t(lang, "eldritch.table.eldritch_board", where="X").startswith("✴️")


# ------------------------------------------------------------------ Unfathomable: moves
UNF = rules_for("unfathomable")


def _first_move(seed: int = 5):
    """A state offering moves, and those moves (as the panel asks them: with the player)."""
    return first_reached(UNF, [seed], ["a", "b", "c", "d"], lambda state: next(
        ([{**o, "player": p["player"]} for o in p["options"] if o["type"] == "move"]
         for p in UNF.prompts(state) if any(o["type"] == "move" for o in p["options"])), None), steps=2000)


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_a_zone_to_move_to_says_what_is_there(lang):
    """The move buttons carry the table's icons (its legend: 🐙 a monarch, 🐟 Deep Ones, 💥
    damaged, 🧍 passengers); no worded line per zone, which would crowd the panel's 1,024
    characters of what each Action does."""
    from bot.games.unfathomable import render as U
    state, moves = _first_move()
    quiet = [m for m in moves if not U.zone_marks(state, m["to"])]
    deck = next(m for m in quiet if UNF.board.kind[m["to"]] == "deck")
    interior = next(m for m in quiet if UNF.board.kind[m["to"]] == "interior")
    plain = U.option_label(deck, state, {}, lang)
    assert "(" not in plain
    s = copy.deepcopy(state)
    s["deep_ones"][deck["to"]] = 2
    s["passengers"][deck["to"]] = ["probe1", "probe2", "probe3"]
    s["monarchs"]["mother_hydra"] = deck["to"]
    s["damage"][interior["to"]] = "probe_damage"
    assert U.option_label(deck, s, {}, lang) == plain + " (🐙 🐟×2 🧍×3)"
    assert U.option_label(interior, s, {}, lang).endswith(" (💥)")
    assert U.option_description(deck, s, {}, lang) is None
