"""Random legal agents playing whole games: a smoke test of the rules at scale."""
from __future__ import annotations

import random
import re
import time
from dataclasses import dataclass, field

from engine.core import shapes
from engine.core.errors import RuleError
from engine.core.game import GameRules

MAX_ACTIONS = 50_000


@dataclass
class Totals:
    games: int = 0
    finished: int = 0
    wins: dict = field(default_factory=dict)      # winning side -> games
    reasons: dict = field(default_factory=dict)   # end reason -> games
    rounds: int = 0
    errors: int = 0
    error_samples: list = field(default_factory=list)
    error_kinds: dict = field(default_factory=dict)   # error_kind(exc) -> games

    def line(self) -> str:
        avg = self.rounds / self.finished if self.finished else 0.0
        wins = " ".join(f"wins[{k}]={v}" for k, v in sorted(self.wins.items()))
        reasons = " ".join(f"end[{k}]={v}" for k, v in sorted(self.reasons.items()))
        return (f"games={self.games} finished={self.finished} {wins} {reasons} "
                f"avg_rounds={avg:.1f} errors={self.errors}").replace("  ", " ")


def error_kind(exc: BaseException) -> str:
    """A short, stable name for a failure, to count failures by kind across games."""
    text = str(exc).splitlines()[0] if str(exc) else ""
    if isinstance(exc, AssertionError) and text.startswith("after {"):   # an invariant: drop the action
        text = "invariant: " + re.sub(r" \(the step said: [^)]*\)", "", text.split("}: ", 1)[-1])
    code = getattr(exc, "code", None)
    if code:
        text = f"{code}: {text}"
    return f"{type(exc).__name__}: {text[:120]}"


def choose(rng: random.Random, state: dict, actions: list[dict], rules: GameRules | None = None) -> dict:
    """A random legal agent: the game's deliberate move if it has one (the Thing declares when
    it is right), else a uniformly random one. ``actions`` may hold patterns (``legal_actions`` of
    a ``subset``/``number`` prompt): a chosen pattern becomes a random answer of its shape."""
    if rules is None:
        from engine.registry import rules_for
        rules = rules_for(state["game"])  # every game's state names its game
    preferred = rules.agent_preference(rng, state, actions)
    return shapes.sample(preferred if preferred is not None else rng.choice(actions), rng)


def legal_moves(rules: GameRules, state: dict) -> list[dict]:
    """Every pending prompt's answers (one pattern per subset/number prompt) plus free actions."""
    legal = []
    for prompt in rules.prompts(state):
        if prompt.get("shape", "one") == "one":
            legal.extend({"player": prompt["player"], **o} for o in prompt["options"])
        else:
            legal.append({"player": prompt["player"], **shapes.pattern(prompt)})
    legal += [{"player": p, **a} for p in state["players"] for a in rules.free_actions(state, p)]
    return legal


def apply_random_move(rules: GameRules, state: dict, legal: list[dict], rng: random.Random,
                      tries: int = 5, events: list | None = None) -> dict:
    """Choose and apply one random legal move in place; returns it. A random answer drawn from a
    ``subset``/``number`` pattern may break a rule the pattern cannot express (a repair's cards
    must reach a total): such an answer is tried on a copy and, refused, drawn again; after
    ``tries`` refusals the player's default answer (always legal) is used. The step's events are
    appended to ``events`` when given."""
    out = events if events is not None else []
    for _ in range(tries):
        action = choose(rng, state, legal, rules)
        if not any(m.get("shape") for m in legal if m["player"] == action["player"]):
            out.extend(rules.apply_in_place(state, action))
            return action
        try:
            new_state, step_events = rules.apply(state, action)
        except RuleError:
            continue
        state.clear()
        state.update(new_state)
        out.extend(step_events)
        return action
    action = {"player": action["player"], "type": "default"}
    out.extend(rules.apply_in_place(state, action))
    return action


