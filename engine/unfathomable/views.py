"""What each player may see (checklist R173-178).

``view(s, None)`` is the public table: every face-up component, counts of every face-down deck
(the chaos deck too), the top card only of each discard pile (counting a discard pile is not
allowed), the supplies, hand sizes and loyalty counts, revealed loyalty cards, the check under way
(what it needs, how many cards each player added, the shuffled pile once revealed) and the roll
under way, and who is being asked what (a prompt's kind and public context, never its options).

``view(s, p)`` adds ``you``: p's hand, loyalty cards, what p learnt of others' loyalty, the cards
p added to the check under way, p's own prompts (with their options) and the group decisions p
may advise on. Nothing else private of anyone: no other hand, no deck order, no chaos contents,
no passenger face before its defeat, nothing linking a check card to whoever added it.
"""
from __future__ import annotations

from engine.core.events import visible_to  # noqa: F401
from engine.unfathomable.agent import Agent
from engine.unfathomable.common import SKILL_TYPES

# public context of a prompt (the rest — options, subset ids, values — only for its player)
PUBLIC_PROMPT_KEYS = ("id", "player", "kind", "shape", "purpose", "timing", "labels", "zone", "ability", "advisers")


class Views(Agent):   # Agent: the simulation hooks (agent.py)
    def view(self, s, player):
        prompts = self.prompts(s)   # once: the public list, the player's own and their questions
        public = {
            "game": "unfathomable", "options": dict(s["options"]),
            "players": list(s["players"]), "seats": list(s["seats"]), "first_player": s.get("first_player"),
            "turn": dict(s["turn"]) if s.get("turn") else None, "turns_taken": s.get("turns_taken", 0),
            "characters": dict(s["characters"]), "removed_from_game": list(s.get("removed_from_game", [])),
            "zone_of": dict(s["zone_of"]), "resources": dict(s["resources"]), "tracks": dict(s["tracks"]),
            "distance": s["distance"], "course_played": list(s["course_played"]), "awakened": s.get("awakened", False),
            "deep_ones": dict(s["deep_ones"]), "deep_one_supply": s["deep_one_supply"],
            "monarchs": dict(s["monarchs"]), "passengers": {z: len(v) for z, v in s["passengers"].items()},
            "passenger_supply": len(s["passenger_supply"]),
            "passengers_defeated": [s["passenger_faces"][t] for t in s.get("passengers_removed", [])],
            "damage": dict(s["damage"]), "damage_removed": list(s.get("damage_removed", [])),
            "items": {p: list(v) for p, v in s["items"].items()}, "active_upgrade": dict(s["active_upgrade"]),
            "feats": dict(s["feats"]), "titles": dict(s["titles"]), "revealed": dict(s["revealed"]),
            "in_play": {p: list(v) for p, v in s["in_play"].items()},
            "playing": list(s.get("playing", [])),   # skill cards shown and resolving (seed l.2093, l.2099)
            "hand_sizes": {p: len(v) for p, v in s["hands"].items()},
            "loyalty_counts": {p: len(v) for p, v in s["loyalty"].items()},
            "deck_sizes": {t: len(s["decks"][t]) for t in SKILL_TYPES},
            "discard_tops": {t: (v[-1] if v else None) for t, v in s["discards"].items()},
            "chaos_count": len(s["chaos"]), "mythos_deck": len(s["mythos_deck"]),
            "mythos_discard_top": s["mythos_discard"][-1] if s["mythos_discard"] else None,
            "course_deck": len(s["course_deck"]), "spell_deck": len(s["spell_deck"]),
            "item_deck": len(s["item_deck"]), "damage_deck": len(s["damage_deck"]),
            "loyalty_deck": len(s["loyalty_deck"]),
            "mythos": ({k: v for k, v in s["mythos"].items() if k in ("card", "skip_crisis", "kept")}
                       if s.get("mythos") else None),
            "check": self._public_check(s),
            # who rolls and what for are public (roll_started): a before-roll card needs them to know
            # whether higher is better (a Deep One's attack on a Human is not the Human's roll)
            "roll": ({**{k: s["rolls"][-1].get(k) for k in ("value", "raw", "modifier", "player", "purpose")},
                      "card": self.roll_card(s, s["rolls"][-1])} if s.get("rolls") else None),
            "result": s["result"],
            "prompts": self._public_prompts(s, prompts),
        }
        if player is not None:
            public["you"] = {
                "player": player, "hand": list(s["hands"][player]), "loyalty": list(s["loyalty"][player]),
                "known_loyalty": {q: list(v) for q, v in s["known_loyalty"].get(player, {}).items()},
                "check_added": self._added_by(s, player),
                "prompts": [p for p in prompts if p["player"] == player],
                "questions": [p for p in prompts if player in p.get("advisers", ())],
            }
        return public

    def window_asked(self, s):
        """README ruling 43 and RULINGS C8: the table sees everyone an open window asked until it
        closes, never who has answered (nor whom Keeper passes for)."""
        f = s["stack"][-1] if s["stack"] and s["result"] is None else None
        if f is None or f["k"] != "window":
            return None
        # a window before a player's defeat: whose defeat is public (the table saw the blow)
        rec = self.defeat_record(s, f["defeat"]) if f.get("defeat") is not None else None
        whose = {"defeated": rec["who"]} if rec and rec.get("kind") == "player" else {}
        return [{"player": p, "kind": "window", "timing": f["timing"], **whose} for p in f["asked"]]

    def _public_prompts(self, s, prompts):
        asked = self.window_asked(s)
        if asked is None:
            return [self._public_prompt(s, p) for p in prompts]
        others = [self._public_prompt(s, p) for p in prompts if p["kind"] != "window"]
        f = s["stack"][-1]
        return others + [{"id": f["id"], "player": a["player"], "kind": "window", "shape": "one",
                          "timing": f["timing"]} for a in asked]

    def _public_prompt(self, s, prompt):
        return {k: v for k, v in prompt.items() if k in PUBLIC_PROMPT_KEYS}

    def _contribute_frame(self, s):
        return next((f for f in reversed(s["stack"]) if f["k"] == "contribute"), None)

    def _public_check(self, s):
        """Checklist 173, 182: the check under way — its numbers, how many cards each player added
        (never which), the chaos cards' count; once revealed, the shuffled pile and the total."""
        if not s.get("checks"):
            return None
        check = s["checks"][-1]
        out = {k: check.get(k) for k in ("target", "partial", "positive", "source", "face_up", "ability", "about")}
        f = self._contribute_frame(s)
        out["added"] = {p: len(v) for p, v in f["given"].items()} if f else None
        out["chaos_count"] = len(check.get("chaos", []))
        if check.get("total") is not None:
            out["pile"] = list(check.get("pile", []))
            out["total"] = check["total"]
        return out

    def _added_by(self, s, player):
        f = self._contribute_frame(s)
        return list(f["given"].get(player, [])) if f else []
