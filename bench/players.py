"""How well the computer players play: strong, easy and uniformly random seats at mixed tables.

    python -m bench.players [--game G] [--matches N] [--seconds S | --playouts P] [--seed S]

Every match seats one strong, one easy and one random player (three seats; Sequence Numbers
plays them one against one against one), rotating who sits where so no level keeps the first
seat. Each computer decides from its seat's view only, as at the table. Prints each level's
win rate with a 95% Wilson interval (a shared win counts as a share) and its mean and worst
decision time, and its mean place (1 is first), which tells levels apart even where one of
them wins nearly every match. Figures, not tests: run by hand.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import defaultdict

from rules.base import Budget
from rules.catalog import ENGINES, computer

SEATS = ("strong", "easy", "random")
"""The levels at every table, rotated across matches."""

def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``share`` out of ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_match(
    game: str, levels: tuple[str, ...], seed: int, budget: Budget,
    clocks: dict[str, list[float]],
) -> tuple[list[float], tuple[int, ...]]:
    """Play one match with ``levels[seat]`` at each seat: each seat's share of the win, and
    each seat's place."""
    engine = ENGINES[game]
    choose = computer(game)
    rng = random.Random(seed)
    state = engine.setup(len(levels), engine.options({}, len(levels)), seed)
    decision = 0
    while awaited := engine.to_move(state):
        seat = min(awaited)
        level = levels[seat]
        start = time.process_time()
        if level == "random":
            move = rng.choice(engine.legal_moves(state, seat))
        else:
            view = engine.view(state, seat)
            move = choose(view, seat, level, seed * 1_000 + decision, budget)
        clocks[level].append(time.process_time() - start)
        engine.apply(state, seat, move)
        decision += 1
    outcome = engine.outcome(state)
    assert outcome is not None
    winners = [s for s in outcome.winners if s < len(levels)]
    shares = [1 / len(winners) if s in winners else 0.0 for s in range(len(levels))]
    return shares, outcome.places[: len(levels)]


def bench(game: str, matches: int, budget: Budget, seed: int) -> None:
    wins: dict[str, float] = defaultdict(float)
    places: dict[str, int] = defaultdict(int)
    clocks: dict[str, list[float]] = defaultdict(list)
    for n in range(matches):
        turn = n % len(SEATS)
        levels = SEATS[turn:] + SEATS[:turn]
        shares, placed = play_match(game, levels, seed + n, budget, clocks)
        for level, share, place in zip(levels, shares, placed, strict=True):
            wins[level] += share
            places[level] += place
    expected = 1 / len(SEATS)
    print(f"\n{ENGINES[game].title}: {matches} matches, chance alone would win {expected:.0%}")
    print(
        f"  {'level':<8} {'win rate':>9} {'95% interval':>16} {'mean place':>11} "
        f"{'mean decision':>14} {'worst':>8}"
    )
    for level in SEATS:
        rate = wins[level] / matches
        low, high = wilson(rate, matches)
        times = clocks[level]
        mean = sum(times) / len(times) if times else 0.0
        worst = max(times, default=0.0)
        print(
            f"  {level:<8} {rate:>9.0%} {f'{low:.0%} to {high:.0%}':>16} "
            f"{places[level] / matches:>11.2f} "
            f"{mean * 1000:>11.1f} ms {worst * 1000:>5.0f} ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(ENGINES), action="append")
    parser.add_argument("--matches", type=int, default=30, help="matches per game")
    parser.add_argument("--seconds", type=float, default=0.25, help="thinking time per decision")
    parser.add_argument("--playouts", type=int, default=None, help="fixed simulations instead")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    budget = Budget(seconds=args.seconds, playouts=args.playouts)
    thinking = f"{args.playouts} playouts" if args.playouts else f"{args.seconds:g} s"
    print(f"Strong and easy think for at most {thinking} a decision (the table gives 1 s).")
    for game in args.game or sorted(ENGINES):
        bench(game, args.matches, budget, args.seed)


if __name__ == "__main__":
    main()
