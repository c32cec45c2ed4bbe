"""The Thing read by a newcomer at ru tables (and one uk), play-through nft16 (seeds 5, 23, 7, 11,
31 of bench.keeper_table_bench): one draw told in up to four lines, and a posting's ping line
that told the table's own wait a second time. Each test renders real engine events or a real
posting of the bot."""
from __future__ import annotations

import random

import pytest

from bot.games import ui_for
from bot.games.thing.render import panel_embed, waiting_lines
from bot.i18n import t
from tests.bot.helpers import play_to_the_end
from tests.engine.helpers import act, make_game

THING = ui_for("thing")
# Forgetful's three event cards come off a deck with a panic card between them
FORGETFUL_DECK = ["forgetful", "suspicion", "suspicion", "round_and_round", "suspicion"] + ["whisky"] * 6


# ------------------------------------------------------------------ T8: one draw, one line of draws
@pytest.mark.parametrize("lang, lines", [
    ("ru", ["<@ann> сбрасывает 3 карты.",
            "Карта паники уходит в сброс не глядя: на руку берут только карты событий.",
            "<@ann> берёт 3 карты событий."]),
    ("uk", ["<@ann> скидає 3 карти.",
            "Карта паніки йде в скид не глядячи: на руку беруть лише карти подій.",
            "<@ann> бере 3 карти подій."]),
    ("en", ["<@ann> discards 3 cards.",
            "A panic card is discarded unseen: only event cards are drawn into a hand.",
            "<@ann> draws 3 event cards."]),
])
def test_forgetfuls_three_draws_are_one_line_whatever_panic_card_lies_between(lang, lines):
    """Seed 23 turn 1 (Забывчивость): «<@12> берёт 2 карты события. / Карта паники уходит в сброс
    не глядя… / <@12> берёт карту события.» — one draw of three cards in three lines (seed 11's
    «Упорство» took four). «Сбросьте 3 карты с руки … и возьмите 3 карты событий»
    (data/thing/cards.yaml forgetful); a panic card drawn outside the draw step goes to the
    discard pile unseen (rules/the_thing.md R23)."""
    state, _ = act(make_game(players=4, deck=FORGETFUL_DECK), "ann", "draw")
    state, events = act(state, "ann", "discard_set", cards=["analysis", "suspicion", "whisky"])
    assert [e["type"] for e in events if e.get("audience") == "all"][1:5] == \
        ["event_drawn", "event_drawn", "panic_skipped", "event_drawn"]  # the engine's order, as played
    assert THING.public_lines(events, lang)[:3] == lines


@pytest.mark.parametrize("lang", ["ru", "uk", "en"])
def test_a_defences_draw_is_told_after_the_panic_cards_skipped(lang):
    """Seed 5 turn 9: «🛡️ 🤖 Keeper 2 отвечает картой **Мимо!** / 2 карты паники уходят в сброс не
    глядя… / 🤖 Keeper 2 берёт карту события.» while without a panic card the defence and its
    draw are one line («…отвечает картой **Страх** и берёт карту события»). nt18: in that order,
    as it happened (the draw told with the defence above the panic cards read backwards)."""
    defended = {"type": "defended", "player": "bob", "card": "missed", "against": "exchange", "audience": "all"}
    skipped = {"type": "panic_skipped", "player": "bob", "audience": "all"}
    drawn = {"type": "event_drawn", "player": "bob", "audience": "all"}
    seen = {"type": "card_drawn", "player": "bob", "card": "whisky", "audience": ["bob"]}
    assert THING.public_lines([defended, skipped, skipped, drawn, seen], lang) == [
        THING.public_lines([defended], lang)[0],
        t(lang, "thing.event.panic_skipped_many", count=2),
        THING.public_lines([drawn], lang)[0]]
    assert len(THING.public_lines([defended, drawn, seen], lang)) == 1   # no panic card: one line


