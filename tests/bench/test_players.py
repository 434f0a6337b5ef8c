"""The strength bench (``bench.players``): casual opponents seated by game, a team's win counted
whole, and, run by hand (``pytest -m slow``), strong clearly ahead of casual players."""

from __future__ import annotations

import pytest

from bench.players import CASUAL, casual, fair_share, play_match, tables, wilson
from rules.base import Budget
from rules.canyon import casual as canyon_casual
from rules.numbers import casual as numbers_casual

QUICK = Budget(seconds=10.0, playouts=6)
THINKING = Budget(playouts=120)
"""Repeatable thinking: about 0.1 s a decision of Sequence Numbers on the development machine,
0.2 s of Great Canyon Race."""


def test_each_game_names_its_casual_player() -> None:
    assert casual("canyon") is canyon_casual.choose
    assert casual("numbers") is numbers_casual.choose


def test_the_computers_seat_turns_round_the_table() -> None:
    assert tables(("strong", CASUAL, CASUAL), 4) == [
        ("strong", CASUAL, CASUAL),
        (CASUAL, CASUAL, "strong"),
        (CASUAL, "strong", CASUAL),
        ("strong", CASUAL, CASUAL),
    ]


def test_a_side_is_a_seat_alone_and_a_team_at_four() -> None:
    assert fair_share("canyon", 4) == 0.25
    assert fair_share("numbers", 3) == pytest.approx(1 / 3)
    assert fair_share("numbers", 4) == 0.5


@pytest.mark.parametrize("game", ["canyon", "numbers"])
def test_a_match_against_casual_players_is_played_out(game: str) -> None:
    shares, places, clocks = play_match(game, ("easy", CASUAL, CASUAL, CASUAL), 3, QUICK)
    assert len(places) == 4 and set(clocks) == {"easy", CASUAL}
    if game == "numbers":  # teams of seats 0 and 2, 1 and 3: a team's win counts whole
        assert shares[0] == shares[2] and shares[1] == shares[3]
        assert sorted(shares) in ([0.0, 0.0, 1.0, 1.0], [0.0] * 4)
    else:  # drivers alone: a shared win is split
        assert all(0.0 <= share <= 1.0 for share in shares) and sum(shares) <= 1.0


def _strong_rate(game: str, seats: int, matches: int, budget: Budget) -> tuple[float, float]:
    levels = ("strong",) + (CASUAL,) * (seats - 1)
    won = 0.0
    for n, seating in enumerate(tables(levels, matches)):
        shares, _, _ = play_match(game, seating, 100 + n, budget)
        won += shares[seating.index("strong")]
    rate = won / matches
    return rate, wilson(rate, matches)[0]


@pytest.mark.slow
@pytest.mark.parametrize("game", ["canyon", "numbers"])
def test_strong_beats_a_casual_player_heads_up(game: str) -> None:
    rate, low = _strong_rate(game, 2, 100, THINKING)
    assert rate >= 0.6 and low > 0.5


@pytest.mark.slow
def test_strong_wins_more_than_its_share_among_three_casual_drivers() -> None:
    rate, _ = _strong_rate("canyon", 4, 100, THINKING)
    assert rate >= 1.5 * fair_share("canyon", 4)
