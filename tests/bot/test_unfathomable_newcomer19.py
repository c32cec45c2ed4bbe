"""What the last readings left and a ru reading found in Unfathomable (nu19), mended in en/uk/ru:
1 whom a step sends is said in the phrase, in the accusative: «відправити поточного гравця в
  карцер» / «отправить текущего игрока в карцер», never «відправити в карцер: поточний гравець»;
  whose loyalty cards one looks at in the genitive («дивиться карти лояльності обраного гравця»),
  and for whom a spell repeats («для кожної людини: …», as en's "for each Human: …");
2 every button label fits Discord's 80 characters whole with a 32-character name and the longest
  item, card, ability or answer (a give button names the player alone, the Chapel's answer is short);
3 en quotes names with “…” (as Eldritch's en), its inner quotes ‘…’; uk and ru keep «…» and „…“."""
from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES

# ---------------------------------------------------------------- 1
VISION = {  # Strange Vision's first answer, read by anyone but the current player
    "uk": "; відправити поточного гравця в карцер",
    "ru": "; отправить текущего игрока в карцер",
    "en": "; send the current player to the Brig",
}
PEACEMAKER_REFUSE = {  # Do No Harm's refusal
    "uk": "Відправити Светлану Гедройць у карцер",
    "ru": "Отправить Светлану Гедройц в карцер",
    "en": "Send Svetlana Gedroits to the Brig",
}


def every_step() -> list:
    """Every step and condition of the pack (data/unfathomable/*.yaml), nested ones too."""
    from pydantic import BaseModel

    from engine.content.dialect import Tagged
    from engine.registry import rules_for
    found, stack = [], [rules_for("unfathomable").pack]
    while stack:
        node = stack.pop()
        if isinstance(node, Tagged):
            found.append(node)
            stack.append(node.spec)
        elif isinstance(node, BaseModel):
            stack += [getattr(node, f) for f in type(node).model_fields]
        elif isinstance(node, (list, tuple)):
            stack += list(node)
        elif isinstance(node, dict):
            stack += list(node.values())
    return found


def _steps(name: str) -> list:
    """Every step ``name`` the pack holds, wherever it is nested."""
    return [node for node in every_step() if node.name == name]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_whom_a_step_sends_is_said_in_the_phrase(lang):
    from tests.bot.test_unfathomable_newcomer18c import _mythos, _options
    from bot.games.unfathomable.effect_text import effect_text
    assert effect_text(lang, _options(_mythos("strange_vision"))[0]).endswith(VISION[lang])
    assert effect_text(lang, _options(_mythos("do_no_harm"))[1]).startswith(PEACEMAKER_REFUSE[lang])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("step", ["send_to_brig", "send_to_sick_bay"])
def test_every_player_the_pack_sends_has_its_accusative(lang, step):
    from bot.games.unfathomable.effect_text import WRITER
    from bot.i18n import catalog
    steps = _steps(step)
    assert steps
    for tagged in steps:
        assert f"unfathomable.wf.who_acc.{tagged.spec.who}" in catalog(lang), tagged.spec.who
        text = WRITER.step(lang, tagged)
        assert ":" not in text and text.index(WRITER.say(lang, f"unfathomable.wf.who_acc.{tagged.spec.who}")) > 0, text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_character_sent_keeps_the_pack_name_in_en(lang):
    from bot.games.unfathomable.render import character
    from bot.i18n import catalog
    from engine.registry import rules_for
    for ch in rules_for("unfathomable").pack.characters.characters:
        said = catalog(lang)[f"unfathomable.wf.who_acc.{ch.id}"]
        if lang == "en":
            assert said == character(lang, ch.id)
        else:   # the surname stays, the first name may bend («Светлану Гедройць»)
            assert said.split()[-1][:4] == character(lang, ch.id).split()[-1][:4]


LOYALTY = {
    "uk": "Ваш персонаж дивиться карти лояльності обраного гравця",
    "ru": "Ваш персонаж смотрит карты ролей выбранного игрока",
    "en": "Your character looks at the loyalty of the picked player",
}
HEAL = {"uk": "Для кожної людини: якщо ", "ru": "Для каждого человека: если ", "en": "For each Human: if "}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_whose_loyalty_and_for_whom_are_said_in_their_case(lang):
    from bot.games.unfathomable.effect_text import WRITER, effect_text
    from bot.games.effect_text import tidy
    (look,) = _steps("look_at_loyalty")
    assert tidy(WRITER.step(lang, look)) == LOYALTY[lang]
    (each,) = _steps("for_each")
    assert effect_text(lang, [each]).startswith(HEAL[lang])


# ---------------------------------------------------------------- 2
LONG = "W" * 32   # Discord's longest member name


