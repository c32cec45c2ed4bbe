"""The Thing read by a newcomer (play-through nt17: bench.keeper_table_bench thing, ru and uk, and
seeds 1-31 of its table): an exchange that does not happen and a panic card that does nothing
were told without a reason («Обмена между X и Y не будет.», «Ничего не происходит.»), and a
Missed! whose next player is the offerer read «Обмена между <@ann> и <@ann> не будет.». Each test
renders real engine events."""
from __future__ import annotations

import pytest

from bot.games import ui_for
from tests.engine.helpers import act, door, make_game, of_type, quarantined

THING = ui_for("thing")


def to_step3(state, player="ann"):
    """Draw and discard the drawn card: the player's step 3 comes next."""
    state, _ = act(state, player, "draw")
    return act(state, player, "discard", card=state["hands"][player][-1])


def lines(events, lang):
    return [str(line) for line in THING.public_lines(events, lang)]


# ------------------------------------------------------------------ the end-of-turn exchange blocked
@pytest.mark.parametrize("lang, line", [
    ("ru", "Обмена между <@ann> и <@bob> не будет: <@bob> на карантине."),
    ("uk", "Обміну між <@ann> та <@bob> не буде: <@bob> на карантині."),
    ("en", "No exchange between <@ann> and <@bob>: <@bob> is in quarantine."),
])
def test_an_exchange_blocked_by_a_quarantine_names_the_quarantined_player(lang, line):
    """Rulebook, step 3: «Если что-либо препятствует обмену картами с соседним игроком (например,
    «Заколоченная дверь» или «Карантин»), вы не меняетесь картами.» The table read only «Обмена
    между <@ann> и <@bob> не будет.»; the quarantine is public, so is the reason."""
    s = quarantined(make_game(), "bob")
    _, events = to_step3(s)
    assert [e["reason"] for e in of_type(events, "no_exchange")] == ["blocked"]
    assert line in lines(events, lang)


@pytest.mark.parametrize("lang, line", [
    ("ru", "Обмена между <@ann> и <@bob> не будет: <@ann> на карантине."),
    ("uk", "Обміну між <@ann> та <@bob> не буде: <@ann> на карантині."),
    ("en", "No exchange between <@ann> and <@bob>: <@ann> is in quarantine."),
])
def test_a_quarantined_players_own_turn_says_they_are_quarantined(lang, line):
    """«В любом случае в конце своего хода вы не меняетесь картами.»"""
    s = quarantined(make_game(), "ann")
    _, events = to_step3(s)
    assert line in lines(events, lang)


@pytest.mark.parametrize("lang, line", [
    ("ru", "Обмена между <@ann> и <@bob> не будет: между ними заколоченная дверь."),
    ("uk", "Обміну між <@ann> та <@bob> не буде: між ними заколочені двері."),
    ("en", "No exchange between <@ann> and <@bob>: a barred door stands between them."),
])
def test_an_exchange_blocked_by_a_door_says_so(lang, line):
    s = door(make_game(), "ann", "bob")
    _, events = to_step3(s)
    assert line in lines(events, lang)


@pytest.mark.parametrize("lang, line", [
    ("ru", "Обмена между <@ann> и <@bob> не будет: и <@ann>, и <@bob> на карантине."),
    ("en", "No exchange between <@ann> and <@bob>: both <@ann> and <@bob> are in quarantine."),
])
def test_both_quarantined_are_named(lang, line):
    s = quarantined(quarantined(make_game(), "ann"), "bob")
    _, events = to_step3(s)
    assert line in lines(events, lang)


# ------------------------------------------------------------------ Missed!
def seduction_refused_with_missed(target, obstacle=lambda s: s):
    s = make_game({"ann": ["seduction", "whisky", "suspicion", "analysis"],
                   target: ["missed", "whisky", "suspicion", "analysis"]})
    obstacle(s)
    s, _ = act(s, "ann", "draw")
    s, _ = act(s, "ann", "play", card="seduction", target=target)
    s, _ = act(s, "ann", "offer", card="whisky")
    return act(s, target, "defend", card="missed")


@pytest.mark.parametrize("lang, line", [
    ("ru", "Обмена между <@ann> и <@dan> не будет: между <@cid> и <@dan> заколоченная дверь."),
    ("uk", "Обміну між <@ann> та <@dan> не буде: між <@cid> та <@dan> заколочені двері."),
    ("en", "No exchange between <@ann> and <@dan>: a barred door stands between <@cid> and <@dan>."),
])
def test_missed_blocked_by_a_door_behind_the_refuser_names_the_door(lang, line):
    """«Мимо!»: «Если между вами есть препятствие (например, «Карантин» или «Заколоченная
    дверь»), обмена не происходит.» — between the refuser (cid) and the player after him (dan)."""
    _, events = seduction_refused_with_missed("cid", lambda s: door(s, "cid", "dan"))
    assert line in lines(events, lang)


