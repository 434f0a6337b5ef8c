"""How well the computer players play: against each other and against casual players.

    python -m bench.players [--game G] [--matches N] [--seconds S | --playouts P] [--seed S]
    python -m bench.players --casual [--seats 2 4] [--level strong easy] [--computers C] ...

The mixed table seats one strong, one easy and one random player (three seats), rotating who
sits where so no level keeps the first seat. ``--casual`` seats one computer of each level
against casual players (``casual_move`` of ``rules/<game>/casual.py``: a sensible player's
rule-based play, written from the rulebook) in every other seat, the computer's seat rotating;
``--computers 2`` seats two of them, half the table apart (partners in a team game).
Each player decides from its seat's view only, as at the table. Prints each level's win rate
with a 95% Wilson interval (a shared win counts as a share) beside its fair share, its mean
place (1 is first) and its mean and worst decision time. Figures, not tests: run by hand.
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
from typing import Any

from rules.base import Budget, Move
from rules.catalog import ENGINES, computer

SEATS = ("strong", "easy", "random")
"""The levels at every mixed table, rotated across matches."""

CASUAL = "casual"

PROGRESS = 10
"""Matches between two interim reports of a run against casual players."""

MAX_DECISIONS = 3_000
"""A match still going after this many decisions is stopped, left out of the figures and
counted as unfinished (a match of four players of Hare and Tortoise takes about 100)."""

Casual = Callable[[Mapping[str, Any], int, random.Random], Move]


def casual_player(game: str) -> Casual | None:
    """The game's casual player, ``casual_move`` of ``rules/<game>/casual.py``, if it has one."""
    try:
        module = importlib.import_module(f"rules.{game}.casual")
    except ModuleNotFoundError:
        return None
    return module.casual_move  # type: ignore[no-any-return]


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``share`` out of ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_match(
    game: str, levels: tuple[str, ...], seed: int, budget: Budget
) -> tuple[list[float], tuple[int, ...], dict[str, list[float]]]:
    """Play one match with ``levels[seat]`` at each seat: each seat's share of the win, each
    seat's place, and each level's decision times; no shares and no places when the match is
    stopped unfinished (``MAX_DECISIONS``)."""
    engine = ENGINES[game]
    choose = computer(game)
    casual = casual_player(game)
    rng = random.Random(seed)
    clocks: dict[str, list[float]] = defaultdict(list)
    state = engine.setup(len(levels), engine.options({}, len(levels)), seed)
    decision = 0
    while (awaited := engine.to_move(state)) and decision < MAX_DECISIONS:
        seat = min(awaited)
        level = levels[seat]
        start = time.process_time()
        if level == "random":
            move = rng.choice(engine.legal_moves(state, seat))
        elif level == CASUAL:
            assert casual is not None
            move = casual(engine.view(state, seat), seat, rng)
        else:
            view = engine.view(state, seat)
            move = choose(view, seat, level, seed * 1_000 + decision, budget)
        clocks[level].append(time.process_time() - start)
        engine.apply(state, seat, move)
        decision += 1
    outcome = engine.outcome(state)
    if outcome is None:
        return [], (), clocks
    winners = [s for s in outcome.winners if s < len(levels)]
    shares = [1 / len(winners) if s in winners else 0.0 for s in range(len(levels))]
    return shares, outcome.places[: len(levels)], clocks


