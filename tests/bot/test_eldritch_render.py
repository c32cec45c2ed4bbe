"""Eldritch Horror's renderer (bot/games/eldritch/render.py) and its catalogs: every event type the
engine emits has a line (the list is read from the engine's source, not written by hand), every
prompt kind and choice has a label, every key the renderer builds exists in en/uk/ru, and random
games (1, 2, 4 and 8 members) render every event, option, table and panel in every language
without a hidden back (of a spell or condition) in the public channel."""
from __future__ import annotations

import random
import re

import pytest

from bot.games.eldritch import render as R
from bot.i18n import LANGUAGES, has, t
from engine.core.errors import RuleError
from engine.core.events import is_public, visible_to
from engine.core.flow import Auto
from engine.registry import rules_for
from engine.simulate import choose, legal_moves
from tests.bot.render_helpers import assert_every_catalog_has, assert_registered, engine_source, renderer_keys

GAME = "eldritch"
RULES = rules_for(GAME)


def _source() -> str:
    return engine_source(GAME)


def engine_events() -> dict[str, set[str]]:
    """type -> {"public", "private"}: every ``event("type", ...)`` call in the engine's source and
    the other branch of ``event("a" if x else "b", ...)`` (``only(`` = private)."""
    found: dict[str, set[str]] = {}
    src = _source()
    for m in re.finditer(r'\bevent\(\s*"(\w+)"(\s+if\s+[^"]+?\s+else\s+"(\w+)")?\s*(,\s*(only|everyone_except)\()?',
                         src):
        where = "private" if m.group(4) else "public"
        for name in (m.group(1), m.group(3)):
            if name:
                found.setdefault(name, set()).add(where)
    return found


def engine_prompt_kinds() -> set[str]:
    return {name for name, frame in RULES.FRAMES.items() if not isinstance(frame, Auto)}


def engine_abouts() -> set[str]:
    """Every ``about`` a choice names: the labels of ``self.defer(...)`` and ``about=`` keywords."""
    src = _source()
    out = set(re.findall(r'about="(\w+)"', src))
    for m in re.finditer(r"self\.defer\(", src):
        depth, i = 1, m.end()
        while depth:   # the call's balanced arguments; its label is the last string literal
            depth += {"(": 1, ")": -1}.get(src[i], 0)
            i += 1
        labels = re.findall(r',\s*"(\w+)"\s*$', src[m.end():i - 1])
        if labels:
            out.add(labels[-1])
    return out


def engine_option_types() -> set[str]:
    return set(re.findall(r'\{"type":\s*"(\w+)"', _source())) - {"default"}


def test_engine_lists_are_read():
    events = engine_events()
    assert {"gate_closed", "gate_discarded", "monster_defeated", "monster_discarded", "rumor_solved",
            "rumor_ended", "devoured", "eliminated", "test_rolled", "encounter"} <= set(events)
    assert events["back_seen"] == {"private"} and events["gates_seen"] == {"private"}
    assert {"space", "monster", "may", "option", "omen", "lead", "give", "investigator"} <= engine_abouts()
    assert {"action", "roll", "choose", "group", "trade", "trade_ok", "new_investigator"} <= engine_prompt_kinds()
    assert {"travel", "rest", "ride", "buy", "reroll", "fight", "encounter", "lead", "token"} <= engine_option_types()


def test_registered_with_every_function():
    assert_registered(GAME, R)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_public_event_has_a_line(language):
    missing = [kind for kind, where in engine_events().items()
               if "public" in where and kind not in R.SILENT
               and not all(has(language, f"eldritch.event.{k}") for k in R.VARIANT_KEYS.get(kind, (kind,)))]
    assert not missing, f"{language}: no line for {missing}"
    assert set(R.VARIANTS) <= set(R.VARIANT_KEYS)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_private_event_has_a_line(language):
    private = {kind for kind, where in engine_events().items() if "private" in where}
    assert private <= set(R.PRIVATE_EVENTS) | set(R.TRADE_DRAFT_EVENTS)
    assert not [k for k in private - set(R.TRADE_DRAFT_EVENTS) if not has(language, f"eldritch.private.{k}")]
    # a trade's draft reads as the log would read it, only to its two players
    assert not [k for k in R.TRADE_DRAFT_EVENTS if not has(language, f"eldritch.event.{k}")]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_prompt_kind_choice_and_option_has_a_label(language):
    assert engine_prompt_kinds() <= set(R.PROMPT_KINDS)
    assert not [k for k in R.PROMPT_KINDS if not has(language, f"eldritch.kinds.{k}")]
    assert engine_abouts() <= set(R.ABOUTS), engine_abouts() - set(R.ABOUTS)
    assert not [a for a in R.ABOUTS if not has(language, f"eldritch.about.{a}")]
    # option types the renderer labels through a catalog key of their own name, or by their fields
    by_fields = {"travel", "ride", "prepare", "trade", "component", "local", "between", "buy", "discard_reserve",
                 "give", "take", "reroll", "reroll_with", "bonus_with", "fight", "encounter", "choose", "lead",
                 "token", "investigator"}
    plain = engine_option_types() - by_fields
    assert not [o for o in plain if not has(language, f"eldritch.option.{o}")], plain


