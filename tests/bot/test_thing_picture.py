"""The picture of The Thing's table (bot/games/thing/picture.py): a PNG of the expected size, built
from a layout the tests can read (names, doors, markers), deterministic, never mutating the view,
drawing Cyrillic, and never failing for want of a font. Plain pytest: no Discord."""
from __future__ import annotations

import copy
import io
import math

import pytest
from PIL import Image

from bot.games import picture_kit
from bot.games.thing import picture
from bot.games.thing.picture import DEFAULT_LABELS, HEIGHT, WIDTH, layout, render_table
from engine.registry import rules_for
from engine.simulate import play_random_game

RULES = rules_for("thing")
NAMES = ["Анна", "Bob", "Їжак", "Dmitry", "Сергій", "Lee", "Євгенія", "Tom", "Олег", "Maria", "Юрко", "Zoë"]


def new_state(players: int, seed: int = 1):
    state, _ = RULES.new_game([f"p{i + 1}" for i in range(players)], seed)
    return state


def names_for(players: int) -> dict[str, str]:
    return {f"p{i + 1}": NAMES[i] for i in range(players)}


def finished_view(players: int = 6):
    for seed in range(200):
        state, _ = play_random_game(RULES, players, seed)
        if state["result"] and state["eliminated"]:
            return RULES.view(state, None)
    raise AssertionError("no finished game with an eliminated player")


def eliminate(state, player):
    """Take ``player`` out as the engine does: off the seats (and one door slot fewer)."""
    state["seats"].remove(player)
    state["doors"].pop()
    state["eliminated"].append(player)


def test_png_opens_with_the_expected_size():
    view = RULES.view(new_state(8), None)
    png = render_table(view, names_for(8), "en")
    assert png.startswith(b"\x89PNG")
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG"
    assert image.size == (WIDTH, HEIGHT) == layout(view)["size"]
    assert 800 <= WIDTH <= 1000


@pytest.mark.parametrize("players", [4, 12])
def test_every_seat_shows_its_name_in_seat_order(players):
    state = new_state(players)
    view = RULES.view(state, None)
    lay = layout(view, names_for(players))
    assert [s["player"] for s in lay["seats"]] == state["seats"]
    assert [s["name"] for s in lay["seats"]] == [names_for(players)[p] for p in state["seats"]]
    assert [s["hand"] for s in lay["seats"]] == [view["hand_counts"][p] for p in state["seats"]]
    Image.open(io.BytesIO(render_table(view, names_for(players), "en"))).load()


@pytest.mark.parametrize("players", range(4, 13))
def test_seats_sit_clockwise_from_the_top_inside_the_picture_without_overlapping(players):
    lay = layout(RULES.view(new_state(players), None))
    boxes = [s["box"] for s in lay["seats"]]
    for x0, y0, x1, y1 in boxes:
        assert 0 <= x0 < x1 <= WIDTH and 0 <= y0 < y1 <= picture.FOOTER_Y
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    cx, cy = picture.CX, picture.CY
    angles = [math.atan2(s["center"][1] - cy, s["center"][0] - cx) for s in lay["seats"]]
    first = lay["seats"][0]["center"]
    assert first[0] == cx and first[1] < cy  # the first seat at the top
    steps = [(angles[(i + 1) % players] - angles[i]) % (2 * math.pi) for i in range(players)]
    assert all(0 < step < math.pi for step in steps)  # each next seat clockwise on screen


def test_names_fall_back_to_the_player_id():
    view = RULES.view(new_state(5), None)
    lay = layout(view, {"p1": "Анна"})
    by_player = {s["player"]: s["name"] for s in lay["seats"]}
    assert by_player == {"p1": "Анна", "p2": "p2", "p3": "p3", "p4": "p4", "p5": "p5"}
    assert layout(view, {"p2": "🎲🎲"})["seats"][[s["player"] for s in lay["seats"]].index("p2")]["name"] == "p2"


def test_long_names_are_cut_with_an_ellipsis_to_fit_their_token():
    long = "Олександра Петренко-Ковальчук Третя"
    view = RULES.view(new_state(12), None)
    lay = layout(view, {p: long for p in view["seats"]})
    width = picture._token_size(12)[0] - 24
    for seat in lay["seats"]:
        assert seat["name"].endswith("…") and long.startswith(seat["name"][:-1])
        assert len(seat["name"]) > 6
        assert picture.font(17, True).getlength(seat["name"]) <= width


