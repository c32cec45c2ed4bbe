"""Translation catalogs (en/uk/ru) and locale resolution.

Catalogs are YAML files in ``bot/locales/``; nested keys are addressed with dots
(``thing.event.exchanged``). Missing keys fall back to English, then to the key itself, so a
missing translation never breaks a game; ``tests`` check that the catalogs are complete.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml

LANGUAGES = ("en", "uk", "ru")
LOCALE_DIR = Path(__file__).with_name("locales")


def _flatten(data: dict, prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in data.items():
        full = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(_flatten(value, full + "."))
        else:
            out[full] = str(value)
    return out


@lru_cache(maxsize=None)
def catalog(language: str) -> dict[str, str]:
    path = LOCALE_DIR / f"{language}.yaml"
    return _flatten(yaml.safe_load(path.read_text(encoding="utf-8")) or {})


class _SafeDict(dict):
    def __missing__(self, key):
        return "{" + key + "}"


def t(language: str, key: str, **params) -> str:
    language = language if language in LANGUAGES else "en"
    template = catalog(language).get(key) or catalog("en").get(key) or key
    return template.format_map(_SafeDict(params)) if params else template


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


def card_name(language: str, game: str, card: str) -> str:
    if game == "thing":
        from engine.content.thing import default_pack
        found = default_pack().cards.get(card)
        if found is not None:
            return getattr(found.names, language if language in LANGUAGES else "en")
    return card
