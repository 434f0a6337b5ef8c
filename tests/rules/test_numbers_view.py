"""Sequence Numbers: what each seat's view shows, and how decisions count up."""

from __future__ import annotations

import json

import pytest

from rules.numbers import ENGINE, LAYOUT
from tests.rules.numbers_positions import play, table


def test_the_view_shows_the_board_and_only_the_seats_own_hand() -> None:
    state = table(4)
    public = ENGINE.view(state, None)
    for key in (
        "layout",
        "chips",
        "locked",
        "sequences",
        "last_move",
        "sides",
        "side_of_seat",
        "needed",
        "sequence_counts",
        "to_move",
        "awaiting",
        "hand_sizes",
        "draw_pile",
        "discards",
        "rebuilds",
    ):
        assert key in public, key
    assert public["layout"] == list(LAYOUT) and public["chips"] == [None] * 100
    assert public["last_move"] is None and "hand" not in public
    mine = ENGINE.view(state, 1)
    assert [c["id"] for c in mine["hand"]] == state.hands[1]
    assert {"id", "kind", "text", "answer", "targets", "dead"} <= set(mine["hand"][0])
    json.dumps(mine)
    with pytest.raises(ValueError):
        ENGINE.view(state, 4)


def test_decisions_grow_with_every_turn() -> None:
    state = table(2)
    points = [ENGINE.decision_point(state)]
    for _ in range(3):
        seat = state.turn
        assert seat is not None
        play(state, seat, next(m for m in ENGINE.legal_moves(state, seat) if m[0] in "pmd"))
        points.append(ENGINE.decision_point(state))
    assert points == sorted(set(points))