@pytest.mark.parametrize("lang, line", [
    ("ru", "Обмена между <@ann> и <@dan> не будет: <@dan> на карантине."),
    ("en", "No exchange between <@ann> and <@dan>: <@dan> is in quarantine."),
])
def test_missed_to_a_quarantined_player_names_them(lang, line):
    _, events = seduction_refused_with_missed("cid", lambda s: quarantined(s, "dan"))
    assert line in lines(events, lang)


@pytest.mark.parametrize("lang, line", [
    ("ru", "Обмена не будет: после <@dan> по очереди снова <@ann>."),
    ("uk", "Обміну не буде: після <@dan> за черговістю знову <@ann>."),
    ("en", "No exchange: next after <@dan> comes <@ann> again."),
])
def test_missed_whose_next_player_is_the_offerer_does_not_name_one_player_twice(lang, line):
    """Seduction on dan (the player before ann), dan answers Missed!: the player after dan is
    ann herself (tests/scenarios/thing/missed_next_is_offerer.yaml). The table read «Обмена между
    <@ann> и <@ann> не будет.»"""
    _, events = seduction_refused_with_missed("dan")
    said = lines(events, lang)
    assert line in said
    assert not any("<@ann> и <@ann>" in x or "<@ann> та <@ann>" in x or "<@ann> and <@ann>" in x for x in said)


# ------------------------------------------------------------------ R8: nothing legal to give
@pytest.mark.parametrize("lang, line", [
    ("ru", "Обмена между <@ann> и <@bob> не будет (причина не раскрывается)."),
    ("uk", "Обміну між <@ann> та <@bob> не буде (причина не розкривається)."),
    ("en", "No exchange between <@ann> and <@bob> (the reason stays secret)."),
])
def test_no_card_to_give_is_told_alike_whoever_lacks_it_and_names_no_card(lang, line):
    """R8 (rules/the_thing.md): no legal card to hand over — «announce it neutrally without the
    reason, to avoid leaking roles»; no rule makes a hand public here. The line is the same when
    the offerer (ann, only Infected! cards) or the answerer (bob, likewise) has nothing to give,
    and says that the reason is kept back, not that someone has nothing."""
    s = make_game({"ann": ["infected"] * 4}, deck=["whisky"])
    _, offerer_lacks = to_step3(s)
    s = make_game({"bob": ["infected"] * 4, "ann": ["whisky", "suspicion", "axe", "analysis"]})
    s, _ = to_step3(s)
    _, answerer_lacks = act(s, "ann", "offer", card="whisky")
    for events in (offerer_lacks, answerer_lacks):
        assert [e["reason"] for e in of_type(events, "no_exchange")] == ["none"]
        assert line in lines(events, lang)
    assert not any(word in line for word in ("Заражение", "Зараження", "Infected", "нечего", "нічого", "nothing"))


# ------------------------------------------------------------------ a panic card that does nothing
@pytest.mark.parametrize("lang, line", [
    ("ru", "Ничего не происходит: на столе нет заколоченных дверей."),
    ("uk", "Нічого не відбувається: на столі немає заколочених дверей."),
    ("en", "Nothing happens: no barred door is on the table."),
])
def test_three_four_with_no_door_says_why_nothing_happens(lang, line):
    """Seeds 5, 10, 12-16, 31: «😱 X берёт карту паники: **...три, четыре...** / Ничего не
    происходит.» — the card discards every barred door, and there was none."""
    s = make_game(deck=["three_four"] + ["suspicion"] * 5)
    _, events = act(s, "ann", "draw")
    assert line in lines(events, lang)


@pytest.mark.parametrize("lang, line", [
    ("ru", "Ничего не происходит: никто не на карантине."),
    ("en", "Nothing happens: nobody is in quarantine."),
])
def test_rotten_ropes_with_no_quarantine_says_why(lang, line):
    s = make_game(deck=["rotten_ropes"] + ["suspicion"] * 5)
    _, events = act(s, "ann", "draw")
    assert line in lines(events, lang)


@pytest.mark.parametrize("lang, line", [
    ("ru", "Ничего не происходит: <@dan> на карантине."),
    ("uk", "Нічого не відбувається: <@dan> на карантині."),
    ("en", "Nothing happens: <@dan> is in quarantine."),
])
def test_one_two_onto_a_quarantined_player_names_them(lang, line):
    """Seed 15 turn 33: «Раз, два...» then «Ничего не происходит.» — «Если игрок на карантине -
    смены мест не происходит.»"""
    s = quarantined(make_game(players=5, deck=["one_two"] + ["suspicion"] * 5), "dan")
    s, _ = act(s, "ann", "draw")
    _, events = act(s, "ann", "choose", target="dan")
    assert line in lines(events, lang)


@pytest.mark.parametrize("lang, line", [
    ("ru", "Ничего не происходит: <@ann> на карантине."),
    ("en", "Nothing happens: <@ann> is in quarantine."),
])
def test_a_quarantined_drawer_of_a_seat_swap_panic_is_named(lang, line):
    """R3: a quarantined player still resolves a panic card, but nothing aimed at another player."""
    s = quarantined(make_game(deck=["get_out"] + ["suspicion"] * 5), "ann")
    _, events = act(s, "ann", "draw")
    assert line in lines(events, lang)


