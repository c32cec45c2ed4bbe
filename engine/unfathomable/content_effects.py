"""The Unfathomable effect vocabulary: every primitive an effect tree may use.

An effect is a list of steps; each step is a one-key mapping ``{primitive: {params}}`` - the
shared content dialect (:mod:`engine.content.dialect`), also used by The Thing.
Each primitive is a pydantic model below; ``PRIMITIVES`` maps the YAML name to the model.
Conditions (``CONDITIONS``) and quantities (``QUANTITIES``) are the two small side
vocabularies used inside parameters. ``data/unfathomable/README.md`` documents all of them;
a test keeps the two in step.

References to other content (zones, characters, items, spells, hooks, mythos cards) are plain
strings here and are resolved by ``engine.unfathomable.content`` once every file is read.
"""
from __future__ import annotations

from typing import Any, ClassVar, Literal, Union

from pydantic import BaseModel, Field, model_validator

from engine.content.dialect import Spec, Tagged, step

SKILL_TYPES = ("influence", "lore", "observation", "strength", "will", "treachery")
NON_TREACHERY = SKILL_TYPES[:5]
RESOURCES = ("fuel", "food", "sanity", "souls")
MONSTERS = ("mother_hydra", "father_dagon", "deep_ones")
MONARCHS = ("mother_hydra", "father_dagon")
TRACKS = ("journey", "ritual")

SkillType = Literal["influence", "lore", "observation", "strength", "will", "treachery"]
Track = Literal["journey", "ritual"]
Monarch = Literal["mother_hydra", "father_dagon"]

# Player selectors that are not character ids.
PLAYER_WORDS = (
    "current_player",   # whose turn it is
    "decider",          # who decides the crisis being resolved
    "self",             # the owner of the ability / holder of the card
    "target",           # the player picked by the last pick_player step
    "captain",
    "keeper_of_the_tome",
    "each_human",       # every player who has not revealed
    "each_player",
    "each_in_brig",
)
# Pools a player is picked from; "other" = everyone but the chooser (README "Player selectors").
PLAYER_POOLS = (
    "players", "other_players", "humans", "other_humans", "other_unrevealed_not_in_brig",
    "other_players_in_zone", "humans_in_zone", "revealed_traitors",
)
# Sets of spaces, used where a step acts on many spaces at once.
AREAS = ("board", "water", "deck", "interior", "ship", "depths")


# ---------------------------------------------------------------- selectors

class ChosenPlayer(Spec):
    chosen_by: str
    among: Literal[PLAYER_POOLS] = "players"  # type: ignore[valid-type]


class PlayersIn(Spec):
    all_in: "Location"
    side: Literal["humans", "players"] = "humans"


Who = Union[str, ChosenPlayer, PlayersIn]


class ChosenZone(Spec):
    by: str                                   # a player selector
    kind: Literal["water", "deck", "interior", "ship", "any"]
    count: int = Field(1, ge=1)               # how many different zones are picked
    adjacent_to: str | None = None            # player selector: only zones next to them
    undamaged: bool = False


class Location(Spec):
    """Exactly one field is set. ``zone`` names a zone id; the rest are computed in play."""
    zone: str | None = None
    zone_of: str | None = None                # a player selector
    fallback_zone: str | None = None          # used when zone_of is the Sick Bay or Brig
    interior_of: str | None = None            # player's interior zone; deck -> its arrow; Sick Bay -> chooser picks a neighbour
    interior_by_roll: bool | None = None      # d8 -> interior number (1-2 Bridge ... 7-8 Boiler Room)
    deck_by_roll: bool | None = None          # d8 -> deck space with that number
    chosen: ChosenZone | None = None
    picked: bool | None = None                # the zone set by the last pick_zone / damage step
    each: Literal["water", "deck", "interior"] | None = None
    depths: bool | None = None

    @model_validator(mode="after")
    def _exactly_one(self):
        set_fields = [k for k in type(self).model_fields
                      if k != "fallback_zone" and getattr(self, k) not in (None, False)]
        if len(set_fields) != 1:
            raise ValueError(f"a location needs exactly one of zone/zone_of/interior_of/interior_by_roll/"
                             f"deck_by_roll/chosen/picked/each/depths, got {set_fields or 'none'}")
        if self.fallback_zone and not self.zone_of:
            raise ValueError("fallback_zone only goes with zone_of")
        return self


