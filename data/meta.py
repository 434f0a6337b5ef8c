"""Small key/value facts the bot keeps about itself (such as the synced command hash)."""

from __future__ import annotations

from data.interface import Connection
from data.lists import one_of

_KEEP = (
    "INSERT INTO meta (key, value) VALUES (?, ?)"
    " ON CONFLICT (key) DO UPDATE SET value = excluded.value"
)


async def get_meta(db: Connection, key: str) -> str | None:
    cursor = await db.execute("SELECT value FROM meta WHERE key = ?", (key,))
    row = await cursor.fetchone()
    return row[0] if row else None


async def set_meta(db: Connection, key: str, value: str) -> None:
    await db.execute(_KEEP, (key, value))


async def delete_meta(db: Connection, *keys: str) -> None:
    for key in keys:
        await db.execute("DELETE FROM meta WHERE key = ?", (key,))


async def get_many(db: Connection, *keys: str) -> dict[str, str]:
    """The values of those of ``keys`` that are kept, in one statement."""
    condition, values = one_of(db, "key", keys)
    cursor = await db.execute(f"SELECT key, value FROM meta WHERE {condition}", values)
    return {row[0]: row[1] for row in await cursor.fetchall()}


async def set_many(db: Connection, values: dict[str, str]) -> None:
    """Keep each of ``values`` (``set_meta``), in one statement."""
    await db.executemany(_KEEP, list(values.items()))
