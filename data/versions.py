"""A match's version: its status and state written only over the version they were read
at, and the match locked against other processes meanwhile."""

from __future__ import annotations

import json
from typing import Any

from data.interface import Connection, dialect
from data.matches import now_iso


class MatchMoved(RuntimeError):
    """The match changed since it was read (another process moved it): read it again."""


async def lock_match(db: Connection, match_id: int) -> None:
    """Hold the match's row until the transaction ends, so no other process changes it
    meanwhile (PostgreSQL; SQLite's writes are one at a time already)."""
    if dialect(db) == "postgres":
        await db.execute("SELECT id FROM matches WHERE id = ? FOR UPDATE", (match_id,))


async def match_version(db: Connection, match_id: int) -> int | None:
    """The match's version as stored now; None when there is no such match."""
    cursor = await db.execute("SELECT version FROM matches WHERE id = ?", (match_id,))
    row = await cursor.fetchone()
    return None if row is None else int(row[0])


async def update_match(
    db: Connection,
    match_id: int,
    *,
    expected_version: int,
    status: str,
    state: dict[str, Any] | None,
) -> int:
    """Write status and state if nobody wrote since ``expected_version``; the new version."""
    cursor = await db.execute(
        "UPDATE matches SET status = ?, state = ?, version = version + 1, updated_at = ?"
        " WHERE id = ? AND version = ?",
        (
            status,
            json.dumps(state, separators=(",", ":")) if state is not None else None,
            now_iso(),
            match_id,
            expected_version,
        ),
    )
    if cursor.rowcount != 1:
        raise MatchMoved(f"match {match_id} changed since version {expected_version}")
    return expected_version + 1


async def set_status(
    db: Connection,
    match_id: int,
    *,
    expected_version: int,
    status: str,
    end_reason: str | None = None,
) -> int:
    """Change the status (and bump the version) leaving the stored state as it is.

    Also used with the same status to mark a change of seats: every change of what a
    match shows gets a new version.
    """
    cursor = await db.execute(
        "UPDATE matches SET status = ?, end_reason = COALESCE(?, end_reason),"
        " version = version + 1, updated_at = ? WHERE id = ? AND version = ?",
        (status, end_reason, now_iso(), match_id, expected_version),
    )
    if cursor.rowcount != 1:
        raise MatchMoved(f"match {match_id} changed since version {expected_version}")
    return expected_version + 1
