"""The computer player of Sequence Numbers (``rules.base.Computer``), alone or in a team.

Easy plays the quick player of ``tactics`` with its judgement blurred, so it sometimes
misses the better play. Strong runs determinized Monte Carlo (``rules.montecarlo``) over
the quick player's best few plays: each simulation deals the cards it cannot see at random
(``determinize``), plays the move, lets every player go on as the quick player would until
the table has gone round twice (a win or a draw ends it sooner), and judges the board by how
close each side is to winning. A trade of a dead card, a forced discard and a winning play
need no search.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any

from rules.base import LEVELS, Budget, Move
from rules.montecarlo import Comparison, best_move
from rules.numbers import tactics
from rules.numbers.determinize import determinize
from rules.numbers.engine import ENGINE
from rules.numbers.state import NumbersState

EASY_NOISE = 1.5
"""How much easy blurs its judgement (see ``tactics.move``)."""
PLAYOUT_NOISE = 0.2
"""A little blur in the playouts, so the simulated players do not all play alike."""
CANDIDATES = 5
"""How many of the quick player's best plays strong compares."""
ROUNDS_AHEAD = 2
"""How many times round the table a playout goes before the board is judged."""
SCALE = 40.0
"""Strength differences (``tactics.side_strengths``) of about this size are a fair lead."""
COMPARISON = Comparison(min_worlds=4, pruning=1.0, override=0.3)


def choose(view: Mapping[str, Any], seat: int, level: str, seed: int, budget: Budget) -> Move:
    """The move of ``seat`` at ``level``, decided from its view alone."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    rng = random.Random(seed)
    state = determinize(view, rng)
    if state.turn != seat:
        raise ValueError(f"seat {seat} has no decision now")
    moves = ENGINE.legal_moves(state, seat)
    if len(moves) == 1:
        return moves[0]
    if level == "easy":
        return tactics.move(state, seat, rng, EASY_NOISE)
    shortlist = tactics.shortlist(state, seat, CANDIDATES)
    if len(shortlist) == 1 or _wins(state, seat, shortlist[0]):
        return shortlist[0]

    def simulate(move: Move, world: random.Random) -> float:
        return _simulate(view, seat, move, world)

    return best_move(shortlist, simulate, rng, budget, COMPARISON)


def _wins(state: NumbersState, seat: int, move: Move) -> bool:
    trial = ENGINE.load(ENGINE.dump(state))
    ENGINE.apply(trial, seat, move)
    return trial.winner is not None


def _simulate(view: Mapping[str, Any], seat: int, move: Move, rng: random.Random) -> float:
    """One sampled world: ``seat`` plays ``move``, the table plays on, the board is judged."""
    state = determinize(view, rng)
    side = state.side_of(seat)
    ENGINE.apply(state, seat, move)
    turns = ROUNDS_AHEAD * state.seats
    while state.turn is not None and turns > 0:
        player = state.turn
        ENGINE.apply(state, player, tactics.move(state, player, rng, PLAYOUT_NOISE))
        if state.turn != player:
            turns -= 1
    if state.turn is None:
        return 1.0 if state.winner == side else 0.5 if state.winner is None else 0.0
    strengths = tactics.side_strengths(state)
    mine = strengths[side]
    rival = max(s for other, s in enumerate(strengths) if other != side)
    return 1.0 / (1.0 + math.exp((rival - mine) / SCALE))
