"""Many finished matches written at once: years of history loaded for the bench.

Each match is one row written as finished (its state, version 1), its seats, its move log
in rows (the log of a bot from before packing) and its players' career totals. Seats and
moves of a whole batch are added at once (PostgreSQL's COPY, SQLite's ``executemany``),
the careers by one ``executemany``: the rows the table writes move by move, in a fraction
of the round trips.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from data.interface import Connection, dialect
from data.matches import now_iso


@dataclass(frozen=True)
class Finished:
    """A finished match as the table stored it, ready to be written at once."""

    game: str
    guild_id: int
    channel_id: int
    options: dict[str, Any]
    state: dict[str, Any]
    seats: Sequence[tuple[int, str]]
    """(user id, display name) of each seat, in seat order; the first hosted."""
    moves: Sequence[tuple[int, str, int, list[dict[str, Any]]]]
    """(seat, move, decision point, events) of each move, in order."""
    results: Sequence[tuple[bool, int]]
    """(won, points) of each seat."""


async def insert_finished(db: Connection, matches: Sequence[Finished]) -> list[int]:
    """Write ``matches`` in the caller's transaction; their new ids, in order."""
    stamp = now_iso()
    ids = []
    for match in matches:
        cursor = await db.execute(
            "INSERT INTO matches (game, guild_id, channel_id, host_id, status, options, state,"
            " version, pace, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, 'finished', ?, ?, 1, 'daily', ?, ?) RETURNING id",
            (match.game, match.guild_id, match.channel_id, match.seats[0][0],
             json.dumps(match.options), json.dumps(match.state, separators=(",", ":")),
             stamp, stamp),
        )
        (match_id,) = await cursor.fetchone()
        ids.append(int(match_id))
    pairs = list(zip(ids, matches, strict=True))
    await _add_rows(
        db, "seats", ("match_id", "seat", "kind", "user_id", "display_name"),
        [(match_id, seat, "human", user, name)
         for match_id, match in pairs for seat, (user, name) in enumerate(match.seats)],
    )
    await _add_rows(
        db, "moves",
        ("match_id", "seq", "seat", "move", "decision_point", "events", "played_at", "how"),
        [(match_id, seq, seat, move, point, json.dumps(events), stamp, "player")
         for match_id, match in pairs
         for seq, (seat, move, point, events) in enumerate(match.moves, start=1)],
    )
    await db.executemany(
        "INSERT INTO career (guild_id, user_id, game, played, wins, points)"
        " VALUES (?, ?, ?, 1, ?, ?)"
        " ON CONFLICT (guild_id, user_id, game) DO UPDATE SET played = career.played + 1,"
        " wins = career.wins + excluded.wins, points = career.points + excluded.points",
        [(match.guild_id, user, match.game, int(won), points)
         for match in matches
         for (user, _), (won, points) in zip(match.seats, match.results, strict=True)],
    )
    return ids


async def _add_rows(
    db: Connection, table: str, columns: Sequence[str], rows: list[tuple[Any, ...]]
) -> None:
    """``rows`` added to ``table``: one COPY on PostgreSQL, one ``executemany`` on SQLite
    (each the database's own bulk path)."""
    if dialect(db) == "postgres":
        await db.copy_rows(table, columns, rows)  # type: ignore[attr-defined]
        return
    marks = ", ".join("?" for _ in columns)
    await db.executemany(
        f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows
    )
