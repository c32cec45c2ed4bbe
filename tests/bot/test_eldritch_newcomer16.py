"""Eldritch Horror's table lines and choices as a newcomer read them (nfe15's report, round 16):
look-alike asset options, a "may" that names nothing, a new investigator described by the
occupation the label already says, the result told twice, a clue with no cause, two forms of the
waiting line, «Использовать «Святая вода»», bare order choices, «обмінюється з Діана Стенлі».

Each test reads the renderer's real text: a general encounter's own choice (the pack's steps, as
the engine runs them), a game played by the engine until the moment in question, or the events
the engine emits."""
from __future__ import annotations

import random

import pytest

from bot.games.eldritch import render as R
from bot.i18n import t
from engine.registry import rules_for

RULES = rules_for("eldritch")
LANGUAGES = ("en", "uk", "ru")


def _step(state, rng):
    prompt = RULES.prompts(state)[0]
    option = rng.choice(prompt["options"])
    return RULES.apply(state, {"player": prompt["player"], **option, "prompt": prompt["id"]})


def _asked(step: dict, frame_id: int = 7) -> tuple[dict, dict]:
    """A state whose prompt ``frame_id`` asks ``step`` (as the engine's frame holds it), and that prompt."""
    state = {"stack": [{"id": frame_id, "c": "c1", "step": step}], "ctx": {"c1": {}}}
    return state, {"id": frame_id, "inv": "leo_anderson", "player": "p1"}


# ---------------------------------------------------------------- 2/13. from the reserve, or at random from the deck
@pytest.mark.parametrize("lang, reserve, deck", [
    # ne19: the trait said as one («Взяти «Предмет»» read as a card's name)
    ("en", "Take 1 Item asset from the reserve", "Draw 1 Item asset at random from the asset deck"),
    ("uk", "Взяти 1 актив з ознакою «Предмет» з резерву", "Взяти навмання 1 актив з ознакою «Предмет» з колоди активів"),
    ("ru", "Взять 1 актив с подтипом «Предмет» из резерва", "Взять наугад 1 актив с подтипом «Предмет» из колоды активов")])
def test_an_item_from_the_reserve_or_at_random_from_the_deck(lang, reserve, deck):
    """General encounter 1 (city): "pick an Item asset from the Reserve / draw an Item asset". The
    second read «Отримати Предмет» (the pack's default source "deck" fell to the plain "gain"), so
    the two buttons looked alike; 004: «когда сыщику нужно просто взять карту … он берёт верхнюю
    карту из соответствующей колоды»."""
    city = RULES.C.decks["general"]["cards"]["general_1"]["sections"]["city"]["effect"]
    choice = city[0]["pass"][0]
    assert choice["op"] == "choose_one" and choice["options"][1]["effect"][0]["source"] == "deck"
    state, prompt = _asked(choice)
    labels = [R.value_label(lang, k, state, {}, "option", prompt) for k in (0, 1)]
    assert labels == [reserve, deck]


# ---------------------------------------------------------------- 3. "use it?" names what
@pytest.mark.parametrize("lang, asked", [
    ("en", "become Delayed, gain 2 spells?"),
    ("uk", "стати затриманим, отримати 2 заклинання?"),
    ("ru", "стать задержанным, получить 2 заклинания?")])
def test_an_encounters_may_says_what_it_offers(lang, asked):
    """America 7 (Arkham): "you may become Delayed to gain 2 spells". The table's ⏳ line and the
    panel asked «Лео Андерсон: використати?», naming nothing."""
    may = RULES.C.decks["america"]["cards"]["america_7"]["sections"]["arkham"]["effect"][0]
    assert may["op"] == "may"
    state, prompt = _asked(may)
    prompt = {**prompt, "kind": "choose", "about": "may"}
    said = R.decision_text(lang, prompt, state)
    assert said == f"{R.named(lang, 'investigator', 'leo_anderson')}: {asked}", said
    assert t(lang, "eldritch.about.may") not in said
    line = R.decision_line(lang, prompt, state)
    assert line.endswith(asked), line


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_investigators_own_may_asks_about_their_ability(lang):
    """Not «використати «Лео Андерсон»?»: an investigator is not a card."""
    state = {"stack": [{"id": 7, "c": "c1", "step": {"op": "may", "cost": [], "then": []}}],
             "ctx": {"c1": {"card": {"kind": "investigator", "id": "leo_anderson"}}}}
    said = R.decision_text(lang, {"id": 7, "kind": "choose", "about": "may", "inv": "leo_anderson"}, state)
    assert said.endswith(t(lang, "eldritch.about.may_ability")), said


# ---------------------------------------------------------------- 6. a new investigator by what they can do
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_new_investigator_is_described_by_their_abilities(lang):
    """The select's description repeated the label's occupation («Акачі Оньеле — Шаманка …» —
    «Шаманка»)."""
    option = {"type": "investigator", "id": "akachi_onyele"}
    label = R.option_label(option, {}, {}, lang)
    described = R.option_description(option, {}, {}, lang)
    entry = R._pack()["investigator"]["akachi_onyele"]
    occupation = R._in(lang, entry.occupation)
    assert occupation in label and described != occupation
    assert described.startswith(R._in(lang, entry.action.text)[:40]) and len(described) <= 100, described


