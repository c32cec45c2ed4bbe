"""Tracks, course cards, Arrival, the Awakening phase and the Great Banishment (checklist M129-138)."""
from __future__ import annotations

from engine.core.events import event


class Tracks:
    FRAMES_: dict = {}

    def advance(self, s, track: str, spaces: int, events) -> None:
        self.not_yet("advance")
