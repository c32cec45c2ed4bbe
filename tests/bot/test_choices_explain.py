"""Choices that explain themselves (issue 20): no raw id, catalog key, snake_case value or ``None``
ever reaches a member — over every prompt kind and option label random games of all three games
reach, in every language, and over the public and private lines, the waiting lines and panels."""
from __future__ import annotations

import copy
import random
import re

import pytest

from bot.games import ui_for
from bot.i18n import t
from bot.service import PUBLIC_PROMPT_CONTEXT
from engine.core.events import visible_to
from engine.registry import rules_for
from engine.simulate import apply_random_move, legal_moves

RAW = [
    (re.compile(r"\bNone\b"), "None"),
    (re.compile(r"(?<![<@#/\w])[a-z][a-z0-9]*_[a-z0-9_]+\b"), "a snake_case value"),
    (re.compile(r"(?<![/\w])[a-z_]+:[a-z0-9_]+\b"), "a raw id"),
    (re.compile(r"\b(?:thing|unfathomable|eldritch|errors|panel|settings)\.[a-z_]+(?:\.[a-z_]+)*\b"), "a catalog key"),
    (re.compile(r"\{[a-z_]+\}"), "an unfilled placeholder"),
    (re.compile(r"(\b[A-ZА-ЯІЇЄҐ][\w'’]+(?: [A-ZА-ЯІЇЄҐ][\w'’]+)+) (?:uses|використовує|использует) \1(?![\w'’])"),
     "a name using itself"),
]


def raw_parts(text: str) -> list[str]:
    """What in ``text`` a member must never read (empty: nothing)."""
    return [f"{what}: {m.group(0)!r}" for pattern, what in RAW for m in pattern.finditer(text or "")]


def test_the_check_catches_what_members_ran_into():
    # the lines of the issue, as they were shown
    for line in ("⏳ <@1>: respond or pass (None).", "Choose: [warlock:m9] [serpent_people:m7]",
                 "Leo Anderson is spared delay_or_penalty.", "Jim Culver uses Jim Culver (Jim Culver).",
                 "eldritch.option.frobnicate", "Lose {amount} health"):
        assert raw_parts(line), line
    for line in ("⏳ <@12345>: respond or pass.", "Jim Culver uses their ability.", "Use Jim Culver's ability", "https://x.y/z_w",
                 "Nightgaunt in Sydney", "Дрейфувати: 2"):
        assert not raw_parts(line), line


def embed_text(embed) -> str:
    data = embed.to_dict()
    parts = [data.get("title"), data.get("description"), (data.get("footer") or {}).get("text"),
             (data.get("author") or {}).get("name")]
    parts += [f"{f['name']}\n{f['value']}" for f in data.get("fields", [])]
    return "\n".join(p for p in parts if p)


TABLES = [("thing", 5, {}), ("unfathomable", 4, {}), ("unfathomable", 6, {"cultist": False}), ("eldritch", 2, {}),
          ("eldritch", 1, {"per_player": 2})]


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
@pytest.mark.parametrize("kind,players,options", TABLES)
def test_no_raw_value_reaches_a_member(kind, players, options, lang):
    rules, ui = rules_for(kind), ui_for(kind)
    found: dict[str, set] = {}

    def check(where: str, text: str) -> None:
        for part in raw_parts(text):
            found.setdefault(f"{where}: {part}", set()).add(text[:160])

    seen_kinds = set()
    for seed in range(2):
        ids = [str(100 + i) for i in range(players)]
        names = {p: f"Member {p}" for p in ids}
        state, events = rules.new_game(ids, seed, options, {})
        rng = random.Random(seed)
        for step in range(900):
            for line in ui.public_lines([e for e in events if visible_to(e, None)], lang):
                check("public line", line)
            for p in ids[:2]:
                for line in ui.private_lines([e for e in events if visible_to(e, p)], p, lang):
                    check("private line", line)
            if rules.is_over(state):
                break
            prompts = rules.prompts(state)
            waiting = [{"player": p["player"], "kind": p["kind"], **{k: p[k] for k in PUBLIC_PROMPT_CONTEXT if k in p}}
                       for p in prompts]
            for line in ui.waiting_lines(waiting, lang):
                check("waiting line", line)
            for prompt in prompts[:2]:
                seen_kinds.add(prompt["kind"])
                where = f"{prompt['kind']} option"
                if prompt.get("shape", "one") == "one":
                    for option in prompt["options"]:
                        check(where, ui.option_label({**option, "player": prompt["player"]}, state, names, lang))
                        if hasattr(ui, "option_description"):
                            described = ui.option_description({**option, "player": prompt["player"]}, state, names,
                                                              lang)
                            check(f"{prompt['kind']} description", described or "")
                else:
                    spec = prompt[prompt["shape"]]
                    for item in spec.get("ids", [])[:25]:
                        check(where, ui.item_label(spec, item, state, names, lang))
                if hasattr(ui, "prompt_lines"):
                    for line in ui.prompt_lines(prompt, state, prompt["player"], names, lang):
                        check(f"{prompt['kind']} prompt", line)
                if step % 9 == 0:
                    check(f"{prompt['kind']} panel", embed_text(ui.panel_embed(state, prompt["player"], names, lang, [])))
            if step % 9 == 0:
                check("table", embed_text(ui.table_embed(state, names, lang)))
            after = copy.deepcopy(state)
            action = apply_random_move(rules, after, legal_moves(rules, state), rng)
            state, events = rules.apply(state, action)
    assert len(seen_kinds) >= 3, seen_kinds
    assert not found, "\n".join(f"{k} e.g. {sorted(v)[0]!r}" for k, v in sorted(found.items()))