# ---------------------------------------------------------------- 7. the result once
def _finished_game():
    for seed in range(1, 40):
        state, _ = RULES.new_game(["a"], seed, {})
        rng = random.Random(seed)
        for _ in range(4000):
            if RULES.is_over(state):
                break
            state, events = _step(state, rng)
            over = [e for e in events if e["type"] == "game_over"]
            if over:
                return state, over[0]
    raise AssertionError("no game ended")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_result_is_told_once(lang):
    """The log's last line «🐙 Перемагає Стародавній: скінчилася колода міту. Раунд 4, …» and the
    final table's bold «**🐙 Перемагає Стародавній: скінчилася колода міту.**» below it."""
    state, over = _finished_game()
    line = str(R.public_line(over, lang))
    result = line.split(":")[0]   # "🐙 The Ancient One wins" / "🎉 The investigators win"
    embed = R.table_embed(state, {}, lang)
    assert result in line
    assert result not in embed.description, embed.description
    assert t(lang, "eldritch.table.over") in embed.description


# ---------------------------------------------------------------- 8 is left: the peek event names no owner
# ---------------------------------------------------------------- 9. a clue's cause
@pytest.mark.parametrize("lang, cause", [
    ("en", "by their ability"), ("uk", "завдяки своїй здібності"), ("ru", "благодаря своей способности")])
def test_a_clue_gained_names_what_gave_it(lang, cause):
    """Jacqueline Fine gains a clue when another investigator gains a condition: «Жаклін Файн
    отримує 1 доказ.» right after Akachi's failed test named no cause (the first such clue of the first random game
    that has one)."""
    gained = []
    for seed in range(1, 40):   # the first random game in which it happens (rules change the games)
        state, _ = RULES.new_game(["a", "b"], seed, {})
        rng = random.Random(seed)
        for _ in range(400):
            if state["result"] is not None:
                break
            state, events = _step(state, rng)
            gained = [e for e in events if e["type"] == "clues_gained" and e["inv"] == "jacqueline_fine"
                      and e.get("source")]
            if gained:
                break
        if gained:
            break
    else:
        raise AssertionError("Jacqueline Fine gained no clue by her ability")
    assert gained[0]["source"] == "jacqueline_fine"
    lines = [str(x) for x in R.public_lines(events, lang)]
    said = next(x for x in lines if R.named(lang, "investigator", "jacqueline_fine") in x
                and t(lang, "eldritch.count.clues", count=gained[0]["count"]) in x)
    assert cause in said, said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_clue_from_a_card_names_the_card(lang):
    ev = {"type": "clues_gained", "audience": "all", "inv": "leo_anderson", "count": 1, "source": "buying_information"}
    assert R.card_name(lang, "buying_information") in str(R.public_line(ev, lang))


# ---------------------------------------------------------------- 10. one waiting form
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_waiting_line_has_the_tables_form(lang):
    """«⏳ Чекаємо: @X (вибір).» beside the table's «⏳ Стіл чекає на @X — Джим Кальвер: …»."""
    (line,) = R.waiting_lines([{"player": "123", "kind": "choose", "inv": "jim_culver"}], lang)
    who = f"<@123> — {R.named(lang, 'investigator', 'jim_culver')}: {t(lang, 'eldritch.kinds.choose')}"
    assert line.startswith(f"{t(lang, 'eldritch.table.waiting')} {who}"), line


# ---------------------------------------------------------------- 11. «Использовать карту «Святая вода»»
@pytest.mark.parametrize("lang, said", [
    ("en", "Use Holy Water"), ("uk", "Використати карту «Свята вода»"), ("ru", "Использовать карту «Святая вода»")])
def test_using_a_card_governs_its_case(lang, said):
    option = {"type": "component", "card": "holy_water"}
    assert R.option_label(option, {}, {}, lang) == said
    used = {"type": "action", "audience": "all", "action": "component", "inv": "leo_anderson", "card": "holy_water",
            "owner": "leo_anderson"}
    assert said.split(" ", 1)[1] in str(R.public_line(used, lang))


# ---------------------------------------------------------------- 16. what happens first
@pytest.mark.parametrize("lang, debt, pact", [
    ("en", "First: Debt", "First: Dark Pact"), ("uk", "Спершу «Борг»", "Спершу «Темна угода»"),
    ("ru", "Сначала «Долг»", "Сначала «Тёмный договор»")])
def test_an_order_choice_says_first(lang, debt, pact):
    """Jim Culver's «що відбувається спершу» offered bare «Борг» / «Темна угода»."""
    state = {"stack": [{"id": 7, "c": "c1", "items": []}], "ctx": {"c1": {}}}
    prompt = {"id": 7, "kind": "choose", "about": "order", "inv": "jim_culver"}
    assert [R.value_label(lang, v, state, {}, "order", prompt) for v in ("debt", "dark_pact")] == [debt, pact]


# ---------------------------------------------------------------- 17. «X і Y обмінюються»
@pytest.mark.parametrize("lang, said", [
    ("en", "**Leo Anderson** and **Diana Stanley** trade."),
    ("uk", "**Лео Андерсон** і **Діана Стенлі** обмінюються."),
    ("ru", "**Лео Андерсон** и **Диана Стэнли** обмениваются.")])
def test_a_trade_line_needs_no_instrumental(lang, said):
    """«Лео Андерсон обмінюється з Діана Стенлі»: a nominative name after «з»."""
    ev = {"type": "action", "audience": "all", "action": "trade", "inv": "leo_anderson", "with": "diana_stanley"}
    assert str(R.public_line(ev, lang)) == said
