"""Translation catalogs (en/uk/ru), plurals and locale resolution.

Where messages live
    ``bot/locales/{lang}.yaml`` is the shared catalog: lobby, admin, settings, commands and the
    errors every game may raise. It names no game. Each game keeps its own messages in
    catalogs folder its declaration names (:class:`engine.core.games.Game`, ``locales``; the
    built-in games keep theirs in ``bot/games/<game>/locales/{lang}.yaml``): its roles, its options,
    its ``<game>.*`` table/log/panel texts, its own rule errors. A game's name ``kind.<game>`` comes
    from its declaration's ``names``. :func:`catalog` merges the shared catalog with every declared
    game's catalog; keys keep their full dotted names
    (``t(lang, "thing.table.title")``), and a key defined twice (shared and game, or two games) is
    an error at load. Nested keys are addressed with dots (``thing.event.exchanged``).

Plurals
    A message that depends on a number is a mapping of CLDR plural categories to templates::

        cards:
          one: "{count} карта"      # 1, 21, 31…
          few: "{count} карти"      # 2–4, 22–24…
          many: "{count} карт"      # 0, 5–20, 25–30…
          other: "{count} карти"    # fractions

    ``en`` needs ``one`` and ``other``; ``uk`` and ``ru`` need ``one``, ``few``, ``many`` and
    ``other`` (CLDR's sets, as Babel reports them; ``tests`` check each mapping has exactly its
    language's categories). A mapping is a plural message when it has ``other`` and nothing but
    CLDR categories (``zero one two few many other``) and ``_plural_by``.

    ``t(lang, key, count=n, …)`` picks the form with Babel: ``Locale.parse(lang).plural_form(n)``.
    The number is the ``count`` parameter, unless the mapping names another placeholder with
    ``_plural_by`` (``_plural_by: turns`` → the form follows ``turns=``); every language of a message
    uses the same ``_plural_by``. If that parameter is missing or not a number, ``other`` is used
    (and a missing placeholder is left as ``{count}``, as for any message).

Ukrainian euphony
    Where a uk template joins a name or a phrase it is given to «в/у» or «і/й» (``{player} у
    карцері``, ``іде {into}`` with «у лазарет»), the word follows the sounds that meet it: «в»/«й»
    after a vowel, «у»/«і» after a consonant («Олена в карцері», «Гедройць у карцері», «зазнає
    поразки в каплиці й переміщується в лазарет», «не в карцері й у вашого персонажа»); «у» before
    «в», «ф», «льв», «св», «тв», «хв», «зв» («у водну зону»); «і» before «й», «є», «ї», «ю», «я».
    The template's word stays where a sound is unknown (a mention, a sign or pause, a round
    number) and «в/у» before a vowel. Russian has no such pair (its «во» is written in templates).

Fallbacks
    Missing keys fall back to English (a plural then follows English rules), then to the key
    itself, so a missing translation never breaks a game; ``tests`` check the catalogs are complete.
"""
from __future__ import annotations

import re
import string
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from pathlib import Path

import yaml
from babel import Locale

LANGUAGES = ("en", "uk", "ru")
LOCALE_DIR = Path(__file__).with_name("locales")
PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")
PLURAL_BY = "_plural_by"


class Plural(dict):
    """A plural message: CLDR category -> template, and ``by``, the parameter that picks the form."""

    def __init__(self, forms: dict):
        super().__init__({category: str(text) for category, text in forms.items() if category != PLURAL_BY})
        self.by = str(forms.get(PLURAL_BY) or "count")

    def template(self, language: str, params: dict) -> str:
        category = plural_category(language, params.get(self.by))
        return self.get(category) or self["other"]


def is_plural(value) -> bool:
    """A YAML mapping is a plural message: it has ``other`` and only CLDR categories (and ``_plural_by``)."""
    return (isinstance(value, dict) and "other" in value
            and set(value) <= set(PLURAL_CATEGORIES) | {PLURAL_BY})


@lru_cache(maxsize=None)
def _plural_rule(language: str):
    return Locale.parse(language).plural_form


def plural_category(language: str, number) -> str:
    """CLDR category of ``number`` in ``language`` (``other`` for a missing or non-numeric value)."""
    if isinstance(number, bool) or number is None:
        return "other"
    if not isinstance(number, (int, float, Decimal)):
        try:
            number = Decimal(str(number).strip())
        except InvalidOperation:
            return "other"
        number = int(number) if number == number.to_integral_value() else number
    return _plural_rule(language if language in LANGUAGES else "en")(number)


def _flatten(data: dict, prefix: str = "") -> dict[str, str | Plural]:
    out: dict[str, str | Plural] = {}
    for key, value in data.items():
        full = f"{prefix}{key}"
        if is_plural(value):
            out[full] = Plural(value)
        elif isinstance(value, dict):
            out.update(_flatten(value, full + "."))
        else:
            out[full] = str(value)
    return out


def catalog_files(language: str) -> list[Path]:
    """The shared catalog, then every declared game's catalog, for ``language``."""
    from engine.core.games import games
    folders = [declared.locales_dir() for declared in games().values()]
    return [LOCALE_DIR / f"{language}.yaml", *(folder / f"{language}.yaml" for folder in folders if folder),
            # a game's topical catalogs beside its own (effects.<lang>.yaml: the texts that follow the effects)
            *(topical for folder in folders if folder for topical in sorted(folder.glob(f"*.{language}.yaml")))]


def _game_names(language: str) -> dict[str, str]:
    from engine.core.games import games
    return {f"kind.{game_id}": declared.names.get(language) or declared.names.get("en") or game_id
            for game_id, declared in games().items()}


