"""Loyalty: the deal, the Awakening phase and revealing as a traitor (checklist P150-165).

``state["loyalty"][p]`` lists every loyalty card ``p`` holds (a revealed card stays there, face
up: ``state["revealed"][p]``); how many each holds is public (``loyalty_counts``), their faces
are private. Whenever someone receives loyalty cards every player is told to look at their own
at the same moment (``loyalty_look``, checklist 159).

Revealing (``reveal``, checklist 156-163) runs as code steps (``pstep`` frames, players.py) in
one context: 1 reveal one Hybrid/Cultist card (asked if both), 2 the traitor ability (``on_reveal``,
unusable in the Brig), 3 the other loyalty cards to one other player below distance 12, 4 titles
lost, 5 feat removed and in-play mythos cards discarded (traitor reference), 6 outside the Brig
any number of skill cards swapped for treachery cards, 7 the traitor ring; the turn continues (its
Mythos step is skipped because the current player is no longer a Human).
"""
from __future__ import annotations

from engine.core.errors import RuleError
from engine.core.events import event, only
from engine.core.flow import Choice
from engine.unfathomable.common import BRIG

TRAITOR_CARDS = ("hybrid", "cultist")


class Loyalty:
    FRAMES_: dict = {"awakening_give": Choice(default="first")}

    def deal_loyalty(self, s, events, reason: str) -> dict:
        """One card from the loyalty deck to every player, from the current player (checklist
        16-17, 153); returns {player: card}."""
        dealt = {}
        for p in self.turn_order(s):
            if s["loyalty_deck"]:
                card = s["loyalty_deck"].pop()
                s["loyalty"][p].append(card)
                dealt[p] = card
                events.append(event("loyalty_dealt", only(p), reveal=True, player=p, cards=[card], reason=reason))
        self.loyalty_counts(s, events, reason)
        return dealt

    def loyalty_counts(self, s, events, reason: str) -> None:
        events.append(event("loyalty_counts", counts={p: len(s["loyalty"][p]) for p in s["players"]}, reason=reason))
        events.append(event("loyalty_look", reason=reason))   # checklist 159: all look at once

    # --- the Awakening (checklist 136, 153-154) ---------------------------------------------
    def awakening(self, s, events) -> None:
        """Once a game: a loyalty card to every player (revealed traitors too); then each revealed
        traitor, from the current player clockwise, gives the card just received to a Human of
        their choice (prompts). Play resumes where it stopped."""
        if s.get("awakened"):
            return
        s["awakened"] = True
        events.append(event("awakening"))
        dealt = self.deal_loyalty(s, events, reason="awakening")
        givers = [p for p in self.turn_order(s) if p in dealt and not self.is_human(s, p)]
        for p in reversed(givers):
            self.push(s, {"k": "awakening_give", "player": p, "card": dealt[p], "purpose": "awakening_give"})

    def _ask_awakening_give(self, s, f):
        p = f["player"]
        humans = [q for q in self.turn_order(s) if self.is_human(s, q)]
        if not humans or f["card"] not in s["loyalty"][p]:
            return None   # no Human to give it to: the card stays (ruling P6)
        return {"player": p, "default": "first", "options": [{"type": "give_loyalty", "to": q} for q in humans]}

    def _answer_awakening_give(self, s, f, action, events):
        self.give_loyalty(s, action["player"], action["to"], [f["card"]], events, reason="awakening")

    def give_loyalty(self, s, frm, to, cards, events, reason) -> None:
        for card in cards:
            held = s["loyalty"][frm]
            held.pop(len(held) - 1 - held[::-1].index(card))   # the last copy: the one just dealt
            s["loyalty"][to].append(card)
        events.append(event("loyalty_given", frm=frm, to=to, count=len(cards), reason=reason))
        events.append(event("loyalty_received", only(to), reveal=True, player=to, frm=frm, cards=list(cards)))
        self.loyalty_counts(s, events, reason)

    # --- revealing (checklist 54, 155-163) ---------------------------------------------------
    def revealable(self, s, p) -> bool:
        return p not in s["revealed"] and any(card in TRAITOR_CARDS for card in s["loyalty"][p])

    def reveal(self, s, p, events) -> None:
        """The reveal action's 7 steps (frames; see the module doc)."""
        if not self.revealable(s, p):
            raise RuleError("cannot_reveal", "{player} holds no Hybrid or Cultist card.", player=p)
        cid = self.step_ctx(s, {"self": p, "decider": p, "reveal": True})
        for n in (7, 6, 5, 4, 3, 2, 1):
            self.push_step(s, f"reveal{n}", cid)

    def revealing(self, s, p) -> bool:
        """``p``'s reveal is under way (its steps 2-4 still on the stack: titles not yet lost)."""
        return any(f["k"] == "pstep" and f["fn"].startswith("reveal") and s["ctx"].get(f["c"], {}).get("self") == p
                   for f in s["stack"])

    def _step_reveal1(self, s, f, c, events):
        p = c["self"]
        # checklist 156: the player's choice. The Hybrid first, so the AFK default keeps the card
        # that wins on every traitor ending (seed l.1892, 21.5) instead of giving it away at step 3
        kinds = [k for k in TRAITOR_CARDS if k in s["loyalty"][p]]
        card = self.need(s, c, "card", p, "reveal_card", kinds)
        s["revealed"][p] = card
        events.append(event("revealed", reveal=True, player=p, card=card, character=s["characters"].get(p)))

    def _step_reveal2(self, s, f, c, events):
        """Checklist 157: the traitor ability (not in the Brig); the sheet is covered from now on."""
        p = c["self"]
        ref = "trait:" + s["characters"][p]
        if self.can_use(s, p, ref, "on_reveal"):
            self.use_ability(s, p, ref, events)
        else:
            events.append(event("traitor_ability_unused", player=p, zone=s["zone_of"][p]))

    def _step_reveal3(self, s, f, c, events):
        """Checklist 158: below distance 12 the other loyalty cards go to one other player of the
        revealer's choice (any other player: ruling 158 [R]); at 12+ they stay face down."""
        p = c["self"]
        rest = list(s["loyalty"][p])
        rest.remove(s["revealed"][p])
        if not rest:
            return
        if s["distance"] >= 12:
            events.append(event("loyalty_kept", player=p, count=len(rest)))
            return
        others = [q for q in self.turn_order(s) if q != p]
        to = self.need(s, c, "to", p, "give_loyalty", others, ask_single=True)
        self.give_loyalty(s, p, to, rest, events, reason="reveal")

    def _step_reveal4(self, s, f, c, events):
        self.lose_titles(s, c["self"], events)   # checklist 160

    def _step_reveal5(self, s, f, c, events):
        """Checklist 161: the feat leaves the game, in-play mythos cards are discarded, and the
        player takes a traitor reference card."""
        p = c["self"]
        feat = s["feats"].get(p)
        if feat:
            s["feats"][p] = None
            s.setdefault("feats_removed", []).append(feat)
            events.append(event("feat_removed", player=p, feat=feat))
        for card in [x for x in s["in_play"][p] if x in self.mythos_by_id]:
            s["in_play"][p].remove(card)
            s["mythos_discard"].append(card)
            events.append(event("mythos_discarded", player=p, card=card, reason="reveal"))
        events.append(event("traitor_reference_taken", player=p))

    def _step_reveal6(self, s, f, c, events):
        """Checklist 162: outside the Brig, discard any number of skill cards and draw that many
        treachery cards."""
        p = c["self"]
        hand = s["hands"][p]
        if s["zone_of"][p] == BRIG or not hand:
            return
        cards = self.need_subset(s, c, "swap", p, "reveal_swap", list(hand), 0, len(hand))
        if not cards:
            return
        self.discard_from_hand(s, p, cards, events, reason="reveal")
        self.draw_types(s, p, ["treachery"] * len(cards), events)

    def _step_reveal7(self, s, f, c, events):
        """Checklist 163: the traitor ring; the current turn goes on (checklist 33)."""
        events.append(event("traitor_ring", player=c["self"]))

    def side_of(self, s, p) -> str:
        cards = s["loyalty"][p]
        if "hybrid" in cards:
            return "hybrid"
        if "cultist" in cards:
            return "cultist"
        return "human"
