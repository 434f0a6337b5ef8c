"""The Great Canyon Race board as a picture: a pure function from the public view to PNG bytes.

:func:`board_facts` keeps only what the picture shows (each driver's score, collisions and
fate, the action row as the public sees it, the round), so a change the picture does not show
(who has committed, a sealed card, hand sizes) gives the same arguments and the same bytes.
A face-down action card carries no name here: the public view has none to give.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from cogs.common.i18n import N_, _, language, ngettext
from cogs.common.pictures import (
    INK,
    PAPER,
    RGB,
    background,
    draw_marker,
    encode_png,
    fit_text,
    font,
    seat_colour,
    smallest_size,
    text_centered,
    text_left,
)
from rules.canyon.cards import ROUNDS
from rules.canyon.race import CHICKEN_BELOW, CIRCLED, COLLISIONS_SURVIVED, EDGE, TRACK_TOP

SPACES = TRACK_TOP + 1
CELL = 14
LANE = 44
MARGIN = 20
LANE_KEY = 40
TRACK_LEFT = MARGIN + LANE_KEY
TRACK_RIGHT = TRACK_LEFT + SPACES * CELL
TOKEN_COLUMN = 100
WIDTH = TRACK_RIGHT + TOKEN_COLUMN + MARGIN
SMALLEST = smallest_size(WIDTH)
HEADER = 46
ZONES = 34
NUMBERS = 36
TRACK_TOP_Y = HEADER + ZONES + NUMBERS
LEGEND_ROW = 38
LEGEND_COLUMNS = 2
CARD_WIDTH = 74
CARD_HEIGHT = 96
CARD_GAP = (WIDTH - 2 * MARGIN - ROUNDS * CARD_WIDTH) / (ROUNDS - 1)
ROW_TITLE = 38
CAR_RADIUS = 11
MINUS = "\u2212"
TIMES = "\u00d7"

BOARD: RGB = (238, 232, 218)
SPACE: RGB = (252, 250, 244)
CHICKEN: RGB = (232, 236, 244)
STOP: RGB = (222, 242, 222)
CANYON: RGB = (236, 206, 186)
CIRCLE: RGB = (200, 62, 40)
CIRCLE_BAND: RGB = (240, 170, 150)
LINE: RGB = (178, 170, 156)
MUTED: RGB = (110, 104, 96)
CARD_BACK: RGB = (62, 84, 128)
CARD_BACK_LINE: RGB = (92, 116, 162)
SPENT: RGB = (226, 222, 212)
TOKEN: RGB = (200, 62, 40)

FACES = {
    "divide_by_2": "\u00f72",
    "multiply_by_2": f"{TIMES}2",
    "multiply_by_3": f"{TIMES}3",
    "keep_value": f"{TIMES}1",
    "change_sign": f"{TIMES}{MINUS}1",
    "change_sign_multiply_by_2": f"{TIMES}{MINUS}2",
    "cancel": f"{TIMES}0",
    "send_left": "",
    "send_right": "",
}
"""How each action card's face reads: its symbol (send cards show an arrow). The cards' names
are in the text under the picture: on a phone they could not be read on the card."""

CAPTIONS = {
    "chicken": N_("chicken: under 16"),
    "stop": N_("stop: 16 to 30"),
    "canyon": N_("canyon: over 30"),
    "first_hand": N_("Round {round} of {rounds} · first hand"),
    "second_hand": N_("Round {round} of {rounds} · second hand"),
    "nobody": N_("The race is over: nobody wins"),
    "action_cards": N_("Action cards by round"),
}
"""Every text the picture draws, in one place, translated as it is drawn (the language
spoken); the texts a count chooses are in :func:`score_caption`."""
WON = (
    N_("The race is over: {first} wins"),
    N_("The race is over: {first} and {last} win"),
    N_("The race is over: {first}, {others} and {last} win"),
)
"""The winners' caption: one, two, or more drivers who stopped on the same best space."""


