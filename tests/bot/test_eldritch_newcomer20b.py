"""Eldritch Horror as a newcomer reads it, round 20b (brief ne20b): what round 20 left for the engine's
events. A card's reroll names its card, a success that changes nothing says so, a Reckoning says
whose it is, a Service says what it is before its effect, a monster laid on a rumor names the card,
and a group clue payment's buttons say how many clues each holds.

Each test reads the renderer's real text, of events the engine makes."""
from __future__ import annotations

import pytest

from bot.games.eldritch import render as R
from tests.engine.eldritch.eh_helpers import R as E, act, mythos, new, prompt, put_monster, quiet, run_fx, settle

LANGS = ("en", "uk", "ru")


def lines(events: list[dict], lang: str) -> list[str]:
    return R.public_lines(events, lang)


# ---------------------------------------------------------------- 1. a free reroll names its card
def _rerolled_with(inv: str, card: str, sanity: int | None = None):
    """``inv`` fails a Will test (Strength for the Axe, in a fight) and rerolls by ``card``."""
    s = quiet(settle(new({"ann": [inv]})))
    s["inv"][inv]["clues"] = []
    if sanity is not None:
        s["inv"][inv]["sanity"] = sanity
    s["forced_dice"] = [1, 1, 1, 1, 1, 1]
    s, _ = run_fx(s, "[{test: {skill: will}}]", inv)
    asked = prompt(s)
    option = next(o for o in asked["options"] if o.get("card") == card)
    return E.apply(s, {"player": "ann", "prompt": asked["id"], **option})[1]


@pytest.mark.parametrize("lang, says", [
    ("en", "❌ **Lily Chen** rerolls with Lucky Rabbit's Foot and fails the Will test: ⚀ ⚀ ⚀ — 0 successes."),
    ("uk", "❌ **Лілі Чен** перекидає завдяки карті «Щаслива кроляча лапка» й не проходить перевірку (Воля): "
           "⚀ ⚀ ⚀ — 0 успіхів."),
    ("ru", "❌ **Лили Чен** перебрасывает благодаря карте «Счастливая кроличья лапка» и проваливает проверку (Воля): "
           "⚀ ⚀ ⚀ — 0 успехов.")])
def test_a_reroll_by_a_card_names_the_card(lang, says):
    """Was «Лілі Чен перекидає і не проходить перевірку (Воля)»: no word of her Rabbit's Foot."""
    events = _rerolled_with("lily_chen", "lucky_rabbits_foot")
    assert [ev["type"] for ev in events] == ["rerolled", "test_result"]
    assert events[0]["card"] == "lucky_rabbits_foot"
    assert lines(events, lang) == [says]


def test_a_reroll_with_a_price_names_the_card_and_its_price():
    """The Axe's reroll costs 2 sanity: the card and its price, not «витрачає на перекидання 2 розуму»."""
    events = [{"type": "spent", "audience": "all", "inv": "mark_harrigan", "what": "sanity", "count": 2},
              {"type": "rerolled", "audience": "all", "inv": "mark_harrigan", "dice": [2, 4], "which": [0, 1],
               "faces": [5, 6], "card": "axe"}]
    assert lines(events, "uk") == ["🎲 **Марк Герріган** перекидає завдяки карті «Сокира» (ціною 2 розуму): ⚁ ⚃"]
    assert lines(events, "en") == ["🎲 **Mark Harrigan** rerolls with Axe (paying 2 sanity): ⚁ ⚃"]


def test_a_clues_reroll_names_no_card():
    s = quiet(settle(new({"ann": ["akachi_onyele"]})))
    s["inv"]["akachi_onyele"]["clues"] = ["c"]
    s["forced_dice"] = [1, 1, 1, 1, 1, 1]
    s, _ = run_fx(s, "[{test: {skill: strength}}]", "akachi_onyele")
    asked = prompt(s)
    reroll = next(o for o in asked["options"] if o["type"] == "reroll")
    events = E.apply(s, {"player": "ann", "prompt": asked["id"], **reroll})[1]
    assert "card" not in next(ev for ev in events if ev["type"] == "rerolled")
    assert lines(events, "uk")[0].startswith("❌ **Акачі Оньеле** витрачає на перекидання 1 доказ і не проходить")


