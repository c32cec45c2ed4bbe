"""The Thing read by a newcomer, second round (nt17b): the member's panel. Infected! left out of
a human's cards to hand over without a word, an exchange to answer that did not say what started
it, Blind Date named in lowercase words, and panic cards chosen from the panel with no "what it
does" help. Each test renders a real engine state."""
from __future__ import annotations

import discord
import pytest

from bot.games import ui_for
from bot.i18n import t
from tests.engine.helpers import act, make_game, prompt, with_infected

THING = ui_for("thing")
NAMES = {p: p.capitalize() for p in ("ann", "bob", "cid", "dan", "eve")}


def to_step3(state, player="ann"):
    state, _ = act(state, player, "draw")
    return act(state, player, "discard", card=state["hands"][player][-1])[0]


def footer(state, player, lang):
    return THING.panel_embed(state, player, NAMES, lang, []).footer.text


def help_field(state, player, lang):
    """The panel's "what each answer does" field, as the play cog adds it."""
    from types import SimpleNamespace

    from cogs.play import decision_view
    game = SimpleNamespace(kind="thing", state=state, names=NAMES, status="active", id=1, epoch=1)
    embed = discord.Embed(title="panel")
    decision_view(game, player, lang, explain=embed)
    return "\n".join(f.value for f in embed.fields if f.name in (t(lang, "panel.what_they_do"), "\u200b"))


# ------------------------------------------------------------------ 1. Infected! kept back
@pytest.mark.parametrize("lang, note", [
    ("ru", "Карту «Заражение!» передать нельзя: человек никогда не может поменяться этой картой с другим игроком."),
    ("uk", "Карту «Зараження!» передати не можна: людина ніколи не може обмінятися цією картою з іншим гравцем."),
    ("en", "You cannot pass on Infected!: a human can never exchange it with another player."),
])
def test_a_humans_offer_says_why_infected_is_not_among_the_cards(lang, note):
    """Rulebook: «Если человек берёт карту «Заражение!» из общей колоды, то не становится
    заражённым. Он не может поменяться этой картой с другим игроком.» The panel listed «Предложить
    карту «Виски»…» without the hand's «Заражение!» and without a word why."""
    s = to_step3(make_game({"ann": ["infected", "whisky", "suspicion", "analysis"]}, deck=["axe"] * 10))
    assert footer(s, "ann", lang).endswith("\n" + note)
    s2 = make_game({"bob": ["infected", "whisky", "suspicion", "analysis"]}, deck=["axe"] * 10)
    s2, _ = act(to_step3(s2), "ann", "offer", card="whisky")
    assert footer(s2, "bob", lang).endswith("\n" + note)     # answering: «Отдать карту …» alike


@pytest.mark.parametrize("lang, note", [
    ("ru", "Карту «Заражение!» передать нельзя: заражённый обязан держать на руке хотя бы 1 карту «Заражение!»."),
    ("en", "You cannot pass on Infected!: an infected player must always keep at least 1 Infected! card."),
])
def test_an_infected_players_last_infected_is_said_to_stay(lang, note):
    """«вы обязаны держать на руке хотя бы 1 карту «Заражение!». Будучи заражённым, вы не можете
    сбросить или обменять последнюю оставшуюся у вас карту «Заражение!»» — even towards the Thing
    (bob, next after ann), so the note says nothing of who the partner is."""
    s = make_game({"ann": ["infected", "whisky", "suspicion", "analysis"],
                   "bob": ["the_thing", "whisky", "suspicion", "analysis"]}, deck=["axe"] * 10)
    with_infected(s, "ann", "bob")
    assert footer(to_step3(s), "ann", lang).endswith("\n" + note)


