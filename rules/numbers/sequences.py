"""Finding sequences around a newly placed chip, and locking completed lines.

Only a line through the new chip can change, so each placement looks along the four lines
through it: at most 4 x 9 spaces.
"""

from __future__ import annotations

from rules.numbers.board import FREE, RAYS, SEQUENCE_LENGTH
from rules.numbers.state import NumbersState

MAX_SHARED = 1
"""A side's second sequence may reuse one space of the first, no more."""


def _run(state: NumbersState, space: int, direction: int, side: int) -> list[int]:
    """The unbroken line of ``side``'s chips and free corners through ``space``, in order."""
    chips = state.chips
    behind, ahead = RAYS[space][direction]
    before = []
    for other in behind:
        if chips[other] != side and not FREE[other]:
            break
        before.append(other)
    after = []
    for other in ahead:
        if chips[other] != side and not FREE[other]:
            break
        after.append(other)
    return [*reversed(before), space, *after]


def _may_count(window: tuple[int, ...], taken: list[tuple[int, ...]]) -> bool:
    """A new sequence shares at most one space with each sequence its side already has."""
    spaces = set(window)
    return all(len(spaces.intersection(other)) <= MAX_SHARED for other in taken)


def complete_sequences(state: NumbersState, space: int) -> list[tuple[int, ...]]:
    """Record the sequences the chip just placed on ``space`` completes and lock their lines.

    Any five in a row through the new chip may count, earliest in reading order first, as
    long as it shares at most one space with each sequence of its side. Every chip of a line
    holding a sequence is locked, so a sixth chip in a row is locked without making a second
    sequence. Nine in a row make two in one line only when their middle chip completes both
    fives at once; built from the middle outwards they stay one.
    """
    side = state.chips[space]
    assert side is not None
    taken = [spaces for owner, spaces in state.sequences if owner == side]
    new: list[tuple[int, ...]] = []
    for direction in range(len(RAYS[space])):
        run = _run(state, space, direction, side)
        if len(run) < SEQUENCE_LENGTH:
            continue
        at = run.index(space)
        first = max(0, at - SEQUENCE_LENGTH + 1)
        last = min(at, len(run) - SEQUENCE_LENGTH)
        for start in range(first, last + 1):
            window = tuple(run[start : start + SEQUENCE_LENGTH])
            if _may_count(window, taken):
                taken.append(window)
                new.append(window)
        members = set(run)
        if any(members.issuperset(spaces) for spaces in taken):
            for member in run:
                if not FREE[member]:
                    state.locked[member] = True
    state.sequences += [(side, window) for window in new]
    return new