def test_every_key_the_renderer_names_exists():
    keys = renderer_keys(GAME)
    built = {f"eldritch.count.{n}" for n in R.COUNT_NOUNS} | {f"eldritch.card_kind.{k}" for k in R.CARD_KINDS}
    built |= {f"eldritch.w.{x}" for x in R.TRAITS} | {f"eldritch.where.{x}" for x in R.WHERES}
    built |= {f"eldritch.trait_cards.{k}" for k in ("asset", "artifact", "spell")}
    built |= {f"eldritch.op.{o}_any" for o in ("gain_condition", "discard_condition")}
    built |= {f"eldritch.thing.{x}" for x in R.THINGS} | {f"eldritch.prevented_what.{x}" for x in R.PREVENTED}
    built |= {f"eldritch.reason.{x}" for x in R.REASONS} | {f"eldritch.status.{x}" for x in R.STATUSES}
    built |= {f"eldritch.phase.{x}" for x in R.PHASES} | {f"eldritch.action_name.{x}" for x in R.ACTION_TYPES}
    built |= {f"eldritch.skill.{x}" for x in R.SKILLS} | {f"eldritch.omen.{x}" for x in R.OMENS}
    built |= {f"eldritch.op.{x}" for x in R.PRIMITIVE_WORDS} | {f"eldritch.option_names.{f}" for f in R.LOBBY_FLAGS}
    built |= {f"eldritch.option.encounter_{w}" for w in R.ENCOUNTER_KINDS}
    built |= {f"eldritch.option.number_{a}" for a in ("spend", "discard", "number")}
    built |= {f"eldritch.option.token_{x}" for x in ("health", "sanity")} | {f"eldritch.token.{x}" for x in ("health", "sanity")}
    built |= {f"eldritch.path.{x}" for x in ("train", "ship", "uncharted")} | {f"eldritch.ticket.{x}" for x in ("train", "ship")}
    built |= {f"eldritch.mythos_colour.{x}" for x in ("green", "yellow", "blue")}
    built |= {f"eldritch.mythos_trait.{x}" for x in ("event", "ongoing", "rumor")}
    built |= {f"eldritch.event.{k}" for keys_ in R.VARIANT_KEYS.values() for k in keys_}
    built |= {f"eldritch.option.{x}" for x in ("yes", "no", "stay", "stop", "nothing")}
    from engine.eldritch.content_effects import PRIMITIVES
    assert set(R.PRIMITIVE_WORDS) <= set(PRIMITIVES)
    assert_every_catalog_has(keys | built)


def test_card_names_and_texts():
    assert R.card_name("en", "azathoth") == "Azathoth"
    assert R.card_name("uk", "azathoth") == "Азатот"
    assert R.card_name("uk", "amnesia") == "Амнезія"
    assert R.card_name("ru", "amnesia") == "Амнезия"
    assert R.card_name("en", "no_such_thing") == "no_such_thing"
    title, text = R.encounter_text("en", "expedition", "expedition_amazon_1")
    assert text.startswith("Strength test")
    assert R.skill("uk", "observation") == "Спостережливість" and R.skill("ru", "influence") == "Общение"


def test_dice_mark_successes():
    assert R.dice_text([1, 5, 6]) == "⚀ **⚄** **⚅**"
    ev = {"type": "test_result", "audience": "all", "inv": "leo_anderson", "skill": "strength", "dice": [4, 5, 2],
          "successes": 2, "passed": True}
    line = R.public_lines([ev], "en")[0]
    assert "**⚃**" in line and "**⚄**" in line and "2 successes" in line and "Strength" in line   # Blessed: 4 counts
    for language in LANGUAGES:
        assert R.dice_text([5]) in R.public_lines([ev], language)[0]