def _tables(matches: int, rotation: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The seating of each match: ``rotation`` turned one seat further every match."""
    return [rotation[n % len(rotation):] + rotation[: n % len(rotation)] for n in range(matches)]


def _results(
    game: str, tables: list[tuple[str, ...]], budget: Budget, seed: int, jobs: int,
    progress: Callable[[list[Any]], None] | None = None,
) -> list[tuple[tuple[str, ...], list[float], tuple[int, ...], dict[str, list[float]]]]:
    """Every match played, ``jobs`` at a time; ``progress`` sees the results every
    ``PROGRESS`` matches (a long run interrupted still leaves figures)."""
    args = [(game, levels, seed + n, budget) for n, levels in enumerate(tables)]
    results = []
    with ProcessPoolExecutor(max(1, jobs)) as pool:
        played = pool.map(play_match, *zip(*args, strict=True))
        for levels, result in zip(tables, played, strict=True):
            results.append((levels, *result))
            if progress is not None and len(results) % PROGRESS == 0 < len(tables) - len(results):
                progress(results)
    return results


def _report(
    title: str, levels: tuple[str, ...], fair: float, results: list[Any], together: int = 1
) -> None:
    """Each level's win rate, interval, place and decision times; with ``together`` seats of
    one level at each table, also how often one of them wins (their side, in a team game),
    its interval counted by matches."""
    wins: dict[str, float] = defaultdict(float)
    places: dict[str, int] = defaultdict(int)
    counts: dict[str, int] = defaultdict(int)
    clocks: dict[str, list[float]] = defaultdict(list)
    finished = [result for result in results if result[2]]
    for seating, shares, placed, times in finished:
        for level, share, place in zip(seating, shares, placed, strict=True):
            if level in levels:
                wins[level] += share
                places[level] += place
                counts[level] += 1
        for level, spent in times.items():
            clocks[level].extend(spent)
    print(f"\n{title}: {len(finished)} matches, a fair share is {fair:.1%}", flush=True)
    if len(finished) < len(results):
        print(f"  {len(results) - len(finished)} more stopped unfinished after {MAX_DECISIONS} "
              "decisions, left out")
    print(
        f"  {'level':<8} {'win rate':>9} {'95% interval':>16} {'x fair':>7} {'mean place':>11} "
        f"{'mean decision':>14} {'worst':>8}"
    )
    for level in levels:
        n = counts[level]
        rate = wins[level] / n
        low, high = wilson(rate, n)
        times = clocks[level]
        mean = sum(times) / len(times) if times else 0.0
        print(
            f"  {level:<8} {rate:>9.1%} {f'{low:.1%} to {high:.1%}':>16} {rate / fair:>7.2f} "
            f"{places[level] / n:>11.2f} "
            f"{mean * 1000:>11.1f} ms {max(times, default=0.0) * 1000:>5.0f} ms",
            flush=True,
        )
        if together > 1:
            side = wins[level] / len(finished)
            low, high = wilson(side, len(finished))
            print(f"  one of the {together} {level} wins {side:.1%} of {len(finished)} matches "
                  f"({low:.1%} to {high:.1%}), fair {together * fair:.1%}", flush=True)


def mixed(game: str, matches: int, budget: Budget, seed: int, jobs: int) -> None:
    """Strong, easy and random at one table."""
    results = _results(game, _tables(matches, SEATS), budget, seed, jobs)
    _report(ENGINES[game].title, SEATS, 1 / len(SEATS), results)


def seating(level: str, seats: int, computers: int) -> tuple[str, ...]:
    """``computers`` seats of ``level`` spread evenly round the table, casual players between."""
    at = {n * seats // computers for n in range(computers)}
    return tuple(level if seat in at else CASUAL for seat in range(seats))


def against_casual(
    game: str, level: str, seats: int, matches: int, budget: Budget, seed: int, jobs: int,
    computers: int = 1,
) -> None:
    """``computers`` computers of ``level`` against casual players in the other seats."""
    rotation = seating(level, seats, computers)
    title = f"{ENGINES[game].title}, {computers} {level} against {seats - computers} casual"

    def interim(results: list[Any]) -> None:
        _report(f"{title} (so far)", (level,), 1 / seats, results, computers)

    results = _results(game, _tables(matches, rotation), budget, seed, jobs, interim)
    _report(title, (level,), 1 / seats, results, computers)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(ENGINES), action="append")
    parser.add_argument("--matches", type=int, default=30, help="matches per table")
    parser.add_argument("--seconds", type=float, default=0.25, help="thinking time per decision")
    parser.add_argument("--playouts", type=int, default=None, help="fixed simulations instead")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--casual", action="store_true", help="against casual players")
    parser.add_argument("--seats", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--level", nargs="+", default=["strong", "easy"])
    parser.add_argument("--computers", type=int, default=1, help="computer seats (--casual)")
    parser.add_argument("--jobs", type=int, default=1, help="matches played at once")
    args = parser.parse_args()
    budget = Budget(seconds=args.seconds, playouts=args.playouts)
    thinking = f"{args.playouts} playouts" if args.playouts else f"{args.seconds:g} s of CPU"
    print(f"Strong thinks for at most {thinking} a decision (the table gives 1 s).")
    for game in args.game or sorted(ENGINES):
        if not args.casual:
            mixed(game, args.matches, budget, args.seed, args.jobs)
            continue
        if casual_player(game) is None:
            print(f"\n{ENGINES[game].title}: no casual player yet")
            continue
        for seats in args.seats:
            for level in args.level:
                against_casual(
                    game, level, seats, args.matches, budget, args.seed, args.jobs,
                    args.computers,
                )


if __name__ == "__main__":
    main()
