"""The bot's SQLite database, the default: opened and migrated, its writer and transactions.

Writes go through ``Store.transaction()``: one at a time on the writer connection, an
explicit ``BEGIN IMMEDIATE`` ... ``COMMIT``. Reads go through ``Store.read()``, each on a
reader connection of its own inside one read transaction, so a read sees one committed
snapshot and never waits behind a writer (WAL lets readers and one writer work at once;
the readers are ``data.readers``'s). The migrations are ``data.schema``'s.
Commits are durable: ``synchronous = FULL`` syncs the WAL on every commit, so an
acknowledged move survives a power loss. ``Store.reading`` and ``Store.writing`` run a
query or a change in the connection's thread in one go, and those waiting together in one
call (``data.direct``): the hot path's reads and writes, which under load would otherwise
wait one turn of the event loop per statement.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sqlite3
import weakref
from collections.abc import AsyncIterator, Iterable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from data import direct
from data.batches import MAX_BATCH, Waiting, settle, take_batch
from data.errors import (
    IntegrityError,
    NewerDatabaseError,
    StoreError,
    WriteFailed,
)
from data.readers import Readers
from data.schema import migrations

log = logging.getLogger(__name__)
T = TypeVar("T")

BUSY_TIMEOUT_MS = 10_000
"""How long a write waits for another process's lock before it gives up and the player is
told. Interactions are deferred long before (see ``cogs.common.reply``)."""
READERS = 2


async def _connect(path: str, busy_timeout_ms: int, durable: bool) -> aiosqlite.Connection:
    connection = await aiosqlite.connect(path, isolation_level=None)
    try:
        connection.row_factory = aiosqlite.Row
        await connection.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        await connection.execute("PRAGMA foreign_keys = ON")
        await connection.execute(f"PRAGMA synchronous = {'FULL' if durable else 'NORMAL'}")
    except BaseException:
        await connection.close()
        raise
    return connection


class Store:
    """An open SQLite database; create with ``await Store.open(path)``."""

    dialect = "sqlite"

    def __init__(self, writer: aiosqlite.Connection) -> None:
        self._writer = writer
        self._write_lock = asyncio.Lock()
        self._queued = 0
        """Transactions waiting for the writer: while there are some, a batch stays open."""
        self._batch: _Batch | None = None
        self._flusher: asyncio.Task[None] | None = None
        self._changes: Waiting = []
        """Changes waiting for the writer (``writing``), made in batches by ``_changer``."""
        self._changer: asyncio.Task[None] | None = None
        self._tasks: weakref.WeakSet[asyncio.Task[None]] = weakref.WeakSet()
        self.commits = 0
        """Commits made (each may carry several transactions): for tests and benchmarks."""
        self._readers = Readers()

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        readers: int = READERS,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
        durable: bool = True,
    ) -> Store:
        """Open (creating if needed) and migrate the database at ``path``.

        ``durable=False`` (synchronous NORMAL) exists for the benchmark's floor only.

        Raises ``StoreError`` with a one-sentence reason when the file cannot be used.
        """
        if readers < 1:
            raise ValueError("the store needs at least one reader connection")
        opened: list[aiosqlite.Connection] = []
        try:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            # A file that cannot be opened at all is found here, before a connection
            # thread is started for it.
            sqlite3.connect(path).close()
            writer = await _connect(str(path), busy_timeout_ms, durable)
            opened.append(writer)
            await writer.execute("PRAGMA journal_mode = WAL")
            store = cls(writer)
            await store._migrate()
            for _ in range(readers):
                reader = await _connect(str(path), busy_timeout_ms, durable)
                opened.append(reader)
                store._readers.add(reader)
        except StoreError:
            await _close_all(opened)
            raise
        except (sqlite3.Error, OSError) as error:
            await _close_all(opened)
            raise StoreError(f"cannot use the database at {path}: {error}") from error
        except BaseException:
            await _close_all(opened)
            raise
        return store

    async def close(self) -> None:
        """Close every connection; a WAL checkpoint leaves one tidy file behind.

        The checkpoint is tidiness, not safety: every commit is already durable in the WAL.
        If a statement of the writer is still open it cannot run; closing the last
        connection checkpoints anyway, and the next start reads the WAL in any case."""
        await asyncio.gather(*self._tasks)  # changes asked for are made first
        async with self._write_lock:
            if self._batch is not None:
                await self._commit(self._batch)
            await self._readers.close()
            gc.collect()  # cursors nobody holds any more end their statements
            try:
                await self._writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.OperationalError as error:
                log.info("closing without a WAL checkpoint: %s", error)
            finally:
                await self._writer.close()

    async def schema_version(self) -> int:
        async with self._write_lock:
            cursor = await self._writer.execute("PRAGMA user_version")
            row = await cursor.fetchone()
            return int(row[0])

    async def _migrate(self) -> None:
        found = migrations()
        current = await self.schema_version()
        latest = found[-1].number if found else 0
        if current > latest:
            raise NewerDatabaseError(
                f"the database is at schema version {current}, but this bot only knows "
                f"up to {latest}: update the bot or point DATABASE_PATH at another file"
            )
        for migration in found:
            if migration.number <= current:
                continue
            async with self.transaction() as db:
                for statement in migration.statements(self.dialect):
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {migration.number}")

    def read(self) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """A reader connection inside one read transaction: a consistent, committed snapshot."""
        return self._readers.read()

    async def reading(self, query: direct.Work[T]) -> T:
        """What ``query`` finds in a read transaction of its own, run in a reader's thread in
        one go with the other queries waiting (``Readers.reading``)."""
        return await self._readers.reading(query)

    async def writing(self, change: direct.Work[T]) -> T:
        """``change`` committed, like a :meth:`transaction`, but run in the writer's thread
        in one go (``data.direct``); it must await nothing but the connection.

        The changes waiting for the writer are made together: each in a savepoint of one
        transaction, committed once, in one turn of the event loop however many there are.
        An error undoes its own change only; a change that cannot be committed (locked too
        long, a full disk, an I/O error) raises ``WriteFailed``, with every change made
        with it. A change whose caller is cancelled before it is made is not made.
        """
        made: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._changes.append((change, made))
        if self._changer is None or self._changer.done():
            self._changer = asyncio.create_task(self._make_changes(), name="store:changes")
            self._tasks.add(self._changer)
        return await made

    async def _make_changes(self) -> None:
        """Make the waiting changes, a batch at a time, each batch in one call to the
        writer's thread; a transaction waiting for the writer goes between batches."""
        while self._changes:
            taken = take_batch(self._changes)
            try:
                outcomes = await self._make(change for change, _ in taken) if taken else []
            except BaseException:
                for _, made in taken:
                    made.cancel()
                raise
            settle(taken, outcomes)

    async def _make(self, changes: Iterable[direct.Work[Any]]) -> list[tuple[bool, Any]]:
        """One batch of changes made and committed: the outcome of each."""
        works = list(changes)
        async with self._write_lock:
            if self._batch is not None:
                await self._commit(self._batch)
            try:
                outcomes = await self._writer._execute(direct.changes, self._writer._conn, works)
            except (sqlite3.Error, ValueError) as error:  # ValueError: the writer is closed
                return [(False, WriteFailed(str(error))) for _ in works]
            self.commits += 1
            return [
                (False, IntegrityError(str(outcome)))
                if not kept and isinstance(outcome, sqlite3.IntegrityError)
                else (kept, outcome)
                for kept, outcome in outcomes
            ]

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """An explicit write transaction, committed on success, rolled back on error.

        Transactions that queue up behind one another share one commit (group commit):
        each runs in a savepoint of its own, so an error rolls back only its own changes,
        and each returns only once the shared commit is durable. Locked too long by another
        process, a full disk or an I/O error raise ``WriteFailed``; nothing of the
        transaction is kept then.
        """
        self._queued += 1
        try:
            await self._write_lock.acquire()
        finally:
            self._queued -= 1
        db = self._writer
        batch: _Batch | None = None
        kept = False
        try:
            batch = await self._join_batch()
            await db.execute("SAVEPOINT change")
            try:
                yield db
            except BaseException as failure:
                if not db.in_transaction:
                    # SQLite rolled everything back itself (a full disk, an I/O error).
                    await self._abandon(batch, failure)
                    batch = None
                    raise
                await db.execute("ROLLBACK TO change")
                await db.execute("RELEASE change")
                if isinstance(failure, sqlite3.IntegrityError):
                    raise IntegrityError(str(failure)) from failure
                raise
            await db.execute("RELEASE change")
            kept = True
            batch.members += 1
        except sqlite3.OperationalError as error:
            if batch is not None:
                await self._abandon(batch, error)
            raise WriteFailed(str(error)) from error
        finally:
            try:
                if batch is not None and self._batch is batch:
                    if self._queued == 0 or batch.members >= MAX_BATCH:
                        await self._commit(batch)
                    else:
                        self._flush_later()
            finally:
                self._write_lock.release()
        if kept:
            await asyncio.shield(batch.committed)

    async def _join_batch(self) -> _Batch:
        """The open batch, or a new one; write lock held."""
        if self._batch is None:
            await self._writer.execute("BEGIN IMMEDIATE")
            self._batch = _Batch()
        return self._batch

    async def _commit(self, batch: _Batch) -> None:
        """Commit the batch for all its members; write lock held."""
        self._batch = None
        try:
            await self._writer.execute("COMMIT")
        except sqlite3.OperationalError as error:
            await self._abandon(batch, error)
        else:
            self.commits += 1
            batch.committed.set_result(None)

    async def _abandon(self, batch: _Batch, error: BaseException) -> None:
        """The batch cannot be committed: nothing of it is kept, every member is told."""
        if self._batch is batch:
            self._batch = None
        if self._writer.in_transaction:
            await self._writer.execute("ROLLBACK")
        if not batch.committed.done():
            batch.committed.set_exception(WriteFailed(str(error)))
            batch.committed.exception()  # a batch nobody awaits does not warn

    def _flush_later(self) -> None:
        """Make sure an open batch is committed once the transactions queued now are done,
        even when they are cancelled before they run."""
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush(), name="store:group-commit")

    async def _flush(self) -> None:
        async with self._write_lock:
            if self._batch is not None:
                await self._commit(self._batch)


class _Batch:
    """Transactions sharing one commit."""

    def __init__(self) -> None:
        self.committed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.members = 0


async def _close_all(connections: list[aiosqlite.Connection]) -> None:
    for connection in connections:
        await connection.close()

