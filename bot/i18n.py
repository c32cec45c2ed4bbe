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

Fallbacks
    Missing keys fall back to English (a plural then follows English rules), then to the key
    itself, so a missing translation never breaks a game; ``tests`` check the catalogs are complete.
"""
from __future__ import annotations

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


def t(language: str, key: str, **params) -> str:
    language = language if language in LANGUAGES else "en"
    message = catalog(language).get(key)
    if not message:
        language, message = "en", catalog("en").get(key) or key
    if isinstance(message, Plural):
        message = message.template(language, params)
    return message.format_map(_SafeDict(params)) if params else message


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
