"""Unfathomable's renderer (bot/games/unfathomable/render.py) and its catalogs: every event type the
engine emits has a line (the list is read from the engine's source, not written by hand), every
prompt kind and purpose has a label, every key the renderer builds exists in en/uk/ru, and random
games render every event, option, subset item, table and panel in every language without leaking
hands, contributions or unrevealed loyalty into the public channel."""
from __future__ import annotations

import random
import re

import pytest

from bot.games.unfathomable import render as R
from bot.i18n import LANGUAGES, has, t
from engine.core.errors import RuleError
from engine.core.events import is_public, visible_to
from engine.core.flow import Auto
from engine.registry import rules_for
from engine.simulate import choose, legal_moves
from tests.bot.render_helpers import ROOT, assert_every_catalog_has, assert_registered, engine_source, renderer_keys

GAME = "unfathomable"
RULES = rules_for(GAME)

# events the renderer leaves out on purpose: (type, why)
NOT_RENDERED_PRIVATE = {"skills_drawn"}   # another player's draw: only a count, the table shows hand sizes


def _source() -> str:
    return engine_source(GAME)


def engine_events() -> dict[str, set[str]]:
    """type -> {"public", "private"}: from every ``event("type", ...)`` call in the engine's
    source (its audience: ``only(``/``everyone_except(`` = private) and the SecretRound's names."""
    found: dict[str, set[str]] = {}
    src = _source()
    for m in re.finditer(r'\bevent\(\s*"(\w+)"\s*(,\s*(only|everyone_except)\()?', src):
        found.setdefault(m.group(1), set()).add("private" if m.group(2) else "public")
    rules = (ROOT / "engine" / GAME / "rules.py").read_text(encoding="utf-8")
    for name, kind in (("added", "public"), ("you_added", "private"), ("revealed", "public")):
        for m in re.finditer(rf'\b{name}="(\w+)"', rules):
            found.setdefault(m.group(1), set()).add(kind)
    return found


def engine_purposes() -> set[str]:
    src = _source()
    out = set(re.findall(r'\bneed(?:_subset|_number)?\(\s*s\s*,\s*c\s*,\s*(?:f?"[^"]*"|\w+)\s*,\s*[^,]+?,\s*"(\w+)"',
                         src))
    out |= set(re.findall(r'"purpose":\s*"(\w+)"', src))
    return out


def engine_prompt_kinds() -> set[str]:
    kinds = {name for name, frame in RULES.FRAMES.items() if not isinstance(frame, Auto)}
    return kinds - {"window_use"} if "window_use" in kinds and isinstance(RULES.FRAMES["window_use"], Auto) else kinds


def test_engine_lists_are_read():
    events = engine_events()
    assert {"check_started", "check_added", "check_revealed", "check_you_added", "loyalty_dealt"} <= set(events)
    assert "private" in events["check_you_added"] and "public" in events["check_added"]
    assert {"option", "player", "zone", "resource", "rescue_passengers", "track_shift"} <= engine_purposes()
    assert {"character", "action", "window", "contribute", "choose", "discard_down"} <= engine_prompt_kinds()


def test_registered_with_every_function():
    assert_registered(GAME, R)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_public_event_has_a_line(language):
    missing = [kind for kind, where in engine_events().items()
               if "public" in where and not all(has(language, f"unfathomable.event.{k}")
                                                for k in R.VARIANTS.get(kind, (kind,)))]
    assert not missing, f"{language}: no line for {missing}"
    silent = [kind for kind, where in engine_events().items()
              if "public" in where and kind not in R.SILENT and kind not in R.VARIANTS
              and not t(language, f"unfathomable.event.{kind}")]
    assert not silent, f"{language}: empty lines for {silent} (add them to SILENT if meant)"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_private_event_has_a_line(language):
    missing = [kind for kind, where in engine_events().items()
               if "private" in where and kind not in NOT_RENDERED_PRIVATE
               and not has(language, f"unfathomable.private.{kind}")]
    assert not missing, f"{language}: no private line for {missing}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_prompt_kind_and_purpose_has_a_label(language):
    assert not [k for k in engine_prompt_kinds() if not has(language, f"unfathomable.kinds.{k}")]
    assert not [p for p in engine_purposes() if not has(language, f"unfathomable.purposes.{p}")]
    from engine.unfathomable.content import Timing
    assert not [x for x in Timing.__args__ if not has(language, f"unfathomable.timings.{x}")]


