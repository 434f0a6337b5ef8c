"""Drawing helpers shared by every board picture: centred text, seat markers, PNG encoding."""

from __future__ import annotations

import io
import math
from operator import itemgetter

from PIL import Image, ImageDraw, ImageFont

from .fonts import font
from .legibility import note
from .palette import INK, RGB, SeatColour, Shape

MAX_PNG_BYTES = 150 * 1024
"""What a board picture should stay under, so an edit uploads quickly on a slow link."""

# How far each shape reaches from its centre, relative to the marker radius, so that all
# markers look the same size; and where its letter sits and how big it is.
_REACH = {
    Shape.CIRCLE: 1.0,
    Shape.SQUARE: 0.9,
    Shape.TRIANGLE: 1.2,
    Shape.DIAMOND: 1.18,
    Shape.HEXAGON: 1.04,
    Shape.STAR: 1.22,
}
_LETTER_SCALE = {
    Shape.CIRCLE: 1.0,
    Shape.SQUARE: 1.0,
    Shape.TRIANGLE: 0.75,
    Shape.DIAMOND: 0.85,
    Shape.HEXAGON: 0.95,
    Shape.STAR: 0.65,
}
_LETTER_DROP = {Shape.TRIANGLE: 0.22, Shape.STAR: 0.06}


def text_centered(draw: ImageDraw.ImageDraw, centre: tuple[float, float], text: str,
                  size: int, fill: RGB = INK, *, bold: bool = False) -> None:
    """Draw ``text`` with its middle (horizontally and vertically) at ``centre``."""
    note(text, size)
    draw.text(centre, text, font=font(size, bold=bold), fill=fill, anchor="mm")


def text_left(draw: ImageDraw.ImageDraw, origin: tuple[float, float], text: str, size: int,
              fill: RGB = INK, *, bold: bool = False) -> None:
    """Draw ``text`` starting at ``origin``, vertically centred on it."""
    note(text, size)
    draw.text(origin, text, font=font(size, bold=bold), fill=fill, anchor="lm")


def text_right(draw: ImageDraw.ImageDraw, origin: tuple[float, float], text: str, size: int,
               fill: RGB = INK, *, bold: bool = False) -> None:
    """Draw ``text`` ending at ``origin``, vertically centred on it."""
    note(text, size)
    draw.text(origin, text, font=font(size, bold=bold), fill=fill, anchor="rm")


def fit_size(text: str, width: float, size: int, *, bold: bool = False, smallest: int = 10) -> int:
    """The largest font size up to ``size`` at which ``text`` fits in ``width`` pixels."""
    while size > smallest and font(size, bold=bold).getlength(text) > width:
        size -= 1
    return size


ELLIPSIS = "\u2026"


def fit_text(text: str, width: float, size: int, smallest: int, *,
             bold: bool = False) -> tuple[str, int]:
    """``text`` and the largest size down to ``smallest`` at which it fits in ``width``; when
    even ``smallest`` is too big, the text is shortened (by whole words while it has more than
    one) and ends with an ellipsis."""
    size = fit_size(text, width, size, bold=bold, smallest=smallest)
    face = font(size, bold=bold)
    if face.getlength(text) <= width:
        return text, size
    words = text.split(" ")
    while len(words) > 1 and face.getlength(" ".join(words) + ELLIPSIS) > width:
        words.pop()
    short = " ".join(words)
    while short and face.getlength(short + ELLIPSIS) > width:
        short = short[:-1]
    return short.rstrip() + ELLIPSIS, size


def shape_points(shape: Shape, centre: tuple[float, float],
                 radius: float) -> list[tuple[float, float]]:
    """The outline of a polygon marker (every shape but the circle)."""
    cx, cy = centre
    reach = radius * _REACH[shape]
    if shape is Shape.SQUARE:
        return [(cx - reach, cy - reach), (cx + reach, cy - reach),
                (cx + reach, cy + reach), (cx - reach, cy + reach)]
    if shape is Shape.STAR:
        points = []
        for k in range(10):
            r = reach if k % 2 == 0 else reach * 0.5
            angle = math.radians(-90 + 36 * k)
            points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
        return points
    corners, start = {Shape.TRIANGLE: (3, -90), Shape.DIAMOND: (4, -90),
                      Shape.HEXAGON: (6, 0)}[shape]
    if shape is Shape.TRIANGLE:
        cy += reach * 0.2  # sit the triangle's weight on the centre, not its tip
    return [
        (cx + reach * math.cos(math.radians(start + 360 * k / corners)),
         cy + reach * math.sin(math.radians(start + 360 * k / corners)))
        for k in range(corners)
    ]


