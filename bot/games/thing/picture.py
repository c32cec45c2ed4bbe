"""A picture of The Thing's table: a pure function from the engine's public view to a PNG.

``render_table(view, names, lang, labels)`` draws what ``layout(view, names, labels)`` places:
the living seats round an oval table (clockwise from the top, in ``view["seats"]`` order), each
a token with the player's display name, hand count, whose turn it is and quarantine; barred
doors between the two neighbours they separate; the direction of play as arrows round the
table; the draw and discard piles in the middle; eliminated players greyed and crossed out
below the table; and, once the game is over, the result (the winning side in the title, every
role on its token, a star on each winner, the line saying why a living infected player lost or
that the Thing won alone; quarantine no longer shown).

Nothing user-facing is hard-coded in one language: every word comes from ``labels`` (the
caller fills it from its catalogs; :data:`DEFAULT_LABELS` lists the keys with English
defaults). Labels may use ``{turn}`` (``turn``), ``{turns}`` (``quarantine``) and ``{player}``
(``last_infected_loses``: a display name); a label
without its placeholder gets the number appended. For plural forms the caller may also give
``quarantine_1``, ``quarantine_2``, ``quarantine_3`` (the text for that many turns left), which
win over ``quarantine``.

Fonts, the Cyrillic fallback and the PNG encoding are :mod:`bot.games.picture_kit`'s (shared with
the other games' pictures).

The image is always :data:`WIDTH` x :data:`HEIGHT`; the same view gives the same bytes.
"""
from __future__ import annotations

import math

from PIL import Image, ImageDraw

from bot.games import picture_kit
from bot.games.picture_kit import encode_png, fit, fit_number, font, has_glyph, say

WIDTH, HEIGHT = 960, 760
SCALE = 2  # shapes are drawn at twice the size and scaled down: smooth edges; text is drawn after

DEFAULT_LABELS: dict[str, str] = {
    "turn": "Turn {turn}",
    "game_over": "Game over",
    "deck": "Deck",
    "discard": "Discard",
    "next_event": "Next: event",
    "next_panic": "Next: panic!",
    "quarantine": "Quarantine: {turns}",
    "door": "Barred door",
    "eliminated": "Eliminated",
    "clockwise": "Clockwise",
    "counterclockwise": "Counter-clockwise",
    "team_humans": "The humans win",
    "team_thing": "The Thing wins",
    "thing_alone_wins": "The Thing wins",
    "reason_thing_burned": "The Thing was burned.",
    "reason_declared_true": "The Thing declared, rightly, that no humans were left.",
    "reason_declared_false": "The Thing declared too early: humans were still alive.",
    "reason_revenge_humans": "Only humans remain.",
    "reason_revenge_infected": "Only the infected remain.",
    "role_human": "Human",
    "role_thing": "The Thing",
    "role_infected": "Infected",
    "last_infected_loses": "{player} loses: the last human at the table, infected rather than eliminated.",
    "thing_alone": "The Thing infected everyone and no one was eliminated: the Thing alone wins.",
}

# colours: a dark picture that sits well on Discord's dark theme (and is legible on the light one)
BG = (23, 25, 29)
TABLE = (28, 44, 52)
TABLE_RIM = (52, 78, 90)
TEXT = (242, 243, 245)
MUTED = (160, 166, 178)
TOKEN = (43, 45, 51)
TOKEN_EDGE = (88, 92, 104)
TURN = (240, 178, 50)
ARROW = (96, 150, 170)
QUARANTINE = (230, 126, 34)
DOOR = (192, 57, 43)
DOOR_EDGE = (255, 214, 200)
OUT_FILL = (32, 33, 37)
OUT_TEXT = (112, 115, 124)
OUT_CROSS = (160, 60, 60)
CARD_BACK = {"event": (46, 106, 140), "panic": (176, 52, 52), None: (60, 64, 72)}
ROLE = {"human": (59, 165, 92), "thing": (237, 66, 69), "infected": (155, 89, 182)}
WIN = (255, 215, 64)
ROLE_TEXT = (214, 170, 236)  # the infected colour, light enough to read as text

