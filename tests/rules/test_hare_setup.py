"""Hare and Tortoise: the board, the start supplies, the options and the first turn."""

from __future__ import annotations

import pytest

from rules.base import InvalidOptions
from rules.hare import ENGINE
from rules.hare.board import FINISH, SPACES, Kind


def test_board_has_63_action_spaces_between_start_and_finish() -> None:
    assert len(SPACES) == 65
    assert SPACES[0].kind is Kind.START and SPACES[FINISH].kind is Kind.FINISH
    assert [SPACES[i].code for i in (1, 7, 10, 11, 63)] == [
        "hare", "pos156", "lettuce", "tortoise", "carrot",
    ]
    assert SPACES[7].places == (1, 5, 6)


def test_start_supplies_depend_on_player_count() -> None:
    assert [(p.carrots, p.lettuces) for p in ENGINE.setup(3, {}, 1).players] == [(65, 3)] * 3
    assert {p.carrots for p in ENGINE.setup(4, {}, 1).players} == {95}
    two = ENGINE.setup(2, {}, 1)
    assert two.two_markers and len(two.markers) == 4
    assert [(p.carrots, p.lettuces) for p in two.players] == [(95, 5)] * 2


def test_options_reject_two_markers_beyond_two_players_and_unknown_keys() -> None:
    assert ENGINE.options({}, 2) == {"two_markers": True}
    assert ENGINE.options({"two_markers": False}, 2) == {"two_markers": False}
    with pytest.raises(InvalidOptions):
        ENGINE.options({"two_markers": True}, 3)
    with pytest.raises(InvalidOptions):
        ENGINE.options({"speed": 2}, 3)


def test_first_seat_starts_on_start() -> None:
    state = ENGINE.setup(5, {}, 3)
    assert ENGINE.to_move(state) == {0}
    assert all(m.space == 0 for m in state.markers)
    assert ENGINE.legal_moves(state, 1) == []
