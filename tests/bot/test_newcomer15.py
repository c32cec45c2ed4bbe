"""What a newcomer's play-through found (nft15: The Thing in uk, Unfathomable in ru), mended."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.games import ui_for
from bot.i18n import LANGUAGES, t


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_autopass_note_names_an_answer_that_is_no_pass(lang):
    """T1: under a Flamethrower with no defence, the panel said «Keeper спасує за вас … або спасуйте
    зараз нижче» over the only button «Не захищатися: ви вибуваєте з гри»: "pass" hid that the
    answer eliminates them. The note now names the button Keeper presses."""
    from cogs.play import autopass_note
    from tests.engine.helpers import act, make_game, prompt
    s = make_game({"ann": ["flamethrower", "whisky", "axe", "analysis"]})
    s, _ = act(s, "ann", "draw")
    s, _ = act(s, "ann", "play", card="flamethrower", target="bob")
    assert prompt(s, "bob", "respond")["options"] == [{"type": "accept"}]
    game = SimpleNamespace(kind="thing", state=s, names={}, status="active")
    burn = ui_for("thing").option_label({"type": "accept"}, s, {}, lang)
    note = autopass_note(game, "bob", lang)
    assert note == t(lang, "panel.autopass_note_answer", button=burn) and burn in note
    assert note != t(lang, "panel.autopass_note")


def test_a_defence_card_is_named_by_what_it_defends_against():
    """T2: «Ціль може відповісти картою захисту (спалення)» read as if the defence card burned."""
    from bot.games.thing.effect_text import card_text
    from engine.registry import rules_for
    cards = rules_for("thing").pack.cards
    assert card_text("uk", cards["flamethrower"]).endswith("Ціль може відповісти картою захисту від спалення.")
    assert card_text("ru", cards["flamethrower"]).endswith("Цель может ответить картой защиты от сожжения.")
    assert card_text("uk", cards["change_places"]).endswith("картою захисту від обміну місцями.")
    assert card_text("ru", cards["change_places"]).endswith("картой защиты от обмена местами.")


def test_a_ru_crisis_is_played_not_solved_and_an_attack_takes_its_object_without_a_colon():
    """U8: 001 l.428 «Кризис с выбором вариантов разыгрывает тот игрок, которому указано сделать
    выбор» («решает кризис» read as "solves"); U13: «атакует: глубоководного» (a colon before the
    object of the verb)."""
    render = ui_for("unfathomable").public_lines
    (decider,) = render([{"type": "crisis_decider", "player": "101", "card": "hurricane", "audience": "all"}], "ru")
    assert "<@101> разыгрывает кризис карты «" in decider, decider
    attack = {"type": "attack_resolved", "player": "101", "target": "deep_one:d1", "roll": 6, "needed": 4,
              "hit": False, "audience": "all"}
    for lang, verb in (("ru", "атакует"), ("uk", "атакує")):
        (line,) = render([attack], lang)
        assert f"<@101> {verb} глуб" in line or f"<@101> {verb} глиб" in line, line
        assert f"{verb}:" not in line


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_the_infected_role_is_said_without_a_gender(lang):
    """T10: «Ви — **Заражений**.» (masculine) to every member, a woman too; «Тепер ви **заражені**»
    beside it already avoided it."""
    line = t(lang, "thing.private.role_infected")
    assert line in ("Ви — серед **заражених**.", "Вы — среди **заражённых**.")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lobby_options_are_no_advanced_rules(lang):
    """U10: every game's lobby named its options menu «Ускладнені правила» / «Усложнённые правила»,
    though an Unfathomable table's are a variant and difficulty settings (001 appendices I-II)."""
    assert t(lang, "lobby.options_placeholder").split(" (")[0] in ("Game options", "Параметри гри", "Параметры игры")


