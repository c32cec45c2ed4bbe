"""The Thing's table read in uk/ru as a member new to the bot (the play-test of the ru table,
seed 5, and seeds 1-4): a panic card's choice whose buttons were bare names, exchanges whose
partner the panel did not name, a full stop after a card name's own "!" and a number after a
colon where the log meant "discards 2 cards". Each test renders real states and events."""
from __future__ import annotations

import pytest

from bot.games import ui_for
from bot.games.thing.render import option_label, panel_embed
from tests.engine.helpers import act, make_game, prompt

NAMES = {"ann": "Ann", "bob": "Bob", "cid": "Cid", "dan": "Dan", "eve": "Eve"}


def _panic_drawn(card: str, players: int = 5):
    """Ann draws the panic ``card`` and is asked to choose a player."""
    state, _ = act(make_game(players=players, deck=[card] + ["suspicion"] * 5), "ann", "draw")
    return state, prompt(state, "ann", "choose")


def _decision(state, player, lang) -> str:
    return panel_embed(state, player, NAMES, lang, []).footer.text


@pytest.mark.parametrize("card, lang, label, decision", [
    # «Поменяйтесь местами с любым игроком не на карантине» (data/thing/cards.yaml, get_out)
    ("get_out", "ru", "Поменяться местами: Bob", "Сейчас вам нужно: выбрать игрока для карты «Убирайся прочь!»"),
    ("get_out", "uk", "Помінятися місцями: Bob", "Зараз вам треба: обрати гравця для карти «Забирайся геть!»"),
    ("get_out", "en", "Swap seats with Bob", "Your decision: choose a player for Get Out of Here!"),
    # «Обменяйтесь одной картой с любым игроком не на карантине» (friends)
    ("friends", "ru", "Обменяться картами: Bob", "Сейчас вам нужно: выбрать игрока для карты «Давай дружить?»"),
    ("friends", "uk", "Обмінятися картами: Bob", "Зараз вам треба: обрати гравця для карти «Давай дружити?»"),
    # «Покажите все карты с руки одному соседнему игроку на ваш выбор» (between_us)
    ("between_us", "ru", "Показать свои карты: Bob", "Сейчас вам нужно: выбрать игрока для карты «Только между нами...»"),
    ("between_us", "uk", "Показати свої карти: Bob", "Зараз вам треба: обрати гравця для карти «Тільки між нами...»"),
])
def test_a_panic_cards_choice_of_a_player_says_what_choosing_does(card, lang, label, decision):
    """The panel read «Сейчас вам нужно: выбрать игрока» over buttons «🤖 Keeper 3», «Ольга»:
    nothing said the choice swaps seats (Раз, два...)."""
    state, asked = _panic_drawn(card)
    bob = next(o for o in asked["options"] if o["target"] == "bob")
    assert option_label(bob, state, NAMES, lang) == label
    assert _decision(state, "ann", lang) == decision


@pytest.mark.parametrize("lang, offer, answer", [
    ("ru", "Сейчас вам нужно: выбрать карту для обмена с игроком Bob",
     "Сейчас вам нужно: ответить на обмен с игроком Ann (обмен в конце хода)"),
    ("uk", "Зараз вам треба: обрати карту для обміну з гравцем Bob",
     "Зараз вам треба: відповісти на обмін із гравцем Ann (обмін наприкінці ходу)"),
    ("en", "Your decision: choose a card to offer Bob", "Your decision: answer Ann's exchange (the end-of-turn exchange)"),
])
def test_an_exchange_in_the_panel_names_the_partner(lang, offer, answer):
    """«Отдать карту «Заражение!»» under «ответить на обмен»: to whom was not said, and it
    matters: «Только игрок-Нечто может заражать других игроков, передавая им карты«Заражение!»»
    (003_cfc0c87e135148c5.txt:127)."""
    state = make_game(players=5)
    state, _ = act(state, "ann", "draw")
    state, _ = act(state, "ann", "discard", card=state["hands"]["ann"][0])
    assert _decision(state, "ann", lang) == offer
    state, _ = act(state, "ann", "offer", card=prompt(state, "ann", "offer")["options"][0]["card"])
    assert _decision(state, "bob", lang) == answer


