"""The turn (checklist C30-36, D37-44, E45-60, F61-75): Receive Skills, Perform Actions (2),
Resolve Mythos (Humans only), Discard; then the current-player token passes left.

``state["turn"] = {"player", "number", "actions_left", "revealed_now"}``. An action prompt is a
frame ``{"k": "action", "player", "left": n, "granted": bool}``; abilities that give actions on
another player's turn (``take_actions``) push the same frame for that player.
"""
from __future__ import annotations

from engine.core.errors import RuleError
from engine.core.events import event, only
from engine.core.rng import Rng
from engine.unfathomable.common import BRIG, DEPTHS, SICK_BAY, card_type, card_value


class Turns:
    def _idle(self, s, events):
        if not s.get("setup_done"):
            return
        if s["turn"] is None:
            player = s["first_player"]
        else:
            seats = s["seats"]
            player = seats[(seats.index(s["turn"]["player"]) + 1) % len(seats)]  # checklist 30
        s["turn"] = {"player": player, "number": s["turns_taken"] + 1, "human": self.is_human(s, player)}
        events.append(event("turn_started", player=player, number=s["turn"]["number"]))
        for k in ("turn_end", "discard_step", "mythos_step", "actions_step", "receive_skills", "turn_start"):
            self.push(s, {"k": k, "player": player})

    def _run_turn_start(self, s, f, events):
        p = f["player"]
        # checklist 17: in the first game, loyalty is dealt after every player has taken a turn
        if s["options"]["first_game"] and not s.get("first_game_dealt") and s["turns_taken"] >= len(s["players"]):
            s["first_game_dealt"] = True
            self.deal_loyalty(s, events, reason="first_game")
        upgrades = [i for i in s["items"][p] if self.items_by_id[i].upgrade]
        if len(upgrades) > 1:  # checklist 148: change the active Upgrade before Receive Skills
            self.push(s, {"k": "choose_upgrade", "player": p})

    def _ask_choose_upgrade(self, s, f):
        p = f["player"]
        ups = [i for i in s["items"][p] if self.items_by_id[i].upgrade]
        if len(ups) < 2:
            return None
        return {"player": p, "default": "first",
                "options": [{"type": "upgrade", "item": s["active_upgrade"].get(p)}] +
                           [{"type": "upgrade", "item": i} for i in ups if i != s["active_upgrade"].get(p)]}

    def _answer_choose_upgrade(self, s, f, action, events):
        p = action["player"]
        if action["item"] != s["active_upgrade"].get(p):
            s["active_upgrade"][p] = action["item"]
            events.append(event("upgrade_activated", player=p, item=action["item"]))

    # --- Receive Skills (checklist D)
    def set_types(self, s, p) -> list[str]:
        types = [t for t, k in self.skill_set(s, p).items() for _ in range(k)]
        up = s["active_upgrade"].get(p)
        if up and s["zone_of"][p] != BRIG:   # checklist 41: the Upgrade adds nothing in the Brig
            types.append(self.items_by_id[up].upgrade)
        return types

    def _run_receive_skills(self, s, f, events):
        p = f["player"]
        if s["zone_of"][p] == SICK_BAY:   # checklist 39
            self.push(s, {"k": "sick_bay_draw", "player": p})
        elif not self.is_human(s, p):     # checklist 42
            self.push(s, {"k": "traitor_draw", "player": p})
        else:
            self.draw_types(s, p, self.set_types(s, p), events)

    def _ask_sick_bay_draw(self, s, f):
        types = sorted(set(self.set_types(s, f["player"])))
        if not self.is_human(s, f["player"]):   # ruling S1: the one card may be a treachery card
            types.append("treachery")
        return {"player": f["player"], "default": "first", "options": [{"type": "draw_type", "skill": t} for t in types]}

    def _answer_sick_bay_draw(self, s, f, action, events):
        self.draw_types(s, action["player"], [action["skill"]], events)

    def _ask_traitor_draw(self, s, f):
        ids = self.set_types(s, f["player"])
        return {"player": f["player"], "subset": {"ids": ids, "min": 0, "max": len(ids),
                                                  "action": {"type": "replace_with_treachery"}, "field": "types"}}

    def _answer_traitor_draw(self, s, f, action, events):
        types = self.set_types(s, action["player"])
        for t in action["types"]:
            types.remove(t)
        types += ["treachery"] * len(action["types"])
        self.draw_types(s, action["player"], types, events)

    # --- Perform Actions (checklist E)
    def _run_actions_step(self, s, f, events):
        p = f["player"]
        if s["turn"].get("ended_actions"):
            return
        self.push(s, {"k": "action", "player": p, "left": self.pack.setup.actions_per_turn, "granted": False})
        self.open_window(s, "start_of_actions", events, players=[p])

    def _ask_action(self, s, f):
        p = f["player"]
        if f["left"] <= 0:
            return None
        return {"player": p, "default": {"type": "end_actions"}, "options": self.action_options(s, p, f)}

    def action_options(self, s, p, f) -> list[dict]:
        b = self.board
        zone = s["zone_of"][p]
        human = self.is_human(s, p)
        out = []
        # move (checklist 45, 55)
        if zone != BRIG:
            out += [{"type": "move", "to": z} for z in b.ship if z not in (zone, SICK_BAY, BRIG)]
        # attack (checklist 46, 56)
        out += [{"type": "attack", "target": t} for t in self.attack_targets(s, p, "same_zone")]
        if human:
            if s["passengers"].get(zone):                      # checklist 47
                out.append({"type": "rescue"})
            if self.trade_possible(s, p):
                out.append({"type": "trade"})                  # checklist 48 (trade.py; RULINGS X3)
        elif s["passengers"].get(zone) and not any(self.is_human(s, q) and s["zone_of"][q] == zone
                                                   for q in s["players"]):
            out.append({"type": "defeat_passenger"})           # checklist 57
        # abilities with the action timing (checklist 49, 58)
        for ref in self.abilities_of(s, p):
            if ref.startswith("char:") and not human:
                continue
            if self.can_use(s, p, ref, "action"):
                out.append({"type": "use", "ability": ref})
        # the zone's action (checklist 51-53) and repair (114)
        out += self.zone_actions(s, p)
        if human and self.revealable(s, p):
            out.append({"type": "reveal"})                     # checklist 54
        out.append({"type": "end_actions"})
        return out

    def zone_actions(self, s, p) -> list[dict]:
        zone = s["zone_of"][p]
        z = self.board.zones[zone]
        human = self.is_human(s, p)
        blocked = zone != BRIG and (s["deep_ones"].get(zone, 0) > 0 or
                                    any(not self.is_human(s, q) and s["zone_of"][q] == zone for q in s["players"]))
        out = []
        if human and not blocked:
            if zone in s["damage"]:
                if self.repair_payable(s, p, zone):             # checklist 114: only with the cost in hand
                    out.append({"type": "repair", "zone": zone})
            elif z.action and f"zone:{zone}" not in s["turn_zone_actions"] and self.can_use(s, p, f"zone:{zone}", "action"):
                out.append({"type": "use", "ability": f"zone:{zone}"})
        if not human and z.traitor_action and self.can_use(s, p, f"zone_t:{zone}", "action"):
            out.append({"type": "use", "ability": f"zone_t:{zone}"})
        return out

    def _answer_action(self, s, f, action, events):
        p = action["player"]
        kind = action["type"]
        if kind == "end_actions":   # none_taken: the turn's own actions all left, none done (the log says so)
            none_taken = not f["granted"] and f["left"] == self.pack.setup.actions_per_turn
            events.append(event("actions_ended", player=p, **({"none_taken": True} if none_taken else {})))
            return
        left = f["left"] - 1
        if left > 0:
            self.push(s, {**{k: v for k, v in f.items() if k != "id"}, "left": left})
        s["actions_taken"] = s.get("actions_taken", 0) + 1
        getattr(self, "_act_" + kind)(s, p, action, events)

    def _act_move(self, s, p, action, events):
        self.move_player(s, p, action["to"], events)

    def move_player(self, s, p, to, events, reason="move", cause=None):
        """``cause``: the effect context that sends ``p`` (its ability or card is told with the move)."""
        frm = s["zone_of"][p]
        s["zone_of"][p] = to
        by = {}
        if cause and cause.get("ability"):
            by["ability"] = cause["ability"]
        elif cause and cause.get("card"):
            by["card"] = cause["card"]
        events.append(event("player_moved", player=p, frm=frm, to=to, reason=reason, **by))
        if to == BRIG and frm != BRIG:
            self.entered_brig(s, p, events)

    def _act_use(self, s, p, action, events):
        ref = action["ability"]
        if ref.startswith("zone:"):
            s["turn_zone_actions"].append(ref)   # checklist 52: once per zone per turn
            # opened first, so it waits below the action's effect: asked once the action resolved
            self.open_window(s, "after_zone_action", events, zone=ref[5:])
        self.use_ability(s, p, ref, events)

    def _act_rescue(self, s, p, action, events):
        zone = s["zone_of"][p]
        self.rescue_token(s, zone, s["passengers"][zone][-1], events, by=p)

    def _act_reveal(self, s, p, action, events):
        self.reveal(s, p, events)

    # --- Resolve Mythos (checklist F)
    def _run_mythos_step(self, s, f, events):
        p = f["player"]
        if not self.is_human(s, p) or not s["turn"]["human"]:
            return  # checklist 32-33: revealed traitors (and whoever revealed this turn) draw none
        self.push(s, {"k": "mythos_draw", "player": p})
        self.open_window(s, "mythos_draw", events, players=[p])

    def draw_mythos(self, s, events) -> str:
        self.reshuffle_mythos_if_empty(s, events)   # a fallback: the deck ran out mid-resolution
        return s["mythos_deck"].pop()

    def reshuffle_mythos_if_empty(self, s, events) -> None:
        """Checklist 71, seed l.1914: once the last mythos card has been drawn and resolved, the
        discard is shuffled into a new deck (at once, not at the next draw)."""
        if s["mythos_deck"] or not s["mythos_discard"]:
            return
        s["mythos_deck"] = s["mythos_discard"]
        s["mythos_discard"] = []
        Rng(s["rng"]).shuffle(s["mythos_deck"])
        events.append(event("mythos_reshuffled", count=len(s["mythos_deck"])))

    def personal_blocked(self, s, card) -> bool:
        """Checklist 68: a personal card whose character is absent, in the Brig or revealed."""
        return self.personal_block(s, card) is not None

    def personal_block(self, s, card) -> str | None:
        """Why a personal card cannot be played ("absent", "brig", "revealed"; None: it can), so
        the log says the one reason that holds."""
        m = self.mythos_by_id[card]
        if not m.personal:
            return None
        owner = self.owner_of(s, m.personal)
        if owner is None:
            return "absent"
        if s["zone_of"][owner] == BRIG:
            return "brig"
        return "revealed" if owner in s["revealed"] else None

    def next_mythos(self, s, events) -> str:
        """Checklist 68: a personal card that cannot be played is discarded and another drawn."""
        while True:
            card = self.draw_mythos(s, events)
            if not self.personal_blocked(s, card):
                return card
            s["mythos_discard"].append(card)
            events.append(event("mythos_discarded_personal", card=card, why=self.personal_block(s, card)))

    def _run_mythos_draw(self, s, f, events):
        p = f["player"]
        card = self.next_mythos(s, events)
        s["mythos"] = {"card": card, "skip_crisis": False, "kept": False}
        events.append(event("mythos_drawn", player=p, card=card))
        self.push(s, {"k": "mythos_end", "player": p})
        self.push(s, {"k": "mythos_track", "player": p})
        self.push(s, {"k": "mythos_activation", "player": p})
        self.push(s, {"k": "mythos_crisis", "player": p})
        self.open_window(s, "crisis_revealed", events)

    def decider_of(self, s, card) -> str | None:
        m = self.mythos_by_id[card]
        if m.personal:
            return self.owner_of(s, m.personal)
        return self.player_of(s, m.decider, {"self": s["turn"]["player"]})

    def _run_mythos_crisis(self, s, f, events):
        p = f["player"]
        m = s.get("mythos")
        if not m or m["skip_crisis"]:
            return
        if s["zone_of"][p] == BRIG:   # checklist 70
            events.append(event("crisis_skipped_brig", player=p, card=m["card"]))
            return
        card = self.mythos_by_id[m["card"]]
        decider = self.decider_of(s, m["card"]) or p
        events.append(event("crisis_decider", player=decider, card=m["card"]))
        m["crisis_ctx"] = self.start_effect(s, card.crisis, events,
                                            {"self": decider, "decider": decider, "card": m["card"], "mythos": True})
        if card.kind in ("choice", "combined"):   # Unconventional Leader: "when you would decide"
            self.open_window(s, "deciding_crisis", events, players=[decider])

    # --- mythos primitives (checklist 75; feats Unconventional Leader, Uncanny Fortune)
    def _fx_skip_crisis(self, s, spec, c, events):
        """Skip the crisis being decided; the activation and track symbols still resolve."""
        m = s.get("mythos")
        if not m:
            return
        m["skip_crisis"] = True
        cid = m.get("crisis_ctx")
        if cid:
            s["stack"][:] = [f for f in s["stack"] if not (f["k"] == "fx" and f.get("c") == cid)]
        events.append(event("crisis_skipped", player=c.get("self"), card=m["card"]))

    def _fx_replace_crisis(self, s, spec, c, events):
        """Discard the revealed mythos card and play the next one instead (the crisis_revealed
        window asks again about the new card)."""
        m = s.get("mythos")
        if not m or m.get("crisis_ctx"):
            return
        s["mythos_discard"].append(m["card"])
        events.append(event("mythos_replaced", player=c.get("self"), card=m["card"]))
        m["card"] = self.next_mythos(s, events)
        events.append(event("mythos_drawn", player=s["turn"]["player"], card=m["card"]))

    def _fx_keep_card(self, s, spec, c, events):
        """The mythos card (or spell) being resolved stays in the holder's play area."""
        card = c.get("card")
        holders = self.players_of(s, spec.holder, c, "holder")
        if not card or not holders:
            return
        holder = holders[0]
        m = s.get("mythos")
        if m and m["card"] == card and card in self.mythos_by_id:
            m["kept"] = True
        c["kept"] = True
        s["in_play"][holder].append(card)
        events.append(event("card_kept", player=holder, card=card))

    def _fx_discard_this_card(self, s, spec, c, events):
        card, holder = c.get("card"), c.get("holder")
        if not card or holder is None or card not in s["in_play"].get(holder, []):
            return
        if spec.optional and not self.need(s, c, "discard", holder, "discard_card", [False, True], ask_single=True):
            return
        self.discard_in_play(s, holder, card, events)

    def discard_in_play(self, s, holder, card, events) -> None:
        s["in_play"][holder].remove(card)
        if card in self.mythos_by_id:
            s["mythos_discard"].append(card)
        else:
            s["spells_removed"].append(card)
        events.append(event("card_discarded_from_play", player=holder, card=card))

    def _run_mythos_activation(self, s, f, events):
        m = s.get("mythos")
        if m:
            self.activate(s, self.mythos_by_id[m["card"]].activation, events)

    def _run_mythos_track(self, s, f, events):
        m = s.get("mythos")
        if not m:
            return
        track = self.mythos_by_id[m["card"]].track
        if track == "choice":   # checklist 74: the current player, or the Captain if they are in the Brig
            p = f["player"]
            chooser = p if s["zone_of"][p] != BRIG else (s["titles"]["captain"] or p)
            self.push(s, {"k": "choose_track", "player": chooser})
            return
        self.advance(s, track, 1, events)

    def _ask_choose_track(self, s, f):
        return {"player": f["player"], "default": "first",
                "options": [{"type": "track", "track": "journey"}, {"type": "track", "track": "ritual"}]}

    def _answer_choose_track(self, s, f, action, events):
        self.advance(s, action["track"], 1, events)

    def _run_mythos_end(self, s, f, events):
        m = s.pop("mythos", None)
        if m and not m["kept"]:
            s["mythos_discard"].append(m["card"])
            events.append(event("mythos_discarded", card=m["card"]))
        self.reshuffle_mythos_if_empty(s, events)

    # --- Discard (checklist 34): everyone above 10 discards down to 10
    def _run_discard_step(self, s, f, events):
        limit = self.pack.skill_cards.hand_limit
        for p in reversed(self.turn_order(s)):
            if len(s["hands"][p]) > limit:
                self.push(s, {"k": "discard_down", "player": p})

    def _ask_discard_down(self, s, f):
        p = f["player"]
        excess = len(s["hands"][p]) - self.pack.skill_cards.hand_limit
        if excess <= 0:
            return None
        return {"player": p, "subset": {"ids": list(s["hands"][p]), "min": excess, "max": excess,
                                        "action": {"type": "discard"}, "field": "cards"}}

    def _answer_discard_down(self, s, f, action, events):
        self.discard_from_hand(s, action["player"], action["cards"], events, reason="hand_limit")

    def _run_turn_end(self, s, f, events):
        s["turns_taken"] += 1
        s["turn_zone_actions"] = []
        # once-per-turn/check/roll keys name a finished turn, check or roll: only once-per-game
        # keys can still matter, so the list does not grow with the game's length
        s["limits"] = [k for k in s["limits"] if k.startswith("game:")]
        s["statics_turn"] = {}
        events.append(event("turn_ended", player=f["player"]))
