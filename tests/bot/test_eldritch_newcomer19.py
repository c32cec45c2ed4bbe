"""Eldritch Horror as a newcomer reads it, round 19 (brief ne19): a condition's test names the
condition, a declined ability is a sentence, a card of a trait says it is a trait, a monster moved
by its own text says so, and what a uk reading of a whole game found.

Each test reads the renderer's real text, of events the engine makes (or the pack's own steps)."""
from __future__ import annotations

import pytest

from bot.games.eldritch import render as R
from tests.engine.eldritch.eh_helpers import R as E, new, prompt, quiet, run_fx, settle

LEO, LOLA = "leo_anderson", "lola_hayes"


def table(inv: str = LEO) -> dict:
    return quiet(settle(new({"ann": [inv]})))


def lines(events: list[dict], lang: str) -> list[str]:
    return R.public_lines(events, lang)


# ---------------------------------------------------------------- 1. whose test a Reckoning's is
def _amnesia_reckoning(face: int):
    s = table()
    gained: list = []
    assert E.take_by_name(s, LEO, "condition", "amnesia", gained)
    E.run(s, gained)
    s["forced_dice"] = [face] * 12
    return run_fx(s, "[{resolve_reckonings: {of: conditions, who: self, name: amnesia}}]", LEO)


@pytest.mark.parametrize("lang, says", [
    ("en", "❌ **Leo Anderson** fails the Will test for the condition “Amnesia” (3): ⚀ ⚀ ⚀ — 0 successes."),
    ("uk", "❌ **Лео Андерсон** не проходить перевірку для стану «Амнезія» (Воля 3): ⚀ ⚀ ⚀ — 0 успіхів."),
    ("ru", "❌ **Лео Андерсон** проваливает проверку для состояния «Амнезия» (Воля 3): ⚀ ⚀ ⚀ — 0 успехов.")])
def test_a_reckonings_test_names_the_condition(lang, says):
    """Was «❌ Лео Андерсон не проходить перевірку (Воля 3)» in the Mythos phase, then the card
    turned over: a test with no why. The roll's event names the condition (a field added)."""
    _, events = _amnesia_reckoning(1)
    rolled = next(ev for ev in events if ev["type"] == "test_rolled")
    assert rolled["card"] == "amnesia"
    assert lines(events, lang)[0] == says


@pytest.mark.parametrize("lang, says", [("en", "🎲 **Leo Anderson** tests Will for the condition “Amnesia” (3): "),
                                        ("uk", "🎲 **Лео Андерсон**: перевірка Волі для стану «Амнезія» (3): "),
                                        ("ru", "🎲 **Лео Андерсон**: проверка Воли для состояния «Амнезия» (3): ")])
def test_the_roll_alone_names_it_too(lang, says):
    """A roll told on its own (a reroll may follow) names the condition as well."""
    _, events = _amnesia_reckoning(6)
    rolled = next(ev for ev in events if ev["type"] == "test_rolled")
    assert lines([rolled], lang)[0].startswith(says)


def test_a_test_of_no_condition_names_none():
    s = table()
    s["forced_dice"] = [6] * 12
    _, events = run_fx(s, "[{test: {skill: will}}]", LEO)
    assert "card" not in next(ev for ev in events if ev["type"] == "test_rolled")
    assert lines(events, "uk")[0] == "✅ **Лео Андерсон** проходить перевірку (Воля 3): **⚅** **⚅** **⚅** — 3 успіхи."


# ---------------------------------------------------------------- 2. a declined ability, in a sentence
@pytest.mark.parametrize("lang, says", [("en", "**Lola Hayes** declines to use their ability."),
                                        ("uk", "**Лола Гейз** відмовляється скористатися своєю здібністю."),
                                        ("ru", "**Лола Хейз** отказывается воспользоваться своей способностью.")])
def test_lola_declining_her_own_ability_is_a_sentence(lang, says):
    """Was «Лола Гейз відмовляється (здібність: Лола Гейз).»: her own name in brackets."""
    s = table(LOLA)
    s["forced_dice"] = [1] * 12
    s, _ = run_fx(s, "[{test: {skill: will}}]", LOLA)
    asked = prompt(s)
    assert asked["about"] == "may" and asked["inv"] == LOLA
    _, events = E.apply(s, {"player": asked["player"], "prompt": asked["id"], "type": "choose", "value": False})
    assert lines([ev for ev in events if ev["type"] == "may_declined"], lang) == [says]


