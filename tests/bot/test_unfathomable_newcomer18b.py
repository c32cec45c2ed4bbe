"""What a newcomer's Unfathomable reading (nu18b) found, mended in en/uk/ru:
A a count in a condition reads as a sentence with its noun in the plural form the number takes
  («у вашого персонажа є принаймні 1 карта в руці», «у запасі є принаймні 2 пасажири»; the uk
  rulebook's «принаймні», the ru one's «хотя бы»), never «карти в руці (ваш персонаж) — щонайменше 1»;
B the Stowaway's item handed over or taken reads as the card says it («може віддати один предмет
  людині у вашій зоні»), never «предмет гравця ваш персонаж переходить: гравець на ваш вибір»;
E ru says «смежная» (the ru rulebook's word for adjacent), never «соседняя»."""
from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES
from tests.bot.test_unfathomable_newcomer17 import _every_text


def _crisis_text(card_id: str, lang: str, you=frozenset()) -> str:
    from bot.games.unfathomable.effect_text import effect_text
    from engine.registry import rules_for
    card = next(c for c in rules_for("unfathomable").pack.mythos.mythos if c.id == card_id)
    return effect_text(lang, card.crisis, you=you)


# ---------------------------------------------------------------- A
COUNTS = {   # (a character's reroll: its hand; the Stowaway: her items; Quick Cast: the spell deck;
    #           a mythos answer: two passengers in the supply; a skill card: Deep Ones in the Depths)
    "uk": ["якщо ваш персонаж не в карцері й у вашого персонажа є принаймні 1 карта в руці: ",
           "якщо у вашого персонажа 4 предмети або менше й ваш персонаж не в карцері: ",
           "якщо в колоді заклинань є принаймні 1 карта: ",
           "якщо в запасі є принаймні 2 пасажири: ",
           "якщо в Глибинах є принаймні 4 глибоководні: ",
           "якщо в поточного гравця є принаймні 1 карта в руці: "],
    "ru": ["если ваш персонаж не в карцере и у вашего персонажа есть хотя бы 1 карта в руке: ",
           "если у вашего персонажа 4 вещи или меньше и ваш персонаж не в карцере: ",
           "если в колоде заклинаний есть хотя бы 1 карта: ",
           "если в запасе есть хотя бы 2 пассажира: ",
           "если в пучине есть хотя бы 4 глубоководных: ",
           "если у текущего игрока есть хотя бы 1 карта в руке: "],
    "en": ["if your character is not in the Brig and your character has at least 1 card in hand: ",
           "if your character has 4 items or fewer and your character is not in the Brig: ",
           "if the spell deck has at least 1 card: ",
           "if there are at least 2 passengers in the supply: ",
           "if there are at least 4 Deep Ones in the Depths: ",
           "if the current player has at least 1 card in hand: "],
}
OLD_COUNTS = {"uk": ("— щонайменше", "— щонайбільше", "(ваш персонаж)", "(поточний гравець)"),
              "ru": ("— не менее", "— не более", "(ваш персонаж)", "(текущий игрок)"),
              "en": ("'s hand", "'s items", " at least 1:", " at most 4 ")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_count_in_a_condition_reads_as_a_sentence(lang):
    texts = _every_text(lang)
    for wanted in COUNTS[lang]:
        assert any(wanted.lower() in x.lower() for x in texts), wanted
    assert [x for x in texts if any(old in x for old in OLD_COUNTS[lang])] == []


YOUR_ITEMS = {"uk": "або якщо у вас є принаймні 1 предмет: ви втрачаєте 1 предмет",
              "ru": "или если у вас есть хотя бы 1 вещь: вы теряете 1 вещь",
              "en": "or if you have at least 1 item: you lose 1 item"}
HUMANS_INSIDE = {"uk": "якщо у внутрішніх зонах є принаймні 1 людина: ",
                 "ru": "если во внутренних областях есть хотя бы 1 человек: ",
                 "en": "if there is at least 1 Human in the interior zones: "}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_count_on_a_mythos_card_reads_for_the_member_resolving_it(lang):
    assert YOUR_ITEMS[lang] in _crisis_text("criminal_activity", lang, you={"current_player"})
    assert HUMANS_INSIDE[lang] in _crisis_text("sewage_backup", lang)


# a number computed in play: no plural form picked for it, and a minus said as a word
CHOSEN = {"uk": ("ваш персонаж бере карти вмінь (один тип, не зрада): вибране число",
                 "якщо вибране число 2 або більше: кинути кістку — вибране число мінус 1 або менше",
                 "(не більше, ніж кількість карт у руці вашого персонажа)",
                 "змінити суму перевірки не більше ніж на кількість предметів вашого персонажа"),
          "ru": ("ваш персонаж берёт карты навыков (один тип, не коварство): выбранное число",
                 "если выбранное число 2 или больше: бросить кубик — выбранное число минус 1 или меньше",
                 "(не больше, чем количество карт в руке вашего персонажа)",
                 "изменить сумму проверки не более чем на количество вещей вашего персонажа"),
          "en": ("your character draws skill cards (one type, not Treachery): the chosen number",
                 "if the chosen number is 2 or more: roll a d8 — the chosen number minus 1 or less",
                 "(at most the number of cards your character has in hand)",
                 "change the check's total by up to the number of items your character has")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_number_computed_in_play_reads_in_words(lang):
    texts = _every_text(lang)
    for wanted in CHOSEN[lang]:
        assert any(wanted in x for x in texts), wanted
    assert [x for x in texts if "число карти" in x or "число карты" in x or "число пасажира" in x
            or "число пассажира" in x or "number skill cards" in x or "число -1" in x] == []


# ---------------------------------------------------------------- B
STOWAWAY = {
    "uk": ("ваш персонаж може віддати один предмет людині у вашій зоні на ваш вибір (раз за хід)",
           "ваш персонаж забирає один предмет у людини у вашій зоні на ваш вибір"),
    "ru": ("ваш персонаж может отдать одну вещь человеку в вашей области на ваш выбор (раз за ход)",
           "ваш персонаж забирает одну вещь у человека в вашей области на ваш выбор"),
    "en": ("your character may give one item to a Human in your zone of your choice (once per turn)",
           "your character takes one item from a Human in your zone of your choice"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_stowaways_item_changes_hands_in_a_sentence(lang):
    texts = _every_text(lang)
    for wanted in STOWAWAY[lang]:
        assert any(wanted in x for x in texts), wanted
    assert [x for x in texts if "предмет гравця" in x or "вещь игрока" in x
            or "an item of" in x] == []


# ---------------------------------------------------------------- E
def test_ru_says_adjacent_as_its_rulebook_does():
    texts = _every_text("ru")
    assert [x for x in texts if "соседн" in x.lower()] == []
    assert any("атаковать (в вашей или смежной области) (+1)" in x for x in texts)
    from engine.registry import rules_for
    own = [a.text.ru for i in rules_for("unfathomable").pack.items.items for a in i.abilities if a.text]
    assert any("смежн" in x for x in own) and [x for x in own if "соседн" in x.lower()] == []


# whose defeat is prevented, in the genitive, and a sum "worth at least 12" without a dash
DEFEAT = {"uk": ("запобігти поразці вашого персонажа", "скидає карти вмінь сумою щонайменше 12"),
          "ru": ("предотвратить поражение вашего персонажа", "сбрасывает карты навыков суммой не менее 12"),
          "en": ("prevent the defeat of your character", "discards skill cards worth at least 12")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_whose_defeat_is_prevented_reads_in_its_case(lang):
    texts = _every_text(lang)
    for wanted in DEFEAT[lang]:
        assert any(wanted in x for x in texts), wanted
    assert [x for x in texts if "поразці (" in x or "поражение (" in x or "a defeat (" in x] == []


# ---------------------------------------------------------------- C
# the channel's line of an ability used: what is used is the verb's object, a card or item by its kind
# with its name quoted in the nominative (never «використовує: Чутка інтуїція (…)»)
USED = {
    "uk": {"card:observation:keen_insight:3:1": "<@101> використовує карту «Чутка інтуїція» (Спостережливість 3).",
           "item:six_shooter:0": "<@101> використовує предмет «Шестизарядний револьвер».",
           "feat:well_equipped": "<@101> використовує звитягу «Добре споряджений».",
           "zone:galley": "<@101> використовує дію камбуза.",
           "title:captain:0": "<@101> використовує властивість посади «Капітан»."},
    "ru": {"card:observation:keen_insight:3:1": "<@101> использует карту «Прозорливость» (Внимание 3).",
           "item:six_shooter:0": "<@101> использует вещь «Шестизарядный револьвер».",
           "feat:well_equipped": "<@101> использует подвиг «Хорошо снаряжён».",
           "zone:galley": "<@101> использует действие камбуза.",
           "title:captain:0": "<@101> использует свойство звания «Капитан»."},
    "en": {"card:observation:keen_insight:3:1": "<@101> uses “Keen Insight” (Observation 3).",
           "item:six_shooter:0": "<@101> uses “Six-Shooter”.",
           "feat:well_equipped": "<@101> uses the feat “Well Equipped”.",
           "zone:galley": "<@101> uses the action of the Galley.",
           "title:captain:0": "<@101> uses the Captain's ability."},
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", ["ability_used", "free_ability"])
def test_a_used_ability_is_the_verbs_object(lang, kind):
    from bot.games.unfathomable import render as R
    for ref, line in USED[lang].items():
        assert str(R.public_line({"type": kind, "player": "101", "ability": ref}, lang)) == line


# ---------------------------------------------------------------- D
# «Завершити дії» says what follows: the turn's steps left (rulebook 000 §48, 001 §49), a Human in
# the Brig resolves no crisis (001 l.599), a revealed traitor has no mythos step, and actions an
# effect granted end with that effect going on
END_ACTIONS = {
    "uk": ("Дії, що лишилися (2), пропущено. Далі крок «Розіграйте міт»: ви берете карту міту й розігруєте її "
           "кризу, потім символ активації монстра й символ треку; після цього кожен, хто має на руці понад 10 "
           "карт, скидає зайві, і хід переходить до гравця ліворуч."),
    "ru": ("Оставшиеся действия (2) пропущены. Дальше этап мифа: вы берёте карту мифа и разыгрываете её кризис, "
           "затем символ активации и символ трека; после этого каждый, у кого на руке больше 10 карт, "
           "сбрасывает лишние, и ход переходит к игроку слева."),
    "en": ("Your remaining actions (2) are skipped. Next comes the Resolve Mythos step: you draw a mythos card and "
           "resolve its crisis, then its activation symbol and its track symbol; then everyone with more than 10 "
           "cards in hand discards down to 10, and the turn passes to the player on the left."),
}
END_WORDS = {"brig": {"uk": "у карцері ви не розігруєте її кризи", "ru": "в карцере вы не применяете её кризис",
                      "en": "in the Brig you do not resolve its crisis"},
             "traitor": {"uk": "Відкритий зрадник не розігрує міту", "ru": "У разоблачённого предателя нет этапа мифа",
                         "en": "A revealed traitor has no mythos step"},
             "granted": {"uk": "ефект, що їх надав, розігрується далі", "ru": "эффект, который их дал, разыгрывается дальше",
                         "en": "the effect that granted them goes on"}}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ending_ones_actions_says_what_follows(lang):
    import copy

    from bot.games.unfathomable import render as R
    from tests.engine.unfathomable.c_helpers import fresh
    r, s = fresh()
    p = s["turn"]["player"]
    end = {"type": "end_actions", "player": p}
    assert end in [{**o, "player": p} for o in r.prompts(s)[0]["options"]]
    assert R.option_description(end, s, {}, lang) == END_ACTIONS[lang]
    brig = copy.deepcopy(s)
    brig["zone_of"][p] = "brig"
    assert END_WORDS["brig"][lang] in R.option_description(end, brig, {}, lang)
    traitor = copy.deepcopy(s)
    traitor["turn"]["human"] = False
    assert END_WORDS["traitor"][lang] in R.option_description(end, traitor, {}, lang)
    granted = copy.deepcopy(s)
    next(f for f in reversed(granted["stack"]) if f.get("k") == "action")["granted"] = True
    assert END_WORDS["granted"][lang] in R.option_description(end, granted, {}, lang)


# ---------------------------------------------------------------- F (the uk dump's reading)
# a player moves into a zone in the case the verb takes, and a count of cards or items is a noun in
# its plural form: «ви переходите на камбуз», «скидає 2 карти вмінь», «втрачає предмет «Старбак»»,
# never «ви переходите: камбуз», «скидає карти вмінь: 2», «втрачає предмети: 1 (Старбак)»
COUNTED = {
    "uk": ("ваш персонаж переходить у корабельну зону на ваш вибір (поруч із вами)",
           "Саміра Дуале переходить у палубну зону за кидком кістки",
           "поточний гравець скидає 2 карти вмінь", "кожна людина втрачає усі предмети, залишивши 1",
           "ваш персонаж втрачає предмет «Старбак»", "кожен гравець втрачає предмет «„Щасливий“ перстень»",
           "ваш персонаж скидає 1 карту вмінь (Знання)"),
    "ru": ("ваш персонаж переходит в область корабля на ваш выбор (рядом с вами)",
           "Самира Дуале переходит в наружную область по броску кубика",
           "текущий игрок сбрасывает 2 карты навыков", "каждый человек теряет все вещи, оставив 1",
           "ваш персонаж теряет вещь «Старбак»", "каждый игрок теряет вещь «„Счастливое“ кольцо»",
           "ваш персонаж сбрасывает 1 карту навыков (Знания)"),
    "en": ("your character moves to a ship zone of your choice (next to you)",
           "Samira Dualeh moves to a deck zone picked by a d8",
           "the current player discards 2 skill cards", "each Human loses all their items, keeping 1",
           "your character loses the item “Starbuck”", "each player loses the item “‘Lucky’ Ring”",
           "your character discards 1 skill card (Lore)"),
}
OLD_COUNTED = ("переходить:", "переходите:", "в область:", "скидає карти вмінь:", "скидаєте карти вмінь:",
               "сбрасывает карты навыков:", "сбрасываете карты навыков:", "втрачає предмети:", "втрачаєте предмети:",
               "теряет вещи:", "теряете вещи:", "discards skill cards:", "discard skill cards:", "loses items:",
               "lose items:", "moves to to", "unfathomable.")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_moves_and_counts_read_as_sentences(lang):
    texts = _every_text(lang)
    for wanted in COUNTED[lang]:
        assert any(wanted.lower() in x.lower() for x in texts), wanted
    assert [x for x in texts if any(old in x for old in OLD_COUNTED)] == []
    assert "ви переходите на камбуз; " in _crisis_text("kitty_litter", "uk", you={"current_player"})
