"""Hare and Tortoise: the match state behind a seat's view, for the computer players."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.hare.state import HareState, Marker, Player


def determinize(view: Mapping[str, Any], seed: int) -> HareState:
    """The match state behind ``view`` (the whole position is public), with ``seed`` for the
    die, whose future rolls nobody knows."""
    markers = [
        Marker(
            seat=m["seat"],
            number=m["marker"],
            space=m["space"],
            finish_place=m["finish_place"],
            must_eat=m["must_eat"],
            must_move=m["must_move"],
            position_pending=m["position_pending"],
        )
        for m in view["markers"]
    ]
    ids = {(m.seat, m.number): i for i, m in enumerate(markers)}
    pending = view["pending"]
    return HareState(
        seed=seed,
        two_markers=view["two_markers"],
        start_carrots=view["start_carrots"],
        players=[Player(p["carrots"], p["lettuces"], p["lose_turn"]) for p in view["players"]],
        markers=markers,
        turn=None if view["over"] else view["to_move"][0],
        decision=view["decision"],
        pending=None if pending is None else pending["kind"],
        pending_marker=None if pending is None else ids[pending["seat"], pending["marker"]],
        finish_order=[ids[m["seat"], m["marker"]] for m in view["finish_order"]],
        standings=list(view["standings"]),
    )
