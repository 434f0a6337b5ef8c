"""Replaying a finished match move by move, rebuilt from its seed and its move log.

Pure: an engine, the stored match and its logged moves give every state the match went
through. Step 0 is the deal (``setup`` with the stored seed and the match's options);
step k is the state after the k-th logged move, applied for the seat that played it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from data import matches as rows
from rules.base import N_, Engine, IllegalMove

ROUND_KEYS = ("stage", "round", "card_round")
"""Public view keys that name a game's rounds, coarsest first (where a game has them)."""


class ReplayRefused(Exception):
    """A match that cannot be replayed; ``reason`` (marked with ``N_``, its ``{fields}``
    filled from ``values``) is translated and shown to the player."""

    def __init__(self, reason: str, **values: object) -> None:
        super().__init__(reason.format(**values) if values else reason)
        self.reason = reason
        self.values = values


@dataclass(frozen=True)
class Step:
    """The match after ``index`` moves (0: as dealt), and the move that led there."""

    index: int
    state: Any
    move: rows.LoggedMove | None


@dataclass(frozen=True)
class Replay:
    engine: Engine[Any]
    record: rows.MatchRecord
    steps: tuple[Step, ...]

    @property
    def last(self) -> int:
        return len(self.steps) - 1

    @property
    def faithful(self) -> bool:
        """Whether the rebuilt end is exactly the stored final state."""
        return self.engine.dump(self.steps[-1].state) == self.record.state

    def round_of(self, index: int) -> tuple[Any, ...] | None:
        """The round (stage, card round...) at a step; None for games without rounds."""
        view = self.engine.view(self.steps[index].state, None)
        found = tuple(view[key] for key in ROUND_KEYS if key in view)
        return found or None

    @property
    def round_name(self) -> str | None:
        """What the game calls the finest of its rounds ('card round', 'round', 'stage')."""
        view = self.engine.view(self.steps[0].state, None)
        present = [key for key in ROUND_KEYS if key in view]
        return present[-1].replace("_", " ") if present else None

    def next_round(self, index: int) -> int:
        """The first step of the next round (the move that opened it), else the last step."""
        current = self.round_of(index)
        for later in range(index + 1, len(self.steps)):
            if self.round_of(later) != current:
                return later
        return self.last

    def previous_round(self, index: int) -> int:
        """The first step of this round; from there, the first step of the round before."""
        start = self._round_start(index)
        return start if start < index else self._round_start(max(index - 1, 0))

    def _round_start(self, index: int) -> int:
        current = self.round_of(index)
        while index > 0 and self.round_of(index - 1) == current:
            index -= 1
        return index

    def events_before(self, index: int, moves: int) -> list[dict[str, Any]]:
        """The events of the last ``moves`` moves up to this step (for the board's story)."""
        events: list[dict[str, Any]] = []
        for step in self.steps[max(1, index - moves + 1) : index + 1]:
            assert step.move is not None
            events.extend(step.move.events)
        return events


def replayable(record: rows.MatchRecord) -> None:
    """Refuse, with a reason for the player, a match that is not finished."""
    if record.status in rows.OPEN_STATUSES:
        raise ReplayRefused(
            N_(
                "That match is still going on: it can be replayed once it is over "
                "(no peeking at hidden cards)."
            )
        )
    if record.status != "finished":
        raise ReplayRefused(N_("That match ended without a result, so there is nothing to replay."))
    if record.damaged or record.state is None or "seed" not in record.state:
        raise ReplayRefused(N_("That match's saved record is damaged, so it cannot be replayed."))


def replay(
    engine: Engine[Any], record: rows.MatchRecord, moves: Sequence[rows.LoggedMove]
) -> Replay:
    """Every state of a finished match, rebuilt from its seed and its moves."""
    replayable(record)
    assert record.state is not None
    players = len(record.seats)
    options = engine.options(record.options, players)
    state = engine.setup(players, options, int(record.state["seed"]))
    steps = [Step(0, _copy(engine, state), None)]
    for index, logged in enumerate(moves, start=1):
        if logged.seat is None:
            raise ReplayRefused(N_("That match's move log is damaged, so it cannot be replayed."))
        try:
            engine.apply(state, logged.seat, logged.move)
        except IllegalMove:
            raise ReplayRefused(
                N_(
                    "That match was played under rules this table no longer has, "
                    "so it cannot be replayed."
                )
            ) from None
        steps.append(Step(index, _copy(engine, state), logged))
    return Replay(engine, record, tuple(steps))


def _copy(engine: Engine[Any], state: Any) -> Any:
    return engine.load(engine.dump(state))
