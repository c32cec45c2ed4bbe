"""Unfathomable's effect texts say a place in the case their sentence needs (nu19b), in en/uk/ru:
«розмістити 1 глибоководного у кожній палубній зоні» / «разместить 1 глубоководного в каждой
наружной области» (as en's "place 1 Deep One in each deck zone"), «пошкодити каплицю», «перемогти
всіх людей у внутрішній зоні за кидком кістки», «перемістити глибоководних з вашої зони …»,
«посаду хранителя гримуара втрачено»; never «поставити 1 глибоководного: кожна зона (палубна)»,
«перемогти глибоководних (усе поле): усі» or «посаду втрачено: хранитель гримуара»."""
from __future__ import annotations

import pytest
from pydantic import BaseModel

from bot.i18n import LANGUAGES
from tests.bot.test_unfathomable_newcomer19 import _steps, every_step


def _within(have, want) -> bool:
    if isinstance(want, dict):
        return isinstance(have, dict) and all(_within(have.get(k), v) for k, v in want.items())
    return have == want


def _one(name: str, **where):
    """The pack's step ``name`` whose spec sets what ``where`` says."""
    found = [s for s in _steps(name) if _within(s.spec.model_dump(), where)]
    assert found, (name, where)
    return found[0]


def _said(lang: str, step) -> str:
    from bot.games.effect_text import tidy
    from bot.games.unfathomable.effect_text import WRITER
    return tidy(WRITER.step(lang, step))


# (step, what its spec sets): en, uk, ru
READ = [
    (("place_deep_ones", {"at": {"each": "deck"}}),
     {"en": "Place 1 Deep One in each deck zone", "uk": "Розмістити 1 глибоководного в кожній палубній зоні",
      "ru": "Разместить 1 глубоководного в каждой наружной области"}),
    (("place_deep_ones", {"at": {"zone": "captains_cabin"}}),
     {"en": "Place 1 Deep One in the Captain's Cabin", "uk": "Розмістити 1 глибоководного в каюті капітана",
      "ru": "Разместить 1 глубоководного в каюте капитана"}),
    (("place_deep_ones", {"count": 4, "at": {"picked": True}}),
     {"en": "Place 4 Deep Ones in the picked zone", "uk": "Розмістити 4 глибоководних в обраній зоні",
      "ru": "Разместить 4 глубоководных в выбранной области"}),
    (("place_deep_ones", {"at": {"zone_of": "current_player", "fallback_zone": "chapel"}}),
     {"en": "Place 1 Deep One in the zone of the current player (or in the Chapel if there is none)",
      "uk": "Розмістити 1 глибоководного в зоні поточного гравця (або в каплиці, якщо такої немає)",
      "ru": "Разместить 1 глубоководного в области текущего игрока (или в часовне, если такой нет)"}),
    (("place_deep_ones", {"at": {"chosen": {"by": "self", "kind": "water", "count": 4}}}),
     {"en": "Place 1 Deep One in a water zone of your choice (in 4 different zones)",
      "uk": "Розмістити 1 глибоководного у водній зоні на ваш вибір (у 4 різних зонах)",
      "ru": "Разместить 1 глубоководного в водной области на ваш выбор (в 4 разных областях)"}),
    (("damage_zone", {"at": {"zone": "chapel"}}),
     {"en": "Damage the Chapel", "uk": "Пошкодити каплицю", "ru": "Повредить часовню"}),
    (("damage_zone", {"at": {"picked": True}}),
     {"en": "Damage the picked zone", "uk": "Пошкодити обрану зону", "ru": "Повредить выбранную область"}),
    (("pick_zone", {"at": {"interior_by_roll": True}}),
     {"en": "Pick an interior zone picked by a d8", "uk": "Обрати внутрішню зону за кидком кістки",
      "ru": "Выбрать внутреннюю область по броску кубика"}),
    (("repair_zone", {"at": {"zone_of": "self"}}),
     {"en": "Repair your zone (without paying)", "uk": "Полагодити вашу зону (без оплати)",
      "ru": "Починить вашу область (без оплаты)"}),
    (("defeat_all_in", {"at": {"interior_by_roll": True}}),
     {"en": "Defeat all Humans in an interior zone picked by a d8",
      "uk": "Перемогти всіх людей у внутрішній зоні за кидком кістки",
      "ru": "Победить всех людей во внутренней области по броску кубика"}),
    (("defeat_all_in", {"at": {"picked": True}}),
     {"en": "Defeat all Deep Ones, players and passengers in the picked zone",
      "uk": "Перемогти всіх глибоководних, гравців і пасажирів в обраній зоні",
      "ru": "Победить всех глубоководных, игроков и пассажиров в выбранной области"}),
    (("defeat_deep_ones", {"where": "board", "count": "all"}),
     {"en": "Defeat all Deep Ones on the whole board", "uk": "Перемогти всіх глибоководних на всьому полі",
      "ru": "Победить всех глубоководных на всём поле"}),
    (("defeat_deep_ones", {"where": "ship"}),
     {"en": "Defeat as many Deep Ones on the ship as the chosen number (chosen by the Captain)",
      "uk": "Перемогти стільки глибоководних на кораблі, скільки становить вибране число (вибирає капітан)",
      "ru": "Победить столько глубоководных на корабле, сколько составляет выбранное число (выбирает капитан)"}),
    (("defeat_passengers", {"source": "supply"}),
     {"en": "Defeat 1 passenger from the supply", "uk": "Перемогти 1 пасажира із запасу",
      "ru": "Победить 1 пассажира из запаса"}),
    (("rescue_passengers", {"where": "own_and_adjacent"}),
     {"en": "Rescue all passengers from your zone and the adjacent ones",
      "uk": "Врятувати всіх пасажирів з вашої й сусідніх зон", "ru": "Спасти всех пассажиров из вашей и смежных областей"}),
    (("move_deep_ones", {"source": "deck"}),
     {"en": "Move the Deep Ones from the deck zones to an adjacent water zone",
      "uk": "Перемістити глибоководних з палубних зон у сусідню водну зону",
      "ru": "Переместить глубоководных из наружных областей в смежную водную область"}),
    (("emerge", {"what": ["mother_hydra", "father_dagon"]}),
     {"en": "Mother Hydra and Father Dagon emerge (at the bow, by a d8)",
      "uk": "Мати Гідра й Батько Дагон спливають (біля носа, за кидком кістки)",
      "ru": "Матерь Гидра и Отец Дагон всплывают (у носа, по броску кубика)"}),
    (("lose_title", {"title": "keeper_of_the_tome"}),
     {"en": "The Keeper of the Tome title is lost", "uk": "Посаду хранителя гримуара втрачено",
      "ru": "Звание хранителя фолианта потеряно"}),
    (("zone_has_deep_one", {"at": {"zone_of": "self"}}),
     {"en": "There is a Deep One in your zone", "uk": "У вашій зоні є глибоководний",
      "ru": "В вашей области есть глубоководный"}),
]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("step, said", READ, ids=[f"{s[0]}-{i}" for i, (s, _) in enumerate(READ)])
def test_a_place_reads_in_the_case_of_its_sentence(lang, step, said):
    assert _said(lang, _one(step[0], **step[1])) == said[lang]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_current_player_reads_their_own_zone_in_its_case(lang):
    from bot.games.unfathomable.effect_text import effect_text
    step = _one("place_deep_ones", at={"zone_of": "current_player", "fallback_zone": "chapel"})
    said = effect_text(lang, [step], you={"current_player"})
    assert said == {"en": "Place 1 Deep One in your zone (or in the Chapel if there is none)",
                    "uk": "Розмістити 1 глибоководного у вашій зоні (або в каплиці, якщо такої немає)",
                    "ru": "Разместить 1 глубоководного в вашей области (или в часовне, если такой нет)"}[lang]


