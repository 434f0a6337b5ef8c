"""Hare and Tortoise: illegal moves and outside input refused, changing nothing."""

from __future__ import annotations

import pytest

from rules.base import IllegalMove
from rules.hare import ENGINE
from tests.rules.hare_positions import assert_illegal, race
from tests.rules.protocol import check_padded_codes_refused


@pytest.mark.parametrize(
    ("seat", "move", "reason"),
    [
        (1, "f2", "not your turn"),
        (0, "jump", "unknown move"),
        (0, "f2@1", "single marker"),
        (0, "f0", "beyond 0"),
        (0, "f40", "costs"),
        (0, "b11", "no tortoise space behind"),
        (0, "give", "carrot space"),
    ],
)
def test_an_illegal_move_leaves_the_state_untouched(seat: int, move: str, reason: str) -> None:
    state = race()
    assert_illegal(state, seat, move, reason)


@pytest.mark.parametrize(("seat", "move"), [(5, "f1"), (-1, "f1"), (0, 12), (0, None)])
def test_input_from_outside_the_rules_is_refused_as_an_illegal_move(seat, move) -> None:
    state = ENGINE.setup(2, {}, seed=3)
    before = ENGINE.dump(state)
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, seat, move)
    assert ENGINE.dump(state) == before


def test_a_move_code_with_a_newline_after_it_is_refused() -> None:
    state = race(spaces=[2, 30, 0], carrots=[40])  # on a carrot space: take and give too
    assert {"take", "give"} <= set(ENGINE.legal_moves(state, 0))
    check_padded_codes_refused(ENGINE, state, 0)
