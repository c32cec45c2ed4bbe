"""A seeded generator whose whole state is two integers kept inside the game state.

SplitMix64 over a counter: draw k is a pure function of (seed, k), so the state is tiny,
JSON-friendly and cheap to copy, and the same seed plus the same actions replays bit for bit.
"""
from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """View over ``state["rng"] = {"seed": int, "counter": int}``; mutates that dict."""

    __slots__ = ("_data",)

    def __init__(self, data: dict):
        self._data = data

    @staticmethod
    def new_state(seed: int) -> dict:
        return {"seed": int(seed) & _MASK, "counter": 0}

    def next_u64(self) -> int:
        data = self._data
        data["counter"] += 1
        return _mix((data["seed"] + data["counter"] * _GOLDEN) & _MASK)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % n

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def roll(self, sides: int) -> int:
        return self.below(sides) + 1
