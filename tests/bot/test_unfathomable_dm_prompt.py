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


def test_the_dm_says_the_check_in_one_line_and_shows_no_panel():
    """The DM said the check twice above the controls («add cards to the skill check / Target 9;
    helps: Strength, Will. / Flooding Compartment / 2 chaos cards», then the panel's «Skill check»
    field the same) after the channel had told it at length: now one line, which check (its card,
    target, the skills that help), and the controls, which list the member's cards and what each adds."""
    from bot.games.unfathomable import render
    ui = ui_for("unfathomable")
    for seed in (4, 7, 11):
        r, s, prompt = _first_contribution(seed)
        check = r.view(s, prompt["player"])["check"]
        for lang in ("en", "uk", "ru"):
            (line,) = ui.prompt_lines(prompt, s, prompt["player"], {}, lang)
            assert str(check["target"]) in line and render.skill_types(lang, check["positive"]) in line
            if check.get("source"):
                assert line.count(render.card_name(lang, check["source"])) == 1
            assert render.t(lang, "unfathomable.check.chaos", count=check.get("chaos_count") or 2) not in line
            assert ui.prompt_embed(prompt, s, prompt["player"], {}, lang) is None
