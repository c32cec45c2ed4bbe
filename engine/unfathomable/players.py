"""Characters on the ship: defeat and its prevention, the Sick Bay, the Brig, titles and
succession, granted actions and the player primitives (checklist E45-60, L122-128, N139-142).

**Defeat** (checklist 122-123) is frames: :meth:`defeat_player` records a pending defeat in
``state["defeats"]`` (``{"id", "kind": "player"|"passenger", "who", "zone", "prevented"}``, top =
last), pushes ``defeat_end`` and opens the ``would_be_defeated`` window above it (a Flesh Ward
prevents it without a window). ``prevent_defeat`` marks the pending record; ``defeat_end``
moves the player (a Human to the Sick Bay, a revealed traitor to the Brig) unless it was
prevented. A defeat that would move nobody (a Human already in the Sick Bay or the Brig, a
traitor already in the Brig) opens no window and uses no ward (ruling P1). A passenger defeat
may use the same record (``kind: "passenger"``, ``who`` = token, ``zone``) with
:meth:`new_defeat` / :meth:`defeat_prevented`; :meth:`prevent_applies` already answers for
``passenger`` / ``player_or_passenger`` (open the window with ``zone=`` for ``range``).

**Moves** (checklist 127): abilities that move players never move one out of the Brig unless
their text says Brig (``leave_brig``, Astral Travel); nothing moves a player into water or the
Depths. Entering the Brig loses every title (``entered_brig``, checklist 126).

``pstep`` frames (``{"k": "pstep", "fn", "c"}``) run ``_step_<fn>(s, f, c, events)``: a step of
code that may ask (``need``) or roll (``need_roll``) like an effect primitive and is run again
once answered.
"""
from __future__ import annotations

from engine.core.errors import RuleError
from engine.core.events import event, only
from engine.core.flow import Auto, Choice
from engine.unfathomable.common import BRIG, DEPTHS, SICK_BAY, card_type, card_value

DEFEAT_TIMINGS = ("would_be_defeated", "passengers_would_be_defeated")


class TotalChoice(Choice):
    """A subset of cards whose printed values total at least ``f["at_least"]`` (the Brig escape,
    checklist 55, 181): checked before anything changes, so a short answer is refused with
    ``RuleError`` and the state stays as it was. The ids come highest value first and ``min`` is
    the fewest cards that can reach the total, so the AFK default (the first ``min`` ids) is legal."""

    def answer(self, rules, s, f, action, events):
        total = sum(card_value(x) for x in action["cards"])
        if total < f["at_least"]:
            raise RuleError("total_too_low", "Those cards total {total}; at least {need} is needed.",
                            total=total, need=f["at_least"])
        super().answer(rules, s, f, action, events)


