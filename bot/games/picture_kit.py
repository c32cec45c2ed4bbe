"""What the table pictures share (``bot.games.{thing,eldritch,unfathomable}.picture``): fonts with a
Cyrillic fallback and the text helpers built on them, catalog labels, a SCALE-times canvas whose
fixed parts are drawn once, the fixed-palette PNG encoding, the digest of what is drawn and a
small cache of drawn pictures. Each picture keeps only its own layout and drawing.

Fonts: Source Sans Pro (OFL), shipped by the declared dependency ``font-source-sans-pro``, so
every machine that installs Keeper draws Latin and Cyrillic alike, with no system font. A
character the font cannot draw (emoji, say) is left out; rendering never fails for it.
"""
from __future__ import annotations

import hashlib
import io
import json
import math
import threading
from collections import OrderedDict
from functools import lru_cache
from typing import Callable

import font_source_sans_pro
from PIL import Image, ImageDraw, ImageFont

SCALE = 2   # shapes are drawn at twice the size and scaled down (smooth edges); text after

# colours the games' pictures share: a dark picture that sits well on Discord's dark theme
BG = (23, 25, 29)
TEXT = (242, 243, 245)
MUTED = (164, 170, 182)
DARK_TEXT = (20, 20, 24)
TURN = (255, 200, 60)
WIN = (255, 215, 64)
PANEL = (30, 33, 39)
PANEL_EDGE = (62, 66, 76)
PLAYER_COLOURS = ((240, 96, 92), (84, 156, 246), (118, 214, 108), (250, 212, 72), (196, 128, 240),
                  (250, 150, 64), (80, 214, 214), (246, 140, 200))

FONT_FILES = {False: font_source_sans_pro.font_files_ttf["SourceSansPro"],
              True: font_source_sans_pro.font_files_ttf["SourceSansProBold"]}


# ---------------------------------------------------------------- fonts
@lru_cache(maxsize=None)
def font(size: int, bold: bool = False):
    """The packaged TrueType font (Latin and Cyrillic) at ``size``."""
    return ImageFont.truetype(FONT_FILES[bold], size, layout_engine=ImageFont.Layout.BASIC)


def font_file() -> str:
    """The TTF the pictures are drawn with."""
    return FONT_FILES[False]


def _glyph_signature(f, ch: str) -> bytes:
    im = Image.new("L", (48, 48))
    try:
        ImageDraw.Draw(im).text((8, 8), ch, font=f, fill=255)
    except (UnicodeError, ValueError, OSError):
        return b"missing"
    return im.tobytes()


@lru_cache(maxsize=4096)
def has_glyph(f, ch: str) -> bool:
    if ch.isspace():
        return True
    return _glyph_signature(f, ch) != _glyph_signature(f, "\ue000")  # a private-use point: no glyph


def drawable(text: str, f) -> str:
    """``text`` without what ``f`` cannot draw (emoji...); an ellipsis it lacks becomes three dots."""
    out = []
    for ch in text:
        if has_glyph(f, ch):
            out.append(ch)
        elif ch == "…":
            out.append("...")
    return " ".join("".join(out).split())


def fit(text: str, f, width: float) -> str:
    """``text`` made drawable and cut with an ellipsis to at most ``width`` pixels."""
    text = drawable(text, f)
    if f.getlength(text) <= width:
        return text
    ellipsis = "…" if has_glyph(f, "…") else "..."
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if f.getlength(text[:mid].rstrip() + ellipsis) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ellipsis if lo else ellipsis


def fit_number(text: str, number, f, width: float) -> str:
    """Like :func:`fit`, but a cut never loses ``number``: the words before it are cut instead."""
    text = drawable(text, f)
    if f.getlength(text) <= width:
        return text
    value = str(number)
    at = text.rfind(value)
    head = text[:at].rstrip(" ,:;-—") if at >= 0 else text
    tail = " " + value
    room = width - f.getlength(tail)
    return fit(head, f, room) + tail if head and room > 0 else value


# ---------------------------------------------------------------- words
class _Params(dict):
    def __missing__(self, key):
        return "{" + key + "}"


def say(labels: dict | None, defaults: dict[str, str], key: str, **params) -> str:
    """The label ``key`` (else its default, else the key) with ``params`` filled in; a translation
    that lost a placeholder still shows its value, appended."""
    template = str((labels or {}).get(key) or defaults.get(key, key))
    try:
        text = template.format_map(_Params(params))
    except (ValueError, IndexError, AttributeError):
        text = template
    for name, value in params.items():
        if "{" + name + "}" not in template and str(value) not in text:
            text = f"{text} {value}"
    return text