@pytest.mark.parametrize("players", [4, 12])
def test_doors_sit_between_the_neighbours_they_separate(players):
    state = new_state(players)
    seats = state["seats"]
    for i in range(players):
        state["doors"] = [k == i for k in range(players)]
        view = RULES.view(state, None)
        lay = layout(view)
        assert len(lay["doors"]) == 1
        door = lay["doors"][0]
        pair = (seats[i], seats[(i + 1) % players])
        assert door["between"] == pair
        centers = {s["player"]: s["center"] for s in lay["seats"]}
        nearest = sorted(centers, key=lambda p: math.dist(centers[p], door["center"]))[:2]
        assert set(nearest) == set(pair)
        (ax, ay), (bx, by) = door["segment"]
        assert ((ax + bx) / 2, (ay + by) / 2) == pytest.approx(door["center"], abs=1)
    state["doors"] = [True] * players
    assert [d["between"] for d in layout(RULES.view(state, None))["doors"]] == \
        [(seats[i], seats[(i + 1) % players]) for i in range(players)]


def test_turn_and_quarantine_markers_are_on_the_right_seats():
    state = new_state(8)
    current = state["turn"]["player"]
    others = [p for p in state["seats"] if p != current]
    state["quarantine"] = {others[0]: 2, others[3]: 1}
    lay = layout(RULES.view(state, None), labels={"quarantine": "Карантин: {turns}"})
    by_player = {s["player"]: s for s in lay["seats"]}
    assert [p for p, s in by_player.items() if s["turn"]] == [current]
    assert {p: s["quarantine"] for p, s in by_player.items() if s["quarantine"] is not None} == \
        {others[0]: 2, others[3]: 1}
    assert by_player[others[0]]["quarantine_text"] == "Карантин: 2"
    assert "quarantine_text" not in by_player[current]
    long = "🔒 карантин, лишилося ще дуже-дуже багато ходів: {turns} ходи"
    lay = layout(RULES.view(state, None), labels={"quarantine": long})
    text = next(s["quarantine_text"] for s in lay["seats"] if s["player"] == others[0])
    assert text.endswith("… 2") and text.startswith("карантин")  # cut, but never the number
    plural = {"quarantine": "Карантин: {turns}", "quarantine_1": "ще 1 хід", "quarantine_2": "ще 2 ходи"}
    lay = layout(RULES.view(state, None), labels=plural)
    texts = {s["player"]: s.get("quarantine_text") for s in lay["seats"]}
    assert texts[others[0]] == "ще 2 ходи" and texts[others[3]] == "ще 1 хід"


def test_eliminated_players_are_marked_and_off_the_circle():
    state = new_state(7)
    gone = [p for p in state["seats"] if p != state["turn"]["player"]][:2]
    for p in gone:
        eliminate(state, p)
    view = RULES.view(state, None)
    lay = layout(view, names_for(7))
    assert [s["player"] for s in lay["seats"]] == state["seats"]
    assert all(not s["eliminated"] for s in lay["seats"])
    assert [s["player"] for s in lay["eliminated"]] == gone
    assert all(s["eliminated"] and not s["turn"] for s in lay["eliminated"])
    assert [s["name"] for s in lay["eliminated"]] == [names_for(7)[p] for p in gone]
    assert lay["eliminated_text"] == DEFAULT_LABELS["eliminated"]
    for s in lay["eliminated"]:
        assert s["box"][1] >= picture.FOOTER_Y and s["box"][3] <= HEIGHT
    render_table(view, names_for(7), "en")


def test_direction_of_play_follows_the_view():
    state = new_state(6)
    assert layout(RULES.view(state, None))["arrows"]["direction"] == 1
    state["direction"] = -1
    arrows = layout(RULES.view(state, None), labels={"counterclockwise": "Проти годинникової"})["arrows"]
    assert arrows["direction"] == -1 and arrows["text"] == "Проти годинникової"


def test_deck_discard_and_title_while_playing():
    state = new_state(6)
    view = RULES.view(state, None)
    lay = layout(view, labels={"turn": "Хід {turn}", "deck": "Колода"})
    assert lay["title"] == f"Хід {view['turn']['number']}"
    assert lay["deck"]["count"] == view["deck_size"] and lay["deck"]["text"] == "Колода"
    assert lay["discard"]["count"] == view["discard_size"] and lay["discard"]["text"] == "Discard"
    assert lay["result"] is None and lay["subtitle"] is None