def test_flip_and_peek():
    flip = {"type": "card_flipped", "audience": "all", "reveal": True, "inv": "mark_harrigan", "card": "paranoia",
            "back": "kleptomania"}
    peek = {"type": "back_seen", "audience": ["p1"], "reveal": True, "inv": "jacqueline_fine", "card": "leg_injury",
            "back": "twisted_knee"}
    back = R._pack()["back"]["twisted_knee"]
    for language in LANGUAGES:
        lines = R.public_lines([flip, peek], language)
        assert len(lines) == 1 and R.card_name(language, "paranoia") in lines[0]
        assert R._in(language, R._pack()["back"]["kleptomania"].name) in lines[0]   # a flip is resolved openly
        assert not any(R._in(language, back.name) in x for x in lines)
        assert R._in(language, back.name) in R.private_lines([peek], "p1", language)[0]
        assert not R.private_lines([peek], "p2", language)


def test_lobby_options():
    assert R.flags_from_options({}) == []
    assert R.options_from_flags(["easy", "hard"], {"difficulty": "easy"})["difficulty"] == "hard"
    assert R.options_from_flags(["starting_rumor"], {"ancient_one": 2}) == {"ancient_one": 2, "starting_rumor": True}
    for language in LANGUAGES:
        assert R.number_label("ancient_one", 2, language).endswith(R.card_name(language, RULES.C.ao_ids[1]))
        assert t(language, "eldritch.option_names.random_ao") in R.number_label("ancient_one", None, language)
        assert "3" in R.number_label("per_player", 3, language)
        assert len(R.lobby_lines({"ancient_one": 1, "per_player": 2, "difficulty": "hard"}, language)) == 3
    # every value the lobby offers is one the engine accepts
    for number in range(R.LOBBY_NUMBERS["ancient_one"][0], R.LOBBY_NUMBERS["ancient_one"][1] + 1):
        state, _ = RULES.new_game(["a"], 1, {"ancient_one": number, "per_player": 4})
        assert state["ao"] == RULES.C.ao_ids[number - 1] and len(state["order"]) == 4
    for flags in ([], ["easy"], ["hard", "starting_rumor"]):
        options = R.options_from_flags(flags, {})
        RULES.new_game(["a", "b"], 2, options)
        assert R.options_from_flags(R.flags_from_options(options), {}) == options


# ---------------------------------------------------------------- random games
def _step(state, rng):
    legal = legal_moves(RULES, state)
    action = choose(rng, state, legal, RULES)
    try:
        return RULES.apply(state, action)
    except RuleError:
        return RULES.apply(state, {"player": action["player"], "type": "default"})


def _hidden_backs(state, language) -> set[str]:
    """The names and texts of every back held now (not public until flipped)."""
    out = set()
    for i in state["inv"].values():
        for held in i["spells"] + i["conditions"]:
            back = R._pack()["back"].get(held)
            if back is not None:
                out.add(R._in(language, back.name))
                if back.text is not None:
                    out.add(R._in(language, back.text))
    # a back's name that is also some front's name says nothing
    return {x for x in out if x and x not in {R.card_name(language, c) for c in R.CARD_CATEGORIES}}


def _check_label(label, what):
    assert label and "eldritch." not in label and "{" not in label, (what, label)


def _render_prompts(state, names, language, kinds_seen, options_seen):
    for prompt in RULES.prompts(state):
        kinds_seen.add(prompt["kind"])
        for option in prompt["options"]:
            options_seen.add(option["type"])
            _check_label(R.option_label({**option, "player": prompt["player"]}, state, names, language),
                         (prompt["kind"], prompt.get("about"), option))
        _check_label(R.decision_text(language, prompt, state), prompt)
        _check_label(R.decision_line(language, prompt, state), prompt)
        for line in R.prompt_lines(prompt, state, prompt["player"], names, language):
            _check_label(line, prompt)