@pytest.mark.parametrize("lang, line", [
    ("ru", "🛡️ <@1> отвечает картой **Мимо!**"),
    ("uk", "🛡️ <@1> відповідає картою **Мимо!**"),
    ("en", "🛡️ <@1> answers with **Missed!**"),
])
def test_no_full_stop_after_a_card_names_own_exclamation_mark(lang, line):
    """«🛡️ 🤖 Keeper 2 отвечает картой **Мимо!**.»: two marks at the end of the line."""
    ev = {"type": "defended", "player": "1", "card": "missed", "audience": "all"}
    assert ui_for("thing").public_lines([ev], lang) == [line]


def test_a_hand_shown_to_all_and_a_card_drawn_end_on_the_card_names_mark():
    ui = ui_for("thing")
    shown = {"type": "hand_shown", "player": "1", "to": "all", "cards": ["the_thing", "infected"],
             "audience": "all"}
    assert ui.public_lines([shown], "en") == ["👀 <@1> shows their hand: The Thing, Infected!"]
    assert ui.public_lines([shown], "ru") == ["👀 <@1> показывает свои карты: «Нечто», «Заражение!»."]
    drawn = {"type": "card_drawn", "player": "1", "card": "infected", "audience": ["1"]}
    assert ui.private_lines([drawn], "1", "ru") == ["Вы взяли карту **Заражение!**"]
    # a name in «» keeps the sentence's stop: «Вы сбросили карту «Мимо!».»
    dropped = {"type": "you_discarded", "player": "1", "card": "missed", "audience": ["1"]}
    assert ui.private_lines([dropped], "1", "ru") == ["Вы сбросили карту «Мимо!»."]


@pytest.mark.parametrize("lang, count, line", [
    ("ru", 2, "<@1> оставляет 1 карту и сбрасывает 2 карты."),
    ("ru", 1, "<@1> оставляет 1 карту и сбрасывает 1 карту."),
    ("uk", 2, "<@1> залишає 1 карту й скидає 2 карти."),
    ("en", 2, "<@1> keeps 1 card and discards 2 cards."),
])
def test_persistence_says_how_many_cards_were_discarded(lang, count, line):
    """«🤖 Keeper 1 оставляет одну карту и сбрасывает: 2.»: a bare number after a colon
    («Упорство». «…добавьте одну из них на руку и сбросьте остальные», 003_cfc0c87e135148c5.txt:201)."""
    ev = {"type": "kept_one", "player": "1", "discarded": count, "audience": "all"}
    assert ui_for("thing").public_lines([ev], lang) == [line]


@pytest.mark.parametrize("lang, label", [
    ("ru", "Обменять «Виски» на верхнюю карту колоды"),
    ("uk", "Обміняти «Віскі» на верхню карту колоди"),
    ("en", "Swap Whisky for the top card of the deck"),
])
def test_a_blind_date_button_says_what_the_card_is_swapped_for(lang, label):
    """«Обменять карту «Виски»»: with what was not said (Свидание вслепую: «Обменяйте карту с руки
    на верхнюю карту событий колоды», data/thing/cards.yaml)."""
    state, _ = act(make_game(players=4, deck=["blind_date"] + ["suspicion"] * 5), "ann", "draw")
    asked = prompt(state, "ann", "blind_date")
    whisky = next(o for o in asked["options"] if o["card"] == "whisky")
    assert option_label(whisky, state, NAMES, lang) == label


def test_the_uk_table_names_whom_it_waits_for_not_whose_move_it_is():
    """«Хто ходить: Bob (відповісти на обмін)» on Ann's turn: the field lists whom the table
    waits for (ru «Ждём», en «Waiting for»; uk «Чекаємо» as Eldritch Horror's table says)."""
    from bot.games.thing.render import table_embed
    state = make_game(players=5)
    state, _ = act(state, "ann", "draw")
    state, _ = act(state, "ann", "discard", card=state["hands"]["ann"][0])
    state, _ = act(state, "ann", "offer", card=prompt(state, "ann", "offer")["options"][0]["card"])
    field = table_embed(state, NAMES, "uk").fields[-1]
    assert (field.name, field.value) == ("Чекаємо", "<@bob> (відповісти на обмін)")


@pytest.mark.parametrize("lang, label", [
    ("ru", "Не защищаться: поменяться местами с игроком Ann"),
    ("uk", "Не захищатися: помінятися місцями з гравцем Ann"),
])
def test_not_defending_a_swap_reads_with_an_undeclined_name(lang, label):
    """A button holds the plain name (no mention), so «поменяться местами с Ольга» could not
    decline it; «с игроком Ольга» reads right whatever the name."""
    state = make_game(players=4, hands={"ann": ["change_places", "whisky", "suspicion", "analysis"]})
    state, _ = act(state, "ann", "draw")
    state, _ = act(state, "ann", "play", card="change_places", target="bob")
    accept = next(o for o in prompt(state, "bob", "respond")["options"] if o["type"] == "accept")
    assert option_label(accept, state, NAMES, lang) == label


