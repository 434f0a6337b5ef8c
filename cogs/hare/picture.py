"""The Hare and Tortoise board as a picture: a pure function from the public view to PNG bytes.

The track winds in rows of nine spaces, left to right, then right to left: Start stands at the
top left, the Finish at the bottom right. Each space shows its printed symbol and its number;
a marker hides the symbol, which then shrinks into the space's corner. Below the track, one
row per player gives their markers, carrots and lettuces, and marks whose move it is.

:func:`board_facts` keeps only what the picture shows, so a change it does not show (a pending
position payout, a lettuce to eat, the decision counter) gives the same digest and bytes.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from PIL import Image, ImageDraw

from cogs.common.i18n import N_, _, language
from cogs.common.pictures import (
    INK,
    RGB,
    background,
    digest,
    draw_marker,
    encode_png,
    fit_text,
    seat_colour,
    smallest_size,
    text_centered,
    text_left,
)
from cogs.hare.symbols import carrot, lettuce, space_symbol

COLUMNS = 9
ROWS = 7
CELL = 68
GAP = 20
"""Between two rows of spaces, where the path turns."""
MARGIN = 14
END = 96
END_ROWS = 3
"""The Start and Finish areas stand beside the first and last three rows."""
TRACK_LEFT = MARGIN + END
TRACK_TOP = MARGIN
TRACK_BOTTOM = TRACK_TOP + ROWS * CELL + (ROWS - 1) * GAP
WIDTH = TRACK_LEFT + COLUMNS * CELL + END + MARGIN
SMALLEST = smallest_size(WIDTH)
STATUS_TOP = TRACK_BOTTOM + 8
STATUS = 40
"""The line under the track that says whose turn it is, or who won."""
PANEL_TOP = STATUS_TOP + STATUS
PANEL_ROW = 38
MAX_PLAYERS = 6
FINISH = ROWS * COLUMNS + 1

MARKER_RADIUS = 21
END_RADIUS = 15
RING = 5
"""How far the ring round a marker of the player to move reaches beyond it."""
PANEL_RADIUS = 12
SYMBOL = 40
CORNER_SYMBOL = 18

BOARD: RGB = (238, 232, 218)
PATH: RGB = (205, 190, 160)
LINE: RGB = (150, 140, 124)
MUTED: RGB = (110, 104, 96)
HIGHLIGHT: RGB = (255, 226, 110)
TINTS: dict[str, RGB] = {
    "start": (250, 248, 242),
    "finish": (250, 248, 242),
    "hare": (240, 228, 212),
    "carrot": (253, 226, 196),
    "lettuce": (224, 242, 204),
    "tortoise": (214, 234, 226),
    "pos": (232, 232, 244),
}

Box = tuple[float, float, float, float]

CAPTIONS = {
    "start": N_("START"),
    "finish": N_("FINISH"),
    "turn": N_("{name}'s turn"),
    "won": N_("{name} wins the race"),
    "to_move": N_("to move"),
    "finished": N_("finished {place}"),
    "finished_markers": N_("finished {places}"),
}
PLACES = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"), N_("6th"))
"""Every text the picture draws, in one place: marked for the catalogs, and translated into
the language spoken where the picture is drawn; the finishing places of at most six runners
are spelt here too."""


def caption(key: str, **fields: Any) -> str:
    """The caption ``key`` in the language spoken now, its ``{fields}`` filled in."""
    return _(CAPTIONS[key], **fields)


def ordinal(place: int) -> str:
    """A finishing place as the picture prints it: ``1st``."""
    return _(PLACES[place - 1])


def picture_size(players: int) -> tuple[int, int]:
    """The picture's width and height for ``players`` players."""
    return WIDTH, PANEL_TOP + players * PANEL_ROW + MARGIN


def board_facts(view: dict[str, Any]) -> dict[str, Any]:
    """What the picture shows of a public view, and nothing else."""
    return {
        "board": list(view["board"]),
        "two_markers": view["two_markers"],
        "to_move": [] if view["over"] else list(view["to_move"]),
        "markers": [
            [m["seat"], m["marker"], m["space"], m["finish_place"]] for m in view["markers"]
        ],
        "supplies": [[p["carrots"], p["lettuces"]] for p in view["players"]],
        "winner": min(view["winners"], default=None) if view["over"] else None,
    }


# -- where things are ------------------------------------------------------------------------


def space_box(index: int) -> Box:
    """The pixel box of action space ``index`` (1..63), or of the Start (0) or Finish area."""
    if index == 0:
        return MARGIN, TRACK_TOP, TRACK_LEFT - 8, TRACK_TOP + END_ROWS * (CELL + GAP) - GAP
    if index == FINISH:
        right = WIDTH - MARGIN
        return right - END + 8, TRACK_BOTTOM - END_ROWS * (CELL + GAP) + GAP, right, TRACK_BOTTOM
    row, step = divmod(index - 1, COLUMNS)
    column = step if row % 2 == 0 else COLUMNS - 1 - step
    left, top = TRACK_LEFT + column * CELL, TRACK_TOP + row * (CELL + GAP)
    return left, top, left + CELL, top + CELL


