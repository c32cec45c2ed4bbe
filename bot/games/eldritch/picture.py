"""A picture of Eldritch Horror's table: the world map and the tracks, as a PNG.

``table_picture(state, names, lang)`` draws, from the engine's **public view only**
(``rules_for("eldritch").view(state, None)``; nothing else of ``state`` is read):

* a schematic world map (continents as soft shapes, the Pacific edge on both sides) with the 36
  spaces of ``data/eldritch/map.yaml`` at plausible places: cities, wilderness and sea spaces
  as circles of their type's colour, the numbered spaces with their number, the named ones with
  their name in the guild's language, expedition sites marked; the 58 paths styled by kind
  (train: a dark railway with ties, ship: a dashed blue lane, uncharted: a dotted trail; the
  Pacific paths run off one edge and on at the other);
* on each space: the investigators (a colour per player, the investigator's initials, a gold ring
  on the one acting), a defeated investigator's figure (grey), the monsters (the name of a lone
  monster, else their count; epic monsters in gold), an open gate (a ring in its omen colour),
  clues (with their count), Eldritch tokens, the rumor token, the Active Expedition token and
  the mystery token;
* the doom track (0–20, the token, the Ancient One's starting doom), the omen track (4 spaces,
  the omen token, Eldritch tokens on it), the gate stack / monster cup / clue pool counts;
* the active mystery (or the final mystery) and its progress toward its target, the mysteries
  solved of those needed, the rumors in play with their Eldritch tokens and space, the reserve;
* the investigators: the member's display name, the investigator, health, sanity, clues, the
  Lead Investigator, whose action it is, defeated / eliminated / delayed; the Ancient One's name
  (and whether it is awakened); once the game is over, who won.

Every word is a content name in the guild's language (spaces, monsters, the Ancient One,
mysteries, mythos cards, assets, investigators) or a catalog message under
``eldritch.picture.*`` (English defaults in :data:`DEFAULT_LABELS` when a catalog lacks it).

:func:`picture_data` extracts exactly what is drawn (already in words); the PNG is drawn from it
alone and :func:`table_digest` hashes it, so the digest changes exactly when the picture would.
Fonts, the Cyrillic fallback, the canvas, the words and the PNG encoding are
:mod:`bot.games.picture_kit`'s; the fixed parts (the map, the paths, the empty spaces, the
panels) are drawn once and cached.
"""
from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from bot.games.picture_kit import (BG, DARK_TEXT, MUTED, PANEL, PANEL_EDGE, PLAYER_COLOURS, SCALE, TEXT, TURN, WIN,
                                   Canvas, DrawnCache, Words, contrast, digest, drawable, encode_png,
                                   font, initials, palette_from, star)
from bot.games.picture_kit import content_name as _name

GAME = "eldritch"
WIDTH, HEIGHT = 1280, 960

DEFAULT_LABELS: dict[str, str] = {
    "setup": "Setting up",
    "round": "Round {round} · {phase}",
    "phase_setup": "Setup",
    "phase_action": "Action phase",
    "phase_encounter": "Encounter phase",
    "phase_mythos": "Mythos phase",
    "active": "Acting: {name}",
    "game_over": "Game over",
    "winner_investigators": "The investigators win",
    "winner_ancient_one": "The Ancient One wins",
    "awakened": "Awakened",
    "doom": "Doom",
    "omen": "Omen",
    "omen_green": "Green",
    "omen_blue": "Blue",
    "omen_red": "Red",
    "mystery": "Mystery",
    "final_mystery": "Final mystery",
    "no_mystery": "No active mystery",
    "progress": "Progress {have} of {need}",
    "solved": "Mysteries solved: {count} of {needed}",
    "reserve": "Reserve",
    "rumors": "Rumors",
    "expedition": "Expedition",
    "investigators": "Investigators",
    "eliminated": "Eliminated",
    "defeated": "Defeated",
    "devoured": "Devoured",
    "delayed": "Delayed",
    "gates": "Gates",
    "clues": "Clues",
    "health": "Health",
    "sanity": "Sanity",
    "figure": "Defeated",
    "monsters": "Monsters",
    "eldritch": "Eldritch",
    "ship": "Ship",
    "train": "Train",
    "uncharted": "Uncharted",
    "stacks": "Gate stack {gates} · cup {cup} · clue pool {clues}",
}

# ---------------------------------------------------------------- colours (and the kit's: BG, TEXT, MUTED...)
OCEAN = (24, 46, 70)
OCEAN_EDGE = (52, 86, 118)
LAND = (70, 84, 60)
ICE = (150, 166, 176)
CITY = (226, 210, 172)
CITY_EDGE = (120, 96, 60)
WILD = (104, 146, 84)
WILD_EDGE = (50, 80, 40)
SEA = (66, 126, 186)
SEA_EDGE = (170, 210, 240)
TRAIN = (44, 34, 28)
TRAIN_TIE = (150, 120, 90)
SHIP = (126, 184, 236)
UNCHARTED = (222, 196, 120)
LABEL_BG = (16, 18, 22)
MONSTER = (150, 36, 40)
MONSTER_EDGE = (240, 110, 100)
EPIC = (200, 150, 30)
CLUE = (250, 214, 80)
ELDRITCH = (66, 200, 180)
RUMOR = (176, 96, 220)
EXPEDITION = (240, 140, 50)
MYSTERY_TOKEN = (230, 230, 240)
FIGURE = (120, 124, 132)
HEALTH = (226, 78, 72)
SANITY = (92, 140, 240)
DOOM = (200, 50, 50)
OMEN_COLOURS = {"green": (76, 176, 92), "blue": (70, 126, 230), "red": (220, 70, 60)}

# ---------------------------------------------------------------- the map's geometry
MAP_BOX = (10, 46, WIDTH - 10, 646)
PANEL_Y = 656

