"""What a newcomer's second Unfathomable reading (nu17b) found, mended in en/uk/ru:
Z a zone is named in the case its sentence needs, never the noun twice («у зоні «Палубна зона 1»»,
«в область «Водная область 3»»); E en says "(chosen by the Captain)" and "→ the Depths" mid-sentence;
R `/rules` texts: «якщо ваш персонаж не в карцері», not «якщо не (ваш персонаж у карцері)»; a monarch
in the case its verb takes («перемістити Матір Гідру»); «ваш персонаж у каплиці»."""
from __future__ import annotations

import pytest

from bot.games import ui_for
from bot.i18n import LANGUAGES
from tests.bot.test_unfathomable_newcomer17 import _every_text

render = ui_for("unfathomable").public_lines


def _line(ev: dict, lang: str) -> str:
    (said,) = render([{**ev, "audience": "all"}], lang)
    return said


# ---------------------------------------------------------------- Z
ZONE_LINES = {
    "uk": ["🐟 Глибоководний у палубній зоні 1 атакує <@101>: 3 — промах.",
           "🌊 З Глибин у водну зону 3: Мати Гідра.",
           "<@101> зазнає поразки на містку й переміщується в лазарет.",
           "🔧 <@101> ремонтує машинне відділення.",
           "💥 Пошкодження каплиці (Пожежа)."],
    "ru": ["🐟 Глубоководный в наружной области 1 атакует <@101>: 3 — промах.",
           "🌊 Из пучины в водную область 3: Матерь Гидра.",
           "<@101> терпит поражение на мостике и отправляется в лазарет.",
           "🔧 <@101> ремонтирует машинное отделение.",
           "💥 Повреждение часовни (Пожар)."],
    "en": ["🐟 A Deep One in Deck Space 1 attacks <@101>: 3, a miss.",
           "🌊 From the Depths to Water Space 3: Mother Hydra.",
           "<@101> is defeated on the Bridge and goes to the Sick Bay.",
           "🔧 <@101> repairs the Boiler Room.",
           "💥 Damage to the Chapel (Fire)."],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_zone_reads_in_its_case_never_the_noun_twice(lang):
    events = [{"type": "deep_one_attacked", "zone": "d1", "target": "101", "roll": 3, "hit": False},
              {"type": "monsters_emerged", "to": "w3", "monarchs": ["mother_hydra"]},
              {"type": "player_defeated", "player": "101", "zone": "bridge", "to": "sick_bay"},
              {"type": "zone_repaired", "player": "101", "zone": "boiler_room"},
              {"type": "zone_damaged", "zone": "chapel", "card": "fire"}]
    said = [_line(ev, lang) for ev in events]
    for got, want in zip(said, ZONE_LINES[lang]):
        if "Пожеж" in want or "Пожар" in want or "Fire" in want:   # the damage card's own name may differ
            assert got.startswith(want.split(" (")[0]), got
        else:
            assert got == want
    for line in said:
        for twice in ("зоні «", "зону «", "области «", "область «", "зона «"):
            assert twice not in line


# ---------------------------------------------------------------- E
def test_english_names_the_captain_and_the_depths_with_the():
    joined = "\n".join(_every_text("en"))
    assert "(chosen by the Captain)" in joined and "(chosen by Captain)" not in joined
    pushed = {"type": "monsters_pushed_to_stern", "deep_ones": {}, "monarchs": {"mother_hydra": "depths"}}
    journey = {"type": "track_advanced", "track": "journey", "position": 1}
    (said,) = render([{**pushed, "audience": "all"}, {**journey, "audience": "all"}], "en")
    assert said.endswith("Mother Hydra → the Depths.") and "→ The Depths" not in said


# ---------------------------------------------------------------- R
RULES_READ = {
    "uk": ["якщо ваш персонаж не в карцері:", "перемістити Матір Гідру", "відправити Батька Дагона в Глибини",
           "якщо ваш персонаж у каплиці", "якщо ваш персонаж у лазареті", "перемогти всіх людей і пасажирів у вашій зоні"],
    "ru": ["если ваш персонаж не в карцере:", "переместить Матерь Гидру", "отправить Отца Дагона в пучину",
           "если ваш персонаж в часовне", "если ваш персонаж в лазарете"],
    "en": ["if your character is not in the Brig:", "move Mother Hydra", "send Father Dagon to the Depths",
           "if your character is in the Chapel", "if your character is in the Sick Bay"],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_texts_read_as_sentences(lang):
    joined = "\n".join(_every_text(lang))
    for said in RULES_READ[lang]:
        assert said in joined, said
    for mechanical in ("не (ваш персонаж", "not (your character", "перемістити Мати Гідра",
                       "переместить Матерь Гидра:", "у зоні каплиця", "в области часовня", "у зоні (лазарет)",
                       "зона, де ваш персонаж", "у глибинах", "Відправити в глибини"):
        assert mechanical not in joined, mechanical


@pytest.mark.parametrize("lang, move, repair", [
    ("en", "Move to the Galley", "Repair the Boiler Room"),
    ("uk", "Перейти на камбуз", "Відремонтувати машинне відділення"),
    ("ru", "Перейти на камбуз", "Отремонтировать машинное отделение"),
])
def test_move_and_repair_buttons_name_the_zone_in_its_case(lang, move, repair):
    """The buttons read «Перейти: Камбуз» / "Move to Galley" (a label and a name), the rest of the
    table names a zone in its case («на камбуз»)."""
    from bot.games.unfathomable.render import option_label
    from engine.registry import rules_for
    state = rules_for("unfathomable").new_game(["a", "b", "c"], 1)[0]
    label = option_label({"type": "move", "to": "galley"}, state, {}, lang)
    assert label.startswith(move), label   # the zone's marks may follow
    assert option_label({"type": "repair", "zone": "boiler_room"}, state, {}, lang) == repair
