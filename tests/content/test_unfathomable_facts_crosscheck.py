"""The numbers of the Unfathomable pack that decide how hard the game is agree with the public fact
sheet (shared/reference/unfathomable/facts.yaml, "high" confidence for every number checked here:
mythos numbers/icons/deciders come from the moderator script's data table; course distances,
resources, setup, Deep One activation and the passenger tokens from its logic, cross-checked with
the rulebooks where they say so). Issue 22 asked whether harsh card data explains the Humans' low
win rate; this test is the audit, kept so a later edit cannot drift from the sources unnoticed."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

from engine.content import DATA_ROOT
from engine.unfathomable import content as pack_module


def _facts_path() -> Path | None:
    for parent in Path(__file__).resolve().parents:
        candidate = parent / "shared" / "reference" / "unfathomable" / "facts.yaml"
        if candidate.exists():
            return candidate
    return None


FACTS_PATH = _facts_path()
pytestmark = pytest.mark.skipif(FACTS_PATH is None, reason="facts.yaml not available")


@pytest.fixture(scope="module")
def facts():
    return yaml.safe_load(FACTS_PATH.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def pack():
    return pack_module.load()


def _key(name: str) -> str:
    return re.sub(r"[^a-z]", "", name.lower())


def _first_check(node):
    """The first skill_check mapping anywhere in a crisis (combined cards: option 1)."""
    if isinstance(node, dict):
        if "skill_check" in node:
            return node["skill_check"]
        node = list(node.values())
    if isinstance(node, list):
        for item in node:
            found = _first_check(item)
            if found:
                return found
    return None


DECIDERS = {"Captain": "captain", "current player": "current_player", "Keeper of the Tome": "keeper_of_the_tome"}


def test_every_mythos_number_icon_and_decider_matches_the_facts(facts, pack):
    # facts.yaml mythos[*]: "name, kind, decider, numbers and icons: high (script data table)"
    ours = {_key(m.name.en): m for m in pack.mythos.mythos}
    raw = yaml.safe_load((DATA_ROOT / "unfathomable" / "mythos.yaml").read_text(encoding="utf-8"))["mythos"]
    crises = {m["id"]: m["crisis"] for m in raw}
    assert len(ours) == len(facts["mythos"]) == 70
    for fact in facts["mythos"]:
        card = ours[_key(fact["name"])]
        assert card.kind == fact["kind"], fact["name"]
        assert card.activation == fact["activation_icon"], fact["name"]
        assert card.track == fact["track_icon"], fact["name"]
        decider = fact["decider"]
        want = "current_player" if decider.startswith("none") else DECIDERS.get(decider, decider.lower())
        assert card.decider == want, fact["name"]
        check = fact.get("skill_check")
        got = _first_check(crises[card.id])
        if check is None:
            assert got is None, fact["name"]
            continue
        assert got is not None, fact["name"]
        assert got["target"] == check["difficulty"], fact["name"]
        assert got.get("partial") == check.get("partial_threshold"), fact["name"]
        assert sorted(got["positive"]) == sorted(check["positive"]), fact["name"]


def test_icon_totals_match_the_facts(facts, pack):
    # mythos_rules.counts_base (high): 21 choice, 30 skill check, 19 combined
    assert Counter(m.kind for m in pack.mythos.mythos) == Counter(facts["mythos_rules"]["counts_base"])
    assert Counter(m.activation for m in pack.mythos.mythos) == Counter(f["activation_icon"] for f in facts["mythos"])
    assert Counter(m.track for m in pack.mythos.mythos) == Counter(f["track_icon"] for f in facts["mythos"])


def test_course_distances_match_the_facts(facts, pack):
    # course_cards_rules.deck (high): seven 2s, nine 3s, four 4s; tracks.distance: total 57
    ours = {_key(c.name.en): c.distance for c in pack.course.course_cards}
    theirs = {_key(c["name"]): c["distance"] for c in facts["course_cards"]}
    assert ours == theirs
    assert sum(ours.values()) == 57


def test_resources_thresholds_and_setup_match_the_facts(facts, pack):
    # resources.start_standard / start_no_cultist_variant / max (high; rulebook §3.3 and Appendix I)
    res = facts["resources"]
    assert {r.id: r.start for r in pack.resources.resources} == res["start_standard"]
    variants = {v.id: v for v in pack.resources.variants}
    assert variants["no_cultist"].start == res["start_no_cultist_variant"]
    assert pack.resources.maximum == res["max"]
    # tracks.distance (high): win at 12, Awakening at 6; both tracks 4 advances to the end space
    assert pack.tracks.distance.win_at_least == 12
    assert pack.tracks.distance.awakening_at_least == 6
    assert all(len(t.spaces) == 5 for t in pack.tracks.tracks)
    # setup (medium overall; the 6-figure placement is the script's, see facts setup.conflict)
    setup = facts["setup"]
    placed = {f"{z.zone}": z.count for z in pack.setup.starting_deep_ones}
    assert placed == {"w1": setup["deep_ones"]["Water Space 1"], "w2": setup["deep_ones"]["Water Space 2"],
                      "d1": setup["deep_ones"]["Deck Space 1"], "d2": setup["deep_ones"]["Deck Space 2"]}
    assert pack.setup.deep_ones_total == 20
    assert {z.zone: z.count for z in pack.setup.starting_passengers} == {"d3": 1, "d4": 1}


def test_monster_numbers_match_the_facts(facts, pack):
    # board.monster_movement (high): 2 Deep Ones fed to the Deep, emergence at 4+, Dagon spawns 2;
    # combat (high): 4+ against a Deep One, 6+ against a character and for a Deep One's attack
    monsters = {m.id: m for m in pack.monsters.monsters}
    movement = facts["board"]["monster_movement"]
    assert "place 2 Deep Ones from the supply into the Deep" in movement["deep_one_activation"]["none_on_board"]
    assert "holds 4 or more" in movement["deep_one_activation"]["none_on_board"]
    assert (pack.monsters.depths.feed, pack.monsters.depths.emerge_at_least) == (2, 4)
    assert "Place 2 Deep Ones" in movement["father_dagon_activation"]["on_the_board"]
    assert monsters["father_dagon"].spawn_count == 2
    combat = pack.setup.combat
    assert (combat["target_vs_deep_one"], combat["target_vs_character"], combat["deep_one_attack_target"]) == (4, 6, 6)


def test_passengers_and_damage_deck_match_the_facts(facts, pack):
    # passengers.tokens (high): 2 decoys, one 2-Souls, one Souls+Sanity, five 1-Soul
    ours = Counter()
    for token in pack.passengers.passengers:
        ours[tuple(sorted(token.loses.items()))] += token.copies
    theirs = Counter()
    for token in facts["passengers"]["tokens"]:
        theirs[tuple(sorted((token.get("loss_when_defeated") or {}).items()))] += token["copies"]
    assert ours == theirs
    # damage_cards (high for the six Structural Damage cards): repair cost 3 of a type, 5 of any
    placed = [c for c in pack.damage.damage_cards if c.placed]
    assert len(placed) == 6 and len(pack.damage.damage_cards) == 9
    assert sorted(c.repair.discard_total for c in placed) == [3, 3, 3, 3, 3, 5]


def test_characters_match_the_facts(facts, pack):
    # characters (high: script data = randomizer = setup utility): the skill set drawn each turn,
    # start zone, starting item and both succession ranks of all 10 base characters
    ours = {c.id: c for c in pack.characters.characters}
    assert len(ours) == len(facts["characters"]) == 10
    for fact in facts["characters"]:
        name = _key(fact["full_name"].split()[0])
        char = ours.get(name) or ours[{"ismael": "ishmael"}.get(name, name)]
        assert char.skill_set == fact["skill_set_draws_per_turn"], char.id
        assert sum(char.skill_set.values()) == 5, char.id
        assert _key(char.start_zone) == _key(fact["starting_zone"]), char.id
        assert _key(char.starting_item) == _key(fact["starting_item"]), char.id
        assert char.succession == {"captain": fact["captain_succession_rank_base"],
                                   "keeper_of_the_tome": fact["keeper_succession_rank_base"]}, char.id


def test_skill_decks_hand_limit_and_chaos_match_the_facts(facts, pack):
    # skill_cards (value distribution high, titles medium): each deck 21 cards, 1x7 2x5 3x4 4x3 5x2,
    # one title per value band with its copies; hand limit 10; chaos_deck (high): 2 from each
    # non-treachery deck, 2 cards added to every check
    structure = facts["skill_cards"]["deck_structure"]
    wanted = {int(k.split("_")[1]): v for k, v in structure["value_distribution"].items()}
    decks = {d.type: d for d in pack.skill_cards.decks}
    assert set(decks) == {"influence", "lore", "observation", "strength", "will", "treachery"}
    for kind, deck in decks.items():
        spread = Counter()
        for card in deck.cards:
            spread.update(card.copies)
        assert dict(spread) == wanted and sum(spread.values()) == structure["cards_per_type"], kind
        titles = {_key(t["name"]): t for t in facts["skill_cards"][kind]}
        for card in deck.cards:
            fact = titles[_key(card.name.en)]
            assert sorted(card.copies) == sorted(fact["values"]), card.id
            assert sum(card.copies.values()) == fact["copies"], card.id
    assert "10" in structure["hand_limit"] and pack.skill_cards.hand_limit == 10
    chaos = pack.skill_cards.chaos_deck
    assert "2 chaos cards are added to every skill check" in facts["chaos_deck"]["use"]
    assert (chaos.per_type, chaos.cards_per_check) == (2, 2)
    assert sorted(chaos.types) == ["influence", "lore", "observation", "strength", "will"]


def test_zone_checks_match_the_facts(facts, pack):
    # board (high): the Captain's Cabin check 8 (Influence, Observation); the Brig check 8 (Lore, Strength)
    def check_of(zone):
        return next(st.spec for st in pack.zone(zone).action.effect if st.name == "skill_check")

    cabin = next(z for z in facts["board"]["interior_zones"] if z["name"] == "Captain's Cabin")["skill_check"]
    ours = check_of("captains_cabin")
    assert (ours.target, sorted(ours.positive)) == (cabin["difficulty"], sorted(cabin["positive"]))
    brig = next(z for z in facts["board"]["special_spaces"] if z["name"] == "Brig")["action_human"]
    ours = check_of("brig")
    assert "skill check 8, positive Lore + Strength" in brig
    assert (ours.target, sorted(ours.positive)) == (8, ["lore", "strength"])
