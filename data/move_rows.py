"""A match's move log: each move appended in order, and read back packed or not."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from data import packing
from data.interface import Connection
from data.matches import now_iso


@dataclass(frozen=True)
class LoggedMove:
    seq: int
    seat: int | None
    move: str
    decision_point: int
    events: list[dict[str, Any]]
    how: str = "player"


async def append_move(
    db: Connection,
    match_id: int,
    *,
    seat: int | None,
    move: str,
    decision_point: int,
    events: list[dict[str, Any]],
    how: str = "player",
) -> int:
    """Log a move; ``how``: 'player', 'timeout' (played by the clock), 'autopilot' or
    'resigned' (for an absent or a resigned player), or 'computer'."""
    cursor = await db.execute(
        "SELECT COALESCE(MAX(seq) + 1, 1) FROM moves WHERE match_id = ?", (match_id,)
    )
    (seq,) = await cursor.fetchone()
    await db.execute(
        "INSERT INTO moves (match_id, seq, seat, move, decision_point, events, played_at, how)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (match_id, seq, seat, move, decision_point, json.dumps(events), now_iso(), how),
    )
    return seq


async def has_moved(
    db: Connection, match_id: int, seat: int, decision_point: int
) -> bool:
    cursor = await db.execute(
        "SELECT 1 FROM moves WHERE match_id = ? AND seat = ? AND decision_point = ? LIMIT 1",
        (match_id, seat, decision_point),
    )
    return await cursor.fetchone() is not None


async def move_log(
    db: Connection, match_id: int, *, last: int | None = None
) -> list[LoggedMove]:
    """The match's moves in order (only the ``last`` ones when given), packed
    (``data.packing``) or not."""
    query = "SELECT seq, seat, move, decision_point, events, how FROM moves WHERE match_id = ?"
    if last is not None:
        query = f"SELECT * FROM ({query} ORDER BY seq DESC LIMIT {int(last)}) AS latest"
    cursor = await db.execute(f"{query} ORDER BY seq", (match_id,))
    found = list(await cursor.fetchall())
    if not found:
        found = await packing.packed_log(db, match_id)
        if last is not None:
            found = found[-last:] if last > 0 else []
    return [
        LoggedMove(
            r["seq"], r["seat"], r["move"], r["decision_point"], json.loads(r["events"]), r["how"]
        )
        for r in found
    ]