@pytest.mark.parametrize("players, seed, options", [
    (1, 1, {"per_player": 2}), (1, 2, {"per_player": 4, "ancient_one": 2}), (2, 3, {}), (2, 4, {"difficulty": "hard"}),
    (4, 5, {"starting_rumor": True}), (4, 6, {"ancient_one": "yog_sothoth"}), (8, 7, {}), (8, 8, {"ancient_one": 3}),
])
def test_random_games_render_everywhere_without_leaks(players, seed, options):
    names = {f"p{i + 1}": f"Name{i + 1}" for i in range(players)}
    state, events = RULES.new_game(list(names), seed, options)
    rng = random.Random(seed)
    seen_types, kinds_seen, options_seen = set(), set(), set()
    for step in range(1500):
        for language in LANGUAGES:
            secrets = _hidden_backs(state, language)
            for line, ev in zip([R.public_line(ev, language) if is_public(ev) else None for ev in events], events):
                if not is_public(ev):
                    continue
                seen_types.add(ev["type"])
                if line is None:
                    assert ev["type"] in R.SILENT
                    continue
                _check_label(line, ev)
                if ev["type"] != "card_flipped":
                    assert not [s for s in secrets if s in line], (ev, line)
            assert R.public_lines(events, language) is not None
            for p in state["players"]:
                for line in R.private_lines(events, p, language):
                    _check_label(line, p)
                mine = [ev for ev in events if not is_public(ev) and visible_to(ev, p)]
                assert len(R.private_lines(events, p, language)) == len(mine)
            if step % 25 == 0 or RULES.is_over(state):
                table = R.table_embed(state, names, language)
                text = " ".join([table.title or "", table.description or ""] + [f.value for f in table.fields])
                _check_label(text, "table")
                assert not [s for s in secrets if s in text]
                for p in state["players"]:
                    panel = R.panel_embed(state, p, names, language, ["news"])
                    _check_label(" ".join(f.value for f in panel.fields) + (panel.footer.text or ""), "panel")
                for line in R.waiting_lines(RULES.view(state, None)["waiting_for"], language):
                    _check_label(line, "waiting")
                R.status_line(state, language)
                R.table_digest(state, names, language)
            if step % 2 == 0:
                _render_prompts(state, names, language, kinds_seen, options_seen)
        if RULES.is_over(state):
            break
        state, events = _step(state, rng)
    assert {"game_started", "round_started", "turn"} <= seen_types
    assert {"action"} <= kinds_seen and {"end_actions", "travel"} <= options_seen


def test_hidden_backs_never_in_the_view():
    state, _ = RULES.new_game(["a", "b"], 11, {})
    rng = random.Random(11)
    backs = set(R._pack()["back"])
    for _ in range(400):
        if RULES.is_over(state):
            break
        view = RULES.view(state, None)
        held = {h for i in state["inv"].values() for h in i["spells"] + i["conditions"]}
        assert not (held & backs & set(re.findall(r"[a-z_]+", repr(view))))
        state, _ = _step(state, rng)


def test_dice_mark_the_faces_the_engine_counted():
    """Blessed makes 4-6 successes (seed: «Благословення»): the engine names the faces that
    counted, so the line bolds exactly those, not a guess."""
    from bot.games.eldritch import render as R
    inv = next(iter(R._pack()["investigator"]))
    blessed = {"type": "test_rolled", "audience": "all", "inv": inv, "skill": "lore", "dice": [4, 2, 6],
               "faces": [4, 5, 6], "value": 3}
    plain = dict(blessed, faces=[5, 6])
    assert f"**{R.DIE[4]}**" in "\n".join(R.public_lines([blessed], "en"))
    assert f"**{R.DIE[4]}**" not in "\n".join(R.public_lines([plain], "en"))
    result = {"type": "test_result", "audience": "all", "inv": inv, "skill": "lore", "dice": [6, 5],
              "successes": 1, "passed": True, "faces": [6]}
    line = "\n".join(R.public_lines([result], "en"))
    assert f"**{R.DIE[6]}**" in line and f"**{R.DIE[5]}**" not in line


def test_a_monster_hurt_or_moved_is_named_even_without_its_spawn_in_the_same_batch():
    from bot.games.eldritch import render as R
    kind = next(iter(R._pack()["monster"]))
    lines = R.public_lines([{"type": "monster_hurt", "audience": "all", "monster": "m9", "kind": kind,
                             "damage": 1, "toughness": 2},
                            {"type": "monster_moved", "audience": "all", "monster": "m9", "kind": kind,
                             "space": "space_1"}], "en")
    name = R.monster_kind("en", kind)
    assert all(name in line for line in lines)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_whole_market_leaving_the_game_is_one_line(lang):
    """Faded From Society's reckoning may take every costly asset at once (39 in a game measured):
    the log says it in one line, the count in the language's plural form and the first names."""
    cards = [a for a in rules_for("eldritch").C.assets][:12]
    ev = {"type": "assets_removed", "cards": cards, "min_cost": 1, "audience": "all"}
    lines = R.public_lines([ev], lang)
    assert len(lines) == 1 and "12" in lines[0] and "…" in lines[0]
    assert R.component_name(lang, cards[0]) in lines[0] and R.component_name(lang, cards[-1]) not in lines[0]


