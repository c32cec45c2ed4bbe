"""The Thing: what each player may know (§14.1) and why an action is refused."""
from __future__ import annotations

from engine.core.errors import RuleError
from engine.thing.common import HUMAN, INFECTED, INFECTED_ROLE, THING, THING_ROLE


class Views:
    def view(self, s, player=None):
        """What ``player`` may know now (``None``: the public table). Nothing private of others."""
        deck = s["deck"]
        out = {
            "game": self.game_id,
            "seats": list(s["seats"]),
            "direction": s["direction"],
            "doors": [[s["seats"][i], s["seats"][(i + 1) % len(s["seats"])]]
                      for i, door in enumerate(s["doors"]) if door],
            "quarantine": dict(s["quarantine"]),
            "hand_counts": {p: len(s["hands"][p]) for p in s["players"]},
            "deck_size": len(deck),
            "next_card": (("event" if self.cards[deck[-1]].is_event else "panic") if deck else None),
            "discard_size": len(s["discard"]),
            "eliminated": list(s["eliminated"]),
            "turn": {"player": s["turn"]["player"], "number": s["turn"]["number"]} if s["turn"] else None,
            "waiting_for": [{"player": p["player"], "kind": p["kind"], "id": p["id"]} for p in self.prompts(s)],
            "result": s["result"],
        }
        if player is not None and player in s["players"]:
            role = s["roles"][player]
            me = {"player": player, "hand": list(s["hands"][player]), "role": role,
                  "alive": player in s["seats"]}
            if role == THING_ROLE:
                me["infected"] = [i["player"] for i in s["infections"]]
            elif role == INFECTED_ROLE:
                me["infected_by"] = next(i["by"] for i in s["infections"] if i["player"] == player)
            mine = self.prompts_for(s, player)
            me["prompts"] = [{k: v for k, v in p.items() if k != "default"} for p in mine]
            me["can_declare"] = bool(self.free_actions(s, player))
            frame = s["stack"][-1] if s["stack"] else None
            if frame and frame["k"] == "keep" and s["turn"]["player"] == player:  # §14.1: drawer only
                me["choosing_from"] = list(frame["cards"])
            if frame and frame["k"] == "answer" and frame["from"] == player:
                me["offered"] = frame["card"]
            if frame and frame["k"] == "round" and player in frame["choices"]:
                me["passing"] = frame["choices"][player]
            out["you"] = me
        return out

    def explain(self, s, action):
        p, kind = action["player"], action["type"]
        if p in s["eliminated"]:
            return RuleError("eliminated", "You are out of the game.")
        if kind == "declare":
            return RuleError("not_thing", "Only the Thing can declare that no humans are left.")
        prompts = self.prompts_for(s, p)
        if not prompts:
            waiting = [q["player"] for q in self.prompts(s)]
            return RuleError("not_your_turn", "It is not your move; waiting for {waiting}.",
                             waiting=", ".join(waiting))
        prompt = prompts[0]
        # a step-2 play with no legal play at all still gets the card-specific reason below
        if not any(o["type"] == kind for o in prompt["options"]) and not (kind == "play" and prompt["kind"] == "step2"):
            return RuleError("wrong_kind", "Right now you must answer: {kind}.", kind=prompt["kind"])
        card = action.get("card")
        hand = s["hands"][p]
        if card is not None and kind in ("discard", "play", "offer", "give", "defend", "swap_with_deck", "pass") \
                and card not in hand:
            return RuleError("card_not_in_hand", "You have no '{card}' card.", card=card)
        if card == THING:
            return RuleError("thing_stays", "The Thing card can never leave your hand.")
        if card == INFECTED and kind in ("offer", "give", "pass", "discard", "swap_with_deck"):
            role = self._role(s, p)
            if role == HUMAN and kind != "discard" and kind != "swap_with_deck":
                return RuleError("human_infected", "A human can never pass on an Infected! card.")
            if role == INFECTED_ROLE and hand.count(INFECTED) < 2:
                return RuleError("last_infected", "You must keep your last Infected! card.")
            if role == INFECTED_ROLE:
                return RuleError("infected_to_thing_only", "Spare Infected! cards may go only to the Thing.")
        if card is not None and card in self.cards:
            category = self.cards[card].category
            if kind == "play" and category == "defence":
                return RuleError("defence_in_response", "A defence card can only be played in response.")
            if kind == "play" and category == "infection":
                return RuleError("infection_not_playable", "Infection cards are never played.")
            if kind == "play" and self._quarantined(s, p):
                return RuleError("quarantined", "You are in quarantine: you may only discard.")
            if kind == "defend":
                return RuleError("wrong_defence", "'{card}' does not answer this.", card=card)
        target = action.get("target")
        if target is not None:
            if target not in s["seats"]:
                return RuleError("target_gone", "{target} is not a living player.", target=target)
            if self._quarantined(s, target) and not (card in self.cards and self.cards[card].target == "obstacle"):
                return RuleError("target_quarantined", "{target} is in quarantine and cannot be targeted.",
                                 target=target)
            if self._behind_door(s, p, target):
                return RuleError("target_behind_door", "A barred door stands between you and {target}.",
                                 target=target)
            if card and self.cards.get(card) and self.cards[card].target in ("adjacent", "self_or_adjacent") \
                    and target not in self._neighbours(s, p) and target != p:
                return RuleError("target_not_adjacent", "{target} is not sitting next to you.", target=target)
            return RuleError("bad_target", "{target} is not a legal target here.", target=target)
        return RuleError("illegal", "That move is not allowed now.")
