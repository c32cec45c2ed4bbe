"""Every end of game (checklist Q166-172), checked by the core after every primitive step.

Other modules never end the game themselves; they set the flags read here:
``state["arrived"]`` (the journey token reached Arrival with 12+ played distance),
``state["deep_ones_short"]`` (Deep Ones had to be placed and the supply was short), and
``state["course_reaching_12"]`` (a course card that brings the distance to 12+ is resolving: a
Cultist wins if the game ends meanwhile). Dials at 0 and six damaged zones are read directly.
The first condition met ends the game (checklist 166 [R]); when one primitive meets several at
once, the order below decides (ruling P7).
"""
from __future__ import annotations

from engine.core.events import event

HUMAN_WIN = "humans"
TRAITOR_WIN = "traitors"


class Ending:
    def check_end(self, s):
        if not s.get("setup_done"):
            return None
        if s.get("arrived"):
            return self.result(s, "journey_completed", HUMAN_WIN)
        if any(v <= 0 for v in s["resources"].values()):
            return self.result(s, "resource_depleted", TRAITOR_WIN)
        if len(s["damage"]) >= 6:
            return self.result(s, "ship_destroyed", TRAITOR_WIN)
        if s.get("deep_ones_short"):
            return self.result(s, "deep_ones_exhausted", TRAITOR_WIN)
        return None

    def winners(self, s, side: str) -> list[str]:
        """Checklist 168-171: on Arrival every player holding only Human cards wins (a player
        with no loyalty card yet holds no traitor card: ruling P8); on any other ending every
        Hybrid holder wins, and a Cultist holder too when the played distance is 12+ or the game
        ends during the course card reaching 12. Revealing changes nothing (checklist 171)."""
        out = []
        reaching = s["distance"] >= 12 or bool(s.get("course_reaching_12"))
        for p in s["players"]:
            cards = s["loyalty"][p]
            if side == HUMAN_WIN:
                if all(c == "human" for c in cards):
                    out.append(p)
            elif "hybrid" in cards or ("cultist" in cards and reaching):
                out.append(p)
        return out

    def result(self, s, reason: str, side: str) -> dict:
        return {"reason": reason, "team": side, "winners": self.winners(s, side),
                "loyalty": {p: list(s["loyalty"][p]) for p in s["players"]}, "distance": s["distance"]}

    def game_over(self, s, events):
        """Checklist 167: every player reveals every loyalty card."""
        # which dial ran out is the table's news too (told by the event only: the result is as it was)
        empty = [r for r, v in s["resources"].items() if v <= 0] if s["result"]["reason"] == "resource_depleted" else []
        events.append(event("game_over", reveal=True, **s["result"], **({"empty": empty} if empty else {})))
