"""Eldritch Horror with every seat a Keeper agent: where the doom comes from and how the
investigators spend their game, to compare each mechanism with the rulebook.

    python -m bench.eldritch_strength --players 1 --games 40 [--seed 1] [--ao azathoth] [--dice 6]

Per game (averaged): doom by cause (the omen advancing onto matching gates, a gate spawned with
none left, a defeat, any other card effect), and the same doom by the procedure or card that
advanced it (``doom_by_*``: the omen's gates, a defeat or devouring, a reckoning — monster, Ancient
One, mythos card, an investigator's card —, a mythos card's own effect, an encounter by deck, the
Ancient One's other rules, a mystery), gates opened/closed (and closings a rule prevented),
clues gained/spent, mysteries solved, rumors failed/solved per card, investigators defeated
(health/sanity), actions by kind, encounters by kind, rounds; and the end reasons, per Ancient One.

``--spare CAUSE`` (repeatable; omen_gates, defeat, reckoning, mythos_effect, ao, encounter,
no_gate_left) is a what-if: doom from that cause does not advance before the awakening — the win
rate then says what that procedure costs. ``--luck KIND`` (repeatable; combat, combat_epic, other_world, research,
location, mystery, expedition, rumor, special, acquire, spell, other) makes every die of those tests a 6: what
their failures cost. ``--dice 6`` makes every die a 6 (every test passes, every fight is won): the luck taken out, what
is left is the agents' planning against the clock of doom — an upper bound for their strength.
Per round (averaged over the games still going): doom, open gates, clues held. The time budget per
mystery (``BudgetTracker``): the rounds each stood active, and per investigator-round its 2 action
slots by kind (a Travel by the goal the agent travelled toward), the encounters by kind, fights won
and lost, the mystery's progress steps and tickets gained and spent. Tests attempted and
passed by skill; actions by seat. The failure table (``fail|``): every test booked by what it was
for and as mystery-critical or not (``CRITICAL_FOR``: a test the active mystery's own progress rests
on), with its failures, the clues held at each failure and the passes they could have bought (each
clue rerolls one die), and how often a teammate would have rolled more dice of that skill;
``--luck critical`` / ``not_critical`` / ``encounter`` make every die of those groups a 6.
``--show SEED`` prints that one game turn by turn instead.
"""
from __future__ import annotations

import argparse
import sys
import random
from collections import Counter, defaultdict

from engine.core.agent import ask, keeper_for, tell
from engine.eldritch.agent import _spell_cities
from engine.registry import rules_for

_DOOM_BY: Counter = Counter()   # doom advanced, by the procedure or card behind it (``instrument``)
_CAUSE: list[str] = []
_SPARED: set[str] = set()       # what-if: doom from these causes (label prefixes) does not advance
_LUCKY: set[str] = set()        # what-if: every die of a test of these kinds is a 6 (``--luck``)
_LUCK_NOW: list[bool] = []      # whether the test being rolled is lucky
LUCK_KINDS = ("combat", "combat_epic", "other_world", "research", "location", "mystery", "expedition", "rumor", "special",
              "acquire", "spell", "other", "critical", "encounter", "not_critical")
ENCOUNTER_KINDS = {"other_world", "research", "location", "mystery", "expedition", "rumor", "special"}
# the tests whose pass is the active mystery's own progress (the rest: any mystery's mystery and
# special encounters and its epic monster): a research mystery's research clues, a gate mystery's
# Other Worlds, Hunting the Thousand's and The Deep Ones Attack's fights, Arcane Understanding's spells
CRITICAL_ALWAYS = {"mystery", "special", "combat_epic"}
CRITICAL_FOR = {"occult_research": {"research"}, "the_stars_are_right": {"research"},
                "nature_of_the_all_mother": {"research"}, "the_beyond_one": {"research"},
                "omen_of_devastation": {"other_world"}, "where_the_old_ones_broke_through": {"other_world"},
                "hunting_the_thousand": {"combat"}, "the_deep_ones_attack": {"combat"},
                "arcane_understanding": {"spell"}}
_TEST_CRIT: dict = {}   # investigator -> whether its test under way is mystery-critical (``critical``)


def critical_test(s, kind: str) -> bool:
    """Whether a test of ``kind`` is one the active mystery needs passed (``CRITICAL_FOR``)."""
    mystery = (s.get("mystery") or {}).get("id")
    return kind in CRITICAL_ALWAYS or kind in CRITICAL_FOR.get(mystery, ())


def lucky(kind: str, critical: bool) -> bool:
    """Whether ``--luck`` makes every die of this test a 6 (``critical``/``not_critical``/``encounter``:
    groups of kinds)."""
    return kind in _LUCKY or (critical and "critical" in _LUCKY) or (not critical and "not_critical" in _LUCKY) \
        or (kind in ENCOUNTER_KINDS and "encounter" in _LUCKY)


