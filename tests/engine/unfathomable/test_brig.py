"""The Brig: getting in, getting out, life inside (checklist E45, E55, L125-128; RULINGS P10).

Seed 000 (UA rulebook + reference) line numbers are quoted in each test."""
from __future__ import annotations

import pytest

from engine.core.errors import RuleError
from tests.engine.unfathomable.helpers import answer, game, pass_windows, run, top
from tests.engine.unfathomable.test_players import card_of, choose, give, ready, reveal_now


def rig_chaos(s, cards):
    """The next chaos cards drawn are ``cards`` (taken from their decks; as many chaos cards go back)."""
    for c in cards:
        s["decks"][c.split(":")[0]].remove(c)
        back = s["chaos"].pop(0)
        s["decks"][back.split(":")[0]].append(back)
        s["chaos"].append(c)


def positive_pair(s, types):
    out = []
    for t in types:
        out.append(next(c for c in s["decks"][t] if int(c.split(":")[2]) >= 1))
    return out


def contribute_all(r, s, cards_by_player):
    for _ in range(10):
        pr = top(r, s)
        if pr is None or pr["kind"] != "contribute":
            break
        p = pr["player"]
        answer(r, s, p, type="contribute", cards=cards_by_player.get(p, []))


def test_c125_captains_cabin_check_sends_another_human_to_the_brig():
    """Checklist 125, 126. Seed 2109: «25.1 Гравець-людина може перемістити іншого гравця-людину в
    карцер, розігравши властивість «Дія» каюти капітана, яка потребує успішної перевірки вміння.»;
    seed 2113: «25.2 Переміщений у карцер гравець втрачає всі свої карти посади.»"""
    r, s = game()
    ready(r, s)
    assert s["titles"]["keeper_of_the_tome"] == "p4"
    rig_chaos(s, positive_pair(s, ["influence", "observation"]))
    strong = [c for c in s["hands"]["p1"] if c.startswith("influence:")]
    answer(r, s, "p1", type="use", ability="zone:captains_cabin")
    choose(r, s, "p1", "p4")
    pass_windows(r, s)
    contribute_all(r, s, {"p1": strong})
    pass_windows(r, s)
    assert s["zone_of"]["p4"] == "brig"
    assert s["titles"]["keeper_of_the_tome"] != "p4"


def test_c125_never_voluntarily_into_the_brig():
    """Checklist 27, 125. Seed 2145: «25.9 Гравці не можуть самостійно переміститися в карцер.»"""
    r, s = game()
    opts = ready(r, s)["options"]
    assert not any(o.get("to") in ("brig", "sick_bay") for o in opts if o["type"] == "move")


def test_c127_human_leaves_by_the_brig_check_even_with_a_traitor_there():
    """Checklist 127. Seed 2117-2121: «✿ Щоб переміститися з карцеру, людина повинна розіграти
    властивість «Дія» цієї зони… - Наявність у карцері відкритого зрадника не вважає людині розіграти
    властивість «Дія» цієї зони.»"""
    r, s = game()
    ready(r, s)
    s["zone_of"]["p1"] = s["zone_of"]["p2"] = "brig"
    reveal_now(s, "p2")
    opts = r.action_options(s, "p1", top(r, s))
    assert {"type": "move", "to": "galley"} not in opts        # checklist 45: no Move from the Brig
    assert {"type": "use", "ability": "zone:brig"} in opts
    rig_chaos(s, positive_pair(s, ["lore", "strength"]))
    give(s, "p1", card_of(s, "shrug_it_off"))
    strong = [c for c in s["hands"]["p1"] if c.startswith(("lore:", "strength:"))]
    answer(r, s, "p1", type="use", ability="zone:brig")
    pass_windows(r, s)
    contribute_all(r, s, {"p1": strong[:1]})   # checklist 128: one card at most from the Brig
    pass_windows(r, s)
    pr = top(r, s)
    assert pr["purpose"] == "leave_brig_zone"
    zones = [o["value"] for o in pr["options"]]
    assert "sick_bay" not in zones and "brig" not in zones
    choose(r, s, "p1", "galley")
    assert s["zone_of"]["p1"] == "galley" and s["zone_of"]["p2"] == "brig"


