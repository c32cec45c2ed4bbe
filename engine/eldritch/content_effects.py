"""The Eldritch Horror effect vocabulary: every primitive an effect tree may use.

An effect is a list of steps in the shared content dialect (:mod:`engine.content.dialect`, which
parses them): each step is a one-key mapping ``{primitive: {params}}`` (a primitive without
parameters may be written ``{primitive: {}}``, ``{primitive: null}`` or as the bare name).
Each primitive is a pydantic model below; ``PRIMITIVES`` maps the YAML name to the model.
Conditions (``CONDITIONS``), quantities (``QUANTITIES``), places (:class:`Place`) and monster
targets (:class:`Monsters`) are the side vocabularies used inside parameters.
``data/eldritch/README.md`` documents every one of them with its exact meaning; a test keeps the
two in step.

References to other content (spaces, monsters, assets, artifacts, spells, conditions, traits,
hooks, mythos cards) are plain strings here and are resolved by ``engine.eldritch.content`` once
every file is read (:func:`walk` yields them).
"""
from __future__ import annotations

from typing import Any, ClassVar, Literal, Union

from pydantic import BaseModel, Field, model_validator

from engine.content.dialect import Spec, Tagged, step

SKILLS = ("lore", "influence", "observation", "strength", "will")
SPACE_TYPES = ("city", "wilderness", "sea")
Skill = Literal["lore", "influence", "observation", "strength", "will"]
SkillOrChoice = Literal["lore", "influence", "observation", "strength", "will", "choice", "same"]
SpaceType = Literal["city", "wilderness", "sea"]

# Investigator selectors.
WHO = (
    "self",    # the investigator resolving the effect: the encountering / acting investigator, the
               # owner of the ability or card, the investigator of the current for_each round
    "lead",    # the Lead Investigator
    "chosen",  # the investigator picked by the last choose_investigator step
    "owner",   # the owner of the component whose ability runs (differs from self for local actions
               # and for abilities that fire on another investigator's event)
)
Who = Literal["self", "lead", "chosen", "owner"]

# Keyword places (anything else in a place string is a space id from map.yaml).
PLACE_WORDS = (
    "here",               # the space of `self`
    "random",             # a random location: discard a clue from the pool, use its front
    "active_expedition",  # the space holding the Active Expedition token
    "this_monster",       # the space of the monster whose ability / reckoning this is
    "this_rumor",         # the space of this rumor card's rumor token
    "chosen_space",       # the space picked by the last choose_space step
    "chosen_investigator",  # the space of the investigator picked by choose_investigator
)
# What a space can be asked to hold (`has`, `without`).
SPACE_FEATURES = (
    "gate", "gate_matching_omen", "clue", "monster", "non_epic_monster", "cultist", "investigator",
    "other_investigator", "eldritch", "rumor", "expedition",
)
# non_epic_monster: a monster an effect may discard (seed 002, 1113: an epic monster cannot be)
Feature = Literal["gate", "gate_matching_omen", "clue", "monster", "non_epic_monster", "cultist", "investigator",
                  "other_investigator", "eldritch", "rumor", "expedition"]

# Where Eldritch tokens (and other tracked tokens) may lie.
TOKEN_HOLDERS = ("this_card", "active_mystery", "ancient_one", "omen_green", "place")
CARD_KINDS = ("asset", "artifact", "spell", "condition")
POSSESSION_KINDS = ("asset", "artifact", "spell", "clue", "ticket")


class Params(Spec):
    """The base of this vocabulary's parameter models: :func:`walk` reads their fields for
    references (an entry model's fields are not references)."""


# ---------------------------------------------------------------- amounts

