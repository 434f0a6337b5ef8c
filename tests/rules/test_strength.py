"""Strong against casual players, heads-up: slow strength checks, run by hand with
``pytest -m slow`` (the figures with their intervals come from ``bench.players --casual``)."""

from __future__ import annotations

import pytest

from bench.players import play_match
from rules.base import Budget


@pytest.mark.slow
@pytest.mark.parametrize("game", ["hare", "whyfirst"])
def test_strong_wins_most_heads_up_matches_against_a_casual_player(game: str) -> None:
    wins = 0.0
    for match in range(20):
        levels = ("strong", "casual") if match % 2 == 0 else ("casual", "strong")
        shares, _, _ = play_match(game, levels, 500 + match, Budget(playouts=150))
        wins += shares[levels.index("strong")]
    assert wins > 11


@pytest.mark.slow
@pytest.mark.parametrize("game", ["hare", "whyfirst"])
def test_strong_wins_more_than_its_share_against_three_casual_players(game: str) -> None:
    wins = 0.0
    for match in range(20):
        levels = ("casual",) * (match % 4) + ("strong",) + ("casual",) * (3 - match % 4)
        shares, _, _ = play_match(game, levels, 700 + match, Budget(playouts=150))
        wins += shares[levels.index("strong")]
    assert wins > 6
