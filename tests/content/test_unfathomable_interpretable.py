"""Every effect in the Unfathomable pack reads one way to a straightforward interpreter of the README:
each selector resolves in its context, each parameter is documented, and in-play cards are coherent."""
from __future__ import annotations

import re

import pytest

from engine.content import DATA_ROOT
from engine.unfathomable import content as pack_module
from engine.unfathomable.content_effects import PRIMITIVES, Location, walk

README = (DATA_ROOT / "unfathomable" / "README.md").read_text(encoding="utf-8")
CHOOSER_FIELDS = ("chooser", "who")


@pytest.fixture(scope="module")
def pack():
    return pack_module.load()


def _trees(pack):
    """(context, name, tree): context is ability | spell | course | damage | crisis."""
    for z in pack.board.zones:
        for a in (z.action, z.traitor_action):
            if a:
                yield "ability", f"board:{z.id}", a
    for c in pack.characters.characters:
        yield "ability", f"character:{c.id}", c.ability
        yield "ability", f"character:{c.id}:traitor", c.traitor_ability
    for f in pack.feats.feats:
        yield "ability", f"feat:{f.id}", f.ability
    for i in pack.items.items:
        for a in i.abilities:
            yield "ability", f"item:{i.id}", a
    for s in pack.spells.spells:
        yield "spell", f"spell:{s.id}", [s.effect, s.cost]
        for a in (s.in_play.abilities if s.in_play else []):
            yield "ability", f"spell:{s.id}:in_play", a
    for d in pack.skill_cards.decks:
        for c in d.cards:
            yield "ability", f"skill:{c.id}", c.ability
    for t in pack.titles.titles:
        for a in t.abilities:
            yield "ability", f"title:{t.id}", a
    for c in pack.course.course_cards:
        yield "course", f"course:{c.id}", c.effect
    for c in pack.damage.damage_cards:
        yield "damage", f"damage:{c.id}", c.effect
    for m in pack.mythos.mythos:
        yield "crisis", f"mythos:{m.id}", m.crisis
        for a in (m.in_play.abilities if m.in_play else []):
            yield "ability", f"mythos:{m.id}:in_play", a


def test_no_decider_in_abilities_spells_or_damage(pack):
    """`decider` is a crisis's (or a course card's) word; abilities and spells name `self` (ruling 50)."""
    for context, name, tree in _trees(pack):
        if context in ("crisis", "course"):
            continue
        for path, kind, value in walk(tree):
            assert not (kind == "who" and value == "decider"), (name, path)


def test_self_is_never_used_in_a_crisis_outside_for_each(pack):
    for context, name, tree in _trees(pack):
        if context not in ("crisis", "course", "damage"):
            continue
        for path, kind, value in walk(tree):
            if kind == "who" and value == "self":
                assert ".for_each." in path, (name, path)


def test_target_and_picked_come_after_the_step_that_sets_them(pack):
    for _, name, tree in _trees(pack):
        picked_player = picked_zone = False
        for path, kind, value in walk(tree):
            if kind == "step" and value.name == "pick_player":
                picked_player = True
            if kind == "step" and value.name in ("pick_zone", "damage_ship", "damage_zone"):
                picked_zone = True
            if kind == "who" and value == "target" and not path.endswith("look_at_loyalty.target"):
                assert picked_player, (name, path)
            if kind == "location" and isinstance(value, Location) and value.picked:
                assert picked_zone, (name, path)


def test_kept_cards_have_in_play_abilities_and_only_they_discard_themselves(pack):
    for m in pack.mythos.mythos:
        keeps = any(k == "step" and v.name == "keep_card" for _, k, v in walk(m.crisis))
        assert keeps == bool(m.in_play), m.id
        assert not any(k == "step" and v.name == "discard_this_card" for _, k, v in walk(m.crisis)), m.id
    for s in pack.spells.spells:
        keeps = any(k == "step" and v.name == "keep_card" for _, k, v in walk([s.effect, s.cost]))
        assert keeps == bool(s.in_play), s.id


def test_every_parameter_is_documented():
    sections = re.split(r"^#### `([a-z_]+)`\n", README, flags=re.M)
    docs = {sections[i]: sections[i + 1].split("\n#")[0] for i in range(1, len(sections), 2)}
    for name, model in PRIMITIVES.items():
        if name == "gain":  # "Same params" as `lose`
            continue
        for field in model.model_fields:
            assert re.search(rf"\b{field}\b", docs[name]), (name, field)


def test_choosers_in_course_cards_are_their_player(pack):
    for card in pack.course.course_cards:
        for path, kind, value in walk(card.effect):
            if kind == "who" and path.rsplit(".", 1)[-1] in CHOOSER_FIELDS:
                assert value == "decider", (card.id, path)
