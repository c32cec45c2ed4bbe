"""Eldritch Horror as a newcomer reads it, round 20 (brief ne20): what a reroll cost, whose loss a
card would spare, a mythos card's symbols, who lays a clue on the mystery, a spell discarded is not
turned face up, the monster a Cultist's Reckoning spawns, an improvement token's side, an order
asked as a question with each answer's text, a fallen Lead's token said once.

Each test reads the renderer's real text, of events the engine makes (or the pack's own steps)."""
from __future__ import annotations

import pytest

from bot.games.eldritch import render as R
from tests.engine.eldritch.eh_helpers import R as E, act, new, prompt, put_monster, quiet, run_fx, settle

LANGS = ("en", "uk", "ru")


def lines(events: list[dict], lang: str) -> list[str]:
    return R.public_lines(events, lang)


def _rerolled(inv: str, clues: int):
    """``inv`` fails a Strength test and rerolls one die (a Clue's, or Norman's sanity for one)."""
    s = quiet(settle(new({"ann": [inv]})))
    s["inv"][inv]["used"] = [u for u in s["inv"][inv]["used"] if u != "limit:norman_withers"]
    s["inv"][inv]["clues"] = ["c"] * clues
    s["forced_dice"] = [1, 1, 1, 1, 1, 1]
    s, _ = run_fx(s, "[{test: {skill: strength}}]", inv)
    asked = prompt(s)
    reroll = next(o for o in asked["options"] if o["type"] == "reroll")
    return E.apply(s, {"player": "ann", "prompt": asked["id"], **reroll})[1]


# ---------------------------------------------------------------- 1. what a reroll cost
@pytest.mark.parametrize("lang, says", [
    ("en", "❌ **Akachi Onyele** rerolls, paying 1 clue, and fails the Strength test: ⚀ ⚀ — 0 successes."),
    ("uk", "❌ **Акачі Оньеле** витрачає на перекидання 1 доказ і не проходить перевірку (Сила): ⚀ ⚀ — 0 успіхів."),
    ("ru", "❌ **Акачи Оньеле** тратит на переброс 1 улику и проваливает проверку (Сила): ⚀ ⚀ — 0 успехов.")])
def test_a_clue_spent_on_a_reroll_says_what_for(lang, says):
    """Was «Акачі Оньеле витрачає 1 доказ.» then «перекидає і не проходить…»: two lines, no why."""
    events = _rerolled("akachi_onyele", 1)
    assert [ev["type"] for ev in events] == ["spent", "rerolled", "test_result"]
    assert lines(events, lang) == [says]


@pytest.mark.parametrize("lang, says", [
    ("en", "❌ **Norman Withers** rerolls, paying 1 sanity instead of a Clue (by their ability), and fails"),
    ("uk", "❌ **Норман Візерс** витрачає на перекидання 1 розум замість доказу (завдяки своїй здібності) і не проходить"),
    ("ru", "❌ **Норман Уизерс** тратит на переброс 1 рассудок вместо улики (благодаря своей способности) и проваливает")])
def test_norman_withers_sanity_for_a_clue_says_it_is_his_ability(lang, says):
    """Was a bare «Норман Візерс витрачає 1 розум.» before his reroll (seed 002: his sheet pays a
    Clue with 1 Sanity once a round)."""
    events = _rerolled("norman_withers", 0)
    assert events[0] == {**events[0], "what": "sanity", "count": 1}
    assert lines(events, lang)[0].startswith(says)


def test_the_axes_two_sanity_are_not_normans_ability():
    """The Axe's reroll costs 2 sanity (its own price), not a Clue paid by Norman's sheet."""
    events = [{"type": "spent", "audience": "all", "inv": "norman_withers", "what": "sanity", "count": 2},
              {"type": "rerolled", "audience": "all", "inv": "norman_withers", "dice": [2, 4], "which": [0, 1],
               "faces": [5, 6]}]
    assert lines(events, "uk") == ["🎲 **Норман Візерс** витрачає на перекидання 2 розуму: ⚁ ⚃"]


