"""A match as the table sees it (its stored record, its engine and its live state), what
a move did, and the refusal a player is shown."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from data import matches as rows
from matches import clock
from rules.base import Engine, Event, Outcome


class MatchError(Exception):
    """A request the match cannot take; ``reason`` (marked with ``N_``, its ``{fields}``
    filled from ``values``) is translated and shown privately to the player."""

    def __init__(self, reason: str, **values: object) -> None:
        super().__init__(reason.format(**values) if values else reason)
        self.reason = reason
        self.values = values


@dataclass(frozen=True)
class Player:
    user_id: int
    name: str


@dataclass(frozen=True)
class Match:
    """A match as stored, with its engine and (once started) its live state."""

    record: rows.MatchRecord
    engine: Engine[Any]
    state: Any | None
    damaged: bool = False
    """The stored match could not be read back; it can only be cancelled."""

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def status(self) -> str:
        return self.record.status

    @property
    def seats(self) -> tuple[rows.SeatRecord, ...]:
        return self.record.seats

    @property
    def host_id(self) -> int:
        return self.record.host_id

    @property
    def version(self) -> int:
        """Grows with every change the match's messages could show."""
        return self.record.version

    def seat_of(self, user_id: int) -> int | None:
        return self.record.seat_of(user_id)

    def name_of(self, seat: int) -> str:
        return self.record.seats[seat].display_name

    @property
    def pace(self) -> clock.Pace:
        return clock.pace_of(self.record.pace)

    def awaited(self) -> frozenset[int]:
        return self.engine.to_move(self.state) if self.state is not None else frozenset()

    def decision_point(self) -> int:
        return self.engine.decision_point(self.state) if self.state is not None else 0

    def on_autopilot(self) -> frozenset[int]:
        """Seats played by the table: absent or resigned players."""
        return frozenset(seat.seat for seat in self.seats if seat.autopilot)

    def played_by_table(self) -> frozenset[int]:
        """Seats nobody clicks for: computer seats, and players' seats on autopilot."""
        return frozenset(seat.seat for seat in self.seats if seat.computer or seat.autopilot)

    def outcome(self) -> Outcome | None:
        """The result, with the forfeits of resigned and absent players applied."""
        if self.state is None:
            return None
        outcome = self.engine.outcome(self.state)
        return None if outcome is None else clock.forfeit(outcome, self.on_autopilot())


@dataclass(frozen=True)
class Seats:
    """Seats a refusal names (a ``MatchError`` value): the table shows each as its reader
    reads seats, a computer's level in their language and a player's name as written."""

    match: Match
    seats: tuple[int, ...]

    def __str__(self) -> str:
        return ", ".join(self.match.name_of(seat) for seat in self.seats)


@dataclass(frozen=True)
class MoveResult:
    """What a move (and the autopilot moves it led to) did."""

    match: Match
    seat: int | None
    events: list[Event]
    decision_point_before: int
    timed_out: tuple[int, ...] = ()
    """Seats whose time ran out (a move was played for them)."""

    @property
    def finished(self) -> bool:
        return self.match.status == "finished"

    @property
    def new_decision(self) -> bool:
        """True when the move opened a new decision point (a round resolved, a turn passed)."""
        return self.match.decision_point() != self.decision_point_before
