"""The Why First? board as a picture: a pure function from the public view to PNG bytes.

:func:`board_facts` keeps only what the picture shows (the stage, the figures' spaces, the
scores and, in the tactical variant, the order of moves), so a change the picture does not show
(who has committed a card, hand sizes) gives the same arguments, the same digest and the same
bytes. Figure ``i`` wears seat ``i``'s colour; Leo, the phantom figure, wears grey.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from cogs.common.i18n import N_, _
from cogs.common.pictures import (
    INK,
    PAPER,
    RGB,
    SeatColour,
    Shape,
    background,
    draw_marker,
    encode_png,
    fit_text,
    font,
    seat_colour,
    smallest_size,
    text_centered,
    text_left,
    text_right,
)
from rules.whyfirst.engine import TRACK_MAX, TRACK_MIN
from rules.whyfirst.scoring import second_place
from rules.whyfirst.state import CARD_ROUNDS, STAGES

SPACES = TRACK_MAX - TRACK_MIN + 1
CELL = 24
LANE = 44
MARGIN = 20
LANE_KEY = 96
"""The column left of the track where each lane shows its figure's marker and space."""
TRACK_LEFT = MARGIN + LANE_KEY
WIDTH = TRACK_LEFT + SPACES * CELL + MARGIN
SMALLEST = smallest_size(WIDTH)
HEADER = 46
STATUS = 36
"""The line under the title that says whose turn it is, or who won."""
NUMBERS = 32
TRACK_TOP = HEADER + STATUS + NUMBERS
SECOND_TAG = 36
ORDER_ROW = 48
TABLE_ROW = 36
STAGE_COLUMN = 76
NAME_COLUMN = WIDTH - 2 * MARGIN - (STAGES + 1) * STAGE_COLUMN
FIGURE_RADIUS = 11
KEY_RADIUS = 16
MINUS = "\u2212"
ORDER_LEFT = MARGIN + 86
ORDER_SLOT = 150

CAPTIONS = {
    "title": N_("Stage {stage} of {stages} · card round {card_round} of {card_rounds}"),
    "final": N_("Final board · after stage {stages}"),
    "tactical": N_("Tactical variant"),
    "play": N_("To play a card: {names}"),
    "move": N_("{name} moves a figure by {value}"),
    "win": N_("{names} wins with the second-highest total"),
    "wins": N_("{names} win with the second-highest total"),
    "and": N_("{names} and {last}"),
    "second": N_("2nd"),
    "order": N_("Next:"),
    "after_reveal": N_("after the next reveal"),
    "stage": N_("Stage"),
    "total": N_("Total"),
    "second_place": N_("Second place"),
    "none": N_("none"),
}
"""Every text the picture draws, in one place: marked for the catalogs, and translated into
the language spoken where the picture is drawn."""


def caption(key: str, **fields: Any) -> str:
    """The caption ``key`` in the language spoken now, its ``{fields}`` filled in."""
    return _(CAPTIONS[key], **fields)

BOARD: RGB = (238, 232, 218)
SPACE: RGB = (252, 250, 244)
START: RGB = (214, 208, 194)
LINE: RGB = (168, 160, 146)
SECOND: RGB = (255, 226, 110)
STRIPE: RGB = (246, 241, 230)
MUTED: RGB = (110, 104, 96)
HIGHLIGHT: RGB = (255, 226, 110)

LEO = SeatColour(2, "grey", (170, 170, 170), Shape.HEXAGON, "L", "⬜")
"""Leo, the phantom figure of the 2-player game (never a seat, so never a seat colour)."""


