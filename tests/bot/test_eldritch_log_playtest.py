"""What a member reads at an Eldritch Horror table, from a play-test's findings: every line here is
rendered from events of real engine games (random legal moves, fixed seeds) or from the content
pack itself, in en, uk and ru."""
from __future__ import annotations

import random
from functools import lru_cache

import pytest

from bot.games.eldritch import render as R
from bot.games.eldritch.effect_text import entry_text
from bot.i18n import LANGUAGES
from engine.core.errors import RuleError
from engine.core.events import is_public
from engine.registry import rules_for
from engine.simulate import choose, legal_moves

RULES = rules_for("eldritch")
SEEDS = range(12)


@lru_cache(maxsize=1)
def played() -> tuple:
    """(public events of each step, states with a test's dice open to a reroll) of a few games."""
    steps, roll_states = [], []
    for seed in SEEDS:
        state, events = RULES.new_game(["p1", "p2"], seed, {})
        rng = random.Random(seed)
        for _ in range(3000):
            steps.append([ev for ev in events if is_public(ev)])
            if RULES.is_over(state):
                break
            if any(p["kind"] == "roll" and len(p["options"]) > 1 for p in RULES.prompts(state)):
                roll_states.append(state)
            action = choose(rng, state, legal_moves(RULES, state), RULES)
            try:
                state, events = RULES.apply(state, action)
            except RuleError:
                state, events = RULES.apply(state, {"player": action["player"], "type": "default"})
    return steps, roll_states


def flat() -> list[dict]:
    return [ev for step in played()[0] for ev in step]


# ---------------------------------------------------------------- 1. a spell's test names the spell
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_spells_test_names_the_spell_it_casts(lang):
    """Mists of Releh: "Encounter phase: Lore test ... Then flip." The test is the casting: its line
    names the spell, before the flip's line tells the back (it read "passes the Lore test" alone)."""
    told = 0
    for step in played()[0]:
        for k, ev in enumerate(step):
            if ev["type"] != "test_rolled" or not ev.get("spell"):
                continue
            before = step[k - 1] if k else {}
            if before.get("type") == "action" and before.get("card") == ev["spell"]:
                continue   # "X uses Feed the Mind." already named it
            lines = R.public_lines(step[k:], lang)
            assert R.card_name(lang, ev["spell"]) in lines[0], lines
            told += 1
    assert told >= 3


def test_a_spell_used_as_an_action_is_named_once():
    for step in played()[0]:
        for k, ev in enumerate(step[1:], 1):
            if ev["type"] == "test_rolled" and ev.get("spell") and step[k - 1].get("card") == ev["spell"] \
                    and step[k - 1]["type"] == "action":
                lines = R.public_lines(step[k - 1:k + 2], "en")
                assert sum(R.card_name("en", ev["spell"]) in line for line in lines) == 1, lines
                return
    pytest.skip("no spell used as an action in these games")


# ---------------------------------------------------------------- 2. nested branches


def _yuggoth_influence_card():
    for (deck, card), entry in R._pack()["encounter"].items():
        if entry.world == "yuggoth" and "Influence test" in R.encounter_text("en", deck, card)[1]:
            return deck, card
    raise AssertionError("the Yuggoth encounter with an Influence test")


@pytest.mark.parametrize("lang, text", [
    ("en", "Influence test; pass: (Lore test; pass: close this gate; fail: lose 1 Sanity); "
           "fail: choose one: lose 2 Sanity or spend 1 Clue"),
    ("uk", "Перевірка Впливу; успіх: (перевірка Знань; успіх: закрити ці ворота; невдача: втратити 1 розум); "
           "невдача: вибрати одне: втратити 2 розуму або витратити 1 доказ"),
    ("ru", "Проверка Общения; успех: (проверка Знаний; успех: закрыть эти врата; провал: потерять 1 рассудок); "
           "провал: выбрать одно: потерять 2 рассудка или потратить 1 улику")])
def test_a_nested_test_is_bracketed_so_each_fail_has_its_test(lang, text):
    """It read "Influence test; pass: Lore test; pass: close this gate; fail: lose 1 Sanity; fail: …":
    which test the second "fail" belonged to could not be told."""
    deck, card = _yuggoth_influence_card()
    assert R.encounter_text(lang, deck, card)[1] == text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_encounter_text_keeps_its_brackets_balanced_and_short(lang):
    for (deck, card) in R._pack()["encounter"]:
        text = R.encounter_text(lang, deck, card)[1]
        assert text.count("(") == text.count(")"), text
        assert len(R._trim(text)) <= 300


# ---------------------------------------------------------------- 3. a journey in one line
def _journey() -> list[dict]:
    """A travel action and the ticket legs after it (each in a step of its own), real events."""
    events = flat()
    for k, ev in enumerate(events):
        if ev["type"] == "action" and ev.get("action") == "travel":
            legs = []
            for nxt in events[k + 1:]:
                if nxt.get("inv") != ev["inv"] or nxt["type"] not in ("moved", "ticket_spent"):
                    break
                legs.append(nxt)
            if sum(x["type"] == "ticket_spent" for x in legs) >= 1:
                return [ev] + legs
    raise AssertionError("no journey with a ticket in these games")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_journey_with_tickets_is_one_line_with_every_space_and_ticket(lang):
    journey = _journey()
    lines = R.public_lines(journey, lang)
    assert len(lines) == 1, lines
    for ev in journey:
        if ev["type"] == "moved":
            assert R.space(lang, ev["space"]) in lines[0]
        if ev["type"] == "ticket_spent":
            assert R.ticket(lang, ev["kind"]) in lines[0]


