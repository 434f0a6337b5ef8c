"""The 10 x 10 board: its numbers (``board.json``, validated on load), space names and lines.

A space is an index ``row * 10 + col``: row 0 is A at the top, col 0 is column 1 on the left,
so ``C4`` is index 23. The four corners are free spaces and show no number (0 in the data).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

SIZE = 10
SPACES = SIZE * SIZE
SEQUENCE_LENGTH = 5
HIGHEST_NUMBER = 48
COPIES = 2
MIN_APART = SEQUENCE_LENGTH
"""The two copies of a number are at least this many rows or columns apart, so no line of
five ever holds both."""

CORNERS = (0, SIZE - 1, SPACES - SIZE, SPACES - 1)
ROW_LETTERS = "ABCDEFGHIJ"
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
"""Across, down, and the two diagonals."""

_SPACE_NAME = re.compile(r"(?P<row>[A-J])(?P<col>10|[1-9])")


def space_name(space: int) -> str:
    """``C4`` for index 23."""
    row, col = divmod(space, SIZE)
    return f"{ROW_LETTERS[row]}{col + 1}"


SPACE_NAMES = tuple(space_name(space) for space in range(SPACES))
"""Every space's name by index, for building move codes quickly."""


def parse_space(name: str) -> int | None:
    """The index of a space name such as ``C4``, or None if it names no space."""
    match = _SPACE_NAME.fullmatch(name)
    if match is None:
        return None
    return ROW_LETTERS.index(match["row"]) * SIZE + int(match["col"]) - 1


def _distance(a: int, b: int) -> int:
    """How many rows or columns apart two spaces are, whichever is more."""
    (ra, ca), (rb, cb) = divmod(a, SIZE), divmod(b, SIZE)
    return max(abs(ra - rb), abs(ca - cb))


def validate_layout(layout: Sequence[int]) -> None:
    """Raise ValueError unless ``layout`` is a board GAMES.md describes."""
    if len(layout) != SPACES or not all(type(n) is int for n in layout):
        raise ValueError(f"board.json: the board needs {SIZE} rows of {SIZE} whole numbers")
    if any(layout[c] != 0 for c in CORNERS):
        raise ValueError("board.json: the four corners are free spaces and must be 0")
    spaces_of: dict[int, list[int]] = {}
    for space, number in enumerate(layout):
        if space not in CORNERS:
            spaces_of.setdefault(number, []).append(space)
    if sorted(spaces_of) != list(range(1, HIGHEST_NUMBER + 1)):
        raise ValueError(f"board.json: the numbers must be 1..{HIGHEST_NUMBER}")
    for number, spaces in spaces_of.items():
        if len(spaces) != COPIES:
            raise ValueError(f"board.json: {number} must be on the board exactly twice")
        if _distance(*spaces) < MIN_APART:
            names = " and ".join(space_name(s) for s in spaces)
            raise ValueError(f"board.json: the two {number}s ({names}) are too close")


def _load_layout() -> tuple[int, ...]:
    raw = json.loads(Path(__file__).with_name("board.json").read_text(encoding="utf-8"))
    rows = raw["rows"]
    if len(rows) != SIZE or any(len(row) != SIZE for row in rows):
        raise ValueError(f"board.json: the board needs {SIZE} rows of {SIZE} numbers")
    layout = tuple(number for row in rows for number in row)
    validate_layout(layout)
    return layout


LAYOUT: tuple[int, ...] = _load_layout()
"""The number on each space, 0 on the free corners."""

SPACES_OF: dict[int, tuple[int, int]] = {
    n: tuple(s for s, number in enumerate(LAYOUT) if number == n)  # type: ignore[misc]
    for n in range(1, HIGHEST_NUMBER + 1)
}
"""The two spaces showing each number."""

FREE = tuple(space in CORNERS for space in range(SPACES))
"""Whether each space is a free corner."""


def _rays(space: int, dr: int, dc: int) -> tuple[int, ...]:
    """The spaces from ``space`` (excluded) outward in direction (dr, dc), nearest first."""
    row, col = divmod(space, SIZE)
    out = []
    row, col = row + dr, col + dc
    while 0 <= row < SIZE and 0 <= col < SIZE:
        out.append(row * SIZE + col)
        row, col = row + dr, col + dc
    return tuple(out)


RAYS: tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], ...] = tuple(
    tuple((_rays(space, -dr, -dc), _rays(space, dr, dc)) for dr, dc in DIRECTIONS)
    for space in range(SPACES)
)
"""For each space and direction: the spaces behind it and ahead of it along that line."""
