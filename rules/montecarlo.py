"""Determinized Monte Carlo for the computer players: compare a few moves on sampled worlds.

A *world* is one guess at everything a seat cannot see, with the luck of the rest of the
playout; ``simulate(move, rng)`` plays ``move`` in the world that ``rng`` draws and returns
a reward between 0 and 1. Every move still in the running is tried on the same worlds, so
they are compared on equal terms; a move that falls clearly behind is dropped. The first move
of the shortlist (the quick player's favourite) is kept unless another beats it clearly.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from rules.base import Budget, Move


@dataclass(frozen=True)
class Comparison:
    """How sure a difference must be. Both margins are on summed rewards, times the square root
    of the worlds tried: ``pruning`` drops a move that trails the best by more, ``override``
    replaces the favourite by a move that leads it by more."""

    min_worlds: int = 4
    """Worlds every move is tried on before any is dropped."""
    pruning: float = 1.0
    override: float = 0.5


def best_move(
    shortlist: list[Move],
    simulate: Callable[[Move, random.Random], float],
    rng: random.Random,
    budget: Budget,
    comparison: Comparison,
) -> Move:
    """The move with the best mean reward over the simulations ``budget`` allows: exactly
    ``budget.playouts`` of them when set (then the answer depends only on ``rng``), else as
    many as ``budget.seconds`` of CPU time allow."""
    favourite = shortlist[0]
    alive = list(shortlist)
    rewards: dict[Move, list[float]] = {move: [] for move in alive}
    deadline = time.process_time() + budget.seconds
    playouts = 0

    def more() -> bool:
        if budget.playouts is not None:
            return playouts < budget.playouts
        return time.process_time() < deadline

    while len(alive) > 1 and more():
        world = rng.getrandbits(64)
        for move in alive:
            if not more():
                break
            rewards[move].append(simulate(move, random.Random(world)))
            playouts += 1
        alive = _survivors(alive, rewards, comparison)
    worlds = min(len(rewards[move]) for move in alive)
    if worlds == 0:
        return favourite if favourite in alive else alive[0]
    sums = {move: sum(rewards[move][:worlds]) for move in alive}
    best = max(alive, key=sums.__getitem__)
    if favourite in alive and sums[best] - sums[favourite] <= comparison.override * math.sqrt(
        worlds
    ):
        return favourite
    return best


def _survivors(
    alive: list[Move], rewards: dict[Move, list[float]], comparison: Comparison
) -> list[Move]:
    """The moves not clearly behind the best on the worlds all of them were tried on."""
    worlds = min(len(rewards[move]) for move in alive)
    if worlds < comparison.min_worlds:
        return alive
    sums = {move: sum(rewards[move][:worlds]) for move in alive}
    floor = max(sums.values()) - comparison.pruning * math.sqrt(worlds)
    return [move for move in alive if sums[move] >= floor]
