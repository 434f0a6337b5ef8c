"""A match's seats: taken and left in the lobby, and each seat's DMs and clock."""

from __future__ import annotations

from data.interface import Connection


async def add_seat(db: Connection, match_id: int, user_id: int, display_name: str) -> int:
    cursor = await db.execute(
        "SELECT COALESCE(MAX(seat) + 1, 0) FROM seats WHERE match_id = ?", (match_id,)
    )
    (seat,) = await cursor.fetchone()
    await db.execute(
        "INSERT INTO seats (match_id, seat, kind, user_id, display_name)"
        " VALUES (?, ?, 'human', ?, ?)",
        (match_id, seat, user_id, display_name),
    )
    return seat


async def add_computer_seat(
    db: Connection, match_id: int, level: str, display_name: str
) -> int:
    cursor = await db.execute(
        "SELECT COALESCE(MAX(seat) + 1, 0) FROM seats WHERE match_id = ?", (match_id,)
    )
    (seat,) = await cursor.fetchone()
    await db.execute(
        "INSERT INTO seats (match_id, seat, kind, user_id, display_name, level)"
        " VALUES (?, ?, 'computer', NULL, ?, ?)",
        (match_id, seat, display_name, level),
    )
    return seat


async def remove_seat(db: Connection, match_id: int, user_id: int) -> None:
    """Remove a player's lobby seat (see ``remove_seat_at``)."""
    cursor = await db.execute(
        "SELECT seat FROM seats WHERE match_id = ? AND user_id = ?", (match_id, user_id)
    )
    row = await cursor.fetchone()
    if row is not None:
        await remove_seat_at(db, match_id, row[0])


async def remove_seat_at(db: Connection, match_id: int, seat: int) -> None:
    """Remove a lobby seat and close the gap, so seats stay 0..n-1 in joining order.

    Seat numbers change here: nothing may be keyed by a lobby seat (hand messages
    belong to user ids).
    """
    await db.execute("DELETE FROM seats WHERE match_id = ? AND seat = ?", (match_id, seat))
    cursor = await db.execute(
        "SELECT seat FROM seats WHERE match_id = ? AND seat > ? ORDER BY seat", (match_id, seat)
    )
    for (later,) in await cursor.fetchall():
        await db.execute(
            "UPDATE seats SET seat = ? WHERE match_id = ? AND seat = ?",
            (later - 1, match_id, later),
        )


async def mark_dms_closed(db: Connection, match_id: int, user_id: int) -> None:
    await db.execute(
        "UPDATE seats SET dms_closed = 1 WHERE match_id = ? AND user_id = ?", (match_id, user_id)
    )


async def set_seat_clock(
    db: Connection, match_id: int, seat: int, *, timeouts: int, autopilot: str | None
) -> None:
    await db.execute(
        "UPDATE seats SET timeouts = ?, autopilot = ? WHERE match_id = ? AND seat = ?",
        (timeouts, autopilot, match_id, seat),
    )
