"""uk and ru tables of The Thing and Unfathomable read as a native newcomer (nl20), mended:
1 Ukrainian euphony where a template meets a name or phrase it is given: «в»/«й» after a vowel,
  «у»/«і» after a consonant («відправити Светлану Гедройць у карцер», «🤖 Keeper 2 в карцері»,
  «зазнає поразки в каплиці й переміщується в лазарет»); ru keeps its «в»; the rulebook's
  genitive «з карцеру» (000: «перед тим, як переміститися з карцеру»), never «з карцера»."""
from __future__ import annotations

import pytest

from bot.games.unfathomable import render as R
from bot.i18n import between, t, uk_euphony
from engine.core.events import event

KEEPER2, ANN = "keeper-2", "1001"


def line(ev, lang):
    (said,) = [str(x) for x in R.public_lines([ev], lang)]
    return said


# ---------------------------------------------------------------- 1
@pytest.mark.parametrize("before, word, after, said", [
    ("Гедройць", "в", "карцер", "у"),      # a consonant (its soft sign) before: «у»
    ("гравця", "у", "карцер", "в"),        # a vowel before: «в»
    ("Андрій", "в", "лазарет", "у"),       # «й» is a consonant
    ("Гідру", "у", "водну", "у"),          # «у» before «в» whatever comes first
    ("2", "у", "карцері", "в"),            # «два»
    ("12", "в", "карцері", "у"),           # «дванадцять»
    ("<@1>", "в", "карцер", "в"),          # a mention: its sound is unknown, the template's word stays
    ("каплиці", "і", "переміщується", "й"),
    ("Глибинах", "й", "переміщується", "і"),
    ("карцері", "і", "у", "й"),            # «й» between vowels
    ("каплиці", "й", "йде", "і"),          # never «й йде»
    ("Bob", "в", "карцер", "у"),           # a Latin name by its letter
])
def test_the_uk_preposition_follows_the_sound_before_it(before, word, after, said):
    assert uk_euphony(before, word, after) == said


PEACEMAKER_REFUSE = {"uk": "Відправити Светлану Гедройць у карцер", "ru": "Отправить Светлану Гедройц в карцер"}
VISION = {"uk": "; відправити поточного гравця в карцер", "ru": "; отправить текущего игрока в карцер"}


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_a_character_sent_to_the_brig_reads_with_the_right_preposition(lang):
    """«Відправити Светлану Гедройць в карцер»: «ць в к» is three consonants in a row."""
    from bot.games.unfathomable.effect_text import effect_text
    from tests.bot.test_unfathomable_newcomer18c import _mythos, _options
    assert effect_text(lang, _options(_mythos("do_no_harm"))[1]).startswith(PEACEMAKER_REFUSE[lang])
    assert effect_text(lang, _options(_mythos("strange_vision"))[0]).endswith(VISION[lang])


DEFEATS = {
    "uk": ["🤖 Keeper 2 зазнає поразки в каплиці й переміщується в лазарет.",
           "🤖 Keeper 2 зазнає поразки в Глибинах і переміщується в лазарет."],
    "ru": ["🤖 Keeper 2 терпит поражение в часовне и отправляется в лазарет.",
           "🤖 Keeper 2 терпит поражение в пучине и отправляется в лазарет."],
}


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_a_defeat_reads_with_the_rulebooks_verb_and_euphony(lang):
    """«зазнає поразки у каплиці і йде у лазарет»: the rulebook 000 «переміщується в лазарет»."""
    said = [line(event("player_defeated", player=KEEPER2, zone=z, to="sick_bay"), lang) for z in ("chapel", "depths")]
    assert said == DEFEATS[lang]


@pytest.mark.parametrize("lang, player, said", [
    ("uk", KEEPER2, "🤖 Keeper 2 в карцері: кризу карти «Отруєна їжа» пропущено."),
    ("uk", ANN, "<@1001> у карцері: кризу карти «Отруєна їжа» пропущено."),   # a mention: as written
    ("ru", KEEPER2, "🤖 Keeper 2 в карцере: кризис карты «Отравленная еда» пропущен."),
])
def test_a_player_in_the_brig_reads_with_the_right_preposition(lang, player, said):
    assert line(event("crisis_skipped_brig", player=player, card="poisoned_food"), lang) == said


def test_leaving_the_brig_goes_in_to_a_deck_zone_with_v():
    said = line(event("player_moved", player=KEEPER2, frm="brig", to="d1", reason="left_brig"), "uk")
    assert said == "🤖 Keeper 2 виходить із карцеру й іде в палубну зону 1."
    said = line(event("player_moved", player=KEEPER2, frm="brig", to="w1", reason="left_brig"), "uk")
    assert said == "🤖 Keeper 2 виходить із карцеру й іде у водну зону 1."


