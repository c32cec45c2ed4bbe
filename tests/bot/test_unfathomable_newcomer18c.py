"""What a newcomer's Unfathomable reading (nu18c) found, mended in en/uk/ru:
1 a card discarded for a roll is named as a used card is: its name quoted, its skill outside the
  quotes («скидає карту «Відмахнутися» (Сила 5)»), never «скидає карту «Відмахнутися (Сила 5)»»;
2 a discard, an item gained or lost and a title taken read as sentences, each name quoted with its
  kind («скидає карти «A» (Сила 1) і «B» (Воля 1)», «отримує предмет «Старбак»», «обіймає посаду
  «Капітан»»), never «скидає: A, B», «отримує: Старбак», «обіймає посаду: Капітан»;
3 a crisis answer read by the member who resolves it keeps one voice: where one step is theirs
  («ви берете …»), each step nobody is named in says so too («Ви втрачаєте 1 розум»), never
  «Втратити 1 розум; ви берете …»;
4 a skill check's contribution tells the member, and them alone, when none of their cards helps it."""
from __future__ import annotations

import re

import pytest

from bot.games import ui_for
from bot.i18n import LANGUAGES

K = "unfathomable"


def _lines(events, lang):
    return [str(x) for x in ui_for("unfathomable").public_lines(events, lang)]


# ---------------------------------------------------------------- 1
BRUSH_OFF = "strength:shrug_it_off:5:1"
ABOUT = {"uk": "🎲 <@101> скидає карту «Відмахнутися» (Сила 5) і ось-ось кине кістку: значення карти додасться до кидка.",
         "ru": "🎲 <@101> сбрасывает карту «Отмахнуться» (Сила 5) и вот-вот бросит кубик: значение карты прибавится к броску.",
         "en": "🎲 <@101> discards “Shrug It Off” (Strength 5) and is about to roll: the card's value adds to the roll."}
MADE = {"uk": "🎲 <@101> скидає карту «Відмахнутися» (Сила 5) і кидає кістку: **1**, разом 6 (потрібно 7) — провал.",
        "ru": "🎲 <@101> сбрасывает карту «Отмахнуться» (Сила 5) и бросает кубик: **1**, итого 6 (нужно 7) — провал.",
        "en": "🎲 <@101> discards “Shrug It Off” (Strength 5) and rolls **1**: total 6 (needs 7), a failure."}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_card_discarded_for_a_roll_has_its_skill_outside_the_quotes(lang):
    discarded = {"type": "skills_discarded", "player": "101", "cards": [BRUSH_OFF], "reason": "discard_and_roll",
                 "audience": "all"}
    about = {"type": "roll_started", "player": "101", "purpose": "discard_and_roll", "audience": "all"}
    assert _lines([discarded, about], lang) == [ABOUT[lang]]
    die = {"type": "die_rolled", "player": "101", "purpose": "discard_and_roll", "value": 1, "audience": "all"}
    made = {"type": "discard_and_roll", "player": "101", "card": BRUSH_OFF, "roll": 1, "total": 6, "target": 7,
            "success": False, "audience": "all"}
    assert _lines([die, made], lang) == [MADE[lang]]