@pytest.mark.parametrize("lang, note", [
    ("ru", "Карту «Заражение!» здесь передать нельзя: лишние карты «Заражение!» заражённый может отдавать только Нечто."),
    ("uk", "Карту «Зараження!» тут передати не можна: зайві карти «Зараження!» заражений може віддавати лише гравцеві-Щось."),
    ("en", "You cannot pass on Infected! here: an infected player may give spare Infected! cards only to the Thing."),
])
def test_an_infected_players_spare_infected_goes_only_to_the_thing_whom_they_know(lang, note):
    """«вы становитесь заражённым и отныне можете отдавать игроку-Нечто собственные карты
    «Заражение!» (но только ему)». ann (infected by dan, named on her panel) offers to bob: the
    note; offering to the Thing, her spare is a button and no note stands."""
    s = make_game({"ann": ["infected", "infected", "whisky", "suspicion"],
                   "dan": ["the_thing", "whisky", "suspicion", "analysis"]}, deck=["axe"] * 10)
    with_infected(s, "ann", "dan")
    assert footer(to_step3(s), "ann", lang).endswith("\n" + note)
    s = make_game({"ann": ["infected", "infected", "whisky", "suspicion"],
                   "bob": ["the_thing", "whisky", "suspicion", "analysis"]}, deck=["axe"] * 10)
    with_infected(s, "ann", "bob")
    assert "\n" not in footer(to_step3(s), "ann", lang)


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_no_note_where_nothing_is_kept_back(lang):
    """The Thing may pass Infected! to anyone: its panel has no note (a note there would be the
    only difference a reader of another's screen could see); nor has a hand without Infected!."""
    s = make_game({"ann": ["the_thing", "infected", "whisky", "suspicion"]}, deck=["axe"] * 10)
    assert "\n" not in footer(to_step3(s), "ann", lang)
    assert "\n" not in footer(to_step3(make_game(deck=["axe"] * 10)), "ann", lang)


# ------------------------------------------------------------------ 2. what started the exchange
@pytest.mark.parametrize("lang, want", [
    ("ru", "Сейчас вам нужно: ответить на обмен с игроком Ann (обмен в конце хода)"),
    ("uk", "Зараз вам треба: відповісти на обмін із гравцем Ann (обмін наприкінці ходу)"),
    ("en", "Your decision: answer Ann's exchange (the end-of-turn exchange)"),
])
def test_the_end_of_turn_exchange_is_named_as_such(lang, want):
    """The answer read «ответить на обмен с игроком Ann» whatever started it."""
    s, _ = act(to_step3(make_game(deck=["axe"] * 10)), "ann", "offer", card="whisky")
    assert footer(s, "bob", lang) == want


@pytest.mark.parametrize("lang, want", [
    ("ru", "ответить на обмен с игроком Ann (обмен по карте «Соблазн»)"),
    ("uk", "відповісти на обмін із гравцем Ann (обмін за картою «Спокуса»)"),
    ("en", "answer Ann's exchange (asked for by Seduction)"),
])
def test_an_exchange_a_card_asked_for_names_the_card(lang, want):
    s = make_game({"ann": ["seduction", "whisky", "suspicion", "analysis"]}, deck=["axe"] * 10)
    s, _ = act(s, "ann", "draw")
    s, _ = act(s, "ann", "play", card="seduction", target="cid")
    s, _ = act(s, "ann", "offer", card="whisky")
    assert footer(s, "cid", lang).endswith(want)


@pytest.mark.parametrize("lang, want", [
    ("ru", "ответить на обмен с игроком Ann (обмен по карте «Давай дружить?»)"),
    ("en", "answer Ann's exchange (asked for by Can't We Be Friends?)"),
])
def test_an_exchange_a_panic_card_asked_for_names_the_panic_card(lang, want):
    s = make_game(deck=["friends"] + ["axe"] * 10)
    s, _ = act(s, "ann", "draw")
    s, _ = act(s, "ann", "choose", target="cid")
    s, _ = act(s, "ann", "offer", card="whisky")
    assert footer(s, "cid", lang).endswith(want)


