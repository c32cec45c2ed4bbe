"""Eldritch Horror as a newcomer reads it, round 18 (brief ne18): Dimensions Collide's Reckoning,
an Item from the reserve or from the deck, a failure of several steps, the Mi-go Brain Case's
swap, A Dark Power's fight, and a rounded price before "to".

Each test reads the renderer's real text: the pack's own cards, or a game the engine plays to the
moment in question."""
from __future__ import annotations

import pytest

from bot.games.eldritch import render as R
from bot.games.eldritch.effect_text import entry_text
from bot.games.eldritch.pack_index import _pack
from tests.bot.test_eldritch_effect_wording12 import card
from tests.bot.test_eldritch_newcomer17 import RULES, _brain_case_swap


def encounter(lang: str, deck: str, card_id: str, section: str) -> str:
    return entry_text(lang, _pack()["encounter"][deck, card_id].sections[section])


# ---------------------------------------------------------------- 1. Dimensions Collide's Reckoning
@pytest.mark.parametrize("lang, says", [
    ("en", "reckoning: remove from this card Eldritch tokens equal to half the number of gates on the board, "
           "rounded up."),
    ("uk", "розплата: прибрати з цієї карти стільки жетонів Стародавніх, скільки становить кількість воріт на полі, "
           "поділена навпіл з округленням догори."),
    ("ru", "расплата: убрать с этой карты столько жетонов Древних, сколько составляет число врат на поле, "
           "делённое пополам с округлением вверх.")])
def test_dimensions_collide_reckoning_is_one_clear_sentence(lang, says):
    """Was "remove Eldritch tokens equal to half of the number of gates on the board, rounded up
    from this card" (as if rounded up from the card); uk «кількість …, поділене» (кількість is feminine)."""
    assert says in card(lang, "dimensions_collide")
    assert "rounded up from" not in card(lang, "dimensions_collide")


@pytest.mark.parametrize("lang, says", [
    ("en", "you may spend Clues equal to half the number of investigators, rounded up, to solve this Rumor"),
    ("uk", "можна витратити стільки доказів, скільки становить половина кількості дослідників з округленням догори, "
           "щоб розвіяти ці чутки"),
    ("ru", "можно потратить столько улик, сколько составляет половина числа сыщиков с округлением вверх, "
           "чтобы развеять эти слухи")])
def test_a_rounded_price_is_closed_before_what_it_buys(lang, says):
    """Was "… half the number of investigators, rounded up to solve this Rumor" (rounded up to what?)."""
    assert says in card(lang, "dimensions_collide")


# ---------------------------------------------------------------- 2. from the reserve or from the deck
@pytest.mark.parametrize("lang, says", [
    ("en", "choose one: gain 1 Item asset from the reserve or gain 1 Item asset drawn at random from the deck"),
    ("uk", "вибрати одне: отримати 1 актив з ознакою «Предмет» з резерву або отримати 1 актив з ознакою «Предмет» "
           "навмання з колоди"),
    ("ru", "выбрать одно: получить 1 актив с подтипом «Предмет» из резерва или получить 1 актив с подтипом «Предмет» наугад из колоды")])
def test_the_deck_option_beside_the_reserve_says_where_it_comes_from(lang, says):
    """Was "gain 1 Item asset from the reserve or gain 1 Item asset": the same twice, while the
    buttons say "… at random from the asset deck" (the general encounter's city section)."""
    assert says in encounter(lang, "general", "general_3", "city")


def test_a_lone_deck_gain_stays_as_the_card_says_it():
    """Only beside a reserve option: a plain "gain 1 Ally asset" keeps the card's own words."""
    text = encounter("en", "general", "general_4", "sea")
    assert "gain 1 Ally asset" in text and "at random" not in text


# ---------------------------------------------------------------- 3. a failure of several steps
@pytest.mark.parametrize("lang, says", [
    ("en", "fail: lose 1 Health and discard 1 Item asset or artifact card"),
    ("uk", "невдача: втратити 1 здоров'я й скинути 1 карту активу або артефакту з ознакою «Предмет»"),
    ("ru", "провал: потерять 1 здоровье и сбросить 1 карту актива или артефакта с подтипом «Предмет»")])
def test_a_failure_of_plain_steps_is_one_sentence(lang, says):
    """Was «невдача: (втратити 1 здоров'я; скинути 1 карту …)»: brackets where nothing nests."""
    text = encounter(lang, "general", "general_3", "city")
    assert says in text and "(" not in text


def test_a_branch_with_a_test_of_its_own_stays_bracketed():
    """A nested test's "fail" must not read as the outer one's: that branch keeps its brackets."""
    text = entry_text("en", _pack()["encounter"]["expedition", "expedition_amazon_1"].encounter)
    assert "pass: (retreat Doom by 1; Lore test; fail: gain the condition “Amnesia”)" in text


# ---------------------------------------------------------------- 4. the Brain Case's swap
@pytest.mark.parametrize("lang, line", [
    ("en", "**{inv}** moves to {space} (Mi-go Brain Case)."),
    ("uk", "**{inv}** переміщується: {space} («Контейнер для мозку мі-го»)."),
    ("ru", "**{inv}** перемещается: {space} («Контейнер для мозга ми-го»).")])
def test_the_brain_case_swap_names_the_card_on_both_moves(lang, line):
    """Was "**Norman Withers** moves to …" twice with no word of why (a card-caused move unnamed)."""
    state, prompt = _brain_case_swap()
    user, other = prompt["with"], prompt["inv"]
    yes = next(o for o in prompt["options"] if o.get("value") is True)
    _, events = RULES.apply(state, {"player": prompt["player"], "prompt": prompt["id"], **yes})
    moves = [ev for ev in events if ev["type"] == "moved"]
    assert [ev["inv"] for ev in moves] == [other, user]
    expected = [line.format(inv=R.named(lang, "investigator", ev["inv"]), space=R.space(lang, ev["space"]))
                for ev in moves]
    assert R.public_lines(moves, lang) == expected


# ---------------------------------------------------------------- 5. A Dark Power's fight
@pytest.mark.parametrize("lang, says", [
    ("en", "each investigator fights each monster on their space"),
    ("uk", "кожен дослідник б'ється з кожним монстром у своїй локації"),
    ("ru", "каждый сыщик сражается с каждым монстром в своей локации")])
def test_a_dark_powers_fight_is_a_sentence(lang, says):
    """Was «кожен дослідник: бій: кожен монстр» (en "for each investigator: fight each monster",
    not saying which monsters): a chain of colons from nested data."""
    text = card(lang, "a_dark_power")
    assert says in text and ": бій:" not in text and ": бой:" not in text


# ---------------------------------------------------------------- 6. from the uk/ru dumps
@pytest.mark.parametrize("lang, says", [
    ("en", "if that did not happen: spawn 1 monster on your space"),
    ("uk", "якщо цього не сталося: розмістити 1 монстра у вашій локації"),
    ("ru", "если этого не произошло: выложить 1 монстра в вашей локации")])
def test_a_fallback_step_says_what_did_not_happen(lang, says):
    """Shub-Niggurath's research encounter read «если не (предыдущий шаг состоялся): …» (a Dark
    Young when one is left, else another monster)."""
    text = encounter(lang, "research_shub_niggurath", "research_shub_niggurath_2", "wilderness")
    assert says in text and "(the previous step" not in text and "(предыдущий" not in text
