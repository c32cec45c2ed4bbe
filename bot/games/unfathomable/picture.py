"""A picture of Unfathomable's table: the ship and the sea, top down, as a PNG.

``table_picture(state, names, lang)`` draws, from the engine's **public view only**
(``UnfathomableRules().view(state, None)``; nothing else of ``state`` is read):

* the sea with its 8 water spaces in two chains, port (w2, w4, w6, w8) above the hull and
  starboard (w1, w3, w5, w7) below it, bow on the right, stern on the left; the bow spaces carry
  their "1–4" / "5–8" labels; in each, Mother Hydra, Father Dagon and the Deep Ones (a count);
* the hull: the 8 numbered deck spaces along its sides (character tokens, face-down passenger
  tokens — their number only, never a face —, Deep Ones), the interior zones in the middle
  (names in the guild's language from ``data/unfathomable/board.yaml``; damaged zones red with
  a "damaged" tag; tokens and Deep Ones), the Sick Bay and the Brig; the Depths at the stern with
  the monsters held there; the printed movement arrows (water → deck → interior);
* the journey and ritual tracks with their tokens, the distance travelled (a bar with the
  Awakening at 6 and the goal at 12), the four resource dials with their values;
* the crew: a colour per player (seat order), each token the member's display name (initials of
  the character when the zone is crowded), the titles (★ Captain, a book for the Keeper of the
  Tome) by their holders, revealed traitors outlined in red, whose turn it is; once the game is
  over, the winning side, every loyalty and the winners.

Every word is either a board/content name in the guild's language (board, monsters, resources,
tracks, titles, characters) or a catalog message under ``unfathomable.picture.*`` (English
defaults in :data:`DEFAULT_LABELS` when a catalog lacks it).

:func:`picture_data` extracts exactly what is drawn (already in words); the PNG is drawn from it
alone and :func:`table_digest` hashes it, so the digest changes exactly when the picture would.
Fonts, the Cyrillic fallback, the canvas, the words, the PNG encoding and the cache of drawn
pictures are :mod:`bot.games.picture_kit`'s.
"""
from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image

from bot.games.picture_kit import BG, DARK_TEXT, MUTED, PANEL, PANEL_EDGE, TEXT, TURN, WIN
from bot.games.picture_kit import PLAYER_COLOURS as THEME_PLAYER_COLOURS
from bot.games.picture_kit import (Canvas, DrawnCache, Words, content_name, contrast, digest, drawable,
                                   encode_png, font, initials, palette_from, star)

GAME = "unfathomable"
WIDTH, HEIGHT = 1280, 960

DEFAULT_LABELS: dict[str, str] = {
    "turn": "Turn {turn}",
    "turn_of": "Turn {turn} · {name}",
    "setup": "Setting up: choosing characters",
    "game_over": "Game over",
    "team_humans": "The humans win",
    "team_traitors": "The traitors win",
    "nobody_wins": "No player wins",
    "reason_journey_completed": "The ship reached port.",
    "reason_resource_depleted": "A resource ran out.",
    "reason_ship_destroyed": "Six zones are damaged: the ship is lost.",
    "reason_deep_ones_exhausted": "The Deep Ones overran the ship.",
    "start": "Start",
    "bow": "Bow",
    "stern": "Stern",
    "damaged": "Damaged",
    "supply": "Supply: Deep Ones {deep_ones} · passengers {passengers}",
    "distance": "Distance travelled: {distance} of {goal}",
    "course_cards": "Course cards played: {count}",
    "awakening": "Awakening",
    "crew": "Crew",
    "traitor": "Traitor: {loyalty}",
    "winner": "Winner",
    "loyalty_human": "Human",
    "loyalty_hybrid": "Hybrid",
    "loyalty_cultist": "Cultist",
    "key_deep_one": "Deep Ones",
    "key_passenger": "Passenger (face down)",
    "dial_max": "of {max}",
}

# ---------------------------------------------------------------- colours (and the kit's: BG, TEXT, MUTED...)
SEA = (16, 38, 60)
WATER = (22, 56, 88)
WATER_EDGE = (48, 98, 140)
DEPTHS = (6, 13, 24)
DEPTHS_EDGE = (52, 76, 110)
HULL = (82, 62, 44)
HULL_EDGE = (150, 118, 84)
DECK = (110, 86, 60)
DECK_EDGE = (168, 136, 98)
ROOM = (44, 47, 56)
ROOM_EDGE = (104, 110, 124)
DAMAGED = (84, 32, 30)
DAMAGED_EDGE = (224, 72, 58)
SICK_BAY = (38, 66, 60)
SICK_BAY_EDGE = (96, 164, 140)
BRIG = (54, 46, 66)
BRIG_EDGE = (140, 120, 170)
ARROW = (236, 214, 160)
TRAITOR = (232, 48, 48)
HYDRA = (54, 170, 112)
DAGON = (208, 128, 52)
DEEP_ONE = (36, 132, 150)
PASSENGER = (196, 190, 176)
PLAYER_COLOURS = THEME_PLAYER_COLOURS[:6]
LOYALTY_COLOURS = {"human": (96, 200, 120), "hybrid": TRAITOR, "cultist": (200, 90, 220)}
RESOURCE_COLOURS = {"fuel": (236, 146, 56), "food": (126, 200, 90), "sanity": (150, 120, 246),
                    "souls": (120, 200, 230)}
