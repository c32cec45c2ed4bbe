"""Eldritch effect texts (bot/games/eldritch/locales/effects.*.yaml), the leftovers of the ew15
reading, read from the real cards of the pack: a price is said first, as a card prints it ("spend 2
Clues to …"), not «(ціна: …)»; a test one may take is «можна пройти перевірку …»; a step another
investigator does has them as its subject, its verb in the third person; card English for traits,
space types and card kinds; «будь-яку кількість кубиків»; no chains of brackets after a test or a
move."""
from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES
from tests.bot.test_eldritch_effect_wording12 import _all_say, card

# ---------------------------------------------------------------- 1. a price said first
# 002: «дослідник може витратити один жетон доказу, щоб перекинути один кубик»; 004: «сыщик может
# потратить одну улику, чтобы перебросить один кубик»: the price, then what it buys
PRICE = {
    ("bandages", "en"): "when Health would be lost: discard this card to prevent the loss of 2 Health",
    ("bandages", "uk"): "коли мало б бути втрачено здоров'я: скинути цю карту, щоб не втрачати 2 здоров'я",
    ("bandages", "ru"): "сбросить эту карту, чтобы не терять 2 здоровья",
    ("ruby_of_rlyeh", "uk"): "фаза дій: витратити 1 розум, щоб виконати 1 додаткову дію — лише раз за раунд",
    ("ruby_of_rlyeh", "ru"): "потратить 1 рассудок, чтобы выполнить 1 дополнительное действие — только раз за раунд",
    ("norman_withers", "uk"): "дія: витратити 2 докази, щоб скинути вибраного монстра",
    # «платити …, витрачаючи докази»: the participle after the verb, so «щоб» needs no comma of its own
    ("norman_withers", "ru"): "потратить 1 рассудок, чтобы платить на 1 улику меньше, тратя улики",
    # a price paid by the reader ("self") for a prevention is a plain price
    ("maniac", "uk"): "можна скинути 1 карту активу з ознакою «Союзник», щоб не втрачати усе здоров'я",
    ("maniac", "en"): "you may discard 1 Ally asset card to prevent the loss of all Health",
    # a choice bought whole
    ("general_11", "uk"): "можна стати затриманим, щоб вибрати одне: відновити 3 розуму або скинути стан",
    ("general_11", "ru"): "можно стать задержанным, чтобы выбрать одно: восстановить 3 рассудка или",
}


@pytest.mark.parametrize("card_id,lang", sorted(PRICE))
def test_a_price_is_said_first_as_a_card_prints_it(card_id, lang):
    assert PRICE[card_id, lang] in card(lang, card_id)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_price_in_brackets(lang):
    assert not _all_say(lang, r"\((ціна|цена|cost): ")


# ---------------------------------------------------------------- 2. a test one may take
# 002 (Arcane Tome): «Під час відпочинку можете пройти перевірку . У разі успішної перевірки
# отримайте 1 заклинання»
MAY_TEST = {
    ("arcane_tome", "en"): "when you Rest: you may test Lore; pass: gain 1 spell",
    ("arcane_tome", "uk"): "під час відпочинку: можна пройти перевірку Знань; успіх: отримати 1 заклинання",
    ("arcane_tome", "ru"): "во время отдыха: можно пройти проверку Знаний; успех: получить 1 заклинание",
    ("riot", "uk"): "перед перевіркою Сили: можна пройти перевірку Впливу (-1); успіх: перемогти цього монстра",
    ("riot", "ru"): "можно пройти проверку Общения (-1); успех: победить этого монстра",
    # a test bought with a Clue; the "if not" after the test's own branches says whose it is
    ("other_world_14", "uk"): "можна витратити 1 доказ, щоб пройти перевірку Волі; успіх: закрити ці ворота; "
                              "невдача: втратити 1 розум; якщо відмовитися: (перевірка Сили;",
    ("other_world_14", "ru"): "можно потратить 1 улику, чтобы пройти проверку Воли; успех: закрыть эти врата; "
                              "провал: потерять 1 рассудок; если отказаться: (проверка Силы;",
    ("other_world_14", "en"): "you may spend 1 Clue to test Will; pass: close this gate; fail: lose 1 Sanity; "
                              "if you do not: (Strength test;",
    # plain steps before the test, then the test
    ("europe_7", "uk"): "можна поліпшити вміння на вибір, потім пройти перевірку Волі; невдача: отримати стан «Проклятий»",
    ("europe_7", "ru"): "можно улучшить навык на выбор, затем пройти проверку Воли; провал: получить состояние «Проклятие»",
    ("europe_7", "en"): "you may improve a skill of your choice, then test Will; fail: gain the condition “Cursed”",
}


@pytest.mark.parametrize("card_id,lang", sorted(MAY_TEST))
def test_a_test_one_may_take_is_a_sentence(card_id, lang):
    assert MAY_TEST[card_id, lang] in card(lang, card_id)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_bracketed_test_after_may(lang):
    assert not _all_say(lang, r"(можна|можно|you may) \(")


