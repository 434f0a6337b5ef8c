"""The bot's one SQLite connection: WAL, foreign keys, migrations, transactions.

Every read and write goes through ``Store.read()`` or ``Store.transaction()``,
which take one lock: the single connection never interleaves a read of one
task with the uncommitted writes of another.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
BUSY_TIMEOUT_MS = 5000


class NewerDatabaseError(RuntimeError):
    """The database was written by a newer version of the bot."""


def migration_files() -> list[tuple[int, Path]]:
    """The numbered migrations, checked to run 1, 2, 3... without gaps."""
    found = []
    for path in MIGRATIONS_DIR.iterdir():
        match = _MIGRATION_NAME.match(path.name)
        if match:
            found.append((int(match.group(1)), path))
    found.sort()
    numbers = [number for number, _ in found]
    if numbers != list(range(1, len(found) + 1)):
        raise RuntimeError(f"migrations must be numbered 1..n without gaps, found {numbers}")
    return found


class Store:
    """An open database; create with ``await Store.open(path)``."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._connection = connection
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        """Open (creating if needed) and migrate the database at ``path``."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            connection.row_factory = aiosqlite.Row
            await connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await connection.execute("PRAGMA journal_mode = WAL")
            await connection.execute("PRAGMA foreign_keys = ON")
            await connection.execute("PRAGMA synchronous = NORMAL")
            store = cls(connection)
            await store._migrate()
        except BaseException:
            await connection.close()
            raise
        return store

    async def close(self) -> None:
        """Close the connection; a WAL checkpoint leaves one tidy file behind."""
        async with self._lock:
            await self._connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            await self._connection.close()

    async def schema_version(self) -> int:
        async with self.read() as db:
            cursor = await db.execute("PRAGMA user_version")
            row = await cursor.fetchone()
            return int(row[0])

    async def _migrate(self) -> None:
        migrations = migration_files()
        current = await self.schema_version()
        latest = migrations[-1][0] if migrations else 0
        if current > latest:
            raise NewerDatabaseError(
                f"the database is at schema version {current}, but this bot only knows "
                f"up to {latest}: update the bot or point DATABASE_PATH at another file"
            )
        for number, path in migrations:
            if number <= current:
                continue
            async with self.transaction() as db:
                for statement in _statements(path.read_text()):
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {number}")

    @asynccontextmanager
    async def read(self) -> AsyncIterator[aiosqlite.Connection]:
        """The connection for reads, never in the middle of another task's transaction."""
        async with self._lock:
            yield self._connection

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """An explicit write transaction, committed on success, rolled back on error."""
        async with self._lock:
            await self._connection.execute("BEGIN IMMEDIATE")
            try:
                yield self._connection
            except BaseException:
                await self._connection.execute("ROLLBACK")
                raise
            await self._connection.execute("COMMIT")


def _statements(script: str) -> list[str]:
    """Split a migration into statements (migrations keep ';' out of literals)."""
    without_comments = "\n".join(
        line for line in script.splitlines() if not line.lstrip().startswith("--")
    )
    return [part.strip() for part in without_comments.split(";") if part.strip()]