# Quantities that belong to one player (they need `who`); every other quantity is game-wide.
PLAYER_QUANTITIES = ("items_held", "hand_size")
GameQuantity = Literal[
    "passengers_in_supply", "passengers_on_deck", "deep_ones_on_board", "chosen_number",
    "discarded_value", "added_card_value", "removed_count", "rescued_count", "last_roll",
]


class Quantity(Spec):
    of: Union[GameQuantity, Literal[PLAYER_QUANTITIES]]  # type: ignore[valid-type]
    who: str | None = None      # only, and always, with items_held / hand_size
    offset: int = 0

    @model_validator(mode="after")
    def _who(self):
        if (self.of in PLAYER_QUANTITIES) != (self.who is not None):
            raise ValueError(f"'who' goes with, and only with, {' / '.join(PLAYER_QUANTITIES)}")
        return self


Amount = Union[int, Quantity]


class Resources(Spec):
    fuel: int | None = Field(None, ge=1)
    food: int | None = Field(None, ge=1)
    sanity: int | None = Field(None, ge=1)
    souls: int | None = Field(None, ge=1)

    @model_validator(mode="after")
    def _some(self):
        if not any(getattr(self, r) for r in RESOURCES):
            raise ValueError("name at least one of fuel/food/sanity/souls")
        return self


# ---------------------------------------------------------------- conditions

class Cmp(Spec):
    at_least: int | None = None
    at_most: int | None = None

    @model_validator(mode="after")
    def _bound(self):
        if self.at_least is None and self.at_most is None:
            raise ValueError("give at_least and/or at_most")
        return self


class PassengersInSupply(Cmp): pass
class PassengersOnDeck(Cmp): pass
class DeepOnesOnBoard(Cmp): pass
class DeepOnesInDepths(Cmp): pass


class TrackAtStart(Spec):
    track: Track


class HasSkillCard(Spec):
    who: str = "self"
    type: SkillType | None = None


class HandSize(Cmp):
    who: str = "self"


class ItemsHeld(Cmp):
    who: str = "self"


class HoldsTitle(Spec):
    who: str = "self"
    title: Literal["captain", "keeper_of_the_tome"]


class PlayerFlag(Spec):
    who: str = "self"


class InZone(Spec):
    who: str = "self"
    zone: str | None = None
    kind: Literal["water", "deck", "interior", "sick_bay", "brig"] | None = None


class MonsterInDepths(Spec):
    monster: Monarch


class ZoneHasDeepOne(Spec):
    at: Location


class CardInPlay(Spec):
    mythos: str | None = None
    item: str | None = None


class CountOf(Cmp):
    of: GameQuantity  # a game-wide quantity (per-player ones have their own conditions)


class DeckSize(Cmp):
    deck: Literal["items", "spells", "mythos", "course", "damage"]


class PickedZoneIs(Spec):
    kind: Literal["water", "deck", "interior"]
    undamaged: bool = False


class HumansIn(Cmp):
    kind: Literal["water", "deck", "interior"]


class Not(Spec):
    condition: "Condition"


class AllOf(Spec):
    conditions: list["Condition"]


class AnyOf(Spec):
    conditions: list["Condition"]


CONDITIONS: dict[str, type[Spec]] = {
    "passengers_in_supply": PassengersInSupply,
    "passengers_on_deck": PassengersOnDeck,
    "deep_ones_on_board": DeepOnesOnBoard,
    "deep_ones_in_depths": DeepOnesInDepths,
    "track_at_start": TrackAtStart,
    "has_skill_card": HasSkillCard,
    "holds_weapon": PlayerFlag,
    "hand_size": HandSize,
    "items_held": ItemsHeld,
    "holds_title": HoldsTitle,
    "in_brig": PlayerFlag,
    "revealed": PlayerFlag,
    "in_game": PlayerFlag,
    "in_zone": InZone,
    "monster_in_depths": MonsterInDepths,
    "zone_has_deep_one": ZoneHasDeepOne,
    "card_in_play": CardInPlay,
    "humans_in": HumansIn,
    "depths_empty": Spec,
    "count": CountOf,
    "deck_size": DeckSize,
    "picked_zone_is": PickedZoneIs,
    "check_passing": Spec,
    "check_from_mythos": Spec,
    "not": Not,
    "all": AllOf,
    "any": AnyOf,
}


