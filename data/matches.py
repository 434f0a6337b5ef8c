"""Match, seat, move-log and message rows; functions take an open connection."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from data import packing
from data.interface import Connection, Row, dialect

OPEN_STATUSES = ("lobby", "playing")


class MatchMoved(RuntimeError):
    """The match changed since it was read (another process moved it): read it again."""


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    kind: str
    user_id: int | None
    display_name: str
    dms_closed: bool
    timeouts: int = 0
    """Time-outs in a row."""
    autopilot: str | None = None
    """None, 'absent' (until the player comes back) or 'resigned'."""
    level: str | None = None
    """How well a computer seat plays ('easy' or 'strong'); None for a player."""

    @property
    def computer(self) -> bool:
        return self.kind == "computer"


@dataclass(frozen=True)
class MatchRecord:
    id: int
    game: str
    guild_id: int
    channel_id: int
    host_id: int
    status: str
    options: dict[str, Any]
    state: dict[str, Any] | None
    version: int
    seats: tuple[SeatRecord, ...]
    end_reason: str | None = None
    pace: str = "daily"
    damaged: bool = False
    """The stored options or state could not be read back: the match cannot go on."""

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES


@dataclass(frozen=True)
class MessageRecord:
    purpose: str
    channel_id: int
    message_id: int
    fingerprint: str
    version: int
    """The match version the message shows."""


@dataclass(frozen=True)
class LoggedMove:
    seq: int
    seat: int | None
    move: str
    decision_point: int
    events: list[dict[str, Any]]
    how: str = "player"


async def insert_match(
    db: Connection,
    *,
    game: str,
    guild_id: int,
    channel_id: int,
    host_id: int,
    options: dict[str, Any],
    pace: str = "daily",
) -> int:
    stamp = now_iso()
    cursor = await db.execute(
        "INSERT INTO matches (game, guild_id, channel_id, host_id, status, options, pace,"
        " created_at, updated_at) VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?) RETURNING id",
        (game, guild_id, channel_id, host_id, json.dumps(options), pace, stamp, stamp),
    )
    (match_id,) = await cursor.fetchone()
    return int(match_id)


async def lock_match(db: Connection, match_id: int) -> None:
    """Hold the match's row until the transaction ends, so no other process changes it
    meanwhile (PostgreSQL; SQLite's writes are one at a time already)."""
    if dialect(db) == "postgres":
        await db.execute("SELECT id FROM matches WHERE id = ? FOR UPDATE", (match_id,))


async def fetch_match(db: Connection, match_id: int) -> MatchRecord | None:
    cursor = await db.execute("SELECT * FROM matches WHERE id = ?", (match_id,))
    row = await cursor.fetchone()
    return await _with_seats(db, row) if row else None


async def open_match_in_channel(
    db: Connection, game: str, channel_id: int
) -> MatchRecord | None:
    cursor = await db.execute(
        "SELECT * FROM matches WHERE game = ? AND channel_id = ? AND status IN (?, ?)",
        (game, channel_id, *OPEN_STATUSES),
    )
    row = await cursor.fetchone()
    return await _with_seats(db, row) if row else None


async def open_matches_in_guild(db: Connection, guild_id: int) -> list[int]:
    """The ids of the server's open matches (lobbies and matches in play)."""
    cursor = await db.execute(
        "SELECT id FROM matches WHERE guild_id = ? AND status IN (?, ?)",
        (guild_id, *OPEN_STATUSES),
    )
    return [row[0] for row in await cursor.fetchall()]


async def open_matches_of(db: Connection, user_id: int) -> list[MatchRecord]:
    """Every lobby and running match the player sits in, on any server, newest first."""
    cursor = await db.execute(
        "SELECT matches.* FROM matches JOIN seats ON seats.match_id = matches.id"
        " WHERE seats.user_id = ? AND matches.status IN (?, ?) ORDER BY matches.id DESC",
        (user_id, *OPEN_STATUSES),
    )
    return [await _with_seats(db, row) for row in await cursor.fetchall()]


async def playing_for_players(db: Connection) -> list[tuple[int, int]]:
    """(id, server) of the running matches with a computer seat or a seat on autopilot:
    after a restart the computer may be the one to move."""
    cursor = await db.execute(
        "SELECT DISTINCT m.id, m.guild_id FROM seats s JOIN matches m ON m.id = s.match_id"
        " WHERE (s.kind = 'computer' OR s.autopilot IS NOT NULL) AND m.status = 'playing'"
        " ORDER BY m.id"
    )
    return [(row[0], row[1]) for row in await cursor.fetchall()]


async def finished_after(
    db: Connection, finished_at: str, match_id: int, *, limit: int
) -> list[tuple[int, str]]:
    """(id, finished at) of the next finished matches after this one, in the order they
    finished (their last update, then their number)."""
    cursor = await db.execute(
        "SELECT id, updated_at FROM matches WHERE status = 'finished'"
        " AND (updated_at, id) > (?, ?) ORDER BY updated_at, id LIMIT ?",
        (finished_at, match_id, limit),
    )
    return [(row[0], row[1]) for row in await cursor.fetchall()]


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


async def _with_seats(db: Connection, row: Row) -> MatchRecord:
    cursor = await db.execute(
        "SELECT seat, kind, user_id, display_name, dms_closed, timeouts, autopilot, level"
        " FROM seats"
        " WHERE match_id = ? ORDER BY seat",
        (row["id"],),
    )
    seats = tuple(
        SeatRecord(
            r["seat"], r["kind"], r["user_id"], r["display_name"], bool(r["dms_closed"]),
            r["timeouts"], r["autopilot"], r["level"],
        )
        for r in await cursor.fetchall()
    )
    options, state, damaged = _decoded(row["options"], row["state"])
    return MatchRecord(
        id=row["id"],
        game=row["game"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        host_id=row["host_id"],
        status=row["status"],
        options=options,
        state=state,
        version=row["version"],
        seats=seats,
        end_reason=row["end_reason"],
        pace=row["pace"],
        damaged=damaged,
    )


def _decoded(
    options: str, state: str | None
) -> tuple[dict[str, Any], dict[str, Any] | None, bool]:
    """Options and state from their JSON; a row that does not decode is marked damaged."""
    try:
        decoded_options = json.loads(options)
        decoded_state = json.loads(state) if state else None
    except ValueError:
        return {}, None, True
    if not isinstance(decoded_options, dict) or not isinstance(decoded_state, dict | None):
        return {}, None, True
    return decoded_options, decoded_state, False


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


async def match_version(db: Connection, match_id: int) -> int | None:
    """The match's version as stored now; None when there is no such match."""
    cursor = await db.execute("SELECT version FROM matches WHERE id = ?", (match_id,))
    row = await cursor.fetchone()
    return None if row is None else int(row[0])


async def updated_at(db: Connection, match_id: int) -> str:
    """When the match last changed (for a finished match: when it finished)."""
    cursor = await db.execute("SELECT updated_at FROM matches WHERE id = ?", (match_id,))
    (stamp,) = await cursor.fetchone()
    return str(stamp)


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
    """Log a move; ``how``: 'player', 'timeout' (played by the clock) or 'autopilot'."""
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


async def set_seat_clock(
    db: Connection, match_id: int, seat: int, *, timeouts: int, autopilot: str | None
) -> None:
    await db.execute(
        "UPDATE seats SET timeouts = ?, autopilot = ? WHERE match_id = ? AND seat = ?",
        (timeouts, autopilot, match_id, seat),
    )


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
        "SELECT purpose, channel_id, message_id, fingerprint, version FROM match_messages"
        " WHERE match_id = ?",
        (match_id,),
    )
    return {r["purpose"]: MessageRecord(*r) for r in await cursor.fetchall()}
