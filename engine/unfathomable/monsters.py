"""Mother Hydra, Father Dagon, the Deep Ones and the Depths (checklist I98-108)."""
from __future__ import annotations

from engine.core.events import event
from engine.unfathomable.common import DEPTHS


class Monsters:
    FRAMES_: dict = {}

    def activate(self, s, monster: str, events, times: int = 1) -> None:
        """Activation symbol or ``activate`` step (owner: monsters helper; see README 'Monsters')."""
        events.append(event("monster_activated", monster=monster))
        self.not_yet("activate")

    def place_deep_ones(self, s, zone: str, count: int, events) -> bool:
        """Checklist 105: with too few in the supply the game ends at once (the Deep Ones win)."""
        if s["deep_one_supply"] < count:
            s["deep_ones_short"] = True
            return False
        s["deep_one_supply"] -= count
        s["deep_ones"][zone] = s["deep_ones"].get(zone, 0) + count
        events.append(event("deep_ones_placed", zone=zone, count=count))
        return True