def test_the_lines_the_issue_quotes_now_read_well():
    from bot.games.eldritch import render as eldritch
    from bot.games.unfathomable import render as unfathomable
    for lang in ("en", "uk", "ru"):
        line = unfathomable.waiting_lines([{"player": "1", "kind": "window"}], lang)[0]
        assert not raw_parts(line), line
        timed = unfathomable.waiting_lines([{"player": "1", "kind": "window", "timing": "after_roll"}], lang)[0]
        assert not raw_parts(timed) and "(" in timed, timed
        spared = eldritch.public_line({"type": "prevented", "inv": "mark_harrigan", "what": "delay_or_penalty"}, lang)
        assert not raw_parts(spared), spared
        uses = eldritch.public_line({"type": "action", "action": "component", "inv": "jim_culver",
                                     "card": "jim_culver", "owner": "jim_culver"}, lang)
        assert not raw_parts(uses), uses
        state = {"monsters": {"board": {"m9": {"kind": "warlock", "space": "tokyo"}}}}
        order = eldritch.value_label(lang, "warlock:m9", state, {}, "order")
        assert not raw_parts(order) and order == eldritch.monster_on_board(lang, state, "m9"), order


def test_select_options_carry_what_the_choice_is_about():
    """A character by its ability, an investigator by their occupation, a reroll by the roll it
    changes; a label too long for one line goes on in the description, never lost."""
    from types import SimpleNamespace

    from cogs.play import described
    unf = rules_for("unfathomable")
    state, _ = unf.new_game(["1", "2", "3"], 5, {}, {})
    prompt = unf.prompts(state)[0]
    assert prompt["kind"] == "character"
    ui = ui_for("unfathomable")
    for option in prompt["options"]:
        label, description = described(ui, {**option, "player": prompt["player"]},
                                       SimpleNamespace(state=state, names={}), "en")
        assert description and not raw_parts(description), (label, description)
    eld, eui = rules_for("eldritch"), ui_for("eldritch")
    rng = random.Random(2)
    state, _ = eld.new_game(["1", "2"], 2, {}, {})
    for _ in range(2000):   # a roll decision: each option says what it does with the dice
        prompts = eld.prompts(state)
        roll = next((p for p in prompts if p["kind"] == "roll"), None)
        if roll is not None:
            break
        state = eld.apply(state, apply_random_move(eld, copy.deepcopy(state), legal_moves(eld, state), rng))[0]
    assert roll is not None
    text = eui.option_description({**roll["options"][0], "player": roll["player"]}, state, {}, "en")
    frame = eui.frame_of(state, roll)   # "Keep the dice": the test is resolved with them (not the decision again)
    assert text and text != eui.decision_text("en", roll, state) \
        and eui.dice_text(frame["dice"], tuple(frame["faces"])) in text

    class Long:
        @staticmethod
        def option_label(option, state, names, lang):
            return "word " * 40
    label, description = described(Long, {"type": "x"}, SimpleNamespace(state={}, names={}), "en")
    assert len(label) <= 100 and label.endswith("…") and description and (label[:-1] + description).startswith("word")


