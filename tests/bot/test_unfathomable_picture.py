"""The ship picture (bot/games/unfathomable/picture.py): a PNG for states of random games of 3-6
players in en/uk/ru; a digest that follows what is drawn and nothing else; nothing private on it
(hands, loyalty, passenger faces changed → the same bytes). Plain pytest: no Discord."""
from __future__ import annotations

import copy
import random

import pytest

from bot.games.unfathomable import picture
from bot.games.unfathomable.picture import (BOXES, HEIGHT, WIDTH, picture_data, render, table_digest,
                                            table_picture)
from engine.registry import rules_for
from tests.bot import picture_helpers as kit
from tests.bot.picture_helpers import open_png

RULES = rules_for("unfathomable")
NAMES = ["Олександра Петренко-Ковальчук", "Bob 🎲", "Їжак", "Dmitry", "Анна", "xX_Slayer_of_Deep_Ones_Xx"]


def names_for(state) -> dict[str, str]:
    return kit.names_for(state, NAMES)


def sampled_states(players: int) -> list[dict]:
    return kit.sampled_states(RULES, players, lambda state: bool(state.get("setup_done")))


def mid_game(players: int = 4) -> dict:
    states = sampled_states(players)
    return copy.deepcopy(states[len(states) // 2])


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_png_for_states_of_random_games(players, lang):
    kit.check_pngs(picture, sampled_states(players), names_for, lang)


def test_a_game_being_set_up_is_drawn_too():
    state, _ = RULES.new_game(["a", "b", "c"], seed=1)
    open_png(table_picture(state, {}, "uk"))
    open_png(render(picture_data({}, {}, "en")))   # even an empty view


def test_the_same_state_gives_the_same_bytes_and_is_not_modified():
    state = mid_game(5)
    kit.check_same_bytes(picture, state, mid_game(3), names_for(state))


def _scramble_private(state: dict) -> dict:
    """Everything a player may not see of others, changed."""
    s = copy.deepcopy(state)
    rng = random.Random(9)
    for p in s["hands"]:   # other cards of the same count
        deck = [c for cards in s["decks"].values() for c in cards]
        s["hands"][p] = rng.sample(deck, min(len(deck), len(s["hands"][p])))
    for p in s["loyalty"]:
        if p not in s["revealed"]:
            s["loyalty"][p] = ["hybrid" if c == "human" else "human" for c in s["loyalty"][p]]
    defeated = set(s.get("passengers_removed", []))
    tokens = [t for t in s["passenger_faces"] if t not in defeated]
    faces = [s["passenger_faces"][t] for t in tokens]
    faces = faces[1:] + faces[:1]
    for t, face in zip(tokens, faces):
        s["passenger_faces"][t] = face
    s["known_loyalty"] = {p: {q: ["hybrid"] for q in s["players"] if q != p} for p in s["players"]}
    for kind in s["decks"]:
        rng.shuffle(s["decks"][kind])
    rng.shuffle(s["passenger_supply"])
    rng.shuffle(s["mythos_deck"])
    rng.shuffle(s["chaos"])
    return s


@pytest.mark.parametrize("players", [3, 6])
def test_nothing_private_is_drawn(players):
    for state in sampled_states(players)[::3]:
        if state.get("result"):
            continue   # at the end every loyalty is public
        names = names_for(state)
        secret = _scramble_private(state)
        assert secret != state
        assert table_picture(secret, names, "ru") == table_picture(state, names, "ru")
        assert table_digest(secret, names, "ru") == table_digest(state, names, "ru")


def test_the_picture_is_drawn_from_the_public_view_alone():
    state = mid_game(4)
    kit.check_public_view_alone(picture, RULES, state, names_for(state))


def _changes(state: dict) -> list[tuple[str, dict]]:
    """Edits of things the picture shows, each on a copy."""
    out, edit = kit.edits(state)
    p0, p1 = state["players"][0], state["players"][1]
    edit("resource", lambda s: s["resources"].__setitem__("food", max(1, s["resources"]["food"] - 1)
                                                          if s["resources"]["food"] > 1 else 2))
    edit("journey", lambda s: s["tracks"].__setitem__("journey", (s["tracks"]["journey"] + 1) % 4))
    edit("ritual", lambda s: s["tracks"].__setitem__("ritual", (s["tracks"]["ritual"] + 1) % 4))
    edit("distance", lambda s: s.__setitem__("distance", s["distance"] + 2))
    edit("deep ones", lambda s: s["deep_ones"].__setitem__("w3", s["deep_ones"]["w3"] + 1))
    edit("hydra", lambda s: s["monarchs"].__setitem__("mother_hydra", "w5" if s["monarchs"]["mother_hydra"] != "w5"
                                                      else "w6"))
    edit("moved", lambda s: s["zone_of"].__setitem__(p0, "d2" if s["zone_of"][p0] != "d2" else "d3"))
    edit("passenger", lambda s: s["passengers"]["d5"].append(s["passenger_supply"].pop()) if s["passenger_supply"]
         else s["passengers"]["d5"].append("pax_x"))
    edit("damage", lambda s: s["damage"].__setitem__("galley" if "galley" not in s["damage"] else "bridge", "x")
         if len(s["damage"]) < 6 else s["damage"].popitem())
    edit("captain", lambda s: s["titles"].__setitem__("captain", p1 if s["titles"]["captain"] != p1 else p0))
    edit("revealed", lambda s: s["revealed"].__setitem__(p1, "hybrid") if p1 not in s["revealed"]
         else s["revealed"].pop(p1))
    edit("turn", lambda s: s["turn"].__setitem__("number", s["turn"]["number"] + 1))
    return out


def test_the_digest_follows_what_is_drawn():
    state = next(s for s in sampled_states(4) if not s.get("result") and s.get("turn"))
    names = names_for(state)
    digest = kit.check_digest_follows(picture, state, names, _changes(state))
    # private things: no redraw
    s = copy.deepcopy(state)
    s["hands"][state["players"][0]].append("influence:x:1:1")
    assert table_digest(s, names, "uk") == digest
    assert table_digest(_scramble_private(state), names, "uk") == digest


def test_the_picture_changes_with_what_is_drawn():
    state = next(s for s in sampled_states(5) if not s.get("result") and s.get("turn"))
    names = names_for(state)
    kit.check_picture_changes(picture, state, names, _changes(state)[:6])


def test_every_zone_has_its_place_and_none_overlap():
    zones = [z.id for z in RULES.pack.board.zones]
    assert set(zones) == set(BOXES)
    boxes = list(BOXES.values())
    for i, (a0, b0, a1, b1) in enumerate(boxes):
        assert 0 <= a0 < a1 <= WIDTH and 0 <= b0 < b1 <= HEIGHT
        for c0, d0, c1, d1 in boxes[i + 1:]:
            assert a1 <= c0 or c1 <= a0 or b1 <= d0 or d1 <= b0


def test_the_words_follow_the_language_and_the_board():
    view = RULES.view(mid_game(4), None)
    uk, ru = picture_data(view, {}, "uk"), picture_data(view, {}, "ru")
    assert uk["zones"]["galley"]["title"] == "Камбуз" and ru["zones"]["cargo_hold"]["title"] == "Грузовой отсек"
    assert uk["zones"]["depths"]["title"] == "Глибини"
    assert [d["name"] for d in ru["dials"]] == ["Топливо", "Припасы", "Рассудок", "Души"]
    assert ru["monsters"]["mother_hydra"] == "Матерь Гидра"
    assert picture_data(view, {}, "en")["zones"]["w1"]["title"] == "1–4"


def test_a_crowded_zone_still_draws_everyone_it_can():
    state = mid_game(6)
    for p in state["players"]:
        state["zone_of"][p] = "sick_bay"
    state["deep_ones"]["d4"] = 7
    state["passengers"]["d4"] = [f"pax{i}" for i in range(1, 8)]
    state["monarchs"] = {"mother_hydra": "w4", "father_dagon": "w4"}
    state["deep_ones"]["w4"] = 3
    view = RULES.view(state, None)
    data = picture_data(view, names_for(state), "uk")
    assert data["zones"]["sick_bay"]["tokens"] == state["seats"]
    assert data["zones"]["d4"]["passengers"] == 7
    # the Sick Bay's token row (one row of 26 px, ~190 px wide) holds six players
    placed = picture._place(data["zones"]["sick_bay"], data, (0, 0, 190, 26))
    assert [payload[0] for kind, payload, _ in placed if kind == "player"] == state["seats"]
    for zone in ("d4", "w4"):
        assert picture._place(data["zones"][zone], data, (0, 0, 208, 70)), zone
    png = render(data)
    open_png(png)
