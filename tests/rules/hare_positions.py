"""Hare and Tortoise positions for the rule tests: markers placed, supplies set, dice loaded."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from rules.base import Event, IllegalMove
from rules.hare import ENGINE, HareEngine
from rules.hare.board import FINISH
from rules.hare.state import HareState


def race(
    players: int = 3,
    spaces: Sequence[int] = (),
    carrots: Sequence[int] = (),
    lettuces: Sequence[int] = (),
    turn: int = 0,
    two_markers: bool | None = None,
) -> HareState:
    """A match with markers on ``spaces`` (in marker order) and the given supplies."""
    options = {} if two_markers is None else {"two_markers": two_markers}
    state = ENGINE.setup(players, options, seed=7)
    for marker, where in zip(state.markers, spaces, strict=False):
        marker.space = where
    for player, amount in zip(state.players, carrots, strict=False):
        player.carrots = amount
    for player, amount in zip(state.players, lettuces, strict=False):
        player.lettuces = amount
    state.turn = turn
    return state


def finished(state: HareState, marker_id: int) -> None:
    """Put a marker home as the next finisher (and its player, when all theirs are home)."""
    marker = state.markers[marker_id]
    marker.space = FINISH
    state.finish_order.append(marker_id)
    marker.finish_place = len(state.finish_order)
    if all(state.markers[m].finished for m in state.markers_of(marker.seat)):
        state.standings.append(marker.seat)


def loaded(*rolls: int) -> HareEngine:
    """An engine whose die rolls ``rolls`` in turn."""
    faces = iter(rolls)
    return HareEngine(die=lambda seed, draw: next(faces))



def first(events: Iterable[Event], kind: str) -> dict[str, Any]:
    return next(dict(e.data) for e in events if e.kind == kind)


def assert_illegal(state: HareState, seat: int, move: str, reason_part: str = "") -> None:
    before = ENGINE.dump(state)
    with pytest.raises(IllegalMove) as caught:
        ENGINE.apply(state, seat, move)
    assert reason_part.lower() in str(caught.value).lower()
    assert ENGINE.dump(state) == before