class Quantity(Params):
    """A number computed in play: ``times * value(of) + plus``, never below ``min``."""
    of: Literal[
        "test_result",           # successes of the last test (for spell backs: the casting test)
        "investigators",         # investigators in the game (not defeated/devoured, not eliminated)
        "half_investigators",    # the same, halved and rounded up
        "gates_on_board",
        "gates_matching_omen",   # gates on the board whose omen matches the current omen
        "monsters_on_board",
        "cultists_on_board",
        "rumors_in_play",
        "eldritch_on_omen",      # Eldritch tokens on the Omen track (Azathoth)
        "tokens_on_this_card",   # Eldritch tokens on the card that owns this effect
        "health_on_this_card",   # health tokens on the card that owns this effect
        "clues_on_this_card",    # clues put on the card that owns this effect
        "gates_on_this_card",    # gate tokens put on the card that owns this effect
        "toughness_on_this_card",  # total toughness of the monsters put on the card
        "mysteries_solved",
        "clues_held",            # clues of `who`
        "clues_gained_this_encounter",  # clues `who` gained in the encounter just resolved and still holds
        "spells_held",           # spells of `who`
        "items_held",            # possessions with the Item trait of `who`
        "conditions_held",       # conditions of `who` (with `trait`: only those)
        "improvements",          # improvement steps of `who` (a +2 token counts 2)
        "health_missing",        # how far `who`'s health is below its maximum (what healing can restore)
        "sanity_missing",        # the same for sanity
        "health_spare",          # how much of `who`'s health a cost may spend (all but the last)
        "sanity_spare",          # the same for sanity
        "last_toughness",        # toughness of the monster the last step acted on
        "chosen_number",         # the number picked by the last choose_number step
        "discarded_count",       # how many things the last discard_* step discarded
        "spent_count",           # how much the last spend step (with any_number) spent
        "test_dice",             # dice rolled in the current test
        "last_cost",             # printed cost of the card the previous step gained
        "mythos_reckonings_in_play",    # mythos cards in play with a reckoning ability
        "monster_reckonings_on_board",  # monsters on the board with a reckoning
        "doom",                  # the doom track's value (advancing by it sets doom to 0)
    ]
    who: Who = "self"
    trait: str | None = None
    at: "Place | None" = None        # monsters_on_board / cultists_on_board: only on that place
    minus_of: str | None = None      # subtract this other quantity (same who)
    half: bool = False               # halve the value, rounding up (before times/plus)
    times: int = 1
    plus: int = 0
    min: int | None = None


Amount = Union[int, Quantity]


def _amount_ge(value, bound: int, name: str):
    if isinstance(value, int) and value < bound:
        raise ValueError(f"{name} must be at least {bound}")


# ---------------------------------------------------------------- places

class SpaceFilter(Params):
    type: list[SpaceType] = []          # any of these space types (empty: any type)
    has: list[Feature] = []             # holds all of these
    has_any: list[Feature] = []         # holds at least one of these
    without: list[Feature] = []         # holds none of these
    not_here: bool = False              # never the space of `self`


class ChosenSpace(SpaceFilter):
    by: Who = "self"
    range: Literal["any", "adjacent", "here_or_adjacent", "reachable"] = "any"
    distance: int | None = Field(None, ge=1)  # with range reachable: at most this many paths away


class PlaceMap(Params):
    """Exactly one field is set."""
    chosen: ChosenSpace | None = None    # a space the chooser picks among those matching
    nearest: SpaceFilter | None = None   # the nearest matching space to `self` (ties: active investigator)
    space_of: Who | None = None          # the space of that investigator

    @model_validator(mode="after")
    def _one(self):
        got = [k for k in ("chosen", "nearest", "space_of") if getattr(self, k) is not None]
        if len(got) != 1:
            raise ValueError(f"a place mapping needs exactly one of chosen/nearest/space_of, got {got or 'none'}")
        return self


Place = Union[str, PlaceMap]   # a PLACE_WORDS keyword, a space id, or a mapping


# ---------------------------------------------------------------- monster targets

class Monsters(Params):
    """Which monsters a monster step acts on."""
    which: Literal[
        "this",       # the monster whose ability / reckoning / combat this is
        "last",       # the monster(s) the previous step spawned, chose or acted on
        "chosen",     # `count` monsters the chooser picks among the matching ones
        "each",       # every matching monster
        "random",     # `count` random matching monsters
    ] = "chosen"
    at: Union[Literal["any"], Place] = "here"  # "any" = anywhere on the board
    count: int = Field(1, ge=1)
    epic: Literal["include", "exclude", "only"] = "include"
    kind: str | None = None                    # a monster id from monsters.yaml
    chooser: Who = "self"
    others: bool = False                       # not the monster(s) `last` refers to ("every other monster")


# ---------------------------------------------------------------- conditions

class Cmp(Params):
    at_least: Amount | None = None
    at_most: Amount | None = None

    @model_validator(mode="after")
    def _bound(self):
        if self.at_least is None and self.at_most is None:
            raise ValueError("give at_least and/or at_most")
        return self


class CountCond(Cmp):
    of: str     # a quantity name
    who: Who = "self"
    trait: str | None = None
    at: "Place | None" = None


class HasCondition(Params):
    who: Who = "self"
    name: str | None = None    # condition id
    trait: str | None = None   # condition trait

    @model_validator(mode="after")
    def _one(self):
        if (self.name is None) == (self.trait is None):
            raise ValueError("give exactly one of name / trait")
        return self


class HasPossession(Params):
    who: Who = "self"
    kind: Literal["asset", "artifact", "spell", "clue", "ticket", "item_card"] = "asset"
    trait: str | None = None
    name: str | None = None
    at_least: int = Field(1, ge=1)


