"""When effects happen together (monsters' reckonings in the Mythos phase), the Lead orders them:
each option says what that monster does (its reckoning; a Cultist's from the Ancient One's
sheet), not only its name and space (nfe12's read: «Гноф-Ке (Гімалаї)» … «Культист (Серце Африки)»)."""
from __future__ import annotations

import pytest

from bot.games.eldritch import render as R
from engine.registry import rules_for
from tests.bot.random_play import first_reached

RULES = rules_for("eldritch")


def _ordering():
    """A state asking the Lead to order monsters' effects, and that prompt (seeded random play)."""
    def ordering(state):
        return next((p for p in RULES.prompts(state) if p.get("about") == "order"
                     and any(isinstance(o.get("value"), str) and ":" in o["value"] for o in p["options"])), None)
    return first_reached(RULES, range(1, 80), ["a", "b"], ordering, {"ancient_one": "shub_niggurath"})


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_each_monster_to_order_says_what_it_does(lang):
    state, prompt = _ordering()
    for option in prompt["options"]:
        kind, _, uid = str(option.get("value")).partition("#")[0].partition(":")
        if not uid:
            continue
        said = R.option_description({**option, "player": prompt["player"]}, state, {}, lang)
        assert said, option
        if not RULES.C.monsters[kind].get("cultist"):
            assert said == R.text_of(lang, R._pack()["monster"][kind])
