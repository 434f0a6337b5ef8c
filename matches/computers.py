"""The seats the table plays: computer seats, and players' seats on autopilot.

A computer decides from its seat's view only (``rules/<game>/computer.py``), in a worker
process so thinking never holds up the event loop, then plays through the match service like
a click: under the match's lock, answering the decision point it thought about. A move that
lost its race (a player moved, the match ended) is dropped and the computer looks again. Of
several processes, the one that claims the decision point thinks and plays. Nothing about
thinking is stored: after a restart a computer simply thinks again, with the same seed, so
it plays what it would have played.

Simultaneous rounds are played as soon as they open, every computer of the round thinking at
once (as many at a time as there are workers), their moves then played in seat order; in
turn-based play the computer's move comes after ``pause`` seconds (thinking included), so
the players can follow. A decision whose worker dies is asked again in a new pool; one whose
thinking fails, or outlives its time limit, gets the game's default move
(``rules.defaults``).
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from data import matches as rows
from matches.match import Match, MatchError, MoveResult
from matches.pool import Workers
from matches.service import MatchService
from rules.base import Budget, Move
from rules.catalog import computer_move
from rules.defaults import default_move

log = logging.getLogger(__name__)

STRONG = "strong"
"""The autopilot of absent and resigned players, and time-outs, play as the strong player."""


@dataclass(frozen=True)
class Thinking:
    """How the table's computers think: their budget, where, and how long a turn lasts."""

    budget: Budget = field(default_factory=Budget)
    pause: float = 1.5
    """Seconds between a turn opening and a computer's move in turn-based play."""
    workers: Workers | None = None
    """Where decisions are computed (worker processes in production); None: a thread."""
    margin: float = 10.0
    """Seconds a decision may think past its budget before its worker counts as stuck."""
    think: Callable[[str, Mapping[str, Any], int, str, int, Budget], Move] = computer_move
    """The decision itself (``rules.catalog.computer_move``); a top-level function."""

    @property
    def limit(self) -> float:
        """Seconds of work a decision may take in a worker before the default is played."""
        return self.budget.seconds + self.margin


def seed_of(match: Match, seat: int) -> int:
    """The seed of a decision: the same after a restart, different for every decision."""
    text = f"{match.id}:{match.decision_point()}:{seat}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def level_of(match: Match, seat: int) -> str:
    return match.seats[seat].level or STRONG


def table_plays(match: Match) -> list[int]:
    """Awaited seats the table plays now: computer seats and seats on autopilot."""
    return sorted(match.awaited() & match.played_by_table())


class Computers:
    """Plays every seat the table is responsible for, one task per match at most."""

    def __init__(
        self,
        service: MatchService,
        thinking: Thinking,
        on_played: Callable[[MoveResult], Awaitable[None]],
    ) -> None:
        self.service = service
        self.thinking = thinking
        self._on_played = on_played
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()

    async def decide(self, match: Match, seat: int) -> Move:
        """The seat's move, thought out off the event loop from what the seat may see."""
        view = match.engine.view(match.state, seat)
        game, seed, thinking = match.record.game, seed_of(match, seat), self.thinking
        think = functools.partial(
            thinking.think, game, view, seat, level_of(match, seat), seed, thinking.budget
        )
        try:
            if thinking.workers is None:
                return await asyncio.to_thread(think)
            return await thinking.workers.run(think, thinking.limit)
        except Exception:
            # A computer that fails must not stall the table: the game's quick choice.
            log.exception("match %s: seat %s could not think; it plays the default move",
                          match.id, seat)
            return default_move(game, view, seat, seed)

    def wake(self, match: Match) -> None:
        """Look at the match after a change: start playing if the table has a seat to move."""
        if match.status != "playing" or match.damaged or not table_plays(match):
            return
        running = self._tasks.get(match.id)
        if running is not None and not running.done():
            self._again.add(match.id)
            return
        self._tasks[match.id] = asyncio.create_task(
            self._play(match.id), name=f"computers:{match.id}"
        )

    async def wake_all(self, serves: Callable[[int], bool] | None = None) -> int:
        """After a restart: every running match where the table may be the one to move, of
        the servers ``serves`` (default: every server)."""
        async with self.service.store.read() as db:
            playing = await rows.playing_for_players(db)
        match_ids = [
            match_id for match_id, guild_id in playing if serves is None or serves(guild_id)
        ]
        for match_id in match_ids:
            self.wake(await self.service.get(match_id))
        return len(match_ids)

    async def _play(self, match_id: int) -> None:
        try:
            while True:
                self._again.discard(match_id)
                match = await self.service.get(match_id)
                seats = table_plays(match) if match.status == "playing" else []
                if not seats:
                    if match_id in self._again:
                        continue
                    return
                if not await self._claim(match):
                    continue
                await self._move(match, seats)
        except Exception:
            log.exception("match %s: the computer could not move; it tries at the next change",
                          match_id)
        finally:
            self._tasks.pop(match_id, None)

    async def _claim(self, match: Match) -> bool:
        """Whether this process decides for the table at the match's decision point: the
        first to claim it; another waits until the holder's claim lapses (it played, or
        was killed), then looks at the match afresh."""
        what = f"computer:{match.id}:{match.decision_point()}"
        if await self.service.claim(what):
            return True
        lapses = await self.service.claimed_until(what)
        if lapses is not None:
            await asyncio.sleep(max(0.0, lapses - self.service.now()))
        self.service.forget(match.id)
        return False

    async def _move(self, match: Match, seats: list[int]) -> None:
        """The seats' decisions thought out at once, then played one by one in seat order."""
        began = time.monotonic()
        moves = await asyncio.gather(*(self.decide(match, seat) for seat in seats))
        if len(match.awaited()) == 1:  # a turn: give the players time to see it coming
            await asyncio.sleep(max(0.0, self.thinking.pause - (time.monotonic() - began)))
        for seat, move in zip(seats, moves, strict=True):
            sitting = match.seats[seat]
            how = "computer" if sitting.computer else (
                "resigned" if sitting.autopilot == "resigned" else "autopilot"
            )
            try:
                result = await self.service.play_for_table(
                    match.id, seat, match.decision_point(), move, how
                )
            except MatchError:
                continue  # the decision passed meanwhile: the loop looks again
            await self._on_played(result)

    async def wait_idle(self) -> None:
        """Until no computer is thinking or moving (tests, shutting down)."""
        while self._tasks:
            await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    async def close(self) -> None:
        for task in self._tasks.values():
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)
        self._tasks.clear()
