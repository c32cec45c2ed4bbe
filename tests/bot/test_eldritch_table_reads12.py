"""What a newcomer could not tell at an Eldritch table (nfe12's read in uk): a rumor's rules
(how it is solved, and that its failing loses the game) were cut from the log's line and never in
the table; the Ancient One's win was "the Ancient One's victory condition"; a city's two
encounters (its region's deck and the general deck) were two identical buttons."""
from __future__ import annotations

import random

import pytest

from bot.games.eldritch import render as R
from bot.i18n import t
from engine.registry import rules_for
from tests.bot.random_play import step

RULES = rules_for("eldritch")


def _step(state, rng):
    return step(RULES, state, rng)


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_a_rumor_in_play_shows_its_rules_in_the_table(lang):
    for seed in range(1, 40):
        state, _ = RULES.new_game(["a", "b"], seed, {"starting_rumor": True})
        rumors = [m["id"] for m in state["mythos"]["in_play"] if m.get("rumor")]
        if rumors:
            break
    (card,) = rumors
    text = R.text_of(lang, R._pack()["mythos"][card])
    field = next(f.value for f in R.table_embed(state, {}, lang).fields if f.name == t(lang, "eldritch.table.rumors"))
    assert f"*{text}*" in field, (field, text)   # the whole card: its solving and its failing too
    assert len(text) > 300   # more than the log's line could hold


@pytest.mark.parametrize("lang, said", [
    ("en", "The Ancient One wins: six Eldritch tokens on his sheet and the investigators lose."),
    ("uk", "Перемагає Стародавній: шість жетонів Стародавніх на його листі — і дослідники програють."),
    ("ru", "Побеждает Древний: шесть жетонов Древних на его листе — и сыщики проигрывают."),
])
def test_the_ancient_ones_win_is_told_in_its_sheets_words(lang, said):
    ev = {"type": "game_over", "winner": "ancient_one", "reason": "awakened", "doom": 0, "mysteries": 1,
          "round": 12, "ao": "cthulhu"}
    assert str(R.public_line(ev, lang)).startswith("🐙 " + said)


def test_the_game_over_event_names_the_ancient_one():
    state, _ = RULES.new_game(["a"], 3, {})
    rng = random.Random(3)
    for _ in range(20000):
        state, events = _step(state, rng)
        over = [e for e in events if e["type"] == "game_over"]
        if over:
            assert over[0]["ao"] == state["ao"]
            return
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_a_citys_two_encounters_are_told_apart(lang):
    for seed in range(1, 30):
        state, _ = RULES.new_game(["a", "b"], seed, {})
        rng = random.Random(seed)
        for _ in range(3000):
            for prompt in RULES.prompts(state):
                decks = [o for o in prompt["options"] if o.get("what") == "location"]
                if len(decks) == 2:
                    labels = {R.option_label({**o, "player": prompt["player"]}, state, {}, lang) for o in decks}
                    assert len(labels) == 2, labels
                    here = R.space(lang, state["inv"][prompt["inv"]]["space"])
                    assert all(here in label for label in labels), labels
                    return
            if state.get("result"):
                break
            state, _ = _step(state, rng)
    raise AssertionError("no city offered both encounters")


def test_a_crowded_table_drops_the_rumors_texts_before_discord_would_refuse_it(monkeypatch):
    """Discord refuses an embed over 6,000 characters: past ``EMBED_MOST`` the rumors keep their
    names, tokens and spaces, and lose their texts (a table of 8 with long cards in play)."""
    state, _ = RULES.new_game([f"p{i}" for i in range(8)], 2, {"starting_rumor": True})
    card = next(m["id"] for m in state["mythos"]["in_play"] if m.get("rumor"))
    text = R.text_of("en", R._pack()["mythos"][card])
    roomy = R.table_embed(state, {}, "en")
    assert text in str(roomy.to_dict()) and len(roomy) <= R.EMBED_MOST
    monkeypatch.setattr(R, "EMBED_MOST", len(roomy) - 1)
    tight = R.table_embed(state, {}, "en")
    assert text not in str(tight.to_dict()) and R.card_name("en", card) in str(tight.to_dict())
    assert len(tight) <= len(roomy) - len(text)