def board_facts(view: dict[str, Any]) -> dict[str, Any]:
    """What the picture shows of a public view, and nothing else: whose decision it is, but
    not what anyone has chosen."""
    over = view["phase"] == "over"
    return {
        "awaiting": [] if over else sorted(view["awaiting"]),
        "moving": view["phase"] == "move_figure",
        "winners": sorted(view.get("winners", [])),
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
    _status(draw, facts, names)
    second = second_place(positions)
    if second is not None:
        _second_place(draw, second, figures)
    for figure, space in enumerate(positions):
        colour = figure_colour(figure, facts["leo"])
        y = lane_y(figure)
        draw_marker(draw, (MARGIN + KEY_RADIUS, y), KEY_RADIUS, colour, smallest=SMALLEST)
        text_right(draw, (TRACK_LEFT - 8, y), signed(space), SMALLEST, bold=True)
        draw_marker(draw, (space_x(space), y), FIGURE_RADIUS, colour, smallest=SMALLEST)
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
    for space in range(TRACK_MIN, TRACK_MAX + 1, 2):  # every other space: room to read them
        bold = space in (TRACK_MIN, 0, TRACK_MAX)
        label = signed(space).lstrip("+")  # no room for the plus sign over a space
        text_centered(draw, (space_x(space), HEADER + STATUS + NUMBERS / 2), label, SMALLEST,
                      bold=bold)
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
    if facts["over"]:
        title = caption("final", stages=STAGES)
    else:
        title = caption("title", stage=facts["stage"], stages=STAGES,
                                         card_round=facts["card_round"], card_rounds=CARD_ROUNDS)
    text_left(draw, (MARGIN, HEADER / 2), title, 28, bold=True)
    if facts["tactical"]:
        text_right(draw, (WIDTH - MARGIN, HEADER / 2), caption("tactical"), SMALLEST, MUTED)


def joined(names: list[str]) -> str:
    """``anne``, ``anne and ben``, ``anne, ben and chris``."""
    if len(names) <= 1:
        return "".join(names)
    return caption("and", names=", ".join(names[:-1]), last=names[-1])


def _status(draw: ImageDraw.ImageDraw, facts: dict[str, Any], names: list[str]) -> None:
    """Whose decision the match waits for, or who won."""
    if facts["over"]:
        winners = [names[w] for w in facts["winners"]]
        key = "win" if len(winners) == 1 else "wins"
        text = caption(key, names=joined(winners))
    elif facts["moving"]:
        (seat,) = facts["awaiting"]
        text = caption("move", name=names[seat], value=signed(facts["order"][0]["value"]))
    else:
        text = caption("play", names=joined([names[s] for s in facts["awaiting"]]))
    text, size = fit_text(text, WIDTH - 2 * MARGIN, SMALLEST + 2, SMALLEST, bold=True)
    text_left(draw, (MARGIN, HEADER + STATUS / 2), text, size, bold=True)


def _second_place(draw: ImageDraw.ImageDraw, space: int, figures: int) -> None:
    """The second place: its column lit across every lane, and a "2nd" tag under it (the
    figures on it score that space's number at the end of the stage)."""
    bottom = TRACK_TOP + figures * LANE
    for figure in range(figures):
        _cell(draw, space, TRACK_TOP + figure * LANE, SECOND)
    x = space_x(space)
    box = (x - 28, bottom + 3, x + 28, bottom + SECOND_TAG - 3)
    draw.rounded_rectangle(box, radius=6, fill=SECOND, outline=INK, width=2)
    text_centered(draw, (x, bottom + SECOND_TAG / 2), caption("second"), SMALLEST, bold=True)


def _order(draw: ImageDraw.ImageDraw, order: list[dict[str, Any]], leo: int | None,
           top: float) -> None:
    """Tactical: who moves a figure next, by white number, highest first; the first is up."""
    y = top + ORDER_ROW / 2
    text_left(draw, (MARGIN, y), caption("order"), SMALLEST, bold=True)
    if not order:
        text_left(draw, (ORDER_LEFT, y), caption("after_reveal"), SMALLEST, MUTED)
        return
    slot = min(ORDER_SLOT, (WIDTH - MARGIN - ORDER_LEFT) / len(order))
    for index, turn in enumerate(order):
        x = ORDER_LEFT + index * slot
        label = f"{signed(turn['value'])} #{turn['white']}"
        if index == 0:  # the seat whose turn it is
            right = x + 28 + font(SMALLEST, bold=True).getlength(label) + 6
            draw.rounded_rectangle((x - 4, y - 18, right, y + 18), radius=8, fill=PAPER,
                                   outline=INK, width=2)
        draw_marker(draw, (x + 11, y), 10, figure_colour(turn["seat"], leo), smallest=SMALLEST)
        text_left(draw, (x + 25, y), label, SMALLEST, bold=True)


def _scores(draw: ImageDraw.ImageDraw, facts: dict[str, Any], names: list[str],
            top: float) -> None:
    """The stage scores: one row per figure, a column per stage and the totals; the row
    above names each stage's second place. The rows of the players awaited are lit."""
    stages: list[dict[str, Any]] = facts["stages"]
    left = MARGIN
    columns = [left + NAME_COLUMN + k * STAGE_COLUMN for k in range(STAGES + 1)]
    current = None if facts["over"] else facts["stage"] - 1
    rows = len(names) + 2
    if current is not None:
        x = columns[current]
        draw.rectangle((x, top, x + STAGE_COLUMN, top + rows * TABLE_ROW), fill=STRIPE)
    y = top + TABLE_ROW / 2
    text_left(draw, (left, y), caption("stage"), SMALLEST, bold=True)
    for k, x in enumerate(columns):
        label = str(k + 1) if k < STAGES else caption("total")
        text_centered(draw, (x + STAGE_COLUMN / 2, y), label, SMALLEST, bold=True)
    y += TABLE_ROW
    text_left(draw, (left, y), caption("second_place"), SMALLEST, MUTED)
    for k, stage in enumerate(stages):
        second = caption("none") if stage["second"] is None else signed(stage["second"])
        text_centered(draw, (columns[k] + STAGE_COLUMN / 2, y), second, SMALLEST, MUTED)
    awaited = set(facts["awaiting"])
    for figure, name in enumerate(names):
        y += TABLE_ROW
        row_top = y - TABLE_ROW / 2
        if figure in awaited:
            draw.rectangle((left, row_top, columns[0] - 4, row_top + TABLE_ROW), fill=HIGHLIGHT)
            draw.polygon([(left + 2, y - 7), (left + 12, y), (left + 2, y + 7)], fill=INK)
        draw.line((left, row_top, columns[-1] + STAGE_COLUMN, row_top), fill=LINE)
        draw_marker(draw, (left + 28, y), 13, figure_colour(figure, facts["leo"]),
                    smallest=SMALLEST)
        name, size = fit_text(name, NAME_COLUMN - 56, SMALLEST + 1, SMALLEST)
        text_left(draw, (left + 48, y), name, size)
        for k, stage in enumerate(stages):
            score = stage["scores"][figure]
            text_centered(draw, (columns[k] + STAGE_COLUMN / 2, y), signed(score), SMALLEST,
                          INK if score else MUTED, bold=bool(score))
        total = facts["totals"][figure]
        text_centered(draw, (columns[-1] + STAGE_COLUMN / 2, y), signed(total), SMALLEST + 2,
                      bold=True)