# ---------------------------------------------------------------- 3. another investigator as the subject
# 002: «дослідник втрачає кількість здоров'я», «Коли дослідник затримується»; 004: «Когда сыщик сожран»
THIRD_PERSON = {
    ("patrolling_the_border", "en"): "the chosen investigator becomes Delayed",
    ("patrolling_the_border", "uk"): "вибраний дослідник затримується",
    ("patrolling_the_border", "ru"): "выбранный сыщик становится задержанным",
    ("holy_water", "uk"): "вибраний дослідник отримує стан «Благословенний»",
    ("holy_water", "ru"): "выбранный сыщик получает состояние «Благословение»",
    ("plumb_the_void_1", "en"): "result 0: the chosen investigator loses 3 Health",
    ("plumb_the_void_1", "uk"): "результат 0: вибраний дослідник втрачає 3 здоров'я",
    ("plumb_the_void_1", "ru"): "результат 0: выбранный сыщик теряет 3 здоровья",
    ("hound_of_tindalos", "uk"): "вибраний дослідник вступає в бій: цей монстр",
    ("serpent_people", "uk"): "вибраний дослідник переміщується на 1 локацію у бік локації цього монстра",
    # 002: «головний дослідник»; 004: «ведущий сыщик»
    ("growing_madness", "uk"): "розплата: головний дослідник отримує стан з ознакою «Божевілля»",
    ("growing_madness", "ru"): "расплата: ведущий сыщик получает состояние с подтипом «Безумие»",
    ("growing_madness", "en"): "reckoning: the Lead Investigator gains a Madness condition",
}


@pytest.mark.parametrize("card_id,lang", sorted(THIRD_PERSON))
def test_another_investigator_is_the_subject(card_id, lang):
    assert THIRD_PERSON[card_id, lang] in card(lang, card_id)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_chosen_investigator_before_a_colon(lang):
    assert not _all_say(lang, r"(вибраний дослідник|выбранный сыщик|the chosen investigator): ")
    assert not _all_say(lang, r"(головний дослідник|ведущий сыщик|the Lead Investigator): (отримати|получить|gain)")


# ---------------------------------------------------------------- 4. card English
ENGLISH = {
    "cat_burglar": "5–6: gain 1 Item or Trinket asset from the reserve",
    "general_7": "pass: gain 1 Ally asset; fail:",
    "agoraphobia": "if on a City space: lose 2 Sanity",
    "the_innsmouth_look": "if on a Sea space: be devoured",
    "muscle_spasms": "discard 1 Item asset or artifact card; become Delayed",
    "patrolling_the_border": "for each investigator on a City space: Observation test",
    "research_cthulhu_1": "move this Clue to the nearest Sea space",
}


@pytest.mark.parametrize("card_id", sorted(ENGLISH))
def test_english_says_it_as_a_card_does(card_id):
    assert ENGLISH[card_id] in card("en", card_id)


def test_no_english_brackets_for_traits_types_or_kinds():
    assert not _all_say("en", r"gain \d+ (assets?|artifacts?|spells?) \(|\(\w+ or \w+\)|space \((City|Sea|Wilderness)"
                              r"|that (is|are) an? (asset|artifact|spell)")


# ---------------------------------------------------------------- 5. any number of dice
# 002: «витратити будь-яку кількість квитків» (родовий множини після «кількість»); 004: «сколько угодно билетов»
ANY_DICE = {
    ("axe", "en"): "spend 2 Sanity to reroll any number of dice on Strength tests in combat",
    ("axe", "uk"): "витратити 2 розуму, щоб перекинути будь-яку кількість кубиків у перевірках Сили у бою",
    ("axe", "ru"): "потратить 2 рассудка, чтобы перебросить сколько угодно кубиков в проверках Силы в бою",
}


@pytest.mark.parametrize("card_id,lang", sorted(ANY_DICE))
def test_any_number_of_dice_is_plural(card_id, lang):
    assert ANY_DICE[card_id, lang] in card(lang, card_id)


@pytest.mark.parametrize("lang", ("uk", "ru"))
def test_no_singular_after_any_number(lang):
    assert not _all_say(lang, r"(будь-яку кількість|любое число|любое количество) кубика")


# ---------------------------------------------------------------- 6. no chains of brackets
# a test's dice and needed successes, a move's "directly" and "if you wish" are words, not one
# bracket after another ("Will test (-1) (dice: …)", «(напряму) (за бажанням)»)
UNCHAINED = {
    ("other_world_7", "uk"): "перевірка Волі (-1), кубиків — кількість наявних доказів; успіх:",
    ("other_world_7", "ru"): "проверка Воли (-1), кубиков — число имеющихся улик; успех:",
    ("other_world_7", "en"): "will test (-1), dice: the number of Clues held; pass:",
    ("the_key_and_the_gate_5", "uk"): "перевірка Впливу на 3 успіхи (можна витратити будь-скільки доказів",
    ("the_key_and_the_gate_5", "ru"): "проверка Общения на 3 успеха (можно потратить сколько угодно улик",
    ("the_key_and_the_gate_5", "en"): "Influence test needing 3 successes (may spend any Clues",
    ("akachi_onyele", "uk"): "переміститися до вибраної локації з доказом або воротами напряму, за бажанням",
    ("akachi_onyele", "ru"): "напрямую, по желанию",
}


@pytest.mark.parametrize("card_id,lang", sorted(UNCHAINED))
def test_a_test_or_a_move_says_its_details_as_words(card_id, lang):
    assert UNCHAINED[card_id, lang] in card(lang, card_id)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_chained_brackets_after_a_test_or_a_move(lang):
    assert not _all_say(lang, r"\) \((кубики|dice|потрібно успіхів|нужно успехов|needs|напряму|напрямую|directly"
                              r"|за бажанням|по желанию|if you wish)")
