"""The trade action (checklist 48, 60; seed l.459, 1683-1685, 2041; RULINGS X1-X3).

A Human spends an action to start a trade among the players in their zone. The participants are
the Humans of the starter's zone (revealed traitors cannot trade), in turn order from the starter
(who need not take part: they may only pass). The trade runs as rounds of offers:

* ``trade`` (Auto) ``{"starter", "zone", "order", "i", "passes"}`` finds the next participant
  with something to give (one who has nothing passes by itself) and asks them;
* ``trade_offer`` (Choice) asks that participant: ``pass`` (the default), or ``give`` one of
  their tradable items to another participant (``{"type": "give", "item", "to"}``). After a gift
  the same participant is asked again (any number of items); after a pass the next one is.

The trade ends when every participant in a row has passed (a full round with no gift). A gift
needs no acceptance; the receiver may give it back while the trade lasts (ruling X1). Only item
cards are traded: the active (face-up) Upgrade is not an item in game terms and stays (l.2040-2041,
ruling X2); gaining or losing an Upgrade lets its holder choose the active one (decks.py,
RULINGS T8). A Human in the Brig may trade (nothing forbids it; spec A17, ruling X3).
"""
from __future__ import annotations

from engine.core.events import event
from engine.core.flow import Auto, Choice


class Trade:
    FRAMES_: dict = {"trade": Auto(), "trade_offer": Choice(default={"type": "pass"})}

    def trade_participants(self, s, starter) -> list[str]:
        zone = s["zone_of"][starter]
        return [q for q in self.clockwise_from(s, starter) if self.is_human(s, q) and s["zone_of"][q] == zone]

    def tradable_items(self, s, p) -> list[str]:
        """Item cards ``p`` may give: every item but the active Upgrade (ruling X2)."""
        active = s["active_upgrade"].get(p)
        return [i for i in s["items"][p] if i != active]

    def trade_possible(self, s, p) -> bool:
        """Checklist 48: another Human in ``p``'s zone, and an item someone there could give."""
        if not self.is_human(s, p):
            return False
        parts = self.trade_participants(s, p)
        return len(parts) > 1 and any(self.tradable_items(s, q) for q in parts)

    def _act_trade(self, s, p, action, events):
        zone = s["zone_of"][p]
        order = self.trade_participants(s, p)
        events.append(event("trade_started", player=p, zone=zone, participants=list(order)))
        self.push(s, {"k": "trade", "starter": p, "zone": zone, "order": order, "i": 0, "passes": 0})

    def _trade_members(self, s, f) -> list[str]:
        """The participants still able to trade (still Humans in the trade's zone)."""
        return [q for q in f["order"] if self.is_human(s, q) and s["zone_of"][q] == f["zone"]]

    def _run_trade(self, s, f, events):
        members = self._trade_members(s, f)
        n = len(f["order"])
        i, passes = f["i"], f["passes"]
        while passes < n and len(members) > 1:
            giver = f["order"][i % n]
            if giver in members and self.tradable_items(s, giver):
                self.push(s, {"k": "trade_offer", "player": giver, "starter": f["starter"], "zone": f["zone"],
                              "order": f["order"], "i": i % n, "passes": passes, "purpose": "trade"})
                return
            i, passes = i + 1, passes + 1   # nothing to give: a pass
        events.append(event("trade_ended", player=f["starter"], zone=f["zone"]))

    def _ask_trade_offer(self, s, f):
        p = f["player"]
        members = self._trade_members(s, f)
        gives = [{"type": "give", "item": item, "to": q}
                 for item in self.tradable_items(s, p) for q in members if q != p] if p in members else []
        return {"player": p, "default": {"type": "pass"}, "options": [{"type": "pass"}] + gives}

    def _trade_next(self, s, f, i, passes):
        self.push(s, {"k": "trade", "starter": f["starter"], "zone": f["zone"], "order": f["order"],
                      "i": i, "passes": passes})

    def _answer_trade_offer(self, s, f, action, events):
        p = action["player"]
        if action["type"] == "pass":
            events.append(event("trade_passed", player=p))
            self._trade_next(s, f, f["i"] + 1, f["passes"] + 1)
            return
        item, to = action["item"], action["to"]
        # the same participant is asked again (below the Upgrade choices the gift may open)
        self._trade_next(s, f, f["i"], 0)
        self.lose_items(s, p, [item], events, removed=False)
        events.append(event("item_traded", frm=p, to=to, item=item))
        self.gain_items(s, to, [item], events)
