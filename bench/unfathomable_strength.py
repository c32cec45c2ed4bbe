"""Where an Unfathomable game with every seat a Keeper agent is won and lost (issue 22): per game,
damage by cause, Deep Ones placed by cause, resources lost by cause, passengers defeated, journey
steps and distance, repairs, Deep Ones defeated, checks passed/failed, by round; and how the crew
plays its cards (issue 22 audit): cards in all hands and players in the Sick Bay when a check
starts, points paid beyond a passed check's target and missing from a failed one, Deep One attack
rolls a Human's card changed (+ helps the Deep One), where Humans are defeated.

    python -m bench.unfathomable_strength [--players 4] [--games 40] [--seed 1] [--no-traitor]
        [--what-if no_hits|no_damage|feed1|no_hull_defeat|no_hydra|no_dagon|no_chaos] [--trace GAME]
        [--honest-traitor hinder|actions|choices ...] [--oracle K [--oracle-kind option|action ...]]

A cause is what was resolving when the event came: a crisis (``crisis:<card>``), a monster's
activation (``act:<monster>``), a course card, the Great Banishment, a player's action. With
``--no-traitor`` every loyalty card is a Human (the crew alone against the game). ``--what-if``
switches one mechanism off in this simulation only, to weigh it (never a rule): ``no_hits`` (a
Deep One's attack never defeats a Human), ``no_damage`` (a Deep One never damages its zone),
``feed1`` (a monarch in the Depths adds 1 Deep One there, not 2), ``no_hull_defeat`` (a placed damage
card defeats nobody in its zone), ``no_hydra`` (Mother Hydra on the board damages nothing),
``no_dagon`` (Father Dagon on the board places no Deep Ones), ``no_chaos`` (checks take no chaos card).

The traitor figures (totals): who went to the Brig by what, hindering cards a traitor added
hidden and revealed, attacks between the sides, each loyal seat's top suspect at the game's end;
the calibration of the decider's pass chance (``CostModel.pass_chance``) against the checks'
results. ``--honest-traitor PART`` (repeatable, simulation only) has traitors play that part of
their game as loyal players, to weigh what it costs the Humans: ``hinder`` (their check cards),
``actions`` (their actions, the reveal among them), ``choices`` (crisis answers, the course
card, track, windows).

``--oracle K`` (simulation only, cheating on purpose) bounds what a determinised one-ply lookahead
could gain: a loyal player's crisis answers (``--oracle-kind option``, the default) or actions
(``action``) are chosen by trying each answer on K reseeded copies of the true state, played on by
copies of the agents until the crisis is resolved / the turn is over, and scored by
``position_value``; ``oracle`` counts how often that differs from the agent's own answer. Each game
also reports the dial that ran out, the dials at the end, resources lost per dial by round, and
the Great Banishments cast with the Deep Ones they returned.

``--trace GAME`` prints game number GAME (0-based, seed ``--seed + GAME``) turn by turn instead:
each turn's table (dials, damage, Deep Ones, tracks, hands), every action and decision, each check
with who added how many cards and how many hindering cards the chaos cannot explain, the crises,
Deep One activations, attacks and defeats: where the game is lost, blunder by blunder. The seats'
loyalty is printed first (the reader is not a player).
"""
from __future__ import annotations

import argparse
import math
import sys
import random
from collections import Counter

from engine.core.agent import ask, keeper_for, tell
from engine.registry import rules_for


def _cause(ctx: dict) -> str:
    return ctx.get("now") or "?"


