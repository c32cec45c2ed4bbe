"""Characters on the ship: defeat, the Sick Bay, the Brig, titles and succession, attacks, trades
and granted actions (checklist E46-48, H95, L122-128, N139-143)."""
from __future__ import annotations

from engine.core.events import event
from engine.unfathomable.common import BRIG


class Players:
    FRAMES_: dict = {}

    def assign_title(self, s, title: str, events, lost_by: str | None = None) -> None:
        """Checklist 14, 141: the highest available character on the title's line."""
        line = self.titles_by_id[title].succession
        holders = [self.owner_of(s, ch) for ch in line]
        eligible = [p for p in holders if p and self.is_human(s, p) and s["zone_of"][p] != BRIG and p != lost_by]
        if not eligible and lost_by and self.is_human(s, lost_by) and s["zone_of"][lost_by] != BRIG:
            eligible = [lost_by]
        if not eligible:
            eligible = [p for p in holders if p and self.is_human(s, p)]
        holder = eligible[0] if eligible else None
        s["titles"][title] = holder
        events.append(event("title_passed", title=title, player=holder))

    def entered_brig(self, s, p, events) -> None:
        """Checklist 126: entering the Brig loses all titles."""
        for title, holder in s["titles"].items():
            if holder == p:
                self.assign_title(s, title, events, lost_by=p)

    def attack_targets(self, s, p, reach: str) -> list[str]:
        return []

    def statics(self, s, name: str) -> list:
        """(holder, spec) of every passive ability in play whose effect is the static ``name``."""
        out = []
        for p in s["players"]:
            for ref in self.abilities_of(s, p):
                if ref.startswith("card:"):
                    continue
                ab = self.ability(ref)
                if ab.timing != "passive":
                    continue
                if ab.requires is not None and not self.holds(s, ab.requires, {"id": "probe", "bind": {}, "self": p}):
                    continue
                out += [(p, st.spec) for st in ab.effect if st.name == name]
        return out
