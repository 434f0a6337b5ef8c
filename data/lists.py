"""A column tested against a list of values, each database its own fastest way."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from data.interface import Connection, dialect


def one_of(db: Connection, column: str, values: Iterable[Any]) -> tuple[str, list[Any]]:
    """The condition "``column`` is one of ``values``" and its parameters: on PostgreSQL
    ``= ANY(?)`` with the list as one parameter (one prepared statement whatever its
    length), on SQLite ``IN (?, ...)``."""
    found = list(values)
    if dialect(db) == "postgres":
        return f"{column} = ANY(?)", [found]
    return f"{column} IN ({', '.join('?' for _ in found)})", found


def id_rows(db: Connection, ids: Iterable[int]) -> tuple[str, list[Any]]:
    """A query of one row per id (its one column the id) and its parameters, for a
    statement to look each id up: on PostgreSQL the list unnested from one parameter, on
    SQLite ``VALUES (?), ...``."""
    found = list(ids)
    if dialect(db) == "postgres":
        return "SELECT unnest(CAST(? AS BIGINT[]))", [found]
    return f"VALUES {', '.join('(?)' for _ in found)}", found
