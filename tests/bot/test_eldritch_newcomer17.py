"""Eldritch Horror as a newcomer reads it, round 17 (brief ne17): an investigator's action offered
by whose it is, not by what it does; the Mi-go Brain Case's trade; "holding an asset (Weapon)";
monsters to order or fight shown by name and place only; and what a first game's dump showed.

Each test reads the renderer's real text: the pack's own steps and cards, a game the engine plays
to the moment in question, or the events the engine emits."""
from __future__ import annotations

import random

import pytest

from bot.games.eldritch import render as R
from bot.i18n import t
from engine.core.flow import frame_of
from engine.registry import rules_for

RULES = rules_for("eldritch")
LANGUAGES = ("en", "uk", "ru")


# ---------------------------------------------------------------- 1. an ability by what it does
@pytest.mark.parametrize("lang, label, line", [
    ("en", "Use your ability: trade clues", "**Jacqueline Fine** uses their ability: trade clues."),
    ("uk", "Використати здібність: обмін доказами", "**Жаклін Файн** використовує свою здібність: обмін доказами."),
    ("ru", "Использовать способность: обмен уликами", "**Жаклин Файн** использует свою способность: обмен уликами.")])
def test_an_investigators_action_is_offered_by_what_it_does(lang, label, line):
    """«Использовать способность: Жаклин Файн» named whose, not what (her sheet: trade clues with
    one investigator anywhere); the table's line said only «uses their ability»."""
    assert R.option_label({"type": "component", "card": "jacqueline_fine"}, {}, {}, lang) == label
    ev = {"type": "action", "audience": "all", "action": "component", "inv": "jacqueline_fine",
          "card": "jacqueline_fine", "owner": "jacqueline_fine"}
    assert R.public_lines([ev], lang) == [line]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_investigators_action_has_a_short_name_that_fits_a_button(lang):
    """Every sheet action is named in the three languages, and its button stays under Discord's 80."""
    named = set()
    for inv in R._pack()["investigator"]:
        label = R.option_label({"type": "component", "card": inv}, {}, {}, lang)
        assert R.named(lang, "investigator", inv) not in label, label
        assert len(label) <= 80, label
        named.add(label)
    assert len(named) == len(R._pack()["investigator"])   # no two alike


# ---------------------------------------------------------------- 3. a Weapon asset
@pytest.mark.parametrize("lang, card, says", [
    ("en", "arrests_made_in_murder_case", "if holding a Weapon asset:"),
    ("en", "unexpected_betrayal", "For each investigator holding an Ally asset:"),
    ("uk", "arrests_made_in_murder_case", "якщо є актив з ознакою «Зброя»:"),
    ("ru", "unexpected_betrayal", "у которого есть актив с подтипом «Союзник»:")])
def test_an_asset_of_a_trait_reads_as_the_card_says(lang, card, says):
    """en «holding an asset (Weapon)» (two mythos cards): the card says "a Weapon asset"."""
    text = R.text_of(lang, R._pack()["mythos"][card])
    assert says in text, text
    assert "asset (" not in text


# ---------------------------------------------------------------- 2. the Mi-go Brain Case's trade
def _brain_case_trade(seed: int = 3):
    """A game where the first investigator holds the Mi-go Brain Case and uses it: the trade's prompt."""
    state, _ = RULES.new_game(["p1", "p2"], seed, {}, None)
    prompt = RULES.prompts(state)[0]
    state["inv"][prompt["inv"]]["artifacts"].append("mi_go_brain_case")
    prompt = RULES.prompts(state)[0]
    use = next(o for o in prompt["options"] if o.get("card") == "mi_go_brain_case")
    state, _ = RULES.apply(state, {"player": prompt["player"], **use, "prompt": prompt["id"]})
    prompt = RULES.prompts(state)[0]
    assert prompt.get("about") == "give"
    return state, prompt


@pytest.mark.parametrize("lang, done, swap, take", [
    ("en", "Done trading; Norman Withers may then swap spaces", "Then Norman Withers decides whether to come to you",
     "Take Feed the Mind from Norman Withers"),
    ("uk", "Завершити обмін; потім Норман Візерс може помінятися з вами локаціями",
     "Потім Норман Візерс вирішує, чи перейти до вас", "Узяти «Пожива для розуму» в дослідника Норман Візерс"),
    ("ru", "Завершить обмен; затем Норман Уизерс может поменяться с вами локациями",
     "Затем Норман Уизерс решает, перейти ли к вам", "Взять «Пища для ума» у сыщика Норман Уизерс")])
