"""Sequence Numbers: the board, the deck, the space names, and the tables and teams allowed."""

from __future__ import annotations

from typing import Any

import pytest

from rules.base import InvalidOptions
from rules.numbers import DECK, ENGINE, LAYOUT, parse_space, space_name
from rules.numbers.board import CORNERS, SPACES_OF, validate_layout
from rules.numbers.cards import Card, validate_deck
from tests.rules.numbers_positions import MINUS_CARDS, PLUS_CARDS, sp, table

# --- Board, cards and codes --------------------------------------------------------------------


def test_every_number_is_on_the_board_twice_far_apart_and_the_corners_are_free() -> None:
    assert len(LAYOUT) == 100
    assert [LAYOUT[c] for c in CORNERS] == [0, 0, 0, 0]
    for number in range(1, 49):
        assert LAYOUT.count(number) == 2
        a, b = SPACES_OF[number]
        assert max(abs(a // 10 - b // 10), abs(a % 10 - b % 10)) >= 5


def test_the_deck_holds_an_addition_and_a_subtraction_per_answer_and_two_plus_two_minus() -> None:
    assert len(DECK) == 100
    assert len(PLUS_CARDS) == 2 and len(MINUS_CARDS) == 2
    for answer in range(1, 49):
        sums = sorted(c.text.split() for c in DECK if c.answer == answer)
        assert sorted(op for _, op, _ in sums) == ["+", "-"]
        for left, op, right in sums:
            assert int(left) + (int(right) if op == "+" else -int(right)) == answer


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda b: b.__setitem__(0, 5), "corners"),
        (lambda b: b.__setitem__(1, b[2]), "exactly twice"),
        (lambda b: b.pop(), "10 rows"),
    ],
)
def test_a_broken_board_is_refused(change: Any, problem: str) -> None:
    layout = list(LAYOUT)
    change(layout)
    with pytest.raises(ValueError, match=problem):
        validate_layout(layout)


def test_two_copies_of_a_number_close_together_are_refused() -> None:
    layout = list(LAYOUT)
    a, b = sp("B2"), sp("B3")
    far = next(s for s in SPACES_OF[layout[a]] if s != a)
    # Swap B3's number with the far copy of B2's number: now B2 and B3 show the same number.
    layout[far], layout[b] = layout[b], layout[far]
    with pytest.raises(ValueError, match="too close"):
        validate_layout(layout)


@pytest.mark.parametrize(
    ("index", "card", "problem"),
    [
        (0, Card(0, "equation", "1 + 1", 1), "is not 1"),
        (0, Card(0, "equation", "1 - 0", 1), "one addition and one subtraction"),
        (0, Card(0, "equation", "99 - 98", 1), "above 50"),
        (0, Card(0, "equation", "one plus zero", 1), "not a sum"),
        (96, Card(96, "minus", "Minus"), "2 Plus|'plus': 2"),
    ],
)
def test_a_broken_deck_is_refused(index: int, card: Card, problem: str) -> None:
    cards = list(DECK)
    cards[index] = card
    with pytest.raises(ValueError, match=problem):
        validate_deck(cards)
    with pytest.raises(ValueError, match="ids"):
        validate_deck(list(DECK)[:-1])


def test_spaces_are_named_by_row_letter_and_column() -> None:
    assert sp("A1") == 0 and sp("C4") == 23 and sp("J10") == 99
    assert all(parse_space(space_name(s)) == s for s in range(100))
    assert parse_space("K1") is None and parse_space("A0") is None and parse_space("A01") is None


# --- Players and teams -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "options", "sides", "needed", "hand"),
    [
        (2, {}, [[0], [1]], 1, 5),
        (3, {}, [[0], [1], [2]], 1, 5),
        (4, {}, [[0, 2], [1, 3]], 2, 4),
        (4, {"teams": 3}, [[0, 2], [1, 3]], 2, 4),  # the option only matters with 6
        (6, {}, [[0, 2, 4], [1, 3, 5]], 2, 4),
        (6, {"teams": 2}, [[0, 2, 4], [1, 3, 5]], 2, 4),
        (6, {"teams": 3}, [[0, 3], [1, 4], [2, 5]], 2, 4),
    ],
)
def test_every_team_arrangement_alternates_seats_between_sides(
    players: int, options: dict[str, Any], sides: list[list[int]], needed: int, hand: int
) -> None:
    state = table(players, options)
    view = ENGINE.view(state, None)
    assert view["sides"] == sides
    assert view["side_of_seat"] == [s % len(sides) for s in range(players)]
    assert view["needed"] == needed
    assert view["hand_sizes"] == [hand] * players
    assert view["draw_pile"] == 100 - hand * players


def test_five_players_are_refused_with_the_reason() -> None:
    with pytest.raises(InvalidOptions, match="5 players"):
        ENGINE.options({}, 5)
    with pytest.raises(InvalidOptions):
        ENGINE.setup(5, {}, seed=1)


@pytest.mark.parametrize(
    ("raw", "players"),
    [({}, 1), ({}, 7), ({"teams": 4}, 6), ({"teams": "3"}, 6), ({"teams": True}, 6), ({"x": 1}, 4)],
)
def test_bad_tables_and_options_are_refused(raw: dict[str, Any], players: int) -> None:
    with pytest.raises(InvalidOptions):
        ENGINE.options(raw, players)


def test_the_lobby_can_check_options_before_players_join() -> None:
    assert ENGINE.options({"teams": 3}, ENGINE.max_players) == {"teams": 3}
