"""A query or a change run in its connection's own thread in one go.

aiosqlite hands each statement to the connection's thread and each answer back to the
event loop, and every answer waits for the loop's next turn. Under load a move's write,
half a dozen statements, waits half a dozen turns while it holds the one writer, and every
other write queues behind it. Written as an async function of the connection, the same
work can run in the thread at once: there it is given :class:`Direct`, which answers
aiosqlite's awaitable calls with sqlite3's own, each done by the time it is awaited. Such a
function must await nothing but the connection.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Coroutine, Iterable
from typing import Any, TypeVar, cast

from data.interface import Connection, Work

T = TypeVar("T")


class DirectCursor:
    """A sqlite3 cursor behind aiosqlite's awaitable cursor calls."""

    def __init__(self, cursor: sqlite3.Cursor) -> None:
        self._cursor = cursor

    @property
    def rowcount(self) -> int:
        return self._cursor.rowcount

    @property
    def lastrowid(self) -> int | None:
        return self._cursor.lastrowid

    async def fetchone(self) -> Any:
        return self._cursor.fetchone()

    async def fetchall(self) -> list[Any]:
        return self._cursor.fetchall()


class Direct:
    """The connection as a function run in its thread sees it."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._connection = connection

    @property
    def in_transaction(self) -> bool:
        return self._connection.in_transaction

    async def execute(self, sql: str, parameters: Iterable[Any] = ()) -> DirectCursor:
        return DirectCursor(self._connection.execute(sql, tuple(parameters)))

    async def executemany(self, sql: str, parameters: Iterable[Iterable[Any]]) -> DirectCursor:
        return DirectCursor(self._connection.executemany(sql, parameters))


def run_now(work: Work[T], connection: sqlite3.Connection) -> T:
    """Run ``work`` on the connection to its end, here and now."""
    coroutine = cast(Coroutine[Any, Any, T], work(cast(Connection, Direct(connection))))
    try:
        coroutine.send(None)
    except StopIteration as done:
        return cast(T, done.value)
    coroutine.close()
    raise RuntimeError("work run in the database's thread awaited something besides it")


def read(connection: sqlite3.Connection, query: Work[T]) -> T:
    """``query`` in one read transaction: one committed snapshot."""
    connection.execute("BEGIN")
    try:
        found = run_now(query, connection)
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")
    return found


def reads(connection: sqlite3.Connection, queries: list[Work[Any]]) -> list[tuple[bool, Any]]:
    """Each of ``queries`` in a read transaction of its own: for each, True and what it
    found, or False and its error."""
    outcomes: list[tuple[bool, Any]] = []
    for query in queries:
        try:
            outcomes.append((True, read(connection, query)))
        except Exception as error:  # the query's own failure, given to its asker
            outcomes.append((False, error))
    return outcomes


def changes(connection: sqlite3.Connection, works: list[Work[Any]]) -> list[tuple[bool, Any]]:
    """Each of ``works`` in a savepoint of one write transaction, then its commit: for each,
    True and what it returned, or False and the error that undid it. Raises
    ``sqlite3.OperationalError`` when the transaction cannot be committed (nothing of it is
    kept then): one of the works met it, or SQLite rolled everything back itself."""
    connection.execute("BEGIN IMMEDIATE")
    outcomes: list[tuple[bool, Any]] = []
    try:
        for work in works:
            try:
                outcomes.append((True, change(connection, work)))
            except sqlite3.OperationalError:
                raise
            except Exception as error:  # this work's own failure: its savepoint is undone
                if not connection.in_transaction:
                    raise sqlite3.OperationalError(str(error)) from error
                outcomes.append((False, error))
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    return outcomes


def change(connection: sqlite3.Connection, work: Work[T]) -> T:
    """``work`` in a savepoint of the open write transaction: an error undoes it alone,
    unless SQLite has already rolled the whole transaction back itself."""
    connection.execute("SAVEPOINT change")
    try:
        result = run_now(work, connection)
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK TO change")
            connection.execute("RELEASE change")
        raise
    connection.execute("RELEASE change")
    return result