def instrument(rules) -> None:
    """Wrap the rules' doom paths (this process only) so each step of doom advanced is booked to
    the procedure or card that advanced it: ``_DOOM_BY``."""
    cls = type(rules)
    if getattr(cls, "_doom_instrumented", False):
        return
    cls._doom_instrumented = True

    def caused(name, label):
        orig = getattr(cls, name)

        def wrapper(self, *a, **k):
            _CAUSE.append(label)
            try:
                return orig(self, *a, **k)
            finally:
                _CAUSE.pop()
        setattr(cls, name, wrapper)

    orig_start = cls.start_test

    def start_test(self, s, inv, skill, modifier, c_id, events, purpose="effect", *a, **k):
        """What-if ``--luck``: every die of a test of these kinds shows a 6."""
        c = s["ctx"].get(c_id) or {}
        kind = "combat" if purpose.startswith("combat") else purpose if purpose != "effect" else \
            (c.get("enc") or ("spell" if (c.get("card") or {}).get("kind") == "spell" else "other"))
        uid = (k.get("data") or {}).get("m")
        if kind == "combat" and uid in s["monsters"]["board"] and \
                (self.C.monsters.get(s["monsters"]["board"][uid]["kind"]) or {}).get("epic"):
            kind = "combat_epic"   # a mystery's epic monster
        crit = critical_test(s, kind)
        _TEST_CRIT[inv] = crit
        _LUCK_NOW.append(lucky(kind, crit))
        try:
            return orig_start(self, s, inv, skill, modifier, c_id, events, purpose, *a, **k)
        finally:
            _LUCK_NOW.pop()
    cls.start_test = start_test
    orig_die = cls.die

    def die(self, s):
        return 6 if _LUCK_NOW and _LUCK_NOW[-1] else orig_die(self, s)
    cls.die = die

    caused("advance_omen", "omen_gates")
    caused("_op_set_omen", "omen_gates")
    caused("defeat", "defeat")
    caused("spawn_gate", "no_gate_left")

    orig_frames = cls.reckoning_frames

    def reckoning_frames(self, s, *a, **k):
        return [(steps, {**extra, "_reckoning": True}) for steps, extra in orig_frames(self, s, *a, **k)]
    cls.reckoning_frames = reckoning_frames

    orig_op = cls._op_advance_doom

    def op_advance_doom(self, s, st, c, cid, events):
        card = c.get("card") or {}
        if c.get("_reckoning"):
            what = "monster" if c.get("monster") else card.get("kind", "?")
            label = f"reckoning_{what}" + (f"_{card['id']}" if what == "mythos" else "")
        elif c.get("enc") and c.get("enc") != "instead":
            label = f"encounter_{c.get('deck') or c['enc']}"
        elif card.get("kind") == "mythos":
            label = f"mythos_effect_{card['id']}"
        elif card.get("kind") in ("ao", "mystery", "final"):
            label = card["kind"]
        elif card.get("kind"):
            label = f"card_{card['kind']}"
        else:
            label = "other_effect"
        _CAUSE.append(label)
        try:
            return orig_op(self, s, st, c, cid, events)
        finally:
            _CAUSE.pop()
    cls._op_advance_doom = op_advance_doom

    orig_doom = cls.advance_doom

    def advance_doom(self, s, amount, events, c=None, **kwargs):   # kwargs: the rules' own (by_gates)
        before, awake = s["doom"], s["awakened"]
        label = _CAUSE[-1] if _CAUSE else "other"
        if not awake and any(label.startswith(p) for p in _SPARED):   # a what-if, never the game's rule
            _DOOM_BY[f"spared_{label}"] += max(0, amount)
            return None
        out = orig_doom(self, s, amount, events, c, **kwargs)
        if awake:
            _DOOM_BY[f"awakened_{label}"] += max(0, amount)
        elif before > s["doom"]:
            _DOOM_BY[label] += before - s["doom"]
        return out
    cls.advance_doom = advance_doom

# data/eldritch/README.md ruling 20: costandre01's normalMythos.ts @255bf8f (and its implemented version) print
# Spawn Clues, not Spawn Gates, on these four yellow cards; facts.yaml's 0409f87f version prints gates (kept)
YELLOW_CLUES_CARDS = ("burden_of_greed", "from_bad_to_worse", "haunting_nightmares", "heat_wave_singes_the_globe")

SPARE_CAUSES = ("omen_gates", "defeat", "reckoning", "mythos_effect", "ao", "encounter", "no_gate_left", "mystery",
                "card", "other")
MAX_ACTIONS = 50_000
FORCED_DICE = 100_000   # more dice than a game rolls


