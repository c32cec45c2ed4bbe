"""The Thing read by a newcomer at a uk table (play-through nft15, seeds 5 and 23): a note that
said "Keeper passes for you" over the only button «Не захищатися: ви вибуваєте з гри», a defence
"against" that read as the card's own effect, the Forgetful discard that named neither the card nor
what follows, "Cards: no cards", "next: PANIC" beside "next: event", a word and a digit in one
line, card names bare beside names in «», and a masculine "you are Infected". Each test renders
real states, events or panels."""
from __future__ import annotations

import pytest

from bot.games import ui_for
from bot.games.thing.effect_text import card_text
from bot.games.thing.render import default_pack, panel_embed, table_embed
from bot.i18n import t
from tests.bot.helpers import all_text, click_label, fixed, new_game, open_panel, table_message
from tests.bot.test_no_english_at_uk_ru_tables import client_language  # noqa: F401 - a fixture
from tests.engine.helpers import act, make_game, prompt

NAMES = {"ann": "Ann", "bob": "Bob", "cid": "Cid", "dan": "Dan"}


# ------------------------------------------------------------------ T1: the autopass note
@pytest.mark.parametrize("lang, note, old", [
    ("uk", "🔕 Вам нічим на це відповісти: коли час мине, Keeper натисне за вас "
           "**Не захищатися: ви вибуваєте з гри**; можна натиснути й зараз нижче (`/налаштування автопас` це вимикає).",
     "спасує за вас"),
    ("ru", "🔕 Вам нечем на это ответить: когда время выйдет, Keeper нажмёт за вас "
           "**Не защищаться: вы выбываете из игры**; можно нажать и сейчас ниже (`/настройки автопас` это выключает).",
     "спасует за вас"),
    ("en", "🔕 Nothing you hold answers this: when the time is up, Keeper presses "
           "**Don't defend: you are out of the game** for you; you can press it now below (`/settings autopass` turns this off).",
     "Keeper passes for you"),
])
async def test_the_autopass_note_over_a_flamethrower_names_the_button_keeper_presses(
        simcord_env, client_language, lang, note, old):
    """Seed 23: «Keeper спасує за вас … або спасуйте зараз» over the only button «Не захищатися:
    ви вибуваєте з гри»: "pass" hid that the answer Keeper gives is being burned («он выбывает из
    игры», 003_cfc0c87e135148c5.txt:147). The member's real panel, opened from the table."""
    _, channel, m = await new_game(simcord_env, 4, setup=fixed)
    await click_label(m[0], await open_panel(m[0], channel), "Flamethrower → player1")
    client_language["lang"] = lang
    result = await m[1].click(table_message(channel), label=t("en", "thing.table.hand_button"))
    panel = result.followups[-1] if result.followups else result.response
    buttons = [c.get("label") for row in panel.components for c in row.get("components", [])]
    assert t(lang, "thing.option.accept_burn") in buttons
    assert note in panel.embeds[0].description.split("\n")
    assert old not in all_text(panel)


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_the_autopass_note_stays_where_keepers_answer_is_a_pass(lang):
    """An Unfathomable window whose only answer is «Пас»: the note still says Keeper passes."""
    from types import SimpleNamespace

    from cogs.play import autopass_note, only_answer
    from tests.engine.unfathomable.helpers import game
    r, s = game(4)
    (window,) = [p for p in r.prompts(s) if p["kind"] == "window" and p["player"] == "p1"]
    assert only_answer(window) == {"type": "pass"}
    table = SimpleNamespace(kind="unfathomable", state=s, names={}, status="active")
    assert autopass_note(table, "p1", lang) == t(lang, "panel.autopass_note")


# ------------------------------------------------------------------ T2: a defence "against"
@pytest.mark.parametrize("lang, cid, said, old", [
    ("uk", "flamethrower", "Ціль може відповісти картою захисту від спалення.", "(спалення)"),
    ("uk", "change_places", "Ціль може відповісти картою захисту від обміну місцями.", "(обмін місцями)"),
    ("uk", "friends", "Ціль може відповісти картою захисту від обміну картами.", "(обмін картами)"),
    ("ru", "flamethrower", "Цель может ответить картой защиты от сожжения.", "(сожжение)"),
    ("ru", "change_places", "Цель может ответить картой защиты от обмена местами.", "(обмен местами)"),
    ("ru", "friends", "Цель может ответить картой защиты от обмена картами.", "(обмен картами)"),
    ("en", "flamethrower", "The target may answer it with a defence card against burning.", "(burning)"),
])
def test_a_cards_help_names_what_the_defence_card_defends_against(lang, cid, said, old):
    """«Ціль може відповісти картою захисту (спалення)» read as if the defence card burned.
    The rulebook: «Эти карты можно сыграть только в ответ на сыгранную каким-то другим игроком
    карту» (003_cfc0c87e135148c5.txt:221)."""
    text = card_text(lang, default_pack().cards[cid])
    assert said in text and old not in text


