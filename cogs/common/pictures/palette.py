"""The seat colours every game uses, one definition for pictures and embed text alike.

The colours are from the Okabe-Ito palette, chosen so that players with a colour vision
deficiency can tell them apart; each colour also has its own marker shape and letter, so a
picture never depends on colour alone. Seat (or side) ``i`` always wears ``SEAT_COLOURS[i]``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

RGB = tuple[int, int, int]

INK: RGB = (34, 34, 34)
"""Text and outlines: a near-black that reads on every seat colour's outline."""
PAPER: RGB = (255, 255, 255)


class Shape(Enum):
    CIRCLE = "circle"
    SQUARE = "square"
    TRIANGLE = "triangle"
    DIAMOND = "diamond"
    HEXAGON = "hexagon"
    STAR = "star"


SHAPE_SYMBOLS: dict[Shape, str] = {
    Shape.CIRCLE: "●",
    Shape.SQUARE: "■",
    Shape.TRIANGLE: "▲",
    Shape.DIAMOND: "◆",
    Shape.HEXAGON: "⬢",
    Shape.STAR: "★",
}
"""Each marker shape as a text symbol, for the legends and text tracks under the pictures."""


@dataclass(frozen=True)
class SeatColour:
    """One seat's colour: its player-facing name, RGB, marker shape and letter, and the emoji
    square closest to it for embed text."""

    index: int
    name: str
    rgb: RGB
    shape: Shape
    letter: str
    emoji: str

    @property
    def hex(self) -> int:
        """The colour as ``0xRRGGBB`` (for ``discord.Colour``)."""
        r, g, b = self.rgb
        return (r << 16) | (g << 8) | b

    @property
    def symbol(self) -> str:
        """The marker's shape as a text symbol (``●``)."""
        return SHAPE_SYMBOLS[self.shape]

    @property
    def mark(self) -> str:
        """Shape and letter as text (``● B``): what tells the seat apart without colour."""
        return f"{self.symbol} {self.letter}"

    @property
    def key(self) -> str:
        """The seat in embed text as the picture marks it: colour, shape and letter
        (``🟦● B``)."""
        return f"{self.emoji}{self.mark}"

    @property
    def ink(self) -> RGB:
        """Ink or paper, whichever contrasts more with this colour (letters on markers)."""
        return INK if contrast(self.rgb, INK) >= contrast(self.rgb, PAPER) else PAPER


def luminance(rgb: RGB) -> float:
    """Relative luminance (WCAG), 0 for black to 1 for white."""

    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """The WCAG contrast ratio of two colours, 1 (none) to 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


# Blue and orange first: the two sides of a two-player game get the pair that stays apart
# under every kind of colour blindness.
SEAT_COLOURS: tuple[SeatColour, ...] = (
    SeatColour(0, "blue", (0, 114, 178), Shape.CIRCLE, "B", "🟦"),
    SeatColour(1, "orange", (230, 159, 0), Shape.SQUARE, "O", "🟧"),
    SeatColour(2, "green", (0, 158, 115), Shape.TRIANGLE, "G", "🟩"),
    SeatColour(3, "red", (213, 94, 0), Shape.DIAMOND, "R", "🟥"),
    SeatColour(4, "purple", (204, 121, 167), Shape.HEXAGON, "P", "🟪"),
    SeatColour(5, "yellow", (240, 228, 66), Shape.STAR, "Y", "🟨"),
)


def seat_colour(index: int) -> SeatColour:
    """The colour of seat or side ``index`` (games seat at most six)."""
    return SEAT_COLOURS[index]
