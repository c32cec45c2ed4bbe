"""Eldritch Horror: Keeper's agent — heuristics over the (public) table, per investigator.

Everything an investigator knows is public except the backs of spells and conditions, so the view
carries nearly all; the agent also remembers the dice of its investigators' tests (the public
``test_rolled``/``rerolled`` events) to decide rerolls, and the kind of each one's latest encounter
(the public ``encounter`` event). Each investigator:

* rests when hurt (health or sanity at 70 % or less; first stepping off a monster's space), else
  travels toward the most valuable reachable goal — the active mystery's spaces (far above the
  rest when it holds the clues a step costs, no goal without them), open gates (those of the omen the next advance lands
  on first), clues (more when the mystery needs clues it lacks), the mystery's epic monster
  (everyone's, fought while an average fight leaves any health and sanity), for Hunting the
  Thousand with its 2 clues in hand a monster (its share of the toughness still missing), for a
  spell mystery short of its spells the cities whose location encounters give spells (Arkham,
  Buenos Aires; then gates 2.5x with Where the Old Ones Broke Through's 2 spells in hand), for
  Omen of Devastation with a clue a gate of the current omen within this round's reach (3x) —, each
  goal's value shrinking
  with the fights its monsters would take, preferring goals no other investigator is heading for,
  never a space (nor a ticket ride's stop) whose monsters would, on average dice, leave it at 1
  health or sanity, stepping off a space whose monsters would defeat it before anything else;
  prepares a ticket of the kind its path rides — before the Travel when it rides that Travel on
  toward a goal two or more routes away (a hurt investigator travels on it before resting, a
  badly hurt one rests first) — and travels to the neighbour from which a held ticket rides on;
  uses a held condition's action first (Detained's way out), acquires assets in
  a quiet city when its Influence makes a purchase likely, a spell's action with a purpose
  (Arcane Understanding's step with a clue in hand; Shriveling at the epic monster or a guard of
  the goal here), an asset's or spell's action when nothing better is left (one that moves its
  user, Silas Marsh's sail, only toward the goal); trades with a partner on its space to pool
  what a step of the mystery costs (2 spells, 2 clues, a second Strength weapon for a fight),
  accepting exactly the plan it computes for the pair;
* chooses its encounter by value: the mystery (only with its price in hand), a spell city's
  location while short of a spell mystery's spells, an Other World
  (closing the gate; not at 1 health or sanity), a rumor, a research encounter where a clue lies,
  an expedition, else the location;
* rerolls a failed test of a fight or of an Other World, mystery, rumor, research or expedition
  encounter (a free reroll ability first, then a clue), keeping the clues the active mystery still
  costs (two when it costs none) — except to survive a fight or against the mystery's epic
  monster; never for a purchase;
* reads the printed "may"s of its current encounter card, mythos card or monster: pays whatever
  declining would cost a solved mystery, doom or a gate; takes the mystery's own step always; pays
  clues only with clues to spare (or for a rumor), health or sanity not at 1; an ability asked as
  its encounter turn begins (Mists of Releh) only with monsters here it does not hunt (nor
  Hunting the Thousand's trophies); prices each option of a printed "choose one"; improves the
  skill where a die more adds most (Strength and Will 2.5x while the mystery is an epic monster);
  pays a "may" whose declining would take all the health or sanity left; prices a mythos card's
  "discard any number" by the loss each card kept brings (Burden of Greed, Treacherous Magic);
* sets the omen (when a card lets it) where the next two advances meet the fewest gates;
* answers every other prompt with its printed default (the safest option is listed first).
"""
from __future__ import annotations

from functools import lru_cache

from engine.core.agent import BaseAgent

MYSTERY_READY = 3.0  # a mystery step in hand outweighs every other goal
NOT_READY = 0.0      # a mystery space without the clues its step costs
GUARDED = 0.5  # a goal's value shrinks with the fights (rounds) its monsters take
CONDITION_ACTION = 11.0   # a condition's action (Detained's way out) before anything else
COMPONENT_ACTION = 1.5   # an asset's or spell's action when nothing better is left
CLUE_RESERVE = 2         # clues kept for the mysteries to come when the active one needs none
ACQUIRE = 4.0             # buying assets when the goal is reached (assets win tests and fights)
CRITICAL = 1   # health or sanity at which no risk is taken
ESCAPE = 12.0   # stepping off a space whose monsters would defeat it, before anything else
TROPHY = 27.0   # Hunting the Thousand: a monster whose toughness completes the mystery (less for a share)
HUNT_MARGIN = 0   # health or sanity the average fight must leave on the epic monster's space
EPIC_HUNT = 80.0   # the mystery's epic monster as a goal (its guards still divide it): the mystery itself
HURT = 0.7            # rest at or below this share of health or sanity
BADLY_HURT = 0.5      # ... and before a ticket that rides this round's Travel on at or below this share (or 2)
GOAL_VALUE = {"mystery": 9.0, "gate": 9.0, "omen_gate": 12.0, "clue": 5.0, "expedition": 1.5, "rumor": 5.0}
ENCOUNTER_VALUE = {"mystery": 10, "other_world": 8, "rumor": 7, "research": 5, "expedition": 3, "location": 2,
                   "defeated": 1}


# a "choose one" option's step, priced (clues, health and sanity are priced by the agent's state)
OPTION_VALUE = {"gain_asset": 2.0, "gain_spell": 1.5, "gain_artifact": 3.0, "improve": 1.5, "close_gate": 6.0,
                "discard_condition": 1.5, "discard_monsters": 2.0, "gain_condition": -2.0, "delay": -1.5,
                "discard_possessions": -2.0, "discard_this_clue": -1.0, "advance_doom": -5.0}

# what passing a skill's tests is worth (how often it is tested, what it brings: gates, clues, fights)
SKILL_WEIGHT = {"lore": 1.5, "observation": 1.3, "will": 1.3, "strength": 1.0, "influence": 0.7}
EPIC_SKILL = 2.5   # Strength and Will weigh this much more while the mystery is an epic monster to defeat
OMEN_IN_REACH = 3.0   # Omen of Devastation: a gate of the current omen this round's move reaches, a clue in hand

# clues a mystery's step costs (the rest of its progress is paid with tokens from research)
MYSTERY_STEP_CLUES = {"seed_of_the_daemon_sultan": 2, "the_true_name": 2, "rituals_in_the_wild": 2,
                      "the_deep_ones_attack": 1, "hunting_the_thousand": 2, "omen_of_devastation": 1,
                      "arcane_understanding": 1}
