"""The Thing's card texts that follow the card data (:mod:`bot.games.effect_text`): a card's
target, its effect steps, the defence it allows and its turn rules, read out in en/uk/ru
(templates: ``locales/effects.<lang>.yaml``). The Thing and Infected! have no effect steps:
they keep their own texts."""
from __future__ import annotations

from bot.games.effect_text import EffectText, in_language, tidy

GAME = "thing"
# the card's face and deck data, not what it does
SKIP = frozenset({"id", "category", "copies", "weapon", "neighbours_only_rule"})


def _names(lang: str, field: str, value: str) -> str | None:
    return None


WRITER = EffectText(GAME, names=_names, skip=SKIP, quiet=frozenset({"target"}))


def has_effect(card) -> bool:
    return bool(getattr(card, "effects", None))


def card_text(lang: str, card) -> str:
    """What ``card`` does, in ``lang``."""
    if card is None:
        return ""
    if not has_effect(card):
        return in_language(getattr(card, "text", None), lang)
    if getattr(card, "target", None) == "nth":   # the exact seat is the target: said first, once
        text = WRITER.model(lang, WRITER.key("obj", "CardDef_nth"), card, skip={"target"})
    else:
        text = WRITER.model(lang, WRITER.key("obj", "CardDef"), card)
    text = tidy(text)
    return text if text.endswith((".", "!", "?")) else text + "."


def entry_text(lang: str, entry) -> str:
    return card_text(lang, entry)
