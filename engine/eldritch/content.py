"""Eldritch Horror content pack: load ``data/eldritch/*.yaml`` and validate all of it.

Every entry is validated on its own, so a ContentError names the file and the entry id. Then every
reference (spaces, monsters, cards, conditions, traits, hooks, Ancient Ones, decks) is resolved
and every counted component is compared with ``components.yaml``. The effect vocabulary lives in
``engine.eldritch.content_effects`` and is documented in ``data/eldritch/README.md``.
"""
from __future__ import annotations

from collections import deque
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from engine.content import ContentError, SummaryRow
from engine.eldritch.content_effects import (
    CONDITIONS, PRIMITIVES, QUANTITIES, SKILLS, STATIC, WHO, Condition, Effect, Skill, SpaceType,
    walk,
)
from engine.content.dialect import Names, Strict, Text
from engine.content.loader import (bytes_digest, entry_id, files_digest, first_duplicate, need, need_known, read_mapping, unique_ids,
                                   validate_entry, validate_file, validate_files)

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "eldritch"

Provenance = Literal["official", "authored"]
Lang = Literal["en", "uk", "ru"]
Colour = Literal["green", "yellow", "blue"]
Omen = Literal["green", "blue", "red"]

# Traits printed on cards (lower snake case in the YAML).
ASSET_TRAITS = ("item", "trinket", "weapon", "ally", "service", "tome", "magical", "teamwork")
SPELL_TRAITS = ("ritual", "incantation")
CONDITION_TRAITS = ("madness", "injury", "boon", "bane", "deal", "common", "restriction")
TRAITS = frozenset(ASSET_TRAITS + SPELL_TRAITS + CONDITION_TRAITS)


# ---------------------------------------------------------------- shared pieces

class Named(Strict):
    """An entry with an id, names, our own summary and where it comes from."""
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: Names
    name_authored: list[Lang] = []
    provenance: Provenance
    text: Text | None = None
    ruling: Text | None = None          # why an entry departs from, or decides, the sources

    @model_validator(mode="after")
    def _authored_names_exist(self):
        for lang in self.name_authored:
            if getattr(self.name, lang) is None:
                raise ValueError(f"name_authored lists '{lang}' but name.{lang} is missing")
        return self


class Sourced(Strict):
    """A non-entry row (a path, a track space, a deck, a hook, a component row): where it comes from."""
    provenance: Provenance
    ruling: Text | None = None

    @model_validator(mode="after")
    def _authored_says_why(self):
        if self.provenance == "authored" and self.ruling is None:
            raise ValueError("an authored row carries a ruling saying what was decided and why")
        return self


Timing = Literal[
    "action", "local_action", "passive", "reckoning", "on_gain", "enters_play", "on_spawn",
    "on_defeat", "rest", "encounter_phase", "combat", "before_will_test", "after_will_test",
    "before_strength_test", "after_strength_test", "after_defeating_monster", "monster_defeated",
    "would_lose_health", "would_lose_sanity", "before_test", "after_test_roll", "after_close_gate",
    "other_gains_condition", "acquire_assets", "spend_clue", "improve_skill",
    "after_research_encounter", "after_spell_test_pass", "moves_onto", "lost_sanity_to_horror",
    "omen_enters_green", "end_of_mythos", "doom_advances_awakened", "rest_on_space", "action_phase",
    "instead_of_encounter",
]
Limit = Literal["none", "once_per_round", "once_per_test", "once_per_game"]
# Timings whose effect runs once and is over: static modifiers make no sense there.
_ONE_SHOT_TIMINGS = frozenset({"action", "local_action", "reckoning", "on_gain", "enters_play", "on_spawn",
                               "end_of_mythos", "omen_enters_green", "doom_advances_awakened"})


class Ability(Strict):
    id: str | None = None
    name: Names | None = None
    name_authored: list[Lang] = []   # an investigator's action: the sheet names none, the short name is ours
    timing: Timing
    limit: Limit = "none"
    requires: Condition | None = None
    cost: Effect = []
    effect: Effect
    text: Text | None = None
    # would_lose_health / would_lose_sanity: whose loss fires it (default: anyone on the holder's space)
    who: Literal["on_space", "holder", "any"] | None = None

    @model_validator(mode="after")
    def _static_only_passive(self):
        if self.who is not None and self.timing not in ("would_lose_health", "would_lose_sanity"):
            raise ValueError("'who' scopes only a would_lose_health / would_lose_sanity ability")
        for step in self.effect:
            if step.name in STATIC and self.timing in _ONE_SHOT_TIMINGS:
                raise ValueError(f"'{step.name}' is a modifier; it has no meaning in a {self.timing} ability")
        return self


class Encounter(Strict):
    """One encounter text: our summary and its effect."""
    text: Text | None = None
    effect: Effect = Field(min_length=1)


# ---------------------------------------------------------------- components.yaml

class Component(Sourced):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: Names
    name_authored: list[Lang] = []
    expected: int = Field(ge=0)
    file: str | None = None             # the pack file that holds these entries


class ComponentsFile(Strict):
    components: list[Component]


# ---------------------------------------------------------------- map.yaml

class Space(Named):
    number: int | None = Field(None, ge=1, le=21)
    type: SpaceType
    real_world: str | None = None
    gate: Omen | None = None            # the omen of this space's gate token
    encounter_deck: Literal["america", "europe", "asia_australia"] | None = None
    expedition: bool = False


class Path_(Sourced):
    a: str
    b: str
    kind: Literal["ship", "train", "uncharted"]
    wraps: bool = False                 # runs off one board edge and on at the other


class OmenSpace(Sourced):
    index: int = Field(ge=0)
    omen: Omen
    start: bool = False


