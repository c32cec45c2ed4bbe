"""The pack's entries by category, for the renderer and the generated effect texts alike."""
from __future__ import annotations

from functools import lru_cache

from engine.registry import rules_for

GAME = "eldritch"


@lru_cache(maxsize=1)
def _pack() -> dict:
    """category -> {id: entry} (entries keep their Names and Text)."""
    pack = rules_for(GAME).pack
    out = {
        "investigator": {x.id: x for x in pack.investigators.investigators},
        "space": {x.id: x for x in pack.map.spaces},
        "monster": {x.id: x for x in pack.monsters.monsters},
        "ancient_one": {x.id: x for x in pack.ancient_ones.ancient_ones},
        "mythos": {x.id: x for x in pack.mythos.mythos},
        "asset": {x.id: x for x in pack.assets.assets},
        "artifact": {x.id: x for x in pack.artifacts.artifacts},
        "spell": {x.id: x for x in pack.spells.spells},
        "condition": {x.id: x for x in pack.conditions.conditions},
        "other_world": {x.id: x for x in pack.map.other_worlds},
        "deck": {d.id: d for d in pack.decks()},
    }
    out["mystery"] = {}
    for ao in pack.ancient_ones.ancient_ones:
        for m in ao.mysteries:
            out["mystery"][m.id] = m
        if ao.final_mystery:
            out["mystery"][ao.final_mystery.id] = ao.final_mystery
    out["back"] = {b.id: b for card in list(pack.spells.spells) + list(pack.conditions.conditions) for b in card.backs}
    out["encounter"] = {(d.id, c.id): c for d in pack.decks() for c in d.cards}
    return out


CARD_CATEGORIES = ("asset", "artifact", "spell", "condition", "mythos", "mystery", "monster", "investigator",
                   "ancient_one", "space", "other_world", "deck")