def test_c55_traitor_escapes_by_discarding_12_or_more():
    """Checklist 55, 127, 181; RULINGS P10. Seed 1709-1710: «✿ Якщо поточний гравець у карцері, він
    мусить скинути з руки карти вмінь сумарним значенням 12 або більше, щоб виконати цю дію. - Гравець
    повинен скинути всі карти вмінь безпосередньо перед тим, як переміститися з карцеру.»"""
    r, s = game()
    ready(r, s)
    reveal_now(s, "p1")
    s["zone_of"]["p1"] = "brig"
    # p1's hand: 5, 4, 1, 1, 5 (Receive Skills at seed 1)
    hand = list(s["hands"]["p1"])
    assert sum(int(c.split(":")[2]) for c in hand) >= 12
    pr = top(r, s)
    opts = r.action_options(s, "p1", pr)
    assert {"type": "use", "ability": "zone_t:brig"} in opts
    assert not any(o["type"] == "move" for o in opts)
    answer(r, s, "p1", type="use", ability="zone_t:brig")
    pr = top(r, s)
    assert pr["kind"] == "discard_total" and pr["shape"] == "subset"
    before = {k: (list(v) if isinstance(v, list) else v) for k, v in s["hands"].items()}
    fives = [c for c in hand if c.split(":")[2] == "5"]
    short = fives[:1] + [c for c in hand if c.split(":")[2] in ("4", "1")]    # 5 + 4 + 1 + 1 = 11
    assert pr["subset"]["min"] == 3 and len(short) >= 3
    with pytest.raises(RuleError) as err:
        answer(r, s, "p1", type="discard_total", cards=short)
    assert err.value.code == "total_too_low"
    assert s["hands"] == before and top(r, s)["kind"] == "discard_total"
    answer(r, s, "p1", type="discard_total", cards=hand)
    assert s["hands"]["p1"] == []
    choose(r, s, "p1", "bridge")
    assert s["zone_of"]["p1"] == "bridge"


def test_c55_no_escape_with_less_than_12_and_afk_default_is_legal():
    """Checklist 55, 181: the escape needs 12 (printed values, pack ruling 15); the AFK default takes
    the highest cards first, which reach 12 when the hand can."""
    r, s = game()
    ready(r, s)
    reveal_now(s, "p1")
    s["zone_of"]["p1"] = "brig"
    ones = [c for c in s["hands"]["p1"] if c.split(":")[2] in ("1", "4")]
    low = s["hands"]["p1"]
    s["hands"]["p1"] = ones
    for c in low:
        if c not in ones:
            s["discards"][c.split(":")[0]].append(c)
    assert {"type": "use", "ability": "zone_t:brig"} not in r.action_options(s, "p1", top(r, s))
    for c in [card_of(s, "siren_song", 3), card_of(s, "reinforcements", 1), card_of(s, "perform_rites", 5)]:
        give(s, "p1", c)
    answer(r, s, "p1", type="use", ability="zone_t:brig")
    pr = top(r, s)
    answer(r, s, "p1", type="default")
    assert sum(int(c.split(":")[2]) for c in pr["subset"]["ids"][:pr["subset"]["min"]]) >= 12
    assert top(r, s)["purpose"] == "leave_brig_zone"


def test_c128_life_in_the_brig():
    """Checklist 128. Seed 2131-2135: «25.5 Гравець у карцері не може додавати більше ніж одну карту
    вміння до окремої перевірки вміння. 25.6 … не може розігравати властивості на картах предметів… ✿
    … його активне вдосконалення не додається до набору вмінь.»; «if you are not in the Brig»
    abilities are unusable (seed 1121)."""
    r, s = game(characters={"p1": "keilani", "p2": "samira", "p3": "jeanne", "p4": "william"})
    ready(r, s)
    assert any(ref.startswith("item:starbuck") for ref in r.abilities_of(s, "p2"))
    s["zone_of"]["p2"] = "brig"
    assert not any(ref.startswith("item:") for ref in r.abilities_of(s, "p2"))
    assert r._offer_contribute(s, {}, "p2")["max"] <= 1
    s["active_upgrade"]["p3"] = s["items"]["p3"][0] if r.items_by_id[s["items"]["p3"][0]].upgrade else None
    s["zone_of"]["p1"] = "brig"
    give(s, "p1", card_of(s, "shrivelling"))
    assert not r.can_use(s, "p1", "char:keilani", "after_check_reveal")


def test_c41_upgrade_adds_nothing_in_the_brig():
    """Checklist 41, 128. Seed 2135: «✿ Поки гравець перебуває в карцері, його активне вдосконалення не
    додається до набору вмінь.»; 25.12: the full set is drawn in the Brig."""
    r, s = game()
    ready(r, s)
    up = next(i.id for i in r.pack.items.items if i.upgrade)
    s["items"]["p2"].append(up)
    s["active_upgrade"]["p2"] = up
    full = r.set_types(s, "p2")
    s["zone_of"]["p2"] = "brig"
    assert len(r.set_types(s, "p2")) == len(full) - 1 == 5