def draw_marker(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float,
                colour: SeatColour, *, letter: str | None = None, outline: RGB = INK,
                width: int = 2, smallest: int = 0) -> None:
    """A seat marker: the seat's shape filled with its colour, outlined, with its letter
    (``letter`` overrides the seat's own, "" draws none). A letter that would be smaller
    than ``smallest`` is left out: too small to read, it is only a smudge on the shape."""
    shape = colour.shape
    if shape is Shape.CIRCLE:
        cx, cy = centre
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius),
                     fill=colour.rgb, outline=outline, width=width)
    else:
        draw.polygon(shape_points(shape, centre, radius), fill=colour.rgb, outline=outline,
                     width=width)
    text = colour.letter if letter is None else letter
    if text:
        size = max(8, round(radius * 1.1 * _LETTER_SCALE[shape]))
        if size < smallest:
            return
        cx, cy = centre
        text_centered(draw, (cx, cy + radius * _LETTER_DROP.get(shape, 0.0)), text, size,
                      colour.ink, bold=True)


def ring(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, colour: RGB,
         width: int) -> None:
    """An unfilled circle (highlights, last-move marks)."""
    cx, cy = centre
    draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), outline=colour,
                 width=width)


def encode_png(image: Image.Image, *, colours: int = 256) -> bytes:
    """PNG bytes with a palette of the picture's ``colours`` most used colours.

    Board pictures are flat colours plus the soft edges of text and shapes: a palette file
    is a fraction of a full-colour one, and drawing it costs a third of the time. A rare
    edge colour maps to its nearest kept colour (Pillow's 4x4x4 colour cells may put it a
    level or two off); nobody can see that, and equal pictures still give equal bytes."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    counts = rgb.getcolors(maxcolors=COUNTED_COLOURS) or rgb.getcolors(
        maxcolors=rgb.width * rgb.height
    ) or []
    counts.sort(key=itemgetter(1))  # then by use, most used first: ties in colour order
    counts.sort(key=itemgetter(0), reverse=True)
    kept = [colour for _, colour in counts[:colours]]
    flat = [value for colour in kept for value in colour]
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat + flat[:3] * (256 - len(kept)))
    return _png(rgb.quantize(palette=palette, dither=Image.Dither.NONE))


COUNTED_COLOURS = 8192
"""Colours counted at first: a board has two or three thousand, and a count sized for
every pixel (a table of a million entries) took three times as long; a picture with more
is counted again in full."""


PNG_COMPRESS_LEVEL = 3
"""zlib's level 3, not its default 6: drawing and encoding a board takes 10-25% less CPU
(Hare and Tortoise 13 ms to 10, Sequence Numbers 11 to 8) for a file a fifth to a quarter
larger (27 KiB to 34, 24 to 29), far under ``MAX_PNG_BYTES``. Pillow's ``optimize``
searched for a tenth smaller file at seven times the cost, and held up every other board
behind it."""


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return out.getvalue()


def has_glyphs(text: str, size: int = 24) -> bool:
    """Whether the picture font draws every character of ``text`` as a real glyph (not the
    missing-glyph box)."""
    face = font(size)
    missing = _glyph(face, "\ue000")  # a private-use code point no text font maps
    return all(ch.isspace() or _glyph(face, ch) != missing for ch in text)


def _glyph(face: ImageFont.FreeTypeFont, ch: str) -> tuple[tuple[int, int], bytes]:
    left, top, right, bottom = face.getbbox(ch)
    image = Image.new("L", (right - left + 2, bottom - top + 2))
    ImageDraw.Draw(image).text((1 - left, 1 - top), ch, font=face, fill=255)
    return image.size, image.tobytes()
