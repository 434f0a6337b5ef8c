"""The state of a Sequence Numbers match and its JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

TEAM_GAME_PLAYERS = 4
"""From this many players the game is played in teams."""


@dataclass
class NumbersState:
    """One match, mutated in place by the engine.

    Seat ``s`` plays for side ``s % sides``. Cards are ids into ``DECK``; every card is in
    exactly one place: a hand, the draw pile (top card last) or a seat's discard pile.
    """

    seats: int
    sides: int
    seed: int
    draw: int
    """Shuffles made so far: the next one uses ``seeded_random(seed, draw)``."""
    decision: int
    turn: int | None
    """The seat awaited, None once the match is over."""
    traded: bool
    """Whether the seat awaited has traded a dead card this turn."""
    chips: list[int | None]
    """The side owning a chip on each space, or None."""
    locked: list[bool]
    """Whether each chip is part of a completed line (it can no longer be removed)."""
    sequences: list[tuple[int, tuple[int, ...]]]
    """(side, five spaces) of every completed sequence, in the order they were made."""
    hands: list[list[int]]
    draw_pile: list[int]
    discards: list[list[int]]
    rebuilds: int
    """How often the discards became a new draw pile."""
    quiet_rebuilds: int
    """Rebuilds since the last new sequence (or since the start)."""
    last_move: dict[str, Any] | None
    winner: int | None
    """The winning side, once there is one."""

    @property
    def over(self) -> bool:
        return self.turn is None

    @property
    def needed(self) -> int:
        """Sequences a side needs: one alone (2-3 players), two in teams (4 or 6)."""
        return 1 if self.seats < TEAM_GAME_PLAYERS else 2

    def side_of(self, seat: int) -> int:
        """Seats alternate between the sides around the table."""
        return seat % self.sides

    def seats_of(self, side: int) -> list[int]:
        return list(range(side, self.seats, self.sides))

    def sequence_counts(self) -> list[int]:
        counts = [0] * self.sides
        for side, _ in self.sequences:
            counts[side] += 1
        return counts


def copy_move(move: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A copy of a ``last_move`` record (its card included), so no caller shares it."""
    return None if move is None else {**move, "card": dict(move["card"])}


def dump_state(state: NumbersState) -> dict[str, Any]:
    return {
        "seats": state.seats,
        "sides": state.sides,
        "seed": state.seed,
        "draw": state.draw,
        "decision": state.decision,
        "turn": state.turn,
        "traded": state.traded,
        "chips": list(state.chips),
        "locked": [space for space, locked in enumerate(state.locked) if locked],
        "sequences": [{"side": side, "spaces": list(spaces)} for side, spaces in state.sequences],
        "hands": [list(hand) for hand in state.hands],
        "draw_pile": list(state.draw_pile),
        "discards": [list(pile) for pile in state.discards],
        "rebuilds": state.rebuilds,
        "quiet_rebuilds": state.quiet_rebuilds,
        "last_move": copy_move(state.last_move),
        "winner": state.winner,
    }


def load_state(data: Mapping[str, Any]) -> NumbersState:
    chips = list(data["chips"])
    locked = [False] * len(chips)
    for space in data["locked"]:
        locked[space] = True
    return NumbersState(
        seats=data["seats"],
        sides=data["sides"],
        seed=data["seed"],
        draw=data["draw"],
        decision=data["decision"],
        turn=data["turn"],
        traded=data["traded"],
        chips=chips,
        locked=locked,
        sequences=[(s["side"], tuple(s["spaces"])) for s in data["sequences"]],
        hands=[list(hand) for hand in data["hands"]],
        draw_pile=list(data["draw_pile"]),
        discards=[list(pile) for pile in data["discards"]],
        rebuilds=data["rebuilds"],
        quiet_rebuilds=data["quiet_rebuilds"],
        last_move=copy_move(data["last_move"]),
        winner=data["winner"],
    )
