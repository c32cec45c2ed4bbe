"""Eldritch effect texts in the rulebooks' words (bot/games/eldritch/locales/effects.*.yaml), read
from the real cards of the pack: a prevented loss is a sentence («не втрачати 2 розуму», not
«запобігти втраті: 2 розуму»); no "(×2)" where a step is done twice or a number doubled; gates,
Clues and monsters spawn with the seeds' verbs; ru says a monster's «ущерб»; Doom rises and falls
with the seeds' verbs; a discard of possessions names its cards, not "possessions (asset): 1"."""
from __future__ import annotations

import re
from functools import lru_cache

import pytest
from pydantic import BaseModel

from bot.games.eldritch.effect_text import entry_text, has_effect
from bot.i18n import LANGUAGES
from engine.content.dialect import Names, Tagged, Text
from engine.registry import rules_for
from tests.pack_walk import pack_models


def _walk(node, found):
    """Every generated entry under ``node``, in the pack's order."""
    found += [m for m in pack_models(node) if not isinstance(m, (Names, Text, Tagged)) and has_effect(m)]
    return found


@lru_cache(maxsize=None)
def _by_id() -> dict[str, BaseModel]:
    out: dict[str, BaseModel] = {}
    for model in pack_models(rules_for("eldritch").pack, enter=lambda m: not isinstance(m, (Names, Text, Tagged))):
        if not isinstance(model, (Names, Text, Tagged)) and isinstance(getattr(model, "id", None), str):
            out.setdefault(model.id, model)
    return out


def card(lang: str, card_id: str) -> str:
    """What the card ``card_id`` does, as the bot reads it out (its own text or its abilities')."""
    texts = (entry_text(lang, e) for e in _walk(_by_id()[card_id], []))
    return " ".join(text[:1].lower() + text[1:] for text in texts)   # a sentence's capital aside


@lru_cache(maxsize=None)
def every_text(lang: str) -> tuple[str, ...]:
    return tuple(entry_text(lang, e) for e in _walk(rules_for("eldritch").pack, []))


def _all_say(lang: str, pattern: str) -> list[str]:
    return [text for text in every_text(lang) if re.search(pattern, text)]


# ---------------------------------------------------------------- 1. a prevented loss
# Bandages: "prevent the loss of 2 Health"; Whiskey: "… of 2 Sanity". «втраті»/«потерю» govern the
# genitive, so «запобігти втраті: 2 розуму» read as a heading; «не втрачати 2 розуму» keeps the
# amount's own form (002: «втратити 3 розуму»)
PREVENT = {
    ("bandages", "en"): "discard this card to prevent the loss of 2 Health",
    ("bandages", "uk"): "скинути цю карту, щоб не втрачати 2 здоров'я",
    ("bandages", "ru"): "сбросить эту карту, чтобы не терять 2 здоровья",
    ("whiskey", "uk"): "не втрачати 2 розуму",
    ("whiskey", "ru"): "не терять 2 рассудка",
}


@pytest.mark.parametrize("card_id,lang", sorted(PREVENT))
def test_a_prevented_loss_reads_as_a_sentence(card_id, lang):
    assert PREVENT[card_id, lang] in card(lang, card_id)


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_no_prevented_loss_after_a_colon(lang):
    assert _all_say(lang, r"запобігти втраті:|предотвратить потерю:") == []


# ---------------------------------------------------------------- 2. twice, in words
TWICE = {
    # Rising Terror: "resolve the Reckoning effects of each monster on the board twice"
    ("rising_terror", "en"): "resolve the Reckoning effects of the monsters 2 times",
    ("rising_terror", "uk"): "виконати ефекти розплати монстрів 2 рази",
    ("rising_terror", "ru"): "выполнить эффекты расплаты монстров 2 раза",
    # Hunting the Thousand: solved at twice the number of investigators
    ("hunting_the_thousand", "en"): "at least the number of investigators times 2",
    ("hunting_the_thousand", "uk"): "щонайменше кількість дослідників, помножена на 2",
    ("hunting_the_thousand", "ru"): "не меньше, чем число сыщиков, умноженное на 2",
    # The Key and the Gate: "1 fewer die for each Cultist on the board" (dice: {times: -1})
    ("the_key_and_the_gate_2", "en"): "Influence test, dice: 1 fewer per Cultist on the board",
    ("the_key_and_the_gate_2", "uk"): "перевірка Впливу, кубиків — на 1 менше за кожного культиста на полі",
    ("the_key_and_the_gate_2", "ru"): "проверка Общения, кубиков — на 1 меньше за каждого культиста на поле",
    # Legitimate Banking: the Reckoning of one's “Debt” only (a genitive, not «розплати: стани»;
    # ne18b: one's own condition, named, not "you: … of conditions, only of «Борг»")
    ("legitimate_banking", "uk"): "виконати ефект розплати свого стану «Борг» (кожен кубик рахується як 1)",
    ("legitimate_banking", "ru"): "выполнить эффект расплаты своего состояния «Долг» (каждый кубик считается как 1)",
}