class OnSpace(Params):
    who: Who = "self"
    type: list[SpaceType] = []
    space: str | None = None
    has: list[Feature] = []
    without: list[Feature] = []


class MonsterOnBoard(Params):
    kind: str            # monster id


class MysteriesSolved(Cmp):
    pass


class TestRolled(Params):
    face: int = Field(ge=1, le=6)
    at_least: int = Field(1, ge=1)


class Flag(Params):
    pass


class EncounterKind(Params):
    kind: list[Literal["combat", "location", "research", "other_world", "expedition", "rumor",
                       "special", "defeated_investigator", "mystery"]] = Field(min_length=1)


class LostThisTest(Params):
    what: Literal["health", "sanity"]


class SpaceHas(Params):
    at: "Place" = "here"
    has: list[Feature] = []
    has_any: list[Feature] = []
    without: list[Feature] = []


class SomeSpace(Params):
    type: list[SpaceType] = []
    has: list[Feature] = []
    has_any: list[Feature] = []
    without: list[Feature] = []


class SomeInvestigator(Params):
    """Someone a ``choose_investigator`` with these fields could pick (an action naming an
    investigator is offered only when there is one to name)."""
    among: Literal["any", "others", "on_space", "others_on_space", "not_acted", "delayed", "nearest"] = "any"
    at: "Place" = "here"
    condition: "Condition | None" = None


class TriggeringCard(Params):
    trait: str | None = None
    name: str | None = None


class Not(Params):
    condition: "Condition"


class AllOf(Params):
    conditions: list["Condition"] = Field(min_length=1)


class AnyOf(Params):
    conditions: list["Condition"] = Field(min_length=1)


CONDITIONS: dict[str, type[Params]] = {
    "count": CountCond,                 # a quantity compared with bounds
    "has_condition": HasCondition,
    "has_possession": HasPossession,
    "on_space": OnSpace,                # who stands on a space of that type / that space / with that
    "monster_on_board": MonsterOnBoard,
    "mysteries_solved": MysteriesSolved,
    "test_rolled": TestRolled,          # the last test's final dice show `face` at least `at_least` times
    "test_passed": Flag,                # the last test was passed
    "awakened": Flag,                   # the Ancient One has awakened
    "delayed": Flag,                    # `self` is Delayed
    "is_lead": Flag,                    # `self` holds the Lead token
    "encounter_kind": EncounterKind,    # the encounter being resolved is of one of these kinds
    "triggering_card": TriggeringCard,  # the card that triggered this ability has that trait / id
    "lost_this_test": LostThisTest,     # `self` lost health / sanity from the current combat test
    "space_has": SpaceHas,              # that place holds these features
    "some_space": SomeSpace,            # some space of the board matches (an effect has a target)
    "some_investigator": SomeInvestigator,  # an investigator a choose_investigator could pick
    "resolving_spell": Flag,            # a Spell effect of `self` is being resolved
    "gate_matches_omen": Flag,          # the gate this ability is about matches the current omen
    "last_succeeded": Flag,             # the previous step did what it said (spawned, gained, moved, ...)
    "not": Not, "all": AllOf, "any": AnyOf,
}


Condition = step("condition", CONDITIONS, bare=True)


# ---------------------------------------------------------------- primitives

class Primitive(Params):
    doc: ClassVar[str] = ""


# ----- health, sanity, clues

class HealthSanity(Primitive):
    who: Who = "self"
    health: Amount | None = None
    sanity: Amount | None = None

    @model_validator(mode="after")
    def _some(self):
        if self.health is None and self.sanity is None:
            raise ValueError("name health and/or sanity")
        for f in ("health", "sanity"):
            _amount_ge(getattr(self, f), 1, f)
        return self


class Recover(Primitive):
    who: Who = "self"
    health: Union[Amount, Literal["all"], None] = None
    sanity: Union[Amount, Literal["all"], None] = None

    @model_validator(mode="after")
    def _some(self):
        if self.health is None and self.sanity is None:
            raise ValueError("name health and/or sanity")
        return self


class Spend(Primitive):
    who: Union[Who, Literal["investigators"]] = "self"  # investigators = any of them together
    health: Amount | None = None
    sanity: Amount | None = None
    clues: Amount | None = None
    any_number: Literal["health", "sanity", "clues"] | None = None  # spend 0+ of this; sets spent_count

    @model_validator(mode="after")
    def _some(self):
        if self.health is None and self.sanity is None and self.clues is None and self.any_number is None:
            raise ValueError("name health, sanity, clues or any_number")
        return self


class GainClues(Primitive):
    who: Who = "self"
    count: Amount = 1


