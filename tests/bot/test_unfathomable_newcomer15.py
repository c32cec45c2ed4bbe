"""What a newcomer's Unfathomable play-through in Russian (nft15) found, mended in en/uk/ru:
U2 every answer of a crisis choice says what it does («Отказаться» had no line: its label means
other things on other cards); U3 help texts without "(1)"/"(вещи)" junk, the deck in the genitive,
"the current player" read as "you" by that player (001 l.1110); U4 a character offered with what
its ability does; U5 a starting hand's options are cards of a skill's deck, told apart by count;
U6 «свойство «…» (Арджун Сингх)», the name in no case it does not take; U8 a crisis is
«разыгран» (001 l.428-429); U12 a personal mythos card discarded says whose and why; U13 no colon
between «атакует» and its object; U15 "choose cards" over "Choose 2…".

Each text is rendered from the engine's own states and events (a game played with random moves
from a deck arranged so the card in question comes up)."""
from __future__ import annotations

import copy
import random
import re
from functools import lru_cache

import pytest

from bot.games.unfathomable import render as R
from bot.i18n import LANGUAGES
from engine.registry import rules_for
from engine.simulate import apply_random_move, legal_moves

RULES = rules_for("unfathomable")
PLAYERS = ["101", "102", "103"]


@lru_cache(maxsize=2)
def _choice_effects(you: bool = False) -> dict:
    """What each labelled choice option does, read out from its effect data: (card id, English
    label) -> {lang: text}. By card: one label means different things on different cards
    ("Refuse" costs skill cards on one, a Deep One on another). ``you``: read for the current
    player ("you discard 2 skill cards", rulebook 001 l.1110), else of them."""
    from bot.games.unfathomable.effect_text import effect_text
    found: dict = {}
    for card, opts in R._choice_option_lists():
        for o in opts:
            en = o.label.get("en")
            if en and getattr(o, "effect", None):
                found.setdefault((card, en), {lang: effect_text(lang, o.effect, you={"current_player"} if you else ())
                                              for lang in LANGUAGES})
    return found


def _choice_card(choice) -> str | None:
    """The card a printed choice is on, from its path in the content
    ("mythos.mythos[the_anarcho_individualist].crisis[0].choice", "skill_cards.decks[3].cards[rampage]…").
    The renderer reads an answer from the rules' spec of its choice (render._printed_option); this
    and :func:`_choice_effects` find a card's choice and every answer's text for these tests."""
    return next((part for part in re.findall(r"\[([^\]]+)\]", str(choice or "")) if not part.isdigit()), None)



def _played_until(wanted, on_top=(), seed=3, steps=3000):
    """A 3-player game of random moves, the mythos cards ``on_top`` drawn first (the first on
    top), until a prompt ``wanted(prompt, state)`` comes up: (prompt, state, every event so far)."""
    state, events = RULES.new_game(PLAYERS, seed, {}, {})
    for card in reversed(on_top):
        state["mythos_deck"].remove(card)
        state["mythos_deck"].append(card)
    rng, seen = random.Random(seed), list(events)
    for _ in range(steps):
        for prompt in RULES.prompts(state):
            if wanted(prompt, state):
                return prompt, state, seen
        state, events = RULES.apply(state, apply_random_move(RULES, copy.deepcopy(state), legal_moves(RULES, state), rng))
        seen += events
    raise AssertionError("the prompt never came up")


def _crisis_choice(card: str):
    return _played_until(lambda p, s: p.get("purpose") == "option"
                         and _choice_card(R.frame_of(s, p).get("choice")) == card, on_top=(card,))


def _described(prompt, state, lang):
    return {R.option_label({**o, "player": prompt["player"]}, state, {}, lang):
            R.option_description({**o, "player": prompt["player"]}, state, {}, lang) for o in prompt["options"]}


