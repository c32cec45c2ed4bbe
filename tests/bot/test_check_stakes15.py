"""A zone action's skill check says what a pass does, and to whom (a newcomer's play-through, nfr15
U1): Keeper used the Captain's Cabin on a member, and her DM said only «Добавьте свои карты в
проверку навыков: целевое число 8; положительные: Общение, Внимание» — nothing told her a pass sends
HER to the Brig, so adding her best cards worked against her. Seed 000 l.2109: «Гравець-людина може
перемістити іншого гравця-людину в карцер, розігравши властивість «Дія» каюти капітана, яка потребує
успішної перевірки вміння»; l.2117 leaving the Brig takes the Brig's own check."""
from __future__ import annotations

import pytest

from bot.games import ui_for
from bot.games.unfathomable import render
from bot.i18n import LANGUAGES, t
from engine.registry import rules_for
from tests.engine.unfathomable.helpers import answer, game, pass_windows, top
from tests.engine.unfathomable.test_players import choose, ready

K = "unfathomable"


def cabin_check():
    """p1 uses the Captain's Cabin on p4: (state, the events up to the first contribution)."""
    r, s = game()
    ready(r, s)
    events = answer(r, s, "p1", type="use", ability="zone:captains_cabin")
    events += choose(r, s, "p1", "p4") or []
    events += pass_windows(r, s) or []
    assert top(r, s)["kind"] == "contribute"
    return s, events


def brig_check():
    """p1, in the Brig, uses its action to get out."""
    r, s = game()
    ready(r, s)
    s["zone_of"]["p1"] = "brig"
    events = answer(r, s, "p1", type="use", ability="zone:brig")
    events += pass_windows(r, s) or []
    assert top(r, s)["kind"] == "contribute"
    return s, events


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_captains_cabin_check_says_who_goes_to_the_brig_on_a_pass(lang):
    s, events = cabin_check()
    started = next(e for e in events if e["type"] == "check_started")
    assert started["ability"] == "zone:captains_cabin" and started["about"] == "p4"
    (line,) = ui_for(K).public_lines([started], lang)
    stake = t(lang, f"{K}.check.stake.captains_cabin", player="<@p4>")
    assert render.ability_name(lang, "zone:captains_cabin") in line and stake in line, line
    # the DM of the player it is about says "you"; another contributor's names them
    prompt = next(p for p in rules_for(K).prompts(s) if p["kind"] == "contribute")
    (mine,) = render.prompt_lines({**prompt, "player": "p4"}, s, "p4", {}, lang)
    assert t(lang, f"{K}.check.stake.captains_cabin_you") in mine, mine
    (theirs,) = render.prompt_lines({**prompt, "player": "p2"}, s, "p2", {}, lang)
    assert stake in theirs and t(lang, f"{K}.check.stake.captains_cabin_you") not in theirs, theirs


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_brig_check_says_its_user_leaves_on_a_pass(lang):
    s, events = brig_check()
    started = next(e for e in events if e["type"] == "check_started")
    (line,) = ui_for(K).public_lines([started], lang)
    assert t(lang, f"{K}.check.stake.brig", player="<@p1>") in line, line
    prompt = next(p for p in rules_for(K).prompts(s) if p["kind"] == "contribute")
    (mine,) = render.prompt_lines({**prompt, "player": "p1"}, s, "p1", {}, lang)
    assert t(lang, f"{K}.check.stake.brig_you") in mine, mine


def test_a_cards_check_keeps_its_card_and_no_stake():
    """A mythos card's check is named by its card, whose text the table was shown when drawn."""
    ev = {"type": "check_started", "target": 10, "partial": None, "positive": ["lore"], "card": "bucket_brigade",
          "order": ["p1"], "audience": "all"}
    (line,) = ui_for(K).public_lines([ev], "en")
    assert render.card_name("en", "bucket_brigade") in line and "on a pass" not in line
