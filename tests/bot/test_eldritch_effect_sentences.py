"""Eldritch effect texts read as sentences in en, uk and ru (issue 22's polish): every text the pack
generates (every entry, all three languages, as ``test_effect_text`` iterates them) is checked for
the faults a member tripped over, one class each:

* ``amount`` — a computed amount that reads as arithmetic or as a pile of things instead of a
  number: "the test's successes -2", "Health equal to the Items held", uk «здоров'я, скільки
  жетони…», ru «в количестве: …», a quantity standing where a count goes ("gain the test's
  successes Clues"), a plural hedged as «раз(и)»;
* ``damage`` — the monster a damage goes to after a colon (uk «завдати 2 шкоди: вибраний монстр»):
  uk and ru put it in the dative, as the rulebook's own sentence has it;
* ``colon`` — a uk/ru text with more colons than its English: a colon standing in for a case
  (uk «перевірка: Воля», «покласти 1 жетон Стародавніх: ця карта», «у локації з: монстр»);
  ``colon word`` counts the texts with one of the colons this branch replaced by the case;
* ``agreement`` — a noun after a number in the wrong CLDR form (uk «1 розуму», ru «1 здоровья»),
  a verb of the third person before "you" (uk «(вибирає ви)»), or a nominative where ru «не менее»
  wants the genitive («не менее число сыщиков»);
* ``doubled`` — a word said twice in a row ("give assets to to any investigator"), or a preposition
  before an adverb ("on anywhere");
* ``one-value range`` — a die's single face read as a range ("roll a die: 1–1");
* ``raw`` — a vocabulary id or template placeholder left raw; ``english`` — an English word at a uk
  or ru table.

Run as a module (``python -m tests.bot.test_eldritch_effect_sentences``) it prints the count of
texts per class and language, and the texts themselves with ``-v``."""
from __future__ import annotations

import re
import sys
from collections import Counter
from functools import lru_cache

import pytest
from babel import Locale

from bot.i18n import LANGUAGES, Plural, catalog
from tests.bot.test_effect_text import pack_nodes, writer

# "successes -2": a sign glued to a number after a word (a test's modifier "(-1)" stands alone)
SIGNED_AFTER_A_WORD = re.compile(r"\w\s[-−]\d")
# a plural hedged instead of picked (uk «повторити … раз(и)»): the CLDR form, or no number at all
HEDGED_PLURAL = re.compile(r"\w\((?:и|а|s)\)")
# a count of things where the text needs a number ("equal to the Items held", "by the gates")
THINGS_AS_A_NUMBER = {
    "en": re.compile(r"\b(?:equal to|by|costing|at least|at most|repeat) the (?:gates|monsters|Cultists|Rumors|"
                     r"Eldritch tokens|health tokens|Clues|solved|spells|Items|conditions|skill improvements|"
                     r"Mythos cards|dice|test's successes)\b"),
    # «здоров'я, скільки жетони…»: a nominative where «стільки…, скільки» wants a number
    "uk": re.compile(r"(?<!стільки )(?:здоров'я|розум|докази), скільки\b"),
    "ru": re.compile(r"в количестве:"),
}
# the mass nouns of the rulebooks after a number: uk «1 розум», «3 розуму» (002, «втрачає 1 розум»,
# «втратити 3 розуму»); ru «1 здоровье», «1 рассудок» (004: «теряет 1 здоровье», «1 рассудок»);
# the CLDR categories each form may follow
MASS_NOUNS = {
    "uk": {"розум": {"one"}, "розуму": {"few", "many", "other"}},
    "ru": {"здоровье": {"one"}, "здоровья": {"few", "many", "other"},
           "рассудок": {"one"}, "рассудка": {"few", "many", "other"},
           "ущерб": {"one"}, "ущерба": {"few", "many", "other"}},   # 004: «ущерб монстра»
}
NUMBER_AND_WORD = re.compile(r"(?<![\d–\-−+.,])(\d+) ([^\W\d_]+(?:'[^\W\d_]+)?)")
# a verb in the third person before "you" (uk «вибирає ви», ru «выбирает вы»)
PERSON = re.compile(r"\b(?:вибирає ви|выбирает вы)\b")
# ru «не менее»/«не более» govern the genitive: «не менее число сыщиков» is broken («не меньше, чем …»)
NOMINATIVE_AFTER_GENITIVE = re.compile(r"не (?:менее|более) (?:число|количество|половина|суммарная|стойкость|цена|"
                                       r"значение)\b")
