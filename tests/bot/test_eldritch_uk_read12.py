"""Eldritch Horror's table read by a newcomer in Ukrainian (ew12, with the Russian twins): the
rulebooks' terms (seed 002 uk, 004 ru), a name never left in the nominative after a word that
governs another case (it stands after a colon or, for a card, in «»), and nothing said twice."""
from __future__ import annotations

import pytest

from bot.games.eldritch import render as R
from bot.i18n import catalog, t

K = "eldritch"


def line(ev: dict, lang: str) -> str:
    return R.public_lines([{"audience": "all", **ev}], lang)[0]


# ---------------------------------------------------------------- the rulebook's terms
def test_an_investigators_ability_is_a_zdibnist_in_uk():
    """002 l.908: «ЗДІБНОСТІ ДОСЛІДНИКІВ»; l.1084: «особлива здібність, яка діє протягом усієї гри».
    «Властивість» is Unfathomable's word for a card's text, not an investigator's ability."""
    uk = {k: v for k, v in catalog("uk").items() if k.startswith(f"{K}.") and isinstance(v, str)}
    assert not [k for k, v in uk.items() if "властивіст" in v.lower() and not k.startswith(f"{K}.effect")]
    assert R.option_label({"type": "component", "card": "silas_marsh"}, {}, {}, "uk") \
        == "Використати здібність: плавання водним шляхом і ще одна дія"   # what it does (ne17)
    own = {"type": "action", "action": "component", "inv": "leo_anderson", "card": "leo_anderson",
           "owner": "leo_anderson"}
    assert line(own, "uk") == "**Лео Андерсон** використовує свою здібність: залучення Союзника (перевірка Впливу)."


@pytest.mark.parametrize("lang, label", [
    ("uk", "Приготуватися до подорожі: 🚂 квиток на поїзд"),   # 002 l.1453: «ПРИГОТУВАННЯ ДО ПОДОРОЖІ»
    ("ru", "Подготовка к путешествию: 🚂 билет на поезд")])      # 004 l.409: «Подготовка к путешествию»
def test_preparing_for_travel_in_the_rulebooks_words(lang, label):
    assert R.option_label({"type": "prepare", "ticket": "train"}, {}, {}, lang) == label


@pytest.mark.parametrize("lang, deck, title", [
    # 002 l.503, 515: «Карта зустрічі в Америці», «Карта загальної зустрічі»
    ("uk", "america", "зустріч в Америці"), ("uk", "general", "загальна зустріч"),
    # 004 l.242-243: «тянет карту общего контакта», «вытянуть карту контакта в Америке»
    ("ru", "america", "контакт в Америке"), ("ru", "general", "общий контакт")])
def test_a_location_encounter_names_its_kind_not_a_deck_label(lang, deck, title):
    """Not «зустрічі: Америка: Перевірка…» (a deck's label, then two colons)."""
    ev = {"type": "encounter", "what": "location", "inv": "leo_anderson", "deck": deck, "card": f"{deck}_1",
          "section": "arkham" if deck == "america" else "city"}
    text = line(ev, lang)
    assert text.startswith(f"📜 **{R.named(lang, 'investigator', 'leo_anderson')}** — {title}: ")


@pytest.mark.parametrize("lang, research, other_world", [
    ("uk", "дослідницька зустріч (Йоґ-Сотот): ", "зустріч в Іншому світі · "),
    ("ru", "поисковый контакт (Йог-Сотот): ", "контакт в Ином мире · ")])
def test_a_research_or_other_world_encounter_says_its_kind_once(lang, research, other_world):
    """Not «дослідницька зустріч (дослідницькі зустрічі: Йоґ-Сотот)» nor «зустріч в Іншому світі
    (зустрічі в Інших світах · Юггот)»."""
    ev = {"type": "encounter", "what": "research", "inv": "leo_anderson", "deck": "research_yog_sothoth",
          "card": "research_yog_sothoth_1", "section": "city"}
    text = line(ev, lang)
    assert research in text and text.count(research.split()[0]) == 1
    ev = {"type": "encounter", "what": "other_world", "inv": "leo_anderson", "deck": "other_world",
          "card": "other_world_1"}
    text = line(ev, lang)
    world = R.named(lang, "other_world", "great_hall_of_celaeno")
    assert f"{other_world}{world}: " in text and "Інших світах" not in text and "Иных мирах" not in text


@pytest.mark.parametrize("lang, hurt, defeated", [
    # 002 l.801: «Монстр втрачає стільки здоров'я, скільки успіхів отримав дослідник … Якщо кількість
    # утраченого монстром здоров'я більша або дорівнює його стійкості, дослідник перемагає монстра»
    ("uk", "Монстр «Культист» втрачає здоров'я (утрачено 1, стійкість 2).", "💀 Монстра переможено: Культист."),
    # 004 l.284: «Если потерянное монстром здоровье сравнялось с его стойкостью или превысило её, монстр побеждён.»
    ("ru", "Монстр «Культист» теряет здоровье (потеряно 1, стойкость 2).", "💀 Монстр побеждён: Культист."),
    ("en", "The monster Cultist loses health (1 lost, toughness 2).", "💀 The monster Cultist is defeated.")])
def test_a_monster_loses_health_and_is_defeated(lang, hurt, defeated):
    """Not «Культист отримує шкоду (1/2)» nor «💀 Культист: переможено.»."""
    assert line({"type": "monster_hurt", "monster": "m1", "kind": "cultist", "damage": 1, "toughness": 2},
                lang) == hurt
    assert line({"type": "monster_defeated", "monster": "m1", "kind": "cultist"}, lang) == defeated