class DiscardClues(Primitive):
    who: Who = "self"
    count: Union[Amount, Literal["all"]] = 1


class NoParams(Primitive):
    pass


class MoveThisClue(Primitive):
    to: Place


class SpawnClues(Primitive):
    count: Amount = 1
    at: Place | None = None      # None: each on the space printed on its token


class MoveBoardClues(Primitive):
    to_nearest: SpaceFilter      # every clue on the board moves to its nearest matching space


class DiscardBoardClues(Primitive):
    at: Union[Literal["all"], Place] = "all"
    count: int | None = Field(None, ge=1)   # that many tokens of each space (None: all of them)


class TradeClues(Primitive):
    who: Who = "self"
    with_: Who = Field("chosen", alias="with")
    give: bool = True
    take: bool = True


# ----- cards

class GainCard(Primitive):
    """gain_asset / gain_artifact / gain_spell."""
    who: Who = "self"
    count: Amount = 1
    name: str | None = None          # a card id: gain that card by name
    trait: str | None = None         # gain by trait
    any_trait: list[str] = []        # gain by trait: a card with any one of these
    source: Literal["deck", "reserve", "discard", "reserve_or_discard"] = "deck"
    max_cost: Amount | None = None   # assets: only cards costing at most this
    total_cost: Amount | None = None  # assets from the reserve: any number of cards whose costs add up to at most this
    chooser: Who = "self"

    @model_validator(mode="after")
    def _shape(self):
        if sum(bool(x) for x in (self.name, self.trait, self.any_trait)) > 1:
            raise ValueError("give at most one of name / trait / any_trait")
        return self


class GainCondition(Primitive):
    who: Who = "self"
    name: str | None = None    # condition id
    trait: str | None = None   # condition trait: the first one of that trait not already held

    @model_validator(mode="after")
    def _one(self):
        if (self.name is None) == (self.trait is None):
            raise ValueError("give exactly one of name / trait")
        return self


class DiscardCondition(Primitive):
    who: Who = "self"
    name: str | None = None
    trait: str | None = None
    any_of: list[str] = []     # condition ids: the holder discards one of them (their choice)
    other_than: list[str] = []  # condition ids never discarded (the Debt just taken as the price)
    count: Union[int, Literal["all"]] = 1

    @model_validator(mode="after")
    def _one(self):
        if sum(x is not None and x != [] for x in (self.name, self.trait, self.any_of)) > 1:
            raise ValueError("give at most one of name / trait / any_of (none: any condition)")
        return self


class Discard(Primitive):
    """discard_possessions: the holder discards cards they hold, of their choice."""
    who: Who = "self"
    kind: list[Literal["asset", "artifact", "spell"]] = ["asset", "artifact"]
    trait: str | None = None
    name: str | None = None
    count: Union[Amount, Literal["all", "any_number"]] = 1
    keep: int | None = Field(None, ge=0)   # discard all but this many
    random: bool = False
    triggering: bool = False               # the card that fired this ability (e.g. the spell just cast)
    last: bool = False                     # the card the previous step gained


class Give(Primitive):
    who: Who = "self"
    to: Literal["chosen", "any_investigator"] = "chosen"
    what: list[Literal["clues", "items", "assets", "artifacts", "spells", "tickets", "possessions"]]
    count: Union[int, Literal["any_number"]] = "any_number"
    swap_spaces: bool = False   # Mi-go Brain Case: the other may move to self's space, self to theirs
    trade: bool = False         # both hand each other any of `what` (a trade, not a gift)


class GainTicket(Primitive):
    who: Who = "self"
    kind: Literal["train", "ship", "choice"] = "choice"
    count: int = Field(1, ge=1)


class DiscardReserve(Primitive):
    count: Union[int, Literal["all"]] = "all"
    chooser: Who = "self"


class RemoveAssets(Primitive):
    """remove_assets: assets costing at least ``min_cost`` leave the game from the deck, its
    discard pile and the Reserve (not from investigators)."""
    min_cost: Amount


class Improve(Primitive):
    """improve / reduce a skill."""
    who: Who = "self"
    skill: SkillOrChoice = "choice"
    times: int = Field(1, ge=1)


class DiscardImprovements(Primitive):
    who: Who = "self"
    count: Union[int, Literal["any_number"]] = "any_number"


# ----- investigator status and movement

class WhoOnly(Primitive):
    who: Who = "self"


