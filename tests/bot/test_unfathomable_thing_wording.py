"""Wording of the Unfathomable and The Thing tables at uk/ru tables, checked against the
rulebooks' terms (the uk/ru play-test's findings): each case renders one message and compares
it with the rulebook's word, so a catalog that drifts back to the old wording fails."""
from __future__ import annotations

import pytest

import pytest

from bot.i18n import t

UN = "unfathomable"


def test_the_feat_panel_says_zvytyaha_as_the_button_does():
    # uk rulebook: "карти звитяги"; the button already says "звитяга «…»"
    assert t("uk", f"{UN}.panel.feat", feat="Досконале число") == "Звитяга: Досконале число (раз за гру)"
    assert t("uk", f"{UN}.panel.no_feat") == "Звитягу використано."
    assert "Звитяга — один раз за гру" in t("uk", f"{UN}.panel.feat_confirm", ability="X")


def test_titles_are_posady_in_uk():
    # uk rulebook: "Гравець може мати дві посади: капітан ..."
    assert "обіймає посаду «Капітан»" in t("uk", f"{UN}.event.title_passed", title="Капітан", player="A")
    assert "Звання" not in t("uk", f"{UN}.event.title_vacant", title="Капітан")


@pytest.mark.parametrize("lang, said", [
    ("uk", "Цільове значення 11 (частковий успіх 8+)"),     # uk rulebook: "цільове значення", "частковий успіх"
    ("ru", "Целевое число 11 (частичный успех 8+)"),        # ru rulebook: "целевое число", "частичный успех"
])
def test_a_check_is_named_by_the_rulebooks_target_word_in_the_panel_and_the_log(lang, said):
    partial = t(lang, f"{UN}.check.partial", partial=8)
    panel = t(lang, f"{UN}.check.summary", target=11, partial=partial, positive="X")
    log = t(lang, f"{UN}.event.check_started_plain", target=11, partial=partial, positive="X", order="A")
    assert panel.startswith(said)
    assert said.lower() in log.lower()


@pytest.mark.parametrize("lang, line", [
    ("uk", "Трек подорожі відступає на 1 поділку — тепер «Середній вперед» (2/4)."),
    ("ru", "Трек путешествия отступает на 1 деление — теперь «Средний вперёд» (2/4)."),
])
def test_a_track_moving_back_reads_as_a_sentence(lang, line):
    from bot.games import ui_for
    ev = {"type": "track_retreated", "track": "journey", "position": 2, "spaces": 1, "audience": "all"}
    assert ui_for(UN).public_lines([ev], lang) == [line]


def _catalog_text(game: str, name: str) -> str:
    from pathlib import Path
    return (Path(__file__).resolve().parents[2] / "bot" / "games" / game / "locales" / name).read_text(encoding="utf-8")


def test_ru_effect_texts_say_the_rulebooks_outer_area():
    # ru rulebook: "Наружные области", "в наружной области"; never "палубная область"
    text = _catalog_text(UN, "effects.ru.yaml")
    assert "палубн" not in text and "из наружной области" in text


@pytest.mark.parametrize("lang, label", [("uk", "Віддати карту «Спокуса»"), ("ru", "Отдать карту «Соблазн»")])
def test_a_thing_button_names_the_card_after_its_verb(lang, label):
    # a name after a verb stays uninflected only behind the word "card" ("Віддати «Спокуса»" read wrong)
    from bot.games.thing.render import option_label
    assert option_label({"type": "give", "card": "seduction"}, {}, {}, lang) == label


@pytest.mark.parametrize("lang, one, two", [
    ("uk", "Ви скинули карту «Міняймося місцями!».", "Ви скинули карти: «Міняймося місцями!», «Спокуса»."),
    ("ru", "Вы сбросили карту «Меняемся местами!».", "Вы сбросили карты: «Меняемся местами!», «Соблазн»."),
])
def test_a_discarded_name_ending_in_a_mark_gets_no_second_mark(lang, one, two):
    from bot.games.thing.render import private_line
    assert private_line({"type": "you_discarded", "card": "change_places"}, "p1", lang) == one
    assert private_line({"type": "you_discarded", "cards": ["change_places", "seduction"]}, "p1", lang) == two


@pytest.mark.parametrize("lang, line", [("uk", "Карту міту «Пожежа на борту» скинуто."),
                                        ("ru", "Карта мифа «Пожар на борту» сброшена.")])
def test_a_discarded_mythos_card_agrees_with_the_word_card(lang, line):
    from bot.games import ui_for
    ev = {"type": "mythos_discarded", "card": "shipboard_fire", "audience": "all"}
    assert ui_for(UN).public_lines([ev], lang) == [line]


def test_unfathomable_uk_says_kistka_for_the_die():
    # uk rulebook: "киньте кістку", "Велике закляття вигнання"; never "к8" or "кубик"
    text = _catalog_text(UN, "effects.uk.yaml") + _catalog_text(UN, "uk.yaml")
    assert "к8" not in text and "кубик" not in text and "кинути кістку" in text
    assert "Велике вигнання" not in text and "Велике закляття вигнання" in text
    assert "к8" not in _catalog_text(UN, "effects.ru.yaml")   # ru rulebook: "бросьте кубик"


@pytest.mark.parametrize("lang, whisky, no_barbecue", [
    ("uk", "Ціль: ви самі. Показати всі свої карти всім гравцям.",
     "Лише у відповідь на зіграну на вас карту «Вогнемет»: відмовитися й узяти карту на заміну."),
    ("ru", "Цель: вы сами. Показать все свои карты всем игрокам.",   # «Покажите всем игрокам все свои карты»
     "Только в ответ на сыгранную на вас карту «Огнемёт»: отказаться и взять карту взамен."),
])
def test_thing_card_texts_read_as_sentences(lang, whisky, no_barbecue):
    # ru rulebook, No Barbecue!: «Эту карту можно сыграть только в ответ на сыгранную на вас карту «Огнемёт»»
    from bot.games.thing.effect_text import card_text
    from bot.games.thing.render import default_pack
    cards = default_pack().cards
    assert card_text(lang, cards["whisky"]) == whisky
    assert card_text(lang, cards["no_barbecue"]) == no_barbecue
    assert f"«{getattr(cards['flamethrower'].names, lang)}»" in no_barbecue


@pytest.mark.parametrize("lang", ("uk", "ru"))
def test_a_damage_and_a_lost_passenger_are_told_once(lang):
    from bot.games import ui_for
    render = ui_for(UN).public_lines
    drawn = {"type": "damage_drawn", "card": "structural_damage_lore", "zone": "galley", "audience": "all"}
    damaged = {"type": "zone_damaged", "card": "structural_damage_lore", "zone": "galley", "aimed": "galley",
               "audience": "all"}
    (line,) = render([drawn, damaged], lang)   # it read "💥 Damage: C (Z)." then "💥 Z is damaged (C)."
    assert line == render([damaged], lang)[0]
    lost = {"type": "passenger_defeated", "zone": "d3", "face": "one_soul", "loses": {"souls": 1},
            "audience": "all"}
    # the resources' line right after it tells "Душі −1 → …"
    line = render([lost], lang)[0]
    assert "−1" not in line and ("1 душа" in line) and "d3" not in line