def catalog_labels(game: str, defaults: dict[str, str], lang: str) -> dict[str, str]:
    """Every key of ``defaults`` from the catalog messages ``{game}.picture.{key}`` in ``lang``
    (else English, else the default)."""
    from bot.i18n import catalog
    try:
        messages = catalog(lang if lang in ("en", "uk", "ru") else "en")
        english = catalog("en")
    except (ValueError, OSError):   # a broken catalog never stops the picture
        messages, english = {}, {}
    out = {}
    for key, default in defaults.items():
        full = f"{game}.picture.{key}"
        value = messages.get(full) or english.get(full)
        out[key] = value if isinstance(value, str) and value else default
    return out


class Words:
    """A picture's words: each key of its ``defaults`` from the catalog messages
    ``{game}.picture.<key>`` (:func:`catalog_labels`), said with parameters (:func:`say`)."""

    def __init__(self, game: str, defaults: dict[str, str]):
        self.game, self.defaults = game, defaults

    def labels(self, lang: str) -> dict[str, str]:
        return catalog_labels(self.game, self.defaults, lang)

    def say(self, labels: dict | None, key: str, **params) -> str:
        return say(labels, self.defaults, key, **params)


def content_name(names, lang: str) -> str:
    """A content name in ``lang`` (English when the pack has none; empty for no name)."""
    if names is None:
        return ""
    return getattr(names, lang, None) or names.en


def initials(text: str) -> str:
    words = [w for w in str(text).replace("-", " ").split() if w[:1].isalnum()]
    return "".join(w[0] for w in words[:2]).upper() or str(text)[:2].upper()


def contrast(colour) -> tuple:
    """Dark text on a light colour, light text on a dark one."""
    r, g, b = colour
    return DARK_TEXT if 0.299 * r + 0.587 * g + 0.114 * b > 140 else TEXT


# ---------------------------------------------------------------- drawing
class Canvas:
    """Shapes go on a SCALE-times canvas (then reduced: smooth edges); text on the final image.

    What never changes is drawn once into a cached base (``base=True``: a blank ``size`` image of
    ``background`` painted with :meth:`empty_data`; the drawing functions draw only their fixed
    parts, and text is not kept); every other canvas starts from a copy of :meth:`base_image` and
    adds the rest. A picture subclasses it with its ``size``, ``background``, :meth:`paint` (its
    own drawing) and :meth:`empty_data`."""

    size: tuple[int, int]
    background: tuple

    def __init__(self, base: bool = False):
        self.base = base
        self.image = (Image.new("RGB", (self.size[0] * SCALE, self.size[1] * SCALE), self.background) if base
                      else self.base_image().copy())
        self.draw = ImageDraw.Draw(self.image)
        self.texts: list[tuple] = []

    def paint(self, data: dict) -> None:
        """Draw what ``data`` (the picture's ``picture_data``) shows."""
        raise NotImplementedError

    @staticmethod
    def empty_data() -> dict:
        """What an empty table shows (the base is painted from it)."""
        raise NotImplementedError

    @classmethod
    def base_image(cls) -> Image.Image:
        """The fixed parts of every picture, at SCALE (drawn once for each subclass)."""
        image = cls.__dict__.get("_base")
        if image is None:
            c = cls(base=True)
            c.paint(cls.empty_data())
            image = cls._base = c.image
        return image

    @classmethod
    def picture(cls, data: dict) -> Image.Image:
        """``data`` drawn, the final image (not yet encoded)."""
        c = cls()
        c.paint(data)
        return c.finish()

    @staticmethod
    def s(values):
        return [round(v * SCALE) for v in values]

    def rect(self, box, fill=None, outline=None, width=1, radius=0):
        self.draw.rounded_rectangle(self.s(box), radius=radius * SCALE, fill=fill, outline=outline,
                                    width=round(width * SCALE) if outline else 0)

    def ellipse(self, box, fill=None, outline=None, width=1):
        self.draw.ellipse(self.s(box), fill=fill, outline=outline, width=round(width * SCALE) if outline else 0)

    def circle(self, cx, cy, r, fill=None, outline=None, width=1):
        self.ellipse((cx - r, cy - r, cx + r, cy + r), fill, outline, width)

    def polygon(self, points, fill, outline=None):
        self.draw.polygon([tuple(self.s(p)) for p in points], fill=fill, outline=outline)

    def line(self, points, fill, width=1):
        self.draw.line([tuple(self.s(p)) for p in points], fill=fill, width=round(width * SCALE))

    def arc(self, box, start, end, fill, width):
        self.draw.arc(self.s(box), start, end, fill=fill, width=round(width * SCALE))

    def text(self, xy, text, size, fill=TEXT, bold=False, anchor="la", width=None):
        if self.base:
            return 0
        f = font(size, bold)
        text = fit(text, f, width) if width else drawable(text, f)
        if text:
            self.texts.append((xy, text, f, fill, anchor))
        return f.getlength(text) if text else 0

    def finish(self) -> Image.Image:
        image = self.image.reduce(SCALE)
        d = ImageDraw.Draw(image)
        for xy, text, f, fill, anchor in self.texts:
            draw_text(d, xy, text, f, fill, anchor)
        return image