def trace_game(rules, players: int, seed: int, options: dict | None = None, face: int | None = None,
               show: bool = False) -> dict:
    """One game; ``face``: every die shows it (the setup's forced dice)."""
    names = [f"p{i + 1}" for i in range(players)]
    setup = {"dice": [face] * FORCED_DICE} if face else None
    state, events = rules.new_game(names, seed, options, setup)
    agents = {p: keeper_for("eldritch", p) for p in names}
    tell(agents, events)
    rng = random.Random(seed)
    c: Counter = Counter()
    v = rules.view(state, names[0])
    per_round = {1: (v["doom"], len(v["gates"]), 0)}   # round -> (doom, open gates, clues held) as it starts
    if show:
        print(f"{v['ancient_one']}: doom {v['doom']}, gates {v['gates']}, mystery {(v.get('mystery') or {}).get('id')}")
    mysteries = []   # [mystery, round drawn, round solved or None]
    tests = TestTracker(c)
    budget = BudgetTracker(c)
    budget.active = next((ev["mystery"] for ev in events if ev["type"] == "mystery_drawn"), None)
    if budget.active:
        c[budget.key("activations")] += 1
        c[budget.key("rounds")] += 1
        c[budget.key("inv_rounds")] += players
    steps = 0
    for ev in events:   # the first mystery is drawn at setup
        if ev["type"] == "mystery_drawn":
            mysteries.append([ev["mystery"], state["round"], None])
    while not rules.is_over(state) and steps < MAX_ACTIONS:
        prompt = rules.prompts(state)[0]
        action = ask(rules, state, agents[prompt["player"]], prompt, rng)
        if prompt.get("kind") in ("action", "encounter"):
            budget.before(rules.view(state, prompt["player"]), agents[prompt["player"]], prompt, action)
        events = rules.apply_in_place(state, action)
        tell(agents, events)
        steps += 1
        count_events(events, c)
        tests.see(state, events)
        budget.see(state, events)
        if show:
            print_events(rules, state, names[0], events)
        if any(ev["type"] == "round_started" for ev in events):   # the board each round begins with
            c["open_gates_at_round_start"] += len(state["gates"]["board"])
            c["monsters_at_round_start"] += len(state["monsters"]["board"])
            c["round_starts"] += 1
        for ev in events:
            if ev["type"] == "round_started":
                v = rules.view(state, names[0])
                per_round[ev["round"]] = (v["doom"], len(v["gates"]), sum(i["clues"] for i in v["investigators"]))
            if ev["type"] == "action" and ev.get("inv"):
                seat = next((i["player"] for i in rules.view(state, names[0])["investigators"]
                             if i["id"] == ev["inv"]), "?")
                c[f"seat_{seat}_{ev.get('action')}"] += 1
            if ev["type"] == "mystery_drawn":
                mysteries.append([ev["mystery"], state["round"], None])
            elif ev["type"] == "mystery_solved" and mysteries:
                mysteries[-1][2] = state["round"]
    out = rules.outcome(state)
    c["rounds"] = out["rounds"]
    if out["winner"] != "investigators":   # clues left in hand when the game was lost
        c["hold_lost_clues"] += sum(len(i["clues"]) for i in state["inv"].values())
        c["hold_lost_games"] += 1
    for m in mysteries:
        m[2] = (m[2] - m[1]) if m[2] is not None else -(out["rounds"] - m[1])
    return {"counts": c, "winner": out["winner"], "reason": out["reason"], "ao": state["ao"],
            "mysteries": mysteries, "per_round": per_round}


class TestTracker:
    """Every test of a game, booked by what it was for (the encounter kind, a fight, a purchase, an
    action, the Mythos phase), its skill, its dice, where its bonus came from and the rerolls spent:
    ``test|<for>|<skill>|<field>`` counters. Also what each investigator holds as each round starts
    (``hold|r<round>|<what>``, summed over the active investigators)."""

    def __init__(self, c: Counter):
        self.c = c
        self.ctx: dict = {}    # investigator -> what its next test is for
        self.open: dict = {}   # investigator -> the test under way

    def see(self, state, events) -> None:
        c = self.c
        for ev in events:
            t, inv = ev["type"], ev.get("inv")
            if t in ("phase", "round_started", "turn"):
                self.ctx.clear()
            if t == "round_started":
                for i in state["inv"].values():
                    if i["status"] != "active":
                        continue
                    key = f"hold|r{ev['round']:02d}|"
                    c[key + "invs"] += 1
                    c[key + "assets"] += len(i["assets"])
                    c[key + "spells"] += len(i["spells"])
                    c[key + "artifacts"] += len(i["artifacts"])
                    c[key + "improved"] += sum(1 for v in i["improve"].values() if v)
                    c[key + "clues"] += len(i["clues"])
                    held = {rules_for("eldritch").card_id(b) for b in i["conditions"]}
                    c[key + "blessed"] += "blessed" in held
                    c[key + "cursed"] += "cursed" in held
            if t == "mythos_drawn":
                self.ctx["*"] = "mythos"
            elif t == "encounter" and inv:
                self.ctx[inv] = "enc_" + str(ev.get("what"))
            elif t == "combat" and inv:   # the epic monster of a mystery apart
                epic = (rules_for("eldritch").C.monsters.get(ev.get("kind")) or {}).get("epic")
                self.ctx[inv] = "combat_epic" if epic else "combat"
            elif t == "action" and inv:
                self.ctx[inv] = "act_" + str(ev.get("action"))
            elif t == "test_rolled":
                fight = (self.ctx.get(inv) or "").startswith("combat")
                own, best = skill_dice(state, inv, ev["skill"], fight), max(
                    (skill_dice(state, o, ev["skill"], fight) for o, i in state["inv"].items()
                     if i["status"] == "active"), default=0)
                self.open[inv] = {"crit": _TEST_CRIT.get(inv, False), "own": own, "best": best,
                                  "for": self.ctx.get(inv) or self.ctx.get("*", "other"), "skill": ev["skill"],
                                  "dice": len(ev["dice"]), "bonus": ev.get("bonus", 0), "extra": ev.get("extra", 0),
                                  "improve": state["inv"][inv]["improve"].get(ev["skill"], 0),
                                  "clue_rerolls": 0, "other_rerolls": 0}
            elif t == "spent" and inv in self.open and ev.get("what") in ("clues", "sanity"):
                self.open[inv]["clue_rerolls"] += 1
            elif t in ("rerolled", "die_bonus") and inv in self.open:
                self.open[inv]["other_rerolls"] += 1
            elif t == "test_result" and inv in self.open:
                rec = self.open.pop(inv)
                rec["other_rerolls"] -= rec["clue_rerolls"] if t == "test_result" else 0
                for key in (f"test|{rec['for']}|{rec['skill']}|", f"test|{rec['for']}|*|", f"test|*|{rec['skill']}|",
                            "test|*|*|"):
                    c[key + "n"] += 1
                    c[key + "passed"] += bool(ev.get("passed"))
                    c[key + "dice"] += rec["dice"]
                    c[key + "bonus"] += rec["bonus"]
                    c[key + "with_bonus"] += rec["bonus"] > 0
                    c[key + "extra"] += rec["extra"]
                    c[key + "improve"] += rec["improve"]
                    c[key + "clue_rerolls"] += rec["clue_rerolls"]
                    c[key + "other_rerolls"] += max(0, rec["other_rerolls"])
                    if not ev.get("passed"):   # failed with clues in hand: successes left on the table?
                        c[key + "failed_with_clues"] += bool(state["inv"][inv]["clues"])
                        c[key + "failed_clues_held"] += len(state["inv"][inv]["clues"])
                held = len(state["inv"][inv]["clues"])
                crit = 'critical' if rec['crit'] else 'not_critical'
                for key in (f"fail|{rec['for']}|", f"fail|{crit}|", f"fail|{crit}:{rec['for']}|", "fail|*|"):
                    c[key + "n"] += 1
                    c[key + "passed"] += bool(ev.get("passed"))
                    c[key + "dice"] += rec["dice"]
                    c[key + "clue_rerolls"] += rec["clue_rerolls"]
                    c[key + "better_mate"] += rec["best"] > rec["own"]   # a teammate rolls more of this skill
                    c[key + "mate_gap"] += rec["best"] - rec["own"]
                    if not ev.get("passed"):
                        c[key + "failed_clues_held"] += held
                        # each clue rerolls one die: a third of a success each (what the held clues could buy)
                        c[key + "clue_could_pass"] += 1 - (2 / 3) ** held