# ---------------------------------------------------------------- 2. whose loss a card would spare
@pytest.mark.parametrize("lang, asks", [
    ("en", "Jacqueline Fine: use Flesh Ward? (Akachi Onyele is about to lose 1 health)"),
    ("uk", "Жаклін Файн: використати карту «Захист плоті»? (Акачі Оньеле має втратити 1 здоров'я)"),
    ("ru", "Жаклин Файн: использовать карту «Защита плоти»? (Акачи Оньеле вот-вот потеряет 1 здоровье)")])
def test_flesh_ward_says_who_is_about_to_lose_what(lang, asks):
    """Was «Жаклін Файн: використати «Захист плоті»?» in Akachi's encounter: no word of whose
    health, and «використати «Параноя»?» (a name in quotes needs «карту» before it)."""
    s = quiet(settle(new({"ann": ["jacqueline_fine"], "bob": ["akachi_onyele"]})))
    s, _ = run_fx(s, "[{lose: {health: 1}}]", "akachi_onyele")
    asked = prompt(s)
    assert asked["about"] == "may" and asked["inv"] == "jacqueline_fine"
    assert R.decision_text(lang, asked, s) == asks


# ---------------------------------------------------------------- 3. a mythos card's symbols
@pytest.mark.parametrize("lang, says", [
    ("en", "🃏 Mythos: **A Dark Power** (yellow, event; in order: advance omen, Reckoning, spawn gates) — "),
    ("uk", "🃏 Міт: **Темна сила** (жовта, подія; по черзі: нове передвістя, розплата, поява воріт) — "),
    ("ru", "🃏 Миф: **Тёмная сила** (жёлтая, событие; по порядку: новое знамение, расплата, открытие врат) — ")])
def test_a_mythos_card_lists_its_symbols(lang, says):
    """The omen's move, a Reckoning's «Випадкова локація: Локація 13.» and a gate followed the
    card's line with no word of why (seed 002: its effects «в указаному на карті порядку»)."""
    s = quiet(settle(new({"ann": ["leo_anderson"]})))
    s["phase"] = "mythos"
    events: list = []
    E.resolve_mythos_card(s, "a_dark_power", events)
    drawn = next(ev for ev in events if ev["type"] == "mythos_drawn")
    assert lines([drawn], lang)[0].startswith(says)


# ---------------------------------------------------------------- 4. who lays a clue on the mystery
@pytest.mark.parametrize("lang, says", [("en", "**Lily Chen** lays a Clue on the mystery."),
                                        ("uk", "**Лілі Чен** кладе доказ на карту таємниці."),
                                        ("ru", "**Лили Чен** кладёт улику на карту тайны.")])
def test_a_clue_laid_on_the_mystery_names_who_lays_it(lang, says):
    """Was «Доказ іде на карту таємниці.» after two investigators' research encounters."""
    s = quiet(settle(new({"ann": ["lily_chen"]})))
    s["inv"]["lily_chen"]["clues"] = ["c"]
    _, events = run_fx(s, "[{put_on_card: {what: clue}}]", "lily_chen")
    assert lines([ev for ev in events if ev["type"] == "put_on_card"], lang) == [says]


# ---------------------------------------------------------------- 5. a discarded spell is not turned face up
def test_a_spell_its_back_discards_is_not_turned_face_up_after():
    """Was «Норман Візерс скидає «Пожива для розуму».» then «… знову перевертає «Пожива для
    розуму» лицем догори.»: a card gone, then turned."""
    s = quiet(settle(new({"ann": ["norman_withers"]})))
    assert s["inv"]["norman_withers"]["spells"] == ["feed_the_mind_2"]   # no success and no 4: it is lost
    s["forced_dice"] = [1, 2]
    s, events = act(s, "ann", "component", card="feed_the_mind")
    assert [ev["type"] for ev in events][-2:] == ["card_discarded", "card_face_up"]
    said = lines(events, "uk")
    assert said[-1] == "**Норман Візерс** скидає «Пожива для розуму»."
    assert not any("лицем догори" in line for line in said)


def test_a_card_turned_face_up_while_held_is_still_said():
    flipped = {"type": "card_face_up", "audience": "all", "inv": "silas_marsh", "card": "internal_injury"}
    assert lines([flipped], "uk") == ["**Сайлас Марш** знову перевертає «Внутрішня травма» лицем догори."]