def test_every_key_the_renderer_names_exists():
    keys = renderer_keys(GAME)
    built = {f"unfathomable.roll.{p}" for p in R.ROLL_PURPOSES} | {f"unfathomable.reason.{r}" for r in R.REASONS}
    built |= {f"unfathomable.count.{n}" for n in R.COUNT_NOUNS} | {f"unfathomable.deck.{d}" for d in R.DECKS}
    built |= {f"unfathomable.option_names.{f}" for f in R.LOBBY_FLAGS}
    built |= {f"unfathomable.result.{r}" for r in ("pass", "partial", "fail")}
    built |= {f"unfathomable.option.{o}" for o in ("end_actions", "rescue", "trade", "defeat_passenger", "reveal",
                                                   "pass", "yes", "no", "top", "bottom", "stay", "cast", "return", "stop")}
    assert_every_catalog_has(keys | built)


def test_card_names():
    assert R.card_name("en", "lore:shrivelling:2:3") == "Shrivelling (Lore 2)"
    assert R.card_name("uk", "lore:shrivelling:2:3") == "Висушення (Знання 2)"
    assert R.card_name("ru", "observation:keen_insight:3:1") == "Прозорливость (Внимание 3)"
    assert R.card_name("uk", "bridge") == "Місток"
    assert R.card_name("ru", "fuel") == "Топливо"
    assert R.card_name("en", "tool_kit") == "Tool Kit"
    assert R.card_name("en", "no_such_thing") == "no_such_thing"
    assert R.card_name("uk", "mother_hydra") == "Мати Гідра"


def test_check_lines_never_say_who_added_what():
    events = [
        {"type": "check_started", "audience": "all", "target": 11, "partial": 8, "positive": ["lore", "will"],
         "card": "criminal_activity", "order": ["1", "2", "3"]},
        {"type": "check_added", "audience": "all", "player": "1", "count": 2},
        {"type": "check_you_added", "audience": ["1"], "player": "1", "cards": ["lore:shrivelling:2:3"]},
        {"type": "check_revealed", "audience": "all", "reveal": True, "cards": ["lore:shrivelling:2:3", "will:persistence:1:4"],
         "total": 1, "target": 11, "partial": 8, "positive": ["lore", "will"]},
        {"type": "check_result", "audience": "all", "result": "fail", "total": 1, "target": 11, "partial": 8},
    ]
    for language in LANGUAGES:
        lines = R.public_lines(events, language)
        assert len(lines) == 3  # the pile and its result, right after it, are one line
        assert "<@1> → <@2> → <@3>" in lines[0] and "11" in lines[0] and "8" in lines[0]
        assert "<@1>" in lines[1] and "2" in lines[1]
        assert "<@" not in lines[2] and "1" in lines[2]
        assert R.card_name(language, "lore:shrivelling:2:3") in lines[2]
        assert t(language, "unfathomable.result.fail") in lines[2]
        assert R.private_lines(events, "1", language) and not R.private_lines(events, "2", language)
    assert R.public_lines(events, "en")[1] == "<@1> added 2 cards."


def test_lobby_flags():
    assert R.flags_from_options({}) == ["cultist"]
    assert R.options_from_flags(["cultist"], {}) == {}
    assert R.options_from_flags([], {}) == {"cultist": False}
    assert R.options_from_flags(["first_game", "cultist"], {}) == {"first_game": True}
    assert R.options_from_flags(["cultist", "easier"], {}) == {"difficulty": "easier"}
    # both difficulties ticked: the newly ticked one wins
    assert R.options_from_flags(["cultist", "easier", "harder"], {"difficulty": "easier"})["difficulty"] == "harder"
    for flags in ([], ["cultist"], ["first_game"], ["cultist", "harder"], ["easier"]):
        options = R.options_from_flags(flags, {})
        RULES.new_game(["a", "b", "c", "d"], 1, options)   # the engine accepts every combination
        assert R.options_from_flags(R.flags_from_options(options), {}) == options
    for language in LANGUAGES:
        assert R.lobby_lines({"cultist": False}, language)[0] == t(language, "unfathomable.option_names.no_cultist")


