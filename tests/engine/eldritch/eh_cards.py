"""Per-card test helpers: a quiet board with a fixed holder, cards handed over directly, prompts
answered by a small policy (``may`` → yes, the rest by default or a picker), dice forced."""
from __future__ import annotations

import json

from eh_helpers import R, act, new, put_monster, quiet, run_fx, settle

INV, OTHER = "leo_anderson", "charlie_kane"
KIND_OF = {**{c: "asset" for c in R.C.assets}, **{c: "artifact" for c in R.C.artifacts},
           **{c: "spell" for c in R.C.spells}, **{c: "condition" for c in R.C.conditions}}


def table(two=False, space=None):
    """Leo (ann) alone, or with Charlie Kane (bob) on the same space; the board quiet, Action phase."""
    invs = {"ann": [INV], "bob": [OTHER]} if two else {"ann": [INV]}
    s = quiet(settle(new(invs)))
    if space:
        for i in s["inv"].values():
            i["space"] = space
    elif two:
        s["inv"][OTHER]["space"] = s["inv"][INV]["space"]
    for i in s["inv"].values():   # empty hands: only the card under test acts
        for key, deck in (("assets", "assets"), ("artifacts", "artifacts"), ("spells", "spells")):
            s["decks"][deck]["draw"] += i[key]
            i[key] = []
        s["clues"]["pool"] += i["clues"]
        i["clues"] = []
    return s


def give(s, card, inv=INV):
    """``inv`` takes ``card`` by name (a spell/condition: a random copy); on_gain effects are queued."""
    events = []
    assert R.take_by_name(s, inv, KIND_OF[card], card, events), card
    R.run(s, events)
    return events


def holding(card, two=False, space=None, inv=INV):
    s = table(two, space)
    if card in R.C.assets or card in R.C.artifacts:
        # no on_gain here: put the card in the hand directly
        kind = KIND_OF[card]
        deck = s["decks"]["assets" if kind == "asset" else "artifacts"]
        if card in s["reserve"]:
            s["reserve"].remove(card)
            R.refill_reserve(s, [])
        elif card in deck["draw"]:
            deck["draw"].remove(card)
        elif card in deck["discard"]:
            deck["discard"].remove(card)
        s["inv"][inv][kind + "s"].append(card)
    else:
        give(s, card, inv)
    return s


def hurt(s, inv=INV, health=2, sanity=2):
    i = s["inv"][inv]
    i["health"], i["sanity"] = i["max_health"] - health, i["max_sanity"] - sanity
    return s


def clues(s, n, inv=INV):
    R.gain_clues(s, inv, n, [])
    return s


def answer(s, pick=None, yes=True, until="action", limit=200, stop=None):
    """Answer prompts until one of kind ``until`` (or none). ``pick(prompt)`` may return an action
    (dict) to send; otherwise a ``may`` is answered ``yes`` and everything else by default."""
    events = []
    for _ in range(limit):
        if s["result"] is not None:
            break
        ps = R.prompts(s)
        if not ps:
            break
        p = ps[0]
        if p["kind"] == until or (stop and stop(s, p)):
            break
        a = pick(p) if pick else None
        if a is None and p.get("about") == "may":
            a = {"type": "choose", "value": yes}
        if a is None:
            a = {"type": "default"}
        s, ev = act(s, p["player"], a.pop("type"), **a)
        events += ev
    return s, events


def value_where(pred):
    """A picker: the first option of a ``choose`` prompt whose value satisfies ``pred``."""
    def pick(p):
        for o in p["options"]:
            if o.get("type") in ("choose", "lead") and pred(o.get("value")):
                return dict(o)
        return None
    return pick


def fx(s, effect, inv=INV, pick=None, yes=True, faces=(), **ctx):
    """Run effect steps for ``inv`` (forced dice ``faces``), then answer the prompts."""
    s = json.loads(json.dumps(s))
    s["forced_dice"] = list(faces)
    s, events = run_fx(s, effect, inv, **ctx)
    s, more = answer(s, pick, yes)
    return s, events + more


def use(s, card, inv=INV, pick=None, yes=True, faces=(), type_="component", **extra):
    """Take the component action of ``card`` (faces forced), then answer its prompts."""
    s = json.loads(json.dumps(s))
    s["forced_dice"] = list(faces)
    player = s["inv"][inv]["player"]
    s, events = act(s, player, type_, card=card, **extra)
    s, more = answer(s, pick, yes)
    return s, events + more


def rest(s, inv=INV, pick=None, yes=True, faces=()):
    s = json.loads(json.dumps(s))
    s["forced_dice"] = list(faces)
    s, events = act(s, s["inv"][inv]["player"], "rest")
    s, more = answer(s, pick, yes)
    return s, events + more


def fight(s, kind, inv=INV, pick=None, yes=True, faces=()):
    """``inv`` fights a fresh monster of ``kind`` on their space (forced dice); returns (state,
    events, uid)."""
    s = json.loads(json.dumps(s))
    uid = put_monster(s, kind, s["inv"][inv]["space"])
    s["forced_dice"] = list(faces)
    events = []
    R.start_combat(s, inv, uid, events)
    R.run(s, events)
    s, more = answer(s, pick, yes)
    return s, events + more, uid


def rolls(events, skill=None):
    return [e for e in events if e["type"] == "test_rolled" and (skill is None or e["skill"] == skill)]


def results(events, skill=None):
    return [e for e in events if e["type"] == "test_result" and (skill is None or e["skill"] == skill)]


def pool(s, skill, inv=INV, **ctx):
    """(dice, parts) of a test of ``skill`` for ``inv`` in a context (combat=True, card=..., enc=...)."""
    s = json.loads(json.dumps(s))
    cid = R.new_ctx(s, self_=inv, **ctx)
    return R.test_pool(s, inv, skill, 0, s["ctx"][cid])


CTX_OF_DURING = {"always": {}, "any_test": {}, "combat": {"combat": True}, "combat_strength": {"combat": True},
                 "spell": {"card": {"kind": "spell", "id": "x"}}, "acquire_assets": {"purpose": "acquire"},
                 "other_world": {"enc": "other_world"}, "research": {"enc": "research"}}


def steps_of(card, op):
    """Every step ``op`` in the abilities/front of ``card`` (flattened one level)."""
    data = R.C.card(card)
    out = []
    for ab in data.get("abilities", data.get("front", [])):
        out += [(ab, st) for st in ab["effect"] if st.get("op") == op]
    return out


def possession_count(s, inv=INV):
    i = s["inv"][inv]
    return sum(len(i[k]) for k in ("assets", "artifacts", "spells"))
