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


# ---------------------------------------------------------------- C2
def _rules_text(card_id: str, lang: str) -> str:
    card = next(c for deck in RULES.pack.skill_cards.decks for c in deck.cards if c.id == card_id)
    name = getattr(card.name, lang, None) or card.name.en
    return dict(R.rules_lookup(name, lang))[name]


def _every_text(lang: str) -> list[str]:
    """Every generated text of the pack (abilities, spells, crisis answers), as `/rules` reads it."""
    from bot.games.unfathomable.effect_text import entry_text, has_effect
    from pydantic import BaseModel
    said, seen = [], set()

    def walk(node):
        if id(node) in seen:
            return
        seen.add(id(node))
        if isinstance(node, BaseModel):
            if has_effect(node):
                said.append(entry_text(lang, node))
            for field in type(node).model_fields:
                walk(getattr(node, field))
        elif isinstance(node, (list, tuple)):
            for item in node:
                walk(item)
    walk(RULES.pack)
    return said


YOU_CHOOSE = {"uk": "(вибираєте ви)", "ru": "(выбираете вы)", "en": "(chosen by you)"}
CHARACTER_CHOOSES = {"uk": "вибирає ваш персонаж", "ru": "выбирает ваш персонаж", "en": "chosen by your character"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_call_to_action_says_the_member_chooses(lang):
    said = _rules_text("call_to_action", lang)
    assert said.endswith(YOU_CHOOSE[lang]) and CHARACTER_CHOOSES[lang] not in said, said


ORDER = {   # Arrest Order (feat): a player it sends to the Brig is the member's pick
    "uk": "Дія: обрати гравця (інший гравець у вашій зоні) (вибираєте ви); відправити обраного гравця в карцер",
    "ru": "Действие: выбрать игрока (другой игрок в вашей области) (выбираете вы); отправить выбранного игрока в карцер",
    "en": "Action: pick a player (another player in your zone) (chosen by you); send the picked player to the Brig",
}
GRENADE = {   # Jam Tin Grenade: a zone the member picks, next to them (what «обрати» takes: nu19b)
    "uk": "обрати будь-яку зону на ваш вибір (поруч із вами)",
    "ru": "выбрать любую область на ваш выбор (рядом с вами)",
    "en": "pick any zone of your choice (next to you)",
}
DIVIDE = {   # Beatrice's traitor ability: four water spaces she picks (where they go: nu19b)
    "uk": "у водній зоні на ваш вибір (у 4 різних зонах)",
    "ru": "в водной области на ваш выбор (в 4 разных областях)",
    "en": "in a water zone of your choice (in 4 different zones)",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_card_says_your_character_chooses(lang):
    """Every card a member plays or holds whose choice is theirs reads "(chosen by you)", «на ваш
    вибір»: not «(вибирає ваш персонаж)», «зона ((корабель)) на вибір: ваш персонаж»; a choice said
    twice in a row is said once; no «скидає карту ((Знання))»."""
    texts = _every_text(lang)
    joined = "\n".join(texts)
    assert CHARACTER_CHOOSES[lang] not in joined
    for said in ("на вибір: ваш персонаж", "на выбор: ваш персонаж", "chosen by your character", "((",
                 f"{YOU_CHOOSE[lang]} {YOU_CHOOSE[lang]}", "поруч із: ваш персонаж", "рядом с: ваш персонаж",
                 "next to your character"):
        assert said not in joined, said
    assert sum(YOU_CHOOSE[lang] in x for x in texts) >= 20
    assert any(x.startswith(ORDER[lang]) for x in texts), [x for x in texts if "карцер" in x or "Brig" in x]
    assert GRENADE[lang] in joined and DIVIDE[lang] in joined


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_crisis_answer_still_names_its_decider(lang):
    """A crisis's chooser is a role («капітан»), read as such to anyone but the one it names."""
    captain = {"uk": "(вибирає капітан)", "ru": "(выбирает капитан)", "en": "(chosen by the Captain)"}[lang]
    assert captain in "\n".join(_every_text(lang))


# ---------------------------------------------------------------- C3
TRACK_LINES = {   # the table shows «Трек подорожі: 2/4 (Середній вперед)»; the log said «просування до 2»,
    # «назад на старт» (a space the rulebook calls «Початок», 000 §50)
    "uk": ["Трек ритуалу: жетон просувається на «Закляття 2» (2/4).",
           "Трек подорожі: жетон повертається на «Початок».",
           "🚢 Трек подорожі: жетон просувається на «Малий вперед» (1/4); корабель рушає, монстри відстають до "
           "корми: Мати Гідра → Глибини."],
    "ru": ["Трек ритуала: жетон продвигается на «Заклинание 2» (2/4).",
           "Трек путешествия: жетон возвращается на «Начало».",
           "🚢 Трек путешествия: жетон продвигается на «Малый вперёд» (1/4); корабль движется, монстры отстают к "
           "корме: Матерь Гидра → Пучина."],
    "en": ["Ritual track: the token advances to Incantation 2 (2/4).",
           "Journey track: the token returns to Start.",
           "🚢 Journey track: the token advances to Slow Ahead (1/4); the ship moves on, the monsters fall back "
           "toward the stern: Mother Hydra → the Depths."],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_track_line_names_its_space_as_the_table_does(lang):
    from bot.games import ui_for
    render = ui_for("unfathomable").public_lines
    advanced = {"type": "track_advanced", "track": "ritual", "position": 2, "audience": "all"}
    reset = {"type": "track_reset", "track": "journey", "audience": "all"}
    pushed = {"type": "monsters_pushed_to_stern", "deep_ones": {}, "monarchs": {"mother_hydra": "depths"},
              "audience": "all"}
    journey = {"type": "track_advanced", "track": "journey", "position": 1, "audience": "all"}
    assert render([advanced], lang) + render([reset], lang) + render([pushed, journey], lang) == TRACK_LINES[lang]


# ---------------------------------------------------------------- C4
WHY = {   # «…скинуто: цього персонажа немає в грі, або він у карцері, або викритий як зрадник» named
    # three reasons where one held
    "brig": {"uk": "скинуто: цей персонаж у карцері.", "ru": "сброшена: этот персонаж в карцере.",
             "en": "is discarded: that character is in the Brig."},
    "revealed": {"uk": "скинуто: цей персонаж викритий як зрадник.",
                 "ru": "сброшена: этот персонаж разоблачён как предатель.",
                 "en": "is discarded: that character is a revealed traitor."},
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("why", ["brig", "revealed"])
def test_a_personal_card_discarded_says_the_one_reason_that_holds(lang, why):
    import copy
    state, _ = RULES.new_game(PLAYERS, 1, {}, {})
    while not all(state["characters"].get(p) for p in PLAYERS):   # the characters chosen
        prompt = RULES.prompts(state)[0]
        state = RULES.apply(state, {"player": prompt["player"], "prompt": prompt["id"], **prompt["options"][0]})[0]
    owner, ch = next((p, c) for p, c in state["characters"].items())
    card = next(m.id for m in RULES.pack.mythos.mythos if m.personal == ch)
    s = copy.deepcopy(state)
    if why == "brig":
        s["zone_of"][owner] = "brig"
    else:
        s["revealed"] = [*s["revealed"], owner] if isinstance(s["revealed"], list) else {*s["revealed"], owner}
    s["mythos_deck"].remove(card)
    s["mythos_deck"].append(card)   # on top
    events: list = []
    RULES.next_mythos(s, events)
    dropped = next(ev for ev in events if ev["type"] == "mythos_discarded_personal")
    assert dropped["why"] == why and RULES.personal_block(state, card) is None
    assert R.public_line(dropped, lang).endswith(WHY[why][lang]), R.public_line(dropped, lang)
