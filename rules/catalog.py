"""Every game engine the bot hosts, by key, and their computer players."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from rules.base import Budget, Computer, Engine, Move
from rules.canyon import ENGINE as CANYON
from rules.hare import ENGINE as HARE
from rules.numbers import ENGINE as NUMBERS
from rules.whyfirst import ENGINE as WHY_FIRST

ENGINES: dict[str, Engine[Any]] = {
    engine.key: engine for engine in (WHY_FIRST, HARE, CANYON, NUMBERS)
}


def computer(game: str) -> Computer:
    """The game's computer player: ``choose`` of ``rules/<game>/computer.py``."""
    if game not in ENGINES:
        raise KeyError(game)
    return importlib.import_module(f"rules.{game}.computer").choose  # type: ignore[no-any-return]


def computer_move(
    game: str, view: Mapping[str, Any], seat: int, level: str, seed: int, budget: Budget
) -> Move:
    """One decision of a computer seat; a top-level function, so a worker process can run it."""
    return computer(game)(view, seat, level, seed, budget)