TRACK_COLOURS = {"journey": (236, 190, 70), "ritual": (190, 110, 240)}

# ---------------------------------------------------------------- the board's geometry
COL_X, COL_W, COL_GAP = 196, 250, 8
WATER_PORT, WATER_STARBOARD = (60, 148), (588, 676)
DECK_PORT, DECK_STARBOARD = (162, 246), (496, 580)
INTERIOR = (252, 490)
MID = (344, 398)   # the middle row of the middle columns: the Brig and the Sick Bay
HULL_BOX = (COL_X - 10, 154, COL_X + 4 * COL_W + 3 * COL_GAP + 10, 588)
BOW_TIP = WIDTH - 12
DEPTHS_BOX = (16, 160, COL_X - 22, 582)
PANEL_Y = 694


def _col(i: int) -> tuple[int, int]:
    x = COL_X + i * (COL_W + COL_GAP)
    return x, x + COL_W


def _board_boxes() -> dict[str, tuple[int, int, int, int]]:
    """Where each zone is: column 0 is the stern, column 3 the bow."""
    boxes = {}
    port_water, starboard_water = ("w8", "w6", "w4", "w2"), ("w7", "w5", "w3", "w1")
    port_deck, starboard_deck = ("d8", "d6", "d4", "d2"), ("d7", "d5", "d3", "d1")
    for i in range(4):
        x0, x1 = _col(i)
        boxes[port_water[i]] = (x0, WATER_PORT[0], x1, WATER_PORT[1])
        boxes[starboard_water[i]] = (x0, WATER_STARBOARD[0], x1, WATER_STARBOARD[1])
        boxes[port_deck[i]] = (x0, DECK_PORT[0], x1, DECK_PORT[1])
        boxes[starboard_deck[i]] = (x0, DECK_STARBOARD[0], x1, DECK_STARBOARD[1])
    top, bottom = INTERIOR
    boxes["boiler_room"] = (*_col(0)[:1], top, _col(0)[1], bottom)
    boxes["bridge"] = (_col(3)[0], top, _col(3)[1], bottom)
    for i, (upper, middle, lower) in ((1, ("galley", "brig", "cargo_hold")),
                                      (2, ("captains_cabin", "sick_bay", "chapel"))):
        x0, x1 = _col(i)
        boxes[upper] = (x0, top, x1, MID[0] - 6)
        boxes[middle] = (x0, MID[0], x1, MID[1])
        boxes[lower] = (x0, MID[1] + 6, x1, bottom)
    boxes["depths"] = DEPTHS_BOX
    return boxes


BOXES = _board_boxes()
ZONE_ORDER = tuple(BOXES)


# ---------------------------------------------------------------- words
@lru_cache(maxsize=1)
def _pack():
    from engine.registry import rules_for
    return rules_for(GAME).pack


def _name(names, lang: str) -> str:
    """A content name in ``lang`` (English when the pack has none), capitalised for a label."""
    text = content_name(names, lang)
    return text[:1].upper() + text[1:]


_words = Words(GAME, DEFAULT_LABELS)
_labels, _say = _words.labels, _words.say