@pytest.mark.parametrize("lang, says", [
    ("en", ["**Leo Anderson** declines Lola Hayes's ability.", "**Leo Anderson** declines to use “Holy Water”."]),
    ("uk", ["**Лео Андерсон** відмовляється від здібності, яку пропонує Лола Гейз.",
            "**Лео Андерсон** відмовляється скористатися картою «Свята вода»."]),
    ("ru", ["**Лео Андерсон** отказывается от способности, которую предлагает Лола Хейз.",
            "**Лео Андерсон** отказывается воспользоваться картой «Святая вода»."])])
def test_another_ones_ability_or_a_card_declined_is_a_sentence(lang, says):
    events = [{"type": "may_declined", "audience": "all", "inv": LEO, "card": LOLA},
              {"type": "may_declined", "audience": "all", "inv": LEO, "card": "holy_water"}]
    assert lines(events, lang) == says


# ---------------------------------------------------------------- 3. a trait is a trait
ITEM = {"op": "gain_asset", "who": "self", "count": 1, "name": None, "trait": "item", "any_trait": [],
        "source": "reserve", "max_cost": None, "total_cost": None, "chooser": "self"}


@pytest.mark.parametrize("lang, reserve, deck", [
    ("en", "Take 1 Item asset from the reserve", "Draw 1 Item asset at random from the asset deck"),
    ("uk", "Взяти 1 актив з ознакою «Предмет» з резерву", "Взяти навмання 1 актив з ознакою «Предмет» з колоди активів"),
    ("ru", "Взять 1 актив с подтипом «Предмет» из резерва", "Взять наугад 1 актив с подтипом «Предмет» из колоды активов")])
def test_a_choice_of_an_item_says_item_is_a_trait(lang, reserve, deck):
    """Was «Взять «Предмет» из резерва»: a trait in quotes, read as a card's name (004 «Подтипы»,
    002 «Ознаки»)."""
    assert R._cap(R.effect_text(lang, [ITEM])) == reserve
    assert R._cap(R.effect_text(lang, [{**ITEM, "source": None}])) == deck


@pytest.mark.parametrize("lang, says", [
    ("en", ["gain 1 Madness condition", "gain 2 Ritual spells", "discard a condition"]),
    ("uk", ["отримати стан з ознакою «Божевілля»", "отримати 2 заклинання з ознакою «Ритуал»", "скинути стан"]),
    ("ru", ["получить состояние с подтипом «Безумие»", "получить 2 заклинания с подтипом «Ритуал»",
            "сбросить состояние"])])
def test_a_condition_or_spell_of_a_trait_says_so(lang, says):
    """Was «отримати стан Божевілля» (as if a card's name), and a condition of no trait «скинути стан стан»."""
    said = [R.effect_text(lang, [{"op": "gain_condition", "trait": "madness"}]),
            R.effect_text(lang, [{"op": "gain_spell", "trait": "ritual", "count": 2}]),
            R.effect_text(lang, [{"op": "discard_condition"}])]
    assert said == says


# ---------------------------------------------------------------- 4. a monster moved by its own text
@pytest.mark.parametrize("lang, says", [
    ("en", "The monster Gnoph-Keh moves to the Himalayas (its own rule: “When this monster spawns”)."),
    ("uk", "Монстр «Гноф-Ке» переміщується: Гімалаї (його власне правило: «Коли цей монстр з'являється на полі»)."),
    ("ru", "Монстр «Гноф-Ке» перемещается: Гималаи (его собственный эффект вторжения: «Когда этот монстр "
           "выкладывается на поле»).")])
def test_gnoph_keh_going_to_the_himalayas_says_it_is_its_own_rule(lang, says):
    """Was «Монстр «Гноф-Ке» переміщується: Гімалаї.» right after it appeared in Sydney: no why
    (002 l.1271: «Коли цей монстр з'являється на полі»)."""
    s = table()
    events: list = []
    E.spawn_monster(s, events, "sydney", kind="gnoph_keh")
    E.run(s, events)
    moved = next(ev for ev in events if ev["type"] == "monster_moved")
    assert moved["rule"] == "spawn" and moved["space"] == "himalayas"
    assert lines(events, lang)[1] == says


