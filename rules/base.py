"""The engine protocol every game implements, and the pieces engines share.

Engines are pure: no discord, no database, no clock. Seats are indexes 0..n-1.
A move is a short text code (it fits in a Discord custom_id beside the match id
and the decision point it answers). State round-trips through JSON via
``dump``/``load``; randomness comes from the state's seed and draw counter, so a
stored match replays identically.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

Move = str
"""A move's text code, for example ``"p12:1"``. At most 40 characters."""

MAX_MOVE_CODE = 40

StateT = TypeVar("StateT")


def N_(message: str) -> str:
    """Marks a player-facing sentence for the translation catalogs and returns it as it is:
    the words are translated where they are shown, never here."""
    return message


class Term(str):
    """A value of a sentence that is a message of its own (a game's title, a command's
    name as the language's players type it), translated with the sentence:
    ``N_("{title} needs at least {count} players.")`` with ``title=Term("Why First?")``
    reads *¿Por qué primero? necesita...* in Spanish."""


class IllegalMove(Exception):
    """A move the rules forbid; ``reason`` (marked with ``N_``, its ``{fields}`` filled from
    ``values``) is translated and shown to the player."""

    def __init__(self, reason: str, **values: object) -> None:
        super().__init__(reason.format(**values) if values else reason)
        self.reason = reason
        self.values = values


class InvalidOptions(ValueError):
    """Match options the game does not accept; the message is player-facing."""


@dataclass(frozen=True)
class Event:
    """Something that happened when a move was applied, for narration and logs."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data}


@dataclass(frozen=True)
class Outcome:
    """The result of a finished match.

    ``scores`` and ``places`` are indexed by participant: seats 0..n-1 first,
    then any phantom participants (such as Leo), whose names are in ``phantoms``.
    ``places`` uses 1 for the best; tied participants share a place.
    """

    scores: tuple[int, ...]
    winners: frozenset[int]
    places: tuple[int, ...]
    phantoms: Mapping[int, str] = field(default_factory=dict)

    def seat_won(self, seat: int) -> bool:
        return seat in self.winners


class Engine(Protocol[StateT]):
    """What the match lifecycle, the tests and the benchmarks rely on."""

    key: str
    title: str
    min_players: int
    max_players: int

    def options(self, raw: Mapping[str, Any], players: int) -> dict[str, Any]:
        """Validated options with defaults filled in; raises InvalidOptions."""

    def setup(self, seats: int, options: Mapping[str, Any], seed: int) -> StateT:
        """A fresh match for ``seats`` players."""

    def to_move(self, state: StateT) -> frozenset[int]:
        """Seats whose decision is awaited now; empty once the match is over."""

    def decision_point(self, state: StateT) -> int:
        """A counter that grows whenever a new decision opens (round, turn, step).

        A button carries the decision point it answers; a click from an older
        one is stale.
        """

    def legal_moves(self, state: StateT, seat: int) -> list[Move]:
        """Every legal move of ``seat`` now (empty when it is not awaited)."""

    def apply(self, state: StateT, seat: int, move: Move) -> list[Event]:
        """Apply a move or raise IllegalMove leaving the state untouched."""

    def view(self, state: StateT, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: the public). Never leaks hidden cards."""

    def outcome(self, state: StateT) -> Outcome | None:
        """The final result, or None while the match goes on."""

    def dump(self, state: StateT) -> dict[str, Any]:
        """The state as JSON-ready data."""

    def load(self, data: Mapping[str, Any]) -> StateT:
        """The state back from ``dump``'s data."""


def check_move_input(seats: int, seat: object, move: object) -> None:
    """Refuse, as ``IllegalMove``, a seat that is not in the match or a move that is not text.

    Engines call this first in ``apply``; whatever arrives from outside is player input.
    """
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
        raise IllegalMove("You have no seat in this match.")
    if not isinstance(move, str):
        raise IllegalMove("That is not a move of this game.")


def seeded_random(seed: int, draw: int) -> random.Random:
    """The generator for draw number ``draw`` of a match seeded with ``seed``.

    Each draw gets its own generator derived from both numbers, so the state
    only needs to store the seed and a counter to replay exactly.
    """
    digest = hashlib.sha256(f"{seed}:{draw}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


LEVELS = ("easy", "strong")
"""How well a computer seat plays: easy plays plausibly but makes mistakes; strong plays well."""


@dataclass(frozen=True)
class Budget:
    """How long a computer player may think about one decision.

    ``seconds`` caps the CPU time; ``playouts``, when set, fixes the number of simulations
    instead, so a decision is repeatable (tests and benchmarks). A forced choice (one legal
    move) is answered at once whatever the budget.
    """

    seconds: float = 1.0
    playouts: int | None = None


class Computer(Protocol):
    """A game's computer player: ``rules/<game>/computer.py`` exposes one as ``choose``.

    It decides from ``view`` alone (``engine.view(state, seat)``: what the seat may see),
    never from the hidden state; where it needs hidden cards it samples them consistently
    with the view. With the same view, level, seed and a ``playouts`` budget it returns the
    same move. The move is always one of ``engine.legal_moves(state, seat)``.
    """

    def __call__(
        self, view: Mapping[str, Any], seat: int, level: str, seed: int, budget: Budget
    ) -> Move: ...
