"""Reading a board's text legend and its text track, and matching them to the picture."""

from __future__ import annotations

from PIL import Image

from cogs.common.pictures import SEAT_COLOURS, SeatColour
from cogs.whyfirst.picture import LEO

MARKED = (*SEAT_COLOURS, LEO)
"""Every marker a picture draws: the seats' and Why First?'s Leo."""


def _marks(colour: SeatColour) -> str:
    return f"{colour.emoji}{colour.symbol} {colour.letter} "


def legend(text: str) -> list[tuple[SeatColour, str]]:
    """The ``Colours:`` line of a message: each entry's marker (read by its colour square,
    shape and letter together) and the name that follows it, whole."""
    line = next(line for line in text.splitlines() if line.startswith("Colours: "))
    entries = []
    for entry in line.removeprefix("Colours: ").split(" · "):
        (colour,) = [c for c in MARKED if entry.startswith(_marks(c))]
        entries.append((colour, entry.removeprefix(_marks(colour))))
    return entries


def track_rows(text: str) -> list[str]:
    """The rows of the first text track (code block) in ``text``, its scale left out."""
    return text.split("```\n")[1].split("\n```")[0].splitlines()[1:]


def marker_at(image: Image.Image, centre: tuple[float, float], radius: float) -> SeatColour:
    """The marker drawn around ``centre``: the seat colour nearest the commonest colour there
    that is not the paper, ink or a lane's tint."""
    x, y = centre
    box = image.convert("RGB").crop((round(x - radius), round(y - radius),
                                     round(x + radius), round(y + radius)))
    counts = sorted(box.getcolors(maxcolors=box.width * box.height) or [], reverse=True)

    def distance(rgb: tuple[int, int, int], colour: SeatColour) -> int:
        return sum((a - b) ** 2 for a, b in zip(rgb, colour.rgb, strict=True))

    for _count, rgb in counts:
        nearest = min(MARKED, key=lambda c: distance(rgb, c))
        if distance(rgb, nearest) < 3 * 12**2:
            return nearest
    raise AssertionError(f"no marker around {centre}")
