"""The database each test uses: a SQLite file, or on the PostgreSQL run (``TEST_DATABASE=
postgres``) a fresh database of its own on a throwaway server started for the session.

The server is PostgreSQL 15 as installed on the machine (``initdb``/``pg_ctl`` on PATH, or
in ``/usr/lib/postgresql/15/bin``): its cluster lives in a temporary folder, it listens on
a unix socket there only (no port to collide with), and it runs without fsync (nothing of
it outlives the session). PostgreSQL refuses to run as root: as root (CI), the cluster
belongs to the unprivileged ``nobody`` and the server runs as that user. Each test's
database is copied from one migrated once for the session (``CREATE DATABASE ... TEMPLATE``)
and dropped when the test ends.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import shutil
import socket
import sqlite3
import subprocess
import tempfile
import threading
from collections.abc import Coroutine
from contextlib import closing
from pathlib import Path
from typing import Any, TypeVar

import asyncpg
import pytest

from data.database import Database, open_database
from data.postgres import PostgresStore
from data.store import Store
from settings import Settings

POSTGRES = os.environ.get("TEST_DATABASE", "sqlite").strip().lower() == "postgres"
"""Whether this run's tests use PostgreSQL."""
sqlite_only = pytest.mark.skipif(
    POSTGRES, reason="about SQLite itself: its file, locks or older versions"
)
"""A test of what only SQLite has: its file, WAL, busy timeout, raw sqlite3 access."""
postgres_only = pytest.mark.skipif(not POSTGRES, reason="about PostgreSQL itself: the run on it")
"""A test of what only PostgreSQL has: its server, its logins."""

T = TypeVar("T")
_BIN = Path("/usr/lib/postgresql/15/bin")
_TEMPLATE = "migrated"
_USER = "nobody"
"""Who runs the server when the tests run as root."""