def skill_dice(state, inv: str, skill: str, fight: bool = False) -> int:
    """The dice ``inv`` rolls in a plain test of ``skill``: skill, improvement and its assets'
    largest printed passive bonus of that skill that applies (``always``; a fight's too in a fight;
    bonuses of one skill do not add up)."""
    i = state["inv"][inv]
    C = rules_for("eldritch").C
    during = ("always", "any_test", None) + (("combat", "combat_strength") if fight else ())
    bonus = max((st.get("amount") or 0 for a in i["assets"] for ab in (C.assets.get(a) or {}).get("abilities") or ()
                 if ab.get("timing") == "passive"
                 for st in ab.get("effect") or () if st.get("op") == "skill_bonus" and st.get("skill") == skill
                 and st.get("during") in during), default=0)
    return max(1, i["skills"][skill] + i["improve"].get(skill, 0) + bonus)


class BudgetTracker:
    """Issue 22's time budget: while each mystery is the active one, what its investigators spent
    their rounds on. Per investigator-round: the actions taken (a travel booked by the goal the
    agent travelled toward: the mystery's own space, its epic monster, a trophy, a gate, a clue, a
    spell city, anything else), the action phases lost to Delayed, the encounters by kind, the
    fights (won when the monster fell), and the mystery's progress (its card's tokens, clues,
    trophies or gates, and the epic monster's damage). ``budget|<mystery>|<what>`` counters."""

    def __init__(self, c: Counter):
        self.c = c
        self.active: str | None = None
        self.travel_goal: dict = {}   # investigator -> the kind of goal its agent travels toward
        self.fighting: dict = {}      # investigator -> the monster it fights
        self.heading: dict = {}       # investigator -> the goal of its latest Travel

    def goal_kind(self, view, goal) -> str:
        if goal is None:
            return "no_goal"
        mystery = view.get("mystery") or {}
        spaces = set(mystery.get("placed") or ()) | set(view.get("eldritch") or ())
        if view.get("mystery_token"):
            spaces.add(view["mystery_token"])
        C = rules_for("eldritch").C
        monsters = [m for m in view["monsters"].values() if m["space"] == goal]
        if any((C.monsters.get(m["kind"]) or {}).get("epic") for m in monsters):
            return "epic"
        if goal in spaces:
            return "mystery_space"
        if goal in view["gates"]:
            return "gate"
        if goal in view["clues"]:
            return "clue"
        if goal in _spell_cities():
            return "spell_city"
        if monsters:
            return "monster"
        return "other"

    def before(self, view, agent, prompt, action) -> None:
        """An action prompt answered with Travel: book the goal the agent claimed. An encounter
        chosen: book whether its investigator stands on its goal (else how far it still is)."""
        if prompt.get("kind") == "action" and action and action.get("type") == "travel":
            goal = getattr(agent, "_goal_of", {}).get(prompt.get("inv"))
            self.travel_goal[prompt.get("inv")] = self.goal_kind(view, goal)
            last = self.heading.get(prompt.get("inv"))
            if self.active and last and last != goal:   # a goal given up on the way (not reached)
                self.c[self.key("goal_switched")] += 1
                inv = next((i for i in view["investigators"] if i["id"] == prompt.get("inv")), None)
                if inv is not None and hasattr(agent, "_goals"):   # was it still worth going to?
                    self.c[self.key("goal_switched_live" if last in agent._goals(view, inv) else
                                    "goal_switched_gone")] += 1
            self.heading[prompt.get("inv")] = goal
        elif prompt.get("kind") == "encounter" and self.active and hasattr(agent, "_claim_goal"):
            inv = next((i for i in view["investigators"] if i["id"] == prompt.get("inv")), None)
            if inv is None:
                return
            goal = agent._claim_goal(view, inv)
            d = rules_for("eldritch").C.dist[inv["space"]].get(goal, 99) if goal else None
            where = "no_goal" if goal is None else "at_goal" if d == 0 else "goal_1_away" if d == 1 else \
                "goal_2_away" if d == 2 else "goal_3+_away"
            self.c[self.key("where_" + where)] += 1

    def key(self, what: str) -> str:
        return f"budget|{self.active}|{what}"

    def see(self, state, events) -> None:
        c = self.c
        for ev in events:
            t, inv = ev["type"], ev.get("inv")
            if t == "mystery_drawn":
                self.active = ev["mystery"]
                c[self.key("activations")] += 1
            elif t == "mystery_solved":
                self.active = None
            if self.active is None:
                continue
            if t == "round_started":
                n = sum(1 for i in state["inv"].values() if i["status"] == "active")
                c[self.key("rounds")] += 1
                c[self.key("inv_rounds")] += n
            elif t == "encounter" and inv and state["inv"][inv]["space"] == self.heading.get(inv):
                self.heading.pop(inv, None)   # reached
            if t == "action" and inv:
                what = ev.get("action")
                if what == "travel":
                    what = "travel_" + self.travel_goal.pop(inv, "?")
                elif what in ("component", "local"):
                    what = "card_action"
                c[self.key("act_" + what)] += 1
                c[self.key("actions")] += 1
            elif t == "stood_up":
                c[self.key("act_delayed")] += 2
            elif t == "encounter" and inv:
                c[self.key("enc_" + str(ev.get("what")))] += 1
            elif t == "combat" and inv:
                if inv in self.fighting:   # its previous fight ended with the monster standing
                    c[self.key("fight_lost_epic" if self.fighting[inv][1] else "fight_lost")] += 1
                epic = (rules_for("eldritch").C.monsters.get(ev.get("kind")) or {}).get("epic")
                self.fighting[inv] = (ev.get("monster"), bool(epic))
                c[self.key("fight_epic" if epic else "fight")] += 1
            elif t == "monster_defeated":
                for who, (m, epic) in list(self.fighting.items()):
                    if m == ev.get("monster"):
                        del self.fighting[who]
                        c[self.key("fight_won_epic" if epic else "fight_won")] += 1
            elif t in ("phase", "turn", "round_started", "investigator_defeated", "devoured"):
                for who in list(self.fighting):
                    if t in ("phase", "round_started") or who == inv:
                        c[self.key("fight_lost_epic" if self.fighting[who][1] else "fight_lost")] += 1
                        del self.fighting[who]
            if t == "put_on_card" or (t == "monster_hurt" and (rules_for("eldritch").C.monsters.get(ev.get("kind"))
                                                                or {}).get("epic")):
                c[self.key("progress")] += 1
            if t in ("investigator_defeated", "devoured"):
                c[self.key("defeated")] += 1
            if t in ("ticket_gained", "ticket_spent"):
                c[self.key(t)] += 1


