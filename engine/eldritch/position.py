"""A starting position (``setup: {position: ...}``): any situation a referee or a player reports,
written as data and applied once setup is done (the Lead's first action is being asked), so a
record replays it. The vocabulary (engine/README.md) is :class:`EldritchPosition`; a position that
breaks an invariant of the game is refused (``bad_position``) and nothing is created."""
from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from engine.core.errors import RuleError, parse_position

HELD = {"asset": "assets", "artifact": "artifacts", "spell": "spells", "condition": "conditions"}


class InvestigatorPosition(BaseModel):
    model_config = ConfigDict(extra="forbid")

    space: str | None = None
    health: int | None = Field(None, ge=1)
    sanity: int | None = Field(None, ge=1)
    tickets: dict[str, int] = Field(default_factory=dict)   # {train, ship}: how many
    clues: int = Field(0, ge=0)                              # gained from the pool, on top of held ones
    improve: dict[str, int] = Field(default_factory=dict)    # {skill: -1..2}
    assets: list[str] = Field(default_factory=list)          # by name, without their on-gain effects
    artifacts: list[str] = Field(default_factory=list)
    spells: list[str] = Field(default_factory=list)
    conditions: list[str] = Field(default_factory=list)
    delayed: bool | None = None


class MonsterPosition(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: str
    space: str
    damage: int = Field(0, ge=0)


class EldritchPosition(BaseModel):
    model_config = ConfigDict(extra="forbid")

    quiet: bool = False            # every monster, gate and board clue back where it came from
    empty: list[str] = Field(default_factory=list)   # these investigators' possessions and clues given back
    inv: dict[str, InvestigatorPosition] = Field(default_factory=dict)
    monsters: list[MonsterPosition] = Field(default_factory=list)
    gates: list[str] = Field(default_factory=list)           # taken from the gate stack
    board_clues: list[str] = Field(default_factory=list)     # a pool token placed on each space named
    eldritch: dict[str, Annotated[int, Field(ge=1)]] = Field(default_factory=dict)   # Eldritch tokens on spaces
    doom: int | None = Field(None, ge=0)
    omen: int | None = Field(None, ge=0, le=3)               # the omen track's place (0 = the comet)


class Position:
    """Board edits shared by positions and the tests' own helpers (tests/engine/eldritch)."""

    def apply_position(self, s, raw) -> None:
        pos = parse_position(EldritchPosition, raw)
        C = self.C
        if pos.quiet:
            self.quiet_board(s)
        for inv in pos.empty:
            self._known_investigator(s, inv)
            self.empty_investigator(s, inv)
        for inv, spec in pos.inv.items():
            self._known_investigator(s, inv)
            i = s["inv"][inv]
            if spec.space is not None:
                if spec.space not in C.spaces:
                    raise RuleError("bad_position", "Unknown space '{space}'.", space=spec.space)
                i["space"] = spec.space
            for key in ("health", "sanity", "delayed"):
                if getattr(spec, key) is not None:
                    i[key] = getattr(spec, key)
            for skill, n in spec.improve.items():
                if skill not in i["improve"] or not -1 <= n <= 2:
                    raise RuleError("bad_position", "An improvement is -1..2 of a skill ({skill}: {n}).",
                                    skill=skill, n=n)
                i["improve"][skill] = n
            for kind, n in spec.tickets.items():
                if kind not in i["tickets"] or n < 0:
                    raise RuleError("bad_position", "Tickets are train or ship, 0 or more ({kind}: {n}).",
                                    kind=kind, n=n)
                i["tickets"][kind] = n
            if spec.clues:
                self.gain_clues(s, inv, spec.clues, [])
            for kind, key in HELD.items():
                for card in getattr(spec, key):
                    self.hand_card(s, inv, kind, card)
        for m in pos.monsters:
            uid = self.place_monster(s, m.kind, m.space)
            s["monsters"]["board"][uid]["damage"] = m.damage
        for space in pos.gates:
            self.place_gate(s, space)
        for space in pos.board_clues:
            self.place_clue(s, space)
        for space, n in pos.eldritch.items():
            if space not in C.spaces:
                raise RuleError("bad_position", "Unknown space '{space}'.", space=space)
            s["eldritch_board"][space] = n
        if pos.doom is not None:
            s["doom"] = pos.doom
        if pos.omen is not None:
            s["omen"] = pos.omen
        problems = self.invariant_violations(s)
        if problems:
            raise RuleError("bad_position", "That position breaks a rule of the game: {problems}",
                            problems="; ".join(problems))

    def _known_investigator(self, s, inv):
        if inv not in s["inv"]:
            raise RuleError("bad_position", "'{inv}' is not an investigator of this game.", inv=inv)

    def quiet_board(self, s):
        """Every monster back to the cup (set-aside kinds set aside, epic boxed), gates back to the
        stack, board clues back to the pool, no Eldritch token on the board."""
        C = self.C
        for uid in list(s["monsters"]["board"]):
            m = s["monsters"]["board"].pop(uid)
            if m.get("temporary"):   # RULINGS R10: a named ambusher's stand-in goes nowhere
                continue
            if C.monsters[m["kind"]]["epic"]:
                s["monsters"]["box"][m["kind"]] = 1
            elif m["kind"] in C.ancient_ones[s["ao"]]["set_aside"]["monsters"]:
                s["monsters"]["set_aside"][m["kind"]] = s["monsters"]["set_aside"].get(m["kind"], 0) + 1
            else:
                s["monsters"]["cup"].append(m["kind"])
        for g in list(s["gates"]["board"]):
            s["gates"]["board"].remove(g)
            s["gates"]["stack"].append(s.get("gate_tokens", {}).pop(g, g))
        for tokens in s["clues"]["board"].values():
            s["clues"]["pool"] += tokens
        s["clues"]["board"] = {}
        s["eldritch_board"] = {}

    def empty_investigator(self, s, inv):
        """The investigator's possessions back to their decks and clues back to the pool."""
        i = s["inv"][inv]
        for kind, key in HELD.items():
            for card in i[key]:
                if kind in ("spell", "condition"):
                    self.discard_to(s, key, card)
                else:
                    s["decks"][key]["draw"].append(card)
            i[key] = []
        s["clues"]["pool"] += i["clues"]
        i["clues"] = []

    def hand_card(self, s, inv, kind, card):
        """Give a card by name (the reserve, its deck or its discard), without its on-gain effects."""
        key = HELD[kind]
        if kind in ("spell", "condition"):
            if not self.take_by_name(s, inv, kind, card, []):
                raise RuleError("bad_position", "No '{card}' {kind} is left to give.", card=card, kind=kind)
            return
        deck = s["decks"][key]
        if kind == "asset" and card in s["reserve"]:
            s["reserve"].remove(card)
            self.refill_reserve(s, [])
        elif card in deck["draw"]:
            deck["draw"].remove(card)
        elif card in deck["discard"]:
            deck["discard"].remove(card)
        else:
            raise RuleError("bad_position", "No '{card}' {kind} is left to give.", card=card, kind=kind)
        s["inv"][inv][key].append(card)

    def place_monster(self, s, kind, space):
        """A monster token of ``kind`` (from the cup, the set-aside monsters or the box) on ``space``;
        returns its uid."""
        if space not in self.C.spaces:
            raise RuleError("bad_position", "Unknown space '{space}'.", space=space)
        token = self.take_named_monster(s, kind) if kind in self.C.monsters else None
        if token is None:
            raise RuleError("bad_position", "No '{kind}' monster is left to place.", kind=kind)
        return self.new_monster(s, token, space, [])

    def place_gate(self, s, space):
        if space not in s["gates"]["stack"]:
            raise RuleError("bad_position", "No gate of '{space}' is in the gate stack.", space=space)
        s["gates"]["stack"].remove(space)
        s["gates"]["board"].append(space)
        s.setdefault("gate_tokens", {})[space] = space

    def place_clue(self, s, space):
        if space not in self.C.spaces or not s["clues"]["pool"]:
            raise RuleError("bad_position", "No clue can be placed on '{space}'.", space=space)
        token = s["clues"]["pool"].pop(0)
        s["clues"]["board"].setdefault(space, []).append(token)
