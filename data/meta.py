"""Small key/value facts the bot keeps about itself (such as the synced command hash)."""

from __future__ import annotations

from data.interface import Connection


async def get_meta(db: Connection, key: str) -> str | None:
    cursor = await db.execute("SELECT value FROM meta WHERE key = ?", (key,))
    row = await cursor.fetchone()
    return row[0] if row else None


async def set_meta(db: Connection, key: str, value: str) -> None:
    await db.execute(
        "INSERT INTO meta (key, value) VALUES (?, ?)"
        " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (key, value),
    )


async def delete_meta(db: Connection, *keys: str) -> None:
    for key in keys:
        await db.execute("DELETE FROM meta WHERE key = ?", (key,))