# libyaml's safe loader when PyYAML was built with it: the catalogs load ~10x faster (start-up
# reads every catalog for the commands' descriptions); the same YAML either way
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _read(path: Path) -> dict[str, str | Plural]:
    if not path.is_file():
        return {}
    return _flatten(yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER) or {})


@lru_cache(maxsize=None)
def catalog(language: str) -> dict[str, str | Plural]:
    merged: dict[str, str | Plural] = dict(_game_names(language))
    origin: dict[str, Path | str] = dict.fromkeys(merged, "the games' declarations")
    for path in catalog_files(language):
        for key, value in _read(path).items():
            if key in merged:
                raise ValueError(f"catalog key {key!r} is defined in both {origin[key]} and {path}")
            merged[key], origin[key] = value, path
    return merged


class _SafeDict(dict):
    def __missing__(self, key):
        return "{" + key + "}"


# ---------------------------------------------------------------- Ukrainian euphony (module doc)
_SEAM = "\x00"   # marks where a template's own words meet a value it was given
_UK_VOWELS = set("аеєиіїоуюяАЕЄИІЇОУЮЯaeiouyAEIOUY")
_UK_ALWAYS_U = ("в", "ф", "льв", "св", "тв", "хв", "зв")   # «у» before these, whatever comes first
_UK_PAIRS = {"в": ("в", "у"), "у": ("в", "у"), "і": ("й", "і"), "й": ("й", "і")}  # (after a vowel, after a consonant)
# a lone preposition next to a seam: the word before it, the preposition, the word after it
_UK_JOIN = re.compile(r"([^\s\x00]+)(\x00? \x00?)([вуій])(?=(\x00? \x00?)([^\s\x00]+))", re.IGNORECASE)
# a number read aloud ends in a vowel (два, три, чотири) or a consonant (один, п'ять … дев'ять, -надцять)
_DIGIT_ENDS = {"1": False, "2": True, "3": True, "4": True, "5": False, "6": False, "7": False,
               "8": False, "9": False}


def _ends_in_vowel(word: str) -> bool | None:
    """Whether a word's last sound is a vowel (None: a sign, a mention, a round number: unknown)."""
    word = word.replace(_SEAM, "").rstrip("*_~`»\"'’")
    if not word:
        return None
    last = word[-1]
    if last.isdigit():
        return False if word[-2:-1] == "1" else _DIGIT_ENDS.get(last)
    if not last.isalpha():
        return None
    return last in _UK_VOWELS


def uk_euphony(word_before: str, preposition: str, word_after: str) -> str:
    """«в»/«у» or «й»/«і» as the words around it sound (the module doc); unknown: as written."""
    after = word_after.replace(_SEAM, "").lstrip("*_~`«\"'(").lower()
    low = preposition.lower()
    if not after or not after[0].isalpha() or after[0] in _UK_VOWELS and low in "ву":
        return preposition
    if low in "ву" and after.startswith(_UK_ALWAYS_U):
        chosen = "у"
    elif low in "ій" and after[0] in "йєїюя":   # «і» before a й-sound: «і йде», «і її»
        chosen = "і"
    else:
        vowel = _ends_in_vowel(word_before)
        if vowel is None:   # a pause (a sign after the word), a mention, a round number
            return preposition
        chosen = _UK_PAIRS[low][0 if vowel else 1]
    return chosen.upper() if preposition.isupper() else chosen


@lru_cache(maxsize=4096)
def _seamed(template: str) -> str:
    """``template`` with each value's place marked by a seam on either side (parsed once a template)."""
    marked = []
    for literal, field, spec, conversion in string.Formatter().parse(template):
        marked.append(literal.replace("{", "{{").replace("}", "}}"))
        if field is not None:
            marked.append(_SEAM + "{" + field + (f"!{conversion}" if conversion else "")
                          + (f":{spec}" if spec else "") + "}" + _SEAM)
    return "".join(marked)


def _uk_joined(template: str, params: dict) -> str:
    """``template`` formatted, each «в/у», «і/й» beside a given value sounding right with it."""
    text = _seamed(template).format_map(_SafeDict(params))
    if _SEAM in text:   # only a preposition a seam touches changes: the template's own words stay
        text = _UK_JOIN.sub(lambda m: m.group(1) + m.group(2) + (
            uk_euphony(m.group(1), m.group(3), m.group(5)) if _SEAM in m.group(2) + m.group(4)
            else m.group(3)), text)
    return text.replace(_SEAM, "")


def between(language: str, before: str, word: str, after: str) -> str:
    """``before + word + after``, ``word`` a catalog's joining word (" і "): in uk the «і/й»,
    «в/у» the sounds around it want, as in a template (the module doc)."""
    if language == "uk":
        return _uk_joined("{before}" + word.replace("{", "{{").replace("}", "}}") + "{after}",
                          {"before": before, "after": after})
    return before + word + after


def t(language: str, key: str, **params) -> str:
    language = language if language in LANGUAGES else "en"
    message = catalog(language).get(key)
    if not message:
        language, message = "en", catalog("en").get(key) or key
    if isinstance(message, Plural):
        message = message.template(language, params)
    if not params:
        return message
    if language == "uk":
        return _uk_joined(message, params)
    return message.format_map(_SafeDict(params))


def has(language: str, key: str) -> bool:
    return key in catalog(language)


def language_of(discord_locale) -> str:
    """Map a Discord locale (``uk``, ``ru``, ``en-US``…) to a catalog language."""
    value = str(getattr(discord_locale, "value", discord_locale) or "")
    if value.startswith("uk"):
        return "uk"
    if value.startswith("ru"):
        return "ru"
    return "en"
