"""Game options: the rulebook's variants (Appendix I-II) and the first-game setup."""
from __future__ import annotations

from dataclasses import asdict, dataclass

from engine.core.errors import RuleError

DIFFICULTIES = ("normal", "easier", "harder")


@dataclass(frozen=True)
class Options:
    cultist: bool = True          # False: the no-Cultist variant (Appendix I; matters with 4 or 6 players)
    first_game: bool = False      # the tutorial setup (full hands, no Cultist, loyalty after one round)
    difficulty: str = "normal"    # Appendix II: easier = all dials +2, harder = -2

    @classmethod
    def parse(cls, raw: dict) -> "Options":
        known = {f for f in cls.__dataclass_fields__}
        unknown = set(raw) - known
        if unknown:
            raise RuleError("unknown_option", "Unknown option: {option}.", option=sorted(unknown)[0])
        values = dict(raw)
        for key in ("cultist", "first_game"):
            if key in values and isinstance(values[key], str):
                values[key] = values[key].lower() in ("1", "true", "yes", "on")
        if values.get("difficulty", "normal") not in DIFFICULTIES:
            raise RuleError("bad_option", "difficulty is one of {values}.", values=", ".join(DIFFICULTIES))
        opts = cls(**values)
        if opts.first_game and opts.cultist and "cultist" in raw:
            raise RuleError("bad_option", "The first game is played without the Cultist.")
        return opts

    def to_dict(self) -> dict:
        out = asdict(self)
        if self.first_game:
            out["cultist"] = False  # checklist 20: never the Cultist in the tutorial
        return out

    def start_resources(self, pack, players: int) -> dict[str, int]:
        """Checklist 4, 18, 19: 8 each; the no-Cultist values with 4 or 6 players; then +/-2,
        never above the dial's maximum nor below 1 (ruling: the variant is applied last)."""
        start = {r.id: r.start for r in pack.resources.resources}
        variants = {v.id: v for v in pack.resources.variants}
        no_cultist = variants["no_cultist"]
        if (not self.cultist or self.first_game) and players in no_cultist.applies_to_players and not self.first_game:
            start.update(no_cultist.start or {})
        if self.difficulty != "normal":
            adjust = variants[self.difficulty].adjust_all or 0
            start = {r: max(1, min(pack.resources.maximum, v + adjust)) for r, v in start.items()}
        return start
