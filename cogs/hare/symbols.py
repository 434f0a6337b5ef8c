"""The symbols printed on the Hare and Tortoise board: carrot, lettuce, hare, tortoise, the
position badges and the Start and Finish flags.

Each draws one symbol centred on a point and about ``size`` pixels across, so the same
drawing serves a space of the track and the small icons of the players' panel.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PIL import ImageDraw

from cogs.common.pictures import INK, PAPER, RGB, fit_size, font, text_centered

Point = tuple[float, float]

CARROT: RGB = (237, 125, 49)
CARROT_LINE: RGB = (176, 78, 20)
LEAF: RGB = (76, 153, 60)
LEAF_DARK: RGB = (46, 104, 38)
LETTUCE: RGB = (150, 206, 96)
HARE: RGB = (160, 124, 92)
HARE_LIGHT: RGB = (236, 214, 190)
SHELL: RGB = (120, 150, 70)
SHELL_LINE: RGB = (70, 92, 38)
SKIN: RGB = (176, 160, 104)
FLAG: RGB = (0, 130, 90)


def _placed(points: Sequence[Point], centre: Point, size: float, turn: float = 0.0) -> list[Point]:
    """Unit-square points (-0.5..0.5) scaled to ``size``, turned ``turn`` degrees, moved."""
    cx, cy = centre
    cos, sin = math.cos(math.radians(turn)), math.sin(math.radians(turn))
    return [(cx + size * (x * cos - y * sin), cy + size * (x * sin + y * cos)) for x, y in points]


def _oval(draw: ImageDraw.ImageDraw, centre: Point, size: float, x: float, y: float, rx: float,
          ry: float, fill: RGB, outline: RGB = INK, width: int = 1) -> None:
    """An ellipse in unit coordinates of the symbol's box."""
    cx, cy = centre
    draw.ellipse(
        (cx + size * (x - rx), cy + size * (y - ry), cx + size * (x + rx), cy + size * (y + ry)),
        fill=fill, outline=outline, width=width,
    )


def _box(centre: Point, size: float, left: float, top: float, right: float,
         bottom: float) -> tuple[float, float, float, float]:
    """A box in unit coordinates of the symbol's box."""
    cx, cy = centre
    return cx + size * left, cy + size * top, cx + size * right, cy + size * bottom


def _width(size: float) -> int:
    return max(1, round(size / 24))


def carrot(draw: ImageDraw.ImageDraw, centre: Point, size: float) -> None:
    """A carrot lying on its slant: orange root, green leaves at the top right."""
    width = _width(size)
    for turn in (-20.0, 10.0, 40.0):
        leaf = [(0.16, -0.26), (0.22, -0.56), (0.30, -0.24)]
        draw.polygon(_placed(leaf, centre, size, turn), fill=LEAF, outline=LEAF_DARK)
    root = [(-0.36, 0.44), (0.10, -0.30), (0.24, -0.30), (0.30, -0.18), (0.30, -0.06)]
    draw.polygon(_placed(root, centre, size), fill=CARROT, outline=INK, width=width)
    for a, b in (((-0.04, -0.08), (0.06, -0.04)), ((-0.12, 0.06), (-0.02, 0.10)),
                 ((-0.20, 0.20), (-0.12, 0.24))):
        draw.line(_placed([a, b], centre, size), fill=CARROT_LINE, width=width)


def lettuce(draw: ImageDraw.ImageDraw, centre: Point, size: float) -> None:
    """A round head of lettuce: outer leaves, a pale heart and its veins."""
    width = _width(size)
    for x in (-0.20, 0.20):
        _oval(draw, centre, size, x, 0.06, 0.24, 0.30, LETTUCE, LEAF_DARK, width)
    _oval(draw, centre, size, 0.0, 0.02, 0.30, 0.36, LETTUCE, LEAF_DARK, width)
    _oval(draw, centre, size, 0.0, -0.06, 0.16, 0.20, (206, 236, 160), LEAF_DARK, width)
    for a, b in (((0.0, 0.36), (0.0, 0.12)), ((-0.22, 0.24), (-0.08, 0.10)),
                 ((0.22, 0.24), (0.08, 0.10))):
        draw.line(_placed([a, b], centre, size), fill=LEAF_DARK, width=width)


def hare(draw: ImageDraw.ImageDraw, centre: Point, size: float) -> None:
    """A sitting hare seen from the side, long ears laid back."""
    width = _width(size)
    for turn, x in ((-14.0, 0.0), (2.0, 0.08)):
        ear = [(x + 0.06, -0.12), (x + 0.02, -0.50), (x + 0.12, -0.54), (x + 0.18, -0.14)]
        draw.polygon(_placed(ear, (centre[0] + size * 0.14, centre[1]), size, turn),
                     fill=HARE, outline=INK, width=width)
    _oval(draw, centre, size, -0.08, 0.16, 0.32, 0.24, HARE, INK, width)  # body
    _oval(draw, centre, size, -0.38, 0.10, 0.08, 0.08, PAPER, INK, width)  # tail
    _oval(draw, centre, size, 0.22, -0.06, 0.16, 0.14, HARE, INK, width)  # head
    _oval(draw, centre, size, -0.02, 0.34, 0.16, 0.05, HARE_LIGHT, INK, width)  # hind foot
    _oval(draw, centre, size, 0.26, -0.08, 0.025, 0.025, INK, INK)  # eye


