"""The game-agnostic match lifecycle: lobby, start, moves under a per-match lock, results.

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
import logging
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from data import career, career_results, clocks, move_rows, packing, seat_rows, versions
from data import matches as rows
from data.database import Database
from data.errors import IntegrityError, StoreUnavailable
from data.interface import Connection
from matches import clock, results
from matches.keyed import Locks
from matches.match import Match, MatchError, MoveResult, Player
from matches.records import MatchRecords, on_fresh_state
from matches.replay import Replays
from rules.base import LEVELS, N_, Engine, Event, IllegalMove, InvalidOptions, Outcome

log = logging.getLogger(__name__)

DAMAGED = N_(
    "This match's saved state is damaged, so it cannot go on. Its host or a server "
    "moderator can end it with the game's cancel command."
)

COMPUTER_NAMES = ("Ada", "Alan", "Grace", "Edsger", "Barbara", "Claude")
"""First names of computer seats; the name says what they are: "Ada (easy bot)"."""


UPKEEP_SHARE = 0.5
"""The share of time the background work (``upkeep``) may take: it works in the writer's
thread, and Python runs one thread at a time, so it rests as long again after each batch
and the table's own work is never held up for more than a batch."""

CAREERS_BATCH = 50
"""Players and games whose earlier results are summed up per transaction."""


async def _rest_after(worked: float) -> None:
    await asyncio.sleep(worked * (1 - UPKEEP_SHARE) / UPKEEP_SHARE)