Condition = step("condition", CONDITIONS)


# ---------------------------------------------------------------- primitives

class Primitive(Spec):
    doc: ClassVar[str] = ""


class Lose(Resources, Primitive): pass
class Gain(Resources, Primitive): pass


class ChosenResource(Primitive):
    amount: int = Field(1, ge=1)
    chooser: str = "decider"


class RiskPassengers(Primitive):
    count: Amount = 1


class DefeatPassengers(Primitive):
    count: Union[int, Literal["all"]] = 1
    source: Literal["supply", "deck_space", "any", "zone", "deck_spaces"] = "deck_space"
    at: Location | None = None            # with source: zone
    chooser: str = "decider"


class RescuePassengers(Primitive):
    count: Union[int, Literal["all", "any_number"]] = 1
    where: Literal["own_zone", "own_and_adjacent", "deck_spaces"] = "own_zone"


class Activate(Primitive):
    monster: Literal["mother_hydra", "father_dagon", "deep_ones"]
    times: int = Field(1, ge=1)
    at: Location | None = None            # deep_ones only: just those in this zone
    count: int | None = None              # deep_ones only: just this many, chosen by chooser
    chooser: str = "current_player"


class PlaceDeepOnes(Primitive):
    count: int = Field(1, ge=1)
    at: Location


class DefeatDeepOnes(Primitive):
    where: Union[Literal[AREAS], Location]  # type: ignore[valid-type]
    count: Union[int, Literal["all"], Quantity] = "all"
    chooser: str = "decider"


class MoveDeepOnes(Primitive):
    source: Union[Literal[AREAS], Location]  # type: ignore[valid-type]
    to: Literal["adjacent", "adjacent_water"]
    together: bool = False     # all moved Deep Ones go to the same destination
    chooser: str = "decider"
    optional: bool = False


class SendToDepths(Primitive):
    monsters: list[Monarch]


class Emerge(Primitive):
    what: Union[Literal["all_in_depths"], list[Monarch]] = "all_in_depths"
    to: Literal["bow_by_roll", "chosen_water"] = "bow_by_roll"
    chooser: str = "decider"


class MoveMonarch(Primitive):
    monster: Union[Monarch, Literal["chosen"]]
    to: Literal["adjacent_water", "depths"]
    chooser: str = "decider"


class DamageShip(Primitive):
    times: int = Field(1, ge=1)


class DamageZone(Primitive):
    at: Location


class RepairZone(Primitive):
    at: Location
    pay_cost: bool = True


class AdvanceTrack(Primitive):
    track: Track
    spaces: int = Field(1, ge=1)
    extra_per_surplus: int | None = Field(None, ge=1)  # +1 space per this many points over the check target


class RetreatTrack(Primitive):
    track: Track
    spaces: int = Field(1, ge=1)
    at_start_lose: Resources | None = None          # paid instead when the token starts on Start
    per_blocked_step_lose: Resources | None = None  # paid for each step that Start blocks


class ResetTrack(Primitive):
    track: Track


class ShiftTrack(Primitive):
    track: Track
    min: int
    max: int
    chooser: str = "self"


class PlayCourseCard(Primitive):
    chooser: str = "captain"


class PickPlayer(Primitive):
    chooser: str = "decider"
    among: Literal[PLAYER_POOLS] = "players"  # type: ignore[valid-type]


class PickZone(Primitive):
    at: Location


class MovePlayer(Primitive):
    who: Who
    to: Location
    optional: bool = False


class PlayerStep(Primitive):
    who: Who


class LeaveBrig(Primitive):
    who: Who
    optional: bool = False


class LoseTitle(Primitive):
    title: Literal["captain", "keeper_of_the_tome"]