# ---------------------------------------------------------------- wording at uk/ru tables (play-test 6)
@pytest.mark.parametrize("lang, lost, rest, reroll", [
    ("uk", "−1 розум", "Відпочити (+1 здоров'я, +1 розум)", "Заплатити 1 розум"),
    ("ru", "−1 рассудок", "Отдых (+1 здоровье, +1 рассудок)", "Заплатить 1 рассудок")])
def test_health_and_sanity_after_one_take_the_rulebooks_form(lang, lost, rest, reroll):
    """uk 002: «відновлює 1 здоров'я та 1 розум», «3 розуму»; ru 004: «восстанавливает 1 здоровье и
    1 рассудок» — not «1 розуму», «1 рассудка»."""
    ev = {"type": "lost", "audience": "all", "inv": "jacqueline_fine", "sanity": 1, "left_health": 5, "left_sanity": 6}
    assert lost + " " in R.public_lines([ev], lang)[0]
    assert R.amount_text(lang, "sanity", 3) == ("3 розуму" if lang == "uk" else "3 рассудка")
    assert R.amount_text(lang, "health", 1) == ("1 здоров'я" if lang == "uk" else "1 здоровье")
    assert t(lang, "eldritch.option.rest") == rest
    assert t(lang, "eldritch.option.reroll_sanity", dice="⚀").startswith(reroll + ":")


@pytest.mark.parametrize("lang, rolled, improved, test_op", [
    ("en", "tests Influence (2)", "improves Will (improvement token at +1)", "Lore test"),
    ("uk", "перевірка Впливу (2)", "поліпшує Волю (жетон поліпшення «+1»)", "перевірка Знань"),
    ("ru", "проверка Общения (2)", "улучшает Волю (жетон улучшения «+1»)", "проверка Знаний")])
def test_a_skill_after_a_governing_word_takes_its_case(lang, rolled, improved, test_op):
    """uk 002 «перевірку волі», «поліпшення знань»; ru 004 «проверку силы»: not «перевірка Вплив»."""
    roll = {"type": "test_rolled", "audience": "all", "inv": "jacqueline_fine", "skill": "influence",
            "dice": [4, 6], "value": 2}
    assert rolled in R.public_lines([roll], lang)[0]
    up = {"type": "improved", "audience": "all", "inv": "jacqueline_fine", "skill": "will", "value": 1}
    assert improved in R.public_lines([up], lang)[0]
    assert R.effect_text(lang, [{"op": "test", "skill": "lore"}]) == test_op


@pytest.mark.parametrize("lang, ability, may", [
    ("en", "Use your ability: trade clues", "use Flesh Ward?"),   # by what it does (ne17)
    ("uk", "Використати здібність: обмін доказами", "використати карту «Захист плоті»?"),
    ("ru", "Использовать способность: обмен уликами", "использовать карту «Защита плоти»?")])
def test_an_ability_and_a_may_name_what_they_use(lang, ability, may):
    """Not «Використати Властивість: Жаклін Файн» nor «використати? (Захист плоті)»."""
    assert R.option_label({"type": "component", "card": "jacqueline_fine"}, {}, {}, lang) == ability
    state = {"stack": [{"id": 7, "c": "c1"}], "ctx": {"c1": {"card": {"id": "flesh_ward", "kind": "spell"}}}}
    prompt = {"kind": "choose", "about": "may", "id": 7, "inv": "jacqueline_fine"}
    assert R.decision_text(lang, prompt, state) == f"{R.named(lang, 'investigator', 'jacqueline_fine')}: {may}"


def test_acquiring_assets_in_the_russian_rulebooks_term():
    """004: «Приобретение активов» (the action), not «Получить активы»."""
    assert R.option_label({"type": "acquire"}, {}, {}, "ru") == "Приобрести активы (проверка Общения)"
    assert t("ru", "eldritch.action_name.acquire") == "Приобретение активов"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_spells_back_is_told_without_its_copy_number(lang):
    """A spell's two backs are unnamed on the cards; the data's «(копія 1)» only tells them apart."""
    flip = {"type": "card_flipped", "audience": "all", "reveal": True, "inv": "akachi_onyele",
            "card": "mists_of_releh", "back": "mists_of_releh_1"}
    peek = dict(flip, type="back_seen", audience=["p1"])
    line, seen = R.public_lines([flip], lang)[0], R.private_lines([peek], "p1", lang)[0]
    for text in (line, seen):
        assert R.card_name(lang, "mists_of_releh") in text
        assert not re.search(r"\((copy|копія|копия) 1\)|\*\*\s*\S+ \S+\*\* —", text), text