def test_the_brain_case_trade_says_how_it_ends_and_whom(lang, done, swap, take):
    """The trade's end read «Ничего» (the engine then swapped the two investigators' spaces,
    unsaid), then «Done trading: swap spaces»; the card says the partner MAY move (er17), so the
    end names who decides. «Взять Пища для ума у Норман Уизерс»: a card's name out of case, «у»
    before a nominative name."""
    state, prompt = _brain_case_trade()
    labels = [R.option_label({**o, "player": prompt["player"]}, state, {}, lang) for o in prompt["options"]]
    end = next(o for o in prompt["options"] if o.get("value") is None)
    assert labels[prompt["options"].index(end)] == done
    said = R.option_description({**end, "player": prompt["player"]}, state, {}, lang)
    assert said.startswith(swap) and R.space(lang, state["inv"]["norman_withers"]["space"]) in said, said
    assert take in labels, labels


def _brain_case_swap(seed: int = 3):
    """The Brain Case's trade ended at once: the partner's prompt whether to swap spaces."""
    state, prompt = _brain_case_trade(seed)
    end = next(o for o in prompt["options"] if o.get("value") is None)
    state, _ = RULES.apply(state, {"player": prompt["player"], **end, "prompt": prompt["id"]})
    return state, RULES.prompts(state)[0]


@pytest.mark.parametrize("lang, question, stay, go, declined", [
    ("en", "Norman Withers: swap spaces with {user}? You go to {there}, they come to {here} (Mi-go Brain Case)",
     "Stay in {here}", "Swap: go to {there}", "**Norman Withers** declines to use “Mi-go Brain Case”."),
    ("uk", "Норман Візерс: помінятися локаціями з дослідником {user}? Ви — у локацію {there}, цей дослідник — "
     "у вашу ({here}) (Контейнер для мозку мі-го)", "Лишитися в локації {here}", "Помінятися: перейти в локацію {there}",
     "**Норман Візерс** відмовляється скористатися картою «Контейнер для мозку мі-го»."),
    ("ru", "Норман Уизерс: поменяться локациями с сыщиком {user}? Вы — в локацию {there}, этот сыщик — "
     "в вашу ({here}) (Контейнер для мозга ми-го)", "Остаться в локации {here}", "Поменяться: перейти в локацию {there}",
     "**Норман Уизерс** отказывается воспользоваться картой «Контейнер для мозга ми-го».")])
def test_the_brain_case_partner_is_asked_whether_to_swap_spaces(lang, question, stay, go, declined):
    """er17: the partner's player (not the user's) reads who would go where, and both answers say
    where they leave him; a "no" is told to the table as a declined offer."""
    state, prompt = _brain_case_swap()
    user = prompt["with"]
    assert prompt["about"] == "swap_spaces" and prompt["inv"] == "norman_withers"
    assert prompt["player"] == state["inv"]["norman_withers"]["player"] != state["inv"][user]["player"]
    where = {"user": R.named(lang, "investigator", user), "here": R.space(lang, state["inv"]["norman_withers"]["space"]),
             "there": R.space(lang, state["inv"][user]["space"])}
    assert R.decision_text(lang, prompt, state) == question.format(**where)
    labels = [R.option_label({**o, "player": prompt["player"]}, state, {}, lang) for o in prompt["options"]]
    assert labels == [stay.format(**where), go.format(**where)]
    _, events = RULES.apply(state, {"player": prompt["player"], "prompt": prompt["id"], **prompt["options"][0]})
    assert R.public_lines([ev for ev in events if ev["type"] == "may_declined"], lang) == [declined]


@pytest.mark.parametrize("lang, says", [
    ("en", "trade possessions with the chosen investigator; then they may come to your space"),
    ("uk", "обмінятися з вибраним дослідником (майно); потім він може перейти у вашу локацію"),
    ("ru", "обменяться с выбранным сыщиком (имущество); затем он может перейти в вашу локацию")])
def test_the_brain_case_effect_reads_as_a_trade(lang, says):
    """Was "give possessions to the chosen investigator (you may swap spaces) (a trade both ways)"."""
    from bot.games.eldritch.effect_text import effect_text
    text = effect_text(lang, R._pack()["artifact"]["mi_go_brain_case"].abilities[0].effect)
    assert says in text and "(" + ("a trade" if lang == "en" else "обм") not in text, text