# ------------------------------------------------------------------ T3: Forgetful
@pytest.mark.parametrize("lang, decision", [
    ("uk", "Зараз вам треба: обрати 3 карти для скиду («Забудькуватість»: потім ви візьмете стільки ж нових)"),
    ("ru", "Сейчас вам нужно: выбрать 3 карты для сброса («Забывчивость»: затем вы возьмёте столько же новых)"),
    ("en", "Your decision: choose 3 cards to discard (Forgetful: then you draw as many new ones)"),
])
def test_the_forgetful_discard_names_its_card_and_the_draw_that_follows(lang, decision):
    """«Зараз вам треба: обрати карти для скиду» / «Оберіть 3…»: the panel named no card and
    not that new cards follow («Сбросьте 3 карты с руки … и возьмите 3 карты событий»,
    data/thing/cards.yaml forgetful)."""
    state, _ = act(make_game(players=4, deck=["forgetful"] + ["suspicion"] * 10), "ann", "draw")
    assert prompt(state, "ann", "forgetful")["subset"]["min"] == 3
    assert panel_embed(state, "ann", NAMES, lang, []).footer.text == decision


# ------------------------------------------------------------------ T5: an empty hand
@pytest.mark.parametrize("lang", ["uk", "ru", "en"])
def test_an_empty_hand_is_a_dash_not_cards_no_cards(lang):
    """«Карти / немає карт» on the panel of a player out of the game."""
    state = make_game(players=4, hands={"ann": ["flamethrower", "whisky", "suspicion", "analysis"]})
    state, _ = act(state, "ann", "draw")
    state, _ = act(state, "ann", "play", card="flamethrower", target="bob")
    state, _ = act(state, "bob", "accept")
    field = panel_embed(state, "bob", NAMES, lang, []).fields[0]
    assert (field.name, field.value) == (t(lang, "thing.panel.hand"), "—")


# ------------------------------------------------------------------ T6: the deck's next card
@pytest.mark.parametrize("lang, value", [
    ("uk", "11 карт, згори: паніка"), ("ru", "11 карт, сверху: паника"), ("en", "11 cards, next: panic"),
])
def test_the_deck_says_panic_in_the_same_case_as_event(lang, value):
    """«Колода 8 карт, згори: ПАНІКА» beside «згори: подія»."""
    state = make_game(players=4, deck=["forgetful"] + ["suspicion"] * 10)
    deck = next(f for f in table_embed(state, NAMES, lang).fields if f.name == t(lang, "thing.table.deck"))
    assert deck.value == value


# ------------------------------------------------------------------ T8: Persistence
@pytest.mark.parametrize("lang, line", [
    ("uk", "<@1> залишає 1 карту й скидає 2 карти."),
    ("ru", "<@1> оставляет 1 карту и сбрасывает 2 карты."),
    ("en", "<@1> keeps 1 card and discards 2 cards."),
])
def test_persistence_counts_in_digits_only(lang, line):
    """«… залишає одну карту й скидає 2 карти»: a word and a digit in one line."""
    ev = {"type": "kept_one", "player": "1", "discarded": 2, "audience": "all"}
    assert ui_for("thing").public_lines([ev], lang) == [line]


# ------------------------------------------------------------------ T9: names in «»
@pytest.mark.parametrize("lang, line", [
    ("uk", "Ви пропонуєте: «Віскі»"), ("ru", "Вы предлагаете: «Виски»"), ("en", "You are offering: Whisky"),
])
def test_the_card_offered_is_quoted_like_the_hand(lang, line):
    """«Ви пропонуєте: Змотуй вудки!» beside the hand's «Віскі», «Аналіз»."""
    state = make_game(players=4)
    state, _ = act(state, "ann", "draw")
    state, _ = act(state, "ann", "discard", card="suspicion")
    state, _ = act(state, "ann", "offer", card="whisky")
    assert line in [f.value for f in panel_embed(state, "ann", NAMES, lang, []).fields]


@pytest.mark.parametrize("lang, line", [
    ("uk", "Ви передаєте: «Віскі»"), ("ru", "Вы передаёте: «Виски»"), ("en", "You pass: Whisky"),
])
def test_the_card_passed_round_and_round_is_quoted(lang, line):
    """«Ви передаєте: Віскі» (Уупс! / Раз, два…: every player passes a card on)."""
    state, _ = act(make_game(players=4, deck=["round_and_round"] + ["suspicion"] * 10), "ann", "draw")
    state, _ = act(state, "ann", "pass", card="whisky")
    assert line in [f.value for f in panel_embed(state, "ann", NAMES, lang, []).fields]


@pytest.mark.parametrize("lang, line", [
    ("uk", "Ви залишили «Аналіз» і скинули: «Віскі», «Віскі»."),
    ("ru", "Вы оставили «Анализ» и сбросили: «Виски», «Виски»."),
    ("en", "You kept Analysis and discarded Whisky, Whisky."),
])
def test_the_card_kept_after_persistence_is_quoted_like_those_discarded(lang, line):
    """«Ви залишили **Аналіз** і скинули: «Віскі», «Віскі».»: one name bold, two in «»."""
    ev = {"type": "you_kept", "player": "1", "card": "analysis", "discarded": ["whisky", "whisky"],
          "audience": ["1"]}
    assert ui_for("thing").private_lines([ev], "1", lang) == [line]


# ------------------------------------------------------------------ T10: an infected member
@pytest.mark.parametrize("lang, line", [
    ("uk", "Ви — серед **заражених**."), ("ru", "Вы — среди **заражённых**."),
])
def test_an_infected_member_is_told_so_in_no_grammatical_gender(lang, line):
    """«Ви — **Заражений**.» addresses a woman as a man; «Тепер ви **заражені**» (infected_you)
    already did not."""
    ev = {"type": "role_told", "player": "1", "role": "infected", "audience": ["1"]}
    assert ui_for("thing").private_lines([ev], "1", lang) == [line]