@pytest.mark.parametrize("card_id,lang", sorted(TWICE))
def test_a_repeat_or_a_multiple_is_said_in_words(card_id, lang):
    assert TWICE[card_id, lang] in card(lang, card_id)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_times_sign_in_any_effect(lang):
    assert _all_say(lang, "×") == []


# ---------------------------------------------------------------- 3. spawns, in the seeds' verbs
# 002: «Розмістіть на полі вказану на карті-пам'ятці кількість воріт»; «розмістити саме цього
# монстра»; «візьміть жетон доказу із запасу й розмістіть у цій локації».
# 004: «вместо этого откройте 1 врата»; «Затем выложите в эту локацию одного монстра»;
# «сколько улик выкладывается на поле».
SPAWN = {
    ("spawn_of_yog_sothoth", "uk"): "розмістити 1 монстра «Данвіцький жах» у локації «Аркгем»",
    ("spawn_of_yog_sothoth", "ru"): "выложить 1 монстра «Данвичский ужас» в локации «Аркхэм»",
    ("dunwich_horror", "uk"): "розмістити 1 ворота",
    ("dunwich_horror", "ru"): "открыть 1 врата",
}


@pytest.mark.parametrize("card_id,lang", sorted(SPAWN))
def test_a_spawn_uses_the_rulebooks_verb(card_id, lang):
    assert SPAWN[card_id, lang] in card(lang, card_id)


def test_a_spawned_clue_is_placed():
    assert _all_say("uk", r"розмістити 1 доказ\b") and _all_say("ru", r"выложить 1 улику\b")
    assert _all_say("uk", r"розмістити 2 докази\b") and _all_say("ru", r"выложить 2 улики\b")


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_no_spawn_said_as_a_noun(lang):
    assert _all_say(lang, r"\b(поява|появление) \d") == []


# ---------------------------------------------------------------- 4. ru «ущерб»
# 004, l. 104: «Если ущерб монстра больше результата проверки…»; l. 252: «ужас, ущерб, стойкость»
def test_ru_damage_is_the_seeds_word():
    assert "нанести этому монстру столько ущерба, сколько составляет число успехов в проверке" in card("ru", "ghost")
    assert _all_say("ru", r"нанести каждому монстру 3 ущерба")
    assert _all_say("ru", r"\bурон") == []


# ---------------------------------------------------------------- 5. Doom, in the seeds' verbs
# 002: «Підвищте приреченість на 1», «А якщо треба знизити приреченість»; 004: «повысьте
# безысходность на 1»
DOOM = {"uk": ("підвищити приреченість на 1", "знизити приреченість на 1", r"просунути приреченість|відсунути приреченість"),
        "ru": ("повысить безысходность на 1", "понизить безысходность на 1", r"продвинуть безысходность|отодвинуть безысходность")}


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_doom_rises_and_falls_in_the_seeds_words(lang):
    advance, retreat, old = DOOM[lang]
    assert advance in card(lang, "zombie_horde")
    assert _all_say(lang, retreat)
    assert _all_say(lang, old) == []


# ---------------------------------------------------------------- 6. possessions discarded
# Zombie Horde: "discard 1 Ally asset"; Arcane Understanding: discard the spell cast
DISCARD = {
    ("zombie_horde", "en"): "discard 1 Ally asset card",
    ("zombie_horde", "uk"): "скинути 1 карту активу з ознакою «Союзник»",   # 002: «з ознакою «Процес»»
    ("zombie_horde", "ru"): "сбросить 1 карту актива с подтипом «Союзник»",
    ("arcane_understanding", "en"): "discard 1 spell card, the one used",
    ("arcane_understanding", "uk"): "скинути 1 карту заклинання, ту, що використано",
    ("arcane_understanding", "ru"): "сбросить 1 карту заклинания, ту, что использована",
}