DAMAGE_AFTER_A_COLON = {"uk": re.compile(r"шкоди: "), "ru": re.compile(r"ущерба: ")}
DOUBLED = re.compile(r"(?<![\w'])(\w+) \1(?!\w)", re.IGNORECASE)
RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|\{|\}")
ENGLISH = re.compile(r"[A-Za-z]{2,}")
CLASSES = ("amount", "count slot", "damage", "colon", "colon word", "agreement", "doubled", "one-value range",
           "raw", "english")
# a die's outcome of one face read as a range ("roll a die: 1–1"); "on anywhere"
ONE_VALUE_RANGE = re.compile(r"(?<![\d–])(\d+)–\1(?![\d–])")
ON_ANYWHERE = re.compile(r"\bon (?:anywhere|everywhere)\b")
# the colons the uk/ru catalogs wrote where the language has a case (the test, a token's card, what
# a space holds or lacks, the monster discarded, defeated, moved; a token put on a card)
# (a group's condition may end on its own case before the colon: «кожен дослідник …, якщо у локації без
# жетона Стародавніх: …» — "без" put it in the genitive, no colon stands for it)
COLON_FOR_A_CASE = {
    "uk": re.compile(r"перевірка: |(?<!без )жетон(?:и|ів|а)? (?:Стародавніх|здоров'я|таємниці): |локаці\w+ (?:з|без): |доказами з: |"
                     r"(?:скинути|перемогти|перемістити): (?:цей|вибраний|той|кожен|випадковий) монстр|на карту: "),
    "ru": re.compile(r"проверка: |(?<!без )жетон(?:а|ов)? (?:Древних|здоровья|тайны): |локаци\w+ (?:с|без): |уликами с: |"
                     r"(?:сбросить|победить|переместить): (?:этот|выбранный|тот|каждый|случайный) монстр|на карту: "),
}


@lru_cache(maxsize=None)
def plural_forms(lang: str) -> dict[str, set[str]]:
    """Every word the Eldritch catalogs write after ``{count}`` -> the CLDR categories it follows."""
    out: dict[str, set[str]] = {}
    for key, message in catalog(lang).items():
        if key.startswith("eldritch.") and isinstance(message, Plural):
            for category, form in message.items():
                for word in re.findall(r"\{\w+\} ([^\W\d_]+(?:'[^\W\d_]+)?)", form):
                    out.setdefault(word, set()).add(category)
    for word, categories in MASS_NOUNS.get(lang, {}).items():
        out[word] = set(categories)
    return out


def wrong_forms(lang: str, text: str) -> list[str]:
    """Each "number word" whose word the catalogs never put after a number of that category."""
    if lang == "en":
        return []
    forms, locale = plural_forms(lang), Locale.parse(lang)
    out = []
    for number, word in NUMBER_AND_WORD.findall(text):
        allowed = forms.get(word.lower())
        if allowed is not None and locale.plural_form(int(number)) not in allowed:
            out.append(f"{number} {word}")
    return out


