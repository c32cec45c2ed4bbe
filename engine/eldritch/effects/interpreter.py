"""Frames and contexts of a running effect, choices inside a step, and effects that happen at the
same time (C6).

Part of the effect interpreter (:mod:`engine.eldritch.effects`): a mixin of ``EldritchRules``."""
from __future__ import annotations

from engine.core.events import event


class Interpreter:
    # --- frames and contexts ----------------------------------------------------------------
    def new_ctx(self, s, self_=None, **kw) -> str:
        s["ctx_seq"] += 1
        cid = f"c{s['ctx_seq']}"
        s["ctx"][cid] = {"self": self_, **kw}
        return cid

    def lead_ctx(self, s, **kw) -> str:
        """A context whose ``self`` is «the Lead Investigator» by role (a mythos card, a reckoning of
        the board, the sheet, a rumor): it follows the Lead token when it passes mid-effect (R21)."""
        return self.new_ctx(s, self_=s["lead"], as_lead=True, **kw)

    def run_effect(self, s, steps, cid, end=False):
        if end:
            self.push(s, {"k": "ctx_end", "c": cid})
        if steps:
            self.push(s, {"k": "fx", "steps": list(steps), "i": 0, "c": cid})

    def _run_ctx_end(self, s, f, events):
        s["ctx"].pop(f["c"], None)

    def _run_fx(self, s, f, events):
        steps, i = f["steps"], f["i"]
        c = s["ctx"].get(f["c"])
        if c is None or i >= len(steps):
            return
        if c.get("as_lead") and c.get("self") != s["lead"]:
            # seed 002, 1083/1414: the defeated Lead passed the token; «the Lead» is its new holder (R21)
            c["self"] = s["lead"]
        cont = None
        if i + 1 < len(steps):
            cont = {**f, "i": i + 1}
            s["stack"].append(cont)
        me = c.get("self")
        if me and not c.get("keep_going") and s["inv"].get(me, {}).get("status", "active") != "active":
            if cont is not None:
                s["stack"].remove(cont)
            return   # E16/H8: a defeated investigator stops resolving the effect
        if c.get("action") and s["turn"].get("halted") == c["action"]:
            if cont is not None:
                s["stack"].remove(cont)
            return   # seed 002, 1147: an action whose investigator was Delayed stops at once
        step = steps[i]
        self._cont = cont
        told = len(events)
        getattr(self, "_op_" + step["op"], self._op_unsupported)(s, step, c, f["c"], events)
        if c.get("reckoning_of"):   # a Reckoning's events say whose it is (ne20b: «Випадкова локація» said no why)
            for ev in events[told:]:
                ev.setdefault("reckoning_of", dict(c["reckoning_of"]))

    def _skip_rest(self, s):
        cont = getattr(self, "_cont", None)
        if cont is not None and s["stack"] and s["stack"][-1] is cont:
            s["stack"].pop()

    def _op_unsupported(self, s, st, c, cid, events):
        events.append(event("effect_skipped", op=st["op"]))

    # --- choices inside steps ---------------------------------------------------------------
    def chooser_kind(self, s, inv):
        return "group" if s["phase"] == "mythos" and inv == s["lead"] else "choose"

    def defer(self, s, cid, st, field, values, chooser, label=None, **extra):
        """Ask ``chooser`` to pick one of ``values`` for ``st[field]``; the step then re-runs.
        ``extra``: prompt keys the chooser reads (``with``: the investigator it would deal with)."""
        options = [{"type": "choose", "value": v} for v in values]
        self.ask(s, self.chooser_kind(s, chooser), chooser, "resolve", options, step=st, field=field, c=cid,
                 about=label or st["op"], **extra)

    def _picked_resolve(self, s, f, action, events):
        if f["c"] not in s["ctx"]:
            return
        st = {**f["step"], f["field"]: action["value"], "_r_" + f["field"]: True}
        self.push(s, {"k": "fx", "steps": [st], "i": 0, "c": f["c"]})

    # --- C6: effects that happen at the same time ------------------------------------------
    def run_together(self, s, items, chooser):
        """C6 (seed 002, 1572: «Якщо треба застосувати кілька ефектів одночасно, порядок означає
        активний гравець.»): ``items`` (``{"steps", "ctx": new_ctx kwargs, "label"}``, printed order)
        happen at once. With more than one, ``chooser``'s player picks the next one (a ``choose``
        prompt, ``about: order``; the default, first option, keeps the printed order), one at a time
        until one is left. An item whose card left its holder (or whose monster left the board) by
        then is skipped."""
        items = [it for it in items if it["steps"]]
        active = chooser in s["inv"] and s["inv"][chooser]["status"] == "active"
        if len(items) <= 1 or not active:
            for it in reversed(items):
                self._run_item(s, it)
            return
        labels, seen = [], {}
        for it in items:
            base = it.get("label") or "effect"
            seen[base] = seen.get(base, 0) + 1
            labels.append(base if seen[base] == 1 else f"{base}#{seen[base]}")
        self.ask(s, "choose", chooser, "order", [{"type": "choose", "value": lb} for lb in labels],
                 items=items, labels=labels, about="order")

    def _picked_order(self, s, f, action, events):
        k = f["labels"].index(action["value"])
        rest = [it for j, it in enumerate(f["items"]) if j != k]
        self.run_together(s, rest, f["inv"])    # asked again (or run) once the picked one is over
        self._run_item(s, f["items"][k])

    def _run_item(self, s, it):
        kw = dict(it["ctx"])
        card = kw.get("card") or {}
        if card.get("holder") and card.get("kind") in ("asset", "artifact", "spell", "condition") and \
                not self.holds(s, card["holder"], card["id"]):
            return
        if kw.get("monster") and kw["monster"] not in s["monsters"]["board"]:
            return
        ctx = self.new_ctx(s, **kw)
        self.run_effect(s, it["steps"], ctx, end=True)

    def _call_together(self, s, args, events):
        self.run_together(s, args["items"], args["chooser"])

    def together_groups(self, s, groups):
        """Push ``[(chooser, items)]`` so the groups resolve one after the other, in list order."""
        for chooser, items in reversed(groups):
            if items:
                self.call(s, "together", items=items, chooser=chooser)