# ---------------------------------------------------------------- what is drawn
def picture_data(view: dict, names: dict | None, lang: str) -> dict:
    """Everything the picture shows, in words and numbers, from the public view: the picture is
    drawn from this alone and the digest hashes it."""
    pack = _pack()
    labels = _labels(lang)
    names = names or {}
    board = {z.id: z for z in pack.board.zones}
    seats = list(view.get("seats") or view.get("players") or [])
    characters = view.get("characters") or {}
    titles = view.get("titles") or {}
    revealed = view.get("revealed") or {}
    result = view.get("result")
    turn = view.get("turn") or None
    current = turn.get("player") if turn and not result else None
    winners = set((result or {}).get("winners") or [])
    loyalty_end = (result or {}).get("loyalty") or {}

    players = []
    for i, pid in enumerate(seats):
        cid = characters.get(pid)
        character = _name(pack.character(cid).name, lang) if cid else ""
        shown = str(names.get(pid) or character or pid)
        cards = loyalty_end.get(pid)
        players.append({
            "id": pid, "name": shown, "character": character, "initials": initials(character or shown),
            "colour": i % len(PLAYER_COLOURS), "turn": pid == current,
            "titles": [t for t in ("captain", "keeper_of_the_tome") if titles.get(t) == pid],
            "traitor": (_say(labels, "traitor", loyalty=_say(labels, f"loyalty_{revealed[pid]}"))
                        if pid in revealed else None),
            "loyalty": ([[c, _say(labels, f"loyalty_{c}")] for c in cards] if cards is not None else None),
            "winner": pid in winners,
        })

    zone_of = view.get("zone_of") or {}
    deep_ones = view.get("deep_ones") or {}
    passengers = view.get("passengers") or {}
    damage = view.get("damage") or {}
    monarchs = view.get("monarchs") or {}
    zones = {}
    for zid in ZONE_ORDER:
        zone = board.get(zid)
        if zone is None:
            continue
        if zone.kind in ("water", "deck"):
            title = getattr(zone, "bow_label", None) or "" if zone.kind == "water" else str(zone.number)
        else:
            title = _name(zone.name, lang)
        zones[zid] = {
            "kind": zone.kind, "title": title, "damaged": zid in damage,
            "arrow": getattr(zone, "arrow", None),
            "monarchs": [m for m in ("mother_hydra", "father_dagon") if monarchs.get(m) == zid],
            "deep_ones": int(deep_ones.get(zid) or 0), "passengers": int(passengers.get(zid) or 0),
            "tokens": [pid for pid in seats if zone_of.get(pid) == zid],
        }

    monsters = {m.id: _name(m.name, lang) for m in pack.monsters.monsters}
    tracks = []
    for track in pack.tracks.tracks:
        spaces = track.spaces
        tracks.append({
            "id": track.id, "name": _name(track.name, lang), "at": int((view.get("tracks") or {}).get(track.id, 0)),
            "spaces": len(spaces), "end": _name(spaces[-1].name, lang),
            "start": _name(spaces[0].name, lang) if getattr(spaces[0].name, lang, None) else _say(labels, "start"),
        })
    goal, awakening = pack.tracks.distance.win_at_least, pack.tracks.distance.awakening_at_least
    distance = int(view.get("distance") or 0)
    resources = view.get("resources") or {}
    maximum = getattr(pack.resources, "maximum", 10)
    dials = [{"id": r.id, "name": _name(r.name, lang), "value": int(resources.get(r.id, 0))}
             for r in pack.resources.resources]

    if result:
        title = _say(labels, "game_over")
        side = "nobody_wins" if not result.get("winners") else f"team_{result.get('team')}"  # no side's card won
        parts = [_say(labels, side) if result.get("team") else "",
                 _say(labels, f"reason_{result.get('reason')}") if result.get("reason") else ""]
        subtitle = "  ·  ".join(p for p in parts if p)
    elif turn:
        who = next((p for p in players if p["id"] == turn.get("player")), None)
        title = (_say(labels, "turn_of", turn=turn.get("number", "–"), name=who["name"]) if who
                 else _say(labels, "turn", turn=turn.get("number", "–")))
        subtitle = None
    else:
        title, subtitle = _say(labels, "setup"), None

    return {
        "lang": lang, "title": title, "subtitle": subtitle, "over": bool(result),
        "supply": _say(labels, "supply", deep_ones=view.get("deep_one_supply", 0),
                       passengers=view.get("passenger_supply", 0)),
        "players": players, "zones": zones, "monsters": monsters,
        "titles": {t.id: _name(t.name, lang) for t in pack.titles.titles},
        "tracks": tracks,
        "distance": {"value": distance, "goal": goal, "awakening": awakening,
                     "awakened": bool(view.get("awakened")),
                     "text": _say(labels, "distance", distance=distance, goal=goal),
                     "cards": _say(labels, "course_cards", count=len(view.get("course_played") or []))},
        "dials": dials, "maximum": maximum,
        "words": {k: _say(labels, k) for k in ("bow", "stern", "damaged", "awakening", "crew", "winner",
                                                "key_deep_one", "key_passenger")}
        | {"dial_max": _say(labels, "dial_max", max=maximum)},
    }


# ---------------------------------------------------------------- drawing
class _Canvas(Canvas):
    """The ship's canvas (:class:`bot.games.picture_kit.Canvas`): its base holds what never changes
    (the sea, the hull, the empty zones, the panels, the dials' rings)."""

    size, background = (WIDTH, HEIGHT), BG

    def paint(self, data: dict) -> None:
        _draw(self, data)

    @staticmethod
    def empty_data() -> dict:
        return picture_data({}, {}, "en")


def _book(c: _Canvas, cx, cy, r, fill):
    c.rect((cx - r, cy - r * 0.8, cx + r, cy + r * 0.8), fill=fill, radius=1)
    c.line(((cx, cy - r * 0.8), (cx, cy + r * 0.8)), DARK_TEXT, 1.2)