def faults(lang: str, text: str) -> set[str]:
    """The classes of fault ``text`` (a generated text in ``lang``) shows."""
    out = set()
    if SIGNED_AFTER_A_WORD.search(text) or THINGS_AS_A_NUMBER[lang].search(text) or HEDGED_PLURAL.search(text):
        out.add("amount")
    if lang in DAMAGE_AFTER_A_COLON and DAMAGE_AFTER_A_COLON[lang].search(text):
        out.add("damage")
    if wrong_forms(lang, text) or PERSON.search(text) or NOMINATIVE_AFTER_GENITIVE.search(text):
        out.add("agreement")
    if ONE_VALUE_RANGE.search(text):
        out.add("one-value range")
    if DOUBLED.search(re.sub(r"«[^»]*»|“[^”]*”", "", text)) or ON_ANYWHERE.search(text):
        out.add("doubled")
    if RAW.search(text):
        out.add("raw")
    if lang != "en" and ENGLISH.search(text):
        out.add("english")
    return out


def quantity_as_a_count(lang: str) -> list[str]:
    """Steps whose plural template counts a computed quantity ("gain {count} Clues" with the test's
    successes for ``count``): the quantity must not stand where the number goes ("gain the test's
    successes Clues", uk «отримати кількість успіхів перевірки доказу»)."""
    module = writer("eldritch")
    _, steps = pack_nodes("eldritch")
    out = []
    for step in steps:
        template = catalog("en").get(f"eldritch.fx.{step.name}")
        if not isinstance(template, Plural) or step.kind != "primitive":
            continue
        value = getattr(step.spec, template.by, None)
        if value is None or isinstance(value, int) or type(value).__name__ != "Quantity":
            continue
        phrase = module.WRITER.quantity(lang, value)
        text = module.WRITER.step(lang, step)
        nouns = {m for form in catalog(lang)[f"eldritch.fx.{step.name}"].values()
                 for m in re.findall(r"\{" + template.by + r"\} ([^\W\d_]+)", form)}
        if any(re.search(re.escape(phrase) + r"(?: \([^)]*\))* " + re.escape(noun), text) for noun in nouns):
            out.append(text)
    return out


def colon_faults(lang: str, text: str, english: str) -> set[str]:
    if lang == "en":
        return set()
    out = {"colon"} if text.count(":") > english.count(":") else set()
    return out | ({"colon word"} if COLON_FOR_A_CASE[lang].search(text) else set())


def census(verbose: bool = False) -> Counter:
    """(class, language) -> how many distinct generated texts show it (``count slot``: steps)."""
    module = writer("eldritch")
    entries, _ = pack_nodes("eldritch")
    counts: Counter = Counter()
    for lang in LANGUAGES:
        texts = {module.entry_text(lang, entry) for entry in entries}
        for text in sorted(texts):
            for fault in faults(lang, text):
                counts[fault, lang] += 1
                if verbose:
                    print(f"[{fault} {lang}] {text}")
        pairs = {(module.entry_text(lang, entry), module.entry_text("en", entry)) for entry in entries}
        for text, english in sorted(pairs):
            for fault in colon_faults(lang, text, english):
                counts[fault, lang] += 1
                if verbose:
                    print(f"[{fault} {lang}] {text}")
        for text in quantity_as_a_count(lang):
            counts["count slot", lang] += 1
            if verbose:
                print(f"[count slot {lang}] {text}")
    return counts