# the steps whose own text keeps a colon, and why: none of them joins a place (checked below)
COLON_KEPT = {
    "draw_items": "«(решта: замішати)»: what becomes of the cards not kept, a label and its answer",
    "scout_deck": "«(решта: нагору чи під низ)»: the same",
    "draw_skill_cards": "«бере карти вмінь (…): вибране число»: a count computed in play after its noun",
    "risk_passengers": "«наразити на небезпеку пасажирів: вибране число»: the same",
    "retreat_track": "en «(at Start: lose 1 Fuel instead)»: a case before what it costs",
}
# the steps whose colon introduces a nested effect, a condition's result or an option list
NESTING = frozenset({"choice", "if", "roll", "skill_check", "optional", "for_each", "discard_and_roll", "hook"})
PLACE_MODELS = frozenset({"Location", "ChosenZone", "PlayersIn"})


def _holds_place(spec) -> bool:
    if isinstance(spec, BaseModel):
        return type(spec).__name__ in PLACE_MODELS or any(_holds_place(getattr(spec, f)) for f in type(spec).model_fields)
    return isinstance(spec, (list, tuple)) and any(_holds_place(v) for v in spec)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_step_of_the_pack_glues_a_place_on_after_a_colon(lang):
    """Every step of the pack read out, as written and as the reader's own ("you place …"): none
    says "<verb>: <place>"; a colon is left only where COLON_KEPT says why."""
    from bot.games.effect_text import tidy
    from bot.games.unfathomable import effect_text as E
    steps = [s for s in every_step() if s.name not in NESTING]
    assert {"place_deep_ones", "damage_zone", "defeat_all_in", "lose_title", "move_deep_ones"} <= {s.name for s in steps}
    glued = set()
    for step in steps:
        said = [tidy(E.WRITER.step(lang, step))]
        second, you = E._SECOND.set(True), E._YOU.set(frozenset({"current_player", "decider", "self"}))
        try:
            said.append(tidy(E.WRITER.step(lang, step)))
        finally:
            E._SECOND.reset(second)
            E._YOU.reset(you)
        for text in said:
            if ":" in text and (step.name not in COLON_KEPT or _holds_place(step.spec)):
                glued.add(text)
    assert not glued, sorted(glued)
    assert not {m for m in E.WRITER.missing if m.split(":")[0] == lang}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_place_has_its_words_in_every_case(lang):
    """A Location of any shape and any zone reads in each case a step may give it (data to come
    included), and the words are the language's own."""
    from bot.games.unfathomable.effect_text import PLACE_CASES
    from bot.games.unfathomable.render import zones
    from bot.games.unfathomable.zones import zone_case
    from bot.i18n import catalog
    from engine.unfathomable.content_effects import Location
    cat = catalog(lang)
    shapes = [f for f in Location.model_fields if f != "fallback_zone"]
    for case in set(PLACE_CASES.values()):
        for shape in shapes:
            assert f"unfathomable.obj.Location_{shape}_{case}" in cat, (shape, case)
        assert f"unfathomable.obj.ChosenZone_{case}_you" in cat, case
        for z in [*sorted(zones()), "w1", "d1"]:
            assert zone_case(lang, z, case) != zone_case("en", z, case) or lang == "en", (z, case)