# ------------------------------------------------------------------ the Thing's declaration
@pytest.mark.parametrize("lang, question", [
    ("ru", "За столом ещё есть люди: <@ann>, <@cid>. Объявите сейчас — и победят они. Всё равно объявить?"),
    ("uk", "За столом ще є люди: <@ann>, <@cid>. Оголосите зараз — і переможуть вони. Усе одно оголосити?"),
    ("en", "Humans are still at the table: <@ann>, <@cid>. Declare now and they win. Declare anyway?"),
])
def test_the_declarations_question_names_the_humans_the_thing_knows_are_left(lang, question):
    """The declare button stands on the Thing's panel from turn 1 (R12: «at any time»; the
    panel is the Thing's alone). Its question read «Объявить сейчас, что людей не осталось? Если
    вы ошибаетесь, победят люди.» — but the Thing is never mistaken, it knows every role («он
    единственный, кто всегда знает роли всех участников»): the question says who is human."""
    from tests.engine.helpers import with_infected
    s = make_game({"bob": ["infected", "whisky", "suspicion", "analysis"]})   # dan is the Thing
    with_infected(s, "bob", "dan")
    assert THING.free_action_confirm({"type": "declare"}, lang, state=s, player="dan") == \
        (question, THING.free_action_confirm({"type": "declare"}, lang)[1])


@pytest.mark.parametrize("lang, question", [
    ("ru", "Людей за столом не осталось: объявите — и Нечто победит."),
    ("uk", "Людей за столом не лишилося: оголосіть — і Щось переможе."),
    ("en", "No human is left at the table: declare and the Thing wins."),
])
def test_the_declarations_question_with_no_human_left_says_the_thing_wins(lang, question):
    from tests.engine.helpers import with_infected
    s = make_game({p: ["infected", "whisky", "suspicion", "analysis"] for p in ("ann", "bob", "cid")})
    for p in ("ann", "bob", "cid"):
        with_infected(s, p, "dan")
    assert THING.free_action_confirm({"type": "declare"}, lang, state=s, player="dan")[0] == question


async def test_the_declare_button_asks_the_thing_with_the_humans_named(simcord_env):
    """Through Discord: the Thing (m[1] at the fixed table) presses its panel's declare button on
    turn 1 and is asked with every other player named as human; the game goes on."""
    from tests.bot.helpers import current_game, fixed, new_game, open_panel, panel_of
    _, channel, m = await new_game(simcord_env, 4, setup=fixed)
    panel = await open_panel(m[1], channel)
    asked = panel_of(await m[1].click(panel, label="Declare: no humans left"))
    others = [f"<@{x.user.id}>" for x in m if x is not m[1]]
    assert asked.content.startswith("Humans are still at the table: ")
    assert all(name in asked.content for name in others) and f"<@{m[1].user.id}>" not in asked.content
    assert (await current_game(simcord_env, channel)).status == "active"
    def labels(panel):
        return [item.get("label") for row in panel.components for item in row.get("components", [])]
    assert "Declare: no humans left" in labels(panel)
    for other in (m[0], m[2], m[3]):   # a human's panel has no such button
        assert "Declare: no humans left" not in labels(await open_panel(other, channel))


@pytest.mark.parametrize("lang, line", [
    ("ru", "Ничего не происходит: за столом трое, и третий игрок в обе стороны — это <@ann>."),
    ("uk", "Нічого не відбувається: за столом троє, і третій гравець в обидва боки — це <@ann>."),
    ("en", "Nothing happens: with three at the table, the third player either way is <@ann>."),
])
def test_one_two_with_three_at_the_table_says_the_third_is_the_drawer(lang, line):
    """Seed 15 turn 33 (two burned, three left): «😱 <@12> берёт карту паники: **Раз, два...** /
    Ничего не происходит.» — R17: counting 3 living players either way comes back to the drawer."""
    s = make_game({"bob": ["the_thing", "whisky", "suspicion", "analysis"]}, deck=["one_two"] + ["suspicion"] * 5)
    s["seats"].remove("dan")       # dan burned: three at the table
    s["eliminated"].append("dan")
    s["doors"].pop()
    _, events = act(s, "ann", "draw")
    assert line in lines(events, lang)


@pytest.mark.parametrize("lang, line", [
    ("ru", "Ничего не происходит: и <@dan>, и <@cid> на карантине."),
    ("en", "Nothing happens: both <@dan> and <@cid> are in quarantine."),
])
def test_one_two_with_both_third_players_quarantined_names_them(lang, line):
    s = make_game(players=5, deck=["one_two"] + ["suspicion"] * 5)
    quarantined(quarantined(s, "cid"), "dan")
    _, events = act(s, "ann", "draw")
    assert line in lines(events, lang)