# ---------------------------------------------------------------- random games
def _step(state, rng):
    legal = legal_moves(RULES, state)
    for _ in range(5):
        action = choose(rng, state, legal, RULES)
        try:
            return RULES.apply(state, action)
        except RuleError:
            continue
    return RULES.apply(state, {"player": action["player"], "type": "default"})


def _secret_names(state, language) -> set[str]:
    """Names that must never be in a public line now: loyalty of unrevealed traitors."""
    out = set()
    for p, cards in state["loyalty"].items():
        if p in state["revealed"]:
            continue
        for c in cards:
            if c != "human":
                out.add(R.named(language, "loyalty", c))
    return out


def _render_prompts(state, names, language):
    for prompt in RULES.prompts(state):
        shape = prompt.get("shape", "one")
        if shape == "one":
            for option in prompt["options"]:
                label = R.option_label({**option, "player": prompt["player"]}, state, names, language)
                assert label and "unfathomable." not in label and "{" not in label, (prompt, option, label)
        elif shape == "subset":
            for item in prompt["subset"]["ids"]:
                label = R.item_label(prompt["subset"], item, state, names, language)
                assert label and "unfathomable." not in label and ":" not in label.replace(": ", ""), (prompt, item)
        text = R.decision_text(language, prompt)
        assert text and "unfathomable." not in text and "{" not in text, prompt
    for p in state["players"]:
        for action in RULES.free_actions(state, p):
            assert "unfathomable." not in R.free_action_label(action, language)


@pytest.mark.parametrize("players, seed, options", [
    (3, 1, {}), (4, 2, {"cultist": False}), (5, 3, {"first_game": True}), (6, 4, {"difficulty": "harder"}),
    (4, 5, {}), (5, 6, {"difficulty": "easier"}),
])
def test_random_games_render_everywhere_without_leaks(players, seed, options):
    names = {f"p{i + 1}": f"Name{i + 1}" for i in range(players)}
    state, events = RULES.new_game(list(names), seed, options)
    rng = random.Random(seed)
    seen_types = set()
    for step in range(4000):
        before = state
        hands = {c for hand in before["hands"].values() for c in hand}
        for language in LANGUAGES:
            secrets = _secret_names(state, language)
            for ev in events:
                if not is_public(ev):
                    continue
                line = R.public_line(ev, language)
                seen_types.add(ev["type"])
                if line is None:
                    assert ev["type"] in R.SILENT or (ev["type"], ev.get("reason")) in \
                        R.TOLD_BY_A_LATER_EVENT | R.TOLD_BY_AN_EARLIER_EVENT
                    if ev["type"] == "monarch_moved":  # the emergence that tells it is in the same step
                        assert any(e["type"] == "monsters_emerged" and ev["monster"] in e["monarchs"] for e in events)
                    if ev["type"] == "player_moved":  # the defeat that tells it comes right before it
                        before = events[events.index(ev) - 1]
                        assert before["type"] == "player_defeated" and before["player"] == ev["player"] \
                            and before["to"] == ev["to"], (before, ev)
                    continue
                assert "unfathomable." not in line and not line.startswith("("), (ev, line)
                assert "{" not in line, (ev, line)
                assert not any(c in line for c in hands), (ev, line)   # never a raw card id
                if ev["type"] not in ("revealed", "game_over"):
                    assert not [s for s in secrets if s and s in line], (ev, line)
                if ev["type"] in ("check_revealed", "check_result", "chaos_added"):
                    assert "<@" not in line, line   # the reveal names nobody
            for p in state["players"]:
                for line in R.private_lines(events, p, language):
                    assert "unfathomable." not in line and "{" not in line, line
                mine = [ev for ev in events if not is_public(ev) and visible_to(ev, p)]
                others = [ev for ev in events if not visible_to(ev, p)]
                assert not set(map(id, mine)) & set(map(id, others))
            if step % 40 == 0 or RULES.is_over(state):
                R.table_embed(state, names, language)
                for p in state["players"]:
                    R.panel_embed(state, p, names, language, ["news"])
                R.waiting_lines(RULES.view(state, None)["prompts"], language)
            if step % 3 == 0:
                _render_prompts(state, names, language)
        if RULES.is_over(state):
            break
        state, events = _step(state, rng)
    assert {"game_started", "character_chosen", "turn_started"} <= seen_types