def _flamethrower_deal(rules) -> dict:
    """Four seats: "1" holds a Flamethrower (and draws another), "2" beside it a No Barbecue!."""
    seats = ["1", "2", "3", "4"]
    state, _events = rules.new_game(seats, 1, setup={"seats": seats, "first_player": "1", "hands": {
        "1": ["flamethrower", "suspicion", "whisky", "axe"], "2": ["no_barbecue", "suspicion", "change_places", "no_thanks"],
        "3": ["suspicion", "better_run", "seduction", "barred_door"],
        "4": ["suspicion", "persistence", "watch_your_back", "im_comfortable"]}, "deck_top": ["flamethrower"]})
    return state


@pytest.mark.parametrize("lang, decision, defend, accept", [
    ("en", "answer Flamethrower played on you by Ann", "Defend with No Barbecue!",
     "Don't defend: you are out of the game"),
    ("ru", "ответить на «Огнемёт» от игрока Ann", "Защититься: «Никакого шашлыка!»", "Не защищаться: вы выбываете из игры"),
    ("uk", "відповісти на «Вогнемет» від гравця Ann", "Захиститися: «Жодного шашлику!»", "Не захищатися: ви вибуваєте з гри"),
])
def test_a_flamethrower_played_on_a_member_says_what_each_answer_does(lang, decision, defend, accept):
    """«Если у игрока, на которого сыгран «Огнемёт», есть карта «Никакого шашлыка!», он может
    спастись от сожжения. Если же нет, он выбывает из игры» (003_cfc0c87e135148c5.txt:147): the
    panel read "answer a played card" with "Accept" (which burns the member) and "Refuse"."""
    from bot.games.thing import render
    rules = rules_for("thing")
    state = _flamethrower_deal(rules)
    names = {"1": "Ann", "2": "Bo", "3": "Cy", "4": "Di"}
    while True:  # draw, then play the Flamethrower on the neighbour
        prompt = rules.prompts(state)[0]
        option = next((o for o in prompt["options"] if o.get("card") == "flamethrower" and o.get("target") == "2"),
                      prompt["options"][0] if len(prompt["options"]) == 1 else None)
        assert option is not None, prompt
        state = rules.apply(state, {"player": prompt["player"], "prompt": prompt["id"], **option})[0]
        if option.get("card") == "flamethrower":
            break
    prompt = rules.prompts(state)[0]
    assert prompt["player"] == "2" and prompt["kind"] == "respond"
    labels = {o["type"]: render.option_label({**o, "player": "2"}, state, names, lang) for o in prompt["options"]}
    assert labels == {"defend": defend, "accept": accept}
    embed = render.panel_embed(state, "2", names, lang, [])
    assert embed.footer.text.endswith(decision)


def _first_crisis_choice(seed_from: int = 1):
    """An Unfathomable state waiting on a mythos card's choice between labelled options."""
    rules = rules_for("unfathomable")
    rng = random.Random(3)
    for seed in range(seed_from, seed_from + 40):
        state, _ = rules.new_game(["1", "2", "3", "4"], seed)
        for _ in range(400):
            prompts = rules.prompts(state)
            if not prompts:
                break
            prompt = prompts[0]
            if prompt.get("purpose") == "option" and prompt.get("labels"):
                return state, prompt
            option = rng.choice(prompt["options"]) if prompt.get("options") else prompt["default"]
            state = rules.apply(state, {"player": prompt["player"], "prompt": prompt["id"], **option})[0]
    raise AssertionError("no crisis choice reached")


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_a_crisis_answer_drawn_as_a_button_says_what_it_does(lang):
    """A crisis card's answers were bare buttons ("Take what you can" / "Refuse"): what each
    costs was written nowhere a member could see. The panel now lists what each does, read out
    from the card's own effect data."""
    import discord
    from types import SimpleNamespace

    from cogs.play import decision_view
    state, prompt = _first_crisis_choice()
    game = SimpleNamespace(kind="unfathomable", state=state, names={}, status="active", id=1, epoch=1)
    embed = discord.Embed(title="panel")
    decision_view(game, prompt["player"], lang, explain=embed)  # the panel's controls and their field
    field = next(f for f in embed.fields if f.name == t(lang, "panel.what_they_do"))
    assert "Refuse (Brig and damage)" in prompt["labels"]  # the card this seed reaches first
    brig = {"en": "Brig", "uk": "карцер", "ru": "карцер"}[lang]
    assert brig in field.value and "**" in field.value and not raw_parts(field.value), field.value


