"""Unfathomable's zones as a sentence names them (shared by the renderer and the effect-text
writer, which must not import each other)."""
from __future__ import annotations

from bot.games.unfathomable.pack_index import _names
from bot.i18n import t

K = "unfathomable"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def _named_zone(lang: str, z) -> str:
    found = _names()["zone"].get(z)
    if found is None:
        return str(z)
    return getattr(found, lang, None) or found.en


def zone(lang: str, z) -> str:
    if z is None:
        return "—"
    name = _named_zone(lang, z)
    if name.startswith("The "):   # a zone's name read mid-sentence: "Mother Hydra → the Depths"
        return "the" + name[3:]
    return _cap(name)


ZONE_CASES = ("in", "into", "of", "acc", "from")


def zone_case(lang: str, z, case: str) -> str:
    """A zone as a sentence names it, in the case it needs: ``in`` "on the Bridge" / «на містку»,
    ``into`` «у лазарет», ``of`` «каплиці», ``acc`` «трюм»; a numbered water or deck space by its
    number («у палубній зоні 1»), never «у зоні «Палубна зона 1»»."""
    if z is None:
        return "—"
    z = str(z)
    if len(z) == 2 and z[0] in "wd" and z[1].isdigit():
        return t(lang, f"{K}.zone_{case}.{'water' if z[0] == 'w' else 'deck'}", n=z[1])
    key = f"{K}.zone_{case}.{z}"
    said = t(lang, key)
    return zone(lang, z) if said == key else said