def test_conditions_joined_read_with_i_or_y():
    """«ваш персонаж не в карцері і у вашого персонажа …»: «й» between vowels."""
    from tests.bot.test_unfathomable_newcomer18b import _every_text
    joined = "\n".join(_every_text("uk"))
    assert "якщо ваш персонаж не в карцері й у вашого персонажа є принаймні 1 карта в руці" in joined
    assert "не в карцері і у" not in joined
    assert between("uk", "Мати Гідра", " і ", "Батько Дагон") == "Мати Гідра й Батько Дагон"
    assert between("ru", "Матерь Гидра", " и ", "Отец Дагон") == "Матерь Гидра и Отец Дагон"


def test_the_brig_is_left_in_the_rulebooks_genitive():
    """000: «перед тим, як переміститися з карцеру»; the effects said «з карцера»."""
    assert t("uk", "unfathomable.fx.leave_brig_you") == "ви виходите з карцеру"
    assert t("uk", "unfathomable.fx.leave_brig", who="поточний гравець") == "поточний гравець виходить із карцеру"



def test_the_uk_catalogs_own_words_follow_the_same_euphony():
    """The templates' own «в/у», «і/й» between two of their words, by the same rule (Eldritch's
    catalogs are read apart): «карта йде у скид», «монстра і символ треку» were left."""
    import re

    from bot.i18n import Plural, catalog
    wrong = []
    for key, value in catalog("uk").items():
        if key.startswith("eldritch."):
            continue
        for form in (value.values() if isinstance(value, Plural) else [value]):
            for m in re.finditer(r"(?<![\w{}])([\w'’]+) ([вуій]) (?=([\w'’]+))", form):
                if uk_euphony(m.group(1), m.group(2), m.group(3)) != m.group(2):
                    wrong.append(f"{key}: {m.group(0)}{m.group(3)}")
    assert wrong == []

# ---------------------------------------------------------------- 3 (the games read through)
HAND_LIMIT = {  # 000 l.592 «…скидає будь-які карти, щоб на руці лишилося щонайбільше 10 карт»; 001 «предел руки»
    "uk": "🤖 Keeper 2 скидає карту «Бойова підготовка» (Сила 1): на руці може бути щонайбільше 10 карт.",
    "ru": "🤖 Keeper 2 сбрасывает карту «Боевая подготовка» (Сила 1): предел руки — 10 карт.",
    "en": "🤖 Keeper 2 discards “Combat Training” (Strength 1): the hand limit is 10 cards.",
}


@pytest.mark.parametrize("lang", ["uk", "ru", "en"])
def test_a_discard_down_to_the_hand_limit_says_why(lang):
    """«🤖 Keeper 2 скидає карту «Бойова підготовка» (Сила 1).» after a mythos card: why a card
    went, nobody could tell (the step «Скиньте карти» has no line of its own)."""
    ev = event("skills_discarded", player=KEEPER2, cards=["strength:combat_training:1:1"], reason="hand_limit")
    assert line(ev, lang) == HAND_LIMIT[lang]
    other = event("skills_discarded", player=KEEPER2, cards=["strength:combat_training:1:1"], reason="effect")
    assert line(other, lang) == HAND_LIMIT[lang].split(":")[0] + "."   # another reason: the discard alone


ABOUT_TO_ROLL = {
    "uk": "🎲 🤖 Keeper 2 скидає карту «Шаленство» (Сила 4) і ось-ось кине кістку: значення карти додасться до кидка.",
    "ru": "🎲 🤖 Keeper 2 сбрасывает карту «Буйство» (Сила 4) и вот-вот бросит кубик: значение карты прибавится к броску.",
    "en": "🎲 🤖 Keeper 2 discards “Rampage” (Strength 4) and is about to roll: the card's value adds to the roll.",
}


@pytest.mark.parametrize("lang", ["uk", "ru", "en"])
def test_a_card_discarded_for_a_roll_says_what_it_does_to_the_roll(lang):
    """«…і ось-ось кине кістку за неї»: «за неї» (for it? instead of it?) told a newcomer nothing;
    the Boiler Room's card adds its value to the die (its text: «сума 7+»)."""
    discarded = event("skills_discarded", player=KEEPER2, cards=["strength:rampage:4:1"], reason="discard_and_roll")
    about = event("roll_started", player=KEEPER2, purpose="discard_and_roll")
    assert [str(x) for x in R.public_lines([discarded, about], lang)] == [ABOUT_TO_ROLL[lang]]


@pytest.mark.parametrize("lang, said", [
    ("uk", "🤖 Keeper 2 лишає карту «Миротворець» у грі."),
    ("ru", "🤖 Keeper 2 оставляет карту «Миротворец» в игре."),
])
def test_a_mythos_card_kept_in_play_is_named_as_a_card(lang, said):
    """«Олена лишає Миротворець у грі.»: a bare name read as a person (ru said «карту «…»»)."""
    assert line(event("card_kept", player=KEEPER2, card="the_peacemaker"), lang) == said
