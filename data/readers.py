"""The SQLite store's reader connections: each read in a snapshot of its own, and the
queries waiting for a reader answered in batches in its thread (``data.direct``)."""

from __future__ import annotations

import asyncio
import sqlite3
import weakref
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TypeVar

import aiosqlite

from data import direct
from data.batches import Waiting, settle, take_batch
from data.errors import StoreUnavailable

T = TypeVar("T")


class Readers:
    """A pool of reader connections; WAL lets them read while one writer writes."""

    def __init__(self) -> None:
        self.connections: list[aiosqlite.Connection] = []
        self._free: asyncio.Queue[aiosqlite.Connection] = asyncio.Queue()
        self._queries: Waiting = []
        """Queries waiting for a reader (``reading``), answered in batches."""
        self._answering = 0
        """Readers answering queries now."""
        self._reads_waiting = 0
        """Reads (``read``) waiting for a reader: queries in batches let them go first."""
        self._tasks: weakref.WeakSet[asyncio.Task[None]] = weakref.WeakSet()

    def add(self, connection: aiosqlite.Connection) -> None:
        self.connections.append(connection)
        self._free.put_nowait(connection)

    async def close(self) -> None:
        """Close every reader once the queries asked for are answered and every read in
        progress has finished."""
        await asyncio.gather(*self._tasks)
        for _ in self.connections:
            await self._free.get()
        for connection in self.connections:
            await connection.close()

    @asynccontextmanager
    async def read(self) -> AsyncIterator[aiosqlite.Connection]:
        """A reader connection inside one read transaction: a consistent, committed snapshot."""
        self._reads_waiting += 1
        try:
            reader = await self._free.get()
        finally:
            self._reads_waiting -= 1
        try:
            try:
                await reader.execute("BEGIN")
            except sqlite3.OperationalError as error:
                raise StoreUnavailable(str(error)) from error
            try:
                yield reader
            except sqlite3.OperationalError as error:
                raise StoreUnavailable(str(error)) from error
            finally:
                if reader.in_transaction:
                    await reader.execute("COMMIT")
        finally:
            self._free.put_nowait(reader)

    async def reading(self, query: direct.Work[T]) -> T:
        """What ``query`` finds in a read transaction of its own, like :meth:`read`, but run
        in a reader's thread in one go (``data.direct``); it must await nothing but the
        connection.

        The queries waiting for a reader are answered together, in one turn of the event
        loop however many there are. A query SQLite refuses raises ``StoreUnavailable``.
        """
        found: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queries.append((query, found))
        if self._answering < len(self.connections):
            self._answering += 1
            self._tasks.add(asyncio.create_task(self._answer(), name="store:queries"))
        return await found

    async def _answer(self) -> None:
        """Answer the waiting queries, a batch at a time, each batch on a reader taken from
        the pool and given back: a :meth:`read` waiting for one gets its turn."""
        try:
            while self._queries:
                reader = await self._free.get()
                try:
                    await self._answer_batch(reader)
                finally:
                    self._free.put_nowait(reader)
                if self._reads_waiting:
                    await asyncio.sleep(0)  # the read woken by that reader takes it first
        finally:
            self._answering -= 1

    async def _answer_batch(self, reader: aiosqlite.Connection) -> None:
        taken = take_batch(self._queries)
        if not taken:
            return
        queries = [query for query, _ in taken]
        try:
            outcomes = [
                (False, StoreUnavailable(str(outcome)))
                if not kept and isinstance(outcome, sqlite3.OperationalError)
                else (kept, outcome)
                for kept, outcome in await reader._execute(direct.reads, reader._conn, queries)
            ]
        except (sqlite3.Error, ValueError) as error:  # ValueError: the reader is closed
            outcomes = [(False, StoreUnavailable(str(error))) for _ in taken]
        except BaseException:
            for _, found in taken:
                found.cancel()
            raise
        settle(taken, outcomes)
