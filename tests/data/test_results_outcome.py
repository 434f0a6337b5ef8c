"""Migration 0009: results stored before it say whether their match had a winner."""

from __future__ import annotations

import sqlite3
from contextlib import closing

from data.schema import migrations
from data.store import Store
from tests.databases import sqlite_only


def _result(raw: sqlite3.Connection, match_id: int, game: str, seat: int, won: bool) -> None:
    raw.execute(
        "INSERT INTO results (match_id, seat, guild_id, game, user_id, players, place, points,"
        " won, forfeited, finished_at) VALUES (?, ?, 1, ?, ?, 2, 1, 0, ?, 0, 'x')",
        (match_id, seat, game, 100 + seat, int(won)),
    )


@sqlite_only
async def test_older_results_learn_whether_their_match_had_a_winner(tmp_path):
    path = tmp_path / "table.db"
    with closing(sqlite3.connect(path)) as raw:  # as the bot before 0009 left it
        raw.execute("PRAGMA foreign_keys = OFF")
        for migration in migrations():
            if migration.number == 9:
                break
            raw.executescript(migration.script("sqlite"))
            raw.execute(f"PRAGMA user_version = {migration.number}")
        for match_id, game, won in [
            (1, "numbers", (False, False)),  # a draw
            (2, "numbers", (True, False)),
            (3, "whyfirst", (False, False)),  # Leo won, unrecorded then
            (4, "canyon", (False, False)),  # nobody stopped at the edge
        ]:
            for seat, seat_won in enumerate(won):
                _result(raw, match_id, game, seat, seat_won)
        raw.commit()
    store = await Store.open(path)
    try:
        async with store.read() as db:
            cursor = await db.execute(
                "SELECT match_id, MIN(decided), MAX(decided), MAX(phantom) FROM results"
                " GROUP BY match_id ORDER BY match_id"
            )
            rows = [tuple(row) for row in await cursor.fetchall()]
    finally:
        await store.close()
    assert rows == [(1, 0, 0, None), (2, 1, 1, None), (3, 1, 1, None), (4, 0, 0, None)]
