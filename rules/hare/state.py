"""The state of a Hare and Tortoise match, race places, and its JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from rules.hare.board import FINISH, LAST_ACTION_SPACE, START

HARE_CHOICE = "give_or_take"
"""Pending choice: a hare roll's give or take 10 carrots."""
MOVE_AGAIN = "move_again"
"""Pending choice: a hare roll's extra paid move of the same marker."""


T = TypeVar("T")

MAX_SEATS = 6

_MARKER_IDS = {
    False: tuple((seat,) for seat in range(MAX_SEATS)),
    True: tuple((2 * seat, 2 * seat + 1) for seat in range(MAX_SEATS)),
}
"""Marker ids by seat: ``setup`` deals the markers seat by seat (two in the two-marker game)."""


@dataclass
class Marker:
    """A race marker; ``number`` tells a player's two markers apart (two-marker game)."""

    seat: int
    number: int = 0
    space: int = START
    finish_place: int | None = None
    must_eat: bool = False
    """Face down on a lettuce (or a hare's eat lettuce): eats at its owner's next turn."""
    must_move: bool = False
    """Ate a lettuce last turn: its owner must move this marker this turn."""
    position_pending: bool = False
    """Reached a position space: the payout is checked at its owner's next turn."""

    @property
    def finished(self) -> bool:
        return self.finish_place is not None

    @property
    def on_action_space(self) -> bool:
        return START < self.space <= LAST_ACTION_SPACE


@dataclass
class Player:
    """A player's supply (shared by both markers in the two-marker game)."""

    carrots: int
    lettuces: int
    lose_turn: bool = False


@dataclass
class HareState:
    """Everything about one match; mutated in place by the engine."""

    seed: int
    two_markers: bool
    start_carrots: int
    players: list[Player]
    markers: list[Marker]
    turn: int | None = 0
    """The seat awaited, None once the match is over."""
    decision: int = 1
    draw: int = 0
    pending: str | None = None
    pending_marker: int | None = None
    finish_order: list[int] = field(default_factory=list)
    """Marker ids in the order they crossed the Finish."""
    standings: list[int] = field(default_factory=list)
    """Seats whose final place is known, best first."""

    @property
    def seats(self) -> int:
        return len(self.players)

    def markers_of(self, seat: int) -> tuple[int, ...]:
        """Marker ids of ``seat``."""
        return _MARKER_IDS[self.two_markers][seat]

    def home(self, seat: int) -> bool:
        """Whether all markers of ``seat`` have finished."""
        for marker_id in self.markers_of(seat):
            if self.markers[marker_id].finish_place is None:
                return False
        return True

    def occupied(self) -> set[int]:
        """Action spaces holding a marker (Start and Finish hold any number)."""
        return {m.space for m in self.markers if START < m.space < FINISH}


def _rank_key(marker: Marker) -> tuple[int, int]:
    if marker.finish_place is not None:
        return (1, -marker.finish_place)
    return (0, marker.space)


def race_places(state: HareState) -> list[int]:
    """Race place of every marker: finishers first in finishing order, then by distance.

    Markers on Start share the place after every marker that has left it.
    """
    keys = [_rank_key(m) for m in state.markers]
    return [1 + sum(other > key for other in keys) for key in keys]


def race_place(state: HareState, marker_id: int) -> int:
    """Race place of one marker (all markers count, finished ones too)."""
    marker = state.markers[marker_id]
    if marker.finish_place is not None:
        return marker.finish_place  # finishers keep their finishing order
    # ahead of a runner: every finisher and every runner further along
    here = marker.space
    return 1 + sum(1 for m in state.markers if m.finish_place is not None or m.space > here)


def dump_state(state: HareState) -> dict[str, Any]:
    """The state as JSON-ready data (the fields in order, as ``dataclasses.asdict`` gave)."""
    return {
        **vars(state),
        "players": [dict(vars(p)) for p in state.players],
        "markers": [dict(vars(m)) for m in state.markers],
        "finish_order": list(state.finish_order),
        "standings": list(state.standings),
    }


def load_state(data: Mapping[str, Any]) -> HareState:
    """The state back from ``dump_state``'s data."""
    fields = dict(data)
    fields["players"] = [Player(**p) for p in data["players"]]
    fields["markers"] = [Marker(**m) for m in data["markers"]]
    dealt = _MARKER_IDS[data["two_markers"]][: len(data["players"])]
    if [(m.seat, m.number) for m in fields["markers"]] != [
        (seat, number) for seat, ids in enumerate(dealt) for number in range(len(ids))
    ]:
        raise ValueError("markers must be stored seat by seat, as setup deals them")
    fields["finish_order"] = list(data["finish_order"])
    fields["standings"] = list(data["standings"])
    return HareState(**fields)


def copy_state(state: HareState) -> HareState:
    """An independent copy, for simulated play (quicker than a round trip through JSON)."""
    twin = _shallow(state)
    twin.players = [_shallow(p) for p in state.players]
    twin.markers = [_shallow(m) for m in state.markers]
    twin.finish_order = list(state.finish_order)
    twin.standings = list(state.standings)
    return twin


def _shallow(thing: T) -> T:
    """A copy of a dataclass sharing its field values (``copy.copy`` without its protocol)."""
    twin = object.__new__(type(thing))
    twin.__dict__.update(thing.__dict__)
    return twin