@pytest.mark.parametrize("lang, line", [
    ("ru", "Вы оставили «Заражение!» и сбросили: «Меняемся местами!», «Нет уж, спасибо!»."),
    ("uk", "Ви залишили «Зараження!» і скинули: «Міняймося місцями!», «Ні вже, дякую!»."),
    ("en", "You kept Infected! and discarded Change Places!, No Thanks!"),
])
def test_the_cards_discarded_after_persistence_are_told_apart(lang, line):
    """«…и сбросили: Меняемся местами!, Нет уж, спасибо!»: a name with a comma in a list read
    as three cards; the names go in «» as «Вы сбросили карты: …» has them."""
    ev = {"type": "you_kept", "player": "1", "card": "infected", "discarded": ["change_places", "no_thanks"],
          "audience": ["1"]}
    assert ui_for("thing").private_lines([ev], "1", lang) == [line]


@pytest.mark.parametrize("lang, line", [
    # «Откажитесь от обмена, посмотрите карту, от которой отказались» (003_cfc0c87e135148c5.txt:223)
    ("ru", "Вы посмотрели карту игрока <@2>, от которой отказались: **Виски**."),
    ("uk", "Ви подивилися карту гравця <@2>, від якої відмовилися: **Віскі**."),
])
def test_fear_tells_whose_refused_card_was_seen(lang, line):
    """«Вы подсмотрели предложенную карту (<@2>): **Виски**.»: a name in brackets said nothing."""
    ev = {"type": "offered_card_seen", "player": "1", "from": "2", "card": "whisky", "audience": ["1"]}
    assert ui_for("thing").private_lines([ev], "1", lang) == [line]


@pytest.mark.parametrize("lang, hand", [
    ("ru", "«Заражение!», «Нет уж, спасибо!», «Виски»"),
    ("uk", "«Зараження!», «Ні вже, дякую!», «Віскі»"),
    ("en", "Infected!, No Thanks!, Whisky"),
])
def test_a_list_of_cards_tells_a_name_with_a_comma_apart(lang, hand):
    """The panel read «Карты Заражение!, Нет уж, спасибо!, Виски»: four cards or three? A hand
    shown to all, a hand seen and the cards dealt are such lists too."""
    state = make_game(hands={"bob": ["infected", "no_thanks", "whisky"]})
    embed = panel_embed(state, "bob", NAMES, lang, [])
    assert embed.fields[0].value == hand
    seen = {"type": "hand_shown", "player": "2", "to": "1", "cards": ["infected", "no_thanks", "whisky"],
            "audience": ["1"]}
    assert hand in ui_for("thing").private_lines([seen], "1", lang)[0]


@pytest.mark.parametrize("lang, line", [
    ("en", "🛡️ <@bob> answers with **No Barbecue!** and draws an event card."),
    ("uk", None), ("ru", None),
])
def test_a_defence_and_its_replacement_draw_are_one_line(lang, line):
    """nf12 (uk): «X бере карту події.» stood alone under «🛡️ X відповідає картою …»: the card
    drawn to replace the defence is told with it (no panic card on top: nothing discarded unseen)."""
    from bot.games.thing.render import public_lines
    from bot.i18n import t
    from tests.engine.helpers import run
    s = make_game({"ann": ["flamethrower", "whisky", "suspicion", "analysis"],
                   "bob": ["no_barbecue", "no_thanks", "whisky", "axe"],
                   "cid": ["the_thing", "whisky", "suspicion", "analysis"]},
                  deck=["suspicion", "analysis", "whisky"])
    s, _ = run(s, ("ann", "draw"), ("ann", "play", {"card": "flamethrower", "target": "bob"}))
    _, events = act(s, "bob", "defend", card="no_barbecue")
    lines = [str(x) for x in public_lines(events, lang)]
    drawn = t(lang, "thing.event.event_drawn", player="<@bob>")
    assert drawn not in lines, lines
    said = [x for x in lines if x.startswith("🛡️")]
    assert len(said) == 1 and said[0].removesuffix(".").endswith(drawn.split(" ", 1)[1].removesuffix(".")), said
    if line:
        assert said[0] == line
