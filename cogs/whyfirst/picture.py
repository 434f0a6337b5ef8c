"""The Why First? board as a picture: a pure function from the public view to PNG bytes.

:func:`board_facts` keeps only what the picture shows (the stage, the figures' spaces, the
scores and, in the tactical variant, the order of moves), so a change the picture does not show
(who has committed a card, hand sizes) gives the same arguments, the same digest and the same
bytes. Figure ``i`` wears seat ``i``'s colour; Leo, the phantom figure, wears grey.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

import cogs.whyfirst.captions as captions
from cogs.common.pictures import (
    INK,
    PAPER,
    RGB,
    SeatColour,
    Shape,
    background,
    draw_marker,
    encode_png,
    fit_size,
    font,
    seat_colour,
    text_centered,
    text_left,
)
from rules.whyfirst.engine import TRACK_MAX, TRACK_MIN
from rules.whyfirst.scoring import second_place
from rules.whyfirst.state import STAGES

SPACES = TRACK_MAX - TRACK_MIN + 1
CELL = 26
LANE = 40
MARGIN = 20
LANE_KEY = 44
"""The column left of the track where each lane shows its figure's marker."""
TRACK_LEFT = MARGIN + LANE_KEY
WIDTH = TRACK_LEFT + SPACES * CELL + MARGIN
HEADER = 46
NUMBERS = 28
TRACK_TOP = HEADER + NUMBERS
SECOND_TAG = 28
ORDER_ROW = 44
TABLE_ROW = 32
NAME_COLUMN = 306
STAGE_COLUMN = 82
FIGURE_RADIUS = 13
KEY_RADIUS = 14
MINUS = "\u2212"
ORDER_LEFT = MARGIN + 160
ORDER_SLOT = 130

BOARD: RGB = (238, 232, 218)
SPACE: RGB = (252, 250, 244)
START: RGB = (214, 208, 194)
LINE: RGB = (168, 160, 146)
SECOND: RGB = (255, 226, 110)
STRIPE: RGB = (246, 241, 230)
MUTED: RGB = (110, 104, 96)

LEO = SeatColour(2, "grey", (170, 170, 170), Shape.HEXAGON, "L", "⬜")
"""Leo, the phantom figure of the 2-player game (never a seat, so never a seat colour)."""


def board_facts(view: dict[str, Any]) -> dict[str, Any]:
    """What the picture shows of a public view, and nothing else."""
    return {
        "stage": view["stage"],
        "card_round": view["card_round"],
        "over": view["phase"] == "over",
        "tactical": view["variant"] == "tactical",
        "leo": view["leo"],
        "positions": list(view["positions"]),
        "stages": [
            {"second": score["second_place_space"], "scores": list(score["scores"])}
            for score in view["stage_scores"]
        ],
        "totals": list(view["totals"]),
        "order": [
            {"seat": turn["seat"], "value": turn["value"], "white": turn["white"]}
            for turn in view["pending_moves"]
        ],
    }


def figure_colour(figure: int, leo: int | None) -> SeatColour:
    """The marker of a figure: its seat's colour, or Leo's grey."""
    return LEO if figure == leo else seat_colour(figure)


def picture_size(figures: int, tactical: bool) -> tuple[int, int]:
    """Width and height of the board of ``figures`` figures."""
    order = ORDER_ROW if tactical else 0
    table = (figures + 2) * TABLE_ROW
    return WIDTH, TRACK_TOP + figures * LANE + SECOND_TAG + order + table + MARGIN


def space_x(space: int) -> float:
    """The x of the middle of track space ``space``."""
    return TRACK_LEFT + (space - TRACK_MIN) * CELL + CELL / 2


def lane_y(figure: int) -> float:
    return TRACK_TOP + figure * LANE + LANE / 2


def signed(value: int) -> str:
    """A space or score as printed: "+3", "0" and, with a true minus sign, "-2"."""
    return f"+{value}" if value > 0 else f"{MINUS}{-value}" if value < 0 else "0"


def board_png(facts: dict[str, Any], names: list[str]) -> bytes:
    """The track with every figure in its lane, the second place marked, the stage and the
    stage scores; ``names`` are by figure (Leo's included)."""
    positions: list[int] = facts["positions"]
    figures = len(positions)
    if len(names) != figures:
        raise ValueError(f"{figures} figures need {figures} names, got {len(names)}")
    width, height = picture_size(figures, facts["tactical"])
    image = background(
        f"whyfirst:{figures}:{facts['tactical']}",
        lambda: _background(width, height, figures),
    )
    draw = ImageDraw.Draw(image)
    _header(draw, facts)
    second = second_place(positions)
    if second is not None:
        _second_place(draw, second, figures)
    for figure, space in enumerate(positions):
        colour = figure_colour(figure, facts["leo"])
        draw_marker(draw, (MARGIN + LANE_KEY / 2 - 4, lane_y(figure)), KEY_RADIUS, colour)
        draw_marker(draw, (space_x(space), lane_y(figure)), FIGURE_RADIUS, colour)
    top = TRACK_TOP + figures * LANE + SECOND_TAG
    if facts["tactical"]:
        _order(draw, facts["order"], facts["leo"], top)
        top += ORDER_ROW
    _scores(draw, facts, names, top)
    return encode_png(image)


# -- the static board ----------------------------------------------------------------------


