"""Mother Hydra, Father Dagon, the Deep Ones and the Depths (checklist I98-108; README "Monsters").

Monster procedures run as ``mstep`` frames (``{"k": "mstep", "op", "c", ...}``): each frame is one
step (one monarch step, one Deep One's activation, one damage card, one passenger's defeat, ...)
and runs ``_ms_<op>(s, f, c, events)``. Like an effect step, an ``mstep`` makes every ``need`` /
``need_roll`` call before it changes anything; a pending decision re-runs the frame once answered.
Every public entry (``activate``, ``damage_zone``, ``defeat_passenger_token``, ...) opens its own
context (``mctx``), so its slots never meet an effect's; ``outer`` names the effect's context
(``picked``, ``removed_count`` are written back there).

Deep One activation (checklist 101-102): the Deep Ones on the board when the activation begins are
counted per zone (``pending``); one ``deep_next`` frame at a time lets the current player (or the
``count`` chooser) pick the zone whose Deep One goes next, so a Deep One that has moved is never
activated twice and a resumed game continues exactly where it stopped.
"""
from __future__ import annotations

from engine.core.events import event
from engine.core.flow import Auto
from engine.unfathomable.common import BRIG, DEPTHS, MONARCHS, SICK_BAY
from engine.unfathomable.effects import Pending


