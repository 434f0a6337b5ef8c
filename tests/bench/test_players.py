"""The strength bench (``bench.players``) against the casual players of Great Canyon Race and
Sequence Numbers, and, run by hand (``pytest -m slow``), strong clearly ahead of them."""

from __future__ import annotations

import pytest

from bench import players
from bench.players import CASUAL, casual_player, play_match, seating, wilson
from rules.base import Budget
from rules.canyon import casual as canyon_casual
from rules.numbers import casual as numbers_casual

QUICK = Budget(seconds=10.0, playouts=6)
THINKING = Budget(playouts=120)
"""Repeatable thinking: about 0.1 s a decision of Sequence Numbers on the development machine,
0.2 s of Great Canyon Race."""


def test_each_game_names_its_casual_player() -> None:
    assert casual_player("canyon") is canyon_casual.casual_move
    assert casual_player("numbers") is numbers_casual.casual_move


@pytest.mark.parametrize("game", ["canyon", "numbers"])
def test_a_match_against_casual_players_is_played_out(game: str) -> None:
    shares, places, clocks = play_match(game, ("easy", CASUAL, CASUAL, CASUAL), 3, QUICK)
    assert len(places) == 4 and set(clocks) == {"easy", CASUAL}
    assert all(0.0 <= share <= 1.0 for share in shares) and sum(shares) <= 1.0
    if game == "numbers":  # teams of seats 0 and 2, 1 and 3 win together
        assert shares[0] == shares[2] and shares[1] == shares[3]


def test_two_computers_sit_half_the_table_apart() -> None:
    assert seating("strong", 2, 1) == ("strong", CASUAL)
    assert seating("strong", 4, 1) == ("strong", CASUAL, CASUAL, CASUAL)
    assert seating("strong", 4, 2) == ("strong", CASUAL, "strong", CASUAL)
    shares, _, _ = play_match("numbers", seating("easy", 4, 2), 5, QUICK)
    assert shares[0] == shares[2] and shares[1] == shares[3]  # partners


def test_a_match_that_goes_on_too_long_is_stopped_unfinished(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(players, "MAX_DECISIONS", 6)
    shares, places, clocks = play_match("numbers", ("easy", CASUAL), 5, QUICK)
    assert shares == [] and places == ()
    assert sum(len(times) for times in clocks.values()) == 6
    monkeypatch.setattr(players, "MAX_DECISIONS", 10_000)
    finished = play_match("numbers", (CASUAL, "easy"), 5, QUICK)
    results = [(("easy", CASUAL), shares, places, clocks), ((CASUAL, "easy"), *finished)]
    players._report("Sequence Numbers", ("easy",), 0.5, results)
    out = capsys.readouterr().out
    assert "Sequence Numbers: 1 matches" in out and "1 more stopped unfinished after 10000" in out


def test_two_partners_are_reported_as_one_side_counted_by_matches(
    capsys: pytest.CaptureFixture[str],
) -> None:
    partners = seating("easy", 4, 2)
    results = [
        (partners, [0.5, 0.0, 0.5, 0.0], (1, 2, 1, 2), {"easy": [0.01]}),
        (partners, [0.0, 0.5, 0.0, 0.5], (2, 1, 2, 1), {"easy": [0.01]}),
        (partners, [0.5, 0.0, 0.5, 0.0], (1, 2, 1, 2), {"easy": [0.01]}),
    ]
    players._report("Sequence Numbers", ("easy",), 0.25, results, together=2)
    low, high = wilson(2 / 3, 3)
    assert (
        f"one of the 2 easy wins 66.7% of 3 matches ({low:.1%} to {high:.1%}), fair 50.0%"
        in capsys.readouterr().out
    )


def _strong_rate(game: str, seats: int, matches: int) -> tuple[float, float]:
    """Strong's share of the wins among casual players, its seat turning, and the interval's
    lower end."""
    won = 0.0
    for n in range(matches):
        levels = [CASUAL] * seats
        levels[n % seats] = "strong"
        shares, _, _ = play_match(game, tuple(levels), 100 + n, THINKING)
        won += shares[n % seats]
    rate = won / matches
    return rate, wilson(rate, matches)[0]


@pytest.mark.slow
@pytest.mark.parametrize("game", ["canyon", "numbers"])
def test_strong_beats_a_casual_player_heads_up(game: str) -> None:
    rate, low = _strong_rate(game, 2, 100)
    assert rate >= 0.6 and low > 0.5


@pytest.mark.slow
def test_strong_wins_more_than_its_share_among_three_casual_drivers() -> None:
    rate, _ = _strong_rate("canyon", 4, 100)
    assert rate >= 1.5 * 0.25


@pytest.mark.slow
def test_strong_lifts_its_team_of_sequence_numbers_above_its_fair_half() -> None:
    # A team's win is split between its two seats: the team wins twice its seat's share. The
    # goal of 75% is not reached (bench/README.md); this checks the team does better than even.
    rate, _ = _strong_rate("numbers", 4, 100)
    assert 2 * rate > 0.5