RESEARCH_MYSTERIES = {"occult_research", "the_stars_are_right", "nature_of_the_all_mother", "the_beyond_one"}
# the public event right before a mystery ability's own "may" (its progress step)
MYSTERY_TRIGGER = {"hunting_the_thousand": "monster_defeated", "omen_of_devastation": "gate_closed",
                   "where_the_old_ones_broke_through": "gate_closed", "arcane_understanding": "test_result"}
# what declining a "may" must never bring
DIRE = {"unsolve_mystery", "advance_doom", "spawn_gates", "devour", "defeat"}
# spells a step of a spell mystery costs: Where the Old Ones Broke Through gives up 2 with a gate
# closed, Arcane Understanding 1 with its Lore test passed (and a clue)
SPELL_MYSTERIES = {"where_the_old_ones_broke_through": 2, "arcane_understanding": 1}
SPELL_CITY = 20.0      # a city whose location encounters give spells, for an investigator short of them
SPELL_ENCOUNTER = 9    # its location encounter then (above an Other World's 8)
SPELL_STEP = 9.9       # a spell cast that advances the mystery (or hurts its monster) now
SPELL_CITY_GAIN = 0.5
TRADE = 9.6            # a trade that pools a mystery's price, before travelling on  # spells a location encounter there gives on average, at least (Arkham 0.86)
# encounters whose tests are worth a clue or sanity on a reroll
WORTH_A_CLUE = {"other_world", "mystery", "rumor", "expedition", "research", "special"}


def _condition_ids() -> set:
    return set(_content().conditions)


@lru_cache(maxsize=1)
def _spell_cities() -> frozenset:
    """The spaces whose location encounters give a spell on average (Arkham, Buenos Aires), read
    from the printed region decks: a passed test counted at 0.6, a failed one at 0.4."""
    def spells(effect, weight):
        total = 0.0
        for st in effect or ():
            if not isinstance(st, dict):
                continue
            op = st.get("op")
            if op == "gain_spell":
                total += weight * (st.get("count") if isinstance(st.get("count"), int) else 1)
            elif op == "test":
                total += spells(st.get("pass"), weight * 0.6) + spells(st.get("fail"), weight * 0.4)
            elif op == "choose_one":
                total += max((spells(o.get("effect"), weight) for o in st.get("options") or ()), default=0.0)
            else:
                total += sum(spells(st.get(k), weight) for k in ("then", "effect") if isinstance(st.get(k), list))
        return total
    gained: dict = {}
    for deck in _content().decks.values():
        if deck.get("kind") != "region":
            continue
        for card in deck["cards"].values():
            for space, section in (card.get("sections") or {}).items():
                gained.setdefault(space, []).append(spells(section.get("effect"), 1.0))
    return frozenset(sp for sp, got in gained.items() if sum(got) / len(got) >= SPELL_CITY_GAIN)


def _content():
    from engine.registry import rules_for   # the printed map and cards: public content
    return rules_for("eldritch").C


