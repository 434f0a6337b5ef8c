"""Claims on work any process may do: one holder at a time, until its lease lapses.

A claim is a row keyed by what is claimed. A process claims it if nobody holds it, if it
holds it already, or if the holder's lease lapsed (a killed process): one conditional
upsert, so two processes never both get it, whichever database serializes the writes.
"""

from __future__ import annotations

from data.interface import Connection

FORGOTTEN_AFTER = 3600.0
"""Seconds after its lease a claim nobody took over or gave back is deleted."""


async def claim(
    db: Connection, what: str, holder: str, *, now: float, lease: float
) -> bool:
    """Claim ``what`` for ``holder`` until ``now + lease``; whether it is theirs now."""
    cursor = await db.execute(
        "INSERT INTO claims (what, holder, lapses_at) VALUES (?, ?, ?)"
        " ON CONFLICT (what) DO UPDATE"
        " SET holder = excluded.holder, lapses_at = excluded.lapses_at"
        " WHERE claims.holder = excluded.holder OR claims.lapses_at <= ?"
        " RETURNING holder",
        (what, holder, now + lease, now),
    )
    return await cursor.fetchone() is not None


async def held_until(db: Connection, what: str) -> float | None:
    """When the claim on ``what`` lapses; None when nobody holds it."""
    cursor = await db.execute("SELECT lapses_at FROM claims WHERE what = ?", (what,))
    row = await cursor.fetchone()
    return None if row is None else float(row[0])


async def give_back(db: Connection, what: str, holder: str) -> None:
    """The holder is done with ``what``: anyone may claim it now."""
    await db.execute("DELETE FROM claims WHERE what = ? AND holder = ?", (what, holder))


async def give_back_all(db: Connection, holder: str) -> None:
    """The holder stops: everything it claimed is free for the others at once."""
    await db.execute("DELETE FROM claims WHERE holder = ?", (holder,))


async def forget_lapsed(db: Connection, now: float) -> None:
    """Delete claims lapsed long ago (their work was done or has moved on)."""
    await db.execute("DELETE FROM claims WHERE lapses_at < ?", (now - FORGOTTEN_AFTER,))
