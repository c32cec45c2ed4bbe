"""The Thing read by a newcomer, round 19 (nt19): the end picture that left a living «Заражений»
unstarred with no word why, and Scary's news that told the replacement before the look. Each
test renders a real engine state or events."""
from __future__ import annotations

import pytest

from bot.games import ui_for
from bot.games.thing.picture import HEIGHT, layout
from bot.games.thing.render import picture_labels
from bot.i18n import t
from engine.registry import rules_for
from tests.bot.test_thing_newcomer17b import footer, to_step3
from tests.bot.test_thing_newcomer18b import THING_HAND, last_infected_end, thing_alone_end
from tests.engine.helpers import act, exchange, make_game, plain_turn

THING = ui_for("thing")
NAMES = {"ann": "Анна", "bob": "Богдан", "cid": "Сергій", "dan": "Дмитро"}


def picture(state, lang):
    return layout(rules_for("thing").view(state, None), NAMES, picture_labels(lang))


# ------------------------------------------------------------------ 1. the end picture says why
@pytest.mark.parametrize("lang, line, subtitle", [
    ("uk", "Дмитро програє: цю останню людину за столом заразили, а не вивели з гри.",
     "Перемагає команда Щось · Щось слушно оголосило, що людей не лишилося."),
    ("ru", "Дмитро проигрывает: этого последнего человека за столом заразили, а не вывели из игры.",
     "Побеждает команда Нечто · Нечто верно объявило, что людей не осталось."),
    ("en", "Дмитро loses: the last human at the table, infected rather than eliminated.",
     "The Thing's team wins · The Thing declared, rightly, that no humans were left."),
])
def test_the_end_picture_says_why_the_last_infected_is_no_winner(lang, line, subtitle):
    """The result box says it since nt18b; the picture showed Дмитро «Заражений» without the
    winners' star and no word why, under «Щось · Щось слушно оголосило…» (the side's bare name,
    then the reason). The rulebook (§Б): «если последний остававшийся в игре человек был превращён
    в заражённого (а не выбыл из игры), то он тоже проигрывает.»"""
    lay = picture(last_infected_end(), lang)
    assert lay["result"]["why"] == line
    assert lay["subtitle"] == subtitle
    why_y = lay["result"]["why_at"][1]
    # under the table's seats, above the eliminated players, inside the picture
    assert all(seat["box"][3] < why_y for seat in lay["seats"])
    assert all(why_y + 20 < seat["box"][1] and seat["box"][3] <= HEIGHT for seat in lay["eliminated"])
    assert lay["eliminated_at"][1] > why_y + 18


@pytest.mark.parametrize("lang, line", [
    ("uk", "Щось заразило всіх, і ніхто не вибув: перемагає лише Щось."),
    ("ru", "Нечто заразило всех, и никто не выбыл: побеждает одно лишь Нечто."),
    ("en", "The Thing infected everyone and no one was eliminated: the Thing alone wins."),
])
def test_the_end_picture_says_the_thing_wins_alone(lang, line):
    """Special case 1: «когда Нечто заражает всех людей и ни один из них не выбывает из игры,
    побеждает одно лишь Нечто» — one star beside three «Заражений» (tests/bot/test_thing_newcomer18b)."""
    s = thing_alone_end()
    assert s["result"]["winners"] == ["ann"] and s["result"].get("thing_alone")
    assert picture(s, lang)["result"]["why"] == line
    # the title says the Thing wins, not "the Thing's team", which the line denies (rv19c)
    assert picture(s, lang)["subtitle"].startswith({"uk": "Перемагає Щось ·", "ru": "Побеждает Нечто ·",
                                                    "en": "The Thing wins ·"}[lang])


def test_an_ending_with_no_one_left_out_draws_no_why_line():
    s = make_game({"ann": THING_HAND}, deck=["suspicion"] * 30)
    s, _ = plain_turn(s, "ann", offer="infected", give="whisky")
    s, _ = act(s, "ann", "declare")   # too early: humans remain
    lay = picture(s, "uk")
    assert lay["result"]["why"] is None and lay["subtitle"].startswith("Перемагають люди · Щось поквапилося")


@pytest.mark.parametrize("lang, first", [
    ("en", "The Thing declared, rightly, that no humans were left."),
    ("uk", "Щось слушно оголосило, що людей не лишилося."),
])
def test_the_result_box_opens_with_a_capital(lang, first):
    """The box read «the Thing declared, rightly, …» (the reason is written to follow «Game over:»)."""
    s = last_infected_end()
    field = next(f.value for f in THING.table_embed(s, {}, lang).fields if f.name == t(lang, "thing.table.result"))
    assert field.split("\n")[0] == first


# ------------------------------------------------------------------ 2. Scary: the look, then the replacement
@pytest.mark.parametrize("lang, lines", [
    ("uk", ["Ви подивилися карту гравця <@ann>, від якої відмовилися: **Роззирнися довкола**.",
            "Ви взяли карту **Вогнемет**."]),
    ("ru", ["Вы посмотрели карту игрока <@ann>, от которой отказались: **Гляди по сторонам**.",
            "Вы взяли карту **Огнемёт**."]),
    ("en", ["You saw the card <@ann> offered: **Watch Your Back**.", "You drew **Flamethrower**."]),
])
def test_scary_tells_the_look_before_the_replacement(lang, lines):
    """Bob's news read «Ви взяли карту **Вогнемет**.» then «Ви подивилися карту гравця…»: the card
    orders it the other way («посмотрите карту, которую вам предлагали. Возьмите карту взамен»).
    The engine's events keep their order (replay)."""
    s = make_game({"bob": ["scary", "whisky", "axe", "analysis"]}, deck=["suspicion", "flamethrower"])
    s, _ = act(to_step3(s), "ann", "offer", card="watch_your_back")
    s, events = act(s, "bob", "defend", card="scary")
    kinds = [ev["type"] for ev in events if ev["type"] in ("card_drawn", "offered_card_seen")]
    assert kinds == ["card_drawn", "offered_card_seen"]   # the engine's order, unchanged
    assert THING.private_lines(events, "bob", lang) == lines
    assert THING.private_lines(events, "ann", lang) == []


