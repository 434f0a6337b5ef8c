"""Replaying a finished match move by move, rebuilt from its seed and its move log.

Pure: an engine, the stored match and its logged moves give every state the match went
through. Step 0 is the deal (``setup`` with the stored seed and the match's options);
step k is the state after the k-th logged move, applied for the seat that played it.
A replay is built in one pass and keeps a checkpoint every few moves: a step is its
checkpoint and at most a few moves replayed, however long the match.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from data import matches as rows
from data import move_rows
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


CHECKPOINT_EVERY = 16
"""A state is kept every this many moves: any step is a checkpoint and a few moves away."""


@dataclass(frozen=True)
class Replay:
    """Every state of a finished match: kept at checkpoints, the rest replayed from them."""

    engine: Engine[Any]
    record: rows.MatchRecord
    moves: tuple[move_rows.LoggedMove, ...]
    checkpoints: tuple[str, ...]
    """The state (dumped) after 0, ``CHECKPOINT_EVERY``, twice that... moves."""
    rounds: tuple[tuple[Any, ...] | None, ...]
    """The round at each step (None for games without rounds)."""
    round_name: str | None
    """What the game calls the finest of its rounds ('card round', 'round', 'stage')."""
    final: str
    """The state after the last move (dumped)."""

    @property
    def last(self) -> int:
        return len(self.moves)

    @property
    def faithful(self) -> bool:
        """Whether the rebuilt end is exactly the stored final state."""
        return bool(json.loads(self.final) == self.record.state)

    def state_at(self, index: int) -> Any:
        """The match after ``index`` moves (0: as dealt): its checkpoint, then the moves
        after it."""
        start = index - index % CHECKPOINT_EVERY
        state = self.engine.load(json.loads(self.checkpoints[start // CHECKPOINT_EVERY]))
        for logged in self.moves[start:index]:
            assert logged.seat is not None
            self.engine.apply(state, logged.seat, logged.move)
        return state

    def move_at(self, index: int) -> move_rows.LoggedMove | None:
        """The move that led to step ``index`` (None for the deal)."""
        return self.moves[index - 1] if index > 0 else None

    def round_of(self, index: int) -> tuple[Any, ...] | None:
        """The round (stage, card round...) at a step; None for games without rounds."""
        return self.rounds[index]

    def next_round(self, index: int) -> int:
        """The first step of the next round (the move that opened it), else the last step."""
        current = self.round_of(index)
        for later in range(index + 1, self.last + 1):
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
        for logged in self.moves[max(0, index - moves) : index]:
            events.extend(logged.events)
        return events


class Replays:
    """The replays built lately, by match: a click steps through one without rebuilding
    it. A finished match never changes, so a kept replay stays true."""

    def __init__(self, size: int = 32) -> None:
        self._size = size
        self._kept: OrderedDict[int, Replay] = OrderedDict()

    def get(self, match_id: int) -> Replay | None:
        found = self._kept.get(match_id)
        if found is not None:
            self._kept.move_to_end(match_id)
        return found

    def keep(self, rebuilt: Replay) -> Replay:
        self._kept[rebuilt.record.id] = rebuilt
        self._kept.move_to_end(rebuilt.record.id)
        while len(self._kept) > self._size:
            self._kept.popitem(last=False)
        return rebuilt


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
    engine: Engine[Any], record: rows.MatchRecord, moves: Sequence[move_rows.LoggedMove]
) -> Replay:
    """A finished match rebuilt from its seed and its moves, in one pass: a checkpoint
    every ``CHECKPOINT_EVERY`` moves, and the round of each step."""
    replayable(record)
    assert record.state is not None
    players = len(record.seats)
    options = engine.options(record.options, players)
    state = engine.setup(players, options, int(record.state["seed"]))
    view = engine.view(state, None)
    keys = [key for key in ROUND_KEYS if key in view]

    def round_now() -> tuple[Any, ...] | None:
        if not keys:
            return None
        shown = engine.view(state, None)
        return tuple(shown[key] for key in keys)

    checkpoints, rounds = [_dumped(engine, state)], [round_now()]
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
        if index % CHECKPOINT_EVERY == 0:
            checkpoints.append(_dumped(engine, state))
        rounds.append(round_now())
    return Replay(
        engine, record, tuple(moves), tuple(checkpoints), tuple(rounds),
        keys[-1].replace("_", " ") if keys else None, _dumped(engine, state),
    )


def _dumped(engine: Engine[Any], state: Any) -> str:
    return json.dumps(engine.dump(state), sort_keys=True)