class Move(Primitive):
    who: Who = "self"
    to: Place | None = None          # a destination
    spaces: int | None = Field(None, ge=1)   # along paths: exactly this many (or up to, with up_to)
    up_to: bool = False
    toward: Place | None = None      # with spaces: each step brings `who` closer to that place
    path: Literal["any", "ship", "train", "uncharted"] = "any"
    direct: bool = False             # with `to`: straight there, ignoring paths
    optional: bool = False           # `who` may decline

    @model_validator(mode="after")
    def _shape(self):
        if self.to is None and self.spaces is None:
            raise ValueError("give to and/or spaces")
        if self.toward is not None and self.spaces is None:
            raise ValueError("toward needs spaces")
        if self.to is not None and self.toward is not None:
            raise ValueError("give to or toward, not both")
        return self


class ExtraAction(Primitive):
    who: Who = "self"
    count: int = Field(1, ge=1)


# ----- doom, omen

class DoomStep(Primitive):
    amount: Amount = 1


class SetOmen(Primitive):
    chooser: Who = "lead"
    doom: bool = False               # false: no doom for gates matching the new omen


# ----- gates

class SpawnGates(Primitive):
    count: Amount = 1
    at: Place | None = None          # None: the space printed on the drawn token


class CloseGate(Primitive):
    which: Literal["this", "chosen"] = "this"
    chooser: Who = "self"


class DiscardGates(Primitive):
    which: Literal["this", "chosen", "matching_omen", "all"] = "chosen"
    count: int = Field(1, ge=1)
    chooser: Who = "self"
    to_mystery: bool = False         # the gate goes onto the active mystery instead of the discard


# ----- monsters

class SpawnMonster(Primitive):
    count: Amount = 1
    at: Place = "here"
    kind: str | None = None          # a set-aside, epic or named monster id; None: random from the cup
    any_of: list[str] = []           # or: one of these set-aside kinds, the chooser picks
    chooser: Who = "lead"

    @model_validator(mode="after")
    def _one(self):
        if self.kind and self.any_of:
            raise ValueError("give kind or any_of, not both")
        return self


class Ambush(Primitive):
    """ambush: a combat encounter against a monster that is not (only) on the board, then
    `defeated` or `survived`. It names its monster; it takes no `target`."""
    who: Who = "self"
    monster: str = "random"          # random | cultist | a monster id
    defeated: "Effect" = []          # run if the monster was defeated in this combat
    survived: "Effect" = []          # run if it was not (and self is not defeated)


class EncounterMonster(Primitive):
    """encounter_monster: a combat encounter against each targeted monster on the board."""
    who: Who = "self"
    target: Monsters                 # the monster(s) to fight, in self's order
    defeated: "Effect" = []
    survived: "Effect" = []


class DamageMonsters(Primitive):
    target: Monsters
    amount: Amount


class MonsterStep(Primitive):
    """discard_monsters / defeat_monsters / monsters_recover."""
    target: Monsters


class MonstersRecover(Primitive):
    target: Monsters
    amount: Amount | None = None     # None: all lost health


class MoveMonsters(Primitive):
    target: Monsters
    to: Place | None = None
    spaces: int | None = Field(None, ge=1)
    toward: Place | None = None

    @model_validator(mode="after")
    def _shape(self):
        if self.to is None and self.spaces is None:
            raise ValueError("give to and/or spaces")
        return self


class PlaceOnMystery(Primitive):
    """put_on_card: move a thing onto a card as mystery/rumor progress."""
    what: Literal["monster", "clue", "gate", "eldritch"]
    card: Literal["active_mystery", "this_card", "final_mystery"] = "active_mystery"
    target: Monsters | None = None   # what == monster


# ----- tokens on cards and spaces

class Tokens(Primitive):
    """place_eldritch / remove_eldritch / place_health_token."""
    count: Amount = 1
    where: Literal["this_card", "active_mystery", "ancient_one", "omen_green", "place"] = "this_card"
    at: Place | None = None          # where: place

    @model_validator(mode="after")
    def _where(self):
        if (self.where == "place") != (self.at is not None):
            raise ValueError("'at' goes with, and only with, where: place")
        return self


class RemoteEncounter(Primitive):
    kind: Literal["research", "other_world", "location", "expedition"] = "research"
    at: "Place"                      # resolve that encounter as if `self` stood there


class SpecialEncounter(Primitive):
    deck: str                        # an encounter deck id (kind special)


class MoveToken(Primitive):
    """move_eldritch: an Eldritch token from a space onto a card."""
    source: Place = "here"
    card: Literal["active_mystery", "this_card", "final_mystery"] = "active_mystery"


# ----- mythos, mysteries, rumors

class RumorStep(Primitive):
    """solve_rumor."""
    which: Literal["this", "chosen"] = "this"
    chooser: Who = "lead"


class FailRumor(Primitive):
    """fail_rumor: only the rumor owning the effect fails."""
    which: Literal["this"] = "this"


class UnsolveMystery(Primitive):
    chooser: Who = "lead"