# ------------------------------------------------------------------ 3. Revelations: whose round, and its end
@pytest.mark.parametrize("lang, own, other", [
    ("uk", "вирішити, чи показувати всім свої карти («Час зізнань»)",
     "вирішити, чи показувати всім свої карти («Час зізнань» гравця Ann: коло зупиняється, щойно хтось покаже "
     "«Зараження!»)"),
    ("ru", "решить, показывать ли всем свои карты («Время признаний»)",
     "решить, показывать ли всем свои карты («Время признаний» игрока Ann: круг останавливается, как только "
     "кто-то покажет «Заражение!»)"),
    ("en", "decide whether to show your hand to everyone (Revelations)",
     "decide whether to show your hand to everyone (Revelations, drawn by Ann: the round stops as soon as "
     "someone shows an Infected!)"),
])
def test_revelations_tells_each_player_whose_round_it_is(lang, own, other):
    """At 8 seats Богдан's panel read «Зараз вам треба: вирішити, чи показувати карти» with «Нічого не
    показувати / Показати свої карти» and nothing else: no card, no drawer, no word that the round
    ends at the first «Зараження!» (the help is the drawer's: «Починаючи з вас…»). The card: «по
    колу в напрямку ходу кожен гравець може показати всім свої карти. Коло зупиняється, щойно хтось
    покаже «Зараження!»» (data/thing/cards.yaml revelations)."""
    s, _ = act(make_game(deck=["revelations"] + ["suspicion"] * 5), "ann", "draw")
    assert footer(s, "ann", lang).endswith(own), footer(s, "ann", lang)
    s, _ = act(s, "ann", "reveal", what="nothing")
    assert footer(s, "bob", lang).endswith(other), footer(s, "bob", lang)


@pytest.mark.parametrize("lang, line, alone", [
    ("uk", "🛡️ <@bob> відповідає картою **Страх**, дивиться запропоновану карту й бере карту події.",
     "🛡️ <@bob> відповідає картою **Страх** і дивиться запропоновану карту."),
    ("ru", "🛡️ <@bob> отвечает картой **Страх**, смотрит предложенную карту и берёт карту события.",
     "🛡️ <@bob> отвечает картой **Страх** и смотрит предложенную карту."),
    ("en", "🛡️ <@bob> answers with **Scary**, looks at the card offered and draws an event card.",
     "🛡️ <@bob> answers with **Scary** and looks at the card offered."),
])
def test_the_table_is_told_scary_looked_at_the_card(lang, line, alone):
    """The table read «🛡️ 🤖 Keeper 4 відповідає картою **Страх** і бере карту події.»: nothing of
    the look, which the offerer needs most (their card is now known). With panic cards between the
    look and the draw (nt18's order), the look stays with the defence."""
    s = make_game({"bob": ["scary", "whisky", "axe", "analysis"]}, deck=["suspicion", "flamethrower"])
    s, _ = act(to_step3(s), "ann", "offer", card="watch_your_back")
    s, events = act(s, "bob", "defend", card="scary")
    assert THING.public_lines(events, lang)[0] == line
    skipped = {"type": "panic_skipped", "player": "bob", "audience": "all"}
    defended = next(ev for ev in events if ev["type"] == "defended")
    assert THING.public_lines([defended, skipped], lang)[0] == alone
    missed = {**defended, "card": "missed"}   # a defence that does not look keeps its line
    assert THING.public_lines([missed], lang) == [{"uk": "🛡️ <@bob> відповідає картою **Мимо!**",
                                                   "ru": "🛡️ <@bob> отвечает картой **Мимо!**",
                                                   "en": "🛡️ <@bob> answers with **Missed!**"}[lang]]


# ------------------------------------------------------------------ 4. Blind Date ends the turn
@pytest.mark.parametrize("lang, line", [
    ("uk", "<@ann> міняє карту на верхню карту колоди; хід закінчується без обміну."),
    ("ru", "<@ann> меняет карту на верхнюю карту колоды; ход заканчивается без обмена."),
    ("en", "<@ann> swaps a card for the top card of the draw pile; the turn ends with no exchange."),
])
def test_blind_date_says_the_turn_ends_with_no_exchange(lang, line):
    """At 8 seats: «Олена міняє карту на верхню карту колоди.» then «▶️ Хід 30: 🤖 Keeper 5.»: the
    end-of-turn exchange every other turn had was gone with no word why. The card: «Ваш хід
    закінчується.» (data/thing/cards.yaml blind_date)."""
    s, _ = act(make_game(deck=["blind_date"] + ["suspicion"] * 5), "ann", "draw")
    s, events = act(s, "ann", "swap_with_deck", card=s["hands"]["ann"][0])
    assert s["turn"]["player"] == "bob" and not [ev for ev in events if ev["type"] == "exchanged"]
    assert line in THING.public_lines(events, lang)
