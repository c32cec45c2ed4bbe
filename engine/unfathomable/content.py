"""Unfathomable content pack: load ``data/unfathomable/*.yaml`` and validate all of it.

Every entry is validated on its own so a ContentError names the file and the entry id. After the
models are built, every reference (zones, characters, items, spells, mythos, hooks, player
selectors) is resolved and every counted component is compared with ``components.yaml``.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import Field, ValidationError, model_validator

from engine.content import DATA_ROOT, ContentError, SummaryRow
from engine.content.dialect import Names, Strict as Model, Text
from engine.content.loader import bytes_digest, files_digest, need, need_known, problem as _problem, unique_ids, validate_files
from engine.unfathomable.content_effects import (
    MONSTERS, NON_TREACHERY, PLAYER_WORDS, RESOURCES, SKILL_TYPES, Condition, Effect,
    SkillType, Track, walk,
)

Provenance = Literal["official", "authored"]
LANGS = ("en", "uk", "ru")


class Named(Model):
    """An entry with an id, names and where it comes from."""
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: Names
    name_authored: list[Literal["en", "uk", "ru"]] = []
    provenance: Provenance
    text: Text | None = None


Timing = Literal[
    "action", "free", "passive", "any_time", "during_own_turn", "start_of_actions",
    "before_contributions", "after_check_reveal", "before_roll", "after_roll", "after_combat_roll",
    "would_be_defeated", "passengers_would_be_defeated", "passenger_defeated",
    "mythos_draw", "crisis_revealed", "deciding_crisis", "after_zone_action", "after_skill_card",
    "on_reveal",
]
Limit = Literal["none", "once_per_turn", "once_per_check", "once_per_roll", "once_per_game"]


class Ability(Model):
    id: str | None = None
    name: Names | None = None
    name_authored: list[Literal["en", "uk", "ru"]] = []
    timing: Timing
    limit: Limit = "none"
    requires: Condition | None = None
    cost: Effect = []
    effect: Effect
    zone: str | None = None          # after_zone_action: which zone
    cards: list[str] = []            # after_skill_card: which skill cards
    range: Literal["own_zone", "own_and_adjacent"] | None = None
    text: Text | None = None

    @model_validator(mode="after")
    def _timing_params(self):
        if (self.timing == "after_zone_action") != (self.zone is not None):
            raise ValueError("'zone' is required with, and only with, timing after_zone_action")
        if (self.timing == "after_skill_card") != bool(self.cards):
            raise ValueError("'cards' is required with, and only with, timing after_skill_card")
        return self


class InPlay(Model):
    abilities: list[Ability]


# ---------------------------------------------------------------- files

class Component(Model):
    id: str
    name: Names
    name_authored: list[Literal["en", "uk", "ru"]] = []
    expected: int = Field(ge=0)


class ComponentsFile(Model):
    components: list[Component]


class Resource(Named):
    start: int = Field(ge=1, le=10)


class ResourceVariant(Model):
    id: str
    name: Names
    name_authored: list[Literal["en", "uk", "ru"]] = []
    start: dict[Literal["fuel", "food", "sanity", "souls"], int] | None = None
    adjust_all: int | None = None
    applies_to_players: list[int] = []
    provenance: Provenance


class ResourcesFile(Model):
    maximum: int
    resources: list[Resource]
    variants: list[ResourceVariant]


class TrackSpace(Model):
    index: int
    id: str
    name: Names
    name_authored: list[Literal["en", "uk", "ru"]] = []


class TrackDef(Named):
    id: Track  # type: ignore[assignment]
    spaces: list[TrackSpace] = Field(min_length=2)
    each_advance: Literal["push_water_monsters_to_stern"] | None = None
    end_space: Literal["journey_arrival", "great_banishment"]


class Distance(Model):
    win_at_least: int
    awakening_at_least: int
    text: Text


class TracksFile(Model):
    tracks: list[TrackDef]
    distance: Distance
    end_space_rules: dict[str, str]


class Zone(Named):
    kind: Literal["water", "deck", "interior", "sick_bay", "brig", "depths"]
    number: int | None = None
    numbers: list[int] = []
    damageable: bool = False
    side: Literal["port", "starboard"] | None = None
    position: Literal["bow", "midships", "stern"] | None = None
    adjacent: list[str]
    arrow: str | None = None
    bow_label: str | None = None
    toward_bow: str | None = None
    toward_stern: str | None = None
    aka: Names | None = None
    action: Ability | None = None
    traitor_action: Ability | None = None


class BowRoll(Model):
    rolls: list[int]
    zone: str


class Priority(Model):
    provenance: Provenance
    priority: dict[str, list[str]]
    first_step: dict[str, dict[str, str]] | None = None


class BoardFile(Model):
    zones: list[Zone]
    bow_roll: list[BowRoll]
    damage_redirect: Priority
    deep_one_pathing: Priority
    zone_action_rules: dict[str, Any]


class Passenger(Named):
    loses: dict[Literal["fuel", "food", "sanity", "souls"], int]
    copies: int = Field(ge=1)


class PassengersFile(Model):
    passengers: list[Passenger]


class Title(Named):
    holds_deck: Literal["course", "spells"]
    succession: list[str]
    duties: list[str]
    abilities: list[Ability] = []


class TitlesFile(Model):
    titles: list[Title]
    succession_rules: dict[str, Any]


class RefSide(Model):
    id: str
    summarises: dict[str, list[str]] | None = None
    text: Text


class ReferenceCard(Named):
    copies: int = Field(ge=1)
    sides: list[RefSide] = Field(min_length=2, max_length=2)


class ReferenceFile(Model):
    reference_cards: list[ReferenceCard]


class Hook(Model):
    id: str
    used_by: list[str]
    meaning: Text


class HooksFile(Model):
    hooks: list[Hook]


class Character(Named):
    role: Text
    skill_set: dict[SkillType, int]
    start_zone: str
    starting_item: str
    succession: dict[Literal["captain", "keeper_of_the_tome"], int]
    feat: str
    personal_mythos: str
    ability: Ability
    traitor_ability: Ability

    @model_validator(mode="after")
    def _checks(self):
        if "treachery" in self.skill_set:
            raise ValueError("a skill set never holds treachery")
        if sum(self.skill_set.values()) != 5:
            raise ValueError(f"skill set draws {sum(self.skill_set.values())} cards, every character draws 5")
        if self.traitor_ability.timing != "on_reveal":
            raise ValueError("traitor_ability must have timing on_reveal")
        return self


class CharactersFile(Model):
    characters: list[Character]


class Feat(Named):
    character: str
    ability: Ability

    @model_validator(mode="after")
    def _once(self):
        if self.ability.limit != "once_per_game":
            raise ValueError("a feat is once per game")
        return self


class FeatsFile(Model):
    feats: list[Feat]


class Item(Named):
    starting_item_of: str | None = None
    upgrade: Literal["influence", "lore", "observation", "strength", "will"] | None = None
    weapon: bool = False
    abilities: list[Ability] = []

    @model_validator(mode="after")
    def _something(self):
        if not self.upgrade and not self.abilities:
            raise ValueError("an item is an upgrade or has at least one ability")
        if self.weapon:
            # README ruling 25: "with a weapon" borrows the one plain attack of a weapon item
            attacks = [a.effect[0].spec for a in self.abilities if len(a.effect) == 1 and a.effect[0].name == "attack"]
            if len(attacks) != 1 or attacks[0].with_weapon or attacks[0].unarmed or attacks[0].count != 1:
                raise ValueError("a weapon has exactly one ability that is a single plain attack step")
        return self


class ItemsFile(Model):
    items: list[Item]


class Spell(Named):
    copies: int = Field(ge=1)
    effect: Effect
    cost: Effect
    in_play: InPlay | None = None


class SpellsFile(Model):
    spells: list[Spell]


class SkillCard(Named):
    provenance: Provenance = "official"  # type: ignore[assignment]  # inherits the deck's
    copies: dict[int, int]
    ability: Ability


class SkillDeck(Model):
    type: SkillType
    name: Names
    name_authored: list[Literal["en", "uk", "ru"]] = []
    colour: str
    treachery: bool = False
    provenance: Provenance
    cards: list[SkillCard]


class ChaosDeck(Model):
    provenance: Provenance
    per_type: int
    types: list[SkillType]
    cards_per_check: int
    rebuild: str
    one_left_when_two_needed: str
    treachery_shuffle_odd_available: str
    text: Text


class SkillCardsFile(Model):
    value_distribution: dict[int, int]
    decks: list[SkillDeck]
    chaos_deck: ChaosDeck
    hand_limit: int


class LoyaltyCard(Named):
    side: Literal["human", "traitor"]
    copies: int = Field(ge=1)
    wins_only_with_distance_at_least: int | None = None


class LoyaltyFile(Model):
    cards: list[LoyaltyCard]
    deck_by_players: dict[int, dict[str, int]]
    without_cultist: dict[str, str]
    dealing: dict[str, Any]


class DamageRepair(Model):
    discard_total: int
    types: Literal["any"] | list[SkillType]


class DamageCard(Named):
    placed: bool
    repair: DamageRepair | None = None
    after: Literal["remove_from_game", "bottom_of_deck_and_draw_again"] | None = None
    effect: Effect = []

    @model_validator(mode="after")
    def _shape(self):
        if self.placed and (self.repair is None or self.after):
            raise ValueError("a placed damage card has a repair cost and no 'after'")
        if not self.placed and (self.repair is not None or not self.after or not self.effect):
            raise ValueError("an unplaced damage card has an effect and an 'after', and no repair")
        return self


class DamageFile(Model):
    damage_cards: list[DamageCard]
    rules: dict[str, str]


class CourseCard(Named):
    distance: Literal[2, 3, 4]
    effect: Effect


class CourseFile(Model):
    course_cards: list[CourseCard]
    distance_counts: dict[int, int]


class Mythos(Named):
    kind: Literal["choice", "skill_check", "combined"]
    decider: str
    personal: str | None = None
    activation: Literal["mother_hydra", "father_dagon", "deep_ones"]
    track: Literal["journey", "ritual", "choice"]
    crisis: Effect = Field(min_length=1, max_length=1)
    in_play: InPlay | None = None

    @model_validator(mode="after")
    def _shape(self):
        top = self.crisis[0]
        if self.kind == "skill_check":
            if top.name != "skill_check":
                raise ValueError("a skill_check card's crisis is one skill_check step")
            if self.decider != "current_player":
                raise ValueError("a skill_check card is resolved by the current_player")
        else:
            if top.name != "choice" or len(top.spec.options) != 2:
                raise ValueError(f"a {self.kind} card's crisis is one choice with two options")
            first = top.spec.options[0].effect
            is_check = len(first) == 1 and first[0].name == "skill_check"
            if (self.kind == "combined") != is_check:
                raise ValueError("a combined card's first option is the skill check (and only it); "
                                 "a choice card has no bare skill check option")
        if self.personal and self.decider != self.personal:
            raise ValueError("a personal card is decided by its character")
        return self


class MythosFile(Model):
    mythos: list[Mythos]


class Placement(Model):
    zone: str
    count: int = Field(ge=1)


class SetupFile(Model):
    deep_ones_total: int
    monarchs_start: Literal["depths"]
    starting_deep_ones: list[Placement]
    starting_passengers: list[Placement]
    starting_hand: dict[str, Any]
    actions_per_turn: int
    first_game_characters: dict[int, list[str]]
    combat: dict[str, int]


MonsterStep = Literal[
    "feed_depths", "emerge_if_ready", "damage_nearest_interior", "move_toward_bow",
    "spawn_on_arrow_deck", "attack_human", "defeat_passenger", "damage_own_zone", "move_one",
]


class Monster(Named):
    """A monster kind and what its activation does (README "Monsters")."""
    kind: Literal["monarch", "deep_one"]
    figures: int = Field(ge=1)
    starts_in: Literal["depths", "supply"]
    emerges_with: list[Literal["self", "deep_ones", "all"]]
    in_depths: list[MonsterStep] = []          # monarch activated while in the Depths
    on_board: list[MonsterStep] = []           # monarch activated on a water space
    none_on_board: list[MonsterStep] = []      # Deep Ones activated with none on the board
    each: list[MonsterStep] = []               # every Deep One on the board: the first step it can do
    order_chosen_by: Literal["current_player"] | None = None
    spawn_count: int | None = Field(default=None, ge=1)

    @model_validator(mode="after")
    def _shape(self):
        if self.kind == "monarch" and not (self.in_depths and self.on_board) or \
                self.kind == "deep_one" and not (self.none_on_board and self.each):
            raise ValueError("a monarch needs in_depths and on_board; Deep Ones need none_on_board and each")
        if ("spawn_on_arrow_deck" in self.on_board) != (self.spawn_count is not None):
            raise ValueError("spawn_count goes with, and only with, spawn_on_arrow_deck")
        return self


class Depths(Model):
    feed: int = Field(ge=1)
    emerge_at_least: int = Field(ge=1)
    emerge_to: Literal["bow_roll"]


class MonstersFile(Model):
    monsters: list[Monster]
    depths: Depths


class EndCondition(Model):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    when: dict[Literal["journey_token_reaches", "distance_at_least", "any_resource_at_most",
                       "damaged_zones_at_least", "deep_ones_needed_exceed_supply"], Any]
    winners: Literal["humans", "traitors"]
    provenance: Provenance
    text: Text


class CultistWin(Model):
    distance_at_least: int
    or_during_course_card_reaching: int
    with_hybrid: Literal["wins_with_traitors"]


class Winners(Model):
    humans: Literal["only_human_cards"]
    traitors: Literal["any_hybrid_card"]
    cultist: CultistWin
    provenance: Provenance


class GameEndFile(Model):
    conditions: list[EndCondition]
    winners: Winners


FILES: dict[str, tuple[type[Model], str | None]] = {
    # file: (model, the list whose entries are validated one by one)
    "components.yaml": (ComponentsFile, "components"),
    "resources.yaml": (ResourcesFile, "resources"),
    "tracks.yaml": (TracksFile, "tracks"),
    "board.yaml": (BoardFile, "zones"),
    "passengers.yaml": (PassengersFile, "passengers"),
    "titles.yaml": (TitlesFile, "titles"),
    "reference_cards.yaml": (ReferenceFile, "reference_cards"),
    "hooks.yaml": (HooksFile, "hooks"),
    "characters.yaml": (CharactersFile, "characters"),
    "feats.yaml": (FeatsFile, "feats"),
    "items.yaml": (ItemsFile, "items"),
    "spells.yaml": (SpellsFile, "spells"),
    "skill_cards.yaml": (SkillCardsFile, "decks"),
    "loyalty.yaml": (LoyaltyFile, "cards"),
    "damage.yaml": (DamageFile, "damage_cards"),
    "course.yaml": (CourseFile, "course_cards"),
    "mythos.yaml": (MythosFile, "mythos"),
    "setup.yaml": (SetupFile, None),
    "monsters.yaml": (MonstersFile, "monsters"),
    "game_end.yaml": (GameEndFile, "conditions"),
}


class UnfathomablePack(Model):
    data_dir: Path
    digest: str  # of what the files read say to the rules: part of the game's version (engine.core.game)
    bytes_digest: str = "none"  # of their bytes: the version games begun before 28 Nov 2026 carry
    components: ComponentsFile
    resources: ResourcesFile
    tracks: TracksFile
    board: BoardFile
    passengers: PassengersFile
    titles: TitlesFile
    reference_cards: ReferenceFile
    hooks: HooksFile
    characters: CharactersFile
    feats: FeatsFile
    items: ItemsFile
    spells: SpellsFile
    skill_cards: SkillCardsFile
    loyalty: LoyaltyFile
    damage: DamageFile
    course: CourseFile
    mythos: MythosFile
    setup: SetupFile
    monsters: MonstersFile
    game_end: GameEndFile

    def zone(self, zone_id: str) -> Zone:
        return next(z for z in self.board.zones if z.id == zone_id)

    def character(self, character_id: str) -> Character:
        return next(c for c in self.characters.characters if c.id == character_id)

    def expected(self, component_id: str) -> int:
        return next(c.expected for c in self.components.components if c.id == component_id)


# ---------------------------------------------------------------- loading

def load(data_dir: Path | None = None) -> UnfathomablePack:
    """Read, validate and cross-check the whole Unfathomable pack."""
    data_dir = Path(data_dir) if data_dir else DATA_ROOT / "unfathomable"
    read: dict = {}
    parts = validate_files(data_dir, FILES, read)
    try:
        pack = UnfathomablePack(data_dir=data_dir, digest=files_digest(read),
                                bytes_digest=bytes_digest(data_dir / f for f in FILES), **parts)
    except ValidationError as err:  # pragma: no cover - every part was validated above
        raise ContentError(str(data_dir), None, _problem(err)) from None
    _check_ids(pack)
    _check_board(pack)
    _check_references(pack)
    _check_counts(pack)
    return pack


def _check_ids(pack: UnfathomablePack) -> None:
    unique_ids({
        "board.yaml": [z.id for z in pack.board.zones],
        "characters.yaml": [c.id for c in pack.characters.characters],
        "items.yaml": [i.id for i in pack.items.items],
        "spells.yaml": [s.id for s in pack.spells.spells],
        "feats.yaml": [f.id for f in pack.feats.feats],
        "mythos.yaml": [m.id for m in pack.mythos.mythos],
        "course.yaml": [c.id for c in pack.course.course_cards],
        "damage.yaml": [d.id for d in pack.damage.damage_cards],
        "hooks.yaml": [h.id for h in pack.hooks.hooks],
        "skill_cards.yaml": [c.id for d in pack.skill_cards.decks for c in d.cards],
        "loyalty.yaml": [c.id for c in pack.loyalty.cards],
        "monsters.yaml": [m.id for m in pack.monsters.monsters],
        "game_end.yaml": [c.id for c in pack.game_end.conditions],
    })
    decks = [d.type for d in pack.skill_cards.decks]
    if sorted(decks) != sorted(SKILL_TYPES):
        raise ContentError("skill_cards.yaml", None, f"decks must be exactly {', '.join(SKILL_TYPES)}, got {decks}")
    if sorted(m.id for m in pack.monsters.monsters) != sorted(MONSTERS):
        raise ContentError("monsters.yaml", None, f"monsters must be exactly {', '.join(MONSTERS)}")
    if [r.id for r in pack.resources.resources] != list(RESOURCES):
        raise ContentError("resources.yaml", None, f"resources must be {', '.join(RESOURCES)}")


def _check_board(pack: UnfathomablePack) -> None:
    file = "board.yaml"
    zones = {z.id: z for z in pack.board.zones}
    damageable = [z.id for z in pack.board.zones if z.damageable]
    for z in pack.board.zones:
        for other in z.adjacent:
            if other not in zones:
                raise ContentError(file, z.id, f"adjacent zone '{other}' does not exist")
            if z.id not in zones[other].adjacent:
                raise ContentError(file, z.id, f"adjacency with '{other}' is not mutual")
        if z.kind in ("water", "deck"):
            want = "deck" if z.kind == "water" else "interior"
            if not z.arrow or z.arrow not in zones or zones[z.arrow].kind != want or z.arrow not in z.adjacent:
                raise ContentError(file, z.id, f"Deep One arrow must point to an adjacent {want} zone")
        elif z.arrow:
            raise ContentError(file, z.id, "only water and deck spaces carry arrows")
        for ref in (z.toward_bow, z.toward_stern):
            if ref and ref not in zones:
                raise ContentError(file, z.id, f"zone '{ref}' does not exist")
        if z.kind == "interior" and (not z.numbers or not z.action or not z.damageable):
            raise ContentError(file, z.id, "an interior zone has numbers, an action and can be damaged")
    numbers = sorted(n for z in pack.board.zones for n in z.numbers)
    if numbers != list(range(1, 9)):
        raise ContentError(file, None, f"interior numbers must cover 1-8 once each, got {numbers}")
    for roll in pack.board.bow_roll:
        if roll.zone not in zones or zones[roll.zone].kind != "water":
            raise ContentError(file, "bow_roll", f"'{roll.zone}' is not a water space")
    if sorted(r for b in pack.board.bow_roll for r in b.rolls) != list(range(1, 9)):
        raise ContentError(file, "bow_roll", "rolls must cover 1-8 once each")
    for section, table, with_self in (("damage_redirect", pack.board.damage_redirect, True),
                                      ("deep_one_pathing", pack.board.deep_one_pathing, False)):
        if sorted(table.priority) != sorted(damageable):
            raise ContentError(file, section, "needs one list per damageable zone")
        for zone_id, order in table.priority.items():
            want = sorted(damageable) if with_self else sorted(set(damageable) - {zone_id})
            if sorted(order) != want or (with_self and order[0] != zone_id):
                raise ContentError(file, f"{section}.{zone_id}", "must list every other damageable zone once"
                                   + (" (itself first)" if with_self else ""))
        for zone_id, steps in (table.first_step or {}).items():
            for target, step in steps.items():
                if target not in zones or step not in zones[zone_id].adjacent:
                    raise ContentError(file, f"{section}.{zone_id}", f"step to '{step}' is not adjacent")


def _check_references(pack: UnfathomablePack) -> None:
    zones = {z.id: z for z in pack.board.zones}
    characters = {c.id for c in pack.characters.characters}
    items = {i.id for i in pack.items.items}
    mythos = {m.id for m in pack.mythos.mythos}
    hooks = {h.id for h in pack.hooks.hooks}
    feats = {f.id: f for f in pack.feats.feats}
    skill_card_ids = {c.id for d in pack.skill_cards.decks for c in d.cards}
    players = set(PLAYER_WORDS) | characters

    known = {"zone": ("zone", zones), "who": ("player selector", players), "item": ("item", items),
             "mythos": ("mythos card", mythos), "hook": ("hook", hooks)}

    def check_tree(file: str, entry: str, tree: Any) -> None:
        need_known(file, entry, walk(tree), known)  # steps, conditions, locations: their references are walked

    def check_ability(file: str, entry: str, ability: Ability | None) -> None:
        if ability is None:
            return
        check_tree(file, entry, ability)
        if ability.zone:
            need(file, entry, "zone", ability.zone, zones)
        for card in ability.cards:
            need(file, entry, "skill card", card, skill_card_ids)

    for z in pack.board.zones:
        check_ability("board.yaml", z.id, z.action)
        check_ability("board.yaml", z.id, z.traitor_action)
    for c in pack.characters.characters:
        need("characters.yaml", c.id, "zone", c.start_zone, zones)
        if zones[c.start_zone].kind not in ("deck", "interior"):
            raise ContentError("characters.yaml", c.id, "a character starts in a deck or interior zone")
        need("characters.yaml", c.id, "item", c.starting_item, items)
        need("characters.yaml", c.id, "feat", c.feat, feats)
        need("characters.yaml", c.id, "mythos card", c.personal_mythos, mythos)
        if feats[c.feat].character != c.id:
            raise ContentError("characters.yaml", c.id, f"feat '{c.feat}' belongs to '{feats[c.feat].character}'")
        check_ability("characters.yaml", c.id, c.ability)
        check_ability("characters.yaml", c.id, c.traitor_ability)
    for f in pack.feats.feats:
        need("feats.yaml", f.id, "character", f.character, characters)
        check_ability("feats.yaml", f.id, f.ability)
    starters = {}
    for i in pack.items.items:
        if i.starting_item_of:
            need("items.yaml", i.id, "character", i.starting_item_of, characters)
            starters[i.starting_item_of] = i.id
        for a in i.abilities:
            check_ability("items.yaml", i.id, a)
    for c in pack.characters.characters:
        if starters.get(c.id) != c.starting_item:
            raise ContentError("items.yaml", c.starting_item, f"must be marked starting_item_of: {c.id}")
    for s in pack.spells.spells:
        check_tree("spells.yaml", s.id, [s.effect, s.cost])
        for a in (s.in_play.abilities if s.in_play else []):
            check_ability("spells.yaml", s.id, a)
    for d in pack.skill_cards.decks:
        for card in d.cards:
            check_ability("skill_cards.yaml", card.id, card.ability)
    for card in pack.damage.damage_cards:
        check_tree("damage.yaml", card.id, card.effect)
    for card in pack.course.course_cards:
        check_tree("course.yaml", card.id, card.effect)
    for m in pack.mythos.mythos:
        need("mythos.yaml", m.id, "decider", m.decider,
             characters | {"current_player", "captain", "keeper_of_the_tome"})
        if m.personal:
            need("mythos.yaml", m.id, "character", m.personal, characters)
        check_tree("mythos.yaml", m.id, m.crisis)
        for a in (m.in_play.abilities if m.in_play else []):
            check_ability("mythos.yaml", m.id, a)
    for c in pack.characters.characters:
        card = next(m for m in pack.mythos.mythos if m.id == c.personal_mythos)
        if card.personal != c.id:
            raise ContentError("mythos.yaml", card.id, f"must be personal to '{c.id}'")
    for t in pack.titles.titles:
        if sorted(t.succession) != sorted(characters):
            raise ContentError("titles.yaml", t.id, "succession must list every character once")
        for rank, cid in enumerate(t.succession, start=1):
            if pack.character(cid).succession[t.id] != rank:
                raise ContentError("characters.yaml", cid, f"{t.id} rank disagrees with titles.yaml ({rank})")
        for a in t.abilities:
            check_ability("titles.yaml", t.id, a)
    for r in pack.reference_cards.reference_cards:
        for side in r.sides:
            for zone_id in (side.summarises or {}).get("zones", []):
                need("reference_cards.yaml", r.id, "zone", zone_id, zones)
    for h in pack.hooks.hooks:
        for user in h.used_by:
            kind, _, ref = user.partition(":")
            known = {"course": {c.id for c in pack.course.course_cards}, "spell": {s.id for s in pack.spells.spells},
                     "character": characters, "mythos": mythos}.get(kind)
            if known is None or ref not in known:
                raise ContentError("hooks.yaml", h.id, f"used_by '{user}' does not exist")
    for p in [*pack.setup.starting_deep_ones, *pack.setup.starting_passengers]:
        need("setup.yaml", "starting placement", "zone", p.zone, zones)
    for players_count, chosen in pack.setup.first_game_characters.items():
        for cid in chosen:
            need("setup.yaml", f"first_game_characters.{players_count}", "character", cid, characters)


def _count(pack: UnfathomablePack) -> dict[str, int]:
    return {
        "board": 1,
        "character_sheets": len(pack.characters.characters),
        "feat_cards": len(pack.feats.feats),
        "spell_cards": sum(s.copies for s in pack.spells.spells),
        "course_cards": len(pack.course.course_cards),
        "loyalty_cards": sum(c.copies for c in pack.loyalty.cards),
        "mythos_cards": len(pack.mythos.mythos),
        "item_cards": len(pack.items.items),
        "damage_cards": len(pack.damage.damage_cards),
        "skill_cards": sum(n for d in pack.skill_cards.decks for c in d.cards for n in c.copies.values()),
        "skill_decks": len(pack.skill_cards.decks),
        "passenger_tokens": sum(p.copies for p in pack.passengers.passengers),
        "resource_dials": len(pack.resources.resources),
        "deep_one_figures": pack.setup.deep_ones_total,
        "monster_figures": sum(m.figures for m in pack.monsters.monsters),
        "player_reference_cards": next(r.copies for r in pack.reference_cards.reference_cards if r.id == "player_reference"),
        "traitor_reference_cards": next(r.copies for r in pack.reference_cards.reference_cards if r.id == "traitor_reference"),
        "captain_card": sum(t.id == "captain" for t in pack.titles.titles),
        "keeper_card": sum(t.id == "keeper_of_the_tome" for t in pack.titles.titles),
    }


_COUNT_FILES = {
    "character_sheets": "characters.yaml", "feat_cards": "feats.yaml", "spell_cards": "spells.yaml",
    "course_cards": "course.yaml", "loyalty_cards": "loyalty.yaml", "mythos_cards": "mythos.yaml",
    "item_cards": "items.yaml", "damage_cards": "damage.yaml", "skill_cards": "skill_cards.yaml",
    "skill_decks": "skill_cards.yaml", "passenger_tokens": "passengers.yaml", "resource_dials": "resources.yaml",
    "deep_one_figures": "setup.yaml", "player_reference_cards": "reference_cards.yaml",
    "traitor_reference_cards": "reference_cards.yaml", "captain_card": "titles.yaml",
    "keeper_card": "titles.yaml", "board": "board.yaml", "monster_figures": "monsters.yaml",
}


def _check_counts(pack: UnfathomablePack) -> None:
    expected = {c.id: c.expected for c in pack.components.components}
    for component, have in _count(pack).items():
        if component not in expected:
            raise ContentError("components.yaml", component, "component missing from the list")
        if have != expected[component]:
            raise ContentError(_COUNT_FILES[component], component,
                               f"holds {have}, the component list says {expected[component]}")
    # per-deck checks the component list implies
    want = pack.skill_cards.value_distribution
    per_deck = pack.expected("skill_cards") // pack.expected("skill_decks")
    for d in pack.skill_cards.decks:
        values: dict[int, int] = {}
        for card in d.cards:
            for value, n in card.copies.items():
                values[value] = values.get(value, 0) + n
        if sum(values.values()) != per_deck or values != want:
            raise ContentError("skill_cards.yaml", d.type,
                               f"value spread {dict(sorted(values.items()))} differs from {want} ({per_deck} cards)")
    kinds = {"choice": 0, "skill_check": 0, "combined": 0}
    for m in pack.mythos.mythos:
        kinds[m.kind] += 1
    if kinds != {"choice": 21, "skill_check": 30, "combined": 19}:
        raise ContentError("mythos.yaml", None, f"kinds {kinds} differ from 21 choice / 30 skill check / 19 combined")
    if sum(1 for m in pack.mythos.mythos if m.personal) != len(pack.characters.characters):
        raise ContentError("mythos.yaml", None, "one personal card per character")
    distances: dict[int, int] = {}
    for c in pack.course.course_cards:
        distances[c.distance] = distances.get(c.distance, 0) + 1
    if distances != pack.course.distance_counts:
        raise ContentError("course.yaml", None, f"distances {distances} differ from {pack.course.distance_counts}")
    damage_placed = sum(d.placed for d in pack.damage.damage_cards)
    if damage_placed != sum(z.damageable for z in pack.board.zones):
        raise ContentError("damage.yaml", None, "one Structural Damage card per damageable zone")
    copies = {c.id: c.copies for c in pack.loyalty.cards}
    for players, row in pack.loyalty.deck_by_players.items():
        if sum(row.values()) != 2 * players:
            raise ContentError("loyalty.yaml", f"deck_by_players.{players}", "a deck holds 2 cards per player")
        for players_cultist in (True, False):
            deck = loyalty_deck(pack, players, players_cultist)
            for card_id, n in deck.items():
                if n > copies.get(card_id, 0):
                    raise ContentError("loyalty.yaml", f"deck_by_players.{players}",
                                       f"needs {n} '{card_id}' cards, the box has {copies.get(card_id, 0)}")
    deep_ones = next(m for m in pack.monsters.monsters if m.kind == "deep_one")
    if deep_ones.figures != pack.setup.deep_ones_total:
        raise ContentError("monsters.yaml", deep_ones.id, f"{deep_ones.figures} figures, setup.yaml says "
                           f"{pack.setup.deep_ones_total}")
    if sum(d.count for d in pack.setup.starting_deep_ones) > pack.setup.deep_ones_total:
        raise ContentError("setup.yaml", "starting_deep_ones", "more Deep Ones than the box holds")


def loyalty_deck(pack: UnfathomablePack, players: int, cultist: bool = True) -> dict[str, int]:
    """Loyalty deck for a player count, from loyalty.yaml; without the Cultist it is replaced."""
    table = pack.loyalty.deck_by_players
    if players not in table:
        raise ValueError(f"Unfathomable is for {min(table)}-{max(table)} players, not {players}")
    deck = dict(table[players])
    if not cultist:
        swap = pack.loyalty.without_cultist
        deck[swap["with"]] = deck.get(swap["with"], 0) + deck.get(swap["replace"], 0)
        deck[swap["replace"]] = 0
    return deck


def summary(pack: UnfathomablePack) -> list[SummaryRow]:
    """One row per deck/component, with the rulebook's expected count where it gives one."""
    expected = {c.id: c.expected for c in pack.components.components}
    counts = _count(pack)
    rows = [
        SummaryRow("board", "zones", len(pack.board.zones)),
        SummaryRow("board", "interior zones (damageable)", sum(z.damageable for z in pack.board.zones)),
        SummaryRow("board", "tracks", len(pack.tracks.tracks)),
        SummaryRow("components", "resource dials", counts["resource_dials"], expected["resource_dials"]),
        SummaryRow("components", "Deep One figures", counts["deep_one_figures"], expected["deep_one_figures"]),
        SummaryRow("components", "monster figures", counts["monster_figures"], expected["monster_figures"]),
        SummaryRow("components", "passenger tokens", counts["passenger_tokens"], expected["passenger_tokens"]),
        SummaryRow("characters", "characters", counts["character_sheets"], expected["character_sheets"]),
        SummaryRow("characters", "titles", len(pack.titles.titles),
                   expected["captain_card"] + expected["keeper_card"]),
        SummaryRow("deck", "skill cards", counts["skill_cards"], expected["skill_cards"]),
    ]
    per_deck = expected["skill_cards"] // expected["skill_decks"]
    for d in pack.skill_cards.decks:
        rows.append(SummaryRow("deck", f"skill: {d.type}",
                               sum(n for c in d.cards for n in c.copies.values()), per_deck))
    rows += [
        SummaryRow("deck", "chaos deck (built at setup)", pack.skill_cards.chaos_deck.per_type
                   * len(pack.skill_cards.chaos_deck.types), 10),
        SummaryRow("deck", "mythos cards", counts["mythos_cards"], expected["mythos_cards"]),
        SummaryRow("deck", "course cards", counts["course_cards"], expected["course_cards"]),
        SummaryRow("deck", "ship damage cards", counts["damage_cards"], expected["damage_cards"]),
        SummaryRow("deck", "item cards", counts["item_cards"], expected["item_cards"]),
        SummaryRow("deck", "spell cards", counts["spell_cards"], expected["spell_cards"]),
        SummaryRow("deck", "feat cards", counts["feat_cards"], expected["feat_cards"]),
        SummaryRow("deck", "loyalty cards", counts["loyalty_cards"], expected["loyalty_cards"]),
        SummaryRow("reference", "player reference cards", counts["player_reference_cards"],
                   expected["player_reference_cards"]),
        SummaryRow("reference", "traitor reference cards", counts["traitor_reference_cards"],
                   expected["traitor_reference_cards"]),
        SummaryRow("vocabulary", "hooks", len(pack.hooks.hooks)),
        SummaryRow("rules", "game-end conditions", len(pack.game_end.conditions)),
    ]
    return rows


__all__ = ["UnfathomablePack", "load", "summary", "loyalty_deck", "ContentError"]
_ = (MONSTERS, NON_TREACHERY, LANGS)