class Players:
    FRAMES_: dict = {"defeat_end": Auto(), "pstep": Auto(), "discard_total": TotalChoice(default="first"),
                     "misfortune_end": Auto()}

    # --- code steps that may ask ------------------------------------------------------
    def push_step(self, s, fn: str, cid: str | None, **extra) -> None:
        self.push(s, {"k": "pstep", "fn": fn, "c": cid, **extra})

    def _run_pstep(self, s, f, events):
        from engine.unfathomable.effects import Pending
        c = s["ctx"].get(f["c"]) if f.get("c") else None
        mark = len(s["stack"])
        try:
            getattr(self, "_step_" + f["fn"])(s, f, c, events)
        except Pending:
            s["stack"].insert(mark, {k: v for k, v in f.items() if k != "id"})
            return
        if c is not None:
            c["bind"] = {}

    def step_ctx(self, s, fields: dict) -> str:
        """A context for code steps, dropped by a ``ctx_end`` pushed now (push steps after it)."""
        cid = self.new_ctx(s, fields)
        self.push(s, {"k": "ctx_end", "c": cid})
        return cid

    # --- titles (checklist 14, 126, 140-141) -------------------------------------------
    def assign_title(self, s, title: str, events, lost_by: str | None = None) -> None:
        """Checklist 141: the highest available character on the title's line. Unavailable:
        revealed traitors, Humans in the Brig, characters not in the game; the Human who just
        lost it only if every other Human is in the Brig; if nobody qualifies, the highest Human
        in the Brig; with no Human at all nobody holds it (ruling P5)."""
        holders = [p for p in (self.owner_of(s, ch) for ch in self.titles_by_id[title].succession) if p]
        humans = [p for p in holders if self.is_human(s, p)]
        free = [p for p in humans if s["zone_of"][p] != BRIG]
        holder = next((p for p in free if p != lost_by), None)
        if holder is None and lost_by in free:
            holder = lost_by
        if holder is None and humans:
            holder = humans[0]   # every Human is in the Brig
        before = s["titles"].get(title)
        s["titles"][title] = holder
        s.setdefault("titles_fallback", {})[title] = holder is not None and s["zone_of"][holder] == BRIG
        events.append(event("title_passed", title=title, player=holder, frm=before))

    def lose_titles(self, s, p, events) -> None:
        for title in list(s["titles"]):
            if s["titles"][title] == p:
                self.assign_title(s, title, events, lost_by=p)

    def entered_brig(self, s, p, events) -> None:
        """Checklist 126: entering the Brig loses all titles."""
        self.lose_titles(s, p, events)

    def _fx_lose_title(self, s, spec, c, events):
        if s["titles"].get(spec.title):
            self.assign_title(s, spec.title, events, lost_by=s["titles"][spec.title])

    # --- defeat (checklist 122-123) ------------------------------------------------------
    def defeat_destination(self, s, p) -> str | None:
        zone = s["zone_of"][p]
        if self.is_human(s, p):
            return None if zone in (SICK_BAY, BRIG) else SICK_BAY
        return None if zone == BRIG else BRIG

    def new_defeat(self, s, kind: str, who: str, zone: str | None = None) -> dict:
        s["defeat_seq"] = s.get("defeat_seq", 0) + 1
        rec = {"id": s["defeat_seq"], "kind": kind, "who": who, "zone": zone, "prevented": False}
        s.setdefault("defeats", []).append(rec)
        return rec

    def defeat_record(self, s, did) -> dict | None:
        return next((r for r in s.get("defeats", []) if r["id"] == did), None)

    def defeat_prevented(self, s, did) -> bool:
        """Pops the record ``did``: True if an ability prevented it."""
        rec = self.defeat_record(s, did)
        if rec is None:
            return False
        s["defeats"].remove(rec)
        return rec["prevented"]

    def defeat_player(self, s, p, events, c=None) -> None:
        """Defeat ``p`` (frames): the would-be-defeated window, then the move unless prevented."""
        if p is None or p not in s["zone_of"]:
            return
        if self.defeat_destination(s, p) is None:   # ruling P1: nothing would happen
            events.append(event("player_defeated", player=p, zone=s["zone_of"][p], stays=True))
            return
        rec = self.new_defeat(s, "player", p, s["zone_of"][p])
        self.push(s, {"k": "defeat_end", "id": rec["id"]})
        if p in s.get("wards", []):   # Flesh Ward: prevented without a window
            s["wards"].remove(p)
            rec["prevented"] = True
            events.append(event("ward_triggered", player=p))
            cid = self.step_ctx(s, {"self": p, "decider": p})
            self.push_step(s, "ward_roll", cid)
            return
        self.open_defeat_window(s, rec, "would_be_defeated", events)

    def open_defeat_window(self, s, rec, timing, events) -> None:
        """Ask the defeated player (their hand may hold an answer) and everyone whose public
        abilities could prevent this defeat; others' hands cannot (ruling P2)."""
        victim = rec["who"] if rec["kind"] == "player" else None
        window = {"defeat": rec["id"]}
        asked = [q for q in self.turn_order(s)
                 if q == victim or any(self.can_use(s, q, ref, timing, window)
                                       for ref in self.abilities_of(s, q) if not ref.startswith("card:"))]
        self.open_window(s, timing, events, players=asked, defeat=rec["id"])

    def _run_defeat_end(self, s, f, events):
        rec = self.defeat_record(s, f["id"])
        if rec is None:
            return
        p = rec["who"]
        if self.defeat_prevented(s, f["id"]):
            events.append(event("defeat_prevented", player=p))
            return
        dest = self.defeat_destination(s, p)
        events.append(event("player_defeated", player=p, zone=s["zone_of"][p], to=dest or s["zone_of"][p],
                            stays=dest is None))
        if dest:
            self.move_player(s, p, dest, events, reason="defeated")

    def pending_defeat(self, s, c=None) -> dict | None:
        did = (c or {}).get("defeat")
        if did is not None:
            return self.defeat_record(s, did)
        return next((r for r in reversed(s.get("defeats", [])) if not r["prevented"]), None)

    def prevent_applies(self, s, p, ab, window=None) -> bool:
        """Whether an ability of a defeat timing can answer the defeat now pending: its
        ``prevent_defeat`` must cover who is being defeated (``self``: only ``p``; a passenger
        only ``passenger`` / ``player_or_passenger``). The ``range`` of passenger windows is
        checked by ``can_use`` against the window's ``zone``."""
        did = (window or {}).get("defeat")
        rec = self.defeat_record(s, did) if did is not None else self.pending_defeat(s)
        if rec is None or rec["prevented"]:
            return False
        kinds = [st.spec.of for st in ab.effect if st.name == "prevent_defeat"]
        return not kinds or any(self.prevent_matches(of, rec, p) for of in kinds)

    @staticmethod
    def prevent_matches(of: str, rec: dict, p: str) -> bool:
        if rec["kind"] == "passenger":
            return of in ("passenger", "player_or_passenger")
        if of == "self":
            return rec["who"] == p
        return of in ("any_player", "player_or_passenger")

    def _fx_prevent_defeat(self, s, spec, c, events):
        rec = self.pending_defeat(s, c)
        if rec is None or not self.prevent_matches(spec.of, rec, c.get("self")):
            return
        rec["prevented"] = True
        events.append(event("defeat_prevention", by=c.get("self"), kind=rec["kind"], who=rec["who"]))

    def _fx_defeat_player(self, s, spec, c, events):
        for p in reversed(self.players_of(s, spec.who, c)):
            self.defeat_player(s, p, events, c)

    def _fx_defeat_all_in(self, s, spec, c, events):
        """Everything of the listed kinds in the zone, in the listed order; players in turn order.
        Deep Ones go back to the supply; passengers are defeated one by one (``defeat_passenger``
        of the ship/passenger module, with its prevention windows)."""
        zones = self.zones_of(s, spec.at, c)
        if not zones:
            return
        zone = zones[0]
        for what in reversed(spec.what):
            self.push_step(s, "defeat_kind", c["id"], zone=zone, what=what)

    def _step_defeat_kind(self, s, f, c, events):
        zone, what = f["zone"], f["what"]
        if what in ("humans", "players"):
            victims = [p for p in self.turn_order(s) if s["zone_of"][p] == zone
                       and (what == "players" or self.is_human(s, p))]
            for p in reversed(victims):
                self.defeat_player(s, p, events, c)
        elif what == "deep_ones":
            n = s["deep_ones"].get(zone, 0) if zone != DEPTHS else 0
            if n:
                s["deep_ones"][zone] = 0
                s["deep_one_supply"] += n
                events.append(event("deep_ones_defeated", zone=zone, count=n))
        elif what == "passengers":
            for token in reversed(list(s["passengers"].get(zone, []))):
                self.defeat_passenger(s, token, events, c)

    def _step_ward_roll(self, s, f, c, events):
        """Flesh Ward (hooks.yaml): when the ward triggers, roll; on 4 or less lose 1 Sanity."""
        value = self.need_roll(s, c, "ward", purpose="flesh_ward", who=c["self"])
        if value <= 4:
            self.change_resources(s, {"sanity": -1}, events, reason="flesh_ward")

    # --- moves (checklist 45, 124-127) ----------------------------------------------------
    def walk_zones(self) -> list[str]:
        """Ship zones a player may be put in by choice: deck and interior, not the Sick Bay or Brig."""
        return [z for z in self.board.ship if z not in (SICK_BAY, BRIG)]

    def _fx_move_player(self, s, spec, c, events):
        # checklist 127: an ability that moves players never takes one out of the Brig
        players = [p for p in self.players_of(s, spec.who, c) if s["zone_of"][p] != BRIG]
        if not players:
            return
        zones = self.zones_of(s, spec.to, c, "to")
        if not zones or zones[0] not in self.board.ship:   # never into water or the Depths
            return
        to = zones[0]
        movers = [p for p in players if s["zone_of"][p] != to]
        if spec.optional:
            movers = [p for p in movers if self.need(s, c, f"move#{p}", p, "optional_move", [False, True],
                                                      ask_single=True, zone=to)]
        for p in movers:
            self.move_player(s, p, to, events, reason="effect")

    def _fx_send_to_brig(self, s, spec, c, events):
        for p in self.players_of(s, spec.who, c):
            if s["zone_of"][p] != BRIG:
                self.move_player(s, p, BRIG, events, reason="sent_to_brig", cause=c)

    def _fx_send_to_sick_bay(self, s, spec, c, events):
        # not a defeat; never out of the Brig (its text does not say Brig: ruling P3)
        for p in self.players_of(s, spec.who, c):
            if s["zone_of"][p] not in (BRIG, SICK_BAY):
                self.move_player(s, p, SICK_BAY, events, reason="sent_to_sick_bay", cause=c)

    def _fx_leave_brig(self, s, spec, c, events):
        """Out of the Brig to a ship zone of the player's choice (not the Sick Bay)."""
        leavers = [p for p in self.players_of(s, spec.who, c) if s["zone_of"][p] == BRIG]
        if spec.optional:
            leavers = [p for p in leavers if self.need(s, c, f"leave#{p}", p, "leave_brig", [False, True],
                                                        ask_single=True)]
        dest = {p: self.need(s, c, f"leave_to#{p}", p, "leave_brig_zone", self.walk_zones(), ask_single=True)
                for p in leavers}
        for p in leavers:
            self.move_player(s, p, dest[p], events, reason="left_brig")

    def _fx_discard_total(self, s, spec, c, events):
        """A cost: discard cards of the given types worth at least ``at_least`` (printed values,
        ruling 15). Impossible (the rest of the effect is skipped) when the hand cannot reach it."""
        p = self.player_of(s, spec.who, c) if isinstance(spec.who, str) else None
        if p is None:
            self.skip_rest(s, c)
            return
        ids = self.total_candidates(s, p, spec.types)
        if sum(card_value(x) for x in ids) < spec.at_least:
            events.append(event("cost_unpaid", player=p, at_least=spec.at_least))
            self.skip_rest(s, c)
            return
        if "total" not in c["bind"]:
            fewest, acc = 0, 0
            for x in ids:
                fewest += 1
                acc += card_value(x)
                if acc >= spec.at_least:
                    break
            self.push(s, {"k": "discard_total", "player": p, "ids": ids, "min": fewest, "at_least": spec.at_least,
                          "c": c["id"], "slot": "total", "purpose": "discard_total"})
            from engine.unfathomable.effects import Pending
            raise Pending
        cards = c["bind"]["total"]
        self.discard_from_hand(s, p, cards, events, reason="discard_total")
        c["discarded_value"] = sum(card_value(x) for x in cards)

    def total_candidates(self, s, p, types) -> list[str]:
        ids = [x for x in s["hands"][p] if types == "any" or card_type(x) in types]
        return sorted(ids, key=lambda x: (-card_value(x), x))

    def _ask_discard_total(self, s, f):
        return {"player": f["player"], "subset": {"ids": list(f["ids"]), "min": f["min"], "max": len(f["ids"]),
                                                  "action": {"type": "discard_total"}, "field": "cards"}}

    def _answer_discard_total(self, s, f, action, events):
        s["ctx"][f["c"]]["bind"][f["slot"]] = list(action["cards"])

    def total_payable(self, s, p, spec) -> bool:
        return sum(card_value(x) for x in self.total_candidates(s, p, spec.types)) >= spec.at_least

    # --- actions granted, ended (checklist 35, 59) ----------------------------------------
    def _fx_end_actions(self, s, spec, c, events):
        """Checklist 59: the current player's Actions step ends: no actions left, and no other
        start-of-Actions card (the window that would ask again is closed)."""
        turn = s.get("turn")
        if not turn:
            return
        p = turn["player"]
        turn["ended_actions"] = True
        s["stack"][:] = [f for f in s["stack"]
                         if not (f["k"] == "action" and f["player"] == p and not f.get("granted"))
                         and not (f["k"] == "window" and f["timing"] == "start_of_actions")]
        events.append(event("actions_ended", player=p, reason="card"))

    def _fx_take_actions(self, s, spec, c, events):
        for p in reversed(self.players_of(s, spec.who, c)):
            events.append(event("actions_granted", player=p, count=spec.count))
            self.push(s, {"k": "action", "player": p, "left": spec.count, "granted": True})

    # --- loyalty peeks (checklist 176) ----------------------------------------------------
    def _fx_look_at_loyalty(self, s, spec, c, events):
        who = self.players_of(s, spec.who, c, "who")
        targets = self.players_of(s, spec.target, c, "target_of_look")
        if not who or not targets:
            return
        p, t = who[0], targets[0]
        if p == t:
            return
        cards = list(s["loyalty"][t])
        s["known_loyalty"].setdefault(p, {})[t] = cards
        events.append(event("loyalty_looked_at", player=p, target=t, count=len(cards)))
        events.append(event("loyalty_seen", only(p), reveal=True, player=p, target=t, cards=cards))
        events.append(event("your_loyalty_seen", only(t), player=p, target=t, cards=cards))

    # --- hooks -----------------------------------------------------------------------------
    def _hook_flesh_ward(self, s, params, c, events):
        """The caster names a player; their next defeat is prevented (then the ward roll)."""
        caster = c.get("self")
        p = self.need(s, c, "ward", caster, "flesh_ward", self.turn_order(s), ask_single=True)
        wards = s.setdefault("wards", [])
        if p not in wards:
            wards.append(p)
        events.append(event("ward_placed", by=caster, player=p))

    def _hook_astral_travel(self, s, params, c, events):
        """Pick one zone holding Deep Ones or players; move any of its Deep Ones to deck or
        interior zones and any of its players to any ship zone, the Sick Bay or the Brig."""
        caster = c.get("self")
        zones = [z for z in self.board.board
                 if s["deep_ones"].get(z, 0) or any(s["zone_of"][p] == z for p in s["players"])]
        zone = self.need(s, c, "zone", caster, "astral_zone", zones, ask_single=True)
        if zone is None:
            return
        walk = self.walk_zones()
        n = s["deep_ones"].get(zone, 0)
        barred = {zone}
        one_dests = [self.need(s, c, f"deep_one#{i}", caster, "astral_deep_one", ["stay"] + [z for z in walk if z not in barred],
                               ask_single=True, zone=zone) for i in range(n)]
        movers = [p for p in self.turn_order(s) if s["zone_of"][p] == zone]
        p_dests = {p: self.need(s, c, f"player#{p}", caster, "astral_player",
                                ["stay"] + [z for z in self.board.ship if z != zone], ask_single=True, moved=p)
                   for p in movers}
        for dest in one_dests:
            if dest != "stay":
                s["deep_ones"][zone] -= 1
                s["deep_ones"][dest] = s["deep_ones"].get(dest, 0) + 1
                events.append(event("deep_one_moved", frm=zone, to=dest, reason="astral_travel"))
        for p, dest in p_dests.items():
            if dest != "stay":
                self.move_player(s, p, dest, events, reason="astral_travel")

    def _hook_spread_misfortune(self, s, params, c, events):
        """Edmund's traitor ability (hooks.yaml): the top mythos card's crisis only, with him as
        decider and resolver; its check fails outright, any option may be picked; no icons."""
        p = c.get("self")
        while True:
            card = self.draw_mythos(s, events)
            if not self.personal_blocked(s, card):
                break
            s["mythos_discard"].append(card)
            events.append(event("mythos_discarded_personal", card=card, why=self.personal_block(s, card)))
        events.append(event("misfortune_drawn", player=p, card=card))
        self.push(s, {"k": "misfortune_end", "card": card})
        self.start_effect(s, self.mythos_by_id[card].crisis, events,
                          {"self": p, "decider": p, "current_player": p, "card": card, "mythos": True,
                           "misfortune": True})

    def _run_misfortune_end(self, s, f, events):
        for cards in s["in_play"].values():   # a card it would keep is discarded too (ruling 48)
            if f["card"] in cards:
                cards.remove(f["card"])
        if not (f["card"] in s["mythos_discard"] or f["card"] in s["mythos_deck"] or
                f["card"] in s.get("mythos_removed", [])):   # else kept, then already discarded: RULINGS X5
            s["mythos_discard"].append(f["card"])
            events.append(event("mythos_discarded", card=f["card"]))
        self.reshuffle_mythos_if_empty(s, events)   # checklist 71: it may have been the last card

    # --- shared helpers used by turns.py --------------------------------------------------
    def statics(self, s, name: str) -> list:
        """(holder, spec) of every passive ability in play whose effect is the static ``name``."""
        out = []
        for p in s["players"]:
            for ref in self.abilities_of(s, p):
                if ref.startswith("card:"):
                    continue
                ab = self.ability(ref)
                if ab.timing != "passive":
                    continue
                if ab.requires is not None and not self.holds(s, ab.requires, {"id": "probe", "bind": {}, "self": p}):
                    continue
                out += [(p, st.spec) for st in ab.effect if st.name == name]
        return out
