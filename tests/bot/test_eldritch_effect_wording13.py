"""Eldritch effect texts (bot/games/eldritch/locales/effects.*.yaml), the leftovers of the ew12
reading, read from the real cards of the pack: a choice over a list is said with "or" the way a card
says it; "each other monster", not "(others)"; the omen moves with the rulebooks' verbs; a group's
steps are one sentence (The World Shakes); an option of several steps is bracketed; what a space
holds is in its case; a chosen gate is said with its chooser; "or fewer" for "(up to)"."""
from __future__ import annotations

import re

import pytest

from bot.i18n import LANGUAGES
from tests.bot.test_eldritch_effect_wording12 import _all_say, card


# ---------------------------------------------------------------- 1. a choice over a list: "or"
# uk «з будь-чим із: доказ, ворота» listed nominatives after «з»; the seeds give a choice with
# «або»/«чи» (002: «місто, нетрі або море»), each thing in the preposition's case (instrumental)
ANY_OF = {
    ("akachi_onyele", "en"): "move to a chosen space with a Clue or a gate",
    ("akachi_onyele", "uk"): "переміститися до вибраної локації з доказом або воротами",
    ("akachi_onyele", "ru"): "переместиться в выбранную локацию с уликой или вратами",
    # "shed Cursed or Dark Pact" (the card's own text), not "discard the condition (one of: …)"
    ("research_shub_niggurath_6", "en"): "discard the condition “Cursed” or “Dark Pact”",
    ("research_shub_niggurath_6", "uk"): "скинути стан «Проклятий» або «Темна угода»",
    ("research_shub_niggurath_6", "ru"): "сбросить состояние «Проклятие» или «Тёмный договор»",
}


@pytest.mark.parametrize("card_id,lang", sorted(ANY_OF))
def test_a_choice_over_a_list_is_said_with_or(card_id, lang):
    assert ANY_OF[card_id, lang] in card(lang, card_id)


# Shub-Niggurath's Cultist: "a set-aside Goat Spawn or Dark Young takes the Cultist's place"
@pytest.mark.parametrize("lang,said", [("en", "spawn 1 monster “Goat Spawn” or “Dark Young” on this monster's space"),
                                       ("uk", "розмістити 1 монстра «Козлородий» або «Темний молодняк» у локації"),
                                       ("ru", "выложить 1 монстра «Козлоногое отродье» или «Тёмный молодняк» в локации")])
def test_a_monster_one_of_two_is_said_with_or(lang, said):
    assert _all_say(lang, re.escape(said))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_any_of_heading_before_a_list(lang):
    assert _all_say(lang, r"з будь-чим із|с чем-либо из|with any of:|\((одного з|одного из|one of):") == []


