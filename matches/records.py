"""A match's records as the table reads and writes them: kept in memory once read, shared
by all who ask at once, and forgotten as a change of the match begins.

A move's write (``change``) and the reads that every click makes run in the store's
threads in one go (``Store.writing``, ``Store.reading``); the lobby's rarer changes go
statement by statement (``changing``).

Other processes may change a match this one keeps: every write of a match names the
version it was read at and is refused if the match moved on (``data.versions.MatchMoved``),
and a change of the match is made again on the match as stored now (``fresh``), its checks
included, so a player never meets another process's change as an error.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from typing import Any, Concatenate, ParamSpec, TypeVar

from data import claims, clocks, message_rows, move_rows, processes, seat_rows, versions
from data import matches as rows
from data.database import Database
from data.direct import Work
from data.interface import Connection
from matches.keyed import Recent
from matches.match import Match, MatchError
from matches.message_book import MessageBook
from rules.base import N_, Engine

log = logging.getLogger(__name__)
T = TypeVar("T")
P = ParamSpec("P")
R = TypeVar("R", bound="MatchRecords")

LEASE = 60.0
"""Seconds a claim on shared work (``data.claims``) is this process's: a process killed
while it held one leaves the work to the others after this long."""
RECENT_MOVES = 12
"""Moves read at once for what messages narrate (each asks for its last few)."""
MATCHES_CACHED = 4096
"""Matches kept read in memory, the most recently used: every match in play at a busy
table, in about 20 MB."""
FRESH_TRIES = 8
"""Tries of a change whose match other processes keep changing before the last one's
error is let through (each try reads the match afresh, so one is almost always enough)."""


def on_fresh_state(
    change: Callable[Concatenate[R, int, P], Awaitable[T]],
) -> Callable[Concatenate[R, int, P], Awaitable[T]]:
    """A change of the match named by the method's first argument, made again on the match
    as stored now when another process changed it meanwhile (:meth:`MatchRecords.fresh`)."""

    @functools.wraps(change)
    async def made(records: R, match_id: int, *args: P.args, **kwargs: P.kwargs) -> T:
        return await records.fresh(match_id, lambda: change(records, match_id, *args, **kwargs))

    return made


class MatchRecords:
    """The matches' records over the store, with what is kept of them in memory."""

    def __init__(
        self, store: Database, engines: Mapping[str, Engine[Any]], now: Callable[[], float]
    ) -> None:
        self._store = store
        self._engines = engines
        self.now = now
        self.holder = secrets.token_hex(8)
        """This process, as its claims on shared work name it (``data.claims``)."""
        self.book = MessageBook(store, self.holder, now, LEASE)
        self._cache: Recent[int, rows.MatchRecord] = Recent(MATCHES_CACHED)
        """Matches read recently. Each use loads a state of its own from the record's
        state data, which no engine's state shares anything it changes with."""
        self._reads: Recent[int, dict[str, asyncio.Future[Any]]] = Recent(MATCHES_CACHED)
        """Other reads about those matches (recent moves, deadlines), by what is read."""
        self._marks: Recent[int, int] = Recent(MATCHES_CACHED)
        """A mark for each match read or changed lately, new with every change: a read
        whose match kept its mark throughout saw no change begin."""
        self._ticks = itertools.count(1)

    @property
    def lease(self) -> float:
        """Seconds this process's claims last (:data:`LEASE`; tests make it shorter)."""
        return self.book.lease

    @lease.setter
    def lease(self, seconds: float) -> None:
        self.book.lease = seconds

    @property
    def store(self) -> Database:
        return self._store

    def engine(self, game: str) -> Engine[Any]:
        return self._engines[game]

    async def get(self, match_id: int) -> Match:
        """The match as stored now; each call gets its own state to change."""
        record = self._cache.get(match_id)
        if record is None:
            mark = self._marks.get(match_id) or self._new_mark(match_id)
            record = await self._store.reading(lambda db: rows.fetch_match(db, match_id))
            # What was kept besides may be of an older version (another process's change).
            self._reads.pop(match_id)
            if record is None or record.game not in self._engines:
                raise MatchError(N_("That match does not exist (any more)."))
            if self._marks.get(match_id) == mark:  # no write began meanwhile
                self._cache[match_id] = record
        return self._loaded(record)

    @asynccontextmanager
    async def changing(self, match_id: int) -> AsyncIterator[Connection]:
        """A write transaction that changes this match (its row or its seats).

        The match's cached copy is dropped before and after, so no read ever caches what
        the transaction replaced.
        """
        self._forget(match_id)
        try:
            async with self._store.transaction() as db:
                await versions.lock_match(db, match_id)
                yield db
        finally:
            self._forget(match_id)

    async def change(
        self, match_id: int, write: Work[T], keep: Callable[[T], None] | None = None
    ) -> T:
        """``write`` as one write transaction that changes this match, run in the store's
        thread in one go (``Store.writing``); its kept copy is dropped as in :meth:`changing`.
        ``keep`` is then given what ``write`` returned, to keep what a read would find now,
        unless another change of the match began meanwhile.
        """
        async def locked(db: Connection) -> T:
            await versions.lock_match(db, match_id)
            return await write(db)

        mine = self._forget(match_id)
        try:
            written = await self._store.writing(locked)
            alone = self._marks.get(match_id) == mine
        finally:
            self._forget(match_id)
        if alone and keep is not None:
            keep(written)
        return written

    async def fresh(self, match_id: int, attempt: Callable[[], Awaitable[T]]) -> T:
        """``attempt``, a change of the match with its checks, on the match as stored now.

        Another process may have changed the match since this one read it: the write then
        raises ``MatchMoved``, and a check that refused may have looked at the old state.
        Either way the match is read afresh and the attempt made again, so a stale control
        is refused as stale and a legal move is played, never an error for the player.
        """
        for _ in range(FRESH_TRIES - 1):
            try:
                return await attempt()
            except versions.MatchMoved:
                self._forget(match_id)
            except MatchError:
                if not await self._moved_elsewhere(match_id):
                    raise
        return await attempt()

    async def _moved_elsewhere(self, match_id: int) -> bool:
        """Whether the match kept here is older than the stored one (then it is forgotten)."""
        kept = self._cache.get(match_id)
        if kept is None:
            return False  # read afresh by the attempt
        stored = await self._store.reading(lambda db: versions.match_version(db, match_id))
        if stored == kept.version:
            return False
        self._forget(match_id)
        return True

    async def claim(self, what: str) -> bool:
        """Claim a piece of work every process may find to do (a deadline, a computer's
        decision): whether this process does it. A claim is given back by lapsing."""
        return await self._store.writing(
            lambda db: claims.claim(db, what, self.holder, now=self.now(), lease=self.lease)
        )

    async def claimed_until(self, what: str) -> float | None:
        """When another process's claim on ``what`` lapses (None: nobody holds it)."""
        return await self._store.reading(lambda db: claims.held_until(db, what))

    async def heartbeat(self, now: float, lifetime: float) -> int:
        """This process is alive (``now``, seconds since the epoch); how many processes are,
        those seen within ``lifetime`` seconds (``data.processes``)."""
        return await self._store.writing(
            lambda db: processes.heartbeat(db, self.holder, now=now, lifetime=lifetime)
        )

    async def close(self) -> None:
        """The process stops: the work it claimed and did not finish (a computer's decision,
        a deadline, an edit) is free for the other processes at once, and they count it out
        of those sharing Discord's rate."""

        async def leave(db: Connection) -> None:
            await claims.give_back_all(db, self.holder)
            await processes.leave(db, self.holder)

        await self._store.writing(leave)

    def forget(self, match_id: int) -> None:
        """Read the match afresh next time: another process may have changed it."""
        self._forget(match_id)

    def move_windows(self, match_id: int) -> dict[int, list[move_rows.LoggedMove]]:
        """The windows of recent moves read about the match and kept, by their size."""
        known = self._reads.get(match_id) or {}
        return {
            int(what.removeprefix("moves:")): reading.result()
            for what, reading in known.items()
            if what.startswith("moves:") and reading.done() and not reading.cancelled()
            and reading.exception() is None
        }

    def keep_moved(
        self,
        match_id: int,
        windows: Mapping[int, list[move_rows.LoggedMove]],
        moved: move_rows.LoggedMove,
        deadlines: dict[str, clocks.Deadline],
    ) -> None:
        """Keep what a read would find right after this process logged ``moved`` (call it
        only when no other change of the match came between): the windows of recent moves
        kept before it, each moved on by it, and the deadlines its transaction left."""
        loop = asyncio.get_running_loop()
        found: dict[str, Any] = {"deadlines": deadlines}
        for size, moves in windows.items():
            found[f"moves:{size}"] = [*moves, moved][-size:]
        kept = self._reads.setdefault(match_id, {})
        for what, value in found.items():
            reading = loop.create_future()
            reading.set_result(value)
            kept[what] = reading

    def _forget(self, match_id: int) -> int:
        """Drop what is kept of the match as a change begins or ends; returns its new mark."""
        self._cache.pop(match_id)
        self._reads.pop(match_id)
        return self._new_mark(match_id)

    def _new_mark(self, match_id: int) -> int:
        """A mark the match never had: given at every change, and to a match read without
        one (never read, or forgotten since)."""
        mark = self._marks[match_id] = next(self._ticks)
        return mark

    async def open_in_channel(self, game: str, channel_id: int) -> Match | None:
        async with self._store.read() as db:
            record = await rows.open_match_in_channel(db, game, channel_id)
        return self._loaded(record) if record else None

    async def stale_messages(
        self, serves: Callable[[int], bool] | None = None
    ) -> list[tuple[int, str]]:
        """Kept messages of open matches that may need an edit (after a restart), a
        match's DM hands included; only of the servers ``serves`` (default: every server)."""
        async with self._store.read() as db:
            stale = await message_rows.stale_messages(db)
        return [
            (match_id, purpose) for match_id, purpose, guild_id in stale
            if serves is None or serves(guild_id)
        ]

    async def recent_moves(self, match_id: int, moves: int) -> list[move_rows.LoggedMove]:
        """The last ``moves`` moves with their public events, oldest first."""
        if moves <= 0:
            return []
        window = max(moves, RECENT_MOVES)  # one read serves the board and the hands alike
        found = await self._read_once(
            match_id, f"moves:{window}", lambda db: move_rows.move_log(db, match_id, last=window)
        )
        return list(found[-moves:])

    async def deadlines(self, match_id: int) -> dict[str, clocks.Deadline]:
        found = await self._read_once(
            match_id, "deadlines", lambda db: clocks.deadlines_of(db, match_id)
        )
        return dict(found)

    async def _read_once(
        self, match_id: int, what: str, read: Callable[[Connection], Awaitable[Any]]
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

    async def _read(self, read: Callable[[Connection], Awaitable[Any]]) -> Any:
        return await self._store.reading(read)

    def _drop_failed(self, match_id: int, what: str, reading: asyncio.Future[Any]) -> None:
        """A read that failed is not kept: the next one who asks reads again."""
        if reading.cancelled() or reading.exception() is not None:
            known = self._reads.get(match_id)
            if known is not None and known.get(what) is reading:
                del known[what]

    async def messages(self, match_id: int) -> dict[str, message_rows.MessageRecord]:
        """The match's kept messages by purpose."""
        return await self.book.of(match_id)

    async def mark_dms_closed(self, match_id: int, user_id: int) -> None:
        async with self.changing(match_id) as db:
            await seat_rows.mark_dms_closed(db, match_id, user_id)

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