def test_a_characters_ability_is_named_first_and_its_character_in_brackets():
    """U6: «свойство персонажа Арджун Сингх «Главный на палубе»» wanted the genitive (001 l.1126
    «в свойстве Арджуна Сингха «Главный на палубе»»), which a catalog name cannot take."""
    from bot.games.unfathomable.render import ability_name, character
    from engine.registry import rules_for
    arjun = next(c for c in rules_for("unfathomable").pack.characters.characters if c.ability.name and c.traitor_ability.name)
    for lang, noun in (("ru", "свойство"), ("uk", "властивість")):
        own = getattr(arjun.ability.name, lang, None) or arjun.ability.name.en
        assert ability_name(lang, f"char:{arjun.id}") == f"{noun} «{own}» ({character(lang, arjun.id)})"
        assert ability_name(lang, f"trait:{arjun.id}").endswith(f"({character(lang, arjun.id)})")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_answer_of_a_crisis_choice_says_what_it_does(lang):
    """U2: «Отказаться» («Refuse») does something else on each card, so the panel's "What each answer
    does" left it out; read by its card, it is told (The Anarcho-Individualist: discard 2 skill
    cards, 2 Treachery cards into the chaos deck)."""
    from bot.games.unfathomable import render
    from tests.engine.unfathomable.helpers import game, pass_windows, top
    from tests.engine.unfathomable.test_mythos_cards import empty_hands
    r, s = game(4)
    empty_hands(s)
    pass_windows(r, s)
    card = "the_anarcho_individualist"
    s["mythos_deck"].remove(card)
    s["mythos"] = {"card": card, "skip_crisis": False, "kept": False}
    r.start_effect(s, r.mythos_by_id[card].crisis, [], {"self": "p1", "decider": "p1", "card": card, "mythos": True})
    r.run(s, [])
    prompt = top(r, s)
    assert prompt["purpose"] == "option" and len(prompt["options"]) == 2
    said = [render.option_description({**o, "player": "p1"}, s, {}, lang) for o in prompt["options"]]
    assert all(said) and said[0] != said[1], said


def test_a_deck_is_named_in_the_genitive_and_a_look_is_counted():
    """U3: «…смотрит верхние карты колоды вещей (1) и оставляет себе 1; убрать 5 верхних карт колоды
    (вещи)» — "(1)" and "(вещи)" read as junk (one card looked at and kept: taken, nfu15)."""
    from bot.games.unfathomable.effect_text import effect_text
    from engine.registry import rules_for
    rules = rules_for("unfathomable")
    take = rules.mythos_by_id["the_anarcho_individualist"].crisis[0].spec.options[0].effect
    assert effect_text("ru", take).endswith("берёт верхнюю карту колоды вещей; убрать из игры 5 верхних карт колоды вещей")
    assert effect_text("uk", take).endswith("бере верхню карту колоди предметів; прибрати з гри 5 верхніх карт колоди предметів")
    hold = next(z for z in rules.pack.board.zones if z.id == "cargo_hold").action.effect
    assert effect_text("ru", hold).endswith("смотрит 2 верхние карты колоды вещей и оставляет себе 1")
    assert effect_text("uk", hold).endswith("дивиться 2 верхні карти колоди предметів і залишає 1")
    assert effect_text("en", hold).endswith("looks at the top 2 cards of the item deck and keeps 1")


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_eldritch_trade_and_new_investigator_read_in_their_case(lang):
    """nfe15: the button «Обмін з Діана Стенлі» (a name in the nominative after «з»), and the panel's
    «Ваше рішення новий дослідник»."""
    from bot.games.eldritch.render import decision_text, option_label
    from engine.registry import rules_for
    state, _ = rules_for("eldritch").new_game(["1", "2"], 1)
    other = next(i for i in state["inv"] if state["inv"][i]["player"] == "2")
    label = option_label({"type": "trade", "with": other, "player": "1"}, state, {}, lang)
    assert label.startswith(("Обмін: ", "Обмен: ")), label
    asked = decision_text(lang, {"kind": "new_investigator", "player": "2"}, state)
    assert asked in ("вибрати нового дослідника", "выбрать нового сыщика"), asked