BUDGET_ACTS = ("travel_mystery_space", "travel_epic", "travel_monster", "travel_gate", "travel_clue",
               "travel_spell_city", "travel_other", "travel_no_goal", "travel_?", "rest", "acquire", "prepare", "trade",
               "card_action", "end_actions", "delayed")
BUDGET_ENC = ("mystery", "research", "other_world", "location", "rumor", "expedition", "special", "defeated")


def print_budget(total: Counter, n: int) -> None:
    """The time budget per mystery (``BudgetTracker``): rounds it stood active per activation, and per
    investigator-round the action slots (2) spent by kind, the encounters by kind, fights won/lost,
    progress steps."""
    mids = sorted({k.split("|")[1] for k in total if k.startswith("budget|")},
                  key=lambda m: -total[f"budget|{m}|inv_rounds"])
    print("  time budget per mystery (per activation: rounds active; per investigator-round: the 2 action slots "
          "by kind, encounters, fights won/lost, progress):")
    for m in mids:
        k = f"budget|{m}|"
        ir = max(1, total[k + "inv_rounds"])   # a mystery drawn as the game ended stood no round
        acts = ", ".join(f"{a.replace('travel_', 'T:')} {total[k + 'act_' + a] / ir:.2f}" for a in BUDGET_ACTS
                         if total[k + "act_" + a])
        encs = ", ".join(f"{e} {total[k + 'enc_' + e] / ir:.2f}" for e in BUDGET_ENC if total[k + "enc_" + e])
        print(f"    {m}: {total[k + 'activations']} times, {total[k + 'rounds'] / max(1, total[k + 'activations']):.1f} "
              f"rounds each, {ir / max(1, total[k + 'rounds']):.1f} investigators; per investigator-round: {acts}; "
              f"encounters {encs}; fights {total[k + 'fight'] / ir:.2f} (won {total[k + 'fight_won'] / ir:.2f}), "
              f"epic {total[k + 'fight_epic'] / ir:.2f} (won {total[k + 'fight_won_epic'] / ir:.2f}); "
              f"progress {total[k + 'progress'] / ir:.2f}; defeated {total[k + 'defeated'] / ir:.2f}; tickets gained "
              f"{total[k + 'ticket_gained'] / ir:.2f}, spent {total[k + 'ticket_spent'] / ir:.2f}")
    ir = sum(total[f"budget|{m}|inv_rounds"] for m in mids)
    if ir:
        print("    all mysteries, per investigator-round: " + ", ".join(
            f"{a.replace('travel_', 'T:')} {sum(total[f'budget|{m}|act_{a}'] for m in mids) / ir:.2f}"
            for a in BUDGET_ACTS) + ", encounters " + ", ".join(
            f"{e} {sum(total[f'budget|{m}|enc_{e}'] for m in mids) / ir:.2f}" for e in BUDGET_ENC) + ", tickets gained "
            f"{sum(total[f'budget|{m}|ticket_gained'] for m in mids) / ir:.2f}, spent "
            f"{sum(total[f'budget|{m}|ticket_spent'] for m in mids) / ir:.2f}")
        print("    all mysteries, encounters chosen (per investigator-round) with the investigator: " + ", ".join(
            f"{w} {sum(total[f'budget|{m}|where_{w}'] for m in mids) / ir:.2f}"
            for w in ("at_goal", "goal_1_away", "goal_2_away", "goal_3+_away", "no_goal")) +
            f"; goals given up on the way {sum(total[f'budget|{m}|goal_switched'] for m in mids) / ir:.2f} "
            f"(still a goal {sum(total[f'budget|{m}|goal_switched_live'] for m in mids) / ir:.2f})")