# Where each space sits (pixels): the board's layout, the Americas on the left, Europe and Africa
# in the middle, Asia and Australia on the right; the Pacific edge on both sides.
SPACES: dict[str, tuple[int, int]] = {
    "space_1": (92, 112), "space_4": (214, 128), "space_9": (420, 88), "san_francisco": (122, 228),
    "space_5": (250, 206), "arkham": (362, 196), "space_6": (232, 292), "space_2": (48, 318),
    "space_7": (292, 372), "space_8": (420, 300), "amazon": (392, 452), "buenos_aires": (366, 560),
    "space_3": (112, 548), "space_12": (476, 608), "space_11": (556, 520), "london": (566, 168),
    "space_13": (706, 84), "space_14": (664, 150), "rome": (618, 246), "istanbul": (724, 232),
    "space_10": (520, 356), "pyramids": (700, 320), "heart_of_africa": (690, 436),
    "space_15": (640, 540), "antarctica": (808, 618), "space_18": (868, 552), "space_16": (856, 156),
    "tunguska": (970, 112), "space_19": (1160, 96), "himalayas": (896, 284), "space_17": (818, 364),
    "shanghai": (1028, 276), "tokyo": (1150, 248), "space_20": (1036, 420), "space_21": (1070, 526),
    "sydney": (1170, 560),
}
RADIUS = {"city": 14, "wilderness": 12, "sea": 12}

# Soft continents (polygons), drawn once.
CONTINENTS = (
    # North America
    ((40, 80), (150, 64), (300, 70), (360, 110), (400, 150), (396, 200), (352, 250), (300, 300), (270, 340),
     (300, 360), (270, 380), (230, 350), (180, 300), (130, 270), (96, 220), (70, 150)),
    # Greenland
    ((380, 60), (470, 56), (470, 110), (430, 128), (396, 100)),
    # South America
    ((300, 380), (360, 390), (440, 420), (450, 470), (410, 520), (380, 580), (360, 620), (340, 600), (340, 520),
     (320, 470), (300, 420)),
    # Europe
    ((540, 150), (580, 110), (640, 96), (700, 110), (760, 130), (780, 200), (740, 250), (690, 270), (650, 280),
     (600, 270), (580, 230), (560, 200)),
    # Africa
    ((520, 300), (580, 290), (660, 290), (740, 300), (760, 360), (740, 430), (710, 500), (670, 560), (640, 570),
     (620, 520), (600, 450), (560, 410), (510, 380)),
    # Asia
    ((760, 110), (860, 90), (980, 70), (1120, 66), (1220, 80), (1220, 140), (1180, 200), (1120, 230), (1090, 290),
     (1040, 330), (980, 330), (930, 350), (860, 400), (820, 400), (790, 340), (760, 280), (780, 200)),
    # Indonesia
    ((990, 400), (1060, 396), (1090, 420), (1040, 440), (1000, 430)),
    # Australia
    ((1010, 490), (1080, 470), (1160, 480), (1210, 520), (1200, 580), (1140, 600), (1060, 580), (1010, 540)),
)
ANTARCTICA = ((120, 640), (400, 632), (700, 626), (900, 630), (1200, 636), (1200, 646), (120, 646))


# ---------------------------------------------------------------- words
@lru_cache(maxsize=1)
def _rules():
    from engine.registry import rules_for
    return rules_for(GAME)


def _pack():
    return _rules().pack


@lru_cache(maxsize=1)
def _content() -> dict:
    """Ids to content entries, once."""
    pack = _pack()
    return {
        "spaces": {sp.id: sp for sp in pack.map.spaces},
        "paths": [(p.a, p.b, p.kind, p.wraps) for p in pack.map.paths],
        "omen_track": [o.omen for o in sorted(pack.map.omen_track, key=lambda o: o.index)],
        "doom_top": pack.map.doom_track.top,
        "monsters": {m.id: m for m in pack.monsters.monsters},
        "ancient_ones": {a.id: a for a in pack.ancient_ones.ancient_ones},
        "mythos": {m.id: m for m in pack.mythos.mythos},
        "assets": {a.id: a for a in pack.assets.assets},
        "investigators": {i.id: i for i in pack.investigators.investigators},
    }


_words = Words(GAME, DEFAULT_LABELS)
_labels, _say = _words.labels, _words.say


def _amount(target, investigators: int) -> int | None:
    """A mystery's progress target (an Amount of the content dialect) for this many investigators."""
    if target is None:
        return None
    if isinstance(target, bool):
        return None
    if isinstance(target, int):
        return target
    if isinstance(target, dict):
        of = target.get("of")
        if of == "investigators":
            value = investigators
        elif of == "half_investigators":
            value = (investigators + 1) // 2
        elif isinstance(target.get("count"), int):
            value = target["count"]
        else:
            return None
        value = value * int(target.get("times", 1) or 1) + int(target.get("plus", 0) or 0)
        return max(value, 0)
    return None


def _mystery_data(card: dict | None, entry, labels, lang, investigators: int, final: bool) -> dict | None:
    if not card:
        return None
    progress = getattr(entry, "progress", None)
    what = getattr(progress, "what", "none") if progress else "none"
    have = {"eldritch": int(card.get("eldritch") or 0), "clues": len(card.get("clues") or []),
            "gates": len(card.get("gates") or []),
            "monster_toughness": sum(int(t or 0) for t in (card.get("toughness") or []))}.get(what)
    need = _amount(getattr(progress, "target", None), investigators) if what != "none" else None
    return {
        "id": card.get("id"), "final": final,
        "title": _say(labels, "final_mystery" if final else "mystery"),
        "name": _name(entry.name, lang) if entry is not None else str(card.get("id")),
        "what": what, "have": have, "need": need,
        "text": _say(labels, "progress", have=have, need=need) if have is not None and need else None,
        "health": int(card.get("health") or 0),
    }