def test_the_things_cards_played_say_what_they_do():
    import discord
    from types import SimpleNamespace

    from cogs.play import decision_view
    rules = rules_for("thing")
    state = _flamethrower_deal(rules)
    prompt = rules.prompts(state)[0]
    state = rules.apply(state, {"player": "1", "prompt": prompt["id"], **prompt["options"][0]})[0]  # the draw
    game = SimpleNamespace(kind="thing", state=state, names={"2": "Bo", "4": "Di"}, status="active", id=1, epoch=1)
    embed = discord.Embed(title="panel")
    decision_view(game, "1", "ru", explain=embed)
    value = next(f for f in embed.fields if f.name == t("ru", "panel.what_they_do")).value
    assert "Огнемёт → Bo · Огнемёт → Di** — Цель: соседний игрок. Цель выбывает из игры." in value, value
    assert value.count("Цель: соседний игрок. Цель выбывает из игры.") == 1  # one line for both targets


@pytest.mark.parametrize("lang, start", [("en", "🎲 Skill check: target 8;"), ("uk", "🎲 Перевірка вмінь: цільове значення 8;"),
                                         ("ru", "🎲 Проверка навыков: целевое число 8;")])
def test_a_check_without_a_card_is_not_named_twice(lang, start):
    """A zone's check read «🎲 Перевірка вмінь — перевірка вмінь: складність 8»; the seed's term
    is «цільове значення» (000_5588cb8ec4e05b87.txt), «целевое число» (001_8cad8563a2eba5f1.txt)."""
    from bot.games.unfathomable.render import public_line
    line = str(public_line({"type": "check_started", "target": 8, "partial": None, "positive": ["strength"],
                            "card": None, "order": ["1"]}, lang))
    assert line.startswith(start), line


def test_english_effect_text_quotes_names_the_english_way():
    """An English table read Russian quotation marks («Cursed») in generated effect text."""
    from bot.games.eldritch.effect_text import _names
    name = next(n for n in (_names(lang, "condition", "cursed") for lang in ("en",)) if n)
    assert name.startswith("“") and name.endswith("”"), name
    assert _names("uk", "condition", "cursed").startswith("«")


@pytest.mark.parametrize("lang, want", [("en", "Choose 2…"), ("uk", "Оберіть 2…"), ("ru", "Выберите 2…")])
def test_a_pick_of_exactly_n_says_so(lang, want):
    """«Оберіть від 2 до 2…» when exactly two cards are to be picked."""
    import discord
    from types import SimpleNamespace

    from cogs.play import subset_controls
    game = SimpleNamespace(id=1, epoch=1, kind="thing", state={}, names={})
    prompt = {"id": 7, "player": "1", "kind": "forgetful", "shape": "subset",
              "subset": {"ids": ["whisky", "axe", "suspicion"], "min": 2, "max": 2,
                         "action": {"type": "discard_set"}, "field": "cards"}}
    view = discord.ui.View()
    subset_controls(view, game, prompt, "1", lang)
    assert [item.item.placeholder for item in view.children] == [want]


@pytest.mark.parametrize("lang, keep, hand_on", [
    ("en", "Keep the Lead: ", "Pass the Lead to "),
    ("uk", "Лишитися головним дослідником: ", "Передати роль головного дослідника: "),
    ("ru", "Остаться ведущим сыщиком: ", "Передать роль ведущего сыщика: ")])
def test_the_leads_choice_says_keep_or_pass(lang, keep, hand_on):
    """«pass the Lead?» offered «Lead: Jacqueline Fine (Ann) / Lead: Akachi Onyele (Bo)»: which
    one kept the role was for the member to guess."""
    from bot.games.eldritch import render
    state, _ = rules_for("eldritch").new_game(["1", "2"], 1)
    lead = state["lead"]
    other = next(i for i in state["inv"] if i != lead)
    kept = render.option_label({"type": "lead", "to": lead}, state, {}, lang)
    assert kept.startswith(keep) and "))" not in kept  # no brackets in brackets (the name has its seat's)
    assert render.option_label({"type": "lead", "to": other}, state, {}, lang).startswith(hand_on)


