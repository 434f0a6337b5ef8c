"""The Discord messages a match keeps up to date: which they are, what they show, and
which may be out of date."""

from __future__ import annotations

from dataclasses import dataclass

from data.interface import Connection, Cursor
from data.matches import OPEN_STATUSES


@dataclass(frozen=True)
class MessageRecord:
    purpose: str
    channel_id: int
    message_id: int
    fingerprint: str
    version: int
    """The match version the message shows."""


COLUMNS = "purpose, channel_id, message_id, fingerprint, version"
"""The columns of ``match_messages`` a ``MessageRecord`` holds, in its fields' order."""


async def one_record(cursor: Cursor) -> MessageRecord | None:
    """The record a statement selecting or returning ``COLUMNS`` found (None: no row)."""
    row = await cursor.fetchone()
    return None if row is None else MessageRecord(*row)


async def remember_message(
    db: Connection,
    match_id: int,
    purpose: str,
    channel_id: int,
    message_id: int,
    fingerprint: str,
    version: int,
) -> None:
    await db.execute(
        "INSERT INTO match_messages"
        " (match_id, purpose, channel_id, message_id, fingerprint, version)"
        " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (match_id, purpose)"
        " DO UPDATE SET channel_id = excluded.channel_id, message_id = excluded.message_id,"
        " fingerprint = excluded.fingerprint, version = excluded.version",
        (match_id, purpose, channel_id, message_id, fingerprint, version),
    )


async def note_shown(
    db: Connection, match_id: int, purpose: str, fingerprint: str, version: int
) -> None:
    """Record what a kept message shows now, and of which match version."""
    await db.execute(
        "UPDATE match_messages SET fingerprint = ?, version = ?"
        " WHERE match_id = ? AND purpose = ?",
        (fingerprint, version, match_id, purpose),
    )


async def match_messages(db: Connection, match_id: int) -> dict[str, MessageRecord]:
    cursor = await db.execute(
        f"SELECT {COLUMNS} FROM match_messages WHERE match_id = ?",
        (match_id,),
    )
    return {r["purpose"]: MessageRecord(*r) for r in await cursor.fetchall()}


async def stale_messages(db: Connection) -> list[tuple[int, str, int]]:
    """(match id, purpose, server) of every kept message of an open match that may be out
    of date: missing, showing an older version, of unknown content, or of a damaged match."""
    cursor = await db.execute(
        "SELECT m.id, 'board', m.guild_id FROM matches m LEFT JOIN match_messages mm"
        " ON mm.match_id = m.id AND mm.purpose = 'board'"
        " WHERE m.status IN (?, ?) AND (mm.message_id IS NULL OR mm.version < m.version"
        " OR mm.fingerprint = '' OR NOT json_valid(COALESCE(m.state, '{}')))"
        " UNION ALL"
        " SELECT m.id, 'hand:' || s.user_id, m.guild_id"
        " FROM matches m JOIN seats s ON s.match_id = m.id"
        " LEFT JOIN match_messages mm ON mm.match_id = m.id AND mm.purpose = 'hand:' || s.user_id"
        " WHERE m.status IN (?, ?) AND s.user_id IS NOT NULL AND s.dms_closed = 0"
        " AND (mm.message_id IS NULL OR mm.version < m.version OR mm.fingerprint = ''"
        " OR NOT json_valid(COALESCE(m.state, '{}')))"
        " ORDER BY 1",
        (*OPEN_STATUSES, *OPEN_STATUSES),
    )
    return [(row[0], row[1], row[2]) for row in await cursor.fetchall()]