# ---------------------------------------------------------------- 2. a success that changes nothing
@pytest.mark.parametrize("lang, says", [
    ("en", "**Jacqueline Fine** cannot improve Strength a third time (improvement token already at +2): "
           "nothing changes."),
    ("uk", "**Жаклін Файн** не може поліпшити Силу втретє (жетон поліпшення вже «+2»): нічого не змінюється."),
    ("ru", "**Жаклин Файн** не может улучшить Силу в третий раз (жетон улучшения уже «+2»): ничего не меняется.")])
def test_an_improvement_at_plus_two_says_nothing_changes(lang, says):
    """«успіх: поліпшити Силу» with Strength at +2 was silent (seed 002 l.1441: «не може поліпшити
    окреме вміння більше ніж два рази»)."""
    s = quiet(settle(new({"ann": ["jacqueline_fine"]})))
    s["inv"]["jacqueline_fine"]["improve"]["strength"] = 2
    after, events = run_fx(s, "[{improve: {skill: strength}}]", "jacqueline_fine")
    assert after["inv"]["jacqueline_fine"]["improve"]["strength"] == 2
    assert lines(events, lang) == [says]


# ---------------------------------------------------------------- 3. whose Reckoning
@pytest.mark.parametrize("lang, says", [
    ("en", "A random location: Space 12 (the Reckoning on the Ancient One's sheet)."),
    ("uk", "Випадкова локація: Локація 12 (ефект розплати на листі Стародавнього)."),
    ("ru", "Случайная локация: Локация 12 (эффект расплаты на листе Древнего).")])
def test_the_ancient_ones_reckoning_says_whose_it_is(lang, says):
    """Was «Випадкова локація: Локація 13.» then a monster, in a Mythos phase: no word of why."""
    s = quiet(settle(new({"ann": ["leo_anderson"]}, ao="shub_niggurath")))
    _, events = run_fx(s, "[{resolve_reckonings: {of: ancient_one}}]", "leo_anderson")
    assert [ev["type"] for ev in events] == ["random_location", "monster_spawned"]
    assert all(ev["reckoning_of"] == {"kind": "ao", "id": "shub_niggurath"} for ev in events)
    said = lines(events, lang)
    assert said[0] == says
    assert "(" not in said[1]   # said once, for the lines that follow in a row


@pytest.mark.parametrize("lang, says", [
    ("en", "👹 The monster Goat Spawn appears in Buenos Aires (the Cultist's Reckoning)."),
    ("uk", "👹 З'являється монстр «Козлородий»: Буенос-Айрес (ефект розплати монстра «Культист»)."),
    ("ru", "👹 Появляется монстр «Козлоногое отродье»: Буэнос-Айрес (эффект расплаты монстра «Культист»).")])
def test_a_monsters_reckoning_says_whose_it_is(lang, says):
    s = quiet(settle(new({"ann": ["leo_anderson"]}, ao="shub_niggurath")))
    put_monster(s, "cultist", "buenos_aires")
    s, _ = run_fx(s, "[{resolve_reckonings: {of: monsters}}]", "leo_anderson")
    asked = prompt(s)
    _, events = E.apply(s, {"player": "ann", "prompt": asked["id"],
                             **next(o for o in asked["options"] if o["value"] == "goat_spawn")})
    assert lines(events, lang)[0] == says


def test_a_rumors_reckoning_that_names_its_card_is_not_told_twice():
    """Dimensions Collide's Reckoning: its token line names the card already."""
    s = quiet(settle(new({"ann": ["leo_anderson"]})))
    s, _ = mythos(s, "dimensions_collide")
    E.place_gate(s, "tokyo")
    _, events = run_fx(s, "[{resolve_reckonings: {of: mythos}}]", "leo_anderson")
    told = [ev for ev in events if ev["type"] == "tokens"]
    assert told and told[0]["reckoning_of"] == {"kind": "mythos", "id": "dimensions_collide"}
    assert lines(told, "uk") == ["Знято 1 жетон Стародавніх з карти «Зіткнення вимірів» (тепер 7)."]
    doom = [{"type": "doom", "audience": "all", "value": 10, "change": -1, "reckoning_of": told[0]["reckoning_of"]}]
    assert lines(doom, "uk") == ["☠️ Приреченість просувається на 1 до 10 (ефект розплати карти «Зіткнення вимірів»)."]


