"""Strong against casual players: slow strength checks, run by hand with ``pytest -m slow``
(the figures with their intervals come from ``bench.players --casual``)."""

from __future__ import annotations

import pytest

from bench.players import CASUAL, play_match, wilson
from rules.base import Budget

THINKING = {"hare": Budget(playouts=200), "whyfirst": Budget(playouts=150)}
"""Repeatable thinking, about what 0.05 s of CPU gives a decision on the development machine
(Hare and Tortoise: some 200 samples; Why First?: 40 to 370 by the card round)."""


def _strong_rate(game: str, seats: int, matches: int, first_seed: int) -> tuple[float, float]:
    """Strong's share of the wins among casual players, its seat turning match by match, and
    the 95% interval's lower end."""
    won = 0.0
    for n in range(matches):
        levels = [CASUAL] * seats
        levels[n % seats] = "strong"
        shares, _, _ = play_match(game, tuple(levels), first_seed + n, THINKING[game])
        won += shares[n % seats]
    rate = won / matches
    return rate, wilson(rate, matches)[0]


@pytest.mark.slow
@pytest.mark.parametrize("game", ["hare", "whyfirst"])
def test_strong_wins_most_heads_up_matches_against_a_casual_player(game: str) -> None:
    rate, low = _strong_rate(game, 2, 100, 500)
    assert rate >= 0.6 and low > 0.5


@pytest.mark.slow
@pytest.mark.parametrize("game", ["hare", "whyfirst"])
def test_strong_wins_half_again_its_share_against_three_casual_players(game: str) -> None:
    rate, _ = _strong_rate(game, 4, 150, 700)
    assert rate >= 1.5 * 0.25


@pytest.mark.slow
def test_strong_among_three_casual_players_always_finishes_the_race() -> None:
    """Hare and Tortoise: 200 four-seat races of strong (30 samples a decision) among casual
    players all end within 300 decisions (about 70 a race). Three of them (seeds 98, 128 and
    162) went on for ever while a casual player with more carrots than the Finish allows went
    back and forth between 56 and 62."""
    for seed in range(1, 201):
        levels = [CASUAL] * 4
        levels[seed % 4] = "strong"
        _, places, clocks = play_match("hare", tuple(levels), seed, Budget(playouts=30))
        decisions = sum(len(times) for times in clocks.values())
        assert places and decisions <= 300, f"seed {seed}: {decisions} decisions"