class ResolveReckonings(Primitive):
    of: Literal["monsters", "mythos", "conditions", "ancient_one", "possessions"]
    times: int = Field(1, ge=1)
    dice_as: int | None = Field(None, ge=1, le=6)   # every die rolled counts as this face
    who: Who | None = None           # conditions/possessions: only this investigator's
    name: str | None = None          # conditions: only this condition id


class DrawMythos(Primitive):
    trait: Literal["rumor", "event", "ongoing"] | None = None
    source: Literal["box", "deck"] = "box"


class RemoveExpedition(Primitive):
    at: Place = "active_expedition"


# ----- components flip / discard themselves

class FlipThis(Primitive):
    pass


# ----- structure

class Test(Primitive):
    skill: Skill
    modifier: int = 0
    who: Who = "self"
    dice: Amount | None = None       # extra dice (negative: fewer; the pool is never below 1)
    spend_for: Literal["success", "die"] | None = None     # the tester may first spend any number of
    spend: Literal["clues", "sanity", "health"] | None = None  # `spend`, each adding one success / die
    pass_at: int = Field(1, ge=1)    # successes needed to pass
    combat: bool = False             # a test made as part of a combat encounter
    pass_: "Effect" = Field([], alias="pass")
    fail: "Effect" = []

    @model_validator(mode="after")
    def _spend(self):
        if (self.spend is None) != (self.spend_for is None):
            raise ValueError("spend and spend_for go together")
        return self


class May(Primitive):
    chooser: Who = "self"
    cost: "Effect" = []              # must be paid in full to choose it; empty: a free yes/no
    then: "Effect" = []
    otherwise: "Effect" = []

    @model_validator(mode="after")
    def _some(self):
        if not (self.cost or self.then):
            raise ValueError("a may step needs a cost or a then")
        return self


class Option(Params):
    label: dict[str, str] | None = None
    requires: Condition | None = None
    effect: "Effect"


class ChooseOne(Primitive):
    chooser: Who = "self"
    options: list[Option] = Field(min_length=2)


class If(Primitive):
    condition: Condition
    then: "Effect" = []
    otherwise: "Effect" = []


class Outcome(Params):
    min: Amount = 1
    max: Amount = 6
    effect: "Effect"


class Roll(Primitive):
    who: Who = "self"
    outcomes: list[Outcome] = Field(min_length=1)   # the first row whose [min, max] holds the die


class ForEach(Primitive):
    who: Literal["investigators", "other_investigators", "on_space", "others_on_space",
                 "on_or_adjacent", "on_type", "holding"] = "investigators"
    at: Place = "here"               # on_space / others_on_space: that space
    type: list[SpaceType] = []       # on_type: investigators on a space of these types
    has: list[Feature] = []          # on_type: ... that also holds these
    condition: Condition | None = None   # holding: only investigators meeting it
    effect: "Effect"


class ForEachSpace(SpaceFilter, Primitive):
    effect: "Effect"                 # run once per matching space; inside it is `chosen_space`


class ChooseInvestigator(Primitive):
    chooser: Who = "self"
    among: Literal["any", "others", "on_space", "others_on_space", "not_acted", "delayed", "nearest"] = "any"
    at: Place = "here"
    condition: Condition | None = None


class ChooseSpace(Primitive):
    place: ChosenSpace


class ChooseNumber(Primitive):
    chooser: Who = "self"
    min: int = 0
    max: Amount


class Repeat(Primitive):
    times: Amount
    effect: "Effect"


class Hook(Primitive):
    id: str
    params: dict[str, Any] = {}


class GameEnd(Primitive):
    pass


# ----- static modifiers and response effects (in abilities only)

class SkillBonus(Primitive):
    skill: Skill
    amount: int
    during: Literal["always", "combat", "spell", "acquire_assets", "other_world"] = "always"


class ExtraDice(Primitive):
    amount: Amount = 1
    who: Literal["self", "on_space"] = "self"
    during: Literal["any_test", "combat", "other_world", "research", "one_test"] = "any_test"
    while_on: list[SpaceType] = []   # only while the holder stands on one of these space types


class RerollDice(Primitive):
    dice: Union[int, Literal["any"]] = 1
    skill: Skill | None = None       # only on tests of this skill
    during: Literal["any_test", "combat", "other_world"] = "any_test"


class DieBonus(Primitive):
    amount: int = 1
    dice: int = 1
    during: Literal["any_test", "combat_strength"] = "any_test"


class SuccessOn(Primitive):
    faces: list[int] = Field(min_length=1)


class SixCountsTwice(Primitive):
    during: Literal["any_test", "combat_strength", "acquire_assets", "spell"] = "any_test"