class ReferenceCard(Named):
    players: list[int] = Field(min_length=1)
    gates: int = Field(ge=1)
    clues: int = Field(ge=1)
    surge: int = Field(ge=1)


class OtherWorld(Named):
    pass


class DoomTrack(Strict):
    top: int = Field(ge=1)
    provenance: Provenance
    ruling: Text | None = None


class Limits(Sourced):
    reserve_slots: int
    tickets_per_investigator: int
    improvements_per_skill: int
    actions_per_round: int
    limited: list[Literal["clues", "gates", "monsters"]]


class MapFile(Strict):
    spaces: list[Space]
    paths: list[Path_]
    omen_track: list[OmenSpace]
    doom_track: DoomTrack
    reference_cards: list[ReferenceCard]
    other_worlds: list[OtherWorld]
    limits: Limits


# ---------------------------------------------------------------- investigators.yaml

class Starting(Strict):
    kind: Literal["asset", "spell", "clues", "improve", "condition"]
    name: str | None = None             # asset / spell / condition id
    count: int = Field(1, ge=1)
    skill: Literal["lore", "influence", "observation", "strength", "will", "choice"] | None = None

    @model_validator(mode="after")
    def _shape(self):
        if self.kind in ("asset", "spell", "condition") and not self.name:
            raise ValueError(f"a starting {self.kind} needs a name")
        if self.kind == "improve" and not self.skill:
            raise ValueError("a starting improvement needs a skill")
        return self


class DefeatedEncounters(Strict):
    injury: Encounter                   # a health token lies on the figure
    madness: Encounter                  # a sanity token lies on the figure
    provenance: Provenance
    ruling: Text | None = None


class Investigator(Named):
    occupation: Names
    occupation_authored: list[Lang] = []   # like name_authored: the occupation's names that are ours
    health: int = Field(ge=1)
    sanity: int = Field(ge=1)
    skills: dict[Skill, int]
    start: str
    starting: list[Starting] = Field(min_length=1)
    action: Ability
    passive: Ability
    defeated: DefeatedEncounters

    @model_validator(mode="after")
    def _shape(self):
        if sorted(self.skills) != sorted(SKILLS):
            raise ValueError(f"skills must list exactly {', '.join(SKILLS)}")
        if self.action.timing not in ("action", "local_action"):
            raise ValueError("the sheet's action has timing action")
        for lang in self.occupation_authored:
            if getattr(self.occupation, lang) is None:
                raise ValueError(f"occupation_authored lists '{lang}' but occupation.{lang} is missing")
        return self


class InvestigatorsFile(Strict):
    investigators: list[Investigator]


# ---------------------------------------------------------------- monsters.yaml

Stat = int | None                     # None: the token shows no such test


class Toughness(Strict):
    base: int = Field(ge=0)
    per_investigator: int = Field(1, ge=0)


class Monster(Named):
    epic: bool = False
    copies: int = Field(1, ge=1)
    cultist: bool = False               # stats come from the Ancient One sheet
    will: Stat = None
    horror: Stat = None
    strength: Stat = None
    damage: Stat = None
    toughness: int | Toughness | None = None
    spawn: Effect = []                  # "when this monster spawns"
    reckoning: Effect = []
    abilities: list[Ability] = []
    spawned_by: str | None = None       # epic monsters: what puts them on the board (our note)

    @model_validator(mode="after")
    def _shape(self):
        if self.cultist:
            if any(getattr(self, f) is not None for f in ("will", "horror", "strength", "damage", "toughness")):
                raise ValueError("a cultist takes every number from the Ancient One sheet")
            return self
        if self.toughness is None:
            raise ValueError("a monster needs toughness")
        if (self.will is None) != (self.horror is None) or (self.strength is None) != (self.damage is None):
            raise ValueError("will goes with horror, strength with damage")
        if self.epic and self.copies != 1:
            raise ValueError("each epic monster is one token")
        return self


class Cup(Sourced):
    holds: Literal["every_non_epic_token"]
    excludes_set_aside: bool = True
    text: Text


class MonstersFile(Strict):
    monsters: list[Monster]
    cup: Cup


# ---------------------------------------------------------------- ancient_ones.yaml

class Stage(Strict):
    green: int = Field(ge=0)
    yellow: int = Field(ge=0)
    blue: int = Field(ge=0)


class CultistStats(Strict):
    will: Stat = None
    horror: Stat = None
    strength: Stat = None
    damage: Stat = None
    toughness: int = Field(ge=1)
    abilities: list[Ability] = []
    spawn: Effect = []
    reckoning: Effect = []
    text: Text | None = None

    @model_validator(mode="after")
    def _pairs(self):
        if (self.will is None) != (self.horror is None) or (self.strength is None) != (self.damage is None):
            raise ValueError("will goes with horror, strength with damage")
        return self


class Cultist(Strict):
    front: CultistStats
    awakened: CultistStats


class Progress(Strict):
    """What counts toward solving: things put on the card."""
    what: Literal["eldritch", "clues", "gates", "monster_toughness", "none"]
    target: Any = None                  # an Amount; None with what: none


class Mystery(Named):
    enters_play: Effect = []
    abilities: list[Ability] = []
    encounter: Encounter | None = None  # an encounter offered where `encounter_at` says
    encounter_at: Literal["mystery_token", "eldritch_token", "gate", "none"] = "none"
    progress: Progress
    solved_when: Condition
    check: Literal["immediately", "end_of_mythos"] = "immediately"
    special_deck: str | None = None     # the special encounter deck it uses


class SetAside(Strict):
    monsters: dict[str, int] = {}
    decks: list[str] = []


class DefeatRule(Strict):
    when: Condition                     # checked after every primitive once awakened
    text: Text


class Awakening(Strict):
    effect: Effect = []
    abilities: list[Ability] = []       # rules that replace the front's after awakening
    defeat: list[DefeatRule] = []       # besides the rules' own losses (all players eliminated, ...)
    text: Text
    provenance: Provenance
    ruling: Text | None = None