# ---------------------------------------------------------------- what is drawn
def picture_data(view: dict, names: dict | None, lang: str) -> dict:
    """Everything the picture shows, in words and numbers, from the public view: the picture is
    drawn from this alone and the digest hashes it."""
    content = _content()
    labels = _labels(lang)
    names = names or {}
    invs = list(view.get("investigators") or [])

    # players: a colour per member, in the order they first appear (seat order)
    players: list[str] = []
    for i in invs:
        if i.get("player") not in players:
            players.append(i.get("player"))
    active = view.get("active") if not view.get("result") else None
    investigators = []
    for i in invs:
        entry = content["investigators"].get(i.get("id"))
        inv_name = _name(entry.name, lang) if entry else str(i.get("id"))
        pid = i.get("player")
        status = i.get("status") or "active"
        investigators.append({
            "id": i.get("id"), "name": inv_name, "initials": initials(inv_name),
            "player": str(names.get(pid) or pid or ""), "colour": players.index(pid) % len(PLAYER_COLOURS),
            "space": i.get("space"), "status": status,
            "status_word": _say(labels, status) if status in ("eliminated", "defeated", "devoured") else None,
            "delayed": _say(labels, "delayed") if i.get("delayed") else None,
            "health": [int(i.get("health") or 0), int(i.get("max_health") or 0)],
            "sanity": [int(i.get("sanity") or 0), int(i.get("max_sanity") or 0)],
            "clues": int(i.get("clues") or 0), "lead": bool(i.get("lead")), "turn": i.get("id") == active,
        })
    by_id = {i["id"]: i for i in investigators}

    # the spaces and what lies on them
    spaces = {}
    for sid in SPACES:
        sp = content["spaces"].get(sid)
        if sp is None:
            continue
        spaces[sid] = {
            "type": sp.type, "number": sp.number, "name": None if sp.number else _name(sp.name, lang),
            "expedition_site": bool(sp.expedition), "gate": None, "clues": 0, "eldritch": 0,
            "monsters": [], "investigators": [], "figures": [], "rumor": None, "expedition": False,
            "mystery_token": False,
        }
    for i in investigators:
        if i["space"] in spaces and i["status"] == "active":
            spaces[i["space"]]["investigators"].append(i["id"])
    for f in view.get("figures") or []:
        if f.get("space") in spaces:
            entry = content["investigators"].get(f.get("inv"))
            spaces[f["space"]]["figures"].append(
                {"initials": initials(_name(entry.name, lang) if entry else str(f.get("inv"))),
                 "token": f.get("token")})
    for sid in view.get("gates") or []:
        if sid in spaces:
            spaces[sid]["gate"] = getattr(content["spaces"][sid], "gate", None) or "none"
    for sid, n in (view.get("clues") or {}).items():
        if sid in spaces:
            spaces[sid]["clues"] = int(n or 0)
    for sid, n in (view.get("eldritch") or {}).items():
        if sid in spaces:
            spaces[sid]["eldritch"] = int(n or 0)
    for uid in sorted(view.get("monsters") or {}, key=lambda u: (len(str(u)), str(u))):
        m = view["monsters"][uid]
        if m.get("space") in spaces:
            entry = content["monsters"].get(m.get("kind"))
            spaces[m["space"]]["monsters"].append(
                {"name": _name(entry.name, lang) if entry else str(m.get("kind")),
                 "epic": bool(getattr(entry, "epic", False))})
    mythos = content["mythos"]
    in_play = {m.get("id"): m for m in (view.get("mythos") or {}).get("in_play") or []}
    for card, sid in sorted((view.get("rumor_tokens") or {}).items()):
        if sid in spaces:
            entry = mythos.get(card)
            spaces[sid]["rumor"] = _name(entry.name, lang) if entry else str(card)
    if view.get("expedition") in spaces:
        spaces[view["expedition"]]["expedition"] = True
    if view.get("mystery_token") in spaces:
        spaces[view["mystery_token"]]["mystery_token"] = True

    # the tracks, the mystery, the rumors, the reserve
    ao = content["ancient_ones"].get(view.get("ancient_one"))
    counted = sum(1 for i in investigators if i["status"] == "active") or len(investigators)
    mystery = final = None
    if ao is not None:
        entries = {m.id: m for m in ao.mysteries}
        card = view.get("mystery")
        mystery = _mystery_data(card, entries.get((card or {}).get("id")), labels, lang, counted, False)
        final = _mystery_data(view.get("final"), ao.final_mystery, labels, lang, counted, True)
    rumors = []
    for cid, m in in_play.items():
        entry = mythos.get(cid)
        if not (m.get("rumor") or (entry is not None and getattr(entry, "trait", "") == "rumor")):
            continue
        sid = (view.get("rumor_tokens") or {}).get(cid)
        sp = content["spaces"].get(sid)
        rumors.append({"name": _name(entry.name, lang) if entry else str(cid), "eldritch": int(m.get("eldritch") or 0),
                       "space": (str(sp.number) if sp is not None and sp.number else _name(sp.name, lang))
                       if sp is not None else None})
    reserve = [(_name(content["assets"][a].name, lang) if a in content["assets"] else str(a))
               for a in view.get("reserve") or []]
    track = content["omen_track"]
    omen = view.get("omen")
    omen_index = view.get("omen_index")
    if not isinstance(omen_index, int) or not 0 <= omen_index < len(track):
        omen_index = track.index(omen) if omen in track else None

    result = view.get("result")
    phase = view.get("phase") or "setup"
    if result:
        title = _say(labels, "game_over")
        winner = result.get("winner")
        subtitle = _say(labels, f"winner_{winner}") if winner in ("investigators", "ancient_one") else None
    elif phase == "setup" or not view.get("round"):
        title, subtitle = _say(labels, "setup"), None
    else:
        title = _say(labels, "round", round=view.get("round"), phase=_say(labels, f"phase_{phase}"))
        who = by_id.get(active)
        subtitle = _say(labels, "active", name=f"{who['player']} · {who['name']}") if who else None

    return {
        "lang": lang, "title": title, "subtitle": subtitle, "over": bool(result),
        "winner": (result or {}).get("winner"),
        "ancient_one": _name(ao.name, lang) if ao is not None else str(view.get("ancient_one") or ""),
        "awakened": _say(labels, "awakened") if view.get("awakened") else None,
        "ao_tokens": {k: int(v or 0) for k, v in sorted((view.get("ao_tokens") or {}).items()) if v},
        "doom": int(view.get("doom") or 0), "doom_start": int(ao.doom) if ao is not None else None,
        "doom_top": content["doom_top"],
        "omen_track": track, "omen_index": omen_index, "omen_eldritch": int(view.get("omen_eldritch") or 0),
        "stacks": _say(labels, "stacks", gates=view.get("gate_stack", 0), cup=view.get("cup", 0),
                       clues=view.get("clue_pool", 0)),
        "mystery": mystery, "final": final,
        "solved": _say(labels, "solved", count=len(view.get("solved") or []),
                       needed=ao.mysteries_to_win if ao is not None else "?"),
        "rumors": rumors, "reserve": reserve, "investigators": investigators, "spaces": spaces,
        "words": {k: _say(labels, k) for k in ("doom", "omen", "reserve", "rumors", "investigators", "no_mystery",
                                                "ship", "train", "uncharted", "gates", "clues", "monsters",
                                                "eldritch", "expedition", "mystery", "health", "sanity",
                                                "figure")},
    }