class Prevent(Primitive):
    health: Union[Amount, Literal["all"], None] = None   # an amount (e.g. the test result) or all
    sanity: Union[Amount, Literal["all"], None] = None
    who: Literal["self", "chosen", "triggering"] = "triggering"

    @model_validator(mode="after")
    def _some(self):
        if self.health is None and self.sanity is None:
            raise ValueError("name health and/or sanity")
        return self


class Forbid(Primitive):
    what: list[Literal[
        "rest", "move", "actions", "close_gates", "expedition_encounters", "reserve_refill",
        "forced_delay",                # Pocket Watch: no Delayed unless chosen
        "imposed_delay_or_detained",   # Mark Harrigan: neither Delayed nor Detained unless chosen (README)
        "clue_rerolls", "monster_health_loss",
    ]] = Field(min_length=1)
    who: Literal["self", "everyone", "this_monster"] = "self"


class MonsterStat(Primitive):
    """set_horror / reduce_damage: change monsters' numbers against the holder."""
    amount: int
    minimum: int = 0


class ReduceCost(Primitive):
    clues: int = 1


PRIMITIVES: dict[str, type[Primitive]] = {
    # health, sanity, clues
    "lose": HealthSanity, "recover": Recover, "spend": Spend, "claim_possessions": NoParams,
    "gain_clues": GainClues, "discard_clues": DiscardClues,
    "gain_this_clue": NoParams, "discard_this_clue": NoParams, "move_this_clue": MoveThisClue,
    "spawn_clues": SpawnClues, "move_board_clues": MoveBoardClues, "discard_board_clues": DiscardBoardClues,
    "trade_clues": TradeClues,
    # cards and possessions
    "gain_asset": GainCard, "gain_artifact": GainCard, "gain_spell": GainCard,
    "gain_condition": GainCondition, "discard_condition": DiscardCondition,
    "discard_possessions": Discard, "give": Give, "gain_ticket": GainTicket,
    "discard_reserve": DiscardReserve, "refill_reserve": NoParams, "remove_assets": RemoveAssets,
    "improve": Improve, "reduce": Improve, "discard_improvements": DiscardImprovements,
    # status and movement
    "delay": WhoOnly, "lost_in_time_and_space": WhoOnly, "devour": WhoOnly, "defeat_investigator": WhoOnly,
    "move": Move, "extra_action": ExtraAction, "lose_actions": WhoOnly,
    # doom and omen
    "advance_doom": DoomStep, "retreat_doom": DoomStep,
    "advance_omen": DoomStep, "retreat_omen": DoomStep, "set_omen": SetOmen,
    # gates
    "spawn_gates": SpawnGates, "close_gate": CloseGate, "discard_gates": DiscardGates,
    "reorder_gate_stack": NoParams, "look_at_back": NoParams,
    "encounter_ignoring_monsters": NoParams, "remote_encounter": RemoteEncounter,
    # monsters
    "spawn_monster": SpawnMonster, "ambush": Ambush, "encounter_monster": EncounterMonster,
    "damage_monsters": DamageMonsters, "discard_monsters": MonsterStep, "defeat_monsters": MonsterStep,
    "monsters_recover": MonstersRecover,
    "skip_strength_test": NoParams, "no_further_encounter": NoParams, "move_monsters": MoveMonsters,
    # tokens, mysteries, rumors, mythos
    "place_eldritch": Tokens, "remove_eldritch": Tokens, "place_health_token": Tokens,
    "place_mystery_token": Tokens, "special_encounter": SpecialEncounter,
    "move_eldritch": MoveToken, "put_on_card": PlaceOnMystery,
    "solve_rumor": RumorStep, "fail_rumor": FailRumor, "solve_mystery": NoParams,
    "unsolve_mystery": UnsolveMystery,
    "resolve_reckonings": ResolveReckonings, "draw_mythos": DrawMythos,
    "remove_expedition_cards": RemoveExpedition,
    # the owning component
    "flip_this": FlipThis, "flip_face_up": NoParams, "discard_this": NoParams,
    # structure
    "test": Test, "may": May, "choose_one": ChooseOne, "if": If, "roll": Roll,
    "for_each": ForEach, "for_each_space": ForEachSpace, "choose_investigator": ChooseInvestigator, "choose_space": ChooseSpace,
    "choose_number": ChooseNumber, "repeat": Repeat, "hook": Hook,
    "investigators_win": GameEnd, "investigators_lose": GameEnd,
    # static modifiers and responses (abilities only)
    "skill_bonus": SkillBonus, "extra_dice": ExtraDice, "reroll": RerollDice, "die_bonus": DieBonus,
    "success_on": SuccessOn, "six_counts_twice": SixCountsTwice, "prevent": Prevent, "forbid": Forbid,
    "set_horror": MonsterStat, "reduce_damage": MonsterStat, "reduce_clue_cost": ReduceCost,
}