def space_centre(index: int) -> tuple[float, float]:
    left, top, right, bottom = space_box(index)
    return (left + right) / 2, (top + bottom) / 2


def _path_point(index: int) -> tuple[float, float]:
    """Where the path passes through a space: the Start and Finish areas are met at the
    height of the first and last row."""
    if index == 0:
        return space_centre(0)[0], space_centre(1)[1]
    if index == FINISH:
        return space_centre(FINISH)[0], space_centre(FINISH - 1)[1]
    return space_centre(index)


def start_slots(count: int) -> list[tuple[float, float]]:
    """Where ``count`` markers stand on Start: two columns under its name."""
    left, top, right, _ = space_box(0)
    middle = (left + right) / 2
    return [(middle + (-21 if k % 2 == 0 else 21), top + 72 + (k // 2) * 52) for k in range(count)]


def finish_slots(count: int) -> list[tuple[float, float]]:
    """Where ``count`` finished markers stand, in finishing order: one a row, under its name."""
    _, top, right, _ = space_box(FINISH)
    return [(right - 26, top + 70 + k * 38) for k in range(count)]


# -- the drawing -----------------------------------------------------------------------------


def board_png(facts: dict[str, Any], names: list[str]) -> bytes:
    """The track with every marker, and the players' panel; ``facts`` from :func:`board_facts`,
    ``names`` by seat."""
    board: list[str] = facts["board"]
    players = len(facts["supplies"])
    if players > MAX_PLAYERS:
        raise ValueError(f"Hare and Tortoise has at most {MAX_PLAYERS} players, got {players}")
    size = picture_size(players)
    image = background(  # START and FINISH are drawn in the language spoken
        f"hare:{language()}:{digest(board, size)}", lambda: _background(board, size)
    )
    draw = ImageDraw.Draw(image)
    two = facts["two_markers"]
    to_move = set(facts["to_move"])
    on_start, finished = [], []
    for seat, number, index, place in sorted(facts["markers"]):
        if place is not None:
            finished.append((place, seat, number))
        elif index == 0:
            on_start.append((seat, number))
        else:
            _occupied_space(draw, index, board[index])
            cx, cy = space_centre(index)
            _marker(draw, (cx, cy + 5), MARKER_RADIUS, seat, marker_label(seat, number, two),
                    moving=seat in to_move)
    for (seat, number), centre in zip(on_start, start_slots(len(on_start)), strict=True):
        _marker(draw, centre, END_RADIUS, seat, marker_label(seat, number, two),
                moving=seat in to_move)
    finished.sort()
    for (place, seat, number), centre in zip(finished, finish_slots(len(finished)), strict=True):
        text_left(draw, (space_box(FINISH)[0] + 4, centre[1]), ordinal(place), SMALLEST,
                  bold=True)
        _marker(draw, centre, END_RADIUS, seat, marker_label(seat, number, two))
    _status(draw, facts, names)
    _panel(draw, facts, names)
    return encode_png(image)


def _background(board: list[str], size: tuple[int, int]) -> Image.Image:
    """The empty track: the winding path, every space with its symbol and number."""
    image = Image.new("RGB", size, BOARD)
    draw = ImageDraw.Draw(image)
    path = [_path_point(index) for index in range(FINISH + 1)]
    draw.line(path, fill=PATH, width=34, joint="curve")
    for before, after in pairwise(path):
        _chevron(draw, before, after)
    for index in range(1, FINISH):
        _space(draw, index, board[index])
    for index, label in ((0, caption("start")), (FINISH, caption("finish"))):
        left, top, right, bottom = space_box(index)
        draw.rounded_rectangle((left, top, right, bottom), radius=10, fill=TINTS[board[index]],
                               outline=INK, width=2)
        middle = (left + right) / 2
        space_symbol(draw, board[index], (middle, top + 18), 26)
        label, size = fit_text(label, right - left - 6, SMALLEST, SMALLEST, bold=True)
        text_centered(draw, (middle, top + 42), label, size, bold=True)
    return image


def _chevron(draw: ImageDraw.ImageDraw, before: tuple[float, float],
             after: tuple[float, float]) -> None:
    """The way along the path at each turn, where it shows between two rows."""
    (x0, y0), (_, y1) = before, after
    if y1 > y0:
        y = y0 + CELL / 2 + GAP / 2
        draw.line([(x0 - 7, y - 4), (x0, y + 3), (x0 + 7, y - 4)], fill=INK, width=3,
                  joint="curve")


def _tint(code: str) -> RGB:
    return TINTS["pos" if code.startswith("pos") else code]


def _space(draw: ImageDraw.ImageDraw, index: int, code: str) -> None:
    """An empty action space: its tint, its number in the corner, its symbol."""
    left, top, right, bottom = space_box(index)
    draw.rectangle((left + 1, top + 1, right - 1, bottom - 1), fill=_tint(code), outline=LINE,
                   width=2)
    text_left(draw, (left + 4, top + 13), str(index), SMALLEST, MUTED, bold=True)
    cx, cy = space_centre(index)
    if code.startswith("pos"):  # the places' badge may be as wide as the space
        space_symbol(draw, code, (cx, cy + 10), SYMBOL, SMALLEST)
    else:
        space_symbol(draw, code, (cx + 5, cy + 8), SYMBOL)


def _occupied_space(draw: ImageDraw.ImageDraw, index: int, code: str) -> None:
    """A space under a marker: the symbol moves to the top right corner, out of its way."""
    left, top, right, bottom = space_box(index)
    draw.rectangle((left + 3, top + 3, right - 3, bottom - 3), fill=_tint(code))
    text_left(draw, (left + 4, top + 13), str(index), SMALLEST, MUTED, bold=True)
    space_symbol(draw, code, (right - 12, top + 12), CORNER_SYMBOL, 0)


def marker_label(seat: int, number: int, two_markers: bool) -> str:
    """The letters on a marker: the seat's letter, and the marker's number with two each."""
    letter = seat_colour(seat).letter
    return f"{letter}{number + 1}" if two_markers else letter


def _marker(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, seat: int,
            label: str, *, moving: bool = False) -> None:
    """A marker in its seat's colour and shape with its label; ``moving``: ringed, as a marker
    of the player to move."""
    if moving:
        cx, cy = centre
        reach = radius + RING
        draw.ellipse((cx - reach, cy - reach, cx + reach, cy + reach), fill=HIGHLIGHT,
                     outline=INK, width=2)
    draw_marker(draw, centre, radius, seat_colour(seat), letter=label, smallest=SMALLEST)


# -- the players' panel ----------------------------------------------------------------------


def _status(draw: ImageDraw.ImageDraw, facts: dict[str, Any], names: list[str]) -> None:
    """Whose turn it is, or who won the race."""
    if facts["winner"] is not None:
        text = caption("won", name=names[facts["winner"]])
    elif facts["to_move"]:
        text = caption("turn", name=names[facts["to_move"][0]])
    else:
        return
    text, size = fit_text(text, WIDTH - 2 * MARGIN, SMALLEST + 3, SMALLEST, bold=True)
    text_left(draw, (MARGIN, STATUS_TOP + STATUS / 2), text, size, bold=True)


def _panel(draw: ImageDraw.ImageDraw, facts: dict[str, Any], names: list[str]) -> None:
    """One row per player: their markers, name, carrots and lettuces, and whose move it is."""
    two = facts["two_markers"]
    to_move = set(facts["to_move"])
    places: dict[int, list[tuple[int, str]]] = {}
    for seat, number, _space, place in facts["markers"]:
        if place is not None:
            places.setdefault(seat, []).append((place, marker_label(seat, number, two)))
    for seat, (carrots, lettuces) in enumerate(facts["supplies"]):
        top = PANEL_TOP + seat * PANEL_ROW
        y = top + PANEL_ROW / 2
        if seat in to_move:
            draw.rounded_rectangle((MARGIN, top + 2, WIDTH - MARGIN, top + PANEL_ROW - 2),
                                   radius=8, fill=HIGHLIGHT, outline=INK, width=1)
            draw.polygon([(MARGIN + 8, y - 7), (MARGIN + 20, y), (MARGIN + 8, y + 7)], fill=INK)
        for number in range(2 if two else 1):
            centre = (MARGIN + 40 + number * 30, y)
            _marker(draw, centre, PANEL_RADIUS, seat, marker_label(seat, number, two))
        name_left = MARGIN + 100
        name, size = fit_text(names[seat], 250, SMALLEST + 1, SMALLEST, bold=True)
        text_left(draw, (name_left, y), name, size, bold=True)
        carrot(draw, (name_left + 270, y), 26)
        text_left(draw, (name_left + 286, y), str(carrots), SMALLEST, bold=True)
        lettuce(draw, (name_left + 350, y), 26)
        text_left(draw, (name_left + 366, y), str(lettuces), SMALLEST, bold=True)
        status = _standing(seat in to_move, sorted(places.get(seat, [])), two)
        if status:
            room = WIDTH - MARGIN - name_left - 400
            status, size = fit_text(status, room, SMALLEST, SMALLEST)
            text_left(draw, (name_left + 400, y), status, size, MUTED)


def _standing(moving: bool, places: list[tuple[int, str]], two_markers: bool) -> str:
    """``to move``, or the finishing places: ``finished 2nd``, ``finished O2 1st, O1 3rd``."""
    if moving:
        return caption("to_move")
    if not places:
        return ""
    if two_markers:
        spots = ", ".join(f"{label} {ordinal(place)}" for place, label in places)
        return caption("finished_markers", places=spots)
    return caption("finished", place=ordinal(places[0][0]))