@pytest.mark.parametrize("lang, own, other, line", [
    ("en", "Pay off your Debt (Influence test)", "Pay off {owner}'s Debt (Influence test)",
     "{inv} tries to pay off {owner}'s Debt."),
    ("uk", "Погасити свій «Борг» (перевірка Впливу)", "Погасити «Борг» ({owner}, перевірка Впливу)",
     "{inv} намагається погасити «Борг» ({owner})."),
    ("ru", "Погасить свой «Долг» (проверка Общения)", "Погасить «Долг» ({owner}, проверка Общения)",
     "{inv} пытается погасить «Долг» ({owner}).")])
def test_a_debts_local_action_says_it_pays_the_debt_off(lang, own, other, line):
    """«Use Debt of Jacqueline Fine» (her own Debt too) and «Akachi Onyele uses Debt of Jacqueline
    Fine.»: the card's local action is «test Influence to pay it off», and the rules (Local action):
    "**Any investigator in the same location as the owner** may also use it on the owner's card"."""
    from bot.games.eldritch import render
    rules = rules_for("eldritch")
    state, _ = rules.new_game(["1", "2"], 1)
    prompt = rules.prompts(state)[0]
    actor = prompt["inv"]
    owner = next(i for i in state["inv"] if i != actor)
    state["inv"][owner]["space"] = state["inv"][actor]["space"]
    for inv in (actor, owner):
        state["inv"][inv]["conditions"].append(rules.C.conditions["debt"]["backs"][0]["id"])
    prompt = rules.prompts(state)[0]
    local = {o["owner"]: o for o in prompt["options"] if o["type"] == "local" and o["card"] == "debt"}
    assert set(local) == {actor, owner}
    name = render.named(lang, "investigator", owner)
    assert render.option_label({**local[actor], "player": prompt["player"]}, state, {}, lang) == own
    assert render.option_label({**local[owner], "player": prompt["player"]}, state, {}, lang) == \
        other.format(owner=name)
    event = {"type": "action", "action": "local", "inv": actor, "owner": owner, "card": "debt"}
    assert render.public_line(event, lang) == line.format(inv=render.inv_name(lang, actor),
                                                          owner=render.inv_name(lang, owner))


def test_a_local_encounter_names_the_space_not_the_deck():
    """«Encounter: Encounter cards: America» named a deck; the member stands in a city."""
    from bot.games.eldritch import render
    rules = rules_for("eldritch")
    rng = random.Random(2)
    state, _ = rules.new_game(["1"], 3)
    for _ in range(300):
        prompt = rules.prompts(state)[0]
        local = [o for o in prompt.get("options", []) if o.get("type") == "encounter" and o.get("what") == "location"]
        if local:
            here = state["inv"][prompt["inv"]]["space"]
            label = render.option_label({**local[0], "player": prompt["player"]}, state, {}, "en")
            deck = render.named("en", "deck", local[0]["deck"])
            expected = "General encounter" if local[0]["deck"] == "general" else deck[:1].upper() + deck[1:]
            # the space, and the region's deck by name (nfe15: "Encounter here" beside "General encounter")
            assert label == f"{expected} ({render.space('en', here)})", label
            return
        state = rules.apply(state, {"player": prompt["player"], "prompt": prompt["id"],
                                    **(rng.choice(prompt["options"]) if prompt.get("options") else prompt["default"])})[0]
    raise AssertionError("no encounter choice reached")


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_a_damage_card_before_its_zone_is_rolled_shows_no_dash(lang):
    """«💥 Пошкодження: Намокле вугілля (—).»: the zone is rolled next; a dash in brackets said nothing."""
    from bot.games.unfathomable.render import public_line
    line = str(public_line({"type": "damage_drawn", "card": "structural_damage_lore", "zone": None}, lang))
    assert "(—)" not in line and "structural_damage_lore" not in line and line.startswith("💥"), line