@pytest.mark.parametrize("lang, cost", [("en", "(cost "), ("uk", "(ціна "), ("ru", "(цена ")])
def test_the_reserve_says_a_number_is_a_cost(lang, cost):
    state, _ = RULES.new_game(["a", "b"], 1, {})
    reserve = next(f.value for f in R.table_embed(state, {}, lang).fields if f.name == t(lang, "eldritch.table.reserve"))
    assert reserve.count(cost) == len(state["reserve"]), reserve


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_discarding_or_spending_none_says_nothing(lang):
    for about in ("discard", "spend"):
        assert R.value_label(lang, 0, {}, {}, about) == t(lang, "eldritch.option.nothing")
        assert R.value_label(lang, 2, {}, {}, about) == t(lang, f"eldritch.option.number_{about}", n=2)


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_a_card_an_action_uses_is_quoted(lang):
    card = next(iter(R._pack()["asset"]))
    assert R.component_name(lang, card) == f"«{R.card_name(lang, card)}»"
    inv = next(iter(R._pack()["investigator"]))
    assert "«" not in R.component_name(lang, inv)


@pytest.mark.parametrize("lang, asked", [("en", "reroll dice? ("), ("uk", "перекинути кубики? ("),
                                         ("ru", "перебросить кубики? (")])
def test_a_roll_decision_asks_whether_to_reroll(lang, asked):
    state, _ = RULES.new_game(["a", "b"], 4, {})
    rng = random.Random(4)
    for _ in range(3000):
        roll = next((p for p in RULES.prompts(state) if p["kind"] == "roll"), None)
        if roll is not None:
            said = R.decision_text(lang, roll, state)
            frame = R.frame_of(state, roll)
            assert asked + R.skill(lang, frame["skill"]) + ": " in said, said
            return
        state, _ = _step(state, rng)
    raise AssertionError("no roll decision came up")


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_an_asset_from_the_reserve_or_the_deck_reads_apart(lang):
    """A general encounter's "choose one": an Item from the reserve or one from the deck (nfe12:
    «Отримати Предмет» twice)."""
    step = {"op": "gain_asset", "who": "self", "count": 1, "name": None, "trait": "item", "any_trait": [],
            "source": "reserve", "max_cost": None, "total_cost": None, "chooser": "self"}
    reserve, deck = R.effect_text(lang, [step]), R.effect_text(lang, [{**step, "source": None}])
    assert reserve != deck and R.t(lang, "eldritch.w.item") in reserve and R.t(lang, "eldritch.w.item") in deck


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_a_travel_line_says_where_it_began(lang):
    """nfe12: «Акачі Оньеле подорожує: Локація 1 → Локація 19 → Шанхай» — she set off from San
    Francisco, and the line began at the first space reached."""
    state, _ = RULES.new_game(["a", "b"], 3, {})
    rng = random.Random(3)
    for _ in range(3000):
        travel = next((o for p in RULES.prompts(state) for o in p["options"] if o["type"] == "travel"), None)
        if travel is not None:
            prompt = next(p for p in RULES.prompts(state) if travel in p["options"])
            start = state["inv"][prompt["inv"]]["space"]
            _, events = RULES.apply(state, {"player": prompt["player"], **travel, "prompt": prompt["id"]})
            (action,) = [e for e in events if e["type"] == "action"]
            assert action["from"] == start
            line = " ".join(str(x) for x in R.public_lines(events, lang))
            assert f"{R.space(lang, start)} → {R.space(lang, travel['to'])}" in line, line
            return
        state, _ = _step(state, rng)
    raise AssertionError("no Travel came up")


@pytest.mark.parametrize("lang, said", [
    ("en", "from Dimensions Collide (5 now)"), ("uk", "з карти «Зіткнення вимірів» (тепер 5)"),
    ("ru", None)])