# ---------------------------------------------------------------- drawing
class _Canvas(Canvas):
    """The map's canvas (:class:`bot.games.picture_kit.Canvas`): its base holds what never changes
    (the map, the paths, the empty spaces, the panels). The space labels, which never change for
    a language, are cached as a text list too."""

    size, background = (WIDTH, HEIGHT), BG

    def paint(self, data: dict) -> None:
        _draw(self, data)

    @staticmethod
    def empty_data() -> dict:
        return picture_data({}, {}, "en")


def _dashed(c: _Canvas, a, b, fill, width, dash, gap):
    (x0, y0), (x1, y1) = a, b
    length = math.hypot(x1 - x0, y1 - y0)
    if not length:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    t = 0.0
    while t < length:
        e = min(t + dash, length)
        c.line(((x0 + ux * t, y0 + uy * t), (x0 + ux * e, y0 + uy * e)), fill, width)
        t = e + gap


def _path(c: _Canvas, a, b, kind):
    if kind == "train":
        c.line((a, b), TRAIN, 4)
        (x0, y0), (x1, y1) = a, b
        length = math.hypot(x1 - x0, y1 - y0) or 1
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        t = 8.0
        while t < length - 6:
            px, py = x0 + ux * t, y0 + uy * t
            c.line(((px - uy * 4, py + ux * 4), (px + uy * 4, py - ux * 4)), TRAIN_TIE, 1.5)
            t += 9
    elif kind == "ship":
        _dashed(c, a, b, SHIP, 2, 7, 5)
    else:
        _dashed(c, a, b, UNCHARTED, 2.2, 2.5, 5)


def _edge_stub(c: _Canvas, p, side: int, kind: str):
    """A wrapping path: from the space to the map's edge (side -1 left, +1 right), with an arrow."""
    x, y = p
    edge = MAP_BOX[0] + 4 if side < 0 else MAP_BOX[2] - 4
    _path(c, (x, y), (edge, y), kind)
    c.polygon([(edge, y), (edge - side * 9, y - 5), (edge - side * 9, y + 5)], SHIP)


def _draw_map(c: _Canvas, data: dict):
    if not c.base:
        return
    x0, y0, x1, y1 = MAP_BOX
    c.rect(MAP_BOX, fill=OCEAN, outline=OCEAN_EDGE, width=2, radius=14)
    # soft continents: a blurred mask, once
    mask = Image.new("L", c.image.size, 0)
    md = ImageDraw.Draw(mask)
    for shape in CONTINENTS:
        md.polygon([tuple(c.s(p)) for p in shape], fill=255)
    mask = mask.filter(ImageFilter.GaussianBlur(10 * SCALE))
    land = Image.new("RGB", c.image.size, LAND)
    c.image.paste(land, (0, 0), mask)
    ice = Image.new("L", c.image.size, 0)
    ImageDraw.Draw(ice).polygon([tuple(c.s(p)) for p in ANTARCTICA], fill=200)
    c.image.paste(Image.new("RGB", c.image.size, ICE), (0, 0), ice.filter(ImageFilter.GaussianBlur(6 * SCALE)))
    c.draw = ImageDraw.Draw(c.image)
    # the board's edge lines (the Pacific)
    for x in (x0 + 2, x1 - 2):
        _dashed(c, (x, y0 + 12), (x, y1 - 12), (70, 110, 150), 1, 4, 6)
    # the paths
    content = _content()
    for a, b, kind, wraps in content["paths"]:
        if a not in SPACES or b not in SPACES:
            continue
        pa, pb = SPACES[a], SPACES[b]
        if wraps:
            left, right = (pa, pb) if pa[0] < pb[0] else (pb, pa)
            _edge_stub(c, left, -1, kind)
            _edge_stub(c, right, 1, kind)
        else:
            _path(c, pa, pb, kind)
    # the empty spaces
    for sid, sp in data["spaces"].items():
        cx, cy = SPACES[sid]
        r = RADIUS.get(sp["type"], 12)
        fill, edge = {"city": (CITY, CITY_EDGE), "wilderness": (WILD, WILD_EDGE)}.get(sp["type"], (SEA, SEA_EDGE))
        c.circle(cx, cy, r + 1.5, fill=(14, 16, 20))
        c.circle(cx, cy, r, fill=fill, outline=edge, width=2)
        if sp["expedition_site"]:   # a small compass rose
            c.polygon([(cx, cy - r + 2), (cx + 3, cy), (cx, cy + r - 2), (cx - 3, cy)], EXPEDITION)


