"""The log tells a happening once (session 15's reading of whole games): a traitor's reveal, seven
steps by the rulebook, took 7-8 lines of which four have no choice in them (the feat leaving the
game, the reference card, the ring, "everyone looks at their loyalty cards"); they are told at the
end of the reveal's line, and the loyalty card given with who holds how many now."""
from __future__ import annotations

import pytest

from bot.games import ui_for
from bot.i18n import LANGUAGES, t
from tests.bot.test_quiet_log import logged
from tests.engine.unfathomable.helpers import answer, game, pass_windows, top
from tests.engine.unfathomable.test_players import NO_HANDS

K = "unfathomable.event"


def reveal_rows() -> list[list[dict]]:
    """The events of a real reveal, step by step (each answer a delivery): p1 (Keilani Tatupu, a
    Hybrid with a second loyalty card and a feat) reveals, gives the card to the first offered
    player and swaps no cards. Seed 000 l.2315-2335 (36.1-36.7): reveal, traitor ability, give the
    other loyalty cards, titles, «вилучає з гри свою карту звитяги», the reference card, the ring."""
    r, s = game(hands=NO_HANDS, loyalty={"p1": ["hybrid", "human"], "p2": ["human"], "p3": ["human"],
                                         "p4": ["human"]})
    pass_windows(r, s)
    rows = [answer(r, s, "p1", type="reveal")]
    while (prompt := top(r, s)) is not None and prompt["player"] == "p1" and prompt["kind"] != "action":
        rows.append(answer(r, s, "p1", **prompt["options"][0]))   # give to p2; swap none
    kinds = [e["type"] for row in rows for e in row]
    assert {"feat_removed", "traitor_reference_taken", "traitor_ring", "loyalty_given"} <= set(kinds), kinds
    return rows


def test_a_reveal_is_one_line_with_its_steps_that_ask_nothing():
    lines = logged("unfathomable", reveal_rows())
    (reveal,) = [line for line in lines if "reveals" in line]
    tails = [t("en", f"{K}.feat_removed_tail", feat="Unconventional Leader"),
             t("en", f"{K}.traitor_reference_taken_tail", player="<@p1>"),
             t("en", f"{K}.traitor_ring_tail", player="<@p1>")]
    assert reveal.endswith("! · " + " · ".join(tails)), reveal
    for alone in ("traitor_reference_taken", "traitor_ring", "feat_removed", "loyalty_look"):
        start = t("en", f"{K}.{alone}", player="<@p1>", feat="Unconventional Leader").split("{")[0][:25]
        assert not any(line.startswith(start) for line in lines), (alone, lines)
    (given,) = [line for line in lines if "gives <@p2> a loyalty card" in line]
    assert given.endswith("(loyalty cards held: <@p1>: 1, <@p2>: 2, <@p3>: 1, <@p4>: 1).")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_reveal_step_whose_line_is_gone_is_a_whole_sentence(lang):
    """The reveal's line in an earlier message (a member pinged in between): the ring is told as
    a line of its own, a whole sentence, not a tail without a subject."""
    ring = {"type": "traitor_ring", "player": "p1", "audience": "all"}
    (line,) = ui_for("unfathomable").public_lines([ring], lang)
    assert line == t(lang, f"{K}.traitor_ring", player="<@p1>")
    assert logged("unfathomable", [[ring]]) == [t("en", f"{K}.traitor_ring", player="<@p1>")]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reveal_tail_reads_in_every_language(lang):
    for key in ("feat_removed_tail", "traitor_reference_taken_tail", "traitor_ring_tail", "loyalty_given_counts"):
        text = t(lang, f"{K}.{key}", feat="F", frm="A", to="B", counts="A: 1")
        assert text != f"{K}.{key}" and "{" not in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_discard_for_a_roll_is_one_line_and_its_roll_says_what_it_needed(lang):
    """The Boiler Room's action (seed 000: discard a skill card, roll, add its value): «X сбрасывает:
    Буйство (Сила 4).» and «🎲 X вот-вот бросит кубик за сброшенную карту.» were two lines, and a
    card played into the roll's window between them and the roll kept both above «… сбрасывает
    карту «Буйство» и бросает кубик: 5, итого 9 — успех» (a third telling of the discard, and no
    word of the 7 it needed)."""
    discarded = {"type": "skills_discarded", "player": "101", "cards": ["strength:rampage:4:1"],
                 "reason": "discard_and_roll", "audience": "all"}
    about = {"type": "roll_started", "player": "101", "purpose": "discard_and_roll", "audience": "all"}
    (line,) = ui_for("unfathomable").public_lines([discarded, about], lang)
    from bot.games.unfathomable.render import said_cards
    assert line == t(lang, f"{K}.roll_started_discard", player="<@101>", cards=said_cards(lang, discarded["cards"]))
    played = {"type": "ability_used", "player": "102", "ability": "card:observation:foresight:4:1", "audience": "all"}
    die = {"type": "die_rolled", "player": "101", "purpose": "discard_and_roll", "raw": 3, "modifier": 2, "value": 5,
           "audience": "all"}
    made = {"type": "discard_and_roll", "player": "101", "card": "strength:rampage:4:1", "roll": 5, "total": 9,
            "target": 7, "success": True, "audience": "all"}
    lines = logged("unfathomable", [[discarded, about], [played], [die, made]]) if lang == "en" else None
    if lines is not None:
        assert len(lines) == 3 and lines[-1].endswith("total 9 (needs 7), a success."), lines


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_eldritch_turn_goes_on_in_the_message_a_members_ping_opens(lang):
    """A member's turn: the ping closed the message with «▶ X takes their actions.» at its end, and
    the new message said «▶ X takes no actions.» (docs/screens/eldritch/table.png): the old message
    kept a turn that never happened. The turn line goes on in the new message, where the turn's
    outcome stands in its place."""
    from bot.publisher import ChannelLog
    from tests.bot.test_ping_split_lines import deliver
    eldritch = ui_for("eldritch")
    round_line = {"type": "round_started", "round": 1, "lead": "leo_anderson", "audience": "all"}
    turn = {"type": "turn", "phase": "action", "inv": "leo_anderson", "audience": "all"}
    none = {"type": "no_actions", "inv": "leo_anderson", "audience": "all"}
    log = ChannelLog(None)
    deliver(log, "eldritch", [round_line, turn], lang)
    carried = log.under_way_at_the_end()
    assert [text for _key, text in carried] == eldritch.public_lines([turn], lang)
    assert log.body() == eldritch.public_lines([round_line], lang)[0]   # the closed message: no turn
    log.next_message(carried)
    deliver(log, "eldritch", [none], lang)
    assert log.body() == eldritch.public_lines([none], lang)[0]
    # a turn with an action: its line stays above the action's
    acted = ChannelLog(None)
    deliver(acted, "eldritch", [turn], lang)
    deliver(acted, "eldritch", [{"type": "action", "action": "rest", "inv": "leo_anderson", "audience": "all"}], lang)
    assert acted.body().split("\n")[0] == eldritch.public_lines([turn], lang)[0]
