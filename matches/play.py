"""Moves under a per-match lock: checked on the match as stored now, applied and written.

Every change runs under the match's lock (this process's, and the database's in the write
transaction) on the match as stored now (``MatchRecords.fresh``): load, check, apply, then
write the state, the move log, the match's deadlines and (when the match ends) the career
totals, results and ratings (``matches.results``) and the packed move log
(``data.packing``) in one transaction. Player mistakes raise ``MatchError`` with a message
for that player; nothing is written then. Seats on
autopilot (see ``matches.clock``) are played as soon as their decision opens, through the
same commit as a player's move.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from data import career, clocks, move_rows, packing, seat_rows, versions
from data import matches as rows
from data.database import Database
from data.interface import Connection
from matches import clock, results
from matches.keyed import Locks
from matches.match import Match, MatchError, MoveResult, Seats
from matches.records import MatchRecords, on_fresh_state
from rules.base import N_, Engine, Event, IllegalMove, Outcome

DAMAGED = N_(
    "This match's saved state is damaged, so it cannot go on. Its host or a server "
    "moderator can end it with the game's cancel command."
)


class MatchPlay(MatchRecords):
    """Moves for every game, over the matches' records."""

    def __init__(
        self, store: Database, engines: Mapping[str, Engine[Any]], now: Callable[[], float]
    ) -> None:
        super().__init__(store, engines, now)
        self._locks: Locks[int] = Locks()

    @on_fresh_state
    async def play(self, match_id: int, user_id: int, decision_point: int, move: str) -> MoveResult:
        """Apply ``move`` for the player, if it answers the current decision point."""
        async with self._locks[match_id]:
            match, seat = await self._awaited_seat(match_id, user_id, decision_point)
            return await self._play(match, seat, decision_point, move, "player")

    @on_fresh_state
    async def play_for_table(
        self, match_id: int, seat: int, decision_point: int, move: str, how: str
    ) -> MoveResult:
        """Apply a move the table chose for ``seat`` (a computer, the autopilot, a time-out),
        if the seat still has that decision to make; raises ``MatchError`` when it has not."""
        async with self._locks[match_id]:
            match = await self.get(match_id)
            if (
                match.status != "playing"
                or match.damaged
                or match.decision_point() != decision_point
                or seat not in match.awaited()
            ):
                raise MatchError(N_("That decision has passed."))
            return await self._play(match, seat, decision_point, move, how)

    async def _play(
        self, match: Match, seat: int, decision_point: int, move: str, how: str
    ) -> MoveResult:
        played, events = await self.play_locked(match, seat, decision_point, move, how)
        return await self.settle(played, seat, events, decision_point)

    async def play_locked(
        self, match: Match, seat: int, decision_point: int, move: str, how: str
    ) -> tuple[Match, list[Event]]:
        """Apply and write one move (lock held): 'player', 'computer', 'autopilot',
        'resigned' or 'timeout' say who chose it."""
        try:
            events = match.engine.apply(match.state, seat, move)
        except IllegalMove as illegal:
            raise MatchError(illegal.reason, **illegal.values) from None
        return await self._commit(match, seat, move, decision_point, events, how), events

    def locked(self, match_id: int) -> asyncio.Lock:
        """The match's lock, for the clock's changes (``matches.timekeeper``)."""
        return self._locks[match_id]

    async def settle(
        self, match: Match, seat: int | None, events: list[Event], point_before: int
    ) -> MoveResult:
        """After a change (lock held): a running match whose players are all on autopilot
        ends as abandoned; the computers (``matches.computers``) play the rest."""
        players = {s.seat for s in match.seats if not s.computer}
        if match.status == "playing" and players <= match.on_autopilot():
            try:
                match = await self.end_without_result(match, "abandoned")
            except versions.MatchMoved:  # the process that changed it ends it
                self.forget(match.id)
                match = await self.get(match.id)
        return MoveResult(match, seat, list(events), point_before)

    @on_fresh_state
    async def awaited_seat(
        self, match_id: int, user_id: int, decision_point: int
    ) -> tuple[Match, int]:
        """The match and the player's seat, if the player has this decision to make now."""
        return await self._awaited_seat(match_id, user_id, decision_point)

    async def _awaited_seat(
        self, match_id: int, user_id: int, decision_point: int
    ) -> tuple[Match, int]:
        match = await self.get(match_id)
        seat = match.seat_of(user_id)
        if seat is None:
            raise MatchError(N_("You are not playing in this match."))
        if match.status == "lobby":
            raise MatchError(N_("This match has not started yet."))
        if match.status != "playing":
            raise MatchError(N_("This match is over."))
        if match.damaged:
            raise MatchError(DAMAGED)
        if decision_point != match.decision_point():
            raise MatchError(N_("Those controls are from an earlier turn: use the latest ones."))
        if seat not in match.awaited():
            reason, names = await self._not_awaited_reason(match, seat, decision_point)
            raise MatchError(reason, names=names)
        return match, seat

    async def _not_awaited_reason(
        self, match: Match, seat: int, decision_point: int
    ) -> tuple[str, Seats]:
        """Why the seat cannot play now, and the ``names`` it waits for."""
        names = Seats(match, tuple(sorted(match.awaited())))
        async with self._store.read() as db:
            played = await move_rows.has_moved(db, match.id, seat, decision_point)
        if played:
            return N_("You have already played this round: waiting for {names}."), names
        return N_("It is not your turn: waiting for {names}."), names

    async def _commit(
        self,
        match: Match,
        seat: int,
        move: str,
        decision_point: int,
        events: list[Event],
        how: str,
    ) -> Match:
        """Write an applied move: state, move log, seat clock, deadlines, careers."""
        engine, record = match.engine, match.record
        sitting = record.seats[seat]
        timeouts, autopilot = sitting.timeouts, sitting.autopilot
        if how == "player":
            # The player is back: the count of time-outs starts again.
            timeouts, autopilot = 0, None if autopilot == "absent" else autopilot
        elif how == "timeout":
            timeouts += 1
            if timeouts >= clock.ABSENT_AFTER_TIMEOUTS and autopilot is None:
                autopilot = "absent"
        forfeited = (match.on_autopilot() - {seat}) | ({seat} if autopilot else set())
        finished = engine.outcome(match.state)
        outcome = None if finished is None else clock.forfeit(finished, forfeited)
        state = engine.dump(match.state)
        logged = [event.to_json() for event in events]
        windows = self.move_windows(record.id)

        async def write(db: Connection) -> tuple[int, int, dict[str, clocks.Deadline]]:
            version = await versions.update_match(
                db,
                record.id,
                expected_version=record.version,
                status="finished" if outcome else "playing",
                state=state,
            )
            seq = await move_rows.append_move(
                db,
                record.id,
                seat=seat,
                move=move,
                decision_point=decision_point,
                events=logged,
                how=how,
            )
            if (timeouts, autopilot) != (sitting.timeouts, sitting.autopilot):
                await seat_rows.set_seat_clock(
                    db, record.id, seat, timeouts=timeouts, autopilot=autopilot
                )
            await self._schedule(
                db, match, opened=engine.decision_point(match.state) != decision_point
            )
            if outcome:
                await self._record_careers(db, record, outcome, forfeited)
                await results.record(
                    db, engine, record, match.state, outcome, forfeited,
                    await rows.updated_at(db, record.id),
                )
                await packing.pack_match(db, record.id)  # its log is complete
            return version, seq, await clocks.deadlines_of(db, record.id)

        def keep(written: tuple[int, int, dict[str, clocks.Deadline]]) -> None:
            """What was written is what a read would find: kept without reading it back."""
            version, seq, deadlines = written
            stored = replace(
                record,
                status="finished" if outcome else "playing",
                state=state,
                version=version,
                seats=tuple(
                    replace(s, timeouts=timeouts, autopilot=autopilot) if s.seat == seat else s
                    for s in record.seats
                ),
            )
            self._cache[record.id] = stored
            # The move just logged, as the move log reads it back.
            moved = move_rows.LoggedMove(
                seq, seat, move, decision_point, json.loads(json.dumps(logged)), how
            )
            self.keep_moved(record.id, windows, moved, deadlines)

        await self.change(record.id, write, keep)
        return await self.get(record.id)

    async def _schedule(self, db: Connection, match: Match, *, opened: bool) -> None:
        """The match's deadlines after a change: a new decision gets its clock."""
        if match.engine.outcome(match.state) is not None:
            await clocks.clear_deadlines(db, match.id)
            return
        now, point = self.now(), match.decision_point()
        await clocks.set_deadline(
            db, match.id, "idle", opened_at=now, due_at=now + clock.IDLE_LIFETIME,
            decision_point=point,
        )
        per_decision = match.pace.per_decision
        if per_decision is None:
            await clocks.clear_deadlines(db, match.id, "decision")
        elif opened:
            await clocks.set_deadline(
                db, match.id, "decision", opened_at=now, due_at=now + per_decision,
                decision_point=point,
            )

    @staticmethod
    async def _record_careers(
        db: Connection,
        record: rows.MatchRecord,
        outcome: Outcome,
        forfeited: frozenset[int] | set[int],
    ) -> None:
        """Careers of the players; a forfeit counts as played and lost with 0 points."""
        for seat in record.seats:
            if seat.user_id is None:
                continue
            await career.record_result(
                db,
                record.guild_id,
                seat.user_id,
                record.game,
                won=outcome.seat_won(seat.seat),
                points=0 if seat.seat in forfeited else outcome.scores[seat.seat],
            )

    async def end_without_result(self, match: Match, reason: str) -> Match:
        """Cancelled, expired, abandoned or unreachable: the match ends with no result."""
        async with self.changing(match.id) as db:
            await versions.set_status(
                db, match.id, expected_version=match.version, status="cancelled", end_reason=reason
            )
            await clocks.clear_deadlines(db, match.id)
        return await self.get(match.id)