# ---------------------------------------------------------------- 6. the monster a Cultist's Reckoning spawns
@pytest.mark.parametrize("lang, asks", [
    ("en", "Leo Anderson: choose the monster to take the place of the Cultist (Buenos Aires)"),
    ("uk", "Лео Андерсон: виберіть монстра, який займе місце монстра «Культист» (Буенос-Айрес)"),
    ("ru", "Лео Андерсон: выберите монстра, который займёт место монстра «Культист» (Буэнос-Айрес)")])
def test_shub_niggurath_cultist_reckoning_says_what_the_monster_is_for(lang, asks):
    """Was «Норман Візерс: виберіть монстра» (Козлородий / Темний молодняк) and nothing more."""
    s = quiet(settle(new({"ann": ["leo_anderson"]}, ao="shub_niggurath")))
    put_monster(s, "cultist", "buenos_aires")
    s, _ = run_fx(s, "[{resolve_reckonings: {of: monsters}}]", "leo_anderson")
    asked = prompt(s)
    assert asked["about"] == "monster"
    assert R.decision_text(lang, asked, s) == asks


# ---------------------------------------------------------------- 7. an improvement token's side
@pytest.mark.parametrize("lang, says", [
    ("en", "**Jacqueline Fine** improves Observation (improvement token at +2)."),
    ("uk", "**Жаклін Файн** поліпшує Спостережливість (жетон поліпшення «+2»)."),
    ("ru", "**Жаклин Файн** улучшает Внимание (жетон улучшения «+2»).")])
def test_an_improvement_says_the_tokens_side(lang, says):
    """Was «Жаклін Файн поліпшує Спостережливість (+2).» on her second step: read as two more."""
    s = quiet(settle(new({"ann": ["jacqueline_fine"]})))
    s["inv"]["jacqueline_fine"]["improve"]["observation"] = 1
    _, events = run_fx(s, "[{improve: {skill: observation}}]", "jacqueline_fine")
    assert lines([ev for ev in events if ev["type"] == "improved"], lang) == [says]


# ---------------------------------------------------------------- 8. an order, asked, with each answer's text
@pytest.mark.parametrize("lang, asks, cursed", [
    ("en", "Leo Anderson: which to resolve first?", "Reckoning: roll a die; on 4 to 6 the curse lifts."),
    ("uk", "Лео Андерсон: що розіграти спершу?", "Розплата: киньте кубик; при 4–6 прокляття знімається."),
    ("ru", "Лео Андерсон: что разыграть сначала?", "Расплата: бросьте кубик; при 4–6 проклятие снимается.")])
def test_an_order_of_conditions_is_a_question_and_each_answer_says_what_it_does(lang, asks, cursed):
    """Was «Жаклін Файн: що відбувається спершу» with «Спершу «Параноя»» / «Спершу «Проклятий»» and
    no word of what either does."""
    s = quiet(settle(new({"ann": ["leo_anderson"]})))
    for name in ("paranoia", "cursed"):
        gained: list = []
        assert E.take_by_name(s, "leo_anderson", "condition", name, gained)
        E.run(s, gained)
    s, _ = run_fx(s, "[{resolve_reckonings: {of: conditions}}]", "leo_anderson")
    asked = prompt(s)
    assert asked["about"] == "order"
    assert R.decision_text(lang, asked, s) == asks
    told = R.option_description({"type": "choose", "value": "cursed"}, s, {}, lang)
    assert told.endswith(cursed)


# ---------------------------------------------------------------- 9. a fallen Lead's token, said once
def test_a_fallen_leads_token_kept_by_the_same_investigator_is_said_once():
    """Was «👑 Сайлас Марш тепер головний дослідник.» twice: the token given at the defeat, then
    the same investigator kept by the fallen Lead's choice."""
    changed = {"type": "lead_changed", "audience": "all", "lead": "silas_marsh"}
    assert lines([changed, dict(changed)], "uk") == ["👑 **Сайлас Марш** тепер головний дослідник."]
    other = {**changed, "lead": "mark_harrigan"}
    assert len(lines([changed, other], "uk")) == 2