@pytest.mark.parametrize("kind, players", [("thing", 4), ("unfathomable", 4), ("eldritch", 2)])
def test_a_finished_games_table_points_at_nobodys_turn(kind, players):
    """Every table kept «▶️ Хід гравця 🤖 Keeper 1» and its ▶ pointer after the game ended."""
    ui = ui_for(kind)
    rules = rules_for(kind)
    rng = random.Random(5)
    for seed in range(1, 60):
        state, _ = rules.new_game([str(n) for n in range(1, players + 1)], seed)
        for _ in range(4000):
            if rules.is_over(state):
                break
            prompt = rules.prompts(state)[0]
            state = rules.apply(state, {"player": prompt["player"], "prompt": prompt["id"],
                                        **(rng.choice(prompt["options"]) if prompt.get("options") else prompt["default"])})[0]
        if rules.is_over(state):
            break
    assert rules.is_over(state)
    embed = ui.table_embed(state, {}, "uk")
    text = "\n".join([embed.description or ""] + [f.value for f in embed.fields])
    assert "▶" not in text, text


def test_a_skill_card_offered_to_a_check_says_which_way_it_pushes():
    """«Target 9; helps: Strength, Will» over a hand of Influence, Lore and Observation: every
    pick would hurt and nothing said so. «Додайте значення карт підтримки й відніміть суму значень
    карт завади» (000_5588cb8ec4e05b87.txt:714)."""
    from bot.games.unfathomable import render
    rules = rules_for("unfathomable")
    rng = random.Random(3)
    for seed in range(1, 20):
        state, _ = rules.new_game(["1", "2", "3", "4"], seed)
        for _ in range(600):
            prompt = rules.prompts(state)[0]
            if prompt["kind"] == "contribute":
                positive = state["checks"][-1]["positive"]
                for item in prompt["subset"]["ids"]:
                    label = render.item_label(prompt["subset"], item, state, {}, "en")
                    type_, _, value, _ = item.split(":")
                    assert label.endswith(f": {'+' if type_ in positive else '−'}{value}"), (label, positive)
                return
            state = rules.apply(state, {"player": prompt["player"], "prompt": prompt["id"],
                                        **(rng.choice(prompt["options"]) if prompt.get("options") else prompt["default"])})[0]
    raise AssertionError("no check reached")


def test_the_revealed_pile_shows_what_each_card_added():
    """«Сума **-8**» under a list of cards: where −8 came from was for the reader to work out
    («Додайте значення карт підтримки й відніміть суму значень карт завади», 000_5588cb8ec4e05b87.txt:714)."""
    from bot.games.unfathomable.render import public_line
    line = str(public_line({"type": "check_revealed", "cards": ["lore:shrivelling:2:3", "will:persistence:1:5"],
                            "positive": ["will"], "total": -1, "target": 5}, "en"))
    assert "(Lore 2) −2" in line and "(Will 1) +1" in line, line


@pytest.mark.parametrize("lang, purpose, want", [
    ("en", "optional_move", "decide whether to move to the Galley"),
    ("uk", "optional_move", "вирішити, чи переходити на камбуз"),
    ("ru", "deep_ones_to", "выбрать, куда идут глубоководные на камбузе")])
def test_a_decision_about_a_zone_names_it_in_a_sentence(lang, purpose, want):
    """«вирішити, чи переходити Камбуз» / "decide whether to move Galley": the zone was tacked on."""
    from bot.games.unfathomable.render import decision_text, zone
    galley = next(z for z in ("galley",) if zone("en", z) == "Galley")
    assert decision_text(lang, {"kind": "choose", "purpose": purpose, "zone": galley}) == want


def test_the_deep_ones_falling_back_are_named():
    """«монстри відстають до корми: Водна зона 1 → Водна зона 3» did not say what moved."""
    from bot.games.unfathomable.render import monster, public_line
    line = str(public_line({"type": "monsters_pushed_to_stern", "deep_ones": {"w1": "w3"}, "monarchs": {}}, "uk"))
    assert f"{monster('uk', 'deep_ones')} (" in line, line


def test_the_eldritch_panel_names_each_investigator_once():
    """The panel read «Jacqueline Fine / **Jacqueline Fine** ▶ (Ann)»: the field's name, then the
    same name again on its first line."""
    from bot.games.eldritch import render
    state, _ = rules_for("eldritch").new_game(["1"], 1)
    embed = render.panel_embed(state, "1", {"1": "Ann"}, "en", [])
    field = embed.fields[0]
    assert field.value.count(field.name) == 0 and "(Ann)" in field.value.splitlines()[0], field.value