class AncientOne(Named):
    doom: int = Field(ge=1)
    mysteries_to_win: int = Field(ge=1)
    mythos: dict[Literal["stage_1", "stage_2", "stage_3"], Stage]
    mythos_deck_size: int = Field(ge=1)    # the table's total, stated to catch a typo in a row
    setup: Effect = []
    set_aside: SetAside = SetAside()
    abilities: list[Ability] = []
    cultist: Cultist
    research_deck: str
    special_decks: list[str] = []
    mysteries: list[Mystery] = Field(min_length=4, max_length=4)
    awakening: Awakening
    final_mystery: Mystery | None = None

    @model_validator(mode="after")
    def _shape(self):
        if sorted(self.mythos) != ["stage_1", "stage_2", "stage_3"]:
            raise ValueError("mythos needs stage_1, stage_2 and stage_3")
        total = sum(sum(s.model_dump().values()) for s in self.mythos.values())
        if total != self.mythos_deck_size:
            raise ValueError(f"the mythos table adds up to {total}, mythos_deck_size says {self.mythos_deck_size}")
        return self


class AncientOnesFile(Strict):
    ancient_ones: list[AncientOne]


# ---------------------------------------------------------------- mythos.yaml

Symbol = Literal["advance_omen", "reckoning", "spawn_gates", "monster_surge", "spawn_clues",
                 "rumor_token", "eldritch_tokens"]
# The symbol rows a card of each colour may show (blue cards add rumor_token / eldritch_tokens).
# Yellow cards end in Spawn Gates (facts.yaml; Spawn Clues allowed: data/eldritch/README.md ruling 20 is open).
SYMBOLS_BY_COLOUR = {
    "green": (("advance_omen", "monster_surge", "spawn_clues"),),
    "yellow": (("advance_omen", "reckoning", "spawn_gates"), ("advance_omen", "reckoning", "spawn_clues")),
    "blue": (("spawn_clues",),),
}


class Rumor(Strict):
    space: str | None = None            # a space id or active_expedition; None: no rumor token
    eldritch_tokens: int | None = Field(None, ge=1)
    encounter: Encounter | None = None  # offered on the rumor token's space
    solved_when: Condition | None = None  # checked at once (in addition to solve_rumor steps)
    fail: Effect = []                   # when its last Eldritch token is removed (or `fail_rumor`)
    ruling: Text | None = None


class Mythos(Named):
    colour: Colour
    difficulty: Literal["easy", "normal", "hard"]
    trait: Literal["event", "ongoing", "rumor"]
    symbols: list[Symbol]
    effect: Effect = []                 # events: resolved, then discarded
    enters_play: Effect = []            # ongoing/rumor: when it is put in play
    abilities: list[Ability] = []       # ongoing/rumor: reckoning and passive rules while in play
    rumor: Rumor | None = None

    @model_validator(mode="after")
    def _shape(self):
        if (self.trait == "rumor") != (self.rumor is not None):
            raise ValueError("a rumor card has a rumor section, and only a rumor card")
        if self.trait == "event" and (self.abilities or self.enters_play or not self.effect):
            raise ValueError("an event has an effect and no in-play abilities")
        if self.trait != "event" and self.effect:
            raise ValueError("ongoing and rumor cards use enters_play/abilities, not effect")
        rows = SYMBOLS_BY_COLOUR[self.colour]
        if self.colour == "blue":
            base = rows[0]
            if tuple(s for s in self.symbols if s in base) != base:
                raise ValueError(f"a blue card shows {', '.join(base)} first")
            if set(self.symbols) - {*base, "rumor_token", "eldritch_tokens"}:
                raise ValueError("a blue card shows only spawn_clues, rumor_token and eldritch_tokens")
        elif tuple(self.symbols) not in rows:
            raise ValueError(f"a {self.colour} card shows " + " or ".join(", ".join(r) for r in rows)
                             + " in that order")
        if self.rumor is not None:
            if ("rumor_token" in self.symbols) != (self.rumor.space is not None):
                raise ValueError("the rumor_token symbol goes with a rumor space")
            if ("eldritch_tokens" in self.symbols) != (self.rumor.eldritch_tokens is not None):
                raise ValueError("the eldritch_tokens symbol goes with a token count")
        return self


class MythosFile(Strict):
    mythos: list[Mythos]


# ---------------------------------------------------------------- cards (second half of the pack)

class Asset(Named):
    cost: int = Field(ge=0)
    traits: list[str] = Field(min_length=1)
    copies: int = Field(1, ge=1)
    abilities: list[Ability] = Field(min_length=1)


class AssetsFile(Strict):
    assets: list[Asset]


class Artifact(Named):
    traits: list[str] = Field(min_length=1)
    abilities: list[Ability] = Field(min_length=1)


class ArtifactsFile(Strict):
    artifacts: list[Artifact]


class Range(Strict):
    min: int = Field(ge=0)
    max: int | None = None              # None: and above
    effect: Effect = []


class SpellBack(Named):
    outcomes: list[Range] = Field(min_length=1)   # by the casting test's result


class Spell(Named):
    traits: list[str] = Field(min_length=1)
    front: list[Ability] = Field(min_length=1)
    backs: list[SpellBack] = Field(min_length=1)  # one per physical copy


class SpellsFile(Strict):
    spells: list[Spell]


class ConditionBack(Named):
    effect: Effect = Field(min_length=1)


class ConditionCard(Named):
    traits: list[str] = Field(min_length=1)
    front: list[Ability] = []
    on_duplicate: Literal["refused", "flip"] = "refused"  # gaining a second copy
    cancelled_by: list[str] = []        # gaining one of these discards this card instead
    backs: list[ConditionBack] = Field(min_length=1)      # one per physical copy


