"""A casual player of Sequence Numbers, written from the rulebook: the bench's opponent.

It is not the project's own easy level. It plays as a sensible player at a real table: it
trades a dead card, completes a sequence when it can, blocks a rival's line of four (with a
card, a Plus, or a Minus on one of its chips), and otherwise extends its longest open line.
Plus and Minus are kept for winning and blocking, and played otherwise only when nothing else
can be. It decides from its seat's view alone.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.base import Move
from rules.numbers.board import SPACE_NAMES
from rules.numbers.cards import DECK, MINUS, PLUS
from rules.numbers.determinize import determinize
from rules.numbers.lines import CORNERS_IN, WINDOWS, closed_windows
from rules.numbers.state import NumbersState
from rules.numbers.table import is_dead, targets

FOUR = 4
"""A line of five holding this many of one side (free corners included) is one play from a
sequence."""


def casual_move(view: Mapping[str, Any], seat: int, rng: random.Random) -> Move:
    """The casual player's move for ``seat``, from its view alone."""
    return casual_play(determinize(view, rng), seat)


def casual_play(state: NumbersState, seat: int) -> Move:
    """The casual player's move for ``seat`` on ``state``, looking only at its own hand and
    the board (the other hands may be sampled ones)."""
    hand = state.hands[seat]
    if not state.traded:
        for card in hand:
            if is_dead(state, card):
                return f"t{card}"
    side = state.side_of(seat)
    counts = _counts(state)
    equations = [c for c in hand if DECK[c].kind not in (PLUS, MINUS)]
    pluses = [c for c in hand if DECK[c].kind == PLUS]
    minuses = [c for c in hand if DECK[c].kind == MINUS]

    # Finish a sequence: an equation card first, a Plus if need be.
    finishing = _open_spaces(state, counts, side, FOUR)
    for card in equations + pluses:
        for space in targets(state, seat, card):
            if space in finishing:
                return f"p{card}@{SPACE_NAMES[space]}"
    # Block a rival's four: a card on its open space, or a Minus on one of its chips.
    rivals = [other for other in range(state.sides) if other != side]
    threats = set().union(*(_open_spaces(state, counts, other, FOUR) for other in rivals))
    for card in equations + pluses:
        for space in targets(state, seat, card):
            if space in threats:
                return f"p{card}@{SPACE_NAMES[space]}"
    for card in minuses:
        for space in targets(state, seat, card):
            if _in_threat(state, counts, space):
                return f"m{card}@{SPACE_NAMES[space]}"
    # Extend the longest line; a Plus only when no equation card fits anywhere.
    for cards in (equations, pluses):
        options = [(card, space) for card in cards for space in targets(state, seat, card)]
        if options:
            card, space = max(
                options, key=lambda o: (_extension(state, counts, side, o[1]), -o[1])
            )
            return f"p{card}@{SPACE_NAMES[space]}"
    # A Minus that cannot be kept (nothing else can be played) takes the rival chip whose
    # line is longest.
    removals = [(card, space) for card in minuses for space in targets(state, seat, card)]
    if removals:
        card, space = max(removals, key=lambda o: (_rival_line(state, counts, o[1]), -o[1]))
        return f"m{card}@{SPACE_NAMES[space]}"
    dead = [card for card in hand if is_dead(state, card)]
    return f"d{(dead or equations or hand)[0]}"


def _counts(state: NumbersState) -> list[tuple[int, int]]:
    """For every window: the one side whose chips it holds (-1 for none, -2 for two sides) and
    how many (free corners included); a window closed for its side counts as held by two."""
    closed = closed_windows(state)
    chips = state.chips
    found = []
    for window, spaces in enumerate(WINDOWS):
        owner, count = -1, CORNERS_IN[window]
        for space in spaces:
            held = chips[space]
            if held is None:
                continue
            if owner in (-1, held):
                owner, count = held, count + 1
            else:
                owner = -2
                break
        if owner >= 0 and window in closed[owner]:
            owner = -2
        found.append((owner, count))
    return found


def _open_spaces(
    state: NumbersState, counts: list[tuple[int, int]], side: int, count: int
) -> set[int]:
    """The open spaces of the windows ``side`` holds with at least ``count`` (corners included)."""
    chips = state.chips
    spaces: set[int] = set()
    for window, (owner, held) in enumerate(counts):
        if owner == side and held >= count:
            spaces.update(s for s in WINDOWS[window] if chips[s] is None)
    return spaces


def _in_threat(state: NumbersState, counts: list[tuple[int, int]], space: int) -> bool:
    """Whether the rival chip on ``space`` is part of a line of four of its side."""
    owner = state.chips[space]
    return any(
        counts[w] == (owner, FOUR) for w, window in enumerate(WINDOWS) if space in window
    )


def _rival_line(state: NumbersState, counts: list[tuple[int, int]], space: int) -> int:
    """The longest line of its own side that the rival chip on ``space`` is part of."""
    owner = state.chips[space]
    return max(
        (held for w, (side, held) in enumerate(counts) if side == owner and space in WINDOWS[w]),
        default=0,
    )


def _extension(state: NumbersState, counts: list[tuple[int, int]], side: int, space: int) -> int:
    """How good a chip on ``space`` is for ``side``: the longest open line it grows, then how
    many lines it grows."""
    best = grown = 0
    for window, spaces in enumerate(WINDOWS):
        if space not in spaces:
            continue
        owner, held = counts[window]
        if owner in (-1, side):
            best = max(best, held + 1)
            grown += 1
    return best * 100 + grown
