"""What a newcomer's Unfathomable play-through in Ukrainian (nfu16) found, mended in en/uk/ru:
N1 an activation reads as the rulebook's sentence («активуйте Матір Гідру або Батька Дагона»,
«активуйте всіх глибоководних у вашій зоні або одного глибоководного будь-де»), not
«Активувати: глибоководні (1)»; N2 a starting hand's two copies of one skill are told apart
("first"/"second") once the menu passes which copy it labels; N3 a crisis answer's help text is
read from the rules' own spec of the choice (no card id parsed out of a content path).

Texts are rendered by the renderer itself: the `/rules` entry of a skill card, the effect read out
of a crisis's own step, the options of a prompt of a game played with random moves."""
from __future__ import annotations

import pytest

from bot.games.unfathomable import render as R
from bot.games.unfathomable.effect_text import effect_text
from bot.i18n import LANGUAGES
from engine.content.dialect import Tagged
from engine.registry import rules_for
from engine.unfathomable.content_effects import Activate
from tests.bot.test_unfathomable_newcomer15 import ANARCHO, _crisis_choice, _described, _played_until

RULES = rules_for("unfathomable")


def _skill_card(card_id: str):
    return next(c for deck in RULES.pack.skill_cards.decks for c in deck.cards if c.id == card_id)


def _rules_text(card_id: str, lang: str) -> str:
    card = _skill_card(card_id)
    name = getattr(card.name, lang, None) or card.name.en
    return dict(R.rules_lookup(name, lang))[name]


