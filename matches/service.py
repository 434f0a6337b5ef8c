"""The game-agnostic match lifecycle: lobby, start, moves under a per-match lock, results.

Every change runs under the match's lock: load, check, apply, then write the state,
the move log, the match's deadlines and (when the match ends) the career totals, results
and ratings (``matches.results``) in one transaction. Player mistakes raise
``MatchError`` with a message for that player; nothing is written then. Seats on
autopilot (see ``matches.clock``) are played as soon as their decision opens, through the
same commit as a player's move.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import secrets
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any, TypeVar

import aiosqlite

from data import career, clocks
from data import matches as rows
from data.direct import Work
from data.store import Store
from matches import clock, results
from matches.keyed import Locks, Recent
from matches.match import Match, MatchError, MoveResult, Player
from matches.message_book import MessageBook
from rules.base import LEVELS, Engine, Event, IllegalMove, InvalidOptions, Outcome

log = logging.getLogger(__name__)
T = TypeVar("T")

DAMAGED = (
    "This match's saved state is damaged, so it cannot go on. Its host or a server "
    "moderator can end it with the game's cancel command."
)

RECENT_MOVES = 12
"""Moves read at once for what messages narrate (each asks for its last few)."""
MATCHES_CACHED = 4096
"""Matches kept read in memory, the most recently used: every match in play at a busy
table, in about 20 MB."""


COMPUTER_NAMES = ("Ada", "Alan", "Grace", "Edsger", "Barbara", "Claude")
"""First names of computer seats; the name says what they are: "Ada (easy bot)"."""


class MatchService:
    """Lobby and play for every game, over the store."""

    def __init__(
        self,
        store: Store,
        engines: Mapping[str, Engine[Any]],
        new_seed: Callable[[], int] = lambda: secrets.randbits(62),
        now: Callable[[], float] = time.time,
    ) -> None:
        """``now``: the clock, seconds since the epoch (tests pass one they control)."""
        self._store = store
        self._engines = engines
        self._new_seed = new_seed
        self.now = now
        self.book = MessageBook(store)
        self._cache: Recent[int, tuple[rows.MatchRecord, str]] = Recent(MATCHES_CACHED)
        """Matches read recently, with their state as JSON text (parsed anew for each use)."""
        self._reads: Recent[int, dict[str, asyncio.Future[Any]]] = Recent(MATCHES_CACHED)
        """Other reads about those matches (recent moves, deadlines), by what is read."""
        self._generations: defaultdict[int, int] = defaultdict(int)
        self._locks: Locks[int] = Locks()

    @property
    def store(self) -> Store:
        return self._store

    def engine(self, game: str) -> Engine[Any]:
        return self._engines[game]

    async def backfill_ratings(self) -> int:
        """Rate the matches finished before ratings existed (once; at start-up)."""
        return await results.backfill(self._store, self._engines)

    # -- reading -------------------------------------------------------------------

    async def get(self, match_id: int) -> Match:
        """The match as stored now; each call gets its own state to change."""
        cached = self._cache.get(match_id)
        if cached is None:
            generation = self._generations[match_id]
            record = await self._store.reading(lambda db: rows.fetch_match(db, match_id))
            if record is None or record.game not in self._engines:
                raise MatchError("That match does not exist (any more).")
            cached = (record, json.dumps(record.state))
            if self._generations[match_id] == generation:  # no write began meanwhile
                self._cache[match_id] = cached
        record, state = cached
        return self._loaded(replace(record, state=json.loads(state)))

    @asynccontextmanager
    async def changing(self, match_id: int) -> AsyncIterator[aiosqlite.Connection]:
        """A write transaction that changes this match (its row or its seats).

        The match's cached copy is dropped before and after, so no read ever caches what
        the transaction replaced.
        """
        self._forget(match_id)
        try:
            async with self._store.transaction() as db:
                yield db
        finally:
            self._forget(match_id)

    async def change(self, match_id: int, write: Work[T]) -> T:
        """``write`` as one write transaction that changes this match, run in the store's
        thread in one go (``Store.writing``); its kept copy is dropped as in :meth:`changing`.
        """
        self._forget(match_id)
        try:
            return await self._store.writing(write)
        finally:
            self._forget(match_id)

    def _forget(self, match_id: int) -> None:
        self._cache.pop(match_id)
        self._reads.pop(match_id)
        self._generations[match_id] += 1

    async def open_in_channel(self, game: str, channel_id: int) -> Match | None:
        async with self._store.read() as db:
            record = await rows.open_match_in_channel(db, game, channel_id)
        return self._loaded(record) if record else None

    async def stale_messages(self) -> list[tuple[int, str]]:
        """Kept messages of open matches that may need an edit (after a restart)."""
        async with self._store.read() as db:
            return await rows.stale_messages(db)

    async def recent_moves(self, match_id: int, moves: int) -> list[rows.LoggedMove]:
        """The last ``moves`` moves with their public events, oldest first."""
        if moves <= 0:
            return []
        window = max(moves, RECENT_MOVES)  # one read serves the board and the hands alike
        found = await self._read_once(
            match_id, f"moves:{window}", lambda db: rows.move_log(db, match_id, last=window)
        )
        return list(found[-moves:])

    async def deadlines(self, match_id: int) -> dict[str, clocks.Deadline]:
        found = await self._read_once(
            match_id, "deadlines", lambda db: clocks.deadlines_of(db, match_id)
        )
        return dict(found)

    async def _read_once(
        self, match_id: int, what: str, read: Callable[[aiosqlite.Connection], Awaitable[Any]]
    ) -> Any:
        """A read about the match, made once until the match next changes and shared by all
        who ask meanwhile, those who ask while it runs included. Its moves and its deadlines
        are only ever written through :meth:`changing`, which forgets the read as the write
        begins: nobody who asks after that is given what was read before."""
        known = self._reads.get(match_id)
        reading = None if known is None else known.get(what)
        if reading is None:
            reading = asyncio.ensure_future(self._read(read))
            self._reads.setdefault(match_id, {})[what] = reading
            reading.add_done_callback(functools.partial(self._drop_failed, match_id, what))
        return await asyncio.shield(reading)

    async def _read(self, read: Callable[[aiosqlite.Connection], Awaitable[Any]]) -> Any:
        return await self._store.reading(read)

    def _drop_failed(self, match_id: int, what: str, reading: asyncio.Future[Any]) -> None:
        """A read that failed is not kept: the next one who asks reads again."""
        if reading.cancelled() or reading.exception() is not None:
            known = self._reads.get(match_id)
            if known is not None and known.get(what) is reading:
                del known[what]

    async def messages(self, match_id: int) -> dict[str, rows.MessageRecord]:
        """The match's kept messages by purpose."""
        return await self.book.of(match_id)

    async def remember_message(
        self,
        match_id: int,
        purpose: str,
        channel_id: int,
        message_id: int,
        fingerprint: str,
        version: int,
    ) -> None:
        await self.book.remember(match_id, purpose, channel_id, message_id, fingerprint, version)

    def note_shown(self, match_id: int, purpose: str, fingerprint: str, version: int) -> None:
        self.book.note_shown(match_id, purpose, fingerprint, version)

    async def mark_dms_closed(self, match_id: int, user_id: int) -> None:
        async with self.changing(match_id) as db:
            await rows.mark_dms_closed(db, match_id, user_id)

    def _loaded(self, record: rows.MatchRecord) -> Match:
        engine = self._engines[record.game]
        if record.damaged:
            log.error("match %s: its stored options or state are not valid JSON", record.id)
            return Match(record, engine, None, damaged=True)
        try:
            state = engine.load(record.state) if record.state is not None else None
        except Exception:
            log.exception("match %s: its stored state does not load", record.id)
            return Match(record, engine, None, damaged=True)
        return Match(record, engine, state)

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
            raise MatchError(f"The pace must be one of {', '.join(clock.PACES)}.")
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
                await rows.add_seat(db, match_id, host.user_id, host.name)
                now = self.now()
                await clocks.set_deadline(
                    db, match_id, "lobby", opened_at=now, due_at=now + clock.LOBBY_LIFETIME,
                    decision_point=0,
                )
        except aiosqlite.IntegrityError:
            raise MatchError(
                f"There is already an open {engine.title} match in this channel: "
                "join it, or ask its host to cancel it."
            ) from None
        return await self.get(match_id)

    async def join(self, match_id: int, player: Player) -> Match:
        async with self._locks[match_id]:
            match = await self._lobby(match_id)
            if match.seat_of(player.user_id) is not None:
                raise MatchError("You have already joined this match.")
            if len(match.seats) >= match.engine.max_players:
                raise MatchError(f"This match is full ({match.engine.max_players} players).")
            async with self.changing(match_id) as db:
                await rows.add_seat(db, match_id, player.user_id, player.name)
                await rows.set_status(db, match_id, expected_version=match.version, status="lobby")
            return await self.get(match_id)

    async def leave(self, match_id: int, user_id: int) -> Match:
        async with self._locks[match_id]:
            match = await self._lobby(match_id)
            if match.seat_of(user_id) is None:
                raise MatchError("You are not in this match.")
            if user_id == match.host_id:
                raise MatchError("You are the host: cancel the match instead of leaving it.")
            async with self.changing(match_id) as db:
                await rows.remove_seat(db, match_id, user_id)
                await rows.set_status(db, match_id, expected_version=match.version, status="lobby")
            return await self.get(match_id)

    async def add_computer(self, match_id: int, user_id: int, level: str) -> Match:
        """The host seats a computer player ('easy' or 'strong') in the lobby."""
        if level not in LEVELS:
            raise MatchError(f"A computer plays {' or '.join(LEVELS)}.")
        async with self._locks[match_id]:
            match = await self._lobby(match_id)
            if user_id != match.host_id:
                raise MatchError("Only the host can add computer players.")
            if len(match.seats) >= match.engine.max_players:
                raise MatchError(f"This match is full ({match.engine.max_players} players).")
            taken = {seat.display_name.split(" (")[0] for seat in match.seats if seat.computer}
            name = f"{next(n for n in COMPUTER_NAMES if n not in taken)} ({level} bot)"
            async with self.changing(match_id) as db:
                await rows.add_computer_seat(db, match_id, level, name)
                await rows.set_status(db, match_id, expected_version=match.version, status="lobby")
            return await self.get(match_id)

    async def remove_computer(self, match_id: int, user_id: int) -> Match:
        """The host takes the last computer player added out of the lobby."""
        async with self._locks[match_id]:
            match = await self._lobby(match_id)
            if user_id != match.host_id:
                raise MatchError("Only the host can remove computer players.")
            computers = [seat.seat for seat in match.seats if seat.computer]
            if not computers:
                raise MatchError("There is no computer player in this match.")
            async with self.changing(match_id) as db:
                await rows.remove_seat_at(db, match_id, computers[-1])
                await rows.set_status(db, match_id, expected_version=match.version, status="lobby")
            return await self.get(match_id)

    async def rematch(self, match_id: int, host: Player) -> Match:
        """A new lobby in the same channel with the same game, options, pace and computer
        seats, hosted by the player who asks; the other players are invited to join."""
        old = await self.get(match_id)
        if old.seat_of(host.user_id) is None:
            raise MatchError("Only the players of this match can ask for a rematch.")
        if old.status != "finished":
            raise MatchError("A rematch follows a finished match.")
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

    async def start(self, match_id: int, user_id: int) -> Match:
        async with self._locks[match_id]:
            match = await self._lobby(match_id)
            if user_id != match.host_id:
                raise MatchError("Only the host can start the match.")
            engine, players = match.engine, len(match.seats)
            if players < engine.min_players:
                raise MatchError(f"{engine.title} needs at least {engine.min_players} players.")
            try:
                options = engine.options(match.record.options, players)
            except InvalidOptions as error:
                raise MatchError(str(error)) from None
            state = engine.setup(players, options, self._new_seed())
            async with self.changing(match.id) as db:
                await rows.update_match(
                    db, match.id, expected_version=match.version, status="playing",
                    state=engine.dump(state),
                )
                await clocks.clear_deadlines(db, match.id, "lobby")
                await self._schedule(db, Match(match.record, engine, state), opened=True)
            return await self.get(match.id)

    async def cancel(self, match_id: int, user_id: int, *, moderator: bool = False) -> Match:
        """End an open match without a result (the host, or a moderator, may)."""
        async with self._locks[match_id]:
            match = await self.get(match_id)
            if not match.record.is_open:
                raise MatchError("This match is already over.")
            if user_id != match.host_id and not moderator:
                raise MatchError("Only the host (or a server moderator) can cancel this match.")
            return await self.end_without_result(match, "cancelled")

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
            await rows.set_status(
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
                "This match has already started."
                if match.status == "playing"
                else "This match is over."
            )
        return match

    # -- play ------------------------------------------------------------------------

    async def play(self, match_id: int, user_id: int, decision_point: int, move: str) -> MoveResult:
        """Apply ``move`` for the player, if it answers the current decision point."""
        async with self._locks[match_id]:
            match, seat = await self.awaited_seat(match_id, user_id, decision_point)
            return await self._play(match, seat, decision_point, move, "player")

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
                raise MatchError("That decision has passed.")
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
            raise MatchError(illegal.reason) from None
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
            match = await self.end_without_result(match, "abandoned")
        return MoveResult(match, seat, list(events), point_before)

    async def awaited_seat(
        self, match_id: int, user_id: int, decision_point: int
    ) -> tuple[Match, int]:
        """The match and the player's seat, if the player has this decision to make now."""
        match = await self.get(match_id)
        seat = match.seat_of(user_id)
        if seat is None:
            raise MatchError("You are not playing in this match.")
        if match.status == "lobby":
            raise MatchError("This match has not started yet.")
        if match.status != "playing":
            raise MatchError("This match is over.")
        if match.damaged:
            raise MatchError(DAMAGED)
        if decision_point != match.decision_point():
            raise MatchError("Those controls are from an earlier turn: use the latest ones.")
        if seat not in match.awaited():
            raise MatchError(await self._not_awaited_reason(match, seat, decision_point))
        return match, seat

    async def _not_awaited_reason(self, match: Match, seat: int, decision_point: int) -> str:
        names = ", ".join(match.name_of(s) for s in sorted(match.awaited()))
        async with self._store.read() as db:
            played = await rows.has_moved(db, match.id, seat, decision_point)
        if played:
            return f"You have already played this round: waiting for {names}."
        return f"It is not your turn: waiting for {names}."

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

        async def write(db: aiosqlite.Connection) -> int:
            version = await rows.update_match(
                db,
                record.id,
                expected_version=record.version,
                status="finished" if outcome else "playing",
                state=state,
            )
            await rows.append_move(
                db,
                record.id,
                seat=seat,
                move=move,
                decision_point=decision_point,
                events=[event.to_json() for event in events],
                how=how,
            )
            if (timeouts, autopilot) != (sitting.timeouts, sitting.autopilot):
                await rows.set_seat_clock(
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
            return version

        before = self._generations[record.id]
        version = await self.change(record.id, write)
        if self._generations[record.id] == before + 2:  # only this change's own two forgets
            # What was written is what a read would find: cached without reading it back.
            written = replace(
                record,
                status="finished" if outcome else "playing",
                state=state,
                version=version,
                seats=tuple(
                    replace(s, timeouts=timeouts, autopilot=autopilot) if s.seat == seat else s
                    for s in record.seats
                ),
            )
            self._cache[record.id] = (written, json.dumps(state))
        return await self.get(record.id)

    async def _schedule(self, db: aiosqlite.Connection, match: Match, *, opened: bool) -> None:
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
        db: aiosqlite.Connection,
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