# ---------------------------------------------------------------- 4. a Service, said before its effect
@pytest.mark.parametrize("lang, says", [
    ("en", ["**Leo Anderson** gains the Service “Silver Twilight Ritual”: it is resolved at once, then discarded.",
            "Doom retreats by 1 to 14.",
            "**Leo Anderson** discards the spent Service “Silver Twilight Ritual”."]),
    ("uk", ["**Лео Андерсон** отримує актив-послугу «Ритуал Срібних Сутінків»: її розігрують одразу, а потім скидають.",
            "Приреченість відступає на 1 до 14.",
            "**Лео Андерсон** скидає використану послугу «Ритуал Срібних Сутінків»."]),
    ("ru", ["**Лео Андерсон** получает актив-услугу «Ритуал Серебряных Сумерек»: её разыгрывают сразу, а затем сбрасывают.",
            "Безысходность отступает на 1 до 14.",
            "**Лео Андерсон** сбрасывает использованную услугу «Ритуал Серебряных Сумерек»."])])
def test_a_service_says_what_it_is_before_its_effect(lang, says):
    """Was «Лео Андерсон отримує актив «Ритуал Срібних Сутінків».», «Приреченість відступає на 1 до
    14.», then the Service line that explained it (002 l.1672: «він негайно розігрує цю карту»)."""
    s = quiet(settle(new({"ann": ["leo_anderson"]})))
    s["doom"] = 13
    events: list = []
    E.give_card(s, "leo_anderson", "asset", "silver_twilight_ritual", events)
    E.run(s, events)
    assert [ev["type"] for ev in events] == ["card_gained", "doom", "card_discarded"]
    assert lines(events, lang) == says


# ---------------------------------------------------------------- 5. a monster laid on a rumor
@pytest.mark.parametrize("lang, says", [
    ("en", "**Leo Anderson** lays the monster Cultist on Return of the Ancient Ones."),
    ("uk", "**Лео Андерсон** кладе монстра «Культист» на карту «Повернення Стародавніх»."),
    ("ru", "**Лео Андерсон** кладёт монстра «Культист» на карту «Возвращение Древних».")])
def test_a_monster_laid_on_a_rumor_names_the_card(lang, says):
    """Was «Лео Андерсон кладе монстра на карту таємниці.» for Return of the Ancient Ones."""
    s = quiet(settle(new({"ann": ["leo_anderson"]})))
    s, _ = mythos(s, "return_of_the_ancient_ones")
    uid = put_monster(s, "cultist", "space_19")
    _, events = run_fx(s, "[{put_on_card: {what: monster, card: this_card, target: {which: last, epic: exclude}}}]",
                       "leo_anderson", card={"kind": "mythos", "id": "return_of_the_ancient_ones"}, last=[uid])
    laid = next(ev for ev in events if ev["type"] == "put_on_card")
    assert laid["onto"] == "return_of_the_ancient_ones" and laid["kinds"] == ["cultist"]
    assert lines([laid], lang) == [says]


def test_a_clue_laid_on_the_mystery_still_says_the_mystery():
    s = quiet(settle(new({"ann": ["lily_chen"]})))
    s["inv"]["lily_chen"]["clues"] = ["c"]
    _, events = run_fx(s, "[{put_on_card: {what: clue}}]", "lily_chen")
    assert lines([ev for ev in events if ev["type"] == "put_on_card"], "uk") == \
        ["**Лілі Чен** кладе доказ на карту таємниці."]


