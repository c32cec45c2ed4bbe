"""The Thing: the Thing's declaration and the end of the game (§9, R12, R13, advanced rule 6)."""
from __future__ import annotations

from engine.core.events import event, only
from engine.thing.common import HUMAN, INFECTED_ROLE, THING_ROLE


class Ending:
    def free_actions(self, s, player):
        if (s["result"] is None and player in s["seats"] and s["roles"][player] == THING_ROLE):
            return [{"type": "declare"}]
        return []

    def _tell_no_humans(self, s, events):
        """Issue 20: a Thing with no human left is told, privately, that declaring now wins (under
        R12's option the game ends by itself; without it a lone Thing might play on unaware)."""
        roles = s["roles"]
        if s["result"] is not None or s["options"]["auto_end_no_humans"] \
                or any(roles[q] == HUMAN for q in s["seats"]):
            return
        thing = next((q for q in s["seats"] if roles[q] == THING_ROLE), None)
        if thing is not None:
            events.append(event("declare_wins", only(thing), player=thing))

    def _free_declare(self, s, action, events):
        events.append(event("thing_declared", player=action["player"]))
        s["declared_by"] = action["player"]

    def check_end(self, s):
        """§9, R13, R12 and advanced rule 6, checked after every primitive step."""
        roles = s["roles"]
        if "declared_by" in s:
            humans_left = any(roles[q] == HUMAN for q in s["seats"])
            return self._result(s, "declared_false" if humans_left else "declared_true")
        if s["eliminated"] and THING_ROLE in [roles[q] for q in s["eliminated"]]:
            if not s["options"]["revenge"]:
                return self._result(s, "thing_burned")  # R13: at once, mid-turn
            living = {roles[q] for q in s["seats"]}
            if living <= {HUMAN}:
                return self._result(s, "revenge_humans")
            if living <= {INFECTED_ROLE}:
                return self._result(s, "revenge_infected")
            return None
        # R12 option: the game ends with the infection of the last human (a last human who was
        # burned instead leaves the ending to the Thing's declaration, as before)
        if s["infections"] and s["options"]["auto_end_no_humans"] \
                and s.get("human_burned_after", -1) < len(s["infections"]) \
                and not any(roles[q] == HUMAN for q in s["seats"]):
            return self._result(s, "declared_true")
        return None

    def _result(self, s, reason):
        roles, living = s["roles"], s["seats"]
        why = {}
        if reason in ("thing_burned", "declared_false", "revenge_humans"):
            winners = [q for q in living if roles[q] == HUMAN]
            team = "humans"
        elif reason == "revenge_infected":
            winners = [q for q in living if roles[q] == INFECTED_ROLE]
            team = "thing"
        else:
            thing = next(q for q in living if roles[q] == THING_ROLE)
            everyone_infected = all(roles[q] == INFECTED_ROLE for q in s["players"] if q != thing)
            if not s["eliminated"] and everyone_infected:
                winners = [thing]  # special case 1
                why = {"thing_alone": True}
            else:
                # the last human loses only if converted rather than eliminated (rulebook §Б)
                converted_last = s["infections"] and s.get("human_burned_after", -1) < len(s["infections"])
                last = s["infections"][-1]["player"] if converted_last else None
                winners = [thing] + [q for q in living if roles[q] == INFECTED_ROLE and q != last]
                why = {"last_infected": last} if last in living else {}
            team = "thing"
        # ``why``: why a living infected player is not among the winners, for the table (nt18b)
        return {"reason": reason, "team": team, "winners": winners, "roles": dict(roles),
                "eliminated": list(s["eliminated"]), **why}

    def game_over(self, s, events):
        for frame in s["stack"]:  # cards held by unfinished steps go to the discard pile
            if frame["k"] == "discard_card":
                s["discard"].append(frame["card"])
            elif frame["k"] == "keep":
                s["discard"].extend(frame["cards"])
        events.append(event("game_over", reveal=True, **s["result"]))
