"""What a newcomer's Unfathomable reading (nu18) found, mended in en/uk/ru:
J conditions from card data read as a sentence («якщо A і B», «A, B або C»), a group inside one in
brackets, "not (A and B)" as «A не …, або B не …», never «усе з: A, B» / «будь-що з: …»;
M a monarch moves «у сусідню водну зону» (rulebook 000 l.1378), never «перемістити Матір Гідру:
сусідня водна зона»."""
from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES
from tests.bot.test_unfathomable_newcomer17 import _every_text


# ---------------------------------------------------------------- J
LIST_WORDS = {"uk": ("усе з:", "будь-що з:"), "ru": ("всё из:", "что-либо из:"), "en": ("all of:", "any of:")}
# the Cultist character's action (characters.yaml: a Lore card and a monarch not in the Depths)
MONARCH_CONDITION = {
    "uk": "якщо ваш персонаж має карту вмінь (Знання) і (Мати Гідра не в Глибинах або Батько Дагон не в Глибинах): ",
    "ru": "если ваш персонаж имеет карту навыков (Знания) и (Матерь Гидра не в пучине или Отец Дагон не в пучине): ",
    "en": "if your character holds a skill card (Lore) and (Mother Hydra is not in the Depths or Father Dagon is "
          "not in the Depths): ",
}
# a skill card whose ability needs one of three zones
THREE_ZONES = {
    "uk": "якщо ваш персонаж у каплиці, ваш персонаж на камбузі або ваш персонаж у машинному відділенні: ",
    "ru": "если ваш персонаж в часовне, ваш персонаж на камбузе или ваш персонаж в машинном отделении: ",
    "en": "if your character is in the Chapel, your character is in the Galley or your character is in the "
          "Boiler Room: ",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_conditions_read_as_a_sentence(lang):
    texts = _every_text(lang)
    assert [x for x in texts if any(w in x for w in LIST_WORDS[lang])] == []
    assert any(MONARCH_CONDITION[lang] in x for x in texts), lang
    assert any(THREE_ZONES[lang] in x for x in texts), lang


# ---------------------------------------------------------------- M
MONARCH_MOVES = {"uk": "перемістити Матір Гідру в сусідню водну зону (вибираєте ви)",
                 "ru": "переместить Матерь Гидру в смежную водную область (выбираете вы)",
                 "en": "move Mother Hydra to an adjacent water zone (chosen by you)"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_monarch_moves_into_a_zone_in_its_case(lang):
    texts = _every_text(lang)
    assert any(MONARCH_MOVES[lang] in x for x in texts), lang
    assert [x for x in texts if "Гідру: " in x or "Гидру: " in x or "Дагона: " in x] == []


# ---------------------------------------------------------------- D
# a contribution's DM (and the panel) say what its answers do, as the panel does for buttons: the
# menu adds the cards (+ for a helping skill, − otherwise: rulebook 000 l.705), Nothing adds none
async def test_a_contributions_dm_says_what_each_answer_does(simcord_env, monkeypatch):
    import random

    from bot.games.unfathomable import render as ui
    from tests.bot.helpers import all_text
    from tests.bot.test_unfathomable_table import contribute_frame, contributing
    from tests.bot.unfathomable_driver import dm_with_controls, new_unfathomable, prompt_of

    env = simcord_env
    _, channel, members = await new_unfathomable(env, 4, seed=57, monkeypatch=monkeypatch)
    game = await contributing(env, channel, members, random.Random(2), given_at_least=0, give=0.0)
    frame = contribute_frame(game.state)
    pid = frame["order"][frame["i"]]
    member = next(m for m in members if str(m.id) == pid)
    dm = dm_with_controls(member, game, prompt_of(game, pid))
    (embed,) = dm.embeds
    said = all_text(dm)
    helps = ui.skill_types("en", game.state["checks"][-1]["positive"])
    assert embed.fields[0].name == "What each answer does"
    assert (f"— the cards you pick go into the check: a card of a helping skill ({helps}) adds its value (+), "
            "any other card subtracts it (−)") in said, said
    assert "**Nothing** — you add no cards to this check (no player has to)" in said, said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_contribution_is_explained_in_every_language(lang):
    from bot.games.unfathomable import render as ui
    state = {"checks": [{"positive": ["lore", "strength"]}]}
    cards = ui.option_description({"type": "contribute", "cards": ["lore:x:2:1"]}, state, {}, lang)
    none = ui.option_description({"type": "contribute", "cards": []}, state, {}, lang)
    helps = ui.skill_types(lang, ["lore", "strength"])
    assert cards == {"en": f"the cards you pick go into the check: a card of a helping skill ({helps}) adds its "
                           "value (+), any other card subtracts it (−)",
                     "uk": f"обрані карти йдуть до перевірки: карта вміння підтримки ({helps}) додає своє значення "
                           "(+), карта вміння завади віднімає його (−)",
                     "ru": f"выбранные карты уходят в проверку: карта положительного навыка ({helps}) прибавляет "
                           "своё значение (+), карта отрицательного навыка вычитает его (−)"}[lang]
    assert none and none != cards
