"""The computers' worker pool: decisions a second per core, and a 6-seat round's wall time.

Strong computers decide Why First? card rounds (a simultaneous round: every seat at once) in
the bot's own pool (``matches.pool.Workers`` over ``matches.workers.worker_pool``). Printed:
decisions a second per worker when the pool is kept busy, and the wall time of one round of
a 6-seat table with five strong computers, thought at once, beside the floor (one decision's
wall time) and beside thinking them one after another. A machine with fewer cores than
computers cannot show a round in one decision's time: with ``w`` workers it takes about
``ceil(5 / w)`` decisions' time.

    .venv/bin/python -m bench.pool [--seconds S] [--workers W] [--rounds R]
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import os
import statistics
import time

from matches.pool import Workers
from matches.workers import worker_pool
from rules.base import Budget
from rules.catalog import computer_move
from rules.whyfirst import ENGINE

SEATS = 6
COMPUTERS = 5


def _decisions(round_no: int, budget: Budget) -> list[functools.partial[str]]:
    """The five computers' decisions of a 6-seat table's first card round (seat 0: a player)."""
    state = ENGINE.setup(SEATS, ENGINE.options({}, SEATS), 1000 + round_no)
    return [
        functools.partial(computer_move, "whyfirst", ENGINE.view(state, seat), seat, "strong",
                          round_no * 10 + seat, budget)
        for seat in range(1, COMPUTERS + 1)
    ]


async def _timed(workers: Workers, tasks: list[functools.partial[str]]) -> float:
    began = time.perf_counter()
    await asyncio.gather(*(workers.run(task) for task in tasks))
    return time.perf_counter() - began


async def measure(seconds: float, size: int, rounds: int) -> None:
    budget = Budget(seconds=seconds)
    workers = Workers(size, functools.partial(worker_pool, size))
    try:
        await _timed(workers, [functools.partial(os.getpid) for _ in range(size)])  # warm up
        floor = [await _timed(workers, _decisions(r, budget)[:1]) for r in range(rounds)]
        at_once = [await _timed(workers, _decisions(r, budget)) for r in range(rounds)]
        one_by_one = []
        for r in range(rounds):
            began = time.perf_counter()
            for task in _decisions(r, budget):
                await workers.run(task)
            one_by_one.append(time.perf_counter() - began)
    finally:
        workers.shutdown()
    decided = COMPUTERS * rounds
    rate = decided / sum(at_once) / size
    print(f"{os.cpu_count()} cores, {size} workers, strong at {seconds} s CPU a decision")
    print(f"decisions a second per worker, pool kept busy: {rate:.2f}"
          f" (floor: {1 / seconds:.2f}, the budget itself)")
    print(f"one decision (the floor):              {statistics.median(floor):.2f} s")
    print(f"6-seat round, five computers at once:  {statistics.median(at_once):.2f} s")
    print(f"6-seat round, one after another:       {statistics.median(one_by_one):.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU budget a decision")
    parser.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 2) - 1),
                        help="pool size (the bot's: one fewer than the cores)")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    asyncio.run(measure(args.seconds, args.workers, args.rounds))


if __name__ == "__main__":
    main()
