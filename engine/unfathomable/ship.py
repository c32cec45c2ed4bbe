"""Damage, repair and passengers (checklist J109-116, K117-121)."""
from __future__ import annotations


class Ship:
    FRAMES_: dict = {}

    def _act_repair(self, s, p, action, events):
        self.not_yet("repair")
