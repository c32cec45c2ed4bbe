"""Eldritch Horror's standard actions say what they do in the panel's "What each answer does", in
the rulebook's words (its reference card, seed 002 l. 1904-1909: «**Приготування до подорожі.**
Отримайте 1 квиток (дослідник може мати щонайбільше 2 квитки). **Тільки в місті.**», «**Отримання
активів.** Пройдіть перевірку й отримайте з резерву активи на суму, що не перевищує кількість
отриманих успіхів. **Тільки в місті без монстрів.**», «**Обмін.** Обміняйтеся майном з іншим
дослідником у тій самій локації.»; seed 004: «Если сыщик не может или не хочет брать карты из
резерва, он может вместо этого сбросить из резерва одну карту»). A newcomer saw only "Prepare for
travel: train ticket" and "Acquire assets (Influence test)" with no word of what follows."""
from __future__ import annotations

import random

import pytest

from bot.games.eldritch import render as R
from engine.registry import rules_for

RULES = rules_for("eldritch")


def action_phase_state():
    """A game played at random (first answers) up to an action prompt offering the standard actions."""
    state, _ = RULES.new_game(["p1", "p2"], 5)
    rng = random.Random(5)
    for _ in range(400):
        prompt = RULES.prompts(state)[0]
        types = {o.get("type") for o in prompt["options"]}
        if {"end_actions", "acquire", "prepare"} <= types:
            return state, prompt
        state, _ = RULES.apply(state, {"player": prompt["player"], "prompt": prompt["id"], **rng.choice(prompt["options"])})
    raise AssertionError("no action prompt with Acquire and Prepare reached")


@pytest.mark.parametrize("lang, said", [
    ("en", {"prepare": "Gain 1 ticket (at most 2 held)", "acquire": "Test Influence, then take from the reserve",
            "end_actions": "the next investigator acts"}),
    ("uk", {"prepare": "Отримайте 1 квиток (щонайбільше 2 квитки)",
            "acquire": "Пройдіть перевірку Впливу й отримайте з резерву активи на суму, що не перевищує кількість отриманих успіхів",
            "end_actions": "фаза зустрічей"}),
    ("ru", {"prepare": "Получите 1 билет (не более двух)", "acquire": "Пройдите проверку Общения",
            "end_actions": "фаза контактов"}),
])
def test_the_standard_actions_say_what_they_do(lang, said):
    state, prompt = action_phase_state()
    for option in prompt["options"]:
        kind = option.get("type")
        if kind in said:
            text = R.option_description({**option, "player": prompt["player"]}, state, {}, lang)
            assert text and said[kind] in text, (kind, text)


@pytest.mark.parametrize("lang", ("en", "uk", "ru"))
def test_a_trade_says_what_may_change_hands(lang):
    text = R.option_description({"type": "trade", "with": "x"}, {}, {}, lang)
    assert {"en": "not conditions", "uk": "станами", "ru": "состояния"}[lang] in text
