"""Each server's default pace for new lobbies, in the ``settings`` table."""

from __future__ import annotations

from data.interface import Connection
from data.server_settings import set_server_setting


async def server_pace(db: Connection, guild_id: int) -> str | None:
    """The pace the server chose for new lobbies; None: the table's default."""
    cursor = await db.execute("SELECT pace FROM settings WHERE guild_id = ?", (guild_id,))
    row = await cursor.fetchone()
    return row[0] if row else None


async def set_server_pace(
    db: Connection, guild_id: int, pace: str | None, *, now: float
) -> None:
    """The server's default pace (None: the table's default again)."""
    await set_server_setting(db, guild_id, "pace", pace, now=now)