def _title_icon(c: _Canvas, title: str, cx, cy, r=6):
    (star if title == "captain" else _book)(c, cx, cy, r, WIN if title == "captain" else (214, 176, 255))


def _chevron(c: _Canvas, cx, cy, ux, uy, size=7, fill=ARROW):
    """A small arrowhead at (cx, cy) pointing along the unit vector (ux, uy)."""
    px, py = -uy, ux
    tip = (cx + ux * size, cy + uy * size)
    c.polygon([tip, (cx - ux * size + px * size, cy - uy * size + py * size),
               (cx - ux * size - px * size, cy - uy * size - py * size)], fill)


TOKEN_H = 24


def _token_items(zone: dict, data: dict, compact: int) -> list[tuple]:
    """What a zone holds, as (kind, payload, width): compact 0 = names, 1 = initials, 2 = tight."""
    players = {p["id"]: p for p in data["players"]}
    items = []
    for m in zone["monarchs"]:
        name = data["monsters"][m]
        width = min(font(12, True).getlength(drawable(name, font(12, True))) + 18, 124 if compact < 2 else 64)
        items.append(("monarch", m, width))
    if zone["deep_ones"]:
        items.append(("deep_ones", zone["deep_ones"], 24 + (font(13, True).getlength(f"×{zone['deep_ones']}") + 4
                                                             if zone["deep_ones"] > 1 else 0)))
    n = zone["passengers"]
    if n:
        if n <= 3 and compact == 0:
            items += [("passenger", 1, 18)] * n
        else:
            items.append(("passenger", n, 18 + (font(13, True).getlength(f"×{n}") + 4 if n > 1 else 0)))
    for pid in zone["tokens"]:
        p = players.get(pid)
        if p is None:
            continue
        icons = len(p["titles"]) * 14
        if compact == 0:
            width = min(font(13, True).getlength(drawable(p["name"], font(13, True))) + 18 + icons, 150)
            items.append(("player", (pid, 0), max(width, 40)))
        elif compact == 1:
            items.append(("player", (pid, 1), font(12, True).getlength(p["initials"]) + 16 + icons))
        else:
            items.append(("player", (pid, 2), max(TOKEN_H, font(11, True).getlength(p["initials"]) + 8)))
    return items


def _flow(items, x0, y0, x1, y1, gap=5):
    """Left-to-right rows; None when they do not fit."""
    placed, x, y = [], x0, y0
    for kind, payload, width in items:
        width = min(width, x1 - x0)
        if x + width > x1 and x > x0:
            x, y = x0, y + TOKEN_H + 4
        if y + TOKEN_H > y1:
            return None
        placed.append((kind, payload, (x, y, x + width, y + TOKEN_H)))
        x += width + gap
    return placed


def _place(zone: dict, data: dict, area) -> list:
    for compact in (0, 1, 2):
        placed = _flow(_token_items(zone, data, compact), *area)
        if placed is not None:
            return placed
    # still too many: as many as fit, in the tightest form
    placed, items = [], _token_items(zone, data, 2)
    while items and placed is not None:
        last = _flow(items, *area)
        if last is not None:
            return last
        items = items[:-1]
    return []


def _draw_item(c: _Canvas, kind, payload, box, data):
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    if kind == "monarch":
        colour = HYDRA if payload == "mother_hydra" else DAGON
        c.rect(box, fill=(12, 24, 30), outline=colour, width=2.5, radius=TOKEN_H / 2)
        c.text((x0 + 9, cy), data["monsters"][payload], 12, colour, True, "lm", width=x1 - x0 - 14)
    elif kind == "deep_ones":
        c.ellipse((x0, y0, x0 + TOKEN_H, y1), fill=DEEP_ONE, outline=(140, 226, 236), width=1.5)
        # fins: a deep one is a round token with two small gills
        c.line(((x0 + 7, cy - 2), (x0 + 12, cy + 1), (x0 + 17, cy - 2)), (190, 240, 246), 1.5)
        if payload > 1:
            c.text((x0 + TOKEN_H + 3, cy), f"×{payload}", 13, (170, 230, 240), True, "lm")
    elif kind == "passenger":
        c.rect((x0, y0 + 1, x0 + 18, y1 - 1), fill=(70, 66, 60), outline=PASSENGER, width=1.5, radius=3)
        c.text((x0 + 9, cy), "?", 13, PASSENGER, True, "mm")
        if payload > 1:
            c.text((x0 + 22, cy), f"×{payload}", 13, PASSENGER, True, "lm")
    elif kind == "player":
        pid, mode = payload
        p = next(q for q in data["players"] if q["id"] == pid)
        colour = PLAYER_COLOURS[p["colour"]]
        if p["turn"]:
            c.rect((x0 - 3, y0 - 3, x1 + 3, y1 + 3), fill=TURN, radius=TOKEN_H / 2 + 3)
        edge = TRAITOR if p["traitor"] else (20, 20, 24)
        c.rect(box, fill=colour, outline=edge, width=3 if p["traitor"] else 1, radius=TOKEN_H / 2)
        right = x1 - 8
        if mode < 2:
            for title in reversed(p["titles"]):
                _title_icon(c, title, right - 5, cy, 6)
                right -= 14
        label = p["name"] if mode == 0 else p["initials"]
        if mode == 2:
            c.text(((x0 + x1) / 2, cy), label, 11, contrast(colour), True, "mm")
        else:
            c.text(((x0 + 8 + right) / 2, cy), label, 13 if mode == 0 else 12, contrast(colour), True, "mm",
                   width=max(right - x0 - 8, 8))