@pytest.mark.parametrize("card_id,lang", sorted(DISCARD))
def test_a_discard_of_possessions_names_its_cards(card_id, lang):
    assert DISCARD[card_id, lang] in card(lang, card_id)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_possessions_discarded_by_a_colon(lang):
    assert _all_say(lang, r"discard possessions \(|скинути майно \(|сбросить имущество \(") == []


# ---------------------------------------------------------------- 7. a group of investigators
# The group says where it stands and what it meets before the colon: uk «кожен дослідник у локації:
# втратити 1 розум (локація цього монстра)» left the space to a bracket after the effect
GROUP = {
    ("deep_one", "en"): "for each investigator on this monster's space: lose 1 Sanity",
    ("deep_one", "uk"): "кожен дослідник у локації цього монстра: втратити 1 розум",
    ("deep_one", "ru"): "каждый сыщик в локации этого монстра: потерять 1 рассудок",
    ("lloigor", "uk"): "кожен дослідник у локації цього монстра чи в сусідній: втратити 1 здоров'я, 1 розум",
    ("lloigor", "ru"): "каждый сыщик в локации этого монстра или в соседней: потерять 1 здоровье, 1 рассудок",
    ("the_world_shakes", "uk"): "кожен дослідник у локації поточної експедиції чи в сусідній: втратити 2 здоров'я",
    ("the_world_shakes", "ru"): "каждый сыщик в локации текущей экспедиции или в соседней: потерять 2 здоровья",
    ("unexpected_betrayal", "en"): "for each investigator holding an Ally asset",
    ("unexpected_betrayal", "uk"): "кожен дослідник, у якого є актив з ознакою «Союзник»: втратити 3 здоров'я",
    ("unexpected_betrayal", "ru"): "каждый сыщик, у которого есть актив с подтипом «Союзник»: потерять 3 здоровья",
    ("arrests_made_in_murder_case", "uk"): "кожен дослідник у локації типу «місто», якщо є актив з ознакою «Зброя»: перевірка Впливу",
}


@pytest.mark.parametrize("card_id,lang", sorted(GROUP))
def test_a_group_of_investigators_says_where_it_stands(card_id, lang):
    assert GROUP[card_id, lang] in card(lang, card_id)


# The World Shakes: "remove the Expedition encounters of the Active Expedition" (genitive, not
# «прибрати карти експедиції локації (локація поточної експедиції)»)
@pytest.mark.parametrize("lang,said", [("en", "remove the Expedition encounters of the Active Expedition"),
                                       ("uk", "прибрати карти поточної експедиції"),
                                       ("ru", "убрать карты текущей экспедиции")])
def test_the_expeditions_cards_are_named_by_whose_they_are(lang, said):
    assert said in card(lang, "the_world_shakes")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_space_left_in_a_bracket_after_a_token_or_group(lang):
    assert _all_say(lang, r"\((локація цього монстра|локация этого монстра|this monster's space|ваша локація|"
                          r"ваша локация|your space)\)") == []


# ---------------------------------------------------------------- 8. a chosen investigator, a space that holds
# "choose an investigator (nearest) (chosen by the Lead Investigator) (this monster's space)" was a
# chain of brackets; "if on this monster's space holds an investigator" a broken sentence
CHOSEN = {
    ("serpent_people", "en"): "choose the investigator nearest to this monster's space, chosen by the Lead Investigator",
    ("serpent_people", "uk"): "вибрати дослідника, найближчого до локації цього монстра, на вибір головного дослідника",
    ("serpent_people", "ru"): "выбрать сыщика, ближайшего к локации этого монстра, на выбор ведущего сыщика",
    ("hound_of_tindalos", "uk"): "вибрати дослідника в локації цього монстра, на вибір головного дослідника",
    ("hound_of_tindalos", "ru"): "выбрать сыщика в локации этого монстра, на выбор ведущего сыщика",
    ("nightgaunt", "en"): "if this monster's space holds an investigator",
    ("nightgaunt", "uk"): "якщо в локації цього монстра є дослідник",
    ("nightgaunt", "ru"): "если в локации этого монстра есть сыщик",
    ("mi_go", "uk"): "скинути 1 доказ з поля в локації цього монстра",   # one token (er19b)
    ("mi_go", "ru"): "сбросить 1 улику с поля в локации этого монстра",
}