# ------------------------------------------------------------------ T7: the ping line
@pytest.mark.parametrize("lang, line", [
    ("ru", "👉 <@11>: ваше решение — нажмите **Мои карты / ход**."),
    ("uk", "👉 <@11>: ваше рішення — натисніть **Мої карти / хід**."),
    ("en", "👉 <@11>: your decision — press **My hand / act**."),
])
def test_the_ping_line_says_where_to_act_not_the_tables_wait_again(lang, line):
    """Seed 5 turn 17: a posting «⏳ <@11>: ответить на обмен.» over its own table's «Ждём <@11>
    (ответить на обмен)» — the wait told twice. The line is there only to ping (an embed never
    notifies): it names the member and the button."""
    assert waiting_lines([{"player": "11", "kind": "answer"}, {"player": "11", "kind": "answer"}], lang) == [line]
    assert t(lang, "thing.kinds.answer") not in line


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_a_posting_that_pings_names_the_member_once_beside_the_tables_wait(simcord_env, monkeypatch, lang):
    """The bench's table (2 members, 3 Keeper players, seed 5) played whole: every posting that
    pings names whom with the call to the button, and none says "⏳ X: …" beside its table's
    "Waiting for X (…)" (turns 9 and 17 did, in a message of their own)."""
    from bench.keeper_table_bench import open_table
    from tests.bot import helpers
    from tests.bot.test_eldritch_table import open_panel
    monkeypatch.setattr(helpers, "open_panel", open_panel)  # by custom_id: the label is in the table's language
    env = simcord_env
    postings = []
    commit = env.backend.commit_message

    def note(message, **kwargs):
        stored = commit(message, **kwargs)
        if not stored.is_ephemeral and stored.ping_user_ids:
            postings.append((stored.content or "", list(stored.ping_user_ids)))  # as posted: edits follow
        return stored

    env.backend.commit_message = note
    channel, people = await open_table(env, "thing", 2, 3, lang, 5, monkeypatch)
    await play_to_the_end(env, channel, people, random.Random(5))
    calls = []
    for content, pinged in postings:
        lines = content.split("\n")
        assert not any(line.startswith("⏳") for line in lines), content
        for uid in pinged:  # named in the text (an embed never pings)
            assert any(f"<@{uid}>" in line for line in lines), content
        calls += [line for line in lines if line.startswith("👉 <@")]
    assert calls and all(line.endswith(f"**{t(lang, 'thing.table.hand_button')}**.") for line in calls), calls


# ------------------------------------------------------------------ Chain Reaction
@pytest.mark.parametrize("lang, line, old", [
    ("ru", "<@bob>, <@cid>, <@dan>: карты для передачи выбраны.", "выбирает карту для передачи"),
    ("uk", "<@bob>, <@cid>, <@dan>: карти для передачі обрано.", "обирає карту для передачі"),
    ("en", "<@bob>, <@cid>, <@dan> have each chosen a card to pass.", None),
])
def test_who_has_chosen_a_card_to_pass_is_one_line(lang, line, old):
    """Seed 5 turn 15 (Цепная реакция): «🤖 Keeper 1 выбирает карту для передачи.» three lines in a
    row, one a Keeper player, and "выбирает" (is choosing) of a choice already made. The real
    round: the Keeper players' choices come in one step."""
    state, _ = act(make_game(players=4, deck=["round_and_round"] + ["suspicion"] * 10), "ann", "draw")
    chosen = []
    for player in ("bob", "cid", "dan"):
        state, events = act(state, player, "pass", card="whisky")
        chosen += events
    assert [e["type"] for e in chosen] == ["pass_chosen"] * 3
    assert THING.public_lines(chosen, lang) == [line]
    assert old is None or old not in THING.public_lines(chosen[:1], lang)[0]


@pytest.mark.parametrize("lang, decision", [
    ("ru", "Сейчас вам нужно: передать карту игроку Bob"),
    ("uk", "Зараз вам треба: передати карту гравцеві Bob"),
    ("en", "Your decision: pass a card to Bob"),
])
def test_the_pass_decision_names_whom_the_card_goes_to(lang, decision):
    """Seed 5: «Сейчас вам нужно: передать карту» over «Передать карту «Виски»» — to whom? The
    round passes each card to the next player (the frame's ``to``)."""
    state, _ = act(make_game(players=4, deck=["round_and_round"] + ["suspicion"] * 10), "ann", "draw")
    assert panel_embed(state, "ann", {"bob": "Bob"}, lang, []).footer.text == decision


# ------------------------------------------------------------------ Forgetful's text
@pytest.mark.parametrize("lang, text", [
    ("ru", "Сбросить 3 карты с руки и взять 3 карты событий."),
    ("uk", "Скинути 3 карти з руки й узяти 3 карти подій."),
    ("en", "Discard 3 cards from your hand and draw 3 event cards."),
])
def test_forgetful_draws_event_cards_as_persistence_says_it(lang, text):
    """«…и взять 3 события» (/правила «Забывчивость»): an "event" is no card a newcomer holds;
    the card says «возьмите 3 карты событий» (data/thing/cards.yaml forgetful), as «Упорство»'s
    text reads «Взять 3 карты событий…»."""
    from bot.games.thing.effect_text import card_text
    from bot.games.thing.render import default_pack
    assert card_text(lang, default_pack().cards["forgetful"]) == text