class MatchService(MatchRecords):
    """Lobby and play for every game, over the matches' records."""

    def __init__(
        self,
        store: Database,
        engines: Mapping[str, Engine[Any]],
        new_seed: Callable[[], int] = lambda: secrets.randbits(62),
        now: Callable[[], float] = time.time,
    ) -> None:
        """``now``: the clock, seconds since the epoch (tests pass one they control)."""
        super().__init__(store, engines, now)
        self._new_seed = new_seed
        self._locks: Locks[int] = Locks()
        self.replays = Replays()
        """The replays built lately (``/replay``): a click steps without rebuilding."""

    async def backfill_ratings(self) -> int:
        """Rate the matches finished before ratings existed, a few per transaction, letting
        the table's own writes go between them; how many were rated. Run in the background
        (``upkeep``): meanwhile the commands showing ratings say they are being computed."""
        done = 0
        while True:
            started = time.perf_counter()
            rated = await results.backfill_step(self._store, self._engines)
            if rated is None:
                return done
            done += rated
            await _rest_after(time.perf_counter() - started)

    async def sum_up_career_results(self) -> int:
        """Sum up the results recorded before careers kept them (``data.career_results``),
        a few players per transaction; how many players and games."""
        done = 0
        while True:
            started = time.perf_counter()
            summed = await self._store.writing(
                lambda db: career_results.sum_up_next(db, CAREERS_BATCH)
            )
            if summed is None:
                return done
            done += summed
            await _rest_after(time.perf_counter() - started)

    async def upkeep(self) -> None:
        """The work a database of earlier versions needs, in the background: earlier results
        summed up in the careers, the ratings backfilled, then the move logs of finished
        matches packed (``data.packing``). What it did is committed: a database it cannot
        write to now is done next start."""
        try:
            await self.sum_up_career_results()
            await self.backfill_ratings()
            await self.pack_move_logs()
        except StoreUnavailable as error:
            log.warning("the database's background work stops until the next start: %s", error)

    async def pack_move_logs(self) -> int:
        """Pack the move logs of finished matches, a few per transaction; how many."""
        packed, after = 0, 0
        while True:
            started = time.perf_counter()
            done, after = await self._store.writing(
                lambda db, after=after: packing.pack_next(db, after)  # type: ignore[misc]
            )
            if not done:
                return packed
            packed += done
            await _rest_after(time.perf_counter() - started)

    # -- lobby -----------------------------------------------------------------------

    async def create(
        self,
        game: str,
        *,
        guild_id: int,
        channel_id: int,
        host: Player,
        options: Mapping[str, Any],
        pace: str = clock.DEFAULT_PACE,
    ) -> Match:
        engine = self._engines[game]
        if pace not in clock.PACES:
            raise MatchError(N_("The pace must be one of {paces}."), paces=", ".join(clock.PACES))
        try:
            # Checked now for the player; defaults that depend on the number of players
            # are settled at the start, so the lobby keeps what was asked for.
            engine.options(options, engine.max_players)
        except InvalidOptions as error:
            raise MatchError(str(error)) from None
        try:
            async with self._store.transaction() as db:
                match_id = await rows.insert_match(
                    db,
                    game=game,
                    guild_id=guild_id,
                    channel_id=channel_id,
                    host_id=host.user_id,
                    options=dict(options),
                    pace=pace,
                )
                await seat_rows.add_seat(db, match_id, host.user_id, host.name)
                now = self.now()
                await clocks.set_deadline(
                    db, match_id, "lobby", opened_at=now, due_at=now + clock.LOBBY_LIFETIME,
                    decision_point=0,
                )
        except IntegrityError:
            raise MatchError(
                N_(
                    "There is already an open {title} match in this channel: "
                    "join it, or ask its host to cancel it."
                ),
                title=engine.title,
            ) from None
        return await self.get(match_id)

    @on_fresh_state
    async def join(self, match_id: int, player: Player) -> Match:
        async with self._locks[match_id]:
            match = await self._lobby(match_id)
            if match.seat_of(player.user_id) is not None:
                raise MatchError(N_("You have already joined this match."))
            if len(match.seats) >= match.engine.max_players:
                raise MatchError(
                    N_("This match is full ({count} players)."), count=match.engine.max_players
                )
            async with self.changing(match_id) as db:
                await seat_rows.add_seat(db, match_id, player.user_id, player.name)
                await versions.set_status(
                    db, match_id, expected_version=match.version, status="lobby"
                )
            return await self.get(match_id)

    @on_fresh_state
    async def leave(self, match_id: int, user_id: int) -> Match:
        async with self._locks[match_id]:
            match = await self._lobby(match_id)
            if match.seat_of(user_id) is None:
                raise MatchError(N_("You are not in this match."))
            if user_id == match.host_id:
                raise MatchError(N_("You are the host: cancel the match instead of leaving it."))
            async with self.changing(match_id) as db:
                await seat_rows.remove_seat(db, match_id, user_id)
                await versions.set_status(
                    db, match_id, expected_version=match.version, status="lobby"
                )
            return await self.get(match_id)

    @on_fresh_state
    async def add_computer(self, match_id: int, user_id: int, level: str) -> Match:
        """The host seats a computer player ('easy' or 'strong') in the lobby."""
        if level not in LEVELS:
            raise MatchError(N_("A computer plays easy or strong."))
        async with self._locks[match_id]:
            match = await self._lobby(match_id)
            if user_id != match.host_id:
                raise MatchError(N_("Only the host can add computer players."))
            if len(match.seats) >= match.engine.max_players:
                raise MatchError(
                    N_("This match is full ({count} players)."), count=match.engine.max_players
                )
            taken = {seat.display_name.split(" (")[0] for seat in match.seats if seat.computer}
            name = f"{next(n for n in COMPUTER_NAMES if n not in taken)} ({level} bot)"
            async with self.changing(match_id) as db:
                await seat_rows.add_computer_seat(db, match_id, level, name)
                await versions.set_status(
                    db, match_id, expected_version=match.version, status="lobby"
                )
            return await self.get(match_id)

    @on_fresh_state
    async def remove_computer(self, match_id: int, user_id: int) -> Match:
        """The host takes the last computer player added out of the lobby."""
        async with self._locks[match_id]:
            match = await self._lobby(match_id)
            if user_id != match.host_id:
                raise MatchError(N_("Only the host can remove computer players."))
            computers = [seat.seat for seat in match.seats if seat.computer]
            if not computers:
                raise MatchError(N_("There is no computer player in this match."))
            async with self.changing(match_id) as db:
                await seat_rows.remove_seat_at(db, match_id, computers[-1])
                await versions.set_status(
                    db, match_id, expected_version=match.version, status="lobby"
                )
            return await self.get(match_id)

    async def rematch(self, match_id: int, host: Player) -> Match:
        """A new lobby in the same channel with the same game, options, pace and computer
        seats, hosted by the player who asks; the other players are invited to join."""
        old = await self.get(match_id)
        if old.seat_of(host.user_id) is None:
            raise MatchError(N_("Only the players of this match can ask for a rematch."))
        if old.status != "finished":
            raise MatchError(N_("A rematch follows a finished match."))
        match = await self.create(
            old.record.game,
            guild_id=old.record.guild_id,
            channel_id=old.record.channel_id,
            host=host,
            options=old.record.options,
            pace=old.record.pace,
        )
        for seat in old.seats:
            if seat.computer and seat.level is not None:
                match = await self.add_computer(match.id, host.user_id, seat.level)
        return match

    @on_fresh_state
    async def start(self, match_id: int, user_id: int) -> Match:
        async with self._locks[match_id]:
            match = await self._lobby(match_id)
            if user_id != match.host_id:
                raise MatchError(N_("Only the host can start the match."))
            engine, players = match.engine, len(match.seats)
            if players < engine.min_players:
                raise MatchError(
                    N_("{title} needs at least {count} players."),
                    title=engine.title, count=engine.min_players,
                )
            try:
                options = engine.options(match.record.options, players)
            except InvalidOptions as error:
                raise MatchError(str(error)) from None
            state = engine.setup(players, options, self._new_seed())
            async with self.changing(match.id) as db:
                await versions.update_match(
                    db, match.id, expected_version=match.version, status="playing",
                    state=engine.dump(state),
                )
                await clocks.clear_deadlines(db, match.id, "lobby")
                await self._schedule(db, Match(match.record, engine, state), opened=True)
            return await self.get(match.id)

    @on_fresh_state
    async def cancel(self, match_id: int, user_id: int, *, moderator: bool = False) -> Match:
        """End an open match without a result (the host, or a moderator, may)."""
        async with self._locks[match_id]:
            match = await self.get(match_id)
            if not match.record.is_open:
                raise MatchError(N_("This match is already over."))
            if user_id != match.host_id and not moderator:
                raise MatchError(N_("Only the host (or a server moderator) can cancel this match."))
            return await self.end_without_result(match, "cancelled")

    @on_fresh_state
    async def end_unreachable(self, match_id: int) -> Match | None:
        """End an open match whose channel is gone; None when it had already ended."""
        async with self._locks[match_id]:
            match = await self.get(match_id)
            if not match.record.is_open:
                return None
            return await self.end_without_result(match, "channel_gone")

    async def end_without_result(self, match: Match, reason: str) -> Match:
        """Cancelled, expired, abandoned or unreachable: the match ends with no result."""
        async with self.changing(match.id) as db:
            await versions.set_status(
                db, match.id, expected_version=match.version, status="cancelled", end_reason=reason
            )
            await clocks.clear_deadlines(db, match.id)
        return await self.get(match.id)

    async def _lobby(self, match_id: int) -> Match:
        match = await self.get(match_id)
        if match.damaged:
            raise MatchError(DAMAGED)
        if match.status != "lobby":
            raise MatchError(
                N_("This match has already started.")
                if match.status == "playing"
                else N_("This match is over.")
            )
        return match

    # -- play ------------------------------------------------------------------------

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
        """Apply and write one move (lock held): 'player', 'computer', 'autopilot' or
        'timeout' say who chose it."""
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
    ) -> tuple[str, str]:
        """Why the seat cannot play now, and the ``names`` it waits for."""
        names = ", ".join(match.name_of(s) for s in sorted(match.awaited()))
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

