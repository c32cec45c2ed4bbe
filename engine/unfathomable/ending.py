"""Every end of game (checklist Q166-172), checked after every primitive step."""
from __future__ import annotations

from engine.core.events import event


class Ending:
    def check_end(self, s):
        if not s.get("setup_done"):
            return None
        if s.get("arrived"):
            return self.result(s, "journey_completed", "humans")
        if any(v <= 0 for v in s["resources"].values()):
            return self.result(s, "resource_depleted", "traitors")
        if len(s["damage"]) >= 6:
            return self.result(s, "ship_destroyed", "traitors")
        if s.get("deep_ones_short"):
            return self.result(s, "deep_ones_exhausted", "traitors")
        return None

    def result(self, s, reason: str, side: str) -> dict:
        """Checklist 167-170: every loyalty card is revealed; Humans win on Arrival, Hybrids on any
        other ending; a Cultist also wins at distance 12+ (or with a Hybrid card)."""
        winners = []
        for p in s["players"]:
            cards = s["loyalty"][p]
            if side == "humans" and cards and all(c == "human" for c in cards):
                winners.append(p)
            elif side == "traitors" and "hybrid" in cards:
                winners.append(p)
            if "cultist" in cards and "hybrid" not in cards and p not in winners and \
                    (s["distance"] >= 12 or s.get("course_reaching_12")):
                winners.append(p)
        return {"reason": reason, "team": side, "winners": winners,
                "loyalty": {p: list(s["loyalty"][p]) for p in s["players"]}, "distance": s["distance"]}

    def game_over(self, s, events):
        events.append(event("game_over", reveal=True, **s["result"]))
