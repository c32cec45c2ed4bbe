"""The Thing: the table - seats, neighbours, doors and quarantine (§6, R7, R16, R22, R28)."""
from __future__ import annotations

from engine.core.events import event
from engine.thing.common import HUMAN, THING


class Table:
    def neighbour(self, s, p, d, steps=1):
        """The living player ``steps`` seats from ``p`` in direction ``d`` (+1 clockwise)."""
        seats = s["seats"]
        return seats[(seats.index(p) + d * steps) % len(seats)]

    _neighbour = neighbour

    @staticmethod
    def _gap(s, p, d):
        """Index of the gap on side d of p (gap i lies between seats[i] and seats[i+1])."""
        i = s["seats"].index(p)
        return i if d == 1 else (i - 1) % len(s["seats"])

    def _door_on_side(self, s, p, d):
        return len(s["seats"]) > 1 and s["doors"][self._gap(s, p, d)]

    def _adjacent_sides(self, s, p, q):
        return [d for d in (1, -1) if q != p and self._neighbour(s, p, d) == q]

    # the three below run for every option of every prompt: index arithmetic, no helper calls
    def _reachable(self, s, p, q):
        """q is adjacent to p on a side without a door."""
        seats = s["seats"]
        n = len(seats)
        if q == p or n < 2:
            return False
        i = seats.index(p)
        doors = s["doors"]
        return (seats[(i + 1) % n] == q and not doors[i]) or (seats[(i - 1) % n] == q and not doors[(i - 1) % n])

    def _behind_door(self, s, p, q):
        """q is p's neighbour only across a door (R22)."""
        seats = s["seats"]
        n = len(seats)
        if q == p or n < 2:
            return False
        i = seats.index(p)
        adjacent = seats[(i + 1) % n] == q or seats[(i - 1) % n] == q
        return adjacent and not self._reachable(s, p, q)

    def _neighbours(self, s, p):
        seats = s["seats"]
        n = len(seats)
        i = seats.index(p)
        after, before = seats[(i + 1) % n], seats[(i - 1) % n]
        out = [after] if after != p else []
        if before != p and before != after:
            out.append(before)
        return out

    def _quarantined(self, s, p):
        return p in s["quarantine"]

    def _may_exchange(self, s, a, b):
        """No obstacle between a and b for an exchange: neither is quarantined and no barred door
        stands between them («ни вы, ни он не можете совершать действия, нацеленные друг на друга
        (играть карты, меняться местами и картами)»)."""
        return not (self._quarantined(s, a) or self._quarantined(s, b) or self._behind_door(s, a, b))

    def _obstacles(self, s, players, door=None):
        """What the table sees keeping an exchange from happening (doors and quarantines are
        public), for the line that says why: the pair a door stands between, the quarantined."""
        out = {"door": list(door)} if door else {}
        quarantined = [q for q in players if self._quarantined(s, q)]
        if quarantined:
            out["quarantined"] = quarantined
        return out

    def _swap_seats(self, s, a, b, events):
        seats = s["seats"]
        i, j = seats.index(a), seats.index(b)
        seats[i], seats[j] = seats[j], seats[i]
        events.append(event("seats_swapped", players=[a, b], seats=list(seats)))

    def _pair_swaps(self, s, p, events):
        """R16: pairs formed clockwise from the drawer over living players."""
        seats = s["seats"]
        n = len(seats)
        start = seats.index(p)
        indices = [(start + i) % n for i in range(n)]
        before = list(seats)
        pairs = []
        for a, b in zip(indices[0::2], indices[1::2]):
            seats[a], seats[b] = before[b], before[a]
            pairs.append([before[a], before[b]])
        # who swapped with whom, and the odd one out, for the table to be told (nt18b)
        stays = before[indices[-1]] if n % 2 else None
        events.append(event("seats_paired", seats=list(seats), pairs=pairs, stays=stays))

    def _discard_obstacles(self, s, kinds, events, alone: bool = False):
        """``alone``: the card does nothing else (Three, Four...), so with nothing to discard the
        table is told the card did nothing (it said nothing at all before)."""
        if alone and not ("quarantine" in kinds and s["quarantine"]) and not ("door" in kinds and any(s["doors"])):
            events.append(event("nothing_happens", step="discard_obstacles", kinds=list(kinds)))
            return
        if "quarantine" in kinds and s["quarantine"]:
            s["discard"].extend([self.quarantine_card] * len(s["quarantine"]))
            s["quarantine"] = {}
            events.append(event("quarantines_discarded"))
        if "door" in kinds and any(s["doors"]):
            s["discard"].extend([self.door_card] * sum(s["doors"]))
            s["doors"] = [False] * len(s["doors"])
            events.append(event("doors_discarded"))

    def _eliminate(self, s, p, by, events):
        seats, doors = s["seats"], s["doors"]
        n, k = len(seats), seats.index(p)
        left, right = doors[(k - 1) % n], doors[k]
        new_doors = doors[:k] + doors[k + 1:]
        seats.pop(k)
        if len(seats) >= 2:
            # R7: the two gaps beside the seat become one; two doors there leave one
            new_doors[(k - 1) % len(seats)] = left or right
            lost = int(left) + int(right) - int(left or right)
        else:
            lost, new_doors = sum(doors), [False] * len(seats)
        s["doors"] = new_doors
        s["discard"].extend([self.door_card] * lost)
        if p in s["quarantine"]:
            del s["quarantine"][p]
            s["discard"].append(self.quarantine_card)
        # §8: the hand goes to the discard pile unseen - except «Нечто», which can never be
        # discarded: it stays with the burned Thing, out of play, so no one else becomes the
        # Thing (R29; it matters under Revenge, when the game goes on)
        kept = [c for c in s["hands"][p] if c == THING]
        s["discard"].extend(c for c in s["hands"][p] if c != THING)
        if kept:
            s.setdefault("out_of_play", {})[p] = kept
        s["hands"][p] = []
        s["eliminated"].append(p)
        if s["roles"][p] == HUMAN:  # §9 B: was the last human converted or burned?
            s["human_burned_after"] = len(s["infections"])
        events.append(event("eliminated", player=p, by=by, seats=list(seats)))
        if s["roles"][p] == HUMAN:
            self._tell_no_humans(s, events)