# ---------------------------------------------------------------- 2. each other monster
# Shriveling: "two or more also hit every other monster here for 2" — «кожному монстру (інші)» did
# not say whom the bracket meant
OTHERS = {"en": "deal 2 damage to each other monster", "uk": "завдати кожному іншому монстру 2 шкоди",
          "ru": "нанести каждому другому монстру 2 ущерба"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_other_monsters_are_said_with_their_word(lang):
    assert OTHERS[lang] in card(lang, "shriveling_2")
    assert _all_say(lang, r"\((інші|другие|the other ones)\)") == []


# ---------------------------------------------------------------- 3. the omen, in the seeds' verbs
# 002, l. 1385: «Якщо треба змінити передвістя, перемістіть жетон передвістя на потрібну кількість
# поділок треку за годинниковою стрілкою»; 004, l. 212: «Чтобы изменить знамение, передвиньте жетон
# по кругу знамений на указанное число делений по часовой стрелке» (l. 211: «жетон знамений»)
OMEN = {
    ("stars_aligned", "en"): "advance the omen by 1",
    ("stars_aligned", "uk"): "перемістити жетон передвістя на 1 за годинниковою стрілкою",
    ("stars_aligned", "ru"): "передвинуть жетон знамений на 1 по часовой стрелке",
    ("perplexing_stars", "uk"): "перемістити жетон передвістя на 1 проти годинникової стрілки",
    ("perplexing_stars", "ru"): "передвинуть жетон знамений на 1 против часовой стрелки",
    ("omen_of_good_fortune", "uk"): "можна перемістити жетон передвістя на будь-яку поділку",
    ("omen_of_good_fortune", "ru"): "можно передвинуть жетон знамений на любое деление",
    # 002, l. 316: «на зеленому символі (кометі) треку передвість»; 004, l. 211: «делении круга знамений»
    ("azathoth", "uk"): "кількість жетонів Стародавніх на треку передвість",
    ("azathoth", "ru"): "число жетонов Древних на круге знамений",
    ("research_azathoth_2", "uk"): "покласти 1 жетон Стародавніх на зелену поділку треку передвість",
    ("research_azathoth_2", "ru"): "положить 1 жетон Древних на зелёное деление круга знамений",
}


@pytest.mark.parametrize("card_id,lang", sorted(OMEN))
def test_the_omen_moves_with_the_rulebooks_verbs(card_id, lang):
    assert OMEN[card_id, lang] in card(lang, card_id)


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_no_omen_pushed_or_returned(lang):
    assert _all_say(lang, r"просунути передвістя|повернути передвістя|встановити передвістя|шкал\w* передвість|"
                          r"продвинуть знамение|вернуть знамение|поставить знамение|трек\w* знамений|"
                          r"поділк\w* передвість|деление знамений|деления знамений") == []


# ---------------------------------------------------------------- 4. a group's steps, one sentence
# The World Shakes: "investigators at or beside the active expedition suffer 2 health and are
# Delayed; that site's expedition cards leave the game" — «втратити 2 здоров'я; стати затриманим;
# прибрати карти …» read as three steps of the group
SHAKES = {"en": "lose 2 Health and become Delayed; remove the Expedition encounters of the Active Expedition",
          "uk": "втратити 2 здоров'я й стати затриманим; прибрати карти поточної експедиції",
          "ru": "потерять 2 здоровья и стать задержанным; убрать карты текущей экспедиции"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_world_shakes_says_the_groups_steps_as_one_sentence(lang):
    assert SHAKES[lang] in card(lang, "the_world_shakes")


GROUP = {
    ("the_wind_walker", "uk"): "чутки справдяться: кожен дослідник: стати затриманим і втратити 6 здоров'я",
    ("the_wind_walker", "ru"): "слухи сбудутся: каждый сыщик: стать задержанным и потерять 6 здоровья",
    # a condition after the group's first step follows it: "…, then if …"
    ("treacherous_magic", "en"): "discard any number of spell cards, then if the number of spells held is at least 1",
    ("treacherous_magic", "uk"): "скинути скільки завгодно карт заклинань, потім якщо кількість наявних заклинань",
    ("treacherous_magic", "ru"): "сбросить сколько угодно карт заклинаний, затем если число имеющихся заклинаний",
}


@pytest.mark.parametrize("card_id,lang", sorted(GROUP))
def test_a_groups_steps_are_joined(card_id, lang):
    assert GROUP[card_id, lang] in card(lang, card_id)


# ---------------------------------------------------------------- 5. a choice's options
# "choose one: spend 2 Clues; close this gate; become Delayed" did not say there were two options
# (the first of two steps): an option of several steps is bracketed, and the options read with "or"
# (002 l.1236's own joiner: «місто, нетрі або море»)
OPTIONS = {
    ("other_world_24", "en"): "choose one: (spend 2 Clues; close this gate) or become Delayed",
    ("other_world_24", "uk"): "вибрати одне: (витратити 2 докази; закрити ці ворота) або стати затриманим",
    ("other_world_24", "ru"): "выбрать одно: (потратить 2 улики; закрыть эти врата) или стать задержанным",
}


@pytest.mark.parametrize("card_id,lang", sorted(OPTIONS))
def test_an_option_of_several_steps_is_bracketed(card_id, lang):
    assert OPTIONS[card_id, lang] in card(lang, card_id)


# ---------------------------------------------------------------- 6. what a space holds, in its case
# «якщо в локації з «Культист»» named the monster card where the space holds a Cultist (instrumental,
# as «з монстром»); «з воротами, монстром» left out that it holds both
HOLDS = {
    ("diana_stanley", "uk"): "якщо в локації з культистом",
    ("diana_stanley", "ru"): "если в локации с культистом",
    ("diana_stanley", "en"): "if on a space with a Cultist",
    # a monster he may discard: not an epic one (002, 1113; rules version 6)
    ("norman_withers", "uk"): "у вибраній локації з воротами й неепічним монстром",
    ("norman_withers", "ru"): "в выбранной локации с вратами и не эпическим монстром",
    ("norman_withers", "en"): "on a chosen space with a gate and a non-Epic monster",
}


@pytest.mark.parametrize("card_id,lang", sorted(HOLDS))
def test_what_a_space_holds_is_in_its_case(card_id, lang):
    assert HOLDS[card_id, lang] in card(lang, card_id)


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_no_card_name_after_with(lang):
    assert _all_say(lang, r"\b(з|с) «") == []


# ---------------------------------------------------------------- 7. a chosen gate, its chooser
# "discard 1 gate (a chosen) (chosen by the Lead Investigator)": two brackets for one choice
GATES = {
    ("that_which_consumes", "en"): "discard 1 gate chosen by the Lead Investigator",
    ("that_which_consumes", "uk"): "скинути 1 ворота на вибір головного дослідника",
    ("that_which_consumes", "ru"): "сбросить 1 врата на выбор ведущего сыщика",
    ("dimensional_instability", "en"): "discard 1 gate matching the omen",
    ("dimensional_instability", "uk"): "скинути 1 ворота, що відповідають передвістю",
    ("dimensional_instability", "ru"): "сбросить 1 врата, соответствующие знамению",
}


@pytest.mark.parametrize("card_id,lang", sorted(GATES))
def test_a_discarded_gate_is_said_with_who_chooses_it(card_id, lang):
    assert GATES[card_id, lang] in card(lang, card_id)


# ---------------------------------------------------------------- 8. up to
# Charter Flight: "move up to 2 spaces" — «(до стількох)» in a bracket after the count
@pytest.mark.parametrize("lang,said", [("en", "move 2 spaces or fewer"), ("uk", "переміститися на 2 локації або менше"),
                                       ("ru", "переместиться на 2 локации или меньше")])
def test_up_to_is_said_after_the_count(lang, said):
    assert said in card(lang, "charter_flight")
    assert _all_say(lang, r"\((до стількох|до стольких|up to)\)") == []


# ---------------------------------------------------------------- 9. a clause that closed no comma
# Torn Asunder: ru «если число врат, соответствующих знамению не меньше, чем 1» opened a participial
# clause it never closed (uk the same before «—»); the participle goes before the noun
TORN = {"uk": "якщо кількість відповідних передвістю воріт — щонайменше 1",
        "ru": "если число соответствующих знамению врат не меньше, чем 1"}


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_the_gates_of_the_omen_are_counted_without_an_open_clause(lang):
    assert TORN[lang] in card(lang, "torn_asunder")
    assert _all_say(lang, r"воріт, що відповідають передвістю|врат, соответствующих знамению") == []