class KeeperAgent(BaseAgent):
    def __init__(self, player: str):
        super().__init__(player)
        self.dice: dict[str, dict] = {}   # investigator -> {"dice", "faces"} of its test under way
        self._purpose = None              # the purpose of the prompt being answered
        self._about = None
        self._options: list = []
        self._goal_of: dict = {}
        self.encounter: dict[str, str] = {}   # investigator -> the kind of its latest encounter
        self.card: dict[str, tuple] = {}      # investigator -> (what, deck, card, section) of that encounter
        self.recent: set = set()              # the event types of the latest step
        self.mythos_card = None               # the mythos card drawn last
        self.starting = None                  # the investigator whose encounter turn just began

    def observe(self, events):
        self.recent = {ev["type"] for ev in events}
        for ev in events:
            if ev["type"] in ("phase", "turn"):
                self.encounter.clear()   # an encounter's "may"s end with its turn
                self.card.clear()
                self.starting = ev.get("inv") if ev.get("phase") == "encounter" else None
            elif ev["type"] in ("encounter", "combat", "test_rolled"):
                self.starting = None
            if ev["type"] == "encounter" and ev.get("inv"):
                self.encounter[ev["inv"]] = ev.get("what")
                self.card[ev["inv"]] = (ev.get("what"), ev.get("deck"), ev.get("card"), ev.get("section"))
            if ev["type"] == "action" and ev.get("inv") and ev.get("card"):
                self.card[ev["inv"]] = ("action", None, ev["card"], None)   # its choices follow
            if ev["type"] == "combat" and ev.get("inv"):
                self.card[ev["inv"]] = ("combat", None, ev.get("kind"), None)
            if ev["type"] == "mythos_drawn":
                self.mythos_card = ev.get("card")
            elif ev["type"] == "round_started":
                self.mythos_card = None   # its "may"s and choices end with the Mythos phase
            if ev["type"] in ("test_rolled", "rerolled", "die_bonus"):
                last = self.dice.get(ev["inv"], {})
                faces = ev.get("faces") or last.get("faces", [5, 6])
                self.dice[ev["inv"]] = {"dice": list(ev["dice"]), "faces": list(faces)}

    # --- decisions -----------------------------------------------------------------------
    def decide(self, view, prompt, rng):
        if prompt is None:
            return None
        options = prompt["options"]
        if prompt.get("shape", "one") != "one":
            return self.fallback(prompt, rng)
        kind = prompt["kind"]
        scorer = getattr(self, "_score_" + kind, None)
        if scorer is None:
            return self.act(prompt, options[0])   # the printed default: the safest option first
        inv = self._inv(view, prompt.get("inv"))
        self._purpose = prompt.get("purpose")
        self._about = prompt.get("about")
        self._options = options
        self._goal_of = {}   # the goals of this decision's view, computed once
        self._prompt = prompt
        scored = [(scorer(view, inv, o), -i) for i, o in enumerate(options)]
        return self.act(prompt, options[-max(scored)[1]])

    def _clue_need(self, view, inv) -> int:
        """Clues ``inv`` keeps for the active mystery: its steps still to pay, shared out among
        the investigators (a research mystery takes its clues fresh from research encounters)."""
        mystery = view.get("mystery") or {}
        per_step = MYSTERY_STEP_CLUES.get(mystery.get("id"), 0)
        if not per_step:
            return CLUE_RESERVE   # for the mysteries to come
        active = max(1, sum(1 for i in view["investigators"] if i["status"] == "active"))
        target = self._mystery_target(view)
        done = self._mystery_progress(view)
        left = max(1, target - done)
        return per_step * max(1, -(-left // active))

    def _mystery_target(self, view) -> int:
        mystery = view.get("mystery") or {}
        card = _content().mysteries.get(mystery.get("id"), {})
        of = ((card.get("progress") or {}).get("target") or {}).get("of")
        n = len(view["investigators"])
        return -(-n // 2) if of == "half_investigators" else n

    def _mystery_progress(self, view) -> int:
        mystery = view.get("mystery") or {}
        what = ((_content().mysteries.get(mystery.get("id"), {}).get("progress")) or {}).get("what")
        v = mystery.get({"monster_toughness": "toughness"}.get(what, what))
        if isinstance(v, list):
            return sum(v) if what == "monster_toughness" else len(v)
        return v if isinstance(v, int) else 0

    def _inv(self, view, inv_id):
        return next((i for i in view["investigators"] if i["id"] == inv_id), None)

    # --- the Action phase --------------------------------------------------------------------
    def _goals(self, view, inv) -> dict[str, float]:
        """Space -> value of going there for ``inv`` (others' positions halve a shared goal)."""
        goals: dict[str, float] = {}

        def add(space, value):
            if space:
                goals[space] = goals.get(space, 0.0) + value
        mystery = view.get("mystery") or {}
        step = MYSTERY_STEP_CLUES.get(mystery.get("id"), 0)
        ready = inv["clues"] >= step   # a mystery space is worth going to with its price in hand
        research = mystery.get("id") in RESEARCH_MYSTERIES
        # without its price a mystery space is no goal: standing on it waiting pinned a lone
        # investigator there for 8 rounds (seed 2003, The Deep Ones Attack); the clues come first
        token_value = GOAL_VALUE["mystery"] * (MYSTERY_READY if ready else NOT_READY)
        card = _content().mysteries.get(mystery.get("id"), {}) if mystery else {}
        for space in mystery.get("placed") or ():
            add(space, token_value)
        if card.get("encounter_at") == "mystery_token":
            add(view.get("mystery_token"), token_value)
        elif card.get("encounter_at") == "eldritch_token":
            for space in (view.get("eldritch") or {}):
                add(space, token_value)
        hunted = self._hunted_kinds(view)
        progress = (card.get("progress") or {}).get("what")
        monsters = _content().monsters
        for m in view["monsters"].values():
            if m["kind"] in hunted:
                # the mystery itself, for everyone: its damage stays, so every fight is progress
                # (hunting only when armed — a success a fight — solved fewer: 0.81 vs 0.91 a game)
                add(m["space"], EPIC_HUNT)
            elif progress == "monster_toughness" and self._trophies_ready(view, inv) and \
                    not (monsters.get(m["kind"]) or {}).get("epic"):
                # a trophy: its share of the toughness still missing (a lone clue's worth before)
                left = max(1, 2 * len(view["investigators"]) - self._mystery_progress(view))
                add(m["space"], TROPHY * min(self._toughness(m), left) / left)
        short = inv["clues"] < self._clue_need(view, inv)
        clue_value = GOAL_VALUE["clue"] * (2.5 if research else 2 if short else 1)
        track = _content().omen_track
        omen = track[(view["omen_index"] + 1) % len(track)]   # the omen the next advance lands on
        spaces = _content().spaces
        gate_bonus = 1.5 if progress == "gates" else 1.0
        spells_needed = SPELL_MYSTERIES.get(mystery.get("id"), 0)
        if spells_needed:
            if len(inv.get("spells") or ()) < spells_needed:
                for city in _spell_cities():   # the mystery's price: its spells
                    add(city, SPELL_CITY)
            elif progress == "gates":
                gate_bonus = 2.5   # 2 spells in hand: the next gate closed is the mystery's
        for gate in view["gates"]:
            colour = spaces.get(gate, {}).get("gate")
            value = GOAL_VALUE["omen_gate"] if colour == omen else GOAL_VALUE["gate"]
            if mystery.get("id") == "omen_of_devastation" and colour == view.get("omen"):
                value *= 1.5   # its own omen is the current one
                if inv["clues"] >= 1 and \
                        _content().dist[inv["space"]].get(gate, 99) <= 1 + sum(inv["tickets"].values()):
                    value *= OMEN_IN_REACH   # closed this round, while the omen is still its colour
            add(gate, value * gate_bonus)
        for space, n in view["clues"].items():
            add(space, clue_value * min(n, 2))
        if view.get("expedition"):
            add(view["expedition"], GOAL_VALUE["expedition"])
        for m in view["mythos"]["in_play"]:
            if m.get("rumor") and m.get("space"):
                add(m["space"], GOAL_VALUE["rumor"])
        # monsters guard a space: every one must be beaten before its encounter (seed 002, 962)
        monsters = _content().monsters
        fights: dict[str, float] = {}
        strength = self._combat_dice(inv, "strength", 0) / 3   # successes a fight deals, on average
        for m in view["monsters"].values():
            if m["kind"] in hunted:
                continue
            card = monsters.get(m["kind"]) or {}
            tough = card.get("toughness")
            tough = tough if isinstance(tough, int) else 3
            hits = max(1 / 3, (strength * 3 + (card.get("strength") or 0)) / 3)
            fights[m["space"]] = fights.get(m["space"], 0.0) + max(0, tough - m.get("damage", 0)) / hits
        for space, n in fights.items():
            if space in goals:
                goals[space] /= 1 + GUARDED * n
        return goals

    def _best_goal(self, view, inv):
        if inv["id"] not in self._goal_of:
            self._goal_of[inv["id"]] = self._claim_goal(view, inv)
        return self._goal_of[inv["id"]]

    def _claim_goal(self, view, inv):
        """Each investigator's goal: the best (investigator, goal) pair of the whole team is
        settled first (value over distance), then the best of what is left, so two never chase
        the same clue and a goal goes to whoever is nearest; the mystery's own monster is
        everyone's to hunt. Every agent computes the same claims."""
        dist = _content().dist
        active = [i for i in view["investigators"] if i["status"] == "active"]
        shared = self._hunted_spaces(view)
        scores = []
        for other in active:
            here = other["space"]
            for g, v in self._goals(view, other).items():
                if not self._deadly(view, other, g):
                    scores.append((v / (1 + dist[here].get(g, 99)), g, other["id"]))
        scores.sort(reverse=True)
        done: set = set()
        claimed: set = set()
        for _, g, who in scores:
            if who in done or g in claimed:
                continue
            if who == inv["id"]:
                return g
            done.add(who)
            if g not in shared:
                claimed.add(g)
        return None

    @staticmethod
    def _hunted_kinds(view) -> set:
        """The active mystery's own monsters (an epic monster to defeat)."""
        card = _content().mysteries.get((view.get("mystery") or {}).get("id"), {})
        return {st.get("kind") for st in card.get("enters_play") or () if st.get("op") == "spawn_monster"}

    def _hunted_spaces(self, view) -> set:
        hunted = self._hunted_kinds(view)
        return {m["space"] for m in view["monsters"].values() if m["kind"] in hunted}

    def _critical(self, inv) -> bool:
        """One bad test from defeat: an Other World, a costly "may" or a fight is not risked."""
        return min(inv["health"], inv["sanity"]) <= CRITICAL

    def _badly_hurt(self, inv) -> bool:
        return min(inv["health"], inv["sanity"]) <= 2 or \
            inv["health"] <= inv["max_health"] * BADLY_HURT or inv["sanity"] <= inv["max_sanity"] * BADLY_HURT

    def _hurt(self, inv) -> bool:
        return inv["health"] <= inv["max_health"] * HURT or inv["sanity"] <= inv["max_sanity"] * HURT

    def _combat_dice(self, inv, skill, modifier) -> float:
        bonus = 0
        for card_id in inv.get("assets") or ():
            for ability in (_content().assets.get(card_id) or {}).get("abilities") or ():
                for st in ability.get("effect") or ():
                    if st.get("op") == "skill_bonus" and st.get("skill") == skill:
                        bonus = max(bonus, st.get("amount") or 0)   # bonuses of one skill do not add up
        return max(1, inv["skills"][skill] + inv["improve"].get(skill, 0) + bonus + (modifier or 0))

    @staticmethod
    def _toughness(monster) -> int:
        """A non-epic monster's printed toughness."""
        tough = (_content().monsters.get(monster["kind"]) or {}).get("toughness")
        return tough if isinstance(tough, int) else 3

    def _deadly(self, view, inv, space) -> bool:
        """Whether fighting every monster on ``space`` would, on average dice (a third of them
        succeed), leave ``inv`` with 1 health or sanity or less — on the space of the mystery's
        epic monster, with none left (HUNT_MARGIN): that fight is the mystery's only way."""
        monsters = _content().monsters
        health, sanity = inv["health"], inv["sanity"]
        margin = CRITICAL
        for m in view["monsters"].values():
            if m["space"] != space:
                continue
            if m["kind"] in self._hunted_kinds(view):
                margin = HUNT_MARGIN
            card = monsters.get(m["kind"]) or {}
            will = self._combat_dice(inv, "will", card.get("will"))
            strength = self._combat_dice(inv, "strength", card.get("strength"))
            sanity -= max(0.0, (card.get("horror") or 0) - will / 3)
            health -= max(0.0, (card.get("damage") or 0) - strength / 3)
        return health <= margin or sanity <= margin

    def _monster_here(self, view, space) -> bool:
        return any(m["space"] == space for m in view["monsters"].values())

    def _score_action(self, view, inv, o) -> float:
        t = o["type"]
        if inv is None:
            return 0
        here = inv["space"]
        goal = self._best_goal(view, inv)
        dist = _content().dist
        if t == "rest":
            if self._hurt(inv):
                # a ticket just prepared to ride this round's Travel on: the Travel first (a Rest
                # would take the last action), unless badly hurt (then no ticket comes first)
                if "prepare" in (inv.get("actions") or ()) and not self._badly_hurt(inv) and goal is not None \
                        and dist[here].get(goal, 99) >= 2 and any(p.get("type") == "travel" for p in self._options):
                    return 8.5
                return 10
            return 0.5 if inv["health"] < inv["max_health"] or inv["sanity"] < inv["max_sanity"] else -1
        if t == "travel":
            if self._monster_here(view, here) and self._deadly(view, inv, here) and \
                    not self._monster_here(view, o["to"]):
                # staying means a fight it would not walk out of (seed 5, Shub-Niggurath: Jim Culver
                # at 1 health bought a ticket on a Goat Spawn's space and was defeated there)
                return ESCAPE + (dist[here].get(goal, 99) - dist[o["to"]].get(goal, 99) if goal else 0) / 10
            if self._deadly(view, inv, o["to"]):
                return -3   # no walking into a fight it would not walk out of
            if goal is None or goal == here:
                return -1
            if self._hurt(inv) and self._monster_here(view, here):
                return 9.5   # no rest beside a monster: step away first
            # the rides its tickets add after this step count: a step from which a held ticket
            # rides on toward the goal beats an equally short one from which none does
            closer = dist[here].get(goal, 99) - self._ride_reach(view, inv, o["to"], goal, inv["tickets"])
            return 8 + closer if closer > 0 else -2
        if t == "trade":
            other = self._inv(view, o.get("with"))
            if other and self._trade_plan(view, inv, other):
                return TRADE
            return -0.5   # no trade without a plan
        if t == "acquire":   # the budget is the successes of an Influence test
            dice = min(4, self._combat_dice(inv, "influence", 0)) / 4
            return (ACQUIRE if goal == here or goal is None else ACQUIRE / 2) * dice
        if t == "prepare":   # Travel is one action a round: a ticket rides on further
            return self._prepare_value(view, inv, goal, o.get("ticket"))
        if t == "end_actions":
            return 0
        if t in ("component", "local") and o.get("card") in _condition_ids():
            return CONDITION_ACTION   # a condition's own action is its way out (Detained's test...)
        if t in ("component", "local"):
            move = self._own_move(o.get("card"))
            if move is not None:   # an action that moves its user (Silas Marsh's sail)
                return self._move_value(inv, goal, move)
            spell = self._spell_cast_value(view, inv, o.get("card"))
            if spell is not None:
                return spell
            if o.get("card") == "lily_chen":   # health into sanity or back: only to even them out
                return 9.8 if self._convert_worth(inv) else -1
            return COMPONENT_ACTION if not self._hurt(inv) else -0.5
        return -0.5   # trades: not without a plan

    def _ride_reach(self, view, inv, start, goal, tickets) -> int:
        """The distance to ``goal`` left after a Travel that ends on ``start`` and rides on with
        ``tickets`` (each ride one route of its kind), never stopping on monsters it would not
        survive short of the goal."""
        dist, adj = _content().dist, _content().adj
        best = dist[start].get(goal, 99)
        if best == 0:
            return 0
        for nxt, kind in adj[start].items():
            if tickets.get(kind, 0) > 0 and dist[nxt].get(goal, 99) < dist[start].get(goal, 99) and \
                    (nxt == goal or not self._deadly(view, inv, nxt)):
                best = min(best, self._ride_reach(view, inv, nxt, goal, {**tickets, kind: tickets[kind] - 1}))
        return best

    def _travel_reach(self, view, inv, goal, tickets) -> int:
        """The distance to ``goal`` left after this round's best Travel with ``tickets``."""
        here = inv["space"]
        return min((self._ride_reach(view, inv, b, goal, tickets) for b in _content().adj[here]
                    if not self._deadly(view, inv, b) or b == goal), default=99)

    def _prepare_value(self, view, inv, goal, ticket) -> float:
        """Prepare for Travel: before this round's Travel when the ticket rides the Travel on
        toward a far goal (above the Travel itself: both actions move it); after it (or with the
        Travel taken) a ticket of the kind the next Travel's path can ride, while tickets are
        short; a ticket of a kind no step toward the goal rides is hardly worth an action."""
        if goal is None or ticket not in ("train", "ship"):
            return 1
        here = inv["space"]
        far = _content().dist[here].get(goal, 99)
        if far < 2:
            return 1
        tickets = dict(inv["tickets"])
        more = {**tickets, ticket: tickets.get(ticket, 0) + 1}
        reach = self._travel_reach(view, inv, goal, more)
        gain = self._travel_reach(view, inv, goal, tickets) - reach
        if gain > 0 and any(o.get("type") == "travel" for o in self._options) and \
                not self._badly_hurt(inv):   # Travel still to come this round (badly hurt: Rest first)
            return 8 + far - reach + 0.1
        if sum(tickets.values()) >= 2:
            return 1
        # for next round's Travel (from here, or a step nearer: the kind that rides from here on)
        return 5 if gain > 0 or far >= 3 else 2

    def _spell_cast_value(self, view, inv, card_id):
        """A spell's action with a purpose now (None: no opinion): for Arcane Understanding every
        Lore test passed for a spell is a step (a clue in hand pays it); a spell that damages a
        monster here (Shriveling) is cast at the mystery's epic monster or at a monster guarding
        the goal here. Not when one bad roll from defeat (the backs cost health or sanity)."""
        front = (_content().spells.get(card_id) or {}).get("front")
        if not front or self._critical(inv):
            return None
        effect = [st for ab in front if ab.get("timing") == "action" for st in ab.get("effect") or ()]
        if not effect:
            return None
        if (view.get("mystery") or {}).get("id") == "arcane_understanding" and inv["clues"] >= 1:
            return SPELL_STEP
        damages = any(st.get("op") == "damage_monsters" for t in effect if t.get("op") == "test"
                      for st in t.get("pass") or ())
        if damages and self._monster_here(view, inv["space"]) and \
                (inv["space"] in self._hunted_spaces(view) or self._best_goal(view, inv) == inv["space"]):
            return SPELL_STEP - 0.2
        return None

    @staticmethod
    def _own_move(card_id):
        """The route kind (None: any) of an action that moves its own user, read from the printed
        card; None when the card's action does not move its user."""
        C = _content()
        card = C.investigators.get(card_id) or C.assets.get(card_id) or C.artifacts.get(card_id) or {}
        abilities = [card["action"]] if card.get("action") else \
            [a for a in card.get("abilities") or () if a.get("timing") == "action"]
        for ability in abilities:
            for st in ability.get("effect") or ():
                if st.get("op") == "move" and st.get("who") == "self" and st.get("spaces") and not st.get("to"):
                    return st.get("path") or "any"
        return None

    def _move_value(self, inv, goal, path) -> float:
        """Worth a travel action when a route of ``path`` leads closer to the goal (an extra action
        on top is better still); never a step off the goal."""
        here = inv["space"]
        if goal is None or goal == here:
            return -1
        dist = _content().dist
        nearer = [b for b, kind in _content().adj[here].items() if path in ("any", kind)
                  and dist[b].get(goal, 99) < dist[here].get(goal, 99)]
        return 9.5 if nearer else -1

    def _score_travel_more(self, view, inv, o) -> float:
        if o["type"] != "ride" or inv is None:
            return 0
        goal = self._best_goal(view, inv)
        dist = _content().dist
        if goal is None:
            return -1
        if o["to"] != goal and (self._deadly(view, inv, o["to"]) or
                                (self._hurt(inv) and self._monster_here(view, o["to"]))):
            return -2   # a ride never ends on monsters it is not after
        if dist[o["to"]].get(goal, 99) >= dist[inv["space"]].get(goal, 99):
            return -1
        left = {**inv["tickets"], o["ticket"]: inv["tickets"].get(o["ticket"], 0) - 1}
        return 1 + (dist[inv["space"]].get(goal, 99) - self._ride_reach(view, inv, o["to"], goal, left)) / 10

    def _score_acquire(self, view, inv, o) -> float:
        t = o["type"]
        if t == "buy":
            return 5 + self._asset_value(o.get("card"))
        if t == "done":
            return 1
        return -1   # no loans, no discarding the reserve

    def _score_new_investigator(self, view, inv, o) -> float:
        """The sturdiest one left: health and sanity, then the skills of fights and clues."""
        card = _content().investigators.get(o.get("id")) or {}
        skills = card.get("skills") or {}
        return (card.get("health", 0) + card.get("sanity", 0) + skills.get("strength", 0) + skills.get("will", 0)
                + 0.5 * skills.get("observation", 0) + 0.3 * skills.get("lore", 0))

    def _score_trade(self, view, inv, o) -> float:
        """Building the planned trade: its next move, then the proposal (nothing else). The plan
        is computed again from the view and the prompt's draft (``with``, ``moves``) at each
        move: the bot asks a new agent at every decision, so nothing is remembered between them."""
        other = self._inv(view, self._prompt.get("with"))
        left = [(m["dir"], m["what"], m["card"]) for m in self._trade_plan(view, inv, other)] if inv else []
        for move in self._prompt.get("moves") or ():
            if (move["dir"], move["what"], move["card"]) in left:
                left.remove((move["dir"], move["what"], move["card"]))
        if left:
            return 2 if (o["type"], o.get("what"), o.get("card")) == left[0] else -1
        return 1 if o["type"] == "propose" else 0 if o["type"] == "cancel" else -1

    def _score_trade_ok(self, view, inv, o) -> float:
        """A trade proposed to it: accepted when it is the plan this agent computes for the pair
        (mirrored) or only gives to it."""
        if o["type"] != "accept" or inv is None:
            return 0
        proposed = self._prompt.get("moves") or []   # the moves proposed to it (told to the two)
        if not proposed:
            return -1
        if all(m.get("dir") == "give" for m in proposed):
            return 1
        frm = next((i for i in view["investigators"] if i["id"] != inv["id"] and i["space"] == inv["space"]
                    and i["status"] == "active"), None)
        mine = self._trade_plan(view, inv, frm) if frm else []
        mirror = [{"dir": "take" if m["dir"] == "give" else "give", "what": m["what"], "card": m.get("card")}
                  for m in mine]
        key = lambda ms: sorted((m["dir"], m["what"], str(m.get("card"))) for m in ms)   # noqa: E731
        return 1 if key(mirror) == key(proposed) else -1

    def _trade_plan(self, view, inv, other) -> list:
        """Moves (from ``inv``'s side) that put in one hand what a step of the active mystery costs
        and neither holds alone: Where the Old Ones Broke Through's 2 spells, a mystery's 2 clues
        (to the one nearer its spaces) — and, while the mystery is a fight, a second Strength
        weapon to an unarmed partner (bonuses of one skill do not add up). Both sides compute the
        same plan from the view."""
        if other is None or other["status"] != "active" or other["space"] != inv["space"]:
            return []
        mystery = (view.get("mystery") or {}).get("id")
        need = SPELL_MYSTERIES.get(mystery, 0)
        a, b = list(inv.get("spells") or ()), list(other.get("spells") or ())
        if need >= 2 and len(a) < need and len(b) < need and len(a) + len(b) >= need:
            if (len(a), inv["skills"]["lore"], inv["id"]) > (len(b), other["skills"]["lore"], other["id"]):
                return [{"dir": "take", "what": "spell", "card": c} for c in b[:need - len(a)]]
            return [{"dir": "give", "what": "spell", "card": c} for c in a[:need - len(b)]]
        step = MYSTERY_STEP_CLUES.get(mystery, 0)
        ca, cb = inv["clues"], other["clues"]
        if step >= 2 and ca < step and cb < step and ca + cb >= step:
            near_a, near_b = self._mystery_distance(view, inv), self._mystery_distance(view, other)
            if (-near_a, ca, inv["id"]) > (-near_b, cb, other["id"]):
                return [{"dir": "take", "what": "clue", "card": None}] * (step - ca)
            return [{"dir": "give", "what": "clue", "card": None}] * (step - cb)
        if self._hunted_kinds(view) or mystery == "the_deep_ones_attack":
            wa, wb = self._weapons(inv), self._weapons(other)
            if len(wa) >= 2 and not wb:
                return [{"dir": "give", "what": "asset", "card": wa[1]}]
            if len(wb) >= 2 and not wa:
                return [{"dir": "take", "what": "asset", "card": wb[1]}]
        return []

    def _mystery_distance(self, view, inv) -> int:
        """Steps from ``inv`` to the nearest space where the active mystery is worked (99: none)."""
        mystery = view.get("mystery") or {}
        spaces = set(mystery.get("placed") or ()) | set(view.get("eldritch") or ())
        if view.get("mystery_token"):
            spaces.add(view["mystery_token"])
        dist = _content().dist[inv["space"]]
        return min((dist.get(sp, 99) for sp in spaces), default=99)

    @staticmethod
    def _weapons(inv) -> list:
        """Its assets with a Strength bonus, the largest first."""
        def bonus(card_id):
            return max((st.get("amount") or 0 for ab in (_content().assets.get(card_id) or {}).get("abilities") or ()
                        for st in ab.get("effect") or () if st.get("op") == "skill_bonus"
                        and st.get("skill") == "strength"), default=0)
        return sorted((a for a in inv.get("assets") or () if bonus(a) > 0), key=lambda a: (-bonus(a), a))

    # --- encounters and tests ------------------------------------------------------------------
    def _score_encounter(self, view, inv, o) -> float:
        if o["type"] != "encounter":
            return 0
        what = o.get("what")
        if what == "mystery" and inv is not None and \
                inv["clues"] < MYSTERY_STEP_CLUES.get((view.get("mystery") or {}).get("id"), 0):
            return ENCOUNTER_VALUE["location"] - 1   # its price not in hand: its dangers for nothing
        if what == "location" and inv is not None and self._spells_short(view, inv) and \
                inv["space"] in _spell_cities():
            return SPELL_ENCOUNTER   # the spells a spell mystery costs
        if what == "other_world" and inv is not None and self._critical(inv):
            return ENCOUNTER_VALUE["location"] - 0.5   # an Other World mauls the wounded
        return ENCOUNTER_VALUE.get(what, 0)

    @staticmethod
    def _trophies_ready(view, inv) -> bool:
        """Whether a monster ``inv`` defeats now is a trophy of the active mystery (Hunting the
        Thousand, its 2 clues in hand)."""
        card = _content().mysteries.get((view.get("mystery") or {}).get("id"), {})
        return (card.get("progress") or {}).get("what") == "monster_toughness" and \
            inv["clues"] >= MYSTERY_STEP_CLUES.get(card.get("id"), 0)

    @staticmethod
    def _spells_short(view, inv) -> bool:
        """Whether ``inv`` holds fewer spells than a step of the active spell mystery costs."""
        need = SPELL_MYSTERIES.get((view.get("mystery") or {}).get("id"), 0)
        return len(inv.get("spells") or ()) < need

    def _score_roll(self, view, inv, o) -> float:
        t = o["type"]
        if t == "keep" or inv is None:
            return 0
        roll = self.dice.get(inv["id"], {})
        dice, faces = roll.get("dice", []), roll.get("faces", [5, 6])
        successes = sum(1 for d in dice if d in faces)
        purpose = str(self._purpose)
        fight = purpose.startswith("combat")
        matters = fight or self.encounter.get(inv["id"]) in WORTH_A_CLUE
        if t in ("reroll_with", "bonus_with"):
            return 3 if successes == 0 or len(dice) - successes >= 2 else -1
        if t == "buy_success":
            return 2 if successes == 0 and matters else -1
        if t == "reroll":
            if purpose == "acquire" or not matters or successes:
                return -1   # a failed purchase or location test is not worth a clue or sanity
            if o.get("pay") == "sanity":
                return 2 if inv["sanity"] > max(2, inv["max_sanity"] * HURT) else -1
            # clues are the mysteries' currency: kept, except to survive a fight
            spare = inv["clues"] > self._clue_need(view, inv) or (fight and inv["health"] <= 2) or \
                (fight and self._fighting_hunted(view, inv) and inv["clues"] > 0)
            return (1 + (1 if "and" in o else 0)) if spare else -1
        return -1

    def _fighting_hunted(self, view, inv) -> bool:
        """Whether ``inv`` is fighting the active mystery's epic monster: its clues buy nothing
        the mystery needs, so every one goes into the fight's rerolls."""
        what, _, kind, _ = self.card.get(inv["id"], (None, None, None, None))
        return what == "combat" and kind in self._hunted_kinds(view)

    def _score_choose(self, view, inv, o) -> float:
        if self._about == "omen":
            return self._omen_value(view, o.get("value"))
        if self._about == "skill" and inv is not None:
            return self._improve_value(view, inv, o.get("value"))
        if self._about == "spend" and inv is not None and self.card.get(inv["id"], ("",))[0] == "action":
            return -abs(o.get("value", 0) - self._convert_amount(inv))
        if self._about == "discard" and inv is not None and self.mythos_card and \
                self.card.get(inv["id"]) is None:
            return self._discard_value(view, inv, o.get("value"))
        if self._about == "option" and inv is not None:
            return self._option_value(view, inv, o.get("value"))
        if self._about == "pay_clue":   # R24: the group's clue comes from whoever can best spare one
            payer = self._inv(view, o.get("value"))
            if payer is None:
                return -99
            return payer["clues"] - (self._prompt.get("taken") or []).count(payer["id"]) - self._clue_need(view, payer)
        if self._about == "swap_spaces" and inv is not None:
            return self._swap_value(view, inv, o.get("value"))
        if self._about == "space" and self._purpose == "resolve" and inv is not None:
            # where its own move ends: nearest its goal, never onto monsters it cannot survive
            goal = self._best_goal(view, inv)
            space = o.get("value")
            if goal is None or space not in _content().dist:
                return 0
            return -_content().dist[space].get(goal, 99) - (5 if self._deadly(view, inv, space) else 0)
        return self._may(view, inv, o)

    def _swap_value(self, view, inv, yes) -> float:
        """Mi-go Brain Case's partner (``with``) offers its space for ours: a plain rule - go when
        that space is nearer our goal and no monster there would defeat us; else stay (the first
        option, as the AFK default). The user moving away is its own choice: it used the card."""
        partner = self._inv(view, self._prompt.get("with"))
        if not yes or partner is None:
            return 0
        goal, dist, there = self._best_goal(view, inv), _content().dist, partner["space"]
        if goal is None or there not in dist or self._deadly(view, inv, there):
            return -1
        return 1 if dist[there].get(goal, 99) < dist[inv["space"]].get(goal, 99) else -1

    def _score_group(self, view, inv, o) -> float:
        return self._score_choose(view, inv, o)

    @staticmethod
    def _omen_value(view, index) -> float:
        """Setting the omen: the fewer gates the next two advances land on, the better."""
        if not isinstance(index, int):
            return 0
        track, spaces = _content().omen_track, _content().spaces
        colours = [spaces.get(g, {}).get("gate") for g in view["gates"]]
        return -(2 * colours.count(track[(index + 1) % len(track)]) + colours.count(track[(index + 2) % len(track)]))

    def _may(self, view, inv, o) -> float:
        """A "may" (use an ability, pay a cost for a gain): the mystery's own step is always
        taken; one that costs clues only with clues to spare (or to solve a rumor), one that
        costs health or sanity not when hurt; the rest (nearly every printed "may" helps) when
        unhurt. Declining is first only because it is the AFK default."""
        value = o.get("value")
        if value is not True:
            return 0
        if inv is None:
            return 1
        if self.starting == inv["id"]:   # an encounter-phase ability held (Mists of Releh, the Pallid Mask...)
            return self._encounter_phase_may(view, inv)
        if self._mystery_may(view, inv):
            return 2   # the mystery's own step (a clue laid on it, its price paid): progress
        costs = self._may_costs(inv)
        if "dire" in costs:
            return 3   # declining would cost a solved mystery, doom or a gate: pay
        if "clues" in costs and self.encounter.get(inv["id"]) != "rumor" and \
                inv["clues"] <= self._clue_need(view, inv):
            return -1
        if costs & {"health", "sanity"} and self._critical(inv):
            return -1
        return 1 if costs or not self._critical(inv) else -1

    def _encounter_phase_may(self, view, inv) -> float:
        """Asked as its encounter turn begins: an ability that lets it encounter as though no monster
        were here (Mists of Releh costs a Lore test and its back's sanity) is worth it only with
        monsters here it does not hunt; Clairvoyance (research at a clue anywhere) only without one."""
        here = inv["space"]
        hunted = self._hunted_kinds(view)
        if self._trophies_ready(view, inv):   # Hunting the Thousand: the monsters here are the mystery
            hunted = hunted | {m["kind"] for m in view["monsters"].values()}
        guarded = any(m["space"] == here and m["kind"] not in hunted for m in view["monsters"].values())
        if guarded:
            return 1
        held = set(inv.get("spells") or ()) | set(inv.get("artifacts") or ())
        return 1 if "clairvoyance" in held and not held & {"mists_of_releh", "pallid_mask"} else -1

    @staticmethod
    def _convert_amount(inv) -> int:
        """How much of the fuller pool to turn into the emptier one: until they are level."""
        health, sanity = inv["health"], inv["sanity"]
        return max(0, abs(health - sanity) // 2)

    @staticmethod
    def _convert_worth(inv) -> bool:
        """Whether turning one pool into the other is worth an action: one is hurt, the other
        holds at least 2 more."""
        low = min(inv["health"] / inv["max_health"], inv["sanity"] / inv["max_sanity"])
        return low <= HURT and abs(inv["health"] - inv["sanity"]) >= 3

    def _improve_value(self, view, inv, skill) -> float:
        """A skill to improve: the chance a die more adds to its tests (most on a skill of few
        dice), weighed by what its tests bring (Lore closes gates, Observation finds clues)."""
        if skill not in SKILL_WEIGHT:
            return 0
        dice = self._combat_dice(inv, skill, 0)
        weight = SKILL_WEIGHT[skill]
        if skill in ("strength", "will") and self._hunted_kinds(view):
            weight *= EPIC_SKILL   # the epic monster's fight: a Will test, then a Strength test
        return weight * ((2 / 3) ** dice - (2 / 3) ** (dice + 1))

    def _card_effect(self, inv):
        """The printed effect ``inv`` is resolving: its encounter card, the monster it fights, or
        (in the Mythos phase) the mythos card."""
        what, deck, card, section = self.card.get(inv["id"], (None, None, None, None))
        C = _content()
        if what is None and self.mythos_card:   # the Mythos phase: the card's own "may"s
            return C.mythos.get(self.mythos_card) or {}
        if what == "combat":
            return C.monsters.get(card) or {}
        if what == "action":
            data = C.investigators.get(card) or C.assets.get(card) or C.artifacts.get(card) or {}
            return (data.get("action") or {}).get("effect") or \
                [st for a in data.get("abilities") or () if a.get("timing") == "action" for st in a.get("effect") or ()]
        if what == "mystery":
            return ((C.mysteries.get(card) or {}).get("encounter") or {}).get("effect") or []
        if what == "rumor":
            return (((C.mythos.get(card) or {}).get("rumor") or {}).get("encounter") or {}).get("effect") or []
        if deck in C.decks:
            data = C.decks[deck]["cards"].get(card) or {}
            if section and data.get("sections"):
                return (data["sections"].get(section) or {}).get("effect") or []
            return (data.get("encounter") or {}).get("effect") or []
        return []

    def _option_value(self, view, inv, index) -> float:
        """A printed "choose one" of the card being resolved: each option's effect priced for
        ``inv`` (gains against losses, a loss it cannot survive ruled out)."""
        found = []

        def walk(node):
            if isinstance(node, dict):
                if node.get("op") == "choose_one":
                    found.append(node.get("options") or [])
                for v in node.values():
                    walk(v)
            elif isinstance(node, list):
                for v in node:
                    walk(v)
        walk(self._card_effect(inv))
        options = next((o for o in found if isinstance(index, int) and index < len(o)), None)
        if options is None:
            return 0
        effect = options[index].get("effect") or []
        pool = next((st.get("any_number") for st in effect if st.get("op") == "spend" and st.get("any_number")), None)
        if pool in ("health", "sanity"):   # Lily Chen: one pool into the other, the fuller into the emptier
            other = "sanity" if pool == "health" else "health"
            return inv[pool] / inv["max_" + pool] - inv[other] / inv["max_" + other]
        return self._effect_value(view, inv, effect)

    def _effect_value(self, view, inv, effect) -> float:
        def n(x, default=1):
            return x if isinstance(x, int) else default
        health_w = 3 if inv["health"] <= 2 else 1
        sanity_w = 3 if inv["sanity"] <= 2 else 1
        clue_w = 2.0 if inv["clues"] <= self._clue_need(view, inv) else 1.0
        value = 0.0
        for st in effect:
            op = st.get("op")
            if op in ("lose", "spend"):
                h, sa, c = n(st.get("health"), 0), n(st.get("sanity"), 0), n(st.get("clues"), 0)
                if h >= inv["health"] or sa >= inv["sanity"]:
                    return -20   # a defeat
                value -= h * health_w + sa * sanity_w + c * clue_w
            elif op == "recover":
                value += n(st.get("health"), 0) * 0.5 * health_w + n(st.get("sanity"), 0) * 0.5 * sanity_w
            elif op in ("gain_clues",):
                value += n(st.get("count")) * clue_w
            else:
                value += OPTION_VALUE.get(op, 0)
            if op == "gain_condition":
                value += 4 if st.get("name") == "blessed" else 0
        return value

    def _discard_value(self, view, inv, count) -> float:
        """A mythos card's "discard any number" followed by a loss per card kept (Burden of Greed:
        1 health an item; Treacherous Magic: 1 sanity a spell and a madness): enough is discarded
        that the loss leaves more than 1 health or sanity; beyond that an item is kept (worth more
        than a health a rest brings back), a spell only while a spell mystery needs it."""
        if not isinstance(count, int):
            return 0
        effect = (_content().mythos.get(self.mythos_card) or {}).get("effect") or []

        def loss(node):
            if isinstance(node, dict):
                if node.get("op") == "lose":
                    for pool in ("health", "sanity"):
                        amount = node.get(pool)
                        if isinstance(amount, dict) and amount.get("of") in ("items_held", "spells_held"):
                            return pool, amount["of"]
                for v in node.values():
                    found = loss(v)
                    if found:
                        return found
            elif isinstance(node, list):
                for v in node:
                    found = loss(v)
                    if found:
                        return found
            return None
        found = loss(effect)
        if not found:
            return -count   # no printed price for keeping: keep everything
        pool, what = found
        held = max((o.get("value") for o in self._options if isinstance(o.get("value"), int)), default=0)
        kept = held - count
        if inv[pool] - kept <= CRITICAL:
            return -20 - kept   # a defeat, or one bad roll from it
        keep = 1.2 if what == "items_held" else (1.5 if SPELL_MYSTERIES.get((view.get("mystery") or {}).get("id"))
                                                   else 0.3)
        madness = 2 if what == "spells_held" and kept else 0
        return kept * (keep - 1) - madness

    def _may_costs(self, inv) -> set:
        """What the "may"s of ``inv``'s current encounter card cost (clues, health, sanity,
        possessions), read from the printed card."""
        effect = self._card_effect(inv)
        out: set = set()

        def dire(node) -> bool:
            if isinstance(node, dict):
                return node.get("op") in DIRE or any(dire(v) for v in node.values())
            return isinstance(node, list) and any(dire(v) for v in node)

        def walk(node):
            if isinstance(node, dict):
                if node.get("op") == "may":
                    if dire(node.get("otherwise")) or self._defeating(inv, node.get("otherwise")):
                        out.add("dire")
                    for c in node.get("cost") or ():
                        if c.get("op") == "spend":
                            out.update(k for k in ("clues", "health", "sanity") if c.get(k))
                        else:
                            out.add("possessions")
                for v in node.values():
                    walk(v)
            elif isinstance(node, list):
                for v in node:
                    walk(v)
        walk(effect)
        return out

    @staticmethod
    def _defeating(inv, steps) -> bool:
        """Whether a printed loss among ``steps`` (Haunting Nightmares' 2 sanity if the clue is not
        paid) would leave ``inv`` at 0 health or sanity."""
        for st in steps or ():
            if isinstance(st, dict) and st.get("op") == "lose":
                h, sa = st.get("health"), st.get("sanity")
                if (isinstance(h, int) and h >= inv["health"]) or (isinstance(sa, int) and sa >= inv["sanity"]):
                    return True
        return False

    def _mystery_may(self, view, inv) -> bool:
        """Whether a "may" is most likely the active mystery's own step: asked during a mystery
        encounter, after a research encounter while a research mystery gathers clues, or right
        after what the mystery's own ability answers (a monster defeated, a gate closed)."""
        last = self.encounter.get(inv["id"])
        mystery = (view.get("mystery") or {}).get("id")
        if last == "mystery" or (last == "research" and mystery in RESEARCH_MYSTERIES):
            return True
        trigger = MYSTERY_TRIGGER.get(mystery)
        return bool(trigger and trigger in self.recent)

    @staticmethod
    def _asset_value(card_id) -> float:
        """What an asset adds: its skill bonuses (Strength and Will in combat most: monsters are
        what defeats investigators), a little for any other ability."""
        card = _content().assets.get(card_id) or {}
        value = 0.0
        for ability in card.get("abilities") or ():
            for st in ability.get("effect") or ():
                if st.get("op") == "skill_bonus":
                    combat = st.get("skill") in ("strength", "will")
                    value += (st.get("amount") or 1) * (1.0 if combat else 0.6)
                elif st.get("op") in ("die_bonus", "reroll"):
                    value += 0.8
                else:
                    value += 0.3
        return value
