"""Checks every engine's property tests share: the protocol holds at each step of play."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.base import MAX_MOVE_CODE, Engine, IllegalMove


def round_trip(engine: Engine[Any], state: Any) -> Any:
    """The state through JSON and back: equal, and dumped alike."""
    data = json.loads(json.dumps(engine.dump(state)))
    loaded = engine.load(data)
    assert loaded == state
    assert engine.dump(loaded) == data
    return loaded


def check_moves_and_outcome(engine: Engine[Any], state: Any, seats: int) -> None:
    """Exactly the awaited seats have moves, short codes all; no one awaited means over."""
    awaited = engine.to_move(state)
    assert (not awaited) == (engine.outcome(state) is not None)
    for seat in range(seats):
        moves = engine.legal_moves(state, seat)
        assert bool(moves) == (seat in awaited)
        assert all(len(m) <= MAX_MOVE_CODE for m in moves)


def check_padded_codes_refused(engine: Engine[Any], state: Any, seat: int) -> None:
    """Each of the seat's legal codes with a newline or a space after it is refused as an
    illegal move with a reason, and changes nothing."""
    moves = engine.legal_moves(state, seat)
    assert moves
    before = engine.dump(state)
    for move in moves:
        for padded in (move + "\n", move + " ", "\n" + move):
            with pytest.raises(IllegalMove) as refused:
                engine.apply(state, seat, padded)
            assert refused.value.reason, padded
            assert engine.dump(state) == before, padded