def test_public_check_in_table_counts_only():
    names = {"p1": "A", "p2": "B", "p3": "C"}
    state, _ = RULES.new_game(list(names), 7, {})
    rng = random.Random(7)
    for _ in range(3000):
        if any(p["kind"] == "contribute" for p in RULES.prompts(state)) and any(
                f["k"] == "contribute" and f["given"] for f in state["stack"]):
            break
        state, _ = _step(state, rng)
    else:
        raise AssertionError("no skill check with a contribution reached")
    given = next(f for f in state["stack"] if f["k"] == "contribute")["given"]
    embed = R.table_embed(state, names, "en")
    text = " ".join(str(f.value) for f in embed.fields)
    for cards in given.values():
        for c in cards:
            assert R.card_name("en", c) not in text or c not in " ".join(state["hands"].get("p1", []))
    assert "Skill check" in [f.name for f in embed.fields]


def test_a_skill_cards_choice_and_the_attacks_stop_read_in_the_members_language():
    """Rampage's two options (a skill card's choice) and the attack's "stop" were shown in English
    at uk/ru tables: the labels are the pack's own, the stop is the catalog's."""
    rampage = {"kind": "choice", "labels": ["Up to 4 unarmed attacks", "Weapon: 3 attacks at most"],
               "options": [{"type": "choose", "value": 0}, {"type": "choose", "value": 1}]}
    assert R.value_label("uk", 0, {}, {}, "option", rampage) == "До 4 атак без зброї"
    assert R.value_label("ru", 1, {}, {}, "option", rampage) == "Оружие: не больше 3 атак"
    assert R.value_label("en", 1, {}, {}, "option", rampage) == "Weapon: 3 attacks at most"
    for lang in ("en", "uk", "ru"):
        assert R.value_label(lang, "stop", {}, {}, "attack_target") == t(lang, "unfathomable.option.stop")
    assert R.value_label("uk", "stop", {}, {}, "attack_target") == "Припинити атаки"


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_ending_no_player_wins_is_said_plainly(language):
    """Checklist 169-170 (engine/unfathomable/ending.py ``winners``): on a traitors' ending only a
    Hybrid holder wins, and a Cultist holder only at distance 12+; with neither, nobody wins. The
    line, the table and the picture say so instead of "The traitors win. Winners: —"."""
    result = {"reason": "ship_destroyed", "team": "traitors", "winners": [], "distance": 9,
              "loyalty": {"p1": ["human"], "p2": ["cultist"], "p3": ["human"]}}
    line = R.public_line({"type": "game_over", **result}, language)
    nobody = t(language, "unfathomable.nobody_wins.traitors", distance=9)
    assert nobody in line and "—" not in line.split("\n")[0]
    assert t(language, "unfathomable.team.traitors") not in line
    won = R.public_line({"type": "game_over", **result, "winners": ["p2"], "distance": 12}, language)
    assert t(language, "unfathomable.team.traitors") in won and nobody.split(":")[0] not in won
    state, _ = rules_for(GAME).new_game(["p1", "p2", "p3"], 1)
    state = {**state, "result": result}
    embed = R.table_embed(state, {}, language).to_dict()
    text = "\n".join(f["value"] for f in embed.get("fields", []))
    assert nobody in text and "🏆 —" not in text
