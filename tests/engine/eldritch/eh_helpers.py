"""Helpers for Eldritch Horror engine tests: fixed games, a quiet board, effects run directly."""
from __future__ import annotations

import json

import pytest
import yaml
from pydantic import TypeAdapter

from engine.eldritch.content_effects import Effect
from engine.core.errors import RuleError
from engine.eldritch.common import plain
from engine.registry import rules_for

R = rules_for("eldritch")
_EFFECT = TypeAdapter(Effect)


def new(invs=None, ao="azathoth", lead=None, seed=1, setup=None, **options):
    """A game; ``invs`` = {player: [investigators]} (default: ann plays Leo Anderson)."""
    invs = invs or {"ann": ["leo_anderson"]}
    players = list(invs)
    opts = {"ancient_one": ao, "investigators": invs, "lead": lead or players[0], **options}
    s, _ = R.new_game(players, seed, opts, setup or {})
    return s


def quiet(s):
    """A board with nothing on it (engine/eldritch/position.py: ``quiet``) and Norman Withers'
    once-a-round sanity-for-a-clue spent (no surprise reroll window)."""
    R.quiet_board(s)
    if "norman_withers" in s["inv"]:
        s["inv"]["norman_withers"]["used"].append("limit:norman_withers")
    return s


def put_monster(s, kind, space):
    """Take a monster token of ``kind`` (cup, set aside or box) and put it on ``space``."""
    return R.place_monster(s, kind, space)


def put_gate(s, space):
    R.place_gate(s, space)


def put_clue(s, space):
    R.place_clue(s, space)


def steps(text: str) -> list:
    """Effect steps from YAML in the pack's vocabulary, as the engine's plain data."""
    return plain(_EFFECT.validate_python(yaml.safe_load(text)))


def run_fx(s, effect, inv=None, **ctx):
    """Run effect steps (YAML or plain) for ``inv`` on a copy; returns (state, events)."""
    s = json.loads(json.dumps(s))
    if isinstance(effect, str):
        effect = steps(effect)
    events = []
    cid = R.new_ctx(s, self_=inv or s["lead"], **ctx)
    R.run_effect(s, effect, cid, end=True)
    R.run(s, events)
    return s, events


def act(s, player, type_, **params):
    return R.apply(s, {"player": player, "type": type_, **params})


def run(s, *actions):
    events = []
    for a in actions:
        s, ev = act(s, *a[:2], **(a[2] if len(a) > 2 else {}))
        events += ev
    return s, events


def prompt(s, player=None):
    ps = R.prompts(s)
    if player:
        ps = [p for p in ps if p["player"] == player]
    return ps[0] if ps else None


def options(s, player=None):
    p = prompt(s, player)
    return p["options"] if p else []


def refused(s, player, type_, code=None, **params):
    before = json.dumps(s, sort_keys=True)
    with pytest.raises(RuleError) as info:
        act(s, player, type_, **params)
    assert json.dumps(s, sort_keys=True) == before
    if code:
        assert info.value.code == code, info.value.code
    return info.value


def types(evs):
    return [e["type"] for e in evs]


def dice(s, *faces):
    """Force the next die faces (the setup override ``dice`` does the same at the start)."""
    s["forced_dice"] = list(faces)
    return s


def ok(s):
    assert R.invariant_violations(s) == []
    return s


def settle(s, until="action"):
    """Answer every pending prompt with its default until a prompt of kind ``until``."""
    while s["result"] is None:
        p = prompt(s)
        if p is None or p["kind"] == until:
            return s
        s, _ = act(s, p["player"], "default")
    return s


def to_encounters(s):
    """End every investigator's actions: the Encounter phase begins."""
    while s["phase"] == "action" and s["result"] is None:
        p = prompt(s)
        s, _ = act(s, p["player"], "end_actions" if p["kind"] == "action" else "default")
    return s


def to_new_investigator(s):
    """Answer every prompt with its default until a member is asked for a new investigator (or the
    game is over)."""
    while s["result"] is None and not (prompt(s) and prompt(s)["kind"] == "new_investigator"):
        s, _ = act(s, prompt(s)["player"], "default")
    return s


def mythos(s, card):
    """Resolve one mythos card as the Lead would (phase: mythos)."""
    s["phase"] = "mythos"
    ev = []
    R.resolve_mythos_card(s, card, ev)
    R.run(s, ev)
    return s, ev


def plain_cup(s):
    """The next monsters drawn from the cup have no spawn effect (they stay where they spawn)."""
    def plain(k):
        m = R.C.monsters[k]
        return k != "cultist" and not m.get("spawn") and not any(ab["timing"] == "on_spawn" for ab in m.get("abilities", []))
    s["monsters"]["cup_top"] = [k for k in s["monsters"]["cup"] if plain(k)][:6]
    return s
