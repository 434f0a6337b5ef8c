"""The bot's database, SQLite or PostgreSQL, opened from one setting."""

from __future__ import annotations

from pathlib import Path

from data.postgres import PostgresStore, is_url
from data.store import Store

Database = Store | PostgresStore
"""An open database: both offer ``transaction()``, ``read()``, ``reading()``, ``writing()``."""


async def open_database(where: str | Path) -> Database:
    """The database ``where`` names, migrated: a ``postgresql://`` URL, or a SQLite file.

    Raises ``StoreError`` with a one-sentence reason when it cannot be used.
    """
    if is_url(where):
        return await PostgresStore.open(str(where))
    return await Store.open(where)