@lru_cache(maxsize=None)
def all_texts() -> dict[str, list[str]]:
    module = writer("eldritch")
    entries, _ = pack_nodes("eldritch")
    return {lang: sorted({module.entry_text(lang, entry) for entry in entries}) for lang in LANGUAGES}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_computed_amount_reads_as_a_number(lang):
    """A spell's result "prevent the loss of Health equal to the test's successes -2" read as
    arithmetic; "lose Health equal to the Items held" counts things as a number. Every amount
    computed from the game reads as a number: "the number of successes in the test minus 2"."""
    bad = [text for text in all_texts()[lang] if "amount" in faults(lang, text)]
    assert bad == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_computed_quantity_never_stands_where_a_count_goes(lang):
    assert quantity_as_a_count(lang) == []


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_the_monster_a_damage_goes_to_is_in_the_dative(lang):
    """uk «завдати 2 шкоди: вибраний монстр» named the monster after a colon; the target goes
    where the language puts it: «завдати вибраному монстру 2 шкоди», ru «нанести выбранному
    монстру 2 ущерба» (004: «ущерб монстра»)."""
    bad = [text for text in all_texts()[lang] if "damage" in faults(lang, text)]
    assert bad == []


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_a_case_is_said_by_the_case_not_by_a_colon(lang):
    """uk «перевірка: Воля», «покласти 1 жетон Стародавніх: ця карта», «у локації з: монстр»,
    «скинути: вибраний монстр»: a colon stood where the language declines the word. The rulebook
    says «перевірку волі», «перевірку спостережливості» (002); the catalogs give each such place
    its case (wf.test.skill, wf.where, wf.has, wf.without, obj.Monsters_accusative)."""
    module = writer("eldritch")
    entries, _ = pack_nodes("eldritch")
    bad = sorted({text for text in (module.entry_text(lang, e) for e in entries) if COLON_FOR_A_CASE[lang].search(text)})
    assert bad == []


@pytest.mark.parametrize("lang", ["uk", "ru"])
def test_a_noun_after_a_number_takes_its_cldr_form(lang):
    """uk «втратити 1 розуму», ru «потерять 1 здоровья»: after 1 the rulebooks write «1 розум»
    (002: «Вона втрачає 1 розум»), «1 здоровье», «1 рассудок» (004: «теряет 1 здоровье»)."""
    bad = [(text, wrong_forms(lang, text)) for text in all_texts()[lang] if "agreement" in faults(lang, text)]
    assert bad == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_word_is_said_twice_in_a_row(lang):
    bad = [text for text in all_texts()[lang] if "doubled" in faults(lang, text)]
    assert bad == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_single_face_of_a_die_reads_as_one_number(lang):
    bad = [text for text in all_texts()[lang] if "one-value range" in faults(lang, text)]
    assert bad == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_raw_id_and_no_english_at_a_uk_or_ru_table(lang):
    bad = [text for text in all_texts()[lang] if faults(lang, text) & {"raw", "english"}]
    assert bad == []


if __name__ == "__main__":
    counts = census(verbose="-v" in sys.argv)
    for fault in CLASSES:
        print(f"{fault:12}", "  ".join(f"{lang}={counts[fault, lang]}" for lang in LANGUAGES))


@pytest.mark.parametrize("lang, said", [
    ("en", "Solved when: “Nug” is no longer on the board."),
    ("uk", "Розгадано, коли: на полі більше немає епічного монстра «Наґ»."),   # «немає» + genitive (ne18b: epic)
    ("ru", "Раскрыта, когда: на поле больше нет эпического монстра «Нуг».")])   # «нет» + genitive
def test_an_epic_monsters_mystery_says_it_is_solved_when_the_monster_is_gone(lang, said):
    """Spawn of the Black Goat read "Solved when: not (“Nug” is on the board)." on the table: a
    negation the language says in its own words: every negation the data holds (a monster gone:
    five mysteries, three rumors; a failed test: four monsters; a gate off the omen: one card; a die
    not showing a 4: four spell backs; a condition not held: one spell back)."""
    from bot.games.eldritch import render
    pack = render._pack()
    assert render.text_of(lang, pack["mystery"]["spawn_of_the_black_goat"]).endswith(said)
    from bot.games.eldritch.effect_text import entry_text
    entries = [entry for category in render.CARD_CATEGORIES for entry in pack[category].values()]
    entries += [back for entry in entries for back in (getattr(entry, "backs", None) or [])]
    for entry in entries:
        text = entry_text(lang, entry)
        assert "not (" not in text and "не (" not in text, text
        assert ".;" not in text, text  # a hook's sentence inside a list (No Peace For the Fallen, play7)
