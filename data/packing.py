"""Packed move logs: a finished match's moves compressed together into one row.

A finished match's log never changes again, so its rows in ``moves`` (some 300 bytes a
move, with their events) are packed into ``move_logs``: the same rows as one JSON list,
zlib-compressed. ``data.move_rows.move_log`` reads packed and unpacked logs alike.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

from data.interface import Connection
from data.lists import one_of

BATCH = 4
"""Matches packed per transaction: the writer is never held for long."""
COLUMNS = ("seq", "seat", "move", "decision_point", "events", "how", "played_at")
"""A logged move's columns, in the order each packed move lists them."""


def pack(moves: list[tuple[Any, ...]]) -> bytes:
    """Rows of ``moves`` (``COLUMNS``, events as stored) as one packed log."""
    return zlib.compress(json.dumps(moves, separators=(",", ":")).encode(), 9)


def unpack(packed: bytes) -> list[dict[str, Any]]:
    """The rows of a packed log, each by column name, in order."""
    return [dict(zip(COLUMNS, row, strict=True)) for row in json.loads(zlib.decompress(packed))]


async def packed_log(db: Connection, match_id: int) -> list[dict[str, Any]]:
    """The rows of a match's packed log; empty when it is not packed."""
    cursor = await db.execute("SELECT packed FROM move_logs WHERE match_id = ?", (match_id,))
    row = await cursor.fetchone()
    return unpack(row[0]) if row else []


async def pack_next(db: Connection, after: int, batch: int = BATCH) -> tuple[int, int]:
    """Pack the logs of the next finished matches numbered above ``after`` whose moves are
    not packed yet: how many were packed, and the last match number looked at."""
    cursor = await db.execute(
        "SELECT id FROM matches WHERE status = 'finished' AND id > ?"
        " AND EXISTS (SELECT 1 FROM moves WHERE match_id = matches.id) ORDER BY id LIMIT ?",
        (after, batch),
    )
    ids = [row[0] for row in await cursor.fetchall()]
    await pack_matches(db, ids)
    return len(ids), ids[-1] if ids else after


async def pack_match(db: Connection, match_id: int) -> None:
    """Move a finished match's log from ``moves`` into one packed row."""
    await pack_matches(db, [match_id])


async def pack_matches(db: Connection, match_ids: list[int]) -> None:
    """Move finished matches' logs from ``moves`` into one packed row each: three
    statements however many."""
    if not match_ids:
        return
    condition, values = one_of(db, "match_id", match_ids)
    cursor = await db.execute(
        f"SELECT match_id, {', '.join(COLUMNS)} FROM moves WHERE {condition}"
        " ORDER BY match_id, seq",
        values,
    )
    logs: dict[int, list[tuple[Any, ...]]] = {}
    for row in await cursor.fetchall():
        logs.setdefault(row[0], []).append(tuple(row)[1:])
    if not logs:
        return
    await db.executemany(
        "INSERT INTO move_logs (match_id, packed) VALUES (?, ?)"
        " ON CONFLICT (match_id) DO UPDATE SET packed = excluded.packed",
        [(match_id, pack(moves)) for match_id, moves in logs.items()],
    )
    condition, values = one_of(db, "match_id", list(logs))
    await db.execute(f"DELETE FROM moves WHERE {condition}", values)