def test_the_result_when_the_game_is_over():
    view = finished_view()
    result = view["result"]
    labels = {"game_over": "Гру завершено", "team_humans": "Люди перемогли", "team_thing": "Нечто перемогло"}
    lay = layout(view, labels=labels)
    assert lay["title"] == "Гру завершено"
    team = "Люди перемогли" if result["team"] == "humans" else "Нечто перемогло"
    assert lay["subtitle"].startswith(team)
    assert lay["result"]["winners"] == sorted(result["winners"])
    everyone = lay["seats"] + lay["eliminated"]
    assert {s["player"] for s in everyone if s["winner"]} == set(result["winners"])
    assert all(s["role"] == result["roles"][s["player"]] for s in everyone)
    assert not any(s["turn"] or s["quarantine"] is not None for s in lay["seats"])
    Image.open(io.BytesIO(render_table(view, {}, "uk", labels))).load()


def test_labels_are_formatted_safely_and_missing_ones_fall_back_to_english():
    assert picture.label({}, "quarantine", turns=3) == "Quarantine: 3"
    assert picture.label({"quarantine": "Карантин"}, "quarantine", turns=3) == "Карантин 3"
    assert picture.label({"turn": "Хід {turn} {oops"}, "turn", turn=4).startswith("Хід")
    assert picture.label(None, "deck") == "Deck"


def test_the_same_view_renders_to_the_same_bytes():
    view = finished_view(8)
    names = names_for(8)
    first = render_table(view, names, "en")
    render_table(RULES.view(new_state(4), None), names_for(4), "en")
    assert render_table(copy.deepcopy(view), dict(names), "en") == first


def test_rendering_does_not_mutate_the_view_names_or_labels():
    state = new_state(9)
    state["quarantine"] = {state["seats"][2]: 2}
    state["doors"][4] = True
    eliminate(state, state["seats"][-1])
    view = RULES.view(state, None)
    names, labels = names_for(9), {"deck": "Колода"}
    before = copy.deepcopy((view, names, labels))
    render_table(view, names, "uk", labels)
    layout(view, names, labels)
    assert (view, names, labels) == before


def test_cyrillic_and_emoji_names_render():
    view = RULES.view(new_state(6), None)
    names = {"p1": "Олександра", "p2": "Їжачок Ґаврило", "p3": "Ёлка Щукина", "p4": "Bob 🎲",
             "p5": "Єва", "p6": "Юлія Щербак-Григорович"}
    png = render_table(view, names, "uk", {"deck": "Колода", "discard": "Скид"})
    assert Image.open(io.BytesIO(png)).size == (WIDTH, HEIGHT)
    by_player = {s["player"]: s["name"] for s in layout(view, names)["seats"]}
    assert by_player["p1"] == "Олександра" and by_player["p4"] == "Bob"   # the emoji left out


def test_cyrillic_is_drawn_by_the_packaged_font_without_transliteration():
    """The font comes from a declared dependency (font-source-sans-pro), not from the system, so
    every uk/ru letter is drawn as written on any machine."""
    import font_source_sans_pro
    assert picture_kit.font_file() == font_source_sans_pro.font_files_ttf["SourceSansPro"]
    letters = "АаБбВвГгҐґДдЕеЄєЁёЖжЗзИиІіЇїЙйКкЛлМмНнОоПпРрСсТтУуФфХхЦцЧчШшЩщЪъЫыЬьЭэЮюЯя’"
    for bold in (False, True):
        f = picture_kit.font(14, bold)
        assert all(picture_kit.has_glyph(f, ch) for ch in letters)
        assert picture_kit.drawable(letters, f) == letters
    lay = layout(RULES.view(new_state(4), None), {"p1": "Олександра"}, {"deck": "Колода"})
    assert next(s["name"] for s in lay["seats"] if s["player"] == "p1") == "Олександра"
    assert lay["deck"]["text"] == "Колода"


def test_odd_views_render():
    state = new_state(4)
    for p in state["seats"][1:]:
        eliminate(state, p)
    state["doors"] = [True]
    one = RULES.view(state, None)
    png = render_table(one, {}, "en")
    assert Image.open(io.BytesIO(png)).size == (WIDTH, HEIGHT)
    bare = {"seats": ["a", "b"], "doors": [["b", "a"]], "turn": None, "result": None}
    lay = layout(bare)
    assert lay["doors"][0]["between"] == ("b", "a") and lay["title"] == "Turn –"
    render_table(bare, {}, "en")
    render_table({}, {}, "en")
