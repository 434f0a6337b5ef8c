"""Great Canyon Race: moves refused, and every listed code in the button format."""

from __future__ import annotations

import pytest

from rules.base import IllegalMove
from rules.canyon import ENGINE
from tests.rules.canyon_positions import ANNE, BEN, play, rigged
from tests.rules.protocol import check_padded_codes_refused


@pytest.mark.parametrize("move", [None, 12, b"c1", ["c1"], ""])
def test_a_move_that_is_not_text_or_empty_is_refused(move):
    state = ENGINE.setup(3, {}, seed=2)
    before = ENGINE.dump(state)
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, ANNE, move)
    assert ENGINE.dump(state) == before


@pytest.mark.parametrize("seat", [-1, 3, 99, True, "0", None, 1.0])
def test_a_seat_not_in_the_match_is_refused(seat):
    state = ENGINE.setup(3, {}, seed=2)
    move = ENGINE.legal_moves(state, ANNE)[0]
    with pytest.raises(IllegalMove, match="no such seat"):
        ENGINE.apply(state, seat, move)


def test_codes_must_be_exactly_as_listed():
    state = ENGINE.setup(3, {}, seed=2)
    card = state.hands[ANNE][0]
    other = state.hands[BEN][0]
    before = ENGINE.dump(state)
    bad = [
        f"c0{card}",
        f"c{card} ",
        f" c{card}",
        f"C{card}",
        f"c{card}:X",
        f"c{card}:xx",
        f"c{card}!",
        f"c+{card}",
        f"c{other}",
        "c",
        "c999",
        "s+",
        "a0",
        "k7",
        "x" * 100,
    ]
    for move in bad:
        with pytest.raises(IllegalMove):
            ENGINE.apply(state, ANNE, move)
        assert ENGINE.dump(state) == before
    with pytest.raises(IllegalMove, match="not in your hand"):
        ENGINE.apply(state, ANNE, f"c{other}")


def test_a_seat_that_is_not_awaited_is_refused():
    state = rigged(2, hands={ANNE: [4], BEN: [2]})
    play(state, {ANNE: 4})
    with pytest.raises(IllegalMove, match="already committed"):
        ENGINE.apply(state, ANNE, f"c{state.hands[ANNE][0]}")


def test_no_move_is_accepted_once_the_race_is_over():
    state = rigged(2, round_no=10, action="cancel", hands={ANNE: [1], BEN: [1]})
    play(state, {ANNE: 1, BEN: 1})
    assert ENGINE.outcome(state) is not None
    with pytest.raises(IllegalMove, match="over"):
        ENGINE.apply(state, ANNE, "c1")


def test_every_listed_code_fits_the_button_format():
    import re

    state = ENGINE.setup(6, {}, seed=9)
    for seat in range(6):
        for move in ENGINE.legal_moves(state, seat):
            assert re.fullmatch(r"[A-Za-z0-9:@+.\-]{1,40}", move)


def test_a_move_code_with_a_newline_after_it_is_refused() -> None:
    state = ENGINE.setup(3, {}, 5)
    for seat in sorted(ENGINE.to_move(state)):
        check_padded_codes_refused(ENGINE, state, seat)
