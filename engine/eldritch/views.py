"""What each player may know (N): everything is public except the hidden backs of spells and
conditions and the order of every deck, stack, pool and cup."""
from __future__ import annotations

from engine.core.errors import RuleError


class Views:
    def public_investigator(self, s, i):
        return {
            "id": i["id"], "player": i["player"], "space": i["space"], "status": i["status"],
            "health": i["health"], "sanity": i["sanity"], "max_health": i["max_health"],
            "max_sanity": i["max_sanity"], "skills": dict(i["skills"]), "improve": dict(i["improve"]),
            "clues": len(i["clues"]), "clue_fronts": sorted(i["clues"]), "tickets": dict(i["tickets"]),
            "assets": sorted(i["assets"]), "artifacts": sorted(i["artifacts"]),
            "spells": sorted(self.card_id(b) for b in i["spells"]),
            "conditions": sorted(self.card_id(b) for b in i["conditions"]),
            "delayed": i["delayed"], "actions": list(i["actions"]), "lead": s["lead"] == i["id"],
        }

    def view(self, s, player=None):
        decks = s["decks"]
        prompts = self.prompts(s)   # once: the table's waiting list and the player's own part
        out = {
            "game": self.game_id, "ancient_one": s["ao"], "awakened": s["awakened"], "doom": s["doom"],
            "omen": self.omen(s), "omen_index": s["omen"],   # two omen spaces are blue: where the token is
            "round": s["round"], "phase": s["phase"], "lead": s["lead"],
            "reference": s["reference"], "active": s["turn"].get("inv"),
            "investigators": [self.public_investigator(s, s["inv"][i]) for i in s["order"]],
            "figures": [{"inv": f["inv"], "space": f["space"], "token": f["token"]} for f in s["figures"]],
            "gates": sorted(s["gates"]["board"]), "gate_stack": len(s["gates"]["stack"]),
            "gate_discard": list(s["gates"]["discard"]),
            "clues": {sp: len(t) for sp, t in sorted(s["clues"]["board"].items())},
            "clue_pool": len(s["clues"]["pool"]), "clue_discard": list(s["clues"]["discard"]),
            "monsters": {u: dict(m) for u, m in s["monsters"]["board"].items()},
            "cup": len(s["monsters"]["cup"]), "set_aside": dict(s["monsters"]["set_aside"]),
            "reserve": list(s["reserve"]),
            "decks": {d: {"draw": len(v["draw"]), "discard": len(v["discard"])} for d, v in sorted(decks.items())},
            # I6/N2: the spell and condition decks lie face up: their top front is public
            "spell_top": self.card_id(decks["spells"]["draw"][0]) if decks["spells"]["draw"] else None,
            "condition_top": self.card_id(decks["conditions"]["draw"][0]) if decks["conditions"]["draw"] else None,
            "mythos": {"deck": len(s["mythos"]["deck"]), "discard": list(s["mythos"]["discard"]),
                       "in_play": [dict(m) for m in s["mythos"]["in_play"]]},
            "mystery": dict(s["mystery"]) if s["mystery"] else None,
            "final": dict(s["final"]) if s["final"] else None,
            "solved": list(s["solved"]), "expedition": s.get("expedition"),
            "rumor_tokens": dict(s["rumor_tokens"]), "eldritch": dict(s["eldritch_board"]),
            "omen_eldritch": s["omen_eldritch"], "ao_tokens": dict(s["ao_tokens"]),
            "mystery_token": s["mystery_token"], "eliminated": list(s["eliminated"]),
            "waiting_for": [{"player": p["player"], "kind": p["kind"], "id": p["id"]} for p in prompts],
            "result": s["result"],
        }
        if player is not None and player in s["players"]:
            mine = [p for p in prompts if p["player"] == player]
            out["you"] = {"player": player,
                          "investigators": [i for i in s["order"] if s["inv"][i]["player"] == player],
                          "prompts": [{k: v for k, v in p.items() if k not in ("default", "step")} for p in mine],
                          "questions": [{k: v for k, v in p.items() if k not in ("default", "step")}
                                        for p in prompts if player in p.get("advisers", ())]}
        return out

    def explain(self, s, action):
        p = action["player"]
        prompts = self.prompts_for(s, p)
        if not prompts:
            waiting = sorted({q["player"] for q in self.prompts(s)})
            return RuleError("not_your_turn", "It is not your move; waiting for {waiting}.",
                             waiting=", ".join(waiting))
        prompt = prompts[0]
        kind = action["type"]
        if prompt["kind"] == "action" and kind in ("rest", "travel", "prepare", "acquire", "trade", "component"):
            inv = prompt["inv"]
            i = s["inv"][inv]
            base = "component" if kind == "component" else kind
            if base in i["actions"] or (kind == "component" and
                                        any(a.endswith(":" + str(action.get("card"))) for a in s["used_components"])):
                return RuleError("action_taken", "Each action only once per round.")
            if self.forbids(s, inv, "actions") and kind != "component":
                return RuleError("detained", "You cannot take that action now.")
            here = i["space"]
            if kind == "rest" and self.monsters_at(s, here):
                return RuleError("monster_here", "You cannot rest with a monster in your space.")
            if kind == "acquire" and self.monsters_at(s, here):
                return RuleError("monster_here", "You cannot acquire assets with a monster in your space.")
            if kind in ("prepare", "acquire") and self.C.spaces[here]["type"] != "city":
                return RuleError("not_city", "That action needs a city.")
            if kind == "prepare":
                return RuleError("no_such_path", "No {ticket} path leaves your space.", ticket=action.get("ticket"))
            if kind == "travel":
                if self.forbids(s, inv, "move"):
                    return RuleError("cannot_move", "You cannot move.")
                return RuleError("not_adjacent", "{to} is not adjacent to your space.", to=action.get("to"))
            if kind == "trade":
                return RuleError("not_here", "You can trade only with an investigator in your space.")
        if not any(o.get("type") == kind for o in prompt["options"]):
            return RuleError("wrong_kind", "Right now you must answer: {kind}.", kind=prompt["kind"])
        return RuleError("illegal", "That move is not allowed now.")
