"""The table before the first turn (characters are being chosen) read «Непостижимое: ход 0»: there
is no turn 0. It says the game is being set up, as /game status does («подготовка к игре»)."""
import random

import pytest

from bot.games.unfathomable.render import table_embed
from engine.registry import rules_for


@pytest.mark.parametrize("lang, setup, first", [
    ("en", "Unfathomable: setting up", "Unfathomable: turn 1"),
    ("uk", "Незбагненне: приготування до гри", "Незбагненне: хід 1"),
    ("ru", "Непостижимое: подготовка к игре", "Непостижимое: ход 1"),
])
def test_the_table_before_the_first_turn_says_the_game_is_being_set_up(lang, setup, first):
    rules = rules_for("unfathomable")
    state, _ = rules.new_game(["p1", "p2", "p3"], 1)
    names = {p: p for p in ("p1", "p2", "p3")}
    assert table_embed(state, names, lang).title == setup
    rng = random.Random(3)
    while not (rules.view(state, None)["turn"] or {}).get("number"):   # answer the setup's choices
        prompt = rules.prompts(state)[0]
        state, _ = rules.apply(state, {"player": prompt["player"], "prompt": prompt["id"],
                                       **rng.choice(prompt["options"])})
    assert table_embed(state, names, lang).title == first
