"""Unfathomable sends the secret skill-check contributions by DM (issue 11), with the check above
the controls and nothing of anyone else's hand."""
import random

from bot.games import ui_for
from engine.registry import rules_for
from engine.simulate import apply_random_move, legal_moves


def _first_contribution(seed):
    r = rules_for("unfathomable")
    s, _ = r.new_game(["a", "b", "c", "d"], seed)
    rng = random.Random(seed)
    for _ in range(5000):
        prompts = [p for p in r.prompts(s) if p["kind"] == "contribute"]
        if prompts:
            return r, s, prompts[0]
        apply_random_move(r, s, legal_moves(r, s), rng)
    raise AssertionError("no skill check reached")


def test_contributions_go_by_dm_with_the_check_above_the_controls():
    ui = ui_for("unfathomable")
    assert "contribute" in ui.DM_PROMPT_KINDS
    r, s, prompt = _first_contribution(4)
    check = s["checks"][-1]
    for lang in ("en", "uk", "ru"):
        text = "\n".join(ui.prompt_lines(prompt, s, prompt["player"], {}, lang))
        assert str(check["target"]) in text
        others = [c for p in s["players"] if p != prompt["player"] for c in s["hands"][p]]
        assert not any(c in text for c in others)
