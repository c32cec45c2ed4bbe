"""Issue 22 as a member lives it (p23's play-through of Keeper-player tables): what a line tells a
member to press is the button they are shown. Keeper's Lead at an Eldritch Horror table waits for
the members' proposals "press **My hand**", but Eldritch's button reads **My investigators**; a
decision sent by DM at a uk Unfathomable table said **Мої карти**, while its button reads
**Моя рука / хід**. Members click only what they are offered."""
from __future__ import annotations

import random

from bot.i18n import t
from tests.bot.helpers import lines_of
from tests.bot.test_keeper_lead import keeper_led_table, play_until_the_lead_asks, public_text
from tests.bot.test_no_english_at_uk_ru_tables import client_language, table_in  # noqa: F401 - a fixture


def button_lines(text: str, marker: str) -> list[str]:
    return [line for line in lines_of(text) if marker in line]


async def test_keeper_leads_wait_names_the_button_eldritch_shows(simcord_env, monkeypatch):
    env = simcord_env
    channel, member = await keeper_led_table(env, monkeypatch)
    await play_until_the_lead_asks(env, channel, member)
    waits = button_lines(public_text(channel), "waits for your proposal")
    assert waits, "Keeper's Lead said it waits"
    label = t("en", "eldritch.table.hand_button")
    assert all(f"press **{label}**" in line for line in waits), waits


async def test_a_decision_by_dm_names_the_button_the_table_shows(simcord_env, client_language, monkeypatch):  # noqa: F811
    from tests.bot.unfathomable_driver import play_unfathomable
    env = simcord_env
    client_language["lang"] = "uk"
    channel, members = await table_in(env, "uk", "unfathomable", 3, monkeypatch, seed=35)
    member = members[0]

    def asks():  # the DMs that ask for a decision (they name the panel and the command)
        dms = member.user.dm_channel.history() if member.user.dm_channel else []
        return [m.content for m in dms if "`/панель`" in (m.content or "")]

    await play_unfathomable(env, channel, members, random.Random(35), max_clicks=400, stop=lambda game: asks())
    label = t("uk", "unfathomable.table.hand_button")
    assert asks() and all(f"**{label}**" in text for text in asks()), asks()


def test_a_panic_cards_own_mark_is_not_doubled():
    """Seven panic cards end their name with "!", "?" or "...": the line that shows one drawn adds
    no mark of its own ("**Убирайся прочь!**!" was seen at a ru table)."""
    from bot.games.thing.render import card_name, public_line
    for lang in ("en", "uk", "ru"):
        for card in ("get_out", "party", "oops", "one_two", "blind_date"):
            line = public_line({"type": "panic_drawn", "player": "keeper-1", "card": card, "audience": "all"}, lang)
            name = card_name(lang, card)
            assert line.endswith(f"**{name}**"), line


async def test_keeper_leads_wait_follows_the_lines_of_the_step_that_led_to_it(simcord_env, monkeypatch):
    """Keeper's Lead asks the group's question of a Mythos card (it asked whom to pass the Lead to
    at the end of the Mythos phase until that became the Lead's own choice): its "waits for your
    proposals" line came before that step's own lines (in the middle of the last encounter's test,
    before "— Mythos phase —"), as if it waited on the test."""
    env = simcord_env
    channel, member = await keeper_led_table(env, monkeypatch)
    await play_until_the_lead_asks(env, channel, member)
    lines = public_text(channel).splitlines()
    waits = next(i for i, line in enumerate(lines) if "waits for your proposal" in line)
    phases = [i for i, line in enumerate(lines) if t("en", "eldritch.event.phase_mythos") in line]
    assert phases and phases[0] < waits, lines[max(0, waits - 5):waits + 5]


async def test_the_panel_asking_for_a_proposal_reads_as_a_decision(simcord_env, monkeypatch):
    """The member's panel while Keeper's Lead waits for their proposal: the question reads as one
    sentence ("pass the Lead?." was seen) and the footer does not say there is nothing to decide."""
    from tests.bot.helpers import all_text
    from tests.bot.test_eldritch_table import open_panel
    env = simcord_env
    channel, member = await keeper_led_table(env, monkeypatch)
    question = await play_until_the_lead_asks(env, channel, member)
    game = await env.bot.service.live_game(channel.id)
    panel = await open_panel(member, channel)
    text = all_text(panel)
    from bot.games.eldritch.render import decision_text
    asked = decision_text("en", question, game.state)
    assert t("en", "eldritch.panel.group") in text and asked in text, text
    assert "?." not in text and t("en", "eldritch.panel.no_decision") not in text, text


def test_a_course_card_played_is_named_as_a_card_not_as_the_verbs_object():
    """"🧭 🤖 Keeper 1 розігрує Смуга туману" (a uk table): the verb wants the card's name in
    another case, which a catalog name cannot take; named after "карту курсу" it reads right (as the
    mythos line does: "бере карту міту **Загроза поломки**")."""
    from bot.games.unfathomable.render import card_name, public_line
    words = {"en": "the course card", "uk": "карту курсу", "ru": "карту путевой точки"}
    for lang, noun in words.items():
        line = public_line({"type": "course_played", "player": "keeper-1", "card": "hurricane", "distance": 3,
                            "audience": "all"}, lang)
        assert f"{noun} **{card_name(lang, 'hurricane')}**" in line, line