def score_caption(fate: str, name: str, score: int) -> str:
    """A driver's line of the legend (``fate``: points, out or hero), the form their score
    chooses: the captions a count chooses, beside the others."""
    if fate == "out":
        return ngettext("{name}: {count} point · out", "{name}: {count} points · out", score,
                        name=name)
    if fate == "hero":
        return ngettext("{name}: {count} point · hero finish",
                        "{name}: {count} points · hero finish", score, name=name)
    return ngettext("{name}: {count} point", "{name}: {count} points", score, name=name)


def board_facts(view: dict[str, Any]) -> dict[str, Any]:
    """What the picture shows of a public view, and nothing else."""
    return {
        "round": view["round"],
        "hand": view["hand_number"],
        "over": view["phase"] == "over",
        "scores": list(view["scores"]),
        "collisions": list(view["collisions"]),
        "eliminated": list(view["eliminated"]),
        "hero": list(view["hero"]),
        "row": [cell["kind"] if cell["face_up"] else None for cell in view["row"]],
        "winners": sorted(view.get("winners", [])),
    }


def legend_top(drivers: int) -> float:
    """Where the names of the ``drivers`` drivers start, under their lanes."""
    return TRACK_TOP_Y + drivers * LANE + 12


def row_top(drivers: int) -> float:
    """Where the action row starts, under the names."""
    return legend_top(drivers) + -(-drivers // LEGEND_COLUMNS) * LEGEND_ROW


def picture_size(drivers: int) -> tuple[int, int]:
    """Width and height of the board of ``drivers`` drivers."""
    return WIDTH, round(row_top(drivers)) + ROW_TITLE + CARD_HEIGHT + MARGIN


def space_x(space: int) -> float:
    """The x of the middle of score space ``space``."""
    return TRACK_LEFT + space * CELL + CELL / 2


def lane_y(seat: int) -> float:
    """The y of the middle of ``seat``'s lane."""
    return TRACK_TOP_Y + seat * LANE + LANE / 2


def card_box(drivers: int, index: int, *, now: bool = False) -> tuple[float, float, float, float]:
    """The box of the action card of round ``index + 1``; this round's card sits higher."""
    left = MARGIN + index * (CARD_WIDTH + CARD_GAP)
    top = row_top(drivers) + ROW_TITLE
    if now:
        return left, top, left + CARD_WIDTH, top + CARD_HEIGHT - 12
    return left, top + 6, left + CARD_WIDTH, top + CARD_HEIGHT - 6


def board_png(facts: dict[str, Any], names: list[str]) -> bytes:
    """The score track with each driver's car in its lane and their collision tokens, who is
    who, and the action row; ``names`` are by seat."""
    drivers = len(facts["scores"])
    if len(names) != drivers:
        raise ValueError(f"{drivers} drivers need {drivers} names, got {len(names)}")
    width, height = picture_size(drivers)
    image = background(f"canyon:{drivers}:{language()}",
                       lambda: _background(width, height, drivers))
    draw = ImageDraw.Draw(image)
    _header(draw, facts, names)
    for seat in range(drivers):
        _lane(draw, facts, seat)
    _legend(draw, facts, names, legend_top(drivers))
    _row(draw, facts, drivers)
    return encode_png(image)


# -- the static board ----------------------------------------------------------------------


def _zone(space: int) -> RGB:
    if space < CHICKEN_BELOW:
        return CHICKEN
    return STOP if space <= EDGE else CANYON


def _background(width: int, height: int, drivers: int) -> Image.Image:
    image = Image.new("RGB", (width, height), BOARD)
    draw = ImageDraw.Draw(image)
    zone_y = HEADER + ZONES / 2
    for first, last, key in (
        (0, CHICKEN_BELOW - 1, "chicken"),
        (CHICKEN_BELOW, EDGE, "stop"),
        (EDGE + 1, TRACK_TOP, "canyon"),
    ):
        left, right = TRACK_LEFT + first * CELL, TRACK_LEFT + (last + 1) * CELL
        draw.rectangle((left, zone_y - 15, right, zone_y + 15), fill=_zone(first), outline=LINE)
        label, size = fit_text(_(CAPTIONS[key]), right - left - 4, SMALLEST, SMALLEST, bold=True)
        text_centered(draw, ((left + right) / 2, zone_y), label, size, bold=True)
    numbers_y = HEADER + ZONES + NUMBERS / 2
    for space in range(0, SPACES, 5):
        x = space_x(space)
        if space in CIRCLED:
            draw.ellipse((x - 17, numbers_y - 17, x + 17, numbers_y + 17), fill=PAPER,
                         outline=CIRCLE, width=2)
        text_centered(draw, (x, numbers_y), str(space), SMALLEST, bold=space == EDGE)
    for seat in range(drivers):
        top = TRACK_TOP_Y + seat * LANE
        for space in range(SPACES):
            left = TRACK_LEFT + space * CELL
            fill = _zone(space)
            draw.rectangle((left, top + 6, left + CELL, top + LANE - 6), fill=fill, outline=LINE)
            if space in CIRCLED:  # a danger space: a red band across the lane
                draw.rectangle((left + 3, top + 6, left + CELL - 3, top + LANE - 6),
                               fill=CIRCLE_BAND)
    edge_x = TRACK_LEFT + (EDGE + 1) * CELL
    bottom = TRACK_TOP_Y + drivers * LANE
    draw.line((edge_x, TRACK_TOP_Y, edge_x, bottom), fill=INK, width=3)
    return image


# -- what changes --------------------------------------------------------------------------


def _header(draw: ImageDraw.ImageDraw, facts: dict[str, Any], names: list[str]) -> None:
    """The round and hand; once over, who won (nobody, when no car stopped on the edge)."""
    if facts["over"]:
        winners = [names[s] for s in facts["winners"]]
        if not winners:
            title = _(CAPTIONS["nobody"])
        else:
            first, *others, last = [*winners, winners[-1]][: max(len(winners), 2)]
            title = _(WON[min(len(winners), 3) - 1], first=first, others=", ".join(others),
                      last=last)
    else:
        hand = "first_hand" if facts["hand"] == 1 else "second_hand"
        title = _(CAPTIONS[hand], round=facts["round"], rounds=ROUNDS)
    title, size = fit_text(title, WIDTH - 2 * MARGIN, 28, SMALLEST, bold=True)
    text_left(draw, (MARGIN, HEADER / 2), title, size, bold=True)


def _lane(draw: ImageDraw.ImageDraw, facts: dict[str, Any], seat: int) -> None:
    """A driver's lane: their marker as the lane's key, the car on its score with the score
    beside it, crossed out when eliminated, and the collision tokens taken."""
    y = lane_y(seat)
    colour = seat_colour(seat)
    draw_marker(draw, (MARGIN + LANE_KEY / 2 - 4, y), 14, colour, smallest=SMALLEST)
    score = facts["scores"][seat]
    x = space_x(score)
    draw_marker(draw, (x, y), CAR_RADIUS, colour, smallest=SMALLEST)
    if facts["eliminated"][seat]:
        for sign in (1, -1):
            draw.line((x - 13, y - 13 * sign, x + 13, y + 13 * sign), fill=INK, width=4)
    _score_tag(draw, score, x, y)
    _tokens(draw, facts["collisions"][seat], y)


def _score_tag(draw: ImageDraw.ImageDraw, score: int, x: float, y: float) -> None:
    """The score in a small label beside the car (left of it at the end of the track)."""
    label = str(score)
    width = font(SMALLEST, bold=True).getlength(label) + 8
    left = x - CAR_RADIUS - 3 - width if score > TRACK_TOP - 4 else x + CAR_RADIUS + 3
    draw.rounded_rectangle((left, y - 15, left + width, y + 15), radius=4, fill=PAPER,
                           outline=LINE)
    text_centered(draw, (left + width / 2, y), label, SMALLEST, bold=True)


def _tokens(draw: ImageDraw.ImageDraw, taken: int, y: float) -> None:
    """Collision tokens: a slot for each of the three a car survives, filled when taken;
    a fourth (a burnt-out car or a hero finish) adds one."""
    for slot in range(max(COLLISIONS_SURVIVED, taken)):
        x = TRACK_RIGHT + 18 + slot * 22
        box = (x - 8, y - 8, x + 8, y + 8)
        if slot < taken:
            draw.ellipse(box, fill=TOKEN, outline=INK, width=2)
            draw.line((x - 4, y - 4, x + 4, y + 4), fill=PAPER, width=2)
            draw.line((x - 4, y + 4, x + 4, y - 4), fill=PAPER, width=2)
        else:
            draw.ellipse(box, outline=LINE, width=2)


def _legend(draw: ImageDraw.ImageDraw, facts: dict[str, Any], names: list[str],
            top: float) -> None:
    """Who drives which car: marker, name, score and fate once it is known."""
    column = (WIDTH - 2 * MARGIN) / LEGEND_COLUMNS
    for seat, name in enumerate(names):
        row, col = divmod(seat, LEGEND_COLUMNS)
        x, y = MARGIN + col * column, top + row * LEGEND_ROW + LEGEND_ROW / 2
        draw_marker(draw, (x + 12, y), 12, seat_colour(seat), smallest=SMALLEST)
        score = facts["scores"][seat]
        fate = "out" if facts["eliminated"][seat] else "hero" if facts["hero"][seat] else "points"
        room = column - 40 - font(SMALLEST).getlength(score_caption(fate, "", score))
        name, _size = fit_text(name, room, SMALLEST, SMALLEST)  # a long name gives way
        text_left(draw, (x + 30, y), score_caption(fate, name, score), SMALLEST)


def _row(draw: ImageDraw.ImageDraw, facts: dict[str, Any], drivers: int) -> None:
    """The ten action cards: face up with their symbol and name, face down as a card back;
    this round's card raised and outlined, the cards of rounds played greyed."""
    top = row_top(drivers)
    text_left(draw, (MARGIN, top + ROW_TITLE / 2), _(CAPTIONS["action_cards"]), SMALLEST, bold=True)
    now = None if facts["over"] else facts["round"]
    for index, kind in enumerate(facts["row"]):
        round_no = index + 1
        box = card_box(drivers, index, now=round_no == now)
        if kind is None:
            _card_back(draw, box)
        else:
            spent = now is None or round_no < now
            _card_face(draw, box, kind, SPENT if spent else PAPER)
        draw.rounded_rectangle(box, radius=8, outline=INK, width=4 if round_no == now else 1)
        text_centered(draw, ((box[0] + box[2]) / 2, top + ROW_TITLE + CARD_HEIGHT + 4),
                      str(round_no), SMALLEST, INK if round_no == now else MUTED,
                      bold=round_no == now)


def _card_back(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float]) -> None:
    left, top, right, bottom = box
    draw.rounded_rectangle(box, radius=8, fill=CARD_BACK)
    step = 12
    for offset in range(-int(bottom - top), int(right - left), step):
        start = (left + max(offset, 0), top + max(-offset, 0))
        length = min(right - start[0], bottom - start[1])
        draw.line((start, (start[0] + length, start[1] + length)), fill=CARD_BACK_LINE, width=2)
    text_centered(draw, ((left + right) / 2, (top + bottom) / 2), "?", 30, PAPER, bold=True)


def _card_face(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], kind: str,
               fill: RGB) -> None:
    left, top, right, bottom = box
    draw.rounded_rectangle(box, radius=8, fill=fill)
    symbol = FACES[kind]
    x, y = (left + right) / 2, (top + bottom) / 2
    if symbol:
        text_centered(draw, (x, y), symbol, 32, bold=True)
    else:
        _send_arrow(draw, x, y, -1 if kind == "send_left" else 1)


def _send_arrow(draw: ImageDraw.ImageDraw, x: float, y: float, direction: int) -> None:
    """A thick arrow pointing left (-1) or right (+1): the font has no arrow glyph."""
    draw.line((x - 16 * direction, y, x + 6 * direction, y), fill=INK, width=6)
    tip = x + 18 * direction
    draw.polygon([(tip, y), (tip - 14 * direction, y - 11), (tip - 14 * direction, y + 11)],
                 fill=INK)
