"""What the clock does to matches: time-outs, resignations, expired lobbies, abandonment.

Every change takes the match's lock and goes through the match service's commit, like a
player's move, on the match as stored now; a deadline that is no longer current (the player
moved meanwhile) does nothing. Every process's clock finds the same deadlines due: each is
carried out by the process that claims it (``claim``). The policy (paces, how many time-outs
make a player absent) is ``matches.clock``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import replace

from data import claims, clocks, meta, seat_rows, versions
from matches import clock
from matches.match import Match, MatchError, MoveResult
from matches.service import MatchService
from rules.base import N_, Event, Move

ALIVE = "clock:alive"
"""When the scheduler last ran, so downtime can be given back to the players."""


def _still_open(match: Match, point: int) -> bool:
    return match.status == "playing" and not match.damaged and match.decision_point() == point


class Timekeeper:
    def __init__(self, service: MatchService) -> None:
        self.service = service

    async def claim(self, deadline: clocks.Deadline, what: str) -> bool:
        """Whether this process carries out ``what`` of the deadline ('time-out', 'end' or a
        reminder's name): the one that claims it first, or takes over a lapsed claim. The
        match is read afresh then (for the reminder): another process may have moved it."""
        claimed = await self.service.claim(
            f"{what}:{deadline.match_id}:{deadline.kind}:{deadline.decision_point}"
        )
        if claimed:
            self.service.forget(deadline.match_id)
        return claimed

    async def due(self) -> list[clocks.Deadline]:
        """Deadlines past due and decisions due a reminder, soonest first."""
        first_reminder = clock.REMINDERS[0][1]
        async with self.service.store.read() as db:
            return await clocks.deadlines_due(db, self.service.now(), first_reminder)

    async def time_out(
        self, deadline: clocks.Deadline, decide: Callable[[Match, int], Awaitable[Move]]
    ) -> MoveResult | None:
        """Play a move chosen by ``decide`` for every seat still awaited at the deadline's
        decision. The thinking happens before the lock is taken; a player who moves
        meanwhile keeps their own move."""
        service = self.service
        service.forget(deadline.match_id)  # another process may have moved it
        match = await service.get(deadline.match_id)
        point = deadline.decision_point
        if not _still_open(match, point):
            return None
        waiting = sorted(match.awaited() - match.played_by_table())
        # The seats of a simultaneous round think at once, as the computers' do.
        moves = await asyncio.gather(*(decide(match, seat) for seat in waiting))
        chosen = dict(zip(waiting, moves, strict=True))
        return await service.fresh(
            deadline.match_id, lambda: self._time_out_seats(deadline, waiting, chosen)
        )

    async def _time_out_seats(
        self, deadline: clocks.Deadline, waiting: list[int], chosen: dict[int, Move]
    ) -> MoveResult | None:
        service, point = self.service, deadline.decision_point
        async with service.locked(deadline.match_id):
            match = await service.get(deadline.match_id)
            events: list[Event] = []
            timed_out = []
            for seat in waiting:
                if not _still_open(match, point) or seat not in match.awaited():
                    continue
                match, more = await service.play_locked(match, seat, point, chosen[seat], "timeout")
                timed_out.append(seat)
                events += more
            if not timed_out:
                return None
            result = await service.settle(match, None, events, point)
            return replace(result, timed_out=tuple(timed_out))

    async def resign(self, match_id: int, user_id: int) -> MoveResult:
        """The player leaves a running match: their seat plays on autopilot to the end."""
        return await self.service.fresh(match_id, lambda: self._resign(match_id, user_id))

    async def _resign(self, match_id: int, user_id: int) -> MoveResult:
        async with self.service.locked(match_id):
            match, seat = await self._seated(match_id, user_id)
            if match.seats[seat].autopilot == "resigned":
                raise MatchError(N_("You have already resigned from this match."))
            match = await self._set_autopilot(match, seat, "resigned")
            return await self.service.settle(match, seat, [], match.decision_point())

    async def come_back(self, match_id: int, user_id: int) -> Match:
        """An absent player is back: their seat is theirs again from the next decision."""
        return await self.service.fresh(match_id, lambda: self._come_back(match_id, user_id))

    async def _come_back(self, match_id: int, user_id: int) -> Match:
        async with self.service.locked(match_id):
            match, seat = await self._seated(match_id, user_id)
            if match.seats[seat].autopilot == "resigned":
                raise MatchError(
                    N_("You resigned from this match: your seat plays on without you.")
                )
            if match.seats[seat].autopilot is None:
                return match
            return await self._set_autopilot(match, seat, None)

    async def _seated(self, match_id: int, user_id: int) -> tuple[Match, int]:
        """The running match and the player's seat in it; lock held."""
        match = await self.service.get(match_id)
        seat = match.seat_of(user_id)
        if seat is None:
            raise MatchError(N_("You are not playing in this match."))
        if match.status != "playing":
            raise MatchError(
                N_("This match has not started: press Leave on the lobby instead.")
                if match.status == "lobby"
                else N_("This match is over.")
            )
        return match, seat

    async def _set_autopilot(self, match: Match, seat: int, autopilot: str | None) -> Match:
        async with self.service.changing(match.id) as db:
            await seat_rows.set_seat_clock(db, match.id, seat, timeouts=0, autopilot=autopilot)
            await versions.set_status(
                db, match.id, expected_version=match.version, status="playing"
            )
        return await self.service.get(match.id)

    async def end_if_due(self, deadline: clocks.Deadline) -> Match | None:
        """Expire a lobby, or end a match nobody played for too long; None if not due."""
        self.service.forget(deadline.match_id)  # another process may have changed it
        return await self.service.fresh(deadline.match_id, lambda: self._end_if_due(deadline))

    async def _end_if_due(self, deadline: clocks.Deadline) -> Match | None:
        service = self.service
        async with service.locked(deadline.match_id):
            match = await service.get(deadline.match_id)
            status = "lobby" if deadline.kind == "lobby" else "playing"
            if match.status != status or deadline.due_at > service.now():
                return None
            reason = "expired" if deadline.kind == "lobby" else "abandoned"
            return await service.end_without_result(match, reason)

    async def give_back_downtime(self) -> float:
        """After a restart, extend every deadline by the time the bot was away."""
        now = self.service.now()
        async with self.service.store.transaction() as db:
            alive = await meta.get_meta(db, ALIVE)
            downtime = now - float(alive) if alive else 0.0
            if downtime > 2 * clock.TICK:
                await clocks.extend_all(db, downtime)
            await meta.set_meta(db, ALIVE, repr(now))
        return downtime if downtime > 2 * clock.TICK else 0.0

    async def heartbeat(self) -> None:
        """The clock ran: claims lapsed long ago go too."""
        now = self.service.now()
        async with self.service.store.transaction() as db:
            await meta.set_meta(db, ALIVE, repr(now))
            await claims.forget_lapsed(db, now)