def _draw_zone(c: _Canvas, zid: str, zone: dict, data: dict):
    box = BOXES[zid]
    x0, y0, x1, y1 = box
    kind = zone["kind"]
    if kind == "water":
        if c.base:
            c.rect(box, fill=WATER, outline=WATER_EDGE, width=1.5, radius=10)
        for k in range(3 if c.base else 0):   # waves
            wx = x0 + 30 + k * 80
            wy = y1 - 12
            c.arc((wx, wy - 4, wx + 16, wy + 4), 200, 340, (58, 110, 156), 1.5)
            c.arc((wx + 16, wy - 4, wx + 32, wy + 4), 200, 340, (58, 110, 156), 1.5)
        if zone["title"]:
            c.text((x1 - 10, y0 + 8), zone["title"], 14, (150, 200, 236), True, "ra")
        area = (x0 + 10, y0 + 10, x1 - 50 if zone["title"] else x1 - 10, y1 - 8)
    elif kind == "deck":
        if c.base:
            c.rect(box, fill=DECK, outline=DECK_EDGE, width=1.5, radius=6)
            c.ellipse((x0 + 6, y0 + 6, x0 + 28, y0 + 28), fill=(74, 56, 40), outline=DECK_EDGE, width=1)
        c.text((x0 + 17, y0 + 17), zone["title"], 13, TEXT, True, "mm")
        area = (x0 + 34, y0 + 6, x1 - 8, y1 - 6)
    elif kind == "depths":
        if c.base:
            c.rect(box, fill=DEPTHS, outline=DEPTHS_EDGE, width=2, radius=14)
        for k in range(4 if c.base else 0):   # rings of dark water
            r = 18 + k * 18
            cx, cy = (x0 + x1) / 2, y1 - 60
            c.arc((cx - r, cy - r * 0.5, cx + r, cy + r * 0.5), 0, 360, (16, 30, 48), 2)
        c.text(((x0 + x1) / 2, y0 + 14), zone["title"], 15, (150, 180, 220), True, "mm", width=x1 - x0 - 12)
        area = (x0 + 10, y0 + 32, x1 - 10, y1 - 10)
    else:
        fill, edge = {"sick_bay": (SICK_BAY, SICK_BAY_EDGE), "brig": (BRIG, BRIG_EDGE)}.get(kind, (ROOM, ROOM_EDGE))
        if zone["damaged"]:
            fill, edge = DAMAGED, DAMAGED_EDGE
        if c.base or zone["damaged"]:
            c.rect(box, fill=fill, outline=edge, width=2.5 if zone["damaged"] else 1.5, radius=8)
        if kind == "brig" and c.base:   # bars
            for k in range(6):
                bx = x1 - 14 - k * 9
                c.line(((bx, y0 + 5), (bx, y1 - 5)), (96, 84, 116), 2)
        if kind == "sick_bay" and c.base:   # a cross
            cx, cy = x1 - 22, (y0 + y1) / 2
            c.rect((cx - 3.5, cy - 11, cx + 3.5, cy + 11), fill=(84, 150, 128))
            c.rect((cx - 11, cy - 3.5, cx + 11, cy + 3.5), fill=(84, 150, 128))
        tall = y1 - y0 > 120   # the Bridge and the Boiler Room: the damage tag goes at the bottom
        title_width = (x1 - x0 - 20) if not zone["damaged"] or tall else (x1 - x0 - 110)
        c.text((x0 + 10, y0 + 7), zone["title"], 14, TEXT, True, "la", width=title_width)
        if zone["damaged"]:
            word = data["words"]["damaged"]
            f = font(11, True)
            w = min(f.getlength(drawable(word, f)) + 16, 100)
            ty = y1 - 24 if tall else y0 + 6
            c.rect((x1 - 8 - w, ty, x1 - 8, ty + 16), fill=DAMAGED_EDGE, radius=8)
            c.text((x1 - 8 - w / 2, ty + 8), word, 11, TEXT, True, "mm", width=w - 8)
            cx = x1 - 60 if not tall else x1 - 40   # cracks
            c.line(((cx, y1 - 6 - 20 * tall), (cx + 12, y1 - 22 - 20 * tall), (cx + 6, y1 - 30 - 20 * tall),
                    (cx + 20, y1 - 44 - 20 * tall)), DAMAGED_EDGE, 2)
        if kind in ("sick_bay", "brig"):
            area = (x0 + 10, y0 + 24, x1 - (40 if kind == "sick_bay" else 62), y1 - 4)
        else:
            area = (x0 + 10, y0 + 30, x1 - 10, y1 - 8)
    for kind_, payload, b in _place(zone, data, area):
        _draw_item(c, kind_, payload, b, data)