class DrawSkillCards(Primitive):
    who: Who
    count: Amount = 1
    types: Union[Literal["own_skill_set", "any_non_treachery", "one_non_treachery_type"], list[SkillType]] = "own_skill_set"


class DiscardSkillCards(Primitive):
    who: Who
    count: Union[int, Literal["all"], Quantity] = 1
    type: SkillType | None = None
    random: bool = False


class DiscardTotal(Primitive):
    who: Who = "self"
    at_least: int = Field(ge=1)
    types: Union[Literal["any"], list[SkillType]] = "any"


class DiscardAndRoll(Primitive):
    who: Who = "self"
    type: SkillType
    target: int = Field(ge=1)
    on_success: "Effect" = []
    on_failure: "Effect" = []


class ShuffleTreachery(Primitive):
    count: int = Field(ge=1)


class RebuildChaos(Primitive): pass


class DrawItems(Primitive):
    who: Who = "decider"
    look: int = Field(1, ge=1)
    keep: int = Field(1, ge=1)
    rest: Literal["bottom", "shuffle"] = "bottom"


class RemoveItems(Primitive):
    who: Who
    count: Union[int, Literal["all"]] = 1
    keep: int | None = None
    item: str | None = None


class RemoveDeckTop(Primitive):
    deck: Literal["items", "spells"]
    count: int = Field(ge=1)


class ScoutDeck(Primitive):
    deck: Literal["mythos", "course", "spells", "items"]
    look: int = Field(1, ge=1)
    top: int = Field(1, ge=0)
    rest: Literal["bottom", "top_or_bottom"] = "bottom"
    chooser: str = "decider"


class CastSpell(Primitive):
    who: Who = "keeper_of_the_tome"
    look: int = Field(1, ge=1)  # look at N, cast 1, rest to the bottom; look 1 = cast the top spell


class KeepCard(Primitive):
    holder: Who


class DiscardThisCard(Primitive):
    optional: bool = False


class LookAtLoyalty(Primitive):
    who: Who = "self"
    target: Who = "target"


class TakeActions(Primitive):
    who: Who = "self"
    count: int = Field(1, ge=1)


class SkillCheck(Primitive):
    target: int = Field(ge=1)
    partial: int | None = Field(None, ge=1)
    positive: list[SkillType] = Field(min_length=2, max_length=3)
    on_pass: "Effect" = []
    on_partial: "Effect | None" = None
    on_fail: "Effect" = []

    @model_validator(mode="after")
    def _partial(self):
        if "treachery" in self.positive:
            raise ValueError("treachery is never a positive type")
        if len(set(self.positive)) != len(self.positive):
            raise ValueError("positive types repeat")
        if (self.partial is None) != (self.on_partial is None):
            raise ValueError("partial threshold and on_partial go together")
        if self.partial is not None and self.partial >= self.target:
            raise ValueError("partial threshold must be below the target")
        return self


class Option(Spec):
    label: dict[str, str] = Field(min_length=1)
    requires: Condition | None = None
    effect: "Effect"


class Choice(Primitive):
    chooser: str = "decider"
    options: list[Option] = Field(min_length=2)


class Optional_(Primitive):
    chooser: str = "decider"
    effect: "Effect"


class If(Primitive):
    condition: Condition
    then: "Effect"
    otherwise: "Effect" = []


class Roll(Primitive):
    at_most: Amount | None = None
    at_least: Amount | None = None
    then: "Effect"
    otherwise: "Effect" = []

    @model_validator(mode="after")
    def _one(self):
        if (self.at_most is None) == (self.at_least is None):
            raise ValueError("give exactly one of at_most / at_least")
        return self


class ChooseNumber(Primitive):
    chooser: str = "decider"
    min: int = 0
    max: int
    cap: Quantity | None = None


class ForEach(Primitive):
    who: Literal["each_human", "each_player", "each_in_brig"]
    effect: "Effect"   # 'self' inside means the player of this round


class Hook(Primitive):
    id: str
    params: dict[str, Any] = {}


# ----- reaction / rule-bending primitives (used from abilities in response windows)

