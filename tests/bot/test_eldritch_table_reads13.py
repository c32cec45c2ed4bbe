"""Session 13's Eldritch table reads: a game lost (or won) by a card's effect names the card
(nfe12: the end said only "a card's effect", while the card was the one thing a newcomer needed)."""
from __future__ import annotations

import pytest

from bot.games.eldritch import render as R
from bot.i18n import t
from engine.registry import rules_for
from tests.engine.eldritch.eh_helpers import new, quiet, run_fx

RULES = rules_for("eldritch")


def _rumor_failed(card="dimensions_collide"):
    """The rumor's printed fail ("Out of tokens: the investigators lose") run as its card's effect."""
    s = quiet(new({"ann": ["norman_withers"], "bob": ["leo_anderson"]}, ao="yog_sothoth"))
    fail = RULES.C.mythos[card]["rumor"]["fail"]
    return run_fx(s, fail, card={"kind": "mythos", "id": card})


def test_a_loss_by_a_cards_effect_carries_the_card():
    s, events = _rumor_failed()
    assert s["result"] == {"winner": "ancient_one", "reason": "effect", "card": "dimensions_collide"}
    (over,) = [e for e in events if e["type"] == "game_over"]
    assert over["card"] == "dimensions_collide"


@pytest.mark.parametrize("lang, said", [
    ("en", "The Ancient One wins: the effect of Dimensions Collide."),
    ("uk", "Перемагає Стародавній: ефект карти «Зіткнення вимірів»."),
    ("ru", "Побеждает Древний: эффект карты «Столкновение измерений»."),
])
def test_the_end_by_a_card_names_it_in_the_log_and_the_table(lang, said):
    s, events = _rumor_failed()
    (over,) = [e for e in events if e["type"] == "game_over"]
    assert said in str(R.public_line(over, lang))
    assert said not in R.table_embed(s, {}, lang).description   # told once, by the log (nfe15)



@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_the_final_table_says_the_result_once(lang):
    """nfe12: the final table's bold result repeated the log line word for word ("Round 4, doom 13,
    0 mysteries solved") under its own round, doom and mysteries lines; nfe15: its bold «🐙 Перемагає
    Стародавній: …» still repeated the log's last line. The log tells the result, the table that the
    game is over."""
    s, events = _rumor_failed()
    (over,) = [e for e in events if e["type"] == "game_over"]
    logged = str(R.public_line(over, lang))
    description = R.table_embed(s, {}, lang).description
    assert logged.split(". ")[0] not in description and "**🐙" not in description
    assert t(lang, "eldritch.table.over") in description
    assert str(s["doom"]) in description   # the doom is still told


@pytest.mark.parametrize("lang, passed, failed", [
    ("en", "1 success, already passed", "0 successes, not passed yet"),
    ("uk", "1 успіх, перевірку вже пройдено", "0 успіхів, перевірку поки не пройдено"),
    ("ru", "1 успех, проверка уже пройдена", "0 успехов, проверка пока не пройдена"),
])
def test_a_reroll_question_says_where_the_roll_stands(lang, passed, failed):
    """nfr13: «перебросить кубики? (Общение: ⚃ ⚅)» — the test had passed on the ⚅, the member spent a
    clue, rerolled the ⚅ and failed. Successes as the engine counts them (seed 002 l.630: «Якщо
    дослідник **отримав принаймні один успіх** («5» або «6»), він успішно пройшов перевірку»); a
    fight's roll has no pass mark, only its successes."""
    test = {"dice": [4, 6], "faces": [5, 6], "six": False, "purpose": "effect", "pass_at": 1, "data": {}}
    assert R.roll_standing(lang, test) == passed
    assert R.roll_standing(lang, {**test, "dice": [4, 2]}) == failed
    fight = {**test, "purpose": "combat"}
    assert R.roll_standing(lang, fight) == passed.split(",")[0]
    assert R.roll_standing(lang, {**test, "six": True}).startswith(t(lang, "eldritch.count.successes", count=2))
