"""The Sequence Numbers board as a picture: a pure function from the public view to PNG bytes.

The view's keys (fixed by the engine): ``layout`` (100 numbers, index row * 10 + col, row 0 = A
at the top, 0 on the four free corners), ``chips`` (100 side indexes or None), ``locked``
(spaces in completed sequences), ``sequences`` (``{"side", "spaces"}``), ``last_move``
(``{"seat", "side", "kind", "space", ...}`` or None), ``sides`` (the seats of each side),
``awaiting`` (the seat to play), ``over`` and ``winners`` (the seats that won, once over;
none in a draw; the table leaves out partners who forfeited).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from PIL import Image, ImageDraw

from cogs.common.i18n import N_, _, language, ngettext
from cogs.common.pictures import (
    INK,
    PAPER,
    background,
    digest,
    draw_marker,
    encode_png,
    fit_text,
    ring,
    seat_colour,
    smallest_size,
    text_centered,
    text_left,
)
from cogs.common.pictures.draw import shape_points
from cogs.common.pictures.palette import RGB, Shape
from cogs.numbers.symbols import colour_name

SIZE = 10
CELL = 64
LEFT = 40
HEADER = 48
"""The band above the board that says whose turn it is, or who won."""
TOP = HEADER + 40
GRID = SIZE * CELL
WIDTH = LEFT + GRID + 40
SMALLEST = smallest_size(WIDTH)
LEGEND_ROW = 58
LEGEND_TOP = TOP + GRID + 10
MAX_SIDES = 3
HEIGHT = LEGEND_TOP + MAX_SIDES * LEGEND_ROW + 8
ROWS = "ABCDEFGHIJ"

CAPTIONS = {
    "turn": N_("{name}'s turn"),
    "won": N_("{colour} wins: {names}"),
    "draw": N_("A draw: no side completed its sequences"),
    "free": N_("FREE"),
    "legend": N_("{colour}: {names}"),
    "seat": N_("seat {number}"),
}
"""Every text the picture draws, in one place, translated as it is drawn (the language spoken);
the count of a side's sequences is in :func:`sequences_caption`."""


def sequences_caption(colour: str, names: str, count: int) -> str:
    """A side's line of the legend once it has completed sequences."""
    return ngettext("{colour}: {names} · {count} sequence", "{colour}: {names} · {count} sequences",
                    count, colour=colour, names=names)

BOARD: RGB = (238, 232, 218)
SPACE: RGB = (252, 250, 244)
CORNER: RGB = (222, 222, 222)
LINE: RGB = (168, 160, 146)
HIGHLIGHT: RGB = (255, 234, 128)
CHIP_RADIUS = 25


def space_name(index: int) -> str:
    """A space as players call it: row letter and column number, "A1" to "J10"."""
    return f"{ROWS[index // SIZE]}{index % SIZE + 1}"


def cell_box(index: int) -> tuple[int, int, int, int]:
    """The pixel box (left, top, right, bottom) of space ``index``."""
    row, col = divmod(index, SIZE)
    x, y = LEFT + col * CELL, TOP + row * CELL
    return x, y, x + CELL, y + CELL


def cell_centre(index: int) -> tuple[float, float]:
    left, top, right, bottom = cell_box(index)
    return (left + right) / 2, (top + bottom) / 2


def board_png(view: dict[str, Any], names: list[str] | None = None,
              highlight: Collection[int] = frozenset()) -> bytes:
    """The board with every chip, completed sequences, the last move and, for a player's own
    picture, the ``highlight`` spaces (where a card may go); ``names`` are by seat."""
    layout: list[int] = view["layout"]
    image = background(f"numbers:{digest(layout)}:{language()}", lambda: _background(layout))
    draw = ImageDraw.Draw(image)
    for index in sorted(highlight):
        _space(draw, index, layout[index], fill=HIGHLIGHT, border=4)
    chips: list[int | None] = view["chips"]
    for index, side in enumerate(chips):
        if side is not None:  # a chip covers the number, as on the table
            _space(draw, index, None)
    for sequence in view["sequences"]:
        _sequence_line(draw, sequence["side"], sequence["spaces"])
    locked = set(view["locked"])
    for index, side in enumerate(chips):
        if side is not None:
            width = 4 if index in locked else 2
            draw_marker(draw, cell_centre(index), CHIP_RADIUS, seat_colour(side), width=width)
    if view.get("last_move"):
        _last_move(draw, view["last_move"])
    _header(draw, view, names)
    _legend(draw, view, names)
    return encode_png(image)


# -- the static board ----------------------------------------------------------------------


def _background(layout: Sequence[int]) -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), BOARD)
    draw = ImageDraw.Draw(image)
    for i in range(SIZE):
        text_centered(draw, (LEFT + i * CELL + CELL / 2, TOP - 20), str(i + 1), 22, bold=True)
        text_centered(draw, (LEFT / 2, TOP + i * CELL + CELL / 2), ROWS[i], 22, bold=True)
    for index, number in enumerate(layout):
        _space(draw, index, number)
    return image