def trace_game(rules, players: int, seed: int, counters: dict, by_round: Counter, out=None) -> dict:
    names = [f"p{i + 1}" for i in range(players)]
    state, events = rules.new_game(names, seed, None)
    agents = {p: keeper_for(rules.game_id, p) for p in names}
    tell(agents, events)
    printer = _Printer(out, state) if out is not None else None
    rng = random.Random(seed)
    ctx = {"now": "setup"}
    turns = 0
    for e in events:
        _count(e, ctx, counters, by_round, 0)
    while not rules.is_over(state):
        prompts = rules.prompts(state)
        before = None
        if END_ORACLE and END_ORACLE_TOP and _end_oracle_wanted(state, prompts[0]):
            import copy
            before = copy.deepcopy(agents[prompts[0]["player"]])   # to score the answers as it did
        action = ask(rules, state, agents[prompts[0]["player"]], prompts[0], rng)
        if ORACLE and _oracle_wanted(state, prompts[0]):
            action = _oracle(rules, state, agents, prompts[0], action, rng, counters)
        if RANDOM_KINDS and _decision_kind(prompts[0]) in RANDOM_KINDS and len(prompts[0].get("options") or ()) > 1 \
                and prompts[0].get("shape", "one") == "one" and _side(state, prompts[0]["player"]) == "human":
            action = {"player": prompts[0]["player"], **rng.choice(prompts[0]["options"])}   # what this kind weighs
        if END_ORACLE and _end_oracle_wanted(state, prompts[0]):
            action = _end_oracle(rules, state, agents, prompts[0], action, seed, counters, before)
        if action.get("type") in ("attack", "move", "rescue", "use", "repair", "trade", "reveal",
                                  "defeat_passenger") and ctx.get("phase") == "actions":
            ctx["now"] = "action:" + (action.get("ability") or action["type"]).split(":")[0] \
                + (":" + action["ability"].split(":")[1] if action.get("ability") else "")
            counters["actions"][ctx["now"] + ("->" + action["to"] if action.get("type") == "move" else "")] += 1
        _traitor_action(state, prompts[0], action, counters)
        events = rules.apply_in_place(state, action)
        tell(agents, events)
        _traitor_events(state, events, ctx, counters)
        if printer is not None:
            printer.step(prompts[0], action, events)
        for e in events:
            if e["type"] == "turn_started":
                turns += 1
            if e["type"] == "check_started" and state.get("turn"):   # the pass chance the agents price it at
                from engine.unfathomable.keeper import CostModel
                who = state["turn"]["player"]
                ctx["predicted"] = CostModel(rules.view(state, who), who).pass_chance(
                    {"target": e["target"], "positive": e["positive"]})
            if e["type"] == "check_result" and ctx.get("predicted") is not None:
                band = min(4, int(ctx.pop("predicted") * 5))
                counters["calibration"][f"{band * 20:02d}-{band * 20 + 20}% n"] += 1
                counters["calibration"][f"{band * 20:02d}-{band * 20 + 20}% passed"] += e["result"] == "pass"
            if e["type"] == "check_started":   # what the table holds when a check begins
                counters["at_check_start"]["cards in all hands"] += sum(len(h) for h in state["hands"].values())
                counters["at_check_start"]["players in the Sick Bay"] += sum(
                    z == "sick_bay" for z in state["zone_of"].values())
            _count(e, ctx, counters, by_round, (turns - 1) // players)
    counters["distance"]["final"] += state["distance"]
    for res, v in state["resources"].items():   # the dial that ran out, and the dials at the end
        counters["dials_at_end"][res] += v
        if v <= 0:
            counters["dial_emptied"][res] += 1
    _traitor_end(state, agents, counters)
    if printer is not None:
        printer.line(f"END {rules.outcome(state)} dials {state['resources']} damaged {sorted(state['damage'])}")
    return rules.outcome(state)


# decisions not worth a line in a trace (windows passed, lone answers)
_QUIET_KINDS = ("window_order", "deep_one_order", "upgrade")
_SHOWN_EVENTS = {
    "mythos_drawn": "card", "option_chosen": ("player", "option"), "check_result": ("result", "total", "target"),
    "zone_damaged": ("zone", "aimed"), "zone_repaired": ("zone",), "player_defeated": ("player", "zone"),
    "passenger_defeated": ("zone", "loses"), "passenger_rescued": ("zone",), "passenger_risked": ("zone",),
    "deep_ones_placed": ("zone", "count"), "deep_one_defeated": ("zone", "by"),
    "deep_ones_defeated": ("zone", "count"), "deep_one_attacked": ("zone", "target", "roll", "hit"),
    "monster_activated": ("monster", "where", "count"), "great_banishment": ("deep_ones_returned",),
    "course_played": ("player", "card", "distance"), "resources_changed": ("delta",),
    "player_revealed": ("player",), "revealed": ("player",), "sent_to_brig": ("player",),
    "track_advanced": ("track", "position"), "monsters_emerged": ("to", "monarchs"),
}


class _Printer:
    """Prints one game for a reader (``--trace``): public events, and every seat's decisions."""

    def __init__(self, out, state):
        self.out, self.state = out, state
        self.check: dict | None = None
        self.shown_loyalty = False

    def line(self, text: str) -> None:
        print(text, file=self.out)

    def step(self, prompt, action, events) -> None:
        s = self.state
        if not self.shown_loyalty and any(s["loyalty"].values()):
            self.shown_loyalty = True
            self.line(f"loyalty {s['loyalty']} characters {s['characters']}")
        kind = prompt["kind"]
        if kind not in _QUIET_KINDS and prompt.get("purpose") not in _QUIET_KINDS and not (kind == "window" and action.get("type") == "pass") \
                and not (kind == "action" and action.get("type") == "end_actions"):
            shown = {k: v for k, v in action.items() if k not in ("player", "type", "prompt")}
            self.line(f"  > {action['player']} {kind}{'/' + prompt['purpose'] if prompt.get('purpose') else ''}"
                      f" {action.get('type')} {shown}")
        for e in events:
            if e.get("audience") != "all":
                continue
            t = e["type"]
            if t == "turn_started":
                deep = {z: n for z, n in s["deep_ones"].items() if n}
                self.line(f"== turn {e.get('number')} {e['player']} in {s['zone_of'][e['player']]} | dials {s['resources']}"
                          f" | damaged {sorted(s['damage'])} | Deep Ones {deep} supply {s['deep_one_supply']}"
                          f" | journey {s['tracks']['journey']} ritual {s['tracks']['ritual']} distance {s['distance']}"
                          f" | hands {dict((p, len(h)) for p, h in s['hands'].items())} | zones {s['zone_of']}")
            elif t == "check_started":
                self.check = {"added": {}, "chaos": 0, "positive": set(e["positive"])}
                self.line(f"  check {e.get('card') or 'zone'} target {e['target']} partial {e.get('partial')}"
                          f" helps {e['positive']}")
            elif t == "chaos_added" and self.check is not None:
                self.check["chaos"] = e.get("count", 0)
            elif t == "check_added" and self.check is not None:
                self.check["added"][e["player"]] = e.get("count", 0)
            elif t == "check_revealed" and self.check is not None:
                cards = [c for c in e.get("cards") or () if ":" in c]
                hinder = sum(1 for c in cards if c.split(":", 1)[0] not in self.check["positive"])
                self.line(f"  check pile {self.check['added']} + {self.check['chaos']} chaos: total {e['total']},"
                          f" hindering {hinder} (beyond the chaos cards: {max(0, hinder - self.check['chaos'])})")
                self.check = None
            elif t in _SHOWN_EVENTS:
                keys = _SHOWN_EVENTS[t]
                keys = (keys,) if isinstance(keys, str) else keys
                self.line(f"  {t} " + " ".join(f"{k}={e.get(k)}" for k in keys if e.get(k) is not None))


def _side(state, p) -> str:
    """A seat's side as the reader sees it (the bench reads the state; no agent does)."""
    cards = state["loyalty"].get(p) or ()
    return "hybrid" if "hybrid" in cards else "cultist" if "cultist" in cards else "human"


def _traitor_action(state, prompt, action, counters) -> None:
    """Before an action is applied: hindering cards a hidden traitor adds to a check, the
    Captain's Cabin used and against whom."""
    p = action.get("player")
    side = _side(state, p)
    if action.get("type") == "contribute" and state["checks"]:
        positive = set(state["checks"][-1]["positive"])
        hinder = sum(1 for c in action.get("cards") or () if ":" in c and c.split(":", 1)[0] not in positive)
        if side != "human":
            counters["traitors"][f"{side} hindering cards ({'revealed' if p in state['revealed'] else 'hidden'})"] += hinder
    if action.get("type") == "use" and action.get("ability") == "zone:captains_cabin":
        counters["traitors"][f"cabin used by {side}"] += 1
    if prompt.get("kind") == "choose" and prompt.get("purpose") == "player" and action.get("type") == "choose" \
            and state["zone_of"].get(p) == "captains_cabin":
        counters["traitors"][f"cabin names a {_side(state, action.get('value'))}"] += 1


def _traitor_events(state, events, ctx, counters) -> None:
    for e in events:
        if e.get("audience") != "all":
            continue
        if e["type"] == "player_moved" and e.get("to") == "brig" and e.get("frm") != "brig":
            side = _side(state, e["player"])
            how = "defeat" if e.get("reason") != "sent_to_brig" else ctx.get("now", "?")
            counters["traitors"][f"{side} to the Brig by {how}"] += 1
        elif e["type"] == "revealed":
            counters["traitors"][f"{_side(state, e['player'])} revealed"] += 1
        elif e["type"] == "attack_resolved" and not str(e.get("target", "")).startswith("deep_one"):
            counters["traitors"][f"{_side(state, e['player'])} attacks a {_side(state, e['target'])}"
                                 f"{' (hit)' if e.get('hit') else ''}"] += 1


ORACLE = 0   # --oracle K: loyal crisis deciders look ahead on K copies of the true state (cheating: a bound)


ORACLE_KINDS = ("option",)
ORACLE_BLIND = False   # --oracle-blind: the copies take every hidden traitor for loyal


def _oracle_wanted(state, prompt) -> bool:
    if prompt["kind"] == "action" and "action" in ORACLE_KINDS:
        return _side(state, prompt["player"]) == "human" and len(prompt["options"]) > 1 \
            and prompt["player"] not in state["revealed"]
    return "option" in ORACLE_KINDS and prompt["kind"] == "choose" and prompt.get("purpose") == "option" and prompt.get("labels") \
        and _side(state, prompt["player"]) == "human" and len(prompt["options"]) > 1


def _oracle(rules, state, agents, prompt, mine, rng, counters) -> dict:
    """Simulation only (an upper bound of a determinised one-ply lookahead, which would have to
    guess what this one reads): each answer applied on K copies of the TRUE state (hands, decks,
    roles), reseeded, played on by copies of the agents until the crisis is resolved (its context
    ends) or, for an action, until the turn is over (mythos and activation included), scored by
    ``position_value``; the best mean is played instead of the agent's answer ``mine``."""
    import copy
    cid = state["stack"][-1].get("c")
    turns = state.get("turns_taken", 0)
    action = prompt["kind"] == "action"
    means = []
    for o in prompt["options"]:
        total = 0.0
        for k in range(ORACLE):
            s2 = copy.deepcopy(state)
            s2["rng"]["seed"] = rng.randrange(1 << 30)
            if ORACLE_BLIND:   # the copies do not know who the hidden traitors are: every one loyal
                for p in s2["players"]:
                    if p not in s2["revealed"]:
                        s2["loyalty"][p] = ["human"] * len(s2["loyalty"][p])
            a2 = copy.deepcopy(agents)
            r2 = random.Random(k)
            rules.apply_in_place(s2, {"player": prompt["player"], **o})
            steps = 0
            while not rules.is_over(s2) and steps < 600 and (
                    s2.get("turns_taken", 0) == turns if action else cid in s2["ctx"]):
                p2 = rules.prompts(s2)[0]
                rules.apply_in_place(s2, ask(rules, s2, a2[p2["player"]], p2, r2))
                steps += 1
            total += position_value(s2)
        means.append(total / ORACLE)
    best = max(range(len(means)), key=means.__getitem__)
    counters["oracle"]["agreed" if mine == {"player": prompt["player"], **prompt["options"][best]} else "differed"] += 1
    return {"player": prompt["player"], **prompt["options"][best]}


RANDOM_KINDS = ()   # --random-kind KIND: loyal players answer these decisions at random (what they weigh)
END_ORACLE = 0   # --end-oracle K: loyal players' answers tried on K copies of the true state, played to the end
END_ORACLE_KINDS = ("option",)
END_ORACLE_SHUFFLE = False   # --end-oracle-shuffle: the copies' face-down decks reshuffled
END_ORACLE_FIRST = 4   # copies tried first: if every one is lost (or won) whatever the answer, no more
END_ORACLE_TOP = 0   # --end-oracle-top M: only the agent's M best-scored answers are tried (actions)
END_ORACLE_LOG = None   # a file: one line per decision the oracle looked at


def _decision_kind(prompt) -> str | None:
    """The decisions --end-oracle looks at: a crisis answer (``option``), the Captain's course card
    (``course``), the track (``track``), the turn's action (``action``), other one-of choices
    (``choose``: players, zones, resources)."""
    kind = prompt["kind"]
    if kind == "choose" and prompt.get("purpose") == "option" and prompt.get("labels"):
        return "option"
    return {"course_choose": "course", "choose_track": "track", "action": "action",
            "choose": "choose"}.get(kind)


def _end_oracle_wanted(state, prompt) -> bool:
    return (prompt.get("shape", "one") == "one" and len(prompt.get("options") or ()) > 1
            and _decision_kind(prompt) in END_ORACLE_KINDS
            and _side(state, prompt["player"]) == "human" and prompt["player"] not in state["revealed"])


def _shuffle_hidden_decks(state, seed: int) -> None:
    """--end-oracle-shuffle: the copy's face-down decks in a fresh order (the same for copy k of
    every answer), so the oracle no longer knows the crises, cards and damage to come."""
    r = random.Random(seed)
    for deck in [*state["decks"].values(), state["chaos"], state["item_deck"], state["spell_deck"],
                 state["course_deck"], state["mythos_deck"], state["damage_deck"]]:
        r.shuffle(deck)


def play_out(rules, state, agents, seed: int) -> bool:
    """Plays ``state`` (changed in place) to the game's end with ``agents``; True if the Humans win."""
    r = random.Random(seed)
    steps = 0
    while not rules.is_over(state) and steps < 20000:
        p = rules.prompts(state)[0]
        tell(agents, rules.apply_in_place(state, ask(rules, state, agents[p["player"]], p, r)))
        steps += 1
    return bool(state.get("result")) and state["result"].get("team") == "humans"


def _end_oracle(rules, state, agents, prompt, mine, game_seed, counters, before=None) -> dict:
    """Simulation only, cheating on purpose (a bound of what right choices at this decision kind
    give): each answer applied on K copies of the TRUE state (hands, deck orders), each copy
    reseeded for the dice and shuffles to come — copy k of every answer with the same seed, so
    the answers meet the same luck — and played TO THE GAME'S END by copies of the agents; the
    answer with the most wins is played, the agent's own answer ``mine`` on a tie."""
    import copy
    options = prompt["options"]
    if END_ORACLE_TOP and len(options) > END_ORACLE_TOP:   # only the agent's best few (its own scores)
        agent = before
        view = rules.view(state, prompt["player"])
        mine_view = next(p for p in view["you"]["prompts"] if p["id"] == prompt["id"])
        scores = [agent._score(view, mine_view, o, random.Random(0)) for o in mine_view["options"]]
        keep = sorted(range(len(options)), key=lambda i: -scores[i])[:END_ORACLE_TOP]
        chosen = {"player": prompt["player"], **{k: v for k, v in mine.items() if k != "player"}}
        keep += [i for i, o in enumerate(options) if {"player": prompt["player"], **o} == chosen and i not in keep]
        options = [options[i] for i in sorted(keep)]
    mine_i = next((i for i, o in enumerate(options) if {"player": prompt["player"], **o} == mine), None)
    seeds = [hash((game_seed, state.get("seq", 0), k)) & 0xFFFFFFF for k in range(END_ORACLE)]
    wins, tried = [0] * len(options), 0
    for stop in (min(END_ORACLE, END_ORACLE_FIRST), END_ORACLE):
        for i, o in enumerate(options):
            for k in range(tried, stop):
                s2 = copy.deepcopy(state)
                s2["rng"]["seed"] = seeds[k]
                if END_ORACLE_SHUFFLE:
                    _shuffle_hidden_decks(s2, seeds[k])
                a2 = copy.deepcopy(agents)
                tell(a2, rules.apply_in_place(s2, {"player": prompt["player"], **o}))
                wins[i] += play_out(rules, s2, a2, seeds[k])
        tried = stop
        if sum(wins) in (0, tried * len(options)):   # every copy lost (or won) whatever the answer
            break
    best = max(range(len(options)), key=lambda i: (wins[i], i == mine_i))
    kind = _decision_kind(prompt)
    same = best == mine_i
    counters["oracle"][f"{kind} {'agreed' if same else 'differed'}"] += 1
    counters["oracle"][f"{kind} wins of the agent's answer"] += wins[mine_i] if mine_i is not None else 0
    counters["oracle"][f"{kind} wins of the oracle's answer"] += wins[best]
    if END_ORACLE_LOG is not None:
        import json
        what = prompt.get("labels") or [{k: v for k, v in o.items() if k != "player"} for o in options]
        END_ORACLE_LOG.write(json.dumps({
            "seed": game_seed, "turn": state.get("turns_taken", 0), "kind": kind, "player": prompt["player"],
            "purpose": prompt.get("purpose"), "card": (state.get("mythos") or {}).get("card"),
            "options": what, "wins": wins, "agent": mine_i, "oracle": best, "k": tried,
            "table": {"res": state["resources"], "damage": len(state["damage"]), "tracks": state["tracks"],
                      "distance": state["distance"], "deep_ones": sum(v for z, v in state["deep_ones"].items() if z != "depths"),
                      "zone": state["zone_of"].get(prompt["player"]), "hand": len(state["hands"].get(prompt["player"], ())),
                      "hands": sum(len(h) for h in state["hands"].values())}}, default=str) + "\n")
        END_ORACLE_LOG.flush()
    return {"player": prompt["player"], **options[best]}


LOST = 1000.0
AWAY_SICK_BAY = 3.0         # a Human in the Sick Bay (one card a turn, an action to walk out)
PASSENGER_ON_DECK = 0.9     # the chance a passenger on a deck is defeated before it is rescued


def dial_worth(left: int) -> float:
    """A dial at ``left``: the CostModel's loss of n from r, n (1 + 4/(r - n)), is the fall of
    r + 4 ln r; 0 loses the game."""
    return -LOST if left <= 0 else left + 4 * math.log(left)


def position_value(s: dict) -> float:
    """The Humans' worth of a table, in the CostModel's units (engine/unfathomable/keeper.py):
    dials, damage, Deep Ones on board, journey and distance, passengers on decks, the loyal
    hands and who of them is away (Sick Bay, Brig); a finished game +-LOST."""
    from engine.unfathomable import keeper as K
    if s.get("result"):
        return LOST if s["result"].get("team") == "humans" else -LOST
    value = sum(dial_worth(v) for v in s["resources"].values())
    damaged = len(s["damage"])
    value -= K.DAMAGE_COST * damaged + (LOST if damaged >= 6 else 0)
    value -= K.DEEP_ONE_COST * sum(n for z, n in s["deep_ones"].items() if z != "depths")
    value += K.JOURNEY_STEP * s["tracks"]["journey"] + K.COURSE_DISTANCE * s["distance"]
    souls = s["resources"].get("souls", 8)
    # a passenger on a deck is mostly defeated later (Deep Ones, the Banishment): a Soul's loss
    on_deck = sum(len(v) for v in s["passengers"].values())
    value -= PASSENGER_ON_DECK * K.PASSENGER_SOULS * on_deck * (dial_worth(souls) - dial_worth(souls - 1))
    loyal = [p for p in s["players"] if _side(s, p) == "human"]
    value += K.CARD_COST * sum(len(s["hands"][p]) for p in loyal)
    away = {"sick_bay": AWAY_SICK_BAY, "brig": K.BRIG_COST}
    return value - sum(away.get(s["zone_of"].get(p), 0) for p in loyal)


def _traitor_end(state, agents, counters) -> None:
    """At a game's end: where the traitors stand, and whom the loyal seats suspect most."""
    for p in state["players"]:
        side = _side(state, p)
        if side == "human":
            agent = agents[p]
            top = max(agent.suspicion, key=agent.suspicion.get, default=None) if getattr(agent, "suspicion", None) else None
            counters["traitors"][f"human's top suspect at the end: {_side(state, top) if top else 'none'}"] += 1
            continue
        counters["traitors"][f"{side} seats"] += 1
        if state["zone_of"].get(p) == "brig":
            counters["traitors"][f"{side} in the Brig at the end"] += 1


def _count(e, ctx, counters, by_round, rnd) -> None:
    t = e["type"]
    if e.get("audience") != "all" and t not in ("game_over",):
        return
    if t == "turn_started":
        ctx.update(now="actions", phase="actions")
    elif t == "mythos_drawn":
        ctx.update(now="crisis:" + e["card"], phase="mythos")
    elif t == "monster_activated":
        ctx["now"] = "act:" + e["monster"]
    elif t == "course_played":
        ctx["now"] = "course:" + e["card"]
    elif t == "great_banishment":
        ctx["now"] = "banishment"
        counters["banishment"]["cast"] += 1
        counters["banishment"]["deep ones returned"] += e.get("deep_ones_returned", 0)
    elif t == "zone_damaged":
        counters["damage"][_cause(ctx)] += 1
        by_round[("damage", rnd)] += 1
    elif t == "deep_ones_placed":
        counters["deep_ones_placed"][_cause(ctx) + "->" + ("depths" if e["zone"] == "depths" else "board")] += e["count"]
        by_round[("placed", rnd)] += e["count"]
    elif t == "resources_changed":
        for res, d in e["delta"].items():
            if d < 0:
                counters["lost"][(res, _cause(ctx) if e.get("reason") != "passenger" else "passenger<-" + _cause(ctx))] -= d
                counters["lost_res"][res] -= d
                by_round[("lost " + res, rnd)] -= d
    elif t == "passenger_defeated":
        counters["passengers_defeated"][_cause(ctx)] += 1
    elif t == "passenger_risked":
        counters["passengers_risked"][_cause(ctx)] += 1
    elif t == "passenger_rescued":
        counters["passengers_rescued"][_cause(ctx)] += 1
    elif t == "zone_repaired":
        counters["repairs"][_cause(ctx)] += 1
    elif t in ("deep_one_defeated", "deep_ones_defeated"):
        counters["deep_ones_defeated"][_cause(ctx)] += e.get("count", 1)
    elif t == "check_result":
        counters["checks"][e["result"]] += 1
        # points paid beyond the target on a pass, missing on a fail/partial: how well cards are spread
        key = "surplus on pass" if e["result"] == "pass" else "shortfall otherwise"
        counters["check_margin"][key] += abs(e["total"] - e["target"])
    elif t == "die_rolled" and e.get("purpose") == "deep_one_attack" and e.get("modifier"):
        # a Human's before-roll card changed a Deep One's attack roll on a Human (+ helps the Deep One)
        counters["deep_one_attack_modified"]["+" if e["modifier"] > 0 else "-"] += 1
    elif t == "track_advanced":
        counters["track_steps"][e["track"] + "<-" + _cause(ctx).split(":")[0]] += 1
    elif t == "course_played" or (t == "arrival"):
        pass
    elif t == "player_defeated":
        counters["humans_defeated"][_cause(ctx)] += 1
        zone = e.get("zone") or "?"
        counters["humans_defeated_where"]["deck" if zone[:1] == "d" and zone[1:].isdigit() else zone] += 1
    if t == "course_played":
        counters["distance"]["total"] = counters["distance"]["total"]  # cumulative: read at game end
    if t == "game_over":
        pass


def _what_if(rules, switches) -> None:
    """Simulation-only changes on this process's rules object (see the module docstring)."""
    if "no_hits" in switches:
        rules.pack.setup.combat["deep_one_attack_target"] = 99
    if "no_damage" in switches:
        rules._deep_damage_own_zone = lambda s, z, c, events: False
    if "feed1" in switches:
        object.__setattr__(rules.pack.monsters.depths, "feed", 1)
    if "no_hull_defeat" in switches:   # a placed damage card defeats nobody in its zone (ruling M10)
        rules._ms_defeat_player = lambda s, f, c, events: None
    if "no_hydra" in switches:         # Mother Hydra on the board damages no zone
        rules._step_damage_nearest_interior = lambda s, m, c, events: None
    if "no_dagon" in switches:         # Father Dagon on the board places no Deep Ones
        rules._step_spawn_on_arrow_deck = lambda s, m, c, events: None
    if "no_chaos" in switches:         # a skill check takes no chaos card
        object.__setattr__(rules.pack.skill_cards.chaos_deck, "cards_per_check", 0)


def _honest_traitors(parts) -> None:
    """Simulation only: a traitor plays part of its game as a loyal player, to weigh what each
    part of its play costs the Humans — ``hinder`` (its check cards), ``actions`` (its actions,
    the reveal among them), ``choices`` (crisis options, the course card, track, windows)."""
    from engine.unfathomable import keeper
    agent = keeper.KeeperAgent
    methods = {"hinder": "_contribution", "actions": "_action_score", "choices": "_score"}
    base_traitor = agent._traitor

    def traitor(self, view):
        return False if getattr(self, "_honest_now", None) in parts else base_traitor(self, view)

    def masked(name, part):
        method = getattr(agent, name)

        def run(self, *args, **kwargs):
            before = getattr(self, "_honest_now", None)
            self._honest_now = part
            try:
                return method(self, *args, **kwargs)
            finally:
                self._honest_now = before
        return run

    agent._traitor = traitor
    for part, name in methods.items():
        setattr(agent, name, masked(name, part))


def main(argv: int | list[str] | None = None) -> None:
    """`python -m bench.<this> [options]`, or `python -m bench <name> --count GAMES`."""
    if isinstance(argv, int):
        argv = ["--games", str(argv)]
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-traitor", action="store_true")
    ap.add_argument("--top", type=int, default=12)
    ap.add_argument("--what-if", action="append", default=[], choices=("no_hits", "no_damage", "feed1", "no_hull_defeat",
                                                                         "no_hydra", "no_dagon", "no_chaos"))
    ap.add_argument("--honest-traitor", action="append", default=[], choices=("hinder", "actions", "choices"),
                    help="what-if: traitors play this part of their game as loyal players")
    ap.add_argument("--oracle", type=int, default=0, metavar="K",
                    help="simulation only: loyal players look ahead on K copies of the true state (a bound)")
    ap.add_argument("--oracle-kind", action="append", choices=("option", "action"),
                    help="which decisions --oracle looks ahead on (default: crisis options)")
    ap.add_argument("--oracle-blind", action="store_true",
                    help="--oracle's copies take every hidden traitor for loyal (what a lookahead cannot know)")
    ap.add_argument("--end-oracle", type=int, default=0, metavar="K",
                    help="simulation only: loyal players try each answer on K copies of the true state played to the end")
    ap.add_argument("--end-oracle-kind", action="append", choices=("option", "course", "track", "action", "choose"),
                    help="which decisions --end-oracle looks at (default: crisis options)")
    ap.add_argument("--end-oracle-shuffle", action="store_true",
                    help="--end-oracle's copies reshuffle the face-down decks (it no longer knows what comes)")
    ap.add_argument("--end-oracle-top", type=int, default=0, metavar="M",
                    help="--end-oracle tries only the agent's M best-scored answers (and its own)")
    ap.add_argument("--random-kind", action="append", default=[], choices=("option", "course", "track", "action", "choose"),
                    help="what-if: loyal players answer this kind of decision at random (how much it weighs)")
    ap.add_argument("--end-oracle-log", default=None, metavar="FILE",
                    help="one JSON line per decision --end-oracle looked at (both answers' wins)")
    ap.add_argument("--trace", type=int, default=None, metavar="GAME",
                    help="print game GAME (seed --seed + GAME) turn by turn, no totals")
    args = ap.parse_args([] if argv is None else argv)
    rules = rules_for("unfathomable")
    _what_if(rules, args.what_if)
    global ORACLE
    ORACLE = args.oracle
    global ORACLE_KINDS, ORACLE_BLIND
    ORACLE_BLIND = args.oracle_blind
    ORACLE_KINDS = tuple(args.oracle_kind or ["option"])
    global END_ORACLE, END_ORACLE_KINDS, END_ORACLE_LOG
    END_ORACLE = args.end_oracle
    END_ORACLE_KINDS = tuple(args.end_oracle_kind or ["option"])
    global END_ORACLE_TOP, RANDOM_KINDS, END_ORACLE_SHUFFLE
    END_ORACLE_SHUFFLE = args.end_oracle_shuffle
    RANDOM_KINDS = tuple(args.random_kind)
    END_ORACLE_TOP = args.end_oracle_top
    END_ORACLE_LOG = open(args.end_oracle_log, "a") if args.end_oracle_log else None
    _honest_traitors(set(args.honest_traitor))
    if args.no_traitor:
        base = rules.loyalty_deck_for
        rules.loyalty_deck_for = lambda s: ["human"] * len(base(s))
    names = ("damage", "deep_ones_placed", "lost", "lost_res", "passengers_defeated", "passengers_risked",
             "passengers_rescued", "repairs", "deep_ones_defeated", "checks", "track_steps", "distance",
             "humans_defeated", "humans_defeated_where", "actions", "at_check_start", "check_margin",
             "deep_one_attack_modified", "traitors", "calibration", "dial_emptied", "dials_at_end", "banishment", "oracle")
    counters = {n: Counter() for n in names}
    by_round: Counter = Counter()
    if args.trace is not None:
        trace_game(rules, args.players, args.seed + args.trace, counters, by_round, out=sys.stdout)
        return
    reasons, winners, rounds = Counter(), Counter(), 0
    for i in range(args.games):
        out = trace_game(rules, args.players, args.seed + i, counters, by_round)
        reasons[out["reason"]] += 1
        winners[out["winner"]] += 1
        rounds += out["rounds"]
        if END_ORACLE:   # progress, these runs are long
            print(f"game {i} (seed {args.seed + i}): {out['winner']} {out['reason']}", file=sys.stderr, flush=True)
    g = args.games
    print(f"{g} games, {args.players} players{' (no traitor)' if args.no_traitor else ''}"
          f"{' what-if ' + ','.join(args.what_if) if args.what_if else ''}: "
          f"{dict(winners)} {dict(reasons)} rounds {rounds / g:.1f}")
    for n in names:
        c = counters[n]
        total = sum(c.values())
        per = {"at_check_start": sum(counters["checks"].values()),   # averages per check, per result
               "check_margin": None}.get(n, g)
        if n == "check_margin":
            passed = counters["checks"]["pass"]
            per_key = {"surplus on pass": passed, "shortfall otherwise": sum(counters["checks"].values()) - passed}
            top = ", ".join(f"{k} {v / max(1, per_key[k]):.2f}" for k, v in c.most_common())
            print(f"{n} (points a check): {top}")
            continue
        top = ", ".join(f"{k if isinstance(k, str) else '/'.join(k)} {v / max(1, per):.2f}"
                        for k, v in c.most_common(args.top))
        if n in ("traitors", "calibration", "dial_emptied", "oracle"):   # totals over all games
            print(f"{n} (totals): " + ", ".join(f"{k} {v}" for k, v in sorted(c.items())))
            continue
        if n == "at_check_start":
            print(f"{n} (a check): {top}")
            continue
        print(f"{n}: {total / g:.2f} a game — {top}")
    last = max((r for _, r in by_round), default=0)
    for what in ("damage", "placed", "lost fuel", "lost food", "lost sanity", "lost souls"):
        print(what + " by round: " + " ".join(f"{by_round[(what, r)] / g:.1f}" for r in range(last + 1)))


if __name__ == "__main__":
    main(sys.argv[1:])
