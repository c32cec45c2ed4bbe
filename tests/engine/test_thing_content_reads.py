"""Every field and effect parameter data/thing/cards.yaml declares is read by the engine.

The rules get cards whose every attribute read is recorded; seeded random games with every
option play the whole deck; then each key a card declares in the YAML and each parameter of each
of its steps must have been read for that card. Not read by the engine, on purpose: ``id`` (the
key cards are looked up by), ``names`` and ``text`` (for players: the bot shows them).
"""
from __future__ import annotations

import shutil
from functools import lru_cache
from pathlib import Path

import yaml
from pydantic import BaseModel

from engine.thing.content import load
from engine.simulate import play_random_game
from engine.thing.rules import ThingRules

DATA = Path(__file__).resolve().parents[2] / "data" / "thing"
FOR_PLAYERS = {"id", "names", "text"}
# methods and properties of a card that read its fields
READ_BY = {"count_for": {"copies"}, "is_event": {"category"}}
OPTION_SETS = [{}, {"neighbours_only": True}, {"weapons_in_deck": True, "revenge": True},
               {"thing_in_deck": True, "friends_ends_turn": True}, {"neighbours_only": True, "weapons_in_deck": True}]


class Spy:
    """Stands for a content model and records the path of every attribute read."""

    __slots__ = ("_target", "_path", "_log")

    def __init__(self, target, path, log):
        object.__setattr__(self, "_target", target)
        object.__setattr__(self, "_path", path)
        object.__setattr__(self, "_log", log)

    def __getattr__(self, name):
        path = object.__getattribute__(self, "_path") + (name,)
        object.__getattribute__(self, "_log").add(path)
        return wrap(getattr(object.__getattribute__(self, "_target"), name), path, self._log)


def wrap(value, path, log):
    if isinstance(value, BaseModel):
        return Spy(value, path, log)
    if isinstance(value, list):
        return [wrap(v, path + (i,), log) for i, v in enumerate(value)]
    return value


def reads(pack_dir: Path, games: int = 40) -> set:
    rules = ThingRules(load(pack_dir))
    log: set = set()
    rules.cards = {cid: Spy(card, (cid,), log) for cid, card in rules.cards.items()}
    for i in range(games):
        play_random_game(rules, 12 if i % 3 else 8, 900 + i, OPTION_SETS[i % len(OPTION_SETS)])
    read = set(log)
    for path in log:  # a method read counts as reading the fields it uses
        read |= {path[:-1] + (field,) for field in READ_BY.get(path[-1], ())}
    return read


def declared(pack_dir: Path) -> set:
    """(card, field) and (card, "effects", i, "name" | parameter attribute) for what the YAML says."""
    pack = load(pack_dir)
    raw = yaml.safe_load((pack_dir / "cards.yaml").read_text(encoding="utf-8"))["cards"]
    out = set()
    for entry in raw:
        cid = entry["id"]
        out |= {(cid, key) for key in entry if key not in FOR_PLAYERS}
        for i, (step, params) in enumerate(s for e in entry.get("effects", []) for s in e.items()):
            out.add((cid, "effects", i, "name"))
            spec = pack.cards[cid].effects[i].spec
            aliases = {f.alias or name: name for name, f in type(spec).model_fields.items()}
            out |= {(cid, "effects", i, "spec", aliases[key]) for key in params or {}}
    return out


@lru_cache(maxsize=1)
def real_reads() -> frozenset:
    return frozenset(reads(DATA))


def test_every_declared_field_and_parameter_is_read_by_the_engine():
    assert sorted(declared(DATA) - real_reads(), key=str) == []


def test_the_check_catches_a_field_the_engine_ignores(tmp_path):
    # Whisky is played on oneself: nothing ever asks whether it ignores quarantine, so the same
    # games read the same fields, and the declared flag stays unread
    pack = tmp_path / "thing"
    shutil.copytree(DATA, pack)
    path = pack / "cards.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    next(c for c in data["cards"] if c["id"] == "whisky")["ignores_quarantine"] = True
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    assert sorted(declared(pack) - real_reads(), key=str) == [("whisky", "ignores_quarantine")]
