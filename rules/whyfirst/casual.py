"""A casual Why First? player who aims for the second-highest total, written from the rulebook.

It plays as a sensible player at the table does: each card where it leaves its own figure
best placed for the stage's second place (on it, or as near as can be), the card it keeps for
the fifth round included. As the match goes on it minds the totals too: the winner holds the
second-highest, so it wants to stay below the leader and above everyone else; with 2 players
Leo is one of those totals. When it already leads, it plays for another figure (Leo too) to
score instead. It decides from its seat's view only.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules.base import Move
from rules.whyfirst.determinize import determinize
from rules.whyfirst.engine import ENGINE, clamp
from rules.whyfirst.playout import VALUE, outlook
from rules.whyfirst.scoring import second_place
from rules.whyfirst.state import STAGES, WhyFirstState


def casual_move(view: Mapping[str, Any], seat: int, rng: random.Random) -> Move:
    """The move ``seat`` plays: the best placed for the second-highest total (ties at
    random)."""
    return casual_choice(determinize(view, seat, rng), seat, rng)


def casual_choice(state: WhyFirstState, seat: int, rng: random.Random) -> Move:
    """``casual_move`` on a dealt state (the strong computer's playouts play it)."""
    moves = ENGINE.legal_moves(state, seat)
    if not moves:
        raise ValueError(f"seat {seat} has no move to make")
    if len(moves) == 1:
        return moves[0]
    totals = state.totals()
    scored = [(move_value(state, seat, move, totals), rng.random(), move) for move in moves]
    return max(scored)[2]


def move_value(state: WhyFirstState, seat: int, move: Move, totals: Sequence[int]) -> float:
    """How good the figures look for ``seat`` once ``move`` is played, with these stage
    ``totals`` so far (``state.totals()``, worked out once for all moves)."""
    if move[0] == "f":  # tactical: move a figure with this turn's card
        return judged(
            state.positions, state.stage, seat, state.turns[0][1], int(move[1:]), None, totals
        )
    card, _, figure = move[1:].partition(":")
    if not figure:  # tactical: a card in front of yourself, to move the best figure later
        return max(
            judged(state.positions, state.stage, seat, int(card), f, None, totals)
            for f in range(state.figures)
        )
    hand = state.hands[seat]
    kept = None
    if len(hand) == 2 and state.variant == "standard":  # the card kept moves you in round 5
        kept = hand[0] if int(card) == hand[1] else hand[1]
    return judged(state.positions, state.stage, seat, int(card), int(figure), kept, totals)


def judged(
    figures: Sequence[int], stage: int, seat: int, card: int, figure: int, kept: int | None,
    totals: Sequence[int],
) -> float:
    """The figures on ``figures`` after ``card`` moves ``figure`` (and ``kept`` moves
    ``seat``), judged in this ``stage`` with these ``totals``."""
    positions = list(figures)
    positions[figure] = clamp(positions[figure] + VALUE[card])
    if kept is not None:
        positions[seat] = clamp(positions[seat] + VALUE[kept])
    if _leads(totals, seat):
        return _helping(positions, totals, seat)
    weight = stage / STAGES  # the totals matter more as the match goes on
    return (1 - weight) * outlook(positions, seat) - weight * _distance(
        _scored(positions, totals), seat
    )


def _leads(totals: Sequence[int], seat: int) -> bool:
    """Whether ``seat`` holds the highest total alone (where nobody wins)."""
    return all(totals[seat] > total for i, total in enumerate(totals) if i != seat)


def _helping(positions: Sequence[int], totals: Sequence[int], seat: int) -> float:
    """For a leader: how near another figure's total comes to its own, its figure off the
    scoring space."""
    scored = _scored(positions, totals)
    others = max(total for i, total in enumerate(scored) if i != seat)
    return -abs(scored[seat] - others) - (2.0 if scored[seat] > totals[seat] else 0.0)


def _scored(positions: Sequence[int], totals: Sequence[int]) -> list[int]:
    """The totals if the stage ended with the figures on ``positions``."""
    space = second_place(positions)
    return [
        total + (space if space is not None and positions[i] == space else 0)
        for i, total in enumerate(totals)
    ]


def _distance(totals: Sequence[int], seat: int) -> float:
    """How far ``seat``'s total is from the second-highest: 0 between the leader and the
    rest, else the points it is too high or too low."""
    mine = totals[seat]
    others = sorted((t for i, t in enumerate(totals) if i != seat), reverse=True)
    leader, below = others[0], others[1] if len(others) > 1 else None
    if mine >= leader:
        return 1.0 + mine - leader
    if below is not None and mine <= below:
        return 1.0 + below - mine
    return 0.0