CX, CY = WIDTH // 2, 342          # centre of the table
RX, RY = 350, 226                 # the oval the seat centres sit on
ARROW_RX, ARROW_RY = 226, 140     # the ring of direction arrows
HEADER_Y = 16
FOOTER_Y = 628
WHY_SHIFT = 20                    # the eliminated move down by this when the why line sits above them


# ---------------------------------------------------------------- labels
def label(labels: dict | None, key: str, **params) -> str:
    return say(labels, DEFAULT_LABELS, key, **params)


# ---------------------------------------------------------------- layout
def _token_size(n: int) -> tuple[int, int]:
    return (180, 72) if n <= 8 else (158, 70)


def _seat_point(i: int, n: int, rx: float = RX, ry: float = RY) -> tuple[float, float]:
    a = -math.pi / 2 + 2 * math.pi * i / max(n, 1)
    return CX + rx * math.cos(a), CY + ry * math.sin(a)


def _angle(i: float, n: int) -> float:
    return -math.pi / 2 + 2 * math.pi * i / max(n, 1)


def layout(view: dict, names: dict | None = None, labels: dict | None = None) -> dict:
    """Where everything goes, and the text drawn there; ``render_table`` draws exactly this.

    Returns ``size``, ``title``, ``subtitle``, ``seats`` (living, in seat order: player, name,
    center, box, hand, turn, quarantine, role, winner), ``eliminated`` (same keys, boxes below
    the table), ``doors`` (between, center, segment), ``arrows`` (arcs in degrees and the
    direction), ``deck``/``discard`` (box, count, text) and ``result`` (None while playing).
    """
    names = names or {}
    seats = list(view.get("seats") or [])
    n = len(seats)
    hand_counts = view.get("hand_counts") or {}
    quarantine = view.get("quarantine") or {}
    turn = view.get("turn") or None
    current = turn.get("player") if turn else None
    result = view.get("result")
    roles = (result or {}).get("roles") or {}
    winners = set((result or {}).get("winners") or [])
    tw, th = _token_size(n)
    name_font, small, tag_font = font(17, True), font(13), font(12, True)

    def display(pid: str, width: float, f) -> str:
        raw = str(names.get(pid) or pid)
        return fit(raw, f, width) or fit(str(pid), f, width)

    seat_items = []
    for i, pid in enumerate(seats):
        x, y = _seat_point(i, n)
        q = quarantine.get(pid) if result is None else None  # once over, quarantine means nothing
        item = {
            "player": pid, "index": i, "name": display(pid, tw - 24, name_font),
            "center": (round(x), round(y)),
            "box": (round(x - tw / 2), round(y - th / 2), round(x + tw / 2), round(y + th / 2)),
            "hand": hand_counts.get(pid), "turn": pid == current and result is None,
            "quarantine": q, "eliminated": False, "role": roles.get(pid), "winner": pid in winners,
        }
        if q is not None:
            key = f"quarantine_{q}" if (labels or {}).get(f"quarantine_{q}") else "quarantine"
            text = fit_number(label(labels, key, turns=q), q, tag_font, tw + 4)
            half = tag_font.getlength(text) / 2 + 9
            item["quarantine_text"] = text
            item["quarantine_box"] = (round(x - half), item["box"][3] - 4, round(x + half), item["box"][3] + 13)
        if item["role"]:
            item["role_text"] = fit(label(labels, "role_" + item["role"]), tag_font, tw - 36)
        seat_items.append(item)

    doors = []
    index = {pid: i for i, pid in enumerate(seats)}
    for pair in view.get("doors") or []:
        a, b = pair[0], pair[1]
        if a not in index or n == 0:
            continue
        i = index[a]
        if seats[(i + 1) % n] != b and n > 1:  # not stored as (seat, next clockwise): find it
            j = index.get(b)
            if j is None or seats[(j + 1) % n] != a:
                continue
            i = j
            a, b = b, a
        mid = _angle(i + 0.5, n)
        # on the oval, half-way between the two seats, drawn across the path round the table
        px, py = CX + RX * math.cos(mid), CY + RY * math.sin(mid)
        nx, ny = math.cos(mid) * RY, math.sin(mid) * RX  # the oval's normal at that point
        norm = math.hypot(nx, ny) or 1.0
        nx, ny = nx / norm, ny / norm
        half = 30
        doors.append({"between": (a, b), "center": (round(px), round(py)),
                      "segment": ((round(px - nx * half), round(py - ny * half)),
                                  (round(px + nx * half), round(py + ny * half)))})

    direction = 1 if view.get("direction", 1) >= 0 else -1
    arcs = [(-80 + k * 120, -10 + k * 120) for k in range(3)]  # degrees, clockwise on screen
    arrows = {"direction": direction, "arcs": arcs, "center": (CX, CY), "radii": (ARROW_RX, ARROW_RY),
              "text": fit(label(labels, "clockwise" if direction == 1 else "counterclockwise"), small, 300)}

    deck_count, discard_count = view.get("deck_size", 0), view.get("discard_size", 0)
    cw, ch = 64, 88
    deck = {"count": deck_count, "next": view.get("next_card"),
            "box": (CX - 18 - cw, CY - 70, CX - 18, CY - 70 + ch),
            "text": fit(label(labels, "deck"), small, 150)}
    if deck["next"] in ("event", "panic"):
        deck["next_text"] = fit(label(labels, "next_" + deck["next"]), small, 150)
    discard = {"count": discard_count, "box": (CX + 18, CY - 70, CX + 18 + cw, CY - 70 + ch),
               "text": fit(label(labels, "discard"), small, 150)}

    why = _why(result, names, labels)
    footer_y = FOOTER_Y + (WHY_SHIFT if why else 0)
    out_items = []
    eliminated = [pid for pid in view.get("eliminated") or [] if pid not in index]
    ew, eh, per_row = 146, 34, 6
    for k, pid in enumerate(eliminated):
        row, col = divmod(k, per_row)
        x0 = 24 + col * (ew + 8)
        y0 = footer_y + 30 + row * (eh + 8)
        out_items.append({"player": pid, "name": display(pid, ew - 40, font(14, True)),
                          "box": (x0, y0, x0 + ew, y0 + eh), "center": (x0 + ew // 2, y0 + eh // 2),
                          "hand": hand_counts.get(pid), "turn": False, "quarantine": None,
                          "eliminated": True, "role": roles.get(pid), "winner": pid in winners})

    title_font = font(26, True)
    if result is not None:
        title = fit(label(labels, "game_over"), title_font, 520)
        team = result.get("team")
        # the Thing alone wins (seed 003 l.161): not "the Thing's team", which the line below denies
        parts = [label(labels, "thing_alone_wins" if result.get("thing_alone") else f"team_{team}") if team else "",
                 label(labels, f"reason_{result.get('reason')}") if result.get("reason") else ""]
        subtitle = fit("  ·  ".join(p for p in parts if p), font(16), WIDTH - 48)
        result_out = {"team": team, "reason": result.get("reason"), "winners": sorted(winners), "why": why,
                      "why_at": (24, FOOTER_Y + 2)}
    else:
        number = turn.get("number") if turn else None
        title = fit(label(labels, "turn", turn=number if number is not None else "–"), title_font, 520)
        subtitle = None
        result_out = None

    return {
        "size": (WIDTH, HEIGHT), "title": title, "subtitle": subtitle, "seats": seat_items,
        "eliminated": out_items, "eliminated_text": fit(label(labels, "eliminated"), font(14, True), 400)
        if out_items else None, "eliminated_at": (24, footer_y + 6),
        "doors": doors, "door_legend": _door_legend(labels, small) if doors else None,
        "arrows": arrows, "deck": deck, "discard": discard, "result": result_out,
    }


def _why(result: dict | None, names: dict, labels: dict | None) -> str | None:
    """Why a living infected player is not among the winners (the result's ``last_infected``), or
    that the Thing won alone (``thing_alone``): the result box's line, drawn under the table (nt19:
    the picture showed the unstarred «Заражений» with no word why)."""
    if not result:
        return None
    if result.get("thing_alone"):
        text = label(labels, "thing_alone")
    elif result.get("last_infected"):
        pid = result["last_infected"]
        text = label(labels, "last_infected_loses", player=str(names.get(pid) or pid))
    else:
        return None
    return fit(text, font(15, True), WIDTH - 48)


def _door_legend(labels, f) -> dict:
    """A door icon and its name at the top right, level with the title."""
    text = fit(label(labels, "door"), f, 240)
    y = HEADER_Y + 15
    left = WIDTH - 24 - f.getlength(text)
    return {"text": text, "text_at": (round(left), y), "icon": (round(left) - 14, y)}


# ---------------------------------------------------------------- drawing
def _s(v):
    return tuple(round(c * SCALE) for c in v)


def _arrowhead(draw, x, y, ux, uy, size, fill):
    """A triangle with its tip at (x, y) pointing along the unit vector (ux, uy) (unscaled units)."""
    px, py = -uy, ux
    bx, by = x - ux * size, y - uy * size
    pts = [(x, y), (bx + px * size * 0.6, by + py * size * 0.6), (bx - px * size * 0.6, by - py * size * 0.6)]
    draw.polygon([_s(p) for p in pts], fill=fill)


def _draw_arrows(draw, arrows):
    rx, ry = arrows["radii"]
    box = _s((CX - rx, CY - ry, CX + rx, CY + ry))
    for start, end in arrows["arcs"]:
        draw.arc(box, start, end, fill=ARROW, width=4 * SCALE)
        tip_deg = end if arrows["direction"] == 1 else start
        t = math.radians(tip_deg)
        x, y = CX + rx * math.cos(t), CY + ry * math.sin(t)
        ux, uy = -rx * math.sin(t), ry * math.cos(t)  # tangent, increasing angle (clockwise)
        norm = math.hypot(ux, uy) or 1.0
        ux, uy = ux / norm * arrows["direction"], uy / norm * arrows["direction"]
        _arrowhead(draw, x + ux * 8, y + uy * 8, ux, uy, 16, ARROW)


def _card_icon(draw, x, y, fill, w=10, h=14):
    draw.rounded_rectangle(_s((x, y, x + w, y + h)), radius=2 * SCALE, fill=fill, outline=TEXT, width=SCALE)


def _star(draw, cx, cy, r, fill):
    pts = []
    for k in range(10):
        rad = r if k % 2 == 0 else r * 0.45
        a = -math.pi / 2 + k * math.pi / 5
        pts.append(_s((cx + rad * math.cos(a), cy + rad * math.sin(a))))
    draw.polygon(pts, fill=fill)


def _shapes(lay) -> Image.Image:
    im = Image.new("RGB", (WIDTH * SCALE, HEIGHT * SCALE), BG)
    d = ImageDraw.Draw(im)
    # the table
    d.ellipse(_s((CX - RX - 10, CY - RY - 10, CX + RX + 10, CY + RY + 10)), fill=TABLE, outline=TABLE_RIM,
              width=3 * SCALE)
    _draw_arrows(d, lay["arrows"])
    # the piles
    deck, discard = lay["deck"], lay["discard"]
    x0, y0, x1, y1 = deck["box"]
    if deck["count"]:
        for k in (2, 1):
            d.rounded_rectangle(_s((x0 + 3 * k, y0 - 3 * k, x1 + 3 * k, y1 - 3 * k)), radius=7 * SCALE,
                                fill=(50, 54, 62), outline=(90, 96, 108), width=SCALE)
        d.rounded_rectangle(_s(deck["box"]), radius=7 * SCALE, fill=CARD_BACK.get(deck["next"], CARD_BACK[None]),
                            outline=TEXT, width=2 * SCALE)
    else:
        d.rounded_rectangle(_s(deck["box"]), radius=7 * SCALE, outline=(90, 96, 108), width=2 * SCALE)
    if discard["count"]:
        x0, y0, x1, y1 = discard["box"]
        for k, tilt in ((2, -5), (1, 4)):
            d.rounded_rectangle(_s((x0 + tilt, y0 - 2 * k, x1 + tilt, y1 - 2 * k)), radius=7 * SCALE,
                                fill=(48, 50, 56), outline=(90, 96, 108), width=SCALE)
        d.rounded_rectangle(_s(discard["box"]), radius=7 * SCALE, fill=(58, 60, 68), outline=(150, 154, 164),
                            width=2 * SCALE)
    else:
        d.rounded_rectangle(_s(discard["box"]), radius=7 * SCALE, outline=(90, 96, 108), width=2 * SCALE)
    # seats
    for seat in lay["seats"]:
        x0, y0, x1, y1 = seat["box"]
        if seat["turn"]:
            d.rounded_rectangle(_s((x0 - 5, y0 - 5, x1 + 5, y1 + 5)), radius=16 * SCALE, fill=(92, 72, 28))
        edge = TURN if seat["turn"] else ROLE.get(seat["role"], TOKEN_EDGE) if seat["role"] else TOKEN_EDGE
        if seat["quarantine"] is not None and not seat["turn"] and not seat["role"]:
            edge = QUARANTINE
        d.rounded_rectangle(_s(seat["box"]), radius=12 * SCALE, fill=TOKEN, outline=edge,
                            width=(3 if seat["turn"] or seat["role"] else 2) * SCALE)
        if seat["quarantine"] is not None:
            # a tag along the bottom edge of the token
            d.rounded_rectangle(_s(seat["quarantine_box"]), radius=8 * SCALE, fill=QUARANTINE)
        if seat["turn"]:
            # a pointer from the middle of the table towards the player whose turn it is
            cx, cy = seat["center"]
            vx, vy = cx - CX, cy - CY
            norm = math.hypot(vx, vy) or 1.0
            ux, uy = vx / norm, vy / norm
            tip_x, tip_y = _edge_point(seat["box"], -ux, -uy, cx, cy)
            _arrowhead(d, tip_x - ux * 4, tip_y - uy * 4, ux, uy, 14, TURN)
        if seat["winner"]:
            _star(d, x0 + 4, y0 + 4, 13, WIN)
    # doors
    for door in lay["doors"]:
        (ax, ay), (bx, by) = door["segment"]
        d.line(_s((ax, ay, bx, by)), fill=DOOR_EDGE, width=16 * SCALE)
        d.line(_s((ax, ay, bx, by)), fill=DOOR, width=12 * SCALE)
        mx, my = door["center"]
        ux, uy = (bx - ax), (by - ay)
        norm = math.hypot(ux, uy) or 1.0
        ux, uy = ux / norm, uy / norm
        for k in (-12, 0, 12):  # the bars across the door
            px, py = mx + ux * k, my + uy * k
            d.line(_s((px - uy * 9, py + ux * 9, px + uy * 9, py - ux * 9)), fill=DOOR_EDGE, width=3 * SCALE)
    # eliminated players
    for seat in lay["eliminated"]:
        edge = ROLE.get(seat["role"], (60, 62, 68)) if seat["role"] else (60, 62, 68)
        d.rounded_rectangle(_s(seat["box"]), radius=9 * SCALE, fill=OUT_FILL, outline=edge, width=2 * SCALE)
        x0, y0, x1, y1 = seat["box"]
        cx, cy = x0 + 17, (y0 + y1) / 2
        d.line(_s((cx - 7, cy - 7, cx + 7, cy + 7)), fill=OUT_CROSS, width=3 * SCALE)
        d.line(_s((cx - 7, cy + 7, cx + 7, cy - 7)), fill=OUT_CROSS, width=3 * SCALE)
    # the door legend
    if lay["door_legend"]:
        x, y = lay["door_legend"]["icon"]
        d.line(_s((x, y - 9, x, y + 9)), fill=DOOR_EDGE, width=12 * SCALE)
        d.line(_s((x, y - 9, x, y + 9)), fill=DOOR, width=8 * SCALE)
    return im.reduce(SCALE)  # 2x2 box average: smooth edges, fast


def _edge_point(box, ux, uy, cx, cy):
    """Where the ray from the box centre along (ux, uy) leaves the box."""
    x0, y0, x1, y1 = box
    tx = ((x1 - cx) if ux > 0 else (x0 - cx)) / ux if ux else math.inf
    ty = ((y1 - cy) if uy > 0 else (y0 - cy)) / uy if uy else math.inf
    t = min(abs(tx), abs(ty))
    return cx + ux * t, cy + uy * t


def _text(d, xy, text, f, fill, anchor="la"):
    if text:
        picture_kit.draw_text(d, xy, text, f, fill, anchor)  # each distinct text rendered once


def _draw_text(im: Image.Image, lay) -> None:
    d = ImageDraw.Draw(im)
    _text(d, (24, HEADER_Y), lay["title"], font(26, True), TEXT)
    if lay["subtitle"]:
        _text(d, (24, HEADER_Y + 36), lay["subtitle"], font(16), WIN)
    arrows = lay["arrows"]
    _text(d, (CX, CY + 74), arrows["text"], font(13), MUTED, "mm")
    deck, discard, small = lay["deck"], lay["discard"], font(13)
    x0, y0, x1, y1 = deck["box"]
    _text(d, ((x0 + x1) / 2, (y0 + y1) / 2), str(deck["count"]), font(22, True), TEXT, "mm")
    _text(d, ((x0 + x1) / 2, y1 + 14), deck["text"], small, TEXT, "mm")
    if deck.get("next_text"):
        colour = (255, 140, 130) if deck["next"] == "panic" else (150, 200, 225)
        _text(d, ((x0 + x1) / 2, y1 + 32), deck["next_text"], small, colour, "mm")
    x0, y0, x1, y1 = discard["box"]
    _text(d, ((x0 + x1) / 2, (y0 + y1) / 2), str(discard["count"]), font(22, True), TEXT, "mm")
    _text(d, ((x0 + x1) / 2, y1 + 14), discard["text"], small, TEXT, "mm")

    name_font = font(17, True)
    for seat in lay["seats"]:
        x0, y0, x1, y1 = seat["box"]
        cx = (x0 + x1) / 2
        _text(d, (cx, y0 + 22), seat["name"], name_font, TURN if seat["turn"] else TEXT, "mm")
        hand = seat["hand"]
        if hand is not None:
            count = str(hand)
            f = font(15, True)
            w = 14 + f.getlength(count)
            left = cx - w / 2
            d.rounded_rectangle((left, y0 + 39, left + 10, y0 + 53), radius=2, fill=(46, 106, 140),
                                outline=TEXT, width=1)
            _text(d, (left + 14, y0 + 46), count, f, TEXT, "lm")
        if seat.get("role_text"):
            colour = ROLE.get(seat["role"], TEXT)
            _text(d, (x1 - 10, y1 - 11), seat["role_text"], font(12, True), colour, "rm")
        if seat.get("quarantine_text"):
            qx0, qy0, qx1, qy1 = seat["quarantine_box"]
            _text(d, ((qx0 + qx1) / 2, (qy0 + qy1) / 2), seat["quarantine_text"], font(12, True), (25, 20, 15), "mm")

    if lay["result"] and lay["result"]["why"]:
        _text(d, lay["result"]["why_at"], lay["result"]["why"], font(15, True), ROLE_TEXT)
    if lay["eliminated"]:
        _text(d, lay["eliminated_at"], lay["eliminated_text"], font(14, True), MUTED)
    f = font(14, True)
    for seat in lay["eliminated"]:
        x0, y0, x1, y1 = seat["box"]
        left, cy = x0 + 32, (y0 + y1) / 2
        _text(d, (left, cy), seat["name"], f, OUT_TEXT, "lm")
        width = f.getlength(seat["name"])
        d.line((left, cy + 1, left + width, cy + 1), fill=OUT_TEXT, width=2)  # struck through
        if seat["winner"]:
            _text(d, (x1 - 8, cy), "★" if has_glyph(f, "★") else "*", f, WIN, "rm")
    if lay["door_legend"]:
        _text(d, lay["door_legend"]["text_at"], lay["door_legend"]["text"], font(13), MUTED, "lm")


def render_table(view: dict, names: dict[str, str], lang: str, labels: dict[str, str] | None = None) -> bytes:
    """The table as a PNG (:data:`WIDTH` x :data:`HEIGHT`). ``view`` is the engine's public view
    (``rules_for("thing").view(state, None)``); it is not modified. ``names`` maps player ids to
    display names (the id when missing). ``lang`` is the caller's language; every word drawn
    comes from ``labels`` (see :data:`DEFAULT_LABELS`; missing keys fall back to English)."""
    lay = layout(view, names, labels)
    im = _shapes(lay)
    _draw_text(im, lay)
    return encode_png(im, compress_level=6)