class ConditionsFile(Strict):
    conditions: list[ConditionCard]


EncounterKey = str  # a space id (region decks) or city/wilderness/sea (general, research)


class EncounterCard(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    provenance: Provenance
    name: Names | None = None
    name_authored: list[Lang] = []
    world: str | None = None            # other_world: an other_worlds id from map.yaml
    location: str | None = None         # expedition: the space on its back
    sections: dict[EncounterKey, Encounter] = {}
    encounter: Encounter | None = None  # complex encounters: the whole card
    ruling: Text | None = None

    @model_validator(mode="after")
    def _one(self):
        if bool(self.sections) == (self.encounter is not None):
            raise ValueError("a card has sections or one encounter")
        return self


class EncounterDeck(Sourced):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: Names
    name_authored: list[Lang] = []
    kind: Literal["region", "general", "other_world", "expedition", "research", "special"]
    ancient_one: str | None = None      # research / special
    mystery: str | None = None          # special: the mystery (or final mystery) using it
    spaces: list[str] = []              # region: its three cities
    cards: list[EncounterCard]


class EncountersFile(Strict):
    decks: list[EncounterDeck]


class Hook(Sourced):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    used_by: list[str] = Field(min_length=1)   # "<file stem>:<entry id>"
    meaning: Text


class HooksFile(Strict):
    hooks: list[Hook]


# ---------------------------------------------------------------- files

# file name -> (model, the list whose entries are validated one by one)
FILES: dict[str, tuple[type[Strict], str]] = {
    "components.yaml": (ComponentsFile, "components"),
    "map.yaml": (MapFile, "spaces"),
    "investigators.yaml": (InvestigatorsFile, "investigators"),
    "monsters.yaml": (MonstersFile, "monsters"),
    "ancient_ones.yaml": (AncientOnesFile, "ancient_ones"),
    "mythos.yaml": (MythosFile, "mythos"),
    "assets.yaml": (AssetsFile, "assets"),
    "artifacts.yaml": (ArtifactsFile, "artifacts"),
    "spells.yaml": (SpellsFile, "spells"),
    "conditions.yaml": (ConditionsFile, "conditions"),
    "hooks.yaml": (HooksFile, "hooks"),
}
ENCOUNTER_GLOB = "encounters_*.yaml"

# Files still being written (the second half of the pack): while such a file holds no entries its
# count checks are skipped and its references are not required. Remove a file from here when it
# is written; the test suite then holds it to the full checks.
PENDING: frozenset[str] = frozenset()
# The encounter file that holds each kind of deck (README files table).
ENCOUNTER_FILES = {
    "region": "encounters_regions.yaml", "general": "encounters_general.yaml",
    "other_world": "encounters_other_world.yaml", "expedition": "encounters_expedition.yaml",
    "research": "encounters_research.yaml", "special": "encounters_special.yaml",
}


class EldritchPack(BaseModel):
    model_config = {"frozen": True, "arbitrary_types_allowed": True}
    data_dir: Path
    digest: str                          # of what the files read say to the rules: part of a game's version
    bytes_digest: str = "none"           # of their bytes: the version games begun before 28 Nov 2026 carry
    components: ComponentsFile
    map: MapFile
    investigators: InvestigatorsFile
    monsters: MonstersFile
    ancient_ones: AncientOnesFile
    mythos: MythosFile
    assets: AssetsFile
    artifacts: ArtifactsFile
    spells: SpellsFile
    conditions: ConditionsFile
    hooks: HooksFile
    encounters: dict[str, EncountersFile]   # file name -> its decks

    # convenience look-ups
    def space(self, space_id: str) -> Space:
        return next(s for s in self.map.spaces if s.id == space_id)

    def ancient_one(self, ao_id: str) -> AncientOne:
        return next(a for a in self.ancient_ones.ancient_ones if a.id == ao_id)

    def monster(self, monster_id: str) -> Monster:
        return next(m for m in self.monsters.monsters if m.id == monster_id)

    def expected(self, component_id: str) -> int:
        return next(c.expected for c in self.components.components if c.id == component_id)

    def decks(self) -> list[EncounterDeck]:
        return [d for f in self.encounters.values() for d in f.decks]


# ---------------------------------------------------------------- loading

def load(data_dir: Path | None = None) -> EldritchPack:
    """Read, validate and cross-check the whole Eldritch Horror pack."""
    data_dir = Path(data_dir) if data_dir else DATA_DIR
    read: dict = {}
    parts = validate_files(data_dir, FILES, read)
    encounters = {}
    for path in sorted(data_dir.glob(ENCOUNTER_GLOB)):
        data = read[path.name] = read_mapping(path)
        for deck in data.get("decks") or []:      # each card on its own: an error names the card
            if isinstance(deck, dict) and isinstance(deck.get("cards"), list):
                for index, card in enumerate(deck["cards"]):
                    validate_entry(EncounterCard, card, path, entry_id(card, index))
        encounters[path.name] = validate_file(path, data, EncountersFile, "decks")
    files = [data_dir / f for f in FILES] + sorted(data_dir.glob(ENCOUNTER_GLOB))
    pack = EldritchPack(data_dir=data_dir, digest=files_digest(read), bytes_digest=bytes_digest(files),
                        encounters=encounters, **parts)
    _check_ids(pack)
    _check_map(pack)
    _check_references(pack)
    _check_counts(pack)
    return pack


def _check_ids(pack: EldritchPack) -> None:
    unique_ids({
        "components.yaml": [c.id for c in pack.components.components],
        "map.yaml": [s.id for s in pack.map.spaces] + [w.id for w in pack.map.other_worlds]
        + [r.id for r in pack.map.reference_cards],
        "investigators.yaml": [i.id for i in pack.investigators.investigators],
        "monsters.yaml": [m.id for m in pack.monsters.monsters],
        "ancient_ones.yaml": [a.id for a in pack.ancient_ones.ancient_ones]
        + [m.id for a in pack.ancient_ones.ancient_ones for m in [*a.mysteries, *([a.final_mystery] if a.final_mystery else [])]],
        "mythos.yaml": [m.id for m in pack.mythos.mythos],
        "assets.yaml": [a.id for a in pack.assets.assets],
        "artifacts.yaml": [a.id for a in pack.artifacts.artifacts],
        "spells.yaml": [s.id for s in pack.spells.spells] + [b.id for s in pack.spells.spells for b in s.backs],
        "conditions.yaml": [c.id for c in pack.conditions.conditions]
        + [b.id for c in pack.conditions.conditions for b in c.backs],
        "hooks.yaml": [h.id for h in pack.hooks.hooks],
    })
    deck_ids: list[str] = []
    for file, f in pack.encounters.items():
        for d in f.decks:
            deck_ids.append(d.id)
            if (c := first_duplicate(c.id for c in d.cards)) is not None:
                raise ContentError(file, c, f"duplicate card id in deck '{d.id}'")
    if (d := first_duplicate(deck_ids)) is not None:
        raise ContentError("encounters_*.yaml", d, "duplicate deck id")


def _check_map(pack: EldritchPack) -> None:
    path = pack.data_dir / "map.yaml"
    spaces = {s.id: s for s in pack.map.spaces}
    adjacency: dict[str, set[str]] = {s: set() for s in spaces}
    seen_pairs: set[frozenset[str]] = set()
    for p in pack.map.paths:
        label = f"{p.a} -- {p.b}"
        for end in (p.a, p.b):
            if end not in spaces:
                raise ContentError(path.name, label, f"path end '{end}' is not a space")
        pair = frozenset((p.a, p.b))
        if p.a == p.b or pair in seen_pairs:
            raise ContentError(path.name, label, "a path joins two different spaces once")
        seen_pairs.add(pair)
        adjacency[p.a].add(p.b)
        adjacency[p.b].add(p.a)
    for sid, near in adjacency.items():
        if not near:
            raise ContentError(path.name, sid, "every space has at least one path")
    start = next(iter(spaces))
    reached, queue = {start}, deque([start])
    while queue:
        for nxt in adjacency[queue.popleft()]:
            if nxt not in reached:
                reached.add(nxt)
                queue.append(nxt)
    if missing := sorted(set(spaces) - reached):
        raise ContentError(path.name, missing[0], "space not reachable from the rest of the map")
    for s in pack.map.spaces:
        if s.gate and s.type != "city":
            raise ContentError(path.name, s.id, "gate tokens name cities")
        if s.encounter_deck and not s.gate:
            raise ContentError(path.name, s.id, "the nine encounter cities are the gate cities")
    if [o.index for o in pack.map.omen_track] != list(range(len(pack.map.omen_track))):
        raise ContentError(path.name, "omen_track", "indexes run 0, 1, 2, ...")
    if [o.start for o in pack.map.omen_track].count(True) != 1:
        raise ContentError(path.name, "omen_track", "exactly one start space")
    counts = sorted(n for r in pack.map.reference_cards for n in r.players)
    if counts != list(range(1, 9)):
        raise ContentError(path.name, "reference_cards", f"the cards must cover 1-8 players once, got {counts}")


def adjacency(pack: EldritchPack) -> dict[str, dict[str, str]]:
    """space id -> {neighbour id: path kind}."""
    out: dict[str, dict[str, str]] = {s.id: {} for s in pack.map.spaces}
    for p in pack.map.paths:
        out[p.a][p.b] = p.kind
        out[p.b][p.a] = p.kind
    return out


def _card_ids(pack: EldritchPack) -> dict[str, set[str]]:
    return {
        "asset": {a.id for a in pack.assets.assets},
        "artifact": {a.id for a in pack.artifacts.artifacts},
        "spell": {s.id for s in pack.spells.spells},
        "condition_card": {c.id for c in pack.conditions.conditions},
    }


def _pending(pack: EldritchPack, what: str) -> bool:
    """A second-half file still empty: references into it are not checked yet."""
    if what == "encounters":            # every encounter file: pending while any one is
        return any(_pending(pack, f) for f in ENCOUNTER_FILES.values())
    if what not in PENDING:
        return False
    if what.startswith("encounters_"):
        f = pack.encounters.get(what)
        return f is None or not f.decks
    model = getattr(pack, what.removesuffix(".yaml"))
    return not getattr(model, FILES[what][1])


_KIND_FILE = {"asset": "assets.yaml", "artifact": "artifacts.yaml", "spell": "spells.yaml",
              "condition_card": "conditions.yaml"}


SECTION_KEYS = ("city", "wilderness", "sea")   # general and research cards
# Cards per deck (the component list's sets): every research deck 8, every special deck 6, and
# 3 expedition cards per expedition site.
CARDS_PER_DECK = {"research": 8, "special": 6}
EXPEDITION_CARDS_PER_SITE = 3


def _check_card_shape(file: str, dk: "EncounterDeck", card: "EncounterCard") -> None:
    """A card has exactly the sections (or the single encounter and its world/location) of its deck."""
    if dk.kind in ("region", "general", "research"):
        want = list(dk.spaces) if dk.kind == "region" else list(SECTION_KEYS)
        if card.encounter is not None:
            raise ContentError(file, card.id, f"a {dk.kind} card has sections, not one encounter")
        missing = [k for k in want if k not in card.sections]
        if missing:
            raise ContentError(file, card.id, f"section '{missing[0]}' is missing (a {dk.kind} card has {', '.join(want)})")
    else:
        if card.encounter is None:
            raise ContentError(file, card.id, f"a {dk.kind} card is one complex encounter, not sections")
        if dk.kind == "other_world" and not card.world:
            raise ContentError(file, card.id, "an Other World card names its world")
        if dk.kind == "expedition" and not card.location:
            raise ContentError(file, card.id, "an Expedition card names its location")
    if dk.kind != "other_world" and card.world:
        raise ContentError(file, card.id, "only Other World cards name a world")
    if dk.kind != "expedition" and card.location:
        raise ContentError(file, card.id, "only Expedition cards name a location")


def _check_references(pack: EldritchPack) -> None:
    spaces = {s.id for s in pack.map.spaces}
    monsters = {m.id: m for m in pack.monsters.monsters}
    hooks = {h.id for h in pack.hooks.hooks}
    cards = _card_ids(pack)
    all_cards = set().union(*cards.values())
    quantities = set(QUANTITIES)

    known = {"space": ("space", spaces), "monster": ("monster", monsters), "hook": ("hook", hooks),
             "trait": ("trait", TRAITS), "quantity": ("quantity", quantities)}

    def check_tree(file: str, entry: str, tree: Any) -> None:
        for _path, kind, value in need_known(file, entry, walk(tree), known):
            if kind == "condition_card" and ".triggering_card." in _path and value in monsters:
                pass                    # the triggering component may be a monster (its horror)
            elif kind in cards:
                if not _pending(pack, _KIND_FILE[kind]):
                    need(file, entry, kind.replace("_card", ""), value, cards[kind])
            elif kind == "card":
                if not all(_pending(pack, f) for f in ("assets.yaml", "artifacts.yaml", "spells.yaml")):
                    need(file, entry, "card", value, all_cards)
            elif kind == "deck":
                if not _pending(pack, ENCOUNTER_FILES["special"]):
                    need(file, entry, "encounter deck", value, {dk.id for dk in pack.decks()})

    # investigators
    for inv in pack.investigators.investigators:
        f = "investigators.yaml"
        need(f, inv.id, "space", inv.start, spaces)
        for s in inv.starting:
            if s.kind in ("asset", "spell") and not _pending(pack, f"{s.kind}s.yaml"):
                need(f, inv.id, s.kind, s.name, cards[s.kind])
            if s.kind == "condition" and not _pending(pack, "conditions.yaml"):
                need(f, inv.id, "condition", s.name, cards["condition_card"])
        check_tree(f, inv.id, [inv.action, inv.passive, inv.defeated])
    # monsters
    for m in pack.monsters.monsters:
        check_tree("monsters.yaml", m.id, [m.spawn, m.reckoning, m.abilities])
    # ancient ones
    deck_ids = {dk.id: dk for dk in pack.decks()}
    for ao in pack.ancient_ones.ancient_ones:
        f = "ancient_ones.yaml"
        for kind, n in ao.set_aside.monsters.items():
            need(f, ao.id, "monster", kind, monsters)
            if n > monsters[kind].copies:
                raise ContentError(f, ao.id, f"sets aside {n} '{kind}', the box has {monsters[kind].copies}")
        if not _pending(pack, ENCOUNTER_FILES["research"]):
            need(f, ao.id, "research deck", ao.research_deck, deck_ids)
        if not _pending(pack, ENCOUNTER_FILES["special"]):
            for sd in [*ao.special_decks, *ao.set_aside.decks]:
                need(f, ao.id, "special deck", sd, deck_ids)
        check_tree(f, ao.id, [ao.setup, ao.abilities, ao.cultist, ao.awakening])
        for m in [*ao.mysteries, *([ao.final_mystery] if ao.final_mystery else [])]:
            check_tree(f, m.id, [m.enters_play, m.abilities, m.encounter, m.solved_when])
            if m.special_deck and m.special_deck not in ao.special_decks:
                raise ContentError(f, m.id, f"special deck '{m.special_deck}' is not one of {ao.id}'s")
    # mythos
    for card in pack.mythos.mythos:
        f = "mythos.yaml"
        if card.rumor and card.rumor.space not in (None, "active_expedition"):
            need(f, card.id, "space", card.rumor.space, spaces)
        check_tree(f, card.id, [card.effect, card.enters_play, card.abilities, card.rumor])
    # cards (second half)
    for a in pack.assets.assets:
        for t in a.traits:
            need("assets.yaml", a.id, "trait", t, ASSET_TRAITS)
        check_tree("assets.yaml", a.id, a.abilities)
    for a in pack.artifacts.artifacts:
        for t in a.traits:
            need("artifacts.yaml", a.id, "trait", t, ASSET_TRAITS)
        check_tree("artifacts.yaml", a.id, a.abilities)
    for s in pack.spells.spells:
        for t in s.traits:
            need("spells.yaml", s.id, "trait", t, SPELL_TRAITS)
        check_tree("spells.yaml", s.id, [s.front, s.backs])
    for c in pack.conditions.conditions:
        for t in c.traits:
            need("conditions.yaml", c.id, "trait", t, CONDITION_TRAITS)
        for other in c.cancelled_by:
            need("conditions.yaml", c.id, "condition", other, cards["condition_card"])
        check_tree("conditions.yaml", c.id, [c.front, c.backs])
    worlds = {w.id for w in pack.map.other_worlds}
    aos = {a.id: a for a in pack.ancient_ones.ancient_ones}
    for file, ef in pack.encounters.items():
        for dk in ef.decks:
            if dk.ancient_one:
                need(file, dk.id, "ancient one", dk.ancient_one, aos)
            for sp in dk.spaces:
                need(file, dk.id, "space", sp, spaces)
            for card in dk.cards:
                if card.world:
                    need(file, card.id, "other world", card.world, worlds)
                if card.location:
                    need(file, card.id, "space", card.location, spaces)
                for key in card.sections:
                    allowed = set(dk.spaces) if dk.kind == "region" else {"city", "wilderness", "sea"}
                    need(file, card.id, "section", key, allowed)
                _check_card_shape(file, dk, card)
                check_tree(file, card.id, [card.sections, card.encounter])
    for h in pack.hooks.hooks:
        for user in h.used_by:
            stem, _, ref = user.partition(":")
            if not ref:
                raise ContentError("hooks.yaml", h.id, f"used_by '{user}' is not '<file stem>:<entry id>'")


# ---------------------------------------------------------------- counts

def _count(pack: EldritchPack) -> dict[str, int]:
    decks = pack.decks()

    def cards_of(kind: str, deck_id: str | None = None) -> int:
        return sum(len(dk.cards) for dk in decks if dk.kind == kind and (deck_id is None or dk.id == deck_id))

    normal = [m for m in pack.monsters.monsters if not m.epic]
    return {
        "investigator_sheets": len(pack.investigators.investigators),
        "ancient_one_sheets": len(pack.ancient_ones.ancient_ones),
        "map_spaces": len(pack.map.spaces),
        "map_paths": len(pack.map.paths),
        "mythos_cards": len(pack.mythos.mythos),
        "mystery_cards": sum(len(a.mysteries) for a in pack.ancient_ones.ancient_ones),
        "monster_tokens_normal": sum(m.copies for m in normal),
        "monster_tokens_epic": sum(1 for m in pack.monsters.monsters if m.epic),
        "cultist_tokens": sum(m.copies for m in normal if m.cultist),
        "gate_tokens": sum(1 for s in pack.map.spaces if s.gate),
        "clue_tokens": len(pack.map.spaces),   # one clue token names each space
        "reference_cards": len(pack.map.reference_cards),
        "asset_cards": sum(a.copies for a in pack.assets.assets),
        "artifact_cards": len(pack.artifacts.artifacts),
        "spell_cards": sum(len(s.backs) for s in pack.spells.spells),
        "condition_cards": sum(len(c.backs) for c in pack.conditions.conditions),
        "encounter_cards": sum(len(dk.cards) for dk in decks),
        "encounter_america": cards_of("region", "america"),
        "encounter_europe": cards_of("region", "europe"),
        "encounter_asia_australia": cards_of("region", "asia_australia"),
        "encounter_general": cards_of("general"),
        "encounter_other_world": cards_of("other_world"),
        "encounter_expedition": cards_of("expedition"),
        "encounter_special": cards_of("special"),
        "encounter_research": cards_of("research"),
    }


# component id -> the file (or "encounters") that must hold them
_COUNT_FILES = {
    "investigator_sheets": "investigators.yaml", "ancient_one_sheets": "ancient_ones.yaml",
    "map_spaces": "map.yaml", "map_paths": "map.yaml", "mythos_cards": "mythos.yaml",
    "mystery_cards": "ancient_ones.yaml", "monster_tokens_normal": "monsters.yaml",
    "monster_tokens_epic": "monsters.yaml", "cultist_tokens": "monsters.yaml", "gate_tokens": "map.yaml",
    "clue_tokens": "map.yaml", "reference_cards": "map.yaml", "asset_cards": "assets.yaml",
    "artifact_cards": "artifacts.yaml", "spell_cards": "spells.yaml", "condition_cards": "conditions.yaml",
    "encounter_cards": "encounters",
    **{k: ENCOUNTER_FILES["region"] for k in ("encounter_america", "encounter_europe", "encounter_asia_australia")},
    "encounter_general": ENCOUNTER_FILES["general"], "encounter_other_world": ENCOUNTER_FILES["other_world"],
    "encounter_expedition": ENCOUNTER_FILES["expedition"], "encounter_special": ENCOUNTER_FILES["special"],
    "encounter_research": ENCOUNTER_FILES["research"],
}


def _check_counts(pack: EldritchPack) -> None:
    expected = {c.id: c.expected for c in pack.components.components}
    for component, have in _count(pack).items():
        if component not in expected:
            raise ContentError("components.yaml", component, "component missing from the list")
        file = _COUNT_FILES[component]
        if _pending(pack, file):
            continue
        if have != expected[component]:
            raise ContentError(file, component, f"holds {have}, the component list says {expected[component]}")
    # mythos colours and difficulties
    colours: dict[str, int] = {}
    for m in pack.mythos.mythos:
        colours[m.colour] = colours.get(m.colour, 0) + 1
        colours[m.difficulty] = colours.get(m.difficulty, 0) + 1
    for colour in ("green", "yellow", "blue", "easy", "normal", "hard"):
        want = expected.get(f"mythos_{colour}")
        if want is not None and colours.get(colour, 0) != want:
            raise ContentError("mythos.yaml", f"mythos_{colour}", f"{colours.get(colour, 0)} {colour} cards, the list says {want}")
    # every Ancient One's mythos deck can be built from the box
    for ao in pack.ancient_ones.ancient_ones:
        try:
            mythos_deck_counts(pack, ao.id)
        except ValueError as exc:
            raise ContentError("ancient_ones.yaml", ao.id, str(exc)) from None
    if sum(1 for s in pack.map.spaces if s.expedition) != expected.get("expedition_sites", 6):
        raise ContentError("map.yaml", None, "expedition sites differ from the component list")
    # cards per deck: research 8, special 6, expedition 3 per site
    for file, ef in pack.encounters.items():
        if _pending(pack, file):
            continue
        for dk in ef.decks:
            want = CARDS_PER_DECK.get(dk.kind)
            if want is not None and len(dk.cards) != want:
                raise ContentError(file, dk.id, f"a {dk.kind} deck holds {want} cards, this one {len(dk.cards)}")
            if dk.kind == "expedition":
                per_site: dict[str, int] = {}
                for card in dk.cards:
                    per_site[card.location] = per_site.get(card.location, 0) + 1
                for site in (s.id for s in pack.map.spaces if s.expedition):
                    if per_site.get(site, 0) != EXPEDITION_CARDS_PER_SITE:
                        raise ContentError(file, dk.id, f"expedition site '{site}' has {per_site.get(site, 0)} cards, "
                                                        f"not {EXPEDITION_CARDS_PER_SITE}")


def _mythos_pool(pack: EldritchPack, exclude: str | None, pool=None) -> list:
    return [m for m in pack.mythos.mythos if m.difficulty != exclude and (pool is None or m.id in pool)]


def mythos_deck_counts(pack: EldritchPack, ao_id: str, exclude: str | None = None, short_ok: bool = False,
                       pool=None) -> dict[str, dict[str, int]]:
    """Per stage, how many cards of each colour the AO's table takes; checks the box holds them.

    ``exclude`` = "hard" or "easy" applies the difficulty variant (the pool loses those cards).
    A colour the box cannot fill raises ``ValueError`` — unless ``short_ok`` (checklist B7 [R]: a
    variant that leaves a colour short builds with what is left): then each stage, from stage I on,
    takes what is left of that colour, so the missing cards are the last stages'
    (``mythos_shortfall`` says how many). ``pool``: only these card ids (tests).
    """
    ao = pack.ancient_one(ao_id)
    left: dict[str, int] = {}
    for m in _mythos_pool(pack, exclude, pool):
        left[m.colour] = left.get(m.colour, 0) + 1
    need: dict[str, int] = {}
    table = {}
    for stage in ("stage_1", "stage_2", "stage_3"):
        row = ao.mythos[stage].model_dump()
        table[stage] = row
        for colour, n in row.items():
            need[colour] = need.get(colour, 0) + n
    short = {c: n - left.get(c, 0) for c, n in need.items() if n > left.get(c, 0)}
    if short and not short_ok:
        colour = next(iter(short))
        raise ValueError(f"the mythos table needs {need[colour]} {colour} cards, the box has {left.get(colour, 0)}")
    if short:
        capped = {}
        for stage, row in table.items():
            capped[stage] = {}
            for colour, n in row.items():
                take = min(n, left.get(colour, 0))
                left[colour] = left.get(colour, 0) - take
                capped[stage][colour] = take
        table = capped
    return table


def mythos_shortfall(pack: EldritchPack, ao_id: str, exclude: str | None = None, pool=None) -> dict[str, int]:
    """B7 [R]: {colour: cards the AO's table wants and the box (after the variant) lacks}; {} if none."""
    full = mythos_deck_counts(pack, ao_id, None, short_ok=True, pool=None)
    have = mythos_deck_counts(pack, ao_id, exclude, short_ok=True, pool=pool)
    out: dict[str, int] = {}
    for stage, row in full.items():
        for colour, n in row.items():
            if n > have[stage][colour]:
                out[colour] = out.get(colour, 0) + n - have[stage][colour]
    return out


def build_mythos_deck(pack: EldritchPack, ao_id: str, rng, exclude: str | None = None, short_ok: bool = False,
                      pool=None) -> list[str]:
    """Build the mythos deck (top first): stage I on top of II on top of III, each stage shuffled.
    With ``short_ok`` a colour the variant left short is built with what is left (B7)."""
    table = mythos_deck_counts(pack, ao_id, exclude, short_ok=short_ok, pool=pool)
    piles: dict[str, list[str]] = {}
    for m in _mythos_pool(pack, exclude, pool):
        piles.setdefault(m.colour, []).append(m.id)
    for pile in piles.values():
        rng.shuffle(pile)
    deck: list[str] = []
    for stage in ("stage_1", "stage_2", "stage_3"):
        cards: list[str] = []
        for colour, n in table[stage].items():
            cards += [piles[colour].pop() for _ in range(n)]
        rng.shuffle(cards)
        deck += cards
    return deck


# ---------------------------------------------------------------- summary

def summary(pack: EldritchPack) -> list[SummaryRow]:
    """One row per component, with the component list's count; pending files show no expectation."""
    expected = {c.id: c.expected for c in pack.components.components}
    names = {c.id: c.name.en for c in pack.components.components}
    rows = []
    for component, have in _count(pack).items():
        file = _COUNT_FILES[component]
        pending = _pending(pack, file)
        section = {"map.yaml": "board", "investigators.yaml": "investigators", "ancient_ones.yaml": "ancient ones",
                   "monsters.yaml": "monsters"}.get(file, "encounters" if file.startswith("encounters") else "deck")
        label = names.get(component, component) + (" (not yet written)" if pending else "")
        rows.append(SummaryRow(section, label, have, None if pending else expected.get(component)))
    for key in ("green", "yellow", "blue", "easy", "normal", "hard"):
        have = sum(1 for m in pack.mythos.mythos if key in (m.colour, m.difficulty))
        rows.append(SummaryRow("deck", names.get(f"mythos_{key}", key), have, expected.get(f"mythos_{key}")))
    for ao in pack.ancient_ones.ancient_ones:
        size = sum(sum(s.model_dump().values()) for s in ao.mythos.values())
        rows.append(SummaryRow("ancient ones", f"{ao.name.en}: mythos deck", size))
    rows.append(SummaryRow("vocabulary", "primitives", len(PRIMITIVES)))
    rows.append(SummaryRow("vocabulary", "conditions", len(CONDITIONS)))
    rows.append(SummaryRow("vocabulary", "hooks", len(pack.hooks.hooks)))
    return rows


__all__ = ["EldritchPack", "load", "summary", "adjacency", "mythos_deck_counts", "mythos_shortfall",
           "build_mythos_deck",
           "ContentError", "WHO"]
