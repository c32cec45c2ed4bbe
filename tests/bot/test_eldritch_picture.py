"""The world map picture (bot/games/eldritch/picture.py): a PNG for states of random games of 1, 4
and 8 players in en/uk/ru; a digest that follows what is drawn and nothing else; nothing private
on it (held backs of spells and conditions, deck, stack, pool and cup orders changed → the same
bytes). Plain pytest: no Discord."""
from __future__ import annotations

import copy

import pytest

from bot.games.eldritch import picture
from bot.games.eldritch.picture import MAP_BOX, SPACES, picture_data, public_view, render, table_digest, table_picture
from engine.eldritch.invariants import hidden_shuffle
from engine.registry import rules_for
from tests.bot import picture_helpers as kit
from tests.bot.picture_helpers import open_png

RULES = rules_for("eldritch")
NAMES = ["Олександра Петренко-Ковальчук", "Bob 🎲", "Їжак", "Dmitry", "Анна", "xX_Slayer_of_Shoggoths_Xx", "Zoë",
         "Марія"]


def names_for(state) -> dict[str, str]:
    return kit.names_for(state, NAMES)


def sampled_states(players: int) -> list[dict]:
    return kit.sampled_states(RULES, players, lambda state: bool(state.get("round")))


def mid_game(players: int = 4) -> dict:
    states = [s for s in sampled_states(players) if not s.get("result")]
    return copy.deepcopy(states[len(states) // 2])


@pytest.mark.parametrize("players", [1, 4, 8])
@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_png_for_states_of_random_games(players, lang):
    kit.check_pngs(picture, sampled_states(players), names_for, lang)


def test_a_game_being_set_up_and_an_empty_view_are_drawn_too():
    state, _ = RULES.new_game(["a", "b", "c"], seed=1)
    open_png(table_picture(state, {}, "uk"))
    open_png(render(picture_data({}, {}, "en")))


def test_the_same_state_gives_the_same_bytes_and_is_not_modified():
    state = mid_game(4)
    kit.check_same_bytes(picture, state, mid_game(8), names_for(state))


def _with_held_backs(state: dict) -> dict:
    """A copy where the first investigator holds a spell and a condition (so backs can be swapped)."""
    s = copy.deepcopy(state)
    inv = s["inv"][s["order"][0]]
    for kind in ("spells", "conditions"):
        draw = s["decks"][kind]["draw"]
        if len(draw) > 2:
            inv[kind].append(draw.pop())
    return s


def _scramble_private(state: dict, seed: int = 9) -> dict:
    """Everything nobody may see, changed: held backs, every deck, stack, pool and cup order."""
    return hidden_shuffle(RULES, state, seed)


@pytest.mark.parametrize("players", [1, 4, 8])
def test_nothing_private_is_drawn(players):
    checked = 0
    for state in sampled_states(players)[::3]:
        state = _with_held_backs(state)
        names = names_for(state)
        for seed in (3, 9):
            secret = _scramble_private(state, seed)
            if secret == state:
                continue
            checked += 1
            assert table_picture(secret, names, "ru") == table_picture(state, names, "ru")
            assert table_digest(secret, names, "ru") == table_digest(state, names, "ru")
    assert checked


def test_the_picture_is_drawn_from_the_public_view_alone():
    state = mid_game(4)
    names = names_for(state)
    kit.check_public_view_alone(picture, RULES, state, names)
    # the held backs are not even in what is drawn
    s = _with_held_backs(state)
    backs = [b for i in s["inv"].values() for k in ("spells", "conditions") for b in i[k]]
    text = repr(picture_data(public_view(s), names, "en"))
    assert backs and not any(b in text for b in backs)


def _changes(state: dict) -> list[tuple[str, dict]]:
    """Edits of things the picture shows, each on a copy."""
    out, edit = kit.edits(state)
    first = state["order"][0]
    other_space = "tokyo" if state["inv"][first]["space"] != "tokyo" else "rome"
    edit("doom", lambda s: s.__setitem__("doom", s["doom"] - 1 if s["doom"] > 1 else s["doom"] + 1))
    edit("omen", lambda s: s.__setitem__("omen", (s["omen"] + 1) % 4))
    edit("moved", lambda s: s["inv"][first].__setitem__("space", other_space))
    edit("health", lambda s: s["inv"][first].__setitem__("health", max(1, s["inv"][first]["health"] - 1)
                                                          if s["inv"][first]["health"] > 1 else 2))
    edit("clue on the map", lambda s: s["clues"]["board"].setdefault("space_3", []).append(s["clues"]["pool"].pop()))
    edit("gate", lambda s: s["gates"]["board"].remove(s["gates"]["board"][0]) if s["gates"]["board"]
         else s["gates"]["board"].append(s["gates"]["stack"].pop()))
    edit("monster", lambda s: s["monsters"]["board"].__setitem__("m_test", {"kind": "byakhee", "space": "space_11",
                                                                            "damage": 0}))
    edit("eldritch token", lambda s: s["eldritch_board"].__setitem__("space_2",
                                                                     s["eldritch_board"].get("space_2", 0) + 1))
    edit("expedition", lambda s: s.__setitem__("expedition", "amazon" if s.get("expedition") != "amazon"
                                               else "pyramids"))
    edit("reserve", lambda s: s["reserve"].reverse() if len(set(s["reserve"])) > 1 else s["reserve"].clear())
    edit("round", lambda s: s.__setitem__("round", s["round"] + 1))
    edit("solved", lambda s: s.__setitem__("solved", s["solved"] + ["x"]))
    card = state.get("mystery")
    ao = RULES.pack.ancient_one(state["ao"])
    entry = next((m for m in ao.mysteries if card and m.id == card["id"]), None)
    what = entry.progress.what if entry else "none"
    if what == "eldritch":
        edit("mystery progress", lambda s: s["mystery"].__setitem__("eldritch", s["mystery"]["eldritch"] + 1))
    elif what in ("clues", "gates"):
        edit("mystery progress", lambda s: s["mystery"][what].append("space_1"))
    elif what == "monster_toughness":
        edit("mystery progress", lambda s: s["mystery"]["toughness"].append(2))
    return out


def test_the_digest_follows_what_is_drawn():
    state = mid_game(4)
    names = names_for(state)
    digest = kit.check_digest_follows(picture, state, names, _changes(state))
    # private things: no redraw
    assert table_digest(_scramble_private(_with_held_backs(state)), names, "uk") == \
        table_digest(_with_held_backs(state), names, "uk")
    s = copy.deepcopy(state)
    s["rng"] = "something else"
    assert table_digest(s, names, "uk") == digest


def test_the_picture_changes_with_what_is_drawn():
    state = mid_game(4)
    names = names_for(state)
    kit.check_picture_changes(picture, state, names, _changes(state)[:9])


def test_every_space_has_its_place_inside_the_map_and_none_overlap():
    spaces = {sp.id: sp for sp in RULES.pack.map.spaces}
    assert set(spaces) == set(SPACES)
    x0, y0, x1, y1 = MAP_BOX
    points = list(SPACES.items())
    for k, (sid, (x, y)) in enumerate(points):
        r = picture.RADIUS[spaces[sid].type]
        assert x0 < x - r and x + r < x1 and y0 < y - r and y + r < y1, sid
        for other, (u, v) in points[k + 1:]:
            assert (x - u) ** 2 + (y - v) ** 2 > (2 * r + 20) ** 2, (sid, other)
    # every path's ends are placed (wrapping paths run off the edges)
    assert all(p.a in SPACES and p.b in SPACES for p in RULES.pack.map.paths)


def test_the_words_follow_the_language_and_the_content():
    state = mid_game(4)
    view = RULES.view(state, None)
    uk, ru, en = (picture_data(view, names_for(state), lang) for lang in ("uk", "ru", "en"))
    assert uk["spaces"]["arkham"]["name"] == "Аркгем" and ru["spaces"]["arkham"]["name"] == "Аркхэм"
    assert en["spaces"]["space_7"]["number"] == 7 and en["spaces"]["space_7"]["name"] is None
    assert uk["words"]["doom"] == "Приреченість" and ru["words"]["doom"] == "Безысходность"
    ao = RULES.pack.ancient_one(view["ancient_one"])
    assert ru["ancient_one"] == ao.name.ru and en["ancient_one"] == ao.name.en
    assert [i["player"] for i in en["investigators"]] == [names_for(state)[i["player"]] for i in view["investigators"]]
    assert len(en["reserve"]) == len(view["reserve"])


def test_the_tokens_land_where_the_view_says():
    state = mid_game(8)
    view = RULES.view(state, None)
    data = picture_data(view, {}, "en")
    for i in view["investigators"]:
        if i["status"] == "active":
            assert i["id"] in data["spaces"][i["space"]]["investigators"]
    for sid in view["gates"]:
        assert data["spaces"][sid]["gate"] == RULES.pack.space(sid).gate
    for sid, n in view["clues"].items():
        assert data["spaces"][sid]["clues"] == n
    assert sum(len(sp["monsters"]) for sp in data["spaces"].values()) == len(view["monsters"])
    assert data["doom"] == view["doom"] and data["omen_track"][data["omen_index"]] == view["omen"]
    if view.get("expedition"):
        assert data["spaces"][view["expedition"]]["expedition"]


def test_a_crowded_space_still_draws():
    state = mid_game(8)
    for i in state["inv"].values():
        i["space"] = "sydney"
    for k in range(6):
        state["monsters"]["board"][f"mx{k}"] = {"kind": "byakhee", "space": "sydney", "damage": 0}
    state["clues"]["board"]["sydney"] = ["sydney"] * 3
    png = table_picture(state, names_for(state), "uk")
    open_png(png)