def print_tests(total: Counter, n: int) -> None:
    """The tests by purpose and skill (``TestTracker``), and holdings by round."""
    rows = sorted({k.rsplit("|", 1)[0] for k in total if k.startswith("test|")},
                  key=lambda r: -total[r + "|n"])
    print("  tests by purpose|skill: per game, pass %, dice, bonus (% with one), extra dice, improvements, "
          "clue rerolls and other rerolls per test, failed with clues in hand (% of failures, clues held)")
    for r in rows:
        k = total[r + "|n"]
        fails = k - total[r + "|passed"]
        if k / n < 0.05:
            continue
        print(f"    {r[5:]:<28} {k / n:5.2f}/game {100 * total[r + '|passed'] / k:4.0f} % pass, "
              f"{total[r + '|dice'] / k:.2f} dice, bonus {total[r + '|bonus'] / k:.2f} "
              f"({100 * total[r + '|with_bonus'] / k:.0f} %), extra {total[r + '|extra'] / k:.2f}, "
              f"improve {total[r + '|improve'] / k:.2f}, rerolls {total[r + '|clue_rerolls'] / k:.2f} clue "
              f"{total[r + '|other_rerolls'] / k:.2f} other; failed with clues "
              f"{100 * total[r + '|failed_with_clues'] / max(1, fails):.0f} % "
              f"({total[r + '|failed_clues_held'] / max(1, fails):.1f} held)")
    rows = sorted({k.split("|")[1] for k in total if k.startswith("fail|")}, key=lambda r: -total[f"fail|{r}|n"])
    print("  failures by what the test was for (critical: the active mystery's own progress): tests and failures "
          "per game, pass %, dice, clue rerolls per test, clues held per failure, passes the held clues could have "
          "bought per game (1 - (2/3)^clues a failure), tests where a teammate rolls more of the skill (%, dice more)")
    for r in rows:
        k = f"fail|{r}|"
        t = total[k + "n"]
        fails = t - total[k + "passed"]
        if t / n < 0.05:
            continue
        print(f"    {r:<20} {t / n:5.2f} tests {fails / n:5.2f} failed/game {100 * total[k + 'passed'] / t:4.0f} % pass, "
              f"{total[k + 'dice'] / t:.2f} dice, clue rerolls {total[k + 'clue_rerolls'] / t:.2f}, clues held "
              f"{total[k + 'failed_clues_held'] / max(1, fails):.2f}, clue-bought passes {total[k + 'clue_could_pass'] / n:.2f}"
              f"/game, better teammate {100 * total[k + 'better_mate'] / t:.0f} % (+{total[k + 'mate_gap'] / t:.2f} dice)")
    rounds = sorted({k.split("|")[1] for k in total if k.startswith("hold|")})
    print("  held per active investigator as a round starts: assets, spells, artifacts, skills improved, clues, "
          "Blessed, Cursed")
    for r in rounds:
        k = total[f"hold|{r}|invs"]
        if k:
            print(f"    {r}: " + ", ".join(f"{w} {total[f'hold|{r}|{w}'] / k:.2f}"
                                          for w in ("assets", "spells", "artifacts", "improved", "clues", "blessed",
                                                    "cursed")))
    if total["hold_lost_games"]:
        print(f"  clues held when a game was lost: {total['hold_lost_clues'] / total['hold_lost_games']:.2f} a game")


