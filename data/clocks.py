"""Deadlines, the ledger of notifications sent, and players' notification settings."""

from __future__ import annotations

from dataclasses import dataclass

from data.interface import Connection
from data.lists import one_of

NOTIFY_MODES = ("dm", "channel", "off")


@dataclass(frozen=True)
class Deadline:
    match_id: int
    kind: str
    """'decision' (a time-out), 'lobby' (expiry) or 'idle' (abandonment)."""
    opened_at: float
    due_at: float
    decision_point: int


async def set_deadline(
    db: Connection,
    match_id: int,
    kind: str,
    *,
    opened_at: float,
    due_at: float,
    decision_point: int,
) -> None:
    await db.execute(
        "INSERT INTO deadlines (match_id, kind, opened_at, due_at, decision_point)"
        " VALUES (?, ?, ?, ?, ?) ON CONFLICT (match_id, kind) DO UPDATE SET"
        " opened_at = excluded.opened_at, due_at = excluded.due_at,"
        " decision_point = excluded.decision_point",
        (match_id, kind, opened_at, due_at, decision_point),
    )


async def clear_deadlines(db: Connection, match_id: int, *kinds: str) -> None:
    """Remove the match's deadlines of these kinds (all of them when none is named)."""
    if kinds:
        condition, values = one_of(db, "kind", kinds)
        await db.execute(
            f"DELETE FROM deadlines WHERE match_id = ? AND {condition}", (match_id, *values)
        )
    else:
        await db.execute("DELETE FROM deadlines WHERE match_id = ?", (match_id,))


async def deadlines_due(
    db: Connection, now: float, first_reminder: float
) -> list[Deadline]:
    """Deadlines past due, and decisions past their first reminder (at ``first_reminder``
    of their time), soonest first."""
    cursor = await db.execute(
        "SELECT match_id, kind, opened_at, due_at, decision_point FROM deadlines"
        " WHERE due_at <= ? OR (kind = 'decision' AND opened_at + (due_at - opened_at) * ? <= ?)"
        " ORDER BY due_at",
        (now, first_reminder, now),
    )
    return [Deadline(*row) for row in await cursor.fetchall()]


async def deadlines_of(db: Connection, match_id: int) -> dict[str, Deadline]:
    cursor = await db.execute(
        "SELECT match_id, kind, opened_at, due_at, decision_point FROM deadlines"
        " WHERE match_id = ?",
        (match_id,),
    )
    return {row[1]: Deadline(*row) for row in await cursor.fetchall()}


async def extend_all(db: Connection, seconds: float) -> None:
    """Move every deadline later: the bot was down, and nobody could play meanwhile."""
    await db.execute(
        "UPDATE deadlines SET opened_at = opened_at + ?, due_at = due_at + ?", (seconds, seconds)
    )


async def claim_notice(
    db: Connection, match_id: int, user_id: int, decision_point: int, kind: str
) -> bool:
    """Record a notification; False when it was already sent (send it once only)."""
    cursor = await db.execute(
        "INSERT INTO notices_sent (match_id, user_id, decision_point, kind)"
        " VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
        (match_id, user_id, decision_point, kind),
    )
    return cursor.rowcount == 1


async def notify_mode(db: Connection, user_id: int) -> str | None:
    """The player's chosen way to be notified, or None when they never chose."""
    cursor = await db.execute("SELECT notify FROM player_settings WHERE user_id = ?", (user_id,))
    row = await cursor.fetchone()
    return row[0] if row else None


async def set_notify_mode(db: Connection, user_id: int, mode: str) -> None:
    await db.execute(
        "INSERT INTO player_settings (user_id, notify) VALUES (?, ?)"
        " ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify",
        (user_id, mode),
    )