def tortoise(draw: ImageDraw.ImageDraw, centre: Point, size: float) -> None:
    """A tortoise seen from the side: domed, patterned shell, head out, feet down."""
    width = _width(size)
    tail = [(-0.36, -0.02), (-0.48, 0.06), (-0.34, 0.06)]
    draw.polygon(_placed(tail, centre, size), fill=SKIN, outline=INK)
    for x in (-0.26, 0.14):
        draw.rounded_rectangle(_box(centre, size, x - 0.07, -0.04, x + 0.07, 0.22),
                               radius=size * 0.04, fill=SKIN, outline=INK, width=width)
    neck = [(0.22, -0.06), (0.34, -0.04), (0.34, 0.08), (0.22, 0.06)]
    draw.polygon(_placed(neck, centre, size), fill=SKIN, outline=INK)
    _oval(draw, centre, size, 0.38, -0.02, 0.11, 0.09, SKIN, INK, width)  # head
    _oval(draw, centre, size, 0.42, -0.04, 0.02, 0.02, INK, INK)  # eye
    cx, cy = centre
    box = (cx - size * 0.40, cy - size * 0.30, cx + size * 0.32, cy + size * 0.34)
    draw.chord(box, 180, 360, fill=SHELL, outline=INK, width=width)
    rim = cy + size * 0.02
    draw.line((cx - size * 0.40, rim, cx + size * 0.32, rim), fill=INK, width=width)
    for a, b in (((-0.20, 0.02), (-0.14, -0.16)), ((-0.14, -0.16), (0.06, -0.16)),
                 ((0.06, -0.16), (0.12, 0.02)), ((-0.14, -0.16), (-0.22, -0.24)),
                 ((0.06, -0.16), (0.12, -0.24))):
        draw.line(_placed([a, b], centre, size), fill=SHELL_LINE, width=width)


def position(draw: ImageDraw.ImageDraw, centre: Point, size: float, places: str,
             text_size: int | None = None) -> None:
    """A number space: its race places ("3", or "1 5 6") in a round badge, stretched to a pill
    when the places need more room; ``text_size`` 0 draws the badge alone."""
    cx, cy = centre
    r = size * 0.40
    text = " ".join(places)
    if text_size is None:
        text_size = fit_size(text, 1.6 * r, round(size * 0.52), bold=True, smallest=8)
    half = max(r, (font(text_size, bold=True).getlength(text) + 12) / 2 if text_size else r)
    draw.rounded_rectangle((cx - half, cy - r, cx + half, cy + r), radius=r, fill=PAPER,
                           outline=INK, width=_width(size))
    if text_size:
        text_centered(draw, centre, text, text_size, bold=True)


def finish_flag(draw: ImageDraw.ImageDraw, centre: Point, size: float) -> None:
    """A chequered flag on its pole."""
    cx, cy = centre
    left, top = cx - size * 0.30, cy - size * 0.36
    square = size * 0.13
    for row in range(3):
        for col in range(4):
            fill = INK if (row + col) % 2 == 0 else PAPER
            x, y = left + col * square, top + row * square
            draw.rectangle((x, y, x + square, y + square), fill=fill)
    draw.rectangle((left, top, left + 4 * square, top + 3 * square), outline=INK,
                   width=_width(size))
    draw.line((left, top, left, cy + size * 0.44), fill=INK, width=max(2, _width(size) + 1))


def start_flag(draw: ImageDraw.ImageDraw, centre: Point, size: float) -> None:
    """A green pennant on its pole."""
    cx, cy = centre
    pole = cx - size * 0.26
    draw.polygon([(pole, cy - size * 0.38), (cx + size * 0.34, cy - size * 0.20),
                  (pole, cy - size * 0.02)], fill=FLAG, outline=INK)
    draw.line((pole, cy - size * 0.38, pole, cy + size * 0.44), fill=INK,
              width=max(2, _width(size) + 1))


Symbol = Callable[[ImageDraw.ImageDraw, Point, float], None]

SYMBOLS: dict[str, Symbol] = {
    "start": start_flag,
    "hare": hare,
    "carrot": carrot,
    "lettuce": lettuce,
    "tortoise": tortoise,
    "finish": finish_flag,
}


def space_symbol(draw: ImageDraw.ImageDraw, code: str, centre: Point, size: float,
                 text_size: int | None = None) -> None:
    """The symbol of a space by its board code (``hare``, ``pos3``, ``pos156``...);
    ``text_size``: of a number space's places (0: none)."""
    if code.startswith("pos"):
        position(draw, centre, size, code.removeprefix("pos"), text_size)
    else:
        SYMBOLS[code](draw, centre, size)