def _longest_labels(lang: str) -> dict[str, str]:
    """Each kind of Unfathomable button at its longest: every item, card, zone, ability, character
    and crisis answer, every player named with 32 characters and playing each character."""
    from bot.games.unfathomable import render as R
    from engine.registry import rules_for
    pack = rules_for("unfathomable").pack
    chars = [c.id for c in pack.characters.characters]
    players = [str(i) for i in range(1, len(chars) + 1)]
    state = {"players": players, "characters": dict(zip(players, chars))}
    names = dict.fromkeys(players, LONG)
    items = [i.id for i in pack.items.items]
    zones = sorted(R.zones())
    options = [{"type": "upgrade", "item": i} for i in items]
    options += [{"type": "give", "item": i, "to": p} for i in items for p in players]
    options += [o for p in players for o in ({"type": "give_loyalty", "to": p}, {"type": "attack", "target": p},
                                             {"type": "choose", "value": p})]
    options += [o for z in zones for o in ({"type": "move", "to": z}, {"type": "repair", "zone": z},
                                           {"type": "attack", "target": f"deep_one:{z}"},
                                           {"type": "use", "ability": f"zone:{z}"},
                                           {"type": "use", "ability": f"zone_t:{z}"})]
    options += [{"type": "course", "card": c.id} for c in pack.course.course_cards]
    options += [{"type": "use", "ability": f"feat:{f.id}"} for f in pack.feats.feats]
    options += [{"type": "use", "ability": f"item:{i}:0"} for i in items]
    options += [{"type": "use", "ability": f"title:{x.id}:0"} for x in pack.titles.titles]
    options += [{"type": "use", "ability": f"play:{m.id}:0"} for m in pack.mythos.mythos if m.in_play]
    options += [o for c in chars for o in ({"type": "use", "ability": f"char:{c}"},
                                           {"type": "use", "ability": f"trait:{c}"},
                                           {"type": "character", "character": c})]
    options += [{"type": "track", "track": x.id} for x in pack.tracks.tracks]
    options += [{"type": "draw_type", "skill": s} for s in R.SKILL_TYPES]
    longest: dict[str, str] = {}
    for o in options:
        label = R.option_label(o, state, names, lang)
        kind = o["type"] + (":" + o["ability"].split(":")[0] if o["type"] == "use" else "")
        longest[kind] = max(longest.get(kind, ""), label, key=len)
    # a crisis or zone answer, by its own label
    answers = [R._label_in(lang, found) for found in R._choice_labels()["en"].values()]
    longest["answer"] = max(answers, key=len)
    return longest


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_button_fits_discords_80_characters_whole(lang):
    longest = _longest_labels(lang)
    assert {"give", "upgrade", "use:trait", "course", "answer"} <= set(longest)
    too_long = {kind: label for kind, label in longest.items() if len(label) > 80}
    assert not too_long


GIVE = {"uk": f"Віддати «Амулет зі Знаком Старших» гравцеві {LONG}",
        "ru": f"Отдать «Амулет со Знаком Древних» игроку {LONG}",
        "en": f"Give “Elder Sign Amulet” to {LONG}"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_give_button_names_the_player_alone(lang):
    assert _longest_labels(lang)["give"] == GIVE[lang]


# ---------------------------------------------------------------- 3
DRAWN = ["influence:coordinated_effort:2:1", "will:persistence:1:1"]
QUOTED = {
    "en": ("You draw “Coordinated Effort” (Influence 2) and “Persistence” (Will 1).",
           "Activate the Upgrade “‘Lucky’ Ring”", "Play “Abandoned Depot”"),
    "uk": ("Ви берете карти «Скоординовані зусилля» (Вплив 2) і «Наполегливість» (Воля 1).",
           "Активувати вдосконалення «„Щасливий“ перстень»", "Розіграти карту курсу «Покинутий склад»"),
    "ru": ("Вы берёте карты «Совместные усилия» (Общение 2) и «Настойчивость» (Воля 1).",
           "Активировать вещь «„Счастливое“ кольцо»", "Разыграть карту путевой точки «Заброшенный склад»"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_names_are_quoted_in_the_languages_own_marks(lang):
    from bot.games.unfathomable import render as R
    drawn = R.private_line({"type": "skills_drawn_you", "player": "101", "cards": DRAWN, "audience": ["101"]},
                           "101", lang)
    upgrade = R.option_label({"type": "upgrade", "item": "lucky_ring"}, {}, {}, lang)
    course = R.option_label({"type": "course", "card": "abandoned_depot"}, {}, {}, lang)
    assert (drawn, upgrade, course) == QUOTED[lang]


def test_no_en_text_of_unfathomable_quotes_with_guillemets():
    from bot.i18n import catalog
    left = {k: v for k, v in catalog("en").items() if k.startswith("unfathomable.") and "«" in str(v)}
    assert not left