# ---------------------------------------------------------------- 4. monsters to order or fight
def _first_prompt(wanted, seeds=range(30)):
    """(state, prompt) of the first prompt ``wanted`` accepts in random games."""
    for seed in seeds:
        rng = random.Random(seed)
        state, _ = RULES.new_game(["p1", "p2"], seed, {}, None)
        for _ in range(2500):
            if RULES.is_over(state):
                break
            prompt = RULES.prompts(state)[0]
            if wanted(prompt, state):
                return state, prompt
            if prompt.get("shape", "one") != "one":
                break
            option = rng.choice(prompt["options"])
            state, _ = RULES.apply(state, {"player": prompt["player"], **option, "prompt": prompt["id"]})
    raise AssertionError("no such prompt")


STATS = {"en": ("horror", "damage", "toughness"), "uk": ("жах", "шкода", "стійкість"),
         "ru": ("ужас", "ущерб", "стойкость")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_which_monster_to_fight_first_says_what_each_is(lang):
    """«Fight Nightgaunt in Tokyo» / «Fight Goat Spawn in Tokyo»: which to face first depends on
    their horror, damage and toughness, open on the token's back (002 «Відкрита інформація»)."""
    state, prompt = _first_prompt(lambda p, _s: sum(o["type"] == "fight" for o in p["options"]) > 1)
    for option in (o for o in prompt["options"] if o["type"] == "fight"):
        uid = option["monster"]
        data, board = RULES.monster_data(state, uid), state["monsters"]["board"][uid]
        label = R.option_label({**option, "player": prompt["player"]}, state, {}, lang)
        horror, damage, toughness = STATS[lang]
        assert label.startswith(t(lang, "eldritch.option.fight", monster=R.monster_kind(lang, board["kind"])))
        assert f"{toughness} {RULES.toughness(state, uid)}" in label, label
        if isinstance(data.get("horror"), int):
            assert f"{horror} {data['horror']}" in label, label
        if isinstance(data.get("damage"), int):
            assert f"{damage} {data['damage']}" in label, label
        assert R.space(lang, board["space"]) not in label   # all stand on the fighter's space
        said = R.option_description({**option, "player": prompt["player"]}, state, {}, lang)
        assert said and R.skill(lang, "will", "genitive") in said, said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_monsters_in_an_order_say_what_each_is(lang):
    """The Lead orders the monsters' Reckonings: each by name, place and its numbers."""
    state, prompt = _first_prompt(lambda p, _s: p.get("about") == "order"
                                  and sum(":" in str(o.get("value")) for o in p["options"]) > 1)
    for option in (o for o in prompt["options"] if ":" in str(o.get("value"))):
        uid = option["value"].partition(":")[2].partition("#")[0]
        label = R.option_label({**option, "player": prompt["player"]}, state, {}, lang)
        assert R.space(lang, state["monsters"]["board"][uid]["space"]) in label
        assert f"{STATS[lang][2]} {RULES.toughness(state, uid)}" in label, label


# ---------------------------------------------------------------- 5. a newcomer's reading of a whole game
@pytest.mark.parametrize("lang, says", [("en", "declines to use “{card}”."), ("uk", "відмовляється скористатися картою «{card}»."),
                                        ("ru", "отказывается воспользоваться картой «{card}».")])
def test_a_declined_offer_names_whose_offer_it_was(lang, says):
    """The dump's «**Akachi Onyele** declines.» stood alone (a Keeper seat answers at once, so no
    ⏳ line ever asked): declines what? The event names the card (or sheet) whose offer it was."""
    state, prompt = _first_prompt(lambda p, s: p.get("about") == "may"
                                  and {"type": "choose", "value": False} in p["options"]
                                  and (offering(s, p) or {}).get("kind") in ("asset", "artifact", "spell"))
    card = offering(state, prompt)["id"]
    _, events = RULES.apply(state, {"player": prompt["player"], "prompt": prompt["id"], "type": "choose", "value": False})
    declined = next(ev for ev in events if ev["type"] == "may_declined")
    assert declined["card"] == card
    line = R.public_lines([declined], lang)[0]
    assert line == f"**{R.named(lang, 'investigator', prompt['inv'])}** " \
        + says.format(card=R.card_name(lang, card))   # ne19: a sentence, not «(«…»)», line



def offering(state, prompt):
    """The card whose "may" ``prompt`` asks about (its frame's context), if any."""
    card = ((state.get("ctx") or {}).get(frame_of(state, prompt).get("c")) or {}).get("card")
    return card if isinstance(card, dict) else None