QUIET = {"test_rolled", "turn", "phase", "encounter_discarded", "reserve_refilled", "mythos_discarded", "die_rolled",
         "tokens", "card_face_up", "stood_up", "moved"}


def print_events(rules, state, viewer: str, events) -> None:
    """One game turn by turn: the public events, a table line at each round's start."""
    for ev in events:
        if ev["type"] in QUIET:
            continue
        if ev["type"] == "round_started":
            v = rules.view(state, viewer)
            invs = ", ".join(f"{i['id']}@{i['space']} h{i['health']} s{i['sanity']} c{i['clues']} "
                             f"t{sum(i['tickets'].values())}" for i in v["investigators"] if i["status"] == "active")
            mystery = v.get("mystery") or {}
            print(f"=== round {ev['round']}: doom {v['doom']}, omen {v['omen']} ({v['omen_index']}), gates "
                  f"{v['gates']}, clues on the map {sorted(v['clues'])}, mystery {mystery.get('id')} "
                  f"{ {k: x for k, x in mystery.items() if x and k != 'id'} }; {invs}")
            continue
        detail = " ".join(f"{k}={x}" for k, x in ev.items() if k not in ("type", "audience", "faces"))
        print(f"  {ev['type']}: {detail}")


_DOING = ["start"]   # what the investigators were last seen doing (a fight, an encounter, the Mythos phase)


def count_events(events, c: Counter) -> None:
    cause = "effect"
    for ev in events:
        t = ev["type"]
        if t == "combat":
            epic = (rules_for("eldritch").C.monsters.get(ev.get("kind")) or {}).get("epic")
            _DOING[0] = "combat_epic" if epic else "combat"
        elif t == "encounter":
            _DOING[0] = f"encounter_{ev.get('what')}"
        elif t in ("mythos_drawn", "action"):
            _DOING[0] = "mythos" if t == "mythos_drawn" else f"action_{ev.get('action')}"
        elif t in ("investigator_defeated", "devoured"):
            c[f"defeated_in_{_DOING[0]}"] += 1
        if t == "omen":
            cause = "omen"
        elif t == "no_gate_left":
            cause = "no_gate_left"
        elif t in ("investigator_defeated", "devoured"):
            cause = "defeat"
            c[f"defeated_{ev.get('token') or ev.get('by') or t}"] += 1
        elif t == "mythos_drawn":
            cause = "mythos"
        elif t in ("encounter", "combat"):
            cause = "encounter"
        elif t == "action":
            cause = "action"
        elif t == "rumor_failed":
            cause = "rumor"
        elif t == "test_result":
            c[f"test_{ev.get('skill')}"] += 1
            c[f"test_{ev.get('skill')}_passed"] += bool(ev.get("passed"))
        if t == "doom" and ev.get("change", 0) < 0:
            c[f"doom_{cause}"] += -ev["change"]
        elif t == "doom" and ev.get("change", 0) > 0:
            c["doom_retreated"] += ev["change"]
        elif t == "gate_spawned":
            c["gates_opened"] += 1
        elif t == "gate_closed":
            c["gates_closed"] += 1
        elif t == "clues_gained":
            c["clues_gained"] += ev.get("count", 1)
        elif t in ("clues_discarded", "spent"):
            if t == "clues_discarded" or ev.get("what") in ("clue", "clues"):
                c["clues_spent"] += ev.get("count", 1)
        elif t == "clue_spawned":
            c["clues_spawned"] += 1
        elif t == "mystery_solved":
            c["mysteries_solved"] += 1
        elif t == "monster_spawned":
            c["monsters_spawned"] += 1
        elif t == "monster_defeated":
            c["monsters_defeated"] += 1
        elif t == "action":
            c[f"action_{ev.get('action')}"] += 1
        elif t == "encounter":
            c[f"enc_{ev.get('what')}"] += 1
        elif t == "mythos_drawn":
            c[f"mythos_{ev.get('colour')}"] += 1
        elif t in ("rumor_failed", "rumor_solved"):   # which rumors end games or get stopped
            c[f"{t}_{ev.get('card')}"] += 1
        elif t == "traded":   # what trades move between investigators
            c[f"traded_{ev.get('what')}"] += 1
        elif t == "prevented" and ev.get("what") == "close_gate":
            c["gate_close_prevented"] += 1