@pytest.mark.parametrize("card_id,lang", sorted(CHOSEN))
def test_a_chosen_investigator_and_a_space_read_as_a_sentence(card_id, lang):
    assert CHOSEN[card_id, lang] in card(lang, card_id)


@pytest.mark.parametrize("lang,said", [("en", "choose another investigator (if not Delayed)"),
                                       ("uk", "вибрати іншого дослідника (якщо не затриманий)"),
                                       ("ru", "выбрать другого сыщика (если не задержан)")])
def test_another_investigator_not_delayed(lang, said):
    assert _all_say(lang, re.escape(said))
    assert _all_say(lang, r"\((іншого|другого|another|any|будь-якого|любого)\)") == []


# ---------------------------------------------------------------- 9. what is forbidden
# "everyone: may not: Rest" read as two headings; the one forbidden and the negation go together
FORBID = {
    ("strange_sightings", "en"): "no one may Rest",
    ("strange_sightings", "uk"): "нікому не можна відпочивати",
    ("strange_sightings", "ru"): "никому нельзя отдыхать",
    ("tick_tock_men", "en"): "you may not reroll with Clues",
    ("tick_tock_men", "uk"): "не можна перекидати кубики за докази",
    ("tick_tock_men", "ru"): "нельзя перебрасывать кубики за улики",
    ("shub_niggurath", "en"): "this monster may not lose health",
    ("shub_niggurath", "uk"): "цьому монстру не можна втрачати здоров'я",
    ("shub_niggurath", "ru"): "этому монстру нельзя терять здоровье",
}


@pytest.mark.parametrize("card_id,lang", sorted(FORBID))
def test_who_may_not_is_said_with_the_negation(card_id, lang):
    assert FORBID[card_id, lang] in card(lang, card_id)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_forbidding_by_colons(lang):
    assert _all_say(lang, r"не можна: |нельзя: |may not: |\b(everyone|усі|все): ") == []


# ---------------------------------------------------------------- 10. a spend per success or die
# «рассудок» is masculine, «улики» feminine: «каждая — +1 кубик» after «рассудок» did not agree; what
# may be spent is in the genitive after «сколько угодно» («сколько угодно рассудка», not «: рассудок»)
SPEND = {
    ("the_key_and_the_gate_5", "uk"): "можна витратити будь-скільки доказів, кожна одиниця — +1 успіх",
    ("the_key_and_the_gate_5", "ru"): "можно потратить сколько угодно улик, каждая единица — +1 успех",
    ("the_key_and_the_gate_6", "uk"): "можна витратити будь-скільки розуму, кожна одиниця — +1 кубик",
    ("the_key_and_the_gate_6", "ru"): "можно потратить сколько угодно рассудка, каждая единица — +1 кубик",
}


@pytest.mark.parametrize("card_id,lang", sorted(SPEND))
def test_what_each_spent_one_gives_agrees_with_any_noun(card_id, lang):
    assert SPEND[card_id, lang] in card(lang, card_id)


# ---------------------------------------------------------------- 11. a die face is feminine
# 004: «каждая выпавшая «5» или «6» — это один успех»; the catalogs said «каждая 6 — два успеха» but
# «каждое 4, 5, 6 — успех» (uk «кожна 6» / «кожне 4, 5, 6»)
@pytest.mark.parametrize("lang,said", [("uk", "кожна 4, 5, 6 — успіх"), ("ru", "каждая 4, 5, 6 — успех")])
def test_a_die_face_is_feminine(lang, said):
    assert said in card(lang, "blessed")
    assert _all_say(lang, r"\b(кожне|каждое) \d") == []


# ---------------------------------------------------------------- 12. a space chosen, an encounter elsewhere
# "choose a space: a chosen space with a Clue; … resolve an encounter (research) of (the chosen space)"
ELSEWHERE = {
    ("clairvoyance", "en"): "choose a space with a Clue",
    ("clairvoyance", "uk"): "вибрати локацію з доказом",
    ("clairvoyance", "ru"): "выбрать локацию с уликой",
}
REMOTE = {"en": "resolve a research encounter on the chosen space",
          "uk": "пройти дослідницьку зустріч у вибраній локації",
          "ru": "пройти поисковый контакт в выбранной локации"}   # 004: «Поисковые контакты»


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_chosen_space_and_an_encounter_there_read_as_sentences(lang):
    text = card(lang, "clairvoyance")
    assert ELSEWHERE["clairvoyance", lang] in text and REMOTE[lang] in text, text