def test_eldritch_text_is_cut_between_words_and_a_mystery_keeps_its_ending():
    """A mythos line was cut mid-word («(rounde…») and the mystery field lost «Solved when…»."""
    from bot.games.eldritch import render
    text = "Place 1 Eldritch token on this card at the end of each round. Solved when 3 tokens (rounded up) are here."
    cut = render._trim(text, 90)
    assert cut.endswith("…") and cut.rstrip(" …").split()[-1] in text.split(), cut
    for mystery in render._pack()["mystery"]:
        state = {"mystery": {"id": mystery}}
        assert render.text_of("en", render._pack()["mystery"][mystery]) in render.mystery_line("en", state), mystery


def test_a_hostile_nickname_in_the_buttons_explanation_stays_escaped():
    """The field is markdown (an embed renders it), unlike a button's label: a nickname stays as
    escaped there, never bold or a link under Keeper's name."""
    import discord
    from types import SimpleNamespace

    from bot.service import safe_name
    from cogs.play import decision_view
    rules = rules_for("thing")
    state = _flamethrower_deal(rules)
    prompt = rules.prompts(state)[0]
    state = rules.apply(state, {"player": "1", "prompt": prompt["id"], **prompt["options"][0]})[0]  # the draw
    hostile = safe_name("**Bo**[x](https://evil.example)")
    game = SimpleNamespace(kind="thing", state=state, names={"2": hostile, "4": "Di"}, status="active", id=1, epoch=1)
    embed = discord.Embed(title="panel")
    view = decision_view(game, "1", "en", explain=embed)
    value = next(f for f in embed.fields if f.name == t("en", "panel.what_they_do")).value
    assert hostile in value and "**Bo**[x]" not in value, value
    assert any("**Bo**[x]" in (item.item.label or "") for item in view.children)  # a button shows it literally


@pytest.mark.parametrize("lang, says", [
    ("en", "Convert one of her pools into the other"),
    ("uk", "Перетворіть один свій запас на інший"),
    ("ru", "Превратите один свой запас в другой")])
def test_an_investigators_own_action_says_what_it_does(lang, says):
    """«Use Lily Chen's ability» named no effect (docs/screens/eldritch/panel.png): the panel's
    "What each answer does" now gives the action's text, as her sheet does."""
    import discord
    from types import SimpleNamespace

    from cogs.play import decision_view
    rules = rules_for("eldritch")
    for seed in range(1, 200):
        state, _ = rules.new_game(["1", "2"], seed)
        if "lily_chen" not in state["inv"]:
            continue
        state["inv"]["lily_chen"]["sanity"] -= 1   # offered only with something to convert (R23)
        prompt = rules.prompts(state)[0]
        if any(o["type"] == "component" and o["card"] == "lily_chen" for o in prompt["options"]):
            break
    else:
        raise AssertionError("Lily Chen never has the first action")
    game = SimpleNamespace(kind="eldritch", state=state, names={}, status="active", id=1, epoch=1)
    embed = discord.Embed(title="panel")
    decision_view(game, prompt["player"], lang, explain=embed)
    field = next(f for f in embed.fields if f.name == t(lang, "panel.what_they_do"))
    label = ui_for("eldritch").option_label({"type": "component", "card": "lily_chen",
                                             "player": prompt["player"]}, state, {}, lang)
    assert f"**{label}** — {says}" in field.value, field.value
    assert not raw_parts(field.value)


def test_a_long_select_description_is_cut_between_words():
    """A select option's description is at most 100 characters (Discord): Leo Anderson's action
    text (ru) was cut at exactly 100, mid-word and without a mark."""
    from types import SimpleNamespace

    from cogs.play import described
    ui = ui_for("eldritch")
    game = SimpleNamespace(kind="eldritch", state={}, names={})
    for lang in ("en", "uk", "ru"):
        for card in ("leo_anderson", "cat_burglar", "feed_the_mind"):
            text = ui.action_text(lang, card) or ""
            _, said = described(SimpleNamespace(option_label=lambda *a: "x", option_description=ui.option_description),
                                {"type": "component", "card": card}, game, lang)
            assert len(said) <= 100
            if len(text) > 100:
                assert said.endswith("…") and text.startswith(said[:-1]) and text[len(said) - 1] == " "