# ---------------------------------------------------------------- 6. a group clue payment's buttons
def _group_payment():
    """All For Nothing: the investigators together spend a clue; Leo holds 2, Charlie 3 (R24)."""
    s = quiet(settle(new({"ann": ["leo_anderson"], "bob": ["charlie_kane"]})))
    for i in s["inv"].values():
        s["clues"]["pool"] += i["clues"]
        i["clues"] = []
    E.gain_clues(s, "leo_anderson", 2, [])
    E.gain_clues(s, "charlie_kane", 3, [])
    s["solved"].append(s["decks"]["mysteries"]["draw"].pop(0))
    s, _ = mythos(s, "all_for_nothing")
    s, _ = act(s, "ann", "choose", value=True)
    asked = prompt(s)
    assert asked["about"] == "pay_clue"
    return s, asked


@pytest.mark.parametrize("lang, says", [
    ("en", ["Leo Anderson (Olena): can give 2 clues", "Charlie Kane (Bohdan): can give 3 clues"]),
    ("uk", ["Лео Андерсон (Olena): може дати 2 докази", "Чарлі Кейн (Bohdan): може дати 3 докази"]),
    ("ru", ["Лео Андерсон (Olena): может дать 2 улики", "Чарли Кейн (Bohdan): может дать 3 улики"])])
def test_a_group_clue_payments_buttons_say_how_many_each_holds(lang, says):
    """Was «Лео Андерсон (Олена)» / «Чарлі Кейн (Богдан)»: whose, not how many they could give."""
    s, asked = _group_payment()
    names = {"ann": "Olena", "bob": "Bohdan"}
    assert [R.option_label(o, s, names, lang) for o in asked["options"]] == says


def test_a_clue_already_chosen_in_the_payment_is_not_counted_again():
    s, asked = _group_payment()
    frame = next(f for f in s["stack"] if f.get("id") == asked["id"])
    frame["taken"] = ["charlie_kane", "charlie_kane"]
    label = R.option_label(next(o for o in asked["options"] if o["value"] == "charlie_kane"), s, {}, "uk")
    assert label.endswith(": може дати 1 доказ")


def test_a_reckonings_test_says_whose_reckoning_it_is():
    """rv20c: a Reckoning whose first line is a test (Patrolling the Border) lost its "whose" note:
    the test's roll, which carried it, is told as one line with its result, which did not."""
    from bot.games.eldritch import render
    from tests.engine.eldritch.eh_helpers import mythos, new, quiet, run_fx, settle
    s = quiet(settle(new({"ann": ["leo_anderson"]})))
    s, _ = mythos(s, "patrolling_the_border")
    leo = s["inv"]["leo_anderson"]
    leo["status"] = "active"
    leo.pop("delayed", None)
    s["forced_dice"] = [1] * 6
    _, events = run_fx(s, "[{resolve_reckonings: {of: mythos}}]", "leo_anderson")
    assert any(e.get("reckoning_of") for e in events if e["type"] == "test_rolled")
    for lang in ("en", "uk", "ru"):
        lines = render.public_lines(events, lang)
        test_line = next(line for line in lines if "❌" in line)
        assert any(word in test_line for word in ("Reckoning", "розплати", "расплаты")), (lang, lines)


@pytest.mark.parametrize("lang, says", [
    ("en", "🗑️ The ongoing card Patrolling the Border is discarded."),
    ("uk", "🗑️ Карту процесу «Патрулювання кордону» скинуто."),
    ("ru", "🗑️ Карта процесса «Патрулирование границы» сброшена.")])
def test_an_ongoing_card_discarded_is_not_called_a_rumor(lang, says):
    """rv20c: every ongoing mythos card leaving play was told as a rumor ending («📰 The rumor
    Patrolling the Border ends.»); seed 002 l.592: an ongoing card («процес») «залишається у грі,
    поки її не скинуть»."""
    from bot.games.eldritch import render
    assert render.public_line({"type": "rumor_ended", "card": "patrolling_the_border"}, lang) == says
    rumor = render.public_line({"type": "rumor_ended", "card": "dimensions_collide"}, lang)
    assert rumor.startswith("📰")