class Server:
    """A throwaway PostgreSQL cluster and its server."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="table-postgres-"))
        self.data = self.folder / "data"
        self.created: list[str] = []
        """The databases made for the running test, dropped when it ends."""
        with socket.socket() as free:
            free.bind(("127.0.0.1", 0))
            self.port = free.getsockname()[1]
        # Trusted on the socket (the tests), a password asked on TCP (start-up's refusal).
        self._run(_tool("initdb"), "-D", str(self.data), "-U", "postgres", "--auth-local=trust",
                  "--auth-host=scram-sha-256", "--no-sync", "-E", "UTF8", "--locale=C")
        options = (f"-F -k {self.folder} -p {self.port} -c listen_addresses=127.0.0.1"
                   " -c max_connections=300")
        self._run(_tool("pg_ctl"), "-D", str(self.data), "-l", str(self.folder / "log"),
                  "-o", options, "-w", "-t", "60", "start")
        # Databases are made and dropped on a connection of a thread of its own: the
        # test asking may be running an event loop.
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        try:
            self._admin: asyncpg.Connection = self._call(asyncpg.connect(self.url("postgres")))
            self.psql("CREATE DATABASE " + _TEMPLATE)
            self._call(_migrated(self.url(_TEMPLATE)))
        except BaseException:
            self.stop()  # a server that could not be made ready is not left running
            raise

    def _run(self, *command: str) -> None:
        if os.geteuid() == 0:  # PostgreSQL never runs as root
            shutil.chown(self.folder, _USER)
            command = ("runuser", "-u", _USER, "--", *command)
        subprocess.run(command, check=True, capture_output=True, timeout=120)

    def url(self, name: str) -> str:
        return f"postgresql://postgres@/{name}?host={self.folder}&port={self.port}"

    def tcp_url(self, password: str) -> str:
        """The server over TCP, where it asks for a password."""
        return f"postgresql://postgres:{password}@127.0.0.1:{self.port}/postgres"

    def _call(self, work: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(work, self._loop).result(timeout=300)

    def psql(self, sql: str) -> None:
        """Run ``sql`` on the server's own database, as its superuser."""
        self._call(self._admin.execute(sql))

    def count(self, sql: str) -> int:
        """The number ``sql`` finds, on the server's own database."""
        return int(self._call(self._admin.fetchval(sql)))

    def fresh(self, name: str) -> str:
        """The URL of database ``name``, copied from the migrated template the first time."""
        if name not in self.created:
            self.psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
            self.psql(f"CREATE DATABASE {name} TEMPLATE {_TEMPLATE} STRATEGY FILE_COPY")
            self.created.append(name)
        return self.url(name)

    def drop_created(self) -> None:
        for name in self.created:
            self.psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        self.created.clear()

    def stop(self) -> None:
        try:
            if hasattr(self, "_admin"):
                self._call(self._admin.close())
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout=60)
            self._run(_tool("pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


async def _migrated(url: str) -> None:
    await (await open_database(url)).close()


def _tool(name: str) -> str:
    found = shutil.which(name)
    return found if found else str(_BIN / name)


_server: Server | None = None


def server() -> Server:
    """The session's PostgreSQL server, started the first time it is asked for."""
    global _server
    if _server is None:
        _server = Server()
    return _server


def stop_server() -> None:
    global _server
    if _server is not None:
        _server.stop()
        _server = None


def end_of_test() -> None:
    """Drop the databases the test made."""
    if _server is not None:
        _server.drop_created()


def database_for(path: Path) -> Path | str:
    """What the test opens for the SQLite file ``path``: the file, or on the PostgreSQL
    run the URL of a database of its own (the same one each time for the same path)."""
    if not POSTGRES:
        return path
    name = "t_" + hashlib.sha1(str(path).encode()).hexdigest()[:20]
    return server().fresh(name)


def url_for(path: Path) -> str | None:
    """The PostgreSQL URL the bot is given for the SQLite file ``path``; None on SQLite."""
    where = database_for(path)
    return where if isinstance(where, str) else None


def settings(token: str | None, path: Path, dev_guild_id: int | None = None,
             log_level: str = "INFO", **more: Any) -> Settings:
    """The bot's settings for a test whose database is ``path`` (on this run's backend)."""
    return Settings(token, path, dev_guild_id, log_level, database_url=url_for(path), **more)


def environment(path: Path) -> dict[str, str]:
    """The environment that points a bot process at the test's database ``path``."""
    return {"DATABASE_PATH": str(path), "DATABASE_URL": url_for(path) or ""}


def assert_closed_cleanly(path: Path) -> None:
    """The test's database was closed: on SQLite nothing is left in the write-ahead log
    and the file is whole; on PostgreSQL no connection to it is left open."""
    where = database_for(path)
    if isinstance(where, str):
        name = where.split("?")[0].rsplit("/", 1)[-1]
        sql = f"SELECT count(*) FROM pg_stat_activity WHERE datname = '{name}'"
        assert server().count(sql) == 0, "a connection was left open"
        return
    wal = path.with_name(path.name + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] > 0


async def open_store(
    path: Path, *, busy_timeout: float | None = None, **sqlite_options: Any
) -> Database:
    """The test's database for the SQLite file ``path``, opened and migrated.

    ``busy_timeout``: seconds a write waits for another's lock (default: the store's);
    ``sqlite_options``: the SQLite store's own (its benchmark's floor)."""
    where = database_for(path)
    if isinstance(where, str):
        if busy_timeout is None:
            return await open_database(where)
        return await PostgresStore.open(where, busy_timeout=busy_timeout)
    if busy_timeout is not None:
        sqlite_options["busy_timeout_ms"] = int(busy_timeout * 1000)
    return await Store.open(where, **sqlite_options)


async def run_outside(path: Path, sql: str, *parameters: Any) -> list[tuple[Any, ...]]:
    """``sql`` run on the test's database as another process would, on a connection of
    its own, and committed: the rows it returned."""
    store = await open_store(path)
    try:
        async with store.transaction() as db:
            cursor = await db.execute(sql, parameters)
            return [tuple(row) for row in await cursor.fetchall()]
    finally:
        await store.close()


class WriteLock(threading.Thread):
    """Another process holds the database's write lock and keeps it for ``seconds``, or
    until told to let go (:meth:`let_go`): SQLite's, or on PostgreSQL every table locked
    against writes (reads go on)."""

    def __init__(self, path: Path, seconds: float) -> None:
        super().__init__()
        self.where, self.seconds = database_for(path), seconds
        self.taken = threading.Event()
        self._let_go = threading.Event()
        self.failure: BaseException | None = None

    def let_go(self) -> None:
        """Let go of the lock now, however long it was to be held."""
        self._let_go.set()

    def run(self) -> None:
        try:
            if isinstance(self.where, str):
                asyncio.run(self._hold_tables(self.where))
            else:
                self._hold_sqlite(self.where)
        except BaseException as failure:  # told to the test, which waits for the lock
            self.failure = failure
            self.taken.set()

    def _hold_sqlite(self, where: Path) -> None:
        other = sqlite3.connect(where, isolation_level=None)
        try:
            other.execute("BEGIN IMMEDIATE")  # waits up to 5 s for the bot's own write
            self.taken.set()
            self._let_go.wait(self.seconds)
            other.execute("ROLLBACK")
        finally:
            other.close()

    async def _hold_tables(self, url: str) -> None:
        connection = await asyncpg.connect(url)
        try:
            async with connection.transaction():
                tables = await connection.fetch(
                    "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
                )
                names = ", ".join(f'"{row[0]}"' for row in tables)
                await connection.execute(f"LOCK TABLE {names} IN EXCLUSIVE MODE")
                self.taken.set()
                # As a process busy elsewhere: nothing else runs here meanwhile.
                self._let_go.wait(self.seconds)
        finally:
            await connection.close()


HELD_AT_MOST = 60.0
"""Seconds a test's write lock is held unless let go sooner (a guard, not a figure)."""


async def hold_write_lock(path: Path, seconds: float = HELD_AT_MOST) -> WriteLock:
    """The write lock taken by another process, from now on for ``seconds`` or until
    :meth:`WriteLock.let_go`. The event loop runs on while the lock is waited for, so a
    write the bot has begun can end."""
    holder = WriteLock(path, seconds)
    holder.start()
    await asyncio.to_thread(holder.taken.wait)
    if holder.failure is not None:
        raise RuntimeError("the other process could not take the write lock") from holder.failure
    return holder