# ---------------------------------------------------------------- U2, U3
ANARCHO = {   # «Анархо-индивидуалист»: its two answers as the current player (who decides it) reads them,
    #          each in one voice (nu18c: «Втратити 1 розум; ви берете …» mixed two)
    "ru": {"Взять, что можно": "Вы теряете 1 рассудок; вы берёте верхнюю карту колоды вещей; "
                               "вы убираете из игры 5 верхних карт колоды вещей",
           "Отказаться": "Вы сбрасываете 2 карты навыков; вы замешиваете 2 карты коварства в колоду хаоса"},
    "uk": {"Узяти, що можна": "Ви втрачаєте 1 розум; ви берете верхню карту колоди предметів; "
                              "ви прибираєте з гри 5 верхніх карт колоди предметів",
           "Відмовитися": "Ви скидаєте 2 карти вмінь; ви замішуєте 2 карти зради в колоду хаосу"},
    "en": {"Take what you can": "You lose 1 Sanity; you take the top card of the item deck; "
                                "you remove the top 5 cards of the item deck from the game",
           "Refuse": "You discard 2 skill cards; you shuffle 2 Treachery cards into the chaos deck"},
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_both_answers_of_the_anarcho_individualist_say_what_they_do(lang):
    prompt, state, _ = _crisis_choice("the_anarcho_individualist")
    assert prompt["player"] == state["turn"]["player"]   # its decider: the current player, who reads "you"
    assert _described(prompt, state, lang) == ANARCHO[lang]


def test_an_answer_read_by_another_player_names_the_current_player():
    """«вы» on a mythos card is the player who resolves it (001 l.1110): read by anyone else (the
    Captain deciding Accusation), the current player stays "the current player"."""
    said = _choice_effects(False)[("accusation", "Discard cards and taint the chaos deck")]
    assert said["ru"].startswith("Если текущий игрок — капитан: текущий игрок сбрасывает")
    assert "вы " not in said["ru"].lower()


def test_every_labelled_answer_of_every_card_has_its_text():
    """Keyed by card and label: "Refuse" or "Skill check" on two cards are two texts, never None."""
    from bot.games.unfathomable.effect_text import WRITER
    for you in (False, True):
        found = _choice_effects(you)
        for card, options in R._choice_option_lists():
            for option in options:
                if option.label.get("en") and option.effect:
                    texts = found[(card, option.label["en"])]
                    assert all(texts[lang] for lang in LANGUAGES), (card, option.label)
                    assert "вещей (1)" not in texts["ru"] and "колоды (" not in texts["ru"], texts["ru"]
    assert not {k for k in WRITER.missing if "_you" in k or "wf." in k}, WRITER.missing
    refuse = {card: _choice_effects(True)[(card, "Refuse")]["en"] for card in ("the_anarcho_individualist",
                                                                                "sacrifice_deep_one")}
    assert refuse["the_anarcho_individualist"] != refuse["sacrifice_deep_one"]


def test_a_help_text_moves_you_not_the_current_player():
    prompt, state, _ = _crisis_choice("kitty_litter")
    said = _described(prompt, state, "ru")
    assert said["Пойти на камбуз"].startswith("Вы переходите на камбуз;"), said


# ---------------------------------------------------------------- U8, U12
def test_a_personal_card_discarded_says_whose_and_why_and_the_crisis_is_played():
    # the characters seated once setup is over (the same seed and moves seat them again below)
    _, setup, _ = _played_until(lambda p, s: p["kind"] == "action")
    seated = set(setup["characters"].values())
    card = next(m for m in RULES.pack.mythos.mythos if m.personal and m.personal not in seated)
    _, state, events = _played_until(
        lambda p, s: p.get("purpose") == "option"
        and _choice_card(R.frame_of(s, p).get("choice")) == "the_anarcho_individualist",
        on_top=(card.id, "the_anarcho_individualist"))
    assert set(state["characters"].values()) == seated
    dropped = next(ev for ev in events if ev["type"] == "mythos_discarded_personal")
    decider = next(ev for ev in events if ev["type"] == "crisis_decider")
    owner = {lang: R.character(lang, card.personal) for lang in LANGUAGES}
    name = {lang: R.card_name(lang, card.id) for lang in LANGUAGES}
    assert R.public_line(dropped, "ru") == (   # the one reason that holds (nu17)
        f"Персональная карта мифа «{name['ru']}» ({owner['ru']}) сброшена: этого персонажа нет в игре.")
    assert R.public_line(dropped, "uk") == (
        f"Персональну карту міту «{name['uk']}» ({owner['uk']}) скинуто: цього персонажа немає в грі.")
    assert R.public_line(dropped, "en") == (
        f"Personal mythos card {name['en']} ({owner['en']}) is discarded: that character is not in the game.")
    who = R.mention(decider["player"])
    assert str(R.public_line(decider, "ru")) == f"{who} разыгрывает кризис карты «Анархо-индивидуалист»."
    assert str(R.public_line(decider, "uk")) == f"{who} розігрує кризу карти «Анархо-індивідуаліст»."


# ---------------------------------------------------------------- U4, U5
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_character_is_offered_with_what_its_ability_does(lang):
    state, _ = RULES.new_game(PLAYERS, 3, {}, {})
    prompt = next(p for p in RULES.prompts(state) if p["kind"] == "character")
    for option in prompt["options"]:
        ch = next(c for c in RULES.pack.characters.characters if c.id == option["character"])
        said = R.option_description({**option, "player": prompt["player"]}, state, {}, lang)
        name, text = getattr(ch.ability.name, lang), getattr(ch.ability.text, lang)
        assert said.startswith(f"{name}: ") and len(said) <= R.CHARACTER_TEXT_MOST + len(name) + 2, said
        assert said[len(name) + 2:].rstrip("…").split()[:4] == text.split()[:4], said


def test_arjuns_ability_is_told_in_russian():
    state, _ = RULES.new_game(PLAYERS, 3, {}, {})
    said = R.option_description({"type": "character", "character": "arjun", "player": "101"}, state, {}, "ru")
    assert said == ("Главный на палубе: Действие (раз за ход): выйдите в наружную область на ваш выбор "
                    "и немедленно выполните ещё одно действие.")


STARTING = {
    "ru": ("выбрать карты навыков стартовой руки из своего набора навыков", "1 карта из колоды этого навыка",
           "(в вашем наборе таких 2)"),
    "uk": ("обрати карти вмінь стартової руки зі свого набору вмінь", "1 карта з колоди цього вміння",
           "(у вашому наборі таких 2)"),
    "en": ("choose the skill cards of their starting hand from their skill set", "1 card from that skill's deck",
           "(your set holds 2)"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_starting_hands_options_are_cards_of_a_skill_deck_told_apart(lang):
    prompt, state, _ = _played_until(lambda p, s: p["kind"] == "starting_hand"
                                     and len(set(p["subset"]["ids"])) < len(p["subset"]["ids"]))
    decision, card, twice = STARTING[lang]
    assert R.decision_text(lang, prompt) == decision
    spec = prompt["subset"]
    for item in spec["ids"]:
        label = R.item_label(spec, item, state, {}, lang)
        assert label.startswith(f"{R.type_name(lang, item)}: {card}"), label
        assert label.endswith(twice) == (spec["ids"].count(item) == 2), label


# ---------------------------------------------------------------- U6, U13, U15
@pytest.mark.parametrize("lang, used", [
    ("ru", "<@101> использует свойство «Главный на палубе» (Арджун Сингх)."),
    ("uk", "<@101> використовує властивість «Старший на палубі» (Арджан Сінґх)."),
    ("en", "<@101> uses Arjun Singh's ability “Deck Chief”."),
], ids=["ru", "uk", "en"])
def test_an_ability_is_named_before_its_owner(lang, used):
    assert str(R.public_line({"type": "ability_used", "player": "101", "ability": "char:arjun"}, lang)) == used


def test_a_traitor_ability_is_named_before_its_owner():
    line = R.public_line({"type": "ability_used", "player": "101", "ability": "trait:jamie"}, "ru")
    assert str(line) == "<@101> использует свойство предателя «Шквальный огонь» (Джейми Снелл)."


@pytest.mark.parametrize("lang, deep_one, monarch", [
    ("ru", "⚔️ <@101> атакует глубоководного на камбузе. Бросок 6 (нужно 5) — попадание!",
     "⚔️ <@101> атакует Матерь Гидру. Бросок 3 (нужно 5) — промах."),
    ("uk", "⚔️ <@101> атакує глибоководного на камбузі. Кидок 6 (треба 5) — влучання!",
     "⚔️ <@101> атакує Мати Гідру. Кидок 3 (треба 5) — промах."),
    ("en", "⚔️ <@101> attacks a Deep One in the Galley: 6 (needs 5), a hit!",
     "⚔️ <@101> attacks Mother Hydra: 3 (needs 5), a miss."),
], ids=["ru", "uk", "en"])
def test_an_attack_takes_its_object_without_a_colon(lang, deep_one, monarch):
    hit = {"type": "attack_resolved", "player": "101", "target": "deep_one:galley", "roll": 6, "needed": 5,
           "hit": True, "audience": "all"}
    missed = {"type": "attack_resolved", "player": "101", "target": "mother_hydra", "roll": 3, "needed": 5,
              "hit": False, "audience": "all"}
    assert str(R.public_line(hit, lang)) == deep_one
    assert str(R.public_line(missed, lang)) == monarch


@pytest.mark.parametrize("lang, one, many", [
    ("ru", "выбрать карту для сброса", "выбрать карты для сброса"),
    ("uk", "обрати карту, яку скинути", "обрати карти, які скинути"),
    ("en", "choose a card to discard", "choose cards to discard"),
], ids=["ru", "uk", "en"])
def test_a_discard_of_several_cards_is_asked_in_the_plural(lang, one, many):
    def prompt(n):
        return {"player": "101", "kind": "choose_cards", "purpose": "discard",
                "subset": {"ids": ["a", "b", "c"], "min": n, "max": n, "action": {"type": "discard"}, "field": "cards"}}
    assert R.decision_text(lang, prompt(1)) == one
    assert R.decision_text(lang, prompt(2)) == many   # over the select's "Choose 2…"


@pytest.mark.parametrize("lang, said", [
    ("ru", "Вы смотрите 2 верхние карты колоды вещей и оставляете себе 1"),
    ("uk", "Ви дивитеся 2 верхні карти колоди предметів і залишаєте собі 1"),
    ("en", "You look at the top 2 cards of the item deck and keep 1"),
], ids=["ru", "uk", "en"])
def test_a_look_read_as_you_is_counted_as_its_step_is(lang, said):
    """The "_you" form of draw_items counts its look through the step's own noun (noun.draw_items.look):
    «2 колоды вещей» was "2 decks"."""
    from bot.games.unfathomable.effect_text import effect_text
    hold = next(z for z in RULES.pack.board.zones if z.id == "cargo_hold").action.effect
    step = hold[-1]
    assert step.name == "draw_items" and step.spec.look == 2
    yours = step.model_copy(update={"spec": step.spec.model_copy(update={"who": "current_player"})})
    assert effect_text(lang, [yours], you={"current_player"}) == said
