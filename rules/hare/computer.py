"""The computer player of Hare and Tortoise: it decides from its seat's view.

Everything at the table is public except the die's future rolls, so the view gives the whole
position; ``determinize`` rebuilds it with a seed of the player's own, and simulated play
rolls a die of its own.

- ``easy`` tries each legal move once, judges where it lands (``estimate.seat_values``) and
  picks its best-judged move most of the time, else its second or third best when it judges
  them close (``EASY_CLOSE``).
- ``strong`` samples every move again and again (the hare spaces' rolls differ each time),
  plays each sample on for one move of every seat as a casual player would (``casual``:
  a carrot budget, lettuce early, home when the limit allows; with a random move now and
  then: a playout is a guess at the others, not a plan), judges the position then, and
  shares the samples between the moves by UCB1. It stops after ``budget.playouts`` samples
  when that is set (repeatable), else at ``budget.seconds`` of CPU time.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping
from typing import Any

from rules.base import Budget, Move
from rules.hare.casual import casual_choice
from rules.hare.determinize import determinize
from rules.hare.engine import HareEngine
from rules.hare.estimate import seat_values
from rules.hare.moves import legal_moves
from rules.hare.state import HareState, copy_state

ROLLOUT_PLIES_PER_SEAT = 1
"""How far a strong sample is played on: this many moves of every seat."""

ROLLOUT_WHIM = 0.3
"""The chance of a random move instead of the casual one in a playout."""

EXPLORATION = 0.4
"""UCB1's exploration constant (values lie in 0..1)."""

EASY_CHOICES = (0.6, 0.25, 0.15)
"""Easy's chances to pick its best-judged move, its second best, its third."""
EASY_CLOSE = 0.05
"""How far below its best-judged move a second or third best may be judged and still be
picked: easy misjudges close calls, not a move that plainly throws the race away."""


def choose(
    view: Mapping[str, Any], seat: int, level: str, seed: int, budget: Budget
) -> Move:
    """The computer's move for ``seat`` at ``level`` ("easy" or "strong")."""
    rng = random.Random(seed)
    state = determinize(view, seed)
    moves = legal_moves(state, seat)
    if not moves:
        raise ValueError("that seat has no decision now")
    if len(moves) == 1:
        return moves[0]
    engine = HareEngine(die=lambda _seed, _draw: rng.randint(1, 6))
    if level == "easy":
        return _easy(engine, state, seat, moves, rng)
    if level == "strong":
        return _strong(engine, state, seat, moves, rng, budget)
    raise ValueError(f"unknown level {level!r}")


def _after(engine: HareEngine, state: HareState, seat: int, move: Move) -> HareState:
    """A copy of ``state`` with ``move`` played (hare rolls by the engine's die)."""
    sample = copy_state(state)
    engine.apply(sample, seat, move)
    return sample


def judged_moves(
    engine: HareEngine, state: HareState, seat: int, moves: list[Move]
) -> list[tuple[float, Move]]:
    """The moves with their values, best first, as judged once each right where they land."""
    valued = [(seat_values(_after(engine, state, seat, m))[seat], m) for m in moves]
    return sorted(valued, key=lambda pair: -pair[0])


def _easy(
    engine: HareEngine, state: HareState, seat: int, moves: list[Move], rng: random.Random
) -> Move:
    judged = judged_moves(engine, state, seat, moves)
    best = judged[0][0]
    close = [move for value, move in judged[: len(EASY_CHOICES)] if value >= best - EASY_CLOSE]
    return rng.choices(close, EASY_CHOICES[: len(close)])[0]


def _strong(
    engine: HareEngine,
    state: HareState,
    seat: int,
    moves: list[Move],
    rng: random.Random,
    budget: Budget,
) -> Move:
    totals = [0.0] * len(moves)
    counts = [0] * len(moves)
    plies = ROLLOUT_PLIES_PER_SEAT * state.seats
    deadline = time.process_time() + budget.seconds
    samples = 0
    while (
        samples < budget.playouts
        if budget.playouts is not None
        else samples < len(moves) or time.process_time() < deadline
    ):
        pick = _ucb(totals, counts, samples)
        sample = _after(engine, state, seat, moves[pick])
        _play_on(engine, sample, plies, rng)
        totals[pick] += seat_values(sample)[seat]
        counts[pick] += 1
        samples += 1
    return moves[max(range(len(moves)), key=lambda i: (counts[i], totals[i]))]


def _ucb(totals: list[float], counts: list[int], samples: int) -> int:
    """The move to sample next: an untried one, else the best upper confidence bound."""
    for i, count in enumerate(counts):
        if count == 0:
            return i
    log = math.log(samples)
    return max(
        range(len(counts)),
        key=lambda i: totals[i] / counts[i] + EXPLORATION * math.sqrt(log / counts[i]),
    )


def _play_on(engine: HareEngine, state: HareState, plies: int, rng: random.Random) -> None:
    """Up to ``plies`` moves of the casual player (a random one now and then), whoever is to
    move."""
    for _ in range(plies):
        if state.turn is None:
            return
        seat = state.turn
        moves = legal_moves(state, seat)
        if rng.random() < ROLLOUT_WHIM:
            engine.apply(state, seat, rng.choice(moves))
        else:
            engine.apply(state, seat, casual_choice(state, seat, rng))