def test_a_monster_moved_by_another_card_names_no_rule_of_its_own():
    s = table()
    events: list = []
    uid = E.spawn_monster(s, events, "sydney", kind="ghoul")
    E.run(s, events)
    _, events = run_fx(s, "[{move_monsters: {target: {which: each, at: any}, to: tokyo}}]", LEO)
    moved = next(ev for ev in events if ev["type"] == "monster_moved" and ev["monster"] == uid)
    assert "rule" not in moved
    assert lines([moved], "uk") == ["Монстр «Ґуль» переміщується: Токіо."]


# ---------------------------------------------------------------- 5. a uk reading of a whole game
def _cultist_defeated(combat: bool):
    s = quiet(settle(new({"ann": [LEO]}, ao="yog_sothoth")))
    events: list = []
    uid = E.spawn_monster(s, events, s["inv"][LEO]["space"], kind="cultist")
    E.run(s, events)
    events = []
    E.defeat_monster(s, uid, events, by=LEO, combat=combat)
    E.run(s, events)
    return events


@pytest.mark.parametrize("lang, says", [
    # a Cultist's token carries no rule: it is on the Ancient One's sheet (seed 002, 1230-1231; rv19c)
    ("en", "💀 The monster Cultist is defeated — the Cultists' rule on the Ancient One's sheet applies."),
    ("uk", "💀 Монстра переможено: Культист — діє правило культистів на листі Стародавнього."),
    ("ru", "💀 Монстр побеждён: Культист — действует правило культистов на листе Древнего.")])
def test_yog_sothoths_cultist_defeated_says_its_own_rule_follows(lang, says):
    """The uk dump: «💀 Монстра переможено: Культист.» then «Акачі Оньеле: −1 розум» and a spell
    gained, no why (the Ancient One's sheet: beating a Cultist in combat costs 1 sanity, gives a spell)."""
    events = _cultist_defeated(combat=True)
    said = lines(events, lang)
    assert said[0] == says
    assert any(ev["type"] == "lost" and ev.get("sanity") == 1 for ev in events)


def test_a_cultist_defeated_outside_combat_promises_nothing():
    """Its text applies in combat only: no "its own rule follows" when nothing follows."""
    events = _cultist_defeated(combat=False)
    assert lines(events, "uk")[0] == "💀 Монстра переможено: Культист."
    assert not any(ev["type"] == "lost" for ev in events)


@pytest.mark.parametrize("lang, says", [
    ("en", "💀 The monster Skeleton is defeated — its own rule applies: Beat it in combat to regain 1 sanity."),
    ("uk", "💀 Монстра переможено: Скелет — діє його власне правило: Переможіть його в бою, щоб відновити 1 розум."),
    ("ru", "💀 Монстр побеждён: Скелет — действует его собственное правило: Победите его в бою, чтобы восстановить "
           "1 рассудок.")])
def test_a_monster_with_its_own_text_says_what_it_does(lang, says):
    """The uk dump: a Skeleton beaten at full Sanity regained nothing, so no line followed; the
    defeat names what its token says."""
    s = table()
    events: list = []
    uid = E.spawn_monster(s, events, s["inv"][LEO]["space"], kind="skeleton")
    E.run(s, events)
    events = []
    E.defeat_monster(s, uid, events, by=LEO, combat=True)
    E.run(s, events)
    assert lines(events, lang)[0] == says


@pytest.mark.parametrize("lang, says", [("en", "**Leo Anderson** declines what “From Beyond” offers."),
                                        ("uk", "**Лео Андерсон** відмовляється від того, що пропонує карта «Ззовні»."),
                                        ("ru", "**Лео Андерсон** отказывается от того, что предлагает карта «Извне».")])
def test_a_mythos_cards_offer_declined_names_the_card(lang, says):
    """The uk dump: «Акачі Оньеле відмовляється.» after the Lead was asked «використати «Ззовні»?»:
    declines what? (the event named only asset, artifact, spell, condition and sheet offers)."""
    s = table()
    s["mythos"]["in_play"].append({"id": "dimensions_collide", "eldritch": 8})
    s["inv"][LEO]["clues"] = ["london"]
    s, _ = run_fx(s, E.C.mythos["from_beyond"]["effect"], LEO, card={"kind": "mythos", "id": "from_beyond"})
    asked = prompt(s)
    assert asked["about"] == "may"
    _, events = E.apply(s, {"player": asked["player"], "prompt": asked["id"], "type": "choose", "value": False})
    declined = [ev for ev in events if ev["type"] == "may_declined"]
    assert declined[0]["card"] == "from_beyond"
    assert lines(declined, lang) == [says]