class Monsters:
    FRAMES_: dict = {"mstep": Auto()}

    # --- the step frames ------------------------------------------------------------------
    def current(self, s) -> str:
        return s["turn"]["player"] if s.get("turn") else s["first_player"]

    def mctx(self, s, c=None, fields: dict | None = None) -> str:
        """A context for a monster/damage/passenger procedure (dropped when it is done)."""
        base = {k: c[k] for k in ("self", "decider", "card", "ability") if c and c.get(k) is not None}
        if c:
            base["outer"] = c["id"]
        base.setdefault("self", self.current(s))
        base.setdefault("decider", base["self"])
        base.update(fields or {})
        cid = self.new_ctx(s, base)
        self.push(s, {"k": "ctx_end", "c": cid})
        return cid

    def mstep(self, s, cid: str, op: str, **args) -> None:
        self.push(s, {"k": "mstep", "op": op, "c": cid, **args})

    def _run_mstep(self, s, f, events):
        c = s["ctx"].get(f["c"])
        if c is None:
            return
        mark = len(s["stack"])
        try:
            getattr(self, "_ms_" + f["op"])(s, f, c, events)
        except Pending:
            s["stack"].insert(mark, f)   # runs again once the prompt on top is answered
            return
        c["bind"] = {}

    def set_outer(self, s, c, key, value) -> None:
        outer = s["ctx"].get(c.get("outer") or "")
        if outer is not None:
            outer[key] = value

    # --- lookups
    def monster(self, monster_id: str):
        return next(m for m in self.pack.monsters.monsters if m.id == monster_id)

    def deep_ones_on_board(self, s) -> dict:
        """{zone: count} of the Deep Ones on water, deck and interior zones (never the Depths)."""
        return {z: s["deep_ones"][z] for z in self.board.board if s["deep_ones"].get(z, 0) > 0}

    def barricaded(self, s) -> bool:
        return s.get("barricade") == s["turns_taken"]

    def may_move_deep_one(self, s, frm: str, to: str) -> bool:
        """Deep Ones never enter the Sick Bay, the Brig or (by a move) the Depths; a barricade stops
        moves into the interior (README ``barricade``, ruling 33)."""
        if to not in self.board.board or not self.board.deep_ones_may_enter(to):
            return False
        return not (self.barricaded(s) and self.board.kind[to] == "interior")

    # --- placing, removing, moving Deep Ones (checklist 105) ---------------------------------
    def place_deep_ones(self, s, zone: str, count: int, events) -> bool:
        """Checklist 105: with too few in the supply the game ends at once (the Deep Ones win).
        Never into the Sick Bay or the Brig (nothing is placed there)."""
        if zone in (SICK_BAY, BRIG) or count <= 0:
            return True
        if s["deep_one_supply"] < count:
            s["deep_ones_short"] = True
            events.append(event("deep_ones_short", zone=zone, needed=count, supply=s["deep_one_supply"]))
            return False
        s["deep_one_supply"] -= count
        s["deep_ones"][zone] = s["deep_ones"].get(zone, 0) + count
        events.append(event("deep_ones_placed", zone=zone, count=count))
        return True

    def remove_deep_ones(self, s, zone: str, count: int, events, reason="defeated") -> int:
        """Deep Ones defeated (checklist 122): back to the supply."""
        n = min(count, s["deep_ones"].get(zone, 0))
        if n:
            s["deep_ones"][zone] -= n
            s["deep_one_supply"] += n
            events.append(event("deep_ones_defeated", zone=zone, count=n, reason=reason))
        return n

    def defeat_deep_ones_in(self, s, zones, events, reason="defeated") -> int:
        """Every Deep One in these zones back to the supply (Great Banishment, defeat_all_in)."""
        return sum(self.remove_deep_ones(s, z, s["deep_ones"].get(z, 0), events, reason) for z in zones)

    def move_deep_ones_between(self, s, frm: str, to: str, count: int, events, reason="moved") -> int:
        n = min(count, s["deep_ones"].get(frm, 0))
        if n:
            s["deep_ones"][frm] -= n
            s["deep_ones"][to] = s["deep_ones"].get(to, 0) + n
            events.append(event("deep_ones_moved", frm=frm, to=to, count=n, reason=reason))
        return n

    def move_monarch_to(self, s, monarch: str, to: str, events, reason="moved") -> None:
        frm = s["monarchs"][monarch]
        if frm == to:
            return
        s["monarchs"][monarch] = to
        events.append(event("monarch_moved", monster=monarch, frm=frm, to=to, reason=reason))

    def send_monarchs_to_depths(self, s, monarchs, events, reason="removed") -> None:
        """Checklist 106: a monarch removed from the board goes to the Depths."""
        for m in monarchs:
            self.move_monarch_to(s, m, DEPTHS, events, reason)

    # --- activation (checklist 98-104) ---------------------------------------------------------
    def activate(self, s, monster: str, events, times: int = 1, at=None, count=None, chooser=None, c=None) -> None:
        """The mythos activation symbol or the ``activate`` step: ``times`` activations of
        ``monster``; Deep Ones may be limited to the zones ``at`` or to ``count`` of them picked by
        ``chooser`` (default: the current player, who also orders them)."""
        cid = self.mctx(s, c, {"activation": monster})
        for _ in range(times):
            self.mstep(s, cid, "activate", monster=monster, at=list(at) if at is not None else None,
                       count=count, chooser=chooser)

    def _push_monster_steps(self, s, c, monster, steps):
        for step in reversed(steps):
            self.mstep(s, c["id"], "monster_step", step=step, monster=monster)

    def _ms_activate(self, s, f, c, events):
        m = f["monster"]
        spec = self.monster(m)
        if spec.kind == "monarch":
            in_depths = s["monarchs"][m] == DEPTHS
            events.append(event("monster_activated", monster=m, where=s["monarchs"][m]))
            self._push_monster_steps(s, c, m, spec.in_depths if in_depths else spec.on_board)
            return
        board = self.deep_ones_on_board(s)
        restricted = f.get("at") is not None or f.get("count") is not None
        if f.get("at") is not None:
            board = {z: n for z, n in board.items() if z in f["at"]}
        events.append(event("monster_activated", monster=m, count=sum(board.values())))
        if not board:
            if not restricted:   # checklist 104: none on the board
                self._push_monster_steps(s, c, m, spec.none_on_board)
            return               # ruling M1: a limited activation with nobody to activate does nothing
        chooser = f.get("chooser") or self.current(s)
        self.mstep(s, c["id"], "deep_next", pending=board, left=f.get("count"), chooser=chooser)

    def _ms_deep_next(self, s, f, c, events):
        """The chooser picks which zone's Deep One activates next (checklist 101)."""
        pending = {z: min(n, s["deep_ones"].get(z, 0)) for z, n in f["pending"].items()}
        pending = {z: n for z, n in pending.items() if n > 0}
        left = f.get("left")
        if not pending or left == 0:
            return
        zones = [z for z in self.board.board if z in pending]
        z = self.need(s, c, "zone", f["chooser"], "deep_one_order", zones)
        pending[z] -= 1
        self.mstep(s, c["id"], "deep_next", pending=pending, left=None if left is None else left - 1,
                   chooser=f["chooser"])
        self.mstep(s, c["id"], "deep_one", zone=z)

    def _ms_deep_one(self, s, f, c, events):
        """One Deep One does the first step it can (checklist 102, README "Monsters")."""
        z = f["zone"]
        if s["deep_ones"].get(z, 0) <= 0:
            return
        for step in self.monster("deep_ones").each:
            if getattr(self, "_deep_" + step)(s, z, c, events):
                return

    def _deep_attack_human(self, s, z, c, events) -> bool:
        humans = [p for p in self.turn_order(s) if self.is_human(s, p) and s["zone_of"][p] == z]
        if not humans:
            return False
        cur = self.current(s)
        target = self.need(s, c, "target", cur, "deep_one_target", humans, zone=z)
        c["attack"] = {"attacker": "deep_one", "zone": z, "defender": target}
        roll = self.need_roll(s, c, "attack_roll", purpose="deep_one_attack", who=cur, combat=True)
        hit = roll >= self.pack.setup.combat["deep_one_attack_target"]
        events.append(event("deep_one_attacked", zone=z, target=target, roll=roll, hit=hit))
        if hit and s["zone_of"][target] == z and self.is_human(s, target):
            self.defeat_player(s, target, events, c)
        return True

    def _deep_defeat_passenger(self, s, z, c, events) -> bool:
        tokens = s["passengers"].get(z) or []
        if not tokens:
            return False
        token = self.need(s, c, "token", self.current(s), "passenger", list(tokens), zone=z)
        self.defeat_passenger_token(s, z, token, events, c)
        return True

    def _deep_damage_own_zone(self, s, z, c, events) -> bool:
        if z not in self.board.damageable or z in s["damage"]:
            return False
        self.damage_zone(s, z, events, c)   # checklist 103: a removed card still ends the activation
        return True

    def _deep_move_one(self, s, z, c, events) -> bool:
        to = self.board.deep_one_step(z, s["damage"])
        held = self.barricaded(s) and self.board.kind[z] == "interior"   # barricade: interior ones stay
        if to is None or held or not self.may_move_deep_one(s, z, to):
            events.append(event("deep_one_stays", zone=z))
            return True
        self.move_deep_ones_between(s, z, to, 1, events, reason="activation")
        return True

    # --- monarch and Depths steps
    def _ms_monster_step(self, s, f, c, events):
        getattr(self, "_step_" + f["step"])(s, f["monster"], c, events)

    def _step_feed_depths(self, s, m, c, events):
        self.place_deep_ones(s, DEPTHS, self.pack.monsters.depths.feed, events)

    def _step_emerge_if_ready(self, s, m, c, events):
        if s.get("deep_ones_short") or s["deep_ones"][DEPTHS] < self.pack.monsters.depths.emerge_at_least:
            return
        roll = self.need_roll(s, c, "bow_roll", purpose="emerge", who=self.current(s))
        to = self.board.bow_roll[roll]
        what = self.monster(m).emerges_with
        monarchs = [x for x in MONARCHS if s["monarchs"][x] == DEPTHS and
                    ("all" in what or ("self" in what and x == m))]
        self.emerge_to(s, to, monarchs, True, events)

    def emerge_to(self, s, to, monarchs, deep_ones: bool, events) -> None:
        for x in monarchs:
            self.move_monarch_to(s, x, to, events, reason="emerge")
        if deep_ones:
            self.move_deep_ones_between(s, DEPTHS, to, s["deep_ones"][DEPTHS], events, reason="emerge")
        events.append(event("monsters_emerged", to=to, monarchs=list(monarchs)))

    def _step_damage_nearest_interior(self, s, m, c, events):
        water = s["monarchs"][m]
        if water not in self.board.water:
            return
        self.damage_zone(s, self.board.hydra_target(water), events, c)   # checklist 98 (redirects)

    def _step_spawn_on_arrow_deck(self, s, m, c, events):
        water = s["monarchs"][m]
        if water not in self.board.water:
            return
        self.place_deep_ones(s, self.board.arrow[water], self.monster(m).spawn_count, events)   # checklist 99

    def _step_move_toward_bow(self, s, m, c, events):
        water = s["monarchs"][m]
        to = self.board.toward_bow.get(water)
        if to:   # on w1/w2 (or in the Depths) the monarch stays
            self.move_monarch_to(s, m, to, events, reason="toward_bow")

    # --- primitives -----------------------------------------------------------------------------
    def _fx_activate(self, s, spec, c, events):
        at = self.zones_of(s, spec.at, c) if spec.at is not None else None
        chooser = self.player_of(s, spec.chooser, c) or self.current(s)
        self.activate(s, spec.monster, events, times=spec.times, at=at, count=spec.count, chooser=chooser, c=c)

    def _fx_place_deep_ones(self, s, spec, c, events):
        zones = self.zones_of(s, spec.at, c)
        zones = [z for z in zones if z == DEPTHS or self.board.deep_ones_may_enter(z)]
        need = spec.count * len(zones)
        if need > s["deep_one_supply"]:   # checklist 105: the whole placement cannot be made
            s["deep_ones_short"] = True
            events.append(event("deep_ones_short", needed=need, supply=s["deep_one_supply"]))
            return
        for z in zones:
            self.place_deep_ones(s, z, spec.count, events)

    def area_zones(self, s, where, c, slot="where") -> list[str]:
        if isinstance(where, str):
            return list(self.board.area(where))
        return self.zones_of(s, where, c, slot)

    def _fx_defeat_deep_ones(self, s, spec, c, events):
        zones = self.area_zones(s, spec.where, c)
        figures = [z for z in zones for _ in range(s["deep_ones"].get(z, 0))]
        if spec.count == "all":
            chosen = figures
        else:
            n = self.amount(s, spec.count, c)
            chooser = self.player_of(s, spec.chooser, c) or self.current(s)
            chosen = self.need_subset(s, c, "deep_ones", chooser, "defeat_deep_ones", figures,
                                      min(n, len(figures)), min(n, len(figures))) if figures and n > 0 else []
        removed = 0
        for z in dict.fromkeys(chosen):
            removed += self.remove_deep_ones(s, z, chosen.count(z), events)
        c["removed_count"] = removed

    def _fx_move_deep_ones(self, s, spec, c, events):
        chooser = self.player_of(s, spec.chooser, c) or self.current(s)
        zones = [z for z in self.area_zones(s, spec.source, c, "source") if z in self.board.board]
        b = self.board
        if spec.to == "adjacent_water":
            moves = [(z, next(w for w in b.adjacent[z] if b.kind[w] == "water"), s["deep_ones"][z])
                     for z in zones if b.kind[z] == "deck" and s["deep_ones"].get(z, 0)]
        else:
            moves = []
            for z in zones:
                n = s["deep_ones"].get(z, 0)
                if not n:
                    continue
                options = [t for t in b.adjacent[z] if self.may_move_deep_one(s, z, t)]
                if spec.optional:
                    options = [z] + options          # staying put is the first (default) answer
                if not options:
                    continue
                if spec.together:
                    moves.append((z, self.need(s, c, f"to.{z}", chooser, "deep_ones_to", options, zone=z), n))
                else:
                    for i in range(n):
                        moves.append((z, self.need(s, c, f"to.{z}.{i}", chooser, "deep_one_to", options, zone=z), 1))
        for frm, to, n in moves:
            if to != frm:
                self.move_deep_ones_between(s, frm, to, n, events)

    def _fx_send_to_depths(self, s, spec, c, events):
        self.send_monarchs_to_depths(s, spec.monsters, events)

    def _fx_emerge(self, s, spec, c, events):
        if spec.what == "all_in_depths":
            monarchs = [m for m in MONARCHS if s["monarchs"][m] == DEPTHS]
            deep = s["deep_ones"][DEPTHS] > 0
            if not monarchs and not deep:
                return
        else:
            monarchs, deep = list(spec.what), False
        if spec.to == "bow_by_roll":
            to = self.board.bow_roll[self.need_roll(s, c, "emerge", purpose="emerge", who=self.current(s))]
        else:
            chooser = self.player_of(s, spec.chooser, c) or self.current(s)
            to = self.need(s, c, "emerge_to", chooser, "zone", list(self.board.water))
        self.emerge_to(s, to, monarchs, deep, events)

    def _fx_move_monarch(self, s, spec, c, events):
        chooser = self.player_of(s, spec.chooser, c) or self.current(s)
        on_board = [m for m in MONARCHS if s["monarchs"][m] != DEPTHS]
        if spec.monster == "chosen":
            m = self.need(s, c, "monarch", chooser, "monarch", on_board)
        else:
            m = spec.monster if spec.monster in on_board else None
        if m is None:
            return   # abilities never affect monsters in the Depths
        if spec.to == "depths":
            self.move_monarch_to(s, m, DEPTHS, events)
            return
        water = s["monarchs"][m]
        options = [w for w in self.board.adjacent[water] if self.board.kind[w] == "water"]
        self.move_monarch_to(s, m, self.need(s, c, "monarch_to", chooser, "zone", options), events)

    def _fx_barricade(self, s, spec, c, events):
        s["barricade"] = s["turns_taken"]
        events.append(event("barricaded", player=c.get("self")))

    def _ms_defeat_player(self, s, f, c, events):
        self.defeat_player(s, f["player"], events, c)