class Attack(Primitive):
    with_weapon: bool = False   # the attack of one held `weapon: true` item (its range, bonus, reroll)
    range: Literal["same_zone", "adjacent", "anywhere"] = "same_zone"
    bonus: int = 0
    bonus_per_enemy_in_zone: bool = False
    unarmed: bool = False       # an unarmed attack (Kitchen Knife's bonus applies)
    count: int = Field(1, ge=1)  # up to this many attacks, one at a time; the attacker may stop
    reroll_once: bool = False

    @model_validator(mode="after")
    def _kind(self):
        if self.with_weapon and self.unarmed:
            raise ValueError("an attack is with a weapon or unarmed, not both")
        if self.with_weapon and (self.range != "same_zone" or self.bonus or self.bonus_per_enemy_in_zone
                                 or self.reroll_once):
            raise ValueError("an attack with_weapon takes range, bonus and reroll from the weapon")
        return self


class DefeatAllIn(Primitive):
    at: Location
    what: list[Literal["humans", "players", "deep_ones", "passengers"]]


class ModifyRoll(Primitive):
    amount: Amount
    either_sign: bool = False


class Reroll(Primitive): pass
class ResolveAgain(Primitive): pass
class EndActions(Primitive): pass


class TransferItem(Primitive):
    source: Who
    to: Who
    chooser: str = "self"
    optional: bool = False
class SetRoll(Primitive): pass


class ModifyCheck(Primitive):
    amount: Amount | None = None
    up_to: Amount | None = None   # chooser picks 1..up_to
    either_sign: bool = False

    @model_validator(mode="after")
    def _one(self):
        if (self.amount is None) == (self.up_to is None):
            raise ValueError("give exactly one of amount / up_to")
        return self


class AddCardToCheck(Primitive):
    source: Literal["hand", "skill_deck_top"]


class SetCheckResult(Primitive):
    chooser: str = "self"


class MakeTypePositive(Primitive):
    chooser: str = "self"


class PreventDefeat(Primitive):
    of: Literal["self", "any_player", "passenger", "player_or_passenger"]


class SkipCrisis(Primitive): pass
class ReplaceCrisis(Primitive): pass
class RevealContributions(Primitive): pass
class SkipChaosCards(Primitive): pass


# ----- static modifiers (only in passive abilities and in-play cards)

class ExtraTreacheryInChecks(Primitive):
    count: int = Field(1, ge=1)
    while_condition: Condition | None = None


class AttackBonus(Primitive):
    amount: int
    unarmed_only: bool = False


class CannotAttack(Primitive): pass
class Barricade(Primitive): pass