def main(argv: int | list[str] | None = None) -> None:
    """`python -m bench.<this> [options]`, or `python -m bench <name> --count GAMES`."""
    if isinstance(argv, int):
        argv = ["--games", str(argv)]
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=1)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ao", default=None)
    ap.add_argument("--dice", type=int, choices=range(1, 7), default=None,
                    help="every die shows this face (6: no test ever fails)")
    ap.add_argument("--show", type=int, default=None, metavar="SEED", help="print this one game turn by turn")
    ap.add_argument("--no-doom", action="store_true", help="what-if: --spare every cause (no doom before the awakening)")
    ap.add_argument("--spare", action="append", default=[],
                    choices=SPARE_CAUSES,
                    help="what-if: doom from this cause does not advance before the awakening (weighs a procedure)")
    ap.add_argument("--luck", action="append", default=[], choices=LUCK_KINDS,
                    help="what-if: every die of a test of this kind (a fight, an encounter's kind, a purchase, a "
                         "spell, any other) shows a 6 — what its failures cost")
    ap.add_argument("--yellow-clues", action="store_true",
                    help="what-if (README ruling 20, an open card-data question): the four yellow mythos cards "
                         "some sources print with Spawn Clues spawn clues instead of gates (this process only)")
    a = ap.parse_args([] if argv is None else argv)
    _LUCKY.update(a.luck)
    rules = rules_for("eldritch")
    instrument(rules)
    if a.yellow_clues:   # a what-if, never the game's data: only this process's loaded copy changes
        for card in YELLOW_CLUES_CARDS:
            m = rules.C.mythos[card]
            m["symbols"] = ["spawn_clues" if x == "spawn_gates" else x for x in m["symbols"]]
    if a.no_doom:
        a.spare = list(SPARE_CAUSES)
    _SPARED.update(a.spare)
    options = {"ancient_one": a.ao} if a.ao else None
    if a.show is not None:
        g = trace_game(rules, a.players, a.show, options, a.dice, show=True)
        print(f"{g['ao']}: {g['winner']} ({g['reason']}) after {g['counts']['rounds']} rounds")
        return
    total: Counter = Counter()
    ends: dict = defaultdict(Counter)
    mysteries: dict = defaultdict(list)   # mystery -> rounds to solve (negative: unsolved, on the table)
    curve: dict = defaultdict(list)       # round -> [(doom, gates, clues)] of the games that reached it
    lost_on: Counter = Counter()          # mystery -> games lost while it was the active one
    for i in range(a.games):
        g = trace_game(rules, a.players, a.seed + i, options, a.dice)
        total.update(g["counts"])
        for mid, _, took in g["mysteries"]:
            mysteries[mid].append(took)
        if g["winner"] != "investigators" and g["mysteries"] and g["mysteries"][-1][2] < 0:
            lost_on[g["mysteries"][-1][0]] += 1   # the mystery that stood in the way
        for r, row in g["per_round"].items():
            curve[r].append(row)
        ends[g["ao"]][g["reason"]] += 1
        ends[g["ao"]]["games"] += 1
        if g["winner"] == "investigators":
            ends[g["ao"]]["wins"] += 1
    n = a.games
    wins = sum(e["wins"] for e in ends.values())
    luck = (f", every die a {a.dice}" if a.dice else "") + (f", every die a 6 in {'/'.join(a.luck)} tests"
                                                           if a.luck else "") + (f", no doom from {'/'.join(a.spare)}" if a.spare else "") \
        + (", four yellow cards spawn clues (ruling 20 what-if)" if a.yellow_clues else "")
    print(f"{a.players} investigator(s), {n} games{luck}: investigators win {100 * wins / n:.1f} %")
    for ao, e in sorted(ends.items()):
        reasons = ", ".join(f"{k} {v}" for k, v in sorted(e.items()) if k not in ("games", "wins"))
        print(f"  {ao}: {e['wins']}/{e['games']} won; {reasons}")
    print("  per mystery: drawn, solved, rounds drawn -> solved, rounds on the table unsolved, games "
          "lost with it on the table at the end:")
    for mid, rounds in sorted(mysteries.items(), key=lambda kv: -lost_on[kv[0]]):
        solved = [r for r in rounds if r >= 0]
        mean = sum(solved) / len(solved) if solved else 0
        stuck = [-r for r in rounds if r < 0]
        print(f"  mystery {mid}: drawn {len(rounds)}, solved {len(solved)} ({100 * len(solved) / len(rounds):.0f} %, "
              f"in {mean:.1f} rounds), unsolved on the table {sum(stuck) / len(stuck) if stuck else 0:.1f} rounds, "
              f"lost with it {lost_on[mid]}")
    for r, rows in sorted(curve.items()):
        k = len(rows)
        print(f"  round {r:2d} ({k} games): doom {sum(x[0] for x in rows) / k:.1f}, open gates "
              f"{sum(x[1] for x in rows) / k:.1f}, clues held {sum(x[2] for x in rows) / k:.1f}")
    for skill in sorted({k[5:] for k in total if k.startswith("test_") and not k.endswith("_passed")}):
        tried = total[f"test_{skill}"]
        print(f"  tests {skill}: {tried / n:.2f} per game, {100 * total[f'test_{skill}_passed'] / tried:.0f} % passed")
    print_tests(total, n)
    print_budget(total, n)
    for key in sorted(total):
        if not key.startswith(("test_", "test|", "hold|", "hold_", "budget|", "fail|")):
            print(f"  {key}: {total[key] / n:.2f} per game")
    if total["round_starts"]:
        print(f"  mean board at a round's start: {total['open_gates_at_round_start'] / total['round_starts']:.2f} "
              f"open gates, {total['monsters_at_round_start'] / total['round_starts']:.2f} monsters")
    print("  doom advanced, by procedure or card (per game; awakened_*: after the awakening):")
    for key, v in _DOOM_BY.most_common():
        print(f"    doom_by_{key}: {v / n:.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
