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
