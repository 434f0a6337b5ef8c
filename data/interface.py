"""What the data functions see of a database connection, on SQLite and PostgreSQL alike.

Every function in ``data`` is an async function of a :class:`Connection` that runs its
SQL with ``?`` placeholders; rows are read by column name or position.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class Row(Protocol):
    """A row: indexable by column name and by position, iterable over its values."""

    def __getitem__(self, key: int | str, /) -> Any: ...

    def __iter__(self) -> Any: ...

    def keys(self) -> Any: ...


class Cursor(Protocol):
    """What a statement returned: its rows, and how many rows it changed."""

    @property
    def rowcount(self) -> int: ...

    async def fetchone(self) -> Any: ...

    async def fetchall(self) -> Sequence[Any]: ...


class Connection(Protocol):
    """An open connection inside a transaction of the store's."""

    async def execute(self, sql: str, parameters: Iterable[Any] = ..., /) -> Cursor: ...

    async def executemany(self, sql: str, parameters: Iterable[Iterable[Any]], /) -> Any: ...


Work = Callable[[Connection], Awaitable[T]]
"""An async function of the connection: a query, or a change of the database."""


def dialect(db: Connection) -> str:
    """'postgres' or 'sqlite': the SQL the connection speaks, for the few statements
    written twice (SQLite's connections, aiosqlite's and ``data.direct``'s, name none)."""
    return str(getattr(db, "dialect", "sqlite"))
