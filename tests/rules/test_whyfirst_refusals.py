"""Why First?: illegal moves and outside input refused, changing nothing."""

from __future__ import annotations

import pytest

from rules.base import IllegalMove
from rules.whyfirst import ENGINE
from tests.rules.protocol import check_padded_codes_refused
from tests.rules.whyfirst_positions import ANNE, rigged


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ("p99:0", "not in your hand"),
        ("x", "Play one card"),
        ("f1", "Play one card"),
        ("", "Play one card"),
        ("p1:1" + "0" * 50, "Play one card"),
    ],
)
def test_illegal_move_leaves_the_state_untouched(move: str, reason: str):
    state = ENGINE.setup(4, {}, seed=5)
    before = ENGINE.dump(state)
    with pytest.raises(IllegalMove, match=reason):
        ENGINE.apply(state, ANNE, move)
    assert ENGINE.dump(state) == before


def test_illegal_moves_in_every_situation_leave_the_state_untouched():
    state = rigged(2, card_round=5, hands={0: [2], 1: [1]})
    card = state.hands[0][0]
    other = state.hands[1][0]
    cases = [
        (0, f"p{other}:0", "not in your hand"),
        (0, f"p{card}:1", "fifth card round"),
        (0, f"p{card}:7", "no such figure"),
        (0, f"p{card}", "Choose the figure"),
    ]
    for seat, move, reason in cases:
        before = ENGINE.dump(state)
        with pytest.raises(IllegalMove, match=reason):
            ENGINE.apply(state, seat, move)
        assert ENGINE.dump(state) == before
    ENGINE.apply(state, 0, f"p{card}:0")
    before = ENGINE.dump(state)
    with pytest.raises(IllegalMove, match="already played this round"):
        ENGINE.apply(state, 0, f"p{card}:0")
    assert ENGINE.dump(state) == before


@pytest.mark.parametrize(
    ("seat", "move"),
    [
        (7, "p0:0"),  # a seat not in the match
        (-1, "p0:0"),
        ("0", "p0:0"),
        (0, 7),  # a move that is not text
        (0, None),
        (0, ["p0:0"]),
        (0, "p" + "0" * 60),
    ],
)
def test_input_from_outside_the_rules_is_refused_as_an_illegal_move(seat, move):
    state = ENGINE.setup(3, {}, seed=5)
    before = ENGINE.dump(state)
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, seat, move)
    assert ENGINE.dump(state) == before


def test_only_the_listed_codes_are_played_not_leading_zeros():
    state = ENGINE.setup(3, {}, seed=5)
    card = state.hands[ANNE][0]
    before = ENGINE.dump(state)
    for typed in (f"p0{card}:1", f"p{card}:01", f"p{card}:1 ", f"P{card}:1"):
        with pytest.raises(IllegalMove):
            ENGINE.apply(state, ANNE, typed)
        assert ENGINE.dump(state) == before
    ENGINE.apply(state, ANNE, f"p{card}:1")


@pytest.mark.parametrize("variant", ["standard", "tactical"])
def test_a_move_code_with_a_newline_after_it_is_refused(variant: str) -> None:
    state = ENGINE.setup(3, {"variant": variant}, 5)
    for seat in sorted(ENGINE.to_move(state)):
        check_padded_codes_refused(ENGINE, state, seat)
