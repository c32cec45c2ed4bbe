"""Conditions of the pack's vocabulary (``requires``, ``if``, option ``requires``)."""
from __future__ import annotations

from engine.unfathomable.common import BRIG, DEPTHS, card_type


def _cmp(value: int, spec) -> bool:
    return (spec.at_least is None or value >= spec.at_least) and (spec.at_most is None or value <= spec.at_most)


class Conditions:
    def holds(self, s, cond, c) -> bool:
        name, spec = cond.name, cond.spec
        return getattr(self, "_if_" + name)(s, spec, c)

    def _one(self, s, who, c):
        return self.player_of(s, who, c)

    def _if_passengers_in_supply(self, s, spec, c):
        return _cmp(len(s["passenger_supply"]), spec)

    def _if_passengers_on_deck(self, s, spec, c):
        return _cmp(sum(len(v) for v in s["passengers"].values()), spec)

    def _if_deep_ones_on_board(self, s, spec, c):
        return _cmp(sum(n for z, n in s["deep_ones"].items() if z != DEPTHS), spec)

    def _if_deep_ones_in_depths(self, s, spec, c):
        return _cmp(s["deep_ones"][DEPTHS], spec)

    def _if_track_at_start(self, s, spec, c):
        return s["tracks"][spec.track] == 0

    def _if_has_skill_card(self, s, spec, c):
        p = self._one(s, spec.who, c)
        return bool(p) and any(spec.type is None or card_type(x) == spec.type for x in s["hands"][p])

    def _if_holds_weapon(self, s, spec, c):
        p = self._one(s, spec.who, c)
        return bool(p) and any(self.items_by_id[i].weapon for i in s["items"][p])

    def _if_hand_size(self, s, spec, c):
        p = self._one(s, spec.who, c)
        return bool(p) and _cmp(len(s["hands"][p]), spec)

    def _if_items_held(self, s, spec, c):
        p = self._one(s, spec.who, c)
        return bool(p) and _cmp(len(s["items"][p]), spec)

    def _if_holds_title(self, s, spec, c):
        p = self._one(s, spec.who, c)
        return bool(p) and s["titles"].get(spec.title) == p

    def _if_in_brig(self, s, spec, c):
        p = self._one(s, spec.who, c)
        return bool(p) and s["zone_of"][p] == BRIG

    def _if_revealed(self, s, spec, c):
        p = self._one(s, spec.who, c)
        return bool(p) and p in s["revealed"]

    def _if_in_game(self, s, spec, c):
        return self._one(s, spec.who, c) is not None

    def _if_in_zone(self, s, spec, c):
        p = self._one(s, spec.who, c)
        if not p:
            return False
        zone = s["zone_of"][p]
        if spec.zone:
            return zone == spec.zone
        if spec.kind:
            return self.board.kind[zone] == spec.kind
        return True

    def _if_monster_in_depths(self, s, spec, c):
        return s["monarchs"][spec.monster] == DEPTHS

    def _if_zone_has_deep_one(self, s, spec, c):
        return any(s["deep_ones"].get(z, 0) > 0 for z in self.zones_of(s, spec.at, c, "cond_at"))

    def _if_card_in_play(self, s, spec, c):
        if spec.mythos:
            return any(spec.mythos in cards for cards in s["in_play"].values())
        if spec.item:
            return any(spec.item in items for items in s["items"].values())
        return False

    def _if_count(self, s, spec, c):
        from engine.unfathomable.content_effects import Quantity
        return _cmp(self.quantity(s, Quantity(of=spec.of), c), spec)

    def _if_deck_size(self, s, spec, c):
        deck = {"items": "item_deck", "spells": "spell_deck", "mythos": "mythos_deck", "course": "course_deck",
                "damage": "damage_deck"}[spec.deck]
        return _cmp(len(s[deck]), spec)

    def _if_picked_zone_is(self, s, spec, c):
        z = c.get("picked")
        return bool(z) and self.board.kind[z] == spec.kind and (not spec.undamaged or z not in s["damage"])

    def _if_humans_in(self, s, spec, c):
        n = sum(1 for p in s["players"] if self.is_human(s, p) and self.board.kind[s["zone_of"][p]] == spec.kind)
        return _cmp(n, spec)

    def _if_depths_empty(self, s, spec, c):
        return s["deep_ones"][DEPTHS] == 0 and all(z != DEPTHS for z in s["monarchs"].values())

    def _if_check_passing(self, s, spec, c):
        check = s["checks"][-1] if s.get("checks") else None
        return bool(check) and check.get("total") is not None and check["total"] >= check["target"]

    def _if_not(self, s, spec, c):
        return not self.holds(s, spec.condition, c)

    def _if_all(self, s, spec, c):
        return all(self.holds(s, x, c) for x in spec.conditions)

    def _if_any(self, s, spec, c):
        return any(self.holds(s, x, c) for x in spec.conditions)
