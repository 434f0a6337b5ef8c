"""The computer driver of Great Canyon Race (``rules.base.Computer``).

Easy plays the quick driver of ``tactics`` with its judgement blurred, so it sometimes plays
a worse card. Strong runs determinized Monte Carlo (``rules.montecarlo``) over the quick
driver's shortlist: each simulation rebuilds the table from its view with the hidden cards
drawn at random (``determinize``), plays the move, lets every driver (itself included) finish
the race as the quick driver would, and scores the result.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.base import LEVELS, Budget, Move
from rules.canyon import tactics
from rules.canyon.determinize import determinize, hidden_signs
from rules.canyon.engine import ENGINE
from rules.canyon.state import CanyonState
from rules.montecarlo import Comparison, best_move

EASY_NOISE = 6.0
"""How much easy blurs its judgement of a card (points of ``tactics.finish_value``)."""
PLAYOUT_NOISE = 0.5
"""A little blur in the playouts, so the simulated drivers do not all play alike."""
PLAYOUT_WHIM = 0.05
"""How often a simulated rival plays any legal move: real rivals are not as predictable as
the quick driver (they call collisions, choose action cards to spite)."""
COMPARISON = Comparison(min_worlds=4, pruning=1.0, override=0.2)
QUALIFIED = 0.2
"""The reward of finishing at the edge without winning (a win is worth 1)."""


def choose(view: Mapping[str, Any], seat: int, level: str, seed: int, budget: Budget) -> Move:
    """The move of ``seat`` at ``level``, decided from its view alone."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    rng = random.Random(seed)
    state = determinize(view, rng)
    moves = ENGINE.legal_moves(state, seat)
    if not moves:
        raise ValueError(f"seat {seat} has no decision now")
    if len(moves) == 1:
        return moves[0]
    if level == "easy":
        return tactics.move(state, seat, rng, EASY_NOISE)

    def simulate(move: Move, world: random.Random) -> float:
        return _simulate(view, seat, move, world)

    return best_move(tactics.shortlist(state, seat), simulate, rng, budget, COMPARISON)


def _simulate(view: Mapping[str, Any], seat: int, move: Move, rng: random.Random) -> float:
    """One race to its end from a sampled table, ``seat`` playing ``move`` first."""
    state = determinize(view, rng)
    for other in hidden_signs(state):
        state.signs[other] = 1 if tactics.sign(state, other) == "s+" else -1
    ENGINE.apply(state, seat, move)
    while awaited := ENGINE.to_move(state):
        for other in sorted(awaited):
            whim = 0.0 if other == seat else PLAYOUT_WHIM
            ENGINE.apply(state, other, tactics.move(state, other, rng, PLAYOUT_NOISE, whim))
    return _reward(state, seat)


def _reward(state: CanyonState, seat: int) -> float:
    """A win (shared if tied) is worth 1, finishing at the edge without winning ``QUALIFIED``."""
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    if seat in outcome.winners:
        return 1.0 / len(outcome.winners)
    return QUALIFIED if outcome.scores[seat] else 0.0
