"""Play full random games with every engine and print how fast they run.

    python -m bench.engines [--games N] [--seed S]

Each game picks an awaited seat and one of its legal moves with a seeded ``random.Random``,
so a run is repeatable. Hare and Tortoise uses its purposeful player (random one move in ten):
uniformly random play hoards carrots and never crosses the finish. Prints games per second
and mean microseconds per move (the time includes ``to_move`` and ``legal_moves``, as a
player's turn would). Figures, not tests.
"""

from __future__ import annotations

import argparse
import importlib
import random
import time
from collections.abc import Callable, Mapping
from typing import Any

from rules.base import Engine, InvalidOptions, Move
from rules.hare import purposeful_move

Chooser = Callable[[Engine[Any], Any, int, random.Random], Move]


def random_move(engine: Engine[Any], state: Any, seat: int, rng: random.Random) -> Move:
    return rng.choice(engine.legal_moves(state, seat))


def hare_move(engine: Engine[Any], state: Any, seat: int, rng: random.Random) -> Move:
    return purposeful_move(state, seat, rng)


ENGINES: list[tuple[str, Mapping[str, Any], Chooser]] = [
    # (engine package, match options, how moves are chosen): add one line per engine.
    ("rules.whyfirst", {}, random_move),
    ("rules.whyfirst", {"variant": "tactical"}, random_move),
    ("rules.hare", {}, hare_move),
    ("rules.numbers", {}, random_move),
    ("rules.numbers", {"teams": 3}, random_move),
    ("rules.canyon", {}, random_move),
]


def play_game(
    engine: Engine[Any], players: int, options: Mapping[str, Any], seed: int, choose: Chooser
) -> int:
    """Play one match to its end; return how many moves it took."""
    rng = random.Random(seed)
    state = engine.setup(players, engine.options(options, players), seed)
    moves = 0
    while awaited := engine.to_move(state):
        seat = rng.choice(sorted(awaited))
        engine.apply(state, seat, choose(engine, state, seat, rng))
        moves += 1
    return moves


def bench(
    engine: Engine[Any],
    players: int,
    options: Mapping[str, Any],
    games: int,
    seed: int,
    choose: Chooser,
) -> tuple[float, float, float]:
    """Games per second and mean microseconds per move over ``games`` matches."""
    moves = 0
    start = time.perf_counter()
    for game in range(games):
        moves += play_game(engine, players, options, seed + game, choose)
    elapsed = time.perf_counter() - start
    return games / elapsed, elapsed / moves * 1e6, moves / games


def accepts(engine: Engine[Any], players: int, options: Mapping[str, Any]) -> bool:
    """Whether the engine seats ``players`` with ``options`` (Sequence Numbers refuses 5)."""
    try:
        engine.options(options, players)
    except InvalidOptions:
        return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per engine and size")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'engine':<32} {'players':>7} {'games/s':>10} {'µs/move':>9} {'moves/game':>11}")
    for module, options, choose in ENGINES:
        engine = importlib.import_module(module).ENGINE
        label = engine.key + "".join(f" {k}={v}" for k, v in options.items())
        for players in range(engine.min_players, engine.max_players + 1):
            if not accepts(engine, players, options):
                continue
            rate, per_move, length = bench(engine, players, options, args.games, args.seed, choose)
            print(f"{label:<32} {players:>7} {rate:>10.1f} {per_move:>9.1f} {length:>11.1f}")


if __name__ == "__main__":
    main()
