"""What a newcomer's Unfathomable reading (nu18d) found, mended in en/uk/ru:
1 a button is a phrase, never «Verb: name»: «Активувати вдосконалення «Старбак»» (000: «активне
  вдосконалення»), «Взяти карту сили» (the type in the genitive, as the rulebooks' «карти силы»),
  «Атакувати глибоководного в …», «Атакувати Мати Гідру», «Атакувати гравця …», «Розіграти карту
  курсу «…»», «Віддати предмет «…» гравцеві …»;
2 the skill cards a member draws or adds to a check are told in a sentence, each name quoted:
  «Ви берете карти «A» (Вплив 2) і «B» (Воля 1).», never «Ви взяли: A (Вплив 2), B (Воля 1).»;
3 a scouted deck counts its cards in the sentence: «ви дивитеся 2 верхні карти колоди курсу й 1
  повертаєте нагору», never «ви дивитеся верхні карти колоди курсу: 2, нагору повертаєте 1»;
4 a title doing a step takes "the" in en ("the Captain discards 2 skill cards"); holding a title is
  «поточний гравець — капітан» (never «обіймає посаду: капітан»); the ru Keeper is «хранитель фолианта».
5 (checked, unchanged) «Втратити 2 розуму»: the uk rulebook counts mass resources in the genitive
  singular («Втратьте 2 їжі», «втрати 1 душі … та 1 розуму»), so «2 розуму» stays."""
from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES

NAMES = {"101": "Olena"}
STATE = {"players": ["101"], "characters": {}}

# ---------------------------------------------------------------- 1
OPTIONS = [{"type": "upgrade", "item": "starbuck"}, {"type": "draw_type", "skill": "strength"},
           {"type": "draw_type", "skill": "influence"}, {"type": "attack", "target": "deep_one:bridge"},
           {"type": "attack", "target": "mother_hydra"}, {"type": "attack", "target": "101"},
           {"type": "course", "card": "abandoned_depot"}, {"type": "give", "item": "almanac", "to": "101"}]
BUTTONS = {
    "uk": ["Активувати вдосконалення «Старбак»", "Взяти карту сили", "Взяти карту впливу",
           "Атакувати глибоководного на містку", "Атакувати Мати Гідру", "Атакувати гравця Olena",
           "Розіграти карту курсу «Покинутий склад»", "Віддати «Альманах» гравцеві Olena"],
    "ru": ["Активировать вещь «Старбак»", "Взять карту силы", "Взять карту общения",
           "Атаковать глубоководного на мостике", "Атаковать Матерь Гидру", "Атаковать игрока Olena",
           "Разыграть карту путевой точки «Заброшенный склад»", "Отдать «Альманах» игроку Olena"],
    "en": ["Activate the Upgrade “Starbuck”", "Draw a Strength card", "Draw an Influence card",
           "Attack a Deep One on the Bridge", "Attack Mother Hydra", "Attack Olena",
           "Play “Abandoned Depot”", "Give “Almanac” to Olena"],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_button_is_a_phrase_never_a_verb_and_a_colon(lang):
    from bot.games.unfathomable import render as R
    labels = [R.option_label(o, STATE, NAMES, lang) for o in OPTIONS]
    assert labels == BUTTONS[lang]
    assert all(":" not in x and len(x) <= 80 for x in labels)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_type_the_sick_bay_offers_has_its_button(lang):
    from bot.games.unfathomable import render as R
    for skill in ("influence", "lore", "observation", "strength", "will", "treachery"):
        label = R.option_label({"type": "draw_type", "skill": skill}, {}, {}, lang)
        assert "draw_type" not in label and ":" not in label, label


# ---------------------------------------------------------------- 2
DRAWN = ["influence:coordinated_effort:2:1", "will:persistence:1:1"]
DM = {
    "uk": ["Ви берете карти «Скоординовані зусилля» (Вплив 2) і «Наполегливість» (Воля 1).",
           "Ви додаєте до перевірки карту «Наполегливість» (Воля 1).", "Ви не берете жодної карти вмінь."],
    "ru": ["Вы берёте карты «Совместные усилия» (Общение 2) и «Настойчивость» (Воля 1).",
           "Вы добавляете в проверку карту «Настойчивость» (Воля 1).", "Вы не берёте ни одной карты навыков."],
    "en": ["You draw “Coordinated Effort” (Influence 2) and “Persistence” (Will 1).",
           "You add “Persistence” (Will 1) to the check.", "You draw no skill cards."],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_cards_a_member_draws_are_told_in_a_sentence(lang):
    from bot.games.unfathomable import render as R
    events = [{"type": "skills_drawn_you", "player": "101", "cards": DRAWN, "audience": ["101"]},
              {"type": "check_you_added", "player": "101", "cards": DRAWN[1:], "audience": ["101"]},
              {"type": "skills_drawn_you", "player": "101", "cards": [], "audience": ["101"]}]
    assert [R.private_line(ev, "101", lang) for ev in events] == DM[lang]


# ---------------------------------------------------------------- 3, 4
def _answer(lang: str, card_id: str, n: int, you=None) -> str:
    """A mythos card's crisis answer ``n`` as the panel reads it."""
    from bot.games.unfathomable.effect_text import effect_text
    from tests.bot.test_unfathomable_newcomer18c import _mythos, _options
    effect = _options(_mythos(card_id))[n]
    return effect_text(lang, effect, you=you) if you else effect_text(lang, effect)


VISION = {  # Strange Vision's first answer, read by the current player and by anyone else
    "uk": ("Ви дивитеся 2 верхні карти колоди курсу й 1 повертаєте нагору (вибираєте ви)",
           "Подивитися 2 верхні карти колоди курсу й 1 повернути нагору (вибирає поточний гравець)"),
    "ru": ("Вы смотрите 2 верхние карты колоды путевых точек и 1 возвращаете наверх (выбираете вы)",
           "Посмотреть 2 верхние карты колоды путевых точек и 1 вернуть наверх (выбирает текущий игрок)"),
    "en": ("You look at the top 2 cards of the Course deck and put 1 back on top (chosen by you)",
           "Look at the top 2 cards of the Course deck, 1 back on top (chosen by the current player)"),
}
ACCUSATION = {  # Accusation's second answer
    "uk": "Якщо поточний гравець — капітан: поточний гравець скидає 4 карти вмінь; інакше: капітан скидає 2 карти вмінь",
    "ru": "Если текущий игрок — капитан: текущий игрок сбрасывает 4 карты навыков; иначе: капитан сбрасывает 2 карты навыков",
    "en": "If the current player is the Captain: the current player discards 4 skill cards; otherwise: the Captain discards 2 skill cards",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_scouted_deck_counts_its_cards_in_the_sentence(lang):
    yours, theirs = VISION[lang]
    assert _answer(lang, "strange_vision", 0, you={"current_player"}).startswith(yours)
    assert _answer(lang, "strange_vision", 0).startswith(theirs)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_title_doing_a_step_reads_as_the_rulebook_names_it(lang):
    assert _answer(lang, "accusation", 1).startswith(ACCUSATION[lang])
    you = {"uk": "Якщо ви — капітан:", "ru": "Если вы — капитан:", "en": "If you are the Captain:"}
    assert _answer(lang, "accusation", 1, you={"current_player"}).startswith(you[lang])


def test_the_ru_keeper_chooses_as_the_rulebook_names_the_title():
    from bot.i18n import t
    assert t("ru", "unfathomable.wf.chooser.keeper_of_the_tome") == "хранитель фолианта"
