"""Eldritch Horror: the content pack as plain data (effects included), map distances, constants.

Effects are turned once into plain JSON data: a step ``{op: name, **params}`` (every parameter
with its default filled in), a condition the same way, an amount an int or ``{of: ...}``; so a
frame can hold the steps it still has to run and a saved state resumes exactly.
"""
from __future__ import annotations

from collections import deque

from pydantic import BaseModel

from engine.content.dialect import Tagged

SKILLS = ("lore", "influence", "observation", "strength", "will")
ACTIONS = ("travel", "rest", "trade", "prepare", "acquire")
PHASES = ("action", "encounter", "mythos")


def plain(x):
    """A content value as plain data: Tagged steps and conditions become ``{op, **params}``."""
    if isinstance(x, Tagged):
        out = {"op": x.name}
        out.update(_fields(x.spec))
        return out
    if isinstance(x, BaseModel):
        return _fields(x)
    if isinstance(x, (list, tuple)):
        return [plain(v) for v in x]
    if isinstance(x, dict):
        return {k: plain(v) for k, v in x.items()}
    return x


def _fields(model: BaseModel) -> dict:
    out = {}
    for name, info in type(model).model_fields.items():
        out[info.alias or name] = plain(getattr(model, name))
    return out


class Content:
    """Everything the rules read from the pack, as plain dicts keyed by id."""

    def __init__(self, pack):
        self.pack = pack
        m = pack.map
        self.spaces = {s.id: {"id": s.id, "type": s.type, "gate": s.gate, "deck": s.encounter_deck,
                              "expedition": s.expedition} for s in m.spaces}
        self.space_ids = [s.id for s in m.spaces]
        self.adj: dict[str, dict[str, str]] = {s: {} for s in self.spaces}
        for p in m.paths:
            self.adj[p.a][p.b] = p.kind
            self.adj[p.b][p.a] = p.kind
        self.dist = {s: self._bfs(s) for s in self.spaces}
        self.omen_track = [o.omen for o in sorted(m.omen_track, key=lambda o: o.index)]
        self.omen_start = next(o.index for o in m.omen_track if o.start)
        self.doom_top = m.doom_track.top
        self.references = [{"id": r.id, "players": list(r.players), "gates": r.gates, "clues": r.clues,
                            "surge": r.surge} for r in m.reference_cards]
        self.limits = m.limits
        self.gate_spaces = [s.id for s in m.spaces if s.gate]
        self.investigators = {i.id: plain(i) for i in pack.investigators.investigators}
        self.investigator_ids = [i.id for i in pack.investigators.investigators]
        self.monsters = {x.id: plain(x) for x in pack.monsters.monsters}
        self.ancient_ones = {a.id: plain(a) for a in pack.ancient_ones.ancient_ones}
        self.ao_ids = [a.id for a in pack.ancient_ones.ancient_ones]
        self.mysteries = {}
        for a in self.ancient_ones.values():
            for my in a["mysteries"]:
                self.mysteries[my["id"]] = my
            if a.get("final_mystery"):
                self.mysteries[a["final_mystery"]["id"]] = a["final_mystery"]
        self.mythos = {x.id: plain(x) for x in pack.mythos.mythos}
        self.assets = {x.id: plain(x) for x in pack.assets.assets}
        self.artifacts = {x.id: plain(x) for x in pack.artifacts.artifacts}
        self.spells = {x.id: plain(x) for x in pack.spells.spells}
        self.conditions = {x.id: plain(x) for x in pack.conditions.conditions}
        self.back_of = {}   # back id -> (card id, "spell"|"condition")
        for sid, sp in self.spells.items():
            for b in sp["backs"]:
                self.back_of[b["id"]] = (sid, "spell")
        for cid, c in self.conditions.items():
            for b in c["backs"]:
                self.back_of[b["id"]] = (cid, "condition")
        self.backs = {}
        for card in list(self.spells.values()) + list(self.conditions.values()):
            for b in card["backs"]:
                self.backs[b["id"]] = b
        self.decks = {}     # encounter deck id -> {kind, ancient_one, cards: {id: card}}
        for d in pack.decks():
            self.decks[d.id] = {"id": d.id, "kind": d.kind, "ancient_one": d.ancient_one,
                                "spaces": list(d.spaces), "cards": {c.id: plain(c) for c in d.cards}}
        self.hooks = {h.id: h for h in pack.hooks.hooks}

    def _bfs(self, start: str) -> dict[str, int]:
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in self.adj[here]:
                if nxt not in dist:
                    dist[nxt] = dist[here] + 1
                    queue.append(nxt)
        return dist

    def reference(self, count: int) -> dict:
        return next(r for r in self.references if count in r["players"])

    def card(self, cid: str) -> dict | None:
        """An asset, artifact, spell or condition by id."""
        for table in (self.assets, self.artifacts, self.spells, self.conditions):
            if cid in table:
                return table[cid]
        return None

    def card_kind(self, cid: str) -> str | None:
        for kind, table in (("asset", self.assets), ("artifact", self.artifacts), ("spell", self.spells),
                            ("condition", self.conditions)):
            if cid in table:
                return kind
        return None
