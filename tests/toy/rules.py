"""The toy game's rules over the shared engine interface."""
from __future__ import annotations

from engine.core.events import event, only
from engine.core.game import GameRules
from engine.core.rng import Rng
from tests.toy.game import GAME
from tests.toy.pack import bag, load

TARGET = 10
BAG = bag(load())   # the token ids a player picks from, as the content pack lists them


class ToyRules(GameRules):
    game_id = "toy"
    min_players, max_players = GAME.players

    def new_game(self, players, seed, options=None, setup=None):
        state = {"players": list(players), "rng": Rng.new_state(seed), "seq": 1, "counter": 0, "turn": 0,
                 "secrets": {}, "result": None, "stage": "add", "bid": None, "picked": None}
        if (options or {}).get("council"):  # a group decision first: the first player sets the target
            state["stage"], state["target"] = "council", TARGET
        rng = Rng(state["rng"])
        events = [event("game_started", players=list(players))]
        for player in players:
            state["secrets"][player] = rng.roll(6)
            events.append(event("secret_dealt", only(player), reveal=True, player=player,
                                value=state["secrets"][player]))
        return state, events

    def prompts(self, state):
        if state["result"]:
            return []
        player = state["players"][state["turn"] % len(state["players"])]
        if state["stage"] == "council":  # a group decision: the first player decides, the others advise
            return [{"id": state["seq"], "player": state["players"][0], "kind": "council", "shape": "one",
                     "options": [{"type": "council", "target": 10}, {"type": "council", "target": 6},
                                 {"type": "council", "target": 15}],
                     "default": {"type": "council", "target": 10}, "advisers": list(state["players"][1:])}]
        if state["stage"] == "bid":  # a number prompt: more values than one menu holds
            return [{"id": state["seq"], "player": player, "kind": "bid", "shape": "number",
                     "number": {"min": 0, "max": 30, "action": {"type": "bid"}, "field": "value"},
                     "options": [{"type": "bid", "value": n} for n in range(0, 25)], "default": {"type": "bid", "value": 0}}]
        if state["stage"] == "pick":  # a subset prompt over ids that repeat
            spec = {"ids": BAG, "min": 0, "max": 2, "action": {"type": "pick"},
                    "field": "tokens"}
            return [{"id": state["seq"], "player": player, "kind": "pick", "shape": "subset", "subset": spec,
                     "options": [{"type": "pick", "tokens": ["red"]}], "default": {"type": "pick", "tokens": ["red"]}}]
        return [{"id": state["seq"], "player": player, "kind": "add",
                 "options": [{"type": "add", "n": 1}, {"type": "add", "n": 2}],
                 "default": {"type": "add", "n": 1}}]

    def free_actions(self, state, player):
        return [] if state["result"] else [{"type": "concede"}]

    def _resolve(self, state, action, events):
        player = action["player"]
        state["seq"] += 1
        if action["type"] == "concede":
            winners = [p for p in state["players"] if p != player]
            self._finish(state, events, winners, "conceded")
            return
        if action["type"] == "council":
            state["target"], state["stage"] = action["target"], "add"
            events.append(event("council", player=player, target=action["target"]))
            return
        if action["type"] == "bid":
            state["bid"], state["stage"] = action["value"], "pick"
            events.append(event("bid", player=player, value=action["value"]))
            return
        if action["type"] == "pick":
            state["picked"], state["stage"] = sorted(action["tokens"]), "add"
            events.append(event("picked", player=player, tokens=sorted(action["tokens"])))
            # picking lets the picker peek at the next player's die: a reveal (undo needs force)
            state["turn"] += 1
            following = state["players"][state["turn"] % len(state["players"])]
            events.append(event("peeked", only(player), reveal=True, player=player, of=following,
                                 value=state["secrets"][following]))
            return
        before = state["counter"]
        state["counter"] += action["n"]
        events.append(event("added", player=player, n=action["n"], counter=state["counter"]))
        if state["counter"] >= state.get("target", TARGET):
            self._finish(state, events, [player], "reached")
        elif before < 5 <= state["counter"]:
            state["stage"] = "bid"  # the next player bids, then picks tokens
            state["turn"] += 1
        else:
            state["turn"] += 1

    @staticmethod
    def _finish(state, events, winners, reason):
        state["result"] = {"winners": winners, "reason": reason, "secrets": dict(state["secrets"])}
        events.append(event("game_over", reveal=True, **state["result"]))

    def outcome(self, state):
        result = state["result"]
        return {"winner": "player", "reason": result["reason"], "rounds": state["turn"]}

    def view(self, state, player=None):
        out = {"counter": state["counter"], "players": list(state["players"]), "result": state["result"],
               "waiting_for": [p["player"] for p in self.prompts(state)]}
        if player in state["players"]:
            out["you"] = {"secret": state["secrets"][player]}
        return out
