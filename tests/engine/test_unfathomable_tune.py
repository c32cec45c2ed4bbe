"""The Unfathomable Keeper's tunable numbers (``keeper.Params``) and the paired-seed tuner
(``bench.unfathomable_tune``, issue 22)."""
import json

from bench import unfathomable_tune
from engine.registry import rules_for
from engine.simulate import play_agent_game
from engine.unfathomable.keeper import DEFAULT, KeeperAgent


def test_a_seat_decides_with_its_sides_numbers():
    """Only the loyal crew's numbers are tuned: while a seat plays against the ship it decides
    with ``traitor_params`` (the defaults), whatever the loyal set is."""
    loyal = DEFAULT.but(check_margin=7.0, attack=3.0)
    seen = []

    class Recording(KeeperAgent):
        def decide(self, view, prompt, rng):
            action = super().decide(view, prompt, rng)
            if prompt is not None:
                seen.append((self._traitor(view), self.p))
            return action

    rules = rules_for("unfathomable")
    for seed in range(1, 30):
        agents = {f"p{i + 1}": Recording(f"p{i + 1}", params=loyal) for i in range(4)}
        play_agent_game(rules, 4, seed, agents=agents)
        if any(t for t, _ in seen):
            break
    assert any(t for t, _ in seen) and any(not t for t, _ in seen)
    assert all(p is (DEFAULT if traitor else loyal) for traitor, p in seen)


def test_default_params_are_the_constants():
    from engine.unfathomable import keeper
    assert DEFAULT.check_margin == keeper.CHECK_MARGIN and DEFAULT.deep_one_cost == keeper.DEEP_ONE_COST
    assert KeeperAgent("p1").params is DEFAULT


def test_the_tuner_logs_each_evaluation_and_resumes_from_its_log(tmp_path, capsys):
    log = tmp_path / "search.jsonl"
    argv = ["search", "--games", "2", "--budget", "3", "--params", "check_margin", "--workers", "1",
            "--log", str(log)]
    unfathomable_tune.main(argv)
    first = capsys.readouterr().out
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert records[0]["values"] == {} and [g[0] for g in records[0]["per_game"]] == [5000, 5001]   # the search's seeds
    assert records[1]["values"] == {"check_margin": 3.0}
    # a candidate plays the seeds in two halves (the second only when the first does not trail)
    assert all(r["games"] == 1 == len(r["per_game"]) and set(r["values"]) == {"check_margin"} for r in records[1:])
    best = json.loads(first.split("best values: ")[1])
    assert unfathomable_tune.best_from(str(log), 4, 2, 5000, False) == best   # what `eval --best-from` plays
    unfathomable_tune.main(argv)       # a rerun reads the evaluations back instead of playing them
    assert len(log.read_text().splitlines()) == len(records)
    assert capsys.readouterr().out == first
