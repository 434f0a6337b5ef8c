"""Each game's default move: its quick rule-based choice, from the seat's view, without search.

A computer whose thinking fails or runs out of time plays this instead: a sensible move found
in a moment (never simply the first legal one). Like the computers, it decides from what the
seat may see, hidden cards drawn with the decision's seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from rules.base import Move
from rules.canyon import tactics as canyon_tactics
from rules.canyon.determinize import determinize as canyon_table
from rules.hare.computer import determinize as hare_race
from rules.hare.policy import purposeful_move
from rules.numbers import tactics as numbers_tactics
from rules.numbers.determinize import determinize as numbers_table
from rules.whyfirst.determinize import determinize as whyfirst_table
from rules.whyfirst.engine import ENGINE as WHY_FIRST
from rules.whyfirst.engine import clamp
from rules.whyfirst.playout import VALUE, outlook

View = Mapping[str, Any]


def default_move(game: str, view: View, seat: int, seed: int) -> Move:
    """The move ``seat`` of ``game`` plays when its computer cannot think it out."""
    return _CHOICES[game](view, seat, random.Random(seed))


def why_first(view: View, seat: int, rng: random.Random) -> Move:
    """The card and figure that leave the seat's own figure best placed for the second place
    (``playout.outlook``); the first such move in the rules' order on a tie."""
    state = whyfirst_table(view, seat, rng)
    positions = list(state.positions)

    def after(card: int, figure: int) -> float:
        moved = list(positions)
        moved[figure] = clamp(moved[figure] + VALUE[card])
        return outlook(moved, seat)

    def value(move: Move) -> float:
        if move[0] == "f":  # tactical: move a figure with this turn's card
            return after(state.turns[0][1], int(move[1:]))
        card, _, figure = move[1:].partition(":")
        if figure:
            return after(int(card), int(figure))
        return max(after(int(card), f) for f in range(state.figures))  # tactical: a card

    return max(WHY_FIRST.legal_moves(state, seat), key=value)


def hare(view: View, seat: int, rng: random.Random) -> Move:
    """The purposeful policy without whims: lettuce, then carrots for the way home."""
    return purposeful_move(hare_race(view, rng.getrandbits(64)), seat, rng, 0.0)


def canyon(view: View, seat: int, rng: random.Random) -> Move:
    """The quick driver's judgement, unblurred."""
    return canyon_tactics.move(canyon_table(view, rng), seat, rng)


def numbers(view: View, seat: int, rng: random.Random) -> Move:
    """The quick player's best play: extend lines, block fours, trade dead cards."""
    return numbers_tactics.move(numbers_table(view, rng), seat, rng)


_CHOICES: dict[str, Callable[[View, int, random.Random], Move]] = {
    "whyfirst": why_first,
    "hare": hare,
    "canyon": canyon,
    "numbers": numbers,
}