def test_the_ancient_ones_sheets_read_in_the_rulebooks_words():
    """002 l.254: «радимо вам вибрати Азатота як найпростішого Стародавнього»; Yog-Sothoth: gates
    and spells «важливі» (matter), not «важать» (weigh)."""
    ao = R._pack()["ancient_one"]
    assert R.text_of("uk", ao["azathoth"]).startswith("Найпростіший Стародавній.")
    assert R.text_of("ru", ao["azathoth"]).startswith("Самый простой Древний.")
    assert "важливі ворота й заклинання" in R.text_of("uk", ao["yog_sothoth"])


# ---------------------------------------------------------------- a name after a colon or in «»
@pytest.mark.parametrize("lang, removed, joined, combat, clue", [
    ("uk", "Фішку дослідника прибрано з поля: **{norman}**.",
     "<@1> продовжує гру за нового дослідника: **{mark}** (попередній: **{norman}**).",
     "⚔️ **{mark}** б'ється з монстром «{hound}».", "Доказ скинуто: {space}."),
    ("ru", "Фигурка сыщика убрана с поля: **{norman}**.",
     "<@1> продолжает игру за нового сыщика: **{mark}** (прежний: **{norman}**).",
     "⚔️ **{mark}** сражается с монстром «{hound}».", "Улика сброшена: {space}.")])
def test_a_name_never_stands_in_the_nominative_after_a_governing_word(lang, removed, joined, combat, clue):
    """Not «Фішку дослідника **Норман Візерс** прибрано», «за дослідника **Марк Герріган** (замість
    **Норман Візерс**)», «з монстром Гончак Тіндалоса», «Доказ у локації Локація 12 скинуто»."""
    names = {"norman": R.named(lang, "investigator", "norman_withers"),
             "mark": R.named(lang, "investigator", "mark_harrigan"),
             "hound": R.named(lang, "monster", "hound_of_tindalos"), "space": R.space(lang, "space_12")}
    assert line({"type": "figure_removed", "inv": "norman_withers"}, lang) == removed.format(**names)
    assert line({"type": "investigator_joined", "player": "1", "inv": "mark_harrigan",
                 "replaces": "norman_withers"}, lang) == joined.format(**names)
    assert line({"type": "combat", "inv": "mark_harrigan", "monster": "m2", "kind": "hound_of_tindalos"},
                lang) == combat.format(**names)
    assert line({"type": "clue_discarded", "space": "space_12"}, lang) == clue.format(**names)


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_a_card_is_named_in_guillemets(lang):
    """Like the lines that already wrote «Борг»: not «скидає Пожива для розуму», «отримує стан Борг»,
    «Чутки Зіткнення вимірів справдилися»."""
    feed, debt = R.card_name(lang, "feed_the_mind"), R.card_name(lang, "debt")
    rumor = R.card_name(lang, "dimensions_collide")
    assert f"«{feed}»" in line({"type": "card_discarded", "inv": "leo_anderson", "card": "feed_the_mind"}, lang)
    assert line({"type": "card_gained", "inv": "leo_anderson", "kind": "condition", "card": "debt"},
                lang).endswith(f" «{debt}».")
    assert f"«{rumor}»" in line({"type": "rumor_failed", "card": "dimensions_collide"}, lang)
    cost = R._rules().C.assets["holy_water"]["cost"]
    word = {"uk": "ціна", "ru": "цена"}[lang]
    assert R.option_label({"type": "buy", "card": "holy_water"}, {}, {}, lang).endswith(
        f"«{R.card_name(lang, 'holy_water')}» ({word} {cost})")


# ---------------------------------------------------------------- noise
@pytest.mark.parametrize("lang, said", [
    ("uk", "Вирішує 🤖 Keeper 1 — Акачі Оньеле: передати роль головного дослідника?\n"),
    ("ru", "Решает 🤖 Keeper 1 — Акачи Оньеле: передать роль ведущего сыщика?\n")])
def test_the_group_decision_has_one_colon(lang, said):
    """Not «🤖 Keeper 1 вирішує: Акачі Оньеле: передати…?» (two colons in a row)."""
    prompt = {"kind": "group", "about": "lead", "inv": "akachi_onyele"}
    text = t(lang, f"{K}.panel.advise", lead="🤖 Keeper 1", what=R.decision_text(lang, prompt, {}))
    assert text.startswith(said.replace("Акачі Оньеле", R.named("uk", "investigator", "akachi_onyele"))
                           .replace("Акачи Оньеле", R.named("ru", "investigator", "akachi_onyele")))


@pytest.mark.parametrize("lang, one, two, five", [
    ("uk", "+1 кубик", "+2 кубики", "+5 кубиків"),
    ("ru", "+1 кубик", "+2 кубика", "+5 кубиков"),
    ("en", "+1 die", "+2 dice", "+5 dice")])
def test_extra_dice_are_counted_as_dice(lang, one, two, five):
    """Not the cryptic «(Вплив 2 +1 дод.)»; the form follows the count (CLDR)."""
    for n, said in ((1, one), (2, two), (5, five)):
        roll = {"type": "test_rolled", "inv": "leo_anderson", "skill": "influence", "dice": [4] * (2 + n),
                "value": 2, "extra": n}
        assert f"(2 {said})" in line(roll, lang)