def _space(draw: ImageDraw.ImageDraw, index: int, number: int | None, *, fill: RGB = SPACE,
           border: int = 0) -> None:
    """One space: its square, its number (None: left blank for a chip), or the free-corner
    star."""
    left, top, right, bottom = cell_box(index)
    free = number == 0
    draw.rectangle((left, top, right, bottom), fill=CORNER if free else fill, outline=LINE)
    if border:
        draw.rectangle((left + 1, top + 1, right - 1, bottom - 1), outline=INK, width=border)
    centre = cell_centre(index)
    if free:
        draw.polygon(shape_points(Shape.STAR, (centre[0], centre[1] - 9), 16), fill=PAPER,
                     outline=INK, width=2)
        text_centered(draw, (centre[0], bottom - 13), _(CAPTIONS["free"]), SMALLEST, bold=True)
    elif number is not None:
        text_centered(draw, centre, str(number), 26)


# -- what changes --------------------------------------------------------------------------


def _sequence_line(draw: ImageDraw.ImageDraw, side: int, spaces: Sequence[int]) -> None:
    """A completed sequence: a thick line in the side's colour through its five spaces,
    drawn under the chips so their letters stay readable."""
    ends = [cell_centre(min(spaces)), cell_centre(max(spaces))]
    draw.line(ends, fill=INK, width=14)
    draw.line(ends, fill=seat_colour(side).rgb, width=8)
    for x, y in ends:
        draw.ellipse((x - 7, y - 7, x + 7, y + 7), fill=INK)


def _last_move(draw: ImageDraw.ImageDraw, move: dict[str, Any]) -> None:
    """A ring round the space of the last move; a removed chip leaves a broken ring and a small
    X in the corner, with the freed number readable inside."""
    centre = cell_centre(move["space"])
    radius = CELL / 2 - 3
    if move["kind"] == "remove":
        cx, cy = centre
        box = (cx - radius, cy - radius, cx + radius, cy + radius)
        for k in range(12):
            draw.arc(box, k * 30, k * 30 + 18, fill=INK, width=4)
        _, top, right, _ = cell_box(move["space"])
        for sign in (1, -1):
            x, y = right - 8, top + 8
            draw.line((x - 5, y - 5 * sign, x + 5, y + 5 * sign), fill=INK, width=3)
        return
    ring(draw, centre, radius, INK, 4)
    ring(draw, centre, radius - 4, PAPER, 2)


def _name(names: list[str] | None, seat: int) -> str:
    return names[seat] if names else _(CAPTIONS["seat"], number=seat + 1)


def winning_side(view: dict[str, Any]) -> tuple[int, list[int]] | None:
    """The side of the seats that won (the view's ``winners``) and those seats; None in a
    draw."""
    won = view.get("winners", [])
    for side, seats in enumerate(view["sides"]):
        if members := [seat for seat in seats if seat in won]:
            return side, members
    return None


def _header(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str] | None) -> None:
    """Whose turn it is, with their side's marker; or, once over, the winning side or the
    draw."""
    y = HEADER / 2 + 4
    room = WIDTH - 2 * LEFT
    if view["over"]:
        won = winning_side(view)
        if won is None:
            text = _(CAPTIONS["draw"])
        else:
            side, members = won
            colour = seat_colour(side)
            who = ", ".join(_name(names, s) for s in members)
            text = _(CAPTIONS["won"], colour=colour_name(side), names=who)
            draw_marker(draw, (LEFT - 4, y), 18, colour)
        text, size = fit_text(text, room, 26, SMALLEST, bold=True)
        text_left(draw, (LEFT + 24, y), text, size, bold=True)
        return
    (seat,) = view["awaiting"]
    side = view["side_of_seat"][seat]
    draw_marker(draw, (LEFT - 4, y), 18, seat_colour(side))
    text, size = fit_text(_(CAPTIONS["turn"], name=_name(names, seat)), room, 26, SMALLEST,
                          bold=True)
    text_left(draw, (LEFT + 24, y), text, size, bold=True)


def _legend(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str] | None) -> None:
    """One line per side: its marker, its players and its completed sequences."""
    sides: list[list[int]] = view["sides"]
    if len(sides) > MAX_SIDES:
        raise ValueError(f"Sequence Numbers has at most {MAX_SIDES} sides, got {len(sides)}")
    done = [0] * len(sides)
    for sequence in view["sequences"]:
        done[sequence["side"]] += 1
    for side, seats in enumerate(sides):
        y = LEGEND_TOP + side * LEGEND_ROW + LEGEND_ROW / 2
        colour = seat_colour(side)
        draw_marker(draw, (LEFT + 10, y), CHIP_RADIUS, colour)
        who = ", ".join(_name(names, s) for s in seats)
        if done[side]:
            text = sequences_caption(colour_name(side), who, done[side])
        else:
            text = _(CAPTIONS["legend"], colour=colour_name(side), names=who)
        text, size = fit_text(text, WIDTH - LEFT - 50 - 20, 22, SMALLEST)
        text_left(draw, (LEFT + 50, y), text, size)