# ---------------------------------------------------------------- 2
HAND = ["strength:combat_training:1:1", "will:persistence:1:1", "lore:shrivelling:2:1"]
SAID = {
    "uk": ["<@101> скидає карту «Бойова підготовка» (Сила 1).",
           "<@101> скидає карти «Бойова підготовка» (Сила 1), «Наполегливість» (Воля 1) і «Висушення» (Знання 2): на руці може бути щонайбільше 10 карт.",
           "🎒 <@101> отримує предмет «Старбак».",
           "🎒 <@101> отримує предмети «Старбак» і «Шестизарядний револьвер».",
           "<@101> втрачає предмет «Старбак».",
           "<@101> обіймає посаду «Капітан»."],
    "ru": ["<@101> сбрасывает карту «Боевая подготовка» (Сила 1).",
           "<@101> сбрасывает карты «Боевая подготовка» (Сила 1), «Настойчивость» (Воля 1) и «Иссушение» (Знания 2): предел руки — 10 карт.",
           "🎒 <@101> получает вещь «Старбак».",
           "🎒 <@101> получает вещи «Старбак» и «Шестизарядный револьвер».",
           "<@101> теряет вещь «Старбак».",
           "<@101> получает звание «Капитан»."],
    "en": ["<@101> discards “Combat Training” (Strength 1).",
           "<@101> discards “Combat Training” (Strength 1), “Persistence” (Will 1) and “Shrivelling” (Lore 2): the hand limit is 10 cards.",
           "🎒 <@101> gains “Starbuck”.",
           "🎒 <@101> gains “Starbuck” and “Six-Shooter”.",
           "<@101> loses “Starbuck”.",
           "<@101> becomes Captain."],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_discard_an_item_and_a_title_read_as_sentences(lang):
    events = [{"type": "skills_discarded", "player": "101", "cards": HAND[:1], "audience": "all"},
              {"type": "skills_discarded", "player": "101", "cards": HAND, "reason": "hand_limit", "audience": "all"},
              {"type": "items_gained", "player": "101", "items": ["starbuck"], "audience": "all"},
              {"type": "items_gained", "player": "101", "items": ["starbuck", "six_shooter"], "audience": "all"},
              {"type": "items_removed", "player": "101", "items": ["starbuck"], "audience": "all"},
              {"type": "title_passed", "player": "101", "title": "captain", "audience": "all"}]
    said = [line for ev in events for line in _lines([ev], lang)]
    assert said == SAID[lang]
    assert [x for x in said if re.search(r"(скидає|сбрасывает|отримує|получает|втрачає|теряет|посаду|звание): ", x)] == []


# ---------------------------------------------------------------- 3
def _mythos(card_id: str):
    from engine.registry import rules_for
    return next(c for c in rules_for("unfathomable").pack.mythos.mythos if c.id == card_id)


def _options(card) -> list:
    """The effects of a mythos card's crisis answers (each read on its own in the panel)."""
    return [o.effect for step in card.crisis if step.name == "choice" for o in step.spec.options]


KITTY = {  # Kitty Litter's second answer, read by the current player who resolves it
    "uk": "Ви переходите на камбуз; ви кидаєте кістку — 4 або менше: ви втрачаєте 1 їжу",
    "ru": "Вы переходите на камбуз; вы бросаете кубик — 4 или меньше: вы теряете 1 единицу припасов",
    "en": "You move to the Galley; you roll a d8 — 4 or less: you lose 1 Food",
}
ANARCHO = {  # The Anarcho-Individualist's first answer
    "uk": "Ви втрачаєте 1 розум; ви берете верхню карту колоди предметів; ви прибираєте з гри 5 верхніх карт колоди предметів",
    "ru": "Вы теряете 1 рассудок; вы берёте верхнюю карту колоды вещей; вы убираете из игры 5 верхних карт колоды вещей",
    "en": "You lose 1 Sanity; you take the top card of the item deck; you remove the top 5 cards of the item deck from the game",
}
STRIKE = {  # Firemen Strike: the track's own "at Start" loss in the same voice
    "uk": "ви відсуваєте Трек подорожі на 1 поділку (на Початку натомість ви втрачаєте 1 пальне)",
    "ru": "вы отодвигаете Трек путешествия на 1 деление (на Начале вместо этого вы теряете 1 топливо)",
    "en": "you move the Journey track back 1 space (at Start: you lose 1 Fuel instead)",
}
ALONE = {  # an answer with no step of the reader's keeps the rulebook's plain instructions
    "uk": "Втратити 1 розум", "ru": "Потерять 1 рассудок", "en": "Lose 1 Sanity"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_crisis_answer_read_by_its_resolver_keeps_one_voice(lang):
    from bot.games.unfathomable.effect_text import effect_text
    you = {"current_player"}
    assert effect_text(lang, _options(_mythos("kitty_litter"))[1], you=you) == KITTY[lang]
    assert effect_text(lang, _options(_mythos("the_anarcho_individualist"))[0], you=you) == ANARCHO[lang]
    assert STRIKE[lang] in effect_text(lang, _mythos("firemen_strike").crisis, you=you)
    assert effect_text(lang, _options(_mythos("the_anarcho_individualist"))[0]) != ANARCHO[lang]  # read by others
    assert any(effect_text(lang, o, you=you) == ALONE[lang] for m in _all_mythos() for o in _options(m))


def _all_mythos():
    from engine.registry import rules_for
    return rules_for("unfathomable").pack.mythos.mythos


# a step said as the reader's, and a step nobody is named in said as an instruction (uk/ru)
YOURS = {"uk": r"(?:^|; |: |— )ви \w+", "ru": r"(?:^|; |: |— )вы \w+"}
INFINITIVE = {"uk": r"(?:^|; |: |— )\w+(?:ти|тися)\b", "ru": r"(?:^|; |: |— )\w+(?:ть|ться|ти)\b"}


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_no_crisis_answer_mixes_an_instruction_with_the_readers_steps(lang):
    from bot.games.unfathomable.effect_text import effect_text
    mixed = []
    for card in _all_mythos():
        for effect in _options(card) or [card.crisis]:
            text = effect_text(lang, effect, you={"current_player"}).lower()
            if re.search(YOURS[lang], text) and re.search(INFINITIVE[lang], text):
                mixed.append(f"{card.id}: {text}")
    assert mixed == []


# ---------------------------------------------------------------- 4
AGAINST = {"uk": "Жодна з ваших карт не підтримує цю перевірку: кожна додана віднімає своє значення",
           "ru": "Ни одна из ваших карт не является положительным навыком этой проверки: каждая добавленная "
                 "вычитает своё значение",
           "en": "None of your cards helps this check: each one you add subtracts its value"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_contribution_says_when_none_of_the_members_cards_helps(lang):
    from bot.games.unfathomable import render as R
    from bot.i18n import t
    state = {"checks": [{"positive": ["strength", "will"], "target": 9}]}
    explained = t(lang, f"{K}.check.explain_cards", positive=R.skill_types(lang, ["strength", "will"]))

    def said(cards):
        return R.option_description({"type": "contribute", "cards": cards, "player": "101"}, state, {}, lang)
    against = said(["lore:shrivelling:2:1", "observation:keen_insight:3:1", "treachery:ransack:0:1"])
    assert against == f"{explained}. {AGAINST[lang]}"
    assert said(["lore:shrivelling:2:1", "will:persistence:1:1"]) == explained   # one helps: nothing more
    assert AGAINST[lang] not in said([])   # adding nothing


@pytest.mark.parametrize("lang", LANGUAGES)
def test_none_helping_is_told_in_the_members_own_panel_and_nowhere_public(lang):
    """A real contribution (a random game until one comes up): with a hand of cards of one skill
    the check does not name, the member's panel (and its DM, the same controls) says none helps; the
    channel's lines never do: it tells what their hand holds."""
    import types

    import discord

    from bot.games.unfathomable import render as R
    from cogs.play import subset_controls
    from tests.bot.test_unfathomable_newcomer15 import RULES, _played_until

    def contribution(prompt, state):
        return (prompt.get("subset") or {}).get("action", {}).get("type") == "contribute"
    prompt, state, seen = _played_until(contribution)
    pid, positive = prompt["player"], state["checks"][-1]["positive"]
    other = next(x for x in ("lore", "influence", "observation", "strength", "will") if x not in positive)
    RULES.empty_hand(state, pid)
    RULES.give_skills(state, pid, *(state["decks"][other] + state["discards"][other])[:2])
    prompt = next(p for p in RULES.prompts(state) if p.get("player") == pid and contribution(p, state))
    assert prompt["subset"]["ids"] and all(c.startswith(f"{other}:") for c in prompt["subset"]["ids"])
    game = types.SimpleNamespace(kind="unfathomable", state=state, names={}, id=1, epoch=0, status="active")
    embed = discord.Embed(title="x")
    subset_controls(discord.ui.View(), game, prompt, pid, lang, explain=embed)
    assert AGAINST[lang] in " ".join(f.value for f in embed.fields)
    assert not any(AGAINST[lang] in str(x) for x in R.public_lines(seen, lang))


# ---------------------------------------------------------------- the uk dump
# a crisis answer chosen is the verb's object, the rulebook's «варіант» («Вибір надає гравцям два
# варіанти подолання кризи»), its label quoted: never «обирає для карти «Спуск шлюпки»: Втратити 1 душу»
CHOSEN = {
    "uk": ["<@101> обирає для карти «Загроза поломки» варіант «Перевірка вміння».",
           "<@101> обирає для карти «Шаленство» (Сила 4) варіант «До 4 атак без зброї».",
           "<@101> обирає варіант 2."],
    "ru": ["<@101> выбирает для карты «Угроза поломки» вариант «Проверка навыков».",
           "<@101> выбирает для карты «Буйство» (Сила 4) вариант «До 4 атак без оружия».",
           "<@101> выбирает вариант 2."],
    "en": ["<@101> chooses “Skill check” for Looming Breakdown.",
           "<@101> chooses “Up to 4 unarmed attacks” for “Rampage” (Strength 4).",
           "<@101> chooses option 2."],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_chosen_answer_is_the_verbs_object(lang):
    events = [{"type": "option_chosen", "player": "101", "option": 0, "card": "looming_breakdown", "audience": "all"},
              {"type": "option_chosen", "player": "101", "option": 0, "card": "strength:rampage:4:1",
               "audience": "all"},
              {"type": "option_chosen", "player": "101", "option": 1, "audience": "all"}]
    assert [line for ev in events for line in _lines([ev], lang)] == CHOSEN[lang]


# the button of a track to advance: «Просунути Трек подорожі», never «Просунути: Трек подорожі»
TRACK_BUTTON = {"uk": "Просунути Трек подорожі", "ru": "Продвинуть Трек путешествия", "en": "Advance the Journey track"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_track_button_is_a_sentence(lang):
    from bot.games.unfathomable import render as R
    assert R.option_label({"type": "track", "track": "journey"}, {}, {}, lang) == TRACK_BUTTON[lang]


# an ability's button names it as the channel's «використовує …» does: «Використати карту «Висушення»
# (Знання 1)», «Використати звитягу «Досконале число»», never «Використати: Висушення (Знання 1)»
USE = {"uk": ["Використати карту «Висушення» (Знання 1)", "Використати предмет «Альманах»",
              "Використати звитягу «Досконале число»", "Використати дію камбуза"],
       "ru": ["Использовать карту «Иссушение» (Знания 1)", "Использовать вещь «Альманах»",
              "Использовать подвиг «Совершенное число»", "Использовать действие камбуза"],
       "en": ["Use “Shrivelling” (Lore 1)", "Use “Almanac”", "Use the feat “Perfect Number”",
              "Use the action of the Galley"]}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_abilitys_button_names_it_as_the_verbs_object(lang):
    from bot.games.unfathomable import render as R
    refs = ["card:lore:shrivelling:1:1", "item:almanac:0", "feat:perfect_number", "zone:galley"]
    assert [R.option_label({"type": "use", "ability": a}, {}, {}, lang) for a in refs] == USE[lang]
    assert [R.free_action_label({"type": "use", "ability": a}, lang) for a in refs] == USE[lang]