def test_tokens_taken_from_a_card_name_it_and_what_is_left(lang, said):
    ev = {"type": "tokens", "what": "eldritch", "change": -2, "where": "this_card", "card": "dimensions_collide", "left": 5}
    line = str(R.public_line(ev, lang))
    assert R.card_name(lang, "dimensions_collide") in line and "5" in line, line
    if said:
        assert said in line, line
    put = {"type": "tokens", "what": "eldritch", "change": 1, "where": "place", "space": "space_5"}
    assert R.space(lang, "space_5") in str(R.public_line(put, lang))


def test_a_rumor_emptied_of_tokens_is_told_after_the_tokens_go():
    """nfe12 (seed 23): «📰 Чутки … справдилися!» stood above «Прибирають 2 жетони…»."""
    seen = 0
    for seed in range(1, 60):
        state, _ = RULES.new_game(["a"], seed, {"starting_rumor": True})
        rng = random.Random(seed)
        for _ in range(3000):
            if state.get("result"):
                break
            state, events = _step(state, rng)
            types = [e["type"] for e in events]
            for i, e in enumerate(events):
                if e["type"] == "tokens" and e.get("card"):
                    assert e["left"] >= 0
                    if e["left"] == 0 and "rumor_failed" in types[i:]:
                        seen += 1
                        assert "rumor_failed" not in types[:i]
        if seen:
            return
    raise AssertionError("no rumor failed for want of tokens")


@pytest.mark.parametrize("lang, tail", [("en", " — nothing happens"), ("uk", " — без наслідків"), ("ru", " — без последствий")])
def test_a_die_that_does_nothing_says_so(lang, tail):
    ev = {"type": "die_rolled", "inv": None, "face": 4, "monster": "m1", "kind": "dark_young", "nothing": True}
    assert str(R.public_line(ev, lang)).endswith(tail)
    assert not str(R.public_line({**ev, "nothing": False}, lang)).endswith(tail)


def test_a_monster_never_moves_to_where_it_stands():
    """nfe12: «Старець з'являється: Антарктида.» then «Старець переміщується: Антарктида.»."""
    moves = rolls = 0
    for seed in range(1, 25):
        state, _ = RULES.new_game(["a", "b"], seed, {})
        rng = random.Random(seed)
        for _ in range(2500):
            if state.get("result"):
                break
            before = state
            state, events = _step(state, rng)
            where = {u: m["space"] for u, m in before["monsters"]["board"].items()}
            for ev in events:
                if ev["type"] in ("monster_spawned", "monster_moved") and ev.get("monster"):
                    if ev["type"] == "monster_moved":
                        moves += 1
                        assert where.get(ev["monster"]) != ev["space"], ev
                    where[ev["monster"]] = ev.get("space")
                if ev["type"] == "die_rolled":
                    rolls += 1
    assert moves and rolls


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_the_omen_and_the_doom_its_gates_cost_are_one_line(lang):
    """nfe12: «Передвістя переходить на 🔵 синє.» then «☠️ Приреченість просувається на 1 до 14.»
    said no why; the doom the omen's gates cost is told with the omen (002 l.600: «ворота на
    ігровому полі, символ яких збігається»)."""
    state, _ = RULES.new_game(["a", "b"], 5, {})
    rng = random.Random(5)
    for _ in range(4000):
        state, events = _step(state, rng)
        doom = [e for e in events if e["type"] == "doom" and e.get("gates")]
        if doom:
            lines = [str(x) for x in R.public_lines(events, lang)]
            said = [x for x in lines if R.omen(lang, state and next(e for e in events if e["type"] == "omen")["omen"]) in x
                    and f"{doom[0]['value']}." in x]
            assert len(said) == 1, lines
            assert not [x for x in lines if x == t(lang, "eldritch.event.doom_advanced", amount=-doom[0]["change"], value=doom[0]["value"])]
            return
        if state.get("result"):
            break
    raise AssertionError("no omen cost doom")