def _space_labels(data: dict) -> list[tuple]:
    """(xy, text, size, colour, bold, anchor, width) of every space's number or name."""
    out = []
    for sid, sp in data["spaces"].items():
        cx, cy = SPACES[sid]
        r = RADIUS.get(sp["type"], 12)
        if sp["number"]:
            colour = DARK_TEXT if sp["type"] == "city" else TEXT
            out.append(((cx, cy), str(sp["number"]), 12, colour, True, "mm", None))
        else:
            out.append(((cx, cy + r + 3), sp["name"], 11, TEXT, True, "ma", 120))
    return out


def _monster_tag(c: _Canvas, x, y, monsters: list[dict], left_gap: float = 0):
    """A lone monster's name, else the count; epic monsters golden."""
    epic = any(m["epic"] for m in monsters)
    edge = EPIC if epic else MONSTER_EDGE
    f = font(10, True)
    if len(monsters) == 1:
        text = drawable(monsters[0]["name"], f)   # in full: a name cut short names nobody
    else:
        text = f"×{len(monsters)}"
    w = f.getlength(text) + 22
    if x + w > MAP_BOX[2] - 4:   # at the board's right edge: to the left of the space
        x = max(MAP_BOX[0] + 4, x - w - 2 * left_gap)
    c.rect((x, y - 8, x + w, y + 8), fill=MONSTER if not epic else (110, 76, 10), outline=edge, width=1.2, radius=8)
    # a small claw mark
    for k in range(3):
        c.line(((x + 4 + k * 3, y - 4), (x + 7 + k * 3, y + 4)), edge, 1.2)
    c.text((x + 17, y), text, 10, TEXT, True, "lm")
    return w


def _draw_space(c: _Canvas, sid: str, sp: dict, data: dict):
    cx, cy = SPACES[sid]
    r = RADIUS.get(sp["type"], 12)
    if sp["gate"]:   # an open gate: a swirl ring of its omen colour
        colour = OMEN_COLOURS.get(sp["gate"], (200, 200, 200))
        c.circle(cx, cy, r + 6, outline=colour, width=4)
        c.arc((cx - r - 10, cy - r - 10, cx + r + 10, cy + r + 10), 200, 320, colour, 2)
        c.arc((cx - r - 10, cy - r - 10, cx + r + 10, cy + r + 10), 20, 140, colour, 2)
    # investigators: discs in a row above the space
    tokens = [("inv", data["inv_by_id"][i]) for i in sp["investigators"] if i in data["inv_by_id"]]
    tokens += [("figure", f) for f in sp["figures"]]
    if tokens:
        n = len(tokens)
        tr = 11
        step = min(2 * tr + 2, 120 / max(n, 1))
        left = cx - step * (n - 1) / 2
        ty = cy - r - tr - 3
        for k, (kind, t) in enumerate(tokens):
            tx = left + k * step
            if kind == "inv":
                colour = PLAYER_COLOURS[t["colour"]]
                if t["turn"]:
                    c.circle(tx, ty, tr + 3, fill=TURN)
                c.circle(tx, ty, tr, fill=colour, outline=(16, 16, 20), width=1.2)
                c.text((tx, ty), t["initials"], 10, contrast(colour), True, "mm")
            else:
                c.circle(tx, ty, tr, fill=FIGURE, outline=HEALTH if t["token"] == "health" else SANITY, width=2)
                c.text((tx, ty), t["initials"], 10, DARK_TEXT, True, "mm")
    # monsters: a tag to the right
    if sp["monsters"]:
        _monster_tag(c, cx + r + 4, cy, sp["monsters"], r + 4)
    # clues: a yellow diamond at the lower left, Eldritch tokens at the lower right
    if sp["clues"]:
        dx, dy = cx - r - 5, cy + r - 2
        c.polygon([(dx, dy - 7), (dx + 6, dy), (dx, dy + 7), (dx - 6, dy)], CLUE, outline=(120, 90, 10))
        if sp["clues"] > 1:
            c.text((dx - 8, dy), str(sp["clues"]), 10, CLUE, True, "rm")
    if sp["eldritch"]:
        ex, ey = cx + r + 2, cy + r + 2
        c.circle(ex, ey, 6, fill=ELDRITCH, outline=(10, 60, 56), width=1)
        c.text((ex, ey), str(sp["eldritch"]), 9, DARK_TEXT, True, "mm")
    # rumor, expedition, mystery tokens: on the left side
    lx = cx - r - 6
    if sp["rumor"]:
        hx, hy = lx - 2, cy - 6
        c.polygon([(hx + 6 * math.cos(a), hy + 6 * math.sin(a)) for a in (k * math.pi / 3 for k in range(6))],
                  RUMOR, outline=(240, 200, 255))
        c.text((hx, hy), "R", 8, TEXT, True, "mm")
        lx -= 14
    if sp["expedition"]:
        fx, fy = lx - 2, cy - 2
        c.line(((fx - 4, fy - 9), (fx - 4, fy + 8)), TEXT, 1.5)
        c.polygon([(fx - 4, fy - 9), (fx + 7, fy - 5), (fx - 4, fy - 1)], EXPEDITION)
        lx -= 14
    if sp["mystery_token"]:
        star(c, lx - 2, cy + 2, 7, MYSTERY_TOKEN)


