"""How well the computer players play: at mixed tables, and against casual players.

    python -m bench.players [--game G] [--matches N] [--seconds S | --playouts P] [--seed S]
    python -m bench.players --casual [--seats N] [--level L] [--game G] [--matches N] ...

Mixed tables seat one strong, one easy and one random player (three seats; Sequence Numbers
plays them one against one against one), rotating who sits where so no level keeps the first
seat. ``--casual`` seats one computer of ``--level`` (strong unless told) among ``--seats``
minus one casual players, the game's rule-of-thumb opponent (``choose(view, seat, seed)``
of ``rules/<game>/casual.py``), the computer's seat rotating. Each player decides from its
seat's view only, as at the table. Prints each level's win rate with a 95% Wilson interval (a
shared win counts as a share; a team's win counts whole for each member) and its mean and
worst decision time, and its mean place (1 is first). Figures, not tests: run by hand.
"""

from __future__ import annotations

import argparse
import importlib
import math
import random
import time
from collections import defaultdict
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from itertools import repeat
from typing import Any

from rules.base import Budget, Move
from rules.catalog import ENGINES, computer

SEATS = ("strong", "easy", "random")
"""The levels at every mixed table, rotated across matches."""
CASUAL = "casual"
"""The rule-of-thumb opponent's name among the levels."""


def casual(game: str) -> Callable[[Mapping[str, Any], int, int], Move]:
    """The game's casual player: ``choose`` of ``rules/<game>/casual.py``."""
    return importlib.import_module(f"rules.{game}.casual").choose  # type: ignore[no-any-return]


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``share`` out of ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


Played = tuple[list[float], tuple[int, ...], dict[str, list[float]]]
"""One match: each seat's share of the win, each seat's place, and each level's decision
times."""


def play_match(game: str, levels: tuple[str, ...], seed: int, budget: Budget) -> Played:
    """Play one match with ``levels[seat]`` at each seat."""
    clocks: dict[str, list[float]] = defaultdict(list)
    engine = ENGINES[game]
    choose = computer(game)
    rule_of_thumb = casual(game) if CASUAL in levels else None
    rng = random.Random(seed)
    state = engine.setup(len(levels), engine.options({}, len(levels)), seed)
    decision = 0
    while awaited := engine.to_move(state):
        seat = min(awaited)
        level = levels[seat]
        start = time.process_time()
        if level == "random":
            move = rng.choice(engine.legal_moves(state, seat))
        elif rule_of_thumb is not None and level == CASUAL:
            move = rule_of_thumb(engine.view(state, seat), seat, seed * 1_000 + decision)
        else:
            view = engine.view(state, seat)
            move = choose(view, seat, level, seed * 1_000 + decision, budget)
        clocks[level].append(time.process_time() - start)
        engine.apply(state, seat, move)
        decision += 1
    outcome = engine.outcome(state)
    assert outcome is not None
    winners = [s for s in outcome.winners if s < len(levels)]
    side_of = engine.view(state, None).get("side_of_seat", range(len(levels)))
    sides = len({side_of[s] for s in winners})
    shares = [1 / sides if s in winners else 0.0 for s in range(len(levels))]
    return shares, outcome.places[: len(levels)], clocks


def tables(levels: tuple[str, ...], matches: int) -> list[tuple[str, ...]]:
    """The seating of each match: ``levels`` turned one seat further each match."""
    return [levels[n % len(levels):] + levels[: n % len(levels)] for n in range(matches)]


def bench(
    game: str, seating: list[tuple[str, ...]], budget: Budget, seed: int, title: str, jobs: int
) -> dict[str, tuple[float, float, float]]:
    """Play a match per seating, ``jobs`` at once, and print each level's figures; returns each
    level's win rate and its 95% interval. A level at several seats of a table counts each seat
    as a match."""
    wins: dict[str, float] = defaultdict(float)
    seated: dict[str, int] = defaultdict(int)
    places: dict[str, int] = defaultdict(int)
    clocks: dict[str, list[float]] = defaultdict(list)
    seeds = [seed + n for n in range(len(seating))]
    with ProcessPoolExecutor(jobs) as pool:
        played = list(pool.map(play_match, repeat(game), seating, seeds, repeat(budget)))
    for levels, (shares, placed, times) in zip(seating, played, strict=True):
        for level, taken in times.items():
            clocks[level].extend(taken)
        for level, share, place in zip(levels, shares, placed, strict=True):
            wins[level] += share
            seated[level] += 1
            places[level] += place
    print(f"\n{ENGINES[game].title}: {len(seating)} matches, {title}")
    print(
        f"  {'level':<8} {'win rate':>9} {'95% interval':>16} {'mean place':>11} "
        f"{'mean decision':>14} {'worst':>8}"
    )
    rates = {}
    for level in dict.fromkeys(seating[0]):
        rate = wins[level] / seated[level]
        low, high = wilson(rate, seated[level])
        rates[level] = rate, low, high
        times = clocks[level]
        mean = sum(times) / len(times) if times else 0.0
        worst = max(times, default=0.0)
        print(
            f"  {level:<8} {rate:>9.0%} {f'{low:.0%} to {high:.0%}':>16} "
            f"{places[level] / seated[level]:>11.2f} "
            f"{mean * 1000:>11.1f} ms {worst * 1000:>5.0f} ms"
        )
    return rates


def fair_share(game: str, seats: int) -> float:
    """What one seat wins by chance alone: one side's share of the table."""
    engine = ENGINES[game]
    view = engine.view(engine.setup(seats, engine.options({}, seats), 0), None)
    return 1 / len(view.get("sides", range(seats)))


def against_casual(
    game: str, seats: int, level: str, matches: int, budget: Budget, seed: int, jobs: int
) -> None:
    """One ``level`` seat among casual players; prints its figures and the goal: at least 60%
    with the interval above half heads-up, else at least 1.5 times the fair share."""
    fair = fair_share(game, seats)
    seating = tables((level,) + (CASUAL,) * (seats - 1), matches)
    rates = bench(game, seating, budget, seed, f"{level} among casual players", jobs)
    rate, low, _ = rates[level]
    if seats == 2:
        goal, reached = "60% with the interval above 50%", rate >= 0.6 and low > 0.5
    else:
        goal, reached = f"1.5 x the fair {fair:.0%}", rate >= 1.5 * fair
    print(f"  {level}: goal {goal}: {'reached' if reached else 'NOT reached'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(ENGINES), action="append")
    parser.add_argument("--matches", type=int, default=30, help="matches per game")
    parser.add_argument("--seconds", type=float, default=0.1, help="thinking time per decision")
    parser.add_argument("--playouts", type=int, default=None, help="fixed simulations instead")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--casual", action="store_true", help="one computer among casual players")
    parser.add_argument("--seats", type=int, default=2, help="the table's size with --casual")
    parser.add_argument("--level", choices=("strong", "easy"), default="strong")
    parser.add_argument("--jobs", type=int, default=1, help="matches played at once")
    args = parser.parse_args()
    budget = Budget(seconds=args.seconds, playouts=args.playouts)
    thinking = f"{args.playouts} playouts" if args.playouts else f"{args.seconds:g} s"
    print(f"Strong and easy think for at most {thinking} a decision (the table gives 1 s).")
    for game in args.game or sorted(ENGINES):
        if args.casual:
            against_casual(
                game, args.seats, args.level, args.matches, budget, args.seed, args.jobs
            )
        else:
            chance = f"chance alone would win {1 / len(SEATS):.0%}"
            bench(game, tables(SEATS, args.matches), budget, args.seed, chance, args.jobs)


if __name__ == "__main__":
    main()