# ---------------------------------------------------------------- 13. where the monsters are
# Agency Quarantine: "deal 4 damage to each monster on the chosen space"; Blood Flows: "discard a
# monster anywhere" — the space with its preposition, not «кожному монстру (вибрана локація)»
WHERE = {
    ("agency_quarantine", "en"): "deal 4 damage to each monster on the chosen space",
    ("agency_quarantine", "uk"): "завдати кожному монстру у вибраній локації 4 шкоди",
    ("agency_quarantine", "ru"): "нанести каждому монстру в выбранной локации 4 ущерба",
    ("blood_flows", "uk"): "скинути вибраного монстра будь-де (крім епічних)",
    ("blood_flows", "ru"): "сбросить выбранного монстра где угодно (кроме эпических)",
}


@pytest.mark.parametrize("card_id,lang", sorted(WHERE))
def test_where_the_monsters_are_is_said_with_its_preposition(card_id, lang):
    assert WHERE[card_id, lang] in card(lang, card_id)


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_no_monster_followed_by_a_bracketed_space(lang):
    assert _all_say(lang, r"монстр\w* \((будь-де|где угодно|вибрана локація|выбранная локация)") == []


# ---------------------------------------------------------------- 14. from the reserve, at most a cost
# «(з резерву)» was a bracket for what the verb's own preposition says; «ціна щонайбільше кількість
# успіхів» had no case for the number it is compared with; "discard cards from the reserve: all"
SOURCE = {
    ("driven_to_bankruptcy", "en"): "discard all cards from the reserve",
    ("driven_to_bankruptcy", "uk"): "скинути всі карти з резерву",
    ("driven_to_bankruptcy", "ru"): "сбросить все карты из резерва",
    ("leo_anderson", "en"): "gain 1 Ally asset from the reserve or discard pile",
    ("leo_anderson", "uk"): "отримати 1 актив з ознакою «Союзник» з резерву або скиду",
    ("leo_anderson", "ru"): "получить 1 актив с подтипом «Союзник» из резерва или сброса",
    ("conjuration", "uk"): "з резерву (ціна — не більша за кількість успіхів у перевірці)",
    ("conjuration", "ru"): "из резерва (цена не выше, чем число успехов в проверке)",
}


@pytest.mark.parametrize("card_id,lang", sorted(SOURCE))
def test_where_a_card_comes_from_and_its_cost_read_as_words(card_id, lang):
    assert SOURCE[card_id, lang] in card(lang, card_id)


# «витратити скільки завгодно: здоров'я» — «скільки завгодно» wants the genitive
@pytest.mark.parametrize("lang,said", [("en", "spend any amount of Sanity"), ("uk", "витратити скільки завгодно розуму"),
                                       ("ru", "потратить сколько угодно рассудка")])
def test_any_amount_spent_is_in_the_genitive(lang, said):
    assert said in card(lang, "leo_anderson") or _all_say(lang, re.escape(said))
    assert _all_say(lang, r"скільки завгодно: |сколько угодно: |будь-скільки: ") == []


# «додати 1 до результату кубиків (1)»: the number of dice in a bracket after a plural noun
@pytest.mark.parametrize("lang,said", [("en", "add 1 to the result of 1 die"), ("uk", "додати 1 до результату 1 кубика"),
                                       ("ru", "добавить 1 к результату 1 кубика")])
def test_a_die_bonus_counts_its_dice(lang, said):
    assert _all_say(lang, re.escape(said))
    assert _all_say(lang, r"кубиків \(\d|кубиков \(\d") == []


# 004, l. 45: «44. Поисковые контакты» — a research encounter is «поисковый контакт» in ru
def test_ru_research_encounter_is_the_seeds_word():
    assert "после поискового контакта: если число полученных в этом контакте улик" in card("ru", "occult_research")
    assert _all_say("ru", "исследовательск") == []


# Lola Hayes: "discard any number of skill improvements", not «скинути поліпшення вмінь: скільки завгодно»
@pytest.mark.parametrize("lang,said", [("en", "discard any number of skill improvements"),
                                       ("uk", "скинути скільки завгодно поліпшень вмінь"),
                                       ("ru", "сбросить сколько угодно улучшений навыков")])
def test_a_count_of_improvements_comes_before_them(lang, said):
    assert said in card(lang, "lola_hayes")