# ---------------------------------------------------------------- N1
# skill card Call to Action: "Action: activate every Deep One in your zone, or one Deep One anywhere."
# skill card Perform Rites: «На початку кроку «Виконайте дії»: активуйте Матір Гідру або Батька Дагона»
CALL_TO_ACTION = {
    "uk": "Дія: якщо на полі є принаймні 1 глибоководний: вибір: активувати всіх глибоководних у вашій зоні; "
          "або активувати 1 глибоководного будь-де на ваш вибір (вибираєте ви)",
    "ru": "Действие: если на поле есть хотя бы 1 глубоководный: выбор: активировать всех глубоководных в вашей "
          "области; или активировать 1 глубоководного где угодно на ваш выбор (выбираете вы)",
    "en": "Action: if there is at least 1 Deep One on the board: choose: activate every Deep One in your zone; "
          "or activate 1 Deep One of your choice anywhere (chosen by you)",
}
PERFORM_RITES = {
    "uk": "На початку ваших дій: вибір: активувати Матір Гідру; або активувати Батька Дагона (вибираєте ви); "
          "завершити свої дії",
    "ru": "В начале ваших действий: выбор: активировать Матерь Гидру; или активировать Отца Дагона (выбираете "
          "вы); завершить свои действия",
    "en": "At the start of your actions: choose: activate Mother Hydra; or activate Father Dagon (chosen by "
          "you); end your actions",
}
TWICE = {"uk": "Активувати Батька Дагона (2 рази)", "ru": "Активировать Отца Дагона (2 раза)",
         "en": "Activate Father Dagon (2 times)"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_activation_reads_as_the_rulebooks_sentence(lang):
    assert _rules_text("call_to_action", lang) == CALL_TO_ACTION[lang]
    assert _rules_text("perform_rites", lang) == PERFORM_RITES[lang]
    # a crisis's "activate Father Dagon twice" (its failure), as the crisis's own step reads it
    twice = next(spec for spec in RULES.specs.values()
                 if isinstance(spec, Activate) and spec.monster == "father_dagon" and spec.times == 2)
    assert effect_text(lang, [Tagged(kind="primitive", name="activate", spec=twice)]) == TWICE[lang]
    for said in (CALL_TO_ACTION[lang], PERFORM_RITES[lang]):
        assert "(1)" not in said and ": глибоководні" not in said and ": глубоководные" not in said


# ---------------------------------------------------------------- N2
FIRST_SECOND = {
    "uk": ("{type}: перша карта з колоди цього вміння (у вашому наборі таких 2)",
           "{type}: друга карта з колоди цього вміння (у вашому наборі таких 2)"),
    "ru": ("{type}: первая карта из колоды этого навыка (в вашем наборе таких 2)",
           "{type}: вторая карта из колоды этого навыка (в вашем наборе таких 2)"),
    "en": ("{type}: the first card from that skill's deck (your set holds 2)",
           "{type}: the second card from that skill's deck (your set holds 2)"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_starting_hands_two_copies_of_a_skill_are_told_apart(lang):
    """Rulebook 000 l.1148: «беруть будь-які три карти зі свого набору умінь»; a set holding a skill
    twice offers it twice, and the two menu lines must not read alike."""
    prompt, state, _ = _played_until(lambda p, s: p["kind"] == "starting_hand"
                                     and len(set(p["subset"]["ids"])) < len(p["subset"]["ids"]))
    spec = prompt["subset"]
    twice = next(item for item in spec["ids"] if spec["ids"].count(item) == 2)
    labels = [R.item_label({**spec, "at": at}, item, state, {}, lang) for at, item in enumerate(spec["ids"])]
    assert len(set(labels)) == len(labels), labels
    expected = tuple(x.format(type=R.type_name(lang, twice)) for x in FIRST_SECOND[lang])
    assert tuple(label for label, item in zip(labels, spec["ids"]) if item == twice) == expected


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_panels_starting_hand_menu_tells_the_two_copies_apart(lang):
    """The panel's menu (cogs.play.subset_controls) hands each copy's index to the renderer."""
    import types

    import discord

    from cogs.play import subset_controls
    prompt, state, _ = _played_until(lambda p, s: p["kind"] == "starting_hand"
                                     and len(set(p["subset"]["ids"])) < len(p["subset"]["ids"]))
    game = types.SimpleNamespace(kind="unfathomable", state=state, names={}, id=1, epoch=0)
    view = discord.ui.View()
    subset_controls(view, game, prompt, prompt["player"], lang)
    menu = next(item for item in view.children if isinstance(item.item, discord.ui.Select))
    labels = [option.label for option in menu.item.options]
    assert len(set(labels)) == len(labels) == len(prompt["subset"]["ids"]), labels


# ---------------------------------------------------------------- N3
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_crisis_answer_is_read_from_the_rules_spec_of_its_choice(lang):
    """The same texts as nft15's (U2), read from the rules' spec of the choice (the card-id parser
    and its (card, label) cache are gone from the renderer; test_unfathomable_newcomer15 keeps them
    to find a card's choice)."""
    prompt, state, _ = _crisis_choice("the_anarcho_individualist")
    assert not hasattr(R, "_choice_card") and not hasattr(R, "_choice_effects")
    assert _described(prompt, state, lang) == ANARCHO[lang]


# ---------------------------------------------------------------- N4
@pytest.mark.parametrize("lang, said", [
    ("uk", "🎲 <@101> скидає карту «Шаленство» (Сила 4) і ось-ось кине кістку: значення карти додасться до кидка."),
    ("ru", "🎲 <@101> сбрасывает карту «Буйство» (Сила 4) и вот-вот бросит кубик: значение карты прибавится к броску."),
    ("en", "🎲 <@101> discards “Rampage” (Strength 4) and is about to roll: the card's value adds to the roll."),
], ids=["uk", "ru", "en"])
def test_a_card_discarded_for_a_roll_is_named_as_its_roll_names_it(lang, said):
    """The Boiler Room (discard a skill card, roll, add its value): «скидає Шаленство (Сила 4)» put the
    card's name in the nominative where the verb wants its object; the line that settles the roll
    says «скидає карту «Шаленство» (Сила 4) і кидає кістку» (nu18c: the skill outside the quotes, as
    «використовує карту «Чутка інтуїція» (Спостережливість 3)» says it)."""
    from bot.games import ui_for
    discarded = {"type": "skills_discarded", "player": "101", "cards": ["strength:rampage:4:1"],
                 "reason": "discard_and_roll", "audience": "all"}
    about = {"type": "roll_started", "player": "101", "purpose": "discard_and_roll", "audience": "all"}
    assert [str(x) for x in ui_for("unfathomable").public_lines([discarded, about], lang)] == [said]


# ---------------------------------------------------------------- N5
def _defeat_window(asks_the_victim: bool):
    """A would-be-defeated window asking its victim, or another player (an ability of theirs could
    prevent it), in a game of random moves: (prompt, state, the victim)."""
    def wanted(prompt, state):
        if prompt["kind"] != "window" or prompt.get("timing") != "would_be_defeated":
            return False
        return (R.frame_of(state, prompt)["defeat"] == state["defeats"][-1]["id"]
                and (state["defeats"][-1]["who"] == prompt["player"]) == asks_the_victim)
    prompt, state = _in_some_game(wanted)
    return prompt, state, state["defeats"][-1]["who"]


def _in_some_game(wanted):
    """The first prompt ``wanted`` of the first random game (seeds 1, 2, …) where one comes up."""
    for seed in range(1, 40):
        try:
            prompt, state, _ = _played_until(wanted, seed=seed)
        except (AssertionError, IndexError):   # never came up, or the game ended first
            continue
        return prompt, state
    raise AssertionError("no such prompt came up")


@pytest.mark.parametrize("lang, yours, theirs", [
    ("uk", "відповісти або спасувати (ви маєте зазнати поразки)", "відповісти або спасувати (Олена має зазнати поразки)"),
    ("ru", "ответить или спасовать (вы должны быть побеждены)",
     "ответить или спасовать (Олена вот-вот потерпит поражение)"),
    ("en", "respond or pass (you would be defeated)", "respond or pass (Олена would be defeated)"),
], ids=["uk", "ru", "en"])
def test_a_window_before_a_defeat_says_whose_defeat(lang, yours, theirs):
    """«Відповісти або спасувати (гравця мають перемогти)» did not say which player: the member
    holding Shrug Off («Коли ви маєте зазнати поразки: запобіжіть цьому») could not tell whether it
    was theirs. The panel's footer names them by name (a footer shows a mention as raw "<@id>")."""
    for asks_the_victim, said in ((True, yours), (False, theirs)):
        prompt, state, victim = _defeat_window(asks_the_victim)
        names = {victim: "Олена"}
        footer = R.panel_embed(state, prompt["player"], names, lang, []).footer.text
        assert R.decision_text(lang, prompt, state, names) == said
        assert said in footer and "<@" not in footer, footer


def test_a_menu_lines_copy_index_leaves_every_other_label_as_it_was():
    """The copy index ("at") is the menu's, not the prompt's: a label that finds its prompt by the
    subset (Deep Ones to defeat by zone, passengers by zone) still finds it."""
    def by_zone(prompt, state):
        ids = (prompt.get("subset") or {}).get("ids") or []
        return any(str(i).startswith("pax") or i in R.zones() for i in ids)
    prompt, state = _in_some_game(by_zone)
    spec = prompt["subset"]
    for lang in LANGUAGES:
        plain = [R.item_label(spec, item, state, {}, lang) for item in spec["ids"]]
        assert [R.item_label({**spec, "at": at}, item, state, {}, lang) for at, item in enumerate(spec["ids"])] == plain
        assert all(label != str(item) for label, item in zip(plain, spec["ids"])), plain


# ---------------------------------------------------------------- the table's waiting line names whose defeat
@pytest.mark.parametrize("lang, whose", [("en", "{p} would be defeated"), ("uk", "{p} має зазнати поразки"),
                                         ("ru", "{p} вот-вот потерпит поражение")])
def test_the_tables_waiting_line_for_a_defeat_window_names_whose_defeat(lang, whose):
    """The panel said whose defeat (nfu16); the table's ⏳ line and a ping's line still read
    «гравця мають перемогти». The defeated player is public: the table saw the blow."""
    found = []
    for seed in range(3, 40):
        try:
            found.append(_played_until(lambda p, s: p["kind"] == "window" and p.get("timing") == "would_be_defeated",
                                       seed=seed))
            break
        except AssertionError:
            continue
    assert found, "no defeat window in 37 games"
    _prompt, state, _ = found[0]
    asked = RULES.window_asked(state)
    rec = next(r for r in state["defeats"] if r["kind"] == "player")
    assert asked and all(a["defeated"] == rec["who"] for a in asked)
    lines = R.waiting_lines(asked, lang)
    assert lines and all(whose.format(p=f"<@{rec['who']}>") in line for line in lines), lines