@pytest.mark.parametrize("lang, want", [
    ("ru", "ответить на обмен с игроком Ann (обмен перешёл к вам по карте «Мимо!»)"),
    ("uk", "відповісти на обмін із гравцем Ann (обмін перейшов до вас через карту «Мимо!»)"),
    ("en", "answer Ann's exchange (passed on to you by Missed!)"),
])
def test_an_exchange_missed_passed_on_says_so(lang, want):
    """bob refuses ann's end-of-turn exchange with Missed!: cid, next after bob, answers ann."""
    s = make_game({"bob": ["missed", "whisky", "suspicion", "analysis"]}, deck=["axe"] * 10)
    s, _ = act(to_step3(s), "ann", "offer", card="whisky")
    s, _ = act(s, "bob", "defend", card="missed")
    s, _ = act(s, "ann", "offer", card="whisky")
    assert footer(s, "cid", lang).endswith(want)


# ------------------------------------------------------------------ 3. Blind Date named as a card
@pytest.mark.parametrize("lang, want", [
    ("ru", "выбрать карту для обмена на верхнюю карту колоды («Свидание вслепую»)"),
    ("uk", "обрати карту для обміну на верхню карту колоди («Побачення наосліп»)"),
    ("en", "choose a card to swap for the top card of the deck (Blind Date)"),
])
def test_blind_date_is_named_as_the_card(lang, want):
    """It read «выбрать карту для свидания вслепую»: the card's name as lowercase words."""
    s, _ = act(make_game(deck=["blind_date"] + ["axe"] * 10), "ann", "draw")
    assert footer(s, "ann", lang).endswith(want)
    waiting = next(f.value for f in THING.table_embed(s, NAMES, lang).fields if f.name == t(lang, "thing.table.waiting"))
    assert want in waiting


# ------------------------------------------------------------------ 4. panic cards' help
@pytest.mark.parametrize("lang, text", [
    ("ru", "Цель: любой игрок не на карантине. Обменяться одной картой с целью."),
    ("en", "Target: any player who is not quarantined. Exchange one card with the target."),
])
def test_a_panic_cards_choice_of_player_says_what_the_card_does(lang, text):
    """Step 2's «Что делает каждый ответ» gives each card's text; «Давай дружить?» chosen from the
    panel had none."""
    s, _ = act(make_game(deck=["friends"] + ["axe"] * 10), "ann", "draw")
    assert f"** — {text}" in help_field(s, "ann", lang)


@pytest.mark.parametrize("lang, text", [
    ("ru", "Обменять карту с руки на верхнюю карту события в колоде. Ваш ход заканчивается."),
    ("uk", "Обміняти карту з руки на верхню карту події в колоді. Ваш хід закінчується."),
])
def test_blind_dates_cards_say_what_the_card_does(lang, text):
    s, _ = act(make_game(deck=["blind_date"] + ["axe"] * 10), "ann", "draw")
    assert f"** — {text}" in help_field(s, "ann", lang)


def test_round_and_round_helps_the_drawer_only():
    """Its text speaks to the drawer («Ваш ход заканчивается»): another player passing a card is
    not told that their turn ends."""
    s, _ = act(make_game(deck=["round_and_round"] + ["axe"] * 10), "ann", "draw")
    assert "Ваш ход заканчивается." in help_field(s, "ann", "ru")
    assert "Ваш ход заканчивается." not in help_field(s, "bob", "ru")


@pytest.mark.parametrize("lang, text", [
    ("ru", "— Цель: 3-й игрок слева или справа от вас."),
    ("uk", "— Ціль: 3-й гравець ліворуч або праворуч від вас."),
])
def test_one_two_names_the_third_player_not_one_three_seats_beyond(lang, text):
    """«Раз, два...»'s help read «(игрок через 3 места от вас)», which reads as the fourth player;
    the card swaps with the third to the left or right («третьим игроком слева или справа»,
    data/thing/cards.yaml), as the engine counts (three seats along)."""
    s, _ = act(make_game(players=6, deck=["one_two"] + ["axe"] * 10), "ann", "draw")
    assert [o["target"] for o in prompt(s, "ann", "choose")["options"]] == ["dan"]   # bob, cid, dan
    assert text in help_field(s, "ann", lang)   # said first since nt18 (test_thing_newcomer18)