def _draw_ship(c: _Canvas, data: dict):
    hx0, hy0, hx1, hy1 = HULL_BOX
    mid = (hy0 + hy1) / 2
    if c.base:   # the sea; the hull: square stern on the left, a pointed bow on the right
        c.rect((8, WATER_PORT[0] - 6, WIDTH - 8, WATER_STARBOARD[1] + 6), fill=SEA, radius=18)
        c.polygon([(hx0, hy0 + 18), (hx0 + 18, hy0), (hx1, hy0), (BOW_TIP, mid), (hx1, hy1), (hx0 + 18, hy1),
               (hx0, hy1 - 18)], HULL_EDGE)
        c.polygon([(hx0 + 3, hy0 + 19), (hx0 + 19, hy0 + 3), (hx1 - 1, hy0 + 3), (BOW_TIP - 6, mid), (hx1 - 1, hy1 - 3),
               (hx0 + 19, hy1 - 3), (hx0 + 3, hy1 - 19)], HULL)
    for zid, zone in data["zones"].items():
        _draw_zone(c, zid, zone, data)
    # printed arrows: water → deck, deck → interior (Deep One movement)
    for zid, zone in data["zones"].items() if c.base else ():
        target = zone.get("arrow")
        if target not in BOXES or zone["kind"] not in ("water", "deck"):
            continue
        a, b = BOXES[zid], BOXES[target]
        cx = (max(a[0], b[0]) + min(a[2], b[2])) / 2
        if zone["kind"] == "deck" and target in ("bridge", "boiler_room"):
            cx = (a[0] + a[2]) / 2
        if a[3] <= b[1]:   # above: pointing down
            _chevron(c, cx + 60, (a[3] + b[1]) / 2, 0, 1, 5)
        else:
            _chevron(c, cx + 60, (a[1] + b[3]) / 2, 0, -1, 5)
    words = data["words"]
    c.text((BOW_TIP - 4, (HULL_BOX[1] + HULL_BOX[3]) / 2 + 26), words["bow"], 13, (200, 176, 136), True, "ra")
    c.text(((DEPTHS_BOX[0] + DEPTHS_BOX[2]) / 2, WATER_PORT[0] + 30), "← " + words["stern"], 13, (150, 190, 230),
           True, "mm")


def _draw_tracks(c: _Canvas, data: dict):
    x0, y0, x1 = 16, PANEL_Y, 556
    if c.base:
        c.rect((x0, y0, x1, HEIGHT - 12), fill=PANEL, outline=PANEL_EDGE, radius=12)
    for k, track in enumerate(data["tracks"]):
        ty = y0 + 14 + k * 86
        colour = TRACK_COLOURS.get(track["id"], TURN)
        c.text((x0 + 16, ty), track["name"], 15, TEXT, True, "la", width=300)
        n = max(track["spaces"], 2)
        left, right, cy = x0 + 44, x1 - 44, ty + 42
        step = (right - left) / (n - 1)
        if c.base:
            c.line(((left, cy), (right, cy)), (84, 88, 100), 4)
        for i in range(n):
            cx = left + i * step
            r = 15 if i in (0, n - 1) else 12
            here = i == track["at"] and not c.base
            if c.base or here:
                c.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour if here else (50, 54, 64),
                          outline=colour, width=2)
            if here:
                c.ellipse((cx - r - 5, cy - r - 5, cx + r + 5, cy + r + 5), outline=TEXT, width=2)
            if 0 < i < n - 1:
                c.text((cx, cy), str(i), 12, DARK_TEXT if here else MUTED, True, "mm")
        c.text((left, cy + 22), track["start"], 12, MUTED, False, "ma", width=120)
        c.text((right, cy + 22), track["end"], 12, colour, True, "ma", width=150)
    # the distance travelled
    dist = data["distance"]
    dy = y0 + 190
    c.text((x0 + 16, dy), dist["text"], 14, TEXT, True, "la", width=310)
    c.text((x1 - 16, dy + 1), dist["cards"], 12, MUTED, False, "ra", width=190)
    cells = max(dist["goal"], dist["value"])
    left, right = x0 + 16, x1 - 16
    w = (right - left) / cells
    by = dy + 24
    for i in range(cells):
        filled = i < dist["value"]
        if c.base == filled:
            continue
        c.rect((left + i * w + 1, by, left + (i + 1) * w - 1, by + 14),
               fill=(236, 190, 70) if filled else (50, 54, 64), radius=2)
    for mark, colour in ((dist["awakening"], (200, 90, 220)), (dist["goal"], (96, 200, 120))):
        mx = left + mark * w
        c.line(((mx, by - 5), (mx, by + 19)), colour, 2.5)
    mx = left + dist["awakening"] * w
    c.text((mx, by + 21), data["words"]["awakening"] + (" ✓" if dist["awakened"] else ""), 11, (214, 150, 236),
           False, "ma", width=140)
    c.text((left + dist["goal"] * w, by + 21), str(dist["goal"]), 11, (140, 220, 150), True, "ra")


