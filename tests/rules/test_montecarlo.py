"""Comparing moves on sampled worlds: the budget is kept, the favourite wins ties, a clearly
better move wins, and a fixed number of playouts repeats exactly."""

from __future__ import annotations

import random

import pytest

from rules import montecarlo
from rules.base import Budget
from rules.montecarlo import Comparison, best_move

COMPARISON = Comparison(min_worlds=4, pruning=1.0, override=0.5)


def coin(chances: dict[str, float], calls: list[str]):
    """A simulation where move ``m`` wins with chance ``chances[m]``; ``calls`` logs moves."""

    def simulate(move: str, world: random.Random) -> float:
        calls.append(move)
        return 1.0 if world.random() < chances[move] else 0.0

    return simulate


def test_exactly_the_playouts_asked_for_while_moves_are_close():
    calls: list[str] = []
    simulate = coin({"a": 0.5, "b": 0.5, "c": 0.5}, calls)
    best_move(["a", "b", "c"], simulate, random.Random(1), Budget(playouts=30), COMPARISON)
    assert len(calls) == 30


def test_equal_moves_keep_the_favourite():
    calls: list[str] = []
    simulate = coin({"a": 0.5, "b": 0.5}, calls)
    # Both moves see the same worlds, so equal chances give equal rewards: no reason to change.
    budget = Budget(playouts=200)
    assert best_move(["a", "b"], simulate, random.Random(2), budget, COMPARISON) == "a"


def test_a_clearly_better_move_replaces_the_favourite():
    calls: list[str] = []
    simulate = coin({"a": 0.2, "b": 0.9, "c": 0.1}, calls)
    move = best_move(["a", "b", "c"], simulate, random.Random(3), Budget(playouts=300), COMPARISON)
    assert move == "b"
    # The others fall behind and are dropped; with one move left there is nothing to compare.
    assert len(calls) < 300


def test_the_same_seed_repeats_the_decision():
    def decide(seed: int) -> tuple[str, list[str]]:
        calls: list[str] = []
        simulate = coin({"a": 0.45, "b": 0.55, "c": 0.5}, calls)
        budget = Budget(playouts=60)
        return best_move(["a", "b", "c"], simulate, random.Random(seed), budget, COMPARISON), calls

    assert decide(4) == decide(4)


class Ticking:
    """A CPU clock that moves a 64th of a second each time it is read."""

    def __init__(self) -> None:
        self.now = 0.0
        self.read: list[float] = []

    def process_time(self) -> float:
        self.now += 1 / 64
        self.read.append(self.now)
        return self.now


def test_a_time_budget_stops_on_time(monkeypatch: pytest.MonkeyPatch):
    clock = Ticking()
    monkeypatch.setattr(montecarlo, "time", clock)
    started: list[float] = []
    calls: list[str] = []
    tossed = coin({"a": 0.5, "b": 0.5}, calls)

    def simulate(move: str, world: random.Random) -> float:
        started.append(clock.now)
        return tossed(move, world)

    budget = Budget(seconds=20 / 64)
    assert best_move(["a", "b"], simulate, random.Random(5), budget, COMPARISON) == "a"
    deadline = clock.read[0] + budget.seconds
    assert len(calls) > 4 and all(at < deadline for at in started), "thought while time was left"
    assert clock.read[-1] >= deadline, "and stopped only once it was spent"