@lru_cache(maxsize=2048)
def _text_mask(text: str, f, anchor: str, start: tuple[float, float]):
    """The rendered glyphs of ``text`` and their offset, as ``ImageDraw.text`` renders them. The
    same labels and names come back in picture after picture: rendering them again was a quarter
    to a third of drawing the world map (`bench picture-eldritch`)."""
    return f.getmask2(text, "L", anchor=anchor, start=start)


def draw_text(d: ImageDraw.ImageDraw, xy, text: str, f, fill, anchor: str) -> None:
    """``d.text(xy, text, font=f, fill=fill, anchor=anchor)``, the same pixels, each distinct text
    rendered once (:func:`_text_mask`); through Pillow's drawing core, else ``d.text`` itself."""
    x, y = xy
    # the cached mask is one line rendered in "L": Pillow splits lines itself, and renders in "1"
    # on a palette or bilevel image
    if "\n" not in text and getattr(d, "fontmode", None) == "L":
        try:
            mask, (dx, dy) = _text_mask(text, f, anchor, (math.modf(x)[0], math.modf(y)[0]))
            d.draw.draw_bitmap((int(x) + dx, int(y) + dy), mask, d._getink(fill)[0])
            return
        except (AttributeError, TypeError, ValueError):  # another Pillow's internals: its own way
            pass
    d.text(xy, text, font=f, fill=fill, anchor=anchor)


def star(c: Canvas, cx, cy, r, fill):
    """A five-pointed star of radius ``r`` centred on (cx, cy)."""
    points = []
    for k in range(10):
        rad = r if k % 2 == 0 else r * 0.45
        a = -math.pi / 2 + k * math.pi / 5
        points.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    c.polygon(points, fill)


# ---------------------------------------------------------------- encoding
def palette_from(images: list[Image.Image]) -> Image.Image:
    """A fixed 256-colour palette from ``images`` stacked top to bottom: quantizing to a fixed
    palette costs a fraction of computing one per picture."""
    sheet = Image.new("RGB", (max(im.width for im in images), sum(im.height for im in images)))
    y = 0
    for im in images:
        sheet.paste(im, (0, y))
        y += im.height
    return sheet.quantize(256, method=Image.Quantize.FASTOCTREE)


def encode_png(image: Image.Image, palette: Image.Image | None = None, compress_level: int = 3) -> bytes:
    """``image`` as PNG bytes in 256 colours (which look the same on these pictures and encode
    faster and ~3x smaller): those of ``palette``, else its own."""
    try:
        image = (image.quantize(palette=palette, dither=Image.Dither.NONE) if palette is not None
                 else image.quantize(256, method=Image.Quantize.FASTOCTREE))
    except (ValueError, AttributeError, TypeError):
        pass
    buf = io.BytesIO()
    image.save(buf, format="PNG", compress_level=compress_level)
    return buf.getvalue()


def digest(data: dict) -> str:
    """A short hash of what a picture shows (:func:`picture_data`'s output): it changes exactly
    when the picture would."""
    text = json.dumps(data, sort_keys=True, ensure_ascii=False)
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


class DrawnCache:
    """The last ``size`` pictures drawn, by the digest of what they show. Bounded; safe to fill
    from worker threads (two threads may draw the same picture once each)."""

    def __init__(self, size: int):
        self.size = size
        self._drawn: OrderedDict = OrderedDict()
        self._lock = threading.Lock()

    def picture(self, data: dict, render: Callable[[dict], bytes]) -> bytes:
        """The picture of ``data`` (what it shows: a ``picture_data``), drawn by ``render(data)``
        once for each distinct picture kept."""
        return self.get(digest(data), lambda: render(data))

    def get(self, key: str, draw: Callable[[], bytes]) -> bytes:
        """The picture drawn under ``key``, else ``draw()``, kept."""
        with self._lock:
            png = self._drawn.get(key)
            if png is not None:
                self._drawn.move_to_end(key)
                return png
        png = draw()
        with self._lock:
            self._drawn[key] = png
            while len(self._drawn) > self.size:
                self._drawn.popitem(last=False)
        return png