def _draw_legend(c: _Canvas, data: dict):
    """The key to every symbol on the map, in its lower left corner: the three paths, then each
    token as the map draws it (issue 20: a legend for every symbol)."""
    x, y, col = 22, 572, 96
    if c.base:
        c.rect((x - 6, y - 8, x + 3 * col - 4, y + 64), fill=(16, 30, 46), outline=OCEAN_EDGE, radius=6)
    words = data["words"]
    for k, kind in enumerate(("train", "ship", "uncharted")):
        ly = y + k * 15
        if c.base:
            _path(c, (x, ly + 1), (x + 24, ly + 1), kind)
        c.text((x + 30, ly + 1), words[kind], 10, MUTED, False, "lm", width=col - 34)
    symbols = ("clues", "gates", "monsters", "eldritch", "rumors", "expedition", "mystery", "figure")
    for k, key in enumerate(symbols):
        sx, sy = x + col * (1 + k // 4) + 6, y + (k % 4) * 15 + 1
        if c.base:
            _legend_symbol(c, key, sx, sy)
        c.text((sx + 12, sy), words[key], 10, MUTED, False, "lm", width=col - 20)


def _legend_symbol(c: _Canvas, key: str, x, y) -> None:
    """One map symbol, small, as _draw_space draws it."""
    if key == "clues":
        c.polygon([(x, y - 6), (x + 5, y), (x, y + 6), (x - 5, y)], CLUE, outline=(120, 90, 10))
    elif key == "gates":
        c.circle(x, y, 5, outline=OMEN_COLOURS.get("red", (200, 60, 60)), width=2)
    elif key == "monsters":
        c.rect((x - 6, y - 5, x + 6, y + 5), fill=MONSTER, outline=MONSTER_EDGE, width=1, radius=4)
    elif key == "eldritch":
        c.circle(x, y, 5, fill=ELDRITCH, outline=(10, 60, 56), width=1)
    elif key == "rumors":
        c.polygon([(x + 5 * math.cos(a), y + 5 * math.sin(a)) for a in (k * math.pi / 3 for k in range(6))],
                  RUMOR, outline=(240, 200, 255))
    elif key == "expedition":
        c.line(((x - 3, y - 6), (x - 3, y + 6)), TEXT, 1.5)
        c.polygon([(x - 3, y - 6), (x + 5, y - 3), (x - 3, y)], EXPEDITION)
    elif key == "mystery":
        star(c, x, y, 6, MYSTERY_TOKEN)
    elif key == "figure":
        c.circle(x, y, 5, fill=FIGURE, outline=HEALTH, width=2)


def _draw_doom_omen(c: _Canvas, data: dict):
    x0, y0, x1, y1 = 10, PANEL_Y, 430, HEIGHT - 10
    if c.base:
        c.rect((x0, y0, x1, y1), fill=PANEL, outline=PANEL_EDGE, radius=12)
    words = data["words"]
    # the doom track: 0 ... top, the token, the Ancient One's starting doom
    c.text((x0 + 14, y0 + 10), words["doom"], 14, TEXT, True, "la", width=180)
    top = data["doom_top"]
    left, right, ty = x0 + 24, x1 - 16, y0 + 54
    step = (right - left) / top
    for v in range(top + 1):
        cx = left + v * step
        here = v == data["doom"]
        if c.base:
            c.circle(cx, ty, 7.5, fill=(70, 22, 24) if v == 0 else (48, 52, 62), outline=(90, 94, 106), width=1)
        if here:
            c.circle(cx, ty, 10, fill=DOOM, outline=TEXT, width=2)
        if v % 5 == 0 or here:
            c.text((cx, ty + 15 if not here else ty), str(v), 10 if not here else 11, MUTED if not here else TEXT,
                   True, "ma" if not here else "mm")
    if data["doom_start"] is not None and 0 <= data["doom_start"] <= top:
        sx = left + data["doom_start"] * step
        c.polygon([(sx, ty - 12), (sx - 5, ty - 19), (sx + 5, ty - 19)], (200, 160, 90))
    # the omen track: four spaces in a ring, the token
    c.text((x0 + 14, y0 + 96), words["omen"], 14, TEXT, True, "la", width=180)
    ox, oy, rr = x0 + 80, y0 + 176, 40
    track = data["omen_track"]
    for k, omen in enumerate(track):
        a = -math.pi / 2 + 2 * math.pi * k / max(len(track), 1)
        px, py = ox + rr * math.cos(a), oy + rr * math.sin(a)
        colour = OMEN_COLOURS.get(omen, MUTED)
        if c.base:
            c.circle(px, py, 13, fill=(40, 43, 50), outline=colour, width=3)
            if k == 0:   # the comet (start)
                c.circle(px, py, 4, fill=colour)
        if k == data["omen_index"]:
            c.circle(px, py, 15, fill=colour, outline=TEXT, width=2.5)
            if data["omen_eldritch"]:
                c.circle(px + 13, py - 11, 7, fill=ELDRITCH, outline=(10, 60, 56), width=1)
                c.text((px + 13, py - 11), str(data["omen_eldritch"]), 9, DARK_TEXT, True, "mm")
    if c.base:
        c.arc((ox - rr, oy - rr, ox + rr, oy + rr), 0, 360, (70, 74, 86), 1.5)
    # the Ancient One and the counts
    c.text((x0 + 150, y0 + 104), data["ancient_one"], 20, (220, 150, 240), True, "la", width=x1 - x0 - 164)
    ay = y0 + 134
    if data["awakened"]:
        c.rect((x0 + 150, ay, x0 + 150 + font(12, True).getlength(drawable(data["awakened"], font(12, True))) + 16,
                ay + 20), fill=DOOM, radius=10)
        c.text((x0 + 158, ay + 10), data["awakened"], 12, TEXT, True, "lm")
        ay += 28
    for key, n in data["ao_tokens"].items():
        colour = ELDRITCH if key == "eldritch" else HEALTH
        c.circle(x0 + 158, ay + 9, 7, fill=colour)
        c.text((x0 + 170, ay + 9), f"×{n}", 12, colour, True, "lm")
        ay += 22
    c.text((x0 + 150, y1 - 44), data["solved"], 12, TEXT, True, "la", width=x1 - x0 - 164)
    c.text((x0 + 150, y1 - 22), data["stacks"], 11, MUTED, False, "la", width=x1 - x0 - 164)


def _draw_mystery(c: _Canvas, data: dict):
    x0, y0, x1, y1 = 440, PANEL_Y, 850, HEIGHT - 10
    if c.base:
        c.rect((x0, y0, x1, y1), fill=PANEL, outline=PANEL_EDGE, radius=12)
        return
    y = y0 + 10
    shown = [m for m in (data["final"], data["mystery"]) if m]
    if not shown:
        c.text((x0 + 14, y), data["words"]["no_mystery"], 14, MUTED, True, "la", width=x1 - x0 - 28)
        y += 26
    for m in shown[:1]:
        c.text((x0 + 14, y), m["title"], 11, MUTED, True, "la", width=x1 - x0 - 28)
        c.text((x0 + 14, y + 15), m["name"], 16, (236, 200, 120), True, "la", width=x1 - x0 - 28)
        y += 40
        if m["need"]:
            need, have = m["need"], m["have"] or 0
            cells = max(need, min(have, 12))
            w = min(26, (x1 - x0 - 160) / cells)
            colour = {"eldritch": ELDRITCH, "clues": CLUE, "gates": (180, 120, 240)}.get(m["what"], HEALTH)
            for k in range(cells):
                cx = x0 + 24 + k * w
                if k < have:
                    c.circle(cx, y + 8, min(8, w / 2 - 1), fill=colour)
                else:
                    c.circle(cx, y + 8, min(8, w / 2 - 1), outline=colour, width=1.5)
            c.text((x0 + 24 + cells * w + 4, y + 8), m["text"], 12, TEXT, True, "lm", width=x1 - (x0 + 30 + cells * w))
            y += 24
    # the rumors
    if data["rumors"]:
        c.text((x0 + 14, y), data["words"]["rumors"], 11, MUTED, True, "la", width=200)
        y += 16
        for rumor in data["rumors"][:3]:
            c.polygon([(x0 + 20 + 6 * math.cos(a), y + 8 + 6 * math.sin(a))
                       for a in (k * math.pi / 3 for k in range(6))], RUMOR)
            tail = (f" · {rumor['space']}" if rumor["space"] else "")
            c.text((x0 + 32, y + 8), rumor["name"] + tail, 12, TEXT, False, "lm", width=x1 - x0 - 90)
            if rumor["eldritch"]:
                c.circle(x1 - 40, y + 8, 7, fill=ELDRITCH)
                c.text((x1 - 30, y + 8), f"×{rumor['eldritch']}", 12, ELDRITCH, True, "lm")
            y += 18
    # the reserve
    ry = y1 - 84
    c.text((x0 + 14, ry), data["words"]["reserve"], 11, MUTED, True, "la", width=200)
    n = max(len(data["reserve"]), 1)
    cw = (x1 - x0 - 28 - (n - 1) * 6) / n
    for k, name in enumerate(data["reserve"]):
        bx = x0 + 14 + k * (cw + 6)
        c.rect((bx, ry + 18, bx + cw, y1 - 12), fill=(58, 52, 40), outline=(150, 130, 90), width=1.2, radius=6)
        _wrap_text(c, name, bx + cw / 2, ry + 18 + (y1 - 12 - ry - 18) / 2, cw - 8, 11, height=y1 - 12 - ry - 24)


def _wrap_text(c: _Canvas, text: str, cx, cy, width, size, height=None):
    """Centred lines, never cut: the words wrap, and the type shrinks (down to 8) until every
    line fits ``width`` and all of them ``height`` (default: two lines)."""
    height = height if height is not None else 2 * (size + 3)
    for size in range(size, 7, -1):
        f = font(size, True)
        words, lines, line = drawable(text, f).split(), [], ""
        for w in words:
            trial = f"{line} {w}".strip()
            if f.getlength(trial) <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = w
        if line:
            lines.append(line)
        if all(f.getlength(ln) <= width for ln in lines) and len(lines) * (size + 3) <= height + 3:
            break
    for k, ln in enumerate(lines):
        c.text((cx, cy + (k - (len(lines) - 1) / 2) * (size + 3)), ln, size, TEXT, True, "mm")


def _draw_investigators(c: _Canvas, data: dict):
    x0, y0, x1, y1 = 860, PANEL_Y, WIDTH - 10, HEIGHT - 10
    if c.base:
        c.rect((x0, y0, x1, y1), fill=PANEL, outline=PANEL_EDGE, radius=12)
        return
    c.text((x0 + 14, y0 + 8), data["words"]["investigators"], 13, MUTED, True, "la", width=150)
    # the key to each row's numbers, in the order they stand (right to left: clues, sanity, health)
    kx = x1 - 12
    for colour_k, word in ((CLUE, data["words"]["clues"]), (SANITY, data["words"]["sanity"]),
                           (HEALTH, data["words"]["health"])):
        w = font(10).getlength(drawable(word, font(10)))
        c.text((kx, y0 + 15), word, 10, MUTED, False, "rm")
        c.circle(kx - w - 6, y0 + 15, 4, fill=colour_k)
        kx -= w + 18
    rows = data["investigators"]
    row_h = min(44, (y1 - y0 - 32) / max(len(rows), 1))
    two_lines = row_h >= 32
    for k, inv in enumerate(rows):
        ry = y0 + 28 + k * row_h
        colour = PLAYER_COLOURS[inv["colour"]]
        out = inv["status"] != "active"
        if inv["turn"]:
            c.rect((x0 + 5, ry, x1 - 5, ry + row_h - 2), fill=(64, 54, 30), radius=6)
        r = min(13, row_h / 2 - 2)
        cy = ry + row_h / 2 - 1
        c.circle(x0 + 22, cy, r, fill=FIGURE if out else colour, outline=(16, 16, 20), width=1)
        c.text((x0 + 22, cy), inv["initials"], 10 if r >= 11 else 8, contrast(FIGURE if out else colour), True, "mm")
        if inv["lead"]:
            star(c, x0 + 22 - r + 1, cy - r + 1, 6, WIN)
        # stats on the right: health, sanity, clues
        sx = x1 - 12
        stats = ((CLUE, str(inv["clues"])), (SANITY, f"{inv['sanity'][0]}/{inv['sanity'][1]}"),
                 (HEALTH, f"{inv['health'][0]}/{inv['health'][1]}"))
        for colour_s, text in stats:
            w = font(11, True).getlength(text)
            c.text((sx, cy), text, 11, colour_s, True, "rm")
            c.circle(sx - w - 7, cy, 4.5, fill=colour_s)
            sx -= w + 20
        name_w = sx - (x0 + 42) - 4
        tag = inv["status_word"] or inv["delayed"]
        if two_lines:
            c.text((x0 + 40, cy - 8), inv["player"], 12, TURN if inv["turn"] else (MUTED if out else TEXT), True,
                   "lm", width=name_w)
            second = inv["name"] + (f" · {tag}" if tag else "")
            c.text((x0 + 40, cy + 8), second, 10, HEALTH if inv["status_word"] else MUTED, False, "lm", width=name_w)
        else:
            line = f"{inv['player']} · {inv['name']}" + (f" · {tag}" if tag else "")
            c.text((x0 + 40, cy), line, 11, TURN if inv["turn"] else (MUTED if out else TEXT), True, "lm",
                   width=name_w)


def _draw_header(c: _Canvas, data: dict):
    c.text((16, 10), data["title"], 20, TEXT, True, "la", width=520)
    if data["subtitle"]:
        colour = WIN if data["over"] and data["winner"] == "investigators" else (
            HEALTH if data["over"] else TURN)
        c.text((540, 14), data["subtitle"], 14, colour, True, "la", width=720)


def _draw_spaces(c: _Canvas, data: dict):
    if c.base:
        return
    for sid, sp in data["spaces"].items():
        _draw_space(c, sid, sp, data)
    for xy, text, size, colour, bold, anchor, width in _space_labels_cached(data["lang"], _label_key(data)):
        c.text(xy, text, size, colour, bold, anchor, width)


def _label_key(data: dict) -> tuple:
    return tuple((sid, sp["type"], sp["number"], sp["name"]) for sid, sp in data["spaces"].items())


@lru_cache(maxsize=8)
def _space_labels_cached(lang: str, key: tuple) -> tuple:
    spaces = {sid: {"type": t, "number": n, "name": name} for sid, t, n, name in key}
    return tuple(_space_labels({"spaces": spaces}))


def _draw(c: _Canvas, data: dict) -> None:
    data = dict(data, inv_by_id={i["id"]: i for i in data["investigators"]})
    _draw_map(c, data)
    _draw_spaces(c, data)
    _draw_legend(c, data)
    _draw_doom_omen(c, data)
    _draw_mystery(c, data)
    _draw_investigators(c, data)
    _draw_header(c, data)


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """A fixed 256-colour palette, from the base and every token colour: quantizing to a fixed
    palette costs a fraction of computing one per picture."""
    base = _Canvas.base_image().reduce(SCALE)
    swatches = [BG, OCEAN, LAND, ICE, CITY, WILD, SEA, TRAIN, SHIP, UNCHARTED, TEXT, MUTED, DARK_TEXT, TURN, MONSTER,
                MONSTER_EDGE, EPIC, (110, 76, 10), CLUE, ELDRITCH, RUMOR, EXPEDITION, MYSTERY_TOKEN, FIGURE, PANEL,
                HEALTH, SANITY, DOOM, WIN, (64, 54, 30), (58, 52, 40), (236, 200, 120), (220, 150, 240),
                *OMEN_COLOURS.values(), *PLAYER_COLOURS]
    strip = Image.new("RGB", (WIDTH, 48), BG)
    d = ImageDraw.Draw(strip)
    w = WIDTH / len(swatches)
    for k, colour in enumerate(swatches):   # each colour and its blends with the dark background
        for j, share in enumerate((1.0, 0.75, 0.5, 0.25)):
            mixed = tuple(round(a * share + b * (1 - share)) for a, b in zip(colour, BG))
            d.rectangle((k * w, j * 12, (k + 1) * w, j * 12 + 11), fill=mixed)
    return palette_from([base, strip, strip, strip, strip])


def render(data: dict) -> bytes:
    """The PNG (:data:`WIDTH` x :data:`HEIGHT`) of :func:`picture_data`'s output."""
    return encode_png(_Canvas.picture(data), _palette())


def public_view(state: dict) -> dict:
    """The only thing the picture reads of a game: its public table."""
    return _rules().view(state, None)


PICTURE_CACHE = 64  # distinct pictures kept (about 50 kB each): the table redraws only on a change
_drawn = DrawnCache(PICTURE_CACHE)


def table_picture(state: dict, names: dict, lang: str) -> bytes:
    """The world map as a PNG, from the public view of ``state`` only (drawn once for each
    distinct picture among the last :data:`PICTURE_CACHE`)."""
    return _drawn.picture(picture_data(public_view(state), names, lang), render)


def table_digest(state: dict, names: dict, lang: str) -> str:
    """Changes exactly when the picture would look different (it hashes what is drawn)."""
    return digest(picture_data(public_view(state), names, lang))