def test_a_ticket_leg_told_in_a_later_step_joins_the_travel_line():
    """The publisher tells a later step's first line as one with the live message's last through
    ``merged`` (the travel action waits for "travel on?" before the ticket is spent)."""
    journey = _journey()
    travel_line = R.public_lines(journey[:2], "en")[-1]
    leg_line = R.public_lines(journey[2:4], "en")[0]
    both = R.merged(travel_line.event, leg_line.event)
    assert both is not None
    line = R.public_lines([both], "en")[0]
    assert "→" in line and R.space("en", journey[3]["space"]) in line and "(by " in line


# ---------------------------------------------------------------- 4. a rumor's roll names its card
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_die_rolled_for_a_card_names_the_card(lang):
    rolls = [ev for ev in flat() if ev["type"] == "die_rolled"]
    assert rolls and all(ev.get("card") or ev.get("monster") for ev in rolls)
    mythos = [ev for ev in rolls if ev.get("card") in R._pack()["mythos"]]
    assert mythos, "a rumor's or a mythos card's roll"
    for ev in mythos:
        assert R.card_name(lang, ev["card"]) in R.public_lines([ev], lang)[0]


# ---------------------------------------------------------------- 5. a reroll and its result
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_reroll_and_the_result_it_gives_are_one_line(lang):
    """It read "🎲 X rerolls: ⚃ ⚁" then "❌ X fails the Influence test: ⚃ ⚁ — 0 successes."."""
    events = flat()
    pairs = [(a, b) for a, b in zip(events, events[1:]) if a["type"] == "rerolled" and b["type"] == "test_result"
             and a["dice"] == b["dice"]]
    assert pairs
    for rerolled, result in pairs[:5]:
        lines = R.public_lines([rerolled, result], lang)
        assert len(lines) == 1 and R.dice_text(result["dice"], tuple(result["faces"])) in lines[0], lines
        assert R.skill(lang, result["skill"]) in lines[0]


# ---------------------------------------------------------------- 6. one style for tests and conditions
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_choice_names_a_test_and_a_condition_as_the_card_texts_do(lang):
    """The card texts (effect_text) say "Lore test (-1)" and "the condition “Blessed”"; the labels
    of a choice said "test Lore -1" and "gain Blessed"."""
    short = R.effect_text(lang, [{"op": "test", "skill": "lore", "modifier": -1},
                                 {"op": "gain_condition", "name": "blessed"}])
    # (every card: since ne18b a Mythos card's "gain" is the Lead Investigator's "gains")
    cards = [entry_text(lang, entry).lower() for category in ("asset", "artifact", "spell", "condition", "back",
                                                              "mythos", "mystery")
             for entry in R._pack()[category].values()]
    cards += [R.encounter_text(lang, deck, card)[1].lower() for deck, card in R._pack()["encounter"]]
    test_words, condition_words = short.lower().split(", ")
    assert any(test_words in text for text in cards), test_words
    assert any(condition_words in text for text in cards), condition_words


# ---------------------------------------------------------------- 7. the reroll panel
@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_answer_to_the_dice_says_what_it_does_not_the_decision_again(lang):
    states = played()[1]
    assert states
    for state in states[:10]:
        prompt = next(p for p in RULES.prompts(state) if p["kind"] == "roll")
        decision = R.decision_text(lang, prompt, state)
        said = {}
        for option in prompt["options"]:
            text = R.option_description({**option, "player": prompt["player"]}, state, {}, lang)
            assert text != decision
            if option["type"] in ("keep", "reroll"):
                assert text
                said[text] = option
        rerolls = [o for o in prompt["options"] if o["type"] == "reroll"]
        dice = [prompt_die for prompt_die in R.frame_of(state, prompt).get("dice") or []]
        # rerolling different faces reads differently
        assert len(said) >= 1 + len({dice[o["die"]] for o in rerolls if "and" not in o and "pay" not in o})


@pytest.mark.parametrize("lang, one, two", [
    ("en", "is rolled again", "are rolled again"),
    ("uk", "перекидається", "перекидаються"),
    ("ru", "перебрасывается", "перебрасываются"),
])
def test_a_reroll_of_two_dice_is_said_in_the_plural(lang, one, two):
    """An answer rerolling two dice ("and") read "⚁ ⚂ is rolled again" (rev8)."""
    from bot.games.eldritch.render import roll_answer
    assert one in roll_answer(lang, {"type": "reroll", "die": 0}, {"dice": [2, 3]})
    assert two in roll_answer(lang, {"type": "reroll", "die": 0, "and": 1}, {"dice": [2, 3]})