PRIMITIVES: dict[str, type[Primitive]] = {
    # resources
    "lose": Lose, "gain": Gain,
    "lose_chosen_resource": ChosenResource, "gain_chosen_resource": ChosenResource,
    # passengers
    "risk_passengers": RiskPassengers, "defeat_passengers": DefeatPassengers,
    "rescue_passengers": RescuePassengers,
    # monsters
    "activate": Activate, "place_deep_ones": PlaceDeepOnes, "defeat_deep_ones": DefeatDeepOnes,
    "move_deep_ones": MoveDeepOnes, "send_to_depths": SendToDepths, "emerge": Emerge,
    "move_monarch": MoveMonarch,
    # ship
    "damage_ship": DamageShip, "damage_zone": DamageZone, "repair_zone": RepairZone,
    # tracks
    "advance_track": AdvanceTrack, "retreat_track": RetreatTrack, "reset_track": ResetTrack,
    "shift_track": ShiftTrack, "play_course_card": PlayCourseCard,
    # players
    "pick_player": PickPlayer, "pick_zone": PickZone, "move_player": MovePlayer,
    "send_to_brig": PlayerStep, "send_to_sick_bay": PlayerStep, "defeat_player": PlayerStep,
    "leave_brig": LeaveBrig, "lose_title": LoseTitle, "take_actions": TakeActions,
    "look_at_loyalty": LookAtLoyalty, "defeat_all_in": DefeatAllIn, "end_actions": EndActions,
    # cards
    "draw_skill_cards": DrawSkillCards, "discard_skill_cards": DiscardSkillCards,
    "discard_total": DiscardTotal, "discard_and_roll": DiscardAndRoll,
    "shuffle_treachery_into_chaos": ShuffleTreachery, "rebuild_chaos": RebuildChaos,
    "draw_items": DrawItems, "remove_items": RemoveItems, "remove_deck_top": RemoveDeckTop,
    "scout_deck": ScoutDeck, "cast_spell": CastSpell, "keep_card": KeepCard,
    "discard_this_card": DiscardThisCard, "transfer_item": TransferItem,
    # structure
    "skill_check": SkillCheck, "choice": Choice, "optional": Optional_, "if": If, "roll": Roll,
    "choose_number": ChooseNumber, "for_each": ForEach, "hook": Hook,
    # response windows
    "attack": Attack, "modify_roll": ModifyRoll, "reroll": Reroll, "set_roll": SetRoll,
    "resolve_again": ResolveAgain,
    "modify_check": ModifyCheck, "add_card_to_check": AddCardToCheck,
    "set_check_result": SetCheckResult, "make_type_positive": MakeTypePositive,
    "prevent_defeat": PreventDefeat, "skip_crisis": SkipCrisis, "replace_crisis": ReplaceCrisis,
    "reveal_contributions": RevealContributions, "skip_chaos_cards": SkipChaosCards,
    # static modifiers
    "extra_treachery_in_checks": ExtraTreacheryInChecks, "attack_bonus": AttackBonus,
    "cannot_attack": CannotAttack, "barricade": Barricade,
}

Step = step("primitive", PRIMITIVES)
Effect = list[Step]

for _model in [*PRIMITIVES.values(), *CONDITIONS.values(), Option, PlayersIn, ChosenPlayer,
               Location, ChosenZone, Tagged]:
    _model.model_rebuild()

QUANTITIES = (*GameQuantity.__args__, *PLAYER_QUANTITIES)  # type: ignore[attr-defined]


# ---------------------------------------------------------------- tree walking

def walk(node: Any, path: str = ""):
    """Yield (path, kind, value) for every step, condition, selector and location in a tree.

    kind is one of: 'step', 'condition', 'who', 'zone', 'location', 'item', 'hook', 'mythos'.
    """
    if isinstance(node, Tagged):
        yield path, ("step" if node.kind == "primitive" else "condition"), node
        yield from walk(node.spec, f"{path}.{node.name}")
    elif isinstance(node, Location):
        yield path, "location", node
        for field in ("zone", "fallback_zone"):
            if getattr(node, field):
                yield f"{path}.{field}", "zone", getattr(node, field)
        for field in ("zone_of", "interior_of"):
            if getattr(node, field):
                yield f"{path}.{field}", "who", getattr(node, field)
        if node.chosen:
            yield from walk(node.chosen, f"{path}.chosen")
    elif isinstance(node, ChosenZone):
        yield f"{path}.by", "who", node.by
        if node.adjacent_to:
            yield f"{path}.adjacent_to", "who", node.adjacent_to
    elif isinstance(node, ChosenPlayer):
        yield f"{path}.chosen_by", "who", node.chosen_by
    elif isinstance(node, BaseModel):
        for name in type(node).model_fields:
            value = getattr(node, name)
            sub = f"{path}.{name}"
            if isinstance(value, str) and name in _WHO_FIELDS:
                yield sub, "who", value
            elif isinstance(value, str) and name == "item" and value:
                yield sub, "item", value
            elif isinstance(value, str) and name == "mythos" and value:
                yield sub, "mythos", value
            elif isinstance(value, str) and name == "id" and isinstance(node, Hook):
                yield sub, "hook", value
            elif isinstance(value, str) and name == "zone" and isinstance(node, InZone):
                yield sub, "zone", value
            else:
                yield from walk(value, sub)
    elif isinstance(node, (list, tuple)):
        for i, value in enumerate(node):
            yield from walk(value, f"{path}[{i}]")
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from walk(value, f"{path}.{key}")


_WHO_FIELDS = {"who", "chooser", "holder", "target", "by", "chosen_by"}
