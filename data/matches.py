"""Match rows and their seats as records: a match created, found and listed; functions take
an open connection."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from data.interface import Connection, Row
from data.lists import one_of

OPEN_STATUSES = ("lobby", "playing")


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


async def fetch_match(db: Connection, match_id: int) -> MatchRecord | None:
    cursor = await db.execute("SELECT * FROM matches WHERE id = ?", (match_id,))
    row = await cursor.fetchone()
    return await _with_seats(db, row) if row else None


async def fetch_matches(db: Connection, match_ids: list[int]) -> dict[int, MatchRecord]:
    """The matches of ``match_ids`` that exist, by id: two statements however many."""
    if not match_ids:
        return {}
    condition, ids = one_of(db, "id", match_ids)
    cursor = await db.execute(f"SELECT * FROM matches WHERE {condition}", ids)
    found = list(await cursor.fetchall())
    condition, ids = one_of(db, "match_id", [row["id"] for row in found])
    cursor = await db.execute(f"{_SEATS} WHERE {condition} ORDER BY match_id, seat", ids)
    seats: dict[int, list[Row]] = {}
    for seat in await cursor.fetchall():
        seats.setdefault(seat["match_id"], []).append(seat)
    return {row["id"]: _record(row, seats.get(row["id"], [])) for row in found}


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


async def updated_at(db: Connection, match_id: int) -> str:
    """When the match last changed (for a finished match: when it finished)."""
    cursor = await db.execute("SELECT updated_at FROM matches WHERE id = ?", (match_id,))
    (stamp,) = await cursor.fetchone()
    return str(stamp)


_SEATS = (
    "SELECT match_id, seat, kind, user_id, display_name, dms_closed, timeouts, autopilot,"
    " level FROM seats"
)


async def _with_seats(db: Connection, row: Row) -> MatchRecord:
    cursor = await db.execute(f"{_SEATS} WHERE match_id = ? ORDER BY seat", (row["id"],))
    return _record(row, await cursor.fetchall())


def _record(row: Row, seat_rows: Iterable[Row]) -> MatchRecord:
    """A match's record from its row and its seats' rows, in seat order."""
    seats = tuple(
        SeatRecord(
            r["seat"], r["kind"], r["user_id"], r["display_name"], bool(r["dms_closed"]),
            r["timeouts"], r["autopilot"], r["level"],
        )
        for r in seat_rows
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