def _background(width: int, height: int, figures: int) -> Image.Image:
    image = Image.new("RGB", (width, height), BOARD)
    draw = ImageDraw.Draw(image)
    for space in range(TRACK_MIN, TRACK_MAX + 1):
        bold = space in (TRACK_MIN, 0, TRACK_MAX)
        label = signed(space).lstrip("+")  # no room for the plus sign over a space
        text_centered(draw, (space_x(space), HEADER + NUMBERS / 2), label, 13, bold=bold)
    for figure in range(figures):
        top = TRACK_TOP + figure * LANE
        for space in range(TRACK_MIN, TRACK_MAX + 1):
            _cell(draw, space, top, START if space == 0 else SPACE)
    return image


def _cell(draw: ImageDraw.ImageDraw, space: int, top: float, fill: RGB) -> None:
    left = TRACK_LEFT + (space - TRACK_MIN) * CELL
    draw.rectangle((left, top + 4, left + CELL, top + LANE - 4), fill=fill, outline=LINE)


# -- what changes --------------------------------------------------------------------------


def _header(draw: ImageDraw.ImageDraw, facts: dict[str, Any]) -> None:
    title = captions.header(facts["over"], facts["stage"], facts["card_round"])
    text_left(draw, (MARGIN, HEADER / 2), title, 24, bold=True)
    if facts["tactical"]:
        draw.text((WIDTH - MARGIN, HEADER / 2), captions.tactical(), font=font(18), fill=MUTED,
                  anchor="rm")


def _second_place(draw: ImageDraw.ImageDraw, space: int, figures: int) -> None:
    """The second place: its column lit across every lane, and a "2nd" tag under it (the
    figures on it score that space's number at the end of the stage)."""
    bottom = TRACK_TOP + figures * LANE
    for figure in range(figures):
        _cell(draw, space, TRACK_TOP + figure * LANE, SECOND)
    x = space_x(space)
    box = (x - 22, bottom + 3, x + 22, bottom + SECOND_TAG - 3)
    draw.rounded_rectangle(box, radius=6, fill=SECOND, outline=INK, width=2)
    text_centered(draw, (x, bottom + SECOND_TAG / 2), captions.second_tag(), 15, bold=True)


def _order(draw: ImageDraw.ImageDraw, order: list[dict[str, Any]], leo: int | None,
           top: float) -> None:
    """Tactical: who moves a figure next, by white number, highest first; the first is up."""
    y = top + ORDER_ROW / 2
    text_left(draw, (MARGIN, y), captions.order_of_moves(), 17, bold=True)
    if not order:
        text_left(draw, (ORDER_LEFT, y), captions.after_the_reveal(), 17, MUTED)
        return
    slot = min(ORDER_SLOT, (WIDTH - MARGIN - ORDER_LEFT) / len(order))
    for index, turn in enumerate(order):
        x = ORDER_LEFT + index * slot
        label = f"{signed(turn['value'])} #{turn['white']}"
        if index == 0:  # the seat whose turn it is
            right = x + 28 + font(16, bold=True).getlength(label) + 6
            draw.rounded_rectangle((x - 4, y - 16, right, y + 16), radius=8, fill=PAPER,
                                   outline=INK, width=2)
        draw_marker(draw, (x + 11, y), 10, figure_colour(turn["seat"], leo))
        text_left(draw, (x + 26, y), label, 16, bold=True)
        if index < len(order) - 1:
            _arrow(draw, x + slot - 20, y)


def _arrow(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """A small arrow pointing right, from ``x`` (the font has no arrow glyph)."""
    draw.line((x, y, x + 10, y), fill=INK, width=2)
    draw.polygon([(x + 14, y), (x + 8, y - 5), (x + 8, y + 5)], fill=INK)


def _scores(draw: ImageDraw.ImageDraw, facts: dict[str, Any], names: list[str],
            top: float) -> None:
    """The stage scores: one row per figure, a column per stage and the totals; the row
    above names each stage's second place."""
    stages: list[dict[str, Any]] = facts["stages"]
    left = MARGIN
    columns = [left + NAME_COLUMN + k * STAGE_COLUMN for k in range(STAGES + 1)]
    current = None if facts["over"] else facts["stage"] - 1
    rows = len(names) + 2
    if current is not None:
        x = columns[current]
        draw.rectangle((x, top, x + STAGE_COLUMN, top + rows * TABLE_ROW), fill=STRIPE)
    y = top + TABLE_ROW / 2
    for k, x in enumerate(columns):
        label = captions.stage_column(k + 1) if k < STAGES else captions.total_column()
        text_centered(draw, (x + STAGE_COLUMN / 2, y), label, 16, bold=True)
    y += TABLE_ROW
    text_left(draw, (left, y), captions.second_place_row(), 16, MUTED)
    for k, stage in enumerate(stages):
        second = captions.nobody_second() if stage["second"] is None else signed(stage["second"])
        text_centered(draw, (columns[k] + STAGE_COLUMN / 2, y), second, 16, MUTED)
    for figure, name in enumerate(names):
        y += TABLE_ROW
        draw.line((left, y - TABLE_ROW / 2, columns[-1] + STAGE_COLUMN, y - TABLE_ROW / 2),
                  fill=LINE)
        draw_marker(draw, (left + 12, y), 11, figure_colour(figure, facts["leo"]))
        room = NAME_COLUMN - 36
        text_left(draw, (left + 30, y), name, fit_size(name, room, 18), bold=False)
        for k, stage in enumerate(stages):
            score = stage["scores"][figure]
            text_centered(draw, (columns[k] + STAGE_COLUMN / 2, y), signed(score), 18,
                          INK if score else MUTED, bold=bool(score))
        total = facts["totals"][figure]
        text_centered(draw, (columns[-1] + STAGE_COLUMN / 2, y), signed(total), 20, bold=True)
