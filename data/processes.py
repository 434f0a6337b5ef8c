"""The bot's processes on one database, each known by its last heartbeat."""

from __future__ import annotations

from data.interface import Connection


async def heartbeat(db: Connection, holder: str, *, now: float, lifetime: float) -> int:
    """Record that ``holder`` is alive now, forget those unseen for ``lifetime`` seconds
    (stopped or killed); how many are alive, this one included."""
    await db.execute(
        "INSERT INTO processes (holder, seen_at) VALUES (?, ?)"
        " ON CONFLICT (holder) DO UPDATE SET seen_at = excluded.seen_at",
        (holder, now),
    )
    await db.execute("DELETE FROM processes WHERE seen_at < ?", (now - lifetime,))
    cursor = await db.execute("SELECT COUNT(*) FROM processes")
    (alive,) = await cursor.fetchone()
    return int(alive)


async def leave(db: Connection, holder: str) -> None:
    """``holder`` stops: the others count it out at their next heartbeat."""
    await db.execute("DELETE FROM processes WHERE holder = ?", (holder,))