# Primitives that only make sense as static modifiers or response effects inside an ability.
STATIC = frozenset({"skill_bonus", "extra_dice", "reroll", "die_bonus", "success_on", "six_counts_twice",
                    "forbid", "set_horror", "reduce_damage", "reduce_clue_cost"})

Step = step("primitive", PRIMITIVES, bare=True)
Effect = list[Step]

for _model in [*PRIMITIVES.values(), *CONDITIONS.values(), Option, Outcome, Quantity, PlaceMap,
               ChosenSpace, SpaceFilter, Monsters]:
    _model.model_rebuild()

QUANTITIES = Quantity.model_fields["of"].annotation.__args__  # type: ignore[union-attr]


# ---------------------------------------------------------------- tree walking

_CARD_OF_STEP = {"gain_asset": "asset", "gain_artifact": "artifact", "gain_spell": "spell"}
_PLACE_CACHE: dict[tuple[type, str], bool] = {}


def _is_place_field(cls: type, name: str) -> bool:
    """A parameter typed as a Place (a string there is a space id unless it is a keyword)."""
    key = (cls, name)
    if key not in _PLACE_CACHE:
        _PLACE_CACHE[key] = "PlaceMap" in str(cls.model_fields[name].annotation)
    return _PLACE_CACHE[key]
_NOT_SPACES = set(PLACE_WORDS) | {"any", "all"}


def walk(node: Any, path: str = ""):
    """Yield (path, kind, value) for every step, condition and reference in a tree.

    kinds: 'step' and 'condition' (the Tagged nodes); references: 'space', 'monster', 'asset',
    'artifact', 'spell', 'card' (any possession card id), 'condition_card', 'trait', 'hook',
    'quantity'.
    """
    if isinstance(node, Tagged):
        yield path, ("step" if node.kind == "primitive" else "condition"), node
        yield from _walk_fields(node.name, node.spec, f"{path}.{node.name}")
    elif isinstance(node, (list, tuple)):
        for i, value in enumerate(node):
            yield from walk(value, f"{path}[{i}]")
    elif isinstance(node, Params):
        yield from _walk_fields("", node, path)
    elif isinstance(node, BaseModel):      # an entry model: only its nested effects hold references
        for name in type(node).model_fields:
            yield from walk(getattr(node, name), f"{path}.{name}")
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from walk(value, f"{path}.{key}")


def _walk_fields(step: str, spec: BaseModel, path: str):
    for name in type(spec).model_fields:
        value = getattr(spec, name)
        sub = f"{path}.{name}"
        if value is None or isinstance(spec, Hook) and name == "params":
            continue
        if isinstance(value, str) and _is_place_field(type(spec), name):
            if value not in _NOT_SPACES:
                yield sub, "space", value
        elif name == "space" and isinstance(value, str):
            if value not in _NOT_SPACES:
                yield sub, "space", value
        elif name == "kind" and isinstance(spec, (SpawnMonster, Monsters, MonsterOnBoard)):
            yield sub, "monster", value
        elif name == "any_of" and isinstance(spec, SpawnMonster):
            for i, v in enumerate(value):
                yield f"{sub}[{i}]", "monster", v
        elif name == "any_of" and isinstance(spec, DiscardCondition):
            for i, v in enumerate(value):
                yield f"{sub}[{i}]", "condition_card", v
        elif name == "monster" and isinstance(spec, Ambush):
            if value not in ("random", "cultist"):
                yield sub, "monster", value
        elif name == "name" and isinstance(value, str):
            if step in _CARD_OF_STEP:
                yield sub, _CARD_OF_STEP[step], value
            elif isinstance(spec, (GainCondition, DiscardCondition, HasCondition, ResolveReckonings,
                                   TriggeringCard)):
                yield sub, "condition_card", value
            else:
                yield sub, "card", value
        elif name == "any_trait" and isinstance(spec, GainCard):
            for i, v in enumerate(value):
                yield f"{sub}[{i}]", "trait", v
        elif name == "trait" and isinstance(value, str):
            if not isinstance(spec, DrawMythos):   # a mythos trait (rumor/event/ongoing), checked by its Literal
                yield sub, "trait", value
        elif name == "id" and isinstance(spec, Hook):
            yield sub, "hook", value
        elif name == "deck" and isinstance(spec, SpecialEncounter):
            yield sub, "deck", value
        elif name == "of" and isinstance(spec, CountCond):
            yield sub, "quantity", value
        else:
            yield from walk(value, sub)
