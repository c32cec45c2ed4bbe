"""The Thing: playing action and obstacle cards and their effects (§7, R9, R10, R30)."""
from __future__ import annotations

from engine.core.events import ALL, event, only
from engine.core.rng import Rng
from engine.thing.common import THING, distinct


class Cards:
    def _play_options(self, s, p, c):
        card = self.cards[c]
        if card.category not in ("action", "obstacle"):
            return []
        base = {"type": "play", "card": c}
        target = card.target
        if target in ("none", "self"):
            return [base]
        if target == "adjacent":
            return [{**base, "target": q} for q in self._adjacent_targets(s, p)]
        if target == "self_or_adjacent":
            return [{**base, "target": q} for q in [p] + self._adjacent_targets(s, p)]
        if target == "any":
            return [{**base, "target": q} for q in self._any_targets(s, p, card)]
        if target == "gap":
            return [{**base, "side": d} for d in (1, -1)
                    if self._neighbour(s, p, d) != p and not self._door_on_side(s, p, d)]
        if target == "obstacle":
            options = []
            for q in self._neighbours(s, p):
                # a door forbids targeting across it: only the door itself can be axed there
                if self._quarantined(s, q) and self._reachable(s, p, q):
                    options.append({**base, "obstacle": "quarantine", "target": q})
            for d in (1, -1):
                if self._door_on_side(s, p, d) and self._neighbour(s, p, d) != p:
                    options.append({**base, "obstacle": "door", "side": d})
            return options
        raise AssertionError(f"card {c} has target {target}, not playable at step 2")

    def _adjacent_targets(self, s, p):
        return [q for q in self._neighbours(s, p) if self._reachable(s, p, q) and not self._quarantined(s, q)]

    def _any_targets(self, s, p, card):
        def legal(q):
            if q == p or self._quarantined(s, q):
                return False
            return card.ignores_doors or not self._behind_door(s, p, q)
        targets = [q for q in s["seats"] if legal(q)]
        if s["options"]["neighbours_only"] and card.neighbours_only_rule:
            near = [q for q in self._neighbours(s, p) if q in targets and self._reachable(s, p, q)]
            if near:  # R10: fall back to anyone if no neighbour is a legal target
                return near
        return targets

    def _play(self, s, p, action, events):
        c = action["card"]
        card = self.cards[c]
        public = {k: v for k, v in action.items() if k in ("target", "side", "obstacle")}
        if "side" in action:
            public["beyond"] = self._neighbour(s, p, action["side"])
        events.append(event("card_played", player=p, card=c, **public))
        if card.category != "obstacle":
            # R30: «После применения своего эффекта карта действия сбрасывается» - the card waits
            # below its effect's frames (like a panic card), so a reshuffle during its own draws
            # (Persistence) or its target's replacement draw cannot put it back into the deck
            self.push(s, {"k": "discard_card", "card": c})
        if card.ends_turn:
            s["turn"]["no_exchange"] = True
        target = action.get("target")
        if card.response in ("burn", "swap"):
            self.push(s, {"k": "respond", "by": p, "target": target, "card_played": c})
            return
        for eff in card.effects:
            self._effect(s, p, c, eff, action, events)
            if not self.goes_on(s, events):
                return

    def _effect(self, s, p, c, eff, action, events):
        target = action.get("target")
        kind = eff.name
        if kind == "show_hand":
            source = target if eff.spec.from_ == "target" else p
            to = eff.spec.to
            audience = ALL if to == "all" else only(p if to == "player" else target)
            events.append(event("hand_shown", audience, reveal=True, player=source,
                                cards=list(s["hands"][source]), to=(to if to == "all" else audience[0]),
                                card=c))
            if to != "all":
                # public: who saw whose hand is known to all, the cards only to the viewer
                events.append(event("hand_shown_privately", player=source, to=audience[0], card=c))
        elif kind == "peek_random_card":
            hand = s["hands"][target]
            seen = hand[Rng(s["rng"]).below(len(hand))] if hand else None
            events.append(event("card_seen", only(p), reveal=True, player=p, owner=target, card=seen))
        elif kind == "draw_keep":
            drawn = []
            for _ in range(eff.spec.draw):
                card = self._draw_event_card(s, p, events, why=c)
                if card is not None:
                    drawn.append(card)
            if drawn:
                self.push(s, {"k": "keep", "cards": drawn, "keep": eff.spec.keep})
        elif kind == "play_again":
            # pushed before the keep frame resolves: insert below it
            frame = {"k": "step2"}
            top = s["stack"].pop() if s["stack"] and s["stack"][-1]["k"] == "keep" else None
            self.push(s, frame)
            if top is not None:
                s["stack"].append(top)
        elif kind == "reverse_direction":
            s["direction"] = -s["direction"]
            events.append(event("direction_changed", direction=s["direction"]))
        elif kind == "exchange":
            self.push(s, {"k": "offer", "from": p, "to": target, "reason": c})
        elif kind == "place_quarantine":
            s["quarantine"][target] = s["options"]["quarantine_turns"]
            events.append(event("quarantine_placed", player=target, turns=s["quarantine"][target]))
        elif kind == "place_door":
            gap = self._gap(s, p, action["side"])
            s["doors"][gap] = True
            events.append(event("door_placed", between=[p, self._neighbour(s, p, action["side"])]))
        elif kind == "remove_obstacle":
            if action["obstacle"] == "quarantine":
                del s["quarantine"][target]
                s["discard"].append(self.quarantine_card)
                events.append(event("quarantine_removed", player=target))
            else:
                s["doors"][self._gap(s, p, action["side"])] = False
                s["discard"].append(self.door_card)
                events.append(event("door_removed", between=[p, self._neighbour(s, p, action["side"])]))
        else:
            raise AssertionError(f"effect {kind} is not used at step 2")

    def _ask_keep(self, s, f):
        p = s["turn"]["player"]
        keep = f.get("keep", 1)
        if keep == 1:
            cards = [THING] if THING in f["cards"] else distinct(f["cards"])
            return {"player": p, "options": [{"type": "keep", "card": c} for c in cards]}
        # a drawn Thing must be kept (R11): it is kept anyway, the player picks the rest
        ids = list(f["cards"])
        if THING in ids:
            ids.remove(THING)
            keep -= 1
        count = min(keep, len(ids))
        return {"player": p, "subset": {"ids": ids, "min": count, "max": count,
                                        "action": {"type": "keep"}, "field": "cards"}}

    def _answer_keep(self, s, f, action, events):
        p = s["turn"]["player"]
        rest = list(f["cards"])
        if "card" in action:  # keep one (a one-shape prompt)
            kept = action["card"]
            rest.remove(kept)
            self._add_to_hand(s, p, kept, events)
            s["discard"].extend(rest)
            events.append(event("kept_one", player=p, discarded=len(rest)))
            events.append(event("you_kept", only(p), player=p, card=kept, discarded=rest))
            return
        kept = ([THING] if THING in rest else []) + list(action["cards"])
        for card in kept:
            rest.remove(card)
            self._add_to_hand(s, p, card, events)
        s["discard"].extend(rest)
        events.append(event("kept_cards", player=p, kept=len(kept), discarded=len(rest)))
        events.append(event("you_kept", only(p), player=p, cards=kept, discarded=rest))

    def _responses_respond(self, s, f):
        wanted = self.cards[f["card_played"]].response
        return [{"type": "defend", "card": c} for c in distinct(s["hands"][f["target"]])
                if self.cards[c].answers == wanted]

    def _responded_respond(self, s, f, action, events):
        self._defend(s, f["target"], action["card"], self.cards[f["card_played"]].response, f, events)

    def _passed_respond(self, s, f, events):
        """No defence: the played card's steps happen to its target (Flamethrower, seat swaps)."""
        by, target, played = f["by"], f["target"], f["card_played"]
        events.append(event("accepted", player=target, card=played))
        for eff in self.cards[played].effects:
            if eff.name == "eliminate":
                self._eliminate(s, target, by, events)
            elif eff.name == "swap_seats":
                self._swap_seats(s, by, target, events)
            else:
                raise AssertionError(f"effect {eff.name} after a response window")
            if not self.goes_on(s, events):
                return
