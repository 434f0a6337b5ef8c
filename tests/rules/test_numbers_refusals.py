"""Sequence Numbers: bad moves and seats refused, with reasons, changing nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.base import IllegalMove
from rules.numbers import ENGINE, LAYOUT, space_name
from tests.rules.numbers_positions import card_for, give, sp, table
from tests.rules.protocol import check_padded_codes_refused

BAD_MOVES: list[Any] = [
    None,
    17,
    b"t1",
    ["t1"],
    "",
    "p",
    "P{card}@C4",
    "p0{card}@C4",
    "p{card}@C04",
    "p{card}@c4",
    "p{card}@K1",
    "p{card}@A11",
    "p{card}@A0",
    "p{card}",
    "p{card}@C4 ",
    "t{card}@C4",
    "x{card}",
    "d{card}",
    "m{card}@C4",
    "p{card}@" + "C4" * 30,
    "p{other}@C4",
    "p{card}@A1",
    "p100@C4",
]


@pytest.mark.parametrize("move", BAD_MOVES)
def test_every_bad_move_is_refused_and_changes_nothing(move: Any) -> None:
    state = table(2)
    card = card_for("C4")
    give(state, 0, [card])
    other = state.hands[1][0]
    if isinstance(move, str):
        move = move.format(card=card, other=other)
    before = json.dumps(ENGINE.dump(state))
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(state, 0, move)
    assert refused.value.reason
    assert json.dumps(ENGINE.dump(state)) == before


@pytest.mark.parametrize("seat", [-1, 2, 9, "0", None, 1.0, True])
def test_a_seat_not_in_the_match_or_not_awaited_is_refused(seat: Any) -> None:
    state = table(2)
    move = ENGINE.legal_moves(state, 0)[0]
    before = ENGINE.dump(state)
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, seat, move)
    assert ENGINE.dump(state) == before


def test_the_seat_not_awaited_is_told_it_is_not_their_turn() -> None:
    state = table(3)
    with pytest.raises(IllegalMove, match="not your turn"):
        ENGINE.apply(state, 1, ENGINE.legal_moves(state, 0)[0])
    assert ENGINE.legal_moves(state, 1) == []


def test_a_card_on_the_wrong_number_names_the_right_spaces() -> None:
    state = table()
    card = card_for("C4")
    give(state, 0, [card])
    wrong = next(space_name(s) for s in range(100) if LAYOUT[s] not in (0, LAYOUT[sp("C4")]))
    with pytest.raises(IllegalMove, match="C4"):
        ENGINE.apply(state, 0, f"p{card}@{wrong}")


def test_a_move_code_with_a_newline_after_it_is_refused() -> None:
    state = ENGINE.setup(2, {}, 5)
    check_padded_codes_refused(ENGINE, state, state.turn)
