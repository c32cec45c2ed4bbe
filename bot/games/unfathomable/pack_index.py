"""The pack's names by category, for the renderer and the generated effect texts alike."""
from __future__ import annotations

from functools import lru_cache

from engine.registry import rules_for

GAME = "unfathomable"


@lru_cache(maxsize=1)
def _names() -> dict:
    """category -> {id: Names}; ``skill`` is keyed by card title, ``skill_type`` by deck type."""
    pack = rules_for(GAME).pack
    out = {
        "mythos": {m.id: m.name for m in pack.mythos.mythos},
        "spell": {x.id: x.name for x in pack.spells.spells},
        "item": {x.id: x.name for x in pack.items.items},
        "course": {x.id: x.name for x in pack.course.course_cards},
        "damage": {x.id: x.name for x in pack.damage.damage_cards},
        "loyalty": {x.id: x.name for x in pack.loyalty.cards},
        "feat": {x.id: x.name for x in pack.feats.feats},
        "character": {x.id: x.name for x in pack.characters.characters},
        "zone": {x.id: x.name for x in pack.board.zones},
        "monster": {x.id: x.name for x in pack.monsters.monsters},
        "passenger": {x.id: x.name for x in pack.passengers.passengers},
        "title": {x.id: x.name for x in pack.titles.titles},
        "resource": {x.id: x.name for x in pack.resources.resources},
        "track": {x.id: x.name for x in pack.tracks.tracks},
        "skill_type": {d.type: d.name for d in pack.skill_cards.decks},
        "skill": {c.id: c.name for d in pack.skill_cards.decks for c in d.cards},
    }
    out["track_space"] = {(tr.id, sp.index): sp.name for tr in pack.tracks.tracks for sp in tr.spaces}
    return out
