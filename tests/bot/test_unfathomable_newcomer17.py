"""What a newcomer's Unfathomable play-through (nu17) found, mended in en/uk/ru:
C1 the setup's character choice explains every one of its nine answers (the panel's field of
1024 characters cut it after seven); C2 a card's choice made by the one who plays it reads
"(chosen by you)", never "(chosen by your character)".

Texts are rendered by the renderer and the panel's own controls from the engine's states."""
from __future__ import annotations

from types import SimpleNamespace

import discord
import pytest

from bot.games.unfathomable import render as R
from bot.i18n import LANGUAGES, t
from engine.registry import rules_for

RULES = rules_for("unfathomable")
PLAYERS = ["101", "102", "103"]


def _explained(state, prompt, lang) -> tuple[discord.Embed, list[str]]:
    """The panel's embed after the decision's controls added what each answer does, and the text
    of those fields."""
    from cogs.play import decision_view
    game = SimpleNamespace(kind="unfathomable", state=state, names={}, status="active", id=1, epoch=1)
    embed = R.panel_embed(state, prompt["player"], {}, lang, [])
    decision_view(game, prompt["player"], lang, explain=embed)
    heading = t(lang, "panel.what_they_do")
    at = next(i for i, f in enumerate(embed.fields) if f.name == heading)
    values = [embed.fields[at].value] + [f.value for f in embed.fields[at + 1:] if f.name == "\u200b"]
    return embed, values


# ---------------------------------------------------------------- C1
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_character_choice_explains_every_character(lang):
    state, _ = RULES.new_game(PLAYERS, 1, {}, {})
    prompt = next(p for p in RULES.prompts(state) if any(o.get("type") == "character" for o in p["options"]))
    characters = [o for o in prompt["options"] if o.get("type") == "character"]
    assert len(characters) >= 9   # the whole roster: more than the seven a field held
    embed, values = _explained(state, prompt, lang)
    said = "\n".join(values)
    for option in characters:
        option = {**option, "player": prompt["player"]}
        name = R.option_label(option, state, {}, lang)
        does = R.option_description(option, state, {}, lang)
        assert f"**{name}** — {does}" in said, (name, said)
    assert not said.endswith("…")
    assert all(len(v) <= 1024 for v in values) and len(values) > 1
    assert len(embed) <= 6000


def test_explanations_past_the_embeds_room_end_marked():
    """An embed that is nearly full takes what fits and says more was left out, never goes over
    Discord's 6000 characters."""
    from cogs.play import explain_buttons
    embed = discord.Embed(title="panel", description="x" * 4000)
    explain_buttons(embed, {f"does {n} " + "y" * 300: [f"answer {n}"] for n in range(9)}, "en")
    assert len(embed) <= 6000 and embed.fields[-1].value.endswith("…")
    assert "answer 0" in embed.fields[0].value
