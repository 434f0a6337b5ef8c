"""Each server's default pace for new lobbies, in the ``settings`` table."""

from __future__ import annotations

from data.interface import Connection


async def server_pace(db: Connection, guild_id: int) -> str | None:
    """The pace the server chose for new lobbies; None: the table's default."""
    cursor = await db.execute("SELECT pace FROM settings WHERE guild_id = ?", (guild_id,))
    row = await cursor.fetchone()
    return row[0] if row else None


async def set_server_pace(
    db: Connection, guild_id: int, pace: str | None, *, now: float
) -> None:
    """The server's default pace (None: the table's default again)."""
    await db.execute(
        "INSERT INTO settings (guild_id, pace, changed_at) VALUES (?, ?, ?)"
        " ON CONFLICT (guild_id) DO UPDATE SET pace = excluded.pace,"
        " changed_at = excluded.changed_at",
        (guild_id, pace, now),
    )
