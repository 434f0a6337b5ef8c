"""The bot's PostgreSQL database (``DATABASE_URL``): a pool of connections through asyncpg.

The same four entry points as the SQLite store (``data.store``): ``transaction()`` and
``writing()`` are one PostgreSQL transaction each, committed on success; ``read()`` and
``reading()`` one REPEATABLE READ, read-only transaction, a single committed snapshot.
Connecting, waiting for a lock and each statement have time limits: a busy or unreachable
server raises ``StoreUnavailable`` (``WriteFailed`` for a change), never a hang. Migrations
run under an advisory lock, so processes starting together migrate once.
"""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from functools import lru_cache
from typing import Any, TypeVar

import asyncpg

from data.errors import (
    IntegrityError,
    NewerDatabaseError,
    StoreError,
    StoreUnavailable,
    WriteFailed,
)
from data.interface import Work
from data.schema import migrations

T = TypeVar("T")

CONNECTIONS = 8
"""Connections in the pool at most: reads and writes run side by side on them."""
CONNECT_TIMEOUT = 10.0
"""Seconds to reach the server and log in."""
BUSY_TIMEOUT = 10.0
"""Seconds a statement may wait for a lock, like the SQLite store's busy timeout."""
COMMAND_TIMEOUT = 30.0
"""Seconds a statement may take in all before it is given up: a server that stopped
answering."""
MIGRATION_LOCK = 28_0001
"""The advisory lock a process holds while it migrates."""
MIGRATION_TIMEOUT = 3600.0
"""Seconds one migration may take (building an index on years of history)."""
SCHEMES = ("postgresql://", "postgres://")
_ANSWERING = ("SELECT", "WITH", "VALUES", "SHOW", "EXPLAIN", "TABLE")
"""The first words of statements that return rows."""

_PASSING = (
    OSError,
    asyncio.TimeoutError,
    asyncpg.InterfaceError,
    asyncpg.PostgresConnectionError,
    asyncpg.InsufficientResourcesError,
    asyncpg.OperatorInterventionError,
    asyncpg.LockNotAvailableError,
    asyncpg.DeadlockDetectedError,
    asyncpg.SerializationError,
    asyncpg.QueryCanceledError,
)
"""The server's refusals that pass: the same read or write may succeed later."""


def is_url(database: object) -> bool:
    """Whether ``database`` names a PostgreSQL server rather than a SQLite file."""
    return isinstance(database, str) and database.startswith(SCHEMES)


@lru_cache(maxsize=2048)
def translated(sql: str) -> tuple[str, bool]:
    """``sql`` with its ``?`` placeholders numbered (``$1``, ``$2``...) outside quotes,
    and whether it returns rows."""
    out, number, quote = [], 0, ""
    for char in sql:
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "?":
            number += 1
            out.append(f"${number}")
            continue
        out.append(char)
    text = "".join(out)
    head = text.lstrip().split(None, 1)[0].upper() if text.strip() else ""
    returns = head in _ANSWERING or re.search(r"\bRETURNING\b", text, re.IGNORECASE)
    return text, bool(returns)


class PostgresCursor:
    """What a statement returned, read like a SQLite cursor."""

    def __init__(self, rows: Sequence[asyncpg.Record], rowcount: int) -> None:
        self._rows = rows
        self._at = 0
        self.rowcount = rowcount

    async def fetchone(self) -> asyncpg.Record | None:
        if self._at >= len(self._rows):
            return None
        self._at += 1
        return self._rows[self._at - 1]

    async def fetchall(self) -> list[asyncpg.Record]:
        rest = list(self._rows[self._at :])
        self._at = len(self._rows)
        return rest


class PostgresConnection:
    """A pooled connection inside one of the store's transactions, with ``?`` placeholders."""

    dialect = "postgres"

    def __init__(self, connection: asyncpg.Connection) -> None:
        self._connection = connection

    async def execute(self, sql: str, parameters: Iterable[Any] = ()) -> PostgresCursor:
        text, returns = translated(sql)
        values = tuple(parameters)
        if returns:
            rows = await self._connection.fetch(text, *values)
            return PostgresCursor(rows, len(rows))
        status = await self._connection.execute(text, *values)
        return PostgresCursor((), _changed(status))

    async def executemany(self, sql: str, parameters: Iterable[Iterable[Any]]) -> None:
        await self._connection.executemany(translated(sql)[0], [tuple(p) for p in parameters])

    async def copy_rows(
        self, table: str, columns: Sequence[str], rows: Iterable[Sequence[Any]]
    ) -> None:
        """Add ``rows`` to ``table`` in one COPY (a bulk load: many rows, one round trip)."""
        await self._connection.copy_records_to_table(table, records=rows, columns=columns)

    async def script(self, sql: str) -> None:
        """Run a whole script of statements (a migration) as it is written."""
        await self._connection.execute(sql)