def play_random_game(rules: GameRules, players: int, seed: int, options: dict | None = None,
                     check=None, announced: bool | None = None) -> tuple[dict, list[dict]]:
    """Play one game; returns (final state, actions). ``check(state)`` may list violations.
    ``announced`` (default: whenever ``check`` is given) also checks after every step that each
    change of the public view is announced by a public event of the step (engine.core.announce)."""
    names = [f"p{i + 1}" for i in range(players)]
    state, _ = rules.new_game(names, seed, options)
    rng = random.Random(seed)
    actions = []
    announced = bool(check) if announced is None else announced
    table = rules.view(state, None) if announced else None
    while not rules.is_over(state) and len(actions) < MAX_ACTIONS:
        # one prompt computation per step: every pending prompt's answers plus free actions
        legal = legal_moves(rules, state)
        if not legal:
            raise RuntimeError("stuck: the game is not over and nobody has a legal move")
        events: list[dict] = []
        action = apply_random_move(rules, state, legal, rng, events=events)
        actions.append(action)
        problems = check(state) if check else []
        if announced:
            after = rules.view(state, None)
            problems = problems + rules.silent_changes(table, after, events)
            table = after
        if problems:
            raise AssertionError(f"after {action}: {problems}")
    return state, actions


def play_agent_game(rules: GameRules, players: int, seed: int, options: dict | None = None,
                    check=None, agents: dict | None = None, timings: list | None = None) -> tuple[dict, list[dict]]:
    """Play one game with every seat a Keeper agent (``engine.core.agent``), each deciding from
    its player's view and the events that player saw; returns (final state, actions). An agent's
    illegal move is an error (raised), never silently replaced. ``timings`` collects the seconds
    each decision took (the view built and the agent asked, as the bot would)."""
    from engine.core.agent import ask as ask_agent, keeper_for, tell

    def ask(*args):
        if timings is None:
            return ask_agent(*args)
        start = time.perf_counter()
        try:
            return ask_agent(*args)
        finally:
            timings.append(time.perf_counter() - start)

    names = [f"p{i + 1}" for i in range(players)]
    state, events = rules.new_game(names, seed, options)
    agents = agents or {p: keeper_for(rules.game_id, p) for p in names}
    tell(agents, events)
    rng = random.Random(seed)
    actions = []
    table = rules.view(state, None) if check else None   # every public change announced, as above
    while not rules.is_over(state) and len(actions) < MAX_ACTIONS:
        prompts = rules.prompts(state)
        action = None
        for p in state["players"]:   # a free action (the Thing's declaration) may come any time
            if rules.free_actions(state, p) and not any(q["player"] == p for q in prompts):
                action = ask(rules, state, agents[p], None, rng)
                if action is not None:
                    break
        if action is None:
            if not prompts:
                raise RuntimeError("stuck: the game is not over and nobody has a legal move")
            action = ask(rules, state, agents[prompts[0]["player"]], prompts[0], rng)
        events = rules.apply_in_place(state, action)
        tell(agents, events)
        actions.append(action)
        if check:
            after = rules.view(state, None)
            problems = check(state) + rules.silent_changes(table, after, events)
            table = after
            if problems:
                raise AssertionError(f"after {action}: {problems}")
    return state, actions


def simulate(game: str, players: int, games: int, seed: int, options: dict | None = None,
             check_invariants: bool = True, agent: str = "random") -> Totals:
    """``agent``: ``random`` (the random legal agent) or ``keeper`` (every seat a Keeper agent)."""
    from engine.registry import rules_for

    rules = rules_for(game)
    check = rules.invariant_violations if check_invariants else None
    play = play_agent_game if agent == "keeper" else play_random_game
    totals = Totals()
    for i in range(games):
        totals.games += 1
        try:
            state, _ = play(rules, players, seed + i, options, check)
        except Exception as exc:  # noqa: BLE001 - every failure is counted and sampled
            totals.errors += 1
            kind = error_kind(exc)
            totals.error_kinds[kind] = totals.error_kinds.get(kind, 0) + 1
            if len(totals.error_samples) < 5:
                totals.error_samples.append(f"seed {seed + i}: {type(exc).__name__}: {exc}")
            continue
        if rules.is_over(state):
            outcome = rules.outcome(state)
            totals.finished += 1
            totals.rounds += outcome["rounds"]
            totals.wins[outcome["winner"]] = totals.wins.get(outcome["winner"], 0) + 1
            totals.reasons[outcome["reason"]] = totals.reasons.get(outcome["reason"], 0) + 1
    return totals