def _draw_dials(c: _Canvas, data: dict):
    x0, y0, x1 = 566, PANEL_Y, 930
    if c.base:
        c.rect((x0, y0, x1, HEIGHT - 12), fill=PANEL, outline=PANEL_EDGE, radius=12)
    n = len(data["dials"]) or 1
    step = (x1 - x0) / n
    maximum = data["maximum"] or 10
    for i, dial in enumerate(data["dials"]):
        cx, cy, r = x0 + step * (i + 0.5), y0 + 62, 36
        colour = RESOURCE_COLOURS.get(dial["id"], TURN)
        if c.base:
            c.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(40, 43, 50), outline=(70, 74, 86), width=2)
            c.arc((cx - r + 4, cy - r + 4, cx + r - 4, cy + r - 4), 0, 360, (58, 62, 72), 7)
        share = max(0, min(dial["value"], maximum)) / maximum
        if share and not c.base:
            c.arc((cx - r + 4, cy - r + 4, cx + r - 4, cy + r - 4), -90, -90 + 360 * share, colour, 7)
        for k in range(maximum if c.base else 0):   # ticks
            a = -math.pi / 2 + 2 * math.pi * k / maximum
            c.line(((cx + (r - 1) * math.cos(a), cy + (r - 1) * math.sin(a)),
                    (cx + (r + 3) * math.cos(a), cy + (r + 3) * math.sin(a))), (110, 116, 128), 1)
        low = dial["value"] <= 2
        c.text((cx, cy), str(dial["value"]), 26, TRAITOR if low else TEXT, True, "mm")
        c.text((cx, cy + r + 14), dial["name"], 13, colour, True, "mm", width=step - 8)
    c.text(((x0 + x1) / 2, y0 + 136), data["words"]["dial_max"], 11, MUTED, False, "mm")
    # the key to the tokens
    ky, ky2 = y0 + 168, y0 + 198
    if c.base:
        c.ellipse((x0 + 16, ky, x0 + 36, ky + 20), fill=DEEP_ONE, outline=(140, 226, 236), width=1.5)
        c.rect((x0 + 174, ky, x0 + 189, ky + 20), fill=(70, 66, 60), outline=PASSENGER, width=1.5, radius=3)
        star(c, x0 + 26, ky2 + 10, 8, WIN)
        _book(c, x0 + 181, ky2 + 10, 7, (214, 176, 255))
    c.text((x0 + 42, ky + 10), data["words"]["key_deep_one"], 12, MUTED, False, "lm", width=120)
    c.text((x0 + 181.5, ky + 10), "?", 11, PASSENGER, True, "mm")
    c.text((x0 + 195, ky + 10), data["words"]["key_passenger"], 12, MUTED, False, "lm", width=165)
    c.text((x0 + 42, ky2 + 10), data["titles"].get("captain", ""), 12, MUTED, False, "lm", width=120)
    c.text((x0 + 195, ky2 + 10), data["titles"].get("keeper_of_the_tome", ""), 12, MUTED, False, "lm", width=165)