def _changed(status: str) -> int:
    """The rows a statement changed, from its status ("UPDATE 3", "INSERT 0 1")."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else -1


class PostgresStore:
    """An open PostgreSQL database; create with ``await PostgresStore.open(url)``."""

    dialect = "postgres"

    def __init__(self, pool: asyncpg.Pool, url: str, busy_timeout: float = BUSY_TIMEOUT) -> None:
        self._pool = pool
        self.url = url
        self._busy_timeout = busy_timeout
        """Seconds to wait for a free connection, as for a lock."""
        self.commits = 0
        """Transactions committed: for tests and benchmarks."""
        self._busy = 0
        """Reads and writes asked for and not done yet: closing waits for them."""
        self._idle = asyncio.Event()
        self._idle.set()

    @classmethod
    async def open(
        cls,
        url: str,
        *,
        connections: int = CONNECTIONS,
        busy_timeout: float = BUSY_TIMEOUT,
        command_timeout: float = COMMAND_TIMEOUT,
        connect_timeout: float = CONNECT_TIMEOUT,
    ) -> PostgresStore:
        """Connect to the server at ``url`` and migrate its database.

        Raises ``StoreError`` with a one-sentence reason when it cannot be used.
        """
        where = _without_password(url)
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=connections,
                timeout=connect_timeout,
                command_timeout=max(command_timeout, busy_timeout),
                server_settings={
                    "lock_timeout": str(int(busy_timeout * 1000)),
                    "idle_in_transaction_session_timeout": str(int(busy_timeout * 6000)),
                },
                reset=_as_left,
            )
        except (asyncpg.PostgresError, *_PASSING) as error:
            raise StoreError(f"cannot use the database at {where}: {_reason(error)}") from error
        store = cls(pool, url, busy_timeout)
        try:
            await store._migrate()
        except StoreError:
            await store.close()
            raise
        except (asyncpg.PostgresError, *_PASSING) as error:
            await store.close()
            raise StoreError(f"cannot use the database at {where}: {_reason(error)}") from error
        except BaseException:
            await store.close()
            raise
        return store

    async def close(self) -> None:
        """Close every connection, once the reads and writes asked for are done."""
        await self._idle.wait()
        try:
            await asyncio.wait_for(self._pool.close(), CONNECT_TIMEOUT)
        except TimeoutError:
            self._pool.terminate()

    async def schema_version(self) -> int:
        async with self._pool.acquire(timeout=self._busy_timeout) as connection:
            return await _schema_version(connection)

    async def _migrate(self) -> None:
        found = migrations()
        latest = found[-1].number if found else 0
        async with self._pool.acquire(timeout=CONNECT_TIMEOUT) as connection:
            # Another process migrating is waited for, however long its migration takes.
            await connection.execute("SET lock_timeout = 0")
            await connection.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
            try:
                await connection.execute(
                    "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"
                )
                current = await _schema_version(connection)
                if current > latest:
                    raise NewerDatabaseError(
                        f"the database is at schema version {current}, but this bot only "
                        f"knows up to {latest}: update the bot or point DATABASE_URL at "
                        "another database"
                    )
                for migration in found:
                    if migration.number <= current:
                        continue
                    async with connection.transaction():
                        await connection.execute(
                            migration.script(self.dialect), timeout=MIGRATION_TIMEOUT
                        )
                        await connection.execute("DELETE FROM schema_version")
                        await connection.execute(
                            "INSERT INTO schema_version (version) VALUES ($1)", migration.number
                        )
            finally:
                await connection.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
                await connection.execute("RESET lock_timeout")

    def read(self) -> AbstractAsyncContextManager[PostgresConnection]:
        """A connection inside one read-only REPEATABLE READ transaction: one committed
        snapshot for every statement."""
        return self._read()

    async def reading(self, query: Work[T]) -> T:
        """What ``query`` finds in a read transaction of its own, like :meth:`read`."""
        async with self._read() as db:
            return await query(db)

    def transaction(self) -> AbstractAsyncContextManager[PostgresConnection]:
        """One write transaction, committed on success, rolled back on error. A unique
        row that exists raises ``IntegrityError``; a busy or unreachable server
        ``WriteFailed``: nothing of the transaction is kept then."""
        return self._write()

    async def writing(self, change: Work[T]) -> T:
        """``change`` committed in a transaction of its own, like :meth:`transaction`."""
        async with self._write() as db:
            return await change(db)

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[PostgresConnection]:
        self._begin()
        try:
            async with (
                self._pool.acquire(timeout=self._busy_timeout) as connection,
                connection.transaction(isolation="repeatable_read", readonly=True),
            ):
                yield PostgresConnection(connection)
        except (asyncpg.PostgresError, *_PASSING) as error:
            raise StoreUnavailable(_reason(error)) from error
        finally:
            self._end()

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[PostgresConnection]:
        self._begin()
        try:
            async with (
                self._pool.acquire(timeout=self._busy_timeout) as connection,
                connection.transaction(),
            ):
                yield PostgresConnection(connection)
        except asyncpg.IntegrityConstraintViolationError as error:
            raise IntegrityError(str(error)) from error
        except (asyncpg.PostgresError, *_PASSING) as error:
            raise WriteFailed(_reason(error)) from error
        finally:
            self._end()
        self.commits += 1

    def _begin(self) -> None:
        self._busy += 1
        self._idle.clear()

    def _end(self) -> None:
        self._busy -= 1
        if not self._busy:
            self._idle.set()


async def _as_left(connection: asyncpg.Connection) -> None:
    """Nothing to undo when a connection goes back to the pool (an open transaction is
    still rolled back): the store's transactions change no session setting, and the
    migration undoes what it sets, so the default reset's round trip is saved."""


async def _schema_version(connection: asyncpg.Connection) -> int:
    version = await connection.fetchval("SELECT MAX(version) FROM schema_version")
    return int(version or 0)


def _reason(error: BaseException) -> str:
    """Why the server could not be used, in a few words ("Connection refused")."""
    if isinstance(error, TimeoutError):
        return "the server did not answer in time"
    if isinstance(error, OSError) and error.errno:
        return os.strerror(error.errno)
    return str(error) or type(error).__name__


def _without_password(url: str) -> str:
    """The URL as it may be shown: any password left out."""
    return re.sub(r"(://[^:/@]*):[^@/]*@", r"\1@", url)
