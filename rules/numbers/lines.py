"""Every line of five on the board, and how far each side has got along them.

A line of five (a *window*) can still become a side's sequence while it holds no chip of
another side and shares at most one space with each sequence that side already has. Its
*count* for that side is its chips there plus its free corners.
"""

from __future__ import annotations

from rules.numbers.board import DIRECTIONS, FREE, SEQUENCE_LENGTH, SIZE, SPACES
from rules.numbers.sequences import MAX_SHARED
from rules.numbers.state import NumbersState


def _windows() -> tuple[tuple[int, ...], ...]:
    found = []
    for space in range(SPACES):
        row, col = divmod(space, SIZE)
        for dr, dc in DIRECTIONS:
            end_row, end_col = row + (SEQUENCE_LENGTH - 1) * dr, col + (SEQUENCE_LENGTH - 1) * dc
            if 0 <= end_row < SIZE and 0 <= end_col < SIZE:
                found.append(
                    tuple((row + k * dr) * SIZE + col + k * dc for k in range(SEQUENCE_LENGTH))
                )
    return tuple(found)


WINDOWS = _windows()
"""Every five spaces in a straight line (192 on a 10 x 10 board)."""

CORNERS_IN = tuple(sum(FREE[s] for s in window) for window in WINDOWS)
"""How many free corners each window holds (0 or 1)."""

OTHERS_AT: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = tuple(
    tuple(
        (w, tuple(s for s in window if s != space and not FREE[s]))
        for w, window in enumerate(WINDOWS)
        if space in window
    )
    for space in range(SPACES)
)
"""For each space: the windows through it, each with its other spaces that can take chips."""


def closed_windows(state: NumbersState) -> list[frozenset[int]]:
    """For each side, the windows that can no longer be a new sequence of that side: they share
    more than one space with a sequence it has."""
    closed: list[set[int]] = [set() for _ in range(state.sides)]
    for side, spaces in state.sequences:
        done = set(spaces)
        closed[side].update(
            w for w, window in enumerate(WINDOWS) if len(done.intersection(window)) > MAX_SHARED
        )
    return [frozenset(c) for c in closed]