def _draw_crew(c: _Canvas, data: dict):
    x0, y0, x1 = 940, PANEL_Y, WIDTH - 16
    if c.base:
        c.rect((x0, y0, x1, HEIGHT - 12), fill=PANEL, outline=PANEL_EDGE, radius=12)
        return
    c.text((x0 + 14, y0 + 10), data["words"]["crew"], 14, MUTED, True, "la", width=200)
    rows = data["players"]
    row_h = min(40, (HEIGHT - 12 - y0 - 36) / max(len(rows), 1))
    for i, p in enumerate(rows):
        ry = y0 + 34 + i * row_h
        colour = PLAYER_COLOURS[p["colour"]]
        if p["turn"]:
            c.rect((x0 + 6, ry - 2, x1 - 6, ry + row_h - 3), fill=(64, 54, 30), radius=6)
        if p["winner"]:
            c.ellipse((x0 + 9, ry, x0 + 43, ry + 34), fill=WIN)
        c.ellipse((x0 + 12, ry + 3, x0 + 40, ry + 31), fill=colour,
                  outline=TRAITOR if p["traitor"] else (20, 20, 24), width=3 if p["traitor"] else 1)
        c.text((x0 + 26, ry + 17), p["initials"], 11, contrast(colour), True, "mm", width=26)
        right = x1 - 10
        for title in reversed(p["titles"]):
            _title_icon(c, title, right - 7, ry + 10, 7)
            right -= 18
        c.text((x0 + 48, ry + 1), p["name"], 14, TURN if p["turn"] else TEXT, True, "la", width=right - x0 - 52)
        tag, tag_colour = None, MUTED
        if p["loyalty"]:
            tag = ", ".join(word for _, word in p["loyalty"])
            tag_colour = TRAITOR if any(card != "human" for card, _ in p["loyalty"]) else LOYALTY_COLOURS["human"]
        elif p["traitor"]:
            tag, tag_colour = p["traitor"], TRAITOR
        if p["winner"]:
            tag = f"{tag} · {data['words']['winner']}" if tag else data["words"]["winner"]
            tag_colour = WIN
        second = p["character"]
        if tag:
            w = c.text((x1 - 10, ry + 20), tag, 11, tag_colour, True, "ra", width=150)
            c.text((x0 + 48, ry + 20), second, 11, MUTED, False, "la", width=x1 - x0 - 64 - w)
        else:
            c.text((x0 + 48, ry + 20), second, 11, MUTED, False, "la", width=x1 - x0 - 60)


def _draw_header(c: _Canvas, data: dict):
    c.text((20, 12), data["title"], 24, TEXT, True, "la", width=760)
    if data["subtitle"]:
        c.text((20, 40), data["subtitle"], 13, WIN, True, "la", width=800)
    c.text((WIDTH - 20, 20), data["supply"], 13, MUTED, False, "ra", width=440)


def _draw(c: _Canvas, data: dict) -> None:
    _draw_ship(c, data)
    _draw_tracks(c, data)
    _draw_dials(c, data)
    _draw_crew(c, data)
    _draw_header(c, data)


def _calibration_view() -> dict:
    """A made-up table with every colour the picture uses (for the fixed palette)."""
    seats = [f"p{i}" for i in range(1, 7)]
    chars = ["keilani", "arjun", "svetlana", "jeanne", "jamie", "william"]
    zones = ["d1", "bridge", "galley", "brig", "sick_bay", "d8"]
    return {
        "seats": seats, "characters": dict(zip(seats, chars)), "zone_of": dict(zip(seats, zones)),
        "titles": {"captain": "p1", "keeper_of_the_tome": "p2"}, "revealed": {"p3": "hybrid", "p4": "cultist"},
        "turn": {"player": "p1", "number": 1}, "monarchs": {"mother_hydra": "w1", "father_dagon": "w2"},
        "deep_ones": {"w1": 2, "d2": 1, "chapel": 3, "depths": 2}, "passengers": {"d1": 2, "d3": 5},
        "damage": {"chapel": "x", "boiler_room": "x"}, "tracks": {"journey": 2, "ritual": 1}, "distance": 7,
        "awakened": True, "resources": {"fuel": 1, "food": 4, "sanity": 7, "souls": 10},
    }


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """A fixed 256-colour palette, from pictures that show every colour: quantizing to a fixed
    palette costs a fraction of computing one per picture."""
    view = _calibration_view()
    over = dict(view, result={"team": "traitors", "reason": "resource_depleted", "winners": ["p3"],
                              "loyalty": {"p1": ["human"], "p2": ["human"], "p3": ["hybrid"], "p4": ["cultist"],
                                          "p5": ["human"], "p6": ["human"]}})
    return palette_from([_Canvas.picture(picture_data(v, {}, "en")) for v in (view, over)])


def render(data: dict) -> bytes:
    """The PNG (:data:`WIDTH` x :data:`HEIGHT`) of :func:`picture_data`'s output."""
    return encode_png(_Canvas.picture(data), _palette())


def public_view(state: dict) -> dict:
    """The only thing the picture reads of a game: its public table."""
    from engine.registry import rules_for
    return rules_for(GAME).view(state, None)


# The last pictures drawn, by the digest of what they show: the table message is refreshed
# whenever its text changes (who is waited for, a window passed), and most such refreshes show
# the same ship; drawing it again costs ~50 ms a click. Bounded; filled from worker threads.
PICTURE_CACHE = 64
_drawn = DrawnCache(PICTURE_CACHE)


def table_picture(state: dict, names: dict, lang: str) -> bytes:
    """The ship and the sea as a PNG, from the public view of ``state`` only (drawn once for
    each distinct picture among the last :data:`PICTURE_CACHE`)."""
    return _drawn.picture(picture_data(public_view(state), names, lang), render)


def table_digest(state: dict, names: dict, lang: str) -> str:
    """Changes exactly when the picture would look different (it hashes what is drawn)."""
    return digest(picture_data(public_view(state), names, lang))
