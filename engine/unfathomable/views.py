"""What each player may see (checklist R173-178)."""
from __future__ import annotations

from engine.core.events import visible_to  # noqa: F401


class Views:
    def view(self, s, player):
        public = {
            "players": list(s["players"]), "seats": list(s["seats"]), "first_player": s.get("first_player"),
            "turn": dict(s["turn"]) if s.get("turn") else None, "characters": dict(s["characters"]),
            "zone_of": dict(s["zone_of"]), "resources": dict(s["resources"]), "tracks": dict(s["tracks"]),
            "distance": s["distance"], "course_played": list(s["course_played"]),
            "deep_ones": dict(s["deep_ones"]), "deep_one_supply": s["deep_one_supply"],
            "monarchs": dict(s["monarchs"]), "passengers": {z: len(v) for z, v in s["passengers"].items()},
            "passenger_supply": len(s["passenger_supply"]), "damage": dict(s["damage"]),
            "items": {p: list(v) for p, v in s["items"].items()}, "active_upgrade": dict(s["active_upgrade"]),
            "feats": dict(s["feats"]), "titles": dict(s["titles"]), "revealed": dict(s["revealed"]),
            "in_play": {p: list(v) for p, v in s["in_play"].items()},
            "hand_sizes": {p: len(v) for p, v in s["hands"].items()},
            "loyalty_counts": {p: len(v) for p, v in s["loyalty"].items()},
            "deck_sizes": {t: len(v) for t, v in s["decks"].items()},
            "discard_tops": {t: (v[-1] if v else None) for t, v in s["discards"].items()},
            "chaos_count": len(s["chaos"]), "mythos_deck": len(s["mythos_deck"]),
            "mythos_discard_top": s["mythos_discard"][-1] if s["mythos_discard"] else None,
            "course_deck": len(s["course_deck"]), "spell_deck": len(s["spell_deck"]),
            "item_deck": len(s["item_deck"]), "damage_deck": len(s["damage_deck"]),
            "loyalty_deck": len(s["loyalty_deck"]), "mythos": dict(s["mythos"]) if s.get("mythos") else None,
            "result": s["result"],
            "prompts": [{k: v for k, v in p.items() if k not in ("options", "subset", "number", "default")}
                        for p in self.prompts(s)],
        }
        if player is not None:
            public["you"] = {"player": player, "hand": list(s["hands"][player]), "loyalty": list(s["loyalty"][player]),
                             "known_loyalty": s["known_loyalty"].get(player, {}),
                             "prompts": self.prompts_for(s, player)}
        return public
