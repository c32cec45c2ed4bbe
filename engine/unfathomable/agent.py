"""Hooks for random-play simulations (``python -m engine simulate unfathomable``, property tests).

``agent_preference`` steers the random legal agent of :mod:`engine.simulate` so games end in a
reasonable number of steps: a response window is usually passed (a window re-opens after every
use, so uniformly random answers would spend most of a game in windows), the Actions step is
often ended early (as an AFK player's default does), and a traitor reveals now and then. Every
move it picks is one of the legal ``actions``; None leaves the choice uniformly random.
``outcome`` summarises a finished game for the totals (side, end reason, rounds).
"""
from __future__ import annotations


class Agent:
    AGENT_PASS = 0.85         # chance to pass a window when a pass is among the moves
    AGENT_END_ACTIONS = 0.3   # chance to end the Actions step when that is among the moves
    AGENT_DUTY = 0.8          # chance a loyal player repairs or attacks a Deep One when it can

    def agent_preference(self, rng, state, actions):
        passes = [a for a in actions if a["type"] == "pass"]
        if passes and rng.random() < self.AGENT_PASS:
            return rng.choice(passes)
        loyal = [a for a in actions if self._loyal(state, a["player"])]
        # a loyal crew helps its checks: it adds the cards that help (a random pile of cards
        # mostly hinders, so random crews failed nearly every check and no game reached port)
        for a in loyal:
            if a.get("shape") == "subset" and a["type"] == "contribute" and state["checks"]:
                helps = set(state["checks"][-1]["positive"])
                spec = a["subset"]
                cards = sorted(c for c in spec["ids"] if c.split(":", 1)[0] in helps)[:spec["max"]]
                return {"player": a["player"], "type": "contribute", spec["field"]: cards}
        # and defends the ship: repairs, fights Deep Ones, steams on from the Boiler Room
        duty = [a for a in loyal if a["type"] == "repair"
                or (a["type"] == "attack" and str(a.get("target", "")).startswith("deep_one"))
                or (a["type"] == "use" and a.get("ability") == "zone:boiler_room")]
        if duty and rng.random() < self.AGENT_DUTY:
            return rng.choice(duty)
        ends = [a for a in actions if a["type"] == "end_actions"]
        if ends and rng.random() < self.AGENT_END_ACTIONS:
            return rng.choice(ends)
        return None

    @staticmethod
    def _loyal(state, player) -> bool:
        return player not in state["revealed"] and "hybrid" not in state["loyalty"].get(player, ())

    def outcome(self, state):
        result = state.get("result") or {}
        players = max(1, len(state.get("players", ())))
        return {"winner": result.get("team", "?"), "reason": result.get("reason", "?"),
                "rounds": state.get("turns_taken", 0) / players}


from engine.unfathomable.keeper import KeeperAgent  # noqa: E402,F401 - Keeper's agent (engine.core.agent)
